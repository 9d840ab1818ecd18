//! The board: 24 cells in a `#` shape, the eight moves that rotate its lines, and the goal.
//!
//! ```text
//!          A     B
//!          0     1
//!          2     3
//!  H 4  5  6  7  8  9  10  C
//!          11    12
//!  G 13 14 15 16 17 18 19  D
//!          20    21
//!          22    23
//!          F     E
//! ```

use std::fmt;

use crate::lines::{LINES, rotate};

/// The number of cells on the board.
pub const CELLS: usize = 24;

pub use crate::lines::CENTRE;
/// The symbols a cell may hold.
pub const SYMBOLS: [u8; 3] = [1, 2, 3];

pub(crate) use crate::lines::CENTRE_MASK;

/// A move: one of the four lines rotated by one cell towards one of its ends.
///
/// The variants are declared in dictionary order, and [`Move::ALL`] lists them in that order: the
/// solver tries them in this order, which is what makes its answer the dictionary-smallest among
/// the shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The left column, up.
    A,
    /// The right column, up.
    B,
    /// The upper row, right.
    C,
    /// The lower row, right.
    D,
    /// The right column, down.
    E,
    /// The left column, down.
    F,
    /// The lower row, left.
    G,
    /// The upper row, left.
    H,
}

impl Move {
    /// All eight moves, in dictionary order.
    pub const ALL: [Move; 8] =
        [Move::A, Move::B, Move::C, Move::D, Move::E, Move::F, Move::G, Move::H];

    /// The cells of the move's line, head first: the head is the end the blocks move towards.
    ///
    /// The centre cells are always at positions 2, 3 and 4 of the line, which the
    /// [`Count`](crate::Count) heuristic relies on.
    #[must_use]
    pub const fn line(self) -> [u8; 7] {
        LINES[self as usize]
    }

    /// The move that undoes this one: the same line rotated the other way.
    #[must_use]
    pub const fn inverse(self) -> Move {
        match self {
            Move::A => Move::F,
            Move::B => Move::E,
            Move::C => Move::H,
            Move::D => Move::G,
            Move::E => Move::B,
            Move::F => Move::A,
            Move::G => Move::D,
            Move::H => Move::C,
        }
    }

    /// Where the blocks on the cells of `mask` (bit `i` for cell `i`) are after the move.
    ///
    /// ```
    /// use puzzle_rotation::Move;
    ///
    /// // Move A takes the block on cell 2 to cell 0, the head, and the head's to the tail, 22.
    /// assert_eq!(Move::A.move_mask(1 << 2), 1 << 0);
    /// assert_eq!(Move::A.move_mask(1 << 0), 1 << 22);
    /// ```
    #[must_use]
    #[inline]
    pub fn move_mask(self, mask: u32) -> u32 {
        rotate(self as usize, mask)
    }

    /// The cells whose blocks are in the centre after the move, as a bit mask: the centre,
    /// less the cell at position 2 of the line, plus the cell at position 5.
    ///
    /// ```
    /// use puzzle_rotation::{CENTRE, Move};
    ///
    /// // Move A takes cell 6's block out of the centre and brings cell 20's in.
    /// let expected = CENTRE.iter().filter(|&&cell| cell != 6).fold(1 << 20, |mask, cell| mask | 1 << cell);
    /// assert_eq!(Move::A.centre_after(), expected);
    /// ```
    #[must_use]
    #[inline]
    pub const fn centre_after(self) -> u32 {
        CENTRE_AFTER[self as usize]
    }

    /// The move's letter, `'A'` to `'H'`.
    #[must_use]
    pub const fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The move named by `letter` (upper case), if any.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Move> {
        Move::ALL.into_iter().find(|mv| mv.letter() == letter)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// [`Move::centre_after`] of each move, in the order of [`Move::ALL`].
const CENTRE_AFTER: [u32; 8] = {
    let mut masks = [0; 8];
    let mut i = 0;
    while i < 8 {
        masks[i] = CENTRE_MASK & !(1 << LINES[i][2]) | 1 << LINES[i][5];
        i += 1;
    }
    masks
};

/// The number of cells in `mask`.
#[must_use]
#[inline]
#[expect(clippy::cast_possible_truncation, reason = "a board has 24 cells, which fits in a u8")]
pub(crate) fn count(mask: u32) -> u8 {
    (mask & ((1 << CELLS) - 1)).count_ones() as u8
}

/// A board, stored as one 24-bit mask per symbol: bit `i` of `masks[s - 1]` is set when cell `i`
/// holds symbol `s`.
///
/// Masks make the questions the search asks cheap: "how many centre cells hold symbol `s`" is one
/// AND and one population count, and "is the board solved" is three comparisons. Every cell is in
/// exactly one mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    masks: [u32; 3],
}

impl Board {
    /// The board with these cells, 0 to 23, or `None` if a cell holds a symbol other than 1, 2
    /// or 3. Any mix of symbols is accepted: see the crate documentation for why.
    #[must_use]
    pub fn from_cells(cells: &[u8; CELLS]) -> Option<Board> {
        let mut masks = [0; 3];
        for (cell, &symbol) in cells.iter().enumerate() {
            let index = usize::from(symbol).checked_sub(1).filter(|&index| index < 3)?;
            masks[index] |= 1 << cell;
        }
        Some(Board { masks })
    }

    /// The symbols of the cells 0 to 23.
    #[must_use]
    pub fn cells(&self) -> [u8; CELLS] {
        std::array::from_fn(|cell| self.cell(cell))
    }

