//! Builds the [`Exact`] bound's pattern database at build time and writes it to
//! `$OUT_DIR/eight_blocks.bin` (one byte per rank), which the crate embeds with
//! `include_bytes!`: a program then pays nothing at start-up for the database (measured: the
//! breadth-first search takes about 125 ms in a release build, a whole Rotation Game run on
//! `hard-30.in` under 10 ms). See `docs/performance.md`.

#[path = "src/lines.rs"]
#[allow(dead_code, reason = "the crate uses more of the geometry than the build script")]
mod lines;

#[path = "src/eight_blocks.rs"]
mod eight_blocks;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/lines.rs");
    println!("cargo::rerun-if-changed=src/eight_blocks.rs");
    let database = eight_blocks::build_database(&eight_blocks::ranking());
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let path = std::path::Path::new(&out_dir).join("eight_blocks.bin");
    std::fs::write(&path, database.distances()).expect("the build directory is writable");
}
