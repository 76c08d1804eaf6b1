//! The player's progress file: what they have achieved, kept across sessions and front ends.
//! One versioned TOML file, `progress.toml` in kraal's data folder ([`Progress::path`]).
//!
//! - **Versioned.** The file names its [`VERSION`]. A file of a newer version is read as far as
//!   it is understood but never written over, so an older kraal cannot downgrade it.
//! - **Room to grow.** Sections this version does not know are kept as they are and written back unchanged, so adding a section
//!   never needs a new version.
//! - **Atomic.** Saving writes a temporary file in the same folder and renames it over the old
//!   one: a failed save never leaves a half-written file.
//! - **Never lost.** A corrupt file (not UTF-8, not TOML, a value of the wrong type) is set
//!   aside as `progress.toml.corrupt-<unix seconds>` beside it and reported in
//!   [`LoadedProgress::set_aside`]; play goes on from an empty progress.

use crate::ascent::AscentProgress;
use crate::puzzle::PuzzleProgress;
use crate::unfinished::set_aside;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The name of the progress file inside the data folder.
pub const FILE_NAME: &str = "progress.toml";

/// The version of the file this kraal writes.
pub const VERSION: u32 = 1;

/// Everything the player has achieved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Progress {
    /// The version of the file's layout ([`VERSION`] when this kraal wrote it).
    pub version: u32,
    /// The Mountain Ascents, by [`crate::ascent::Mountain::key`].
    #[serde(default)]
    pub ascent: BTreeMap<String, AscentProgress>,
    /// The puzzles: the daily puzzles solved, the puzzles solved, the puzzle rating.
    #[serde(default, skip_serializing_if = "PuzzleProgress::is_empty")]
    pub puzzles: PuzzleProgress,
    /// Sections this version does not know, kept and written back unchanged (such as the
    /// daily puzzles' streaks of a later kraal).
    #[serde(flatten)]
    pub other: toml::Table,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: VERSION,
            ascent: BTreeMap::new(),
            puzzles: PuzzleProgress::default(),
            other: toml::Table::new(),
        }
    }
}

/// What [`Progress::load_from`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedProgress {
    /// The progress from the file, or an empty one if it was missing or corrupt.
    pub progress: Progress,
    /// The corrupt file, if one was set aside, to report to the player.
    pub set_aside: Option<ProgressSetAside>,
}

/// A corrupt progress file, set aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgressSetAside {
    /// The file as it was.
    pub was: PathBuf,
    /// Where it is now (`None` if it could not even be renamed; it is then left in place and
    /// not written over).
    pub now: Option<PathBuf>,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ProgressSetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.now {
            Some(now) => write!(
                f,
                "the progress file {} cannot be read ({}); it was kept as {} and progress starts afresh",
                self.was.display(),
                self.reason,
                now.display()
            ),
            None => write!(
                f,
                "the progress file {} cannot be read ({}) and cannot be moved aside",
                self.was.display(),
                self.reason
            ),
        }
    }
}

/// The progress cannot be read or saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// The file exists but cannot be read (such as no permission); it is left alone.
    Read {
        /// The file.
        path: PathBuf,
        /// The system's message.
        reason: String,
    },
    /// The file was written by a newer kraal: it is not written over.
    Newer {
        /// The file.
        path: PathBuf,
        /// Its version.
        version: u32,
    },
    /// A corrupt file is still in the way (it could not be set aside): it is not written over.
    InTheWay {
        /// The file.
        path: PathBuf,
    },
    /// The progress cannot be written as TOML.
    Serialize {
        /// The serialiser's message.
        reason: String,
    },
    /// The file cannot be written (its folder made, its temporary file written or renamed).
    Write(kraal_session::files::WriteError),
}

impl fmt::Display for ProgressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgressError::Read { path, reason } => {
                write!(
                    f,
                    "cannot read the progress file {}: {reason}",
                    path.display()
                )
            }
            ProgressError::Newer { path, version } => write!(
                f,
                "the progress file {} is of version {version}, newer than this kraal's {VERSION}: \
                 it is not written over",
                path.display()
            ),
            ProgressError::InTheWay { path } => write!(
                f,
                "the corrupt progress file {} could not be set aside: it is not written over",
                path.display()
            ),
            ProgressError::Serialize { reason } => {
                write!(f, "cannot write the progress as TOML: {reason}")
            }
            ProgressError::Write(e) => write!(f, "cannot save the progress: {e}"),
        }
    }
}

