//! Rubik's Cube as a program: its command line ([`Args`]), its heuristics by name
//! ([`HeuristicName`], [`PocketHeuristic`]) and its [`Puzzle`] implementations, [`Program`] for
//! the 3x3x3 cube and [`PocketProgram`] for the pocket cube (`--pocket`); `examples/cube.rs` runs
//! [`main`].

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::{Algorithm, CaseReport, CommonArgs, Input, Job, Puzzle, Search, Work};
use clap::Parser;
use puzzle_cube::{
    Answer, BuildTimes, CacheError, Case, CornersOnly, Cube, EIGHT_VIEWS, EdgeDatabase, Edges,
    FromStartBound, GroupsBound, Korf, OnCubes, Pocket, PocketBound, PocketCube, PocketDistances,
    Rotation, Rubik, SEVEN_VIEWS_4, SymmetricStart, Symmetry, Tracked, TrackedBound, TrackedGroups,
    TrackedState, Turn, cache, cases_from_bytes,
};
use search_cluster::Host;
use search_core::{Heuristic, Observer, Problem, Report};

use super::UnknownHeuristic;
use super::sliding::default_cache_directory;

pub mod pocket_page;

/// Solves Rubik's Cube optimally in the half-turn metric (18 moves: U U2 U' R ... B'): reads
/// cubes from FILE (or standard input), one per line, and prints for each the turns of an
/// optimal solution in Singmaster's notation, separated by spaces, or `Already solved`.
///
/// A line is a scramble (`R U R' U' F2`: the cube it makes of the solved cube), or the 54
/// stickers in the order U R F D L B, each face row by row, each sticker the letter of the face
/// whose colour it has (`UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB` is solved; the
/// faces may be written apart). Lines starting with # and blank lines are skipped. An impossible
/// cube (a twisted corner, a flipped edge, two cubies swapped, a wrong sticker count) is an error
/// naming what is wrong.
///
/// With --pocket, the cubes are 2x2x2 pocket cubes: a scramble (`2x2x2:` before it is allowed),
/// or the 24 stickers; a 3x3x3 cube's stickers are read as its corners' pocket cube.
///
/// The 3x3x3 cube is searched with Korf's pattern databases (the corners and two groups of six
/// edges, 86.7 MB), built on first use on --threads threads (about a minute on two cores) and
/// kept in --pdb-cache. Every --algorithm gives an optimal answer; bfs, ucs and astar keep every
/// cube they reach, fine for a few moves only.
///
/// A cube that looks the same turned or seen in a mirror (the superflip, through all 48 of the
/// cube's symmetries) is searched with one first turn of each set those symmetries take to one
/// another, and so for the next turns while the path keeps a symmetry: the same answer, from
/// fewer nodes (31.6 times fewer for the superflip).
#[derive(Parser, Debug)]
#[command(name = "cube", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic. 3x3x3: korf (the default), the largest of the corners' and two edge
    /// groups' databases; korf-views, korf's and the edge groups' for the cube seen from two
    /// other sides (7 look-ups, the same databases); korf7, the corners' and the seven edges'
    /// database (510,935,040 entries, 255 MB more, built on first use in about a minute on two
    /// cores and kept in --pdb-cache) for the cube seen from four sides, which cover every edge;
    /// korf8, the corners' and the eight edges' database (5,109,350,400 entries, 2.55 GB more,
    /// built on first use in about three minutes on two cores with 7.5 GB of memory, and kept in
    /// --pdb-cache; a search holds about 4.5 GB) for the cube seen from three sides, each pair of
    /// opposite layers' edges: the fewest nodes; corners, the corners' database alone.
    /// Pocket cube: bound (the default), the larger of two small databases (where the corners
    /// are, how they are twisted); exact, every position's distance (3,674,160 entries)
    #[arg(long, value_name = "NAME")]
    pub heuristic: Option<String>,

    /// The cubes are 2x2x2 pocket cubes
    #[arg(long)]
    pub pocket: bool,

    /// Keep Korf's databases in DIR between runs (cube-korf-v1.pdb, 86.7 MB; korf7's seven edges
    /// in cube-edges7-v1.pdb, 255 MB; korf8's eight edges in cube-edges8-v1.pdb, 2.55 GB): read
    /// when there
    /// (checked: format, sizes, checksum), else built and written there; a file that cannot be
    /// used is only a warning. Default: $XDG_CACHE_HOME/ida-star, else ~/.cache/ida-star
    #[arg(long, value_name = "DIR")]
    pub pdb_cache: Option<PathBuf>,

    /// Neither read nor write the database file: build the databases in memory on every run
    #[arg(long, conflicts_with = "pdb_cache")]
    pub no_pdb_cache: bool,
}

