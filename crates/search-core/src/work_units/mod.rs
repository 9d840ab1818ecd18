//! IDA\*'s iterations cut into work units, searched anywhere and put back together: the protocol
//! behind [`ParallelIdaStar`], and one a cluster could use across machines (`docs/scaling.md`).
//!
//! An iteration is cut into [`WorkUnit`]s, subtrees named by their paths of move indices from the
//! start, in move order ([`IdaStar::split`], which returns a [`Split`]); a unit is searched by the
//! same iteration code as the sequential driver's, started at the unit's node
//! ([`IdaStar::search_unit`], which returns a [`UnitReport`]); and the units' reports, read back
//! in move order, give the iteration's answer and counts exactly ([`Split::combine`], which
//! returns an [`IterationSummary`]). Units and reports print and parse as one line of text each.
//!
//! The files, in the order to read them: `unit.rs` (a unit, its report, searching one),
//! `split.rs` (cutting an iteration, combining the reports), `share.rs` (the node budget the
//! units of one search share), `parallel.rs` (the driver on a pool of threads).
//!
//! ```
//! use search_core::{Blind, IdaStar, MoveVec, Problem};
//! use search_core::work_units::UnitReport;
//!
//! /// Count up to a target by adding one or two.
//! struct Steps { target: u32 }
//!
//! impl Problem for Steps {
//!     type State = u32;
//!     type Move = u32;
//!     type Cost = u32;
//!     type Moves<'a> = MoveVec<u32>;
//!     fn moves(&self, n: &u32) -> MoveVec<u32> {
//!         (1..=2).filter(|step| n + step <= self.target).collect()
//!     }
//!     fn apply(&self, n: &mut u32, step: u32) { *n += step }
//!     fn undo(&self, n: &mut u32, step: u32) { *n -= step }
//!     fn inverse(&self, _: u32) -> Option<u32> { None }
//!     fn is_goal(&self, n: &u32) -> bool { *n == self.target }
//! }
//!
//! let problem = Steps { target: 6 };
//! let driver = IdaStar::new(&problem, &Blind);
//! // The iteration under the bound 3, cut into (at most) four units.
//! let split = driver.split(&0, 3, 4, &[]);
//! let reports: Vec<UnitReport<u32>> = split
//!     .units()
//!     .iter()
//!     .map(|unit| {
//!         // Each unit travels as a line of text, and so does its report.
//!         let unit = unit.to_string().parse().unwrap();
//!         let report = driver.search_unit(&0, &unit).unwrap();
//!         report.to_string().parse().unwrap()
//!     })
//!     .collect();
//! let summary = split.combine(&reports);
//! // Three moves of two reach 6 within the bound 3 (every move costs 1, the default).
//! assert!(matches!(summary.outcome, search_core::work_units::UnitOutcome::Solved { cost: 3, .. }));
//! ```

#[cfg(feature = "parallel")]
mod crew;
#[cfg(feature = "parallel")]
mod parallel;
mod pools;
pub(crate) mod share;
mod split;
mod unit;

#[cfg(feature = "parallel")]
pub use crew::Crew;
#[cfg(feature = "parallel")]
pub use parallel::ParallelIdaStar;
pub use split::{IterationSummary, Split};
pub use unit::{ParseUnitError, UnitError, UnitOutcome, UnitReport, WorkUnit};

#[cfg(doc)]
use crate::ida_star::IdaStar;
