//! The pocket cube (`puzzle-cube`'s 2x2x2), explored: read as the program `cube --pocket` reads
//! it, searched held by its `DBL` corner with the 9 turns of `U R F`, and drawn as a flat net of
//! its 24 coloured stickers.

use std::sync::OnceLock;

use puzzle_cube::{Face, POCKET_PREFIX, Pocket, PocketBound, PocketDistances};
use serde_json::{Value, json};

use crate::puzzle::{DynHeuristic, Explorable, Preset, random_walk_moves};

/// The pocket cube. An instance is one case of the program `cube --pocket`: a scramble in
/// Singmaster's notation (`2x2x2: R U R' U'`, the prefix optional), or the 24 stickers (or a
/// 3x3x3 cube's 54, read as its corners). The search starts from the cube turned in hand until
/// its `DBL` corner is home ([`Pocket::held`]): the states drawn and the moves shown are those of
/// the cube so held, as in the program's traces. An impossible cube (a twisted corner, a corner
/// twice, a wrong sticker count) is refused by the parser with the program's message: every cube
/// read can be solved, so the puzzle needs no [`Explorable::unsolvable`].
pub struct PocketCube;

/// The bound of two small tables, made once per process, on first use (milliseconds).
static BOUND: OnceLock<PocketBound> = OnceLock::new();
/// Every position's distance, made once per process, on first use: 1.6 to 2.7 s on two busy
/// cores in a release build (28 MB at its peak), too long to make for every run.
static EXACT: OnceLock<PocketDistances> = OnceLock::new();

/// The net's colours by sticker: `stickers[i]` is the face (0 to 5, `U R F D L B`) whose colour
/// the `i`-th sticker shows, stickers in the order of [`Pocket::facelets`] (faces `U R F D L B`,
/// each row by row as the face is drawn in the net). A letter that is no face's, which
/// `facelets` never writes, would be given as a colour the page refuses to draw.
#[must_use]
pub fn stickers(pocket: &Pocket) -> Vec<usize> {
    pocket
        .facelets()
        .chars()
        .map(|letter| Face::from_letter(letter).map_or(usize::MAX, Face::index))
        .collect()
}

impl Explorable for PocketCube {
    type Problem = puzzle_cube::PocketCube;

    fn name(&self) -> &'static str {
        "pocket-cube"
    }

    /// The 24 stickers of the cube as held, as the program's traces write it.
    fn text(&self, pocket: &Pocket) -> String {
        pocket.facelets()
    }

    fn parse(&self, text: &str) -> Result<(Self::Problem, Pocket), String> {
        let pocket = match puzzle_cube::cases(text).next() {
            Some(Ok(puzzle_cube::Case::Pocket(pocket))) => pocket,
            Some(Ok(puzzle_cube::Case::Cube(cube))) => Pocket::of_cube(&cube),
            Some(Err(error)) => return Err(error.to_string()),
            None => return Err("no instance: the text holds no case".to_owned()),
        };
        Ok((puzzle_cube::PocketCube, pocket.held().pocket))
    }

    fn heuristics(&self) -> &'static [&'static str] {
        &["bound", "exact"]
    }

    /// `bound`: the larger of two small databases' distances, the corners' arrangement (5,040
    /// entries) and their twists (729). `exact`: every position's distance (3,674,160 entries),
    /// with which IDA\* walks straight to the goal.
    fn heuristic(&self, _: &Self::Problem, name: &str) -> Option<DynHeuristic<Self::Problem>> {
        match name {
            "bound" => Some(Box::new(BOUND.get_or_init(PocketBound::build))),
            "exact" => Some(Box::new(EXACT.get_or_init(|| PocketDistances::build(0)))),
            _ => None,
        }
    }

    fn draw(&self, pocket: &Pocket) -> Option<Value> {
        Some(json!({"kind": "cube-net", "stickers": stickers(pocket)}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset { name: "pocket cube, 5 moves, 3 iterations", instance: LECTURE },
            Preset { name: "pocket cube, 8 moves, 4 iterations", instance: EIGHT_MOVES },
            Preset {
                name: "pocket cube, 11 moves (God's number), stickers",
                instance: ELEVEN_MOVES,
            },
        ]
    }

    /// A walk of the turns of `U R F` from the solved cube, never back to a position already
    /// seen nor the same face twice in a row, written as the scramble it is (`2x2x2: R U' F2 ...`). There is one size.
    fn scramble(&self, _: usize, moves: usize, seed: u64) -> Option<String> {
        let (_, turns) = random_walk_moves(&puzzle_cube::PocketCube, Pocket::solved(), moves, seed);
        let mut text = POCKET_PREFIX.to_owned();
        for turn in turns {
            text.push(' ');
            text.push_str(&turn.to_string());
        }
        Some(text)
    }
}

