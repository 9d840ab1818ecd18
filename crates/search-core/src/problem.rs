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
/// - [`may_follow`](Problem::may_follow) says which moves the tree searches may play right after
///   which: by default every move but the inverse of the one before. A puzzle may refuse more
///   pairs (a twisty puzzle's same face twice), as long as no first optimal solution needs them:
///   see its contract.
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
    /// A position of the puzzle. Cloned once per search, never per node (unless the problem
    /// [undoes by copy](Problem::undo_by_copy)).
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

    /// Whether IDA\* should take a move back by restoring a copy of the state from before it,
    /// rather than by [`undo`](Problem::undo). `false`, the default: a state is cloned once per
    /// search.
    ///
    /// With `true`, IDA\*'s engine (sequential and parallel) clones the node's state before each
    /// move it makes to descend, keeps the copy on its stack while it searches below, and
    /// assigns it back after. The children it only prices and cuts off cost nothing more. Only
    /// a child the heuristic prices before the move
    /// ([`Heuristic::estimate_child`](crate::Heuristic::estimate_child)) is kept this way: for
    /// one priced after it, the move is made before the search knows whether it will descend,
    /// and `undo` takes it back.
    ///
    /// Say so when a state is a few machine words to copy and `undo` has to recompute what the
    /// copy holds: the sliding puzzle's tracked boards (`puzzle_sliding::Tracked`) carry their
    /// pattern databases' indices and distances, and taking a move back by hand means the table
    /// look-ups again, where the reference programs in C restore the values they saved (the
    /// instructions per node are in `docs/performance.md`). `undo` must still be right: the
    /// other drivers, and IDA\*'s explicit stack below
    /// [`max_recursion`](crate::IdaStar::max_recursion), use it.
    #[inline]
    fn undo_by_copy(&self) -> bool {
        false
    }

    /// The move that leads straight back from the state `mv` reached, or `None` if there is none.
    fn inverse(&self, mv: Self::Move) -> Option<Self::Move>;

    /// Whether `mv` may be played right after `previous`: the tree searches (IDA\*,
    /// [`iddfs`](crate::iddfs), the parallel driver and the work units) generate a child only if
    /// it may, so this is asked for every child, and is worth making cheap.
    ///
    /// The default refuses only [`inverse`](Problem::inverse)`(previous)`, the move straight
    /// back: such a pair returns to where it started at a positive cost, so no optimal solution
    /// contains one. Override it for either of two reasons:
    ///
    /// - **The same answer, cheaper.** All the moves of a sliding-tile board start from the
    ///   blank's cell, so the move back is the one that ends where `previous` started: one byte
    ///   to compare, rather than an `Option` of two (the gain, measured per child on Korf's
    ///   instances, is in `docs/performance.md`).
    /// - **Fewer moves (move pruning).** Refuse more pairs, those some other pair always does as
    ///   well. In a twisty puzzle, two turns of the same face in a row do what one turn does (or
    ///   nothing), and turns of two opposite faces commute: both orders reach the same state, so
    ///   one order is enough. The search tree shrinks by a constant factor per level, which is
    ///   exponential in the depth; a user could otherwise only say so by carrying the previous
    ///   move in the state.
    ///
    /// # The contract
    ///
    /// Refusing `mv` after `previous` must lose no answer the drivers would give. It does not
    /// when, from every state where `previous` then `mv` can be played, some other sequence of
    /// moves reaches the same state either **more cheaply**, or **as cheaply in two moves that
    /// come before** `previous, mv` in move order (turns of opposite faces kept in the order
    /// their faces are listed). Then the first optimal solution in move order contains no
    /// refused pair (replacing one would give a cheaper solution, or an earlier one), and the
    /// drivers return the very answer they return with the default, generating fewer nodes.
    ///
    /// An override must still refuse the inverse of `previous`, as the default does (debug
    /// builds check every call): an override meant to refuse more, or the same more cheaply,
    /// that lets the move back through by mistake would only search a larger tree, and the
    /// check finds the mistake. The complete searches
    /// ([`breadth_first`](crate::breadth_first), [`uniform_cost`](crate::uniform_cost)) do not
    /// ask: they skip the inverse and detect duplicates, and a refusal combined with duplicate
    /// detection could lose a state (the one path they keep to it may be the one whose next move
    /// is refused).
    ///
    /// # Example
    ///
    /// A toy twisty puzzle: a strip of 8 cells and three "faces" of four cells, face 0 over
    /// cells 0-3, face 1 over cells 4-7 (apart from face 0: the two commute) and face 2 over
    /// cells 2-5, across both. A turn moves a face's four cells 1, 2 or 3 places round.
    ///
    /// ```
    /// use search_core::{breadth_first, iddfs, Problem};
    ///
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    /// struct Turn { face: u8, by: u8 }
    ///
    /// /// With `pruned`, the same face twice and face 1 before face 0 are refused.
    /// struct Strip { pruned: bool }
    ///
    /// impl Problem for Strip {
    ///     type State = [u8; 8];
    ///     type Move = Turn;
    ///     type Cost = u8;
    ///     type Moves<'a> = &'static [Turn];
    ///
    ///     /// Face by face, then by how far.
    ///     fn moves(&self, _: &[u8; 8]) -> &'static [Turn] {
    ///         const TURNS: [Turn; 9] = {
    ///             let mut turns = [Turn { face: 0, by: 1 }; 9];
    ///             let mut i = 0;
    ///             while i < 9 {
    ///                 turns[i] = Turn { face: (i / 3) as u8, by: (i % 3 + 1) as u8 };
    ///                 i += 1;
    ///             }
    ///             turns
    ///         };
    ///         &TURNS
    ///     }
    ///     fn apply(&self, cells: &mut [u8; 8], turn: Turn) {
    ///         let first = [0, 4, 2][usize::from(turn.face)];
    ///         cells[first..first + 4].rotate_right(usize::from(turn.by));
    ///     }
    ///     fn undo(&self, cells: &mut [u8; 8], turn: Turn) {
    ///         self.apply(cells, self.inverse(turn).unwrap());
    ///     }
    ///     fn inverse(&self, turn: Turn) -> Option<Turn> {
    ///         Some(Turn { face: turn.face, by: 4 - turn.by })
    ///     }
    ///     fn is_goal(&self, cells: &[u8; 8]) -> bool {
    ///         *cells == [0, 1, 2, 3, 4, 5, 6, 7]
    ///     }
    ///
    ///     /// Two turns of one face are one turn, or none; faces 0 and 1 commute, and face 0
    ///     /// comes first in move order, so only that order is kept.
    ///     fn may_follow(&self, previous: Turn, turn: Turn) -> bool {
    ///         if !self.pruned {
    ///             return self.inverse(previous) != Some(turn);
    ///         }
    ///         turn.face != previous.face && !(previous.face == 1 && turn.face == 0)
    ///     }
    /// }
    ///
    /// let mut start = [0, 1, 2, 3, 4, 5, 6, 7];
    /// for (face, by) in [(2, 1), (0, 1), (1, 3), (2, 2), (1, 1), (0, 2)] {
    ///     Strip { pruned: true }.apply(&mut start, Turn { face, by });
    /// }
    /// let pruned = iddfs(&Strip { pruned: true }, &start);
    /// let plain = iddfs(&Strip { pruned: false }, &start);
    /// // The same answer as breadth-first search, which only skips the move back...
    /// assert_eq!(pruned.outcome, breadth_first(&Strip { pruned: false }, &start).outcome);
    /// assert_eq!(pruned.outcome, plain.outcome);
    /// assert_eq!(pruned.outcome.solution().unwrap().cost, 6);
    /// // ...for a thirteenth of the nodes.
    /// assert_eq!((pruned.stats.generated, plain.stats.generated), (64_659, 864_043));
    /// ```
    #[inline]
    fn may_follow(&self, previous: Self::Move, mv: Self::Move) -> bool {
        self.inverse(previous) != Some(mv)
    }

    /// The moves of `state` that [may follow](Problem::may_follow) `previous`, the move that
    /// reached it, in [`moves`](Problem::moves)' order: exactly the moves `moves(state)` lists
    /// that `may_follow(previous, _)` accepts. Or `None`, the default, to have the tree searches
    /// list `moves(state)` and ask `may_follow` about each.
    ///
    /// IDA\* asks for this list once per node it expands, so a puzzle whose refused moves
    /// depend on `previous` alone can answer from a table built once (per cell and move back,
    /// say) and spare the search a test per child: the sliding puzzle's table leaves out the
    /// move back (the gain, in instructions per generated node, is in `docs/performance.md`).
    #[inline]
    fn moves_after<'a>(
        &'a self,
        state: &Self::State,
        previous: Self::Move,
    ) -> Option<Self::Moves<'a>> {
        let _ = (state, previous);
        None
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
