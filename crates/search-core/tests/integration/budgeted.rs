//! Budgeted Tree Search: IDA*'s answers to the move, uniform-cost search's costs, IDA*'s
//! iterations where those grow well, far less work where they do not, and IDA*'s limits.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use common::broom::Broom;
use common::grid::{Grid, StepsLeft};
use common::ladder::{Constant, Ladder};
use common::pancakes::{Gaps, Pancakes, random_stack};
use common::sliding::{Manhattan, Sliding};
use common::weighted::{Weighted, WeightedManhattan};
use common::{Rng, replay};
use rstest::rstest;
use search_core::{
    Blind, BudgetPhase, BudgetedReport, BudgetedSearch, Heuristic, IdaStar, IterationStats, Limits,
    Node, Observer, Outcome, Problem, Report, StopReason, budgeted_search, ida_star, uniform_cost,
};

/// Instances per rstest case.
const INSTANCES: u64 = 25;

/// One of the two 8-puzzle boards farthest from the goal (31 moves).
const HARDEST: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];

/// The checks every budgeted search must pass, whatever the problem: one budget entry per
/// iteration, no iteration past its budget, and one out of budget only where it spent it all.
fn check_budgets<M, C: std::fmt::Debug>(report: &BudgetedReport<M, C>) {
    assert_eq!(report.budgets.len(), report.stats.iterations.len());
    for (stats, budget) in report.stats.iterations.iter().zip(&report.budgets) {
        assert_eq!(budget.budget.is_none(), budget.phase == BudgetPhase::Regular);
        if let Some(most) = budget.budget {
            assert!(stats.generated <= most, "{stats:?} {budget:?}");
            if budget.out_of_budget {
                assert_eq!(stats.generated, most, "{stats:?} {budget:?}");
            }
        } else {
            assert!(!budget.out_of_budget);
        }
    }
    let counted: u64 = report.stats.iterations.iter().map(|iteration| iteration.generated).sum();
    assert_eq!(report.stats.generated, 1 + counted, "the start once, then every iteration");
}

/// IDA*'s report and the budgeted search's on the same problem.
type Both<P> = (
    Report<<P as Problem>::Move, <P as Problem>::Cost>,
    BudgetedReport<<P as Problem>::Move, <P as Problem>::Cost>,
);

/// IDA* and Budgeted Tree Search (with and without the warm start) from `start`, checked to
/// give the same outcome; IDA*'s report and the (warm) budgeted one are returned for further
/// checks.
fn both<P, H>(problem: &P, heuristic: &H, start: &P::State, limits: &Limits<P::Cost>) -> Both<P>
where
    P: Problem,
    H: Heuristic<P>,
{
    let ida = IdaStar::new(problem, heuristic).limits(limits.clone()).run(start);
    let budgeted = BudgetedSearch::new(problem, heuristic).limits(limits.clone()).run(start);
    assert_eq!(budgeted.outcome, ida.outcome);
    check_budgets(&budgeted);
    let guide =
        BudgetedSearch::new(problem, heuristic).limits(limits.clone()).warm_start(false).run(start);
    assert_eq!(guide.outcome, ida.outcome, "without the warm start");
    check_budgets(&guide);
    (ida, budgeted)
}

/// Unit costs on random 2 x 3 boards, solvable or not (the bound limit stops those): IDA*'s
/// outcomes, to the move.
#[rstest]
fn sliding_2x3_boards_get_ida_stars_answers(#[values(0, 1, 2, 3)] block: u64) {
    let puzzle = Sliding::new(3, 2);
    let limits = Limits::default().max_bound(21);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let start = puzzle.shuffled(&mut Rng::new(seed));
        both(&puzzle, &Manhattan, &start, &limits);
        both(&puzzle, &Blind, &start, &limits);
    }
}

