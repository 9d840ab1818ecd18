//! Looking at the cube from another side: a [`Rotation`] of the whole cube, and the position it
//! shows ([`Rotation::view`]).
//!
//! Turn the whole cube in the hand, then read its stickers as if the centres had not moved
//! (each colour renamed after the face it now faces): that is another position, as many moves
//! from solved as the first, a turn of face `F` in the one being a turn of the face `F` went to
//! in the other. So a pattern database's distance for the viewed position is a lower bound for
//! the position itself, a second look-up in the same table: Korf's edge groups, each six of the
//! twelve edges, see six others from another side.
//!
//! The stickers are placed in space (a cubie's coordinates and the direction its sticker
//! faces, each in {-1, 0, 1}); a rotation is a 3x3 matrix of those.

use crate::{Cube, Face, Turn};

/// A rotation of the whole cube: the matrix taking a point's coordinates (`x` to the right face,
/// `y` up, `z` to the front) to where the rotation takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation([[i8; 3]; 3]);

/// Each face's outward direction.
const NORMALS: [[i8; 3]; 6] = [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1]];

impl Rotation {
    /// No rotation: the cube as it is.
    pub const IDENTITY: Rotation = Rotation([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);

    /// A quarter turn of the whole cube as `R` turns it (the cubers' `x`): `F` goes to `U`, `U`
    /// to `B`, `B` to `D`, `D` to `F`. Seen so, the edges `UR UF UL UB DR DF DL` are the cube's
    /// `FR DF FL UF BR DB BL`: the other five and two more.
    pub const X: Rotation = Rotation([[1, 0, 0], [0, 0, 1], [0, -1, 0]]);

    /// [`X`](Rotation::X) the other way (the cubers' `x'`): `U` to `F`, `B` to `U`.
    pub const X_INVERSE: Rotation = Rotation([[1, 0, 0], [0, 0, -1], [0, 1, 0]]);

    /// A quarter turn of the whole cube as `F` turns it (the cubers' `z`): `U` goes to `R`, `R`
    /// to `D`, `D` to `L`, `L` to `U`.
    pub const Z: Rotation = Rotation([[0, 1, 0], [-1, 0, 0], [0, 0, 1]]);

    /// A third of a turn about the diagonal through the `URF` and `DBL` corners: the `U` face
    /// goes to `R`, `R` to `F`, `F` to `U`.
    pub const URF_THIRD: Rotation = Rotation([[0, 1, 0], [0, 0, 1], [1, 0, 0]]);

    /// Two thirds of a turn about the same diagonal: `U` to `F`, `F` to `R`, `R` to `U`.
    pub const URF_TWO_THIRDS: Rotation = Rotation([[0, 0, 1], [1, 0, 0], [0, 1, 0]]);

    /// Where the rotation takes `point`.
    fn apply(&self, point: [i8; 3]) -> [i8; 3] {
        self.0.map(|row| row.iter().zip(point).map(|(a, b)| a * b).sum())
    }

    /// The face the rotation takes `face` to.
    ///
    /// # Panics
    ///
    /// Never: the rotations here take the axes to axes.
    #[must_use]
    pub fn face(&self, face: Face) -> Face {
        let normal = self.apply(NORMALS[face.index()]);
        Face::ALL[NORMALS.iter().position(|&n| n == normal).expect("a rotation of the axes")]
    }

    /// The turn `turn` is when the cube is seen rotated: the same turn of the face the rotation
    /// takes its face to (a rotation keeps clockwise clockwise).
    #[must_use]
    pub fn turn(&self, turn: Turn) -> Turn {
        Turn::new(self.face(turn.face()), turn.quarters())
    }

    /// The position `cube` shows rotated, its colours named after the faces they then face.
    ///
    /// # Panics
    ///
    /// Never: a rotated cube is a cube.
    #[must_use]
    pub fn view(&self, cube: &Cube) -> Cube {
        let stickers: Vec<Face> =
            cube.facelets().chars().map(|c| Face::from_letter(c).expect("a face")).collect();
        let mut rotated = [Face::U; 54];
        for (index, &colour) in stickers.iter().enumerate() {
            let (position, normal) = place(index);
            let to = (self.apply(position), self.apply(normal));
            let target = (0..54).find(|&j| place(j) == to).expect("a sticker's place");
            rotated[target] = self.face(colour);
        }
        let text: String = rotated.iter().map(|face| face.letter()).collect();
        Cube::from_facelets(&text).expect("a rotated cube is a cube")
    }
}

/// Where sticker `index` (in the facelet order: `U R F D L B`, each face row by row as the
/// net shows it) is: its cubie's coordinates and the direction it faces.
fn place(index: usize) -> ([i8; 3], [i8; 3]) {
    let face = index / 9;
    #[expect(clippy::cast_possible_truncation, reason = "0 to 2")]
    let (row, column) = ((index % 9 / 3) as i8, (index % 3) as i8);
    let position = match face {
        // U: seen from above, the back row first.
        0 => [column - 1, 1, row - 1],
        // R: seen from the right, the front column first.
        1 => [1, 1 - row, 1 - column],
        // F: seen from the front.
        2 => [column - 1, 1 - row, 1],
        // D: seen from below, the front row first.
        3 => [column - 1, -1, 1 - row],
        // L: seen from the left, the back column first.
        4 => [-1, 1 - row, column - 1],
        // B: seen from the back, the right column first.
        _ => [1 - column, 1 - row, -1],
    };
    (position, NORMALS[face])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_takes_each_turn_to_a_turn_and_products_to_products() {
        let rotations = [
            Rotation::URF_THIRD,
            Rotation::URF_TWO_THIRDS,
            Rotation::IDENTITY,
            Rotation::X,
            Rotation::X_INVERSE,
            Rotation::Z,
        ];
        for rotation in rotations {
            assert_eq!(rotation.view(&Cube::solved()), Cube::solved());
            for turn in Turn::ALL {
                let seen = rotation.view(&Cube::of_turn(turn));
                assert_eq!(seen, Cube::of_turn(rotation.turn(turn)), "{turn}");
            }
            let mut cube = Cube::solved();
            for &turn in Turn::ALL.iter().cycle().step_by(5).take(30) {
                let seen = rotation.view(&cube).then(&Cube::of_turn(rotation.turn(turn)));
                cube.turn(turn);
                assert_eq!(rotation.view(&cube), seen);
            }
        }
        let r = Rotation::URF_THIRD;
        assert_eq!([Face::U, Face::R, Face::F].map(|f| r.face(f)), [Face::R, Face::F, Face::U]);
        // Three thirds are the whole turn.
        let cube = Cube::solved().after(&["R", "U2", "F'", "D"].map(|t| t.parse().unwrap()));
        assert_eq!(r.view(&r.view(&r.view(&cube))), cube);
        assert_eq!(Rotation::URF_TWO_THIRDS.view(&r.view(&cube)), cube);
        assert_eq!(Rotation::X_INVERSE.view(&Rotation::X.view(&cube)), cube);
        let x = Rotation::X;
        assert_eq!(
            [Face::F, Face::U, Face::B, Face::D].map(|f| x.face(f)),
            [Face::U, Face::B, Face::D, Face::F]
        );
        let z = Rotation::Z;
        assert_eq!(
            [Face::U, Face::R, Face::D, Face::L].map(|f| z.face(f)),
            [Face::R, Face::D, Face::L, Face::U]
        );
    }
}
