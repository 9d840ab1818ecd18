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
use crate::{Cube, Rotation, Rubik, Turn};

/// A cube with its indices into [`Korf`]'s three databases, and into the two edge groups' for
/// each of `V` views of it from another side ([`Rotation::view`]). Hashable, for the drivers
/// that keep every state they reach (the indices follow from the cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackedCube<const V: usize = 0> {
    cube: Cube,
    /// The corners', the first edge group's and the last's.
    index: [u32; 3],
    /// The first and last edge groups' of each view.
    views: [[u32; 2]; V],
}

/// A state that is a cube with its databases' indices ([`TrackedCube`],
/// [`TrackedGroupsCube`](super::tracked_groups::TrackedGroupsCube)): what [`OnCubes`] shows an
/// observer of [`Rubik`]'s search.
///
/// [`Rubik`]: crate::Rubik
pub trait TrackedState {
    /// The cube.
    fn cube(&self) -> &Cube;
}

impl<const V: usize> TrackedState for TrackedCube<V> {
    #[inline]
    fn cube(&self) -> &Cube {
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
pub struct Tracked<'a, const V: usize = 0> {
    korf: &'a Korf,
    corners: CornerMoves,
    /// Both edge groups' turns.
    edges: EdgeMoves,
    rubik: Rubik,
    /// The rotations the views are seen through.
    rotations: [Rotation; V],
    /// For each view, the turn each turn is seen as (`[view][turn]`).
    view_turns: [[Turn; 18]; V],
}

impl<'a> Tracked<'a> {
    /// The cube with `korf`'s indices tracked (the move tables made here, in a second of
    /// processor time).
    #[must_use]
    pub fn new(korf: &'a Korf) -> Self {
        Tracked::with_views(korf, [])
    }
}

impl<'a, const V: usize> Tracked<'a, V> {
    /// The cube with `korf`'s indices tracked, and the edge groups' indices of the cube seen
    /// through each of `rotations` (two more look-ups a view, each admissible).
    #[must_use]
    pub fn with_views(korf: &'a Korf, rotations: [Rotation; V]) -> Self {
        let edges = EdgeMoves::new(korf.first);
        let view_turns = rotations.map(|rotation| Turn::ALL.map(|turn| rotation.turn(turn)));
        Self {
            korf,
            corners: CornerMoves::new(),
            edges,
            rubik: Rubik::new(),
            rotations,
            view_turns,
        }
    }

    /// `cube` with its indices.
    ///
    /// # Panics
    ///
    /// Never: Korf's ranks are below 88,179,840.
    #[must_use]
    pub fn start(&self, cube: &Cube) -> TrackedCube<V> {
        let index =
            [self.korf.corners.rank(cube), self.korf.first.rank(cube), self.korf.last.rank(cube)]
                .map(|rank| u32::try_from(rank).expect("ranks below 2^32"));
        let views = self.rotations.map(|rotation| {
            let seen = rotation.view(cube);
            [self.korf.first.rank(&seen), self.korf.last.rank(&seen)]
                .map(|rank| u32::try_from(rank).expect("ranks below 2^32"))
        });
        TrackedCube { cube: *cube, index, views }
    }

    /// The edge group `group`'s index (0 the first, 1 the last) in view `view` after `turn`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `turned`)")]
    #[inline(always)]
    fn view_turned(&self, views: &[[u32; 2]; V], view: usize, group: usize, turn: Turn) -> u32 {
        let turn = self.view_turns[view][turn.index()];
        #[expect(clippy::cast_possible_truncation, reason = "ranks below 2^32")]
        let next = self.edges.turned(views[view][group] as usize, turn) as u32;
        next
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
    fn play(&self, state: &mut TrackedCube<V>, turn: Turn) {
        state.index = [
            self.turned(&state.index, 0, turn),
            self.turned(&state.index, 1, turn),
            self.turned(&state.index, 2, turn),
        ];
        for view in 0..V {
            state.views[view] = [
                self.view_turned(&state.views, view, 0, turn),
                self.view_turned(&state.views, view, 1, turn),
            ];
        }
        state.cube.turn(turn);
    }
}

/// The [`Problem`] impl of a tracked cube: `rubik_problem!(Cubes, State)` implements it for
/// `Cubes<'_, V>`, a struct with a field `rubik` ([`Rubik`]) and a method `play` (a turn played
/// on a state, its cube and its indices), on `State<V>`, a struct with a field `cube`:
/// [`Rubik`]'s moves, their order and its pruning on the state's cube, a turn undone by playing
/// its inverse, the goal the solved cube. [`Tracked`] and
/// [`TrackedGroups`](super::tracked_groups::TrackedGroups) are searched alike.
///
/// [`Rubik`]: crate::Rubik
macro_rules! rubik_problem {
    ($problem:ident, $state:ident) => {
        impl<const V: usize> search_core::Problem for $problem<'_, V> {
            type State = $state<V>;
            type Move = crate::Turn;
            type Cost = u8;
            type Moves<'b>
                = &'static [crate::Turn]
            where
                Self: 'b;

            /// [`Rubik`](crate::Rubik)'s: all 18 but those its pruning forbids, in the order
            /// of [`Turn::ALL`](crate::Turn::ALL).
            #[inline]
            fn moves(&self, state: &$state<V>) -> &'static [crate::Turn] {
                self.rubik.moves(&state.cube)
            }

            // The search's loop, whole (see `Tracked::turned`); clippy does not look into macros.
            #[inline(always)]
            fn apply(&self, state: &mut $state<V>, turn: crate::Turn) {
                self.play(state, turn);
            }

            // The search's loop, whole (see `Tracked::turned`); clippy does not look into macros.
            #[inline(always)]
            fn undo(&self, state: &mut $state<V>, turn: crate::Turn) {
                self.play(state, turn.inverse());
            }

            /// A turn taken back by hand is the cube's cubies moved again and each index
            /// looked up again in its move table; the state is a few words to copy.
            #[inline]
            fn undo_by_copy(&self) -> bool {
                true
            }

            #[inline]
            fn inverse(&self, turn: crate::Turn) -> Option<crate::Turn> {
                Some(turn.inverse())
            }

            /// [`Rubik`](crate::Rubik)'s pruning.
            #[inline]
            fn may_follow(&self, previous: crate::Turn, turn: crate::Turn) -> bool {
                self.rubik.may_follow(previous, turn)
            }

            #[inline]
            fn is_goal(&self, state: &$state<V>) -> bool {
                state.cube.is_solved()
            }
        }
    };
}