#[rstest]
fn pancake_stacks_get_ida_stars_answers(#[values(0, 1)] block: u64, #[values(6, 8)] size: usize) {
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let stack = random_stack(&mut Rng::new(seed), size);
        let (_, budgeted) = both(&Pancakes, &Gaps, &stack, &Limits::default());
        assert!(budgeted.outcome.solution().is_some());
    }
}

/// Where each of IDA*'s iterations does at least twice the work of the one before, as on the
/// 15-puzzle with the Manhattan distance, every iteration is regular: the search is IDA*'s,
/// iteration for iteration, count for count.
#[rstest]
fn korf_instances_run_ida_stars_very_iterations(#[values(0, 1, 2, 3, 4)] index: usize) {
    let (id, length, nodes, cells) = common::korf::EASIEST_17[index];
    let puzzle = Sliding::new(4, 4);
    let start = puzzle.board(&cells);
    let (ida, budgeted) = both(&puzzle, &Manhattan, &start, &Limits::default());
    assert_eq!(ida.outcome.solution().map(|solution| solution.cost), Some(length), "{id}");
    let grew = ida.stats.iterations.windows(2).all(|pair| {
        let [before, after] = pair else { unreachable!() };
        // The last iteration stops at the solution: only those before it need to grow.
        after.bound == length || after.generated >= 2 * before.generated
    });
    assert!(grew, "instance {id}: IDA*'s iterations grow by at least 2");
    assert!(budgeted.budgets.iter().all(|budget| budget.phase == BudgetPhase::Regular));
    let counts = |iterations: &[IterationStats<u8>]| -> Vec<(u8, u64, u64)> {
        iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect()
    };
    assert_eq!(counts(&budgeted.stats.iterations), counts(&ida.stats.iterations));
    assert_eq!(budgeted.stats.generated, nodes, "instance {id}: Korf's count");
}

/// Diverse costs, where IDA*'s iterations grow slowly: the moves of IDA*, the cost of
/// uniform-cost search, and less work than IDA* in all.
#[rstest]
fn weighted_2x3_boards_get_ida_stars_answers_for_less_work(
    #[values(0, 1)] block: u64,
    #[values("tile", "square", "cube")] weights: &str,
) {
    let weighted = Weighted::new(3, 2, |tile| match weights {
        "tile" => tile,
        "square" => tile * tile,
        _ => tile * tile * tile,
    });
    let (mut ida_work, mut budgeted_work) = (0, 0);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let start = weighted.puzzle.scrambled(&mut Rng::new(seed), 40);
        let cheapest = uniform_cost(&weighted, &start).outcome.into_solution().unwrap();
        let (ida, budgeted) = both(&weighted, &WeightedManhattan, &start, &Limits::default());
        let answer = budgeted.outcome.solution().unwrap();
        assert_eq!(answer.cost, cheapest.cost, "seed {seed}");
        let (end, cost) = replay(&weighted, &start, &answer.moves);
        assert!(weighted.is_goal(&end));
        assert_eq!(cost, answer.cost);
        ida_work += ida.stats.generated;
        budgeted_work += budgeted.stats.generated;
    }
    assert!(budgeted_work < ida_work, "{weights}: {budgeted_work} against IDA*'s {ida_work}");
}

/// Random grids with walls and costs 1 to 9: IDA*'s outcome (its answer, or the same stop at
/// the same bound where walls cut the goal off), uniform-cost search's cost.
#[rstest]
fn weighted_grids_get_ida_stars_outcomes(#[values(0, 1, 2, 3)] block: u64) {
    let limits = Limits::default().max_bound(9 * 12);
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let grid = Grid::random(&mut Rng::new(seed), 4, 3, 30);
        let (_, budgeted) = both(&grid, &StepsLeft, &0, &limits);
        both(&grid, &Blind, &0, &limits);
        let cheapest = uniform_cost(&grid, &0).outcome;
        let costs =
            [&budgeted.outcome, &cheapest].map(|outcome| outcome.solution().map(|s| s.cost));
        assert_eq!(costs[0], costs[1], "seed {seed}");
    }
}

