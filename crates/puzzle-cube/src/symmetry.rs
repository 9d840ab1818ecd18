//! Looking at the cube from another side: a [`Rotation`] of the whole cube, and the position it
//! shows ([`Rotation::view`]); and the cube's 48 [`Symmetry`]s, the rotations and their mirror
//! images, through which a position may look the same as it is ([`Symmetry::of`]).
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

    /// The face the rotation takes `face` to.
    #[must_use]
    pub fn face(&self, face: Face) -> Face {
        Symmetry::from(*self).face(face)
    }

    /// The turn `turn` is when the cube is seen rotated: the same turn of the face the rotation
    /// takes its face to (a rotation keeps clockwise clockwise).
    #[must_use]
    pub fn turn(&self, turn: Turn) -> Turn {
        Symmetry::from(*self).turn(turn)
    }

    /// The position `cube` shows rotated, its colours named after the faces they then face.
    #[must_use]
    pub fn view(&self, cube: &Cube) -> Cube {
        Symmetry::from(*self).view(cube)
    }
}

/// One of the cube's 48 symmetries: a rotation of the whole cube (24), or a rotation seen in a
/// mirror (24 more). A mirror shows a clockwise turn as an anticlockwise one, so a mirrored
/// position's solution is the position's with each turn's face mirrored and its direction
/// reversed ([`turn`](Symmetry::turn)); a rotation's, each turn's face rotated.
///
/// A position that looks the same through a symmetry ([`Symmetry::of`]: the superflip through
/// all 48) has, for each solution, the solution seen through it, as long: the search needs to
/// try only one first turn of each set that the position's symmetries take to one another
/// ([`SymmetricStart`](crate::SymmetricStart)).
///
/// ```
/// use puzzle_cube::{Cube, Symmetry};
///
/// assert_eq!(Symmetry::ALL.len(), 48);
/// assert_eq!(Symmetry::of(&Cube::superflip()).len(), 48);
/// let u = Cube::solved().after(&["U".parse().unwrap()]);
/// // The four rotations about the `U`-`D` axis; every mirror shows `U'`.
/// assert_eq!(Symmetry::of(&u).len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry([[i8; 3]; 3]);

impl From<Rotation> for Symmetry {
    fn from(rotation: Rotation) -> Symmetry {
        Symmetry(rotation.0)
    }
}

