//! The 3x3x3 cube as cubies: [`Cube`], its [`Face`]s and [`Turn`]s, and the 18 turns as tables.
//!
//! # The model
//!
//! A cube is eight corner cubies and twelve edge cubies in as many places (the centres never
//! move). Places and cubies share names, in the order the literature uses (Kociemba's):
//!
//! - corners `URF UFL ULB UBR DFR DLF DBL DRB` (0 to 7),
//! - edges `UR UF UL UB DR DF DL DB FR FL BL BR` (0 to 11).
//!
//! Each place holds a cubie and its **orientation**: for a corner, how many times it is twisted
//! clockwise (0, 1 or 2) from having its `U` or `D` sticker on the place's `U` or `D` face; for an
//! edge, whether it is flipped (0 or 1). A corner is kept in one byte, `cubie + 8 * twist`, an
//! edge as `cubie + 16 * flip`.
//!
//! A turn is itself a cube: the one it makes of the solved cube, read "place `i` receives the
//! cubie of place `from[i]`, twisted by `twist[i]`". Playing turn `t` on cube `s` is the product
//! `s * t`: place `i` of the result holds the cubie that `s` held at place `t.from[i]`, its
//! orientation plus `t.twist[i]`.

use std::fmt;

/// The corner places and cubies, in order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// The edge places and cubies, in order.
pub const EDGE_NAMES: [&str; 12] =
    ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"];

/// A face of the cube, in the order `U R F D L B` (the order of the facelet strings, and the
/// order in which turns are tried). Opposite faces are three apart: `U D`, `R L`, `F B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U,
    /// Right.
    R,
    /// Front.
    F,
    /// Down.
    D,
    /// Left.
    L,
    /// Back.
    B,
}

impl Face {
    /// The six faces, in order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's number, 0 to 5, in the order of [`ALL`](Face::ALL).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    /// The face of letter `letter`, if it is one of `URFDLB`.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Face> {
        Face::ALL.into_iter().find(|face| face.letter() == letter)
    }

    /// The face opposite.
    #[must_use]
    pub const fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }
}

/// A turn of one face: a quarter turn clockwise (`U`), a half turn (`U2`) or a quarter turn
/// counter-clockwise (`U'`), looking at the face. In the half-turn metric each costs one move.
///
/// Turns are tried face by face in the order `U R F D L B`, and on each face as `U U2 U'`: the
/// order of [`Turn::ALL`], and the tie-break among optimal solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn(u8);

impl Turn {
    /// The 18 turns, in order: `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'`.
    pub const ALL: [Turn; 18] = {
        let mut turns = [Turn(0); 18];
        let mut index = 0;
        while index < 18 {
            #[expect(clippy::cast_possible_truncation, reason = "turns are below 18")]
            let turn = Turn(index as u8);
            turns[index] = turn;
            index += 1;
        }
        turns
    };

    /// The turn of `face` by `quarters` quarter turns clockwise (1, 2 or 3).
    ///
    /// # Panics
    ///
    /// If `quarters` is not 1, 2 or 3.
    #[must_use]
    pub fn new(face: Face, quarters: u8) -> Turn {
        assert!((1..=3).contains(&quarters), "a turn is 1 to 3 quarter turns, not {quarters}");
        Turn(face as u8 * 3 + quarters - 1)
    }

    /// The turn's number, 0 to 17, in the order of [`ALL`](Turn::ALL).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The face turned.
    #[must_use]
    #[inline]
    pub const fn face(self) -> Face {
        Face::ALL[self.0 as usize / 3]
    }

    /// How many quarter turns clockwise: 1, 2 or 3.
    #[must_use]
    pub const fn quarters(self) -> u8 {
        self.0 % 3 + 1
    }

    /// The turn that takes this one back: `U'` for `U`, `U2` for `U2`.
    #[must_use]
    #[inline]
    pub const fn inverse(self) -> Turn {
        Turn(self.0 / 3 * 3 + (2 - self.0 % 3))
    }
}

/// Singmaster's notation: `U`, `U2`, `U'`.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][usize::from(self.0 % 3)];
        write!(f, "{}{suffix}", self.face().letter())
    }
}

