//! A pattern database for the 8-puzzle, built with search-core's parts alone: where the blank
//! and tiles 1 to 4 are (a partial permutation, ranked by `PartialPermutationRanking`), the
//! fewest moves that bring them home (`PatternDatabase::builder().build` over an
//! `Abstraction`), and the heuristic that looks a board up (`PatternHeuristic`).
//!
//! Every move of the puzzle moves the blank, so the database counts every move: it is
//! admissible on its own, and `Max` combines it with the Manhattan distance.

use search_core::pattern_database::{Abstraction, PatternDatabase, PatternHeuristic};
use search_core::ranking::PartialPermutationRanking;

use crate::eight_puzzle::Board;

/// The pieces the pattern keeps: the blank, then tiles 1 to 4.
const PIECES: [u8; 5] = [0, 1, 2, 3, 4];

/// The pattern's abstract states: the cells of the blank and of tiles 1 to 4.
pub struct Pattern {
    ranking: PartialPermutationRanking,
}

impl Pattern {
    pub fn new() -> Self {
        Pattern { ranking: PartialPermutationRanking::new(9, PIECES.len()) }
    }

    /// The rank of the pattern's pieces' cells on `board`.
    pub fn rank(&self, board: &Board) -> usize {
        let mut cells = [0_u8; PIECES.len()];
        for (cell, &tile) in board.iter().enumerate() {
            if let Some(piece) = PIECES.iter().position(|&piece| piece == tile) {
                cells[piece] = u8::try_from(cell).expect("nine cells");
            }
        }
        self.ranking.rank(&cells)
    }
}

impl Abstraction for Pattern {
    fn size(&self) -> usize {
        self.ranking.count()
    }

    fn goals(&self) -> Vec<usize> {
        // At home: the blank on cell 0, tile t on cell t.
        vec![self.ranking.rank(&PIECES)]
    }

    /// The blank swaps with a neighbouring cell, moving the pattern's tile there if there is
    /// one. Moves are their own inverses, so the predecessors are the successors.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize)) {
        let mut cells = [0_u8; PIECES.len()];
        self.ranking.unrank(rank, &mut cells);
        let blank = usize::from(cells[0]);
        let (row, column) = (blank / 3, blank % 3);
        let neighbours = [
            (row > 0).then(|| blank - 3),
            (column > 0).then(|| blank - 1),
            (column < 2).then_some(blank + 1),
            (row < 2).then_some(blank + 3),
        ];
        for next in neighbours.into_iter().flatten() {
            let mut moved = cells;
            let next = u8::try_from(next).expect("nine cells");
            if let Some(tile) = moved[1..].iter().position(|&cell| cell == next) {
                moved[1 + tile] = cells[0];
            }
            moved[0] = next;
            visit(self.ranking.rank(&moved));
        }
    }
}

/// The database heuristic: the pattern's distance home, looked up by rank.
pub fn heuristic() -> PatternHeuristic<impl Fn(&Board) -> usize> {
    let pattern = Pattern::new();
    let database = PatternDatabase::builder().build(&pattern);
    PatternHeuristic::new(database, move |board: &Board| pattern.rank(board))
}
