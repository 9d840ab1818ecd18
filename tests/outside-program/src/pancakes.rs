// The pancake puzzle as search-cli runs it: the problem, two heuristics and the program's
// `Puzzle`, with what the explorer's page shows of it. A plain file of items (no inner
// documentation), so that search-cli's README includes it in its doctest as it stands, and the
// examples' library (`ida_examples::puzzles::pancakes`, which the explorer offers) as its module:
// the program is written once.

use std::fmt;

use search_cli::explore::{Preset, Sizes, Value, json, random_walk};
use search_cli::{Algorithm, CaseReportOf, Input, Job, Puzzle, Search};
use search_core::{Heuristic, Observer, Problem};

/// Pancake stacks of `n` pancakes (the tutorial's step 1).
pub struct Pancakes {
    /// The flips, `2..=n`: the same for every stack, in the order they are tried.
    flips: Vec<usize>,
}

impl Pancakes {
    /// Stacks of `n` pancakes.
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self { flips: (2..=n).collect() }
    }
}

impl Problem for Pancakes {
    type State = Vec<u8>;
    type Move = usize;
    type Cost = u8;
    type Moves<'a> = &'a [usize];

    fn moves(&self, _stack: &Vec<u8>) -> &[usize] {
        &self.flips
    }

    fn apply(&self, stack: &mut Vec<u8>, k: usize) {
        stack[..k].reverse();
    }

    fn undo(&self, stack: &mut Vec<u8>, k: usize) {
        stack[..k].reverse();
    }

    fn inverse(&self, k: usize) -> Option<usize> {
        Some(k)
    }

    fn is_goal(&self, stack: &Vec<u8>) -> bool {
        stack.iter().enumerate().all(|(place, &size)| usize::from(size) == place)
    }
}

/// Helmert's gap heuristic (the tutorial's step 3).
pub struct Gaps;

fn gap(a: u8, b: u8) -> u8 {
    u8::from(a.abs_diff(b) > 1)
}

fn below(stack: &[u8], i: usize) -> u8 {
    // The plate: a stack holds at most 32 pancakes.
    stack.get(i + 1).copied().unwrap_or(u8::try_from(stack.len()).unwrap_or(u8::MAX))
}

impl Heuristic<Pancakes> for Gaps {
    fn estimate(&self, _: &Pancakes, stack: &Vec<u8>) -> u8 {
        (0..stack.len()).map(|i| gap(stack[i], below(stack, i))).sum()
    }

    fn estimate_child(&self, _: &Pancakes, stack: &Vec<u8>, k: usize, gaps: u8) -> Option<u8> {
        let under = below(stack, k - 1);
        Some(gaps - gap(stack[k - 1], under) + gap(stack[0], under))
    }
}

/// No estimate at all: IDA* becomes iterative deepening (for comparison, `--heuristic none`).
pub struct Blind;

impl Heuristic<Pancakes> for Blind {
    fn estimate(&self, _: &Pancakes, _: &Vec<u8>) -> u8 {
        0
    }
}

/// The heuristics the command line offers, by name.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    /// [`Gaps`].
    Gaps,
    /// [`Blind`].
    None,
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bound::Gaps => "gaps",
            Bound::None => "none",
        })
    }
}

/// The flips of an answer, as the output writes them: the numbers of pancakes flipped, separated
/// by spaces, on one line.
pub struct Flips(Vec<usize>);

impl fmt::Display for Flips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flips: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&flips.join(" "))
    }
}

/// The program: the puzzle as search-cli runs it.
#[derive(Default)]
pub struct Program;

impl Puzzle for Program {
    const PROGRAM: &'static str = "pancakes";
    const ABOUT: &'static str = "Sorts stacks of pancakes, one stack per line (top first), with \
                                 the fewest flips";
    type Problem = Pancakes;
    type Case = Vec<u8>;
    type Answer = Flips;
    type Heuristic = Bound;
    const HEURISTICS: &'static [Bound] = &[Bound::Gaps, Bound::None];

