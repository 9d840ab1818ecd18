//! Tiles that cost different amounts to move: the puzzle that charges a [`CostModel`],
//! [`WeightedSliding`], and its admissible bound, [`WeightedManhattan`].
//!
//! With unit costs the sliding puzzle's `f = g + h` grows in steps of two, and each IDA\*
//! iteration does several times the work of the one before. Charge each tile its own cost and
//! nearly every path gets a cost of its own: IDA\* then runs an iteration per distinct cost and
//! repeats nearly all its work in each, which is what
//! [`BudgetedSearch`](search_core::BudgetedSearch) is for. These puzzles show the difference
//! (`docs/ida-star.md`, "Diverse costs").
//!
//! The unit-cost [`Sliding`] stays as it is, with its `u8` costs and the speed test's hot path;
//! this is a puzzle of its own, with `u32` costs, so that the costs of the dearest models on the
//! largest boards fit.

use std::fmt;

use search_core::{Heuristic, Problem};

use crate::board::{MASK, PADDED};
use crate::{Board, CostError, CostModel, Slide, Sliding};

/// The sliding-tile puzzle where sliding tile `t` costs what a [`CostModel`] says: the same
/// boards, moves and move order as [`Sliding`] (up, left, right, down), `u32` costs.
///
/// ```
/// use puzzle_sliding::{Board, CostModel, Slide, WeightedSliding};
/// use search_core::Problem;
///
/// let puzzle = WeightedSliding::new(3, &CostModel::TileSquared).unwrap();
/// let board = Board::new(3, &[1, 2, 0, 3, 4, 5, 6, 7, 8]).unwrap();
/// // The blank moves left: tile 2 slides right, for 4.
/// assert_eq!(puzzle.cost(&board, Slide::new(2, 1)), 4);
/// assert_eq!(puzzle.cost_of(&board, &[Slide::new(2, 1), Slide::new(1, 0)]), Some(5));
/// ```
#[derive(Clone)]
pub struct WeightedSliding {
    geometry: Sliding,
    model: CostModel,
    /// `cost[tile]`: what sliding `tile` costs; 0 for the blank and past the last tile.
    cost: [u32; PADDED],
    /// `distance[tile][cell]`: the cost of `tile` times the rows and columns between `cell` and
    /// its goal cell: what the tile alone still costs at least, from `cell`.
    distance: [[u32; PADDED]; PADDED],
}

/// The width and the model: the tables follow from them.
impl fmt::Debug for WeightedSliding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WeightedSliding")
            .field("width", &self.width())
            .field("costs", &self.model)
            .finish_non_exhaustive()
    }
}

impl WeightedSliding {
    /// The puzzle of side `width` (2 to 5) with the costs of `model`.
    ///
    /// # Errors
    ///
    /// As [`CostModel::costs_for`]: a tile the table misses, or a cost out of range.
    ///
    /// # Panics
    ///
    /// If `width` is not 2 to 5.
    pub fn new(width: usize, model: &CostModel) -> Result<Self, CostError> {
        Self::with_geometry(Sliding::new(width), model)
    }

    /// The puzzle of `board`'s shape, square or not, with the costs of `model`.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new).
    pub fn for_board(board: &Board, model: &CostModel) -> Result<Self, CostError> {
        Self::with_geometry(Sliding::for_board(board), model)
    }

    fn with_geometry(geometry: Sliding, model: &CostModel) -> Result<Self, CostError> {
        let mut cost = [0; PADDED];
        for (tile, tile_cost) in model.costs_for_cells(geometry.cells())?.into_iter().enumerate() {
            cost[tile] = tile_cost;
        }
        let mut distance = [[0; PADDED]; PADDED];
        for (tile, row) in distance.iter_mut().enumerate() {
            for (cell, entry) in row.iter_mut().enumerate() {
                *entry = cost[tile] * u32::from(geometry.distance[tile][cell]);
            }
        }
        Ok(Self { geometry, model: model.clone(), cost, distance })
    }

    /// The side of the board.
    #[must_use]
    pub fn width(&self) -> usize {
        self.geometry.width()
    }

    /// The costs.
    #[must_use]
    pub fn model(&self) -> &CostModel {
        &self.model
    }

    /// The unit-cost puzzle of the same size: the same moves.
    #[must_use]
    pub fn geometry(&self) -> &Sliding {
        &self.geometry
    }

    /// What sliding `tile` costs (0 for the blank).
    #[must_use]
    pub fn tile_cost(&self, tile: u8) -> u32 {
        self.cost[usize::from(tile) & MASK]
    }

    /// The weighted Manhattan distance of `board`: each tile's distance from its goal cell times
    /// its cost.
    #[must_use]
    pub fn weighted_manhattan(&self, board: &Board) -> u32 {
        let cells = board.cells().iter().enumerate();
        cells.map(|(cell, &tile)| self.distance[usize::from(tile) & MASK][cell]).sum()
    }

    /// The cost of playing `slides` from `board`, or `None` if one is not a move of the blank.
    #[must_use]
    pub fn cost_of(&self, board: &Board, slides: &[Slide]) -> Option<u32> {
        let mut board = *board;
        let mut total = 0;
        for &mv in slides {
            if !self.geometry.moves_from(board.blank()).contains(&mv) {
                return None;
            }
            total += self.cost(&board, mv);
            board.slide(mv);
        }
        Some(total)
    }
}

/// As [`Sliding`]'s, but a move costs the tile it slides.
impl Problem for WeightedSliding {
    type State = Board;
    type Move = Slide;
    type Cost = u32;

    /// A slice of the geometry's table of moves per cell.
    type Moves<'a> = &'a [Slide];

