//! The pattern databases built on several threads are the sequential builds' tables, byte for
//! byte: on random abstractions, with several goals, unreachable ranks, long distances, and
//! moves of cost 0 or 1 and of costs 0 to 3.

#![cfg(feature = "parallel")]

use crate::common;

use common::Rng;
use rstest::rstest;
use search_core::pattern_database::{Abstraction, PatternDatabase, WeightedAbstraction};

/// A random directed graph: each rank has a few predecessors, a share of them nearby (so that
/// distances grow long) and the rest anywhere; some ranks have none and may stay unreachable.
struct RandomGraph {
    predecessors: Vec<Vec<(usize, u8)>>,
    goals: Vec<usize>,
}

impl RandomGraph {
    fn new(seed: u64, size: usize) -> Self {
        let mut rng = Rng::new(seed);
        let predecessors = (0..size)
            .map(|rank| {
                let count = rng.below(4);
                (0..count)
                    .map(|_| {
                        let before = if rng.below(4) == 0 {
                            rng.below(size)
                        } else {
                            (rank + 1 + rng.below(3)) % size
                        };
                        (before, u8::from(rng.below(3) != 0))
                    })
                    .collect()
            })
            .collect();
        let goals = (0..=rng.below(3)).map(|_| rng.below(size)).collect();
        Self { predecessors, goals }
    }
}

impl Abstraction for RandomGraph {
    fn size(&self) -> usize {
        self.predecessors.len()
    }
    fn goals(&self) -> Vec<usize> {
        self.goals.clone()
    }
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        for &(before, _) in &self.predecessors[rank] {
            visit(before);
        }
    }
}

/// The same graph with its moves' costs, 0 or 1.
struct Weighted<'a>(&'a RandomGraph);

impl WeightedAbstraction for Weighted<'_> {
    fn size(&self) -> usize {
        self.0.size()
    }
    fn goals(&self) -> Vec<usize> {
        self.0.goals()
    }
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
        for &(before, cost) in &self.0.predecessors[rank] {
            visit(before, cost);
        }
    }
}

/// The same graph with costs 0 to 3, a function of the move's two ranks.
struct Dear<'a>(&'a RandomGraph);

impl WeightedAbstraction for Dear<'_> {
    fn size(&self) -> usize {
        self.0.predecessors.len()
    }
    fn goals(&self) -> Vec<usize> {
        self.0.goals.clone()
    }
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
        for &(before, _) in &self.0.predecessors[rank] {
            visit(before, u8::try_from((before * 7 + rank * 3) % 4).unwrap());
        }
    }
}

/// A ring of `len` ranks, one step either way: distances up to `len / 2`, one level each.
struct Ring(usize);

impl Abstraction for Ring {
    fn size(&self) -> usize {
        self.0
    }
    fn goals(&self) -> Vec<usize> {
        vec![0]
    }
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        visit((rank + 1) % self.0);
        visit((rank + self.0 - 1) % self.0);
    }
}

#[rstest]
fn random_graphs_give_the_same_tables(
    #[values(0, 1, 2, 3, 4, 5, 6, 7)] seed: u64,
    #[values(1, 2, 3, 8)] threads: usize,
) {
    // Up to 200,000 ranks: several chunks per level, so the threads do share the levels.
    let size = [10, 1_000, 60_000, 200_000][usize::try_from(seed % 4).unwrap()];
    let graph = RandomGraph::new(seed, size);
    let database = PatternDatabase::builder().build(&graph);
    assert!(database.distances().contains(&PatternDatabase::UNREACHABLE) || size == 10);
    assert_eq!(PatternDatabase::builder().threads(threads).build(&graph), database, "seed {seed}");
    let scanned = PatternDatabase::builder().threads(threads).levels_by_scan().build(&graph);
    assert_eq!(scanned, database, "seed {seed}, levels by scan");
    for block in [1, 2, 5] {
        let sequential = PatternDatabase::builder().per_block(block).build(&graph);
        assert_eq!(sequential, database.min_per_block(block));
        let parallel = PatternDatabase::builder().per_block(block).threads(threads).build(&graph);
        assert_eq!(parallel, sequential, "seed {seed}, blocks of {block}");
    }
    let zero_one = PatternDatabase::builder().zero_one().build_weighted(&Weighted(&graph));
    assert_eq!(
        PatternDatabase::builder().zero_one().threads(threads).build_weighted(&Weighted(&graph)),
        zero_one
    );
    let weighted = PatternDatabase::builder().build_weighted(&Dear(&graph));
    assert_eq!(PatternDatabase::builder().threads(threads).build_weighted(&Dear(&graph)), weighted);
}

#[rstest]
fn long_distances_take_many_levels(#[values(2, 3, 8)] threads: usize) {
    let ring = Ring(500);
    let database = PatternDatabase::builder().threads(threads).build(&ring);
    assert_eq!(database, PatternDatabase::builder().build(&ring));
    assert_eq!(database.max_distance(), 250);
    assert_eq!(PatternDatabase::builder().threads(threads).levels_by_scan().build(&ring), database);
    assert_eq!(
        PatternDatabase::builder().per_block(4).threads(threads).build(&ring),
        database.min_per_block(4)
    );
}

#[test]
#[should_panic(expected = "distances above 254")]
fn distances_that_do_not_fit_in_a_byte_are_refused_in_parallel_too() {
    let _ = PatternDatabase::builder().threads(2).build(&Ring(600));
}
