//! One table, one file: a fixed 96-byte header (magic, format version, the table's name, its
//! seed count, the number of value bytes, the SHA-256 of the values) and then the values. Files are written to a temporary file beside the final one and renamed into place,
//! so a file under its final name is always whole; one that is not (cut short, changed on disk,
//! another table's) is set aside under a `.corrupt` name and reported, never read as values.

use crate::error::TableError;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
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

/// Reads the values of the table `expected` names from `path`. Files are read into memory
/// whole (no memory map: the workspace forbids `unsafe` code).
///
/// # Errors
/// [`TableError::Missing`] when there is no file; [`TableError::Corrupt`] (after moving the
/// file aside to its `.corrupt` name) when the header is not this crate's, names another table,
/// or the values are cut short, too long or fail the checksum; [`TableError::Io`] otherwise.
pub fn read(path: &Path, expected: &Header) -> Result<Vec<u8>, TableError> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(TableError::Missing {
                path: path.to_owned(),
            });
        }
        Err(e) => {
            return Err(TableError::Io {
                path: path.to_owned(),
                source: e,
            });
        }
    };
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
