//! The pattern databases' builds on several threads: `PatternDatabase::unit_cost_on`,
//! `unit_cost_per_block_on`,
//! `weighted_on` and
//! `zero_one_on`.
//!
//! # How it works
//!
//! Breadth-first search goes level by level: every rank at distance `d` is known before any at
//! `d + 1` is looked for. The ranks of one level are therefore independent of each other, and
//! their predecessors can be listed by several threads at once: the level is cut into chunks,
//! the threads of a rayon pool take the chunks, and each lists the ranks it reaches for the
//! first time, which together make the next level. Only the level boundary is a barrier.
//! Dial's algorithm, for moves of other costs, empties its buckets in order of distance in the
//! same way: the ranks of one bucket are shared out, a wave at a time (the ranks a free move
//! brings into the bucket being walked make the next wave), and the costlier predecessors are
//! listed in later buckets.
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

use super::weighted::assert_fits;
use super::{Abstraction, PatternDatabase, WeightedAbstraction};

/// How many ranks of a level a thread takes at a time: enough that taking them costs nothing
/// next to listing their predecessors, few enough that a level of a few thousand ranks is
/// shared.
const CHUNK: usize = 1 << 10;

/// Runs `unit_cost` on a pool of `threads` threads (0: rayon's default).
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

/// Sets the rank `before` to `next` if it is unreached, and says whether this call did (so that
/// of the threads reaching it at once, one alone lists it).
///
/// # Panics
///
/// If `before` is not a rank of `distances`: an abstraction's predecessor out of range.
fn claim(distances: &[AtomicU8], before: usize, next: u8) -> bool {
    let size = distances.len();
    assert!(before < size, "predecessor rank {before} is not below the size {size}");
    let slot = &distances[before];
    slot.load(Ordering::Relaxed) == PatternDatabase::UNREACHABLE
        && slot.swap(next, Ordering::Relaxed) == PatternDatabase::UNREACHABLE
}

/// The distances, no longer shared.
fn into_bytes(distances: Vec<AtomicU8>) -> Vec<u8> {
    distances.into_iter().map(AtomicU8::into_inner).collect()
}

