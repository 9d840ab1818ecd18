//! Korf's databases and the 3x3x3 cube solved with them. Building the databases takes a minute
//! or more, so these tests are ignored by `cargo test` and run by `scripts/cube-check.sh`, in
//! release mode.

use std::sync::OnceLock;

use puzzle_cube::{Answer, CornersOnly, Cube, Korf, Rotation, Rubik, Tracked, TrackedBound};
use search_core::IdaStar;

use crate::scramble;

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
