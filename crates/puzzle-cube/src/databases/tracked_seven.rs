//! The seven edges' bound at full speed: [`TrackedSeven`], the cube whose states carry the
//! corners' index and the seven edges' index for each view of it ([`TrackedSevenCube`]), and
//! [`SevenBound`], the heuristic that reads them: the largest of the corners' distance
//! ([`Korf`]'s table) and the seven edges' ([`SevenEdges`]) for the cube seen through each
//! rotation, the identity and [`Rotation::X`] covering all twelve edges.
//!
//! As [`Tracked`](super::tracked::Tracked): a turn changes each index by a table read, the
//! corners' look-up comes first, a view's only while the bound so far does not cut the child
//! off, and the cube itself is turned for a child kept; the moves, order and pruning are
//! [`Rubik`]'s. The seven edges' move table is 287 MB (3,991,680 placements, 18 turns, 4 bytes),
//! made in a few seconds.
//!
//! [`Rubik`]: crate::Rubik
//! [`Rotation::X`]: crate::Rotation::X

use search_core::{Heuristic, IterationStats, Node, Observer, Problem, Pruned};

use super::move_tables::{CornerMoves, EdgeMoves};
use super::tracked::OnCubes;
use super::{Korf, SevenEdges};
use crate::{Cube, Rotation, Rubik, Turn};

/// A cube with its corners' index into [`Korf`]'s table and its seven edges' index for each
/// of `V` views of it ([`Rotation::view`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackedSevenCube<const V: usize> {
    cube: Cube,
    corners: u32,
    edges: [u32; V],
}

impl<const V: usize> TrackedSevenCube<V> {
    /// The cube.
    #[must_use]
    pub fn cube(&self) -> &Cube {
        &self.cube
    }
}

/// The 3x3x3 cube searched with the corners' and the seven edges' databases: [`Rubik`]'s
/// moves, order and pruning on [`TrackedSevenCube`]s. Search it with [`SevenBound`].
///
/// [`Rubik`]: crate::Rubik
#[derive(Clone, Debug)]
pub struct TrackedSeven<'a, const V: usize> {
    korf: &'a Korf,
    seven: &'a SevenEdges,
    corners: CornerMoves,
    edges: EdgeMoves,
    rubik: Rubik,
    rotations: [Rotation; V],
    /// For each view, the turn each turn is seen as (`[view][turn]`).
    view_turns: [[Turn; 18]; V],
}

/// The views of `korf7`: the cube as it is and turned by [`Rotation::X`], the two groups of
/// seven edges covering all twelve.
pub const SEVEN_VIEWS: [Rotation; 2] = [Rotation::IDENTITY, Rotation::X];

/// Four views of the seven edges: [`SEVEN_VIEWS`], and the cube turned by a quarter turn about
/// the `F`-`B` axis ([`Rotation::Z`]) and the other way about the `R`-`L` axis
/// ([`Rotation::X_INVERSE`]): more groups of seven, at two more look-ups.
pub const SEVEN_VIEWS_4: [Rotation; 4] =
    [Rotation::IDENTITY, Rotation::X, Rotation::Z, Rotation::X_INVERSE];

impl<'a, const V: usize> TrackedSeven<'a, V> {
    /// The cube with the corners' index (`korf`'s table) and the seven edges' index of the
    /// cube seen through each of `rotations` tracked (the move tables made here: seconds).
    #[must_use]
    pub fn new(korf: &'a Korf, seven: &'a SevenEdges, rotations: [Rotation; V]) -> Self {
        let view_turns = rotations.map(|rotation| Turn::ALL.map(|turn| rotation.turn(turn)));
        Self {
            korf,
            seven,
            corners: CornerMoves::new(),
            edges: EdgeMoves::new(*seven.edges()),
            rubik: Rubik::new(),
            rotations,
            view_turns,
        }
    }

