//! The 24-puzzle's bound: [`SymmetricDatabases`], additive pattern databases looked up through
//! the board's symmetries, and the partition it is built for, [`TWENTY_FOUR_6_6_6_6`].

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells, tiles and regions are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use std::fmt;
use std::sync::OnceLock;

use memmap2::MmapMut;
use search_core::Heuristic;
use search_core::pattern_database::PatternDatabase;

use crate::board::{MASK, PADDED};
use crate::databases::dihedral::Symmetry;
use crate::databases::pattern::Grid;
use crate::{Board, Pattern, Sliding};

/// The 24-puzzle's partition, 6-6-6-6 (Korf and Felner 2002): a block by the blank's corner, and
/// three more that a half turn, a quarter turn and the identity map onto one another.
///
/// ```text
///  .  A  A  B  B
///  A  A  A  B  B
///  C  C  A  B  B
///  C  C  D  D  D
///  C  C  D  D  D
/// ```
///
/// The half turn maps `B` onto `C` and a quarter turn maps `B` onto `D`, so two databases (`A`'s
/// and `B`'s) serve all four regions, and the transposition serves the reflected look-ups from the
/// same two.
pub const TWENTY_FOUR_6_6_6_6: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// The most regions a partition may have: each needs a slot in [`TrackedBoard`](crate::TrackedBoard)
/// on each side (the board and its reflection).
pub const MAX_REGIONS: usize = 8;

/// The bound of additive disjoint pattern databases looked up through the board's symmetries:
/// the 24-puzzle's (Korf and Felner 2002), built for any partition of any board size.
///
/// As for [`DisjointDatabases`](crate::DisjointDatabases), each region of the partition counts
/// the moves of its own tiles only, so the regions' distances add up; the sum over the board
/// and the sum over the board reflected about its main diagonal are both admissible, and the
/// bound is the larger.
///
/// What is new is how few databases it needs. A turn or a reflection of the board (a
/// symmetry) that maps one region's home cells onto another's maps every
/// position of the first region's tiles onto a position of the second's, move for move, so one
/// table serves both: the second region's tiles are looked up at the cells the symmetry takes
/// them back to. The reflected look-ups are the same trick with the transposition. For the
/// 24-puzzle's [`TWENTY_FOUR_6_6_6_6`], two tables of the four regions serve all eight
/// look-ups. A symmetry is used only where it is exact: where it keeps the blank's home cell, or
/// where the cells outside the region's home are all connected (then the blank's home region is
/// all of them, whatever the symmetry does to cell 0); other regions get tables of their own.
///
/// # The tables
///
/// Each table is built by search-core's breadth-first search over where the pattern's tiles are
/// and which region the blank is in ([`Pattern::build_on`], on every core), then laid out for
/// the search: indexed **directly** by the tiles' cells as the digits of a number in base
/// `cells` (25⁶ = 244,140,625 bytes for a six-tile pattern of the 24-puzzle, against 127,512,000
/// for the compact rank). The direct index changes by one addition when a tile moves, where the
/// compact rank must be computed again, which is what lets [`Tracked`](crate::Tracked) price a
/// move with two additions and two loads. The entries of impossible positions (two tiles in one
/// cell) hold 0 and are never read. Where the operating system offers it, the tables are on
/// transparent huge pages, so that the random look-ups miss the TLB far less often.
///
/// ```
/// use puzzle_sliding::{Board, Manhattan, Sliding, SymmetricDatabases};
/// use search_core::Heuristic;
///
/// // The 8-puzzle in two regions, each its own mirror image about the main diagonal: the
/// // reflected look-ups read the regions' own two tables.
/// let puzzle = Sliding::new(3);
/// let partition: [&[u8]; 2] = [&[2, 6, 8], &[1, 3, 4, 5, 7]];
/// let databases = SymmetricDatabases::build(&puzzle, &partition, 1);
/// let board = Board::new(3, &[8, 1, 2, 0, 4, 3, 7, 6, 5]).unwrap();
/// assert!(databases.estimate(&puzzle, &board) >= Manhattan.estimate(&puzzle, &board));
/// assert_eq!(databases.estimate(&puzzle, &Board::goal(3)), 0);
/// ```
pub struct SymmetricDatabases {
    width: usize,
    /// The partition, region by region.
    partition: Vec<Vec<u8>>,
    /// The distinct tables, in the order they are built.
    tables: Vec<Table>,
    /// Every table's distances, one table after another in one block: a slot's index counts
    /// from the block's start, so a look-up is one load from one slice, whatever its table.
    distances: MmapMut,
    /// The look-ups: the regions on the board, then on the reflected board.
    slots: Vec<Slot>,
    /// For each side (the board, its reflection) and each tile, the region that counts it (its
    /// number in the partition).
    region_of: [[u8; PADDED]; 2],
    /// `weight[side][tile][cell]`: what the tile on `cell` adds to its slot's index.
    weight: Box<[[[u32; PADDED]; PADDED]; 2]>,
}

