//! Writing a file so that it is never left half-written: the text goes to a temporary file in
//! the same folder (made if missing), which is then renamed over the file. Settings and the
//! player's progress are written this way.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The file's folder cannot be created.
    CreateFolder {
        /// The folder.
        folder: PathBuf,
        /// The system's message.
        reason: String,
    },
    /// The file (or its temporary file) cannot be written.
    Write {
        /// The file.
        path: PathBuf,
        /// The system's message.
        reason: String,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::CreateFolder { folder, reason } => {
                write!(f, "cannot create the folder {}: {reason}", folder.display())
            }
            WriteError::Write { path, reason } => {
                write!(f, "cannot write {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes `text` to `path` through a temporary file renamed over it (no temporary file is
/// left behind, and an earlier file stays whole if anything fails).
///
/// # Errors
/// The folder cannot be created, or the temporary file cannot be written or renamed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), WriteError> {
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| WriteError::CreateFolder {
            folder: folder.to_path_buf(),
            reason: e.to_string(),
        })?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let write = |target: &Path| -> std::io::Result<()> {
        let mut file = std::fs::File::create(target)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    };
    if let Err(e) = write(&temporary) {
        let _ = std::fs::remove_file(&temporary);
        return Err(WriteError::Write {
            path: temporary,
            reason: e.to_string(),
        });
    }
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        WriteError::Write {
            path: path.to_path_buf(),
            reason: e.to_string(),
        }
    })
}
