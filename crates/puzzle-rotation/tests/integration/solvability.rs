//! Every board is solvable: the claim the crate documentation makes, checked.

use puzzle_rotation::{Board, CENTRE, Move, solve};
use rstest::rstest;

/// Breadth-first search over where 8 marked blocks can be, from all 8 in the centre: every one
/// of the C(24, 8) = 735,471 arrangements is reached (the moves are invertible, so each can be
/// moved back into the centre), and none is more than 14 moves away (`rotation.md`).
#[test]
fn every_arrangement_of_eight_reaches_the_centre() {
    let centre = CENTRE.iter().fold(0_u32, |mask, &cell| mask | 1 << cell);
    // Indexed by the mask itself: 16 MiB, simpler than ranking the arrangements.
    let mut distance = vec![u8::MAX; 1 << 24];
    distance[centre as usize] = 0;
    let mut frontier = vec![centre];
    let (mut reached, mut depth) = (1_usize, 0);
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for mask in frontier {
            for mv in Move::ALL {
                let moved = mv.move_mask(mask);
                if distance[moved as usize] == u8::MAX {
                    distance[moved as usize] = depth + 1;
                    next.push(moved);
                }
            }
        }
        reached += next.len();
        frontier = next;
        depth += 1;
    }
    assert_eq!(reached, 735_471);
    assert_eq!(depth - 1, 14);
}

/// Boards that are not eight of each symbol are accepted and answered; only a symbol with 8 or
/// more blocks can fill the centre.
#[rstest]
#[case::all_ones([1; 24], 1, Some("No moves needed\n1\n"))]
#[case::ten_ones_seven_twos_seven_threes(
    [2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3],
    1,
    None,
)]
#[case::twenty_three_threes_and_a_one(
    [3, 3, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
    3,
    Some("A\n3\n"),
)]
fn unusual_mixes_are_solved(
    #[case] cells: [u8; 24],
    #[case] centre: u8,
    #[case] expected: Option<&str>,
) {
    let board = Board::from_cells(&cells).unwrap();
    let answer = solve(&board);
    let mut solved = board;
    for &mv in &answer.moves {
        solved.apply(mv);
    }
    assert_eq!(solved.centre_symbol(), Some(answer.centre));
    assert_eq!(answer.centre, centre);
    if let Some(expected) = expected {
        assert_eq!(answer.to_string(), expected);
    }
}