    /// `cube` with its indices.
    ///
    /// # Panics
    ///
    /// Never: the ranks are below 2³².
    #[must_use]
    pub fn start(&self, cube: &Cube) -> TrackedSevenCube<V> {
        let narrow = |rank: usize| u32::try_from(rank).expect("ranks below 2^32");
        let corners = narrow(self.korf.corners.rank(cube));
        let edges =
            self.rotations.map(|rotation| narrow(self.seven.edges().rank(&rotation.view(cube))));
        TrackedSevenCube { cube: *cube, corners, edges }
    }

    /// The corners' index after `turn`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn corners_turned(&self, index: u32, turn: Turn) -> u32 {
        #[expect(clippy::cast_possible_truncation, reason = "ranks below 2^32")]
        let next = self.corners.turned(index as usize, turn) as u32;
        next
    }

    /// View `view`'s seven edges' index after `turn`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn edges_turned(&self, edges: &[u32; V], view: usize, turn: Turn) -> u32 {
        let turn = self.view_turns[view][turn.index()];
        #[expect(clippy::cast_possible_truncation, reason = "ranks below 2^32")]
        let next = self.edges.turned(edges[view] as usize, turn) as u32;
        next
    }

    /// Plays `turn` on the cube and its indices.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn play(&self, state: &mut TrackedSevenCube<V>, turn: Turn) {
        state.corners = self.corners_turned(state.corners, turn);
        state.edges = std::array::from_fn(|view| self.edges_turned(&state.edges, view, turn));
        state.cube.turn(turn);
    }
}

impl<const V: usize> Problem for TrackedSeven<'_, V> {
    type State = TrackedSevenCube<V>;
    type Move = Turn;
    type Cost = u8;
    type Moves<'b>
        = &'static [Turn]
    where
        Self: 'b;

    #[inline]
    fn moves(&self, state: &TrackedSevenCube<V>) -> &'static [Turn] {
        self.rubik.moves(&state.cube)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn apply(&self, state: &mut TrackedSevenCube<V>, turn: Turn) {
        self.play(state, turn);
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn undo(&self, state: &mut TrackedSevenCube<V>, turn: Turn) {
        self.play(state, turn.inverse());
    }

    #[inline]
    fn inverse(&self, turn: Turn) -> Option<Turn> {
        Some(turn.inverse())
    }

    #[inline]
    fn may_follow(&self, previous: Turn, turn: Turn) -> bool {
        self.rubik.may_follow(previous, turn)
    }

    #[inline]
    fn is_goal(&self, state: &TrackedSevenCube<V>) -> bool {
        state.cube.is_solved()
    }
}

/// The largest of the corners' distance and each view's seven edges' distance; for a child,
/// priced from the parent's indices without making the move, the corners first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SevenBound;

impl<'a, const V: usize> Heuristic<TrackedSeven<'a, V>> for SevenBound {
    #[inline]
    fn stops_early(&self) -> bool {
        true
    }

    #[inline]
    fn estimate(&self, tracked: &TrackedSeven<'a, V>, state: &TrackedSevenCube<V>) -> u8 {
        let corners = tracked.korf.tables[0].distance(state.corners as usize);
        state.edges.iter().map(|&rank| tracked.seven.distance(rank as usize)).fold(corners, u8::max)
    }

    #[inline]
    fn estimate_child(
        &self,
        tracked: &TrackedSeven<'a, V>,
        parent: &TrackedSevenCube<V>,
        turn: Turn,
        _: u8,
    ) -> Option<u8> {
        self.estimate_child_until(tracked, parent, turn, 0, 0)
    }

    /// The corners' look-up first; each view's only while the largest so far is below `enough`
    /// (0: every look-up, the exact bound).
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn estimate_child_until(
        &self,
        tracked: &TrackedSeven<'a, V>,
        parent: &TrackedSevenCube<V>,
        turn: Turn,
        _: u8,
        enough: u8,
    ) -> Option<u8> {
        let enough = if enough == 0 { u8::MAX } else { enough };
        let corners = tracked.corners_turned(parent.corners, turn);
        let mut bound = tracked.korf.tables[0].distance(corners as usize);
        for view in 0..V {
            if bound >= enough {
                return Some(bound);
            }
            let edges = tracked.edges_turned(&parent.edges, view, turn);
            bound = bound.max(tracked.seven.distance(edges as usize));
        }
        Some(bound)
    }
}