/// A finite acyclic space: unreachable rungs are proven so, as IDA* proves them.
#[rstest]
fn ladders_get_ida_stars_outcomes_including_no_solution(#[values(0, 1)] block: u64) {
    let mut unreachable = 0;
    for seed in block * INSTANCES..(block + 1) * INSTANCES {
        let mut rng = Rng::new(seed);
        let steps: Vec<u32> =
            (0..3).map(|_| 2 + 2 * u32::try_from(rng.below(4)).unwrap()).collect();
        let costs: Vec<u16> = (0..3).map(|_| 1 + u16::try_from(rng.below(50)).unwrap()).collect();
        let target = 10 + u32::try_from(rng.below(25)).unwrap();
        let ladder = Ladder { target, steps, costs: costs.clone() };
        let (_, budgeted) = both(&ladder, &Blind, &0, &Limits::default());
        both(&ladder, &Constant(*costs.iter().min().unwrap()), &0, &Limits::default());
        let cheapest = uniform_cost(&ladder, &0).outcome;
        assert_eq!(
            budgeted.outcome.solution().map(|s| s.cost),
            cheapest.solution().map(|s| s.cost)
        );
        unreachable += u32::from(budgeted.outcome == Outcome::NoSolution);
    }
    assert!(unreachable > 0, "odd targets are unreachable with even steps");
}

/// From cell 0 to cell `len` of a corridor, one cell per step at a cost of 1; from the start
/// only, an exit `Exit` straight to the goal at `len + 1`, tried first. IDA* can only go one
/// step further per iteration (a quadratic number of nodes in all), and a search that tries a
/// bound above `len` meets the exit first.
struct Corridor {
    len: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    Exit,
    Step,
}

impl Problem for Corridor {
    type State = u32;
    type Move = Walk;
    type Cost = u32;
    type Moves<'a> = &'static [Walk];

    fn moves(&self, cell: &u32) -> &'static [Walk] {
        match *cell {
            0 => &[Walk::Exit, Walk::Step],
            cell if cell < self.len => &[Walk::Step],
            _ => &[],
        }
    }
    fn apply(&self, cell: &mut u32, walk: Walk) {
        *cell = if walk == Walk::Exit { self.len } else { *cell + 1 };
    }
    fn undo(&self, cell: &mut u32, walk: Walk) {
        *cell = if walk == Walk::Exit { 0 } else { *cell - 1 };
    }
    fn inverse(&self, _: Walk) -> Option<Walk> {
        None
    }
    fn is_goal(&self, cell: &u32) -> bool {
        *cell == self.len
    }
    fn cost(&self, _: &u32, walk: Walk) -> u32 {
        if walk == Walk::Exit { self.len + 1 } else { 1 }
    }
}

/// A solution met under a bound above the optimal cost is kept, not returned: the answer is
/// the cheaper walk, as IDA*'s is.
#[rstest]
fn a_dearer_solution_met_first_is_not_the_answer(#[values(100, 1000, 5000)] len: u32) {
    let corridor = Corridor { len };
    let (ida, budgeted) = both(&corridor, &Blind, &0, &Limits::default());
    let answer = budgeted.outcome.solution().unwrap();
    assert_eq!(answer.cost, len);
    assert!(answer.moves.iter().all(|&walk| walk == Walk::Step));
    // Some try went past the optimal cost, and so met the exit first.
    assert!(budgeted.stats.iterations.iter().any(|iteration| iteration.bound > len));
    // IDA* runs an iteration per cost; its work is quadratic, this driver's n log n.
    assert_eq!(ida.stats.iterations.len(), usize::try_from(len).unwrap() + 1);
    let n = f64::from(len);
    #[expect(clippy::cast_precision_loss, reason = "small counts")]
    let work = budgeted.stats.generated as f64;
    assert!(work < 2.0 * n * n.log2(), "{work} nodes for {len} cells");
}