/// The lecture's pocket cube, 5 moves from solved: IDA\* with `bound` takes three iterations
/// (bounds 3, 4, 5) and generates 62 nodes, a tree small enough to read node by node.
pub const LECTURE: &str = "2x2x2: U2 F U F U2";
/// A pocket cube 8 moves from solved: four iterations with `bound` (bounds 5 to 8, 1,655 nodes);
/// one with `exact`, straight to the goal.
pub const EIGHT_MOVES: &str = "2x2x2: R U2 F' R U' F2 U R'";
/// A pocket cube 11 moves from solved, as far as any is (one of 2,644 positions), given by its
/// stickers.
pub const ELEVEN_MOVES: &str = "FFURBDUBBDFLDFDLURLLRRUB";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;

    #[test]
    fn a_case_is_read_as_the_program_reads_it() {
        // A scramble, with or without the prefix, and its stickers: the same cube.
        let (_, scrambled) = PocketCube.parse("2x2x2: R U").unwrap();
        let (_, bare) = PocketCube.parse("R U").unwrap();
        let (_, stickers) = PocketCube.parse(&scrambled.facelets()).unwrap();
        assert_eq!(scrambled, bare);
        assert_eq!(scrambled, stickers);
        // The solved cube's stickers, however it is held.
        assert_eq!(PocketCube.parse("2x2x2:").unwrap().1, Pocket::solved());
        // A turn of D is a turn of U of the cube held by its DBL corner.
        let (_, d) = PocketCube.parse("2x2x2: D").unwrap();
        assert_eq!(d, PocketCube.parse("2x2x2: U").unwrap().1);
        // Bad cases get the program's messages.
        assert_eq!(
            PocketCube.check("R X"),
            Err("case 1 (line 1): \"X\" is not a turn (a face U R F D L B, then nothing, 2 or ') \
                 nor stickers"
                .to_owned())
        );
        let twisted = PocketCube.check("UUUFURRRFRFFDDDDLLLLBBBB").unwrap_err();
        assert!(twisted.contains("twist"), "{twisted}");
        assert_eq!(PocketCube.check("  "), Err("no instance: the text holds no case".to_owned()));
    }

    #[test]
    fn the_net_lists_the_stickers_face_by_face() {
        // Solved: four stickers of each face's colour, faces U R F D L B.
        let solved = PocketCube.draw(&Pocket::solved()).unwrap();
        let faces: Vec<usize> = (0..6).flat_map(|face| [face; 4]).collect();
        assert_eq!(solved, json!({"kind": "cube-net", "stickers": faces}));
        // R turns F's right column up to U: U's right column shows F's colour (green, 2), F's
        // shows D's (3), D's B's (5), B's left column U's (0); L does not move.
        let (_, r) = PocketCube.parse("R").unwrap();
        assert_eq!(
            stickers(&r),
            [
                0, 2, 0, 2, // U
                1, 1, 1, 1, // R
                2, 3, 2, 3, // F
                3, 5, 3, 5, // D
                4, 4, 4, 4, // L
                0, 5, 0, 5, // B
            ]
        );
    }

    #[test]
    fn a_scramble_is_a_walk_of_that_many_turns_at_most_that_far() {
        let exact = PocketDistances::build(0);
        for seed in 1..20 {
            let text = PocketCube.scramble(0, 7, seed).unwrap();
            let turns: Vec<&str> = text.strip_prefix("2x2x2: ").unwrap().split(' ').collect();
            assert_eq!(turns.len(), 7, "{text}");
            assert!(turns.iter().all(|t| ["U", "R", "F"].iter().any(|f| t.starts_with(f))));
            let (_, pocket) = PocketCube.parse(&text).unwrap();
            assert!(exact.distance(&pocket) <= 7, "{text}");
        }
        // Measured by IDA*, a random cube is at the distance asked for.
        for seed in 1..4 {
            let made = PocketCube.random(0, None, 9, seed, None).unwrap();
            let (_, pocket) = PocketCube.parse(&made.instance).unwrap();
            assert_eq!(made.distance, Some(9), "{made:?}");
            assert_eq!(exact.distance(&pocket), 9, "{made:?}");
        }
    }

    #[test]
    fn the_presets_are_as_far_as_they_say() {
        let exact = PocketDistances::build(0);
        let distance = |text| exact.distance(&PocketCube.parse(text).unwrap().1);
        assert_eq!(distance(LECTURE), 5);
        assert_eq!(distance(EIGHT_MOVES), 8);
        assert_eq!(distance(ELEVEN_MOVES), 11);
        let run = |instance, heuristic| {
            let options = crate::Options::default();
            let ida = crate::Algorithm::Ida;
            PocketCube.run(instance, ida, heuristic, &options, &mut Vec::new()).unwrap()
        };
        let lecture = run(LECTURE, "bound");
        let bounds: Vec<u64> = lecture.iterations.iter().map(|i| i.bound).collect();
        assert_eq!((lecture.cost, bounds, lecture.generated), (Some(5), vec![3, 4, 5], 62));
        let eight = run(EIGHT_MOVES, "bound");
        assert_eq!((eight.cost, eight.iterations.len()), (Some(8), 4));
        let eight = run(EIGHT_MOVES, "exact");
        assert_eq!((eight.cost, eight.iterations.len()), (Some(8), 1));
        let eleven = run(ELEVEN_MOVES, "bound");
        assert_eq!((eleven.cost, eleven.truncated), (Some(11), false), "{eleven:?}");
    }
}