    type CaseError = String;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Vec<u8>, String>> {
        let stacks = input.lines().filter(|line| !line.trim_ascii().is_empty());
        stacks.enumerate().map(|(index, line)| {
            parse(&line).map_err(|problem| format!("case {}: {problem}", index + 1))
        })
    }

    fn solve<O: Observer<Pancakes>>(
        &self,
        stack: &Vec<u8>,
        bound: Bound,
        search: Search<'_, Pancakes, O>,
    ) -> CaseReportOf<Self> {
        let pancakes = Pancakes::new(stack.len());
        let report = match bound {
            Bound::Gaps => search.solve(&pancakes, &Gaps, stack),
            Bound::None => search.solve(&pancakes, &Blind, stack),
        };
        // Every stack can be sorted, so a search that ends has a solution.
        CaseReportOf::<Self>::from_report(report, |solution| {
            Flips(solution.map(|solution| solution.moves).unwrap_or_default())
        })
    }

    fn length(flips: &Flips) -> Option<usize> {
        Some(flips.0.len())
    }

    /// `solve` runs the driver `--algorithm` asks for (`Search::solve`), so every one is offered.
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    /// The case's search, for a host that runs it its own way: the cluster's work units, the
    /// explorer's recorded run.
    fn distribute<J: Job<Self>>(&self, stack: &Vec<u8>, bound: Bound, job: J) -> J::Output {
        let pancakes = Pancakes::new(stack.len());
        let answer = |flips: Option<Vec<usize>>| Ok(Flips(flips.unwrap_or_default()));
        match bound {
            Bound::Gaps => job.search(&pancakes, &Gaps, stack, &answer),
            Bound::None => job.search(&pancakes, &Blind, stack, &answer),
        }
    }

    // What the explorer's page shows (each has a default: a program is on the page as it is).

    /// The page's menu names the puzzle in the singular.
    const NAME: &'static str = "pancake";

    /// The sizes, top first, as the input writes them (in `--trace-json` too).
    fn state_text(&self, stack: &Vec<u8>) -> Option<String> {
        let sizes: Vec<String> = stack.iter().map(ToString::to_string).collect();
        Some(sizes.join(" "))
    }

    /// A stack of pancakes.
    fn picture(&self, stack: &Vec<u8>) -> Option<Value> {
        Some(json!({"kind": "stack", "sizes": stack}))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset { name: "5 pancakes", instance: "3 1 4 0 2" },
            Preset { name: "8 pancakes", instance: "5 2 7 0 3 6 1 4" },
        ]
    }

    /// Not `none`: the page offers `zero`, the same search, for every puzzle.
    fn page_offers(bound: Bound) -> bool {
        matches!(bound, Bound::Gaps)
    }

    fn sizes(&self) -> Option<Sizes> {
        Some(Sizes { least: 2, most: 20, default: 6, counts: "pancakes" })
    }

    /// A sorted stack of `n` pancakes (6 unless `n` is from 2 to 20), flipped at random.
    fn scramble(&self, n: usize, moves: usize, seed: u64) -> Option<String> {
        let n = if (2..=20).contains(&n) { n } else { 6 };
        let sorted = (0..u8::try_from(n).ok()?).collect();
        self.state_text(&random_walk(&Pancakes::new(n), sorted, moves, seed))
    }
}

/// A stack from its line: the sizes `0..n`, each once, at most 32 pancakes.
///
/// # Errors
///
/// What is wrong with the line.
pub fn parse(line: &str) -> Result<Vec<u8>, String> {
    let mut stack = Vec::new();
    for token in line.split_ascii_whitespace() {
        let size: u8 = token.parse().map_err(|_| format!("{token:?} is not a pancake's size"))?;
        stack.push(size);
    }
    if stack.len() > 32 {
        return Err(format!("{} pancakes: at most 32", stack.len()));
    }
    let mut sorted = stack.clone();
    sorted.sort_unstable();
    if sorted.iter().enumerate().any(|(place, &size)| usize::from(size) != place) {
        return Err(format!("the sizes are not 0 to {}, each once", stack.len() - 1));
    }
    Ok(stack)
}