/// One look-up: a table, and the tiles of the board it reads, in the table's pattern's order.
#[derive(Clone, Debug)]
struct Slot {
    table: usize,
    /// The board's tiles whose cells make the index: the table's tiles taken by `symmetry`.
    tiles: Vec<u8>,
    /// The symmetry that maps the table's pattern onto this slot's tiles; its inverse takes the
    /// board's cells back to the table's.
    symmetry: Symmetry,
}

/// A pattern's distances, indexed directly by its tiles' cells, in its part of the block of
/// all the tables' distances.
struct Table {
    pattern: Pattern,
    /// The number of cells of the board: the base of the index's digits.
    cells: usize,
    /// Where the table starts in the block.
    offset: usize,
}

impl Table {
    /// Writes the direct table of the pattern's compact `database` to `table`, its part of the
    /// block of all the tables' distances.
    fn fill(&self, database: &PatternDatabase, table: &mut [u8]) {
        // Arrangements in increasing order of their cells, read as a number, are in rank order:
        // a digit of the rank grows with its tile's cell (see `Pattern`).
        let mut walk = Walk { cells: self.cells, tiles: self.pattern.tiles().len(), rank: 0 };
        walk.place(0, 0, 0, &mut |index, rank| table[index] = database.distance(rank));
    }

    /// The entries of `pattern`'s direct table: `cells` to the power of its tiles.
    fn size(pattern: &Pattern, cells: usize) -> usize {
        let tiles = pattern.tiles().len() as u32;
        cells
            .checked_pow(tiles)
            .filter(|&size| u32::try_from(size).is_ok())
            .unwrap_or_else(|| panic!("{tiles} tiles on {cells} cells: over 2^32 entries"))
    }

    /// The compact database again, by rank, from the block of all the tables' `distances`:
    /// what a file keeps.
    fn compact(&self, distances: &[u8]) -> PatternDatabase {
        let table = &distances[self.offset..];
        let mut compact = vec![0; self.pattern.arrangements()];
        let mut walk = Walk { cells: self.cells, tiles: self.pattern.tiles().len(), rank: 0 };
        walk.place(0, 0, 0, &mut |index, rank| compact[rank] = table[index]);
        PatternDatabase::from_distances(compact)
    }
}

/// Every arrangement of `tiles` tiles on `cells` cells, in rank order, with its direct index.
struct Walk {
    cells: usize,
    tiles: usize,
    rank: usize,
}

impl Walk {
    /// Places the tiles from the `placed`-th on, the cells in `used` taken, `index` so far, and
    /// hands each whole arrangement's index and rank to `visit`.
    fn place(
        &mut self,
        placed: usize,
        used: u32,
        index: usize,
        visit: &mut impl FnMut(usize, usize),
    ) {
        if placed == self.tiles {
            visit(index, self.rank);
            self.rank += 1;
            return;
        }
        if placed + 1 == self.tiles {
            // The last tile's cells in a loop here rather than a call each: the walk visits every
            // entry of the tables, hundreds of millions for the 24-puzzle, and a call per entry
            // was a good part of the time a program takes to read them (docs/performance.md).
            for cell in 0..self.cells {
                if used & 1 << cell == 0 {
                    visit(index * self.cells + cell, self.rank);
                    self.rank += 1;
                }
            }
            return;
        }
        for cell in 0..self.cells {
            if used & 1 << cell == 0 {
                self.place(placed + 1, used | 1 << cell, index * self.cells + cell, visit);
            }
        }
    }
}

