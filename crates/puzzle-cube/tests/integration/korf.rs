//! Korf's databases and the 3x3x3 cube solved with them. Building the databases takes a minute
//! or more, so these tests are ignored by `cargo test` and run by `scripts/cube-check.sh`, in
//! release mode.

use std::sync::OnceLock;

use puzzle_cube::{
    Answer, CornersOnly, Cube, FromStartBound, Korf, Rotation, Rubik, SymmetricStart, Symmetry,
    Tracked, TrackedBound, Turn,
};
use search_core::IdaStar;

use crate::{scramble, turns};

/// The databases, built once for the tests that need them; kept in the directory
/// `CUBE_PDB_DIR` names, if it is set (read from there when a run before left them).
fn korf() -> &'static Korf {
    static KORF: OnceLock<Korf> = OnceLock::new();
    KORF.get_or_init(|| match std::env::var_os("CUBE_PDB_DIR") {
        Some(directory) => {
            let path = std::path::Path::new(&directory).join(puzzle_cube::cache::FILE_NAME);
            let (korf, _, problem) = Korf::cached(&path, 0);
            assert!(problem.is_none(), "{}: {problem:?}", path.display());
            korf
        }
        None => Korf::build(0).0,
    })
}

#[test]
#[ignore = "builds Korf's databases: scripts/cube-check.sh"]
fn the_databases_distributions_are_the_literatures() {
    let [corners, first, last] = korf().tables();
    // Korf (1997), and the corner group's distribution in the half-turn metric.
    assert_eq!(
        corners.distribution(),
        [
            1, 18, 243, 2_874, 28_000, 205_416, 1_168_516, 5_402_628, 20_776_176, 45_391_616,
            15_139_616, 64_736
        ]
    );
    // The two groups are not images of each other under a symmetry of the cube (four edges of
    // U and two of D; two of D and the four of the middle layer), so their distributions differ;
    // each covers every placement, at most 10 moves from home.
    for table in [first, last] {
        assert_eq!(table.distribution().iter().sum::<u64>(), 42_577_920);
        assert_eq!(table.distribution().len(), 11);
    }
    assert_eq!(
        first.distribution(),
        [1, 18, 230, 2_747, 30_847, 308_783, 2_508_618, 13_189_082, 23_497_569, 3_039_786, 239]
    );
}

#[test]
#[ignore = "builds Korf's databases: scripts/cube-check.sh"]
fn scrambles_of_n_turns_are_solved_in_at_most_n_with_both_heuristics_alike() {
    for (seed, length) in (0..24).zip([4, 6, 8, 9, 10, 11].into_iter().cycle()) {
        let cube = Cube::solved().after(&scramble(seed, length));
        let report = IdaStar::new(&Rubik::new(), korf()).run(&cube);
        let answer = Answer::from_outcome(report.outcome).unwrap();
        assert!(answer.moves.len() <= length, "seed {seed}: {answer}");
        assert!(cube.after(&answer.moves).is_solved(), "seed {seed}: {answer}");
        if length <= 9 {
            let corners = IdaStar::new(&Rubik::new(), &CornersOnly(korf())).run(&cube);
            let other = Answer::from_outcome(corners.outcome).unwrap();
            assert_eq!(other, answer, "seed {seed}: the first optimal solution in turn order");
        }
        // Without the pruning, the same first optimal solution, from a larger tree.
        if length <= 8 {
            let unpruned = IdaStar::new(&Rubik::unpruned(), korf()).run(&cube);
            assert_eq!(Answer::from_outcome(unpruned.outcome).unwrap(), answer, "seed {seed}");
            assert!(unpruned.stats.generated >= report.stats.generated);
        }
    }
}

