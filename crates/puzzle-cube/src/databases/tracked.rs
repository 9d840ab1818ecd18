//! Korf's bound at full speed: [`Tracked`], the cube whose states carry their databases'
//! indices ([`TrackedCube`]), and [`TrackedBound`], the heuristic that reads them.
//!
//! [`Korf`]'s own [`Heuristic`] impl ranks the three abstractions of every node from scratch: a
//! permutation of 8 corners and two placements of 6 edges among 12, most of a node's
//! instructions. But a turn changes each index by a table read ([`CornerMoves`],
//! [`EdgeMoves`]: Kociemba's coordinates), so the state keeps the three indices, and a child is
//! priced from its parent's with a few table reads and no cubie turned. The corners' look-up
//! comes first and the edges' only if it does not already cut the child off (the corners' is
//! the largest of the three most often, and its tables are the smallest).
//!
//! One edge table serves both groups of six (a turn moves places, whichever cubies are there):
//! 48 MB, and the corners' 1.5 MB, made in a fraction of a second from [`Korf`]'s abstractions.
//!
//! The state also keeps the cube itself, turned when a move is made (not when a child is only
//! priced): the goal test is the cube's, and an observer of [`Rubik`]'s search is shown each
//! node's cube ([`OnCubes`]). The moves, their order and the pruning are [`Rubik`]'s, and the
//! bound is [`Korf`]'s, so the search generates the same nodes in the same order, only faster.
//!
//! [`Rubik`]: crate::Rubik

use search_core::{Heuristic, IterationStats, Node, Observer, Problem, Pruned};

use super::Korf;
use super::move_tables::{CornerMoves, EdgeMoves};
use crate::{Cube, Rubik, Turn};

/// A cube with its indices into [`Korf`]'s three databases. Hashable, for the drivers that keep
/// every state they reach (the indices follow from the cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackedCube {
    cube: Cube,
    /// The corners', the first edge group's and the last's.
    index: [u32; 3],
}

impl TrackedCube {
    /// The cube.
    #[must_use]
    pub fn cube(&self) -> &Cube {
        &self.cube
    }
}

/// The 3x3x3 cube searched with [`Korf`]'s bound at full speed: [`Rubik`]'s moves, order and
/// pruning, on [`TrackedCube`]s, which keep their databases' indices turn by turn. Search it
/// with [`TrackedBound`].
///
/// ```no_run
/// use puzzle_cube::{Cube, Korf, Tracked, TrackedBound};
/// use search_core::ida_star;
///
/// let korf = Korf::build(0).0; // a minute or more
/// let tracked = Tracked::new(&korf);
/// let cube = Cube::solved().after(&["R", "U", "F"].map(|t| t.parse().unwrap()));
/// let report = ida_star(&tracked, &TrackedBound, &tracked.start(&cube));
/// assert_eq!(report.outcome.solution().unwrap().cost, 3);
/// ```
///
/// [`Rubik`]: crate::Rubik
#[derive(Clone, Debug)]
pub struct Tracked<'a> {
    korf: &'a Korf,
    corners: CornerMoves,
    /// Both edge groups' turns.
    edges: EdgeMoves,
    rubik: Rubik,
}

impl<'a> Tracked<'a> {
    /// The cube with `korf`'s indices tracked (the move tables made here, in a fraction of a
    /// second).
    #[must_use]
    pub fn new(korf: &'a Korf) -> Self {
        let edges = EdgeMoves::new(korf.first);
        Self { korf, corners: CornerMoves::new(), edges, rubik: Rubik::new() }
    }

    /// `cube` with its indices.
    ///
    /// # Panics
    ///
    /// Never: Korf's ranks are below 88,179,840.
    #[must_use]
    pub fn start(&self, cube: &Cube) -> TrackedCube {
        let index =
            [self.korf.corners.rank(cube), self.korf.first.rank(cube), self.korf.last.rank(cube)]
                .map(|rank| u32::try_from(rank).expect("ranks below 2^32"));
        TrackedCube { cube: *cube, index }
    }

    /// The index after `turn` into database `table` (0 the corners', 1 and 2 the edges').
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: a call between look-ups keeps the processor from \
                  overlapping them (as the 24-puzzle's `Tracked`)"
    )]
    #[inline(always)]
    fn turned(&self, index: &[u32; 3], table: usize, turn: Turn) -> u32 {
        let rank = index[table] as usize;
        let next = if table == 0 {
            self.corners.turned(rank, turn)
        } else {
            self.edges.turned(rank, turn)
        };
        #[expect(clippy::cast_possible_truncation, reason = "ranks below 2^32")]
        let next = next as u32;
        next
    }

    /// Database `table`'s distance at `index`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `turned`)")]
    #[inline(always)]
    fn distance(&self, table: usize, index: u32) -> u8 {
        self.korf.tables[table].distance(index as usize)
    }

    /// Plays `turn` on the cube and its indices.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `turned`)")]
    #[inline(always)]
    fn play(&self, state: &mut TrackedCube, turn: Turn) {
        state.index = [
            self.turned(&state.index, 0, turn),
            self.turned(&state.index, 1, turn),
            self.turned(&state.index, 2, turn),
        ];
        state.cube.turn(turn);
    }
}