impl Args {
    /// The directory the databases are kept in: `--pdb-cache`, else the default, unless
    /// `--no-pdb-cache`.
    #[must_use]
    pub fn cache_directory(&self) -> Option<PathBuf> {
        if self.no_pdb_cache {
            None
        } else {
            self.pdb_cache.clone().or_else(default_cache_directory)
        }
    }
}

search_cli::heuristic_names! {
    /// The 3x3x3 cube's heuristics, by the names the command line uses.
    pub enum HeuristicName {
        /// [`Korf`], `korf`.
        Korf = "korf",
        /// Korf's databases read for the cube and for two views of it ([`Tracked::with_views`]),
        /// `korf-views`.
        KorfViews = "korf-views",
        /// The corners' and the seven edges' databases, the latter for four views of the cube
        /// ([`TrackedGroups`] with [`SEVEN_VIEWS_4`]), `korf7`.
        Korf7 = "korf7",
        /// The corners' and the eight edges' databases, the latter for three views of the cube
        /// ([`TrackedGroups`] with [`EIGHT_VIEWS`]), `korf8`.
        Korf8 = "korf8",
        /// [`CornersOnly`], `corners`.
        Corners = "corners",
    }
}

search_cli::heuristic_names! {
    /// The pocket cube's heuristics, by the names the command line uses.
    pub enum PocketHeuristic {
        /// [`PocketBound`], `bound`.
        Bound = "bound",
        /// [`PocketDistances`], `exact`.
        Exact = "exact",
    }
}

/// Korf's databases, once made in this process (built, or read from the cache file).
static KORF: OnceLock<Korf> = OnceLock::new();

/// A pattern database of the program's, as [`Program::made_once`] makes it.
struct Database<T> {
    /// What it is called in messages.
    name: &'static str,
    /// Its size, and how long building it takes.
    about: &'static str,
    /// Its file's name in the cache directory.
    file: &'static str,
    /// Builds it on the threads given.
    build: fn(usize) -> (T, BuildTimes),
    /// Reads it from its file, or builds it and writes it there; and what was wrong with the file.
    cached: fn(&Path, usize) -> (T, BuildTimes, Option<CacheError>),
}

/// Korf's databases.
const KORF_DATABASES: Database<Korf> = Database {
    name: "Korf's pattern databases",
    about: "corners and two groups of six edges, 86.7 MB; about a minute on two cores",
    file: cache::FILE_NAME,
    build: Korf::build,
    cached: Korf::cached,
};

/// The seven edges' database.
const SEVEN_EDGES_DATABASE: Database<EdgeDatabase> = Database {
    name: "the seven edges' pattern database",
    about: "255 MB; about a minute on two cores, 0.9 GB of memory meanwhile",
    file: cache::SEVEN_FILE_NAME,
    build: |threads| EdgeDatabase::build(Edges::seven(), threads),
    cached: |path, threads| EdgeDatabase::cached(path, Edges::seven(), threads),
};

/// The eight edges' database.
const EIGHT_EDGES_DATABASE: Database<EdgeDatabase> = Database {
    name: "the eight edges' pattern database",
    about: "2.55 GB; about three minutes on two cores, 7.5 GB of memory meanwhile",
    file: cache::EIGHT_FILE_NAME,
    build: |threads| EdgeDatabase::build(Edges::eight(), threads),
    cached: |path, threads| EdgeDatabase::cached(path, Edges::eight(), threads),
};

/// The file in the cache directory that holds Korf's databases.
#[must_use]
pub fn cache_file(directory: &Path) -> PathBuf {
    directory.join(cache::FILE_NAME)
}

/// The 3x3x3 cube as the program runs it.
pub struct Program {
    /// Where the databases are kept between runs (`--pdb-cache`), if anywhere.
    pub cache: Option<PathBuf>,
    /// The threads a database build may use.
    pub threads: usize,
}

