//! What the player can ask for, from a button, the toolbar or a key: the [`Action`] enum, and
//! the keyboard's way to it through the shared key map ([`kraal_front::keymap`]), so the keys
//! the help lists are the keys that work. How the app carries an action out is in the app.

use kraal_front::keymap::{self, FrontEnd};
use kraal_front::{Command, Key};

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Take back the last turn.
    Undo,
    /// Play a taken-back turn again.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Start the engine's review of the game (every move marked), or stop the one running.
    ReviewGame,
    /// Ask whether to give up (the resign window).
    Resign,
    /// Give up, for sure.
    ConfirmResign,
    /// Offer a draw, or accept the one offered (the draw key).
    Draw,
    /// Offer a draw.
    OfferDraw,
    /// Accept the draw offered.
    AcceptDraw,
    /// Claim that no capture can happen again (Oware).
    Claim,
    /// Decline the draw the online opponent offers.
    DeclineDraw,
    /// Claim the win: the online opponent has been gone past the grace period.
    ClaimWin,
    /// Claim a draw instead: the online opponent has been gone past the grace period.
    ClaimDraw,
    /// Pass (the only move of a blocked player in Koti).
    Pass,
    /// Open the save dialog.
    Save,
    /// Open the load dialog.
    Load,
    /// Back to the menu.
    NewGame,
    /// Look at the position after this many moves.
    Jump(usize),
    /// Look at the position one move earlier.
    Back,
    /// Look at the position one move later.
    Forward,
    /// Look at the start position.
    First,
    /// Back to the last move played.
    Last,
    /// Leave the review and go back to the game.
    BackToGame,
    /// Switch light and dark.
    ToggleTheme,
    /// Turn the animations on or off.
    ToggleAnimations,
    /// Set how fast the animations run.
    Speed(f32),
    /// Show or hide the list of keys.
    ToggleKeys,
    /// Esc: close a window, leave a review, or forget the picks of this turn.
    Cancel,
}

impl Action {
    /// The action a command of the shared key map asks for in the window (`None` for the
    /// commands the window has not: quitting is the window's own business).
    #[must_use]
    pub fn of(command: Command) -> Option<Action> {
        Some(match command {
            Command::Undo => Action::Undo,
            Command::Redo => Action::Redo,
            Command::Back => Action::Back,
            Command::Forward => Action::Forward,
            Command::First => Action::First,
            Command::Last => Action::Last,
            Command::Hint => Action::Hint,
            Command::Review => Action::ReviewGame,
            Command::Pass => Action::Pass,
            Command::Claim => Action::Claim,
            Command::Draw => Action::Draw,
            Command::Resign => Action::Resign,
            Command::Save => Action::Save,
            Command::Load => Action::Load,
            Command::NewGame => Action::NewGame,
            Command::Animations => Action::ToggleAnimations,
            Command::Theme => Action::ToggleTheme,
            Command::Help => Action::ToggleKeys,
            Command::Cancel => Action::Cancel,
            Command::Quit => return None,
        })
    }
}

/// An egui key press as the shared key map writes it: Ctrl (or Cmd) with a letter is
/// `Ctrl(letter)`, a letter with Shift its upper case, a symbol (`?`, `[`) itself.
#[must_use]
pub fn key_of(key: egui::Key, modifiers: egui::Modifiers) -> Option<Key> {
    use egui::Key as K;
    let named = match key {
        K::Escape => Some(Key::Esc),
        K::Enter => Some(Key::Enter),
        K::Home => Some(Key::Home),
        K::End => Some(Key::End),
        K::PageUp => Some(Key::PageUp),
        K::PageDown => Some(Key::PageDown),
        _ => None,
    };
    if named.is_some() {
        return named;
    }
    let mut chars = key.symbol_or_name().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    // Arrows are drawn as symbols; the key map's characters are plain ones.
    if modifiers.alt || !c.is_ascii_graphic() {
        return None;
    }
    let letter = c.to_ascii_lowercase();
    if modifiers.command || modifiers.ctrl {
        return (letter.is_ascii_alphabetic() && !modifiers.shift).then_some(Key::Ctrl(letter));
    }
    if letter.is_ascii_alphabetic() && modifiers.shift {
        Some(Key::Char(letter.to_ascii_uppercase()))
    } else if letter.is_ascii_alphabetic() {
        Some(Key::Char(letter))
    } else {
        Some(Key::Char(c))
    }
}

/// Takes this frame's shortcut keys out of the input and returns what they ask for. While
/// the player types (`typing`), only Ctrl (Cmd) keys count, so letters reach the text field.
pub fn pressed(ctx: &egui::Context, typing: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    ctx.input_mut(|input| {
        input.events.retain(|event| {
            let egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = event
            else {
                return true;
            };
            let Some(key) = key_of(*key, *modifiers) else {
                return true;
            };
            if typing && !matches!(key, Key::Ctrl(_)) {
                return true;
            }
            match keymap::command(FrontEnd::Window, key).and_then(Action::of) {
                Some(action) => {
                    actions.push(action);
                    false
                }
                None => true,
            }
        });
    });
    actions
}

/// The key the help names first for a command, for a button's tooltip ("h").
#[must_use]
pub fn key_label(command: Command) -> &'static str {
    keymap::binding(FrontEnd::Window, command).map_or("", |b| b.label)
}

/// Every key of a binding as the help writes them: its label and the Ctrl keys ("u  Ctrl+Z").
#[must_use]
pub fn keys_text(binding: &keymap::Binding) -> String {
    let mut names = vec![binding.label.to_owned()];
    for key in binding.keys {
        if let Key::Ctrl(c) = key {
            names.push(format!("Ctrl+{}", c.to_ascii_uppercase()));
        }
    }
    names.join("  ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Modifiers;

    #[test]
    fn egui_keys_read_as_the_key_map_writes_them() {
        let none = Modifiers::NONE;
        assert_eq!(key_of(egui::Key::H, none), Some(Key::Char('h')));
        assert_eq!(key_of(egui::Key::R, Modifiers::SHIFT), Some(Key::Char('R')));
        assert_eq!(
            key_of(egui::Key::Z, Modifiers::COMMAND),
            Some(Key::Ctrl('z'))
        );
        assert_eq!(key_of(egui::Key::Z, Modifiers::CTRL), Some(Key::Ctrl('z')));
        assert_eq!(
            key_of(egui::Key::Questionmark, Modifiers::SHIFT),
            Some(Key::Char('?'))
        );
        assert_eq!(key_of(egui::Key::OpenBracket, none), Some(Key::Char('[')));
        assert_eq!(key_of(egui::Key::Escape, none), Some(Key::Esc));
        assert_eq!(key_of(egui::Key::ArrowLeft, none), None);
        assert_eq!(key_of(egui::Key::F1, none), None);
    }

    #[test]
    fn every_window_key_leads_to_an_action() {
        for binding in keymap::bindings(FrontEnd::Window) {
            assert!(
                Action::of(binding.command).is_some(),
                "{:?} does nothing in the window",
                binding.command
            );
        }
        assert_eq!(
            keymap::command(FrontEnd::Window, Key::Char('R')).and_then(Action::of),
            Some(Action::Resign)
        );
    }
}
