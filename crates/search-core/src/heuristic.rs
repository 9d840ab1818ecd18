//! The [`Heuristic`] trait: an admissible lower bound on the cost still to pay.

use num_traits::{Bounded, Saturating, Zero};

use crate::problem::Problem;

/// A lower bound on the cost from a state to the nearest goal, kept apart from the [`Problem`] so
/// that one puzzle can offer several and the caller picks one.
///
/// # The contract
///
/// - **Admissible:** the estimate never exceeds the true cost of the cheapest path to a goal.
///   The heuristic must never overestimate, or IDA* may return a solution that is not optimal,
///   or not the first optimal one in move order.
/// - **Zero on goals:** an admissible estimate of a goal is necessarily zero. IDA\* relies on it:
///   it asks [`Problem::is_goal`] only about nodes whose estimate is zero.
/// - **`Cost::max_value()` means "no goal is reachable from here".** A driver prunes such a
///   node for good: it never raises the next bound. Return it only when that is certain (a maze
///   whose exits are all closed, say).
///
/// A consistent bound (one that drops by at most a move's cost along any move) makes IDA*'s
/// iterations tighter, but it is not required.
///
/// # Pricing a child before the move is made
///
/// IDA\* spends most of its time pricing children, one per generated node, and cuts off most of
/// them. So the drivers first offer each child to
/// [`estimate_child`](Heuristic::estimate_child), with the **parent's** state, the move and the
/// parent's estimate. A bound that changes by a small delta per move (the sliding puzzle's
/// Manhattan distance changes by one tile's delta) computes that delta there, and a child cut off
/// by the bound costs no move and no undo at all. The default returns `None`: the driver then
/// makes the move and calls [`estimate`](Heuristic::estimate) on the child, from scratch. Taking a
/// move back needs no call either way: the drivers keep every estimate on the current path.
///
/// # Example
///
/// On a line of cells, the number of cells between the walker and the goal:
///
/// ```
/// use search_core::{Heuristic, MoveVec, Problem};
/// # struct Corridor { len: u32 }
/// # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// # enum Step { Left, Right }
/// # impl Problem for Corridor {
/// #     type State = u32; type Move = Step; type Cost = u8; type Moves<'a> = MoveVec<Step>;
/// #     fn moves(&self, c: &u32) -> MoveVec<Step> {
/// #         let mut m = MoveVec::new();
/// #         if *c > 0 { m.push(Step::Left) } if *c + 1 < self.len { m.push(Step::Right) }
/// #         m
/// #     }
/// #     fn apply(&self, c: &mut u32, s: Step) { match s { Step::Left => *c -= 1, Step::Right => *c += 1 } }
/// #     fn undo(&self, c: &mut u32, s: Step) { match s { Step::Left => *c += 1, Step::Right => *c -= 1 } }
/// #     fn inverse(&self, s: Step) -> Option<Step> { Some(match s { Step::Left => Step::Right, Step::Right => Step::Left }) }
/// #     fn is_goal(&self, c: &u32) -> bool { *c + 1 == self.len }
/// # }
///
/// struct CellsToGo;
///
/// impl Heuristic<Corridor> for CellsToGo {
///     fn estimate(&self, corridor: &Corridor, cell: &u32) -> u8 {
///         u8::try_from(corridor.len - 1 - cell).unwrap_or(u8::MAX)
///     }
///     // One step changes the distance by exactly one: no need to make the move and recount.
///     fn estimate_child(&self, _: &Corridor, _: &u32, step: Step, before: u8) -> Option<u8> {
///         Some(match step { Step::Left => before + 1, Step::Right => before - 1 })
///     }
/// }
///
/// assert_eq!(CellsToGo.estimate(&Corridor { len: 10 }, &3), 6);
/// ```
pub trait Heuristic<P: Problem + ?Sized> {
    /// The bound for `state`, computed from scratch.
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost;

    /// The bound for the child that `mv` would reach from `parent`, whose bound is
    /// `parent_estimate`, computed without making the move; or `None` (the default) to have the
    /// driver make the move and call [`estimate`](Heuristic::estimate) on the child. When it
    /// returns a value, that value must be admissible for the child (ideally equal to `estimate`).
    #[inline]
    fn estimate_child(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        parent_estimate: P::Cost,
    ) -> Option<P::Cost> {
        let _ = (problem, parent, mv, parent_estimate);
        None
    }

    /// Whether [`estimate_child_until`](Heuristic::estimate_child_until) makes use of its
    /// `enough`: the drivers work `enough` out per child only if so, and IDA\* then compiles
    /// the pricing of a child into its loop rather than calling it, since such a heuristic's
    /// loop waits on table loads that the processor can overlap only within one stretch of
    /// code. `false`, the default, keeps the loop exactly as it is for every other heuristic;
    /// return `true` where `estimate_child_until` is overridden to stop early.
    #[inline]
    fn stops_early(&self) -> bool {
        false
    }

