//! Korf's databases kept in a file between runs: [`Korf::write_to`], [`Korf::read_from`] and
//! [`Korf::cached`], with [`CacheError`]; an edge group's database the same way
//! ([`EdgeDatabase::cached`]), in a file of its own: the seven edges' and the eight edges'.
//!
//! Building the three databases takes minutes on one core; reading them back, a second. A file
//! is trusted only after every check has passed: its magic bytes, its format version, each
//! table's size, and a checksum over everything; otherwise the databases are built again.
//!
//! # The format
//!
//! All integers are little-endian: the magic bytes `CUBEPDB` and a newline (8 bytes), the format
//! version [`FORMAT_VERSION`] (4), then for each table (corners, first six edges, last six edges;
//! or the one table of seven or eight edges)
//! its number of ranks (8) and its packed bytes ([`Nibbles::bytes`]), and last the 64-bit FNV-1a
//! hash of every byte between the magic bytes and it (8).

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use search_core::pattern_database::Abstraction;

use super::abstractions::Edges;
use super::huge::HugeBytes;
use super::{BuildTimes, EdgeDatabase, Korf, Nibbles};

/// The first bytes of a database file.
const MAGIC: [u8; 8] = *b"CUBEPDB\n";

/// The version of the format this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The name of Korf's databases' file in a cache directory.
pub const FILE_NAME: &str = "cube-korf-v1.pdb";

/// The name of the seven edges' database's file in a cache directory ([`Edges::seven`]).
pub const SEVEN_FILE_NAME: &str = "cube-edges7-v1.pdb";

/// The name of the eight edges' database's file in a cache directory ([`Edges::eight`]).
pub const EIGHT_FILE_NAME: &str = "cube-edges8-v1.pdb";

/// Why a database file could not be used.
#[derive(Debug)]
pub enum CacheError {
    /// The file could not be read or written.
    Io(io::Error),
    /// The file does not start with the magic bytes: it is not a cube database file.
    NotADatabase,
    /// The file is of another format version.
    Version(u32),
    /// The file ends early, holds tables of other sizes, or its checksum does not match.
    Corrupt,
    /// The path names something other than a regular file (a FIFO, a directory, a device): it
    /// is neither read nor written.
    NotARegularFile,
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "{error}"),
            Self::NotADatabase => f.write_str("not a cube database file"),
            Self::Version(found) => {
                write!(f, "a cube database file of format version {found}, not {FORMAT_VERSION}")
            }
            Self::Corrupt => {
                f.write_str("the file is damaged (cut short, or its checksum does not match)")
            }
            Self::NotARegularFile => f.write_str("not a regular file: not read and not written"),
        }
    }
}

impl std::error::Error for CacheError {}

impl From<io::Error> for CacheError {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::UnexpectedEof { Self::Corrupt } else { Self::Io(error) }
    }
}

/// The 64-bit FNV-1a hash: enough to catch a damaged file.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// FNV-1a's starting value.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Writes `tables` to `out` in the [format](self).
fn write_tables<'t>(
    tables: impl IntoIterator<Item = &'t Nibbles>,
    mut out: impl Write,
) -> io::Result<()> {
    out.write_all(&MAGIC)?;
    let mut hash = FNV_START;
    let mut put = |out: &mut dyn Write, bytes: &[u8]| {
        hash = fnv1a(hash, bytes);
        out.write_all(bytes)
    };
    put(&mut out, &FORMAT_VERSION.to_le_bytes())?;
    for table in tables {
        put(&mut out, &(table.len() as u64).to_le_bytes())?;
        put(&mut out, table.bytes())?;
    }
    out.write_all(&hash.to_le_bytes())?;
    out.flush()
}

/// Reads back what [`write_tables`] wrote, tables of `sizes` ranks in that order.
fn read_tables(mut input: impl Read, sizes: &[usize]) -> Result<Vec<Nibbles>, CacheError> {
    let mut magic = Vec::with_capacity(MAGIC.len());
    (&mut input).take(MAGIC.len() as u64).read_to_end(&mut magic)?;
    if magic != MAGIC {
        return Err(if !magic.is_empty() && MAGIC.starts_with(&magic) {
            CacheError::Corrupt
        } else {
            CacheError::NotADatabase
        });
    }
    let mut hash = FNV_START;
    let mut take = |input: &mut dyn Read, bytes: &mut [u8]| -> io::Result<()> {
        input.read_exact(bytes)?;
        hash = fnv1a(hash, bytes);
        Ok(())
    };
    let mut version = [0; 4];
    take(&mut input, &mut version)?;
    let version = u32::from_le_bytes(version);
    if version != FORMAT_VERSION {
        return Err(CacheError::Version(version));
    }
    let mut tables = Vec::new();
    for &size in sizes {
        let mut len = [0; 8];
        take(&mut input, &mut len)?;
        if usize::try_from(u64::from_le_bytes(len)).ok() != Some(size) {
            return Err(CacheError::Corrupt);
        }
        let mut bytes = HugeBytes::zeroed(size.div_ceil(2));
        take(&mut input, &mut bytes)?;
        tables.push(Nibbles::from_huge(bytes, size).ok_or(CacheError::Corrupt)?);
    }
    let mut checksum = [0; 8];
    input.read_exact(&mut checksum)?;
    if u64::from_le_bytes(checksum) != hash || input.read(&mut [0])? != 0 {
        return Err(CacheError::Corrupt);
    }
    Ok(tables)
}

