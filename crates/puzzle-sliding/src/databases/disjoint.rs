//! The bound of additive disjoint pattern databases: [`DisjointDatabases`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use std::path::Path;
use std::sync::OnceLock;
use std::thread;

use search_core::Heuristic;
use search_core::pattern_database::PatternDatabase;

use crate::board::{MASK, PADDED};
use crate::{Board, CacheError, FIFTEEN_6_6_3, Pattern, Sliding};

/// The bound of additive disjoint pattern databases (Korf and Felner 2002), with the reflected
/// look-up (Felner, Korf and Hanan 2004).
///
/// The tiles are split into disjoint [`Pattern`]s; each pattern's database holds, for every
/// arrangement of its tiles, the fewest moves **of its own tiles** that bring them home, the
/// other tiles being interchangeable (the blank may pass through them for free). A move moves one
/// tile, so it counts in at most one pattern's database, and the sum over the patterns is
/// admissible. The sum is at least the Manhattan distance (a pattern's tiles travel at least
/// their own distances).
///
/// Transposing the board about its main diagonal (and renaming the tiles likewise, see
/// [`Board::reflected`]) keeps the goal and every distance to it, so the same databases looked
/// up on the reflected board give a second admissible sum; the bound is the larger of the two.
///
/// The search looks a pattern up by its tiles' cells written side by side as the bits of an
/// index, not by the pattern's compact rank, whenever that table has at most 2²⁴ entries (every
/// pattern of up to six tiles on the 15-puzzle): a few shifts instead of a population count per
/// tile, which made the search with the 6-6-3 databases about twice as fast.
///
/// ```
/// use puzzle_sliding::{Board, DisjointDatabases, Manhattan, Sliding};
/// use search_core::Heuristic;
///
/// // The 8-puzzle with a 4-4 partition (the 15-puzzle's default is 6-6-3: FIFTEEN_6_6_3).
/// let puzzle = Sliding::new(3);
/// let heuristic = DisjointDatabases::build(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
/// let board = Board::new(3, &[8, 1, 2, 0, 4, 3, 7, 6, 5]).unwrap();
/// assert!(heuristic.estimate(&puzzle, &board) >= Manhattan.estimate(&puzzle, &board));
/// assert_eq!(heuristic.estimate(&puzzle, &Board::goal(3)), 0);
/// ```
#[derive(Clone, Debug)]
pub struct DisjointDatabases {
    width: usize,
    parts: Vec<(Pattern, PatternDatabase)>,
    /// Each part's distances again, laid out for the search's look-ups when that fits.
    lookups: Vec<Lookup>,
    /// The cell (or tile) each cell (or tile) becomes on the reflected board.
    transpose: [u8; PADDED],
}

/// A pattern's distances laid out so that the search finds one with a few shifts.
///
/// A [`Pattern`]'s rank is compact (one entry per arrangement) but costs a population count per
/// tile. Here the index is the tiles' cells written side by side, `bits` bits each: about three
/// times the entries for a six-tile pattern of the 15-puzzle (16 MB instead of 5.8 MB; the
/// entries of impossible arrangements, two tiles in one cell, are never read), and an index is a
/// shift and an `or` per tile. This made the search with the 6-6-3 databases twice as fast. A
/// pattern whose table would exceed [`Lookup::MAX_DIRECT`] entries keeps the compact rank.
#[derive(Clone, Debug)]
enum Lookup {
    /// Indexed by cells, `bits` bits each.
    Direct { bits: u32, table: Box<[u8]> },
    /// Indexed by [`Pattern`]'s rank into the part's database.
    Compact,
}

impl Lookup {
    /// The most entries a direct table may have: 16 Mi (16 MB).
    const MAX_DIRECT: usize = 1 << 24;

    /// The look-up for `pattern`'s `database`.
    fn new(pattern: &Pattern, database: &PatternDatabase, cells: usize) -> Self {
        let bits = usize::BITS - (cells - 1).leading_zeros();
        let tiles = pattern.tiles().len();
        let Some(size) = 1_usize.checked_shl(bits * tiles as u32) else {
            return Self::Compact;
        };
        if size > Self::MAX_DIRECT {
            return Self::Compact;
        }
        let mut table = vec![0; size].into_boxed_slice();
        // Arrangements in increasing order of their cells, read as a number, are in rank order:
        // a digit of the rank grows with its tile's cell (see `Pattern`).
        let mut rank = 0;
        let mut fill = Fill { bits, cells, tiles, database, table: &mut table, rank: &mut rank };
        fill.place(0, 0, 0);
        debug_assert_eq!(rank, database.len());
        Self::Direct { bits, table }
    }

