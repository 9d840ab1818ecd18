//! The heuristics of the sliding-tile puzzles by the names the command line uses
//! ([`HeuristicName`]), and the search of a board with the one chosen ([`search_with`]).

use puzzle_sliding::{
    Board, DisjointDatabases, LinearConflict, Manhattan, OnBoards, Slide, Sliding,
    SymmetricDatabases, Tracked, TrackedBoard, TrackedBound,
};
use search_core::{Heuristic, Observer, Report};

use crate::Search;

search_cli::heuristic_names! {
    /// The heuristics of the sliding-tile puzzles, by the names the command line uses.
    ///
    /// ```
    /// use ida_examples::puzzles::sliding::HeuristicName;
    /// use puzzle_sliding::Board;
    ///
    /// assert_eq!("pdb".parse(), Ok(HeuristicName::PatternDatabases));
    /// assert_eq!(HeuristicName::PatternDatabases.to_string(), "pdb");
    /// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
    /// assert_eq!(HeuristicName::default_for(&board), HeuristicName::LinearConflict);
    /// assert!(!HeuristicName::PatternDatabases.supports(&board)); // the 15- and 24-puzzle's only
    /// ```
    pub enum HeuristicName {
        /// [`Manhattan`], `manhattan`.
        Manhattan = "manhattan",
        /// [`LinearConflict`], `linear-conflict`.
        LinearConflict = "linear-conflict",
        /// `pdb`: [`DisjointDatabases::fifteen`] for the 15-puzzle,
        /// [`SymmetricDatabases::twenty_four`] for the 24-puzzle (searched as [`Tracked`]).
        PatternDatabases = "pdb",
        /// [`Misplaced`], `misplaced`: the weakest, for comparing.
        Misplaced = "misplaced",
    }
}

impl HeuristicName {
    /// The fastest heuristic for `board`'s size that needs no long build, as
    /// [`puzzle_sliding::solve`] chooses it: the pattern databases for the 15-puzzle (seconds to
    /// build, well spent on any hard board), linear conflicts for the other square boards, the
    /// Manhattan distance for a rectangular board (the only heuristic offered there). For the
    /// 24-puzzle the pattern databases are the only heuristic that solves a random board, but
    /// building them takes minutes and a gigabyte: the program makes them its default once they
    /// are kept in its cache.
    #[must_use]
    pub fn default_for(board: &Board) -> HeuristicName {
        if !board.is_square() {
            HeuristicName::Manhattan
        } else if board.width() == 4 {
            HeuristicName::PatternDatabases
        } else {
            HeuristicName::LinearConflict
        }
    }

    /// Whether the heuristic is offered for `board`'s size: the Manhattan distance and the
    /// misplaced tiles for every board, linear conflicts for square ones, the pattern databases
    /// for the 15- and 24-puzzle.
    #[must_use]
    pub fn supports(self, board: &Board) -> bool {
        match self {
            HeuristicName::Manhattan | HeuristicName::Misplaced => true,
            HeuristicName::LinearConflict => board.is_square(),
            HeuristicName::PatternDatabases => board.is_square() && board.width() >= 4,
        }
    }
}

/// Searches the solvable `board` with `heuristic` as `search` asks (its driver, its threads or
/// its observer), the pattern databases made on first use unless already made or read from a
/// file. The 24-puzzle's databases are searched on [`Tracked`] boards, which keep their
/// look-ups move by move (the observer, which watches plain boards, is shown each node's board).
///
/// # Panics
///
/// If the heuristic is not offered for the board's size ([`HeuristicName::supports`]).
pub fn search_with<O: Observer<Sliding>>(
    heuristic: HeuristicName,
    board: &Board,
    search: Search<'_, Sliding, O>,
) -> Report<Slide, u8> {
    assert!(heuristic.supports(board), "{heuristic} is not offered for width {}", board.width());
    let puzzle = Sliding::for_board(board);
    match heuristic {
        HeuristicName::Manhattan => search.solve(&puzzle, &Manhattan, board),
        HeuristicName::LinearConflict => search.solve(&puzzle, &LinearConflict, board),
        HeuristicName::Misplaced => search.solve(&puzzle, &Misplaced, board),
        HeuristicName::PatternDatabases if board.width() == 5 => {
            let databases = SymmetricDatabases::twenty_four();
            let tracked = Tracked::new(&puzzle, databases);
            let start = TrackedBoard::new(databases, board);
            let (limits, observer, settings) = search.into_parts();
            let search: Search<'_, Tracked<'_>, _> = settings.search(limits, OnBoards(observer));
            search.solve(&tracked, &TrackedBound, &start)
        }
        HeuristicName::PatternDatabases => {
            search.solve(&puzzle, DisjointDatabases::fifteen(), board)
        }
    }
}

