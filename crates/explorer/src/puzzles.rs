//! The explorer's puzzles: the framework's three puzzle crates, and the pancake puzzle of
//! `docs/adding-a-puzzle.md`, each an [`Explorable`].

use std::fmt;

use search_core::{Heuristic, Problem};
use serde_json::{Value, json};

use crate::puzzle::{DynHeuristic, Explorable, Preset, Registry, Sizes, random_walk};

impl Registry {
    /// The explorer's own puzzles: the sliding puzzles, the Rotation Game, the Wall Pushers and
    /// the pancake puzzle (here, beside them, so that the registry's file knows no puzzle).
    #[must_use]
    pub fn builtin() -> Self {
        Self::new().with(Sliding).with(Rotation).with(WallPushers).with(Pancakes)
    }
}

/// The first case of `text`, or the parser's message (or a note that there was no case).
fn first_case<T, E: fmt::Display>(
    mut cases: impl Iterator<Item = Result<T, E>>,
) -> Result<T, String> {
    match cases.next() {
        Some(Ok(case)) => Ok(case),
        Some(Err(error)) => Err(error.to_string()),
        None => Err("no instance: the text holds no case".to_owned()),
    }
}

/// The sliding-tile puzzles (`puzzle-sliding`): the 8-puzzle, the 15-puzzle, and any board the
/// parser reads, rectangular ones included (`3x2: 1 2 0 3 4 5`, 3 columns and 2 rows, whose 360
/// states the page draws as a graph). The goal is `0 1 2 ...`, the blank top-left.
pub struct Sliding;

impl Explorable for Sliding {
    type Problem = puzzle_sliding::Sliding;

    fn name(&self) -> &'static str {
        "sliding"
    }

    fn text(&self, state: &<Self::Problem as Problem>::State) -> String {
        state.to_string()
    }

    fn parse(&self, text: &str) -> Result<(Self::Problem, puzzle_sliding::Board), String> {
        let board = first_case(puzzle_sliding::cases(text))?;
        Ok((puzzle_sliding::Sliding::rectangular(board.width(), board.height()), board))
    }

    fn heuristics(&self) -> &'static [&'static str] {
        &["manhattan", "linear-conflict", "misplaced"]
    }

    fn heuristic(&self, _: &Self::Problem, name: &str) -> Option<DynHeuristic<Self::Problem>> {
        match name {
            "manhattan" => Some(Box::new(puzzle_sliding::Manhattan)),
            "linear-conflict" => Some(Box::new(puzzle_sliding::LinearConflict)),
            "misplaced" => Some(Box::new(Misplaced)),
            _ => None,
        }
    }

    fn draw(&self, board: &puzzle_sliding::Board) -> Option<Value> {
        let (rows, cols) = (board.height(), board.width());
        Some(json!({"kind": "tiles", "rows": rows, "cols": cols, "tiles": board.cells()}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset { name: "8-puzzle, 3 iterations", instance: "0 1 2 7 4 5 3 6 8" },
            Preset { name: "8-puzzle, 4 iterations", instance: "0 1 2 3 7 5 6 8 4" },
            Preset { name: "8-puzzle, 6 iterations", instance: "0 1 2 3 8 5 4 7 6" },
            Preset { name: "8-puzzle, 26 moves", instance: "8 7 1 6 5 2 0 3 4" },
            Preset { name: "8-puzzle, unsolvable", instance: "0 2 1 3 4 5 6 7 8" },
            Preset { name: "3x2 board, its whole state space drawn", instance: TWO_BY_THREE },
            Preset {
                name: "15-puzzle, past a million events",
                instance: "8 12 1 2 10 9 6 3 0 5 15 7 14 4 13 11",
            },
        ]
    }

    fn unsolvable(&self, _: &Self::Problem, board: &puzzle_sliding::Board) -> Option<String> {
        (!board.is_solvable()).then(|| {
            "the tiles' permutation has the wrong parity: no sequence of moves reaches the goal"
                .to_owned()
        })
    }

    fn sizes(&self) -> Option<Sizes> {
        Some(Sizes { least: 2, most: 5, default: 3, counts: "a square board's width" })
    }

    fn scramble(&self, size: usize, moves: usize, seed: u64) -> Option<String> {
        let width = if (2..=5).contains(&size) { size } else { 3 };
        let problem = puzzle_sliding::Sliding::new(width);
        let board = random_walk(&problem, puzzle_sliding::Board::goal(width), moves, seed);
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        Some(cells.join(" "))
    }

    /// A board of `WIDTHxHEIGHT` (`3x2`: 3 columns, 2 rows), written as the parser reads it
    /// (`3x2: ...`; a square board as its cells alone).
    fn scramble_shaped(&self, shape: &str, moves: usize, seed: u64) -> Result<String, String> {
        let malformed = || {
            format!("shape '{shape}' is not a board's: WIDTHxHEIGHT, columns and rows, as in 3x2")
        };
        let (width, height) = shape.split_once('x').ok_or_else(malformed)?;
        let width: usize = width.parse().map_err(|_| malformed())?;
        let height: usize = height.parse().map_err(|_| malformed())?;
        if !puzzle_sliding::Board::is_shape(width, height) {
            return Err(format!(
                "no {width}x{height} board: at least 2 columns and 2 rows, at most {} cells",
                puzzle_sliding::MAX_CELLS
            ));
        }
        let problem = puzzle_sliding::Sliding::rectangular(width, height);
        let goal = puzzle_sliding::Board::rectangular_goal(width, height);
        let board = random_walk(&problem, goal, moves, seed);
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        let cells = cells.join(" ");
        Ok(if width == height { cells } else { format!("{width}x{height}: {cells}") })
    }
}

