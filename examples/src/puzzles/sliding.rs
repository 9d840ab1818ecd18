//! The sliding-tile puzzles as a program: its command line ([`Args`]), its heuristics by name
//! ([`HeuristicName`]) and its [`Puzzle`] implementations, [`Program`] for unit costs and
//! [`Weighted`] for tiles with costs of their own (`--costs`); `examples/sliding.rs` runs
//! [`main`].

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::{
    Algorithm, CaseReport, CommonArgs, Input, Job, Puzzle, Search, Work, heuristic_parser,
};
use clap::{Parser, ValueEnum};
use puzzle_sliding::{
    Answer, Board, DisjointDatabases, LinearConflict, Manhattan, Sliding, SymmetricDatabases,
    TWENTY_FOUR_6_6_6_6, Tracked, TrackedBoard, TrackedBound, cache, cases_from_bytes,
};
use search_cli::explore::{Preset, Sizes};
use search_cluster::Host;
use search_core::{Observer, SearchStats};

mod heuristics;
pub mod page;
mod weighted;

pub use heuristics::{HeuristicName, Misplaced};
pub use weighted::{Costs, Weighted};

/// Solves sliding-tile puzzles optimally: reads boards from FILE (or standard input), one per
/// line, k*k numbers row by row with 0 for the blank (k from 2 to 5: 9 numbers for the 8-puzzle,
/// 16 for the 15-puzzle, 25 for the 24-puzzle); lines starting with # and blank lines are
/// skipped. The goal is 0 1 2 ... k*k-1, blank top-left. Prints one line per board: the blank's
/// moves as letters U, D, L, R (an empty line for a board that is already solved), or
/// `unsolvable` for a board that cannot reach the goal (such a board is an answer, not an error).
///
/// A line may start with its board's shape, `WIDTHxHEIGHT:` (columns x rows, each at least 2, at
/// most 25 cells), followed by that many numbers: `2x3: 1 0 2 3 4 5` is a board of 2 columns and
/// 3 rows. The goal is again 0 1 2 ..., blank top-left. On a board that is not square the only
/// heuristic is manhattan.
///
/// With --costs, sliding a tile costs what the costs say, and the answer is a cheapest solution
/// (the first in U, L, R, D order among the cheapest), which need not have the fewest moves.
/// With costs other than unit, the only heuristic is manhattan, weighted: each tile's distance
/// times its cost (the others count moves, and would overestimate), so --heuristic
/// linear-conflict or pdb and --pdb-cache are refused; --stats adds cost=C to each line (the
/// answer's cost; none and stopped as for length). --algorithm bts answers the same as ida,
/// with far less work when the costs are diverse (tile-squared, tile-cubed); it has no parallel
/// driver, so with --threads it solves several cases at once, but each on one thread.
///
/// Every --algorithm gives an optimal answer (with --costs, every one but bfs, which counts
/// moves, not costs). ida, bts, iddfs and bfs give the first in U, L, R, D order among the
/// optimal ones; ucs and astar break ties their own way, so their letters may differ (never
/// their number, nor with --costs their cost). bfs, ucs and astar keep every board they reach:
/// fine for the 8-puzzle and easy boards, out of memory for a hard 15-puzzle; iddfs searches
/// with no estimate, for small boards only.
#[derive(Parser, Debug)]
#[command(name = "sliding", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic the search uses (default: the fastest for the board's size; with --costs
    /// other than unit, manhattan, the only one). manhattan: the Manhattan distance (each
    /// tile's times its cost with --costs). linear-conflict: Manhattan plus 2 per tile that must
    /// leave its goal line (the default for 3x3, and for 5x5 until the databases are kept).
    /// pdb: additive pattern databases with the reflected look-up, 6-6-3 for 4x4 boards (the
    /// default; seconds to build) and 6-6-6-6 for 5x5 boards (minutes to build; the default
    /// once kept in --pdb-cache)
    #[arg(long, value_name = "NAME", value_parser = heuristic_parser(&HeuristicName::ALL))]
    pub heuristic: Option<HeuristicName>,

    /// Keep the pattern databases in DIR between runs: sliding-4x4.pdb (12 MB, seconds to
    /// build) and sliding-5x5.pdb (255 MB, minutes to build on every core). Each is read when
    /// it is there (checked: format, partition, checksum), else built and written there; a file
    /// that cannot be used is only a warning, and a file that is not a database file is never
    /// overwritten (unit costs only). Default: $XDG_CACHE_HOME/ida-star, else ~/.cache/ida-star
    /// (~/Library/Caches/ida-star on macOS, %LOCALAPPDATA%\ida-star on Windows)
    #[arg(long, value_name = "DIR")]
    pub pdb_cache: Option<PathBuf>,

    /// Neither read nor write database files: build the databases in memory on every run
    #[arg(long, conflicts_with = "pdb_cache")]
    pub no_pdb_cache: bool,

    /// What sliding a tile costs, by the tile's number t
    #[arg(long, value_name = "COSTS", value_enum, default_value_t = Costs::Unit)]
    pub costs: Costs,

    /// Draw the board on standard output before and after every move of the answer, ahead of
    /// the answer's line (for humans: not the judge's format); with --trace, also each node's
    /// board under its line of the trace
    #[arg(long)]
    pub pretty: bool,
}