/// The databases read from the file at `path` by `read` if it holds them; otherwise made by
/// `build` and written there by `write`, as [`Korf::cached`] says.
fn cached<T>(
    path: &Path,
    build: impl FnOnce() -> (T, BuildTimes),
    read: impl FnOnce(BufReader<File>) -> Result<T, CacheError>,
    write: impl FnOnce(&T, BufWriter<File>) -> io::Result<()>,
) -> (T, BuildTimes, Option<CacheError>) {
    let problem = match fs::metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => {
            let (made, times) = build();
            return (made, times, Some(CacheError::Io(error)));
        }
        Ok(metadata) if !metadata.file_type().is_file() => {
            let (made, times) = build();
            return (made, times, Some(CacheError::NotARegularFile));
        }
        Ok(metadata) if metadata.len() == 0 => None,
        Ok(_) => {
            let start = std::time::Instant::now();
            match File::open(path)
                .map_err(CacheError::Io)
                .and_then(|file| read(BufReader::new(file)))
            {
                Ok(read) => {
                    let times = BuildTimes { each: vec![start.elapsed()] };
                    return (read, times, None);
                }
                Err(error @ (CacheError::NotADatabase | CacheError::Io(_))) => {
                    let (made, times) = build();
                    return (made, times, Some(error));
                }
                Err(error) => Some(error),
            }
        }
    };
    let (made, times) = build();
    let partial = partial_path(path);
    let written = File::create(&partial)
        .and_then(|file| write(&made, BufWriter::new(file)))
        .and_then(|()| fs::rename(&partial, path));
    if let Err(error) = written {
        let _ = fs::remove_file(&partial);
        return (made, times, Some(CacheError::Io(error)));
    }
    (made, times, problem)
}

impl Korf {
    /// Writes the tables to `out` in the [format](self).
    ///
    /// # Errors
    ///
    /// If `out` fails.
    pub fn write_to(&self, out: impl Write) -> io::Result<()> {
        write_tables(self.tables(), out)
    }

    /// Reads back what [`write_to`](Korf::write_to) wrote.
    ///
    /// # Errors
    ///
    /// A [`CacheError`] if `input` fails, is not such a file, or is damaged.
    pub fn read_from(input: impl Read) -> Result<Korf, CacheError> {
        let (corners, first, last) = Korf::abstractions();
        let sizes = [corners.size(), first.size(), last.size()];
        let tables = read_tables(input, &sizes)?;
        let tables: [Nibbles; 3] = tables.try_into().map_err(|_| CacheError::Corrupt)?;
        Korf::from_tables(tables).ok_or(CacheError::Corrupt)
    }

    /// The databases read from the file at `path` if it holds them; otherwise built on
    /// `threads` threads and written there for the next run (under a temporary name, then
    /// renamed, so that no run ever sees half a file). The bound is right whatever happens to
    /// the file; the error says what went wrong with it, if anything did, for a warning.
    ///
    /// A missing or empty file is the first run. A damaged file or one of another version is
    /// replaced. A file that is not a cube database file, or cannot be read, is left as it is
    /// (a mistyped path must not cost a file), and so is a path to anything but a regular
    /// file, which is not even opened (opening a FIFO would wait for a writer).
    #[must_use]
    pub fn cached(path: &Path, threads: usize) -> (Korf, BuildTimes, Option<CacheError>) {
        cached(path, || Korf::build(threads), Korf::read_from, Korf::write_to)
    }
}

impl EdgeDatabase {
    /// Writes the table to `out` in the [format](self) (one table).
    ///
    /// # Errors
    ///
    /// If `out` fails.
    pub fn write_to(&self, out: impl Write) -> io::Result<()> {
        write_tables([self.table()], out)
    }

    /// Reads back what [`write_to`](EdgeDatabase::write_to) wrote for the group `edges`.
    ///
    /// # Errors
    ///
    /// A [`CacheError`] if `input` fails, is not such a file, or is damaged (or holds a table
    /// of another size than the group's).
    pub fn read_from(input: impl Read, edges: Edges) -> Result<EdgeDatabase, CacheError> {
        let mut tables = read_tables(input, &[edges.size()])?;
        let table = tables.pop().ok_or(CacheError::Corrupt)?;
        EdgeDatabase::from_table(edges, table).ok_or(CacheError::Corrupt)
    }

    /// The database of `edges` read from the file at `path` if it holds it; otherwise built on
    /// `threads` threads and written there, as [`Korf::cached`]. In a cache directory, the
    /// seven edges' ([`Edges::seven`]) file is [`SEVEN_FILE_NAME`], the eight edges'
    /// ([`Edges::eight`]) [`EIGHT_FILE_NAME`].
    #[must_use]
    pub fn cached(
        path: &Path,
        edges: Edges,
        threads: usize,
    ) -> (EdgeDatabase, BuildTimes, Option<CacheError>) {
        cached(
            path,
            || EdgeDatabase::build(edges, threads),
            |input| EdgeDatabase::read_from(input, edges),
            EdgeDatabase::write_to,
        )
    }
}

/// The temporary file a write of the cache at `path` by this process uses: `path` with
/// `.partial-` and the process id appended, so that renaming it replaces the file in one step.
#[must_use]
pub fn partial_path(path: &Path) -> PathBuf {
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".partial-{}", std::process::id()));
    PathBuf::from(partial)
}
