//! Rubik's Cube in the half-turn metric, and the 2x2x2 pocket cube, solved optimally with the
//! generic IDA\* of [`search_core`] and Korf's pattern databases (Korf, "Finding optimal
//! solutions to Rubik's Cube using pattern databases", AAAI 1997).
//!
//! # The puzzle
//!
//! A [`Cube`] is its eight corner and twelve edge cubies, each where it is and how it is turned
//! (twisted, flipped). A move is a [`Turn`] of one face, a quarter turn either way or a half
//! turn: 18 moves, each counted as one (the half-turn metric). Every position is at most 20 moves
//! from solved (Rokicki, Kociemba, Davidson and Dethridge, 2010); the superflip, every edge
//! flipped in place, is one of those 20 moves away.
//!
//! The [`Pocket`] cube is the 2x2x2: corners only. It is searched held by one corner, with the
//! 9 turns of the three faces that do not move it: 3,674,160 positions, at most 11 moves apart.
//!
//! # How it is solved
//!
//! - [`Rubik`] implements [`search_core::Problem`] with the literature's move pruning (never the
//!   same face twice in a row; of two opposite faces, one order only), through the framework's
//!   `may_follow` hook: the tree grows by 13.35 per level instead of 17. [`PocketCube`] is the
//!   pocket cube's.
//! - [`Korf`] is the bound: the largest of the corners' pattern database (88,179,840 entries) and
//!   two of six edges each (42,577,920 entries), built by search-core's breadth-first builder on
//!   every core and stored in four bits an entry (86.7 MB); [`Korf::cached`] keeps them in a
//!   file between runs.
//! - [`Tracked`] searches the same tree faster: its states keep the three databases' indices,
//!   turned by move tables, and [`TrackedBound`] prices a child from them;
//!   [`Tracked::with_views`] also reads the edge groups' databases for the cube seen through
//!   [`Rotation`]s, a tighter bound from the same tables.
//! - [`EdgeDatabase`] is a larger edge group's database, read with the corners' for the cube
//!   seen through several [`Rotation`]s by [`TrackedGroups`] ([`GroupsBound`]), the group's
//!   ranks turned by a [`GroupMoves`] table. Of seven edges ([`Edges::seven`]: 510,935,040
//!   entries, 255 MB at 4 bits, built in about 30 s on two cores with 0.9 GB at the peak, kept in
//!   a file of its own by [`EdgeDatabase::cached`]): seen from the side [`Rotation::X`] turns to
//!   the front it bounds the five other edges and two of its own; read for the cube seen
//!   through [`SEVEN_VIEWS_4`], about 4.5 times fewer nodes than Korf's bound for 1.3 times the
//!   time a node. Of eight edges ([`Edges::eight`], the `U` and `D` layers': 5,109,350,400
//!   entries, 2.55 GB at 4 bits, built in about three minutes on two cores with 7.5 GB at the
//!   peak): read for each pair of opposite layers' edges ([`EIGHT_VIEWS`]), about 3.6 times
//!   fewer nodes than the seven edges', the fewest of the crate's bounds, for about 4.5 GB a
//!   process.
//! - A start that looks the same through some of the cube's 48 [`Symmetry`]s (the rotations and
//!   their mirror images) is searched by [`SymmetricStart`] around any of these: one first turn
//!   of each set the symmetries take to one another (two of 18 for the superflip), and so for the
//!   next turns while the path keeps a symmetry; the same answer, from a 32nd of the nodes for
//!   the superflip.
//! - [`cases`] reads the input, one cube per line (a scramble, or the 54 stickers);
//!   [`solve`] answers a case, and [`Answer`] prints the turns, or `Already solved`.
//!
//! # Example
//!
//! ```
//! use puzzle_cube::{cases, solve, Case, Cube, PocketDistances};
//!
//! let mut input = cases("2x2x2: R U R' U'\n");
//! let Some(Ok(case @ Case::Pocket(pocket))) = input.next() else { panic!() };
//! let answer = solve(&case, || unreachable!("no 3x3x3 cube here"));
//! assert_eq!(answer.moves.len(), 4);
//! assert!(pocket.after(&answer.moves).is_solved());
//! // The exact table of every pocket cube agrees.
//! assert_eq!(PocketDistances::build(1).distance(&pocket.held().pocket), 4);
//! ```

mod cube;
mod databases;
mod facelets;
mod parse;
mod pocket;
mod problem;
mod solve;
mod symmetric_start;
mod symmetry;

pub use cube::{CORNER_NAMES, Cube, EDGE_NAMES, Face, NotATurn, Turn};
pub use databases::abstractions::{Corners, Edges};
pub use databases::cache::{self, CacheError};
pub use databases::huge::HugeBytes;
pub use databases::move_tables::{CornerMoves, EdgeMoves, GroupMoves};
pub use databases::nibbles::Nibbles;
pub use databases::tracked::{OnCubes, Tracked, TrackedBound, TrackedCube, TrackedState};
pub use databases::tracked_groups::{
    EIGHT_VIEWS, GroupsBound, SEVEN_VIEWS, SEVEN_VIEWS_4, TrackedGroups, TrackedGroupsCube,
};
pub use databases::{BuildTimes, CornersOnly, EdgeDatabase, Korf, PocketBound, PocketDistances};
pub use facelets::FaceletError;
pub use parse::{
    Case, Cases, ErrorKind, POCKET_PREFIX, ParseError, cases, cases_from_bytes, cases_from_text,
};
pub use pocket::{FIXED_CORNER, Held, POCKET_TURNS, Pocket};
pub use problem::{PocketCube, Rubik, may_follow};
pub use solve::{Answer, solve};
pub use symmetric_start::{FromStart, FromStartBound, SYMMETRIC_DEPTH, SymmetricStart};
pub use symmetry::{Rotation, Symmetry};

/// This crate's README, its example compiled and run as a doctest so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
