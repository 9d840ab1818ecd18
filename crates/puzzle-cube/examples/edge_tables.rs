//! Builds the seven edges' pattern database ([`EdgeDatabase`] of [`Edges::seven`]) or the eight
//! edges' ([`Edges::eight`]) in `DIR` (or reads it from there), and checks it: its distribution (the
//! entries at each distance summing to the group's size: 510,935,040 and 5,109,350,400), and a
//! sample of its entries against distances found without it.
//!
//! ```sh
//! cargo run --release -p puzzle-cube --example edge_tables -- DIR THREADS SAMPLES seven|eight
//! ```
//!
//! The entries checked, against two computations that do not read the table:
//!
//! - **Every entry up to 5 moves**: a breadth-first search of the whole cube (cubies turned,
//!   every position to 5 moves from solved, 620,000 of them) gives each position's distance;
//!   the least over the positions with the same edges of the group is those edges' distance, as every
//!   move of the edges is a move of a cube. Each such entry must be that, and the table must
//!   hold no other entry of 5 or less.
//! - **`SAMPLES` entries of random cubes** (seed 2026), and **every entry of the table's
//!   deepest distance and the first `SAMPLES` of the one before**: IDA\* finds the fewest turns
//!   that bring the group's edges home, with
//!   Korf's first six edges' table (read from `DIR`, built if missing) as its bound; the entry
//!   must be that length.
//!
//! The program exits with status 1 if a check fails.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use std::collections::{HashMap, HashSet};

use puzzle_cube::{Cube, EdgeDatabase, Edges, Korf, Rubik, Turn, cache};
use search_core::pattern_database::Abstraction;
use search_core::{Heuristic, IdaStar, Problem};
use test_support::SplitMix64;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [directory, threads, samples, group] = args.as_slice() else {
        eprintln!("usage: edge_tables DIR THREADS SAMPLES seven|eight");
        return ExitCode::from(2);
    };
    let (Ok(threads), Ok(samples)) = (threads.parse::<usize>(), samples.parse::<usize>()) else {
        eprintln!("edge_tables: THREADS and SAMPLES are whole numbers");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let (edges, file) = match group.as_str() {
        "seven" => (Edges::seven(), cache::SEVEN_FILE_NAME),
        "eight" => (Edges::eight(), cache::EIGHT_FILE_NAME),
        _ => {
            eprintln!("edge_tables: the group is seven or eight, not {group}");
            return ExitCode::from(2);
        }
    };
    let (group, times, problem) =
        EdgeDatabase::cached(&Path::new(directory).join(file), edges, threads);
    if let Some(problem) = problem {
        eprintln!("edge_tables: warning: {directory}: {problem}");
    }
    println!(
        "made in {:.1} s ({:.1} s in all), {} bytes",
        times.each.iter().map(std::time::Duration::as_secs_f64).sum::<f64>(),
        start.elapsed().as_secs_f64(),
        group.table().bytes().len()
    );
    let distribution = group.table().distribution();
    let total: u64 = distribution.iter().sum();
    println!("distribution {distribution:?} total {total}");
    if usize::try_from(total).ok() != Some(group.edges().size()) {
        eprintln!("edge_tables: the entries sum to {total}, not {}", group.edges().size());
        return ExitCode::FAILURE;
    }
    let shallow = check_shallow(&group, &distribution);
    let (korf, _, problem) = Korf::cached(&Path::new(directory).join(cache::FILE_NAME), threads);
    if let Some(problem) = problem {
        eprintln!("edge_tables: warning: {directory}: {problem}");
    }
    let deep = check_samples(&group, &korf, samples, distribution.len() - 1);
    if shallow && deep { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The deepest level the whole cube's breadth-first search reaches.
const SHALLOW: u8 = 5;

/// Every entry of at most [`SHALLOW`] moves against the whole cube's breadth-first search.
fn check_shallow(group: &EdgeDatabase, distribution: &[u64]) -> bool {
    let start = Instant::now();
    let mut least: HashMap<usize, u8> = HashMap::new();
    let mut positions = HashSet::from([Cube::solved()]);
    let mut level = vec![Cube::solved()];
    least.insert(group.edges().rank(&Cube::solved()), 0);
    for depth in 1..=SHALLOW {
        let mut next = Vec::new();
        for cube in &level {
            for turn in Turn::ALL {
                let mut child = *cube;
                child.turn(turn);
                if positions.insert(child) {
                    least.entry(group.edges().rank(&child)).or_insert(depth);
                    next.push(child);
                }
            }
        }
        level = next;
    }
    let wrong =
        least.iter().filter(|&(&rank, &depth)| group.table().distance(rank) != depth).count();
    let in_table: u64 = distribution.iter().take(usize::from(SHALLOW) + 1).sum();
    println!(
        "to {SHALLOW} moves: {} positions, {} patterns of the group; {wrong} entries differ; the \
         table holds {in_table} entries of {SHALLOW} or less ({:.1} s)",
        positions.len(),
        least.len(),
        start.elapsed().as_secs_f64()
    );
    wrong == 0 && in_table == least.len() as u64
}

/// The first `.0` edges brought home: the cube with only those edges looked at.
#[derive(Clone, Copy)]
struct EdgesHome(usize);

impl Problem for EdgesHome {
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
        (0..self.0).all(|edge| usize::from(cubies[edge]) == edge && flips[edge] == 0)
    }
}

/// Korf's first six edges' distance: a bound for bringing seven or eight edges home, six of them
/// these.
struct FirstSix<'a>(&'a Korf);

impl Heuristic<EdgesHome> for FirstSix<'_> {
    fn estimate(&self, _: &EdgesHome, cube: &Cube) -> u8 {
        self.0.distances(cube)[1]
    }
}

/// `samples` random cubes' entries, every entry of the deepest distance `deepest` and `samples`
/// of the one before, against IDA\*'s distance.
fn check_samples(group: &EdgeDatabase, korf: &Korf, samples: usize, deepest: usize) -> bool {
    let start = Instant::now();
    let mut rng = SplitMix64::new(2026);
    let mut cubes: Vec<Cube> = (0..samples).map(|_| Cube::random(|n| rng.below(n))).collect();
    let deepest = u8::try_from(deepest).expect("distances below 16");
    let deep = (0..group.table().len()).filter(|&rank| group.table().distance(rank) + 1 >= deepest);
    let (mut before, mut last) = (0, 0);
    for rank in deep {
        if group.table().distance(rank) == deepest {
            last += 1;
        } else if before < samples {
            before += 1;
        } else {
            continue;
        }
        cubes.push(group.edges().cube_of(rank));
    }
    let home = EdgesHome(usize::from(group.edges().cubies().1));
    let (mut wrong, mut nodes, mut by_distance) = (0, 0, [0_u32; 16]);
    for cube in &cubes {
        let report = IdaStar::new(&home, &FirstSix(korf)).run(cube);
        let found = report.outcome.solution().map(|solution| solution.cost);
        let entry = group.distance_of(cube);
        nodes += report.stats.generated;
        by_distance[usize::from(entry)] += 1;
        if found != Some(entry) {
            println!("differs: entry {entry}, IDA* {found:?}, cube {}", cube.facelets());
            wrong += 1;
        }
    }
    println!(
        "{} entries against IDA* ({samples} random cubes, {before} of {}, {last} of {deepest}; by \
         distance {by_distance:?}): {wrong} differ; {nodes} nodes, {:.1} s",
        cubes.len(),
        deepest - 1,
        start.elapsed().as_secs_f64()
    );
    wrong == 0
}