impl Args {
    /// The directory the databases are kept in: `--pdb-cache`, else the default, unless
    /// `--no-pdb-cache` (or no default can be found).
    #[must_use]
    pub fn cache_directory(&self) -> Option<PathBuf> {
        if self.no_pdb_cache {
            None
        } else {
            self.pdb_cache.clone().or_else(default_cache_directory)
        }
    }

    /// What is wrong with the options together, if anything: with weighted costs, breadth-first
    /// search or a heuristic that counts moves (the search would find the fewest moves, or
    /// overestimate a cheap tile's, and the answer would not be the cheapest), and a database
    /// file that would never be used.
    #[must_use]
    pub fn conflict(&self) -> Option<String> {
        if self.costs == Costs::Unit {
            return None;
        }
        let costs = self.costs.to_possible_value()?.get_name().to_owned();
        if self.common.algorithm == Some(Algorithm::Bfs) {
            return Some(format!(
                "--algorithm bfs cannot be used with --costs {costs}: breadth-first search finds \
                 the fewest moves, not the cheapest; ucs, astar, ida, bts and iddfs find the \
                 cheapest"
            ));
        }
        if let Some(heuristic) = self.heuristic.filter(|&chosen| chosen != HeuristicName::Manhattan)
        {
            return Some(format!(
                "--heuristic {heuristic} cannot be used with --costs {costs}: it counts moves, \
                 not costs; with weighted costs the only heuristic is manhattan (each tile's \
                 distance times its cost)"
            ));
        }
        if self.pdb_cache.is_some() {
            return Some(format!(
                "--pdb-cache cannot be used with --costs {costs}: the pattern databases count \
                 moves, and weighted costs use none"
            ));
        }
        None
    }
}

/// The operating system's cache directory for this program: `$XDG_CACHE_HOME/ida-star`, else
/// `~/.cache/ida-star` (`~/Library/Caches/ida-star` on macOS, `%LOCALAPPDATA%\ida-star` on
/// Windows). A dozen lines, so not worth a dependency.
#[must_use]
pub fn default_cache_directory() -> Option<PathBuf> {
    let variable =
        |name| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    let base = variable("XDG_CACHE_HOME").or_else(|| {
        if cfg!(windows) {
            variable("LOCALAPPDATA")
        } else if cfg!(target_os = "macos") {
            variable("HOME").map(|home| home.join("Library").join("Caches"))
        } else {
            variable("HOME").map(|home| home.join(".cache"))
        }
    })?;
    Some(base.join("ida-star"))
}

/// The file in the cache directory that holds the databases of `width` x `width` boards.
#[must_use]
pub fn cache_file(directory: &Path, width: usize) -> PathBuf {
    directory.join(format!("sliding-{width}x{width}.pdb"))
}

/// The CPU time one build of the 24-puzzle's databases takes on the machine the figures in
/// `docs/performance.md` come from, in seconds: what the program announces before a build,
/// divided by its threads.
const TWENTY_FOUR_BUILD_SECONDS: u64 = 280;

