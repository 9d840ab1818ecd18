//! The textbook searches (`search_core::textbook`) against their drivers: the same nodes expanded
//! in the same order, the same children generated in the same order, and the same answer.

use std::cell::RefCell;
use std::fmt::Debug;

use rstest::rstest;
use search_core::{
    AStar, Blind, BreadthFirst, BudgetPhase, BudgetedSearch, Heuristic, IdaStar, Outcome, Problem,
    UniformCost, textbook,
};

use crate::common::broom::Broom;
use crate::common::grid::{Grid, StepsLeft};
use crate::common::korf::EASIEST_17;
use crate::common::pancakes::{Gaps, Pancakes, random_stack};
use crate::common::sliding::{Board, Manhattan, Misplaced, Sliding};
use crate::common::weighted::{Weighted, WeightedManhattan};
use crate::common::{Rng, Through, Wrapper};

/// A problem that writes down every state whose moves a search asks for (the nodes it expands)
/// and every move whose cost it asks for (the children it generates), in order.
struct Recorded<P: Problem> {
    inner: P,
    expanded: RefCell<Vec<P::State>>,
    generated: RefCell<Vec<(P::State, P::Move)>>,
}

impl<P: Problem> Problem for Recorded<P> {
    type State = P::State;
    type Move = P::Move;
    type Cost = P::Cost;
    type Moves<'a>
        = P::Moves<'a>
    where
        Self: 'a;

    fn moves<'a>(&'a self, state: &P::State) -> P::Moves<'a> {
        self.expanded.borrow_mut().push(state.clone());
        self.inner.moves(state)
    }
    fn apply(&self, state: &mut P::State, mv: P::Move) {
        self.inner.apply(state, mv);
    }
    fn undo(&self, state: &mut P::State, mv: P::Move) {
        self.inner.undo(state, mv);
    }
    fn inverse(&self, mv: P::Move) -> Option<P::Move> {
        self.inner.inverse(mv)
    }
    fn may_follow(&self, previous: P::Move, mv: P::Move) -> bool {
        self.inner.may_follow(previous, mv)
    }
    fn cost(&self, state: &P::State, mv: P::Move) -> P::Cost {
        self.generated.borrow_mut().push((state.clone(), mv));
        self.inner.cost(state, mv)
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }
}

impl<P: Problem> Wrapper for Recorded<P> {
    type Inner = P;

    fn inner(&self) -> &P {
        &self.inner
    }
}

type Answer<P> = Outcome<<P as Problem>::Move, <P as Problem>::Cost>;

/// What one search did: the nodes it expanded and the children it generated, in order, and its
/// answer.
struct Searched<P: Problem> {
    expanded: Vec<P::State>,
    generated: Vec<(P::State, P::Move)>,
    outcome: Answer<P>,
}

/// Runs `search` on `problem`, recording it.
fn searched<P: Problem, H>(
    problem: &Recorded<P>,
    heuristic: &Through<H>,
    search: impl FnOnce(&Recorded<P>, &Through<H>) -> Answer<P>,
) -> Searched<P> {
    let outcome = search(problem, heuristic);
    Searched { expanded: problem.expanded.take(), generated: problem.generated.take(), outcome }
}

/// Runs the `driver` and the `plain` textbook search on `problem` with `heuristic`, asserts that
/// both expanded the same nodes and generated the same children in the same order and answered
/// alike, and returns the answer.
fn assert_same<P, H>(
    case: &str,
    problem: P,
    heuristic: H,
    driver: impl FnOnce(&Recorded<P>, &Through<H>) -> Answer<P>,
    plain: impl FnOnce(&Recorded<P>, &Through<H>) -> Answer<P>,
) -> Answer<P>
where
    P: Problem<State: PartialEq + Debug>,
{
    let recorded =
        Recorded { inner: problem, expanded: RefCell::default(), generated: RefCell::default() };
    let heuristic = Through(heuristic);
    let fast = searched(&recorded, &heuristic, driver);
    let plain = searched(&recorded, &heuristic, plain);
    assert_eq!(plain.outcome, fast.outcome, "{case}: the answers differ");
    assert!(!fast.expanded.is_empty(), "{case}: a search that expands nothing tests nothing");
    let first = plain.expanded.iter().zip(&fast.expanded).position(|(plain, fast)| plain != fast);
    assert_eq!(first, None, "{case}: the nodes expanded part at this expansion");
    assert_eq!(plain.expanded.len(), fast.expanded.len(), "{case}: a different number expanded");
    let first = plain.generated.iter().zip(&fast.generated).position(|(plain, fast)| plain != fast);
    assert_eq!(first, None, "{case}: the children generated part at this one");
    assert_eq!(plain.generated.len(), fast.generated.len(), "{case}: a different number generated");
    fast.outcome
}