/// A board of 3 columns and 2 rows, 13 moves from the goal: IDA\* with the Manhattan distance
/// takes 4 iterations, revisiting states of the 360 that the page draws.
pub const TWO_BY_THREE: &str = "3x2: 3 4 1 2 5 0";

/// The tiles out of their goal cell, the blank not counted: each move puts at most one in place.
/// The weakest of the sliding puzzle's heuristics, for comparing.
pub struct Misplaced;

impl Heuristic<puzzle_sliding::Sliding> for Misplaced {
    fn estimate(&self, _: &puzzle_sliding::Sliding, board: &puzzle_sliding::Board) -> u8 {
        let out = board
            .cells()
            .iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != 0 && usize::from(tile) != cell);
        u8::try_from(out.count()).unwrap_or(u8::MAX)
    }
}

/// The Rotation Game (`puzzle-rotation`).
pub struct Rotation;

impl Explorable for Rotation {
    type Problem = puzzle_rotation::Rotation;

    fn name(&self) -> &'static str {
        "rotation"
    }

    fn text(&self, state: &<Self::Problem as Problem>::State) -> String {
        state.to_string()
    }

    fn parse(&self, text: &str) -> Result<(Self::Problem, puzzle_rotation::Board), String> {
        Ok((puzzle_rotation::Rotation, first_case(puzzle_rotation::cases(text))?))
    }

    fn heuristics(&self) -> &'static [&'static str] {
        &["exact", "count"]
    }

    fn heuristic(&self, _: &Self::Problem, name: &str) -> Option<DynHeuristic<Self::Problem>> {
        match name {
            "exact" => Some(Box::new(puzzle_rotation::Exact::shared())),
            "count" => Some(Box::new(puzzle_rotation::Count)),
            _ => None,
        }
    }

    fn draw(&self, board: &puzzle_rotation::Board) -> Option<Value> {
        Some(json!({"kind": "rotation", "cells": board.cells()}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset {
                name: "the judge's first sample",
                instance: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
            },
            Preset {
                name: "the judge's second sample",
                instance: "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
            },
        ]
    }

    fn scramble(&self, _: usize, moves: usize, seed: u64) -> Option<String> {
        // A goal: the centre all 1s, the other sixteen cells 2s and 3s in turn.
        let mut cells = [0_u8; puzzle_rotation::CELLS];
        let mut other = 2;
        for (cell, symbol) in cells.iter_mut().enumerate() {
            if puzzle_rotation::CENTRE.contains(&u8::try_from(cell).unwrap_or(u8::MAX)) {
                *symbol = 1;
            } else {
                *symbol = other;
                other = 5 - other;
            }
        }
        let goal = puzzle_rotation::Board::from_cells(&cells)?;
        let board = random_walk(&puzzle_rotation::Rotation, goal, moves, seed);
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        Some(cells.join(" "))
    }
}