/// The sliding-tile puzzles as the program runs them.
pub struct Program {
    /// Where the databases are kept between runs (`--pdb-cache`), if anywhere.
    pub cache: Option<PathBuf>,
    /// The threads a database build may use.
    pub threads: usize,
    /// Draw the board before and after every move (`--pretty`).
    pub pretty: bool,
    /// Set once the 15-puzzle's databases are made (built, or read from the cache file).
    fifteen: OnceLock<&'static DisjointDatabases>,
    /// Set once the 24-puzzle's databases are made.
    twenty_four: OnceLock<&'static SymmetricDatabases>,
    /// Whether this run builds a database (and has said so).
    building: AtomicBool,
    /// Whether a 24-puzzle has been solved with linear conflicts for want of its databases.
    without_databases: AtomicBool,
    /// Whether the note on the 24-puzzle's default heuristic has been written.
    noted: AtomicBool,
}

impl Program {
    /// The program, keeping the databases in the directory `cache` if given, and building them
    /// on `threads` threads (`CommonArgs::threads`: every core by default).
    #[must_use]
    pub fn new(cache: Option<PathBuf>, threads: usize) -> Program {
        Program {
            cache,
            threads,
            pretty: false,
            fifteen: OnceLock::new(),
            twenty_four: OnceLock::new(),
            building: AtomicBool::new(false),
            without_databases: AtomicBool::new(false),
            noted: AtomicBool::new(false),
        }
    }

    /// The program drawing the board before and after every move of each answer, or not.
    #[must_use]
    pub fn pretty(self, pretty: bool) -> Program {
        Program { pretty, ..self }
    }

    /// The file for `width`'s databases, with the directory made; `None` (after a warning if
    /// the directory cannot be made) when the databases are not kept.
    fn file(&self, width: usize) -> Option<PathBuf> {
        let directory = self.cache.as_deref()?;
        let made = fs::create_dir_all(directory).map_err(|error| {
            // `create_dir_all` on a file says only that it exists.
            if directory.exists() && !directory.is_dir() {
                "not a directory".to_owned()
            } else {
                error.to_string()
            }
        });
        if let Err(problem) = made {
            eprintln!(
                "sliding: warning: {}: {problem}; the databases are not kept for the next run",
                directory.display()
            );
            return None;
        }
        Some(cache_file(directory, width))
    }

    /// Whether the 24-puzzle's databases are made, or kept in the cache directory.
    fn twenty_four_ready(&self) -> bool {
        SymmetricDatabases::twenty_four_if_made().is_some()
            || self.cache.as_deref().is_some_and(|directory| cache_file(directory, 5).is_file())
    }

    /// What building the 24-puzzle's databases takes, and where they go.
    fn build_estimate(&self) -> String {
        let threads = self.threads.max(1);
        let minutes = (TWENTY_FOUR_BUILD_SECONDS / threads as u64).div_ceil(60);
        let kept = match self.cache.as_deref() {
            None => "kept in memory only (--no-pdb-cache)".to_owned(),
            Some(directory) if directory.exists() && !directory.is_dir() => {
                format!("kept in memory only ({} is not a directory)", directory.display())
            }
            Some(directory) => format!(
                "then 255 MB written to {} and read in seconds by later runs",
                cache_file(directory, 5).display()
            ),
        };
        format!(
            "two tables of 127,512,000 entries, about 1 GB of memory while building, about \
             {minutes} minutes on {threads} thread(s); {kept}"
        )
    }

    /// Says on standard error, in one line, that a database build starts (`what`, and where its
    /// databases go), then the note on the 24-puzzle's default heuristic if it is due: a run
    /// that builds is one a user watches for such messages, and the others stay quiet.
    fn announce_build(&self, what: &str, path: Option<&Path>) {
        let kept = path.map_or_else(
            || "kept in memory only".to_owned(),
            |path| format!("then written to {} for later runs", path.display()),
        );
        eprintln!("sliding: building {what}; {kept}");
        self.building.store(true, Ordering::Relaxed);
        self.note_twenty_four();
    }

