//! The pattern databases' builds on several threads: [`PatternDatabase::build_on`],
//! [`build_per_block_on`](PatternDatabase::build_per_block_on) and
//! [`build_zero_one_on`](PatternDatabase::build_zero_one_on).
//!
//! # How it works
//!
//! Breadth-first search goes level by level: every rank at distance `d` is known before any at
//! `d + 1` is looked for. The ranks of one level are therefore independent of each other, and
//! their predecessors can be listed by several threads at once: the level is cut into chunks,
//! the threads of a rayon pool take the chunks, and each lists the ranks it reaches for the
//! first time, which together make the next level. Only the level boundary is a barrier.
//!
//! # Design decisions
//!
//! - **The same table, byte for byte.** A rank's distance is the number of the level that
//!   reaches it first, whichever thread and in whatever order; only the order of the ranks
//!   within a level differs from run to run, and no distance depends on it. The tests compare
//!   the tables with the sequential builds'.
//! - **Atomics on the tables, read before written.** The "reached" marks and the distances are
//!   atomic, and each is read first and modified only if it would change, with relaxed ordering
//!   (the level barrier orders the levels): most predecessors listed were reached long before,
//!   and a read costs no cache line going from one core to the other.
//! - **A pool per build.** The builds take a thread count rather than a pool, so that no rayon
//!   type shows in the API; starting the threads costs far less than any table worth building
//!   in parallel.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use rayon::ThreadPoolBuilder;
use rayon::prelude::*;

use super::{Abstraction, PatternDatabase, ZeroOneAbstraction};

/// How many ranks of a level a thread takes at a time: enough that taking them costs nothing
/// next to listing their predecessors, few enough that a level of a few thousand ranks is
/// shared.
const CHUNK: usize = 1 << 10;

/// Runs `build` on a pool of `threads` threads (0: rayon's default).
fn on_pool<T: Send>(threads: usize, build: impl FnOnce() -> T + Send) -> T {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("the operating system starts the pool's threads")
        .install(build)
}

/// The next level: every rank that `expand` finds from the ranks of `level`, chunk by chunk on
/// the current pool, in the order of the chunks.
fn next_level(level: &[u32], expand: impl Fn(u32, &mut Vec<u32>) + Sync) -> Vec<u32> {
    let found: Vec<Vec<u32>> = level
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut found = Vec::new();
            for &rank in chunk {
                expand(rank, &mut found);
            }
            found
        })
        .collect();
    found.concat()
}

/// A rank as a `u32`, for the levels' lists.
fn rank_u32(rank: usize, size: usize) -> u32 {
    u32::try_from(rank).unwrap_or_else(|_| panic!("{size} ranks do not fit in a u32"))
}

/// The distances, no longer shared.
fn into_bytes(distances: Vec<AtomicU8>) -> Vec<u8> {
    distances.into_iter().map(AtomicU8::into_inner).collect()
}

