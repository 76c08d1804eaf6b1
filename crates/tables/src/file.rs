//! One table, one file: a fixed 96-byte header (magic, format version, the table's name, its
//! seed count, the number of value bytes, the SHA-256 of the values) and then the values. Files
//! are written to a temporary file beside the final one and renamed into place, so a file under
//! its final name is always whole; one that is not (cut short, changed on disk, another
//! table's) is set aside under a `.corrupt` name and reported, never read as values.
//!
//! Large tables are read through a read-only memory map ([`map`]): the operating system pages
//! in what a probe touches and can drop it again, so a build holds in memory only the table it
//! builds, and programs that probe share one copy. This is one of the workspace's two `unsafe`
//! blocks (the other is the builder's prefetch hint).

use crate::error::TableError;
use memmap2::Mmap;
use sha2::{Digest, Sha256};
use std::fmt;
use std::fs;
use std::io::Write;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// The first bytes of every table file.
pub const MAGIC: [u8; 8] = *b"KRAALTB\x01";
/// The format version this crate writes and reads.
pub const VERSION: u32 = 1;
/// Bytes before the values.
pub const HEADER_LEN: usize = 96;
const NAME_LEN: usize = 32;

/// What a table file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The table family, such as `oware-abapa`.
    pub family: String,
    /// The seeds on the board (Oware).
    pub seeds: u32,
    /// How many bytes of values follow.
    pub count: u64,
}

fn encode(header: &Header, digest: &[u8]) -> [u8; HEADER_LEN] {
    let mut out = [0u8; HEADER_LEN];
    out[..8].copy_from_slice(&MAGIC);
    out[8..12].copy_from_slice(&VERSION.to_le_bytes());
    let name = header.family.as_bytes();
    let len = name.len().min(NAME_LEN);
    out[12..12 + len].copy_from_slice(&name[..len]);
    out[44..48].copy_from_slice(&header.seeds.to_le_bytes());
    out[48..56].copy_from_slice(&header.count.to_le_bytes());
    out[56..88].copy_from_slice(digest);
    out
}

/// Writes `values` under `header` to `path`, through a temporary file renamed into place.
///
/// # Errors
/// [`TableError::Io`] when the folder cannot be made or the file cannot be written or renamed.
pub fn write(path: &Path, header: &Header, values: &[u8]) -> Result<(), TableError> {
    let io = |e| TableError::Io {
        path: path.to_owned(),
        source: e,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    let digest = Sha256::digest(values);
    let tmp = temp_path(path);
    let mut file = fs::File::create(&tmp).map_err(io)?;
    file.write_all(&encode(header, &digest)).map_err(io)?;
    file.write_all(values).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    fs::rename(&tmp, path).map_err(io)
}

/// What the scratch files of a build of the table at `path` are named after (the Oware builder
/// adds `-0`, `-1`, ...): they hold its working data and are deleted when the build ends (a
/// build that was stopped leaves them, and the next build overwrites them).
#[must_use]
pub fn scratch_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".scratch");
    path.with_file_name(name)
}

/// Where a file is written before it is renamed to `path`.
#[must_use]
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Where a file found broken is moved to.
#[must_use]
pub fn corrupt_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".corrupt");
    path.with_file_name(name)
}

/// The values of one table: a file's, through a read-only memory map, or values held in
/// memory (a table just built in memory, or made by a program).
pub enum TableBytes {
    /// A checked table file, mapped whole; the values follow its header.
    Mapped(Mmap),
    /// Values in memory.
    Owned(Vec<u8>),
}

impl Deref for TableBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            TableBytes::Mapped(map) => &map[HEADER_LEN..],
            TableBytes::Owned(values) => values,
        }
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(values: Vec<u8>) -> TableBytes {
        TableBytes::Owned(values)
    }
}

impl fmt::Debug for TableBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self {
            TableBytes::Mapped(_) => "mapped",
            TableBytes::Owned(_) => "owned",
        };
        write!(f, "TableBytes({how}, {} bytes)", self.len())
    }
}

fn open_error(path: &Path, e: std::io::Error) -> TableError {
    if e.kind() == std::io::ErrorKind::NotFound {
        TableError::Missing {
            path: path.to_owned(),
        }
    } else {
        TableError::Io {
            path: path.to_owned(),
            source: e,
        }
    }
}

/// Maps the table `expected` names from `path`, read-only, after checking its header and
/// checksum (which reads the file once; later probes page in only what they touch).
///
/// # Errors
/// As [`read`].
pub fn map(path: &Path, expected: &Header) -> Result<TableBytes, TableError> {
    let file = fs::File::open(path).map_err(|e| open_error(path, e))?;
    // SAFETY: the map is read-only and this crate never writes a table file in place: a
    // build writes a temporary file and renames it over the old name, which leaves the
    // mapped file's contents as they were. Only another program truncating or rewriting the
    // file in place while it is mapped could change the bytes under us; table files belong
    // to kraal, and docs/tables.md says not to edit them.
    #[allow(unsafe_code)]
    let map = unsafe { Mmap::map(&file) }.map_err(|e| open_error(path, e))?;
    match check(&map, expected) {
        Ok(()) => Ok(TableBytes::Mapped(map)),
        Err(reason) => {
            drop(map);
            Err(set_aside(path, reason))
        }
    }
}

/// Reads the values of the table `expected` names from `path` into memory, whole (small
/// tables; [`map`] maps large ones).
///
/// # Errors
/// [`TableError::Missing`] when there is no file; [`TableError::Corrupt`] (after moving the
/// file aside to its `.corrupt` name) when the header is not this crate's, names another table,
/// or the values are cut short, too long or fail the checksum; [`TableError::Io`] otherwise.
pub fn read(path: &Path, expected: &Header) -> Result<Vec<u8>, TableError> {
    let bytes = fs::read(path).map_err(|e| open_error(path, e))?;
    match check(&bytes, expected) {
        Ok(()) => {
            let mut bytes = bytes;
            bytes.drain(..HEADER_LEN);
            Ok(bytes)
        }
        Err(reason) => Err(set_aside(path, reason)),
    }
}

/// Moves a broken file aside and names what was wrong.
fn set_aside(path: &Path, reason: String) -> TableError {
    let aside = corrupt_path(path);
    match fs::rename(path, &aside) {
        Ok(()) => TableError::Corrupt {
            path: path.to_owned(),
            reason,
            set_aside: Some(aside),
        },
        Err(_) => TableError::Corrupt {
            path: path.to_owned(),
            reason,
            set_aside: None,
        },
    }
}

fn check(bytes: &[u8], expected: &Header) -> Result<(), String> {
    if bytes.len() < HEADER_LEN {
        return Err(format!(
            "{} bytes, shorter than the {HEADER_LEN}-byte header",
            bytes.len()
        ));
    }
    if bytes[..8] != MAGIC {
        return Err("not a kraal table file (bad magic bytes)".to_owned());
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap_or_default());
    if version != VERSION {
        return Err(format!("format version {version}, expected {VERSION}"));
    }
    let want = encode(expected, &[0; 32]);
    if bytes[12..56] != want[12..56] {
        return Err(format!(
            "the header names another table (expected {} with {} seeds, {} values)",
            expected.family, expected.seeds, expected.count
        ));
    }
    let values = &bytes[HEADER_LEN..];
    if values.len() as u64 != expected.count {
        return Err(format!(
            "{} values where the header promises {} (cut short or padded)",
            values.len(),
            expected.count
        ));
    }
    if Sha256::digest(values)[..] != bytes[56..88] {
        return Err("the values fail their checksum".to_owned());
    }
    Ok(())
}