/// A turn in Singmaster's notation (`U`, `U2`, `U'`) that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotATurn(pub String);

impl fmt::Display for NotATurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a turn (a face U R F D L B, then nothing, 2 or ')", self.0)
    }
}

impl std::error::Error for NotATurn {}

impl std::str::FromStr for Turn {
    type Err = NotATurn;

    /// `U`, `U2` or `U'` (also `U2'`, the same half turn), for each face `U R F D L B`.
    fn from_str(text: &str) -> Result<Turn, NotATurn> {
        let mut chars = text.chars();
        let face = chars.next().and_then(Face::from_letter);
        let quarters = match chars.as_str() {
            "" => Some(1),
            "2" | "2'" => Some(2),
            "'" => Some(3),
            _ => None,
        };
        match (face, quarters) {
            (Some(face), Some(quarters)) => Ok(Turn::new(face, quarters)),
            _ => Err(NotATurn(text.to_owned())),
        }
    }
}

/// The 3x3x3 cube: where each corner and edge cubie is and how it is oriented (see the
/// the encoding: each place, named as in [`CORNER_NAMES`] and [`EDGE_NAMES`], holds a cubie of
/// those names and how many times it is twisted clockwise, or whether it is flipped). Only [`Cube::solved`], turns and the
/// checked constructors make one, so every `Cube` is a position a real cube can reach.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube {
    /// Place `i` holds `cubie + 8 * twist`.
    pub(crate) corners: [u8; 8],
    /// Place `i` holds `cubie + 16 * flip`.
    pub(crate) edges: [u8; 12],
}

/// The cubies place by place, as `URF UFL ... / UR UF ...` names with `+`/`-` for a twist or
/// `*` for a flip.
impl fmt::Debug for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let corners = self.corners.map(|c| {
            let name = CORNER_NAMES[usize::from(c & 7)];
            format!("{name}{}", ["", "+", "-"][usize::from(c >> 3)])
        });
        let edges = self.edges.map(|e| {
            let name = EDGE_NAMES[usize::from(e & 15)];
            format!("{name}{}", ["", "*"][usize::from(e >> 4)])
        });
        write!(f, "Cube({} / {})", corners.join(" "), edges.join(" "))
    }
}

/// A turn as the cube it makes of the solved cube: `(from, twist)` per corner place and per
/// edge place (Kociemba's definitions of the six quarter turns).
struct Generator {
    corner_from: [u8; 8],
    corner_twist: [u8; 8],
    edge_from: [u8; 12],
    edge_flip: [u8; 12],
}

