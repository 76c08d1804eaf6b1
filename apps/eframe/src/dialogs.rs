//! Windows over the game: the save and load dialog, the game-over window, the question
//! before resigning, and the list of keys.

use kraal_front::keymap::{self, FrontEnd};

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
    /// A file that exists, which the player was asked about: saving to it again replaces it.
    pub replace: Option<PathBuf>,
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
            replace: None,
        }
    }

    /// The file as typed, with a leading `~` for the home folder.
    #[must_use]
    pub fn chosen(&self) -> PathBuf {
        kraal_front::expand_home(self.path.trim())
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
            .min_width(window_width(ctx))
            .max_width(window_width(ctx))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                let label = ui.label("File name:");
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .desired_width(window_width(ctx) - 20.0)
                        .hint_text("such as my-game.txt"),
                );
                let edit = edit.labelled_by(label.id);
                if !edit.has_focus() && !edit.lost_focus() && self.error.is_none() {
                    edit.request_focus();
                }
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if let Some(error) = &self.error {
                    crate::panel::message(ui, error, true);
                }
                ui.horizontal(|ui| {
                    if ui.button(verb).clicked() || entered {
                        action = if self.path.trim().is_empty() {
                            self.error = Some("Type a file name first.".to_owned());
                            DialogAction::None
                        } else {
                            DialogAction::Submit(self.chosen())
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
    /// Close the window and let the engine review the game.
    Review,
}

/// The widest a window grows before its messages wrap: 520 points, less in a small window.
fn window_width(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().width() - 40.0).clamp(200.0, 520.0)
}

/// The game-over window: the result with its reason ("White wins: Black has no legal
/// move"), and how long the game was; `take_back` offers to take the last turn back (not
/// online).
pub fn game_over(ctx: &egui::Context, ending: &str, length: &str, take_back: bool) -> OverAction {
    let mut action = OverAction::None;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .max_width(window_width(ctx))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.add(egui::Label::new(egui::RichText::new(ending).heading()).wrap());
            crate::panel::message(ui, length, false);
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    action = OverAction::NewGame;
                }
                // An online game's moves are the server's: none is taken back.
                if take_back && ui.button("Take back").clicked() {
                    action = OverAction::Undo;
                }
                if ui.button("Look at the board").clicked() {
                    action = OverAction::Close;
                }
                if ui
                    .button("Review this game")
                    .on_hover_text(
                        "the engine marks every move: ?! inaccuracy, ? mistake, ?? blunder",
                    )
                    .clicked()
                {
                    action = OverAction::Review;
                }
            });
        });
    action
}

/// What the player answered in the resign window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResignAnswer {
    /// Nothing yet.
    None,
    /// Give up the game.
    Resign,
    /// Keep playing.
    Keep,
}

/// Asks whether the player really gives up.
pub fn resign(ctx: &egui::Context) -> ResignAnswer {
    let mut answer = ResignAnswer::None;
    egui::Window::new("Resign?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            crate::panel::message(ui, "Give up this game? It counts as a loss.", false);
            ui.horizontal(|ui| {
                if ui.button("Yes, resign").clicked() {
                    answer = ResignAnswer::Resign;
                }
                if ui.button("Keep playing").clicked() {
                    answer = ResignAnswer::Keep;
                }
            });
        });
    answer
}

/// The window listing every key ([`keymap::bindings`]), with how the board in front of the
/// player (`mill`: a mill board, `Some(false)`: a mancala board) is played; returns whether
/// the player closed it.
pub fn keys(ctx: &egui::Context, mill: Option<bool>) -> bool {
    let mut open = true;
    let mut closed = false;
    let height = (ctx.content_rect().height() - 120.0).max(120.0);
    egui::Window::new("The keys")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .max_width(window_width(ctx))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            // A small window scrolls the list rather than cut it.
            egui::ScrollArea::vertical()
                .max_height(height)
                .show(ui, keys_grid);
            let board = match mill {
                Some(true) => Some(
                    "On the board: click a point, or drag a cow; Tab reaches the points, \
                     Enter or Space picks one.",
                ),
                Some(false) => Some(
                    "On the board: click a hole to sow it; Tab reaches the holes, Enter or \
                     Space sows one.",
                ),
                None => None,
            };
            if let Some(board) = board {
                ui.add_space(4.0);
                ui.add(egui::Label::new(egui::RichText::new(board).small().weak()).wrap());
            }
            if ui.button("Close").clicked() {
                closed = true;
            }
        });
    closed || !open
}

/// The keys, two columns: the keys and what they do (wrapped).
fn keys_grid(ui: &mut egui::Ui) {
    egui::Grid::new("keys")
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            for binding in keymap::bindings(FrontEnd::Window) {
                ui.strong(crate::actions::keys_text(binding));
                ui.add(egui::Label::new(binding.help).wrap());
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tilde_in_a_typed_file_name_is_the_home_folder() {
        let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) else {
            return;
        };
        let dialog = FileDialog::new(FileMode::Save, " ~/games/g.txt ".to_owned());
        assert_eq!(dialog.chosen(), PathBuf::from(home).join("games/g.txt"));
    }
}