impl Program {
    /// Korf's databases: made once per process (read from the cache file, or built and written
    /// there), as long work when `work` is given.
    #[expect(
        clippy::must_use_candidate,
        reason = "called for its effect too: the databases made before the search starts"
    )]
    pub fn korf(&self, work: Option<&Work<'_>>) -> &'static Korf {
        self.made_once(&KORF, &KORF_DATABASES, work)
    }

    /// Korf's databases with their move tables: the cube searched with the indices kept turn by
    /// turn ([`Tracked`]), made once per process.
    pub fn tracked(&self) -> &'static Tracked<'static> {
        static TRACKED: OnceLock<Tracked<'static>> = OnceLock::new();
        TRACKED.get_or_init(|| Tracked::new(self.korf(None)))
    }

    /// [`tracked`](Self::tracked) with the two views of [`VIEWS`], made once per process.
    pub fn tracked_views(&self) -> &'static Tracked<'static, 2> {
        static TRACKED: OnceLock<Tracked<'static, 2>> = OnceLock::new();
        TRACKED.get_or_init(|| Tracked::with_views(self.korf(None), VIEWS))
    }

    /// The seven edges' database: made once per process (read from its cache file, or built
    /// and written there), as long work when `work` is given.
    #[expect(
        clippy::must_use_candidate,
        reason = "called for its effect too: the database made before the search starts"
    )]
    pub fn seven(&self, work: Option<&Work<'_>>) -> &'static EdgeDatabase {
        static SEVEN: OnceLock<EdgeDatabase> = OnceLock::new();
        self.made_once(&SEVEN, &SEVEN_EDGES_DATABASE, work)
    }

    /// The eight edges' database: made once per process (read from its cache file, or built
    /// and written there), as long work when `work` is given.
    #[expect(
        clippy::must_use_candidate,
        reason = "called for its effect too: the database made before the search starts"
    )]
    pub fn eight(&self, work: Option<&Work<'_>>) -> &'static EdgeDatabase {
        static EIGHT: OnceLock<EdgeDatabase> = OnceLock::new();
        self.made_once(&EIGHT, &EIGHT_EDGES_DATABASE, work)
    }

    /// The database `database` describes, kept in `cell`: made once per process, read from its
    /// file in the cache directory (`--pdb-cache`) or else built (and written there), as long
    /// work when `work` is given.
    ///
    /// # Panics
    ///
    /// Never: the database is set before it is read.
    fn made_once<T: Send + Sync>(
        &self,
        cell: &'static OnceLock<T>,
        database: &Database<T>,
        work: Option<&Work<'_>>,
    ) -> &'static T {
        if let Some(made) = cell.get() {
            return made;
        }
        let name = database.name;
        let path = self.cache.as_deref().and_then(|directory| {
            if let Err(error) = fs::create_dir_all(directory) {
                eprintln!(
                    "cube: warning: {}: {error}; {name} not kept for the next run",
                    directory.display()
                );
                return None;
            }
            Some(directory.join(database.file))
        });
        if !path.as_deref().is_some_and(Path::is_file) {
            let kept = path.as_deref().map_or_else(
                || "kept in memory only".to_owned(),
                |path| format!("then written to {} for later runs", path.display()),
            );
            eprintln!("cube: building {name} ({}); {kept}", database.about);
        }
        let make = || match &path {
            None => (database.build)(self.threads).0,
            Some(path) => {
                let (made, _, problem) = (database.cached)(path, self.threads);
                if let Some(problem) = problem {
                    eprintln!(
                        "cube: warning: {}: {problem}; {name} built in this run",
                        path.display()
                    );
                }
                made
            }
        };
        let table = match work {
            Some(work) => {
                work.long(&format!("making {name}"), path.as_deref().map(cache::partial_path), make)
            }
            None => make(),
        };
        // Another thread may have made it meanwhile: either will do.
        let _ = cell.set(table);
        cell.get().expect("set just now")
    }

    /// The corners' and the seven edges' databases with their move tables, the seven edges read
    /// for the four views of [`SEVEN_VIEWS_4`] ([`TrackedGroups`]), made once per process.
    pub fn tracked_seven(&self) -> &'static TrackedGroups<'static, 4> {
        static TRACKED: OnceLock<TrackedGroups<'static, 4>> = OnceLock::new();
        TRACKED.get_or_init(|| {
            TrackedGroups::new(self.korf(None), self.seven(None), SEVEN_VIEWS_4, self.threads)
        })
    }

    /// The corners' and the eight edges' databases with their move tables, the eight edges read
    /// for the three views of [`EIGHT_VIEWS`] ([`TrackedGroups`]), made once per process.
    pub fn tracked_eight(&self) -> &'static TrackedGroups<'static, 3> {
        static TRACKED: OnceLock<TrackedGroups<'static, 3>> = OnceLock::new();
        TRACKED.get_or_init(|| {
            TrackedGroups::new(self.korf(None), self.eight(None), EIGHT_VIEWS, self.threads)
        })
    }
}

