//! Windows over the game: the save and load dialog, and the game-over window.

use std::path::PathBuf;

/// Saving or loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileMode {
    /// Save the game to the file.
    Save,
    /// Load a game from the file.
    Load,
}

/// The file-name dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDialog {
    /// Saving or loading.
    pub mode: FileMode,
    /// The file name being typed.
    pub path: String,
    /// Why the last attempt failed, for the player.
    pub error: Option<String>,
}

/// What the player did in a dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAction {
    /// Nothing yet.
    None,
    /// Go ahead with this file.
    Submit(PathBuf),
    /// Close the dialog.
    Cancel,
}

impl FileDialog {
    /// A dialog starting with `path`.
    #[must_use]
    pub fn new(mode: FileMode, path: String) -> FileDialog {
        FileDialog {
            mode,
            path,
            error: None,
        }
    }

    /// Draws the dialog.
    pub fn show(&mut self, ctx: &egui::Context) -> DialogAction {
        let (title, verb) = match self.mode {
            FileMode::Save => ("Save the game", "Save"),
            FileMode::Load => ("Load a game", "Load"),
        };
        let mut action = DialogAction::None;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                let label = ui.label("File name:");
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .desired_width(420.0)
                        .hint_text("such as my-game.txt"),
                );
                let edit = edit.labelled_by(label.id);
                if !edit.has_focus() && !edit.lost_focus() && self.error.is_none() {
                    edit.request_focus();
                }
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(error) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, error);
                }
                ui.horizontal(|ui| {
                    if ui.button(verb).clicked() || entered {
                        action = if self.path.trim().is_empty() {
                            self.error = Some("Type a file name first.".to_owned());
                            DialogAction::None
                        } else {
                            DialogAction::Submit(PathBuf::from(self.path.trim()))
                        };
                    }
                    if ui.button("Cancel").clicked() {
                        action = DialogAction::Cancel;
                    }
                });
            });
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            action = DialogAction::Cancel;
        }
        action
    }
}

/// What the player chose in the game-over window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverAction {
    /// Nothing yet.
    None,
    /// Back to the menu for a new game.
    NewGame,
    /// Take back the last move.
    Undo,
    /// Close the window and look at the board.
    Close,
}

/// The game-over window: the result and why.
pub fn game_over(ctx: &egui::Context, headline: &str, reason: &str) -> OverAction {
    let mut action = OverAction::None;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.heading(headline);
            ui.label(reason);
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    action = OverAction::NewGame;
                }
                if ui.button("Take back").clicked() {
                    action = OverAction::Undo;
                }
                if ui.button("Look at the board").clicked() {
                    action = OverAction::Close;
                }
            });
        });
    action
}
