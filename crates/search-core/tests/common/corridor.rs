//! A corridor of cells walked left or right, one `u8` unit of cost per step: a problem whose
//! longest paths can cost more than its cost type holds.

use search_core::{Heuristic, MoveVec, Problem};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Left,
    Right,
}

/// Cells `0..len`, the goal at the right end, `len - 1` steps from the left end.
pub struct Corridor {
    pub len: u32,
}

impl Problem for Corridor {
    type State = u32;
    type Move = Step;
    type Cost = u8;

    type Moves<'a> = MoveVec<Step>;

    /// Left before right.
    fn moves(&self, cell: &u32) -> MoveVec<Step> {
        let mut moves = MoveVec::new();
        if *cell > 0 {
            moves.push(Step::Left);
        }
        if *cell + 1 < self.len {
            moves.push(Step::Right);
        }
        moves
    }

    fn apply(&self, cell: &mut u32, step: Step) {
        match step {
            Step::Left => *cell -= 1,
            Step::Right => *cell += 1,
        }
    }

    fn undo(&self, cell: &mut u32, step: Step) {
        match step {
            Step::Left => *cell += 1,
            Step::Right => *cell -= 1,
        }
    }

    fn inverse(&self, step: Step) -> Option<Step> {
        Some(match step {
            Step::Left => Step::Right,
            Step::Right => Step::Left,
        })
    }

    fn is_goal(&self, cell: &u32) -> bool {
        *cell + 1 == self.len
    }
}

/// The cells left to walk, capped at 254: admissible, and never the dead-end value 255.
pub struct CellsToGo;

impl Heuristic<Corridor> for CellsToGo {
    fn estimate(&self, corridor: &Corridor, cell: &u32) -> u8 {
        u8::try_from(corridor.len - 1 - cell).unwrap_or(u8::MAX - 1).min(u8::MAX - 1)
    }
}