    /// The note on the 24-puzzle's default heuristic, once, in a run that builds a database and
    /// has solved a 24-puzzle with linear conflicts for want of its databases.
    fn note_twenty_four(&self) {
        if self.building.load(Ordering::Relaxed)
            && self.without_databases.load(Ordering::Relaxed)
            && !self.noted.swap(true, Ordering::Relaxed)
        {
            eprintln!(
                "sliding: note: 24-puzzles are solved with linear conflicts, which cannot solve a \
                 random one; --heuristic pdb builds the 6-6-6-6 pattern databases ({}), and once \
                 they are kept they are the default",
                self.build_estimate()
            );
        }
    }

    /// The 15-puzzle's pattern databases: built, or read from the cache file, as long work (a
    /// progress line; a signal ends the program, removing a half-written file). Trouble with
    /// the file is a warning, not an error: the databases are built instead, and the answers
    /// are the same.
    fn fifteen(&self, work: &Work<'_>) -> &'static DisjointDatabases {
        self.fifteen.get_or_init(|| {
            let what = "making the 15-puzzle's pattern databases";
            let path = self.file(4);
            let kept = path.as_deref().and_then(|path| fs::metadata(path).ok());
            if !kept.is_some_and(|file| file.is_file() && file.len() > 0) {
                let build = "the 15-puzzle's 6-6-3 pattern databases (seconds; 12 MB)";
                self.announce_build(build, path.as_deref());
            }
            work.long(what, path.as_deref().map(cache::partial_path), || {
                let Some(path) = &path else {
                    return DisjointDatabases::fifteen();
                };
                let (databases, problem) = DisjointDatabases::fifteen_cached(path);
                warn(path, problem);
                databases
            })
        })
    }

    /// The 24-puzzle's pattern databases, as [`fifteen`](Self::fifteen) makes the 15-puzzle's;
    /// a build, minutes long, is announced first with how long it takes and where it goes.
    fn twenty_four(&self, work: &Work<'_>) -> &'static SymmetricDatabases {
        self.twenty_four.get_or_init(|| {
            if let Some(databases) = SymmetricDatabases::twenty_four_if_made() {
                return databases;
            }
            let path = self.file(5);
            if !path.as_deref().is_some_and(Path::is_file) {
                eprintln!(
                    "sliding: building the 24-puzzle's 6-6-6-6 pattern databases: {}",
                    self.build_estimate()
                );
                self.building.store(true, Ordering::Relaxed);
            }
            let what = "making the 24-puzzle's pattern databases";
            let puzzle = Sliding::new(5);
            let databases = work.long(what, path.as_deref().map(cache::partial_path), || {
                let Some(path) = &path else {
                    return SymmetricDatabases::build(&puzzle, &TWENTY_FOUR_6_6_6_6, self.threads);
                };
                let (databases, problem) = SymmetricDatabases::cached(
                    &puzzle,
                    &TWENTY_FOUR_6_6_6_6,
                    path,
                    self.threads,
                    |_, _| {},
                );
                warn(path, problem);
                databases
            });
            // Another program in the same process may have made them meanwhile: either will do.
            let _ = SymmetricDatabases::set_twenty_four(databases);
            SymmetricDatabases::twenty_four()
        })
    }
}

/// Reports trouble with a database file as a warning.
fn warn(path: &Path, problem: Option<cache::CacheError>) {
    if let Some(problem) = problem {
        eprintln!(
            "sliding: warning: {}: {problem}; the databases were built in this run",
            path.display()
        );
    }
}

impl Puzzle for Program {
    const PROGRAM: &'static str = "sliding";
    type Problem = Sliding;
    type Case = Board;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    type CaseError = puzzle_sliding::ParseError;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Board, Self::CaseError>> {
        boards(input)
    }

    fn heuristic(
        &self,
        chosen: Option<HeuristicName>,
        board: &Board,
        work: &Work<'_>,
    ) -> Result<HeuristicName, String> {
        let heuristic = match chosen {
            Some(heuristic) => heuristic,
            // The databases are the default once they are made or kept; until then, a build of
            // minutes is not started unasked, but the user is told about it.
            None if board.cells().len() == 25 && self.twenty_four_ready() => {
                HeuristicName::PatternDatabases
            }
            None if board.cells().len() == 25 => {
                self.without_databases.store(true, Ordering::Relaxed);
                self.note_twenty_four();
                HeuristicName::LinearConflict
            }
            None => HeuristicName::default_for(board),
        };
        if !heuristic.supports(board) {
            let boards = match heuristic {
                HeuristicName::PatternDatabases => "4x4 and 5x5 boards",
                _ => "square boards",
            };
            return Err(format!("the {heuristic} heuristic is for {boards} only"));
        }
        if heuristic == HeuristicName::PatternDatabases && board.is_solvable() {
            if board.width() == 5 {
                self.twenty_four(work);
            } else {
                self.fifteen(work);
            }
        }
        Ok(heuristic)
    }

    /// Every driver: the boards are hashable, for those that keep them.
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    /// An unsolvable board is answered at once, whatever the driver: it is never searched.
    fn solve<O: Observer<Sliding>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        search: Search<'_, Sliding, O>,
    ) -> CaseReport<Answer> {
        if !board.is_solvable() {
            let (answer, stats) = (Ok(Answer::Unsolvable), SearchStats::default());
            return CaseReport { answer, stats, more_stats: String::new() };
        }
        let report = heuristics::search_with(heuristic, board, search);
        let answer = Answer::from_outcome(report.outcome);
        CaseReport { answer, stats: report.stats, more_stats: String::new() }
    }

    /// Every state in `--trace-json`, drawn or not on the terminal.
    fn state_text(&self, board: &Board) -> Option<String> {
        Some(board.to_string())
    }

    fn draw_state(&self, board: &Board) -> Option<String> {
        self.pretty.then(|| board.to_string())
    }

    fn write_answer(&self, out: &mut dyn Write, board: &Board, answer: &Answer) -> io::Result<()> {
        if self.pretty {
            draw(out, board, answer)?;
        }
        writeln!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        answer.length()
    }

    fn distribute<J: Job<Self>>(
        &self,
        board: &Board,
        heuristic: HeuristicName,
        job: J,
    ) -> J::Output {
        if !board.is_solvable() {
            return job.answered(Answer::Unsolvable);
        }
        let answer = |moves: Option<Vec<_>>| {
            moves.map(Answer::Solved).ok_or_else(|| "a solvable board with no solution".to_owned())
        };
        let puzzle = Sliding::for_board(board);
        match heuristic {
            HeuristicName::Manhattan => job.search(&puzzle, &Manhattan, board, &answer),
            HeuristicName::LinearConflict => job.search(&puzzle, &LinearConflict, board, &answer),
            HeuristicName::Misplaced => job.search(&puzzle, &Misplaced, board, &answer),
            HeuristicName::PatternDatabases if board.width() == 5 => {
                let databases = SymmetricDatabases::twenty_four();
                let tracked = Tracked::new(&puzzle, databases);
                let start = TrackedBoard::new(databases, board);
                job.search(&tracked, &TrackedBound, &start, &answer)
            }
            HeuristicName::PatternDatabases => {
                job.search(&puzzle, DisjointDatabases::fifteen(), board, &answer)
            }
        }
    }

    fn picture(&self, board: &Board) -> Option<serde_json::Value> {
        Some(page::picture(board))
    }

    fn presets(&self) -> Vec<Preset> {
        page::presets()
    }

    /// Not the pattern databases: seconds to minutes to build for a page's run.
    fn page_offers(heuristic: HeuristicName) -> bool {
        heuristic != HeuristicName::PatternDatabases
    }

    fn unsolvable(&self, board: &Board) -> Option<String> {
        page::unsolvable(board)
    }

    fn sizes(&self) -> Option<Sizes> {
        Some(page::SIZES)
    }

    fn scramble(&self, width: usize, moves: usize, seed: u64) -> Option<String> {
        Some(page::scramble(width, moves, seed))
    }

    fn scramble_shaped(&self, shape: &str, moves: usize, seed: u64) -> Result<String, String> {
        page::scramble_shaped(shape, moves, seed)
    }
}

/// Unit costs are [`Program`], the others [`Weighted`] (which a cluster refuses); options that
/// do not go together ([`Args::conflict`]) are refused.
impl search_cluster::ProgramArgs for Args {
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
        if let Some(message) = self.conflict() {
            return Err(message);
        }
        Ok(if self.costs == Costs::Unit {
            let program = Program::new(self.cache_directory(), self.common.threads());
            host.host(&program.pretty(self.pretty), &self.common, self.heuristic)
        } else {
            let program = Weighted { costs: self.costs.model(), pretty: self.pretty };
            host.host(&program, &self.common, self.heuristic)
        })
    }
}