/// The cost of a solved answer.
fn cost<M, C: Copy>(outcome: &Outcome<M, C>) -> Option<C> {
    outcome.solution().map(|solution| solution.cost)
}

/// The Manhattan distance where the blank is on an even cell, nothing elsewhere: admissible but
/// not consistent, so A\* reaches some states again more cheaply after expanding them.
struct Patchy;

impl Heuristic<Sliding> for Patchy {
    fn estimate(&self, puzzle: &Sliding, board: &Board) -> u8 {
        if board.blank.is_multiple_of(2) { puzzle.manhattan(board) } else { 0 }
    }
}

/// A 2 x 3 board with two tiles swapped: in the half of the state space the goal is not in.
fn unsolvable_2x3(puzzle: &Sliding) -> Board {
    puzzle.board(&[0, 2, 1, 3, 4, 5])
}

mod ida_star {
    use super::*;

    /// Korf's two easiest 15-puzzle instances, half a million nodes each.
    #[rstest]
    fn korf_instances(#[values(0, 1)] index: usize) {
        let (id, length, _, cells) = EASIEST_17[index];
        let puzzle = Sliding::new(4, 4);
        let start = puzzle.board(&cells);
        let case = format!("Korf's instance {id}");
        let answer = assert_same(
            &case,
            puzzle,
            Manhattan,
            |p, h| IdaStar::new(p, h).run(&start).outcome,
            |p, h| textbook::ida_star(p, h, &start),
        );
        assert_eq!(answer.solution().map(|s| s.moves.len()), Some(usize::from(length)));
    }

    /// Random 8-puzzles, with two heuristics (Manhattan prices children before their move).
    #[rstest]
    fn eight_puzzles(#[values(1, 2, 3, 4, 5, 6)] seed: u64) {
        let puzzle = Sliding::new(3, 3);
        let start = puzzle.scrambled(&mut Rng::new(seed), 60);
        let case = format!("8-puzzle, seed {seed}");
        assert_same(
            &format!("{case}, Manhattan"),
            Sliding::new(3, 3),
            Manhattan,
            |p, h| IdaStar::new(p, h).run(&start).outcome,
            |p, h| textbook::ida_star(p, h, &start),
        );
        assert_same(
            &format!("{case}, misplaced tiles"),
            Sliding::new(3, 3),
            Misplaced,
            |p, h| IdaStar::new(p, h).run(&start).outcome,
            |p, h| textbook::ida_star(p, h, &start),
        );
    }

    /// Random stacks of pancakes, whose moves are listed afresh at each node.
    #[rstest]
    fn pancakes(#[values(1, 2, 3, 4)] seed: u64) {
        let stack = random_stack(&mut Rng::new(seed), 8);
        assert_same(
            &format!("pancakes, seed {seed}"),
            Pancakes,
            Gaps,
            |p, h| IdaStar::new(p, h).run(&stack).outcome,
            |p, h| textbook::ida_star(p, h, &stack),
        );
    }
}

mod iddfs {
    use super::*;

    /// Random 8-puzzles a few moves from the goal (no heuristic: the tree grows fast).
    #[rstest]
    fn eight_puzzles(#[values(1, 2, 3, 4)] seed: u64) {
        let puzzle = Sliding::new(3, 3);
        let start = puzzle.scrambled(&mut Rng::new(seed), 14);
        assert_same(
            &format!("8-puzzle, seed {seed}"),
            puzzle,
            Blind,
            |p, _| search_core::iddfs(p, &start).outcome,
            |p, _| textbook::iddfs(p, &start),
        );
    }

    /// Grids whose cells cost 1 to 9 to enter: the limit grows by varied amounts.
    #[rstest]
    fn weighted_grids(#[values(1, 2, 3, 4)] seed: u64) {
        let grid = Grid::random(&mut Rng::new(seed), 3, 3, 0);
        assert_same(
            &format!("grid, seed {seed}"),
            grid,
            Blind,
            |p, _| search_core::iddfs(p, &0).outcome,
            |p, _| textbook::iddfs(p, &0),
        );
    }
}

mod budgeted {
    use super::*;

