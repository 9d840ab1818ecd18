//! Fuzzing each program's whole path, from the bytes of its input to the bytes of its output,
//! in-process through [`answer_all`] (docs/fuzzing.md).
//!
//! An input is a few cases, mostly easy to solve, written with varied whitespace, then an ending
//! that may be good or bad: nothing, the terminator and text after it, a case with a token
//! replaced by anything, or arbitrary bytes; the whole is sometimes cut short, and is handed to
//! the program a few bytes at a time, in sizes that vary, as a pipe does. The contract:
//!
//! - the program does not panic;
//! - it ends as the parser says the input is: with the parser's own message, which names the
//!   case after the good ones, or with every case answered;
//! - its output is every good case's answer, as the library gives it, in order;
//! - it is replayable: the good cases alone, as one input, give the same output and end well, and
//!   so does each good case on its own, the outputs put end to end.
//!
//! Every case has a node budget (`--max-nodes`), so that no case takes long. An input with a
//! case the budget would stop is left out before the program runs: the program reports such a
//! case on the process's own standard error, which a test cannot capture, and the command-line
//! tests check stopped cases.
//!
//! How many inputs a property tries: `PROPTEST_CASES` when set, otherwise [`DEFAULT_CASES`] (or
//! [`ROTATION_CASES`]), chosen so that the whole fuzz suite takes about a minute in CI.

use std::io::{self, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};

use clap::Parser;
use ida_examples::puzzles::{rotation, sliding, wall_pusher};
use ida_examples::{BatchOutcome, CommonArgs, Input, Interrupts, Output, Puzzle, answer_all};
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::{Config, TestCaseError};
use search_core::{Heuristic, IdaStar, Limits, Problem};

/// The node budget of every case: large enough that it seldom stops a case generated here (a
/// random Rotation Game board now and then, a maze more seldom still), small enough that no case
/// takes more than a fraction of a second.
const MAX_NODES: u64 = 1_000_000;

/// The node budget within which the test must solve a case itself for the input to be tried:
/// a quarter of the program's. The program runs on [`THREADS`] threads, and a case alone in
/// flight is searched by the parallel driver, which counts the nodes of the units it searched
/// beyond the solution's too: while one thread finishes the solution's unit, the other searches
/// later ones, about as many nodes again. A case the sequential driver solves in just under the
/// budget could then be stopped in the program on some runs and not others; a case solved
/// within a quarter of it leaves that room twice over.
const SURE_NODES: u64 = MAX_NODES / 4;

/// The program's threads: two, whatever the machine's cores, so that its batches and its
/// parallel driver are exercised, and [`SURE_NODES`]'s margin holds.
const THREADS: &str = "2";

/// The inputs each property tries unless `PROPTEST_CASES` says otherwise.
const DEFAULT_CASES: u32 = 2_000;

/// The inputs the Rotation Game's property tries unless `PROPTEST_CASES` says otherwise: fewer,
/// since its boards take the longest to solve (a millisecond on average, the scrambled ones
/// less, a random one up to the node budget).
const ROTATION_CASES: u32 = 1_000;

/// `default_cases` inputs per property, or `PROPTEST_CASES`. A failure is not saved to a file:
/// a test run writes nothing into the source tree, and a failure found becomes a named test.
/// The inputs left out (a case the node budget stops) may be up to a tenth of those tried, far
/// more than they are.
fn config(default_cases: u32) -> Config {
    let config = if std::env::var_os("PROPTEST_CASES").is_some() {
        Config::default()
    } else {
        Config::with_cases(default_cases)
    };
    let max_global_rejects = config.max_global_rejects.max(config.cases / 10);
    Config { failure_persistence: None, max_global_rejects, ..config }
}

/// A program under test: its [`Puzzle`], its command line, the library's own answer to a case and
/// the text of a case.
trait Program: Puzzle + Sized {
    /// The program as its `main` makes it, with no options of its own.
    fn new() -> Self;
    /// The options every program has, from a command line (`argv[0]` included).
    fn common_args(argv: &[&str]) -> CommonArgs;
    /// What the parser makes of `text`: the cases, up to the first error's message.
    fn parse(text: &str) -> Vec<Result<Self::Case, String>>;
    /// The case's answer as the puzzle crate and search-core's IDA\* give it, within `limits`,
    /// in the program's output format; `None` if the limits stop it.
    fn answer(
        case: &Self::Case,
        heuristic: Option<Self::Heuristic>,
        limits: &Limits<u8>,
    ) -> Option<String>;
    /// The case as input text.
    fn text(case: &Self::Case) -> String;
}

