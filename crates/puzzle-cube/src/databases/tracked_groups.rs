//! An edge group's bound at full speed: [`TrackedGroups`], the cube whose states carry the
//! corners' index and an edge group's index for each view of it ([`TrackedGroupsCube`]), and
//! [`GroupsBound`], the heuristic that reads them: the largest of the corners' distance
//! ([`Korf`]'s table) and the group's ([`EdgeDatabase`]) for the cube seen through each
//! rotation. The seven edges are read through [`SEVEN_VIEWS`] (two views, the identity and
//! [`Rotation::X`], covering all twelve edges) or [`SEVEN_VIEWS_4`]; the eight edges through
//! [`EIGHT_VIEWS`] (each pair of opposite layers' edges).
//!
//! As [`Tracked`](super::tracked::Tracked): a turn changes each index by a table read, the
//! corners' look-up comes first, a view's only while the bound so far does not cut the child
//! off, and the cube itself is turned for a child kept; the moves, order and pruning are
//! [`Rubik`]'s. The group's ranks (above 2³² for eight edges) are kept in `usize`s and turned by
//! a [`GroupMoves`] table (359 MB for seven edges, 1.8 GB for eight), made in seconds on every
//! core.
//!
//! [`Rubik`]: crate::Rubik
//! [`Rotation::X`]: crate::Rotation::X

use search_core::Heuristic;

use super::move_tables::{CornerMoves, GroupMoves};
use super::tracked::{TrackedState, rubik_problem};
use super::{EdgeDatabase, Korf};
use crate::{Cube, Rotation, Rubik, Turn};

/// A cube with its corners' index into [`Korf`]'s table and its edge group's index for each
/// of `V` views of it ([`Rotation::view`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackedGroupsCube<const V: usize> {
    cube: Cube,
    corners: u32,
    edges: [usize; V],
}

impl<const V: usize> TrackedState for TrackedGroupsCube<V> {
    #[inline]
    fn cube(&self) -> &Cube {
        &self.cube
    }
}

/// The 3x3x3 cube searched with the corners' and an edge group's databases, the group read for
/// `V` views of the cube: [`Rubik`]'s moves, order and pruning on [`TrackedGroupsCube`]s. Search
/// it with [`GroupsBound`].
///
/// [`Rubik`]: crate::Rubik
#[derive(Clone, Debug)]
pub struct TrackedGroups<'a, const V: usize> {
    korf: &'a Korf,
    group: &'a EdgeDatabase,
    corners: CornerMoves,
    edges: GroupMoves,
    rubik: Rubik,
    rotations: [Rotation; V],
    /// For each view, the turn each turn is seen as (`[view][turn]`).
    view_turns: [[Turn; 18]; V],
}

/// The views of the seven edges for `korf7-2`: the cube as it is and turned by
/// [`Rotation::X`], the two groups of seven edges covering all twelve.
pub const SEVEN_VIEWS: [Rotation; 2] = [Rotation::IDENTITY, Rotation::X];

/// The views of `korf7`, four views of the seven edges: [`SEVEN_VIEWS`], and the cube turned by
/// a quarter turn about the `F`-`B` axis ([`Rotation::Z`]) and the other way about the `R`-`L`
/// axis ([`Rotation::X_INVERSE`]): more groups of seven, at two more look-ups.
pub const SEVEN_VIEWS_4: [Rotation; 4] =
    [Rotation::IDENTITY, Rotation::X, Rotation::Z, Rotation::X_INVERSE];

/// The views of `korf8`: the cube as it is (the `U` and `D` layers' eight edges), seen
/// through [`Rotation::X`] (the `F` and `B` layers') and through [`Rotation::Z`] (the `R` and
/// `L` layers'): every edge in two of the three groups.
pub const EIGHT_VIEWS: [Rotation; 3] = [Rotation::IDENTITY, Rotation::X, Rotation::Z];

