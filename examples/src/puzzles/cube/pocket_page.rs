//! The pocket cube on the explorer's page: drawn as a flat net of its 24 coloured stickers, the
//! lecture's cubes, and random scrambles of the turns of `U R F`.

use puzzle_cube::{Face, POCKET_PREFIX, Pocket, PocketCube};
use search_cli::explore::{Preset, random_walk_moves};
use serde_json::{Value, json};

/// The lecture's pocket cube, 5 moves from solved: IDA\* with `bound` takes three iterations
/// (bounds 3, 4, 5) and generates 62 nodes, a tree small enough to read node by node.
pub const LECTURE: &str = "2x2x2: U2 F U F U2";
/// A pocket cube 8 moves from solved: four iterations with `bound` (bounds 5 to 8, 1,655 nodes);
/// one with `exact`, straight to the goal.
pub const EIGHT_MOVES: &str = "2x2x2: R U2 F' R U' F2 U R'";
/// A pocket cube 11 moves from solved, as far as any is (one of 2,644 positions), given by its
/// stickers.
pub const ELEVEN_MOVES: &str = "FFURBDUBBDFLDFDLURLLRRUB";

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

/// The cube as the page draws it: a net of its stickers.
#[must_use]
pub fn picture(pocket: &Pocket) -> Value {
    json!({"kind": "cube-net", "stickers": stickers(pocket)})
}

/// The lecture's cubes.
#[must_use]
pub fn presets() -> Vec<Preset> {
    vec![
        Preset { name: "pocket cube, 5 moves, 3 iterations", instance: LECTURE },
        Preset { name: "pocket cube, 8 moves, 4 iterations", instance: EIGHT_MOVES },
        Preset { name: "pocket cube, 11 moves (God's number), stickers", instance: ELEVEN_MOVES },
    ]
}

/// A walk of the turns of `U R F` from the solved cube, never back to a position already seen
/// nor the same face twice in a row, written as the scramble it is (`2x2x2: R U' F2 ...`).
#[must_use]
pub fn scramble(moves: usize, seed: u64) -> String {
    let (_, turns) = random_walk_moves(&PocketCube, Pocket::solved(), moves, seed);
    let mut text = POCKET_PREFIX.to_owned();
    for turn in turns {
        text.push(' ');
        text.push_str(&turn.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use puzzle_cube::PocketDistances;

    use super::*;

    #[test]
    fn the_net_lists_the_stickers_face_by_face() {
        // Solved: four stickers of each face's colour, faces U R F D L B.
        let faces: Vec<usize> = (0..6).flat_map(|face| [face; 4]).collect();
        assert_eq!(picture(&Pocket::solved()), json!({"kind": "cube-net", "stickers": faces}));
        // R turns F's right column up to U: U's right column shows F's colour (green, 2), F's
        // shows D's (3), D's B's (5), B's left column U's (0); L does not move.
        let r = puzzle_cube::cases("2x2x2: R").next().unwrap().unwrap();
        let puzzle_cube::Case::Pocket(r) = r else { panic!("a pocket cube") };
        assert_eq!(
            stickers(&r.held().pocket),
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
            let text = scramble(7, seed);
            let turns: Vec<&str> = text.strip_prefix("2x2x2: ").unwrap().split(' ').collect();
            assert_eq!(turns.len(), 7, "{text}");
            assert!(turns.iter().all(|t| ["U", "R", "F"].iter().any(|f| t.starts_with(f))));
            let Some(Ok(puzzle_cube::Case::Pocket(pocket))) = puzzle_cube::cases(&text).next()
            else {
                panic!("{text}")
            };
            assert!(exact.distance(&pocket.held().pocket) <= 7, "{text}");
        }
    }
}
