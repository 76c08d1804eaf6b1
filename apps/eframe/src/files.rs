//! What is kept on disk: the settings, the GUI's preferences, the unfinished game, and the
//! games saved and loaded through the file dialog.

use crate::app::KraalApp;
use crate::dialogs::FileDialog;
use crate::dialogs::FileMode;
use kraal_session::AnyGame as Game;
use kraal_session::{Player, Record};
use std::path::{Path, PathBuf};

impl KraalApp {
    pub(crate) fn save_settings(&mut self) {
        if let Some(path) = self.config.settings_path.clone()
            && let Err(e) = self.settings.save_to(&path)
        {
            self.say(e.to_string(), true);
        }
        if let Some(path) = &self.config.prefs_path
            && let Err(e) = self.prefs.save(path)
        {
            let text = format!("cannot save the preferences to {}: {e}", path.display());
            self.say(text, true);
        }
    }

    /// The players a record names, or the menu's if it names none that can be read.
    pub(crate) fn players_of(&self, record: &Record) -> [Player; 2] {
        let read = |tag: &str| record.tag(tag).and_then(|t| Player::parse(t).ok());
        match (read("White"), read("Black")) {
            (Some(a), Some(b)) => [a, b],
            _ => self.menu.players(),
        }
    }

    /// Opens the game saved in `path`.
    pub(crate) fn load_file(&mut self, path: &Path) -> Result<(), String> {
        let record = Record::load(path)
            .and_then(|r| r.check().map(|_| r))
            .map_err(|e| format!("Cannot load {}: {e}", path.display()))?;
        let players = self.players_of(&record);
        let game = Game::from_record(&record, players, self.config.seed)
            .map_err(|e| format!("Cannot load {}: {e}", path.display()))?;
        self.start(game);
        self.say(format!("Loaded {}.", path.display()), false);
        Ok(())
    }

    /// Whether there is an unfinished game to continue.
    pub(crate) fn can_continue(&self) -> bool {
        self.config
            .last_game_path
            .as_deref()
            .is_some_and(Path::is_file)
    }

    pub(crate) fn continue_last(&mut self) {
        let Some(path) = self.config.last_game_path.clone() else {
            return;
        };
        match self.load_file(&path) {
            Ok(()) => self.say("Welcome back: the last game goes on.", false),
            Err(e) => self.menu.error = Some(e),
        }
    }

    /// Keeps the unfinished game in the shared last-game file (and forgets a finished one).
    pub(crate) fn keep_last_game(&mut self) {
        let (Some(game), Some(path)) = (&self.game, self.config.last_game_path.clone()) else {
            return;
        };
        if self.review.is_some() {
            return;
        }
        let key = (game.moves(), game.outcome().map(|o| o.result()));
        if self.saved.as_ref() == Some(&key) {
            return;
        }
        let result = if game.is_over() {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
                _ => Ok(()),
            }
        } else {
            if let Some(folder) = path.parent() {
                let _ = std::fs::create_dir_all(folder);
            }
            game.record().save(&path).map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => {
                if !game.is_over() && self.settings.last_game.as_deref() != Some(path.as_path()) {
                    self.settings.last_game = Some(path);
                    self.save_settings();
                }
            }
            Err(e) => self.say(format!("Cannot keep the game for next time: {e}"), true),
        }
        self.saved = Some(key);
    }

    pub(crate) fn open_dialog(&mut self, mode: FileMode) {
        let name = match mode {
            FileMode::Save => {
                let game = self.game.as_ref().map_or("game", |g| g.rules().game_name());
                self.config.save_folder.join(format!("kraal-{game}.txt"))
            }
            FileMode::Load => self.config.save_folder.join(""),
        };
        self.dialog = Some(FileDialog::new(mode, name.display().to_string()));
    }

    pub(crate) fn finish_dialog(&mut self, path: PathBuf) {
        let Some(dialog) = &self.dialog else {
            return;
        };
        let result = match dialog.mode {
            FileMode::Save => match &self.game {
                Some(game) => game
                    .record()
                    .save(&path)
                    .map(|()| format!("Saved to {}.", path.display()))
                    .map_err(|e| format!("Cannot save: {e}")),
                None => Err("There is no game to save.".to_owned()),
            },
            FileMode::Load => self
                .load_file(&path)
                .map(|()| format!("Loaded {}.", path.display())),
        };
        match result {
            Ok(text) => {
                self.dialog = None;
                self.say(text, false);
            }
            Err(e) => {
                if let Some(dialog) = &mut self.dialog {
                    dialog.error = Some(e);
                }
            }
        }
    }

    /// Saves the unfinished game and the settings (when the window closes).
    pub fn save_all(&mut self) {
        self.saved = None;
        self.keep_last_game();
        self.save_settings();
    }
}
