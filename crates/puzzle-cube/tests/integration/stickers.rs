//! The crate checked against a model of the cube of this file's own: the 54 stickers as points
//! in space, each with the direction its face looks, and a turn as a quarter rotation, about
//! the face's axis, of every sticker in the turned layer. Nothing of the crate's cubies,
//! orientations, turn tables or sticker reading is used, so the crate's turns and its reading
//! and writing of the 54 stickers are tested against geometry, and the optimal solutions
//! `docs/performance.md` gives for its random-state cubes are checked to solve them.

use puzzle_cube::{Cube, Turn};
use test_support::SplitMix64;

use crate::{scramble, turns};

/// A point or a direction: x to the right (`R`), y up (`U`), z to the front (`F`).
type Vector = [i8; 3];

/// Each face in the stickers' order (`URFDLB`): the direction it looks, and the directions of
/// "up" and "right" in the picture of it that the nine stickers are read from, row by row
/// (`U` seen from above with `B` at the top, `D` from below with `F` at the top, the side faces
/// from outside with `U` at the top).
const FACES: [(char, Vector, Vector, Vector); 6] = [
    ('U', [0, 1, 0], [0, 0, -1], [1, 0, 0]),
    ('R', [1, 0, 0], [0, 1, 0], [0, 0, -1]),
    ('F', [0, 0, 1], [0, 1, 0], [1, 0, 0]),
    ('D', [0, -1, 0], [0, 0, 1], [1, 0, 0]),
    ('L', [-1, 0, 0], [0, 1, 0], [0, 0, 1]),
    ('B', [0, 0, -1], [0, 1, 0], [-1, 0, 0]),
];

/// Where each of the 54 stickers is, in the stickers' order: the centre of its cubie (the
/// cube's centre at the origin, its cubies 1 apart) and the direction it looks, which tells
/// a cubie's stickers apart.
fn places() -> Vec<(Vector, Vector)> {
    let mut places = Vec::with_capacity(54);
    for (_, normal, up, right) in FACES {
        for row in [1, 0, -1] {
            for column in [-1, 0, 1] {
                let point = std::array::from_fn(|axis| {
                    normal[axis] + row * up[axis] + column * right[axis]
                });
                places.push((point, normal));
            }
        }
    }
    places
}

fn dot(a: Vector, b: Vector) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `v` turned a quarter clockwise, seen from outside along the unit axis `axis`: `-axis x v`
/// for the part across the axis, the part along it kept.
fn quarter(axis: Vector, v: Vector) -> Vector {
    let cross = [
        axis[1] * v[2] - axis[2] * v[1],
        axis[2] * v[0] - axis[0] * v[2],
        axis[0] * v[1] - axis[1] * v[0],
    ];
    let along = dot(axis, v);
    std::array::from_fn(|i| along * axis[i] - cross[i])
}

/// The cube as the model holds it: the sticker at each place, by its face's letter.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Stickers(Vec<(Vector, Vector, char)>);

impl Stickers {
    fn read(text: &str) -> Stickers {
        assert_eq!(text.len(), 54, "{text}");
        Stickers(places().into_iter().zip(text.chars()).map(|((p, n), c)| (p, n, c)).collect())
    }

    fn solved() -> Stickers {
        Stickers::read(&FACES.map(|(face, ..)| face.to_string().repeat(9)).concat())
    }

    /// A turn written as the crate writes it (`U`, `U2`, `U'`): the face's layer, the stickers
    /// whose points lie on its side of the centre, rotated one, two or three quarters.
    fn turn(&mut self, name: &str) {
        let mut letters = name.chars();
        let face = letters.next().expect("a face");
        let quarters = match letters.as_str() {
            "" => 1,
            "2" => 2,
            "'" => 3,
            other => panic!("not a turn: {name} ({other})"),
        };
        let (_, axis, ..) = *FACES.iter().find(|(letter, ..)| *letter == face).expect("a face");
        for (point, normal, _) in &mut self.0 {
            if dot(*point, axis) == 1 {
                for _ in 0..quarters {
                    (*point, *normal) = (quarter(axis, *point), quarter(axis, *normal));
                }
            }
        }
    }

    /// The stickers in the crate's order, read back from their places.
    fn write(&self) -> String {
        places()
            .into_iter()
            .map(|place| {
                let found = self.0.iter().find(|(p, n, _)| (*p, *n) == place);
                found.expect("every place has its sticker").2
            })
            .collect()
    }

    fn is_solved(&self) -> bool {
        self.write() == Stickers::solved().write()
    }
}

#[test]
fn the_model_knows_a_turn_and_its_inverse() {
    let mut stickers = Stickers::solved();
    stickers.turn("R");
    assert!(!stickers.is_solved());
    // `R` carries the front's right column up, onto the top: `U`'s right column is green's.
    let written = stickers.write();
    assert_eq!([2, 5, 8].map(|i| written.as_bytes()[i]), [b'F'; 3], "{written}");
    stickers.turn("R'");
    assert!(stickers.is_solved());
    for face in ["U", "R", "F", "D", "L", "B"] {
        let mut stickers = Stickers::solved();
        for _ in 0..4 {
            stickers.turn(face);
        }
        assert!(stickers.is_solved(), "{face} four times");
    }
}