pub(super) use rubik_problem;

rubik_problem!(Tracked, TrackedCube);

/// [`Korf`]'s bound as a [`TrackedCube`] carries it: the largest of the three databases'
/// distances at its indices (and of the edge groups' at each view's); for a child, priced from
/// the parent's indices without making the move, the corners first, then the edges, then the
/// views'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrackedBound;

impl<'a, const V: usize> Heuristic<Tracked<'a, V>> for TrackedBound {
    #[inline]
    fn stops_early(&self) -> bool {
        true
    }

    #[inline]
    fn estimate(&self, tracked: &Tracked<'a, V>, state: &TrackedCube<V>) -> u8 {
        let [corners, first, last] =
            [0, 1, 2].map(|table| tracked.distance(table, state.index[table]));
        let views = state
            .views
            .iter()
            .flat_map(|view| [tracked.distance(1, view[0]), tracked.distance(2, view[1])]);
        views.fold(corners.max(first).max(last), u8::max)
    }

    #[inline]
    fn estimate_child(
        &self,
        tracked: &Tracked<'a, V>,
        parent: &TrackedCube<V>,
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
        tracked: &Tracked<'a, V>,
        parent: &TrackedCube<V>,
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
        bound = bound.max(tracked.distance(2, tracked.turned(&parent.index, 2, turn)));
        for view in 0..V {
            if bound >= enough {
                return Some(bound);
            }
            let first = tracked.view_turned(&parent.views, view, 0, turn);
            bound = bound.max(tracked.distance(1, first));
            if bound >= enough {
                return Some(bound);
            }
            let last = tracked.view_turned(&parent.views, view, 1, turn);
            bound = bound.max(tracked.distance(2, last));
        }
        Some(bound)
    }

    /// Starts loading what pricing the children reads: the edge groups' rows of the move table
    /// (the views' too), then each child's entries in the three databases (and the views'), as
    /// [`GroupsBound`](super::tracked_groups::GroupsBound) does.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (see `Tracked::turned`)")]
    #[inline(always)]
    fn prefetch_children(&self, tracked: &Tracked<'a, V>, parent: &TrackedCube<V>) {
        let edge_ranks = parent.index[1..].iter().chain(parent.views.iter().flatten());
        for &rank in edge_ranks {
            tracked.edges.prefetch(rank as usize);
        }
        for turn in Turn::ALL {
            for table in 0..3 {
                let index = tracked.turned(&parent.index, table, turn);
                tracked.korf.tables[table].prefetch(index as usize);
            }
            for view in 0..V {
                for group in 0..2 {
                    let index = tracked.view_turned(&parent.views, view, group, turn);
                    tracked.korf.tables[1 + group].prefetch(index as usize);
                }
            }
        }
    }
}

/// An observer of [`Rubik`]'s search watching the same search on tracked cubes ([`Tracked`]'s,
/// [`TrackedGroups`](super::tracked_groups::TrackedGroups)'): it is shown each node's cube. How
/// a trace written for [`Rubik`] watches the fast search.
///
/// [`Rubik`]: crate::Rubik
pub struct OnCubes<O>(pub O);

impl<P, O> Observer<P> for OnCubes<O>
where
    P: Problem<Move = Turn, Cost = u8>,
    P::State: TrackedState,
    O: Observer<Rubik>,
{
    #[inline]
    fn iteration_started(&mut self, bound: u8) {
        self.0.iteration_started(bound);
    }

    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, P>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_expanded(&Node { state: state.cube(), depth, via, g, h });
    }

    #[inline]
    fn node_queued(&mut self, node: &Node<'_, P>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_queued(&Node { state: state.cube(), depth, via, g, h });
    }

    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        let Pruned { parent, depth, via, g, h } = *child;
        self.0.child_pruned(&Pruned { parent: parent.cube(), depth, via, g, h });
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

    #[test]
    fn the_views_indices_follow_the_rotated_cube() {
        let korf = zeros();
        let tracked = Tracked::with_views(&korf, [Rotation::URF_THIRD, Rotation::URF_TWO_THIRDS]);
        let mut state = tracked.start(&Cube::solved());
        let mut cube = Cube::solved();
        for (step, &turn) in Turn::ALL.iter().cycle().step_by(5).take(40).enumerate() {
            tracked.apply(&mut state, turn);
            cube.turn(turn);
            assert_eq!(state, tracked.start(&cube), "step {step}");
        }
        assert_ne!(state.views[0], state.index[1..]);
    }
}
