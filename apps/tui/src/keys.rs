//! The key bindings: one table per screen, used both by the key handler and by the help
//! overlay, so the help can never miss a key the handler knows.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move the cursor (or the menu selection) up.
    Up,
    /// Move the cursor (or the menu selection) down.
    Down,
    /// Move the cursor left (or the menu value back).
    Left,
    /// Move the cursor right (or the menu value on).
    Right,
    /// Pick the point or hole under the cursor (or start the game from the menu).
    Select,
    /// Forget the picks of this turn, or close an overlay.
    Cancel,
    /// Take back the last move (against the AI: back to your last turn).
    Undo,
    /// Play a taken-back move again.
    Redo,
    /// Step one move back through the game, to look at it.
    Back,
    /// Step one move forward through the game.
    Forward,
    /// Go to the start of the game.
    First,
    /// Go to the last move played.
    Last,
    /// Ask the engine for the best move.
    Hint,
    /// Pass (Koti, when you are blocked).
    Pass,
    /// Claim that no capture can happen again (Oware).
    Claim,
    /// Offer a draw, or accept one offered.
    Draw,
    /// Give up the game.
    Resign,
    /// Save the game to a file.
    Save,
    /// Load a game from a file.
    Load,
    /// Continue the last unfinished game (start screen).
    Continue,
    /// Leave this game for the start screen.
    NewGame,
    /// Turn the sowing animation on or off.
    Animation,
    /// Show or hide the list of keys.
    Help,
    /// Leave kraal.
    Quit,
    /// Play again with the same choices (game over).
    Again,
    /// Back to the start screen (game over).
    Menu,
    /// Look at the finished game move by move, from the start (game over).
    Review,
}

/// One line of the key table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys, with the modifiers they need (Shift is carried by the letter's case).
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// How the keys are written in the help.
    pub label: &'static str,
    /// What they do.
    pub action: Action,
    /// The help text.
    pub help: &'static str,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

const fn ch(c: char) -> (KeyCode, KeyModifiers) {
    (KeyCode::Char(c), NONE)
}

const fn code(c: KeyCode) -> (KeyCode, KeyModifiers) {
    (c, NONE)
}

/// The keys of a game in progress.
pub const GAME: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑ k",
        action: Action::Up,
        help: "move the cursor up",
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "↓ j",
        action: Action::Down,
        help: "move the cursor down",
    },
    Binding {
        keys: &[code(KeyCode::Left), ch('h')],
        label: "← h",
        action: Action::Left,
        help: "move the cursor left",
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l')],
        label: "→ l",
        action: Action::Right,
        help: "move the cursor right",
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter Space",
        action: Action::Select,
        help: "pick the point or hole under the cursor (or click it)",
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Cancel,
        help: "forget this turn's picks; close a window",
    },
    Binding {
        keys: &[ch('u')],
        label: "u",
        action: Action::Undo,
        help: "undo (against the computer: back to your last turn)",
    },
    Binding {
        keys: &[ch('r')],
        label: "r",
        action: Action::Redo,
        help: "redo a move you took back",
    },
    Binding {
        keys: &[ch('['), code(KeyCode::PageUp)],
        label: "[ PgUp",
        action: Action::Back,
        help: "step back through the moves to look at them",
    },
    Binding {
        keys: &[ch(']'), code(KeyCode::PageDown)],
        label: "] PgDn",
        action: Action::Forward,
        help: "step forward through the moves",
    },
    Binding {
        keys: &[code(KeyCode::Home)],
        label: "Home",
        action: Action::First,
        help: "go to the start of the game",
    },
    Binding {
        keys: &[code(KeyCode::End)],
        label: "End",
        action: Action::Last,
        help: "go to the last move played",
    },
    Binding {
        keys: &[ch('t')],
        label: "t",
        action: Action::Hint,
        help: "tip: ask the engine for the best move",
    },
    Binding {
        keys: &[ch('p')],
        label: "p",
        action: Action::Pass,
        help: "pass (Koti rules, when you cannot move)",
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        action: Action::Claim,
        help: "claim the end: no capture can happen again (Oware)",
    },
    Binding {
        keys: &[ch('d')],
        label: "d",
        action: Action::Draw,
        help: "offer a draw, or accept the one offered",
    },
    Binding {
        keys: &[ch('R')],
        label: "R",
        action: Action::Resign,
        help: "resign (asks first)",
    },
    Binding {
        keys: &[ch('s')],
        label: "s",
        action: Action::Save,
        help: "save the game to a file",
    },
    Binding {
        keys: &[ch('o')],
        label: "o",
        action: Action::Load,
        help: "open a saved game",
    },
    Binding {
        keys: &[ch('n')],
        label: "n",
        action: Action::NewGame,
        help: "new game: back to the start screen",
    },
    Binding {
        keys: &[ch('a')],
        label: "a",
        action: Action::Animation,
        help: "turn the sowing animation on or off",
    },
    Binding {
        keys: &[ch('?')],
        label: "?",
        action: Action::Help,
        help: "show or hide this help",
    },
    Binding {
        keys: &[ch('q'), (KeyCode::Char('c'), CTRL)],
        label: "q Ctrl-C",
        action: Action::Quit,
        help: "quit (asks first if the game is not saved)",
    },
];

