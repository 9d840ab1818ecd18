//! The local engine: the coordinator's own threads search the units, as the parallel driver's
//! threads do, each report written to the iteration's `reports` directory as soon as it is known,
//! so that a run stopped in the middle resumes from them as from any engine's.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use search_core::work_units::WorkUnit;
use search_core::{Heuristic, Problem};

use super::coordinator::{Context, Driver};
use super::files::{Ledger, Place, REPORTS_HEADER, WORKER_TRAILER, report_line};
use crate::{CostOf, Puzzle};

/// The local engine: the coordinator's own threads (`--threads`) take the units in move order,
/// each writing its report into `file` as soon as it is known, and stop once the iteration's end
/// is known.
pub(crate) fn search<Z, P, H>(
    context: &Context<'_, Z>,
    driver: &Driver<'_, P, H>,
    start: &P::State,
    ledger: &Ledger<P::Cost>,
    todo: &[WorkUnit<P::Cost>],
    file: &Path,
) -> Result<(), String>
where
    Z: Puzzle,
    P: Problem<Cost = CostOf<Z>> + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    let fail = |error: std::io::Error| format!("{}: {error}", file.display());
    let mut out = File::create(file).map_err(fail)?;
    let header =
        format!("{REPORTS_HEADER} program={} fingerprint={}\n", Z::PROGRAM, context.fingerprint);
    out.write_all(header.as_bytes()).map_err(fail)?;
    // The file, its next line's number, the ledger, the nodes and seconds worked, the first error.
    let fingerprint = context.fingerprint.as_str();
    let shared = Mutex::new((out, 2_usize, ledger.clone(), (0_u64, 0.0_f64), None::<String>));
    let (next, halted) = (AtomicUsize::new(0), AtomicBool::new(false));
    let threads = context.common.threads().clamp(1, todo.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while !halted.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = todo.get(index) else { break };
                    let clock = Instant::now();
                    let report = driver.search_unit(start, unit);
                    let seconds = clock.elapsed().as_secs_f64();
                    let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                    let (out, line, ledger, worked, error) = &mut *shared;
                    if context.interrupts.signal().is_some() {
                        halted.store(true, Ordering::Relaxed);
                        break;
                    }
                    let report = match report {
                        Ok(report) => report,
                        Err(problem) => {
                            *error = Some(format!("the unit {unit}: {problem}"));
                            halted.store(true, Ordering::Relaxed);
                            break;
                        }
                    };
                    let place = Place { file: file.to_owned(), line: *line };
                    *line += 1;
                    *worked = (worked.0 + report.generated, worked.1 + seconds);
                    let text = report_line(fingerprint, &report);
                    let written = out.write_all(text.as_bytes());
                    let taken = ledger.insert(report, place);
                    let failed = written
                        .map_err(fail)
                        .err()
                        .or(taken.err().map(|fault| fault.message().to_owned()));
                    if failed.is_some() {
                        *error = failed;
                    }
                    if error.is_some() || ledger.decided() {
                        halted.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let (mut out, _, _, (generated, seconds), error) =
        shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(error) = error {
        return Err(error);
    }
    let units = next.load(Ordering::Relaxed).min(todo.len());
    let trailer =
        format!("{WORKER_TRAILER} units={units} generated={generated} seconds={seconds:.6}\n");
    out.write_all(trailer.as_bytes()).map_err(fail)
}
