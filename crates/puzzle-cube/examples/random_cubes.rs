//! Writes random-state cubes, reproducibly: `COUNT` cubes drawn uniformly among all the
//! positions ([`Cube::random`]) from the `SplitMix64` generator seeded with `SEED`, one a line
//! as its 54 stickers (the `cube` program's input).
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example random_cubes -- SEED COUNT > FILE
//! ```

use std::process::ExitCode;

use puzzle_cube::Cube;
use test_support::SplitMix64;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Option<Vec<u64>> = args.iter().map(|arg| arg.parse().ok()).collect();
    let Some([seed, count]) = numbers.as_deref().and_then(|n| <[u64; 2]>::try_from(n).ok()) else {
        eprintln!("usage: random_cubes SEED COUNT (two whole numbers), not {args:?}");
        return ExitCode::from(2);
    };
    let mut rng = SplitMix64::new(seed);
    for _ in 0..count {
        println!("{}", Cube::random(|n| rng.below(n)).facelets());
    }
    ExitCode::SUCCESS
}
