//! `explore`: the explorer's server on the built-in puzzles, or a static page with one run
//! inside ([`explorer::cli`] describes the options).

fn main() -> std::process::ExitCode {
    explorer::main(explorer::Registry::builtin())
}