impl std::error::Error for ProgressError {}

/// kraal's data folder: `$KRAAL_DATA_DIR` if it is set and not empty, otherwise the user's
/// data folder for kraal (such as `~/.local/share/kraal`); `None` if the system names no home
/// folder.
#[must_use]
pub fn data_folder() -> Option<PathBuf> {
    match std::env::var_os("KRAAL_DATA_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "kraal").map(|d| d.data_dir().to_path_buf()),
    }
}

/// The progress file of one player, with what is needed to save it safely.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgressFile {
    path: PathBuf,
    /// The progress as read, changed by play.
    pub progress: Progress,
    /// Whether the file on disk may be written over (not a newer version, not a corrupt file
    /// that could not be moved).
    writable: Result<(), ProgressError>,
}

impl Progress {
    /// The progress on one mountain (empty if it was never climbed).
    #[must_use]
    pub fn ascent_of(&self, mountain: &crate::ascent::Mountain) -> AscentProgress {
        self.ascent
            .get(&mountain.key())
            .cloned()
            .unwrap_or_default()
    }

    /// The user's progress file: [`FILE_NAME`] in [`data_folder`].
    #[must_use]
    pub fn path() -> Option<PathBuf> {
        data_folder().map(|d| d.join(FILE_NAME))
    }

    /// Reads the progress at `path`. A missing file is an empty progress; a corrupt one is set
    /// aside and reported.
    ///
    /// # Errors
    /// The file exists but cannot be read ([`ProgressError::Read`]): it is left alone.
    pub fn load_from(path: &Path) -> Result<LoadedProgress, ProgressError> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(LoadedProgress {
                    progress: Progress::default(),
                    set_aside: None,
                });
            }
            Err(e) => {
                return Err(ProgressError::Read {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                });
            }
        };
        let parsed = match std::str::from_utf8(&bytes) {
            Ok(text) => toml::from_str::<Progress>(text).map_err(|e| e.to_string()),
            Err(e) => Err(format!("the file is not UTF-8 text ({e})")),
        };
        match parsed {
            Ok(progress) => Ok(LoadedProgress {
                progress,
                set_aside: None,
            }),
            Err(reason) => Ok(LoadedProgress {
                progress: Progress::default(),
                set_aside: Some(ProgressSetAside {
                    was: path.to_path_buf(),
                    now: set_aside(path),
                    reason: reason.trim_end().replace('\n', " "),
                }),
            }),
        }
    }

    /// Writes the progress to `path` as TOML through a temporary file renamed over it,
    /// creating the folder if missing.
    ///
    /// # Errors
    /// The folder cannot be created, the progress cannot be serialised, or the file cannot be
    /// written (see [`ProgressError`]).
    pub fn save_to(&self, path: &Path) -> Result<(), ProgressError> {
        let text = toml::to_string_pretty(self).map_err(|e| ProgressError::Serialize {
            reason: e.to_string(),
        })?;
        let text = format!("# kraal progress (the Mountain Ascent; keep this file)\n{text}");
        kraal_session::files::write_atomically(path, &text).map_err(ProgressError::Write)
    }
}

