//! What is kept on disk: the settings, the GUI's preferences, the unfinished game, and the
//! games saved and loaded through the file dialog.

use super::KraalApp;
use crate::dialogs::{FileDialog, FileMode};
use kraal_session::any::capitalise;
use kraal_session::{AnyGame, Record};
use std::path::{Path, PathBuf};

impl KraalApp {
    pub(super) fn save_settings(&mut self) {
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

    /// Opens the game saved in `path`.
    pub(super) fn load_file(&mut self, path: &Path) -> Result<(), String> {
        let record = Record::load(path)
            .and_then(|r| r.check().map(|_| r))
            .map_err(|e| format!("Cannot load {}", e.about_file(path)))?;
        let players = AnyGame::players_in(&record);
        let game = AnyGame::from_record(&record, players, self.config.seed)
            .map_err(|e| format!("Cannot load {}: {e}", path.display()))?;
        self.start(game);
        self.say(format!("Loaded {}.", path.display()), false);
        Ok(())
    }

    /// Whether there is an unfinished game to continue.
    pub(super) fn can_continue(&self) -> bool {
        self.config
            .last_game_path
            .as_deref()
            .is_some_and(Path::is_file)
    }

    pub(super) fn continue_last(&mut self) {
        let Some(path) = self.config.last_game_path.clone() else {
            return;
        };
        match self.load_file(&path) {
            Ok(()) => self.say("Welcome back: the last game goes on.", false),
            Err(e) => self.menu.error = Some(e),
        }
    }

    /// Keeps the unfinished game in the shared last-game file, or removes a finished one's;
    /// called after a move, an undo or redo, and an ending (never while looking back).
    pub(super) fn keep(&mut self) {
        let Some(game) = &self.game else {
            return;
        };
        if self.review.is_some() {
            return;
        }
        match self.autosave.update(game) {
            Ok(true) if !game.is_over() && !game.moves().is_empty() => {
                let path = self.autosave.path().map(Path::to_path_buf);
                if path.is_some() && self.settings.last_game != path {
                    self.settings.last_game = path;
                    self.save_settings();
                }
            }
            Ok(_) => {}
            Err(e) => self.say(format!("{}.", capitalise(&e.to_string())), true),
        }
    }

    pub(super) fn open_dialog(&mut self, mode: FileMode) {
        let name = match mode {
            FileMode::Save => {
                let game = self.game.as_ref().map_or("game", |g| g.rules().game_name());
                self.config.save_folder.join(format!("kraal-{game}.txt"))
            }
            FileMode::Load => self.config.save_folder.join(""),
        };
        self.dialog = Some(FileDialog::new(mode, name.display().to_string()));
    }

    pub(super) fn finish_dialog(&mut self, path: PathBuf) {
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
        self.keep();
        self.save_settings();
    }
}
