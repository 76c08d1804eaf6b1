//! The keys. A game's commands come from the key map every front end shares
//! ([`kraal_front::keymap`]); [`shared_key`] turns a terminal key press into its key. The
//! tables here hold only what the terminal has on its own: moving the board cursor and
//! picking ([`CURSOR`]), the start screen ([`START`]) and the game-over window
//! ([`GAME_OVER`]), which use the shared letters where their commands are the same. Each table
//! drives both the handler and the help, so the help can never miss a key the handler knows.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kraal_front::keymap::{self, Command, FrontEnd, Key};

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
    /// Continue the last unfinished game (start screen).
    Continue,
    /// Play again with the same choices (game over).
    Again,
    /// Review the finished game and look at it move by move from the start (game over).
    Review,
    /// Back to the home screen.
    Home,
    /// The next example, mountain or game (rules and ascent screens).
    Next,
    /// The previous example (rules screen).
    Previous,
    /// The other colour for a new climb (ascent screen).
    Swap,
    /// The next clock for a climb game (ascent screen).
    Clock,
    /// Set the example up again (rules screen).
    Reset,
    /// Show the solution (daily puzzle screen).
    Solution,
    /// Decline the opponent's draw offer (online).
    Decline,
    /// Claim a draw when the opponent has been gone too long (online; `c` claims the win).
    ClaimDraw,
    /// A command of the shared key map.
    Game(Command),
}

/// One line of a terminal key table.
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

/// The terminal's own keys in a game: the board cursor and picking.
pub const CURSOR: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up)],
        label: "↑",
        action: Action::Up,
        help: "move the cursor up",
    },
    Binding {
        keys: &[code(KeyCode::Down)],
        label: "↓",
        action: Action::Down,
        help: "move the cursor down",
    },
    Binding {
        keys: &[code(KeyCode::Left)],
        label: "←",
        action: Action::Left,
        help: "move the cursor left",
    },
    Binding {
        keys: &[code(KeyCode::Right)],
        label: "→",
        action: Action::Right,
        help: "move the cursor right",
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter Space",
        action: Action::Select,
        help: "pick the point or hole under the cursor (or click it)",
    },
];

/// The keys of the start screen.
pub const START: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), code(KeyCode::BackTab)],
        label: "↑ Shift-Tab",
        action: Action::Up,
        help: "the choice above",
    },
    Binding {
        keys: &[code(KeyCode::Down), code(KeyCode::Tab)],
        label: "↓ Tab",
        action: Action::Down,
        help: "the choice below",
    },
    Binding {
        keys: &[code(KeyCode::Left)],
        label: "←",
        action: Action::Left,
        help: "the previous value of this choice",
    },
    Binding {
        keys: &[code(KeyCode::Right)],
        label: "→",
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
        keys: &[ch('o'), (KeyCode::Char('o'), CTRL)],
        label: "o",
        action: Action::Game(Command::Load),
        help: "open a saved game",
    },
    Binding {
        keys: &[ch('?')],
        label: "?",
        action: Action::Game(Command::Help),
        help: "show or hide this help",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "q Esc",
        action: Action::Home,
        help: "back to the home screen",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the home screen.
pub const HOME: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k'), code(KeyCode::BackTab)],
        label: "↑",
        action: Action::Up,
        help: "the mode above",
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j'), code(KeyCode::Tab)],
        label: "↓",
        action: Action::Down,
        help: "the mode below",
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter",
        action: Action::Select,
        help: "open the mode",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc), (KeyCode::Char('c'), CTRL)],
        label: "q",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the Mountain Ascent screen.