    /// Weighted 8-puzzles, where IDA*'s iterations grow slowly: the exponential search runs,
    /// and the textbook follows the driver through it.
    #[rstest]
    fn weighted_eight_puzzles(#[values(1, 2, 3)] power: u32) {
        let mut phases = Vec::new();
        for seed in 0..6 {
            let weighted = Weighted::new(3, 3, |tile| tile.pow(power));
            let start = weighted.puzzle.scrambled(&mut Rng::new(seed), 100);
            let case = format!("tiles costing t^{power}, seed {seed}");
            let driver = |p: &_, h: &_| {
                let report = BudgetedSearch::new(p, h).run(&start);
                phases.extend(report.budgets);
                report.outcome
            };
            let plain = |p: &_, h: &_| textbook::budgeted_search(p, h, &start);
            let answer = assert_same(&case, weighted, WeightedManhattan, driver, plain);
            assert!(answer.solution().is_some(), "{case}");
        }
        for phase in [BudgetPhase::Regular, BudgetPhase::Exponential] {
            assert!(phases.iter().any(|budget| budget.phase == phase), "t^{power}: no {phase:?}");
        }
    }

    /// Past the broom's handle the work explodes: tries run out of budget, and the binary
    /// search comes back down.
    #[test]
    fn a_broom() {
        let mut phases = Vec::new();
        let driver = |p: &_, h: &_| {
            let report = BudgetedSearch::new(p, h).run(&(0, 0));
            phases.extend(report.budgets);
            report.outcome
        };
        let plain = |p: &_, h: &_| textbook::budgeted_search(p, h, &(0, 0));
        let answer = assert_same("a broom", Broom { handle: 300 }, Blind, driver, plain);
        assert_eq!(answer.solution().map(|s| s.cost), Some(304));
        assert!(phases.iter().any(|budget| budget.phase == BudgetPhase::Binary));
        assert!(phases.iter().any(|budget| budget.out_of_budget));
    }

    /// Korf's easiest 15-puzzle instance, where every iteration is IDA*'s.
    #[test]
    fn korf_instance() {
        let (id, length, _, cells) = EASIEST_17[0];
        let puzzle = Sliding::new(4, 4);
        let start = puzzle.board(&cells);
        let answer = assert_same(
            &format!("Korf's instance {id}"),
            puzzle,
            Manhattan,
            |p, h| BudgetedSearch::new(p, h).run(&start).outcome,
            |p, h| textbook::budgeted_search(p, h, &start),
        );
        assert_eq!(answer.solution().map(|s| s.moves.len()), Some(usize::from(length)));
    }

    /// Random stacks of pancakes.
    #[rstest]
    fn pancakes(#[values(1, 2, 3)] seed: u64) {
        let stack = random_stack(&mut Rng::new(seed), 8);
        assert_same(
            &format!("pancakes, seed {seed}"),
            Pancakes,
            Gaps,
            |p, h| BudgetedSearch::new(p, h).run(&stack).outcome,
            |p, h| textbook::budgeted_search(p, h, &stack),
        );
    }
}

mod best_first {
    use super::*;

    /// Random 8-puzzles: breadth-first and uniform-cost search reach most of the 181,440 states.
    #[rstest]
    fn eight_puzzles(#[values(1, 2)] seed: u64) {
        let puzzle = Sliding::new(3, 3);
        let start = puzzle.scrambled(&mut Rng::new(seed), 60);
        let case = format!("8-puzzle, seed {seed}");
        let new = || Sliding::new(3, 3);
        let bfs = assert_same(
            &format!("{case}, breadth-first"),
            new(),
            Blind,
            |p, _| BreadthFirst::new(p).run(&start).outcome,
            |p, _| textbook::breadth_first(p, &start),
        );
        let ucs = assert_same(
            &format!("{case}, uniform-cost"),
            new(),
            Blind,
            |p, _| UniformCost::new(p).run(&start).outcome,
            |p, _| textbook::uniform_cost(p, &start),
        );
        assert_eq!(cost(&ucs), cost(&bfs), "{case}: every move costs 1");
        for (name, astar) in [
            (
                "Manhattan",
                assert_same(
                    &format!("{case}, A* with Manhattan"),
                    new(),
                    Manhattan,
                    |p, h| AStar::new(p, h).run(&start).outcome,
                    |p, h| textbook::astar(p, h, &start),
                ),
            ),
            (
                "an inconsistent heuristic",
                assert_same(
                    &format!("{case}, A* with an inconsistent heuristic"),
                    new(),
                    Patchy,
                    |p, h| AStar::new(p, h).run(&start).outcome,
                    |p, h| textbook::astar(p, h, &start),
                ),
            ),
        ] {
            assert_eq!(cost(&astar), cost(&bfs), "{case}: A* with {name}");
        }
    }