impl<'a, const V: usize> TrackedGroups<'a, V> {
    /// The cube with the corners' index (`korf`'s table) and `group`'s index of the cube seen
    /// through each of `rotations` tracked (the move tables made here, on `threads` threads, 0
    /// for every core: seconds).
    #[must_use]
    pub fn new(
        korf: &'a Korf,
        group: &'a EdgeDatabase,
        rotations: [Rotation; V],
        threads: usize,
    ) -> Self {
        let view_turns = rotations.map(|rotation| Turn::ALL.map(|turn| rotation.turn(turn)));
        Self {
            korf,
            group,
            corners: CornerMoves::new(),
            edges: GroupMoves::new(*group.edges(), threads),
            rubik: Rubik::new(),
            rotations,
            view_turns,
        }
    }

    /// `cube` with its indices.
    ///
    /// # Panics
    ///
    /// Never: the corners' ranks are below 2³².
    #[must_use]
    pub fn start(&self, cube: &Cube) -> TrackedGroupsCube<V> {
        let corners = u32::try_from(self.korf.corners.rank(cube)).expect("ranks below 2^32");
        let edges = self.rotations.map(|rotation| self.group.edges().rank(&rotation.view(cube)));
        TrackedGroupsCube { cube: *cube, corners, edges }
    }

    /// The corners' index after `turn`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn corners_turned(&self, index: u32, turn: Turn) -> u32 {
        #[expect(clippy::cast_possible_truncation, reason = "ranks below 2^32")]
        let next = self.corners.turned(index as usize, turn) as u32;
        next
    }

    /// View `view`'s edge group's index after `turn`.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn edges_turned(&self, edges: &[usize; V], view: usize, turn: Turn) -> usize {
        self.edges.turned(edges[view], self.view_turns[view][turn.index()])
    }

    /// Plays `turn` on the cube and its indices.
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn play(&self, state: &mut TrackedGroupsCube<V>, turn: Turn) {
        state.corners = self.corners_turned(state.corners, turn);
        state.edges = std::array::from_fn(|view| self.edges_turned(&state.edges, view, turn));
        state.cube.turn(turn);
    }
}

rubik_problem!(TrackedGroups, TrackedGroupsCube);

/// The largest of the corners' distance and each view's edge group's distance; for a child,
/// priced from the parent's indices without making the move, the corners first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupsBound;

impl<'a, const V: usize> Heuristic<TrackedGroups<'a, V>> for GroupsBound {
    #[inline]
    fn stops_early(&self) -> bool {
        true
    }

    #[inline]
    fn estimate(&self, tracked: &TrackedGroups<'a, V>, state: &TrackedGroupsCube<V>) -> u8 {
        let corners = tracked.korf.tables[0].distance(state.corners as usize);
        state.edges.iter().map(|&rank| tracked.group.distance(rank)).fold(corners, u8::max)
    }

