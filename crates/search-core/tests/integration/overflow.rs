//! Costs that do not fit in the cost type: a path whose cost overflows is no solution, and every
//! driver (IDA\*, iterative deepening, breadth-first and uniform-cost search) answers alike.

use crate::common;

use std::hash::Hash;

use common::corridor::{CellsToGo, Corridor, Step};
use common::ladder::{Constant, Ladder};
use search_core::{
    Heuristic, Outcome, Problem, Solution, breadth_first, ida_star, iddfs, uniform_cost,
};

/// Requires every driver to answer `expected` on `problem` from `start`, IDA\* guided by
/// `heuristic`.
fn every_driver_answers<P, H>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
    expected: &Outcome<P::Move, P::Cost>,
) where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
{
    let outcomes = [
        ("ida_star", ida_star(problem, heuristic, start).outcome),
        ("iddfs", iddfs(problem, start).outcome),
        ("breadth_first", breadth_first(problem, start).outcome),
        ("uniform_cost", uniform_cost(problem, start).outcome),
    ];
    for (driver, outcome) in outcomes {
        assert_eq!(&outcome, expected, "{driver}");
    }
}

/// 299 steps of cost 1 do not fit in a `u8`: no driver may answer with a saturated 255.
#[test]
fn a_corridor_too_long_for_a_u8_cost_has_no_solution() {
    let corridor = Corridor { len: 300 };
    every_driver_answers(&corridor, &CellsToGo, &0, &Outcome::NoSolution);
}

/// 255 steps fit exactly, and every driver finds them.
#[test]
fn a_corridor_whose_cost_is_the_u8_maximum_is_solved() {
    let corridor = Corridor { len: 256 };
    let expected = Outcome::Solved(Solution { moves: vec![Step::Right; 255], cost: 255 });
    every_driver_answers(&corridor, &CellsToGo, &0, &expected);
}

/// Three moves of cost 100 make 300, which a `u8` cannot hold.
#[test]
fn three_moves_of_cost_100_have_no_solution_in_a_u8() {
    let ladder = Ladder { target: 3, steps: vec![1], costs: vec![100_u8] };
    every_driver_answers(&ladder, &Constant(100), &0, &Outcome::NoSolution);
}

/// Five moves of cost 51 make exactly 255.
#[test]
fn five_moves_of_cost_51_fit_in_a_u8() {
    let ladder = Ladder { target: 5, steps: vec![1], costs: vec![51_u8] };
    let expected = Outcome::Solved(Solution { moves: vec![0; 5], cost: 255 });
    every_driver_answers(&ladder, &Constant(51), &0, &expected);
}