/// The Wall Pushers (`puzzle-wall-pusher`).
pub struct WallPushers;

impl Explorable for WallPushers {
    type Problem = puzzle_wall_pusher::WallPusher;

    fn name(&self) -> &'static str {
        "wall-pusher"
    }

    fn text(&self, state: &<Self::Problem as Problem>::State) -> String {
        state.to_string()
    }

    fn parse(&self, text: &str) -> Result<(Self::Problem, puzzle_wall_pusher::Maze), String> {
        Ok((puzzle_wall_pusher::WallPusher, first_case(puzzle_wall_pusher::cases(text))?))
    }

    fn heuristics(&self) -> &'static [&'static str] {
        &["exit-distance"]
    }

    fn heuristic(&self, _: &Self::Problem, name: &str) -> Option<DynHeuristic<Self::Problem>> {
        (name == "exit-distance")
            .then(|| Box::new(puzzle_wall_pusher::ExitDistance) as DynHeuristic<Self::Problem>)
    }

    fn draw(&self, maze: &puzzle_wall_pusher::Maze) -> Option<Value> {
        use puzzle_wall_pusher::{COLUMNS, Dir, ROWS};
        let player = maze.player();
        let signed = |n: usize| isize::try_from(n).unwrap_or(0);
        let (row, col) = (signed(player / COLUMNS), signed(player % COLUMNS));
        // Once the player has left, it is drawn outside the grid, beyond an open exit of the
        // cell it left from (the state does not say which, when the cell has two).
        let at = if maze.has_left() {
            let exits = [
                (Dir::W, col == 0, (row, col - 1)),
                (Dir::N, row == 0, (row - 1, col)),
                (Dir::E, col == signed(COLUMNS) - 1, (row, col + 1)),
                (Dir::S, row == signed(ROWS) - 1, (row + 1, col)),
            ];
            exits
                .into_iter()
                .find(|&(dir, border, _)| border && !maze.has_wall(player, dir))
                .map_or((-1, -1), |(_, _, outside)| outside)
        } else {
            (row, col)
        };
        let at = json!([at.0, at.1]);
        Some(json!({
            "kind": "maze",
            "rows": puzzle_wall_pusher::ROWS,
            "cols": puzzle_wall_pusher::COLUMNS,
            "walls": maze.masks(),
            "player": at,
        }))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset {
                name: "the judge's sample",
                instance: "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n0 0",
            },
            Preset { name: "no way out", instance: NO_WAY_OUT },
        ]
    }

    /// The puzzle's proof, as the program `wall-pusher` runs it: walking to and fro makes the
    /// search tree of a maze with no way out infinite, so IDA\* alone would never end. The
    /// complete search over the regions the player can reach settles it first, within
    /// [`PROOF_REGIONS`]; a maze it does not settle in them is searched (within the run's node
    /// budget).
    fn unsolvable(&self, _: &Self::Problem, maze: &puzzle_wall_pusher::Maze) -> Option<String> {
        if maze.open_exits() == 0 {
            return Some("no way out: every exit of the maze is closed".to_owned());
        }
        let mut proof = puzzle_wall_pusher::Reachability::new(maze);
        (proof.run(Some(PROOF_REGIONS)) == puzzle_wall_pusher::Proof::NoWayOut).then(|| {
            format!(
                "no way out: the {} positions the player can reach ({} regions) have no open exit",
                proof.states(),
                proof.regions()
            )
        })
    }
}

