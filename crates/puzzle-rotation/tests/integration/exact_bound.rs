//! The [`Exact`] bound against an independent reference: IDA\* with the [`Count`] bound.
//!
//! On random boards, of eight of each symbol and of other mixes, `Exact` must never exceed the
//! length of the shortest answer (which IDA\* with `Count`, a different admissible bound, finds),
//! must never be below `Count`, and on standard boards must equal the answer's length.

use puzzle_rotation::{Board, Count, Exact, Move, Rotation, solve};
use search_core::{Heuristic, ida_star};

use crate::common;
use common::SplitMix64;

/// A random board with `counts[s - 1]` blocks of symbol `s`, shuffled over the 24 cells.
fn shuffled(rng: &mut SplitMix64, counts: [usize; 3]) -> Board {
    let mut cells: Vec<u8> =
        (0..3).flat_map(|s| vec![u8::try_from(s + 1).unwrap(); counts[s]]).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    Board::from_cells(&cells.try_into().unwrap()).unwrap()
}

/// The mixes tried: standard, one symbol short, one symbol in excess, two symbols only.
const MIXES: [[usize; 3]; 5] = [[8, 8, 8], [9, 8, 7], [10, 7, 7], [12, 12, 0], [6, 9, 9]];

#[test]
fn exact_is_between_count_and_the_answer_length_on_scrambled_boards() {
    let mut rng = SplitMix64(1343);
    for round in 0..40 {
        let counts = MIXES[round % MIXES.len()];
        // A solved board (the symbol with the most blocks in the centre), then a few moves.
        let mut board = shuffled(&mut rng, counts);
        let symbol = (0..3).max_by_key(|&s| counts[s]).unwrap();
        let reference = Count;
        while !board.is_solved() {
            let mut cells = board.cells();
            let centre = [6, 7, 8, 11, 12, 15, 16, 17];
            let (inside, outside): (Vec<usize>, Vec<usize>) =
                (0..24).partition(|cell| centre.contains(cell));
            let wrong = inside.into_iter().find(|&c| usize::from(cells[c]) != symbol + 1).unwrap();
            let right = outside.into_iter().find(|&c| usize::from(cells[c]) == symbol + 1).unwrap();
            cells.swap(wrong, right);
            board = Board::from_cells(&cells).unwrap();
        }
        for _ in 0..4 + rng.below(5) {
            board.apply(Move::ALL[rng.below(8)]);
        }
        let shortest = ida_star(&Rotation, &reference, &board).outcome.into_solution().unwrap();
        let exact = Exact::shared().estimate(&Rotation, &board);
        let count = Count.estimate(&Rotation, &board);
        let length = shortest.moves.len();
        assert!(usize::from(exact) <= length, "{exact} > {length} on {board:?}");
        assert!(exact >= count, "{exact} < {count} on {board:?}");
        if counts == [8, 8, 8] {
            assert_eq!(usize::from(exact), length, "{board:?}");
        }
        // Both heuristics lead IDA* to the same, first shortest, answer.
        assert_eq!(solve(&board).moves, shortest.moves, "{board:?}");
    }
}

#[test]
fn exact_is_at_least_count_on_random_boards() {
    let mut rng = SplitMix64(2286);
    for round in 0..2000 {
        let board = shuffled(&mut rng, MIXES[round % MIXES.len()]);
        let exact = Exact::shared().estimate(&Rotation, &board);
        assert!(exact >= Count.estimate(&Rotation, &board), "{board:?}");
        assert!(exact <= 14, "{board:?}");
        assert_eq!(exact == 0, board.is_solved());
    }
}