/// The 24-puzzle's 6-6-6-6 databases, once made.
static TWENTY_FOUR: OnceLock<SymmetricDatabases> = OnceLock::new();

impl SymmetricDatabases {
    /// Builds the databases of `partition` for `puzzle`'s board, each on `threads` threads
    /// ([`Pattern::build_on`]; 0 for every core): only the distinct tables, the others served
    /// through symmetries.
    ///
    /// For the 24-puzzle's [`TWENTY_FOUR_6_6_6_6`], two tables of 127,512,000 arrangements
    /// each, over about 3.2 billion abstract states: minutes (the figures, time and memory, are
    /// in `docs/performance.md`). Memory while a table is built: a bit per abstract state
    /// (400 MB), a byte per arrangement (128 MB) and the search's two levels; then 244 MB per
    /// table kept.
    ///
    /// # Panics
    ///
    /// If the regions overlap, a tile is not one of the puzzle's, there are more than
    /// [`MAX_REGIONS`] regions, or a region's direct table would exceed 2³² entries.
    #[must_use]
    pub fn build(puzzle: &Sliding, partition: &[&[u8]], threads: usize) -> Self {
        Self::build_watched(puzzle, partition, threads, |_, _| {})
    }

    /// [`build`](Self::build), calling `starting(table, tables)` before each table is built
    /// (`table` counted from 0), for a program to tell its user how far it is.
    #[must_use]
    pub fn build_watched(
        puzzle: &Sliding,
        partition: &[&[u8]],
        threads: usize,
        mut starting: impl FnMut(usize, usize),
    ) -> Self {
        let patterns = Self::patterns(puzzle, partition);
        let databases = patterns
            .iter()
            .enumerate()
            .map(|(table, pattern)| {
                starting(table, patterns.len());
                pattern.build_on(puzzle, threads)
            })
            .collect();
        Self::from_databases(puzzle, partition, databases)
    }

    /// The distinct patterns whose databases serve every look-up of `partition` on `puzzle`'s
    /// board, in the order [`build`](Self::build) builds them and
    /// [`from_databases`](Self::from_databases) takes them.
    ///
    /// ```
    /// use puzzle_sliding::{Sliding, SymmetricDatabases, TWENTY_FOUR_6_6_6_6};
    ///
    /// let patterns = SymmetricDatabases::patterns(&Sliding::new(5), &TWENTY_FOUR_6_6_6_6);
    /// let tiles: Vec<&[u8]> = patterns.iter().map(|pattern| pattern.tiles()).collect();
    /// assert_eq!(tiles, [&[1, 2, 5, 6, 7, 12], &[3, 4, 8, 9, 13, 14]]);
    /// ```
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does.
    #[must_use]
    pub fn patterns(puzzle: &Sliding, partition: &[&[u8]]) -> Vec<Pattern> {
        let (tables, _) = Self::layout(puzzle, partition);
        tables.iter().map(|tiles| Pattern::new(tiles, puzzle.cells())).collect()
    }