impl Symmetry {
    /// The 48, as matrices: each axis taken to an axis, either way (3! orders of the axes times
    /// 2³ signs); the identity first.
    pub const ALL: [Symmetry; 48] = {
        const ORDERS: [[usize; 3]; 6] =
            [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut all = [Symmetry([[0; 3]; 3]); 48];
        let mut index = 0;
        while index < 48 {
            let order = ORDERS[index / 8];
            let signs = index % 8;
            let mut matrix = [[0_i8; 3]; 3];
            let mut row = 0;
            while row < 3 {
                matrix[row][order[row]] = if signs >> row & 1 == 1 { -1 } else { 1 };
                row += 1;
            }
            all[index] = Symmetry(matrix);
            index += 1;
        }
        all
    };

    /// The symmetries through which `cube` looks the same ([`view`](Symmetry::view) is
    /// `cube`): a group, the identity always in it, in the order of [`ALL`](Symmetry::ALL).
    #[must_use]
    pub fn of(cube: &Cube) -> Vec<Symmetry> {
        Symmetry::ALL.into_iter().filter(|symmetry| symmetry.view(cube) == *cube).collect()
    }

    /// Whether this symmetry is a rotation (it keeps clockwise clockwise) rather than a
    /// mirror's.
    #[must_use]
    pub fn is_rotation(&self) -> bool {
        let [a, b, c] = self.0;
        let determinant = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0]);
        determinant > 0
    }

    /// Where the symmetry takes `point`.
    fn apply(&self, point: [i8; 3]) -> [i8; 3] {
        self.0.map(|row| row.iter().zip(point).map(|(a, b)| a * b).sum())
    }

    /// The face the symmetry takes `face` to.
    ///
    /// # Panics
    ///
    /// Never: the symmetries take the axes to axes.
    #[must_use]
    pub fn face(&self, face: Face) -> Face {
        let normal = self.apply(NORMALS[face.index()]);
        Face::ALL[NORMALS.iter().position(|&n| n == normal).expect("a symmetry of the axes")]
    }

    /// The turn `turn` is when the cube is seen through the symmetry: a turn of the face it
    /// takes `turn`'s face to, the same way round for a rotation, the other way for a mirror's
    /// (`U` seen in a mirror is a `U'`, `U2` a `U2`).
    #[must_use]
    pub fn turn(&self, turn: Turn) -> Turn {
        let quarters = if self.is_rotation() { turn.quarters() } else { 4 - turn.quarters() };
        Turn::new(self.face(turn.face()), quarters)
    }

    /// The position `cube` shows through the symmetry, its colours named after the faces they
    /// then face.
    ///
    /// # Panics
    ///
    /// Never: a cube seen rotated, or in a mirror, is a cube.
    #[must_use]
    pub fn view(&self, cube: &Cube) -> Cube {
        let stickers: Vec<Face> =
            cube.facelets().chars().map(|c| Face::from_letter(c).expect("a face")).collect();
        let mut seen = [Face::U; 54];
        for (index, &colour) in stickers.iter().enumerate() {
            let (position, normal) = place(index);
            let to = (self.apply(position), self.apply(normal));
            let target = (0..54).find(|&j| place(j) == to).expect("a sticker's place");
            seen[target] = self.face(colour);
        }
        let text: String = seen.iter().map(|face| face.letter()).collect();
        Cube::from_facelets(&text).expect("a cube seen through a symmetry is a cube")
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

    #[test]
    fn each_of_the_48_symmetries_takes_turns_to_turns_and_products_to_products() {
        let all = Symmetry::ALL;
        assert_eq!(all[0], Symmetry::from(Rotation::IDENTITY));
        assert_eq!(all.iter().filter(|s| s.is_rotation()).count(), 24);
        for (index, symmetry) in all.iter().enumerate() {
            assert!(!all[..index].contains(symmetry));
            assert_eq!(symmetry.view(&Cube::solved()), Cube::solved());
            for turn in Turn::ALL {
                let seen = symmetry.view(&Cube::of_turn(turn));
                assert_eq!(seen, Cube::of_turn(symmetry.turn(turn)), "{symmetry:?} {turn}");
            }
            let mut cube = Cube::solved();
            for &turn in Turn::ALL.iter().cycle().step_by(7).take(25) {
                let seen = symmetry.view(&cube).then(&Cube::of_turn(symmetry.turn(turn)));
                cube.turn(turn);
                assert_eq!(symmetry.view(&cube), seen);
            }
        }
        // A mirror through the plane between `R` and `L`: `R` seen as `L'`, `U` as `U'`.
        let mirror = Symmetry([[-1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        let turn = |name: &str| name.parse::<Turn>().unwrap();
        assert!(!mirror.is_rotation());
        assert_eq!(
            [turn("R"), turn("U"), turn("F2")].map(|t| mirror.turn(t)),
            [turn("L'"), turn("U'"), turn("F2")]
        );
    }

    #[test]
    fn a_positions_symmetries_are_a_group_that_keeps_it() {
        let turn = |name: &str| name.parse::<Turn>().unwrap();
        let superflip = Cube::superflip();
        assert_eq!(Symmetry::of(&superflip), Symmetry::ALL.to_vec());
        assert_eq!(Symmetry::of(&Cube::solved()).len(), 48);
        // `U2 D2 F2 B2 L2 R2`, the checkerboard: every symmetry keeps it.
        let checkerboard = Cube::solved().after(&["U2", "D2", "F2", "B2", "L2", "R2"].map(turn));
        assert_eq!(Symmetry::of(&checkerboard).len(), 48);
        // `U2`: the eight symmetries that keep the `U` face up, mirrors among them.
        let u2 = Symmetry::of(&Cube::of_turn(turn("U2")));
        assert_eq!(u2.len(), 8);
        assert!(u2.iter().all(|s| s.face(Face::U) == Face::U));
        // A random position looks like itself only as it is.
        let random = Cube::solved().after(&["R", "U", "F'", "L2", "D", "B'"].map(turn));
        assert_eq!(Symmetry::of(&random), [Symmetry::ALL[0]]);
        for group in [&u2, &Symmetry::of(&checkerboard)] {
            for a in group {
                for b in group {
                    let product = Symmetry::ALL
                        .into_iter()
                        .find(|s| Turn::ALL.iter().all(|&t| s.turn(t) == a.turn(b.turn(t))))
                        .unwrap();
                    assert!(group.contains(&product));
                }
            }
        }
    }
}
