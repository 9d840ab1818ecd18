//! The cube as its 54 stickers: [`Cube::from_facelets`] reads them (checking that a real cube
//! has them, else a [`FaceletError`] naming what is wrong) and [`Cube::facelets`] writes them.
//!
//! # The facelet string
//!
//! The faces in the order `U R F D L B`, each as its nine stickers row by row as one looks at
//! the face (`U` with `B` at the top, `R F L B` with `U` at the top, `D` with `F` at the top), each
//! sticker the letter of the face whose colour it has: the solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`, the format of Kociemba's solvers.
//!
//! The centres do not move, so each face's centre must be its own letter.

use std::fmt;

use crate::cube::{CORNER_NAMES, EDGE_NAMES};
use crate::{Cube, Face};

/// The stickers of each corner place, clockwise from its `U` or `D` sticker.
pub(crate) const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// The stickers of each edge place, the `U` or `D` one first (for the middle layer's edges, the
/// `F` or `B` one).
pub(crate) const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// The colours of each corner cubie, in the order of [`CORNER_FACELETS`].
pub(crate) const CORNER_COLOURS: [[Face; 3]; 8] = {
    use Face::{B, D, F, L, R, U};
    [[U, R, F], [U, F, L], [U, L, B], [U, B, R], [D, F, R], [D, L, F], [D, B, L], [D, R, B]]
};

/// The colours of each edge cubie, in the order of [`EDGE_FACELETS`].
pub(crate) const EDGE_COLOURS: [[Face; 2]; 12] = {
    use Face::{B, D, F, L, R, U};
    [[U, R], [U, F], [U, L], [U, B], [D, R], [D, F], [D, L], [D, B], [F, R], [F, L], [B, L], [B, R]]
};

/// Why 54 stickers are not a cube that can be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaceletError {
    /// Not 54 stickers (24 for a pocket cube).
    Count {
        /// How many there are.
        found: usize,
        /// How many a cube has.
        wanted: usize,
    },
    /// A sticker is not one of the letters `U R F D L B`.
    NotAColour {
        /// The sticker's number, counted from 1.
        sticker: usize,
        /// What stands there.
        found: char,
    },
    /// A colour is on more or fewer stickers than a face has.
    ColourCount {
        /// The colour.
        colour: Face,
        /// On how many stickers.
        found: usize,
        /// On how many it should be (9, or 4 for a pocket cube).
        wanted: usize,
    },
    /// A face's centre is not its own colour.
    Centre {
        /// The face.
        face: Face,
        /// The colour of its centre.
        found: Face,
    },
    /// The stickers of a corner place are not those of any corner cubie.
    NoSuchCorner {
        /// The place.
        place: &'static str,
        /// Its stickers, clockwise from the `U` or `D` one.
        colours: String,
    },
    /// The stickers of an edge place are not those of any edge cubie.
    NoSuchEdge {
        /// The place.
        place: &'static str,
        /// Its stickers.
        colours: String,
    },
    /// A cubie is in two places (so another is nowhere).
    Twice {
        /// The cubie.
        cubie: &'static str,
    },
    /// The corners' twists do not add up to whole turns: a corner was twisted in place.
    TwistedCorner {
        /// The sum of the twists modulo 3 (1 or 2).
        twist: u8,
    },
    /// An odd number of edges are flipped: an edge was flipped in place.
    FlippedEdge,
    /// The corners' and the edges' permutations have different parities: two cubies were
    /// swapped.
    Parity,
}

impl fmt::Display for FaceletError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Count { found, wanted } => {
                write!(f, "{found} stickers, but a cube has {wanted}")
            }
            Self::NotAColour { sticker, found } => {
                write!(f, "sticker {sticker} is {found:?}, not a colour (U R F D L B)")
            }
            Self::ColourCount { colour, found, wanted } => {
                let colour = colour.letter();
                write!(f, "colour {colour} is on {found} stickers, not {wanted}")
            }
            Self::Centre { face, found } => {
                let (face, found) = (face.letter(), found.letter());
                write!(f, "the centre of face {face} is {found}, not {face} (turn the cube in hand)")
            }
            Self::NoSuchCorner { place, colours } => {
                write!(f, "the corner at {place} has colours {colours}: no corner has them")
            }
            Self::NoSuchEdge { place, colours } => {
                write!(f, "the edge at {place} has colours {colours}: no edge has them")
            }
            Self::Twice { cubie } => write!(f, "the cubie {cubie} is in two places"),
            Self::TwistedCorner { twist } => write!(
                f,
                "a twisted corner: the twists add up to {twist} third(s) of a turn, not whole turns"
            ),
            Self::FlippedEdge => f.write_str("a flipped edge: an odd number of edges are flipped"),
            Self::Parity => f.write_str(
                "a parity violation: two cubies are swapped (the corners' and edges' permutations differ in parity)",
            ),
        }
    }
}

impl std::error::Error for FaceletError {}

