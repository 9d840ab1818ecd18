//! Weighted tiles: on random 8-puzzles and easy 15-puzzles, for every cost model, IDA*,
//! Budgeted Tree Search and uniform-cost search agree on the optimal cost, and the two
//! depth-first drivers on the very moves; [`Answer::from_outcome`] makes their answers.

use crate::common;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::OnceLock;

use puzzle_sliding::{
    Answer, Board, CostModel, LinearConflict, Manhattan, Slide, Sliding, WeightedManhattan,
    WeightedSliding,
};
use rstest::rstest;
use search_core::{
    BudgetedSearch, Heuristic, IdaStar, Limits, Outcome, Problem, Report, UniformCost, ida_star,
    uniform_cost,
};

/// Boards per rstest case.
const BOARDS: u64 = 25;

/// The cost models' short names, for rstest's values.
const MODELS: [&str; 5] = ["unit", "tile", "squared", "cubed", "table"];

/// The cost model of a short name.
fn model(name: &str) -> CostModel {
    match name {
        "unit" => CostModel::Unit,
        "tile" => CostModel::Tile,
        "squared" => CostModel::TileSquared,
        "cubed" => CostModel::TileCubed,
        // Dear and cheap tiles mixed, none in order.
        _ => CostModel::Table(vec![7, 1, 12, 3, 9, 2, 5, 11, 4, 8, 1, 6, 10, 2, 3]),
    }
}

/// The optimal cost of every solvable 8-puzzle under the model of a short name, worked out once
/// for all the tests that need it.
fn optimal_8_puzzle_costs(name: &str) -> &'static HashMap<Board, u32> {
    static COSTS: [OnceLock<HashMap<Board, u32>>; 5] = [const { OnceLock::new() }; 5];
    let index = MODELS.iter().position(|&known| known == name).unwrap();
    COSTS[index].get_or_init(|| costs_to_goal(&WeightedSliding::new(3, &model(name)).unwrap()))
}

/// The optimal cost of every solvable board of `puzzle` (3 x 3 at most), by uniform-cost search
/// (Dijkstra's algorithm) from the goal over the whole space, written out here apart from
/// search-core so that it checks search-core's drivers, its own uniform-cost search included.
/// The costs from the goal are the costs to it: a move and the move back slide the same tile.
fn costs_to_goal(puzzle: &WeightedSliding) -> HashMap<Board, u32> {
    let goal = Board::goal(puzzle.width());
    let mut cost = HashMap::from([(goal, 0)]);
    let mut open = BinaryHeap::from([Reverse((0, goal.cells().to_vec()))]);
    while let Some(Reverse((g, cells))) = open.pop() {
        let board = Board::new(puzzle.width(), &cells).unwrap();
        if cost[&board] < g {
            continue;
        }
        for &mv in puzzle.moves(&board) {
            let mut next = board;
            puzzle.apply(&mut next, mv);
            let next_g = g + puzzle.cost(&board, mv);
            if cost.get(&next).is_none_or(|&known| next_g < known) {
                cost.insert(next, next_g);
                open.push(Reverse((next_g, next.cells().to_vec())));
            }
        }
    }
    cost
}

/// The most nodes a test lets IDA* generate on one board: the odd random board needs billions
/// (cheap tiles shuffled around in cycles that a tree search cannot tell apart), more than a
/// test can wait for.
const IDA_NODES: u64 = 100_000_000;

/// The same for Budgeted Tree Search, which needs far fewer.
const BTS_NODES: u64 = 20_000_000;

