//! Where the app keeps its files, and the GUI's own preferences (theme, animation speed).
//!
//! The settings shared with the terminal UI live in `settings.toml` ([`Settings`]); every
//! unfinished game in a file of its own in the `unfinished` folder beside it
//! ([`kraal_front::Unfinished`]). The GUI adds `gui.txt`, a few `key=value` lines for what
//! only the window has (light or dark, animation speed), so the shared file's `theme` (the
//! terminal's `unicode` or `ascii`) is left to the terminal UI.

use kraal_session::Settings;
use std::path::{Path, PathBuf};

/// The name of the GUI's own preferences file in the config folder.
pub const PREFS_FILE: &str = "gui.txt";

/// The seat tokens' file inside a [`Config::in_folder`] folder.
pub const ONLINE_FILE: &str = "online.json";

/// The folder of saved games inside a [`Config::in_folder`] folder.
pub const GAMES_FOLDER: &str = "games";

/// The files the app reads and writes, and the seed of the AI's noise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The shared settings file, if there is a config folder.
    pub settings_path: Option<PathBuf>,
    /// The folder of unfinished games, one file each, shared with the terminal UI.
    pub unfinished: Option<PathBuf>,
    /// The GUI's own preferences.
    pub prefs_path: Option<PathBuf>,
    /// The player's progress file (the Mountain Ascent), shared with the terminal UI.
    pub progress_path: Option<PathBuf>,
    /// The file of the online games' seat tokens (`None`: the user's default,
    /// [`kraal_online::TokenStore::open_default`]).
    pub online_store: Option<PathBuf>,
    /// The folder the save and load dialogs start in (created when a game is saved there).
    pub save_folder: PathBuf,
    /// Whether Save and Load open the desktop's own file dialogs (where the desktop has a
    /// dialog service); otherwise, and where none answers, the window's file-name field.
    pub native_dialogs: bool,
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
        // Saved games go to the documents folder, never where the program happened to start.
        let save_folder = kraal_front::save_folder()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."));
        Config {
            settings_path: Settings::path(),
            unfinished: kraal_front::Unfinished::user().map(|u| u.folder().to_path_buf()),
            prefs_path: Settings::folder().map(|f| f.join(PREFS_FILE)),
            progress_path: kraal_front::Progress::path(),
            online_store: None,
            save_folder,
            native_dialogs: true,
            seed,
        }
    }

    /// Every file inside `folder` (for tests and portable use): the unfinished games in
    /// `folder/unfinished`, saved games in `folder/games`; a fixed seed, and the window's own
    /// file-name field rather than the desktop's dialogs (tests never wait on one).
    #[must_use]
    pub fn in_folder(folder: &Path, seed: u64) -> Config {
        Config {
            settings_path: Some(folder.join(kraal_session::settings::FILE_NAME)),
            unfinished: Some(folder.join(kraal_front::unfinished::FOLDER)),
            prefs_path: Some(folder.join(PREFS_FILE)),
            progress_path: Some(folder.join(kraal_front::progress::FILE_NAME)),
            online_store: Some(folder.join(ONLINE_FILE)),
            save_folder: folder.join(GAMES_FOLDER),
            native_dialogs: false,
            seed,
        }
    }

    /// The store of unfinished games, if there is one.
    #[must_use]
    pub fn unfinished(&self) -> Option<kraal_front::Unfinished> {
        self.unfinished
            .clone()
            .map(kraal_front::Unfinished::in_folder)
    }
}

/// What only the window has to remember.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefs {
    /// Dark colours (otherwise light).
    pub dark: bool,
    /// How fast animations run: 1.0 is normal, 2.0 twice as fast.
    pub speed: f32,
    /// The time control of new games (index into [`CLOCKS`]).
    pub clock: usize,
    /// The name shown to online opponents (empty: none).
    pub name: String,
    /// The online server last used (`None`: [`kraal_front::online::DEFAULT_SERVER`]).
    pub server: Option<String>,
}

/// The time controls the menu offers: the text `TimeControl` reads, and a name for players.
pub const CLOCKS: [(&str, &str); 4] = [
    ("none", "No clock"),
    ("move:120", "Two minutes a move (tournament rule)"),
    ("5+3", "5 minutes a game, +3 s a move"),
    ("15+10", "15 minutes a game, +10 s a move"),
];

/// The index in [`CLOCKS`] of `control` (0, no clock, for one not offered).
#[must_use]
pub fn clock_index(control: kraal_session::TimeControl) -> usize {
    CLOCKS
        .iter()
        .position(|(text, _)| text.parse::<kraal_session::TimeControl>() == Ok(control))
        .unwrap_or(0)
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            dark: false,
            speed: 1.0,
            clock: 0,
            name: String::new(),
            server: None,
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
                // A name is one printable line; the server checks the rest.
                "name" => prefs.name = value.trim().to_owned(),
                "server" if !value.trim().is_empty() => {
                    prefs.server = Some(value.trim().to_owned());
                }
                _ => {}
            }
        }
        prefs
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "# kraal-gui preferences\ntheme={}\nspeed={}\nclock={}\n",
            if self.dark { "dark" } else { "light" },
            self.speed,
            CLOCKS.get(self.clock).map_or("none", |c| c.0)
        );
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        if !self.name.is_empty() {
            text.push_str(&format!("name={}\n", one_line(&self.name)));
        }
        if let Some(server) = &self.server {
            text.push_str(&format!("server={}\n", one_line(server)));
        }
        text
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
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
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
    fn saved_games_go_to_the_documents_folder_not_the_current_one() {
        let config = Config::from_env();
        if let Some(folder) = kraal_front::save_folder() {
            assert_eq!(config.save_folder, folder);
        }
        assert!(config.native_dialogs);
        assert!(!Config::in_folder(Path::new("/tmp/x"), 1).native_dialogs);
    }

    #[test]
    fn prefs_round_trip_and_ignore_nonsense() {
        let prefs = Prefs {
            dark: true,
            speed: 2.0,
            clock: 2,
            name: "Thandi".to_owned(),
            server: Some("ws://example.org:7878/ws".to_owned()),
        };
        assert_eq!(Prefs::parse(&prefs.to_text()), prefs);
        assert_eq!(Prefs::parse("speed=99\nnoise\ntheme=odd"), Prefs::default());
    }
}