#[test]
fn every_turn_moves_the_stickers_as_the_geometry_does() {
    for turn in Turn::ALL {
        let mut stickers = Stickers::solved();
        stickers.turn(&turn.to_string());
        assert_eq!(Cube::solved().after(&[turn]).facelets(), stickers.write(), "{turn}");
    }
    for seed in 0..40 {
        let turns = scramble(seed, 25);
        let mut stickers = Stickers::solved();
        for turn in &turns {
            stickers.turn(&turn.to_string());
        }
        let cube = Cube::solved().after(&turns);
        assert_eq!(cube.facelets(), stickers.write(), "seed {seed}");
        // And the crate reads the stickers back into the same cube.
        assert_eq!(Cube::from_facelets(&stickers.write()), Ok(cube), "seed {seed}");
    }
}

#[test]
fn random_state_cubes_read_and_written_agree_with_the_geometry() {
    // Any position, not only those a short scramble reaches: a cube read from its stickers,
    // turned by the crate and by the model, is written the same.
    let mut rng = SplitMix64::new(7);
    for _ in 0..40 {
        let cube = Cube::random(|n| rng.below(n));
        let turn = Turn::ALL[rng.below(18)];
        let mut stickers = Stickers::read(&cube.facelets());
        stickers.turn(&turn.to_string());
        assert_eq!(cube.after(&[turn]).facelets(), stickers.write());
    }
}

/// The random-state cubes of `docs/performance.md` (`random_cubes 2026 10`) whose optimal
/// solutions it gives, with those solutions, and the superflip's: the crate's IDA\*'s, and for
/// cube 9 a second, found by a two-phase solver outside the project (min2phase).
const SOLVED_IN_THE_DOCS: [(&str, &str); 12] = [
    (
        "RDRUURFLDRFFDRLUFBDBBRFBBRLLBFFDDLRUFBLULDULDDLUUBFRUB",
        "R L' F' L F' B2 L F2 R D L' B' L U R U2 R2",
    ),
    (
        "URRFULRBBDUFBRFBFLUURDFDUBLRRURDDLLBFUBRLLDFFDULLBDDBF",
        "R' B R' L' F L2 U' D' R U' F B2 R2 B2 R2 L' D",
    ),
    (
        "FUBBUUFDRULLBRDDFBDBBFFRBURLFFDDRUBRULLDLLLFDURRLBRDUF",
        "L U F B' L F U' L' D F D F2 D R U L2 F' B'",
    ),
    (
        "BLDBUDLRLUBFBRDRFDBDFRFLFRBUFULDDLURDRUBLUBURLFRLBUFFD",
        "F B R2 B' L' F U2 L' F' D B' D F' U B R' F U'",
    ),
    (
        "LLUDUBDRDLUFFRLBURBDFUFRFDULFRFDFFLDBBLBLRDLURDUUBRBBR",
        "R F' R' L2 B2 L' F R L2 B D R' L' F' L D R2 D2",
    ),
    (
        "RUULUUUFDRLLURBDLBRDBDFFBURURFLDDDFDUFFRLBFBLFBBRBDLRL",
        "F2 R2 F2 R2 F D' F2 D2 L' B U' R2 D' R D' F2 U' B'",
    ),
    (
        "DDDBURRUFDFBBRRUFBFBLLFDDRLFUFDDLUULBLUULDRFRRRLBBFULB",
        "F2 R F' L' B' L2 B' R' F L2 U2 L' U' B' R' B D' F",
    ),
    (
        "RBDDUFRBLDDFURUULLDRBFFLLLFBFRUDBBUFULFRLRRBULDBRBDUFD",
        "R2 F' U2 B D2 F2 L2 F' D R' D' R2 L U' R D2 F'",
    ),
    (
        "BUDRUBBDLFLRRRFBBULLDBFUBFRULDUDDFRFRFDULRUFLFLUDBBRDL",
        "U2 F2 B2 L D' L U' L U' D' L2 B L2 B U B' R2 D'",
    ),
    (
        "BUDRUBBDLFLRRRFBBULLDBFUBFRULDUDDFRFRFDULRUFLFLUDBBRDL",
        "L' U2 R' U L' U D2 R' F' L2 U2 B U2 R2 F2 D R U2",
    ),
    (
        "FUDUUFFBBRDBDRBDRDURULFBFDFLLLLDDUFLRRRBLFBUURFDLBUBRL",
        "U D L B2 D F' D2 L2 D' L' U2 F2 R2 B' U' D B'",
    ),
    (
        "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB",
        "U R U2 R F2 L U2 R F' B' R2 D R' L U2 F2 D2 F R2 D",
    ),
];

#[test]
fn the_documented_optimal_solutions_solve_their_cubes() {
    // The cubes are the generator's: `random_cubes 2026 10` writes them in this order.
    let mut rng = SplitMix64::new(2026);
    let drawn: Vec<String> = (0..10).map(|_| Cube::random(|n| rng.below(n)).facelets()).collect();
    for (index, (stickers, solution)) in SOLVED_IN_THE_DOCS.iter().enumerate() {
        // All but the last, the superflip.
        if index + 1 < SOLVED_IN_THE_DOCS.len() {
            assert!(drawn.contains(&(*stickers).to_owned()), "{stickers} is not seed 2026's");
        }
        let mut model = Stickers::read(stickers);
        for turn in solution.split_whitespace() {
            model.turn(turn);
        }
        assert!(model.is_solved(), "{solution} does not solve {stickers} (the model)");
        let cube = Cube::from_facelets(stickers).expect("a possible cube");
        assert!(cube.after(&turns(solution)).is_solved(), "{solution} (the crate)");
        // Not a check that passes whatever: the solution short of its last turn solves nothing.
        let mut short = Stickers::read(stickers);
        let all: Vec<&str> = solution.split_whitespace().collect();
        for turn in &all[..all.len() - 1] {
            short.turn(turn);
        }
        assert!(!short.is_solved(), "{stickers}");
    }
}
