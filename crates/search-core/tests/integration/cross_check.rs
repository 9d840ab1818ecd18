//! The drivers checked against each other on many small random instances, solvable and not:
//! IDA* with different bounds, iterative deepening, breadth-first and uniform-cost search.

use crate::common;

use common::grid::{Grid, StepsLeft};
use common::ladder::{Constant, Ladder};
use common::pancakes::{Gaps, Pancakes, random_stack};
use common::sliding::{Manhattan, Misplaced, Sliding};
use common::{Rng, replay};
use rstest::rstest;
use search_core::{
    Blind, IdaStar, Limits, Outcome, Problem, StopReason, breadth_first, ida_star, iddfs,
    uniform_cost,
};

/// Instances per rstest case.
const INSTANCES: u64 = 25;

/// Unit costs: every driver returns the very same moves, the first shortest answer in move order.
#[rstest]
fn sliding_2x3_drivers_agree_on_random_boards(#[values(0, 1, 2, 3)] block: u64) {
    let puzzle = Sliding::new(3, 2);
    // The 2 x 3 puzzle's hardest boards take 21 moves: a bound above that proves nothing more.
    let limits = Limits::default().max_bound(21);
    let (mut solved, mut unsolvable) = (0, 0);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let start = puzzle.shuffled(&mut Rng::new(seed));
        let broad = breadth_first(&puzzle, &start).outcome;
        let with_manhattan = IdaStar::new(&puzzle, &Manhattan).limits(limits.clone()).run(&start);
        let with_misplaced = IdaStar::new(&puzzle, &Misplaced).limits(limits.clone()).run(&start);
        let deepening = IdaStar::new(&puzzle, &Blind).limits(limits.clone()).run(&start);
        match broad {
            Outcome::Solved(ref answer) => {
                solved += 1;
                assert_eq!(with_manhattan.outcome, broad, "seed {seed}");
                assert_eq!(with_misplaced.outcome, broad, "seed {seed}");
                assert_eq!(deepening.outcome, broad, "seed {seed}");
                assert!(puzzle.is_goal(&replay(&puzzle, &start, &answer.moves).0));
                // A better bound never does more work.
                assert!(with_manhattan.stats.generated <= with_misplaced.stats.generated);
                assert!(with_misplaced.stats.generated <= deepening.stats.generated);
            }
            Outcome::NoSolution => {
                unsolvable += 1;
                for report in [with_manhattan, with_misplaced, deepening] {
                    assert!(
                        matches!(report.outcome, Outcome::Stopped { reason: StopReason::BoundLimit, bound } if bound > 21),
                        "seed {seed}: {:?}",
                        report.outcome
                    );
                }
            }
            _ => panic!("no limit was set"),
        }
    }
    assert!(solved > 0 && unsolvable > 0, "both kinds of board should occur");
}

#[rstest]
fn pancake_drivers_agree_on_random_stacks(
    #[values(0, 1, 2)] block: u64,
    #[values(5, 7)] size: usize,
) {
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let stack = random_stack(&mut Rng::new(seed), size);
        let broad = breadth_first(&Pancakes, &stack).outcome;
        assert!(broad.solution().is_some(), "every stack can be sorted");
        assert_eq!(ida_star(&Pancakes, &Gaps, &stack).outcome, broad, "seed {seed}");
        assert_eq!(iddfs(&Pancakes, &stack).outcome, broad, "seed {seed}");
    }
}

/// Varied costs: IDA* and uniform-cost search agree on the least cost (their tie-breaks differ);
/// IDA* with two different bounds agrees on the moves too.
#[rstest]
fn weighted_grid_drivers_agree_on_cost(#[values(0, 1, 2, 3)] block: u64) {
    let (mut solved, mut walled_off) = (0, 0);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let grid = Grid::random(&mut Rng::new(seed), 4, 3, 30);
        let cheapest = uniform_cost(&grid, &0).outcome;
        // No path costs more than every cell once at the dearest price.
        let limits = Limits::default().max_bound(9 * 12);
        let guided = IdaStar::new(&grid, &StepsLeft).limits(limits.clone()).run(&0).outcome;
        let blind = IdaStar::new(&grid, &Blind).limits(limits).run(&0).outcome;
        match cheapest {
            Outcome::Solved(answer) => {
                solved += 1;
                assert_eq!(guided.solution().map(|s| s.cost), Some(answer.cost), "seed {seed}");
                assert_eq!(guided, blind, "seed {seed}");
                let (end, cost) = replay(&grid, &0, &guided.solution().unwrap().moves);
                assert!(grid.is_goal(&end));
                assert_eq!(cost, answer.cost);
            }
            Outcome::NoSolution => {
                walled_off += 1;
                // IDA* cannot prove it through cycles, only when the start is boxed in.
                for outcome in [guided, blind] {
                    assert!(
                        matches!(
                            outcome,
                            Outcome::NoSolution
                                | Outcome::Stopped { reason: StopReason::BoundLimit, .. }
                        ),
                        "seed {seed}: {outcome:?}"
                    );
                }
            }
            _ => panic!("no limit was set"),
        }
    }
    assert!(solved > 0 && walled_off > 0, "both kinds of grid should occur");
}

