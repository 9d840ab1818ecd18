//! The one way to build a pattern database: a [`Builder`] says how, and builds from an
//! abstraction of either kind.
//!
//! The choices are independent of one another: the kind of abstraction (every move costing 1, or
//! small integer costs, checked to be 0 or 1 with [`zero_one`](Builder::zero_one)), whether to
//! keep only the least distance of each block of ranks ([`per_block`](Builder::per_block)), and
//! on how many threads ([`threads`](Builder::threads), which turns the builder into a
//! [`ParallelBuilder`]: the parallel searches need an abstraction the threads can share, `Sync`,
//! which the sequential ones do not ask for). Every combination builds the same table, byte for
//! byte, whatever the number of threads.

use super::PatternDatabase;
use super::unit_cost::Abstraction;
use super::weighted::WeightedAbstraction;

/// How to build a [`PatternDatabase`]: from [`PatternDatabase::builder`], then
/// [`build`](Builder::build) over an [`Abstraction`] or [`build_weighted`](Builder::build_weighted)
/// over a [`WeightedAbstraction`].
///
/// ```
/// use search_core::pattern_database::{Abstraction, PatternDatabase};
///
/// /// Ranks 0..6 on a line, one step at a time; the goal is rank 0.
/// struct Line;
/// impl Abstraction for Line {
///     fn size(&self) -> usize { 6 }
///     fn goals(&self) -> Vec<usize> { vec![0] }
///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
///         if rank > 0 { visit(rank - 1) }
///         if rank < 5 { visit(rank + 1) }
///     }
/// }
///
/// let database = PatternDatabase::builder().build(&Line);
/// assert_eq!(database.distances(), [0, 1, 2, 3, 4, 5]);
/// let coarse = PatternDatabase::builder().per_block(2).build(&Line);
/// assert_eq!(coarse.distances(), [0, 2, 4]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct Builder {
    per_block: Option<usize>,
    zero_one: bool,
}

impl PatternDatabase {
    /// A [`Builder`] with the defaults: every rank's distance, on the calling thread.
    pub fn builder() -> Builder {
        Builder::default()
    }
}

impl Builder {
    /// Keeps only the least distance of each run of `block` consecutive ranks: the database
    /// [`min_per_block`](PatternDatabase::min_per_block)`(block)` of the full one. Over an
    /// [`Abstraction`], the search keeps a bit per rank and a byte per block instead of a byte per
    /// rank, an eighth of the memory (and faster on tables larger than the caches).
    ///
    /// The build panics if `block` is 0 or does not divide the abstraction's size.
    pub fn per_block(mut self, block: usize) -> Self {
        self.per_block = Some(block);
        self
    }

    /// For [`build_weighted`](Self::build_weighted): every cost is 0 or 1, as in an additive
    /// database, and the build checks it (it panics on another cost). The table is the same as
    /// without; the search is the 0-1 breadth-first search. No effect on [`build`](Self::build).
    pub fn zero_one(mut self) -> Self {
        self.zero_one = true;
        self
    }

    /// Builds on `threads` threads (0: rayon's default, the machine's logical processors or
    /// `RAYON_NUM_THREADS`; 1: on the calling thread): the same table, byte for byte.
    #[cfg(feature = "parallel")]
    pub fn threads(self, threads: usize) -> ParallelBuilder {
        ParallelBuilder { settings: self, threads, by_scan: false }
    }

    /// Fills the database by breadth-first search backwards from the abstraction's goals: a
    /// rank's distance is the level at which the search first reaches it.
    ///
    /// # Complexity
    ///
    /// Each rank is listed once and its predecessors visited once: time linear in `size` times the
    /// number of moves; memory one byte per rank (one bit, with [`per_block`](Self::per_block))
    /// plus two levels of the search.
    ///
    /// # Panics
    ///
    /// If a goal or a predecessor is not below [`size`](Abstraction::size), if some rank is 255
    /// or more moves from every goal (distances are stored as `u8`, with 255 meaning
    /// unreachable), or as [`per_block`](Self::per_block) says.
    #[must_use]
    pub fn build<A: Abstraction + ?Sized>(self, abstraction: &A) -> PatternDatabase {
        match self.per_block {
            None => PatternDatabase::unit_cost(abstraction),
            Some(block) => PatternDatabase::unit_cost_per_block(abstraction, block),
        }
    }

    /// Fills the database by Dial's algorithm backwards from the abstraction's goals: a rank's
    /// distance is the least total cost of a path from it to a goal.
    ///
    /// ```
    /// use search_core::pattern_database::{PatternDatabase, WeightedAbstraction};
    ///
    /// /// A line of 6 cells; stepping right costs 1, stepping left is free (ranks are cells).
    /// struct Slope;
    /// impl WeightedAbstraction for Slope {
    ///     fn size(&self) -> usize { 6 }
    ///     fn goals(&self) -> Vec<usize> { vec![5] }
    ///     fn predecessors(&self, cell: usize, visit: &mut dyn FnMut(usize, u8)) {
    ///         if cell > 0 { visit(cell - 1, 1) }  // stepping right from cell - 1
    ///         if cell < 5 { visit(cell + 1, 0) }  // stepping left from cell + 1
    ///     }
    /// }
    /// let database = PatternDatabase::builder().zero_one().build_weighted(&Slope);
    /// assert_eq!(database.distances(), [5, 4, 3, 2, 1, 0]);
    /// ```
    ///
    /// # Complexity
    ///
    /// Each rank is listed at most a few times and its predecessors visited once: time linear in
    /// `size` times the number of moves; memory one byte per rank plus the buckets.
    ///
    /// # Panics
    ///
    /// If `size` does not fit in a `u32`, a goal or a predecessor is not below `size`, a cost is
    /// 255 (or, with [`zero_one`](Self::zero_one), neither 0 nor 1), some rank is 255 or more
    /// from every goal, or as [`per_block`](Self::per_block) says.
    #[must_use]
    pub fn build_weighted<A: WeightedAbstraction + ?Sized>(
        self,
        abstraction: &A,
    ) -> PatternDatabase {
        let database = if self.zero_one {
            PatternDatabase::zero_one(abstraction)
        } else {
            PatternDatabase::weighted(abstraction)
        };
        self.coarsen(database)
    }

