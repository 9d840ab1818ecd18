//! The search with [`SymmetricDatabases`] at full speed: [`Tracked`], the puzzle whose states
//! carry their look-ups' indices ([`TrackedBoard`]), and [`TrackedBound`], the heuristic that
//! reads them.
//!
//! Computing a board's eight look-ups from scratch costs 48 table reads for the tiles' cells
//! and eight for the distances, at every node. But a move moves one tile, which counts in one
//! look-up on the board and one on its reflection, and changes each index by one subtraction and
//! one addition (the index is the tiles' cells as digits). So the state keeps every index, every
//! distance and both sums, and a child is priced with two additions and two loads from the
//! tables: the design of the reference programs (Korf and Felner 2002).
//!
//! Taking a move back by hand is the same slide the other way, table loads and all: some 43
//! instructions, where the reference program in C restores the four values it kept in its
//! recursion's locals. So the problem asks IDA\* to take its moves back by copy
//! ([`Problem::undo_by_copy`]): the engine keeps the node's board, 76 bytes with the default
//! [`TRACKED_SLOTS`], on its stack while it searches below, and assigns it back. With the
//! reflected look-up's index worked out before the early stop (the move made next needs it),
//! that took the search from 125.6 instructions per node to 106.9, below the C program's 107.9
//! (`docs/performance.md`).
//!
//! The whole of a node's work is written out in one loop: every function on the way from
//! search-core's loop to a table's entry is inlined, forced where the compiler would have made
//! a call (`#[inline(always)]`, and search-core inlines its child generation for a heuristic
//! that [stops early](Heuristic::stops_early)). The loop's time goes into waiting for the
//! tables' entries, and a call between two children's look-ups keeps the processor from
//! starting the next child's load while the last one's is on its way (the figures are in
//! `docs/performance.md`, on the 24-puzzle).
//!
//! The search is search-core's IDA\*, sequential or parallel, on this problem instead of
//! [`Sliding`]: the same moves in the same order and the same bound as
//! [`SymmetricDatabases`]' own [`Heuristic`] impl, so the same nodes, only faster.

use search_core::{Heuristic, IterationStats, Node, Observer, Problem, Pruned};

use crate::board::{MASK, PADDED};
use crate::databases::symmetric::LookUps;
use crate::{Board, Slide, Sliding, SymmetricDatabases};

/// The slots of a [`TrackedBoard`] by default: room for the look-ups of a partition of up to four
/// regions (the 24-puzzle's 6-6-6-6), on the board and on its reflection.
pub const TRACKED_SLOTS: usize = 8;

/// A board with the index and distance of each of its look-ups, and their two sums. Hashable,
/// for the drivers that keep every state they reach (the look-ups follow from the board).
///
/// `SLOTS` is the room for the look-ups, a power of two: half for the board's regions, half for
/// the reflected board's. The default, [`TRACKED_SLOTS`], holds a partition of up to four
/// regions; up to eight need 16 ([`with_slots`](Self::with_slots)). The smallest that holds the
/// partition is the fastest: the search copies the state at each node it expands
/// ([`Problem::undo_by_copy`]), 76 bytes with 8 slots, 116 with 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackedBoard<const SLOTS: usize = TRACKED_SLOTS> {
    board: Board,
    /// Each slot's index into its table: the board's regions, then the reflected ones from
    /// `SLOTS / 2` on.
    index: [u32; SLOTS],
    /// Each slot's distance.
    value: [u8; SLOTS],
    /// The sums of the distances on the board and on its reflection.
    sums: [u8; 2],
}

impl TrackedBoard {
    /// `board`, with its look-ups in `databases` computed, in the default
    /// [`TRACKED_SLOTS`] slots.
    ///
    /// # Panics
    ///
    /// If the board is not of the databases' width, or the databases' partition has more than
    /// four regions.
    #[must_use]
    pub fn new(databases: &SymmetricDatabases, board: &Board) -> Self {
        Self::with_slots(databases, board)
    }
}

impl<const SLOTS: usize> TrackedBoard<SLOTS> {
    /// `board`, with its look-ups in `databases` computed, in `SLOTS` slots.
    ///
    /// # Panics
    ///
    /// If the board is not of the databases' width, `SLOTS` is not a power of two, or the
    /// databases' partition has more regions than `SLOTS / 2`.
    #[must_use]
    pub fn with_slots(databases: &SymmetricDatabases, board: &Board) -> Self {
        assert_eq!(board.width(), databases.width(), "the databases are for another width");
        let mut cell_of = [0_u8; PADDED];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cell_of[usize::from(tile) & MASK] = u8::try_from(cell).expect("at most 25 cells");
        }
        let (mut index, mut value) = ([0; SLOTS], [0; SLOTS]);
        let sums = databases.sums(&cell_of, &mut index, &mut value);
        Self { board: *board, index, value, sums }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The bound: the larger of the two sums.
    #[must_use]
    #[inline]
    pub fn estimate(&self) -> u8 {
        self.sums[0].max(self.sums[1])
    }
}

