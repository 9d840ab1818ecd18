//! Additive disjoint pattern databases: [`Pattern`], [`DisjointDatabases`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells and tiles are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use search_core::pattern_database::{Abstraction, PatternDatabase, WeightedAbstraction};

#[cfg(doc)]
use search_core::pattern_database::Builder;

use crate::Sliding;
use crate::board::PADDED;

/// The 15-puzzle's default partition, 6-6-3: the two left columns, the two right ones less the
/// bottom row, and the rest of the bottom row.
///
/// ```text
///  .  1  2  3        .  A  B  B
///  4  5  6  7        A  A  B  B
///  8  9 10 11        A  A  B  B
/// 12 13 14 15        A  C  C  C
/// ```
pub const FIFTEEN_6_6_3: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];

/// Where a few chosen tiles are: one of `cells! / (cells - k)!` arrangements of `k` tiles.
///
/// The rank is a mixed-radix number whose digit for the `i`-th tile is its cell counted among the
/// cells the tiles before it left free, in radix `cells - i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    tiles: Vec<u8>,
    cells: usize,
    arrangements: usize,
}

impl Pattern {
    /// The pattern of `tiles` (distinct, none the blank) on a board of `cells` cells.
    ///
    /// # Panics
    ///
    /// If a tile is 0, repeated, or not below `cells`, or `cells` is above 25.
    #[must_use]
    pub fn new(tiles: &[u8], cells: usize) -> Self {
        assert!(cells <= crate::MAX_CELLS, "at most 25 cells");
        let mut seen = 0_u32;
        for &tile in tiles {
            assert!(tile != 0 && usize::from(tile) < cells, "tile {tile} is not in 1..{cells}");
            assert!(seen & 1 << tile == 0, "tile {tile} is repeated");
            seen |= 1 << tile;
        }
        let arrangements = (cells - tiles.len() + 1..=cells).product();
        Self { tiles: tiles.to_vec(), cells, arrangements }
    }

    /// The pattern's tiles.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The number of arrangements: `cells! / (cells - k)!`.
    #[must_use]
    pub fn arrangements(&self) -> usize {
        self.arrangements
    }

    /// The rank of the arrangement where the pattern's tiles are in `cells`, in the pattern's
    /// order.
    #[inline]
    pub(crate) fn rank(&self, cells: impl Iterator<Item = u8>) -> usize {
        let radices = (self.cells - self.tiles.len() + 1..=self.cells).rev();
        let mut used = 0_u32;
        let mut rank = 0;
        for (radix, cell) in radices.zip(cells) {
            let cell = u32::from(cell) & 31;
            let digit = cell - (used & ((1 << cell) - 1)).count_ones();
            used |= 1 << cell;
            rank = rank * radix + digit as usize;
        }
        rank
    }

    /// The cells of the pattern's tiles in the arrangement `rank`, in the pattern's order.
    #[expect(clippy::range_plus_one, reason = "an inclusive range is not an ExactSizeIterator")]
    fn unrank(&self, mut rank: usize, cells: &mut [u8]) {
        let radices = (self.cells - self.tiles.len() + 1..self.cells + 1).rev();
        for (digit, radix) in cells.iter_mut().zip(radices).rev() {
            *digit = (rank % radix) as u8;
            rank /= radix;
        }
        let mut free = (1_u32 << self.cells) - 1;
        for cell in cells.iter_mut() {
            let mut rest = free;
            for _ in 0..*cell {
                rest &= rest - 1;
            }
            *cell = rest.trailing_zeros() as u8;
            free &= !(1 << *cell);
        }
    }

    /// The pattern's database: for each arrangement of its tiles, the fewest moves of its tiles
    /// that bring them home, the blank free to wander through the other tiles' cells.
    ///
    /// Built by breadth-first search over where the pattern's tiles are and **which region** of
    /// the other cells the blank is in (the cells it reaches without moving a pattern tile, named
    /// by the lowest): each abstract move is a pattern tile sliding into the blank's region, and
    /// costs 1. The least over the regions is kept ([`Builder::per_block`], the
    /// regions of an arrangement being one block of ranks). For the 15-puzzle's six-tile
    /// patterns, about 7 million abstract states are reached.
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the pattern's size.
    #[must_use]
    pub fn build(&self, puzzle: &Sliding) -> PatternDatabase {
        assert_eq!(puzzle.cells(), self.cells, "the pattern is for another board size");
        let space = Regions::new(self, puzzle.width());
        PatternDatabase::builder().per_block(self.cells).build(&space)
    }

    /// The same database as [`build`](Pattern::build), byte for byte, built on `threads` threads
    /// ([`Builder::threads`]; 0 for rayon's default); `1` is `build`.
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the pattern's size, or the threads cannot be started.
    #[must_use]
    pub fn build_on(&self, puzzle: &Sliding, threads: usize) -> PatternDatabase {
        assert_eq!(puzzle.cells(), self.cells, "the pattern is for another board size");
        let space = Regions::new(self, puzzle.width());
        PatternDatabase::builder().per_block(self.cells).threads(threads).build(&space)
    }

    /// The same database as [`build`](Pattern::build), by 0-1 breadth-first search
    /// ([`Builder::zero_one`]) over where the pattern's tiles **and the blank**
    /// are, a move of the blank into a cell no pattern tile holds costing 0. About ten times the
    /// abstract states, so slower: a cross-check for the tests.
    ///
    /// # Panics
    ///
    /// If `puzzle` is not of the pattern's size.
    #[must_use]
    pub fn build_by_zero_one_search(&self, puzzle: &Sliding) -> PatternDatabase {
        assert_eq!(puzzle.cells(), self.cells, "the pattern is for another board size");
        let space = WithBlank { pattern: self, puzzle };
        PatternDatabase::builder().zero_one().build_weighted(&space).min_per_block(self.cells)
    }
}

