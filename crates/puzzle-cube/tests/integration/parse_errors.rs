//! Impossible cubes and bad lines, each named in its message.

use puzzle_cube::{Case, cases};

/// The message of the first error of `input`, with the cases answered before it.
fn first_error(input: &str) -> (usize, String) {
    let mut good = 0;
    for case in cases(input) {
        match case {
            Ok(_) => good += 1,
            Err(error) => return (good, error.to_string()),
        }
    }
    panic!("no error in {input:?}")
}

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// `SOLVED` with the stickers at `places` replaced by `letters`.
fn with(places: &[usize], letters: &str) -> String {
    let mut stickers: Vec<char> = SOLVED.chars().collect();
    for (&place, letter) in places.iter().zip(letters.chars()) {
        stickers[place] = letter;
    }
    stickers.into_iter().collect()
}

#[test]
fn each_impossible_cube_is_named_after_the_good_cases_before_it() {
    let short = &SOLVED[..53];
    for (bad, expected) in [
        (
            with(&[8, 9, 20], "RFU"),
            "a twisted corner: the twists add up to 2 third(s) of a turn, not whole turns",
        ),
        (with(&[5, 10], "RU"), "a flipped edge: an odd number of edges are flipped"),
        (
            with(&[5, 10, 7, 19], "UFUR"),
            "a parity violation: two cubies are swapped (the corners' and edges' permutations differ in parity)",
        ),
        (short.to_owned(), "53 stickers, but a cube has 54"),
        (with(&[0], "R"), "colour U is on 8 stickers, not 9"),
        (with(&[0], "X"), "sticker 1 is 'X', not a colour (U R F D L B)"),
        (with(&[4], "R"), "colour U is on 8 stickers, not 9"),
    ] {
        let input = format!("R U\n# a comment\n{SOLVED}\n\n{bad}\nR\n");
        let (good, message) = first_error(&input);
        assert_eq!(good, 2, "{expected}");
        assert_eq!(message, format!("case 3 (line 5): {expected}"));
    }
}

#[test]
fn a_scramble_and_its_stickers_are_the_same_cube() {
    let scramble = "R U R' U' F2 D L' B2";
    let Some(Ok(Case::Cube(cube))) = cases(scramble).next() else { panic!() };
    let Some(Ok(Case::Cube(from_stickers))) = cases(&cube.facelets()).next() else { panic!() };
    assert_eq!(cube, from_stickers);
}

#[test]
fn a_bad_turn_is_quoted() {
    assert_eq!(
        first_error("R U\nR U3\n"),
        (1, "case 2 (line 2): \"U3\" is not a turn (a face U R F D L B, then nothing, 2 or ') nor stickers".to_owned())
    );
}