    #[inline]
    fn estimate_child(
        &self,
        tracked: &TrackedGroups<'a, V>,
        parent: &TrackedGroupsCube<V>,
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
        tracked: &TrackedGroups<'a, V>,
        parent: &TrackedGroupsCube<V>,
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
            bound = bound.max(tracked.group.distance(edges));
        }
        Some(bound)
    }

    /// Starts loading what pricing the children reads: each view's row of the edge group's move
    /// table, then each child's entries (the corners' and every view's edges'), whether or not
    /// pricing reaches them. The loads then overlap, where pricing child after child waited on
    /// each in turn: the superflip's iterations take 0.59 of the time on two threads
    /// (`docs/performance.md`).
    #[expect(clippy::inline_always, reason = "the search's loop, whole (as `Tracked`'s)")]
    #[inline(always)]
    fn prefetch_children(&self, tracked: &TrackedGroups<'a, V>, parent: &TrackedGroupsCube<V>) {
        for &rank in &parent.edges {
            tracked.edges.prefetch(rank);
        }
        for turn in Turn::ALL {
            let corners = tracked.corners_turned(parent.corners, turn);
            tracked.korf.tables[0].prefetch(corners as usize);
            for view in 0..V {
                tracked.group.prefetch(tracked.edges_turned(&parent.edges, view, turn));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use search_core::pattern_database::{Abstraction, PatternDatabase};
    use search_core::{Blind, IdaStar, Problem};

    use super::*;
    use crate::{Edges, Nibbles};

    /// Korf's tables with every distance 0, and a table of four edges (a small group: the
    /// tracking is the same for eight) built for real, or every distance 0 too.
    fn tables(real: bool) -> (Korf, EdgeDatabase) {
        let (corners, first, last) = Korf::abstractions();
        let zero = |size: usize| Nibbles::from_bytes(vec![0; size.div_ceil(2)], size).unwrap();
        let korf = Korf::from_tables([corners.size(), first.size(), last.size()].map(zero));
        let group = Edges::new(0, 4);
        let table = if real {
            Nibbles::pack(&PatternDatabase::builder().build(&GroupMoves::new(group, 2)))
        } else {
            zero(group.size())
        };
        (korf.unwrap(), EdgeDatabase::from_table(group, table).unwrap())
    }

    #[test]
    fn the_indices_follow_the_cube_and_its_views_turn_by_turn_and_back() {
        let (korf, eight) = tables(false);
        let tracked = TrackedGroups::new(&korf, &eight, EIGHT_VIEWS, 2);
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

    /// For each of `rotations`, the edges the group `edges` holds in that view. Flipping two
    /// edges in place is a cube; it changes a view's rank if the view's group holds either. So
    /// the group holds edge `e` if flipping `e` with any other changes the rank (with one it does
    /// not hold, it would not).
    fn held(edges: Edges, rotations: &[Rotation]) -> Vec<[bool; 12]> {
        let rank = |cube: &Cube, view: usize| edges.rank(&rotations[view].view(cube));
        let flipped = |a: usize, b: usize| {
            let mut cube = Cube::solved();
            cube.edges[a] ^= 16;
            cube.edges[b] ^= 16;
            cube
        };
        (0..rotations.len())
            .map(|view| {
                let solved = rank(&Cube::solved(), view);
                std::array::from_fn(|e| {
                    (0..12).filter(|&f| f != e).all(|f| rank(&flipped(e, f), view) != solved)
                })
            })
            .collect()
    }

    #[test]
    fn the_three_views_groups_hold_each_edge_twice() {
        let held = held(Edges::eight(), &EIGHT_VIEWS);
        // As is: the `U` and `D` layers' edges, `UR UF UL UB DR DF DL DB`.
        let first = [true, true, true, true, true, true, true, true, false, false, false, false];
        assert_eq!(held[0], first);
        for e in 0..12 {
            assert_eq!(held.iter().filter(|view| view[e]).count(), 2, "edge {e}");
        }
    }

    #[test]
    fn the_two_views_groups_cover_every_edge() {
        let held = held(Edges::seven(), &SEVEN_VIEWS);
        let first = [true, true, true, true, true, true, true, false, false, false, false, false];
        assert_eq!(held[0], first);
        // The view holds `FR DF FL UF BR DB BL`.
        let second = [false, true, false, false, false, true, false, true, true, true, true, true];
        assert_eq!(held[1], second);
    }

    #[test]
    fn the_bound_finds_the_lengths_a_blind_search_finds() {
        let (korf, eight) = tables(true);
        let tracked = TrackedGroups::new(&korf, &eight, EIGHT_VIEWS, 2);
        let rubik = crate::Rubik::new();
        for (case, scramble) in
            ["R U F'", "F2 L D' B", "U R2 F' D L2", "B' D2 R U' F"].iter().enumerate()
        {
            let mut cube = Cube::solved();
            for turn in scramble.split(' ') {
                cube.turn(turn.parse().unwrap());
            }
            let bounded = IdaStar::new(&tracked, &GroupsBound).run(&tracked.start(&cube));
            let blind = IdaStar::new(&rubik, &Blind).run(&cube);
            let length = |moves: Option<usize>| moves.expect("solved");
            assert_eq!(
                length(bounded.outcome.solution().map(|s| s.moves.len())),
                length(blind.outcome.solution().map(|s| s.moves.len())),
                "case {case}"
            );
            assert!(bounded.stats.generated < blind.stats.generated, "case {case}");
        }
    }
}