/// IDA* and Budgeted Tree Search on `board`, each within its node limit: the same outcome, a
/// solution of the moves' cost that reaches the goal. Returns its cost, or `None` when a
/// driver reached its limit (then it proved a bound at most `optimal`, if known).
fn depth_first_agree(puzzle: &WeightedSliding, board: &Board, optimal: Option<u32>) -> Option<u32> {
    let what = format!("{:?} with {} costs", board.cells(), puzzle.model());
    let limits = |most| Limits::default().max_generated(most);
    let ida = IdaStar::new(puzzle, &WeightedManhattan).limits(limits(IDA_NODES)).run(board);
    let budgeted =
        BudgetedSearch::new(puzzle, &WeightedManhattan).limits(limits(BTS_NODES)).run(board);
    let mut stopped = false;
    for outcome in [&ida.outcome, &budgeted.outcome] {
        if let Outcome::Stopped { bound, .. } = *outcome {
            assert!(optimal.is_none_or(|optimal| bound <= optimal), "{what}: {outcome:?}");
            stopped = true;
        }
    }
    if stopped {
        return None;
    }
    assert_eq!(budgeted.outcome, ida.outcome, "{what}");
    let answer = ida.outcome.into_solution().expect("solvable");
    assert_eq!(puzzle.cost_of(board, &answer.moves), Some(answer.cost), "{what}");
    assert!(puzzle.geometry().play(board, &answer.moves).unwrap().is_goal(), "{what}");
    Some(answer.cost)
}

/// Uniformly random solvable 8-puzzles, 200 per cost model: the depth-first drivers' cost is
/// the optimal one, and search-core's uniform-cost search finds it too on every fifth board.
/// A board beyond the drivers' node limits is allowed once per 25 (one of the 200 with tiles
/// costing `t³`, where IDA* needs over 3 billion nodes).
#[rstest]
fn random_8_puzzles_agree(
    #[values("unit", "tile", "squared", "cubed", "table")] costs: &str,
    #[values(0, 1, 2, 3, 4, 5, 6, 7)] block: u64,
) {
    let puzzle = WeightedSliding::new(3, &model(costs)).unwrap();
    let optimal = optimal_8_puzzle_costs(costs);
    assert_eq!(optimal.len(), 181_440, "every solvable board");
    let solvable =
        (block * 1000..).map(|seed| common::shuffled(3, seed)).filter(Board::is_solvable);
    let mut beyond = 0;
    for (index, board) in solvable.take(usize::try_from(BOARDS).unwrap()).enumerate() {
        let Some(cost) = depth_first_agree(&puzzle, &board, Some(optimal[&board])) else {
            beyond += 1;
            continue;
        };
        assert_eq!(cost, optimal[&board], "{:?} with {costs} costs", board.cells());
        if index % 5 == 0 {
            let cheapest = uniform_cost(&puzzle, &board).outcome.into_solution().unwrap();
            assert_eq!(cheapest.cost, cost, "{:?} with {costs} costs", board.cells());
        }
    }
    assert!(beyond <= 1, "{costs}: {beyond} boards beyond the node limits");
}

/// 15-puzzles a random walk of 8 to 20 moves from the goal, 50 per cost model: IDA* and
/// Budgeted Tree Search agree on every one, and uniform-cost search, where it ends within
/// 300,000 nodes (with dear tiles the cheap ones can be shuffled a long way before the
/// optimal cost is reached), on at least a fifth of them.
#[rstest]
fn easy_15_puzzles_agree(
    #[values("unit", "tile", "squared", "cubed", "table")] costs: &str,
    #[values(0, 1)] block: u64,
) {
    let puzzle = WeightedSliding::new(4, &model(costs)).unwrap();
    let mut checked = 0;
    for seed in block * BOARDS..(block + 1) * BOARDS {
        let walk = 8 + usize::try_from(seed % 13).unwrap();
        let board = common::scrambled(4, seed, walk);
        let cost = depth_first_agree(&puzzle, &board, None).expect("an easy board");
        let limits = Limits::default().max_generated(300_000);
        match UniformCost::new(&puzzle).limits(limits).run(&board).outcome {
            Outcome::Solved(cheapest) => {
                assert_eq!(cheapest.cost, cost, "{:?} with {costs} costs", board.cells());
                checked += 1;
            }
            Outcome::Stopped { bound, .. } => assert!(bound <= cost),
            Outcome::NoSolution => panic!("a walk from the goal leads back to it"),
            other => panic!("an outcome uniform-cost search does not return: {other:?}"),
        }
    }
    assert!(checked >= BOARDS / 5, "{costs}: uniform-cost search checked only {checked}");
}

