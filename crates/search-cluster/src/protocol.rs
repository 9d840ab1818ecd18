//! The files a pool's coordinator and workers share, and the rules for reading and writing
//! them (see [`pool`](super::pool) for the protocol as a whole): how often each side looks, the
//! job line, the claims of units and the names of the claimants.

use std::fs::{self, File};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often an idle worker looks at the job, and the coordinator at the reports when a round
/// opens: every iteration waits for both once, so the interval is short beside the smallest
/// iteration worth sending, and long beside the look itself (the sizes of a few files; the files
/// are read only when one has grown).
pub(crate) const WATCH: Duration = Duration::from_millis(1);

/// How often a searching worker looks whether its unit's iteration is over, when its job begins:
/// a unit searched in vain costs at most this long.
pub(crate) const CANCEL_WATCH: Duration = Duration::from_millis(5);

/// The longest interval between two looks of the coordinator at the reports, and of a searching
/// worker at the job.
pub(crate) const WATCH_MOST: Duration = Duration::from_millis(50);

/// How long to sleep between two looks at the files that end a round (or a job) begun `elapsed`
/// ago: `least` at first, as the first iterations are short and wait on the look, then a
/// sixty-fourth of the time already spent, up to `most`.
///
/// Why not `least` throughout: where every core searches, as on one machine running a pool of a
/// worker per core, each look wakes a thread that takes a core from a search for a moment, and
/// a look every millisecond slowed the searches by a tenth. Growing with the round, the look
/// costs a bounded share of the time and answers within about 1.6% of it.
pub(crate) fn interval(elapsed: Duration, least: Duration, most: Duration) -> Duration {
    (elapsed / 64).clamp(least, most)
}

/// How often a worker (and the coordinator) rewrites its heartbeat, at most: see [`beat`].
pub(crate) const BEAT: Duration = Duration::from_secs(1);

/// How often a heartbeat is rewritten under the heartbeat timeout `timeout`: every second, or
/// more often under a timeout of less than five, so that a timeout always spans several beats
/// (and the looks between them) and a live heart is never taken for a dead one.
pub(crate) fn beat(timeout: Duration) -> Duration {
    (timeout / 5).min(BEAT)
}

/// How long a heartbeat may stand still before its worker (or the coordinator) is taken for
/// dead, unless `--heartbeat-timeout` says otherwise: several beats, so that a worker
/// descheduled on a loaded node is not.
pub(crate) const HEARTBEAT_TIMEOUT: &str = "10";

/// The claimant's name of the coordinator's own threads.
pub(crate) const COORDINATOR: &str = "coordinator";

/// The coordinator's heartbeat file in the pool's directory, rewritten every [`beat`]: a worker
/// whose coordinator's heart has stood still for the heartbeat timeout leaves (the coordinator was killed).
pub(crate) const COORDINATOR_BEAT: &str = "coordinator.txt";

/// The job file's text while there is no job: workers wait.
pub(crate) const WAIT: &str = "wait";
/// The job file's text at the end of the run: workers leave.
pub(crate) const DONE: &str = "done";

/// The iteration's directory name and round of a job line (`bound-57 2`).
pub(crate) fn parse_job(job: &str) -> Option<(&str, u32)> {
    let (iteration, round) = job.split_once(' ')?;
    let valid = iteration.starts_with("bound-") && !iteration.contains('/');
    valid.then_some(())?;
    Some((iteration, round.parse().ok()?))
}

/// The job file's line, or an empty string while it cannot be read.
pub(crate) fn read_job(path: &Path) -> String {
    fs::read_to_string(path).map(|text| text.trim().to_owned()).unwrap_or_default()
}

/// A claimant's side of a round's claims directory (`bound-B/claims-R/`).
///
/// A unit is claimed by making the directory's entry `K` for its index: one claimant gets it,
/// whoever asks first. The entry is a hard link to the claimant's token (`by-NAME` in the same
/// directory, whose text is the claimant's name), not a file of its own: a link only adds a
/// name to the directory, where creating a file allocates an inode, which on ext4 costs thirty
/// times as much and serialises the claimants (the allocator skips recently deleted inodes, of
/// which a run that follows another has many). A link is also atomic over NFS, the classic way
/// to take a lock there (open(2), `O_EXCL`): when a retried link reports that the name exists,
/// the name is ours if it is our token.
pub(crate) struct Claims {
    dir: PathBuf,
    token: PathBuf,
    claimant: String,
}