    /// The symbol in `cell` (0 to 23).
    ///
    /// # Panics
    ///
    /// If `cell` is 24 or more.
    #[must_use]
    pub fn cell(&self, cell: usize) -> u8 {
        assert!(cell < CELLS, "cell {cell} is off the board");
        SYMBOLS.into_iter().zip(self.masks).find(|&(_, mask)| mask >> cell & 1 == 1).map_or(
            0, // unreachable: every cell is in exactly one mask
            |(symbol, _)| symbol,
        )
    }

    /// The cells holding `symbol` (1, 2 or 3) as a bit mask; empty for any other symbol.
    #[must_use]
    pub fn mask(&self, symbol: u8) -> u32 {
        usize::from(symbol).checked_sub(1).and_then(|index| self.masks.get(index)).map_or(0, |&m| m)
    }

    /// The cells of each symbol, 1 to 3, as bit masks (bit `i` for cell `i`).
    #[must_use]
    #[inline]
    pub fn masks(&self) -> [u32; 3] {
        self.masks
    }

    /// How many centre cells hold each symbol, 1 to 3.
    #[must_use]
    pub fn centre_counts(&self) -> [u8; 3] {
        self.masks.map(|mask| count(mask & CENTRE_MASK))
    }

    /// The symbol filling the whole centre, or `None` if the board is not solved.
    #[must_use]
    pub fn centre_symbol(&self) -> Option<u8> {
        SYMBOLS
            .into_iter()
            .zip(self.masks)
            .find(|&(_, mask)| mask & CENTRE_MASK == CENTRE_MASK)
            .map(|(symbol, _)| symbol)
    }

    /// Whether all eight centre cells hold the same symbol.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.centre_symbol().is_some()
    }

    /// Plays `mv`: every block of its line moves one cell towards the head, and the head's block
    /// wraps around to the tail.
    pub fn apply(&mut self, mv: Move) {
        for mask in &mut self.masks {
            *mask = mv.move_mask(*mask);
        }
    }

    /// Takes back `mv`, which must be the last move played.
    pub fn undo(&mut self, mv: Move) {
        self.apply(mv.inverse());
    }
}

/// Draws the board in its `#` shape, one line per row, cells separated by a space.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells();
        // The columns sit under the third and fifth cells of the rows.
        let column = |a: usize, b: usize| format!("    {}   {}", cells[a], cells[b]);
        let row = |first: usize| {
            cells[first..first + 7].iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
        };
        writeln!(f, "{}", column(0, 1))?;
        writeln!(f, "{}", column(2, 3))?;
        writeln!(f, "{}", row(4))?;
        writeln!(f, "{}", column(11, 12))?;
        writeln!(f, "{}", row(13))?;
        writeln!(f, "{}", column(20, 21))?;
        writeln!(f, "{}", column(22, 23))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first sample board of `rotation.md`.
    const SAMPLE: [u8; 24] =
        [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];

    fn sample() -> Board {
        Board::from_cells(&SAMPLE).unwrap()
    }

    #[test]
    fn cells_round_trip() {
        assert_eq!(sample().cells(), SAMPLE);
    }

    #[test]
    fn symbols_outside_one_to_three_are_rejected() {
        for bad in [0, 4, 255] {
            let mut cells = SAMPLE;
            cells[7] = bad;
            assert_eq!(Board::from_cells(&cells), None);
        }
    }

    #[test]
    fn a_move_rotates_its_line_towards_the_head() {
        let mut board = sample();
        board.apply(Move::A);
        let before = sample().cells();
        let after = board.cells();
        let line = Move::A.line();
        for i in 0..7 {
            assert_eq!(after[usize::from(line[i])], before[usize::from(line[(i + 1) % 7])]);
        }
        // Cells off the line are untouched.
        for cell in (0..24_u8).filter(|cell| !line.contains(cell)).map(usize::from) {
            assert_eq!(after[cell], before[cell]);
        }
    }

    #[test]
    fn undo_and_inverse_take_every_move_back() {
        for mv in Move::ALL {
            let mut board = sample();
            board.apply(mv);
            assert_ne!(board, sample(), "{mv} changes the sample");
            board.undo(mv);
            assert_eq!(board, sample());
            assert_eq!(mv.inverse().inverse(), mv);
            assert_eq!(mv.inverse().line(), {
                let mut reversed = mv.line();
                reversed.reverse();
                reversed
            });
        }
    }

    #[test]
    fn every_line_crosses_the_centre_at_positions_two_to_four() {
        for mv in Move::ALL {
            let line = mv.line();
            for (position, cell) in line.iter().enumerate() {
                assert_eq!(CENTRE.contains(cell), (2..=4).contains(&position), "{mv}");
            }
        }
    }

    #[test]
    fn letters_name_the_moves_in_order() {
        let letters: String = Move::ALL.iter().map(|mv| mv.letter()).collect();
        assert_eq!(letters, "ABCDEFGH");
        assert_eq!(Move::from_letter('C'), Some(Move::C));
        assert_eq!(Move::from_letter('I'), None);
    }

    #[test]
    fn the_sample_answer_solves_the_sample() {
        let mut board = sample();
        assert!(!board.is_solved());
        board.apply(Move::A);
        board.apply(Move::C);
        assert_eq!(board.centre_symbol(), Some(2));
        assert_eq!(board.centre_counts(), [0, 8, 0]);
    }

    #[test]
    fn the_board_is_drawn_as_a_hash_sign() {
        let expected =
            "    1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3\n";
        assert_eq!(sample().to_string(), expected);
    }
}
