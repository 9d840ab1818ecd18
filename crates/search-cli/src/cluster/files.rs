//! The cluster's files: the search's fingerprint, units files, and the reports of an iteration
//! checked line by line into a [`Ledger`].
//!
//! A units file is a header line and one [`WorkUnit`] per line:
//!
//! ```text
//! # ida-star units program=sliding fingerprint=5f0c3e1d2a4b6978 bound=41 asked=64 units=61
//! 41:0.0.1
//! ```
//!
//! A worker's output is a header line, one [`UnitReport`] per unit sealed with a check (see
//! [`report_line`]), and a closing line with what the worker did, from which the coordinator
//! sizes later units:
//!
//! ```text
//! # ida-star reports program=sliding fingerprint=5f0c3e1d2a4b6978
//! 41:0.0.1 generated=5310 expanded=2750 next=43 check=64a130b3ff0167ad
//! # ida-star worker units=1 generated=5310 seconds=0.000412
//! ```

use std::fmt::{Display, Write as _};
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use search_core::num_traits::Num;
use search_core::work_units::{UnitOutcome, UnitReport, WorkUnit};

/// The first words of a units file's header.
pub(crate) const UNITS_HEADER: &str = "# ida-star units";
/// The first words of a worker's header.
pub(crate) const REPORTS_HEADER: &str = "# ida-star reports";
/// The first words of a worker's closing line.
pub(crate) const WORKER_TRAILER: &str = "# ida-star worker";

/// The fingerprint of a search: FNV-1a (64 bits) over its parts, in hexadecimal. Not a defence
/// against forgery, only against mixing up two searches' files.
pub(crate) fn fingerprint(parts: &[&[u8]]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.iter().chain(&[0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// The word that seals a report line: ` check=` and sixteen hexadecimal digits.
const CHECK: &str = " check=";

/// A report's line as a worker writes it, newline included: the report, then ` check=` and the
/// [`fingerprint`] of the search's fingerprint and the report's text.
///
/// The check is keyed by the search (its program, case, heuristic and settings), and covers the
/// line's every byte: the unit (bound and path), the counts and the outcome. So a line changed in
/// any one character, or copied from the reports of another search (another board, say, with the
/// same bound and unit paths), no longer matches its check, and [`read_report`] refuses it. Like
/// the fingerprint, it is a defence against damage and mix-ups, not against forgery: whoever
/// can read a header can seal a line.
pub(crate) fn report_line<C: Display>(fingerprint: &str, report: &UnitReport<C>) -> String {
    let text = report.to_string();
    format!("{text}{CHECK}{}\n", check(fingerprint, &text))
}

/// The check of a report's text `text` in the search `fingerprint`.
fn check(fingerprint: &str, text: &str) -> String {
    self::fingerprint(&[fingerprint.as_bytes(), text.as_bytes()])
}

/// The report of a line written by [`report_line`] (without its newline) in the search
/// `fingerprint`, or why it cannot be believed.
pub(crate) fn read_report<C: Num>(line: &str, fingerprint: &str) -> Result<UnitReport<C>, String> {
    let Some((text, sealed)) = line.rsplit_once(CHECK) else {
        return Err("not a report: no `check=` at its end".to_owned());
    };
    if sealed != check(fingerprint, text) {
        return Err(format!(
            "the report `{text}` does not match its check={sealed}: a line changed since its \
             worker wrote it, or copied from another search's reports"
        ));
    }
    text.parse().map_err(|error| format!("not a report: {error}"))
}

/// The value of `key=value` among a header's words.
pub(crate) fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split_whitespace().find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
}

/// A place in a file, as messages name it: `FILE line N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) file: PathBuf,
    pub(crate) line: usize,
}

impl Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} line {}", self.file.display(), self.line)
    }
}

/// What is wrong with a reports file. Either way nothing from it is combined.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Damaged (a line cut short, not a report, or a report that does not match its check):
    /// what a killed worker, a full disk or a line changed since it was written leaves. The
    /// file can be set aside and its units searched again.
    Damaged(String),
    /// It belongs to another search, or contradicts another report: someone must look.
    Foreign(String),
}

impl Fault {
    pub(crate) fn message(&self) -> &str {
        match self {
            Fault::Damaged(message) | Fault::Foreign(message) => message,
        }
    }
}

/// The lines of a file up to its last newline, numbered from 1, and whether more follows (a line
/// cut short, or still being written).
fn complete_lines(text: &str) -> (impl Iterator<Item = (usize, &str)>, bool) {
    let end = text.rfind('\n').map_or(0, |last| last + 1);
    let lines = text[..end].lines().enumerate().map(|(index, line)| (index + 1, line));
    (lines, end < text.len())
}