impl Program for rotation::Program {
    fn new() -> Self {
        rotation::Program { pretty: false }
    }

    fn common_args(argv: &[&str]) -> CommonArgs {
        rotation::Args::try_parse_from(argv).expect("a valid command line").common
    }

    fn parse(text: &str) -> Vec<Result<Self::Case, String>> {
        puzzle_rotation::cases(text).map(|case| case.map_err(|error| error.to_string())).collect()
    }

    fn answer(
        board: &Self::Case,
        heuristic: Option<Self::Heuristic>,
        limits: &Limits<u8>,
    ) -> Option<String> {
        use puzzle_rotation::{Answer, Count, Exact, Rotation};
        let ida_star = |heuristic: &dyn Heuristic<Rotation>| {
            IdaStar::new(&Rotation, &heuristic).limits(limits.clone()).run(board)
        };
        let report = match heuristic.unwrap_or(rotation::HeuristicName::ALL[0]) {
            rotation::HeuristicName::Exact => ida_star(Exact::shared()),
            rotation::HeuristicName::Count => ida_star(&Count),
        };
        Answer::from_outcome(board, report.outcome).ok().map(|answer| answer.to_string())
    }

    fn text(board: &Self::Case) -> String {
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        cells.join(" ") + "\n"
    }
}

impl Program for wall_pusher::Program {
    fn new() -> Self {
        wall_pusher::Program { pretty: false }
    }

    fn common_args(argv: &[&str]) -> CommonArgs {
        wall_pusher::Args::try_parse_from(argv).expect("a valid command line").common
    }

    fn parse(text: &str) -> Vec<Result<Self::Case, String>> {
        puzzle_wall_pusher::cases(text)
            .map(|case| case.map_err(|error| error.to_string()))
            .collect()
    }

    fn answer(
        maze: &Self::Case,
        heuristic: Option<Self::Heuristic>,
        limits: &Limits<u8>,
    ) -> Option<String> {
        use puzzle_wall_pusher::{ExitDistance, WallPusher, solve_by};
        let wall_pusher::HeuristicName::ExitDistance =
            heuristic.unwrap_or(wall_pusher::HeuristicName::ALL[0]);
        let solved = solve_by(maze, limits, |limits| {
            IdaStar::new(&WallPusher, &ExitDistance).limits(limits).run(maze)
        });
        solved.answer.ok().map(|answer| answer.to_string())
    }

    fn text(maze: &Self::Case) -> String {
        use puzzle_wall_pusher::COLUMNS;
        let (column, row) = (maze.player() % COLUMNS + 1, maze.player() / COLUMNS + 1);
        let mut text = format!("{column} {row}\n");
        for masks in maze.masks().chunks(COLUMNS) {
            let masks: Vec<String> = masks.iter().map(ToString::to_string).collect();
            text = text + &masks.join(" ") + "\n";
        }
        text
    }
}

impl Program for sliding::Program {
    fn new() -> Self {
        sliding::Program::new(None, 1)
    }

    fn common_args(argv: &[&str]) -> CommonArgs {
        sliding::Args::try_parse_from(argv).expect("a valid command line").common
    }

    fn parse(text: &str) -> Vec<Result<Self::Case, String>> {
        puzzle_sliding::cases(text).map(|case| case.map_err(|error| error.to_string())).collect()
    }