/// The abstraction the database is built over: a pattern's arrangement and the blank's cell,
/// ranked `arrangement * cells + blank` (ranks whose blank is on a pattern tile stay unreached).
struct WithBlank<'a> {
    pattern: &'a Pattern,
    puzzle: &'a Sliding,
}

impl WeightedAbstraction for WithBlank<'_> {
    fn size(&self) -> usize {
        self.pattern.arrangements * self.pattern.cells
    }

    fn goals(&self) -> Vec<usize> {
        vec![self.pattern.rank(self.pattern.tiles.iter().copied()) * self.pattern.cells]
    }

    /// Moves are their own inverses' mirror images: the predecessors are the successors.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
        let cells = self.pattern.cells;
        let (arrangement, blank) = (rank / cells, rank % cells);
        let mut at = [0_u8; PADDED];
        let tiles = self.pattern.tiles.len();
        self.pattern.unrank(arrangement, &mut at[..tiles]);
        // Which pattern tile (by index, plus one) holds each cell; 0 for none.
        let mut holder = [0_u8; PADDED];
        for (index, &cell) in at[..tiles].iter().enumerate() {
            holder[usize::from(cell)] = index as u8 + 1;
        }
        if holder[blank] != 0 {
            return;
        }
        for slide in self.puzzle.moves_from(blank) {
            let to = slide.to();
            match holder[to] {
                0 => visit(arrangement * cells + to, 0),
                index => {
                    let mut moved = at;
                    moved[usize::from(index - 1)] = blank as u8;
                    visit(self.pattern.rank(moved[..tiles].iter().copied()) * cells + to, 1);
                }
            }
        }
    }
}

/// The abstraction [`Pattern::build`] searches: a pattern's arrangement and the blank's region,
/// ranked `arrangement * cells + lowest cell of the region` (other ranks stay unreached).
struct Regions<'a> {
    pattern: &'a Pattern,
    grid: Grid,
}

impl<'a> Regions<'a> {
    fn new(pattern: &'a Pattern, width: usize) -> Self {
        Self { pattern, grid: Grid::new(width) }
    }
}

/// The cells of a `width` x `width` board as the bits of a `u32` (cell `c` is bit `c`), and the
/// blank's moves on such sets: where it can go, and what it reaches.
pub(crate) struct Grid {
    width: usize,
    /// Every cell's bit.
    all: u32,
    /// The cells not in the first column, and not in the last one.
    not_first: u32,
    not_last: u32,
}

impl Grid {
    pub(crate) fn new(width: usize) -> Self {
        let all = (1_u32 << (width * width)) - 1;
        let column =
            |column: usize| (0..width).fold(0, |mask, row| mask | 1 << (row * width + column));
        Self { width, all, not_first: all & !column(0), not_last: all & !column(width - 1) }
    }

    /// Every cell.
    pub(crate) fn all(&self) -> u32 {
        self.all
    }

    /// The cells of `free` the blank reaches from the cells of `start` without leaving `free`.
    #[inline]
    pub(crate) fn flood(&self, start: u32, free: u32) -> u32 {
        let mut region = start;
        loop {
            let grown = (region
                | region << self.width
                | region >> self.width
                | (region & self.not_last) << 1
                | (region & self.not_first) >> 1)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells next to `cell`.
    #[inline]
    fn around(&self, cell: u32) -> u32 {
        let bit = 1 << cell;
        (bit << self.width
            | bit >> self.width
            | (bit & self.not_last) << 1
            | (bit & self.not_first) >> 1)
            & self.all
    }
}

impl Abstraction for Regions<'_> {
    fn size(&self) -> usize {
        self.pattern.arrangements * self.pattern.cells
    }

    fn goals(&self) -> Vec<usize> {
        let home: u32 = self.pattern.tiles.iter().fold(0, |mask, &tile| mask | 1 << tile);
        let region = self.grid.flood(1, self.grid.all() & !home);
        let lowest = region.trailing_zeros() as usize;
        vec![self.pattern.rank(self.pattern.tiles.iter().copied()) * self.pattern.cells + lowest]
    }

    /// Moves are undone by moves: the predecessors are the successors.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let cells = self.pattern.cells;
        let (arrangement, blank) = (rank / cells, rank % cells);
        let tiles = self.pattern.tiles.len();
        let mut at = [0_u8; PADDED];
        self.pattern.unrank(arrangement, &mut at[..tiles]);
        let occupied = at[..tiles].iter().fold(0_u32, |mask, &cell| mask | 1 << cell);
        if occupied & 1 << blank != 0 {
            return;
        }
        let region = self.grid.flood(1 << blank, self.grid.all() & !occupied);
        for index in 0..tiles {
            let from = u32::from(at[index]);
            let mut into = self.grid.around(from) & region;
            while into != 0 {
                let to = into.trailing_zeros();
                into &= into - 1;
                let mut moved = at;
                moved[index] = to as u8;
                let free = self.grid.all() & !(occupied & !(1 << from) | 1 << to);
                let lowest = self.grid.flood(1 << from, free).trailing_zeros() as usize;
                visit(self.pattern.rank(moved[..tiles].iter().copied()) * cells + lowest);
            }
        }
    }
}