/// Reads a units file: its fingerprint is checked, its bound and its units returned.
pub(crate) fn read_units<C: Num + Copy>(
    path: &Path,
    expected: &str,
) -> Result<(C, usize, Vec<WorkUnit<C>>), String> {
    let text = fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let at = |line| Place { file: path.to_owned(), line };
    let (mut lines, cut) = complete_lines(&text);
    if cut {
        let line = text.lines().count();
        return Err(format!("{}: the line is cut short (no newline at its end)", at(line)));
    }
    let Some((_, header)) = lines.next().filter(|(_, line)| line.starts_with(UNITS_HEADER)) else {
        return Err(format!("{}: not a units file (no `{UNITS_HEADER}` header)", at(1)));
    };
    check_fingerprint(header, expected, &at(1))?;
    let bound = field(header, "bound")
        .and_then(|bound| C::from_str_radix(bound, 10).ok())
        .ok_or_else(|| format!("{}: the header has no bound", at(1)))?;
    let asked = field(header, "asked")
        .and_then(|asked| asked.parse().ok())
        .ok_or_else(|| format!("{}: the header has no asked=", at(1)))?;
    let mut units = Vec::new();
    for (number, line) in lines {
        let unit: WorkUnit<C> = line.parse().map_err(|error| format!("{}: {error}", at(number)))?;
        if unit.bound != bound {
            return Err(format!("{}: a unit of bound other than the header's", at(number)));
        }
        units.push(unit);
    }
    Ok((bound, asked, units))
}

/// Refuses a header whose fingerprint is not `expected`.
fn check_fingerprint(header: &str, expected: &str, place: &Place) -> Result<(), String> {
    match field(header, "fingerprint") {
        Some(found) if found == expected => Ok(()),
        found => Err(format!(
            "{place}: a file of another search (fingerprint {}; this search's is {expected}: \
             another case, heuristic, program or settings)",
            found.unwrap_or("missing")
        )),
    }
}

/// Writes `text` to `path` whole or not at all: into a temporary file, then renamed.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let partial = path.with_extension("partial");
    fs::write(&partial, text)
        .and_then(|()| fs::rename(&partial, path))
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// The units file's text: `asked` is the number of units the split was asked for, which a
/// combine needs to cut the same units again.
pub(crate) fn units_text<C: Display>(
    program: &str,
    fingerprint: &str,
    bound: C,
    asked: usize,
    units: &[WorkUnit<C>],
) -> String {
    let mut text = format!(
        "{UNITS_HEADER} program={program} fingerprint={fingerprint} bound={bound} asked={asked} \
         units={}\n",
        units.len()
    );
    for unit in units {
        let _ = writeln!(text, "{unit}");
    }
    text
}

/// How much of a reports file a [`Ledger`] has taken: its complete lines up to `bytes`, `lines`
/// of them, its header among them or not.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Taken {
    bytes: u64,
    lines: usize,
    headed: bool,
}

/// The reports of one iteration's units, each checked: one slot per unit, in move order, with
/// where its report was read.
#[derive(Clone, Debug)]
pub(crate) struct Ledger<C> {
    fingerprint: String,
    units: Vec<WorkUnit<C>>,
    slots: Vec<Option<(UnitReport<C>, Place)>>,
    /// Nodes the workers generated and the seconds they took, from their closing lines.
    pub(crate) worked: (u64, f64),
}

impl<C: Num + Copy + Ord + Display> Ledger<C> {
    /// A ledger with no report yet of `units` (in move order) of the search `fingerprint`.
    pub(crate) fn new(fingerprint: &str, units: Vec<WorkUnit<C>>) -> Self {
        let slots = vec![None; units.len()];
        Ledger { fingerprint: fingerprint.to_owned(), units, slots, worked: (0, 0.0) }
    }

    /// Adds the reports of the file `path`, all of them or (on a fault) none. `finished`: no one
    /// writes to it any more, so a last line without its newline was cut short; otherwise it is
    /// still being written and is left for later.
    pub(crate) fn read(&mut self, path: &Path, finished: bool) -> Result<(), Fault> {
        self.read_on(path, finished, &mut Taken::default())
    }

