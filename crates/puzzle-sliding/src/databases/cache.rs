//! Pattern databases kept in a file between runs: [`DisjointDatabases::write_to`],
//! [`DisjointDatabases::read_from`] and [`DisjointDatabases::cached`], with [`CacheError`], and
//! [`partial_path`], the temporary file a write in progress uses.
//!
//! Building the 15-puzzle's 6-6-3 databases takes seconds; reading them back takes milliseconds.
//! A file is trusted only after every check has passed: its magic bytes, its format version, the
//! board width and the partition it was built for (the caller's, tile for tile), each database's
//! length, and a checksum over everything. A file that fails any check is never half used: the
//! databases are built again instead.
//!
//! # The format
//!
//! All integers are little-endian.
//!
//! | bytes | holds |
//! |---|---|
//! | 8 | the magic bytes `IDA*PDB` and a newline |
//! | 4 | the format version, [`FORMAT_VERSION`] |
//! | 1, 1 | the board's width; the number of patterns |
//! | per pattern: 1, then 1 each | its number of tiles; its tiles, in order |
//! | per pattern: 8, then 1 each | its number of arrangements; the distance of each, by rank |
//! | 8 | the 64-bit FNV-1a hash of every byte between the magic bytes and it |

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use search_core::pattern_database::PatternDatabase;

use crate::{DisjointDatabases, Pattern, Sliding, SymmetricDatabases};

/// The first bytes of a database file.
const MAGIC: [u8; 8] = *b"IDA*PDB\n";

/// The version of the file format this crate writes and reads. It changes whenever the layout
/// of the file, or the meaning of the distances in it, changes.
pub const FORMAT_VERSION: u32 = 1;

/// Why a database file could not be used.
#[derive(Debug)]
pub enum CacheError {
    /// The file could not be read or written.
    Io(io::Error),
    /// The file does not start with the magic bytes: it is not a database file.
    NotADatabase,
    /// The file is of another format version.
    Version(u32),
    /// The file holds databases for another board or another partition.
    Other {
        /// What the file holds, as `width W, patterns [..]`.
        found: String,
        /// What was asked for, likewise.
        wanted: String,
    },
    /// The file ends early.
    Truncated,
    /// The file's contents do not match its checksum, or bytes follow it.
    Corrupt,
    /// The path names something other than a regular file, such as a FIFO, a directory or a
    /// device: it is neither read nor written, since opening a FIFO would wait for a writer,
    /// and reading a device might never end.
    NotARegularFile,
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "{error}"),
            Self::NotADatabase => f.write_str("not a pattern database file"),
            Self::Version(found) => {
                write!(f, "a pattern database file of format version {found}, not {FORMAT_VERSION}")
            }
            Self::Other { found, wanted } => {
                write!(f, "the file holds the databases for {found}, not for {wanted}")
            }
            Self::Truncated => f.write_str("the file ends early"),
            Self::Corrupt => f.write_str("the file is corrupt (its checksum does not match)"),
            Self::NotARegularFile => f.write_str(
                "not a regular file (a FIFO, a directory, a device): not read and not written",
            ),
        }
    }
}

impl std::error::Error for CacheError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for CacheError {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::UnexpectedEof { Self::Truncated } else { Self::Io(error) }
    }
}

/// The 64-bit FNV-1a hash, fed as bytes pass: simple, and enough to catch a damaged file (it is
/// no defence against a file forged on purpose, which nothing here tries to be).
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    inner: W,
    hash: Fnv1a,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hash.update(bytes);
        self.inner.write_all(bytes)
    }
}

/// A reader that hashes what it reads.
struct Hashed<R> {
    inner: R,
    hash: Fnv1a,
}

impl<R: Read> Hashed<R> {
    fn take<const N: usize>(&mut self) -> io::Result<[u8; N]> {
        let mut bytes = [0; N];
        self.fill(&mut bytes)?;
        Ok(bytes)
    }

    fn fill(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.inner.read_exact(bytes)?;
        self.hash.update(bytes);
        Ok(())
    }
}

