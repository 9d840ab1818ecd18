//! Fuzzing the coordinator's reader of reports files ([`Ledger::read`] and
//! [`Ledger::read_on`], and [`read_report`] under them): what crosses from the workers to the
//! coordinator through the shared filesystem (docs/fuzzing.md, "The cluster's reports").
//!
//! An input is a worker's reports file of one iteration (its header, its reports in any order, a
//! line repeated now and then, its closing line), then one to four pieces of damage: a line of
//! another search (the same unit, other counts, sealed with another fingerprint), a line of this
//! search's header replaced by another's, a byte changed, bytes inserted (anything, a newline and
//! a `check=` among them), bytes removed, a digit changed, the file cut. The contract:
//!
//! - the reader never panics;
//! - every report it takes is, field for field, the one the worker wrote for that unit: a
//!   damaged line is never believed, so nothing wrong can be combined;
//! - a file it refuses is named in the message, with the line when a line is at fault;
//! - the undamaged file is taken whole, every report;
//! - read as it grows (a prefix at a time, as the pool's coordinator reads a file still being
//!   written), the same holds at every step.
//!
//! How many inputs a property tries: `PROPTEST_CASES` when set, otherwise [`DEFAULT_CASES`].

use std::fs;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use search_core::work_units::UnitReport;

use super::files::{
    Fault, Ledger, REPORTS_HEADER, Taken, WORKER_TRAILER, read_report, report_line,
};

/// The inputs each property tries unless `PROPTEST_CASES` says otherwise.
const DEFAULT_CASES: u32 = 2_000;

/// The search whose reports are read.
const FINGERPRINT: &str = "5f0c3e1d2a4b6978";

/// Another search, whose lines are sealed with its own fingerprint.
const OTHER: &str = "5f0c3e1d2a4b6979";

/// The iteration's units, in move order, and what a worker of the search reported for each.
const REPORTS: [&str; 6] = [
    "41:0 generated=2126578 expanded=1063290 next=43",
    "41:1.0 generated=17 expanded=9 next=none",
    "41:1.2 generated=40210 expanded=20001 next=43",
    "41:2.0 generated=5 expanded=3 solved=41:2.0.1.1.3",
    "41:2.1 generated=12 expanded=6 stopped=cancelled",
    "41:3 generated=0 expanded=1 next=45",
];

fn reports() -> Vec<UnitReport<u8>> {
    REPORTS.iter().map(|line| line.parse().unwrap()).collect()
}

fn ledger() -> Ledger<u8> {
    Ledger::new(FINGERPRINT, reports().into_iter().map(|report| report.unit).collect())
}

/// The line of another search (another board) for the unit of the report line `line`: other
/// counts, sealed with the other search's fingerprint; `line` itself if it is no report.
fn elsewhere(line: &str) -> String {
    match line.split(" check=").next().unwrap_or("").parse::<UnitReport<u8>>() {
        Ok(report) => {
            let other = UnitReport { generated: report.generated + 1, ..report };
            report_line(OTHER, &other).trim_end().to_owned()
        }
        Err(_) => line.to_owned(),
    }
}

/// What is done to a worker's file.
#[derive(Clone, Debug)]
enum Damage {
    /// A report replaced by another search's for the same unit (sealed with its fingerprint).
    Foreign(Index),
    /// The header replaced by another search's.
    Header,
    /// A byte replaced.
    Byte(Index, u8),
    /// Bytes inserted.
    Insert(Index, Vec<u8>),
    /// Up to 40 bytes removed.
    Remove(Index, usize),
    /// A digit replaced by another.
    Digit(Index, u8),
    /// The file cut there.
    Cut(Index),
}

fn damage() -> impl Strategy<Value = Damage> {
    let junk = prop_oneof![
        proptest::collection::vec(any::<u8>(), 1..12),
        Just(b"\n".to_vec()),
        Just(b" check=".to_vec()),
        Just(b"9".to_vec()),
        Just(b"\r".to_vec()),
    ];
    prop_oneof![
        any::<Index>().prop_map(Damage::Foreign),
        Just(Damage::Header),
        (any::<Index>(), any::<u8>()).prop_map(|(at, byte)| Damage::Byte(at, byte)),
        (any::<Index>(), junk).prop_map(|(at, bytes)| Damage::Insert(at, bytes)),
        (any::<Index>(), 1..40_usize).prop_map(|(at, count)| Damage::Remove(at, count)),
        (any::<Index>(), 0..10_u8).prop_map(|(at, digit)| Damage::Digit(at, digit)),
        any::<Index>().prop_map(Damage::Cut),
    ]
}

/// A worker's file: its header, the reports `order` names (indices into [`REPORTS`], repeats
/// allowed), its closing line; as lines.
fn worker_file(order: &[usize]) -> Vec<String> {
    let reports = reports();
    let mut lines = vec![format!("{REPORTS_HEADER} program=sliding fingerprint={FINGERPRINT}")];
    for &index in order {
        lines.push(report_line(FINGERPRINT, &reports[index]).trim_end().to_owned());
    }
    lines.push(format!("{WORKER_TRAILER} units={} generated=1 seconds=0.5", order.len()));
    lines
}