impl Claims {
    /// Makes `claimant`'s token in the claims directory `dir`.
    pub(crate) fn open(dir: &Path, claimant: &str) -> Result<Claims, String> {
        let token = dir.join(format!("by-{claimant}"));
        fs::write(&token, claimant).map_err(|error| format!("{}: {error}", token.display()))?;
        Ok(Claims { dir: dir.to_owned(), token, claimant: claimant.to_owned() })
    }

    /// Claims the unit `index` of the round: whether it is now the claimant's.
    pub(crate) fn claim(&self, index: usize) -> Result<bool, String> {
        let path = self.dir.join(index.to_string());
        match fs::hard_link(&self.token, &path) {
            Ok(()) => Ok(true),
            Err(error) if error.kind() == ErrorKind::AlreadyExists => {
                Ok(same_file(&self.token, &path))
            }
            // A filesystem's most links to one file (65,000 on ext4) reached: this claim is a
            // file of its own, with the same text.
            Err(error) if error.kind() == ErrorKind::TooManyLinks => self.claim_by_file(&path),
            Err(error) => Err(format!("{}: {error}", path.display())),
        }
    }

    fn claim_by_file(&self, path: &Path) -> Result<bool, String> {
        match File::options().write(true).create_new(true).open(path) {
            Ok(mut file) => {
                file.write_all(self.claimant.as_bytes())
                    .map_err(|error| format!("{}: {error}", path.display()))?;
                Ok(true)
            }
            Err(error) if error.kind() == ErrorKind::AlreadyExists => Ok(false),
            Err(error) => Err(format!("{}: {error}", path.display())),
        }
    }
}

/// Whether two paths name the same file.
fn same_file(one: &Path, other: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (fs::metadata(one), fs::metadata(other)) {
            (Ok(one), Ok(other)) => one.dev() == other.dev() && one.ino() == other.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (one, other);
        false
    }
}

/// This worker's name in the pool: the host's name and the process's number.
pub(crate) fn worker_id() -> String {
    let host = fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".to_owned());
    let host: String = host
        .trim()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' })
        .collect();
    format!("{host}.{}", std::process::id())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_is_claimed_once_and_its_entry_names_the_claimant() {
        let dir = std::env::temp_dir().join(format!("protocol-claims-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let (one, other) =
            (Claims::open(&dir, "one").unwrap(), Claims::open(&dir, "other").unwrap());
        assert_eq!(one.claim(0), Ok(true));
        assert_eq!(other.claim(0), Ok(false), "taken already");
        // Asking again for one's own claim (a retried link over NFS) finds it one's own.
        assert_eq!(one.claim(0), Ok(true));
        assert_eq!(other.claim(1), Ok(true));
        assert_eq!(fs::read_to_string(dir.join("0")).unwrap(), "one");
        assert_eq!(fs::read_to_string(dir.join("1")).unwrap(), "other");
        // A claim by a file of its own (past the filesystem's most links) reads alike.
        assert_eq!(one.claim_by_file(&dir.join("2")), Ok(true));
        assert_eq!(other.claim_by_file(&dir.join("2")), Ok(false));
        assert_eq!(fs::read_to_string(dir.join("2")).unwrap(), "one");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn looks_grow_apart_with_the_time_spent_within_their_bounds() {
        let (least, most) = (Duration::from_millis(1), Duration::from_millis(50));
        assert_eq!(interval(Duration::ZERO, least, most), least);
        assert_eq!(interval(Duration::from_millis(640), least, most), Duration::from_millis(10));
        assert_eq!(interval(Duration::from_secs(3600), least, most), most);
        assert_eq!(beat(Duration::from_secs(10)), BEAT);
        assert_eq!(beat(Duration::from_secs(1)), Duration::from_millis(200));
    }

    #[test]
    fn job_lines_name_an_iteration_and_a_round() {
        assert_eq!(parse_job("bound-57 2"), Some(("bound-57", 2)));
        assert_eq!(parse_job(WAIT), None);
        assert_eq!(parse_job(DONE), None);
        assert_eq!(parse_job("bound-57"), None);
        assert_eq!(parse_job("../x 1"), None);
        assert_eq!(parse_job("bound-5/../x 1"), None);
        assert!(worker_id().ends_with(&format!(".{}", std::process::id())));
    }
}