/// The colours of stickers as letters, joined: `URF`.
fn letters(colours: impl IntoIterator<Item = Face>) -> String {
    colours.into_iter().map(Face::letter).collect()
}

/// The stickers read as faces, each colour counted `wanted` times.
pub(crate) fn colours(stickers: &str, count: usize) -> Result<Vec<Face>, FaceletError> {
    let found = stickers.chars().count();
    if found != count {
        return Err(FaceletError::Count { found, wanted: count });
    }
    let mut faces = Vec::with_capacity(count);
    for (index, letter) in stickers.chars().enumerate() {
        let face = Face::from_letter(letter)
            .ok_or(FaceletError::NotAColour { sticker: index + 1, found: letter })?;
        faces.push(face);
    }
    for colour in Face::ALL {
        let found = faces.iter().filter(|&&face| face == colour).count();
        if found != count / 6 {
            return Err(FaceletError::ColourCount { colour, found, wanted: count / 6 });
        }
    }
    Ok(faces)
}

/// The corner cubie and twist that the colours `at` (clockwise from the place's `U` or `D`
/// sticker) show, or the error naming `place`.
pub(crate) fn corner_of(at: [Face; 3], place: usize) -> Result<u8, FaceletError> {
    let up_down = at.iter().position(|&face| face == Face::U || face == Face::D);
    let found = up_down.and_then(|twist| {
        let (first, second) = (at[(twist + 1) % 3], at[(twist + 2) % 3]);
        let cubie = CORNER_COLOURS.iter().position(|colours| {
            colours[0] == at[twist] && colours[1] == first && colours[2] == second
        })?;
        u8::try_from(cubie + 8 * twist).ok()
    });
    found.ok_or_else(|| FaceletError::NoSuchCorner {
        place: CORNER_NAMES[place],
        colours: letters(at),
    })
}

/// The parity of a permutation of `0..n`: whether it is odd.
pub(crate) fn is_odd(permutation: &[u8]) -> bool {
    let mut seen = [false; 16];
    let mut odd = false;
    for start in 0..permutation.len() {
        let mut at = start;
        let mut length = 0;
        while !seen[at] {
            seen[at] = true;
            at = usize::from(permutation[at]);
            length += 1;
        }
        if length > 0 && length % 2 == 0 {
            odd = !odd;
        }
    }
    odd
}