impl PatternDatabase {
    /// `unit_cost` on `threads` threads (0: rayon's default, the machine's
    /// logical processors or `RAYON_NUM_THREADS`): the same table, byte for byte. `1` is `unit_cost`.
    ///
    /// The breadth-first search goes level by level: the ranks at distance `d` are shared out
    /// among the threads, a chunk at a time, and the ranks they reach first make the level
    /// `d + 1`. A rank's distance is the level that first reaches it, whichever thread gets
    /// there, so only the order of the ranks within a level varies from run to run, and no
    /// distance depends on it.
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
    /// assert_eq!(PatternDatabase::builder().threads(2).build(&Ring), PatternDatabase::builder().build(&Ring));
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `unit_cost`, shared by the threads, and a barrier per level; memory one byte per
    /// rank and two levels of `u32` ranks.
    ///
    /// # Panics
    ///
    /// As `unit_cost`; also if the size exceeds 2³² ranks, or if the operating system refuses to
    /// start the threads.
    #[must_use]
    pub(super) fn unit_cost_on<A: Abstraction + Sync + ?Sized>(
        abstraction: &A,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::unit_cost(abstraction);
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
                        if claim(&distances, before, next) {
                            found.push(rank_u32(before, size));
                        }
                    });
                });
                distance = next;
            }
        });
        Self::from_distances(into_bytes(distances))
    }

    /// `unit_cost` on `threads` threads with no lists of levels: each level is found by
    /// reading the whole table for the ranks at the last distance. The same table, byte for
    /// byte, in one byte per rank and nothing more, for tables whose levels would not fit
    /// in memory as lists (a level of a few hundred million ranks is a gigabyte or more of
    /// `u32`s, and the next is built beside it).
    ///
    /// Each rank is still expanded once; the price is a read of the table per level, fast
    /// next to the expansions when the moves are many.
    ///
    /// # Panics
    ///
    /// As `unit_cost_on`.
    #[must_use]
    pub(super) fn unit_cost_by_scan_on<A: Abstraction + Sync + ?Sized>(
        abstraction: &A,
        threads: usize,
    ) -> Self {
        let size = abstraction.size();
        let distances: Vec<AtomicU8> =
            (0..size).map(|_| AtomicU8::new(Self::UNREACHABLE)).collect();
        for goal in abstraction.goals() {
            assert!(goal < size, "goal rank {goal} is not below the size {size}");
            distances[goal].store(0, Ordering::Relaxed);
        }
        on_pool(threads, || {
            let mut distance = 0_u8;
            loop {
                assert!(distance + 1 < Self::UNREACHABLE, "distances above 254 are not supported");
                let next = distance + 1;
                // Ranks set to `next` while the level is read are not at `distance`: they are
                // left for the next read.
                let found: usize = distances
                    .par_chunks(CHUNK * 64)
                    .enumerate()
                    .map(|(chunk_index, chunk)| {
                        let mut found = 0;
                        for (offset, slot) in chunk.iter().enumerate() {
                            if slot.load(Ordering::Relaxed) != distance {
                                continue;
                            }
                            let rank = chunk_index * CHUNK * 64 + offset;
                            abstraction.predecessors(rank, &mut |before| {
                                if claim(&distances, before, next) {
                                    found += 1;
                                }
                            });
                        }
                        found
                    })
                    .sum();
                if found == 0 {
                    break;
                }
                distance = next;
            }
        });
        Self::from_distances(into_bytes(distances))
    }

    /// `unit_cost_per_block` on `threads` threads (0: rayon's
    /// default): the same table, byte for byte, one level at a time. `1` is `unit_cost_per_block`.
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
    /// let coarse = PatternDatabase::builder().per_block(2).threads(2).build(&Line);
    /// assert_eq!(coarse, PatternDatabase::builder().per_block(2).build(&Line));
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `unit_cost_per_block`, shared by the threads, and a barrier per level; the same
    /// memory.
    ///
    /// # Panics
    ///
    /// As `unit_cost_per_block`; also if the operating system refuses to start the threads.
    #[must_use]
    pub(super) fn unit_cost_per_block_on<A: Abstraction + Sync + ?Sized>(
        abstraction: &A,
        block: usize,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::unit_cost_per_block(abstraction, block);
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

    /// `weighted` on `threads` threads (0: rayon's
    /// default): the same table, byte for byte. `1` is `weighted`.
    ///
    /// Dial's buckets are emptied in order of distance, as in `weighted`; the threads
    /// share each bucket a wave at a time: the ranks a free move newly brings down to the
    /// bucket's distance make the next wave, until none is left, and the ranks a costlier move
    /// lowers go to later buckets. A rank's distance is the least cost of a path, whichever
    /// thread finds it, so no distance depends on the order.
    ///
    /// ```
    /// use search_core::pattern_database::{PatternDatabase, WeightedAbstraction};
    ///
    /// /// A ring of 100 ranks, the goal at 0; a step up costs 3, a step down 2.
    /// struct Ring;
    /// impl WeightedAbstraction for Ring {
    ///     fn size(&self) -> usize { 100 }
    ///     fn goals(&self) -> Vec<usize> { vec![0] }
    ///     fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
    ///         visit((rank + 99) % 100, 3); // a step up from rank - 1
    ///         visit((rank + 1) % 100, 2);  // a step down from rank + 1
    ///     }
    /// }
    ///
    /// let database = PatternDatabase::builder().threads(2).build_weighted(&Ring);
    /// assert_eq!(database, PatternDatabase::builder().build_weighted(&Ring));
    /// // From rank r, r steps down (2r) or 100 - r steps up round the ring (3(100 - r)).
    /// assert_eq!([59, 60, 61].map(|r| database.distance(r)), [118, 120, 117]);
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `weighted`, shared by the threads, and a barrier per wave.
    ///
    /// # Panics
    ///
    /// As `weighted`; also if the operating system refuses to start the threads.
    #[must_use]
    pub(super) fn weighted_on<A: WeightedAbstraction + Sync + ?Sized>(
        abstraction: &A,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::weighted(abstraction);
        }
        Self::from_distances(search_by_cost_on(abstraction, u8::MAX, threads))
    }

    /// `zero_one` on `threads` threads (0: rayon's
    /// default): the same table, byte for byte. `1` is `zero_one`.
    ///
    /// This is `weighted_on` with the costs checked
    /// to be 0 or 1: a level's ranks one free move apart are found in waves, the ranks one
    /// costly move away make the next level.
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
    ///         if cell > 0 { visit(cell - 1, 1) }
    ///         if cell < 5 { visit(cell + 1, 0) }
    ///     }
    /// }
    /// assert_eq!(PatternDatabase::builder().zero_one().threads(2).build_weighted(&Slope).distances(), [5, 4, 3, 2, 1, 0]);
    /// ```
    ///
    /// # Complexity
    ///
    /// The work of `zero_one`, shared by the threads, and a barrier per wave.
    ///
    /// # Panics
    ///
    /// As `zero_one`; also if the operating system refuses to start the threads.
    #[must_use]
    pub(super) fn zero_one_on<A: WeightedAbstraction + Sync + ?Sized>(
        abstraction: &A,
        threads: usize,
    ) -> Self {
        if threads == 1 {
            return Self::zero_one(abstraction);
        }
        Self::from_distances(search_by_cost_on(abstraction, 1, threads))
    }
}