    /// The databases of `partition` for `puzzle`'s board from the compact `databases` of its
    /// [`patterns`](Self::patterns), in that order (built, or read from a file).
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does; also if `databases` are not one per pattern, each of its
    /// pattern's length.
    #[must_use]
    pub fn from_databases(
        puzzle: &Sliding,
        partition: &[&[u8]],
        databases: Vec<PatternDatabase>,
    ) -> Self {
        let (tiles, slots) = Self::layout(puzzle, partition);
        assert_eq!(databases.len(), tiles.len(), "one database per pattern");
        let cells = puzzle.cells();
        let mut entries = 0;
        let tables: Vec<Table> = tiles
            .iter()
            .zip(&databases)
            .map(|(tiles, database)| {
                let pattern = Pattern::new(tiles, cells);
                assert_eq!(database.len(), pattern.arrangements(), "a database of {tiles:?}");
                let offset = entries;
                entries += Table::size(&pattern, cells);
                Table { pattern, cells, offset }
            })
            .collect();
        assert!(u32::try_from(entries).is_ok(), "the tables have over 2^32 entries in all");
        let mut distances = MmapMut::map_anon(entries).expect("memory for the pattern databases");
        #[cfg(target_os = "linux")]
        {
            // Only advice: without huge pages the tables work the same, more slowly.
            let _ = distances.advise(memmap2::Advice::HugePage);
        }
        // Each table is written to its own part of the block, so the parts can be written at
        // once, a thread each: laying out the tables is most of the time a program spends reading
        // them from a file, and the pages are cleared by the thread that first touches them.
        let mut parts = Vec::with_capacity(tables.len());
        let mut rest: &mut [u8] = &mut distances;
        for table in &tables {
            let (part, after) = rest.split_at_mut(Table::size(&table.pattern, cells));
            parts.push(part);
            rest = after;
        }
        std::thread::scope(|scope| {
            for ((table, database), part) in tables.iter().zip(&databases).zip(parts) {
                scope.spawn(move || table.fill(database, part));
            }
        });
        drop(databases);
        let regions = partition.len();
        let mut region_of = [[0; PADDED]; 2];
        let mut weight = Box::new([[[0; PADDED]; PADDED]; 2]);
        for (number, slot) in slots.iter().enumerate() {
            let (side, region) = (number / regions, number % regions);
            let back = slot.symmetry.inverse();
            let digits = slot.tiles.len();
            for (digit, &tile) in slot.tiles.iter().enumerate() {
                let place = (cells as u32).pow((digits - 1 - digit) as u32);
                // The first tile's weights carry where the slot's table starts in the block:
                // every index then counts from the block's start, and a move, which changes
                // one tile's weight from one cell's to another's, keeps the offset.
                let offset = if digit == 0 { tables[slot.table].offset as u32 } else { 0 };
                region_of[side][usize::from(tile)] = region as u8;
                for cell in 0..cells {
                    weight[side][usize::from(tile)][cell] =
                        offset + place * u32::from(back.apply(cell as u8));
                }
            }
        }
        Self {
            width: puzzle.width(),
            partition: partition.iter().map(|region| region.to_vec()).collect(),
            tables,
            distances,
            slots,
            region_of,
            weight,
        }
    }

    /// The distinct tables' tiles and the look-ups, regions first, then the reflected regions.
    fn layout(puzzle: &Sliding, partition: &[&[u8]]) -> (Vec<Vec<u8>>, Vec<Slot>) {
        let cells = puzzle.cells();
        assert!(partition.len() <= MAX_REGIONS, "at most {MAX_REGIONS} regions");
        let mut seen = 0_u32;
        for &tile in &partition.concat() {
            assert!(tile != 0 && usize::from(tile) < cells, "tile {tile} is not in 1..{cells}");
            assert!(seen & 1 << tile == 0, "the regions overlap on tile {tile}");
            seen |= 1 << tile;
        }
        let width = puzzle.width();
        let symmetries = Symmetry::all(width);
        let transpose = Symmetry::transpose(width);
        let mut tables: Vec<Vec<u8>> = Vec::new();
        let mut slots = Vec::new();
        let reflected = partition
            .iter()
            .map(|region| region.iter().map(|&tile| transpose.apply(tile)).collect::<Vec<u8>>());
        let regions: Vec<Vec<u8>> =
            partition.iter().map(|region| region.to_vec()).chain(reflected).collect();
        for region in regions {
            let mut wanted = region.clone();
            wanted.sort_unstable();
            let found = tables.iter().enumerate().find_map(|(table, tiles)| {
                symmetries.iter().find_map(|&symmetry| {
                    let mut image: Vec<u8> =
                        tiles.iter().map(|&tile| symmetry.apply(tile)).collect();
                    image.sort_unstable();
                    (image == wanted && exact(width, tiles, symmetry)).then_some((table, symmetry))
                })
            });
            let (table, symmetry) = found.unwrap_or_else(|| {
                tables.push(region);
                (tables.len() - 1, Symmetry::identity())
            });
            let tiles = tables[table].iter().map(|&tile| symmetry.apply(tile)).collect();
            slots.push(Slot { table, tiles, symmetry });
        }
        (tables, slots)
    }