/// The sliding-tile puzzle searched with [`SymmetricDatabases`]: [`Sliding`]'s moves, in the
/// same order, on [`TrackedBoard`]s, which keep their look-ups up to date move by move. Search
/// it with [`TrackedBound`].
///
/// ```
/// use puzzle_sliding::{Board, Sliding, SymmetricDatabases, Tracked, TrackedBoard, TrackedBound};
/// use search_core::ida_star;
///
/// let puzzle = Sliding::new(3);
/// let databases = SymmetricDatabases::build(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], 1);
/// let tracked = Tracked::new(&puzzle, &databases);
/// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
/// assert!(board.is_solvable()); // IDA* would search forever for an unsolvable board
/// let report = ida_star(&tracked, &TrackedBound, &TrackedBoard::new(&databases, &board));
/// assert_eq!(report.outcome.solution().unwrap().cost, 27);
/// ```
///
/// Its boards have [`TRACKED_SLOTS`] slots, room for a partition of up to four regions; a
/// partition of more is searched on boards of more slots ([`with_slots`](Self::with_slots)).
#[derive(Clone, Copy, Debug)]
pub struct Tracked<'a, const SLOTS: usize = TRACKED_SLOTS> {
    puzzle: &'a Sliding,
    /// The databases' look-ups, as a move changes them.
    look_ups: LookUps<'a, SLOTS>,
}

impl<'a> Tracked<'a> {
    /// `puzzle` with `databases`' look-ups tracked on boards of [`TRACKED_SLOTS`] slots.
    ///
    /// # Panics
    ///
    /// If the databases are for another width, or their partition has more than four regions.
    #[must_use]
    pub fn new(puzzle: &'a Sliding, databases: &'a SymmetricDatabases) -> Self {
        Self::with_slots(puzzle, databases)
    }
}

impl<'a, const SLOTS: usize> Tracked<'a, SLOTS> {
    /// `puzzle` with `databases`' look-ups tracked on boards of `SLOTS` slots (see
    /// [`TrackedBoard`]): 16 for a partition of five to eight regions.
    ///
    /// ```
    /// use puzzle_sliding::{Board, Sliding, SymmetricDatabases, Tracked, TrackedBoard, TrackedBound};
    /// use search_core::ida_star;
    ///
    /// let puzzle = Sliding::new(3);
    /// let partition: [&[u8]; 5] = [&[1, 2], &[3, 4], &[5, 6], &[7], &[8]];
    /// let databases = SymmetricDatabases::build(&puzzle, &partition, 1);
    /// let tracked: Tracked<'_, 16> = Tracked::with_slots(&puzzle, &databases);
    /// let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
    /// let start = TrackedBoard::with_slots(&databases, &board);
    /// assert_eq!(ida_star(&tracked, &TrackedBound, &start).outcome.solution().unwrap().cost, 27);
    /// ```
    ///
    /// # Panics
    ///
    /// If the databases are for another width, `SLOTS` is not a power of two, or the databases'
    /// partition has more regions than `SLOTS / 2`.
    #[must_use]
    pub fn with_slots(puzzle: &'a Sliding, databases: &'a SymmetricDatabases) -> Self {
        assert_eq!(puzzle.width(), databases.width(), "the databases are for another width");
        Self { puzzle, look_ups: databases.look_ups() }
    }

    /// The look-ups' indices, distances and sums after the tile on `from` slides to `to`.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn after(&self, state: &TrackedBoard<SLOTS>, from: u8, to: u8) -> [(usize, u32, u8); 2] {
        let tile = state.board.cells[usize::from(from) & MASK];
        // Two calls written out: `[0, 1].map(..)` was left to a function call per child.
        let regular = self.look_ups.moved(0, tile, from, to, &state.index);
        let reflected = self.look_ups.moved(1, tile, from, to, &state.index);
        [regular, reflected]
    }

    /// Slides the tile on `from` to `to` (the blank's cell), keeping the look-ups.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn slide(&self, state: &mut TrackedBoard<SLOTS>, mv: Slide) {
        // The tile slides the other way: from the blank's cell after the move to its cell before.
        let (to, from) = mv.bytes();
        for (side, (slot, index, value)) in self.after(state, from, to).into_iter().enumerate() {
            state.sums[side] = state.sums[side] - state.value[slot] + value;
            state.index[slot] = index;
            state.value[slot] = value;
        }
        state.board.slide(mv);
    }
}