/// The error if a cubie of `cubies` (at most 16 of them) is in two places.
pub(crate) fn each_once(cubies: &[u8], names: &[&'static str]) -> Result<(), FaceletError> {
    let mut seen = [false; 16];
    for &cubie in cubies {
        let slot = &mut seen[usize::from(cubie)];
        if *slot {
            return Err(FaceletError::Twice { cubie: names[usize::from(cubie)] });
        }
        *slot = true;
    }
    Ok(())
}

/// The sum of the corners' twists, modulo 3.
pub(crate) fn twist_sum(corners: &[u8]) -> u8 {
    corners.iter().map(|&corner| corner >> 3).sum::<u8>() % 3
}

impl Cube {
    /// The cube whose 54 stickers are `stickers`, if a real cube has them: the faces in the
    /// order `U R F D L B`, each row by row as one looks at it (`U` with `B` at the top, `D`
    /// with `F` at the top, the others with `U` at the top), each sticker the letter of the face
    /// whose colour it has; each centre its own face's letter.
    ///
    /// ```
    /// use puzzle_cube::{Cube, FaceletError};
    ///
    /// let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    /// assert_eq!(Cube::from_facelets(solved), Ok(Cube::solved()));
    /// // The superflip: every edge flipped in place.
    /// let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
    /// assert_eq!(Cube::from_facelets(superflip), Ok(Cube::superflip()));
    /// // The UF edge flipped alone.
    /// let flipped = "UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    /// assert_eq!(Cube::from_facelets(flipped), Err(FaceletError::FlippedEdge));
    /// ```
    ///
    /// # Errors
    ///
    /// What is wrong, in this order: the number of stickers, a letter that is no colour, a colour
    /// not on nine stickers, a centre out of place, a corner or edge place whose colours no
    /// cubie has, a cubie twice, a twisted corner, a flipped edge, a parity violation.
    pub fn from_facelets(stickers: &str) -> Result<Cube, FaceletError> {
        let faces = colours(stickers, 54)?;
        for face in Face::ALL {
            let found = faces[face.index() * 9 + 4];
            if found != face {
                return Err(FaceletError::Centre { face, found });
            }
        }
        let mut cube = Cube::solved();
        for (place, stickers) in CORNER_FACELETS.iter().enumerate() {
            cube.corners[place] = corner_of(stickers.map(|s| faces[s]), place)?;
        }
        for (place, stickers) in EDGE_FACELETS.iter().enumerate() {
            let at = stickers.map(|s| faces[s]);
            let found = EDGE_COLOURS.iter().enumerate().find_map(|(index, colours)| {
                let edge = u8::try_from(index).ok()?;
                if *colours == at {
                    Some(edge)
                } else if colours[0] == at[1] && colours[1] == at[0] {
                    Some(edge | 16)
                } else {
                    None
                }
            });
            cube.edges[place] = found.ok_or_else(|| FaceletError::NoSuchEdge {
                place: EDGE_NAMES[place],
                colours: letters(at),
            })?;
        }
        each_once(&cube.corner_cubies(), &CORNER_NAMES)?;
        each_once(&cube.edge_cubies(), &EDGE_NAMES)?;
        let twist = twist_sum(&cube.corners);
        if twist != 0 {
            return Err(FaceletError::TwistedCorner { twist });
        }
        if cube.edge_flips().iter().sum::<u8>() % 2 != 0 {
            return Err(FaceletError::FlippedEdge);
        }
        if is_odd(&cube.corner_cubies()) != is_odd(&cube.edge_cubies()) {
            return Err(FaceletError::Parity);
        }
        Ok(cube)
    }

    /// The cube's 54 stickers, in the order [`from_facelets`](Cube::from_facelets) reads.
    #[must_use]
    pub fn facelets(&self) -> String {
        let mut faces = [Face::U; 54];
        for face in Face::ALL {
            faces[face.index() * 9 + 4] = face;
        }
        for (place, &corner) in self.corners.iter().enumerate() {
            let (cubie, twist) = (usize::from(corner & 7), usize::from(corner >> 3));
            for k in 0..3 {
                faces[CORNER_FACELETS[place][(k + twist) % 3]] = CORNER_COLOURS[cubie][k];
            }
        }
        for (place, &edge) in self.edges.iter().enumerate() {
            let (cubie, flip) = (usize::from(edge & 15), usize::from(edge >> 4));
            for k in 0..2 {
                faces[EDGE_FACELETS[place][(k + flip) % 2]] = EDGE_COLOURS[cubie][k];
            }
        }
        letters(faces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Turn;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    #[test]
    fn the_stickers_of_each_turn_are_read_back_as_that_turn() {
        for turn in Turn::ALL {
            let cube = Cube::of_turn(turn);
            assert_eq!(Cube::from_facelets(&cube.facelets()), Ok(cube), "{turn}");
        }
        assert_eq!(Cube::solved().facelets(), SOLVED);
    }

    #[test]
    fn a_quarter_turn_of_u_moves_the_front_row_to_the_left() {
        // U clockwise: the top row of F goes to L, of R to F, and so on.
        let u = Cube::of_turn("U".parse().unwrap()).facelets();
        assert_eq!(&u[18..21], "RRR");
        assert_eq!(&u[36..39], "FFF");
        assert_eq!(&u[9..12], "BBB");
        // R clockwise: the right column of F goes up to U.
        let r = Cube::of_turn("R".parse().unwrap()).facelets();
        assert_eq!([&r[2..3], &r[5..6], &r[8..9]], ["F", "F", "F"]);
    }

    fn error(stickers: &str) -> String {
        Cube::from_facelets(stickers).unwrap_err().to_string()
    }

    #[test]
    fn impossible_cubes_are_named() {
        assert_eq!(error("UUU"), "3 stickers, but a cube has 54");
        let mut text = SOLVED.to_owned();
        text.replace_range(0..1, "X");
        assert_eq!(error(&text), "sticker 1 is 'X', not a colour (U R F D L B)");
        text.replace_range(0..1, "R");
        assert_eq!(error(&text), "colour U is on 8 stickers, not 9");
        // Two centres swapped.
        let centres = SOLVED.replace("UUUUUUUUU", "UUUURUUUU").replace("RRRRRRRRR", "RRRRURRRR");
        assert_eq!(error(&centres), "the centre of face U is R, not U (turn the cube in hand)");
        // The URF corner twisted clockwise in place.
        let mut twisted: Vec<char> = SOLVED.chars().collect();
        (twisted[8], twisted[9], twisted[20]) = ('F', 'U', 'R');
        let twisted: String = twisted.into_iter().collect();
        assert_eq!(Cube::from_facelets(&twisted), Err(FaceletError::TwistedCorner { twist: 1 }));
        // The UR and UF edges swapped: a parity violation.
        let mut swapped: Vec<char> = SOLVED.chars().collect();
        (swapped[5], swapped[10], swapped[7], swapped[19]) = ('U', 'F', 'U', 'R');
        let swapped: String = swapped.into_iter().collect();
        assert_eq!(Cube::from_facelets(&swapped), Err(FaceletError::Parity));
        // A corner with two U stickers.
        let mut double: Vec<char> = SOLVED.chars().collect();
        (double[9], double[45]) = ('U', 'R');
        (double[0], double[2]) = ('B', 'U');
        let double: String = double.into_iter().collect();
        assert!(
            error(&double).starts_with("the corner at URF has colours UUF"),
            "{}",
            error(&double)
        );
    }
}
