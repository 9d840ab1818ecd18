//! The Wall Pushers as a program: its command line ([`Args`]), its heuristics by name
//! ([`HeuristicName`]) and its [`Puzzle`] implementation ([`Program`]); `examples/wall-pusher.rs`
//! runs [`main`].

use std::io::{self, Write};
use std::process::ExitCode;

use crate::{Algorithm, CaseReport, CommonArgs, Input, Job, Puzzle, Search, heuristic_parser};
use clap::Parser;
use puzzle_wall_pusher::{
    Answer, ExitDistance, Maze, Proof, Reachability, Step, WallPusher, cases_from_bytes, solve_by,
};
use search_cli::explore::Preset;
use search_cluster::Host;
use search_core::Observer;

/// Solves The Wall Pushers (UVA 10384): reads cases from FILE (or standard input), each the
/// start's column and row (from 1) and the 24 cell masks (1 = west, 2 = north, 4 = east, 8 =
/// south wall), ended by 0 0, and prints for each the shortest way out as letters from WNES
/// (among the shortest, the first in W, N, E, S order), or 'No way out' when the player can
/// never leave.
///
/// With --stats, each line also has regions=R states=P: the regions of walkable cells the
/// complete search expanded and the positions in them (every position reachable from the start
/// when there is no way out); generated, expanded and iterations are IDA*'s, over all its runs,
/// and seconds is the whole case's. --max-nodes counts IDA*'s nodes over all its runs.
///
/// Every --algorithm answers with a shortest way out, taking turns with the complete search as
/// IDA* does (the figures above are then the chosen driver's). ida, bts, iddfs and bfs give the
/// first in W, N, E, S order among the shortest; ucs and astar break ties their own way, so
/// their letters may differ (never their number; the judge accepts any shortest way out).
#[derive(Parser, Debug)]
#[command(name = "wall-pusher", version, after_help = crate::cli::AFTER_HELP)]
pub struct Args {
    /// The options every program has.
    #[command(flatten)]
    pub common: CommonArgs,

    /// The heuristic the search uses (iddfs, bfs and ucs use none); the only one is
    /// exit-distance (the default): the distance to the nearest open exit, plus the leaving move
    #[arg(long, value_name = "NAME", value_parser = heuristic_parser(&HeuristicName::ALL))]
    pub heuristic: Option<HeuristicName>,

    /// Draw the maze on standard output before and after every move of the answer, ahead of the
    /// answer's line (for humans: not the judge's format); with --trace, also each node's maze
    /// under its line of the trace
    #[arg(long)]
    pub pretty: bool,
}

search_cli::heuristic_names! {
    /// The heuristics of the Wall Pushers, by the names the command line uses: one.
    ///
    /// ```
    /// use ida_examples::puzzles::wall_pusher::HeuristicName;
    ///
    /// assert_eq!("exit-distance".parse(), Ok(HeuristicName::ExitDistance));
    /// assert!("manhattan".parse::<HeuristicName>().is_err());
    /// ```
    pub enum HeuristicName {
        /// [`ExitDistance`], `exit-distance`.
        ExitDistance = "exit-distance",
    }
}

/// The Wall Pushers as the program runs it.
pub struct Program {
    /// Draw the puzzle before and after every move (`--pretty`).
    pub pretty: bool,
}

impl Puzzle for Program {
    const PROGRAM: &'static str = "wall-pusher";
    type Problem = WallPusher;
    type Case = Maze;
    type Answer = Answer;
    type Heuristic = HeuristicName;
    const HEURISTICS: &'static [HeuristicName] = &HeuristicName::ALL;

    type CaseError = puzzle_wall_pusher::ParseError;
    fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Maze, Self::CaseError>> {
        cases_from_bytes(input.chunks())
    }

    /// Every driver: the mazes are hashable, for those that keep them.
    const ALGORITHMS: &'static [Algorithm] = Algorithm::ALL;

    /// The case's turns ([`solve_by`]), each run of the search for a way out a search of its own
    /// within that turn's limits, by the driver asked for, on the threads or watched by the
    /// observer the case was given.
    fn solve<O: Observer<WallPusher>>(
        &self,
        maze: &Maze,
        heuristic: HeuristicName,
        search: Search<'_, WallPusher, O>,
    ) -> CaseReport<Answer> {
        let HeuristicName::ExitDistance = heuristic;
        let (limits, mut observer, settings) = search.into_parts();
        let solved = solve_by(maze, limits, |turn| {
            let search: Search<'_, WallPusher, _> = settings.search(&turn, &mut observer);
            search.solve(&WallPusher, &ExitDistance, maze)
        });
        let more_stats = format!(" regions={} states={}", solved.regions, solved.states);
        CaseReport { answer: solved.answer, stats: solved.stats, more_stats }
    }

    /// Every state in `--trace-json`, drawn or not on the terminal.
    fn state_text(&self, maze: &Maze) -> Option<String> {
        Some(maze.to_string())
    }

    fn draw_state(&self, maze: &Maze) -> Option<String> {
        self.pretty.then(|| maze.to_string())
    }

    fn write_answer(&self, out: &mut dyn Write, maze: &Maze, answer: &Answer) -> io::Result<()> {
        if self.pretty {
            draw(out, *maze, answer)?;
        }
        write!(out, "{answer}")
    }

    fn length(answer: &Answer) -> Option<usize> {
        answer.steps().map(<[Step]>::len)
    }