    /// The 24-puzzle's 6-6-6-6 databases ([`TWENTY_FOUR_6_6_6_6`]), built on every core on
    /// first use and shared by the whole process. Minutes: a program would rather keep them in a
    /// file ([`cached`](Self::cached)).
    #[must_use]
    pub fn twenty_four() -> &'static Self {
        TWENTY_FOUR.get_or_init(|| Self::build(&Sliding::new(5), &TWENTY_FOUR_6_6_6_6, 0))
    }

    /// Sets the databases [`twenty_four`](Self::twenty_four) returns, made some other way (read
    /// from a file, say), and returns `true`; if the process has its 24-puzzle databases
    /// already, they stay, `databases` are dropped, and it returns `false`.
    ///
    /// # Panics
    ///
    /// If `databases` are not the 24-puzzle's 6-6-6-6 ones.
    pub fn set_twenty_four(databases: Self) -> bool {
        assert!(
            databases.width == 5 && databases.partition() == TWENTY_FOUR_6_6_6_6,
            "not the 24-puzzle's 6-6-6-6 databases"
        );
        TWENTY_FOUR.set(databases).is_ok()
    }

    /// The 24-puzzle's databases if this process has them already.
    #[must_use]
    pub fn twenty_four_if_made() -> Option<&'static Self> {
        TWENTY_FOUR.get()
    }

    /// The side of the boards the databases are for.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The partition, region by region.
    #[must_use]
    pub fn partition(&self) -> Vec<&[u8]> {
        self.partition.iter().map(Vec::as_slice).collect()
    }

    /// The compact database of each of the [`patterns`](Self::patterns), in order: what a file
    /// keeps.
    #[must_use]
    pub fn databases(&self) -> Vec<(Pattern, PatternDatabase)> {
        self.tables
            .iter()
            .map(|table| (table.pattern.clone(), table.compact(&self.distances)))
            .collect()
    }

    /// The partition's number of regions, checked to fit in `SLOTS` slots, half for the board's
    /// regions and half for the reflected ones ([`TrackedBoard`](crate::TrackedBoard)'s layout).
    ///
    /// # Panics
    ///
    /// If `SLOTS` is not a power of two (the slot is found by a mask), or `SLOTS / 2` is fewer
    /// than the regions.
    fn holds<const SLOTS: usize>(&self) -> usize {
        let regions = self.partition.len();
        assert!(SLOTS.is_power_of_two(), "{SLOTS} slots: not a power of two");
        assert!(regions <= SLOTS / 2, "{SLOTS} slots for {regions} regions and their reflections");
        regions
    }

    /// The sums of the look-ups of a board whose tiles are on `cell_of[tile]`: on the board, and
    /// on its reflection, with each slot's index and distance written to `index` and `value`
    /// (the board's regions from slot 0, the reflected ones from slot `SLOTS / 2`).
    ///
    /// # Panics
    ///
    /// As [`holds`](Self::holds).
    pub(crate) fn sums<const SLOTS: usize>(
        &self,
        cell_of: &[u8; PADDED],
        index: &mut [u32; SLOTS],
        value: &mut [u8; SLOTS],
    ) -> [u8; 2] {
        let regions = self.holds::<SLOTS>();
        let mut sums = [0; 2];
        for (number, slot) in self.slots.iter().enumerate() {
            let (side, at) = place(number, regions, SLOTS);
            index[at] = slot
                .tiles
                .iter()
                .map(|&tile| {
                    let cell = usize::from(cell_of[usize::from(tile) & MASK]) & MASK;
                    self.weight[side][usize::from(tile) & MASK][cell]
                })
                .sum();
            value[at] = self.distances[index[at] as usize];
            sums[side] += value[at];
        }
        sums
    }

    /// What a move does to the look-ups, laid out for [`Tracked`](crate::Tracked)'s search on
    /// boards of `SLOTS` slots.
    ///
    /// # Panics
    ///
    /// As [`holds`](Self::holds).
    pub(crate) fn look_ups<const SLOTS: usize>(&self) -> LookUps<'_, SLOTS> {
        let regions = self.holds::<SLOTS>();
        let mut slot_of = self.region_of;
        for (side, slots) in slot_of.iter_mut().enumerate() {
            for slot in slots {
                *slot = place(side * regions + usize::from(*slot), regions, SLOTS).1 as u8;
            }
        }
        LookUps { slot_of, weight: *self.weight, distances: &self.distances }
    }
}

