//! The pocket cube: its distribution (God's number 11), and IDA* agreeing with breadth-first
//! search on random positions.

use puzzle_cube::{Answer, Pocket, PocketBound, PocketCube, PocketDistances, Turn};
use search_core::{BreadthFirst, IdaStar};

use crate::scramble;

#[test]
fn the_pocket_cubes_positions_at_each_distance() {
    // 3,674,160 positions with one corner fixed, at most 11 moves from solved in the half-turn
    // metric (the distribution the literature gives for the pocket cube).
    let counts = PocketDistances::build(2).distribution();
    assert_eq!(
        counts,
        [1, 9, 54, 321, 1_847, 9_992, 50_136, 227_536, 870_072, 1_887_748, 623_800, 2_644]
    );
    assert_eq!(counts.iter().sum::<u64>(), 3_674_160);
}

#[test]
fn ida_star_agrees_with_breadth_first_search_on_random_pocket_cubes() {
    let exact = PocketDistances::build(2);
    let bound = PocketBound::build();
    for seed in 0..60 {
        let given = Pocket::solved().after(&scramble(seed, 25));
        let held = given.held();
        let report = IdaStar::new(&PocketCube, &bound).run(&held.pocket);
        let answer = Answer::from_pocket_outcome(&held, report.outcome).unwrap();
        assert_eq!(answer.moves.len(), usize::from(exact.distance(&held.pocket)), "seed {seed}");
        assert!(given.after(&answer.moves).is_solved(), "seed {seed}: {answer}");
        if seed < 6 {
            // search-core's breadth-first search, which knows nothing of the tables.
            let bfs = BreadthFirst::new(&PocketCube).run(&held.pocket);
            let length = bfs.outcome.solution().map(|solution| solution.moves.len());
            assert_eq!(length, Some(answer.moves.len()), "seed {seed}");
        }
    }
}

#[test]
fn a_scramble_of_n_turns_is_solved_in_at_most_n() {
    let bound = PocketBound::build();
    for (seed, length) in (100..150).zip((0..12).cycle()) {
        let turns: Vec<Turn> = scramble(seed, length);
        let given = Pocket::solved().after(&turns);
        let held = given.held();
        let report = IdaStar::new(&PocketCube, &bound).run(&held.pocket);
        let answer = Answer::from_pocket_outcome(&held, report.outcome).unwrap();
        assert!(answer.moves.len() <= length, "seed {seed}");
    }
}