/// The temporary file that a write of the cache at `path` by this process uses: `path` with
/// `.partial-` and the process id appended, in the same directory, so that renaming it to `path`
/// replaces the cache in one step. It exists only while [`DisjointDatabases::cached`] writes;
/// a program interrupted by a signal in the meantime can remove it.
#[must_use]
pub fn partial_path(path: &Path) -> PathBuf {
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial-{}", std::process::id()));
    PathBuf::from(partial)
}

/// A width, a number of patterns or of tiles in one: all below 26, so a byte holds them.
#[expect(clippy::cast_possible_truncation, reason = "boards have at most 25 cells")]
fn small(count: usize) -> u8 {
    count as u8
}

/// How a partition is named in messages: `width 4, patterns [[1, 4, 5], [2, 3]]`.
fn describe(width: usize, partition: &[&[u8]]) -> String {
    format!("width {width}, patterns {partition:?}")
}

/// Writes the databases of `patterns` (each its tiles and its distances by rank) for a board of
/// side `width` to `out`, in the [format](crate::cache).
fn write_databases(out: impl Write, width: usize, patterns: &[(&[u8], &[u8])]) -> io::Result<()> {
    let mut out = Hashing { inner: out, hash: Fnv1a::new() };
    out.inner.write_all(&MAGIC)?;
    out.put(&FORMAT_VERSION.to_le_bytes())?;
    out.put(&[small(width), small(patterns.len())])?;
    for (tiles, _) in patterns {
        out.put(&[small(tiles.len())])?;
        out.put(tiles)?;
    }
    for (_, distances) in patterns {
        out.put(&(distances.len() as u64).to_le_bytes())?;
        out.put(distances)?;
    }
    let checksum = out.hash.0.to_le_bytes();
    out.inner.write_all(&checksum)?;
    out.inner.flush()
}

/// Reads back what [`write_databases`] wrote, provided it holds the databases of `patterns`
/// for a board of side `width`.
fn read_databases(
    input: impl Read,
    width: usize,
    patterns: &[Pattern],
) -> Result<Vec<PatternDatabase>, CacheError> {
    let mut input = Hashed { inner: input, hash: Fnv1a::new() };
    // A file too short for the magic bytes is a database file cut early if it begins them (so
    // that it is rebuilt and rewritten), and no database file if it does not.
    let mut magic = Vec::with_capacity(MAGIC.len());
    (&mut input.inner).take(MAGIC.len() as u64).read_to_end(&mut magic)?;
    if magic != MAGIC {
        if !magic.is_empty() && MAGIC.starts_with(&magic) {
            return Err(CacheError::Truncated);
        }
        return Err(CacheError::NotADatabase);
    }
    let version = u32::from_le_bytes(input.take()?);
    if version != FORMAT_VERSION {
        return Err(CacheError::Version(version));
    }
    let [found_width, parts] = input.take()?;
    let mut found = Vec::new();
    for _ in 0..parts {
        let [tiles] = input.take()?;
        let mut tiles = vec![0; usize::from(tiles)];
        input.fill(&mut tiles)?;
        found.push(tiles);
    }
    let found: Vec<&[u8]> = found.iter().map(Vec::as_slice).collect();
    let wanted: Vec<&[u8]> = patterns.iter().map(Pattern::tiles).collect();
    if usize::from(found_width) != width || found != wanted {
        return Err(CacheError::Other {
            found: describe(usize::from(found_width), &found),
            wanted: describe(width, &wanted),
        });
    }
    let mut databases = Vec::new();
    for pattern in patterns {
        let entries = u64::from_le_bytes(input.take()?);
        if usize::try_from(entries).ok() != Some(pattern.arrangements()) {
            return Err(CacheError::Corrupt);
        }
        let mut distances = vec![0; pattern.arrangements()];
        input.fill(&mut distances)?;
        databases.push(PatternDatabase::from_distances(distances));
    }
    let expected = input.hash.0;
    let mut checksum = [0; 8];
    input.inner.read_exact(&mut checksum)?;
    if u64::from_le_bytes(checksum) != expected || input.inner.read(&mut [0])? != 0 {
        return Err(CacheError::Corrupt);
    }
    Ok(databases)
}