/// Dial's algorithm backwards from the goals, as `weighted::search_by_cost`, on a pool of
/// `threads` threads: every rank's least cost to a goal.
///
/// # Panics
///
/// As `weighted::search_by_cost`; also if the operating system refuses to start the threads.
fn search_by_cost_on<A: WeightedAbstraction + Sync + ?Sized>(
    abstraction: &A,
    max_cost: u8,
    threads: usize,
) -> Vec<u8> {
    const UNREACHABLE: u8 = PatternDatabase::UNREACHABLE;
    let size = abstraction.size();
    assert!(u32::try_from(size).is_ok(), "{size} ranks do not fit in a u32");
    let distances: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNREACHABLE)).collect();
    // Lowers `rank`'s distance to `distance`; whether it was higher.
    let lower = |rank: usize, distance: u8| {
        let slot = &distances[rank];
        slot.load(Ordering::Relaxed) > distance
            && slot.fetch_min(distance, Ordering::Relaxed) > distance
    };
    let mut buckets = vec![Vec::<u32>::new(); usize::from(UNREACHABLE)];
    for goal in abstraction.goals() {
        assert!(goal < size, "goal rank {goal} is not below the size {size}");
        if lower(goal, 0) {
            buckets[0].push(rank_u32(goal, size));
        }
    }
    let mut beyond = Vec::new();
    on_pool(threads, || {
        for distance in 0..UNREACHABLE {
            let mut wave = std::mem::take(&mut buckets[usize::from(distance)]);
            while !wave.is_empty() {
                let found: Vec<Found> = wave
                    .par_chunks(CHUNK)
                    .map(|chunk| {
                        let mut found = Found::default();
                        for &rank in chunk {
                            if distances[rank as usize].load(Ordering::Relaxed) != distance {
                                continue; // listed before a cheaper path lowered it
                            }
                            abstraction.predecessors(rank as usize, &mut |before, cost| {
                                assert!(
                                    before < size,
                                    "predecessor {before} is not below the size {size}"
                                );
                                assert!(
                                    cost <= max_cost,
                                    "a move costs at most {max_cost}, not {cost}"
                                );
                                let listed = rank_u32(before, size);
                                match distance.checked_add(cost).filter(|&d| d < UNREACHABLE) {
                                    None => found.beyond.push(listed),
                                    Some(reached) if lower(before, reached) => {
                                        found.lowered.push((reached, listed));
                                    }
                                    Some(_) => {}
                                }
                            });
                        }
                        found
                    })
                    .collect();
                wave = Vec::new();
                for found in found {
                    for (reached, rank) in found.lowered {
                        if reached == distance {
                            wave.push(rank);
                        } else {
                            buckets[usize::from(reached)].push(rank);
                        }
                    }
                    beyond.extend(found.beyond);
                }
            }
        }
    });
    let distances = into_bytes(distances);
    assert_fits(&distances, &beyond);
    distances
}

/// What one chunk of a wave found: the ranks whose distance it lowered, with the new distance,
/// and those a path reached only at 255 or more.
#[derive(Default)]
struct Found {
    lowered: Vec<(u8, u32)>,
    beyond: Vec<u32>,
}
