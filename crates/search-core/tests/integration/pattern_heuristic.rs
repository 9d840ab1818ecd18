//! Disjoint additive pattern databases on the 8-puzzle, built with the crate's parts alone: each
//! pattern (four tiles and the blank, a `PartialPermutationRanking`) is a `WeightedAbstraction`
//! whose moves cost 1 when they slide one of its tiles and 0 otherwise, filled by
//! `build_zero_one`, read by a `PatternHeuristic`; the two add up (`Additive`) because every move
//! slides one tile, counted by one pattern only. Checked against breadth-first search, which
//! shares nothing with them but the puzzle.

use crate::common;

use common::Rng;
use common::sliding::{Board, Manhattan, Sliding};
use search_core::pattern_database::{PatternDatabase, PatternHeuristic, WeightedAbstraction};
use search_core::ranking::PartialPermutationRanking;
use search_core::{Additive, Heuristic, Max, breadth_first, ida_star};

/// Where some tiles of the 8-puzzle and the blank are: the cells of the tiles, in order, then the
/// blank's cell.
struct TilesAndBlank {
    tiles: Vec<u8>,
    ranking: PartialPermutationRanking,
}

impl TilesAndBlank {
    fn new(tiles: &[u8]) -> Self {
        Self { tiles: tiles.to_vec(), ranking: PartialPermutationRanking::new(9, tiles.len() + 1) }
    }

    /// The abstraction function.
    fn rank(&self, board: &Board) -> usize {
        let mut cells = [0; 9];
        for (i, &tile) in self.tiles.iter().enumerate() {
            cells[i] =
                u8::try_from(board.cells[..9].iter().position(|&t| t == tile).unwrap()).unwrap();
        }
        cells[self.tiles.len()] = board.blank;
        self.ranking.rank(&cells[..=self.tiles.len()])
    }
}

impl WeightedAbstraction for TilesAndBlank {
    fn size(&self) -> usize {
        self.ranking.count()
    }

    /// Tile `t` in cell `t`, the blank in cell 0.
    fn goals(&self) -> Vec<usize> {
        let mut cells = self.tiles.clone();
        cells.push(0);
        vec![self.ranking.rank(&cells)]
    }

    /// The blank moves to a neighbouring cell, sliding the tile there into its own: a pattern
    /// tile costs 1, any other tile 0 (another pattern counts it). Every move is undone by the
    /// opposite one, so the predecessors are the successors.
    fn predecessors(&self, rank: usize, visit: &mut dyn FnMut(usize, u8)) {
        let k = self.tiles.len();
        let mut cells = [0; 9];
        self.ranking.unrank(rank, &mut cells[..=k]);
        let blank = cells[k];
        let (row, column) = (blank / 3, blank % 3);
        let neighbours = [
            (row > 0).then(|| blank - 3),
            (column > 0).then(|| blank - 1),
            (column < 2).then(|| blank + 1),
            (row < 2).then(|| blank + 3),
        ];
        for next in neighbours.into_iter().flatten() {
            let mut moved = cells;
            moved[k] = next;
            let cost = match cells[..k].iter().position(|&cell| cell == next) {
                Some(tile) => {
                    moved[tile] = blank;
                    1
                }
                None => 0,
            };
            visit(self.ranking.rank(&moved[..=k]), cost);
        }
    }
}

/// The heuristic of one pattern.
fn heuristic(tiles: &[u8]) -> PatternHeuristic<impl Fn(&Board) -> usize> {
    let pattern = TilesAndBlank::new(tiles);
    let database = PatternDatabase::builder().zero_one().build_weighted(&pattern);
    PatternHeuristic::new(database, move |board: &Board| pattern.rank(board))
}

#[test]
fn the_databases_count_only_their_own_tiles_moves() {
    let pattern = TilesAndBlank::new(&[5, 6, 7, 8]);
    let database = PatternDatabase::builder().zero_one().build_weighted(&pattern);
    assert_eq!(database.len(), 9 * 8 * 7 * 6 * 5);
    let puzzle = Sliding::new(3, 3);
    let distance = |tiles: [u8; 9]| database.distance(pattern.rank(&puzzle.board(&tiles)));
    assert_eq!(distance([0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
    // Tiles 1, 2 and 3 moved: free for this pattern.
    assert_eq!(distance([1, 2, 0, 3, 4, 5, 6, 7, 8]), 0);
    assert_eq!(distance([3, 1, 2, 0, 4, 5, 6, 7, 8]), 0);
    // The blank went round by 1 and 2 and took tile 5's cell: tile 5 must move back.
    assert_eq!(distance([1, 2, 5, 3, 4, 0, 6, 7, 8]), 1);
    // Every arrangement of the four tiles can be brought home; not every blank cell with it.
    assert!(database.max_distance() > 0);
}

#[test]
fn the_sum_of_disjoint_databases_is_admissible_and_beats_manhattan() {
    let puzzle = Sliding::new(3, 3);
    let (first, second) = (heuristic(&[1, 2, 3, 4]), heuristic(&[5, 6, 7, 8]));
    let sum = Additive(&first, &second);
    let mut rng = Rng::new(8);
    let (mut with_manhattan, mut with_sum, mut larger) = (0, 0, 0);
    for _ in 0..30 {
        let board = puzzle.scrambled(&mut rng, 60);
        let reference = breadth_first(&puzzle, &board).outcome;
        let optimal = reference.solution().expect("scrambled boards are solvable").cost;
        let (estimate, manhattan) =
            (sum.estimate(&puzzle, &board), Manhattan.estimate(&puzzle, &board));
        // Admissible, and at least Manhattan's: each pattern counts at least its tiles' distances.
        assert!(estimate <= optimal, "{board:?}: {estimate} > {optimal}");
        assert!(estimate >= manhattan, "{board:?}: {estimate} < {manhattan}");
        larger += usize::from(estimate > manhattan);
        let guided = ida_star(&puzzle, &sum, &board);
        assert_eq!(guided.outcome, reference, "{board:?}");
        // Max composes with it, and changes nothing when one side is always the larger.
        assert_eq!(
            ida_star(&puzzle, &Max(Manhattan, &sum), &board).stats.generated,
            guided.stats.generated
        );
        with_sum += guided.stats.generated;
        with_manhattan += ida_star(&puzzle, &Manhattan, &board).stats.generated;
    }
    // Above Manhattan on two boards in three, and eight times fewer nodes.
    assert_eq!((larger, with_sum, with_manhattan), (20, 1_378, 11_024));
}
