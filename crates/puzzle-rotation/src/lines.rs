//! The board's geometry: the centre and the four lines the moves rotate.
//!
//! This file depends on nothing else in the crate, because the build script includes it too
//! (with `#[path]`) to build the [`Exact`](crate::Exact) heuristic's database at build time.

/// The eight centre cells, which must all hold the same symbol.
pub const CENTRE: [u8; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The centre cells as a bit mask (bit `i` stands for cell `i`).
pub(crate) const CENTRE_MASK: u32 = mask_of(&CENTRE);

/// The lines of the moves `A` to `H`, head first (from the problem statement): a move takes
/// every block one cell towards the head, and the head's block to the tail.
pub(crate) const LINES: [[u8; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// The cells of each line as a bit mask, in the order of [`LINES`].
const LINE_MASKS: [u32; 8] = {
    let mut masks = [0; 8];
    let mut i = 0;
    while i < 8 {
        masks[i] = mask_of(&LINES[i]);
        i += 1;
    }
    masks
};

/// Where the blocks on the cells of `mask` are after rotating line `line` (an index into
/// [`LINES`]).
#[inline]
pub(crate) fn rotate(line: usize, mask: u32) -> u32 {
    let cells = &LINES[line];
    let mut moved = mask & !LINE_MASKS[line];
    // Cell `cells[i]` receives the block of `cells[i + 1]`, the tail the head's.
    let mut from = cells[0];
    let mut i = 7;
    while i > 0 {
        i -= 1;
        let to = cells[i];
        moved |= (mask >> from & 1) << to;
        from = to;
    }
    moved
}

/// The bit mask of a list of cells.
pub(crate) const fn mask_of(cells: &[u8]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < cells.len() {
        mask |= 1 << cells[i];
        i += 1;
    }
    mask
}