    /// The distance of the arrangement where the pattern's tiles are in `cells`, in order.
    #[inline]
    fn distance(
        &self,
        pattern: &Pattern,
        database: &PatternDatabase,
        cells: impl Iterator<Item = u8>,
    ) -> u8 {
        match self {
            Self::Direct { bits, table } => {
                let index = cells.fold(0, |index, cell| index << bits | usize::from(cell));
                table[index]
            }
            Self::Compact => database.distance(pattern.rank(cells)),
        }
    }
}

/// Fills a direct table from a database, arrangement by arrangement in rank order.
struct Fill<'a> {
    bits: u32,
    cells: usize,
    tiles: usize,
    database: &'a PatternDatabase,
    table: &'a mut [u8],
    rank: &'a mut usize,
}

impl Fill<'_> {
    /// Places the tiles from the `placed`-th on, the cells in `used` taken, `index` so far.
    fn place(&mut self, placed: usize, used: u32, index: usize) {
        if placed == self.tiles {
            self.table[index] = self.database.distance(*self.rank);
            *self.rank += 1;
            return;
        }
        for cell in 0..self.cells {
            if used & 1 << cell == 0 {
                self.place(placed + 1, used | 1 << cell, index << self.bits | cell);
            }
        }
    }
}

/// The 15-puzzle's 6-6-3 databases, once made.
static FIFTEEN: OnceLock<DisjointDatabases> = OnceLock::new();

impl DisjointDatabases {
    /// Builds a database per pattern of `partition` for `puzzle`'s board, one thread each.
    ///
    /// For the 15-puzzle's 6-6-3 partition ([`Pattern::build`]: about 7 million abstract states
    /// per six-tile pattern), seconds of wall-clock time in a release build (the figures are in
    /// `docs/performance.md`). Memory per six-tile pattern: 11.5 MB of "reached" bits and the search's
    /// two levels while it is built; then 5.8 MB for the database and 16 MB for its direct table
    /// (see [`DisjointDatabases`]'s notes on look-ups).
    ///
    /// # Panics
    ///
    /// If the patterns are not disjoint, or a tile is not one of the puzzle's.
    #[must_use]
    pub fn build(puzzle: &Sliding, partition: &[&[u8]]) -> Self {
        let patterns = Self::patterns(puzzle, partition);
        let databases = thread::scope(|scope| {
            let building: Vec<_> =
                patterns.iter().map(|pattern| scope.spawn(|| pattern.build(puzzle))).collect();
            building
                .into_iter()
                .map(|thread| thread.join().expect("a build never panics"))
                .collect()
        });
        Self::assemble(puzzle, patterns, databases)
    }

    /// The heuristic of `patterns` with their `databases`, for `puzzle`'s board: the look-up tables
    /// are made here, one thread per pattern.
    pub(crate) fn assemble(
        puzzle: &Sliding,
        patterns: Vec<Pattern>,
        databases: Vec<PatternDatabase>,
    ) -> Self {
        let cells = puzzle.cells();
        let lookups = thread::scope(|scope| {
            let making: Vec<_> = patterns
                .iter()
                .zip(&databases)
                .map(|(pattern, database)| scope.spawn(|| Lookup::new(pattern, database, cells)))
                .collect();
            making.into_iter().map(|thread| thread.join().expect("a table never panics")).collect()
        });
        let width = puzzle.width();
        let mut transpose = [0; PADDED];
        for (cell, image) in transpose.iter_mut().enumerate().take(cells) {
            *image = ((cell % width) * width + cell / width) as u8;
        }
        Self { width, parts: patterns.into_iter().zip(databases).collect(), lookups, transpose }
    }

    /// The 15-puzzle's 6-6-3 databases ([`FIFTEEN_6_6_3`]), built on first use and shared by
    /// the whole process.
    #[must_use]
    pub fn fifteen() -> &'static Self {
        FIFTEEN.get_or_init(|| DisjointDatabases::build(&Sliding::new(4), &FIFTEEN_6_6_3))
    }

    /// [`fifteen`](Self::fifteen), read from the file at `path` or built and written there
    /// ([`cached`](Self::cached)), with what went wrong with the file, if anything did. If the
    /// databases are already there (an earlier call), the file is not looked at.
    #[must_use]
    pub fn fifteen_cached(path: &Path) -> (&'static Self, Option<CacheError>) {
        let mut problem = None;
        let databases = FIFTEEN.get_or_init(|| {
            let (databases, trouble) = Self::cached(&Sliding::new(4), &FIFTEEN_6_6_3, path);
            problem = trouble;
            databases
        });
        (databases, problem)
    }

    /// The patterns of `partition` on `puzzle`'s board, checked.
    pub(crate) fn patterns(puzzle: &Sliding, partition: &[&[u8]]) -> Vec<Pattern> {
        let patterns = partition.iter().map(|tiles| Pattern::new(tiles, puzzle.cells())).collect();
        let mut all: Vec<u8> = partition.concat();
        all.sort_unstable();
        assert!(all.windows(2).all(|pair| pair[0] != pair[1]), "the patterns overlap");
        patterns
    }

    /// The side of the boards the databases are for.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The patterns and their databases.
    #[must_use]
    pub fn parts(&self) -> &[(Pattern, PatternDatabase)] {
        &self.parts
    }
}

