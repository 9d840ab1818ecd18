//! The [`Problem`] trait a puzzle implements, and the [`Cost`] of its moves.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use num_traits::{One, PrimInt, Unsigned};
use smallvec::SmallVec;

/// The cost of a move or of a path: any unsigned primitive integer (`u8` through `u128`, `usize`).
///
/// Costs are unsigned because a negative move cost has no meaning for a shortest-path search with
/// an admissible bound. The drivers add costs with checked arithmetic: a sum that does not fit in
/// the type is never wrapped around; the path it belongs to is treated as beyond every bound, so a
/// search whose bound cannot grow any further answers [`Outcome::NoSolution`](crate::Outcome)
/// ("no solution whose cost fits in this type") instead of looping or overflowing.
///
/// The trait is implemented for every type that qualifies; there is nothing to implement.
pub trait Cost:
    PrimInt + Unsigned + Hash + Debug + Display + Default + Send + Sync + 'static
{
}

impl<T> Cost for T where
    T: PrimInt + Unsigned + Hash + Debug + Display + Default + Send + Sync + 'static
{
}

/// A puzzle, as the drivers see it: states, moves between them, their costs, and the goal.
///
/// The drivers search **in place**: they hold one mutable state, [`apply`](Problem::apply) a move
/// to go down the search tree and [`undo`](Problem::undo) it to come back up, so no state is
/// cloned per node. The problem value itself (`&self`) holds whatever is fixed for the whole
/// search: a maze's size, precomputed tables, the goal.
///
/// # The contract
///
/// - [`moves`](Problem::moves) lists the moves available in a state **always in the same order**.
///   That order is the tie-break: among the optimal solutions, the drivers return the one that
///   comes first in this order (the dictionary-smallest sequence of moves). Document it.
///   The list is whatever [`Moves`](Problem::Moves) type suits the puzzle: a slice borrowed from a
///   table the problem built once (the fastest: nothing is copied per node), a fixed array, or a
///   [`MoveVec`] built per state without touching the heap.
/// - [`undo`](Problem::undo) after [`apply`](Problem::apply) of the same move restores the state
///   exactly. A move may carry whatever data its undo needs (which wall it pushed, say).
/// - [`inverse`](Problem::inverse) of a move, when it has one, is a move available right after it
///   that leads straight back to the state before it. The drivers never play a move and then its
///   inverse: such a pair only returns to where it started at a positive cost, so no optimal
///   solution contains one. A move with no inverse (a wall push, which walking back does not
///   undo) says so by returning `None`.
/// - Every [`cost`](Problem::cost) is positive. A zero-cost move lets IDA* deepen forever along a
///   cycle without the bound growing, and breaks the tie-break between solutions of equal cost;
///   IDA\* panics on one.
///
/// # Example
///
/// A line of cells `0..len`, a walker moving left or right one cell at a time, the goal at the
/// right end:
///
/// ```
/// use search_core::{MoveVec, Problem};
///
/// struct Corridor { len: u32 }
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Step { Left, Right }
///
/// impl Problem for Corridor {
///     type State = u32;
///     type Move = Step;
///     type Cost = u8;
///
///     type Moves<'a> = MoveVec<Step>;
///
///     /// Left before right.
///     fn moves(&self, cell: &u32) -> MoveVec<Step> {
///         let mut moves = MoveVec::new();
///         if *cell > 0 { moves.push(Step::Left); }
///         if *cell + 1 < self.len { moves.push(Step::Right); }
///         moves
///     }
///     fn apply(&self, cell: &mut u32, step: Step) {
///         match step { Step::Left => *cell -= 1, Step::Right => *cell += 1 }
///     }
///     fn undo(&self, cell: &mut u32, step: Step) {
///         match step { Step::Left => *cell += 1, Step::Right => *cell -= 1 }
///     }
///     fn inverse(&self, step: Step) -> Option<Step> {
///         Some(match step { Step::Left => Step::Right, Step::Right => Step::Left })
///     }
///     fn is_goal(&self, cell: &u32) -> bool { *cell + 1 == self.len }
/// }
///
/// let corridor = Corridor { len: 4 };
/// assert_eq!(corridor.legal_moves(&0), [Step::Right]);
/// assert_eq!(corridor.legal_moves(&2), [Step::Left, Step::Right]);
/// ```
pub trait Problem {
    /// A position of the puzzle. Cloned once per search, never per node.
    type State: Clone;
    /// A move. Compared with `==` against the inverse of the previous move, so keep it small.
    type Move: Copy + Eq + Debug;
    /// The type of move and path costs.
    type Cost: Cost;

    /// A list of moves. It may borrow from the problem (`&'a [Self::Move]`, a slice of a table
    /// built once) but not from the state, which the drivers change while they walk the list.
    type Moves<'a>: AsRef<[Self::Move]>
    where
        Self: 'a;

    /// The moves available in `state`, in this problem's fixed order.
    fn moves<'a>(&'a self, state: &Self::State) -> Self::Moves<'a>;

    /// Plays `mv` on `state`. `mv` is one of the moves [`moves`](Problem::moves) listed for it.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    /// Takes back `mv`, which was the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, mv: Self::Move);

    /// The move that leads straight back from the state `mv` reached, or `None` if there is none.
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move>;

    /// Whether `mv`, played right after `previous`, leads straight back: the test IDA\* makes for
    /// every child, so it is worth making cheap. The default compares with
    /// [`inverse`](Problem::inverse)`(previous)`; override it when fewer comparisons tell, as in
    /// the sliding-tile puzzle, where all the moves of a state start from the blank's cell and
    /// only the destination needs comparing (one byte rather than an `Option` of two: measured
    /// 14% faster on Korf's instances). An override must agree with `inverse`; the drivers check
    /// that in debug builds.
    #[inline]
    fn is_inverse(&self, previous: Self::Move, mv: Self::Move) -> bool {
        self.inverse(previous) == Some(mv)
    }

    /// Whether `state` is solved.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// The cost of playing `mv` in `state` (the state *before* the move). Positive. Defaults to 1.
    fn cost(&self, state: &Self::State, mv: Self::Move) -> Self::Cost {
        let _ = (state, mv);
        Self::Cost::one()
    }

    /// The moves available in `state`, in order, copied into a vector: for tests and tools.
    fn legal_moves(&self, state: &Self::State) -> Vec<Self::Move> {
        self.moves(state).as_ref().to_vec()
    }
}

/// A list of moves built per state without a heap allocation (up to eight moves inline; more
/// spill to the heap). The usual [`Problem::Moves`] for a puzzle whose moves depend on the state
/// in ways a table cannot capture.
///
/// It is smallvec's `SmallVec` itself, re-exported as [`smallvec`](crate::smallvec): smallvec's
/// major version is part of this crate's API (see the crate's "Dependencies in the API").
pub type MoveVec<M> = SmallVec<[M; 8]>;