    fn distribute<J: Job<Self>>(&self, maze: &Maze, heuristic: HeuristicName, job: J) -> J::Output {
        // IDA* never ends on a maze with no way out (walking to and fro makes the tree
        // infinite), so the complete search settles that first, as the program's turns do: the
        // case is then answered without IDA*, and with a way out proved, IDA* is bound to end.
        // A cluster search runs IDA* once, so its figures are that one run's, which the
        // program's also are whenever the start's region touches an open exit.
        if puzzle_wall_pusher::prove(maze) == puzzle_wall_pusher::Proof::NoWayOut {
            return job.answered(Answer::NoWayOut);
        }
        let answer = |moves: Option<Vec<_>>| match moves {
            Some(moves) => Ok(Answer::WayOut(moves)),
            // A way out exists, but is longer than the 254 moves a `u8` cost counts: breadth-
            // first search over positions finds one, as the program does.
            None => search_core::BreadthFirst::new(&WallPusher)
                .run(maze)
                .outcome
                .into_solution()
                .map(|solution| Answer::WayOut(solution.moves))
                .ok_or_else(|| "a maze proved to have a way out has none".to_owned()),
        };
        match heuristic {
            HeuristicName::ExitDistance => job.search(&WallPusher, &ExitDistance, maze, &answer),
        }
    }

    fn picture(&self, maze: &Maze) -> Option<serde_json::Value> {
        Some(picture(maze))
    }

    fn presets(&self) -> Vec<Preset> {
        vec![
            Preset {
                name: "the judge's sample",
                instance: "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n0 0",
            },
            Preset { name: "no way out", instance: NO_WAY_OUT },
        ]
    }

    /// The puzzle's proof, as the program runs it: walking to and fro makes the search tree of
    /// a maze with no way out infinite, so IDA\* alone would never end. The complete search over
    /// the regions the player can reach settles it first, within [`PROOF_REGIONS`]; a maze it
    /// does not settle in them is searched (within the page's node budget).
    fn unsolvable(&self, maze: &Maze) -> Option<String> {
        if maze.open_exits() == 0 {
            return Some("no way out: every exit of the maze is closed".to_owned());
        }
        let mut proof = Reachability::new(maze);
        (proof.run(Some(PROOF_REGIONS)) == Proof::NoWayOut).then(|| {
            format!(
                "no way out: the {} positions the player can reach ({} regions) have no open exit",
                proof.states(),
                proof.regions()
            )
        })
    }
}

/// The most regions the proof of "no way out" expands before the page's run
/// ([`Program::unsolvable`]; the program lets it run to its end); a maze it does not settle in
/// them is searched, within the run's node budget.
pub const PROOF_REGIONS: u64 = 1 << 20;

/// A maze with open exits but no way out: the player's pushes never reach one.
pub const NO_WAY_OUT: &str =
    "6 4\n15 15 11 14 13 15\n11 14 15 15 15 15\n15 15 3 14 7 15\n15 11 12 15 13 15\n0 0";

/// The maze as the page draws it: its walls by cell, and the player. Once the player has left,
/// it is drawn outside the grid, beyond an open exit of the cell it left from (the state does not
/// say which, when the cell has two).
#[must_use]
pub fn picture(maze: &Maze) -> serde_json::Value {
    use puzzle_wall_pusher::{COLUMNS, Dir, ROWS};
    let player = maze.player();
    let signed = |n: usize| isize::try_from(n).unwrap_or(0);
    let (row, col) = (signed(player / COLUMNS), signed(player % COLUMNS));
    let at = if maze.has_left() {
        let exits = [
            (Dir::W, col == 0, (row, col - 1)),
            (Dir::N, row == 0, (row - 1, col)),
            (Dir::E, col == signed(COLUMNS) - 1, (row, col + 1)),
            (Dir::S, row == signed(ROWS) - 1, (row + 1, col)),
        ];
        exits
            .into_iter()
            .find(|&(dir, border, _)| border && !maze.has_wall(player, dir))
            .map_or((-1, -1), |(_, _, outside)| outside)
    } else {
        (row, col)
    };
    serde_json::json!({
        "kind": "maze",
        "rows": ROWS,
        "cols": COLUMNS,
        "walls": maze.masks(),
        "player": [at.0, at.1],
    })
}

impl search_cluster::ProgramArgs for Args {
    fn choose<H: Host>(&self, host: H) -> Result<H::Output, String> {
        Ok(host.host(&Program { pretty: self.pretty }, &self.common, self.heuristic))
    }
}

/// The `--pretty` drawings: the maze at the start and after each move of the answer.
fn draw(out: &mut dyn Write, mut maze: Maze, answer: &Answer) -> io::Result<()> {
    writeln!(out, "start:\n{maze}")?;
    match answer.steps() {
        Some(steps) => {
            for &step in steps {
                maze.apply(step);
                let kind = match step {
                    Step::Walk(_) => "walk",
                    Step::Push(_) => "push",
                    Step::Leave(_) => "leave",
                };
                writeln!(out, "after {step} ({kind}):\n{maze}")?;
            }
        }
        None => writeln!(out, "no sequence of moves leads out of this maze\n")?,
    }
    Ok(())
}

/// The program: reads the command line, answers the input (or a `cluster` command), and returns
/// the exit status.
#[must_use]
pub fn main() -> ExitCode {
    search_cluster::program_main::<Args>()
}