    /// [`estimate_child`](Heuristic::estimate_child), allowed to stop early: when the child's
    /// bound is at least `enough`, any admissible value of at least `enough` will do. The
    /// drivers pass as `enough` the least estimate that cuts the child off without telling
    /// them anything new (its `f` would exceed the bound, and be no smaller than an `f` already
    /// met beyond it), so the exact value would be wasted. A heuristic that takes the larger of
    /// several look-ups can skip the rest once one reaches `enough`: the 24-puzzle's databases
    /// skip the reflected look-up that way, a random memory access, as Korf and Felner's
    /// programs do. The default is `estimate_child`.
    ///
    /// An observer is shown the value returned, so a child cut off this way may show a smaller
    /// estimate than [`estimate`](Heuristic::estimate) would give (still beyond the bound).
    #[inline]
    fn estimate_child_until(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        parent_estimate: P::Cost,
        enough: P::Cost,
    ) -> Option<P::Cost> {
        let _ = enough;
        self.estimate_child(problem, parent, mv, parent_estimate)
    }

    /// Called once for each node IDA\* expands, before its children are priced: a heuristic
    /// that reads large tables at random may ask the processor to start loading what pricing the
    /// children will read (a prefetch), so that the loads overlap instead of each waiting for
    /// the one before. A hint: it must change nothing, and no driver relies on its being called
    /// (the breadth-first drivers and the textbook's never call it). Does nothing by default.
    ///
    /// Pricing child after child, the processor cannot start a child's table read before the
    /// branch on the last child's estimate is decided, and a read from a table of gigabytes
    /// waits on memory: the Rubik's Cube's eight-edge bound spends most of its time so, and
    /// takes 0.59 of it with its children prefetched (`docs/performance.md`). A heuristic
    /// that wraps another should pass this on, as [`Max`] and [`Additive`] do: the default
    /// drops the hint.
    #[inline]
    fn prefetch_children(&self, problem: &P, parent: &P::State) {
        let _ = (problem, parent);
    }
}

/// A reference to a heuristic is the heuristic: combinators such as [`Max`] and [`Additive`] take
/// their parts by value, and a part used elsewhere too (a pattern database's heuristic, say) is
/// lent to them rather than copied.
impl<P: Problem + ?Sized, H: Heuristic<P> + ?Sized> Heuristic<P> for &H {
    #[inline]
    fn stops_early(&self) -> bool {
        (**self).stops_early()
    }

    #[inline]
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        (**self).estimate(problem, state)
    }

    #[inline]
    fn estimate_child(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        parent_estimate: P::Cost,
    ) -> Option<P::Cost> {
        (**self).estimate_child(problem, parent, mv, parent_estimate)
    }

    #[inline]
    fn estimate_child_until(
        &self,
        problem: &P,
        parent: &P::State,
        mv: P::Move,
        parent_estimate: P::Cost,
        enough: P::Cost,
    ) -> Option<P::Cost> {
        (**self).estimate_child_until(problem, parent, mv, parent_estimate, enough)
    }

    #[inline]
    fn prefetch_children(&self, problem: &P, parent: &P::State) {
        (**self).prefetch_children(problem, parent);
    }
}

/// The bound that knows nothing: zero everywhere. IDA* with it is iterative deepening.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blind;

impl<P: Problem + ?Sized> Heuristic<P> for Blind {
    #[inline]
    fn estimate(&self, _: &P, _: &P::State) -> P::Cost {
        P::Cost::zero()
    }

    #[inline]
    fn estimate_child(&self, _: &P, _: &P::State, _: P::Move, _: P::Cost) -> Option<P::Cost> {
        Some(P::Cost::zero())
    }
}

/// Two admissible heuristics combined by taking the larger estimate, which is admissible too.
///
/// Either may be any heuristic: a formula, a [`PatternHeuristic`](crate::pattern_database::PatternHeuristic), an
/// [`Additive`] sum or another `Max` (nest them to combine more than two). A dead end in either
/// (`Cost::max_value()`) is the larger, so a dead end of the combination.
///
/// ```
/// use search_core::{Blind, Heuristic, Max};
/// # use search_core::Problem;
/// # struct Corridor;
/// # impl Problem for Corridor {
/// #     type State = u32; type Move = (); type Cost = u8; type Moves<'a> = [(); 0];
/// #     fn moves(&self, _: &u32) -> [(); 0] { [] }
/// #     fn apply(&self, _: &mut u32, _: ()) {}
/// #     fn undo(&self, _: &mut u32, _: ()) {}
/// #     fn inverse(&self, _: ()) -> Option<()> { None }
/// #     fn is_goal(&self, _: &u32) -> bool { true }
/// # }
/// struct Three;
/// impl Heuristic<Corridor> for Three {
///     fn estimate(&self, _: &Corridor, _: &u32) -> u8 { 3 }
/// }
/// assert_eq!(Max(Blind, Three).estimate(&Corridor, &0), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Max<A, B>(pub A, pub B);