    fn answer(
        board: &Self::Case,
        heuristic: Option<Self::Heuristic>,
        limits: &Limits<u8>,
    ) -> Option<String> {
        use puzzle_sliding::{Answer, DisjointDatabases, LinearConflict, Manhattan, Sliding};
        if !board.is_solvable() {
            return Some(format!("{}\n", Answer::Unsolvable));
        }
        let puzzle = Sliding::for_board(board);
        let ida_star = |heuristic: &dyn Heuristic<Sliding>| {
            IdaStar::new(&puzzle, &heuristic).limits(limits.clone()).run(board)
        };
        // pdb is asked only of boards it does not serve, which the program refuses: never here.
        let report = match heuristic.unwrap_or(sliding::HeuristicName::default_for(board)) {
            sliding::HeuristicName::Manhattan => ida_star(&Manhattan),
            sliding::HeuristicName::LinearConflict => ida_star(&LinearConflict),
            sliding::HeuristicName::PatternDatabases => ida_star(DisjointDatabases::fifteen()),
            sliding::HeuristicName::Misplaced => ida_star(&sliding::Misplaced),
        };
        Answer::from_outcome(report.outcome).ok().map(|answer| format!("{answer}\n"))
    }

    fn text(board: &Self::Case) -> String {
        let cells: Vec<String> = board.cells().iter().map(ToString::to_string).collect();
        cells.join(" ") + "\n"
    }
}

/// A writer whose bytes the test reads back once the program is done with it.
#[derive(Clone, Default)]
struct Written(Arc<Mutex<Vec<u8>>>);

impl Written {
    fn bytes(&self) -> Vec<u8> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

impl Write for Written {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A reader that hands out its bytes in pieces of the sizes `pieces` cycles through, as a pipe
/// does: a token or a line may then span several reads.
struct Pipe {
    bytes: Vec<u8>,
    at: usize,
    pieces: Vec<usize>,
    turn: usize,
}

impl Read for Pipe {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let piece = self.pieces[self.turn % self.pieces.len()];
        self.turn += 1;
        let length = piece.min(buffer.len()).min(self.bytes.len() - self.at);
        buffer[..length].copy_from_slice(&self.bytes[self.at..self.at + length]);
        self.at += length;
        Ok(length)
    }
}

/// How a program is run: its options, and the heuristic chosen on its command line, if any.
struct Setup<P: Program> {
    args: CommonArgs,
    heuristic: Option<P::Heuristic>,
}

impl<P: Program> Setup<P> {
    /// The program with the node budget, no progress line, and `heuristic`.
    fn new(heuristic: Option<P::Heuristic>) -> Self {
        let budget = MAX_NODES.to_string();
        let argv =
            [P::PROGRAM, "--max-nodes", &budget, "--progress", "never", "--threads", THREADS];
        Setup { args: P::common_args(&argv), heuristic }
    }

    /// Runs the program over `input`, read in `pieces`: how it ended, and what it wrote.
    fn run(&self, input: &[u8], pieces: &[usize]) -> (BatchOutcome, Vec<u8>) {
        let pipe = Pipe { bytes: input.to_vec(), at: 0, pieces: pieces.to_vec(), turn: 0 };
        let input = Input::new(Box::new(pipe), "test");
        let written = Written::default();
        let out = Output::new(Box::new(written.clone()));
        let interrupts = Interrupts::unwatched(P::PROGRAM);
        let end =
            answer_all(&P::new(), &self.args, self.heuristic, input, &out, false, &interrupts);
        out.flush().expect("a Vec takes every byte");
        (end, written.bytes())
    }

    /// Runs the program over `text` read whole, which must end with every case answered.
    fn answered(&self, text: &str) -> Result<Vec<u8>, TestCaseError> {
        let (end, output) = self.run(text.as_bytes(), &[usize::MAX]);
        prop_assert!(matches!(end, BatchOutcome::Answered { .. }), "{:?} for {:?}", end, text);
        Ok(output)
    }

