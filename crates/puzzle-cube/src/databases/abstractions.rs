//! The abstractions Korf's databases are built over, and the ranks of a cube in them:
//! [`Corners`] (every corner, where and how twisted: 8! · 3⁷ = 88,179,840 ranks) and
//! [`Edges`] (where some of the edges are and whether flipped: for six of the twelve,
//! 12!/6! · 2⁶ = 42,577,920 ranks; for seven, 510,935,040).
//!
//! A turn of the cube is a turn of each abstraction, and every turn has its inverse among the
//! 18, so an abstract state's predecessors are its successors: the builders walk the 18 turns
//! from each rank.

use search_core::pattern_database::Abstraction;
use search_core::ranking::{PartialPermutationRanking, PermutationRanking};

use crate::{Cube, Turn};

/// 3⁷: the twists of seven corners (the eighth's follows).
const TWISTS: usize = 2187;

/// Where every corner is and how it is twisted, ranked as the permutation of the corner cubies
/// (place by place) times 3⁷, plus the twists of the first seven places in base 3.
#[derive(Clone, Copy, Debug)]
pub struct Corners {
    ranking: PermutationRanking,
}

impl Corners {
    /// The abstraction.
    #[must_use]
    pub fn new() -> Corners {
        Corners { ranking: PermutationRanking::new(8) }
    }

    /// The rank of corners kept as [`Cube`]'s are (`cubie + 8 * twist` per place).
    #[must_use]
    #[inline]
    pub fn rank_of(&self, corners: &[u8; 8]) -> usize {
        let cubies = corners.map(|c| c & 7);
        let mut twists = 0;
        for &corner in corners[..7].iter().rev() {
            twists = twists * 3 + usize::from(corner >> 3);
        }
        self.ranking.rank(&cubies) * TWISTS + twists
    }

    /// The corners of rank `rank`.
    #[must_use]
    pub fn corners_of(&self, rank: usize) -> [u8; 8] {
        let mut corners = [0; 8];
        self.ranking.unrank(rank / TWISTS, &mut corners);
        let mut twists = rank % TWISTS;
        let mut total = 0;
        for corner in &mut corners[..7] {
            #[expect(clippy::cast_possible_truncation, reason = "a digit in base 3")]
            let twist = (twists % 3) as u8;
            twists /= 3;
            total += twist;
            *corner |= twist << 3;
        }
        corners[7] |= ((3 - total % 3) % 3) << 3;
        corners
    }

    /// The rank of `cube`'s corners.
    #[must_use]
    #[inline]
    pub fn rank(&self, cube: &Cube) -> usize {
        self.rank_of(&cube.corners)
    }
}

impl Default for Corners {
    fn default() -> Corners {
        Corners::new()
    }
}

impl Abstraction for Corners {
    fn size(&self) -> usize {
        self.ranking.count() * TWISTS
    }

    fn goals(&self) -> Vec<usize> {
        vec![self.rank(&Cube::solved())]
    }

    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let corners = self.corners_of(rank);
        for turn in Turn::ALL {
            let mut cube = Cube { corners, edges: Cube::solved().edges };
            cube.turn_corners(turn);
            visit(self.rank_of(&cube.corners));
        }
    }
}

/// Where the edge cubies `first..first + count` are and whether each is flipped, the other
/// edges forgotten: ranked as the places of the cubies in order (a partial permutation of the 12
/// places) times 2^count, plus their flips as bits.
#[derive(Clone, Copy, Debug)]
pub struct Edges {
    first: u8,
    count: u8,
    ranking: PartialPermutationRanking,
    /// For each turn and place, the place the turn takes that place's cubie to, and whether it
    /// flips it (16).
    moves: [[u8; 12]; 18],
}

impl Edges {
    /// The edge cubies `first..first + count` (at most 8 of them, within the 12).
    ///
    /// # Panics
    ///
    /// If `count` is 0 or above 8, or the cubies go past the twelfth.
    #[must_use]
    pub fn new(first: u8, count: u8) -> Edges {
        assert!(
            (1..=8).contains(&count) && first + count <= 12,
            "edges {first}..{}",
            first + count
        );
        let mut moves = [[0; 12]; 18];
        for turn in Turn::ALL {
            let cube = Cube::of_turn(turn);
            for (place, &edge) in cube.edges.iter().enumerate() {
                #[expect(clippy::cast_possible_truncation, reason = "places are below 12")]
                let to = place as u8;
                moves[turn.index()][usize::from(edge & 15)] = to | (edge & 16);
            }
        }
        let ranking = PartialPermutationRanking::new(12, usize::from(count));
        Edges { first, count, ranking, moves }
    }

    /// Korf's first group of six edges: `UR UF UL UB DR DF`.
    #[must_use]
    pub fn first_six() -> Edges {
        Edges::new(0, 6)
    }

    /// Korf's second group of six edges: `DL DB FR FL BL BR`.
    #[must_use]
    pub fn last_six() -> Edges {
        Edges::new(6, 6)
    }