/// Searches from `start` as `search` asks, on the states of `tracked` (a [`Tracked`] or a
/// [`TrackedGroups`]) with `bound`, the observer shown each node's cube.
fn search_on<P, H, O>(
    tracked: &P,
    bound: &H,
    start: &P::State,
    search: Search<'_, Rubik, O>,
) -> Report<Turn, u8>
where
    P: Problem<Move = Turn, Cost = u8> + Sync,
    P::State: TrackedState + Send + Sync + std::hash::Hash + Eq,
    H: Heuristic<P> + Sync,
    O: Observer<Rubik>,
{
    let (limits, observer, settings) = search.into_parts();
    let search: Search<'_, P, _> = settings.search(limits, OnCubes(observer));
    search.solve(tracked, bound, start)
}

/// Searches `cube`, whose state in `tracked` is `start`, as `search` asks (see [`search_on`]):
/// on a [`SymmetricStart`] if the cube looks the same through any symmetry but the identity
/// (the superflip through all 48): the same answer, from fewer nodes.
fn search_cube<P, H, O>(
    tracked: &P,
    bound: &H,
    cube: &Cube,
    start: P::State,
    search: Search<'_, Rubik, O>,
) -> Report<Turn, u8>
where
    P: Problem<Move = Turn, Cost = u8> + Sync,
    P::State: TrackedState + Send + Sync + std::hash::Hash + Eq,
    H: Heuristic<P> + Sync,
    O: Observer<Rubik>,
{
    let symmetries = Symmetry::of(cube);
    if symmetries.len() == 1 {
        return search_on(tracked, bound, &start, search);
    }
    let symmetric = SymmetricStart::new(tracked, &symmetries);
    search_on(&symmetric, &FromStartBound(bound), &symmetric.start(start), search)
}

/// Hands `cube`'s search over to `job` as [`search_cube`] searches it: the same tree on every
/// machine of a cluster.
fn distribute_cube<J, P, H>(
    job: J,
    tracked: &P,
    bound: &H,
    cube: &Cube,
    start: P::State,
    answer: &search_cli::ToAnswer<'_, Turn, Answer>,
) -> J::Output
where
    J: Job<Program>,
    P: Problem<Move = Turn, Cost = u8> + Sync,
    P::State: std::hash::Hash + Eq + Sync + 'static,
    H: Heuristic<P> + Sync,
{
    let symmetries = Symmetry::of(cube);
    if symmetries.len() == 1 {
        return job.search(tracked, bound, &start, answer);
    }
    let symmetric = SymmetricStart::new(tracked, &symmetries);
    job.search(&symmetric, &FromStartBound(bound), &symmetric.start(start), answer)
}

/// The rotations `korf-views` sees the cube through: a third and two thirds of a turn about the
/// `URF` corner's diagonal, which take each edge group to edges it does not hold (most of them).
pub const VIEWS: [Rotation; 2] = [Rotation::URF_THIRD, Rotation::URF_TWO_THIRDS];

/// The cases of `input` as a program reads them, with each error's message.
fn read_cases(input: Input<'_>) -> impl Iterator<Item = Result<Case, String>> {
    cases_from_bytes(input.chunks()).map(|case| case.map_err(|error| error.to_string()))
}

impl Puzzle for Program {
    const PROGRAM: &'static str = "cube";
    type Problem = Rubik;
    type Case = Cube;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    type CaseError = String;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Cube, String>> {
        let mut number = 0;
        read_cases(input).map(move |case| {
            number += 1;
            match case? {
                Case::Cube(cube) => Ok(cube),
                Case::Pocket(_) => Err(format!(
                    "case {number}: a pocket cube, which `cube --pocket` solves (and this run \
                     does not)"
                )),
            }
        })
    }