/// The most regions the Wall Pushers' proof of "no way out" expands before a run (the program
/// `wall-pusher` lets it run to its end); a maze it does not settle in them is searched, within
/// the run's node budget.
pub const PROOF_REGIONS: u64 = 1 << 20;

/// A maze of the shared test data with open exits but no way out: the player's pushes never
/// reach one.
pub const NO_WAY_OUT: &str =
    "6 4\n15 15 11 14 13 15\n11 14 15 15 15 15\n15 15 3 14 7 15\n15 11 12 15 13 15\n0 0";

/// A pancake stack, top first: sizes `0..n`, sorted when `stack[i] == i`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stack(pub Vec<u8>);

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sizes: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&sizes.join(" "))
    }
}

/// The pancake problem of `docs/adding-a-puzzle.md`: flip the top `k` pancakes of a stack until
/// it is sorted, the smallest on top.
pub struct PancakeProblem {
    flips: Vec<usize>,
}

impl PancakeProblem {
    /// Stacks of `n` pancakes.
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self { flips: (2..=n).collect() }
    }
}

impl Problem for PancakeProblem {
    type State = Stack;
    type Move = usize;
    type Cost = u8;
    type Moves<'a> = &'a [usize];

    fn moves(&self, _: &Stack) -> &[usize] {
        &self.flips
    }
    fn apply(&self, stack: &mut Stack, k: usize) {
        stack.0[..k].reverse();
    }
    fn undo(&self, stack: &mut Stack, k: usize) {
        stack.0[..k].reverse();
    }
    fn inverse(&self, k: usize) -> Option<usize> {
        Some(k)
    }
    fn is_goal(&self, stack: &Stack) -> bool {
        stack.0.iter().enumerate().all(|(place, &size)| usize::from(size) == place)
    }
}

/// Helmert's gap heuristic: neighbouring pairs (the plate counting as pancake `n`) whose sizes
/// are not consecutive. A flip changes one pair, so it closes at most one gap.
pub struct Gaps;

impl Heuristic<PancakeProblem> for Gaps {
    fn estimate(&self, _: &PancakeProblem, stack: &Stack) -> u8 {
        let plate = u8::try_from(stack.0.len()).unwrap_or(u8::MAX);
        let below = stack.0.iter().skip(1).copied().chain([plate]);
        let gaps = stack.0.iter().zip(below).filter(|&(&a, b)| a.abs_diff(b) > 1).count();
        u8::try_from(gaps).unwrap_or(u8::MAX)
    }
}

/// The pancake puzzle, explored: an instance is the stack's sizes, top first, `0..n`.
pub struct Pancakes;

impl Explorable for Pancakes {
    type Problem = PancakeProblem;

    fn name(&self) -> &'static str {
        "pancake"
    }

    fn text(&self, state: &<Self::Problem as Problem>::State) -> String {
        state.to_string()
    }

    fn parse(&self, text: &str) -> Result<(PancakeProblem, Stack), String> {
        let mut sizes = Vec::new();
        for token in text.split_whitespace() {
            let size: u8 = token
                .parse()
                .map_err(|_| format!("'{token}' is not a pancake size (a whole number from 0)"))?;
            sizes.push(size);
        }
        let n = sizes.len();
        if !(2..=20).contains(&n) {
            return Err(format!("a stack holds 2 to 20 pancakes; this one holds {n}"));
        }
        let mut seen = vec![false; n];
        for &size in &sizes {
            let slot = seen.get_mut(usize::from(size)).ok_or_else(|| {
                format!("size {size} is too large: a stack of {n} has sizes 0 to {}", n - 1)
            })?;
            if *slot {
                return Err(format!("size {size} appears twice: each of 0 to {} once", n - 1));
            }
            *slot = true;
        }
        Ok((PancakeProblem::new(n), Stack(sizes)))
    }

    fn heuristics(&self) -> &'static [&'static str] {
        &["gaps"]
    }

    fn heuristic(&self, _: &PancakeProblem, name: &str) -> Option<DynHeuristic<PancakeProblem>> {
        (name == "gaps").then(|| Box::new(Gaps) as DynHeuristic<PancakeProblem>)
    }

    fn draw(&self, stack: &Stack) -> Option<Value> {
        Some(json!({"kind": "stack", "sizes": stack.0}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset { name: "5 pancakes", instance: "3 1 4 0 2" },
            Preset { name: "8 pancakes", instance: "5 2 7 0 3 6 1 4" },
        ]
    }

    fn sizes(&self) -> Option<Sizes> {
        Some(Sizes { least: 2, most: 20, default: 6, counts: "pancakes" })
    }

    fn scramble(&self, size: usize, moves: usize, seed: u64) -> Option<String> {
        let n = if (2..=20).contains(&size) { size } else { 6 };
        let goal = Stack((0..u8::try_from(n).ok()?).collect());
        Some(random_walk(&PancakeProblem::new(n), goal, moves, seed).to_string())
    }
}