    /// Adds the reports of the file `path` after the lines `taken` already (a file still being
    /// written, read again as it grows: only its new lines are read), all of them or (on a
    /// fault) none, and moves `taken` past them. `finished` as for [`Ledger::read`].
    pub(crate) fn read_on(
        &mut self,
        path: &Path,
        finished: bool,
        taken: &mut Taken,
    ) -> Result<(), Fault> {
        let at = |line| Place { file: path.to_owned(), line };
        let damaged =
            |error: std::io::Error| Fault::Damaged(format!("{}: {error}", path.display()));
        let mut bytes = Vec::new();
        let mut file = File::open(path).map_err(damaged)?;
        file.seek(SeekFrom::Start(taken.bytes)).map_err(damaged)?;
        file.read_to_end(&mut bytes).map_err(damaged)?;
        // The complete lines; what follows the last newline is still being written.
        let end = bytes.iter().rposition(|&byte| byte == b'\n').map_or(0, |last| last + 1);
        let text = std::str::from_utf8(&bytes[..end])
            .map_err(|_| Fault::Damaged(format!("{}: not text (not UTF-8)", path.display())))?;
        let complete = text.lines().count();
        if end < bytes.len() && finished {
            return Err(Fault::Damaged(format!(
                "{}: the line is cut short (no newline at its end)",
                at(taken.lines + complete + 1)
            )));
        }
        let lines = text.lines().enumerate().map(|(index, line)| (taken.lines + index + 1, line));
        let mut found: Vec<(usize, UnitReport<C>, Place)> = Vec::new();
        let mut worked = (0, 0.0);
        let mut headed = taken.headed;
        for (number, line) in lines {
            if line.starts_with(REPORTS_HEADER) {
                check_fingerprint(line, &self.fingerprint, &at(number)).map_err(Fault::Foreign)?;
                headed = true;
                continue;
            }
            if line.starts_with(WORKER_TRAILER) {
                let generated = field(line, "generated").and_then(|n| n.parse::<u64>().ok());
                let seconds = field(line, "seconds").and_then(|s| s.parse::<f64>().ok());
                if let (Some(generated), Some(seconds)) = (generated, seconds) {
                    worked = (worked.0 + generated, worked.1 + seconds);
                }
                continue;
            }
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !headed {
                return Err(Fault::Foreign(format!(
                    "{}: a report before any `{REPORTS_HEADER}` header: not a worker's output",
                    at(number)
                )));
            }
            let report: UnitReport<C> = read_report(line, &self.fingerprint)
                .map_err(|error| Fault::Damaged(format!("{}: {error}", at(number))))?;
            let slot = self.slot(&report.unit).ok_or_else(|| {
                Fault::Foreign(format!(
                    "{}: a report for the unit {}, which is not in this iteration's split",
                    at(number),
                    report.unit
                ))
            })?;
            found.push((slot, report, at(number)));
        }
        self.take(found)?;
        self.worked = (self.worked.0 + worked.0, self.worked.1 + worked.1);
        *taken = Taken { bytes: taken.bytes + end as u64, lines: taken.lines + complete, headed };
        Ok(())
    }

    /// Adds one report read at `place` (the local engine's, written there too).
    pub(crate) fn insert(&mut self, report: UnitReport<C>, place: Place) -> Result<(), Fault> {
        let slot = self.slot(&report.unit).ok_or_else(|| {
            Fault::Foreign(format!("{place}: the unit {} is not in the split", report.unit))
        })?;
        self.take(vec![(slot, report, place)])
    }

    /// Takes reports into their slots: all of them, after checking them against the reports
    /// already taken and each other, or none.
    fn take(&mut self, found: Vec<(usize, UnitReport<C>, Place)>) -> Result<(), Fault> {
        let mut taken = self.slots.clone();
        for (slot, report, place) in found {
            match &taken[slot] {
                Some((earlier, _)) if *earlier == report => {}
                Some((earlier, first)) => {
                    return Err(Fault::Foreign(format!(
                        "{place}: a report for the unit {} that disagrees with the one in \
                         {first}: `{report}` against `{earlier}`",
                        report.unit
                    )));
                }
                None => taken[slot] = Some((report, place)),
            }
        }
        self.slots = taken;
        Ok(())
    }

    /// The index of `unit` among the units, if it is one of them.
    fn slot(&self, unit: &WorkUnit<C>) -> Option<usize> {
        let slot = self.units.binary_search_by(|known| known.path.cmp(&unit.path)).ok()?;
        (self.units[slot].bound == unit.bound).then_some(slot)
    }

    /// Whether the iteration's end is known: every unit has reported, or a unit that solved or
    /// stopped has, and every unit before it.
    pub(crate) fn decided(&self) -> bool {
        for slot in &self.slots {
            match slot {
                None => return false,
                Some((report, _)) if !matches!(report.outcome, UnitOutcome::Exhausted { .. }) => {
                    return true;
                }
                Some(_) => {}
            }
        }
        true
    }

