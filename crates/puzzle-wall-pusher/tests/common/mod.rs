//! Random mazes for the integration tests.

pub use test_support::SplitMix64;

/// A random maze in the judge's format: border walls but for 1 to `max_exits` exits, each inner
/// wall present with probability `percent`, a random start. One case, with `0 0` after it.
pub fn random_input(rng: &mut SplitMix64, percent: usize, max_exits: usize) -> String {
    let mut masks = [0u8; 24];
    for row in 0..4 {
        masks[row * 6] |= 1;
        masks[row * 6 + 5] |= 4;
    }
    for column in 0..6 {
        masks[column] |= 2;
        masks[18 + column] |= 8;
    }
    let mut border: Vec<(usize, u8)> = (0..4)
        .flat_map(|row| [(row * 6, 1), (row * 6 + 5, 4)])
        .chain((0..6).flat_map(|column| [(column, 2), (18 + column, 8)]))
        .collect();
    for _ in 0..=rng.below(max_exits) {
        let (cell, bit) = border.swap_remove(rng.below(border.len()));
        masks[cell] &= !bit;
    }
    for cell in 0..24 {
        let (row, column) = (cell / 6, cell % 6);
        if column < 5 && rng.chance(percent) {
            masks[cell] |= 4;
            masks[cell + 1] |= 1;
        }
        if row < 3 && rng.chance(percent) {
            masks[cell] |= 8;
            masks[cell + 6] |= 2;
        }
    }
    let mut text = format!("{} {}\n", 1 + rng.below(6), 1 + rng.below(4));
    for row in masks.chunks(6) {
        let row: Vec<String> = row.iter().map(ToString::to_string).collect();
        text += &row.join(" ");
        text += "\n";
    }
    text + "0 0\n"
}

/// `maze` answered as `solve` answers it (IDA\* with the exit distance, on this thread, with no
/// limits), with the figures of both searches.
pub fn answered(maze: puzzle_wall_pusher::Maze) -> puzzle_wall_pusher::CaseReport {
    use puzzle_wall_pusher::{ExitDistance, WallPusher, solve_by};
    use search_core::{IdaStar, Limits};
    solve_by(&maze, &Limits::default(), |limits| {
        IdaStar::new(&WallPusher, &ExitDistance).limits(limits).run(&maze)
    })
}