#[cfg(test)]
mod tests {
    use search_core::Heuristic;

    use super::*;
    use crate::Entry;

    #[test]
    fn each_puzzle_draws_its_state_as_the_trace_format_says() {
        let (_, board) = Sliding.parse("1 0 2 3 4 5 6 7 8").unwrap();
        assert_eq!(
            Sliding.draw(&board).unwrap(),
            json!({"kind": "tiles", "rows": 3, "cols": 3, "tiles": [1, 0, 2, 3, 4, 5, 6, 7, 8]})
        );
        let (_, board) = Rotation.parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3").unwrap();
        let drawn = Rotation.draw(&board).unwrap();
        assert_eq!(drawn["kind"], "rotation");
        assert_eq!(drawn["cells"][4], 3);
        assert_eq!(drawn["cells"].as_array().unwrap().len(), 24);
        let (_, maze) = WallPushers.parse(WallPushers.presets()[0].instance).unwrap();
        let drawn = WallPushers.draw(&maze).unwrap();
        // The start is column 2, row 3, counted from 1: row 2, column 1 from 0.
        assert_eq!(drawn["player"], json!([2, 1]));
        // The first cell's mask in the input, 10: walls north and south.
        assert_eq!(drawn["walls"][0], 10);
        // Solved (the judge's answer ends WWWWW along the first row), the player is drawn
        // outside the grid, west of the first column.
        let mut maze = maze;
        let problem = puzzle_wall_pusher::WallPusher;
        let solution = search_core::ida_star(&problem, &puzzle_wall_pusher::ExitDistance, &maze);
        for step in solution.outcome.solution().unwrap().moves.clone() {
            search_core::Problem::apply(&problem, &mut maze, step);
        }
        assert!(maze.has_left());
        assert_eq!(WallPushers.draw(&maze).unwrap()["player"], json!([0, -1]));
        let (_, stack) = Pancakes.parse("2 0 1").unwrap();
        assert_eq!(Pancakes.draw(&stack).unwrap(), json!({"kind": "stack", "sizes": [2, 0, 1]}));
    }

    #[test]
    fn a_bad_pancake_stack_says_what_is_wrong() {
        let message = |text| Pancakes.parse(text).err().unwrap();
        assert_eq!(message("1 x 0"), "'x' is not a pancake size (a whole number from 0)");
        assert_eq!(message("0"), "a stack holds 2 to 20 pancakes; this one holds 1");
        assert_eq!(message("0 3 1"), "size 3 is too large: a stack of 3 has sizes 0 to 2");
        assert_eq!(message("0 1 1"), "size 1 appears twice: each of 0 to 2 once");
        assert_eq!(Sliding.check(""), Err("no instance: the text holds no case".to_owned()));
    }