impl<const SLOTS: usize> Problem for Tracked<'_, SLOTS> {
    type State = TrackedBoard<SLOTS>;
    type Move = Slide;
    type Cost = u8;
    type Moves<'b>
        = &'b [Slide]
    where
        Self: 'b;

    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn moves(&self, state: &TrackedBoard<SLOTS>) -> &[Slide] {
        self.puzzle.moves_from(state.board.blank())
    }

    /// The blank goes from `mv.from` to `mv.to`: the tile on `mv.to` slides to `mv.from`.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn apply(&self, state: &mut TrackedBoard<SLOTS>, mv: Slide) {
        self.slide(state, mv);
    }

    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn undo(&self, state: &mut TrackedBoard<SLOTS>, mv: Slide) {
        self.slide(state, mv.reversed());
    }

    /// A board with its look-ups is 76 bytes to copy (with the default slots), where taking the
    /// move back by hand is the two look-ups again.
    #[inline]
    fn undo_by_copy(&self) -> bool {
        true
    }

    #[inline]
    fn inverse(&self, mv: Slide) -> Option<Slide> {
        self.puzzle.inverse(mv)
    }

    #[inline]
    fn may_follow(&self, previous: Slide, mv: Slide) -> bool {
        self.puzzle.may_follow(previous, mv)
    }

    /// [`Sliding`]'s table: the blank's moves from its cell, the move back left out, so the
    /// search tests no move against the one before it.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn moves_after(&self, state: &TrackedBoard<SLOTS>, previous: Slide) -> Option<&[Slide]> {
        self.puzzle.moves_after(&state.board, previous)
    }

    #[inline]
    fn is_goal(&self, state: &TrackedBoard<SLOTS>) -> bool {
        state.board.is_goal()
    }
}

/// The bound of [`SymmetricDatabases`] as a [`Tracked`] board carries it: read from the state,
/// and for a child, priced from the parent's look-ups without making the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrackedBound;

impl<'a, const SLOTS: usize> Heuristic<Tracked<'a, SLOTS>> for TrackedBound {
    #[inline]
    fn stops_early(&self) -> bool {
        true
    }

    #[inline]
    fn estimate(&self, _: &Tracked<'a, SLOTS>, state: &TrackedBoard<SLOTS>) -> u8 {
        state.estimate()
    }

    #[inline]
    fn estimate_child(
        &self,
        problem: &Tracked<'a, SLOTS>,
        parent: &TrackedBoard<SLOTS>,
        mv: Slide,
        _: u8,
    ) -> Option<u8> {
        self.estimate_child_until(problem, parent, mv, 0, u8::MAX)
    }

    /// The look-up on the board first; the one on the reflected board only if the first is
    /// below `enough` (most children beyond the bound are cut off by the first alone).
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `Tracked`'s docs)"
    )]
    #[inline(always)]
    fn estimate_child_until(
        &self,
        problem: &Tracked<'a, SLOTS>,
        parent: &TrackedBoard<SLOTS>,
        mv: Slide,
        _: u8,
        enough: u8,
    ) -> Option<u8> {
        let tile = parent.board.cells[mv.to()];
        // The tile slides the other way: from the blank's cell after the move to its cell before.
        let (to, from) = mv.bytes();
        let look_ups = &problem.look_ups;
        let (slot, _, value) = look_ups.moved(0, tile, from, to, &parent.index);
        let regular = parent.sums[0] - parent.value[slot] + value;
        // The reflected index is worked out before the test, its entry loaded after: the move
        // made next (`apply`) needs both, and finds the index already computed.
        let (slot, index) = look_ups.index(1, tile, from, to, &parent.index);
        if regular >= enough {
            return Some(regular);
        }
        let reflected = parent.sums[1] - parent.value[slot] + look_ups.distance(index);
        Some(regular.max(reflected))
    }
}

