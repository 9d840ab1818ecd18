//! Builds the seven edges' pattern database ([`SevenEdges`]) in `DIR` (or reads it from
//! there), and checks it: its distribution (the entries at each distance summing to
//! 510,935,040), and a sample of its entries against distances found without it.
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example seven_edges -- DIR THREADS SAMPLES
//! ```
//!
//! The entries checked, against two computations that do not read the table:
//!
//! - **Every entry up to 5 moves**: a breadth-first search of the whole cube (cubies turned,
//!   every position to 5 moves from solved, 620,000 of them) gives each position's distance;
//!   the least over the positions with the same seven edges is those edges' distance, as every
//!   move of the edges is a move of a cube. Each such entry must be that, and the table must
//!   hold no other entry of 5 or less.
//! - **`SAMPLES` entries of random cubes** (seed 2026), and **every entry of 11 moves and the
//!   first `SAMPLES` of 10**: IDA\* finds the fewest turns that bring the seven edges home, with
//!   Korf's first six edges' table (read from `DIR`, built if missing) as its bound; the entry
//!   must be that length.
//!
//! The program exits with status 1 if a check fails.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use std::collections::{HashMap, HashSet};

use puzzle_cube::{Cube, Korf, Rubik, SevenEdges, Turn, cache};
use search_core::{Heuristic, IdaStar, Problem};
use test_support::SplitMix64;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [directory, threads, samples] = args.as_slice() else {
        eprintln!("usage: seven_edges DIR THREADS SAMPLES");
        return ExitCode::from(2);
    };
    let (Ok(threads), Ok(samples)) = (threads.parse::<usize>(), samples.parse::<usize>()) else {
        eprintln!("seven_edges: THREADS and SAMPLES are whole numbers");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let path = Path::new(directory).join(cache::SEVEN_FILE_NAME);
    let (seven, times, problem) = SevenEdges::cached(&path, threads);
    if let Some(problem) = problem {
        eprintln!("seven_edges: warning: {}: {problem}", path.display());
    }
    println!(
        "made in {:.1} s ({:.1} s in all), {} bytes",
        times.each.iter().map(std::time::Duration::as_secs_f64).sum::<f64>(),
        start.elapsed().as_secs_f64(),
        seven.memory()
    );
    let distribution = seven.table().distribution();
    let total: u64 = distribution.iter().sum();
    println!("distribution {distribution:?} total {total}");
    if total != 510_935_040 {
        eprintln!("seven_edges: the entries sum to {total}, not 510,935,040");
        return ExitCode::FAILURE;
    }
    let shallow = check_shallow(&seven, &distribution);
    let (korf, _, problem) = Korf::cached(&Path::new(directory).join(cache::FILE_NAME), threads);
    if let Some(problem) = problem {
        eprintln!("seven_edges: warning: {directory}: {problem}");
    }
    let deep = check_samples(&seven, &korf, samples);
    if shallow && deep { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The deepest level the whole cube's breadth-first search reaches.
const SHALLOW: u8 = 5;

/// Every entry of at most [`SHALLOW`] moves against the whole cube's breadth-first search.
fn check_shallow(seven: &SevenEdges, distribution: &[u64]) -> bool {
    let start = Instant::now();
    let mut least: HashMap<usize, u8> = HashMap::new();
    let mut positions = HashSet::from([Cube::solved()]);
    let mut level = vec![Cube::solved()];
    least.insert(seven.edges().rank(&Cube::solved()), 0);
    for depth in 1..=SHALLOW {
        let mut next = Vec::new();
        for cube in &level {
            for turn in Turn::ALL {
                let mut child = *cube;
                child.turn(turn);
                if positions.insert(child) {
                    least.entry(seven.edges().rank(&child)).or_insert(depth);
                    next.push(child);
                }
            }
        }
        level = next;
    }
    let wrong = least.iter().filter(|&(&rank, &depth)| seven.distance(rank) != depth).count();
    let in_table: u64 = distribution.iter().take(usize::from(SHALLOW) + 1).sum();
    println!(
        "to {SHALLOW} moves: {} positions, {} seven-edge patterns; {wrong} entries differ; the \
         table holds {in_table} entries of {SHALLOW} or less ({:.1} s)",
        positions.len(),
        least.len(),
        start.elapsed().as_secs_f64()
    );
    wrong == 0 && in_table == least.len() as u64
}

/// The seven edges brought home: the cube with only those edges looked at.
#[derive(Clone, Copy)]
struct SevenHome;

impl Problem for SevenHome {
    type State = Cube;
    type Move = Turn;
    type Cost = u8;
    type Moves<'a> = &'static [Turn];

    fn moves(&self, cube: &Cube) -> &'static [Turn] {
        Rubik::new().moves(cube)
    }

    fn apply(&self, cube: &mut Cube, turn: Turn) {
        cube.turn(turn);
    }

    fn undo(&self, cube: &mut Cube, turn: Turn) {
        cube.turn(turn.inverse());
    }

    fn inverse(&self, turn: Turn) -> Option<Turn> {
        Some(turn.inverse())
    }

    fn may_follow(&self, previous: Turn, turn: Turn) -> bool {
        Rubik::new().may_follow(previous, turn)
    }

    fn is_goal(&self, cube: &Cube) -> bool {
        let (cubies, flips) = (cube.edge_cubies(), cube.edge_flips());
        (0..7).all(|edge| usize::from(cubies[edge]) == edge && flips[edge] == 0)
    }
}

/// Korf's first six edges' distance: a bound for bringing seven edges home, six of them these.
struct FirstSix<'a>(&'a Korf);

impl Heuristic<SevenHome> for FirstSix<'_> {
    fn estimate(&self, _: &SevenHome, cube: &Cube) -> u8 {
        self.0.distances(cube)[1]
    }
}

/// `samples` random cubes' entries, every entry of 11 and `samples` of 10, against IDA\*'s
/// distance.
fn check_samples(seven: &SevenEdges, korf: &Korf, samples: usize) -> bool {
    let start = Instant::now();
    let mut rng = SplitMix64::new(2026);
    let mut cubes: Vec<Cube> = (0..samples).map(|_| Cube::random(|n| rng.below(n))).collect();
    let deepest = (0..seven.table().len()).filter(|&rank| seven.distance(rank) >= 10);
    let (mut tens, mut elevens) = (0, 0);
    for rank in deepest {
        if seven.distance(rank) == 11 {
            elevens += 1;
        } else if tens < samples {
            tens += 1;
        } else {
            continue;
        }
        cubes.push(seven.edges().cube_of(rank));
    }
    let (mut wrong, mut nodes, mut by_distance) = (0, 0, [0_u32; 12]);
    for cube in &cubes {
        let report = IdaStar::new(&SevenHome, &FirstSix(korf)).run(cube);
        let found = report.outcome.solution().map(|solution| solution.cost);
        let entry = seven.distance_of(cube);
        nodes += report.stats.generated;
        by_distance[usize::from(entry)] += 1;
        if found != Some(entry) {
            println!("differs: entry {entry}, IDA* {found:?}, cube {}", cube.facelets());
            wrong += 1;
        }
    }
    println!(
        "{} entries against IDA* ({samples} random cubes, {tens} of 10, {elevens} of 11; by \
         distance {by_distance:?}): {wrong} differ; {nodes} nodes, {:.1} s",
        cubes.len(),
        start.elapsed().as_secs_f64()
    );
    wrong == 0
}
