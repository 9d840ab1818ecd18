//! A broom: a handle of single steps, then bristles that branch fourfold. Along the handle
//! IDA*'s work grows by one node per iteration; past it, fourfold: Budgeted Tree Search's
//! exponential search overshoots there, runs out of budget, and its binary search comes back.

use search_core::Problem;

/// A handle of `handle` single steps (move 3), then four moves (0 to 3) at every node; the goal
/// is four levels into the bristles, at the end of move 3 each time. Each step costs 1.
pub struct Broom {
    pub handle: u32,
}

impl Problem for Broom {
    /// The depth, and how many moves in the bristles were not move 3.
    type State = (u32, u32);
    type Move = u8;
    type Cost = u32;
    type Moves<'a> = &'static [u8];

    fn moves(&self, &(depth, _): &(u32, u32)) -> &'static [u8] {
        if depth < self.handle { &[3] } else { &[0, 1, 2, 3] }
    }
    fn apply(&self, (depth, off): &mut (u32, u32), mv: u8) {
        *depth += 1;
        *off += u32::from(mv != 3);
    }
    fn undo(&self, (depth, off): &mut (u32, u32), mv: u8) {
        *depth -= 1;
        *off -= u32::from(mv != 3);
    }
    fn inverse(&self, _: u8) -> Option<u8> {
        None
    }
    fn is_goal(&self, &(depth, off): &(u32, u32)) -> bool {
        depth == self.handle + 4 && off == 0
    }
}
