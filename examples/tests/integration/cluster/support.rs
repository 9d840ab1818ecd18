//! What the cluster tests share: a scratch directory, the daemons' guards, the one-process
//! reference and the `--stats` figures.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::{program, text};

/// Korf's 15-puzzle instance 94 (53 moves, 1,337,340 nodes with Manhattan distance): long enough
/// for several iterations of many units, short enough for a debug build under load.
pub const KORF_94: &str = "5 7 11 8 0 14 9 13 10 12 3 15 6 1 4 2\n";

/// Korf's 15-puzzle instance 1 (57 moves, 276,361,933 nodes with Manhattan distance), whose last
/// iterations (98 and 159 million nodes) last long enough, even as a test build searches, for a
/// worker to be killed surely in the middle of one.
pub const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";

/// A directory of its own under the system's temporary directory, searchable by every user (the
/// Slurm daemons run as other users), removed with everything in it when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let count = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("cluster-{name}-{}-{count}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        Scratch(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Writes `text` into the file `name`, and returns its path.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A daemon started by one of the project's scripts (`scripts/NAME.sh start DIR`), stopped by the
/// same script when dropped, even when the test fails.
pub struct Daemon {
    script: PathBuf,
    pub dir: PathBuf,
}

impl Daemon {
    pub fn start(name: &str, dir: &Path) -> Daemon {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts").join(format!("{name}.sh"));
        let daemon = Daemon { script, dir: dir.to_owned() };
        let output = Command::new(&daemon.script).arg("start").arg(dir).output().unwrap();
        assert!(
            output.status.success(),
            "{} start: {}{} (scripts/setup.sh installs what it needs)",
            daemon.script.display(),
            text(&output.stdout),
            text(&output.stderr)
        );
        daemon
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = Command::new(&self.script).arg("stop").arg(&self.dir).status();
    }
}

/// What a run answered: the answer's line, and the `--stats` figures generated and expanded.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    pub moves: String,
    pub generated: u64,
    pub expanded: u64,
}

/// The answer and figures of a finished run (its status 0), from its output.
pub fn answer(output: &std::process::Output) -> Answer {
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "status {}: {stdout}\n{stderr}", output.status);
    let stats = stderr.lines().find(|line| line.starts_with("case=1 ")).unwrap_or_else(|| {
        panic!("no --stats line in {stderr}");
    });
    let figure = |key: &str| -> u64 {
        let word = stats.split_whitespace().find_map(|word| word.strip_prefix(key)).unwrap();
        word.parse().unwrap()
    };
    Answer {
        moves: stdout.trim_end().to_owned(),
        generated: figure("generated="),
        expanded: figure("expanded="),
    }
}

/// The one-process answer: `sliding --threads 1 --stats` with the same options.
pub fn reference(options: &[&str], case: &Path) -> Answer {
    let output = program("sliding")
        .args(["--threads", "1", "--stats"])
        .args(options)
        .arg(case)
        .output()
        .unwrap();
    answer(&output)
}

/// The program's options in the cluster tests: `--stats` figures, Manhattan distance.
pub const OPTIONS: [&str; 3] = ["--stats", "--heuristic", "manhattan"];

/// `sliding cluster`'s arguments for `run --dir work RUN_OPTIONS -- OPTIONS case.txt`.
pub fn run_args<'a>(run_options: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["run", "--dir", "work"];
    args.extend(run_options);
    args.push("--");
    args.extend(OPTIONS);
    args.push("case.txt");
    args
}

/// `sliding cluster ARGS...` in `cwd`.
pub fn cluster(cwd: &Path, args: &[&str]) -> std::process::Output {
    program("sliding").current_dir(cwd).arg("cluster").args(args).output().unwrap()
}

/// The bounds of the iterations a work directory's log names, in order.
pub fn logged_bounds(dir: &Path) -> Vec<u64> {
    let log = fs::read_to_string(dir.join("iterations.txt")).unwrap();
    log.lines()
        .map(|line| {
            line.split_whitespace().next().unwrap().strip_prefix("bound=").unwrap().parse().unwrap()
        })
        .collect()
}

/// Each line of a work directory's log, as its `key=value` fields.
pub fn log_fields(dir: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let log = fs::read_to_string(dir.join("iterations.txt")).unwrap();
    let fields = |line: &str| {
        let pairs = line.split_whitespace().filter_map(|word| word.split_once('='));
        pairs.map(|(key, value)| (key.to_owned(), value.to_owned())).collect()
    };
    log.lines().map(fields).collect()
}

/// The command lines of the processes still running that name the scratch directory (an engine
/// or a worker the run should have stopped), after giving them a second to go.
pub fn leftovers(scratch: &Scratch) -> Vec<String> {
    let mark = scratch.0.to_string_lossy().into_owned();
    let mut found = Vec::new();
    for _ in 0..100 {
        found = fs::read_dir("/proc")
            .unwrap()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|entry| fs::read(entry.path().join("cmdline")).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).replace('\0', " "))
            .filter(|line| line.contains(&mark))
            .collect();
        if found.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    found
}

/// The check that seals a report line of the search `fingerprint` (`TEXT check=SEAL`, see
/// docs/scaling.md): FNV-1a, 64 bits, over the fingerprint and the text, each followed by the
/// byte 0xff, in hexadecimal. Written here from its description, to forge a line the
/// coordinator's check passes.
pub fn seal(fingerprint: &str, text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [fingerprint, text] {
        for &byte in part.as_bytes().iter().chain(&[0xff]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}