/// What a move does to a [`TrackedBoard`](crate::TrackedBoard)'s look-ups: everything the
/// search reads at each node, each a step from [`Tracked`](crate::Tracked), which holds this.
///
/// A child's look-up is a dependent chain of loads: the tile, its slot, the weights, the index,
/// then the table's entry, the one load that misses the cache. The sooner its address is known,
/// the sooner the processor can start it, and start the next child's too while it waits: so
/// the tables are held here as one slice rather than reached through the databases, and the
/// functions are inlined, as [`Tracked`](crate::Tracked)'s are.
///
/// The search's loop waits on the tables, but it is also long enough that the number of its
/// instructions between two children's loads decides how many loads the processor has on the
/// way at once. One block for all the tables, with the table's start folded into the index, is
/// one slice and one bounds check per look-up where a slice per slot took the slot's table
/// first. The slots and the weights are held by value (8 KB), at fixed offsets from the
/// problem the search holds a reference to, rather than behind pointers of their own that the
/// loop kept reloading. (The figures are in `docs/performance.md`.)
#[derive(Clone, Copy)]
pub(crate) struct LookUps<'a, const SLOTS: usize> {
    /// For each side (the board, its reflection) and each tile, the slot that counts it.
    slot_of: [[u8; PADDED]; 2],
    /// `weight[side][tile][cell]`: what the tile on `cell` adds to its slot's index.
    weight: [[[u32; PADDED]; PADDED]; 2],
    /// Every table's distances, in one block.
    distances: &'a [u8],
}

/// Not the weights nor the tables: thousands of numbers.
impl<const SLOTS: usize> fmt::Debug for LookUps<'_, SLOTS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LookUps").field("slot_of", &self.slot_of).finish_non_exhaustive()
    }
}

impl<const SLOTS: usize> LookUps<'_, SLOTS> {
    /// The slot counting `tile` on `side` and its index after the tile moves from `from` to
    /// `to`, the slot's index being `index` before the move.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `LookUps`' docs)"
    )]
    #[inline(always)]
    pub(crate) fn index(
        &self,
        side: usize,
        tile: u8,
        from: u8,
        to: u8,
        index: &[u32; SLOTS],
    ) -> (usize, u32) {
        let tile = usize::from(tile) & MASK;
        let slot = usize::from(self.slot_of[side & 1][tile]) % SLOTS;
        let weights = &self.weight[side & 1][tile];
        let index =
            index[slot] - weights[usize::from(from) & MASK] + weights[usize::from(to) & MASK];
        (slot, index)
    }

    /// [`index`](Self::index), and the slot's distance after the move.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `LookUps`' docs)"
    )]
    #[inline(always)]
    pub(crate) fn moved(
        &self,
        side: usize,
        tile: u8,
        from: u8,
        to: u8,
        index: &[u32; SLOTS],
    ) -> (usize, u32, u8) {
        let (slot, index) = self.index(side, tile, from, to, index);
        (slot, index, self.distance(index))
    }

    /// The distance at `index`, an index [`index`](Self::index) gave.
    #[expect(
        clippy::inline_always,
        reason = "the search's loop, whole: the compiler made calls of it (see `LookUps`' docs)"
    )]
    #[inline(always)]
    pub(crate) fn distance(&self, index: u32) -> u8 {
        self.distances[index as usize]
    }
}

/// The side (0 for the board, 1 for its reflection) and the place in arrays of `slots` slots
/// (a [`TrackedBoard`]'s) of the `number`-th look-up of a partition of `regions` regions, the
/// board's listed first: the board's from slot 0, the reflected board's from `slots / 2`.
///
/// [`TrackedBoard`]: crate::TrackedBoard
fn place(number: usize, regions: usize, slots: usize) -> (usize, usize) {
    if number < regions { (0, number) } else { (1, slots / 2 + number - regions) }
}

/// Whether the database of `tiles` is exact for the tiles `symmetry` maps them to: the symmetry
/// keeps the blank's home cell, or the cells outside the tiles' homes are all connected, so that
/// the blank's home region is all of them either way.
fn exact(width: usize, tiles: &[u8], symmetry: Symmetry) -> bool {
    if symmetry.apply(0) == 0 {
        return true;
    }
    let grid = Grid::new(width);
    let free = tiles.iter().fold(grid.all(), |free, &tile| free & !(1 << tile));
    grid.flood(1, free) == free
}