/// Databases read from the file at `path` by `read`, or made by `build` and written there by
/// `write`, with what went wrong with the file, if anything did: the policy of
/// [`DisjointDatabases::cached`], written once for both kinds of databases.
fn cached<T>(
    path: &Path,
    build: impl FnOnce() -> T,
    read: impl FnOnce(BufReader<File>) -> Result<T, CacheError>,
    write: impl FnOnce(&T, BufWriter<File>) -> io::Result<()>,
) -> (T, Option<CacheError>) {
    // What the path names is looked at before it is opened, since opening a FIFO blocks.
    // (Something put in the file's place between the look and the open is not guarded
    // against: that takes someone doing it on purpose.)
    let problem = match fs::metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return (build(), Some(CacheError::Io(error))),
        Ok(metadata) if !metadata.file_type().is_file() => {
            return (build(), Some(CacheError::NotARegularFile));
        }
        // An empty file holds no databases yet, as on the first run.
        Ok(metadata) if metadata.len() == 0 => None,
        Ok(_) => match File::open(path)
            .map_err(CacheError::Io)
            .and_then(|file| read(BufReader::new(file)))
        {
            Ok(databases) => return (databases, None),
            Err(error @ (CacheError::NotADatabase | CacheError::Io(_))) => {
                return (build(), Some(error));
            }
            Err(error) => Some(error),
        },
    };
    let databases = build();
    let partial = partial_path(path);
    let written = File::create(&partial)
        .and_then(|file| write(&databases, BufWriter::new(file)))
        .and_then(|()| fs::rename(&partial, path));
    if let Err(error) = written {
        // Nothing useful is left to do with the temporary file if it was made.
        let _ = fs::remove_file(&partial);
        return (databases, Some(CacheError::Io(error)));
    }
    (databases, problem)
}

impl DisjointDatabases {
    /// Writes the databases to `out` in the [format](crate::cache) that
    /// [`read_from`](Self::read_from) reads.
    ///
    /// # Errors
    ///
    /// If `out` fails.
    pub fn write_to(&self, out: impl Write) -> io::Result<()> {
        let parts: Vec<(&[u8], &[u8])> = self
            .parts()
            .iter()
            .map(|(pattern, database)| (pattern.tiles(), database.distances()))
            .collect();
        write_databases(out, self.width(), &parts)
    }

    /// Reads back what [`write_to`](Self::write_to) wrote, provided it holds the databases of
    /// `partition` for `puzzle`'s board.
    ///
    /// # Errors
    ///
    /// A [`CacheError`] if `input` fails, is not such a file, holds other databases, or fails
    /// its checksum.
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does, if `partition` is not a valid one for `puzzle`.
    pub fn read_from(
        input: impl Read,
        puzzle: &Sliding,
        partition: &[&[u8]],
    ) -> Result<Self, CacheError> {
        let patterns = Self::patterns(puzzle, partition);
        let databases = read_databases(input, puzzle.width(), &patterns)?;
        Ok(Self::assemble(puzzle, patterns, databases))
    }

