//! Uniform-cost search: cheapest answers with varied costs.

use crate::common;

use common::grid::{Dir, Grid};
use common::{Rng, replay};
use rstest::rstest;
use search_core::{Limits, Outcome, Problem, StopReason, UniformCost, uniform_cost};

#[test]
fn the_cheap_detour_beats_the_short_expensive_way() {
    // 3 x 3: the middle column is expensive; going around the edge is longer but cheaper.
    #[rustfmt::skip]
    let cost = [1, 1, 1,
                9, 9, 1,
                1, 9, 1].map(Some).to_vec();
    let grid = Grid { width: 3, height: 3, cost };
    let solution = uniform_cost(&grid, &0).outcome.into_solution().unwrap();
    assert_eq!(solution.moves, [Dir::Right, Dir::Right, Dir::Down, Dir::Down]);
    assert_eq!(solution.cost, 4);
}

#[rstest]
fn answers_are_legal_and_cost_what_they_claim(#[values(51, 52, 53, 54, 55)] seed: u64) {
    let grid = Grid::random(&mut Rng::new(seed), 6, 5, 20);
    match uniform_cost(&grid, &0).outcome {
        Outcome::Solved(solution) => {
            let (end, cost) = replay(&grid, &0, &solution.moves);
            assert!(grid.is_goal(&end));
            assert_eq!(cost, solution.cost);
        }
        Outcome::NoSolution => {}
        other => panic!("no limit was set, got {other:?}"),
    }
}

#[test]
fn a_bound_limit_reports_the_cost_reached() {
    let grid =
        Grid { width: 5, height: 1, cost: vec![Some(1), Some(4), Some(4), Some(4), Some(1)] };
    let report = UniformCost::new(&grid).limits(Limits::default().max_bound(6)).run(&0);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::BoundLimit, bound: 8 });
}