    /// Seven edges, `UR UF UL UB DR DF DL`: the seven edges' database's group.
    #[must_use]
    pub fn seven() -> Edges {
        Edges::new(0, 7)
    }

    /// Eight edges, `UR UF UL UB DR DF DL DB` (the `U` and `D` layers'): the eight edges'
    /// database's group.
    #[must_use]
    pub fn eight() -> Edges {
        Edges::new(0, 8)
    }

    /// The first cubie of the group, and how many there are.
    #[must_use]
    pub fn cubies(&self) -> (u8, u8) {
        (self.first, self.count)
    }

    /// The rank of the group's places (`places[i]` of cubie `first + i`) and flips (bit `i`).
    #[must_use]
    #[inline]
    fn rank_of(&self, places: &[u8], flips: usize) -> usize {
        (self.ranking.rank(places) << self.count) | flips
    }

    /// The rank of `cube`'s edges of the group.
    #[must_use]
    #[inline]
    pub fn rank(&self, cube: &Cube) -> usize {
        let mut places = [0; 8];
        let mut flips = 0;
        for (place, &edge) in cube.edges.iter().enumerate() {
            let slot = (edge & 15).wrapping_sub(self.first);
            if slot < self.count {
                #[expect(clippy::cast_possible_truncation, reason = "places are below 12")]
                let place = place as u8;
                places[usize::from(slot)] = place;
                flips |= usize::from(edge >> 4) << slot;
            }
        }
        self.rank_of(&places[..usize::from(self.count)], flips)
    }
}

impl Edges {
    /// A cube whose edges of the group are as `rank` says (the group's [`rank`](Edges::rank) of
    /// it is `rank`), the other edges in the places left in order, unflipped, and the corners
    /// home: a cube to search from for the group's distance, not always one a cube can reach
    /// (the other edges' order or flips may be impossible, which the group does not see).
    ///
    /// # Panics
    ///
    /// If `rank` is not below the abstraction's size.
    #[must_use]
    pub fn cube_of(&self, rank: usize) -> Cube {
        assert!(rank < self.size(), "rank {rank} of {}", self.size());
        let count = usize::from(self.count);
        let mut places = [0; 8];
        self.ranking.unrank(rank >> count, &mut places[..count]);
        let mut edges = [u8::MAX; 12];
        for (slot, &place) in places[..count].iter().enumerate() {
            #[expect(clippy::cast_possible_truncation, reason = "slots below 8")]
            let cubie = self.first + slot as u8;
            let flip = u8::from(rank >> slot & 1 == 1);
            edges[usize::from(place)] = cubie | flip << 4;
        }
        let mut others =
            (0..12).filter(|cubie| !(self.first..self.first + self.count).contains(cubie));
        for edge in &mut edges {
            if *edge == u8::MAX {
                *edge = others.next().expect("as many places left as cubies");
            }
        }
        Cube { corners: Cube::solved().corners, edges }
    }
}

impl Abstraction for Edges {
    fn size(&self) -> usize {
        self.ranking.count() << self.count
    }

    fn goals(&self) -> Vec<usize> {
        vec![self.rank(&Cube::solved())]
    }

    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let count = usize::from(self.count);
        let mut places = [0; 8];
        self.ranking.unrank(rank >> count, &mut places[..count]);
        let flips = rank & ((1 << count) - 1);
        for moves in &self.moves {
            let mut moved = [0; 8];
            let mut moved_flips = flips;
            for (slot, &place) in places[..count].iter().enumerate() {
                let to = moves[usize::from(place)];
                moved[slot] = to & 15;
                moved_flips ^= usize::from(to >> 4) << slot;
            }
            visit(self.rank_of(&moved[..count], moved_flips));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `after` is among the predecessors (the successors) of `before`.
    fn follows(abstraction: &dyn Abstraction, before: usize, after: usize) -> bool {
        let mut found = false;
        abstraction.predecessors(before, &mut |next| found |= next == after);
        found
    }

    #[test]
    fn ranks_are_read_back_and_follow_the_turns() {
        let corners = Corners::new();
        let (first, last) = (Edges::first_six(), Edges::last_six());
        assert_eq!(corners.size(), 88_179_840);
        assert_eq!(first.size(), 42_577_920);
        assert_eq!(Edges::new(0, 7).size(), 510_935_040);
        let mut cube = Cube::solved();
        for (step, &turn) in Turn::ALL.iter().cycle().step_by(7).take(40).enumerate() {
            let before = cube;
            cube.turn(turn);
            assert_eq!(corners.corners_of(corners.rank(&cube)), cube.corners, "step {step}");
            assert!(follows(&corners, corners.rank(&before), corners.rank(&cube)), "{step}");
            assert!(follows(&first, first.rank(&before), first.rank(&cube)), "{step}");
            assert!(follows(&last, last.rank(&before), last.rank(&cube)), "{step}");
        }
        assert!(cube != Cube::solved());
        for group in [first, last, Edges::new(0, 7), Edges::new(5, 7)] {
            for rank in (0..group.size()).step_by(99_991) {
                assert_eq!(group.rank(&group.cube_of(rank)), rank);
            }
        }
    }
}
