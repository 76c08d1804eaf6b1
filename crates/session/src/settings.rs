//! The player's preferences, shared by every front end: a small TOML file in the user's
//! config folder (`settings.toml`, see [`Settings::path`]).
//!
//! Reading never fails: a missing file gives the defaults, and a corrupt one (not TOML, or a
//! value of the wrong type) is set aside as `settings.toml.corrupt-<unix seconds>` next to it
//! and reported in [`Loaded::warning`], so a player's file is never silently lost. Unknown keys
//! are ignored, so a file written by a newer kraal still loads. Saving writes a temporary file
//! in the same folder and renames it over the old one, so a failed save never leaves a
//! half-written file.
//!
//! ```
//! use kraal_session::Settings;
//!
//! let folder = std::env::temp_dir().join(format!("kraal-settings-doc-{}", std::process::id()));
//! let path = folder.join("settings.toml");
//! let mut settings = Settings::load_from(&path).settings; // missing: the defaults
//! assert_eq!(settings.game, "morabaraba");
//! settings.theme = "ascii".to_string();
//! settings.save_to(&path)?;
//! assert_eq!(Settings::load_from(&path).settings.theme, "ascii");
//! # std::fs::remove_dir_all(&folder).ok();
//! # Ok::<(), kraal_session::SettingsError>(())
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The name of the settings file inside the config folder.
pub const FILE_NAME: &str = "settings.toml";

/// The name of the single unfinished-game record of earlier versions, inside the config folder
/// (`kraal_front::Unfinished::user` moves it into the folder of unfinished games).
pub const LAST_GAME_FILE: &str = "last-game.txt";

/// The front ends' preferences. Every field has a default, so any subset of keys loads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Settings {
    /// The game or rule set to start (`morabaraba`, `oware`, `koti`...).
    pub game: String,
    /// A rule set of the game, if not the game's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Option overrides of the rule set, such as `cows=11`.
    pub overrides: Vec<String>,
    /// Who to play against: `ai:1` to `ai:7`, an opponent's name, or `human`.
    pub opponent: String,
    /// The colour the player takes (`white` or `black`).
    pub colour: String,
    /// How boards are drawn: `unicode` or `ascii`.
    pub theme: String,
    /// Whether moves are animated (and the computer takes its pace before its move shows).
    pub animations: bool,
    /// A saved game to continue.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_game: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game: "morabaraba".to_string(),
            rules: None,
            overrides: Vec::new(),
            opponent: "ai:3".to_string(),
            colour: "white".to_string(),
            theme: "unicode".to_string(),
            animations: true,
            last_game: None,
        }
    }
}

/// What [`Settings::load_from`] found: the settings to use, and something to tell the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The settings from the file, or the defaults if it was missing, unreadable or corrupt.
    pub settings: Settings,
    /// Why the defaults are used although a file was there (it was corrupt and set aside, or
    /// could not be read); `None` when the file loaded or simply did not exist yet.
    pub warning: Option<String>,
}