/// The `--pretty` drawings, as the other programs make theirs: the board at the start and after
/// each move of the answer (the blank's direction), each followed by an empty line. The tiles
/// are right-aligned, the blank drawn as `.`.
pub(crate) fn draw(out: &mut dyn Write, board: &Board, answer: &Answer) -> io::Result<()> {
    let width = board.width();
    let mut cells = board.cells().to_vec();
    let digits = (cells.len() - 1).to_string().len();
    let show = |out: &mut dyn Write, title: &str, cells: &[u8]| -> io::Result<()> {
        writeln!(out, "{title}:")?;
        for row in cells.chunks(width) {
            let row: Vec<String> = row
                .iter()
                .map(|&tile| match tile {
                    0 => format!("{:>digits$}", "."),
                    tile => format!("{tile:>digits$}"),
                })
                .collect();
            writeln!(out, "{}", row.join(" "))?;
        }
        writeln!(out)
    };
    show(out, "start", &cells)?;
    if let Answer::Solved(moves) = answer {
        for slide in moves {
            let (from, to) = (slide.from(), slide.to());
            cells.swap(from, to);
            show(out, &format!("after {slide}"), &cells)?;
        }
    }
    Ok(())
}

/// The boards of `input`, one per line, for either program.
pub(crate) fn boards(
    input: Input<'_>,
) -> impl Iterator<Item = Result<Board, puzzle_sliding::ParseError>> {
    cases_from_bytes(input.chunks())
}