    #[test]
    fn a_random_instance_is_at_the_distance_asked_for() {
        for (puzzle, size) in [(&Sliding as &dyn Entry, 3), (&Pancakes, 12), (&Rotation, 0)] {
            for seed in 1..6 {
                let instance = puzzle.random(size, None, 8, seed, None).unwrap().instance;
                let mut out = Vec::new();
                let heuristic = puzzle.heuristic_names()[0];
                let run = puzzle.run(
                    &instance,
                    crate::Algorithm::Ida,
                    heuristic,
                    &crate::Options::default(),
                    &mut out,
                );
                let run = run.unwrap();
                assert!(run.cost.unwrap() <= 8, "{} {instance}: {run:?}", puzzle.entry_name());
                if puzzle.entry_name() != "rotation" {
                    // Walks on these puzzles reach distance 8 often enough to be found.
                    assert_eq!(run.cost, Some(8), "{} {instance}", puzzle.entry_name());
                }
            }
        }
        assert_eq!(
            WallPushers.random(0, None, 5, 1, None),
            Err("the wall-pusher puzzle has no random instances".to_owned())
        );
        assert!(!WallPushers.makes_random());
        assert!(Sliding.makes_random() && Pancakes.makes_random() && Rotation.makes_random());
    }

    #[test]
    fn a_random_board_has_the_shape_asked_for() {
        // The 3x2 board's farthest states are 21 moves from the goal (its 360 states searched
        // breadth-first); a walk asked for 12 is measured until one is 12 away.
        for seed in 1..6 {
            let made = Sliding.random(0, Some("3x2"), 12, seed, None).unwrap();
            let (problem, board) = Sliding.parse(&made.instance).unwrap();
            assert_eq!((board.width(), board.height()), (3, 2), "{}", made.instance);
            assert!(made.instance.starts_with("3x2: "), "{}", made.instance);
            let cost = search_core::ida_star(&problem, &puzzle_sliding::Manhattan, &board)
                .outcome
                .solution()
                .map(|s| s.cost);
            assert_eq!((cost, made.distance), (Some(12), Some(12)), "{}", made.instance);
        }
        let square = Sliding.random(0, Some("4x4"), 6, 1, None).unwrap();
        assert_eq!(square.instance.split_whitespace().count(), 16, "{}", square.instance);
        let message = |shape| Sliding.random(0, Some(shape), 6, 1, None).unwrap_err();
        assert_eq!(message("6x5"), "no 6x5 board: at least 2 columns and 2 rows, at most 25 cells");
        assert_eq!(message("3x1"), "no 3x1 board: at least 2 columns and 2 rows, at most 25 cells");
        assert_eq!(
            message("3by2"),
            "shape '3by2' is not a board's: WIDTHxHEIGHT, columns and rows, as in 3x2"
        );
        assert_eq!(
            Pancakes.random(0, Some("3x2"), 6, 1, None).unwrap_err(),
            "the pancake puzzle has no shapes: no random instance of shape '3x2'"
        );
    }

    #[test]
    fn past_the_farthest_distance_the_answer_says_how_far_it_is() {
        // No 8-puzzle board is more than 31 moves from the goal (Reinefeld 1993): asked for 40,
        // the farthest walk measured is nearer, and the answer says how near.
        let made = Sliding.random(3, None, 40, 7, None).unwrap();
        let distance = made.distance.unwrap();
        assert!((20..=31).contains(&distance), "{made:?}");
        let (problem, board) = Sliding.parse(&made.instance).unwrap();
        let cost = search_core::ida_star(&problem, &puzzle_sliding::Manhattan, &board)
            .outcome
            .solution()
            .map(|s| u64::from(s.cost));
        assert_eq!(cost, Some(distance));
        // At a distance reached, the answer says that distance.
        assert_eq!(Sliding.random(3, None, 10, 7, None).unwrap().distance, Some(10));
    }

    #[test]
    fn misplaced_tiles_never_exceed_the_manhattan_distance() {
        let problem = puzzle_sliding::Sliding::new(3);
        for seed in 1..50 {
            let board = random_walk(&problem, puzzle_sliding::Board::goal(3), 30, seed);
            let manhattan = puzzle_sliding::Manhattan.estimate(&problem, &board);
            assert!(Misplaced.estimate(&problem, &board) <= manhattan, "{board}");
        }
    }
}