pub const ASCENT: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑",
        action: Action::Up,
        help: "camp up",
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "↓",
        action: Action::Down,
        help: "camp down",
    },
    Binding {
        keys: &[
            code(KeyCode::Left),
            code(KeyCode::Right),
            code(KeyCode::Tab),
            ch('g'),
        ],
        label: "← → g",
        action: Action::Next,
        help: "next mountain",
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        action: Action::Swap,
        help: "colour",
    },
    Binding {
        keys: &[ch('t')],
        label: "t",
        action: Action::Clock,
        help: "clock",
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter",
        action: Action::Select,
        help: "climb",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Home,
        help: "home",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the rules screen (the board's cursor keys are [`CURSOR`]'s).
pub const RULES: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Tab), ch('n')],
        label: "Tab",
        action: Action::Next,
        help: "next example",
    },
    Binding {
        keys: &[code(KeyCode::BackTab), ch('p')],
        label: "Shift-Tab",
        action: Action::Previous,
        help: "previous",
    },
    Binding {
        keys: &[ch('g')],
        label: "g",
        action: Action::Swap,
        help: "next game",
    },
    Binding {
        keys: &[ch('r')],
        label: "r",
        action: Action::Reset,
        help: "again",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Home,
        help: "home",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the daily puzzle screen (the board's are [`CURSOR`]).
pub const DAILY: &[Binding] = &[
    Binding {
        keys: &[ch('g'), code(KeyCode::Tab)],
        label: "g",
        action: Action::Next,
        help: "next game",
    },
    Binding {
        keys: &[ch('s')],
        label: "s",
        action: Action::Solution,
        help: "show the solution",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Home,
        help: "home",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the settings screen.
pub const SETTINGS: &[Binding] = &[
    Binding {
        keys: &[
            code(KeyCode::Enter),
            ch(' '),
            code(KeyCode::Left),
            code(KeyCode::Right),
        ],
        label: "Enter",
        action: Action::Select,
        help: "turn the animation on or off",
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "Esc",
        action: Action::Home,
        help: "home",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys of the online screen (letters type into the server and code fields, so the
/// letters here work on the other lines).
pub const ONLINE: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), code(KeyCode::BackTab)],
        label: "↑ Shift-Tab",
        action: Action::Up,
        help: "the line above",
    },
    Binding {
        keys: &[code(KeyCode::Down), code(KeyCode::Tab)],
        label: "↓ Tab",
        action: Action::Down,
        help: "the line below",
    },
    Binding {
        keys: &[code(KeyCode::Left)],
        label: "←",
        action: Action::Left,
        help: "previous value",
    },
    Binding {
        keys: &[code(KeyCode::Right)],
        label: "→",
        action: Action::Right,
        help: "next value",
    },
    Binding {
        keys: &[code(KeyCode::Enter)],
        label: "Enter",
        action: Action::Select,
        help: "create, join or resume",
    },
    Binding {
        keys: &[code(KeyCode::Esc), ch('q')],
        label: "Esc",
        action: Action::Home,
        help: "home",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        action: Action::Game(Command::Quit),
        help: "quit",
    },
];

/// The keys an online game adds to the shared map's (which gives `d` offer or accept a
/// draw, `R` resign, `c` claim the win).
pub const ONLINE_GAME: &[Binding] = &[
    Binding {
        keys: &[ch('x')],
        label: "x",
        action: Action::Decline,
        help: "decline the opponent's draw offer",
    },
    Binding {
        keys: &[ch('C')],
        label: "C",
        action: Action::ClaimDraw,
        help: "claim a draw instead of the win when the opponent has been gone too long",
    },
];

/// What the shared map's commands do in an online game, for its help (the keys are the
/// shared map's).
pub const ONLINE_WORDS: &[(Command, &str)] = &[
    (
        Command::Draw,
        "offer a draw, or accept the one your opponent offers",
    ),
    (Command::Resign, "resign (asks first)"),
    (
        Command::Claim,
        "claim the win when your opponent has been gone past the grace period",
    ),
    (Command::Review, "review the game, once it is over"),
    (
        Command::Save,
        "save a copy of the game to a file (it goes on on the server)",
    ),
    (
        Command::NewGame,
        "back to the online screen (the game goes on on the server: resume it there)",
    ),
    (
        Command::Quit,
        "quit (the game goes on on the server: resume it from the online screen)",
    ),
];

/// The key for the review of a finished game (both game-over windows).
const REVIEW_KEY: Binding = Binding {
    keys: &[ch('v')],
    label: "v",
    action: Action::Review,
    help: "review: the engine marks every move; [ and ] step through them",
};

/// The key for saving a finished game (both game-over windows).
const SAVE_KEY: Binding = Binding {
    keys: &[ch('s'), (KeyCode::Char('s'), CTRL)],
    label: "s",
    action: Action::Game(Command::Save),
    help: "save the game to a file",
};

/// The key for closing a window to look at the board (both game-over windows).
const LOOK_KEY: Binding = Binding {
    keys: &[code(KeyCode::Esc)],
    label: "Esc",
    action: Action::Game(Command::Cancel),
    help: "close this window and look at the board",
};

/// The key for quitting from a game-over window (both game-over windows).
const QUIT_KEY: Binding = Binding {
    keys: &[ch('q'), (KeyCode::Char('c'), CTRL)],
    label: "q Ctrl-C",
    action: Action::Game(Command::Quit),
    help: "quit",
};

/// The keys of the game-over window of an online game.
pub const ONLINE_OVER: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Enter), ch('n'), (KeyCode::Char('n'), CTRL)],
        label: "Enter n",
        action: Action::Again,
        help: "back to the online screen",
    },
    REVIEW_KEY,
    SAVE_KEY,
    LOOK_KEY,
    QUIT_KEY,
];