/// The tiles out of their goal cell, the blank not counted: each move puts at most one tile in
/// place, so the count never overestimates. The weakest of the sliding puzzle's heuristics (never
/// more than the Manhattan distance, which counts each misplaced tile's distance), for comparing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Misplaced;

impl Heuristic<Sliding> for Misplaced {
    fn estimate(&self, _: &Sliding, board: &Board) -> u8 {
        let out = board
            .cells()
            .iter()
            .enumerate()
            .filter(|&(cell, &tile)| tile != 0 && usize::from(tile) != cell);
        u8::try_from(out.count()).unwrap_or(u8::MAX)
    }
}

#[cfg(test)]
mod tests {
    use search_core::{Limits, Outcome};

    use super::*;

    #[test]
    fn each_size_is_offered_its_heuristics_and_a_default_that_builds_little() {
        let rectangle = Board::rectangular_goal(4, 3);
        assert!(HeuristicName::Manhattan.supports(&rectangle));
        assert!(!HeuristicName::LinearConflict.supports(&rectangle));
        assert!(!HeuristicName::PatternDatabases.supports(&rectangle));
        assert_eq!(HeuristicName::default_for(&rectangle), HeuristicName::Manhattan);
        let fifteen = Board::goal(4);
        assert!(HeuristicName::PatternDatabases.supports(&fifteen));
        assert_eq!(HeuristicName::default_for(&fifteen), HeuristicName::PatternDatabases);
        // The 24-puzzle's databases take minutes to build: offered, never the default here.
        let twenty_four = Board::goal(5);
        assert!(HeuristicName::PatternDatabases.supports(&twenty_four));
        assert_eq!(HeuristicName::default_for(&twenty_four), HeuristicName::LinearConflict);
        assert_eq!(HeuristicName::default_for(&Board::goal(3)), HeuristicName::LinearConflict);
    }

    #[test]
    fn every_driver_finds_an_optimal_answer_with_either_heuristic_that_builds_nothing() {
        let board = Board::new(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(); // 27 moves away
        let limits = Limits::default();
        for heuristic in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
            for &algorithm in crate::Algorithm::ALL {
                for threads in [1, 2] {
                    let chosen = Search::on_threads(&limits, threads).with_algorithm(algorithm);
                    let report = search_with(heuristic, &board, chosen);
                    let Outcome::Solved(solution) = report.outcome else { panic!("{algorithm}") };
                    assert_eq!(solution.cost, 27, "{heuristic}, {algorithm} on {threads}");
                }
            }
        }
    }

    #[test]
    fn misplaced_tiles_are_admissible_below_manhattan_and_give_the_same_answers() {
        use search_cli::explore::random_walk;
        // Every state of the 3x2 board by its distance, breadth-first from the goal (every move
        // is undone by its inverse: the distance to the goal is the distance from it).
        let puzzle = Sliding::rectangular(3, 2);
        let goal = Board::rectangular_goal(3, 2);
        let mut distance = std::collections::HashMap::from([(goal, 0_u8)]);
        let mut frontier = vec![goal];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for board in frontier {
                for &slide in search_core::Problem::moves(&puzzle, &board) {
                    let mut child = board;
                    search_core::Problem::apply(&puzzle, &mut child, slide);
                    if !distance.contains_key(&child) {
                        distance.insert(child, distance[&board] + 1);
                        next.push(child);
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(distance.len(), 360, "half of 6! boards are reachable");
        for (board, &far) in &distance {
            let misplaced = Misplaced.estimate(&puzzle, board);
            assert!(misplaced <= far, "{board}: {misplaced} > {far}");
            assert!(misplaced <= Manhattan.estimate(&puzzle, board), "{board}");
        }
        // On 8-puzzles, IDA* gives the same answer, move for move, with either heuristic.
        let eight = Sliding::new(3);
        for seed in 1..8 {
            let board = random_walk(&eight, Board::goal(3), 16, seed);
            assert!(Misplaced.estimate(&eight, &board) <= Manhattan.estimate(&eight, &board));
            let misplaced = search_core::ida_star(&eight, &Misplaced, &board).outcome;
            let manhattan = search_core::ida_star(&eight, &Manhattan, &board).outcome;
            assert_eq!(misplaced.solution().unwrap().moves, manhattan.solution().unwrap().moves);
        }
        assert_eq!("misplaced".parse(), Ok(HeuristicName::Misplaced));
    }
}