impl PatternDatabase {
    /// [`build`](PatternDatabase::build) on `threads` threads (0: rayon's default, the machine's
    /// logical processors or `RAYON_NUM_THREADS`): the same table, byte for byte. `1` is `build`.
    ///
    /// The breadth-first search goes level by level: the ranks at distance `d` are shared out
    /// among the threads, a chunk at a time, and the ranks they reach first make the level
    /// `d + 1`. A rank's distance is the level that first reaches it, whichever thread gets
    /// there, so only the order of the ranks within a level varies from run to run, and no
    /// distance depends on it.
    ///
    /// ```
    /// use search_core::{Abstraction, PatternDatabase};
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
    /// assert_eq!(PatternDatabase::build_on(&Ring, 2), PatternDatabase::build(&Ring));
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `build`, shared by the threads, and a barrier per level; memory one byte per
    /// rank and two levels of `u32` ranks.
    ///
    /// # Panics
    ///
    /// As `build`; also if the size exceeds 2³² ranks, or if the operating system refuses to
    /// start the threads.
    #[must_use]
    pub fn build_on<A: Abstraction + Sync + ?Sized>(abstraction: &A, threads: usize) -> Self {
        if threads == 1 {
            return Self::build(abstraction);
        }
        let size = abstraction.size();
        let distances: Vec<AtomicU8> =
            (0..size).map(|_| AtomicU8::new(Self::UNREACHABLE)).collect();
        let mut level = Vec::new();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            if distances[goal].swap(0, Ordering::Relaxed) != 0 {
                level.push(rank_u32(goal, size));
            }
        }
        on_pool(threads, || {
            let mut distance = 0_u8;
            while !level.is_empty() {
                assert!(distance + 1 < Self::UNREACHABLE, "distances above 254 are not supported");
                let next = distance + 1;
                level = next_level(&level, |rank, found| {
                    abstraction.predecessors(rank as usize, &mut |before| {
                        assert!(
                            before < size,
                            "predecessor rank {before} is not below the size {size}"
                        );
                        let slot = &distances[before];
                        if slot.load(Ordering::Relaxed) == Self::UNREACHABLE
                            && slot.swap(next, Ordering::Relaxed) == Self::UNREACHABLE
                        {
                            found.push(rank_u32(before, size));
                        }
                    });
                });
                distance = next;
            }
        });
        Self::from_distances(into_bytes(distances))
    }

    /// [`build_per_block`](PatternDatabase::build_per_block) on `threads` threads (0: rayon's
    /// default): the same table, byte for byte, one level at a time. `1` is `build_per_block`.
    ///
    /// ```
    /// use search_core::{Abstraction, PatternDatabase};
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
    /// let coarse = PatternDatabase::build_per_block_on(&Line, 2, 2);
    /// assert_eq!(coarse, PatternDatabase::build_per_block(&Line, 2));
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `build_per_block`, shared by the threads, and a barrier per level; the same
    /// memory.
    ///
    /// # Panics
    ///
    /// As `build_per_block`; also if the operating system refuses to start the threads.
    #[must_use]
    pub fn build_per_block_on<A: Abstraction + Sync + ?Sized>(
        abstraction: &A,
        block: usize,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::build_per_block(abstraction, block);
        }
        let size = abstraction.size();
        assert!(block > 0 && size.is_multiple_of(block), "{block} does not divide {size}");
        let distances: Vec<AtomicU8> =
            (0..size / block).map(|_| AtomicU8::new(Self::UNREACHABLE)).collect();
        let reached: Vec<AtomicU64> = (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        // Marks `rank` reached at `distance`; whether it was not before.
        let reach = |rank: usize, distance: u8| {
            let (word, bit) = (&reached[rank / 64], 1 << (rank % 64));
            let first = word.load(Ordering::Relaxed) & bit == 0
                && word.fetch_or(bit, Ordering::Relaxed) & bit == 0;
            if first {
                // Levels come in order of distance: the first to reach a block sets it.
                let least = &distances[rank / block];
                if least.load(Ordering::Relaxed) > distance {
                    least.fetch_min(distance, Ordering::Relaxed);
                }
            }
            first
        };
        let mut level = Vec::new();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            if reach(goal, 0) {
                level.push(rank_u32(goal, size));
            }
        }
        on_pool(threads, || {
            let mut distance = 0_u8;
            while !level.is_empty() {
                assert!(distance + 1 < Self::UNREACHABLE, "distances above 254 are not supported");
                let next = distance + 1;
                level = next_level(&level, |rank, found| {
                    abstraction.predecessors(rank as usize, &mut |before| {
                        assert!(
                            before < size,
                            "predecessor rank {before} is not below the size {size}"
                        );
                        if reach(before, next) {
                            found.push(rank_u32(before, size));
                        }
                    });
                });
                distance = next;
            }
        });
        Self::from_distances(into_bytes(distances))
    }

    /// [`build_zero_one`](PatternDatabase::build_zero_one) on `threads` threads (0: rayon's
    /// default): the same table, byte for byte. `1` is `build_zero_one`.
    ///
    /// A level's ranks one free move apart are found in waves: the threads share each wave, and
    /// the ranks it newly brings down to the level's distance make the next wave, until none is
    /// left; the ranks one costly move away make the next level.
    ///
    /// ```
    /// use search_core::{PatternDatabase, ZeroOneAbstraction};
    ///
    /// /// A line of 6 cells; stepping right costs 1, stepping left is free (ranks are cells).
    /// struct Slope;
    /// impl ZeroOneAbstraction for Slope {
    ///     fn size(&self) -> usize { 6 }
    ///     fn goals(&self) -> Vec<usize> { vec![5] }
    ///     fn predecessors<F: FnMut(usize, u8)>(&self, cell: usize, mut visit: F) {
    ///         if cell > 0 { visit(cell - 1, 1) }
    ///         if cell < 5 { visit(cell + 1, 0) }
    ///     }
    /// }
    /// assert_eq!(PatternDatabase::build_zero_one_on(&Slope, 2).distances(), [5, 4, 3, 2, 1, 0]);
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `build_zero_one`, shared by the threads, and a barrier per wave.
    ///
    /// # Panics
    ///
    /// As `build_zero_one`; also if the operating system refuses to start the threads.
    #[must_use]
    pub fn build_zero_one_on<A: ZeroOneAbstraction + Sync>(
        abstraction: &A,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::build_zero_one(abstraction);
        }
        let size = abstraction.size();
        assert!(u32::try_from(size).is_ok(), "{size} ranks do not fit in a u32");
        let distances: Vec<AtomicU8> =
            (0..size).map(|_| AtomicU8::new(Self::UNREACHABLE)).collect();
        // Lowers `rank`'s distance to `distance`; whether it was higher.
        let lower = |rank: usize, distance: u8| {
            let slot = &distances[rank];
            slot.load(Ordering::Relaxed) > distance
                && slot.fetch_min(distance, Ordering::Relaxed) > distance
        };
        let mut level = Vec::new();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            if lower(goal, 0) {
                level.push(rank_u32(goal, size));
            }
        }
        on_pool(threads, || {
            let mut distance = 0_u8;
            while !level.is_empty() {
                assert!(distance < Self::UNREACHABLE - 1, "distances above 254 are not supported");
                let mut next = Vec::new();
                let mut wave = std::mem::take(&mut level);
                while !wave.is_empty() {
                    let found: Vec<(Vec<u32>, Vec<u32>)> = wave
                        .par_chunks(CHUNK)
                        .map(|chunk| {
                            let (mut free, mut costly) = (Vec::new(), Vec::new());
                            for &rank in chunk {
                                if distances[rank as usize].load(Ordering::Relaxed) != distance {
                                    continue; // listed one level too late: a free move reached it earlier
                                }
                                abstraction.predecessors(rank as usize, |before, cost| {
                                    assert!(
                                        before < size,
                                        "predecessor {before} is not below the size {size}"
                                    );
                                    match cost {
                                        0 if lower(before, distance) => {
                                            free.push(rank_u32(before, size));
                                        }
                                        1 if lower(before, distance + 1) => {
                                            costly.push(rank_u32(before, size));
                                        }
                                        0 | 1 => {}
                                        _ => panic!("a move costs 0 or 1, not {cost}"),
                                    }
                                });
                            }
                            (free, costly)
                        })
                        .collect();
                    wave = Vec::new();
                    for (free, costly) in found {
                        wave.extend(free);
                        next.extend(costly);
                    }
                }
                level = next;
                distance += 1;
            }
        });
        Self::from_distances(into_bytes(distances))
    }
}