/// The keys of the game-over window.
pub const GAME_OVER: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Enter)],
        label: "Enter",
        action: Action::Again,
        help: "play again with the same choices",
    },
    Binding {
        keys: &[ch('n'), (KeyCode::Char('n'), CTRL)],
        label: "n",
        action: Action::Game(Command::NewGame),
        help: "new game: back to the start screen",
    },
    REVIEW_KEY,
    SAVE_KEY,
    LOOK_KEY,
    QUIT_KEY,
];

/// The action a key press asks for in a terminal table, if any.
#[must_use]
pub fn action(table: &[Binding], key: KeyEvent) -> Option<Action> {
    // The letter's case already says whether Shift was held.
    let modifiers = key.modifiers - KeyModifiers::SHIFT;
    table
        .iter()
        .find(|b| b.keys.contains(&(key.code, modifiers)))
        .map(|b| b.action)
}

/// A terminal key press as the shared key map knows keys: Shift is carried by the letter's
/// case, Ctrl+letter is [`Key::Ctrl`]; keys the map has no name for are `None`.
#[must_use]
pub fn shared_key(key: KeyEvent) -> Option<Key> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        _ => return None,
    })
}

/// What a key press asks for in a game: the cursor keys first, then the shared key map.
#[must_use]
pub fn game_action(key: KeyEvent) -> Option<Action> {
    action(CURSOR, key)
        .or_else(|| keymap::command(FrontEnd::Terminal, shared_key(key)?).map(Action::Game))
}

/// The shared key map's bindings in the terminal, as its help lists them.
pub fn shared() -> impl Iterator<Item = &'static keymap::Binding> {
    keymap::bindings(FrontEnd::Terminal)
}

/// A key of the shared map as the terminal sends it (for tests and the help).
#[must_use]
pub fn event_of(key: Key) -> KeyEvent {
    let (code, modifiers) = match key {
        Key::Char(c) if c.is_uppercase() => (KeyCode::Char(c), KeyModifiers::SHIFT),
        Key::Char(c) => (KeyCode::Char(c), NONE),
        Key::Ctrl(c) => (KeyCode::Char(c), CTRL),
        Key::Enter => (KeyCode::Enter, NONE),
        Key::Esc => (KeyCode::Esc, NONE),
        Key::Home => (KeyCode::Home, NONE),
        Key::End => (KeyCode::End, NONE),
        Key::PageUp => (KeyCode::PageUp, NONE),
        Key::PageDown => (KeyCode::PageDown, NONE),
    };
    KeyEvent::new(code, modifiers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_of_a_table_leads_to_its_own_action() {
        for table in [
            CURSOR,
            START,
            GAME_OVER,
            HOME,
            ASCENT,
            RULES,
            DAILY,
            SETTINGS,
            ONLINE,
            ONLINE_GAME,
            ONLINE_OVER,
        ] {
            for binding in table {
                for &(code, modifiers) in binding.keys {
                    let key = KeyEvent::new(code, modifiers);
                    assert_eq!(action(table, key), Some(binding.action), "{key:?}");
                }
            }
        }
    }

    #[test]
    fn every_shared_key_reaches_its_command_through_the_terminal() {
        for binding in shared() {
            for &key in binding.keys {
                let event = event_of(key);
                assert_eq!(
                    game_action(event),
                    Some(Action::Game(binding.command)),
                    "{key:?}"
                );
            }
        }
    }

    #[test]
    fn shift_is_read_from_the_letter_and_ctrl_is_its_own_key() {
        let shifted = KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT);
        assert_eq!(game_action(shifted), Some(Action::Game(Command::Resign)));
        let plain = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert_eq!(game_action(plain), Some(Action::Game(Command::Redo)));
        let control = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(game_action(control), Some(Action::Game(Command::Undo)));
        let control = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(game_action(control), None);
    }

    #[test]
    fn h_asks_for_a_hint_and_the_cursor_has_only_the_arrows() {
        let h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::NONE);
        assert_eq!(game_action(h), Some(Action::Game(Command::Hint)));
        for letter in ['j', 'k', 'l', 't'] {
            let key = KeyEvent::new(KeyCode::Char(letter), KeyModifiers::NONE);
            assert_eq!(game_action(key), None, "{letter}");
        }
    }

    #[test]
    fn the_terminal_tables_use_the_shared_letters_for_the_same_commands() {
        for table in [START, GAME_OVER] {
            for binding in table {
                let Action::Game(command) = binding.action else {
                    continue;
                };
                let shared = keymap::binding(FrontEnd::Terminal, command).expect("shared");
                for &(code, modifiers) in binding.keys {
                    let key = shared_key(KeyEvent::new(code, modifiers)).expect("a key");
                    // Esc also quits the start screen, where it has nothing to cancel.
                    if !matches!(key, Key::Char(_) | Key::Ctrl(_)) {
                        continue;
                    }
                    assert!(shared.keys.contains(&key), "{key:?} for {command:?}");
                }
            }
        }
    }
}