/// The work of all `iterations` over the last one's.
fn overhead<C>(iterations: &[IterationStats<C>]) -> f64 {
    let all: u64 = iterations.iter().map(|iteration| iteration.generated).sum();
    #[expect(clippy::cast_precision_loss, reason = "small counts")]
    let ratio = all as f64 / iterations.last().unwrap().generated as f64;
    ratio
}

/// Where IDA*'s work is dozens of times its last iteration's, this driver's stays within a
/// small constant of its own last iteration (in the median: a last iteration that meets the
/// goal early makes any one board's ratio large).
#[test]
fn the_research_overhead_is_a_small_constant_where_ida_stars_is_large() {
    let weighted = Weighted::new(3, 3, |tile| tile * tile * tile);
    let mut rng = Rng::new(7);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..15 {
        let start = weighted.puzzle.scrambled(&mut rng, 100);
        let (ida, budgeted) = both(&weighted, &WeightedManhattan, &start, &Limits::default());
        let overhead = overhead(&budgeted.stats.iterations);
        assert!((budgeted.overhead().unwrap() - overhead).abs() < 1e-9);
        ours.push(overhead);
        theirs.push(self::overhead(&ida.stats.iterations));
    }
    let median = |ratios: &mut Vec<f64>| {
        ratios.sort_by(f64::total_cmp);
        ratios[ratios.len() / 2]
    };
    let (ours, theirs) = (median(&mut ours), median(&mut theirs));
    assert!(ours < 6.0 && theirs > 20.0, "{ours} against IDA*'s {theirs}");
}

/// A node budget stops the search after exactly that many nodes, with a bound no solution
/// undercuts.
#[rstest]
fn a_node_budget_stops_after_exactly_that_many_nodes(
    #[values(1, 2, 10, 1000, 4096, 4097, 20_000)] most: u64,
) {
    let weighted = Weighted::new(3, 3, |tile| tile * tile);
    let start = weighted.puzzle.board(&HARDEST);
    let cheapest = uniform_cost(&weighted, &start).outcome.into_solution().unwrap().cost;
    let report = BudgetedSearch::new(&weighted, &WeightedManhattan)
        .limits(Limits::default().max_generated(most))
        .run(&start);
    check_budgets(&report);
    let Outcome::Stopped { reason: StopReason::NodeLimit, bound } = report.outcome else {
        panic!("{most}: {:?}", report.outcome)
    };
    assert_eq!(report.stats.generated, most);
    assert!(bound <= cheapest, "{bound} > {cheapest}");
}

#[test]
fn a_cancel_flag_set_beforehand_stops_before_the_first_iteration() {
    let weighted = Weighted::new(3, 3, |tile| tile);
    let start = weighted.puzzle.board(&HARDEST);
    let flag = Arc::new(AtomicBool::new(true));
    let report = BudgetedSearch::new(&weighted, &WeightedManhattan)
        .limits(Limits::default().cancel_flag(flag))
        .run(&start);
    let h = WeightedManhattan.estimate(&weighted, &start);
    assert_eq!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, bound: h });
    assert!(report.stats.iterations.is_empty());
}

/// Sets the flag once the search has expanded `after` nodes.
struct CancelAfter {
    flag: Arc<AtomicBool>,
    after: u64,
    expanded: u64,
}

