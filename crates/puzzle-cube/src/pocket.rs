//! The 2x2x2 pocket cube: [`Pocket`], eight corners and nothing else.
//!
//! A pocket cube has no centres to say which way up it is held: the same cube turned in hand is
//! the same position, and it is solved whenever each face is of one colour. So a position is
//! searched **with one corner fixed**: the cube is first turned in hand until the `DBL` cubie is
//! in its place, `D` sticker down ([`Pocket::held`]), and then only the faces `U R F`, which do not
//! move that corner, are turned: 9 turns, 3,674,160 positions, at most 11 moves apart (the
//! half-turn metric). A solution found that way is told in the faces the cube was given with
//! ([`Held::told`]): turning `U` of a cube turned in hand is turning another face of the cube as
//! given.

use std::sync::OnceLock;

use crate::cube::CORNER_NAMES;
use crate::facelets::{CORNER_FACELETS, FaceletError, colours, corner_of, each_once, twist_sum};
use crate::{Cube, Face, Turn};

/// The corners of a pocket cube, as [`Cube`]'s corners: place `i` holds `cubie + 8 * twist`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pocket {
    pub(crate) corners: [u8; 8],
}

/// The place of the corner a pocket cube is held by: `DBL`.
pub const FIXED_CORNER: usize = 6;

/// The pocket cube's turns when it is held by its `DBL` corner: `U U2 U' R R2 R' F F2 F'`.
pub const POCKET_TURNS: [Turn; 9] = {
    let mut turns = [Turn::ALL[0]; 9];
    let mut index = 0;
    while index < 9 {
        turns[index] = Turn::ALL[index];
        index += 1;
    }
    turns
};

/// A pocket cube held by its `DBL` corner, and how it was turned in hand to be held so
/// ([`Pocket::held`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Held {
    /// The cube as held: the `DBL` cubie in its place, untwisted.
    pub pocket: Pocket,
    /// The rotation of the whole cube that turned the given cube into `pocket`, as corners.
    rotation: [u8; 8],
}

impl Held {
    /// The turn `turn` of the cube as held, told as the turn of the cube as given that does the
    /// same: the same face if the cube was not turned in hand.
    ///
    /// # Panics
    ///
    /// Never: a face turn seen from another side is a face turn.
    #[must_use]
    pub fn told(&self, turn: Turn) -> Turn {
        // Turning the held cube `h = p * g` by `t` is `p * g * t = p * (g t g⁻¹) * g`: the given
        // cube turned by `g t g⁻¹`, then turned in hand as before.
        let rotation = Pocket { corners: self.rotation };
        let conjugate = rotation.then(&Pocket::of_turn(turn)).then(&rotation.inverse());
        Turn::ALL
            .into_iter()
            .find(|&candidate| Pocket::of_turn(candidate) == conjugate)
            .expect("a face turn seen from another side is a face turn")
    }
}

impl Pocket {
    /// The solved pocket cube.
    #[must_use]
    pub const fn solved() -> Pocket {
        Pocket { corners: Cube::solved().corners }
    }

    /// The pocket cube a turn makes of the solved one.
    #[must_use]
    pub fn of_turn(turn: Turn) -> Pocket {
        Pocket { corners: Cube::of_turn(turn).corners }
    }

    /// Plays `turn`, any of the 18.
    #[inline]
    pub fn turn(&mut self, turn: Turn) {
        let mut cube = Cube { corners: self.corners, edges: Cube::solved().edges };
        cube.turn(turn);
        self.corners = cube.corners;
    }

    /// The pocket cube after `turns`, played in order from this one.
    #[must_use]
    pub fn after(mut self, turns: &[Turn]) -> Pocket {
        for &turn in turns {
            self.turn(turn);
        }
        self
    }

    /// The corners of a 3x3x3 cube, which make a pocket cube.
    #[must_use]
    pub fn of_cube(cube: &Cube) -> Pocket {
        Pocket { corners: cube.corners }
    }

    /// The product `self * other`, as [`Cube::then`].
    #[must_use]
    pub fn then(&self, other: &Pocket) -> Pocket {
        let edges = Cube::solved().edges;
        let product =
            Cube { corners: self.corners, edges }.then(&Cube { corners: other.corners, edges });
        Pocket { corners: product.corners }
    }