/// Settings that cannot be saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    /// The folder of the settings file cannot be created.
    CreateFolder {
        /// The folder.
        folder: PathBuf,
        /// The system's message.
        reason: String,
    },
    /// The settings cannot be written as TOML (such as a saved-game path that is not UTF-8).
    Serialize {
        /// The serialiser's message.
        reason: String,
    },
    /// The settings file (or its temporary file) cannot be written.
    Write {
        /// The file.
        path: PathBuf,
        /// The system's message.
        reason: String,
    },
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::CreateFolder { folder, reason } => write!(
                f,
                "cannot create the settings folder {}: {reason}",
                folder.display()
            ),
            SettingsError::Serialize { reason } => {
                write!(f, "cannot write the settings as TOML: {reason}")
            }
            SettingsError::Write { path, reason } => write!(
                f,
                "cannot save the settings to {}: {reason}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

impl Settings {
    /// The default settings file: `settings.toml` in the user's config folder for kraal
    /// (such as `~/.config/kraal/settings.toml` on Linux), or `None` if the system names no
    /// home folder.
    /// `$KRAAL_CONFIG_DIR` overrides the folder (for tests and portable installs).
    #[must_use]
    pub fn path() -> Option<PathBuf> {
        Settings::folder().map(|folder| folder.join(FILE_NAME))
    }

    /// kraal's config folder: `$KRAAL_CONFIG_DIR` if it is set and not empty, otherwise the
    /// user's config folder for kraal; `None` if the system names no home folder.
    #[must_use]
    pub fn folder() -> Option<PathBuf> {
        match std::env::var_os("KRAAL_CONFIG_DIR") {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => directories::ProjectDirs::from("", "", "kraal")
                .map(|dirs| dirs.config_dir().to_path_buf()),
        }
    }

    /// Reads the settings file at `path`; never fails.
    ///
    /// - A missing file gives the defaults and no warning.
    /// - A corrupt file (not UTF-8, not TOML, or a value of the wrong type) is renamed to
    ///   `<name>.corrupt-<unix seconds>` next to it (with `-2`, `-3`... added if that name is
    ///   taken), and the defaults come with a warning naming both files and the parse error.
    /// - A file that cannot be read (such as no permission) is left alone, and the defaults
    ///   come with a warning.
    ///
    /// Unknown keys are ignored.
    #[must_use]
    pub fn load_from(path: &Path) -> Loaded {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Loaded {
                    settings: Settings::default(),
                    warning: None,
                };
            }
            Err(e) => {
                return Loaded {
                    settings: Settings::default(),
                    warning: Some(format!(
                        "cannot read the settings file {}: {e}; using the default settings",
                        path.display()
                    )),
                };
            }
        };
        let parsed = match std::str::from_utf8(&bytes) {
            Ok(text) => toml::from_str::<Settings>(text).map_err(|e| e.to_string()),
            Err(e) => Err(format!("the file is not UTF-8 text ({e})")),
        };
        match parsed {
            Ok(settings) => Loaded {
                settings,
                warning: None,
            },
            Err(reason) => Loaded {
                settings: Settings::default(),
                warning: Some(set_aside(path, &bytes, reason.trim_end())),
            },
        }
    }

    /// Writes the settings to `path` as TOML, creating its folder if missing. The text goes to
    /// a temporary file in the same folder, which is then renamed over `path`: an earlier file
    /// is never left half-written, and no temporary file is left behind.
    ///
    /// # Errors
    /// The folder cannot be created ([`SettingsError::CreateFolder`]), the settings cannot be
    /// written as TOML ([`SettingsError::Serialize`]), or the file cannot be written
    /// ([`SettingsError::Write`]).
    pub fn save_to(&self, path: &Path) -> Result<(), SettingsError> {
        let text = toml::to_string_pretty(self).map_err(|e| SettingsError::Serialize {
            reason: e.to_string(),
        })?;
        let text = format!("# kraal settings (unknown keys are ignored)\n{text}");
        crate::files::write_atomically(path, &text).map_err(|e| match e {
            crate::files::WriteError::CreateFolder { folder, reason } => {
                SettingsError::CreateFolder { folder, reason }
            }
            crate::files::WriteError::Write { path, reason } => {
                SettingsError::Write { path, reason }
            }
        })
    }
}

/// Moves the corrupt file at `path` (holding `bytes`) out of the way and returns the warning.
fn set_aside(path: &Path, bytes: &[u8], reason: &str) -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| FILE_NAME.to_string());
    let free = (1u32..)
        .map(|n| {
            let suffix = if n == 1 {
                format!("{name}.corrupt-{seconds}")
            } else {
                format!("{name}.corrupt-{seconds}-{n}")
            };
            path.with_file_name(suffix)
        })
        .find(|candidate| std::fs::symlink_metadata(candidate).is_err());
    let Some(aside) = free else {
        return left_in_place(path, reason, "no free name to move it to");
    };
    // Rename; if that fails (another file system, say), keep a copy instead.
    let moved = std::fs::rename(path, &aside)
        .map(|()| "moved")
        .or_else(|_| std::fs::write(&aside, bytes).map(|()| "copied"));
    match moved {
        Ok(how) => format!(
            "the settings file {} is corrupt, so the default settings are used; it was {how} \
             to {} to keep it.\n{reason}",
            path.display(),
            aside.display()
        ),
        Err(e) => left_in_place(
            path,
            reason,
            &format!("cannot move it to {}: {e}", aside.display()),
        ),
    }
}

/// The warning for a corrupt file that could not be set aside.
fn left_in_place(path: &Path, reason: &str, why: &str) -> String {
    format!(
        "the settings file {} is corrupt, so the default settings are used; it could not be set \
         aside ({why}), and saving settings will replace it, so copy it elsewhere to keep it.\n\
         {reason}",
        path.display()
    )
}