impl<P: Problem> Observer<P> for CancelAfter {
    fn node_expanded(&mut self, _: &Node<'_, P>) {
        self.expanded += 1;
        if self.expanded == self.after {
            self.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The flag is read every few thousand nodes, and between iterations, under a budget or not.
#[test]
fn a_cancel_flag_set_during_the_search_stops_it_promptly() {
    let corridor = Corridor { len: 100_000 };
    let flag = Arc::new(AtomicBool::new(false));
    let mut cancel = CancelAfter { flag: Arc::clone(&flag), after: 50_000, expanded: 0 };
    let report = BudgetedSearch::new(&corridor, &Blind)
        .limits(Limits::default().cancel_flag(flag))
        .observer(&mut cancel)
        .run(&0);
    assert!(matches!(report.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
    assert!(cancel.expanded < 50_000 + 2 * Limits::<u32>::CANCEL_CHECK_INTERVAL);
}

/// Records the events an observer sees, in order.
#[derive(Default)]
struct Events {
    started: Vec<u16>,
    finished: Vec<IterationStats<u16>>,
    expanded: u64,
    solutions: Vec<(Vec<common::sliding::Slide>, u16)>,
}

impl Observer<Weighted> for Events {
    fn iteration_started(&mut self, bound: u16) {
        assert_eq!(self.started.len(), self.finished.len(), "an iteration started twice");
        self.started.push(bound);
    }
    fn node_expanded(&mut self, _: &Node<'_, Weighted>) {
        self.expanded += 1;
    }
    fn iteration_finished(&mut self, stats: &IterationStats<u16>) {
        self.finished.push(*stats);
    }
    fn solution_found(&mut self, moves: &[common::sliding::Slide], cost: u16) {
        self.solutions.push((moves.to_vec(), cost));
    }
}

/// The observer sees every iteration, under a budget or not, as the statistics list them, and
/// the answer once.
#[test]
fn the_observer_sees_every_iteration_and_the_answer_once() {
    let weighted = Weighted::new(3, 3, |tile| tile * tile * tile);
    let start = weighted.puzzle.board(&HARDEST);
    let mut events = Events::default();
    let report =
        BudgetedSearch::new(&weighted, &WeightedManhattan).observer(&mut events).run(&start);
    assert!(report.budgets.iter().any(|budget| budget.budget.is_some()), "a budget was used");
    assert_eq!(events.finished, report.stats.iterations);
    let bounds: Vec<u16> =
        report.stats.iterations.iter().map(|iteration| iteration.bound).collect();
    assert_eq!(events.started, bounds);
    assert_eq!(events.expanded, report.stats.expanded);
    let answer = report.outcome.into_solution().unwrap();
    assert_eq!(events.solutions, [(answer.moves, answer.cost)]);
}

/// Where the search changes from recursion to its explicit stack changes nothing but speed.
#[rstest]
fn the_recursion_depth_changes_nothing_but_speed(#[values(0, 1, 3)] levels: usize) {
    let weighted = Weighted::new(3, 3, |tile| tile * tile);
    for seed in 0..5 {
        let start = weighted.puzzle.scrambled(&mut Rng::new(seed), 60);
        let deep = budgeted_search(&weighted, &WeightedManhattan, &start);
        let shallow =
            BudgetedSearch::new(&weighted, &WeightedManhattan).max_recursion(levels).run(&start);
        assert_eq!(shallow.outcome, deep.outcome);
        assert_eq!(shallow.budgets, deep.budgets);
        let counts = |report: &BudgetedReport<_, u16>| -> Vec<(u16, u64, u64)> {
            report.stats.iterations.iter().map(|i| (i.bound, i.generated, i.expanded)).collect()
        };
        assert_eq!(counts(&shallow), counts(&deep));
    }
}

/// Any band of growth gives the same answer; the work differs.
#[rstest]
fn any_growth_band_gives_the_same_answer(
    #[values((2, 3), (2, 8), (3, 20), (10, 100))] band: (u64, u64),
) {
    let weighted = Weighted::new(3, 3, |tile| tile * tile * tile);
    for seed in 0..5 {
        let start = weighted.puzzle.scrambled(&mut Rng::new(seed), 60);
        let expected = ida_star(&weighted, &WeightedManhattan, &start).outcome;
        let report =
            BudgetedSearch::new(&weighted, &WeightedManhattan).growth(band.0, band.1).run(&start);
        assert_eq!(report.outcome, expected, "seed {seed}");
        check_budgets(&report);
    }
}

#[rstest]
#[should_panic(expected = "1 < c1 < c2")]
fn a_band_that_does_not_grow_is_refused(#[values((1, 8), (4, 4), (8, 2))] band: (u64, u64)) {
    let _ = BudgetedSearch::new(&Pancakes, &Gaps).growth(band.0, band.1);
}

#[test]
#[should_panic(expected = "every move must cost at least 1")]
fn a_move_that_costs_nothing_is_refused() {
    let ladder = Ladder { target: 4, steps: vec![1], costs: vec![0_u8] };
    let _ = budgeted_search(&ladder, &Blind, &0);
}

#[test]
fn a_solved_start_needs_no_iteration_and_a_dead_end_no_search() {
    let puzzle = Sliding::new(3, 2);
    let report = budgeted_search(&puzzle, &Manhattan, &puzzle.goal());
    assert_eq!(report.outcome.solution().map(|s| s.cost), Some(0));
    assert_eq!((report.stats.generated, report.stats.iterations.len()), (1, 0));
    assert_eq!(report.overhead(), None);
    let ladder = Ladder { target: 4, steps: vec![1], costs: vec![1_u8] };
    let report = budgeted_search(&ladder, &Constant(u8::MAX), &0);
    assert_eq!(report.outcome, Outcome::NoSolution);
}

/// Costs near the top of the cost type: paths that do not fit are no solutions, and the search
/// ends, as IDA*'s does; a bound limit up there stops it as it stops IDA*.
#[rstest]
fn bounds_near_the_top_of_the_cost_type_end_as_ida_stars_do(
    #[values(100, 254, 255, 256, 300)] target: u32,
) {
    let ladder = Ladder { target, steps: vec![1], costs: vec![1_u8] };
    let (_, budgeted) = both(&ladder, &Blind, &0, &Limits::default());
    let expected = u8::try_from(target).map_or(Outcome::NoSolution, |cost| {
        Outcome::Solved(search_core::Solution { moves: vec![0; usize::from(cost)], cost })
    });
    assert_eq!(budgeted.outcome, expected);
    for most in [0, 1, 99, 200, 254, 255] {
        both(&ladder, &Blind, &0, &Limits::default().max_bound(most));
    }
}

/// Where the work explodes past a bound, the exponential search overshoots it, runs out of
/// budget, and the binary search comes back down: every try under a budget stays within it,
/// one that runs out has spent it all, and the bounds the binary search tries lie below the
/// least bound known to exceed the budget.
#[test]
fn past_an_explosion_the_binary_search_comes_back_down() {
    let broom = Broom { handle: 300 };
    let report = BudgetedSearch::new(&broom, &Blind).run(&(0, 0));
    assert_eq!(report.outcome, ida_star(&broom, &Blind, &(0, 0)).outcome);
    let trace: Vec<_> = report.stats.iterations.iter().zip(&report.budgets).collect();
    assert!(trace.iter().any(|(_, budget)| budget.out_of_budget), "a try ran out of budget");
    assert!(trace.iter().any(|(_, budget)| budget.phase == BudgetPhase::Binary));
    let mut exceeding = None;
    for (stats, budget) in trace {
        match (budget.phase, budget.budget) {
            (BudgetPhase::Regular, None) => exceeding = None,
            (BudgetPhase::Exponential | BudgetPhase::Binary, Some(most)) => {
                assert!(stats.generated <= most);
                assert_eq!(budget.out_of_budget, stats.generated == most);
                if budget.phase == BudgetPhase::Binary {
                    assert!(exceeding.is_some_and(|above| stats.bound < above));
                }
                if budget.out_of_budget {
                    exceeding = Some(exceeding.map_or(stats.bound, |b: u32| b.min(stats.bound)));
                }
            }
            other => panic!("{other:?}"),
        }
    }
}