    /// The contract of a run over `input`, read in `pieces` (see the module documentation).
    fn check(&self, input: &[u8], pieces: &[usize]) -> Result<(), TestCaseError> {
        // What the input is, by the parser, which the puzzle crates' own fuzz tests check: the
        // good cases, then the first error, if any, which ends them.
        let (mut good, mut error) = (Vec::new(), None);
        for case in P::parse(&String::from_utf8_lossy(input)) {
            match case {
                Ok(case) => good.push(case),
                Err(message) => error = Some(message),
            }
        }
        let limits = Limits::default().max_generated(SURE_NODES);
        let answers: Option<Vec<String>> =
            good.iter().map(|case| P::answer(case, self.heuristic, &limits)).collect();
        let Some(answers) = answers else {
            return Err(TestCaseError::reject("the node budget stops a case"));
        };
        let (end, output) = self.run(input, pieces);
        match (end, error) {
            (BatchOutcome::BadInput(message), Some(error)) => {
                prop_assert!(names_case(&message, good.len() + 1), "{}", message);
                prop_assert_eq!(message, error);
            }
            (BatchOutcome::Answered { stopped }, None) => prop_assert!(!stopped),
            (end, error) => {
                let why = format!("the program ended with {end:?}; the parser said {error:?}");
                return Err(TestCaseError::fail(why));
            }
        }
        let output = String::from_utf8(output).expect("answers are text");
        prop_assert_eq!(&output, &answers.concat());
        let good_alone: String = good.iter().map(P::text).collect();
        prop_assert_eq!(&String::from_utf8(self.answered(&good_alone)?).unwrap(), &output);
        let mut one_by_one = Vec::new();
        for case in &good {
            one_by_one.extend(self.answered(&P::text(case))?);
        }
        prop_assert_eq!(&String::from_utf8(one_by_one).unwrap(), &output);
        Ok(())
    }
}

/// Whether `message` begins by naming case `case`: `case 3: ...` or `case 3 (line 5): ...`.
fn names_case(message: &str, case: usize) -> bool {
    message
        .strip_prefix(&format!("case {case}"))
        .is_some_and(|rest| rest.starts_with(": ") || rest.starts_with(" (line "))
}

/// Whitespace between tokens: any ASCII whitespace, one character or several.
fn gap() -> impl Strategy<Value = &'static str> {
    select(&[" ", " ", "\n", "\t", "\r\n", "  "][..])
}

/// Whitespace between the numbers of a sliding-tile board, which must stay on its line.
fn gap_in_line() -> impl Strategy<Value = &'static str> {
    select(&[" ", " ", "\t", "  ", "\x0c"][..])
}

/// Text for a bad token or a tail: almost-integers, integers from small to huge with signs,
/// arbitrary Unicode (whitespace included), bytes that are not UTF-8.
fn junk() -> impl Strategy<Value = Vec<u8>> {
    let tricky = &["x", "+", "-", "1.0", "٣", "\u{a0}", "-1", "99999999999999999999999", "#"][..];
    prop_oneof![
        select(tricky).prop_map(|token| token.as_bytes().to_vec()),
        "[+-]?[0-9]{1,30}".prop_map(String::into_bytes),
        any::<String>().prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>(), 0..12),
    ]
}

/// How an input ends, after its good cases.
#[derive(Clone, Debug)]
enum Ending {
    /// The text ends.
    Nothing,
    /// The puzzle's terminator, then junk (for sliding, which has none, a bad line).
    Terminator(Vec<u8>),
    /// One more case, its token at an index replaced by junk.
    BadToken(Index, Vec<u8>),
    /// Junk.
    Junk(Vec<u8>),
}

fn ending() -> impl Strategy<Value = Ending> {
    prop_oneof![
        Just(Ending::Nothing),
        junk().prop_map(Ending::Terminator),
        (any::<Index>(), junk()).prop_map(|(at, junk)| Ending::BadToken(at, junk)),
        junk().prop_map(Ending::Junk),
    ]
}

/// The sizes of the pieces an input is read in: mostly small, so that tokens and lines span
/// reads, and sometimes everything at once.
fn pieces() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![3 => 1..16_usize, 1 => Just(usize::MAX)], 1..6)
}

/// An input, before it is made bytes: cases as tokens, how they are spaced, how the input ends
/// (`extra` being the tokens of the case a [`Ending::BadToken`] damages), and where it is cut, if
/// it is.
#[derive(Clone, Debug)]
struct Plan {
    cases: Vec<Vec<String>>,
    gaps: Vec<&'static str>,
    ending: Ending,
    extra: Vec<String>,
    cut: Option<Index>,
}

