//! Pattern databases of small integer costs ([`PatternDatabase::build_weighted`], Dial's
//! algorithm) against uniform-cost search, which shares nothing with them but the graph: on
//! random graphs, every rank's distance is the cost of the cheapest solution uniform-cost search
//! finds from it, and a rank is unreachable exactly when it finds none.

use crate::common;

use common::Rng;
use rstest::rstest;
use search_core::pattern_database::{PatternDatabase, WeightedAbstraction};
use search_core::{Outcome, Problem, uniform_cost};

/// One move of the graph: from a rank to another, at a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edge {
    from: usize,
    to: usize,
    cost: u8,
}

/// A random directed graph whose moves cost 1 to `max_cost`: each rank has up to three moves,
/// most to nearby ranks (so that paths grow long), some anywhere.
struct Graph {
    moves: Vec<Vec<Edge>>,
    /// The moves reaching each rank: the abstraction's predecessors.
    arriving: Vec<Vec<Edge>>,
    goals: Vec<usize>,
}

impl Graph {
    fn random(seed: u64, size: usize, max_cost: u8) -> Self {
        let mut rng = Rng::new(seed);
        let moves: Vec<Vec<Edge>> = (0..size)
            .map(|from| {
                // Up to three moves; a rank with none is a dead end.
                (0..rng.below(8).min(3))
                    .map(|_| {
                        let to = if rng.below(4) == 0 {
                            rng.below(size)
                        } else {
                            (from + 1 + rng.below(3)) % size
                        };
                        let cost = u8::try_from(1 + rng.below(usize::from(max_cost))).unwrap();
                        Edge { from, to, cost }
                    })
                    .collect()
            })
            .collect();
        let mut arriving = vec![Vec::new(); size];
        for &edge in moves.iter().flatten() {
            arriving[edge.to].push(edge);
        }
        let goals = (0..=rng.below(2)).map(|_| rng.below(size)).collect();
        Self { moves, arriving, goals }
    }
}

/// The graph as a problem: a state is a rank, a move an edge.
impl Problem for Graph {
    type State = usize;
    type Move = Edge;
    type Cost = u32;
    type Moves<'a> = &'a [Edge];
    fn moves(&self, &rank: &usize) -> &[Edge] {
        &self.moves[rank]
    }
    fn apply(&self, rank: &mut usize, edge: Edge) {
        *rank = edge.to;
    }
    fn undo(&self, rank: &mut usize, edge: Edge) {
        *rank = edge.from;
    }
    fn inverse(&self, _: Edge) -> Option<Edge> {
        None
    }
    fn is_goal(&self, rank: &usize) -> bool {
        self.goals.contains(rank)
    }
    fn cost(&self, _: &usize, edge: Edge) -> u32 {
        u32::from(edge.cost)
    }
}

/// The graph as its own abstraction, walked backwards.
impl WeightedAbstraction for Graph {
    fn size(&self) -> usize {
        self.moves.len()
    }
    fn goals(&self) -> Vec<usize> {
        self.goals.clone()
    }
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
        for edge in &self.arriving[rank] {
            visit(edge.from, edge.cost);
        }
    }
}

#[rstest]
fn distances_are_the_costs_uniform_cost_search_finds(
    #[values(1, 2, 3, 4, 5, 6, 7, 8)] seed: u64,
    #[values(1, 3, 7)] max_cost: u8,
) {
    let size = [20, 150, 300][usize::try_from(seed % 3).unwrap()];
    let graph = Graph::random(seed, size, max_cost);
    let database = PatternDatabase::builder().build_weighted(&graph);
    let mut unreachable = 0;
    for rank in 0..size {
        let expected = match uniform_cost(&graph, &rank).outcome {
            Outcome::Solved(solution) => u8::try_from(solution.cost).unwrap(),
            Outcome::NoSolution => PatternDatabase::UNREACHABLE,
            other => panic!("no limit was set, got {other:?}"),
        };
        assert_eq!(database.distance(rank), expected, "rank {rank}, seed {seed}");
        unreachable += usize::from(expected == PatternDatabase::UNREACHABLE);
    }
    // The graphs exercise both cases, and paths of several moves (each seed's longest has 4 to
    // 17 moves when they cost 1).
    assert!(unreachable > 0 && unreachable < size / 2, "seed {seed}: {unreachable} unreachable");
    assert!(database.max_distance() > max_cost, "seed {seed}: one-move paths only");
    if max_cost == 1 {
        assert_eq!(database, PatternDatabase::builder().zero_one().build_weighted(&graph));
    }
}