    fn heuristic(
        &self,
        chosen: Option<HeuristicName>,
        _: &Cube,
        work: &Work<'_>,
    ) -> Result<HeuristicName, String> {
        self.korf(Some(work));
        let heuristic = chosen.unwrap_or(HeuristicName::Korf);
        // The move tables too (half a second), before the case's search and its clock.
        match heuristic {
            HeuristicName::Korf => _ = self.tracked(),
            HeuristicName::KorfViews => _ = self.tracked_views(),
            HeuristicName::Korf7 => {
                self.seven(Some(work));
                _ = self.tracked_seven();
            }
            HeuristicName::Korf8 => {
                self.eight(Some(work));
                _ = self.tracked_eight();
            }
            HeuristicName::Corners => {}
        }
        Ok(heuristic)
    }

    /// Every driver: the cubes are hashable, for those that keep them.
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    fn solve<O: Observer<Rubik>>(
        &self,
        cube: &Cube,
        heuristic: HeuristicName,
        search: Search<'_, Rubik, O>,
    ) -> CaseReport<Answer> {
        let report = match heuristic {
            // The same nodes as `search.solve(&Rubik::new(), korf, cube)`, faster.
            HeuristicName::Korf => {
                let tracked = self.tracked();
                search_cube(tracked, &TrackedBound, cube, tracked.start(cube), search)
            }
            HeuristicName::KorfViews => {
                let tracked = self.tracked_views();
                search_cube(tracked, &TrackedBound, cube, tracked.start(cube), search)
            }
            HeuristicName::Korf7 => {
                let tracked = self.tracked_seven();
                search_cube(tracked, &GroupsBound, cube, tracked.start(cube), search)
            }
            HeuristicName::Korf8 => {
                let tracked = self.tracked_eight();
                search_cube(tracked, &GroupsBound, cube, tracked.start(cube), search)
            }
            HeuristicName::Corners => {
                search.solve(&Rubik::new(), &CornersOnly(self.korf(None)), cube)
            }
        };
        let answer = Answer::from_outcome(report.outcome);
        CaseReport { answer, stats: report.stats, more_stats: String::new() }
    }

    /// The stickers, in `--trace-json`.
    fn state_text(&self, cube: &Cube) -> Option<String> {
        Some(cube.facelets())
    }

    fn length(answer: &Answer) -> Option<usize> {
        Some(answer.moves.len())
    }

    /// The 3x3x3 cube with Korf's databases (made on each machine: read from its cache
    /// directory, or built there).
    fn distribute<J: Job<Self>>(&self, cube: &Cube, heuristic: HeuristicName, job: J) -> J::Output {
        let answer = |moves: Option<Vec<_>>| {
            moves.map(|moves| Answer { moves }).ok_or_else(|| "a cube with no solution".to_owned())
        };
        match heuristic {
            HeuristicName::Korf => {
                let tracked = self.tracked();
                distribute_cube(job, tracked, &TrackedBound, cube, tracked.start(cube), &answer)
            }
            HeuristicName::KorfViews => {
                let tracked = self.tracked_views();
                distribute_cube(job, tracked, &TrackedBound, cube, tracked.start(cube), &answer)
            }
            HeuristicName::Korf7 => {
                let tracked = self.tracked_seven();
                distribute_cube(job, tracked, &GroupsBound, cube, tracked.start(cube), &answer)
            }
            HeuristicName::Korf8 => {
                let tracked = self.tracked_eight();
                distribute_cube(job, tracked, &GroupsBound, cube, tracked.start(cube), &answer)
            }
            HeuristicName::Corners => {
                job.search(&Rubik::new(), &CornersOnly(self.korf(None)), cube, &answer)
            }
        }
    }
}

/// The 3x3x3 cube is [`Program`], the pocket cube (`--pocket`) [`PocketProgram`] (which a cluster
/// refuses), each with its own heuristics' names.
impl search_cluster::ProgramArgs for Args {
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
        let threads = self.common.threads();
        Ok(if self.pocket {
            let heuristic = heuristic_named::<PocketHeuristic>(self.heuristic.as_deref())?;
            host.host(&PocketProgram { threads }, &self.common, heuristic)
        } else {
            let heuristic = heuristic_named::<HeuristicName>(self.heuristic.as_deref())?;
            let program = Program { cache: self.cache_directory(), threads };
            host.host(&program, &self.common, heuristic)
        })
    }
}

/// The heuristic `name`d by `--heuristic`, if any, or why none has that name.
fn heuristic_named<H: FromStr<Err = UnknownHeuristic>>(
    name: Option<&str>,
) -> Result<Option<H>, String> {
    name.map(str::parse).transpose().map_err(|error| format!("--heuristic: {error}"))
}