/// The six clockwise quarter turns, `U R F D L B`.
const GENERATORS: [Generator; 6] = [
    Generator {
        corner_from: [3, 0, 1, 2, 4, 5, 6, 7],
        corner_twist: [0; 8],
        edge_from: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        edge_flip: [0; 12],
    },
    Generator {
        corner_from: [4, 1, 2, 0, 7, 5, 6, 3],
        corner_twist: [2, 0, 0, 1, 1, 0, 0, 2],
        edge_from: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        edge_flip: [0; 12],
    },
    Generator {
        corner_from: [1, 5, 2, 3, 0, 4, 6, 7],
        corner_twist: [1, 2, 0, 0, 2, 1, 0, 0],
        edge_from: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        edge_flip: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    Generator {
        corner_from: [0, 1, 2, 3, 5, 6, 7, 4],
        corner_twist: [0; 8],
        edge_from: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        edge_flip: [0; 12],
    },
    Generator {
        corner_from: [0, 2, 6, 3, 4, 1, 5, 7],
        corner_twist: [0, 1, 2, 0, 0, 2, 1, 0],
        edge_from: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        edge_flip: [0; 12],
    },
    Generator {
        corner_from: [0, 1, 3, 7, 4, 5, 2, 6],
        corner_twist: [0, 0, 1, 2, 0, 0, 2, 1],
        edge_from: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        edge_flip: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// A corner byte `cubie + 8 * twist` twisted further by `by` (0 to 2).
#[inline]
const fn twist(corner: u8, by: u8) -> u8 {
    let twist = (corner >> 3) + by;
    (corner & 7) | (if twist >= 3 { twist - 3 } else { twist }) << 3
}

impl Cube {
    /// The solved cube.
    #[must_use]
    pub const fn solved() -> Cube {
        Cube { corners: [0, 1, 2, 3, 4, 5, 6, 7], edges: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }
    }

    /// Whether the cube is solved.
    #[must_use]
    #[inline]
    pub fn is_solved(&self) -> bool {
        *self == Cube::solved()
    }

    /// The product `self * other`: `other`'s rearrangement applied after `self`'s, so that
    /// `cube.then(&turn_cube)` is the cube with the turn played.
    #[must_use]
    pub fn then(&self, other: &Cube) -> Cube {
        let mut result = *self;
        for (place, &corner) in other.corners.iter().enumerate() {
            result.corners[place] = twist(self.corners[usize::from(corner & 7)], corner >> 3);
        }
        for (place, &edge) in other.edges.iter().enumerate() {
            result.edges[place] = self.edges[usize::from(edge & 15)] ^ (edge & 16);
        }
        result
    }

    /// The cube that undoes this one: `cube.then(&cube.inverse())` is solved.
    #[must_use]
    pub fn inverse(&self) -> Cube {
        let mut result = *self;
        for (place, &corner) in self.corners.iter().enumerate() {
            #[expect(clippy::cast_possible_truncation, reason = "places are below 8")]
            let back = place as u8 | ((3 - (corner >> 3)) % 3) << 3;
            result.corners[usize::from(corner & 7)] = back;
        }
        for (place, &edge) in self.edges.iter().enumerate() {
            #[expect(clippy::cast_possible_truncation, reason = "places are below 12")]
            let back = place as u8 | (edge & 16);
            result.edges[usize::from(edge & 15)] = back;
        }
        result
    }

    /// The cube a turn makes of the solved cube.
    #[must_use]
    pub fn of_turn(turn: Turn) -> Cube {
        TURN_CUBES[turn.index()]
    }

    /// Plays `turn`.
    #[inline]
    pub fn turn(&mut self, turn: Turn) {
        let table = &TURN_TABLES[turn.index()];
        let before = *self;
        for place in 0..8 {
            self.corners[place] = twist(
                before.corners[usize::from(table.corner_from[place])],
                table.corner_twist[place],
            );
        }
        for place in 0..12 {
            self.edges[place] =
                before.edges[usize::from(table.edge_from[place])] ^ table.edge_flip[place];
        }
    }

    /// Plays `turn` on the corners alone (the edges are left as they were): for the corners'
    /// database, which never reads the edges.
    #[inline]
    pub(crate) fn turn_corners(&mut self, turn: Turn) {
        let table = &TURN_TABLES[turn.index()];
        let before = self.corners;
        for place in 0..8 {
            self.corners[place] =
                twist(before[usize::from(table.corner_from[place])], table.corner_twist[place]);
        }
    }

    /// The cube after `turns`, played in order from this one.
    #[must_use]
    pub fn after(mut self, turns: &[Turn]) -> Cube {
        for &turn in turns {
            self.turn(turn);
        }
        self
    }

    /// The corner cubie at each place, `0..8` in [`CORNER_NAMES`]' order.
    #[must_use]
    pub fn corner_cubies(&self) -> [u8; 8] {
        self.corners.map(|c| c & 7)
    }

    /// The twist of the corner at each place: 0, 1 or 2 clockwise turns.
    #[must_use]
    pub fn corner_twists(&self) -> [u8; 8] {
        self.corners.map(|c| c >> 3)
    }

    /// The edge cubie at each place, `0..12` in [`EDGE_NAMES`]' order.
    #[must_use]
    pub fn edge_cubies(&self) -> [u8; 12] {
        self.edges.map(|e| e & 15)
    }

    /// Whether the edge at each place is flipped: 0 or 1.
    #[must_use]
    pub fn edge_flips(&self) -> [u8; 12] {
        self.edges.map(|e| e >> 4)
    }

    /// The cube with every edge flipped in place and everything else solved: the superflip,
    /// 20 moves from solved in the half-turn metric (Reid, 1995), the farthest there is.
    #[must_use]
    pub fn superflip() -> Cube {
        let mut cube = Cube::solved();
        for edge in &mut cube.edges {
            *edge |= 16;
        }
        cube
    }

    /// A cube drawn uniformly among the 43,252,003,274,489,856,000 positions, from the numbers
    /// `below(n)` returns, each meant to be uniform in `0..n`: random permutations of the
    /// corners and of the edges of equal parity, random twists and flips with a whole twist and
    /// no flip in all (the last corner's twist and edge's flip follow from the others).
    #[must_use]
    pub fn random(mut below: impl FnMut(usize) -> usize) -> Cube {
        let mut corners: [u8; 8] = std::array::from_fn(|i| u8::try_from(i).unwrap_or(0));
        let mut edges: [u8; 12] = std::array::from_fn(|i| u8::try_from(i).unwrap_or(0));
        let corner_parity = shuffle(&mut corners, &mut below);
        let edge_parity = shuffle(&mut edges, &mut below);
        if corner_parity != edge_parity {
            edges.swap(10, 11);
        }
        let mut twists = 0;
        for corner in &mut corners[..7] {
            let by = u8::try_from(below(3) % 3).unwrap_or(0);
            twists += by;
            *corner = twist(*corner, by);
        }
        corners[7] = twist(corners[7], (3 - twists % 3) % 3);
        let mut flips = 0;
        for edge in &mut edges[..11] {
            let flip = u8::try_from(below(2) % 2).unwrap_or(0);
            flips ^= flip;
            *edge |= flip << 4;
        }
        edges[11] |= flips << 4;
        Cube { corners, edges }
    }
}

/// Shuffles `items` (Fisher and Yates) with `below`, and returns the permutation's parity.
fn shuffle(items: &mut [u8], below: &mut impl FnMut(usize) -> usize) -> bool {
    let mut odd = false;
    for last in (1..items.len()).rev() {
        let other = below(last + 1) % (last + 1);
        if other != last {
            items.swap(other, last);
            odd = !odd;
        }
    }
    odd
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::solved()
    }
}

/// A turn as the tables [`Cube::turn`] reads: where each place's cubie comes from and what it
/// gains (the flip already shifted into the edge byte's flip bit).
#[derive(Clone, Copy)]
struct TurnTable {
    corner_from: [u8; 8],
    corner_twist: [u8; 8],
    edge_from: [u8; 12],
    edge_flip: [u8; 12],
}

/// The cube of each of the 18 turns: the generator's quarter turn once, twice or thrice.
const TURN_CUBES: [Cube; 18] = {
    let mut cubes = [Cube::solved(); 18];
    let mut face = 0;
    while face < 6 {
        let generator = &GENERATORS[face];
        let mut quarter = Cube::solved();
        let mut place = 0;
        while place < 8 {
            quarter.corners[place] =
                generator.corner_from[place] | generator.corner_twist[place] << 3;
            place += 1;
        }
        place = 0;
        while place < 12 {
            quarter.edges[place] = generator.edge_from[place] | generator.edge_flip[place] << 4;
            place += 1;
        }
        let mut power = quarter;
        let mut quarters = 0;
        while quarters < 3 {
            cubes[face * 3 + quarters] = power;
            power = product(&power, &quarter);
            quarters += 1;
        }
        face += 1;
    }
    cubes
};

/// `a * b`, for the tables made at compile time ([`Cube::then`] is the same at run time).
const fn product(a: &Cube, b: &Cube) -> Cube {
    let mut result = Cube::solved();
    let mut place = 0;
    while place < 8 {
        let corner = b.corners[place];
        result.corners[place] = twist(a.corners[(corner & 7) as usize], corner >> 3);
        place += 1;
    }
    place = 0;
    while place < 12 {
        let edge = b.edges[place];
        result.edges[place] = a.edges[(edge & 15) as usize] ^ (edge & 16);
        place += 1;
    }
    result
}

/// The 18 turns as the tables [`Cube::turn`] reads.
const TURN_TABLES: [TurnTable; 18] = {
    let mut tables = [TurnTable {
        corner_from: [0; 8],
        corner_twist: [0; 8],
        edge_from: [0; 12],
        edge_flip: [0; 12],
    }; 18];
    let mut turn = 0;
    while turn < 18 {
        let cube = &TURN_CUBES[turn];
        let mut place = 0;
        while place < 8 {
            tables[turn].corner_from[place] = cube.corners[place] & 7;
            tables[turn].corner_twist[place] = cube.corners[place] >> 3;
            place += 1;
        }
        place = 0;
        while place < 12 {
            tables[turn].edge_from[place] = cube.edges[place] & 15;
            tables[turn].edge_flip[place] = cube.edges[place] & 16;
            place += 1;
        }
        turn += 1;
    }
    tables
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_is_a_quarter_half_or_three_quarters_of_its_face() {
        for turn in Turn::ALL {
            let mut cube = Cube::solved();
            let order = if turn.quarters() == 2 { 2 } else { 4 };
            for played in 1..=order {
                cube.turn(turn);
                assert_eq!(cube.is_solved(), played == order, "{turn} played {played} times");
            }
            assert_eq!(Cube::of_turn(turn).then(&Cube::of_turn(turn.inverse())), Cube::solved());
            assert_eq!(Cube::of_turn(turn).inverse(), Cube::of_turn(turn.inverse()));
            assert_eq!(turn.to_string().parse(), Ok(turn));
        }
    }

    #[test]
    fn turning_is_multiplying_by_the_turns_cube() {
        let scramble: Vec<Turn> =
            ["R", "U", "F2", "D'", "L", "B2"].map(|t| t.parse().unwrap()).into();
        let mut product = Cube::solved();
        for &turn in &scramble {
            product = product.then(&Cube::of_turn(turn));
        }
        let played = Cube::solved().after(&scramble);
        assert_eq!(played, product);
        assert!(played.then(&played.inverse()).is_solved());
        assert!(played.inverse().then(&played).is_solved());
    }

    #[test]
    fn opposite_faces_commute_and_others_do_not() {
        for a in Turn::ALL {
            for b in Turn::ALL {
                let ab = Cube::solved().after(&[a, b]);
                let ba = Cube::solved().after(&[b, a]);
                let commute = a.face() == b.face() || a.face().opposite() == b.face();
                assert_eq!(ab == ba, commute, "{a} {b}");
            }
        }
    }

    #[test]
    fn the_sexy_move_has_order_six() {
        let sexy: Vec<Turn> = ["R", "U", "R'", "U'"].map(|t| t.parse().unwrap()).into();
        let mut cube = Cube::solved();
        for played in 1..=6 {
            cube = cube.after(&sexy);
            assert_eq!(cube.is_solved(), played == 6);
        }
    }

    #[test]
    fn turns_are_read_in_singmasters_notation() {
        assert_eq!("U2'".parse::<Turn>(), Ok(Turn::new(Face::U, 2)));
        assert_eq!("B'".parse::<Turn>().map(Turn::index), Ok(17));
        for bad in ["", "u", "X", "R3", "R''", "RU"] {
            assert_eq!(bad.parse::<Turn>(), Err(NotATurn(bad.to_owned())), "{bad}");
        }
        let names: Vec<String> = Turn::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(names.join(" "), "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'");
    }

    #[test]
    fn reids_twenty_turns_make_the_superflip() {
        // Reid (1995): 20 turns, the most any position needs; the superflip is its own inverse.
        let reid = "R L U2 F U' D F2 R2 B2 L U2 F' B' U R2 D F2 U R2 U";
        let turns: Vec<Turn> = reid.split(' ').map(|turn| turn.parse().unwrap()).collect();
        assert_eq!(turns.len(), 20);
        assert_eq!(Cube::solved().after(&turns), Cube::superflip());
        assert!(Cube::superflip().after(&turns).is_solved());
        // The first optimal solution in move order, IDA*'s answer (docs/performance.md).
        let found = "U R U2 R F2 L U2 R F' B' R2 D R' L U2 F2 D2 F R2 D";
        let turns: Vec<Turn> = found.split(' ').map(|turn| turn.parse().unwrap()).collect();
        assert_eq!(turns.len(), 20);
        assert!(Cube::superflip().after(&turns).is_solved());
    }
}