    /// The databases of `partition` for `puzzle`, read from the file at `path` if it holds
    /// them; otherwise built ([`build`](Self::build)) and written there for the next run.
    ///
    /// The databases are right whatever happens to the file: the second value says what went
    /// wrong with it, if anything did, for the caller to report as a warning.
    ///
    /// - A missing file is not a problem: it is the first run. Nor is an empty file (as
    ///   `mktemp` makes one): it holds no databases yet, and they are written there.
    /// - A database file that cannot be used (another format version, other databases, damaged)
    ///   is replaced.
    /// - A file that is not a database file, or cannot be read, is **left as it is**: a
    ///   mistyped path must not cost the user a file.
    /// - A path that names something other than a regular file (a FIFO, a directory, a device)
    ///   is neither opened nor written: [`CacheError::NotARegularFile`]. Opening a FIFO would
    ///   wait for a writer, forever if none comes. A symbolic link is followed: one to a
    ///   regular file is read like that file.
    ///
    /// The file is written under a temporary name ([`partial_path`]) and then renamed to
    /// `path`, so a run that is interrupted, or two runs at once, never leave a half-written
    /// file behind. The rename replaces `path` itself: if it is a symbolic link, the link is
    /// replaced by the file, and what it pointed to is left as it was.
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does.
    #[must_use]
    pub fn cached(
        puzzle: &Sliding,
        partition: &[&[u8]],
        path: &Path,
    ) -> (Self, Option<CacheError>) {
        cached(
            path,
            || Self::build(puzzle, partition),
            |file| Self::read_from(file, puzzle, partition),
            Self::write_to,
        )
    }
}

impl SymmetricDatabases {
    /// Writes the compact databases of the [`patterns`](Self::patterns) to `out` in the
    /// [format](crate::cache) that [`read_from`](Self::read_from) reads: for the 24-puzzle,
    /// 255 MB.
    ///
    /// # Errors
    ///
    /// If `out` fails.
    pub fn write_to(&self, out: impl Write) -> io::Result<()> {
        let databases = self.databases();
        let parts: Vec<(&[u8], &[u8])> = databases
            .iter()
            .map(|(pattern, database)| (pattern.tiles(), database.distances()))
            .collect();
        write_databases(out, self.width(), &parts)
    }

    /// Reads back what [`write_to`](Self::write_to) wrote, provided it holds the databases of
    /// `partition` for `puzzle`'s board.
    ///
    /// # Errors
    ///
    /// A [`CacheError`] if `input` fails, is not such a file, holds other databases, or fails
    /// its checksum.
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does, if `partition` is not a valid one for `puzzle`.
    pub fn read_from(
        input: impl Read,
        puzzle: &Sliding,
        partition: &[&[u8]],
    ) -> Result<Self, CacheError> {
        let patterns = Self::patterns(puzzle, partition);
        let databases = read_databases(input, puzzle.width(), &patterns)?;
        Ok(Self::from_databases(puzzle, partition, databases))
    }