/// `lines` with `damages` done to them, as bytes.
fn damaged(mut lines: Vec<String>, damages: &[Damage]) -> Vec<u8> {
    // The damage to whole lines first, then to the bytes.
    for damage in damages {
        match damage {
            Damage::Foreign(at) if lines.len() > 2 => {
                let line = 1 + at.index(lines.len() - 2);
                lines[line] = elsewhere(&lines[line]);
            }
            Damage::Header => {
                lines[0] = format!("{REPORTS_HEADER} program=sliding fingerprint={OTHER}");
            }
            _ => {}
        }
    }
    let mut bytes = (lines.join("\n") + "\n").into_bytes();
    for damage in damages {
        match damage {
            // A file cut to nothing has no byte to change or remove.
            Damage::Byte(..) | Damage::Remove(..) if bytes.is_empty() => {}
            Damage::Byte(at, byte) => {
                let at = at.index(bytes.len());
                bytes[at] = *byte;
            }
            Damage::Insert(at, more) => {
                let at = at.index(bytes.len() + 1);
                bytes.splice(at..at, more.iter().copied());
            }
            Damage::Remove(at, count) => {
                let at = at.index(bytes.len());
                bytes.drain(at..(at + count).min(bytes.len()));
            }
            Damage::Digit(at, digit) => {
                let digits: Vec<usize> =
                    (0..bytes.len()).filter(|&i| bytes[i].is_ascii_digit()).collect();
                if !digits.is_empty() {
                    bytes[digits[at.index(digits.len())]] = b'0' + digit;
                }
            }
            Damage::Cut(at) => bytes.truncate(at.index(bytes.len() + 1)),
            Damage::Foreign(_) | Damage::Header => {}
        }
    }
    bytes
}

/// Every report `ledger` holds is the worker's own for its unit.
fn only_the_workers_own(ledger: &Ledger<u8>) -> Result<(), TestCaseError> {
    let originals = reports();
    for taken in ledger.reports() {
        prop_assert!(originals.contains(&taken), "a report no worker wrote was taken: {taken}");
    }
    Ok(())
}

/// A refusal names the file, and the line unless the file cannot be read at all.
fn names_the_file(fault: &Fault, path: &Path) -> Result<(), TestCaseError> {
    let message = fault.message();
    prop_assert!(message.starts_with(&path.display().to_string()), "{message}");
    let whole = message.ends_with("not text (not UTF-8)");
    prop_assert!(whole || message.contains(" line "), "{message}");
    Ok(())
}

/// A file of the test's own, written again for every input, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let name = format!("fuzz-reports-{name}-{}.txt", std::process::id());
        Scratch(std::env::temp_dir().join(name))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// `DEFAULT_CASES` inputs, or `PROPTEST_CASES`. A failure is not saved to a file: a test run
/// writes nothing into the source tree.
fn config() -> Config {
    let config = if std::env::var_os("PROPTEST_CASES").is_some() {
        Config::default()
    } else {
        Config::with_cases(DEFAULT_CASES)
    };
    Config { failure_persistence: None, ..config }
}

/// Runs `property` on the inputs `strategy` makes, with a file of the test's own.
fn check<S: Strategy>(
    name: &str,
    strategy: &S,
    property: impl Fn(&Path, S::Value) -> Result<(), TestCaseError>,
) {
    let scratch = Scratch::new(name);
    let outcome = TestRunner::new(config()).run(strategy, |input| property(&scratch.0, input));
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}

fn order() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0..REPORTS.len(), 0..10)
}

#[test]
fn a_damaged_reports_file_is_never_believed() {
    let inputs = (order(), proptest::collection::vec(damage(), 0..4));
    check("whole", &inputs, |path, (order, damages)| {
        let clean = damages.is_empty();
        fs::write(path, damaged(worker_file(&order), &damages)).unwrap();
        let mut ledger = ledger();
        match ledger.read(path, true) {
            Ok(()) => {
                only_the_workers_own(&ledger)?;
                if clean {
                    let mut units = order.clone();
                    units.sort_unstable();
                    units.dedup();
                    prop_assert_eq!(ledger.reports().len(), units.len());
                }
            }
            Err(fault) => {
                prop_assert!(!clean, "the worker's own file refused: {fault:?}");
                names_the_file(&fault, path)?;
                prop_assert!(ledger.reports().is_empty(), "nothing from a refused file");
            }
        }
        Ok(())
    });
}

#[test]
fn a_damaged_file_read_as_it_grows_is_never_believed() {
    let steps = proptest::collection::vec(any::<Index>(), 1..6);
    let inputs = (order(), proptest::collection::vec(damage(), 1..4), steps);
    check("growing", &inputs, |path, (order, damages, steps)| {
        let bytes = damaged(worker_file(&order), &damages);
        let mut ends: Vec<usize> = steps.iter().map(|at| at.index(bytes.len() + 1)).collect();
        ends.sort_unstable();
        ends.push(bytes.len());
        let (mut ledger, mut taken) = (ledger(), Taken::default());
        for (step, &end) in ends.iter().enumerate() {
            fs::write(path, &bytes[..end]).unwrap();
            let last = step + 1 == ends.len();
            match ledger.read_on(path, last, &mut taken) {
                Ok(()) => only_the_workers_own(&ledger)?,
                Err(fault) => {
                    names_the_file(&fault, path)?;
                    only_the_workers_own(&ledger)?;
                    break;
                }
            }
        }
        Ok(())
    });
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_line_is_believed_only_as_its_worker_sealed_it(line in any::<String>()) {
        if let Ok(report) = read_report::<u8>(&line, FINGERPRINT) {
            let written = report_line(FINGERPRINT, &report);
            prop_assert_eq!(written.trim_end(), line.as_str());
        }
    }
}

#[test]
fn another_searchs_line_is_that_search_s_own() {
    let lines = worker_file(&[0, 3]);
    let line = elsewhere(&lines[1]);
    assert!(line.starts_with("41:0 generated=2126579 expanded=1063290 next=43 check="), "{line}");
    assert!(read_report::<u8>(&line, OTHER).is_ok());
    assert!(read_report::<u8>(&line, FINGERPRINT).unwrap_err().contains("another search"));
    assert_eq!(elsewhere(&lines[0]), lines[0], "the header is no report");
}