impl Heuristic<Sliding> for DisjointDatabases {
    /// # Panics
    ///
    /// If `board` is not of the databases' width (in debug builds; wrong bounds otherwise).
    fn estimate(&self, _: &Sliding, board: &Board) -> u8 {
        debug_assert_eq!(board.width(), self.width, "the databases are for another width");
        let mut cell_of = [0_u8; PADDED];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cell_of[usize::from(tile) & MASK] = cell as u8;
        }
        let transpose = &self.transpose;
        let (mut regular, mut reflected) = (0, 0);
        for ((pattern, database), lookup) in self.parts.iter().zip(&self.lookups) {
            let cells = pattern.tiles().iter().map(|&tile| cell_of[usize::from(tile)]);
            regular += lookup.distance(pattern, database, cells);
            let cells = pattern.tiles().iter().map(|&tile| {
                transpose[usize::from(cell_of[usize::from(transpose[usize::from(tile)])]) & MASK]
            });
            reflected += lookup.distance(pattern, database, cells);
        }
        regular.max(reflected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of `tiles` tiles on `cells` cells, as lists of cells, in any order.
    fn arrangements(tiles: usize, cells: u8) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        for _ in 0..tiles {
            let mut longer = Vec::new();
            for placed in &all {
                for cell in (0..cells).filter(|cell| !placed.contains(cell)) {
                    longer.push([placed.as_slice(), &[cell]].concat());
                }
            }
            all = longer;
        }
        all
    }

    #[test]
    fn the_direct_tables_agree_with_the_compact_ranks_everywhere() {
        let puzzle = Sliding::new(3);
        let databases = DisjointDatabases::build(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
        for ((pattern, database), lookup) in databases.parts.iter().zip(&databases.lookups) {
            assert!(matches!(lookup, Lookup::Direct { bits: 4, .. }));
            for cells in arrangements(pattern.tiles().len(), 9) {
                let compact = database.distance(pattern.rank(cells.iter().copied()));
                let direct = lookup.distance(pattern, database, cells.iter().copied());
                assert_eq!(direct, compact, "tiles {:?} on cells {cells:?}", pattern.tiles());
            }
        }
    }

    #[test]
    fn patterns_too_large_for_a_direct_table_keep_the_compact_rank() {
        // Six tiles of the 24-puzzle: 2^30 direct entries. The table is never read.
        let pattern = Pattern::new(&[1, 2, 3, 4, 5, 6], 25);
        let lookup = Lookup::new(&pattern, &PatternDatabase::from_distances(Vec::new()), 25);
        assert!(matches!(lookup, Lookup::Compact));
        // Four tiles of it: 2^20 entries, direct.
        let pattern = Pattern::new(&[1, 2, 3, 4], 25);
        let database = PatternDatabase::from_distances(vec![7; pattern.arrangements()]);
        let lookup = Lookup::new(&pattern, &database, 25);
        assert!(matches!(lookup, Lookup::Direct { bits: 5, .. }));
        assert_eq!(lookup.distance(&pattern, &database, [24, 0, 3, 9].into_iter()), 7);
    }

    #[test]
    fn compact_and_direct_look_ups_give_the_same_estimate() {
        let puzzle = Sliding::new(3);
        let direct = DisjointDatabases::build(&puzzle, &[&[1, 3, 5, 7], &[2, 4, 6, 8]]);
        let mut compact = direct.clone();
        compact.lookups.fill(Lookup::Compact);
        for cells in arrangements(9, 9).into_iter().step_by(97) {
            let board = Board::new(3, &cells).expect("a permutation of 0..9");
            assert_eq!(
                direct.estimate(&puzzle, &board),
                compact.estimate(&puzzle, &board),
                "{cells:?}"
            );
        }
    }
}