/// An observer of [`Sliding`]'s search watching the same search on [`Tracked`] boards: it is
/// shown each node's board. How a trace written for [`Sliding`] watches the 24-puzzle's search.
///
/// ```
/// use puzzle_sliding::{Board, OnBoards, Sliding, SymmetricDatabases, Tracked, TrackedBoard,
///     TrackedBound};
/// use search_core::{IdaStar, Node, Observer};
///
/// /// Counts the nodes of a search of plain boards.
/// struct Count(u64);
/// impl Observer<Sliding> for Count {
///     fn node_expanded(&mut self, _: &Node<'_, Sliding>) {
///         self.0 += 1;
///     }
/// }
///
/// let puzzle = Sliding::new(3);
/// let databases = SymmetricDatabases::build(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], 1);
/// let tracked = Tracked::new(&puzzle, &databases);
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// let mut count = Count(0);
/// let start = TrackedBoard::new(&databases, &board);
/// let report = IdaStar::new(&tracked, &TrackedBound).observer(OnBoards(&mut count)).run(&start);
/// assert_eq!(count.0, report.stats.expanded);
/// ```
pub struct OnBoards<O>(pub O);

impl<'a, O: Observer<Sliding>, const SLOTS: usize> Observer<Tracked<'a, SLOTS>> for OnBoards<O> {
    #[inline]
    fn iteration_started(&mut self, bound: u8) {
        self.0.iteration_started(bound);
    }

    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, Tracked<'a, SLOTS>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_expanded(&Node { state: &state.board, depth, via, g, h });
    }

    #[inline]
    fn node_queued(&mut self, node: &Node<'_, Tracked<'a, SLOTS>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_queued(&Node { state: &state.board, depth, via, g, h });
    }

    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, Tracked<'a, SLOTS>>) {
        let Pruned { parent, depth, via, g, h } = *child;
        self.0.child_pruned(&Pruned { parent: &parent.board, depth, via, g, h });
    }

    #[inline]
    fn iteration_finished(&mut self, stats: &IterationStats<u8>) {
        self.0.iteration_finished(stats);
    }

    #[inline]
    fn solution_found(&mut self, moves: &[Slide], cost: u8) {
        self.0.solution_found(moves, cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::ida_star;

    use crate::Manhattan;

    /// A board `steps` random moves from the goal.
    fn walk(puzzle: &Sliding, steps: usize, seed: u64) -> Board {
        let mut board = Board::goal(puzzle.width());
        let mut rng = seed;
        for _ in 0..steps {
            rng =
                rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let moves = puzzle.moves_from(board.blank());
            board.slide(moves[(rng >> 33) as usize % moves.len()]);
        }
        board
    }

    #[test]
    fn the_tracked_look_ups_are_the_ones_computed_from_scratch() {
        let puzzle = Sliding::new(4);
        let partition: [&[u8]; 4] = [&[1, 4, 5], &[2, 3, 6, 7], &[8, 9, 12, 13], &[10, 11, 14, 15]];
        let databases = SymmetricDatabases::build(&puzzle, &partition, 2);
        let tracked = Tracked::new(&puzzle, &databases);
        let mut state = TrackedBoard::new(&databases, &Board::goal(4));
        let look_ups = |state: &TrackedBoard| (state.index, state.value, state.sums);
        // The moves made and not taken back: a random walk that backs up now and then, several
        // moves in a row at times, as a search does.
        let mut path = Vec::new();
        let mut rng = 3_u64;
        for _ in 0..5000 {
            rng =
                rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            if rng >> 62 == 0
                && let Some(mv) = path.pop()
            {
                tracked.undo(&mut state, mv);
                let fresh = TrackedBoard::new(&databases, state.board());
                assert_eq!(look_ups(&state), look_ups(&fresh), "after taking back {mv:?}");
                continue;
            }
            let moves = tracked.moves(&state);
            let mv = moves[(rng >> 33) as usize % moves.len()];
            let priced = TrackedBound.estimate_child(&tracked, &state, mv, 0);
            tracked.apply(&mut state, mv);
            path.push(mv);
            let fresh = TrackedBoard::new(&databases, state.board());
            assert_eq!(look_ups(&state), look_ups(&fresh), "after {mv:?}");
            assert_eq!(priced, Some(databases.estimate(&puzzle, state.board())));
        }
        assert!(path.len() > 1000, "the walk went deep: {} moves", path.len());
        while let Some(mv) = path.pop() {
            tracked.undo(&mut state, mv);
        }
        assert_eq!(state.board(), &Board::goal(4));
        assert_eq!(look_ups(&state), look_ups(&TrackedBoard::new(&databases, &Board::goal(4))));
    }

    /// What the search copies at each node it expands (`undo_by_copy`): the default slots keep
    /// it to 76 bytes.
    #[test]
    fn a_tracked_board_is_76_bytes_with_the_default_slots() {
        assert_eq!(std::mem::size_of::<TrackedBoard>(), 76);
        assert_eq!(std::mem::size_of::<TrackedBoard<16>>(), 116);
    }

    #[test]
    #[should_panic(expected = "8 slots for 5 regions")]
    fn the_default_slots_refuse_a_partition_of_five_regions() {
        let puzzle = Sliding::new(3);
        let partition: [&[u8]; 5] = [&[1, 2], &[3, 4], &[5, 6], &[7], &[8]];
        let databases = SymmetricDatabases::build(&puzzle, &partition, 1);
        let _ = Tracked::new(&puzzle, &databases);
    }

    /// Sixteen slots hold eight regions; the same nodes as the plain search.
    #[test]
    fn sixteen_slots_search_a_partition_of_eight_regions() {
        let puzzle = Sliding::new(4);
        let partition: [&[u8]; 8] =
            [&[1, 2], &[3, 4], &[5, 6], &[7, 8], &[9, 10], &[11, 12], &[13, 14], &[15]];
        let databases = SymmetricDatabases::build(&puzzle, &partition, 0);
        let tracked: Tracked<'_, 16> = Tracked::with_slots(&puzzle, &databases);
        for seed in 0..5 {
            let board = walk(&puzzle, 40, seed);
            let plain = ida_star(&puzzle, &databases, &board);
            let start = TrackedBoard::with_slots(&databases, &board);
            let fast = ida_star(&tracked, &TrackedBound, &start);
            assert_eq!(plain.outcome, fast.outcome, "seed {seed}");
            assert_eq!(plain.stats.generated, fast.stats.generated, "seed {seed}");
        }
    }

    #[test]
    fn the_tracked_search_generates_the_nodes_of_the_plain_one() {
        let puzzle = Sliding::new(4);
        let partition: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
        let databases = SymmetricDatabases::build(&puzzle, &partition, 0);
        let tracked = Tracked::new(&puzzle, &databases);
        for seed in 0..20 {
            let board = walk(&puzzle, 60, seed);
            let plain = ida_star(&puzzle, &databases, &board);
            let fast = ida_star(&tracked, &TrackedBound, &TrackedBoard::new(&databases, &board));
            let (plain_moves, fast_moves) = (plain.outcome.solution(), fast.outcome.solution());
            assert_eq!(
                plain_moves.map(|solution| &solution.moves),
                fast_moves.map(|solution| &solution.moves)
            );
            assert_eq!(plain.stats.generated, fast.stats.generated, "seed {seed}");
            let manhattan = ida_star(&puzzle, &Manhattan, &board);
            assert_eq!(
                manhattan.outcome.solution().map(|solution| solution.cost),
                fast_moves.map(|solution| solution.cost)
            );
        }
    }

    /// What a watcher of plain boards sees of a search.
    #[derive(Default)]
    struct Seen {
        expanded: Vec<Board>,
        queued: Vec<Board>,
    }

    impl Observer<Sliding> for Seen {
        fn node_expanded(&mut self, node: &Node<'_, Sliding>) {
            self.expanded.push(*node.state);
        }
        fn node_queued(&mut self, node: &Node<'_, Sliding>) {
            self.queued.push(*node.state);
        }
    }

    /// A\* keeps tracked boards (hashable) and shows its watcher, through [`OnBoards`], the boards
    /// it queues and expands: the same as A\* on plain boards with the same bound.
    #[test]
    fn a_watcher_of_plain_boards_sees_a_tracked_a_star_search_as_a_plain_one() {
        use search_core::AStar;

        let puzzle = Sliding::new(3);
        let partition: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let databases = SymmetricDatabases::build(&puzzle, &partition, 1);
        let tracked = Tracked::new(&puzzle, &databases);
        for seed in 0..5 {
            let board = walk(&puzzle, 30, seed);
            let (mut fast, mut plain) = (Seen::default(), Seen::default());
            let start = TrackedBoard::new(&databases, &board);
            let report =
                AStar::new(&tracked, &TrackedBound).observer(OnBoards(&mut fast)).run(&start);
            AStar::new(&puzzle, &databases).observer(&mut plain).run(&board);
            assert_eq!(fast.expanded.len() as u64, report.stats.expanded, "seed {seed}");
            assert!(!fast.queued.is_empty(), "seed {seed}");
            assert_eq!((fast.expanded, fast.queued), (plain.expanded, plain.queued), "seed {seed}");
        }
    }
}
