//! The pancake program on the explorer's page: `cargo run --features explore --bin explore --
//! --open` serves it (the explorer's options: `--help`). The same `impl Puzzle` as the program.

#[path = "../pancakes.rs"]
mod pancakes;

fn main() -> std::process::ExitCode {
    explorer::main(explorer::Registry::new().with(pancakes::Program))
}
