//! The pocket cube's databases: [`PocketDistances`], every position's exact distance (3,674,160
//! of them), and [`PocketBound`], a weaker bound from two small tables.

use search_core::Heuristic;
use search_core::pattern_database::{Abstraction, PatternDatabase};
use search_core::ranking::PermutationRanking;

use crate::pocket::{FIXED_CORNER, POCKET_TURNS};
use crate::{Pocket, PocketCube};

/// 3⁶: the twists of six corners (the fixed corner has none, the eighth's follows).
const TWISTS: usize = 729;

/// The pocket cube held by its `DBL` corner, ranked whole: the arrangement of the seven other
/// corners times 3⁶, plus the twists of the first six places. What is kept of a position can be
/// narrowed to the arrangement alone or the twists alone.
#[derive(Clone, Copy, Debug)]
pub struct PocketPositions {
    keep: Keep,
}

/// What a [`PocketPositions`] keeps of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    Everything,
    Arrangement,
    Twists,
}

/// The places other than the fixed corner's, in order.
const PLACES: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

impl PocketPositions {
    fn arrangement_rank(pocket: Pocket) -> usize {
        // The cubies 0..8 but 6, numbered 0..7.
        let cubies = PLACES.map(|place| {
            let cubie = pocket.corners[place] & 7;
            if cubie > 6 { cubie - 1 } else { cubie }
        });
        PermutationRanking::new(7).rank(&cubies)
    }

    fn twists_rank(pocket: Pocket) -> usize {
        PLACES[..6]
            .iter()
            .rev()
            .fold(0, |rank, &place| rank * 3 + usize::from(pocket.corners[place] >> 3))
    }

    /// The rank of `pocket`, which must be held by its `DBL` corner.
    #[must_use]
    pub fn rank(self, pocket: Pocket) -> usize {
        match self.keep {
            Keep::Everything => Self::arrangement_rank(pocket) * TWISTS + Self::twists_rank(pocket),
            Keep::Arrangement => Self::arrangement_rank(pocket),
            Keep::Twists => Self::twists_rank(pocket),
        }
    }

    /// A pocket cube of rank `rank` (for a narrowed abstraction, one of its positions).
    #[must_use]
    fn unrank(self, rank: usize) -> Pocket {
        let (arrangement, twists) = match self.keep {
            Keep::Everything => (rank / TWISTS, rank % TWISTS),
            Keep::Arrangement => (rank, 0),
            Keep::Twists => (0, rank),
        };
        let mut cubies = [0; 7];
        PermutationRanking::new(7).unrank(arrangement, &mut cubies);
        let mut pocket = Pocket::solved();
        let (mut twists, mut total) = (twists, 0);
        for (index, &place) in PLACES.iter().enumerate() {
            let cubie = if cubies[index] >= 6 { cubies[index] + 1 } else { cubies[index] };
            #[expect(clippy::cast_possible_truncation, reason = "a digit in base 3")]
            let twist = if index < 6 { (twists % 3) as u8 } else { (3 - total % 3) % 3 };
            twists /= 3;
            total += twist;
            pocket.corners[place] = cubie | twist << 3;
        }
        pocket.corners[FIXED_CORNER] = 6;
        pocket
    }
}

impl Abstraction for PocketPositions {
    fn size(&self) -> usize {
        match self.keep {
            Keep::Everything => 5040 * TWISTS,
            Keep::Arrangement => 5040,
            Keep::Twists => TWISTS,
        }
    }

    fn goals(&self) -> Vec<usize> {
        vec![self.rank(Pocket::solved())]
    }

    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let pocket = self.unrank(rank);
        for turn in POCKET_TURNS {
            visit(self.rank(pocket.after(&[turn])));
        }
    }
}

/// Every pocket cube's distance from solved, held by its `DBL` corner: a pattern database that
/// forgets nothing, built by search-core's breadth-first builder in a fraction of a second. Its
/// distribution is the pocket cube's (God's number 11).
#[derive(Clone, Debug)]
pub struct PocketDistances {
    positions: PocketPositions,
    database: PatternDatabase,
}

impl PocketDistances {
    /// Builds the table on `threads` threads (0: all the machine's).
    #[must_use]
    pub fn build(threads: usize) -> PocketDistances {
        let positions = PocketPositions { keep: Keep::Everything };
        let database = PatternDatabase::builder().threads(threads).build(&positions);
        PocketDistances { positions, database }
    }

    /// The fewest moves that solve `pocket`, held by its `DBL` corner.
    #[must_use]
    pub fn distance(&self, pocket: &Pocket) -> u8 {
        self.database.distance(self.positions.rank(*pocket))
    }

    /// How many positions are at each distance, from 0 to the greatest.
    #[must_use]
    pub fn distribution(&self) -> Vec<u64> {
        let mut counts = vec![0; usize::from(self.database.max_distance()) + 1];
        for &distance in self.database.distances() {
            counts[usize::from(distance)] += 1;
        }
        counts
    }
}

/// A bound for the pocket cube from two small databases, the larger taken: where the corners
/// are (5,040 arrangements) and how they are twisted (729). Far weaker than
/// [`PocketDistances`], and independent of it: IDA\* with it checks the exact table.
#[derive(Clone, Debug)]
pub struct PocketBound {
    arrangement: PatternDatabase,
    twists: PatternDatabase,
}

impl PocketBound {
    /// Builds the two tables (milliseconds).
    #[must_use]
    pub fn build() -> PocketBound {
        let arrangement = PocketPositions { keep: Keep::Arrangement };
        let twists = PocketPositions { keep: Keep::Twists };
        PocketBound {
            arrangement: PatternDatabase::builder().build(&arrangement),
            twists: PatternDatabase::builder().build(&twists),
        }
    }
}

impl Heuristic<PocketCube> for PocketBound {
    fn estimate(&self, _: &PocketCube, pocket: &Pocket) -> u8 {
        let arrangement = self.arrangement.distance(PocketPositions::arrangement_rank(*pocket));
        let twists = self.twists.distance(PocketPositions::twists_rank(*pocket));
        arrangement.max(twists)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_read_back() {
        let positions = PocketPositions { keep: Keep::Everything };
        for rank in (0..positions.size()).step_by(9973) {
            assert_eq!(positions.rank(positions.unrank(rank)), rank);
        }
    }
}
