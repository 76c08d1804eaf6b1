//! Where the app keeps its files, and the GUI's own preferences (theme, animation speed).
//!
//! The settings shared with the terminal UI live in `settings.toml` ([`Settings`]); the
//! unfinished game in `last-game.txt`. The GUI adds `gui.txt`, a few `key=value` lines for what
//! only the window has (light or dark, animation speed), so the shared file's `theme` (the
//! terminal's `unicode` or `ascii`) is left to the terminal UI.

use kraal_session::Settings;
use std::path::{Path, PathBuf};

/// The name of the GUI's own preferences file in the config folder.
pub const PREFS_FILE: &str = "gui.txt";

/// The files the app reads and writes, and the seed of the AI's noise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The shared settings file, if there is a config folder.
    pub settings_path: Option<PathBuf>,
    /// The unfinished game, shared with the terminal UI.
    pub last_game_path: Option<PathBuf>,
    /// The GUI's own preferences.
    pub prefs_path: Option<PathBuf>,
    /// The folder the save and load dialog starts in.
    pub save_folder: PathBuf,
    /// The seed of the AI's noise (a fixed one makes games repeatable).
    pub seed: u64,
}

impl Config {
    /// The user's config folder (or `$KRAAL_CONFIG_DIR`), and a seed from the clock.
    #[must_use]
    pub fn from_env() -> Config {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(7, |d| d.as_nanos() as u64);
        let save_folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        Config {
            settings_path: Settings::path(),
            last_game_path: Settings::last_game_path(),
            prefs_path: Settings::folder().map(|f| f.join(PREFS_FILE)),
            save_folder,
            seed,
        }
    }

    /// Every file inside `folder` (for tests and portable use), with a fixed seed.
    #[must_use]
    pub fn in_folder(folder: &Path, seed: u64) -> Config {
        Config {
            settings_path: Some(folder.join(kraal_session::settings::FILE_NAME)),
            last_game_path: Some(folder.join(kraal_session::settings::LAST_GAME_FILE)),
            prefs_path: Some(folder.join(PREFS_FILE)),
            save_folder: folder.to_path_buf(),
            seed,
        }
    }
}

/// What only the window has to remember.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    /// Dark colours (otherwise light).
    pub dark: bool,
    /// How fast animations run: 1.0 is normal, 2.0 twice as fast.
    pub speed: f32,
    /// The time control of new games (index into [`CLOCKS`]).
    pub clock: usize,
}

/// The time controls the menu offers: the text `TimeControl` reads, and a name for players.
pub const CLOCKS: [(&str, &str); 4] = [
    ("none", "No clock"),
    ("move:120", "Two minutes a move (tournament rule)"),
    ("5+3", "5 minutes a game, +3 s a move"),
    ("15+10", "15 minutes a game, +10 s a move"),
];

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            dark: false,
            speed: 1.0,
            clock: 0,
        }
    }
}

impl Prefs {
    /// The slowest and fastest animation speeds offered.
    pub const SPEEDS: std::ops::RangeInclusive<f32> = 0.25..=4.0;

    /// Reads `key=value` lines; unknown keys and bad values are ignored (the defaults stay).
    #[must_use]
    pub fn parse(text: &str) -> Prefs {
        let mut prefs = Prefs::default();
        for line in text.lines() {
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            match key.trim() {
                "theme" => prefs.dark = value.trim() == "dark",
                "speed" => {
                    if let Ok(speed) = value.trim().parse::<f32>()
                        && Prefs::SPEEDS.contains(&speed)
                    {
                        prefs.speed = speed;
                    }
                }
                "clock" => {
                    if let Some(i) = CLOCKS.iter().position(|c| c.0 == value.trim()) {
                        prefs.clock = i;
                    }
                }
                _ => {}
            }
        }
        prefs
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(self) -> String {
        format!(
            "# kraal-gui preferences\ntheme={}\nspeed={}\nclock={}\n",
            if self.dark { "dark" } else { "light" },
            self.speed,
            CLOCKS.get(self.clock).map_or("none", |c| c.0)
        )
    }

    /// Reads the file at `path`; a missing or unreadable file gives the defaults.
    #[must_use]
    pub fn load(path: &Path) -> Prefs {
        std::fs::read_to_string(path)
            .map(|t| Prefs::parse(&t))
            .unwrap_or_default()
    }

    /// Writes the file at `path`, creating its folder.
    ///
    /// # Errors
    /// The folder or file cannot be written.
    pub fn save(self, path: &Path) -> std::io::Result<()> {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(path, self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefs_round_trip_and_ignore_nonsense() {
        let prefs = Prefs {
            dark: true,
            speed: 2.0,
            clock: 2,
        };
        assert_eq!(Prefs::parse(&prefs.to_text()), prefs);
        assert_eq!(Prefs::parse("speed=99\nnoise\ntheme=odd"), Prefs::default());
    }
}