    /// Weighted 2 x 3 boards: states reached again more cheaply, replacing their path.
    #[rstest]
    fn weighted_boards(#[values(1, 2, 3, 4)] seed: u64) {
        let new = || Weighted::new(3, 2, |tile| tile * tile);
        let start = new().puzzle.scrambled(&mut Rng::new(seed), 40);
        let case = format!("weighted 2 x 3, seed {seed}");
        let ucs = assert_same(
            &format!("{case}, uniform-cost"),
            new(),
            Blind,
            |p, _| UniformCost::new(p).run(&start).outcome,
            |p, _| textbook::uniform_cost(p, &start),
        );
        let astar = assert_same(
            &format!("{case}, A*"),
            new(),
            WeightedManhattan,
            |p, h| AStar::new(p, h).run(&start).outcome,
            |p, h| textbook::astar(p, h, &start),
        );
        assert_eq!(cost(&astar), cost(&ucs), "{case}");
        assert_same(
            &format!("{case}, breadth-first"),
            new(),
            Blind,
            |p, _| BreadthFirst::new(p).run(&start).outcome,
            |p, _| textbook::breadth_first(p, &start),
        );
    }

    /// Grids with walls, some cutting the goal off: every reachable cell expanded, no solution.
    #[rstest]
    fn grids_with_walls(#[values(1, 2, 3, 4, 5, 6)] seed: u64) {
        let new = || Grid::random(&mut Rng::new(seed), 5, 4, 35);
        let case = format!("grid, seed {seed}");
        let ucs = assert_same(
            &format!("{case}, uniform-cost"),
            new(),
            Blind,
            |p, _| UniformCost::new(p).run(&0).outcome,
            |p, _| textbook::uniform_cost(p, &0),
        );
        let astar = assert_same(
            &format!("{case}, A*"),
            new(),
            StepsLeft,
            |p, h| AStar::new(p, h).run(&0).outcome,
            |p, h| textbook::astar(p, h, &0),
        );
        assert_eq!(cost(&astar), cost(&ucs), "{case}");
        assert_same(
            &format!("{case}, breadth-first"),
            new(),
            Blind,
            |p, _| BreadthFirst::new(p).run(&0).outcome,
            |p, _| textbook::breadth_first(p, &0),
        );
    }

    /// The half of the 2 x 3 boards the goal is not in: all 360 states expanded, no solution.
    #[test]
    fn an_unsolvable_board() {
        let start = unsolvable_2x3(&Sliding::new(3, 2));
        let new = || Sliding::new(3, 2);
        let answers = [
            assert_same(
                "breadth-first",
                new(),
                Blind,
                |p, _| BreadthFirst::new(p).run(&start).outcome,
                |p, _| textbook::breadth_first(p, &start),
            ),
            assert_same(
                "uniform-cost",
                new(),
                Blind,
                |p, _| UniformCost::new(p).run(&start).outcome,
                |p, _| textbook::uniform_cost(p, &start),
            ),
            assert_same(
                "A*",
                new(),
                Manhattan,
                |p, h| AStar::new(p, h).run(&start).outcome,
                |p, h| textbook::astar(p, h, &start),
            ),
        ];
        assert!(answers.iter().all(|answer| *answer == Outcome::NoSolution));
    }

    /// Random stacks of pancakes.
    #[rstest]
    fn pancakes(#[values(1, 2)] seed: u64) {
        let stack = random_stack(&mut Rng::new(seed), 6);
        let case = format!("pancakes, seed {seed}");
        let bfs = assert_same(
            &format!("{case}, breadth-first"),
            Pancakes,
            Blind,
            |p, _| BreadthFirst::new(p).run(&stack).outcome,
            |p, _| textbook::breadth_first(p, &stack),
        );
        let astar = assert_same(
            &format!("{case}, A*"),
            Pancakes,
            Gaps,
            |p, h| AStar::new(p, h).run(&stack).outcome,
            |p, h| textbook::astar(p, h, &stack),
        );
        assert_eq!(cost(&astar), cost(&bfs), "{case}");
    }
}