/// The program: reads the command line (options that cannot go together are a usage error,
/// status 2, as clap's own), answers the input (or a `cluster` command), and returns the exit
/// status.
#[must_use]
pub fn main() -> ExitCode {
    search_cluster::program_main::<Args>()
}

#[cfg(test)]
mod tests {
    use puzzle_sliding::CostModel;

    use super::*;

    fn args(argv: &[&str]) -> Args {
        Args::try_parse_from([&["sliding"], argv].concat()).expect("a valid command line")
    }

    #[test]
    fn the_options_name_the_librarys_models() {
        for costs in Costs::value_variants() {
            let name = costs.to_possible_value().unwrap().get_name().to_owned();
            assert_eq!(name.parse::<CostModel>(), Ok(costs.model()));
        }
        let defaults = args(&[]);
        assert_eq!((defaults.costs, defaults.common.algorithm), (Costs::Unit, None));
    }

    #[test]
    fn weighted_costs_refuse_what_counts_moves() {
        for ok in [
            &["--costs", "tile"][..],
            &["--costs", "tile-cubed", "--heuristic", "manhattan", "--algorithm", "bts"],
            &["--costs", "unit", "--heuristic", "pdb", "--pdb-cache", "x"],
            &["--heuristic", "linear-conflict", "--algorithm", "bts"],
        ] {
            assert_eq!(args(ok).conflict(), None, "{ok:?}");
        }
        let refused = args(&["--costs", "tile-squared", "--heuristic", "linear-conflict"]);
        let message = refused.conflict().unwrap();
        assert!(
            message.starts_with(
                "--heuristic linear-conflict cannot be used with --costs tile-squared"
            ),
            "{message}"
        );
        let refused = args(&["--costs", "tile", "--pdb-cache", "x"]);
        let message = refused.conflict().unwrap();
        assert!(message.starts_with("--pdb-cache cannot be used with --costs tile:"), "{message}");
        let refused = args(&["--costs", "tile-cubed", "--algorithm", "bfs"]);
        let message = refused.conflict().unwrap();
        assert!(message.starts_with("--algorithm bfs cannot be used with --costs tile-cubed:"));
        for ok in [&["--algorithm", "bfs"][..], &["--costs", "tile", "--algorithm", "ucs"]] {
            assert_eq!(args(ok).conflict(), None, "{ok:?}");
        }
    }
}