    /// The database kept per block, if asked, for the builds that fill a full table first.
    fn coarsen(self, database: PatternDatabase) -> PatternDatabase {
        match self.per_block {
            None => database,
            Some(block) => database.min_per_block(block),
        }
    }
}

/// A [`Builder`] on several threads, from [`Builder::threads`]: the same choices and the same
/// tables, for abstractions the threads can share.
///
/// ```
/// use search_core::pattern_database::{Abstraction, PatternDatabase};
///
/// /// Ranks 0..500 on a ring, one step either way; the goal is rank 0.
/// struct Ring;
/// impl Abstraction for Ring {
///     fn size(&self) -> usize { 500 }
///     fn goals(&self) -> Vec<usize> { vec![0] }
///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
///         visit((rank + 1) % 500);
///         visit((rank + 499) % 500);
///     }
/// }
///
/// let parallel = PatternDatabase::builder().threads(2).build(&Ring);
/// assert_eq!(parallel, PatternDatabase::builder().build(&Ring));
/// ```
///
/// # Panics
///
/// As the sequential builds; also if the operating system refuses to start the threads, or
/// (over an [`Abstraction`]) if the size exceeds 2³² ranks.
#[cfg(feature = "parallel")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct ParallelBuilder {
    settings: Builder,
    threads: usize,
    by_scan: bool,
}

#[cfg(feature = "parallel")]
impl ParallelBuilder {
    /// As [`Builder::per_block`].
    pub fn per_block(self, block: usize) -> Self {
        Self { settings: self.settings.per_block(block), ..self }
    }

    /// As [`Builder::zero_one`].
    pub fn zero_one(self) -> Self {
        Self { settings: self.settings.zero_one(), ..self }
    }

    /// As [`Builder::threads`].
    pub fn threads(self, threads: usize) -> Self {
        Self { threads, ..self }
    }

    /// For [`build`](Self::build): no lists of the search's levels, each level found by reading
    /// the whole table instead. The same table, byte for byte, in one byte per rank and nothing
    /// more: for tables of hundreds of millions of ranks, whose largest levels as lists of
    /// `u32` would take gigabytes (Rubik's Cube's seven edges: 510,935,040 ranks). Each rank is
    /// still expanded once; a level costs one more read of the table.
    ///
    /// The build panics if [`per_block`](Self::per_block) is asked too (that build keeps a bit
    /// per rank, not the distances the reads look for).
    ///
    /// ```
    /// use search_core::pattern_database::{Abstraction, PatternDatabase};
    ///
    /// /// Ranks 0..500 on a ring, one step either way; the goal is rank 0.
    /// struct Ring;
    /// impl Abstraction for Ring {
    ///     fn size(&self) -> usize { 500 }
    ///     fn goals(&self) -> Vec<usize> { vec![0] }
    ///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
    ///         visit((rank + 1) % 500);
    ///         visit((rank + 499) % 500);
    ///     }
    /// }
    ///
    /// let scanned = PatternDatabase::builder().threads(2).levels_by_scan().build(&Ring);
    /// assert_eq!(scanned, PatternDatabase::builder().build(&Ring));
    /// ```
    pub fn levels_by_scan(self) -> Self {
        Self { by_scan: true, ..self }
    }

    /// [`Builder::build`] on the threads: the ranks of each level of the breadth-first search
    /// are shared out among them, and a barrier ends each level.
    ///
    /// # Panics
    ///
    /// As [`Builder::build`]; also if [`levels_by_scan`](Self::levels_by_scan) is asked with
    /// [`per_block`](Self::per_block).
    #[must_use]
    pub fn build<A: Abstraction + Sync + ?Sized>(self, abstraction: &A) -> PatternDatabase {
        let threads = self.threads;
        if self.by_scan {
            assert!(self.settings.per_block.is_none(), "levels_by_scan keeps every distance");
            return PatternDatabase::unit_cost_by_scan_on(abstraction, threads);
        }
        match self.settings.per_block {
            None => PatternDatabase::unit_cost_on(abstraction, threads),
            Some(block) => PatternDatabase::unit_cost_per_block_on(abstraction, block, threads),
        }
    }

    /// [`Builder::build_weighted`] on the threads: Dial's buckets are emptied in order, each
    /// shared out among them.
    #[must_use]
    pub fn build_weighted<A: WeightedAbstraction + Sync + ?Sized>(
        self,
        abstraction: &A,
    ) -> PatternDatabase {
        let database = if self.settings.zero_one {
            PatternDatabase::zero_one_on(abstraction, self.threads)
        } else {
            PatternDatabase::weighted_on(abstraction, self.threads)
        };
        self.settings.coarsen(database)
    }
}
