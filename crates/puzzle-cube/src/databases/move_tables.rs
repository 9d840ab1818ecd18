//! Korf's abstractions with their turns precomputed (Kociemba-style coordinates):
//! [`CornerMoves`] and [`EdgeMoves`], the same ranks and the same successors as [`Corners`] and
//! [`Edges`], found by index arithmetic and a table read instead of unranking, turning and
//! ranking again. search-core's builder takes them as any [`Abstraction`].
//!
//! # Why the coordinates split
//!
//! A corners' rank is `permutation * 3⁷ + twists`. A turn moves the cubies between places and
//! adds its own twist to each place's, whichever cubie is there: the new permutation depends only
//! on the permutation, the new twists only on the twists. So a turn is two small tables, one over
//! the 40,320 permutations and one over the 2,187 twists (1.5 MB in all).
//!
//! An edge group's rank is `places << count | flips`, the flips a bit per cubie. A turn moves
//! each cubie to a new place and flips it or not by the place it leaves: the new places depend
//! only on the places, and the flips change by a mask that depends only on the places too. So a
//! turn is, per rank of the places, the new rank of the places and the mask (5 bytes; 60 MB for
//! six edges, 360 MB for seven).

use search_core::pattern_database::Abstraction;

use super::abstractions::{Corners, Edges};
use crate::Turn;

/// 3⁷: the corners' twists.
const TWISTS: usize = 2187;

/// [`Corners`] with its turns in two tables: ranks and successors as [`Corners`]'.
#[derive(Clone, Debug)]
pub struct CornerMoves {
    corners: Corners,
    /// `permutations[p * 18 + t]`: the permutation's rank after turn `t` from permutation `p`.
    permutations: Vec<u16>,
    /// `twists[w * 18 + t]`: the twists after turn `t` from twists `w`.
    twists: Vec<u16>,
}

impl CornerMoves {
    /// The tables, made by turning one cube per permutation and per twist (a few milliseconds).
    #[must_use]
    pub fn new() -> CornerMoves {
        let corners = Corners::new();
        let permutation_count = corners.size() / TWISTS;
        let mut permutations = Vec::with_capacity(permutation_count * 18);
        for permutation in 0..permutation_count {
            corners.predecessors(permutation * TWISTS, &mut |next| {
                permutations.push(narrow(next / TWISTS));
            });
        }
        // Twists `w` of the identity permutation (rank 0): the permutation part of the
        // successors is dropped.
        let mut twists = Vec::with_capacity(TWISTS * 18);
        for twist in 0..TWISTS {
            corners.predecessors(twist, &mut |next| twists.push(narrow(next % TWISTS)));
        }
        CornerMoves { corners, permutations, twists }
    }

    /// The abstraction the tables follow.
    #[must_use]
    pub fn corners(&self) -> &Corners {
        &self.corners
    }

    /// The rank after turn `turn` from rank `rank`.
    #[must_use]
    #[inline]
    pub fn turned(&self, rank: usize, turn: Turn) -> usize {
        let (permutation, twist) = (rank / TWISTS, rank % TWISTS);
        let t = turn.index();
        usize::from(self.permutations[permutation * 18 + t]) * TWISTS
            + usize::from(self.twists[twist * 18 + t])
    }
}

impl Default for CornerMoves {
    fn default() -> CornerMoves {
        CornerMoves::new()
    }
}

impl Abstraction for CornerMoves {
    fn size(&self) -> usize {
        self.corners.size()
    }

    fn goals(&self) -> Vec<usize> {
        self.corners.goals()
    }

    #[inline]
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let (permutation, twist) = (rank / TWISTS, rank % TWISTS);
        let permutations = &self.permutations[permutation * 18..][..18];
        let twists = &self.twists[twist * 18..][..18];
        for (&permutation, &twist) in permutations.iter().zip(twists) {
            visit(usize::from(permutation) * TWISTS + usize::from(twist));
        }
    }
}