    /// The units with no report, in move order.
    pub(crate) fn missing(&self) -> Vec<WorkUnit<C>> {
        let missing = self.units.iter().zip(&self.slots);
        missing.filter(|(_, slot)| slot.is_none()).map(|(unit, _)| unit.clone()).collect()
    }

    /// The reports received that hold a solution, with where each was read.
    pub(crate) fn solutions(&self) -> impl Iterator<Item = (&UnitReport<C>, &Place)> {
        let solved = |(report, _): &&(UnitReport<C>, Place)| {
            matches!(report.outcome, UnitOutcome::Solved { .. })
        };
        self.slots.iter().flatten().filter(solved).map(|(report, place)| (report, place))
    }

    /// The reports received, in move order.
    pub(crate) fn reports(&self) -> Vec<UnitReport<C>> {
        self.slots.iter().flatten().map(|(report, _)| report.clone()).collect()
    }
}

/// The reports files of a directory (`*.txt`), in name order: the order of their reading.
pub(crate) fn reports_files(directory: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = match fs::read_dir(directory) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(format!("{}: {error}", directory.display())),
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger(dir: &Path) -> Ledger<u8> {
        let units = ["41:0", "41:1.0", "41:1.2", "41:2"].map(|unit| unit.parse().unwrap());
        let _ = fs::create_dir_all(dir);
        Ledger::new("abc", units.to_vec())
    }

    fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        path
    }

    const HEADER: &str = "# ida-star reports program=t fingerprint=abc\n";

    /// `lines` with every report sealed as a worker of the search `abc` writes it.
    fn sealed(lines: &str) -> String {
        let seal = |line: &str| match line.parse::<UnitReport<u8>>() {
            Ok(report) => report_line("abc", &report),
            Err(_) => format!("{line}\n"),
        };
        lines.lines().map(seal).collect()
    }

    #[test]
    fn a_report_line_is_believed_only_as_its_search_sealed_it() {
        let report: UnitReport<u8> = "41:0.2 generated=2126578 expanded=9 next=43".parse().unwrap();
        let line = report_line("abc", &report);
        assert!(line.starts_with("41:0.2 generated=2126578 expanded=9 next=43 check="), "{line}");
        assert_eq!(line.len(), "41:0.2 generated=2126578 expanded=9 next=43 check=".len() + 17);
        let line = line.trim_end();
        assert_eq!(read_report::<u8>(line, "abc"), Ok(report.clone()));
        // docs/scaling.md's example, its check computed apart (FNV-1a written in Python).
        let example: UnitReport<u8> = "47:1.0 generated=3 expanded=2 next=49".parse().unwrap();
        assert_eq!(
            report_line("4d3383bee2dd139b", &example),
            "47:1.0 generated=3 expanded=2 next=49 check=62ea8d1992486ec5\n"
        );
        // One digit more, one digit changed, another outcome: each no longer matches its check.
        for damaged in [
            line.replace("generated=2126578", "generated=12126578"),
            line.replace("expanded=9", "expanded=8"),
            line.replace("next=43", "solved=41:0.0.0"),
        ] {
            let refused = read_report::<u8>(&damaged, "abc").unwrap_err();
            assert!(refused.contains("does not match its check="), "{refused}");
        }
        // The same line of another search (another board, heuristic or program).
        let refused = read_report::<u8>(line, "abd").unwrap_err();
        assert!(refused.contains("copied from another search's reports"), "{refused}");
        // A line with no check at all: a report as search-core writes it, not a worker's.
        let bare = report.to_string();
        let refused = read_report::<u8>(&bare, "abc").unwrap_err();
        assert_eq!(refused, "not a report: no `check=` at its end");
    }

    #[test]
    fn reports_fill_their_units_and_decide_in_move_order() {
        let dir = std::env::temp_dir().join(format!("cluster-ledger-{}", std::process::id()));
        let mut ledger = ledger(&dir);
        let one = sealed(&format!("{HEADER}41:1.2 generated=5 expanded=2 solved=41:1.2.0\n"));
        ledger.read(&file(&dir, "a.txt", &one), true).unwrap();
        assert!(!ledger.decided(), "units 0 and 1 could hold an earlier solution");
        let two = sealed(&format!(
            "{HEADER}41:0 generated=7 expanded=3 next=43\n41:1.0 generated=1 expanded=1 next=none\n\
             # ida-star worker units=2 generated=8 seconds=0.5\n"
        ));
        ledger.read(&file(&dir, "b.txt", &two), true).unwrap();
        assert!(ledger.decided());
        assert_eq!(ledger.missing(), vec!["41:2".parse().unwrap()]);
        assert_eq!(ledger.worked, (8, 0.5));
        // The same report again is welcome; a different one is not, and nothing of it is taken.
        ledger.read(&file(&dir, "c.txt", &one), true).unwrap();
        let other = sealed(&format!(
            "{HEADER}41:2 generated=1 expanded=1 next=45\n41:0 generated=8 expanded=3 next=43\n"
        ));
        let fault = ledger.read(&file(&dir, "d.txt", &other), true).unwrap_err();
        assert!(
            matches!(&fault, Fault::Foreign(m) if m.contains("d.txt line 3") && m.contains("b.txt line 2")),
            "{fault:?}"
        );
        assert_eq!(ledger.missing().len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_growing_file_is_read_on_from_its_last_complete_line() {
        let dir = std::env::temp_dir().join(format!("cluster-growing-{}", std::process::id()));
        let mut ledger = ledger(&dir);
        let whole =
            sealed("41:0 generated=7 expanded=3 next=43\n41:1.0 generated=2 expanded=1 next=45\n");
        let (begun, rest) = whole.split_at(20);
        let path = file(&dir, "growing.txt", &format!("{HEADER}{begun}"));
        let mut taken = Taken::default();
        ledger.read_on(&path, false, &mut taken).unwrap();
        assert_eq!((taken.lines, ledger.missing().len()), (1, 4), "the header only");
        let grow = |more: &str| {
            let mut file = File::options().append(true).open(&path).unwrap();
            std::io::Write::write_all(&mut file, more.as_bytes()).unwrap();
        };
        grow(rest);
        ledger.read_on(&path, false, &mut taken).unwrap();
        assert_eq!((taken.lines, ledger.missing().len()), (3, 2));
        let bytes = taken.bytes;
        grow("41:2 generated=x\n");
        let fault = ledger.read_on(&path, true, &mut taken).unwrap_err();
        assert!(
            matches!(&fault, Fault::Damaged(m) if m.contains("growing.txt line 4: not a report")),
            "{fault:?}"
        );
        assert_eq!((taken.bytes, ledger.missing().len()), (bytes, 2), "nothing taken on a fault");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_and_foreign_files_are_named_by_line() {
        let dir = std::env::temp_dir().join(format!("cluster-faults-{}", std::process::id()));
        let mut ledger = ledger(&dir);
        let cut = sealed(&format!("{HEADER}41:0 generated=7 expanded=3 next=43\n"));
        let cut = format!("{cut}41:2 generated=1 exp");
        let path = file(&dir, "cut.txt", &cut);
        ledger.read(&path, false).unwrap();
        assert_eq!(ledger.missing().len(), 3, "the complete line is taken while being written");
        let mut fresh = self::ledger(&dir);
        let fault = fresh.read(&path, true).unwrap_err();
        assert!(
            matches!(&fault, Fault::Damaged(m) if m.ends_with("cut.txt line 3: the line is cut short (no newline at its end)")),
            "{fault:?}"
        );
        assert_eq!(fresh.missing().len(), 4, "nothing from a damaged file");
        let garbled = sealed(&format!("{HEADER}41:0 generated=7 expanded=3 next=43\n"));
        let garbled = format!("{garbled}41:2 generated=x\n");
        let fault = fresh.read(&file(&dir, "bad.txt", &garbled), true).unwrap_err();
        assert!(
            matches!(&fault, Fault::Damaged(m) if m.contains("bad.txt line 3: not a report")),
            "{fault:?}"
        );
        let stranger = sealed(&format!("{HEADER}41:3 generated=1 expanded=1 next=43\n"));
        let fault = fresh.read(&file(&dir, "x.txt", &stranger), true).unwrap_err();
        assert!(
            matches!(&fault, Fault::Foreign(m) if m.contains("x.txt line 2: a report for the unit 41:3, which is not in")),
            "{fault:?}"
        );
        let other = "# ida-star reports program=t fingerprint=abd\n";
        let fault = fresh.read(&file(&dir, "o.txt", other), true).unwrap_err();
        assert!(
            matches!(&fault, Fault::Foreign(m) if m.contains("o.txt line 1: a file of another search")),
            "{fault:?}"
        );
        assert_eq!(fresh.missing().len(), 4);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn fingerprints_tell_parts_apart() {
        assert_eq!(fingerprint(&[b"ab", b"c"]), fingerprint(&[b"ab", b"c"]));
        assert_ne!(fingerprint(&[b"ab", b"c"]), fingerprint(&[b"a", b"bc"]));
        assert_eq!(fingerprint(&[]).len(), 16);
    }
}
