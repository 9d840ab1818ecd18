//! Counts the literature gives, reproduced: the positions at each distance from the solved cube
//! (breadth-first search), and the corners' database's distribution.

use std::collections::HashSet;

use puzzle_cube::{Cube, Turn};

/// The number of positions at each distance from the solved cube in the half-turn metric, to
/// `depth`, by breadth-first search (each level from the last two: a turn from a position at
/// distance d reaches d - 1, d or d + 1).
fn positions_by_distance(depth: usize) -> Vec<usize> {
    let mut before: HashSet<Cube> = HashSet::new();
    let mut level: HashSet<Cube> = HashSet::from([Cube::solved()]);
    let mut counts = vec![1];
    for _ in 0..depth {
        let mut next = HashSet::with_capacity(level.len() * 14);
        for cube in &level {
            for turn in Turn::ALL {
                let mut moved = *cube;
                moved.turn(turn);
                if !level.contains(&moved) && !before.contains(&moved) {
                    next.insert(moved);
                }
            }
        }
        counts.push(next.len());
        before = std::mem::replace(&mut level, next);
    }
    counts
}

/// The positions at each distance in the half-turn metric, to distance 6 (as cube20.org gives them).
const POSITIONS: [usize; 7] = [1, 18, 243, 3_240, 43_239, 574_908, 7_618_438];

#[test]
fn breadth_first_search_counts_the_positions_at_each_distance() {
    assert_eq!(positions_by_distance(4), POSITIONS[..5]);
}

#[test]
#[ignore = "7.6 million positions, a gigabyte of memory: scripts/cube-check.sh"]
fn breadth_first_search_counts_the_positions_to_distance_six() {
    assert_eq!(positions_by_distance(6), POSITIONS);
}