/// The keys of the start screen.
pub const START: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k'), code(KeyCode::BackTab)],
        label: "↑ k Shift-Tab",
        action: Action::Up,
        help: "the choice above",
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j'), code(KeyCode::Tab)],
        label: "↓ j Tab",
        action: Action::Down,
        help: "the choice below",
    },
    Binding {
        keys: &[code(KeyCode::Left), ch('h')],
        label: "← h",
        action: Action::Left,
        help: "the previous value of this choice",
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l')],
        label: "→ l",
        action: Action::Right,
        help: "the next value of this choice",
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter Space",
        action: Action::Select,
        help: "start the game (or continue, on that line)",
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        action: Action::Continue,
        help: "continue the last unfinished game",
    },
    Binding {
        keys: &[ch('o')],
        label: "o",
        action: Action::Load,
        help: "open a saved game",
    },
    Binding {
        keys: &[ch('?')],
        label: "?",
        action: Action::Help,
        help: "show or hide this help",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc), (KeyCode::Char('c'), CTRL)],
        label: "q Esc Ctrl-C",
        action: Action::Quit,
        help: "quit",
    },
];

/// The keys of the game-over window.
pub const GAME_OVER: &[Binding] = &[
    Binding {
        keys: &[ch('n'), code(KeyCode::Enter)],
        label: "n Enter",
        action: Action::Again,
        help: "play again with the same choices",
    },
    Binding {
        keys: &[ch('v')],
        label: "v",
        action: Action::Review,
        help: "view the game move by move from the start ([ and ] step)",
    },
    Binding {
        keys: &[ch('s')],
        label: "s",
        action: Action::Save,
        help: "save the game to a file",
    },
    Binding {
        keys: &[ch('m')],
        label: "m",
        action: Action::Menu,
        help: "back to the start screen",
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Cancel,
        help: "close this window and look at the board",
    },
    Binding {
        keys: &[ch('q'), (KeyCode::Char('c'), CTRL)],
        label: "q Ctrl-C",
        action: Action::Quit,
        help: "quit",
    },
];

/// The action a key press asks for in a table, if any.
#[must_use]
pub fn action(table: &[Binding], key: KeyEvent) -> Option<Action> {
    // The letter's case already says whether Shift was held.
    let modifiers = key.modifiers - KeyModifiers::SHIFT;
    table
        .iter()
        .find(|b| b.keys.contains(&(key.code, modifiers)))
        .map(|b| b.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_of_a_table_leads_to_its_own_action() {
        for table in [GAME, START, GAME_OVER] {
            for binding in table {
                for &(code, modifiers) in binding.keys {
                    let key = KeyEvent::new(code, modifiers);
                    assert_eq!(action(table, key), Some(binding.action), "{key:?}");
                }
            }
        }
    }

    #[test]
    fn shift_is_read_from_the_letter() {
        let shifted = KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT);
        assert_eq!(action(GAME, shifted), Some(Action::Resign));
        let plain = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(action(GAME, plain), Some(Action::Redo));
        let control = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(action(GAME, control), None);
    }
}