impl<P, A, B> Heuristic<P> for Max<A, B>
where
    P: Problem + ?Sized,
    A: Heuristic<P>,
    B: Heuristic<P>,
{
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        self.0.estimate(problem, state).max(self.1.estimate(problem, state))
    }

    /// Both parts'.
    #[inline]
    fn prefetch_children(&self, problem: &P, parent: &P::State) {
        self.0.prefetch_children(problem, parent);
        self.1.prefetch_children(problem, parent);
    }
}

/// Two heuristics combined by adding their estimates: admissible **only when they count
/// disjoint costs**, that is when every move's cost is shared out among the two, each counting
/// at most its part of it.
///
/// The sum of two admissible estimates is not admissible in general: two heuristics that each
/// count the same move count it twice. It is when no move is counted by both: the classic case is
/// **disjoint pattern databases** (Korf and Felner, "Disjoint pattern database heuristics",
/// *Artificial Intelligence* 134(1-2), 2002, <https://doi.org/10.1016/S0004-3702(01)00092-3>),
/// where the tiles of a sliding puzzle are split into patterns and each pattern's database
/// counts only the moves of its own tiles ([`Builder::zero_one`]), so that a
/// path's moves are each counted by the one pattern whose tile moves. The sum then never
/// exceeds the path's cost, and is usually far above the larger of the two
/// ([`Max`], admissible in every case).
///
/// A dead end ("no goal is reachable", `Cost::max_value()`) in either makes the sum one. A sum
/// that does not fit in the cost type saturates to `Cost::max_value()` too, which is right: no
/// path to a goal has a cost that fits, and the drivers look for no other.
///
/// Combine more than two by nesting: `Additive(a, Additive(b, c))`.
///
/// # Example
///
/// Two counters, each brought down to 0 one unit per move: the first counter's value and the
/// second's count disjoint moves, so their sum is admissible (here, exact), and far better than
/// their maximum.
///
/// ```
/// use search_core::{ida_star, Additive, Heuristic, Max, Problem};
///
/// struct Counters;
/// impl Problem for Counters {
///     type State = [u8; 2];
///     type Move = usize; // which counter to decrease
///     type Cost = u8;
///     type Moves<'a> = Vec<usize>;
///     fn moves(&self, counters: &[u8; 2]) -> Vec<usize> {
///         (0..2).filter(|&i| counters[i] > 0).collect()
///     }
///     fn apply(&self, counters: &mut [u8; 2], i: usize) { counters[i] -= 1 }
///     fn undo(&self, counters: &mut [u8; 2], i: usize) { counters[i] += 1 }
///     fn inverse(&self, _: usize) -> Option<usize> { None }
///     fn is_goal(&self, counters: &[u8; 2]) -> bool { *counters == [0, 0] }
/// }
///
/// /// Counter `I`'s value: the moves of that counter still to make.
/// struct Left<const I: usize>;
/// impl<const I: usize> Heuristic<Counters> for Left<I> {
///     fn estimate(&self, _: &Counters, counters: &[u8; 2]) -> u8 { counters[I] }
/// }
///
/// let start = [3, 4];
/// assert_eq!(Additive(Left::<0>, Left::<1>).estimate(&Counters, &start), 7);
/// assert_eq!(Max(Left::<0>, Left::<1>).estimate(&Counters, &start), 4);
///
/// let sum = ida_star(&Counters, &Additive(Left::<0>, Left::<1>), &start);
/// let max = ida_star(&Counters, &Max(Left::<0>, Left::<1>), &start);
/// assert_eq!(sum.outcome, max.outcome);
/// assert_eq!(sum.outcome.solution().unwrap().cost, 7);
/// assert!(sum.stats.generated < max.stats.generated);
/// ```
///
/// [`Builder::zero_one`]: crate::pattern_database::Builder::zero_one
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Additive<A, B>(pub A, pub B);

impl<P, A, B> Heuristic<P> for Additive<A, B>
where
    P: Problem + ?Sized,
    A: Heuristic<P>,
    B: Heuristic<P>,
{
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        self.0.estimate(problem, state).saturating_add(self.1.estimate(problem, state))
    }

    /// Both parts'.
    #[inline]
    fn prefetch_children(&self, problem: &P, parent: &P::State) {
        self.0.prefetch_children(problem, parent);
        self.1.prefetch_children(problem, parent);
    }
}

/// Whether `estimate` is the "no goal is reachable from here" value.
pub(crate) fn is_dead_end<C: Bounded + PartialEq>(estimate: &C) -> bool {
    *estimate == C::max_value()
}