    #[inline]
    fn moves(&self, board: &Board) -> &[Slide] {
        self.geometry.moves_from(board.blank())
    }

    #[inline]
    fn apply(&self, board: &mut Board, mv: Slide) {
        board.slide(mv);
    }

    #[inline]
    fn undo(&self, board: &mut Board, mv: Slide) {
        board.slide(mv.reversed());
    }

    #[inline]
    fn inverse(&self, mv: Slide) -> Option<Slide> {
        Some(mv.reversed())
    }

    /// As [`Sliding`]'s: every move but the one straight back, which is the one that ends where
    /// `previous` started.
    #[inline]
    fn may_follow(&self, previous: Slide, mv: Slide) -> bool {
        mv.to() != previous.from()
    }

    /// [`Sliding`]'s table: the blank's moves from its cell, the move back left out.
    #[inline]
    fn moves_after(&self, board: &Board, previous: Slide) -> Option<&[Slide]> {
        self.geometry.moves_after(board, previous)
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.is_goal()
    }

    /// The cost of the tile in the blank's destination, which slides into the blank's cell.
    #[inline]
    fn cost(&self, board: &Board, mv: Slide) -> u32 {
        self.cost[usize::from(board.cells[mv.to()]) & MASK]
    }
}

/// The weighted Manhattan distance: each tile's rows and columns from its goal cell, times its
/// cost. Each move slides one tile one cell, at that tile's cost, so the tiles' terms add up to
/// a bound that never overestimates, and a move changes it by at most its own cost (the bound
/// is consistent). Priced per child from the parent, as [`Manhattan`](crate::Manhattan): one
/// tile's two table entries.
///
/// ```
/// use puzzle_sliding::{Board, CostModel, WeightedManhattan, WeightedSliding};
/// use search_core::Heuristic;
///
/// let puzzle = WeightedSliding::new(3, &CostModel::Tile).unwrap();
/// // Tiles 1, 3 and 4 are each one cell from home: each costs its number once.
/// let board = Board::new(3, &[1, 0, 2, 4, 3, 5, 6, 7, 8]).unwrap();
/// assert_eq!(WeightedManhattan.estimate(&puzzle, &board), 1 + 3 + 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeightedManhattan;

impl Heuristic<WeightedSliding> for WeightedManhattan {
    fn estimate(&self, puzzle: &WeightedSliding, board: &Board) -> u32 {
        puzzle.weighted_manhattan(board)
    }

    /// The tile in the blank's destination slides into the blank's cell: only its term changes.
    #[inline]
    fn estimate_child(
        &self,
        puzzle: &WeightedSliding,
        board: &Board,
        mv: Slide,
        before: u32,
    ) -> Option<u32> {
        let (from, to) = (mv.from(), mv.to());
        let distance = &puzzle.distance[usize::from(board.cells[to]) & MASK];
        // The sum is exact and never below zero: the tile's term at `to` is part of `before`.
        Some(before.wrapping_add(distance[from]).wrapping_sub(distance[to]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The price of each child from its parent is the bound recounted on the child, on every
    /// move of random walks, for every model and size.
    #[test]
    fn the_price_of_a_child_is_the_bound_recounted() {
        for width in 2..=5 {
            for model in CostModel::NAMED {
                let puzzle = WeightedSliding::new(width, &model).unwrap();
                let mut board = Board::goal(width);
                let mut state = 0x9E37_79B9_u32 ^ u32::try_from(width).unwrap();
                for _ in 0..500 {
                    let before = WeightedManhattan.estimate(&puzzle, &board);
                    for &mv in puzzle.moves(&board) {
                        let priced = WeightedManhattan.estimate_child(&puzzle, &board, mv, before);
                        let mut child = board;
                        puzzle.apply(&mut child, mv);
                        let recounted = WeightedManhattan.estimate(&puzzle, &child);
                        assert_eq!(priced, Some(recounted), "{model} {width}");
                        // Consistent: a move lowers the bound by at most its cost.
                        assert!(before <= recounted + puzzle.cost(&board, mv));
                    }
                    let moves = puzzle.moves(&board);
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    let mv = moves[usize::try_from(state >> 16).unwrap() % moves.len()];
                    puzzle.apply(&mut board, mv);
                }
            }
        }
    }

    #[test]
    fn unit_costs_are_the_manhattan_distance() {
        let puzzle = WeightedSliding::new(4, &CostModel::Unit).unwrap();
        let board = Board::new(4, &[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
        let unit = Sliding::new(4);
        assert_eq!(puzzle.weighted_manhattan(&board), u32::from(unit.manhattan(&board)));
        assert_eq!(puzzle.moves(&board), unit.moves_from(board.blank()));
    }

    #[test]
    fn a_move_costs_the_tile_it_slides_and_replays_are_priced() {
        let puzzle = WeightedSliding::new(3, &CostModel::TileCubed).unwrap();
        let board = Board::new(3, &[3, 1, 2, 0, 4, 5, 6, 7, 8]).unwrap();
        let up = Slide::new(3, 0);
        assert_eq!(puzzle.cost(&board, up), 27);
        assert_eq!(puzzle.cost_of(&board, &[up]), Some(27));
        assert_eq!(puzzle.cost_of(&board, &[Slide::new(3, 4)]), Some(64));
        assert_eq!(puzzle.cost_of(&board, &[Slide::new(0, 1)]), None, "not the blank");
        assert_eq!(puzzle.tile_cost(0), 0);
        assert_eq!(format!("{puzzle:?}"), "WeightedSliding { width: 3, costs: TileCubed, .. }");
    }
}
