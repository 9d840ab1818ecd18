//! The integration tests of `puzzle-cube`, as one test binary (one build and one link instead of
//! one per file). The tests that build Korf's databases (a minute or more) are `#[ignore]`d here
//! and run in release mode by `scripts/cube-check.sh`, which CI runs.

mod counts;
mod korf;
mod parse_errors;
mod pocket;
mod stickers;

use test_support::SplitMix64;

/// `count` random turns from `seed`, never the same face twice in a row.
#[must_use]
pub fn scramble(seed: u64, count: usize) -> Vec<puzzle_cube::Turn> {
    let mut rng = SplitMix64::new(seed);
    let mut turns: Vec<puzzle_cube::Turn> = Vec::new();
    while turns.len() < count {
        let turn = puzzle_cube::Turn::ALL[rng.below(18)];
        if turns.last().is_none_or(|last| last.face() != turn.face()) {
            turns.push(turn);
        }
    }
    turns
}

/// The turns `names` writes in Singmaster's notation (`R U2 F'`).
///
/// # Panics
///
/// If a name is not a turn.
#[must_use]
pub fn turns(names: &str) -> Vec<puzzle_cube::Turn> {
    names.split_whitespace().map(|name| name.parse().expect(name)).collect()
}