/// With unit costs, the weighted puzzle is the classic one: the same answers and node counts
/// as the `u8` puzzle's, Korf's counts included, for either driver.
#[test]
fn unit_costs_are_the_classic_puzzle_to_the_node() {
    let weighted = WeightedSliding::new(4, &CostModel::Unit).unwrap();
    let classic = Sliding::new(4);
    let easiest = common::korf().into_iter().filter(|instance| instance.nodes < 1_000_000);
    for instance in easiest {
        let ours = ida_star(&weighted, &WeightedManhattan, &instance.board);
        let theirs = ida_star(&classic, &Manhattan, &instance.board);
        assert_eq!(ours.stats.generated, instance.nodes, "instance {}", instance.id);
        let ours = ours.outcome.into_solution().unwrap();
        let theirs = theirs.outcome.into_solution().unwrap();
        assert_eq!(ours.moves, theirs.moves, "instance {}", instance.id);
        assert_eq!(ours.cost, u32::from(theirs.cost));
        let budgeted = BudgetedSearch::new(&weighted, &WeightedManhattan).run(&instance.board);
        assert_eq!(budgeted.stats.generated, instance.nodes, "instance {}", instance.id);
    }
}

/// At unit costs, either depth-first driver: on random 8-puzzles and easy 15-puzzles, for the
/// heuristics that build nothing, the same answers, nodes and number of iterations. (Not always
/// the same bounds: where an iteration less than doubles the work, the budgeted search tries
/// one above IDA*'s next bound, which on this puzzle, whose `f` keeps its parity, lets in the
/// same nodes.)
#[test]
fn at_unit_costs_either_driver_answers_alike() {
    let eights = (0..100).map(|seed| common::shuffled(3, 7000 + seed));
    let fifteens = (0..20).map(|seed| common::scrambled(4, 7000 + seed, 30));
    for board in eights.chain(fifteens).filter(Board::is_solvable) {
        let puzzle = Sliding::for_board(&board);
        let heuristics: [&dyn Heuristic<Sliding>; 2] = [&Manhattan, &LinearConflict];
        for heuristic in heuristics {
            let ida = IdaStar::new(&puzzle, &heuristic).run(&board);
            let bts = BudgetedSearch::new(&puzzle, &heuristic).run(&board).into_report();
            assert_eq!(bts.outcome, ida.outcome, "{:?}", board.cells());
            assert_eq!(bts.stats.generated, ida.stats.generated, "{:?}", board.cells());
            let iterations = |report: &Report<Slide, u8>| report.stats.iterations.len();
            assert_eq!(iterations(&bts), iterations(&ida), "{:?}", board.cells());
        }
    }
}

/// Every model, the answers as [`Answer::from_outcome`] makes them: both depth-first drivers,
/// and IDA\* on two threads, give the same moves, which cost what the optimal cost is; a
/// complete search of an unsolvable board proves it [`Answer::Unsolvable`].
#[rstest]
fn answers_are_the_drivers_with_the_optimal_cost(
    #[values("unit", "tile", "squared", "cubed", "table")] name: &str,
) {
    let puzzle = WeightedSliding::new(3, &model(name)).unwrap();
    for seed in 0..10 {
        let board = common::shuffled(3, 5000 + seed);
        if !board.is_solvable() {
            let report = UniformCost::new(&puzzle).run(&board);
            assert_eq!(Answer::from_outcome(report.outcome), Ok(Answer::Unsolvable));
            continue;
        }
        let ida = IdaStar::new(&puzzle, &WeightedManhattan).run(&board);
        let bts = BudgetedSearch::new(&puzzle, &WeightedManhattan).run(&board).into_report();
        let parallel = IdaStar::new(&puzzle, &WeightedManhattan).threads(2).run(&board);
        assert_eq!(bts.outcome, ida.outcome);
        assert_eq!(parallel.outcome, ida.outcome);
        assert_eq!(parallel.stats.generated, ida.stats.generated);
        let cost = ida.outcome.solution().map(|solution| solution.cost);
        assert_eq!(cost, Some(optimal_8_puzzle_costs(name)[&board]));
        let Ok(Answer::Solved(moves)) = Answer::from_outcome(ida.outcome) else {
            panic!("a solvable board is solved")
        };
        assert_eq!(puzzle.cost_of(&board, &moves), cost);
    }
}
