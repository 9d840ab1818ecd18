//! The coordinator's threads as one more claimant of a pool's round (`run --pool
//! --coordinator-helps`), while the pool's workers start.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use search_core::work_units::{UnitOutcome, WorkUnit};
use search_core::{Heuristic, IdaStar, Limits, Problem, StopReason};

use super::files::{REPORTS_HEADER, WORKER_TRAILER, report_line};
use super::protocol::{COORDINATOR, Claims};

/// The coordinator's threads, searching a round's units while the pool's workers start.
pub(crate) struct Helper<'a, P: Problem, H> {
    pub(crate) limits: &'a Limits<P::Cost>,
    pub(crate) fingerprint: &'a str,
    pub(crate) threads: usize,
    pub(crate) program: &'static str,
    pub(crate) problem: &'a P,
    pub(crate) heuristic: &'a H,
    pub(crate) start: &'a P::State,
    pub(crate) todo: &'a [WorkUnit<P::Cost>],
    pub(crate) claims: &'a Path,
    pub(crate) halted: &'a Arc<AtomicBool>,
    /// Whether the coordinator's help is still wanted.
    pub(crate) wanted: &'a (dyn Fn() -> bool + Sync),
    /// The coordinator's thread watching the reports, woken when the round's units are all
    /// taken and one searched here ends (a small iteration ends at once, not at its next look).
    pub(crate) watcher: std::thread::Thread,
}

impl<P, H> Helper<'_, P, H>
where
    P: Problem + Sync,
    P::State: Sync,
    H: Heuristic<P> + Sync,
{
    /// Claims and searches units on `--threads` threads, writing their reports to `file`, until
    /// the workers are ready, the round is over or its units are all claimed.
    pub(crate) fn search(&self, file: &Path, helped: &AtomicUsize) {
        let Ok(claims) =
            Claims::open(self.claims, COORDINATOR).map_err(|error| eprintln!("error: {error}"))
        else {
            return;
        };
        let fail = |error: std::io::Error| eprintln!("error: {}: {error}", file.display());
        let Ok(mut out) = File::create(file).map_err(fail) else { return };
        let header =
            format!("{REPORTS_HEADER} program={} fingerprint={}\n", self.program, self.fingerprint);
        if out.write_all(header.as_bytes()).map_err(fail).is_err() {
            return;
        }
        let shared = Mutex::new((out, 0_u64, 0.0_f64));
        let next = AtomicUsize::new(0);
        let threads = self.threads.max(1);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    while !self.halted.load(Ordering::Relaxed) && (self.wanted)() {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(unit) = self.todo.get(index) else { break };
                        if !claims.claim(index).unwrap_or(false) {
                            continue;
                        }
                        let mut limits = self.limits.clone();
                        limits.cancel = Some(Arc::clone(self.halted));
                        let driver = IdaStar::new(self.problem, self.heuristic).limits(limits);
                        let clock = Instant::now();
                        let Ok(report) = driver.search_unit(self.start, unit) else { break };
                        let cancelled = StopReason::Cancelled;
                        if matches!(&report.outcome, UnitOutcome::Stopped { reason } if *reason == cancelled)
                        {
                            break;
                        }
                        let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                        let (out, generated, seconds) = &mut *shared;
                        *generated += report.generated;
                        *seconds += clock.elapsed().as_secs_f64();
                        if out.write_all(report_line(self.fingerprint, &report).as_bytes()).map_err(fail).is_err() {
                            break;
                        }
                        helped.fetch_add(1, Ordering::Relaxed);
                        drop(shared);
                        if next.load(Ordering::Relaxed) >= self.todo.len() {
                            self.watcher.unpark();
                        }
                    }
                });
            }
        });
        let (mut out, generated, seconds) =
            shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        let units = helped.load(Ordering::Relaxed);
        let trailer =
            format!("{WORKER_TRAILER} units={units} generated={generated} seconds={seconds:.6}\n");
        let _ = out.write_all(trailer.as_bytes()).map_err(fail);
    }
}
