//! The sliding-tile puzzle where moving a tile costs its weight: diverse costs on a small state
//! space, where IDA*'s iterations grow slowly and uniform-cost search can check every answer.

use search_core::{Heuristic, Problem};

use super::sliding::{Board, Slide, Sliding};

/// The toy sliding puzzle, moving tile `t` costing `weight[t]`.
pub struct Weighted {
    pub puzzle: Sliding,
    pub weight: [u16; 16],
}

impl Weighted {
    /// Tile `t` costs `cost(t)`.
    pub fn new(width: usize, height: usize, cost: impl Fn(u16) -> u16) -> Self {
        let mut weight = [0; 16];
        for (tile, weight) in (0..).zip(&mut weight) {
            *weight = cost(tile);
        }
        Self { puzzle: Sliding::new(width, height), weight }
    }

    /// Rows plus columns between `cell` and `tile`'s goal cell.
    fn distance(&self, tile: u8, cell: usize) -> u16 {
        let (tile, width) = (usize::from(tile), self.puzzle.width);
        let d = (tile / width).abs_diff(cell / width) + (tile % width).abs_diff(cell % width);
        u16::try_from(d).unwrap()
    }
}

impl Problem for Weighted {
    type State = Board;
    type Move = Slide;
    type Cost = u16;

    type Moves<'a> = &'a [Slide];

    fn moves(&self, board: &Board) -> &[Slide] {
        self.puzzle.moves(board)
    }
    fn apply(&self, board: &mut Board, slide: Slide) {
        self.puzzle.apply(board, slide);
    }
    fn undo(&self, board: &mut Board, slide: Slide) {
        self.puzzle.undo(board, slide);
    }
    fn inverse(&self, slide: Slide) -> Option<Slide> {
        self.puzzle.inverse(slide)
    }
    fn is_goal(&self, board: &Board) -> bool {
        self.puzzle.is_goal(board)
    }
    /// The weight of the tile the blank's move slides.
    fn cost(&self, board: &Board, slide: Slide) -> u16 {
        self.weight[usize::from(board.cells[usize::from(slide.to)])]
    }
}

/// Each tile's Manhattan distance times its weight: it moves that many times at least, at its
/// weight each time. Recomputed from scratch on every child (no `estimate_child`), which tests
/// the drivers' other way of pricing a child.
pub struct WeightedManhattan;

impl Heuristic<Weighted> for WeightedManhattan {
    fn estimate(&self, weighted: &Weighted, board: &Board) -> u16 {
        let cells = 0..weighted.puzzle.cells();
        cells
            .map(|cell| {
                let tile = board.cells[cell];
                if tile == 0 {
                    0
                } else {
                    weighted.weight[usize::from(tile)] * weighted.distance(tile, cell)
                }
            })
            .sum()
    }
}