impl Problem for Tracked<'_> {
    type State = TrackedCube;
    type Move = Turn;
    type Cost = u8;
    type Moves<'b>
        = &'static [Turn]
    where
        Self: 'b;

    /// [`Rubik`]'s: all 18, in the order of [`Turn::ALL`].
    ///
    /// [`Rubik`]: crate::Rubik
    #[inline]
    fn moves(&self, state: &TrackedCube) -> &'static [Turn] {
        self.rubik.moves(&state.cube)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `Tracked::turned`)")]
    #[inline(always)]
    fn apply(&self, state: &mut TrackedCube, turn: Turn) {
        self.play(state, turn);
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `Tracked::turned`)")]
    #[inline(always)]
    fn undo(&self, state: &mut TrackedCube, turn: Turn) {
        self.play(state, turn.inverse());
    }

    #[inline]
    fn inverse(&self, turn: Turn) -> Option<Turn> {
        Some(turn.inverse())
    }

    /// [`Rubik`]'s pruning.
    ///
    /// [`Rubik`]: crate::Rubik
    #[inline]
    fn may_follow(&self, previous: Turn, turn: Turn) -> bool {
        self.rubik.may_follow(previous, turn)
    }

    #[inline]
    fn is_goal(&self, state: &TrackedCube) -> bool {
        state.cube.is_solved()
    }
}

/// [`Korf`]'s bound as a [`TrackedCube`] carries it: the largest of the three databases'
/// distances at its indices; for a child, priced from the parent's indices without making the
/// move, the corners first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrackedBound;

impl<'a> Heuristic<Tracked<'a>> for TrackedBound {
    #[inline]
    fn stops_early(&self) -> bool {
        true
    }

    #[inline]
    fn estimate(&self, tracked: &Tracked<'a>, state: &TrackedCube) -> u8 {
        let [corners, first, last] =
            [0, 1, 2].map(|table| tracked.distance(table, state.index[table]));
        corners.max(first).max(last)
    }

    #[inline]
    fn estimate_child(
        &self,
        tracked: &Tracked<'a>,
        parent: &TrackedCube,
        turn: Turn,
        _: u8,
    ) -> Option<u8> {
        self.estimate_child_until(tracked, parent, turn, 0, 0)
    }

    /// The corners' look-up first; each edge group's only while the largest so far is below
    /// `enough` (0: every look-up, the exact bound).
    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `Tracked::turned`)")]
    #[inline(always)]
    fn estimate_child_until(
        &self,
        tracked: &Tracked<'a>,
        parent: &TrackedCube,
        turn: Turn,
        _: u8,
        enough: u8,
    ) -> Option<u8> {
        let enough = if enough == 0 { u8::MAX } else { enough };
        let mut bound = tracked.distance(0, tracked.turned(&parent.index, 0, turn));
        if bound >= enough {
            return Some(bound);
        }
        bound = bound.max(tracked.distance(1, tracked.turned(&parent.index, 1, turn)));
        if bound >= enough {
            return Some(bound);
        }
        Some(bound.max(tracked.distance(2, tracked.turned(&parent.index, 2, turn))))
    }
}

/// An observer of [`Rubik`]'s search watching the same search on [`TrackedCube`]s: it is shown
/// each node's cube. How a trace written for [`Rubik`] watches the fast search.
///
/// [`Rubik`]: crate::Rubik
pub struct OnCubes<O>(pub O);

impl<'a, O: Observer<Rubik>> Observer<Tracked<'a>> for OnCubes<O> {
    #[inline]
    fn iteration_started(&mut self, bound: u8) {
        self.0.iteration_started(bound);
    }

    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, Tracked<'a>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_expanded(&Node { state: &state.cube, depth, via, g, h });
    }

    #[inline]
    fn node_queued(&mut self, node: &Node<'_, Tracked<'a>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_queued(&Node { state: &state.cube, depth, via, g, h });
    }

    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, Tracked<'a>>) {
        let Pruned { parent, depth, via, g, h } = *child;
        self.0.child_pruned(&Pruned { parent: &parent.cube, depth, via, g, h });
    }

    #[inline]
    fn iteration_finished(&mut self, stats: &IterationStats<u8>) {
        self.0.iteration_finished(stats);
    }

    #[inline]
    fn solution_found(&mut self, moves: &[Turn], cost: u8) {
        self.0.solution_found(moves, cost);
    }
}

#[cfg(test)]
mod tests {
    use search_core::pattern_database::Abstraction;

    use super::*;
    use crate::Nibbles;

    /// Korf's bound with every distance 0: tables of the right sizes, for tracking the indices
    /// without building the databases.
    fn zeros() -> Korf {
        let (corners, first, last) = Korf::abstractions();
        let tables = [corners.size(), first.size(), last.size()]
            .map(|size| Nibbles::from_bytes(vec![0; size.div_ceil(2)], size).unwrap());
        Korf::from_tables(tables).unwrap()
    }

    #[test]
    fn the_indices_follow_the_cube_turn_by_turn_and_back() {
        let korf = zeros();
        let tracked = Tracked::new(&korf);
        let mut state = tracked.start(&Cube::solved());
        let mut cube = Cube::solved();
        let mut path = Vec::new();
        // A walk through every turn, in an order that never repeats a face twice running.
        for (step, &turn) in Turn::ALL.iter().cycle().step_by(7).take(60).enumerate() {
            tracked.apply(&mut state, turn);
            cube.turn(turn);
            path.push(turn);
            assert_eq!(state, tracked.start(&cube), "step {step}");
        }
        assert!(!tracked.is_goal(&state));
        for &turn in path.iter().rev() {
            tracked.undo(&mut state, turn);
        }
        assert_eq!(state, tracked.start(&Cube::solved()));
        assert!(tracked.is_goal(&state));
    }
}