    /// The position that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Pocket {
        Pocket {
            corners: Cube { corners: self.corners, edges: Cube::solved().edges }.inverse().corners,
        }
    }

    /// The corner cubie and its twist at each place, as [`Cube`]'s corners are kept.
    #[must_use]
    pub fn corners(&self) -> [u8; 8] {
        self.corners
    }

    /// Whether each face is of one colour, however the cube is held.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        rotations().iter().any(|rotation| rotation.corners == self.corners)
    }

    /// The same cube turned in hand until its `DBL` cubie is in its place, untwisted: the
    /// position the search starts from, and the rotation it took.
    #[must_use]
    pub fn held(&self) -> Held {
        for rotation in rotations() {
            let pocket = self.then(rotation);
            if pocket.corners[FIXED_CORNER] == 6 {
                return Held { pocket, rotation: rotation.corners };
            }
        }
        unreachable!("the 24 rotations bring every corner to every place in every twist")
    }

    /// The pocket cube whose 24 stickers are `stickers`: the faces in the order `U R F D L B`,
    /// each as its four stickers row by row (as [`Cube::from_facelets`] reads a face's nine,
    /// without the middle row and column), each the letter of a face as the colours of the
    /// solved cube held some way. The cube may be held any way up: no centre says which.
    ///
    /// ```
    /// use puzzle_cube::{FaceletError, Pocket};
    ///
    /// let solved = "UUUURRRRFFFFDDDDLLLLBBBB";
    /// assert_eq!(Pocket::from_facelets(solved), Ok(Pocket::solved()));
    /// let twisted = "UUUFURRRFRFFDDDDLLLLBBBB";
    /// assert_eq!(Pocket::from_facelets(twisted), Err(FaceletError::TwistedCorner { twist: 1 }));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Cube::from_facelets`], but for a pocket cube: 24 stickers, four of each colour, then
    /// the corners, a corner twice, a twisted corner (there is no parity to check: any
    /// arrangement of the corners can be reached).
    pub fn from_facelets(stickers: &str) -> Result<Pocket, FaceletError> {
        let faces = colours(stickers, 24)?;
        let mut corners = [0; 8];
        for (place, stickers) in CORNER_FACELETS.iter().enumerate() {
            corners[place] = corner_of(stickers.map(|s| faces[pocket_sticker(s)]), place)?;
        }
        each_once(&corners.map(|c| c & 7), &CORNER_NAMES)?;
        let twist = twist_sum(&corners);
        if twist != 0 {
            return Err(FaceletError::TwistedCorner { twist });
        }
        Ok(Pocket { corners })
    }

    /// The cube's 24 stickers, in the order [`from_facelets`](Pocket::from_facelets) reads.
    #[must_use]
    pub fn facelets(&self) -> String {
        let cube = Cube { corners: self.corners, edges: Cube::solved().edges }.facelets();
        let cube: Vec<char> = cube.chars().collect();
        (0..24)
            .map(|sticker| {
                let (face, corner) = (sticker / 4, sticker % 4);
                cube[face * 9 + [0, 2, 6, 8][corner]]
            })
            .collect()
    }
}

impl Default for Pocket {
    fn default() -> Pocket {
        Pocket::solved()
    }
}

/// The pocket cube's sticker of a 3x3x3 corner sticker: face by face, the corners of the face
/// row by row.
fn pocket_sticker(sticker: usize) -> usize {
    let (face, at) = (sticker / 9, sticker % 9);
    face * 4 + [0, 9, 1, 9, 9, 9, 2, 9, 3][at]
}

/// The 24 rotations of the whole cube, as what they do to the corners: generated by `U D'`,
/// `R L'` and `F B'`, which on corners alone turn the whole cube.
fn rotations() -> &'static [Pocket] {
    static ROTATIONS: OnceLock<Vec<Pocket>> = OnceLock::new();
    ROTATIONS.get_or_init(|| {
        let turn = |face: Face, quarters| Pocket::of_turn(Turn::new(face, quarters));
        let generators = [
            turn(Face::U, 1).then(&turn(Face::D, 3)),
            turn(Face::R, 1).then(&turn(Face::L, 3)),
            turn(Face::F, 1).then(&turn(Face::B, 3)),
        ];
        let mut found = vec![Pocket::solved()];
        let mut next = 0;
        while next < found.len() {
            for generator in &generators {
                let rotated = found[next].then(generator);
                if !found.contains(&rotated) {
                    found.push(rotated);
                }
            }
            next += 1;
        }
        found
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_24_rotations_and_each_is_solved() {
        assert_eq!(rotations().len(), 24);
        assert!(rotations().iter().all(Pocket::is_solved));
        assert!(!Pocket::of_turn(Turn::ALL[0]).is_solved());
        // U and D' together turn the whole cube.
        assert!(Pocket::solved().after(&["U", "D'"].map(|t| t.parse().unwrap())).is_solved());
    }

    #[test]
    fn a_cube_turned_in_hand_is_told_in_its_own_faces() {
        let d: Turn = "D".parse().unwrap();
        let given = Pocket::solved().after(&[d]);
        let held = given.held();
        assert_eq!(held.pocket.corners[FIXED_CORNER], 6);
        // Held by DBL, the cube is one U turn from solved; as given, that is a D' turn.
        let solution: Vec<Turn> = ["U'"].map(|t| t.parse().unwrap()).into();
        assert!(held.pocket.after(&solution).corners == Pocket::solved().corners);
        let told: Vec<Turn> = solution.iter().map(|&turn| held.told(turn)).collect();
        assert!(given.after(&told).is_solved());
        // Held the other way up, by F2: the held cube's turns are told as other faces'.
        let given = Pocket::solved().after(&["F2", "R", "U'"].map(|t| t.parse().unwrap()));
        let held = given.after(&["U2", "D2"].map(|t| t.parse().unwrap())).held();
        let solution: Vec<Turn> = ["U", "R'", "F2"].map(|t| t.parse().unwrap()).into();
        let told: Vec<Turn> = solution.iter().map(|&turn| held.told(turn)).collect();
        assert!(held.pocket.after(&solution).is_solved());
        assert!(given.after(&["U2", "D2"].map(|t| t.parse().unwrap())).after(&told).is_solved());
        assert_ne!(told, solution);
    }

    #[test]
    fn stickers_are_read_back() {
        for turn in Turn::ALL {
            let pocket = Pocket::of_turn(turn);
            assert_eq!(Pocket::from_facelets(&pocket.facelets()), Ok(pocket), "{turn}");
        }
        assert_eq!(Pocket::solved().facelets(), "UUUURRRRFFFFDDDDLLLLBBBB");
    }
}
