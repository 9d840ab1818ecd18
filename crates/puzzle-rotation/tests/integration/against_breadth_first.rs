//! IDA\* against breadth-first search on boards a few random moves from solved.
//!
//! The state space holds about 9.8e9 boards, too many for breadth-first search to sweep, but a
//! board 5 to 7 moves from solved is answered after a few hundred thousand states at most.
//! Both searches try the moves in the same order and return the first shortest solution in that
//! order, so their answers must be equal, not only equally long.

use puzzle_rotation::{Board, Count, Move, Rotation};
use search_core::{breadth_first, ida_star};

use crate::common;
use common::SplitMix64;

/// A solved board: 1s in the centre, the 2s and 3s shuffled over the other 16 cells.
fn solved(rng: &mut SplitMix64) -> Board {
    let mut others = [2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];
    for i in (1..others.len()).rev() {
        others.swap(i, rng.below(i + 1));
    }
    let mut others = others.into_iter();
    let centre = [6, 7, 8, 11, 12, 15, 16, 17];
    let cells =
        std::array::from_fn(|cell| if centre.contains(&cell) { 1 } else { others.next().unwrap() });
    Board::from_cells(&cells).unwrap()
}

#[test]
fn ida_star_and_breadth_first_agree_on_scrambled_boards() {
    let mut rng = SplitMix64(2286);
    let mut longest = 0;
    for _ in 0..24 {
        let mut board = solved(&mut rng);
        for _ in 0..5 + rng.below(3) {
            board.apply(Move::ALL[rng.below(8)]);
        }
        let ida = ida_star(&Rotation, &Count, &board).outcome.into_solution().unwrap();
        let bfs = breadth_first(&Rotation, &board).outcome.into_solution().unwrap();
        assert_eq!(ida, bfs, "{board:?}");
        longest = longest.max(ida.moves.len());
    }
    // The scrambles are not all undone by a short-cut: some answers are long.
    assert!(longest >= 4, "longest answer {longest}");
}