/// The pocket cube as the program runs it (`--pocket`).
pub struct PocketProgram {
    /// The threads the exact table's build may use.
    pub threads: usize,
}

/// The pocket cube's bounds, made once per process.
static POCKET_BOUND: OnceLock<PocketBound> = OnceLock::new();
static POCKET_EXACT: OnceLock<PocketDistances> = OnceLock::new();

impl Puzzle for PocketProgram {
    const PROGRAM: &'static str = "cube";
    type Problem = PocketCube;
    type Case = Pocket;
    type Answer = Answer;
    type Heuristic = PocketHeuristic;
    const HEURISTICS: &'static [PocketHeuristic] = &PocketHeuristic::ALL;

    type CaseError = String;

    /// A 3x3x3 cube is read as its corners.
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Pocket, String>> {
        read_cases(input).map(|case| match case? {
            Case::Cube(cube) => Ok(Pocket::of_cube(&cube)),
            Case::Pocket(pocket) => Ok(pocket),
        })
    }

    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    fn solve<O: Observer<PocketCube>>(
        &self,
        pocket: &Pocket,
        heuristic: PocketHeuristic,
        search: Search<'_, PocketCube, O>,
    ) -> CaseReport<Answer> {
        let held = pocket.held();
        let report = match heuristic {
            PocketHeuristic::Bound => {
                let bound = POCKET_BOUND.get_or_init(PocketBound::build);
                search.solve(&PocketCube, bound, &held.pocket)
            }
            PocketHeuristic::Exact => {
                let exact = POCKET_EXACT.get_or_init(|| PocketDistances::build(self.threads));
                search.solve(&PocketCube, exact, &held.pocket)
            }
        };
        let answer = Answer::from_pocket_outcome(&held, report.outcome);
        CaseReport { answer, stats: report.stats, more_stats: String::new() }
    }

    /// The stickers of the cube as held, in `--trace-json`.
    fn state_text(&self, pocket: &Pocket) -> Option<String> {
        Some(pocket.facelets())
    }

    fn length(answer: &Answer) -> Option<usize> {
        Some(answer.moves.len())
    }

    /// The search of the cube held by its `DBL` corner, as [`solve`](Self::solve) runs it;
    /// the answer's turns are those of the cube as the case gave it.
    fn distribute<J: Job<Self>>(
        &self,
        pocket: &Pocket,
        heuristic: PocketHeuristic,
        job: J,
    ) -> J::Output {
        let held = pocket.held();
        let answer = |turns: Option<Vec<Turn>>| {
            let turns = turns.ok_or_else(|| "a pocket cube with no solution".to_owned())?;
            Ok(Answer { moves: turns.into_iter().map(|turn| held.told(turn)).collect() })
        };
        match heuristic {
            PocketHeuristic::Bound => {
                let bound = POCKET_BOUND.get_or_init(PocketBound::build);
                job.search(&PocketCube, bound, &held.pocket, &answer)
            }
            PocketHeuristic::Exact => {
                let exact = POCKET_EXACT.get_or_init(|| PocketDistances::build(self.threads));
                job.search(&PocketCube, exact, &held.pocket, &answer)
            }
        }
    }

    /// The explorer's menu has the 3x3x3 cube's program apart from the pocket cube's.
    const NAME: &'static str = "pocket-cube";

    fn picture(&self, pocket: &Pocket) -> Option<serde_json::Value> {
        Some(pocket_page::picture(pocket))
    }

    fn presets(&self) -> Vec<search_cli::explore::Preset> {
        pocket_page::presets()
    }

    fn scramble(&self, _: usize, moves: usize, seed: u64) -> Option<String> {
        Some(pocket_page::scramble(moves, seed))
    }
}

/// The program: reads the command line (a heuristic of another name is a usage error, status 2),
/// answers the input (or a `cluster` command), and returns the exit status.
#[must_use]
pub fn main() -> ExitCode {
    search_cluster::program_main::<Args>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristics_are_read_by_name() {
        for heuristic in HeuristicName::ALL {
            assert_eq!(heuristic.to_string().parse(), Ok(heuristic));
        }
        for heuristic in PocketHeuristic::ALL {
            assert_eq!(heuristic.to_string().parse(), Ok(heuristic));
        }
    }
}
