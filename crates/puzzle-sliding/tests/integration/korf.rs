//! Korf's instances with the Manhattan distance: his lengths and node counts, exactly.

use crate::common;

use puzzle_sliding::{Answer, Manhattan, Sliding};
use search_core::ida_star;

/// The instances that take under about 3 million nodes (17 of them): seconds in the test profile.
#[test]
fn the_easiest_instances_generate_korfs_node_counts_exactly() {
    let puzzle = Sliding::new(4);
    let easiest: Vec<_> = common::korf().into_iter().filter(|i| i.nodes < 3_300_000).collect();
    assert_eq!(easiest.len(), 17);
    for instance in easiest {
        let report = ida_star(&puzzle, &Manhattan, &instance.board);
        let length = report.outcome.solution().map(|solution| solution.cost);
        assert_eq!(length, Some(instance.length), "instance {}", instance.id);
        assert_eq!(report.stats.generated, instance.nodes, "instance {}", instance.id);
    }
}

#[test]
fn answers_solve_the_board_in_the_optimal_number_of_moves() {
    let puzzle = Sliding::new(4);
    let instance = common::korf().into_iter().find(|i| i.id == 79).unwrap();
    let report = ida_star(&puzzle, &Manhattan, &instance.board);
    assert_eq!(report.stats.generated, instance.nodes);
    let Ok(Answer::Solved(moves)) = Answer::from_outcome(report.outcome) else {
        panic!("solvable")
    };
    assert_eq!(moves.len(), usize::from(instance.length));
    assert!(puzzle.play(&instance.board, &moves).unwrap().is_goal());
}

#[test]
fn every_instance_is_solvable() {
    assert!(common::korf().iter().all(|instance| instance.board.is_solvable()));
}