#[test]
#[ignore = "builds Korf's databases: scripts/cube-check.sh"]
fn the_tracked_search_generates_the_same_nodes_as_korfs_bound() {
    let tracked = Tracked::new(korf());
    let views = Tracked::with_views(korf(), [Rotation::URF_THIRD, Rotation::URF_TWO_THIRDS]);
    let mut cubes: Vec<Cube> =
        (100..110).map(|seed| Cube::solved().after(&scramble(seed, 12))).collect();
    cubes.push(Cube::solved());
    for (number, cube) in cubes.iter().enumerate() {
        let plain = IdaStar::new(&Rubik::new(), korf()).run(cube);
        let start = tracked.start(cube);
        let fast = IdaStar::new(&tracked, &TrackedBound).run(&start);
        let two = IdaStar::new(&tracked, &TrackedBound).threads(2).run(&start);
        let answer = Answer::from_outcome(plain.outcome).unwrap();
        assert_eq!(Answer::from_outcome(fast.outcome).unwrap(), answer, "cube {number}");
        assert_eq!(Answer::from_outcome(two.outcome).unwrap().moves.len(), answer.moves.len());
        let counts = |stats: &search_core::SearchStats<u8>| {
            (stats.generated, stats.expanded, stats.iterations.len())
        };
        assert_eq!(counts(&fast.stats), counts(&plain.stats), "cube {number}");
        assert_eq!(
            fast.stats.iterations.iter().map(|i| i.bound).collect::<Vec<_>>(),
            plain.stats.iterations.iter().map(|i| i.bound).collect::<Vec<_>>()
        );
        // Seen from two more sides: the same length, never more nodes.
        let seen = IdaStar::new(&views, &TrackedBound).run(&views.start(cube));
        assert_eq!(Answer::from_outcome(seen.outcome).unwrap().moves.len(), answer.moves.len());
        assert!(seen.stats.generated <= plain.stats.generated, "cube {number}");
    }
}

#[test]
#[ignore = "builds Korf's databases: scripts/cube-check.sh"]
fn symmetric_starts_get_the_whole_trees_answers_from_fewer_nodes() {
    let patterns = [
        "U D' R L' F B' U D'",
        "F2 B2 U D' R2 L2 U D'",
        "L R F B U' D' L' R'",
        "U2 D2 F2 B2 L2 R2",
        // Products of two patterns: the symmetries both have.
        "U2 D2 F2 B2 L2 R2 U D' R L' F B' U D'",
        "L R F B U' D' L' R' F2 B2 U D' R2 L2 U D'",
    ];
    let tracked = Tracked::new(korf());
    let mut nodes = [0, 0];
    for pattern in patterns {
        let cube = Cube::solved().after(&turns(pattern));
        let symmetries = Symmetry::of(&cube);
        assert!(symmetries.len() > 1, "{pattern}");
        let whole = IdaStar::new(&Rubik::new(), korf()).run(&cube);
        let symmetric = SymmetricStart::new(&tracked, &symmetries);
        let start = symmetric.start(tracked.start(&cube));
        let bound = FromStartBound(TrackedBound);
        let one = IdaStar::new(&symmetric, &bound).run(&start);
        let two = IdaStar::new(&symmetric, &bound).threads(2).min_unit_nodes(1).run(&start);
        // The very answer of the whole tree, on one thread and on two.
        let answer = Answer::from_outcome(whole.outcome).unwrap();
        assert_eq!(Answer::from_outcome(one.outcome).unwrap(), answer, "{pattern}");
        assert_eq!(Answer::from_outcome(two.outcome).unwrap(), answer, "{pattern}");
        assert!(answer.moves.len() <= turns(pattern).len());
        assert!(cube.after(&answer.moves).is_solved());
        // From no more nodes (fewer in all), the same on two threads.
        assert!(one.stats.generated <= whole.stats.generated, "{pattern}");
        nodes[0] += one.stats.generated;
        nodes[1] += whole.stats.generated;
        let counts = |stats: &search_core::SearchStats<u8>| {
            (stats.generated, stats.expanded, stats.iterations.len())
        };
        assert_eq!(counts(&two.stats), counts(&one.stats), "{pattern}");
        eprintln!(
            "{pattern}: {} symmetries, length {}, {} nodes against {}",
            symmetries.len(),
            answer.moves.len(),
            one.stats.generated,
            whole.stats.generated
        );
    }
    assert!(nodes[0] * 2 < nodes[1], "{nodes:?}");
    // The superflip, 20 moves from solved: its iterations to the bound 13, 32 times fewer nodes.
    let superflip = Cube::superflip();
    let symmetric = SymmetricStart::new(&tracked, &Symmetry::of(&superflip));
    let start = symmetric.start(tracked.start(&superflip));
    let limits = search_core::Limits::default().max_bound(13);
    let fewer = IdaStar::new(&symmetric, &FromStartBound(TrackedBound)).limits(limits.clone());
    let whole = IdaStar::new(&tracked, &TrackedBound).limits(limits);
    let last = |report: search_core::Report<Turn, u8>| {
        let iteration = report.stats.iterations.last().unwrap();
        (iteration.bound, iteration.generated)
    };
    assert_eq!(last(fewer.threads(2).run(&start)), (13, 654_211));
    assert_eq!(last(whole.threads(2).run(&tracked.start(&superflip))), (13, 20_654_589));
}