/// A finite acyclic space: every driver, IDA* included, proves the unreachable targets.
#[rstest]
fn ladder_drivers_agree_including_no_solution(#[values(0, 1)] block: u64) {
    let (mut solved, mut unreachable) = (0, 0);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let mut rng = Rng::new(seed);
        let steps: Vec<u32> =
            (0..3).map(|_| 2 + 2 * u32::try_from(rng.below(4)).unwrap()).collect();
        let costs: Vec<u16> = (0..3).map(|_| 1 + u16::try_from(rng.below(5)).unwrap()).collect();
        let target = 10 + u32::try_from(rng.below(15)).unwrap();
        let ladder = Ladder { target, steps, costs: costs.clone() };
        let cheapest = uniform_cost(&ladder, &0).outcome;
        let guided = ida_star(&ladder, &Constant(*costs.iter().min().unwrap()), &0).outcome;
        let blind = ida_star(&ladder, &Blind, &0).outcome;
        assert_eq!(guided, blind, "seed {seed}");
        match cheapest {
            Outcome::Solved(answer) => {
                solved += 1;
                assert_eq!(guided.solution().map(|s| s.cost), Some(answer.cost), "seed {seed}");
            }
            Outcome::NoSolution => {
                unreachable += 1;
                assert_eq!(guided, Outcome::NoSolution, "seed {seed}");
                assert_eq!(breadth_first(&ladder, &0).outcome, Outcome::NoSolution);
            }
            _ => panic!("no limit was set"),
        }
    }
    assert!(solved > 0 && unreachable > 0, "odd targets are unreachable with even steps");
}

/// A\* against uniform-cost search and IDA\*: the same least cost on every kind of instance, and
/// never more expansions than uniform-cost search with a consistent heuristic.
mod astar {
    use super::common::korf::EASIEST_17;
    use super::common::weighted::{Weighted, WeightedManhattan};
    use super::*;
    use search_core::{AStar, astar};

    #[rstest]
    fn sliding_2x3_costs_and_lengths_agree(#[values(0, 1)] block: u64) {
        let puzzle = Sliding::new(3, 2);
        for seed in block * INSTANCES..(block + 1) * INSTANCES {
            let start = puzzle.shuffled(&mut Rng::new(seed));
            let cheapest = uniform_cost(&puzzle, &start);
            for report in [astar(&puzzle, &Manhattan, &start), astar(&puzzle, &Misplaced, &start)] {
                match (&report.outcome, &cheapest.outcome) {
                    (Outcome::Solved(a), Outcome::Solved(u)) => {
                        assert_eq!(a.cost, u.cost, "seed {seed}");
                        let (end, cost) = replay(&puzzle, &start, &a.moves);
                        assert!(puzzle.is_goal(&end) && cost == a.cost, "seed {seed}");
                        assert!(report.stats.expanded <= cheapest.stats.expanded, "seed {seed}");
                    }
                    // Half the boards cannot be solved: A* proves it by exhausting all 360.
                    (Outcome::NoSolution, Outcome::NoSolution) => {
                        assert_eq!(report.stats.peak_held, 360, "seed {seed}");
                    }
                    other => panic!("seed {seed}: {other:?}"),
                }
            }
        }
    }

    /// Korf's easiest 15-puzzles: A* with the Manhattan distance finds his optimal lengths, as
    /// IDA* does, expanding far fewer nodes than IDA* (no node twice) but holding them all.
    #[rstest]
    fn korf_easiest_optimal_lengths(#[values(0, 1, 2, 3)] index: usize) {
        let (id, length, nodes, cells) = EASIEST_17[index];
        let puzzle = Sliding::new(4, 4);
        let start = puzzle.board(&cells);
        let report = astar(&puzzle, &Manhattan, &start);
        let solution = report.outcome.solution().expect("solvable");
        assert_eq!(solution.cost, length, "instance {id}");
        assert!(puzzle.is_goal(&replay(&puzzle, &start, &solution.moves).0));
        assert!(report.stats.generated < nodes, "instance {id}");
        assert_eq!(report.stats.iterations, [], "A* has no iterations");
    }

    #[rstest]
    fn weighted_tiles_agree_with_uniform_cost(#[values(0, 1)] block: u64) {
        let puzzle = Weighted::new(3, 2, |tile| tile * tile);
        for seed in block * INSTANCES..(block + 1) * INSTANCES {
            let start = puzzle.puzzle.scrambled(&mut Rng::new(seed), 30);
            let cheapest = uniform_cost(&puzzle, &start).outcome;
            let guided = AStar::new(&puzzle, &WeightedManhattan).run(&start);
            let deepening = ida_star(&puzzle, &WeightedManhattan, &start).outcome;
            let cost = cheapest.solution().expect("a scrambled board is solvable").cost;
            assert_eq!(guided.outcome.solution().map(|s| s.cost), Some(cost), "seed {seed}");
            assert_eq!(deepening.solution().map(|s| s.cost), Some(cost), "seed {seed}");
        }
    }

    #[rstest]
    fn pancakes_and_grids_agree(#[values(0, 1)] block: u64) {
        for seed in block * INSTANCES..(block + 1) * INSTANCES {
            let stack = random_stack(&mut Rng::new(seed), 7);
            let broad = breadth_first(&Pancakes, &stack).outcome;
            let guided = astar(&Pancakes, &Gaps, &stack).outcome;
            assert_eq!(guided.solution().map(|s| s.cost), broad.solution().map(|s| s.cost));
            let grid = Grid::random(&mut Rng::new(seed), 4, 3, 30);
            let cheapest = uniform_cost(&grid, &0).outcome;
            let guided = astar(&grid, &StepsLeft, &0).outcome;
            match cheapest {
                Outcome::NoSolution => assert_eq!(guided, Outcome::NoSolution, "seed {seed}"),
                _ => assert_eq!(
                    guided.solution().map(|s| s.cost),
                    cheapest.solution().map(|s| s.cost),
                    "seed {seed}"
                ),
            }
        }
    }
}
