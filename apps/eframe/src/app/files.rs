//! What is kept on disk: the settings, the GUI's preferences, the unfinished game, and the
//! games saved and loaded through the file dialog.

use super::KraalApp;
use crate::dialogs::{FileDialog, FileMode};
use kraal_front::Autosave;
use kraal_front::ascent::Climbing;
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

    /// Reads the unfinished games for the menu, newest first; files that cannot be continued
    /// are set aside by the store and reported in the menu, never offered.
    pub(super) fn refresh_unfinished(&mut self) {
        let Some(store) = self.config.unfinished() else {
            return;
        };
        let listing = store.list();
        self.menu.unfinished = listing.games;
        self.menu
            .set_aside
            .extend(listing.set_aside.iter().map(ToString::to_string));
    }

    /// Continues the unfinished game the menu lists at `index`, writing on to its own file.
    pub(super) fn continue_game(&mut self, index: usize) {
        let Some(entry) = self.menu.unfinished.get(index).cloned() else {
            return;
        };
        let game = Record::load(&entry.path)
            .map_err(|e| format!("Cannot continue {}", e.about_file(&entry.path)))
            .and_then(|record| {
                let players = AnyGame::players_in(&record);
                let climb = Climbing::from_record(&record);
                AnyGame::from_record(&record, players, self.config.seed)
                    .map(|game| (game, climb))
                    .map_err(|e| format!("Cannot continue {}: {e}", entry.path.display()))
            });
        match game {
            Ok((game, climb)) => {
                let autosave = Autosave::resume(entry.path.clone(), &game);
                self.start(game);
                self.autosave = autosave;
                // A climb game goes on as the climb game: it counts when it ends.
                match climb {
                    Some(Ok(climb)) => {
                        self.say(
                            format!("Welcome back: {} goes on.", climb.describe()),
                            false,
                        );
                        self.climb = Some(climb);
                    }
                    Some(Err(why)) => self.say(
                        format!("Welcome back. This game does not count for the climb: {why}."),
                        true,
                    ),
                    None => self.say("Welcome back: the game goes on.", false),
                }
            }
            Err(e) => {
                self.menu.error = Some(e);
                self.refresh_unfinished();
            }
        }
    }

    /// Keeps the unfinished game in its own file, or removes a finished one's;
    /// called after a move, an undo or redo, and an ending (never while looking back).
    pub(super) fn keep(&mut self) {
        let Some(game) = &self.game else {
            return;
        };
        if self.review.is_some() {
            return;
        }
        match self.autosave.update_climb(game, self.climb.as_ref()) {
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

    /// Opens the save or load dialog: the desktop's own where it has a dialog service (and
    /// the config allows it), else the window's file-name field.
    pub(super) fn open_dialog(&mut self, mode: FileMode) {
        if self.native.is_some() || self.dialog.is_some() {
            return;
        }
        let folder = self.config.save_folder.clone();
        let name = match mode {
            FileMode::Save => {
                let game = self.game.as_ref().map_or("game", |g| g.rules().game_name());
                format!("kraal-{game}.txt")
            }
            FileMode::Load => String::new(),
        };
        if self.config.native_dialogs && !self.native_failed && native::has_service() {
            self.native = Some(native::NativeDialog::open(mode, &folder, &name, self.now));
            return;
        }
        let start = folder.join(name);
        self.dialog = Some(FileDialog::new(mode, start.display().to_string()));
    }

    /// Takes the desktop dialog's answer when it comes: a file is saved or loaded, a cancel
    /// does nothing, and a dialog that gave up at once (no dialog service after all) gives way
    /// to the window's file-name field for the rest of the run.
    pub(super) fn poll_native(&mut self, ctx: &egui::Context) {
        let Some(native) = &self.native else {
            return;
        };
        let mode = native.mode;
        match native.answer(self.now) {
            native::Answer::Waiting => {
                ctx.request_repaint_after(std::time::Duration::from_millis(100))
            }
            native::Answer::Chosen(path) => {
                self.native = None;
                match self.file(mode, &path) {
                    Ok(text) => self.say(text, false),
                    Err(e) => self.say(e, true),
                }
            }
            native::Answer::Cancelled => self.native = None,
            native::Answer::Unavailable => {
                self.native = None;
                self.native_failed = true;
                self.open_dialog(mode);
            }
        }
    }

    /// Saves to or loads from `path`; says what happened, or what went wrong.
    fn file(&mut self, mode: FileMode, path: &Path) -> Result<String, String> {
        match mode {
            FileMode::Save => {
                let Some(game) = &self.game else {
                    return Err("There is no game to save.".to_owned());
                };
                if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
                    std::fs::create_dir_all(folder).map_err(|e| {
                        format!(
                            "Cannot save: cannot make the folder {}: {e}",
                            folder.display()
                        )
                    })?;
                }
                game.record()
                    .save(path)
                    .map(|()| format!("Saved to {}.", path.display()))
                    .map_err(|e| format!("Cannot save {}", e.about_file(path)))
            }
            FileMode::Load => self
                .load_file(path)
                .map(|()| format!("Loaded {}.", path.display())),
        }
    }

    pub(super) fn finish_dialog(&mut self, path: PathBuf) {
        let Some(dialog) = &mut self.dialog else {
            return;
        };
        // A file that is there already is replaced only when the player says so.
        if dialog.mode == FileMode::Save && path.exists() && dialog.replace.as_ref() != Some(&path)
        {
            dialog.error = Some(format!(
                "{} exists already: click Save again to replace it, or type another name.",
                path.display()
            ));
            dialog.replace = Some(path);
            return;
        }
        let mode = dialog.mode;
        match self.file(mode, &path) {
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

/// The desktop's own file dialogs (through `rfd`: the XDG desktop portal, or zenity), each
/// on a thread of its own so the window keeps drawing while it is open.
pub(super) mod native {
    use crate::dialogs::FileMode;
    use std::path::{Path, PathBuf};
    use std::sync::mpsc;

    /// A dialog that answers with nothing this soon (in seconds) never showed.
    const AT_ONCE: f64 = 0.4;

    /// Whether the desktop may have a dialog service: a session bus for the portal, or
    /// zenity on the `PATH` (plain Xvfb has neither).
    #[must_use]
    pub fn has_service() -> bool {
        if !cfg!(target_os = "linux") {
            return true;
        }
        let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty());
        let zenity = std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join("zenity").is_file()));
        bus || zenity
    }

    /// An open dialog.
    pub struct NativeDialog {
        /// Saving or loading.
        pub mode: FileMode,
        opened: f64,
        answer: mpsc::Receiver<Option<PathBuf>>,
    }

    /// What the dialog said.
    pub enum Answer {
        /// It is still open.
        Waiting,
        /// This file.
        Chosen(PathBuf),
        /// The player closed it.
        Cancelled,
        /// It gave up at once: no dialog service answered.
        Unavailable,
    }

    impl NativeDialog {
        /// Opens the dialog in `folder` (created first, so that it can start there), with
        /// `name` offered for a save, at time `now`.
        pub fn open(mode: FileMode, folder: &Path, name: &str, now: f64) -> NativeDialog {
            let (tx, answer) = mpsc::channel();
            let _ = std::fs::create_dir_all(folder);
            let mut dialog = rfd::FileDialog::new()
                .set_directory(folder)
                .add_filter("kraal game record", &["txt"])
                .add_filter("every file", &["*"]);
            let name = name.to_owned();
            std::thread::spawn(move || {
                let chosen = match mode {
                    FileMode::Save => {
                        dialog = dialog.set_title("Save the game").set_file_name(name);
                        dialog.save_file()
                    }
                    FileMode::Load => dialog.set_title("Load a game").pick_file(),
                };
                let _ = tx.send(chosen);
            });
            NativeDialog {
                mode,
                opened: now,
                answer,
            }
        }

        /// The answer, if it came, at time `now`.
        pub fn answer(&self, now: f64) -> Answer {
            match self.answer.try_recv() {
                Err(mpsc::TryRecvError::Empty) => Answer::Waiting,
                Ok(Some(path)) => Answer::Chosen(path),
                Ok(None) | Err(mpsc::TryRecvError::Disconnected) if now - self.opened < AT_ONCE => {
                    Answer::Unavailable
                }
                Ok(None) | Err(mpsc::TryRecvError::Disconnected) => Answer::Cancelled,
            }
        }
    }
}