/// [`Edges`] with its turns in a table: ranks and successors as [`Edges`]'.
#[derive(Clone, Debug)]
pub struct EdgeMoves {
    edges: Edges,
    /// The number of cubies in the group, as a shift.
    count: u32,
    /// `places[r * 18 + t]`: the places' rank after turn `t` from places of rank `r`.
    places: Vec<u32>,
    /// `flips[r * 18 + t]`: the cubies turn `t` flips from places of rank `r`, a bit each.
    flips: Vec<u8>,
}

impl EdgeMoves {
    /// The tables for `edges`, made by turning the group once per rank of its places (a fraction
    /// of a second for six edges).
    ///
    /// # Panics
    ///
    /// Never for an [`Edges`] (at most 7 cubies: ranks below 12!/5! and flips in 7 bits).
    #[must_use]
    pub fn new(edges: Edges) -> EdgeMoves {
        let count = u32::from(edges.cubies().1);
        let place_count = edges.size() >> count;
        let mut places = Vec::with_capacity(place_count * 18);
        let mut flips = Vec::with_capacity(place_count * 18);
        for rank in 0..place_count {
            // No flips before the turn: the flips after it are the turn's mask.
            edges.predecessors(rank << count, &mut |next| {
                places.push(u32::try_from(next >> count).expect("below 12!/5!"));
                flips.push(u8::try_from(next & ((1 << count) - 1)).expect("at most 7 bits"));
            });
        }
        EdgeMoves { edges, count, places, flips }
    }

    /// The abstraction the tables follow.
    #[must_use]
    pub fn edges(&self) -> &Edges {
        &self.edges
    }

    /// The rank after turn `turn` from rank `rank`.
    #[must_use]
    #[inline]
    pub fn turned(&self, rank: usize, turn: Turn) -> usize {
        let index = (rank >> self.count) * 18 + turn.index();
        ((self.places[index] as usize) << self.count)
            | ((rank & ((1 << self.count) - 1)) ^ usize::from(self.flips[index]))
    }
}

impl Abstraction for EdgeMoves {
    fn size(&self) -> usize {
        self.edges.size()
    }

    fn goals(&self) -> Vec<usize> {
        self.edges.goals()
    }

    #[inline]
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let start = (rank >> self.count) * 18;
        let flips = rank & ((1 << self.count) - 1);
        let places = &self.places[start..][..18];
        let masks = &self.flips[start..][..18];
        for (&places, &mask) in places.iter().zip(masks) {
            visit(((places as usize) << self.count) | (flips ^ usize::from(mask)));
        }
    }
}

/// A rank below 2¹⁶ as a `u16`.
fn narrow(rank: usize) -> u16 {
    u16::try_from(rank).expect("corner coordinates are below 40,320")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The successors of `rank`, in the order of the turns.
    fn successors(abstraction: &dyn Abstraction, rank: usize) -> Vec<usize> {
        let mut found = Vec::new();
        abstraction.predecessors(rank, &mut |next| found.push(next));
        found
    }

    #[test]
    fn the_tables_give_the_abstractions_own_successors() {
        let corners = CornerMoves::new();
        let edges = [EdgeMoves::new(Edges::first_six()), EdgeMoves::new(Edges::last_six())];
        // Ranks spread over each space, by a stride prime to its size.
        for step in 0..2000_usize {
            let rank = step.wrapping_mul(7_919_993) % corners.size();
            let expected = successors(corners.corners(), rank);
            assert_eq!(successors(&corners, rank), expected, "corners {rank}");
            for (turn, &next) in Turn::ALL.iter().zip(&expected) {
                assert_eq!(corners.turned(rank, *turn), next);
            }
            for group in &edges {
                let rank = step.wrapping_mul(7_919_993) % group.size();
                let expected = successors(group.edges(), rank);
                assert_eq!(successors(group, rank), expected, "edges {rank}");
                for (turn, &next) in Turn::ALL.iter().zip(&expected) {
                    assert_eq!(group.turned(rank, *turn), next);
                }
            }
        }
    }
}