/// A plan of up to four cases drawn from `case`, their tokens spaced by `gap`s.
fn plan(
    case: impl Strategy<Value = Vec<String>> + Clone,
    gap: impl Strategy<Value = &'static str>,
) -> impl Strategy<Value = Plan> {
    let cases = prop::collection::vec(case.clone(), 0..5);
    let gaps = prop::collection::vec(gap, 1..5);
    let cut = prop::option::weighted(0.2, any::<Index>());
    (cases, gaps, ending(), case, cut).prop_map(|(cases, gaps, ending, extra, cut)| Plan {
        cases,
        gaps,
        ending,
        extra,
        cut,
    })
}

impl Plan {
    /// The input's bytes; `terminator` is the puzzle's.
    fn bytes(&self, terminator: &str) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut gaps = self.gaps.iter().cycle();
        // A case's tokens, spaced, then a line end.
        let mut write = |bytes: &mut Vec<u8>, tokens: &[&[u8]]| {
            for token in tokens {
                bytes.extend(*token);
                bytes.extend(gaps.next().unwrap().bytes());
            }
            bytes.push(b'\n');
        };
        for case in &self.cases {
            write(&mut bytes, &case.iter().map(String::as_bytes).collect::<Vec<_>>());
        }
        match &self.ending {
            Ending::Nothing => {}
            Ending::Terminator(junk) => {
                bytes.extend(terminator.bytes());
                bytes.push(b'\n');
                bytes.extend(junk);
            }
            Ending::BadToken(at, junk) => {
                let mut tokens: Vec<&[u8]> = self.extra.iter().map(String::as_bytes).collect();
                let at = at.index(tokens.len());
                tokens[at] = junk;
                write(&mut bytes, &tokens);
            }
            Ending::Junk(junk) => bytes.extend(junk),
        }
        if let Some(cut) = self.cut {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        bytes
    }
}

/// A Rotation Game board, as tokens: mostly a few moves from solved (a board whose centre is
/// filled with one symbol, scrambled by up to 6 moves), sometimes any board.
fn rotation_board() -> impl Strategy<Value = Vec<String>> + Clone {
    use puzzle_rotation::{Board, CENTRE, Move};
    let moves = prop::collection::vec(select(&Move::ALL[..]), 0..7);
    let near = (prop::array::uniform24(1..=3_u8), 1..=3_u8, moves).prop_map(
        |(mut cells, symbol, moves)| {
            for cell in CENTRE {
                cells[usize::from(cell)] = symbol;
            }
            let mut board = Board::from_cells(&cells).unwrap();
            for mv in moves {
                board.apply(mv);
            }
            board.cells()
        },
    );
    prop_oneof![3 => near, 1 => prop::array::uniform24(1..=3_u8)]
        .prop_map(|cells| cells.iter().map(ToString::to_string).collect())
}

/// A Wall Pushers maze, as tokens: its border closed but for one to three exits, each inner wall
/// there with a chance of one in ten (an open maze) or seven in ten (a crowded one), a random
/// start. Mazes in between, with a wall in three or four places, are the ones that need the most
/// search: more of them would be left out for the node budget.
fn maze() -> impl Strategy<Value = Vec<String>> + Clone {
    use puzzle_wall_pusher::{CELLS, COLUMNS, Dir, Maze, ROWS};
    let walls = (select(&[10_u8, 70][..]), prop::collection::vec(0..100_u8, 2 * CELLS))
        .prop_map(|(percent, rolls)| rolls.into_iter().map(|roll| roll < percent).collect());
    let border_sides: Vec<(usize, Dir)> = (0..CELLS)
        .flat_map(|cell| Dir::ALL.map(|side| (cell, side)))
        .filter(|&(cell, side)| match side {
            Dir::W => cell % COLUMNS == 0,
            Dir::N => cell < COLUMNS,
            Dir::E => cell % COLUMNS == COLUMNS - 1,
            Dir::S => cell >= COLUMNS * (ROWS - 1),
        })
        .collect();
    let exits = prop::collection::vec(select(border_sides.clone()), 1..4);
    (0..CELLS, walls, exits).prop_map(move |(start, walls, exits): (usize, Vec<bool>, _)| {
        let mut masks = [0_u8; CELLS];
        for cell in 0..CELLS {
            // The walls east and south of each cell, written into both cells they part.
            if cell % COLUMNS < COLUMNS - 1 && walls[2 * cell] {
                masks[cell] |= Dir::E.mask_bit();
                masks[cell + 1] |= Dir::W.mask_bit();
            }
            if cell / COLUMNS < ROWS - 1 && walls[2 * cell + 1] {
                masks[cell] |= Dir::S.mask_bit();
                masks[cell + COLUMNS] |= Dir::N.mask_bit();
            }
        }
        for &(cell, side) in &border_sides {
            if !exits.contains(&(cell, side)) {
                masks[cell] |= side.mask_bit();
            }
        }
        let maze = Maze::from_masks(&masks, start);
        <wall_pusher::Program as Program>::text(&maze)
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    })
}

