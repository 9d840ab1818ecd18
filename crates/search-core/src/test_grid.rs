//! The problem the complete searches' unit tests share: a square grid walked to its far corner,
//! with move costs diverse enough that a cell is often reached first by a dearer path and queued
//! again when a cheaper one turns up, and that paths of one length cost differently.

use crate::problem::Problem;

/// A `side x side` grid of cells, moving up, left, right or down from `(0, 0)` to the far corner
/// `(side - 1, side - 1)`; a move costs 1 to 9, by the cell entered and the direction.
pub(crate) struct Grid {
    pub(crate) side: u8,
}

impl Problem for Grid {
    type State = (u8, u8);
    type Move = (i8, i8);
    type Cost = u32;
    type Moves<'a> = Vec<(i8, i8)>;
    fn moves(&self, &(r, c): &(u8, u8)) -> Vec<(i8, i8)> {
        [(-1, 0), (0, -1), (0, 1), (1, 0)]
            .into_iter()
            .filter(|&(dr, dc)| {
                r.checked_add_signed(dr).is_some_and(|r| r < self.side)
                    && c.checked_add_signed(dc).is_some_and(|c| c < self.side)
            })
            .collect()
    }
    fn apply(&self, at: &mut (u8, u8), (dr, dc): (i8, i8)) {
        *at = (at.0.wrapping_add_signed(dr), at.1.wrapping_add_signed(dc));
    }
    fn undo(&self, at: &mut (u8, u8), (dr, dc): (i8, i8)) {
        *at = (at.0.wrapping_add_signed(-dr), at.1.wrapping_add_signed(-dc));
    }
    fn inverse(&self, (dr, dc): (i8, i8)) -> Option<(i8, i8)> {
        Some((-dr, -dc))
    }
    fn is_goal(&self, at: &(u8, u8)) -> bool {
        *at == (self.side - 1, self.side - 1)
    }
    fn cost(&self, &(r, c): &(u8, u8), (dr, dc): (i8, i8)) -> u32 {
        let (r, c) = (u32::from(r.wrapping_add_signed(dr)), u32::from(c.wrapping_add_signed(dc)));
        let direction = (dr * 2 + dc + 3).unsigned_abs();
        1 + (r * 7 + c * 3 + u32::from(direction) * 4) % 9
    }
}