    /// The databases of `partition` for `puzzle`, read from the file at `path` if it holds
    /// them; otherwise built on `threads` threads ([`build_watched`](Self::build_watched), with
    /// `starting`) and written there: as [`DisjointDatabases::cached`] does, with the same
    /// care for the file.
    ///
    /// # Panics
    ///
    /// As [`build`](Self::build) does.
    #[must_use]
    pub fn cached(
        puzzle: &Sliding,
        partition: &[&[u8]],
        path: &Path,
        threads: usize,
        starting: impl FnMut(usize, usize),
    ) -> (Self, Option<CacheError>) {
        cached(
            path,
            || Self::build_watched(puzzle, partition, threads, starting),
            |file| Self::read_from(file, puzzle, partition),
            Self::write_to,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::Heuristic;

    use crate::{Board, FIFTEEN_6_6_3};

    const EIGHT: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];

    fn eight() -> (Sliding, DisjointDatabases, Vec<u8>) {
        let puzzle = Sliding::new(3);
        let databases = DisjointDatabases::build(&puzzle, &EIGHT);
        let mut file = Vec::new();
        databases.write_to(&mut file).unwrap();
        (puzzle, databases, file)
    }

    #[test]
    fn databases_read_back_are_the_ones_written() {
        let (puzzle, databases, file) = eight();
        // Magic, version, width and count, 2 x (1 + 4) tiles, 2 x (8 + 3024) distances, sum.
        assert_eq!(file.len(), 8 + 4 + 2 + 2 * 5 + 2 * (8 + 9 * 8 * 7 * 6) + 8);
        let read = DisjointDatabases::read_from(file.as_slice(), &puzzle, &EIGHT).unwrap();
        assert_eq!(read.parts(), databases.parts());
        let board = Board::new(3, &[8, 1, 2, 0, 4, 3, 7, 6, 5]).unwrap();
        assert_eq!(read.estimate(&puzzle, &board), databases.estimate(&puzzle, &board));
    }

    #[test]
    fn every_damaged_or_foreign_file_is_refused() {
        let (puzzle, _, file) = eight();
        let read = |bytes: &[u8]| DisjointDatabases::read_from(bytes, &puzzle, &EIGHT).unwrap_err();
        assert!(matches!(read(b"#!/bin/sh\n"), CacheError::NotADatabase));
        let mut other_version = file.clone();
        other_version[8] = 2;
        assert!(matches!(read(&other_version), CacheError::Version(2)));
        assert!(matches!(read(b""), CacheError::NotADatabase));
        assert!(matches!(read(b"IDA"), CacheError::Truncated));
        assert!(matches!(read(b"IDB"), CacheError::NotADatabase));
        for length in [1, 7, 8, 12, 20, 2000, file.len() - 1] {
            assert!(matches!(read(&file[..length]), CacheError::Truncated), "{length} bytes");
        }
        for at in [30, 1000, 4000, file.len() - 1] {
            let mut damaged = file.clone();
            damaged[at] ^= 0x10;
            assert!(matches!(read(&damaged), CacheError::Corrupt), "byte {at} changed");
        }
        let mut longer = file.clone();
        longer.push(0);
        assert!(matches!(read(&longer), CacheError::Corrupt));
        let swapped: [&[u8]; 2] = [EIGHT[1], EIGHT[0]];
        let error = DisjointDatabases::read_from(file.as_slice(), &puzzle, &swapped).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the file holds the databases for width 3, patterns [[1, 2, 3, 4], [5, 6, 7, 8]], \
             not for width 3, patterns [[5, 6, 7, 8], [1, 2, 3, 4]]"
        );
        let fifteen = Sliding::new(4);
        let error = DisjointDatabases::read_from(file.as_slice(), &fifteen, &FIFTEEN_6_6_3);
        assert!(matches!(error, Err(CacheError::Other { .. })));
    }

    /// A new, empty directory for one test (tests run at once, in one process).
    fn scratch(test: &str) -> PathBuf {
        let directory =
            std::env::temp_dir().join(format!("pdb-cache-{}-{test}", std::process::id()));
        let _ = fs::remove_dir_all(&directory);
        fs::create_dir_all(&directory).unwrap();
        directory
    }

    /// [`DisjointDatabases::cached`] for the 8-puzzle's `EIGHT` at `path`, on a thread of its
    /// own, failing if it has not returned after a few seconds (a call that blocks forever
    /// would otherwise hang the test run).
    fn cached_in_time(path: &Path) -> (DisjointDatabases, Option<CacheError>) {
        let (sender, receiver) = std::sync::mpsc::channel();
        let path = path.to_owned();
        std::thread::spawn(move || {
            let puzzle = Sliding::new(3);
            let _ = sender.send(DisjointDatabases::cached(&puzzle, &EIGHT, &path));
        });
        receiver
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("cached() returned within 5 seconds")
    }