/// An observer of [`Rubik`]'s search watching the search on [`TrackedSevenCube`]s: it is shown
/// each node's cube, as for [`Tracked`](super::tracked::Tracked).
///
/// [`Rubik`]: crate::Rubik
impl<'a, O: Observer<Rubik>, const V: usize> Observer<TrackedSeven<'a, V>> for OnCubes<O> {
    #[inline]
    fn iteration_started(&mut self, bound: u8) {
        self.0.iteration_started(bound);
    }

    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, TrackedSeven<'a, V>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_expanded(&Node { state: &state.cube, depth, via, g, h });
    }

    #[inline]
    fn node_queued(&mut self, node: &Node<'_, TrackedSeven<'a, V>>) {
        let Node { state, depth, via, g, h } = *node;
        self.0.node_queued(&Node { state: &state.cube, depth, via, g, h });
    }

    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, TrackedSeven<'a, V>>) {
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

    /// Tables of the right sizes with every distance 0, for tracking the indices without
    /// building the databases.
    fn zeros() -> (Korf, SevenEdges) {
        let (corners, first, last) = Korf::abstractions();
        let zero = |size: usize| Nibbles::from_bytes(vec![0; size.div_ceil(2)], size).unwrap();
        let korf = Korf::from_tables([corners.size(), first.size(), last.size()].map(zero));
        let seven = SevenEdges::from_table(zero(SevenEdges::abstraction().size()));
        (korf.unwrap(), seven.unwrap())
    }

    #[test]
    fn the_indices_follow_the_cube_and_its_views_turn_by_turn_and_back() {
        let (korf, seven) = zeros();
        let tracked = TrackedSeven::new(&korf, &seven, SEVEN_VIEWS);
        let mut state = tracked.start(&Cube::solved());
        let mut cube = Cube::solved();
        let mut path = Vec::new();
        for (step, &turn) in Turn::ALL.iter().cycle().step_by(7).take(60).enumerate() {
            tracked.apply(&mut state, turn);
            cube.turn(turn);
            path.push(turn);
            assert_eq!(state, tracked.start(&cube), "step {step}");
        }
        assert_ne!(state.edges[0], state.edges[1]);
        for &turn in path.iter().rev() {
            tracked.undo(&mut state, turn);
        }
        assert_eq!(state, tracked.start(&Cube::solved()));
        assert!(tracked.is_goal(&state));
    }

    #[test]
    fn the_two_views_groups_cover_every_edge() {
        // Flipping two edges in place is a cube; it changes a view's rank if the view's group
        // holds either. So the group holds edge `e` if flipping `e` with any other changes the
        // rank (with one of the five it does not hold, it would not).
        let edges = SevenEdges::abstraction();
        let ranks = |cube: &Cube| SEVEN_VIEWS.map(|rotation| edges.rank(&rotation.view(cube)));
        let solved = ranks(&Cube::solved());
        let flipped = |a: usize, b: usize| {
            let mut cube = Cube::solved();
            cube.edges[a] ^= 16;
            cube.edges[b] ^= 16;
            ranks(&cube)
        };
        let covered: Vec<[bool; 12]> = (0..2)
            .map(|view| {
                std::array::from_fn(|e| {
                    (0..12).filter(|&f| f != e).all(|f| flipped(e, f)[view] != solved[view])
                })
            })
            .collect();
        let first = [true, true, true, true, true, true, true, false, false, false, false, false];
        assert_eq!(covered[0], first);
        // The view holds `FR DF FL UF BR DB BL`.
        let second = [false, true, false, false, false, true, false, true, true, true, true, true];
        assert_eq!(covered[1], second);
    }
}