/// The width, the partition and how many tables serve it: the tables themselves are hundreds of
/// megabytes.
impl fmt::Debug for SymmetricDatabases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymmetricDatabases")
            .field("width", &self.width)
            .field("partition", &self.partition)
            .field("tables", &self.tables.len())
            .finish_non_exhaustive()
    }
}

impl Heuristic<Sliding> for SymmetricDatabases {
    /// The look-ups computed from scratch: the reference the incremental
    /// [`Tracked`](crate::Tracked) search is tested against.
    ///
    /// # Panics
    ///
    /// If `board` is not of the databases' width (in debug builds; wrong bounds otherwise).
    fn estimate(&self, _: &Sliding, board: &Board) -> u8 {
        debug_assert_eq!(board.width(), self.width, "the databases are for another width");
        let mut cell_of = [0_u8; PADDED];
        for (cell, &tile) in board.cells().iter().enumerate() {
            cell_of[usize::from(tile) & MASK] = cell as u8;
        }
        let [regular, reflected] =
            self.sums(&cell_of, &mut [0; 2 * MAX_REGIONS], &mut [0; 2 * MAX_REGIONS]);
        regular.max(reflected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DisjointDatabases;

    #[test]
    fn the_24_puzzle_needs_two_tables_for_eight_look_ups() {
        let (tables, slots) = SymmetricDatabases::layout(&Sliding::new(5), &TWENTY_FOUR_6_6_6_6);
        assert_eq!(tables, [vec![1, 2, 5, 6, 7, 12], vec![3, 4, 8, 9, 13, 14]]);
        let read: Vec<usize> = slots.iter().map(|slot| slot.table).collect();
        assert_eq!(read, [0, 1, 1, 1, 0, 1, 1, 1]);
        // The half turn takes B's tiles onto C's, in B's order.
        assert_eq!(slots[2].tiles, [21, 20, 16, 15, 11, 10]);
        // Each side's slots cover every tile once.
        for side in [&slots[..4], &slots[4..]] {
            let mut tiles: Vec<u8> = side.iter().flat_map(|slot| slot.tiles.clone()).collect();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..25).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn a_symmetry_that_moves_the_blanks_home_needs_connected_free_cells() {
        let half = Symmetry::quarter_turn(5).then(Symmetry::quarter_turn(5));
        // Around B's home the free cells are connected; around {1, 5} cell 0 is cut off.
        assert!(exact(5, &[3, 4, 8, 9, 13, 14], half));
        assert!(!exact(5, &[1, 5], half));
        assert!(exact(5, &[1, 5], Symmetry::transpose(5)));
    }

    /// The 15-puzzle's 6-6-3, which no turn maps onto itself, gives the same bound as
    /// [`DisjointDatabases`], whose reflected look-ups are the transposition alone.
    #[test]
    fn without_symmetric_regions_the_bound_is_the_disjoint_databases_one() {
        let puzzle = Sliding::new(3);
        let partition: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let symmetric = SymmetricDatabases::build(&puzzle, &partition, 1);
        let disjoint = DisjointDatabases::build(&puzzle, &partition);
        let mut board = Board::goal(3);
        let mut rng = 7_u64;
        for _ in 0..2000 {
            rng =
                rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let moves = puzzle.moves_from(board.blank());
            board.slide(moves[(rng >> 33) as usize % moves.len()]);
            assert_eq!(
                symmetric.estimate(&puzzle, &board),
                disjoint.estimate(&puzzle, &board),
                "{board:?}"
            );
        }
    }

    #[test]
    fn the_compact_tables_come_back_from_the_direct_ones() {
        let puzzle = Sliding::new(3);
        let partition: [&[u8]; 2] = [&[2, 6, 8], &[1, 3, 4, 5, 7]];
        let built = SymmetricDatabases::build(&puzzle, &partition, 1);
        let patterns = SymmetricDatabases::patterns(&puzzle, &partition);
        for ((pattern, database), expected) in built.databases().iter().zip(&patterns) {
            assert_eq!(pattern, expected);
            assert_eq!(database, &expected.build(&puzzle));
        }
    }
}
