//! The Wall Pushers as a [`search_core::Problem`].

use search_core::Problem;

use crate::{Dir, Maze, Step};

/// The Wall Pushers, as the search drivers see it: [`Maze`]s as states, [`Step`]s as moves, in
/// the order W, N, E, S, every move costing one.
///
/// The problem holds no data: the rules are the same for every maze, and a maze carries its own
/// walls and exits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WallPusher;

/// The moves from one position: at most four, kept inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    steps: [Step; 4],
    len: u8,
}

impl AsRef<[Step]> for Steps {
    #[inline]
    fn as_ref(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
}

impl Problem for WallPusher {
    type State = Maze;
    type Move = Step;
    /// A `u8` is plenty: answers are a few dozen moves at most, and `u8::MAX` is the dead end.
    type Cost = u8;
    type Moves<'a> = Steps;

    /// The possible moves in the order W, N, E, S (each a walk, a push or the leaving move):
    /// among the shortest answers, IDA* returns the first in that order, letter by letter. None
    /// once the player has left.
    #[inline]
    fn moves(&self, maze: &Maze) -> Steps {
        let mut moves = Steps { steps: [Step::Walk(Dir::W); 4], len: 0 };
        for dir in Dir::ALL {
            if let Some(step) = maze.step(dir) {
                moves.steps[usize::from(moves.len)] = step;
                moves.len += 1;
            }
        }
        moves
    }

    #[inline]
    fn apply(&self, maze: &mut Maze, step: Step) {
        maze.apply(step);
    }

    #[inline]
    fn undo(&self, maze: &mut Maze, step: Step) {
        maze.undo(step);
    }

    /// A walk is undone by the walk back; a push is not (walking back leaves the wall where it
    /// is), and after leaving there is no move at all.
    #[inline]
    fn inverse(&self, step: Step) -> Option<Step> {
        match step {
            Step::Walk(dir) => Some(Step::Walk(dir.opposite())),
            Step::Push(_) | Step::Leave(_) => None,
        }
    }

    #[inline]
    fn is_goal(&self, maze: &Maze) -> bool {
        maze.has_left()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed border but for an exit north of cell 1, and walls east of cells 0, 2 and 3.
    fn maze(player: usize) -> Maze {
        let mut masks = [0u8; 24];
        for (cell, mask) in masks.iter_mut().enumerate() {
            let (row, column) = (cell / 6, cell % 6);
            *mask |= u8::from(column == 0)
                | u8::from(row == 0 && cell != 1) << 1
                | u8::from(column == 5) << 2
                | u8::from(row == 3) << 3;
        }
        for (cell, next) in [(0, 1), (2, 3), (3, 4)] {
            masks[cell] |= 4;
            masks[next] |= 1;
        }
        Maze::from_masks(&masks, player)
    }

    #[test]
    fn moves_come_in_order_with_their_kind() {
        use Step::{Leave, Push, Walk};
        assert_eq!(WallPusher.legal_moves(&maze(0)), [Push(Dir::E), Walk(Dir::S)]);
        // West of cell 1 is a wall with the border behind it: no push.
        assert_eq!(WallPusher.legal_moves(&maze(1)), [Leave(Dir::N), Walk(Dir::E), Walk(Dir::S)]);
        // East of cell 2 is a wall with another behind it: no push.
        assert_eq!(WallPusher.legal_moves(&maze(2)), [Walk(Dir::W), Walk(Dir::S)]);
    }

    #[test]
    fn undo_restores_the_maze_and_inverses_lead_back() {
        for player in 0..24 {
            let start = maze(player);
            for step in WallPusher.legal_moves(&start) {
                let mut after = start;
                WallPusher.apply(&mut after, step);
                assert_ne!(after, start);
                if let Some(back) = WallPusher.inverse(step) {
                    assert!(WallPusher.legal_moves(&after).contains(&back));
                    let mut there_and_back = after;
                    WallPusher.apply(&mut there_and_back, back);
                    assert_eq!(there_and_back, start);
                }
                WallPusher.undo(&mut after, step);
                assert_eq!(after, start, "{step:?} from {player}");
            }
        }
    }

    #[test]
    fn a_push_moves_the_wall_and_the_player() {
        let mut pushed = maze(0);
        WallPusher.apply(&mut pushed, Step::Push(Dir::E));
        assert_eq!(pushed.player(), 1);
        assert!(!pushed.has_wall(0, Dir::E));
        assert!(pushed.has_wall(1, Dir::E) && pushed.has_wall(2, Dir::W));
        assert_eq!(pushed.walls().count_ones(), maze(0).walls().count_ones());
    }

    #[test]
    fn after_leaving_there_is_no_move() {
        let mut left = maze(1);
        WallPusher.apply(&mut left, Step::Leave(Dir::N));
        assert!(WallPusher.is_goal(&left));
        assert!(WallPusher.legal_moves(&left).is_empty());
    }
}
