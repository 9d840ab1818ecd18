//! What a puzzle offers a page that steps through its runs (the explorer), beside the program:
//! the lecture's instances ([`Preset`]), the sizes of its random instances ([`Sizes`]) and the
//! random walks that make them ([`random_walk`], [`random_walk_moves`]). The
//! [`Puzzle`] methods that use them (`presets`, `sizes`, `scramble`,
//! `scramble_shaped`, `picture`, `unsolvable`, `page_offers`) have defaults: a puzzle is on the
//! page as soon as it is a program.

use std::collections::HashSet;
use std::hash::Hash;

use search_core::Problem;
use serde::Serialize;

use crate::Puzzle;

/// A state's picture ([`Puzzle::picture`]), JSON as `serde_json` writes it:
/// re-exported, with its macro, so that a puzzle draws without a dependency of its own.
pub use serde_json::{Value, json};

/// An instance that ships with the page: a name for the menu and the text of the instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    /// What the menu shows ("8-puzzle, 3 iterations").
    pub name: &'static str,
    /// The instance, in the program's input format.
    pub instance: &'static str,
}

/// The sizes of a puzzle's random instances: `least..=most`, and `default` when none is asked
/// for. A size outside the range is brought into it, and the answer says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// The smallest.
    pub least: usize,
    /// The largest.
    pub most: usize,
    /// The size made when the request asks for none (size 0).
    pub default: usize,
    /// What a size counts, for the message ("a board's width", "pancakes").
    pub counts: &'static str,
}

impl Sizes {
    /// The size made for a request of `size`, and what was changed, if anything was.
    ///
    /// ```
    /// use search_cli::explore::Sizes;
    ///
    /// let sizes = Sizes { least: 2, most: 5, default: 3, counts: "a square board's width" };
    /// assert_eq!(sizes.choose(0), (3, None));
    /// assert_eq!(sizes.choose(4), (4, None));
    /// let (size, note) = sizes.choose(9);
    /// assert_eq!(size, 5);
    /// assert_eq!(note.unwrap(), "size 9 is out of range (2 to 5, a square board's width): made with size 5");
    /// ```
    #[must_use]
    pub fn choose(&self, size: usize) -> (usize, Option<String>) {
        if size == 0 {
            return (self.default, None);
        }
        let chosen = size.clamp(self.least, self.most);
        let note = (chosen != size).then(|| {
            format!(
                "size {size} is out of range ({} to {}, {}): made with size {chosen}",
                self.least, self.most, self.counts
            )
        });
        (chosen, note)
    }
}

/// A registry of several puzzles, whatever their types (the explorer's): a list of puzzles,
/// such as the examples' `ida_examples::puzzles::builtin`, hands each to it.
pub trait Register {
    /// Takes `puzzle` in, after those already taken.
    fn register<Z>(&mut self, puzzle: Z)
    where
        Z: Puzzle + Send + 'static,
        <Z::Problem as Problem>::State: 'static;
}

/// A walk of `moves` random moves from `state`, never back to a state already visited and never
/// a move the puzzle's pruning refuses after the one before ([`Problem::may_follow`]); it stops
/// early if every move is refused: a start at most `moves` from where it began.
pub fn random_walk<P: Problem<State: Hash + Eq>>(
    problem: &P,
    state: P::State,
    moves: usize,
    seed: u64,
) -> P::State {
    random_walk_moves(problem, state, moves, seed).0
}

/// [`random_walk`], and the moves it made, in order: for a puzzle whose instances are written
/// as the moves that make them (the pocket cube's scrambles).
pub fn random_walk_moves<P: Problem<State: Hash + Eq>>(
    problem: &P,
    mut state: P::State,
    moves: usize,
    seed: u64,
) -> (P::State, Vec<P::Move>) {
    let mut made = Vec::with_capacity(moves);
    let mut visited = HashSet::from([state.clone()]);
    // xorshift64*: enough randomness to scramble a puzzle, with no dependency.
    let mut x = seed | 1;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    for _ in 0..moves {
        let fresh: Vec<P::Move> = problem
            .moves(&state)
            .as_ref()
            .iter()
            .copied()
            .filter(|&mv| made.last().is_none_or(|&previous| problem.may_follow(previous, mv)))
            .filter(|&mv| {
                let mut child = state.clone();
                problem.apply(&mut child, mv);
                !visited.contains(&child)
            })
            .collect();
        if fresh.is_empty() {
            break;
        }
        let pick = usize::try_from(next() % fresh.len() as u64).unwrap_or(0);
        problem.apply(&mut state, fresh[pick]);
        made.push(fresh[pick]);
        visited.insert(state.clone());
    }
    (state, made)
}
