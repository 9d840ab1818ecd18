//! The bound of additive disjoint pattern databases: [`DisjointDatabases`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use std::sync::OnceLock;
use std::thread;

use search_core::{Heuristic, PatternDatabase};

use crate::board::{MASK, PADDED};
use crate::{Board, FIFTEEN_6_6_3, Pattern, Sliding};

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
/// ```
/// use puzzle_sliding::{Board, DisjointDatabases, Manhattan, Sliding};
/// use search_core::Heuristic;
///
/// // The 8-puzzle with a 4-4 partition (the 15-puzzle's default is 6-6-3: FIFTEEN_6_6_3).
/// let puzzle = Sliding::new(3);
/// let bound = DisjointDatabases::build(&puzzle, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
/// let board = Board::new(3, &[8, 1, 2, 0, 4, 3, 7, 6, 5]).unwrap();
/// assert!(bound.estimate(&puzzle, &board) >= Manhattan.estimate(&puzzle, &board));
/// assert_eq!(bound.estimate(&puzzle, &Board::goal(3)), 0);
/// ```
#[derive(Clone, Debug)]
pub struct DisjointDatabases {
    width: usize,
    parts: Vec<(Pattern, PatternDatabase)>,
    /// The cell (or tile) each cell (or tile) becomes on the reflected board.
    transpose: [u8; PADDED],
}

impl DisjointDatabases {
    /// Builds a database per pattern of `partition` for `puzzle`'s board, one thread each.
    ///
    /// For the 15-puzzle's 6-6-3 partition ([`Pattern::build`]: about 7 million abstract states
    /// per six-tile pattern), about 6.5 s of wall-clock time on this project's 2-core machine in
    /// a release build (memory-bound: a 92 MB table per six-tile pattern while it is built,
    /// 5.8 MB once the blank's region is projected away).
    ///
    /// # Panics
    ///
    /// If the patterns are not disjoint, or a tile is not one of the puzzle's.
    #[must_use]
    pub fn build(puzzle: &Sliding, partition: &[&[u8]]) -> Self {
        let cells = puzzle.cells();
        let patterns: Vec<Pattern> =
            partition.iter().map(|tiles| Pattern::new(tiles, cells)).collect();
        let mut all: Vec<u8> = partition.concat();
        all.sort_unstable();
        assert!(all.windows(2).all(|pair| pair[0] != pair[1]), "the patterns overlap");
        let databases: Vec<PatternDatabase> = thread::scope(|scope| {
            let building: Vec<_> =
                patterns.iter().map(|pattern| scope.spawn(|| pattern.build(puzzle))).collect();
            building
                .into_iter()
                .map(|thread| thread.join().expect("a build never panics"))
                .collect()
        });
        let width = puzzle.width();
        let mut transpose = [0; PADDED];
        for (cell, image) in transpose.iter_mut().enumerate().take(cells) {
            *image = ((cell % width) * width + cell / width) as u8;
        }
        Self { width, parts: patterns.into_iter().zip(databases).collect(), transpose }
    }

    /// The 15-puzzle's 6-6-3 databases ([`FIFTEEN_6_6_3`]), built on first use and shared by
    /// the whole process.
    #[must_use]
    pub fn fifteen() -> &'static Self {
        static SHARED: OnceLock<DisjointDatabases> = OnceLock::new();
        SHARED.get_or_init(|| DisjointDatabases::build(&Sliding::new(4), &FIFTEEN_6_6_3))
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
        for (pattern, database) in &self.parts {
            let cells = pattern.tiles().iter().map(|&tile| cell_of[usize::from(tile)]);
            regular += database.distance(pattern.rank(cells));
            let cells = pattern.tiles().iter().map(|&tile| {
                transpose[usize::from(cell_of[usize::from(transpose[usize::from(tile)])]) & MASK]
            });
            reflected += database.distance(pattern.rank(cells));
        }
        regular.max(reflected)
    }
}
