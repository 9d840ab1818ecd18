//! The eight symmetries of a square board: [`Symmetry`].
//!
//! A turn or a reflection of the board moves every cell to another and keeps which cells are
//! neighbours, so it maps a position to a position and a move to a move. Since tile `t`'s home is
//! cell `t`, the same map renames the tiles: the turned goal is the goal with its tiles renamed.
//! The 24-puzzle's databases use this to serve eight look-ups from two tables
//! ([`SymmetricDatabases`](crate::SymmetricDatabases)).

#![expect(
    clippy::cast_possible_truncation,
    reason = "cells are below 32 (boards of at most 25 cells), so they fit in a u8"
)]

use crate::board::PADDED;

/// A map of a `width` x `width` board's cells onto themselves that keeps neighbours neighbours:
/// one of the four turns, or one of them followed by the transposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry {
    /// The image of each cell; cells past the board map to themselves.
    image: [u8; PADDED],
}

impl Symmetry {
    /// The map that leaves every cell where it is.
    pub(crate) fn identity() -> Self {
        Self { image: std::array::from_fn(|cell| cell as u8) }
    }

    /// The reflection about the main diagonal: row `r`, column `c` goes to row `c`, column `r`.
    pub(crate) fn transpose(width: usize) -> Self {
        Self::from_fn(width, |row, column| (column, row))
    }

    /// A quarter turn clockwise: row `r`, column `c` goes to row `c`, column `width - 1 - r`.
    pub(crate) fn quarter_turn(width: usize) -> Self {
        Self::from_fn(width, |row, column| (column, width - 1 - row))
    }

    /// All eight: the four turns (none, a quarter, a half, three quarters), then each of them
    /// after the transposition.
    pub(crate) fn all(width: usize) -> Vec<Self> {
        let quarter = Self::quarter_turn(width);
        let mut turns = vec![Self::identity()];
        for _ in 0..3 {
            let last = turns[turns.len() - 1];
            turns.push(last.then(quarter));
        }
        let transpose = Self::transpose(width);
        let reflected: Vec<Self> = turns.iter().map(|&turn| transpose.then(turn)).collect();
        turns.extend(reflected);
        turns
    }

    /// The map that sends row `r`, column `c` to `to(r, c)`.
    fn from_fn(width: usize, to: impl Fn(usize, usize) -> (usize, usize)) -> Self {
        let mut image = Self::identity().image;
        for (cell, image) in image.iter_mut().enumerate().take(width * width) {
            let (row, column) = to(cell / width, cell % width);
            *image = (row * width + column) as u8;
        }
        Self { image }
    }

    /// Where `cell` goes.
    #[inline]
    pub(crate) fn apply(self, cell: u8) -> u8 {
        self.image[usize::from(cell) % PADDED]
    }

    /// This map, then `next`.
    pub(crate) fn then(self, next: Self) -> Self {
        Self { image: self.image.map(|cell| next.apply(cell)) }
    }

    /// The map that undoes this one.
    pub(crate) fn inverse(self) -> Self {
        let mut image = [0; PADDED];
        for (cell, &to) in self.image.iter().enumerate() {
            image[usize::from(to)] = cell as u8;
        }
        Self { image }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells next to `cell`, as a sorted list.
    fn neighbours(width: usize, cell: usize) -> Vec<usize> {
        let (row, column) = (cell / width, cell % width);
        let mut around = Vec::new();
        if row > 0 {
            around.push(cell - width);
        }
        if column > 0 {
            around.push(cell - 1);
        }
        if column + 1 < width {
            around.push(cell + 1);
        }
        if row + 1 < width {
            around.push(cell + width);
        }
        around
    }

    #[test]
    fn the_eight_maps_are_distinct_and_keep_neighbours_neighbours() {
        for width in 2..=5 {
            let all = Symmetry::all(width);
            assert_eq!(all.len(), 8);
            for (i, a) in all.iter().enumerate() {
                assert!(all[..i].iter().all(|b| b != a), "width {width}: map {i} is repeated");
                assert_eq!(a.then(a.inverse()), Symmetry::identity());
                for cell in 0..width * width {
                    let mut images: Vec<usize> = neighbours(width, cell)
                        .into_iter()
                        .map(|next| usize::from(a.apply(next as u8)))
                        .collect();
                    images.sort_unstable();
                    let image = usize::from(a.apply(cell as u8));
                    assert_eq!(images, neighbours(width, image), "width {width}, map {i}");
                }
            }
        }
    }

    #[test]
    fn turns_and_the_transposition_on_the_24_puzzle() {
        let (quarter, transpose) = (Symmetry::quarter_turn(5), Symmetry::transpose(5));
        // Row 0, column 3 goes to row 3, column 4 by a quarter turn clockwise.
        assert_eq!(quarter.apply(3), 19);
        assert_eq!(quarter.then(quarter).apply(3), 21); // a half turn: cell c to 24 - c
        assert_eq!(transpose.apply(2), 10);
        assert_eq!(transpose.apply(0), 0);
    }
}