/// A sliding-tile board of side 2 or 3, solvable or not, as tokens.
fn small_board() -> impl Strategy<Value = Vec<String>> + Clone {
    (2..=3_u8)
        .prop_flat_map(|width| Just((0..width * width).collect::<Vec<u8>>()).prop_shuffle())
        .prop_map(|cells| cells.iter().map(ToString::to_string).collect())
}

/// A sliding-tile board of side 2 to 5, up to 20 random moves of the blank from the goal, as
/// tokens.
fn scrambled_board() -> impl Strategy<Value = Vec<String>> + Clone {
    use puzzle_sliding::{Board, Sliding};
    (2..=5_usize, prop::collection::vec(any::<Index>(), 0..=20)).prop_map(|(width, moves)| {
        let puzzle = Sliding::new(width);
        let mut board = Board::goal(width);
        for choice in moves {
            let slides = puzzle.moves_from(board.blank());
            let slide = slides[choice.index(slides.len())];
            puzzle.apply(&mut board, slide);
        }
        board.cells().iter().map(ToString::to_string).collect()
    })
}

proptest! {
    #![proptest_config(config(ROTATION_CASES))]

    #[test]
    fn rotation_answers_every_good_case_and_names_the_bad_one(
        plan in plan(rotation_board(), gap()),
        pieces in pieces(),
    ) {
        Setup::<rotation::Program>::new(None).check(&plan.bytes("0"), &pieces)?;
    }
}

proptest! {
    #![proptest_config(config(DEFAULT_CASES))]

    #[test]
    fn wall_pusher_answers_every_good_case_and_names_the_bad_one(
        plan in plan(maze(), gap()),
        pieces in pieces(),
    ) {
        Setup::<wall_pusher::Program>::new(None).check(&plan.bytes("0 0"), &pieces)?;
    }

    #[test]
    fn sliding_answers_every_good_case_and_names_the_bad_one(
        plan in plan(small_board(), gap_in_line()),
        pieces in pieces(),
    ) {
        Setup::<sliding::Program>::new(None).check(&plan.bytes("0"), &pieces)?;
    }

    #[test]
    fn sliding_with_a_chosen_heuristic_answers_every_size(
        plan in plan(scrambled_board(), gap_in_line()),
        pieces in pieces(),
    ) {
        let manhattan = Some(sliding::HeuristicName::Manhattan);
        Setup::<sliding::Program>::new(manhattan).check(&plan.bytes("0"), &pieces)?;
    }

    /// The pattern databases serve 4x4 and 5x5 boards only: a first board of another size ends the run
    /// before anything is answered, with a message that names it (and no database is built).
    #[test]
    fn sliding_names_the_board_the_chosen_heuristic_cannot_serve(
        board in small_board(),
        junk in junk(),
    ) {
        let mut input = (board.join(" ") + "\n").into_bytes();
        input.extend(junk);
        let pdb = Some(sliding::HeuristicName::PatternDatabases);
        let (end, output) = Setup::<sliding::Program>::new(pdb).run(&input, &[usize::MAX]);
        let message = match end {
            BatchOutcome::BadInput(message) => message,
            end => return Err(TestCaseError::fail(format!("{end:?}"))),
        };
        prop_assert_eq!(message, "case 1: the pdb heuristic is for 4x4 and 5x5 boards only");
        prop_assert!(output.is_empty());
    }
}
