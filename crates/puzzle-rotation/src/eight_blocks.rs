//! The abstraction behind the [`Exact`](crate::Exact) bound: where one symbol's 8 blocks are.
//!
//! Like [`lines`](crate::lines), the build script includes this file to build the database at
//! build time; the crate includes it to rebuild the database at run time and check the two agree.

use search_core::pattern_database::{Abstraction, PatternDatabase};
use search_core::ranking::SubsetRanking;

use crate::lines::{CENTRE_MASK, LINES, rotate};

/// How arrangements of 8 blocks on the 24 cells are ranked: C(24, 8) = 735,471 ranks.
pub(crate) fn ranking() -> SubsetRanking {
    SubsetRanking::new(24, 8)
}

/// Where 8 marked blocks are, as a pattern-database abstraction: a 24-bit mask with 8 bits set.
struct EightBlocks<'a> {
    ranking: &'a SubsetRanking,
}

impl Abstraction for EightBlocks<'_> {
    fn size(&self) -> usize {
        self.ranking.count()
    }

    fn goals(&self) -> Vec<usize> {
        vec![self.ranking.rank(u64::from(CENTRE_MASK))]
    }

    /// Every move's inverse is a move, so the arrangements one move back are the arrangements
    /// one move forward.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let mask = u32::try_from(self.ranking.unrank(rank)).expect("24 cells fit in a u32");
        for line in 0..LINES.len() {
            visit(self.ranking.rank(u64::from(rotate(line, mask))));
        }
    }
}

/// The fewest moves that bring 8 blocks into the centre, for every arrangement, by breadth-first
/// search from the arrangement with all 8 there.
pub(crate) fn build_database(ranking: &SubsetRanking) -> PatternDatabase {
    PatternDatabase::builder().build(&EightBlocks { ranking })
}
