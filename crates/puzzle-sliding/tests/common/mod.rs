//! Helpers shared by the integration tests.

#![allow(dead_code, reason = "each test binary uses its own part of the helpers")]

use puzzle_sliding::{Board, Sliding};
use search_core::Problem;

/// Korf's 100 instances: `id length nodes cells...`.
pub const KORF: &str = include_str!("../data/korf100.txt");

/// One of Korf's instances.
pub struct Instance {
    pub id: u32,
    pub length: u8,
    pub nodes: u64,
    pub board: Board,
    /// The instance's line in the file, as the C baseline reads it.
    pub line: &'static str,
}

pub fn korf() -> Vec<Instance> {
    let lines = KORF.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty());
    lines
        .map(|line| {
            let numbers: Vec<u64> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            let cells: Vec<u8> = numbers[3..].iter().map(|&n| u8::try_from(n).unwrap()).collect();
            Instance {
                id: u32::try_from(numbers[0]).unwrap(),
                length: u8::try_from(numbers[1]).unwrap(),
                nodes: numbers[2],
                board: Board::new(4, &cells).unwrap(),
                line,
            }
        })
        .collect()
}

pub use test_support::SplitMix64;

/// A board `moves` random blank moves away from the goal: always solvable.
pub fn scrambled(width: usize, seed: u64, moves: usize) -> Board {
    let puzzle = Sliding::new(width);
    let mut rng = SplitMix64(seed);
    let mut board = Board::goal(width);
    for _ in 0..moves {
        let options = puzzle.legal_moves(&board);
        puzzle.apply(&mut board, options[rng.below(options.len())]);
    }
    board
}

/// A uniformly random arrangement, solvable or not.
pub fn shuffled(width: usize, seed: u64) -> Board {
    let mut rng = SplitMix64(seed);
    let mut cells: Vec<u8> = (0..width * width).map(|tile| u8::try_from(tile).unwrap()).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    Board::new(width, &cells).unwrap()
}

/// Korf and Taylor's ten 24-puzzle instances: `id length cells...`.
pub const KORF_TAYLOR: &str = include_str!("../data/korf-taylor-24.txt");

/// One of Korf and Taylor's instances, with its optimal length.
pub struct Instance24 {
    pub id: u32,
    pub length: u8,
    pub board: Board,
    /// The instance's line in the file, as the C program reads it.
    pub line: &'static str,
}

pub fn korf_taylor() -> Vec<Instance24> {
    let lines =
        KORF_TAYLOR.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty());
    lines
        .map(|line| {
            let numbers: Vec<u8> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            Instance24 {
                id: u32::from(numbers[0]),
                length: numbers[1],
                board: Board::new(5, &numbers[2..]).unwrap(),
                line,
            }
        })
        .collect()
}