impl ProgressFile {
    /// Opens the progress at `path` (see [`Progress::load_from`]); also returns the corrupt
    /// file set aside, if any, to report.
    ///
    /// # Errors
    /// The file exists but cannot be read.
    pub fn open(path: PathBuf) -> Result<(ProgressFile, Option<ProgressSetAside>), ProgressError> {
        let loaded = Progress::load_from(&path)?;
        let writable = if loaded.progress.version > VERSION {
            Err(ProgressError::Newer {
                path: path.clone(),
                version: loaded.progress.version,
            })
        } else if loaded.set_aside.as_ref().is_some_and(|s| s.now.is_none()) {
            Err(ProgressError::InTheWay { path: path.clone() })
        } else {
            Ok(())
        };
        let file = ProgressFile {
            path,
            progress: loaded.progress,
            writable,
        };
        Ok((file, loaded.set_aside))
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder the file is in (climb records are kept beside it).
    #[must_use]
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// Writes the progress back.
    ///
    /// # Errors
    /// The file is of a newer version or a corrupt file is in the way (neither is written
    /// over), or writing fails.
    pub fn save(&mut self) -> Result<(), ProgressError> {
        self.writable.clone()?;
        let mut progress = self.progress.clone();
        progress.version = VERSION;
        progress.save_to(&self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("kraal-progress-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn progress_is_written_and_read_back_with_unknown_sections_kept() {
        let dir = folder("roundtrip");
        let path = dir.join(FILE_NAME);
        let (mut file, aside) = ProgressFile::open(path.clone()).expect("missing is empty");
        assert!(aside.is_none());
        assert_eq!(file.progress, Progress::default());
        file.progress
            .ascent
            .insert("oware".to_owned(), AscentProgress::default());
        file.save().expect("saved");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(text.contains("version = 1"), "{text}");
        // A later kraal adds a section of its own: this one keeps it.
        std::fs::write(
            &path,
            format!("{text}\n[tournaments]\nstreak = 4\nbest-streak = 9\n"),
        )
        .expect("edited");
        let (mut file, aside) = ProgressFile::open(path.clone()).expect("read");
        assert!(aside.is_none());
        assert!(file.progress.ascent.contains_key("oware"));
        file.save().expect("saved again");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(
            text.contains("[tournaments]") && text.contains("best-streak = 9"),
            "{text}"
        );
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .expect("folder")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(
            leftovers,
            [std::ffi::OsString::from(FILE_NAME)],
            "no temp file left"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_progress_file_is_set_aside_and_reported_never_lost() {
        let dir = folder("corrupt");
        std::fs::create_dir_all(&dir).expect("folder");
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "version = \"one\"\n[[[ not toml").expect("written");
        let (mut file, aside) = ProgressFile::open(path.clone()).expect("readable");
        let aside = aside.expect("set aside");
        let now = aside.now.clone().expect("renamed");
        assert_eq!(
            std::fs::read_to_string(&now).expect("kept"),
            "version = \"one\"\n[[[ not toml"
        );
        assert!(!path.exists());
        assert!(aside.to_string().contains("it was kept as"), "{aside}");
        assert_eq!(file.progress, Progress::default());
        file.save().expect("a fresh file");
        assert!(path.exists() && now.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_puzzle_section_round_trips_and_a_broken_one_is_set_aside() {
        let dir = folder("puzzles");
        let path = dir.join(FILE_NAME);
        let (mut file, _) = ProgressFile::open(path.clone()).expect("missing is empty");
        let p = &mut file.progress.puzzles;
        p.solved_days
            .entry("2026-12-02".to_owned())
            .or_default()
            .insert("oware".to_owned());
        p.solved.insert("abapa-0001".to_owned());
        p.rating = 1612.5;
        p.deviation = 120.25;
        p.other
            .insert("later-key".to_owned(), toml::Value::Integer(3));
        let written = file.progress.clone();
        file.save().expect("saved");
        let text = std::fs::read_to_string(&path).expect("written");
        assert!(
            text.contains("[puzzles]") && text.contains("rating = 1612.5"),
            "{text}"
        );
        let (file, aside) = ProgressFile::open(path.clone()).expect("read");
        assert!(aside.is_none());
        assert_eq!(file.progress, written);
        // A rating that is not a number: the file is set aside, never lost.
        std::fs::write(&path, text.replace("rating = 1612.5", "rating = \"high\""))
            .expect("edited");
        let (file, aside) = ProgressFile::open(path.clone()).expect("readable");
        let now = aside.expect("set aside").now.expect("renamed");
        assert!(
            std::fs::read_to_string(now)
                .expect("kept")
                .contains("\"high\"")
        );
        assert_eq!(file.progress, Progress::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_newer_file_is_read_but_never_written_over() {
        let dir = folder("newer");
        std::fs::create_dir_all(&dir).expect("folder");
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "version = 7\n[rockets]\nfuel = 3\n").expect("written");
        let (mut file, aside) = ProgressFile::open(path.clone()).expect("readable");
        assert!(aside.is_none());
        let err = file.save().unwrap_err();
        assert!(
            matches!(err, ProgressError::Newer { version: 7, .. }),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).expect("kept"),
            "version = 7\n[rockets]\nfuel = 3\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