    /// The file's inode number: a file replaced by a rename has another.
    #[cfg(unix)]
    fn inode(path: &Path) -> u64 {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).unwrap().ino()
    }

    #[test]
    fn the_cache_file_is_made_then_used_a_bad_one_replaced_and_a_foreign_one_kept() {
        let directory = scratch("made-used-replaced-kept");
        let path = directory.join("eight.pdb");
        let (puzzle, databases, file) = eight();

        let (first, problem) = DisjointDatabases::cached(&puzzle, &EIGHT, &path);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(first.parts(), databases.parts());
        assert_eq!(fs::read(&path).unwrap(), file);

        let (second, problem) = DisjointDatabases::cached(&puzzle, &EIGHT, &path);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(second.parts(), databases.parts());

        for length in [100, 7, 1] {
            fs::write(&path, &file[..length]).unwrap();
            let (third, problem) = DisjointDatabases::cached(&puzzle, &EIGHT, &path);
            assert!(matches!(problem, Some(CacheError::Truncated)), "{length}: {problem:?}");
            assert_eq!(third.parts(), databases.parts());
            assert_eq!(fs::read(&path).unwrap(), file, "the file cut at {length} is replaced");
        }

        let foreign = directory.join("notes.txt");
        fs::write(&foreign, "not a database").unwrap();
        let (fourth, problem) = DisjointDatabases::cached(&puzzle, &EIGHT, &foreign);
        assert!(matches!(problem, Some(CacheError::NotADatabase)), "{problem:?}");
        assert_eq!(fourth.parts(), databases.parts());
        assert_eq!(fs::read(&foreign).unwrap(), b"not a database", "left as it is");

        let unwritable = directory.join("no such directory").join("eight.pdb");
        let (fifth, problem) = DisjointDatabases::cached(&puzzle, &EIGHT, &unwritable);
        assert!(matches!(problem, Some(CacheError::Io(_))), "{problem:?}");
        assert_eq!(fifth.parts(), databases.parts());
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn the_temporary_file_is_named_after_the_cache_and_the_process() {
        let partial = partial_path(Path::new("some dir/eight.pdb"));
        let expected = format!("some dir/eight.pdb.partial-{}", std::process::id());
        assert_eq!(partial, PathBuf::from(expected));
    }

    #[test]
    fn an_empty_file_becomes_the_cache() {
        let directory = scratch("empty");
        let path = directory.join("eight.pdb");
        fs::write(&path, b"").unwrap();
        let (_, databases, file) = eight();

        let (first, problem) = cached_in_time(&path);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(first.parts(), databases.parts());
        assert_eq!(fs::read(&path).unwrap(), file, "the databases are written there");
        assert!(!partial_path(&path).exists());

        #[cfg(unix)]
        let written = inode(&path);
        let (second, problem) = cached_in_time(&path);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(second.parts(), databases.parts());
        #[cfg(unix)]
        assert_eq!(inode(&path), written, "read back, not written again");
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_directory_is_neither_read_nor_written() {
        let directory = scratch("directory");
        let path = directory.join("eight.pdb");
        fs::create_dir(&path).unwrap();
        let (_, databases, _) = eight();

        let (built, problem) = cached_in_time(&path);
        assert!(matches!(problem, Some(CacheError::NotARegularFile)), "{problem:?}");
        assert_eq!(built.parts(), databases.parts());
        assert!(fs::metadata(&path).unwrap().is_dir());
        assert!(!partial_path(&path).exists());
        fs::remove_dir_all(&directory).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once_a_symbolic_link_is_followed() {
        use std::os::unix::fs::{FileTypeExt, symlink};

        let directory = scratch("fifo");
        let fifo = directory.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let (_, databases, file) = eight();

        let (built, problem) = cached_in_time(&fifo);
        assert!(matches!(problem, Some(CacheError::NotARegularFile)), "{problem:?}");
        assert_eq!(built.parts(), databases.parts());
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo(), "left as it is");
        assert!(!partial_path(&fifo).exists());

        let to_fifo = directory.join("to-fifo");
        symlink(&fifo, &to_fifo).unwrap();
        let (_, problem) = cached_in_time(&to_fifo);
        assert!(matches!(problem, Some(CacheError::NotARegularFile)), "{problem:?}");

        let cache = directory.join("eight.pdb");
        fs::write(&cache, &file).unwrap();
        let to_cache = directory.join("to-cache");
        symlink(&cache, &to_cache).unwrap();
        let (read, problem) = cached_in_time(&to_cache);
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(read.parts(), databases.parts());
        fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn refusing_a_file_that_is_not_regular_says_why() {
        assert_eq!(
            CacheError::NotARegularFile.to_string(),
            "not a regular file (a FIFO, a directory, a device): not read and not written"
        );
    }
}
