//! One table of the game's commands with one key map, the same letter for the same command in
//! the terminal UI and the desktop GUI. Each front end turns its own key events into a
//! [`Key`], asks [`command`] what it means, and lists [`bindings`] in its help, so the help can
//! never miss a key the handler knows. Keys that only make sense in one front end (moving the
//! terminal's cursor; the GUI's theme) are marked with the front end they belong to.

/// A key as the front ends share it: a character (its case says whether Shift was held), a
/// character with Ctrl (or Cmd), or a named key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character key.
    Char(char),
    /// A character key with Ctrl (Cmd on a Mac).
    Ctrl(char),
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
}

/// What a key asks for in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Take back the last move (against the computer: back to your last turn).
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
    /// Review the game: the engine marks every move (`?!`, `?`, `??`); again: stop it.
    Review,
    /// Pass (Koti, when you cannot move).
    Pass,
    /// Claim that no capture can happen again (Oware).
    Claim,
    /// Offer a draw, or accept the one offered.
    Draw,
    /// Give up the game.
    Resign,
    /// Save the game to a file.
    Save,
    /// Open a saved game.
    Load,
    /// Leave this game for the start screen.
    NewGame,
    /// Turn the animations on or off.
    Animations,
    /// Switch the light and dark theme (the GUI).
    Theme,
    /// Show or hide the list of keys.
    Help,
    /// Forget this turn's picks, or close a window.
    Cancel,
    /// Leave kraal (the terminal UI; a window closes as windows do).
    Quit,
}

/// The front ends that read the key map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrontEnd {
    /// `kraal-tui`.
    Terminal,
    /// `kraal-gui`.
    Window,
}

/// One line of the key map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The command.
    pub command: Command,
    /// Its keys, the first one the one the help names first.
    pub keys: &'static [Key],
    /// How the keys are written in the help.
    pub label: &'static str,
    /// What the command does, for the help.
    pub help: &'static str,
    /// The one front end that has it, if it is not both.
    pub only: Option<FrontEnd>,
}

const fn both(
    command: Command,
    keys: &'static [Key],
    label: &'static str,
    help: &'static str,
) -> Binding {
    Binding {
        command,
        keys,
        label,
        help,
        only: None,
    }
}

/// The key map of a game in progress.
pub const GAME: &[Binding] = &[
    both(
        Command::Undo,
        &[Key::Char('u'), Key::Ctrl('z')],
        "u",
        "undo (against the computer: back to your last turn)",
    ),
    both(
        Command::Redo,
        &[Key::Char('r'), Key::Ctrl('y')],
        "r",
        "redo a move you took back",
    ),
    both(
        Command::Back,
        &[Key::Char('['), Key::PageUp],
        "[ PgUp",
        "step back through the moves to look at them",
    ),
    both(
        Command::Forward,
        &[Key::Char(']'), Key::PageDown],
        "] PgDn",
        "step forward through the moves",
    ),
    both(
        Command::First,
        &[Key::Home],
        "Home",
        "go to the start of the game",
    ),
    both(
        Command::Last,
        &[Key::End],
        "End",
        "go to the last move played",
    ),
    both(
        Command::Hint,
        &[Key::Char('h')],
        "h",
        "hint: ask the engine for the best move",
    ),
    both(
        Command::Review,
        &[Key::Char('v')],
        "v",
        "review: the engine marks every move ?! ? ?? (v again stops)",
    ),
    both(
        Command::Pass,
        &[Key::Char('p')],
        "p",
        "pass (Koti rules, when you cannot move)",
    ),
    both(
        Command::Claim,
        &[Key::Char('c')],
        "c",
        "claim the end: no capture can happen again (Oware)",
    ),
    both(
        Command::Draw,
        &[Key::Char('d')],
        "d",
        "offer a draw, or accept the one offered",
    ),
    both(
        Command::Resign,
        &[Key::Char('R')],
        "R",
        "resign (asks first)",
    ),
    both(
        Command::Save,
        &[Key::Char('s'), Key::Ctrl('s')],
        "s",
        "save the game to a file",
    ),
    both(
        Command::Load,
        &[Key::Char('o'), Key::Ctrl('o')],
        "o",
        "open a saved game",
    ),
    both(
        Command::NewGame,
        &[Key::Char('n'), Key::Ctrl('n')],
        "n",
        "new game: back to the start screen",
    ),
    both(
        Command::Animations,
        &[Key::Char('a')],
        "a",
        "turn the animations on or off",
    ),
    Binding {
        command: Command::Theme,
        keys: &[Key::Char('T')],
        label: "T",
        help: "switch the light and dark theme",
        only: Some(FrontEnd::Window),
    },
    both(
        Command::Help,
        &[Key::Char('?')],
        "?",
        "show or hide this list of keys",
    ),
    both(
        Command::Cancel,
        &[Key::Esc],
        "Esc",
        "forget this turn's picks; close a window",
    ),
    Binding {
        command: Command::Quit,
        keys: &[Key::Char('q'), Key::Ctrl('c')],
        label: "q Ctrl-C",
        help: "quit (asks first if the game is not saved)",
        only: Some(FrontEnd::Terminal),
    },
];

/// The bindings one front end has, in the order its help lists them.
pub fn bindings(front: FrontEnd) -> impl Iterator<Item = &'static Binding> {
    GAME.iter()
        .filter(move |b| b.only.is_none_or(|only| only == front))
}

/// The command a key asks for in a game, in this front end.
#[must_use]
pub fn command(front: FrontEnd, key: Key) -> Option<Command> {
    bindings(front)
        .find(|b| b.keys.contains(&key))
        .map(|b| b.command)
}

/// The binding of a command in this front end, for tooltips and button labels.
#[must_use]
pub fn binding(front: FrontEnd, command: Command) -> Option<&'static Binding> {
    bindings(front).find(|b| b.command == command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_leads_to_its_own_command_in_each_front_end() {
        for front in [FrontEnd::Terminal, FrontEnd::Window] {
            for binding in bindings(front) {
                for &key in binding.keys {
                    assert_eq!(command(front, key), Some(binding.command), "{key:?}");
                }
            }
        }
    }

    #[test]
    fn no_key_means_two_commands() {
        let mut seen = std::collections::HashSet::new();
        for binding in GAME {
            for key in binding.keys {
                assert!(seen.insert(*key), "{key:?} is bound twice");
            }
        }
    }

    #[test]
    fn the_front_ends_share_the_letters() {
        assert_eq!(
            command(FrontEnd::Terminal, Key::Char('h')),
            command(FrontEnd::Window, Key::Char('h'))
        );
        assert_eq!(
            command(FrontEnd::Window, Key::Char('h')),
            Some(Command::Hint)
        );
        assert_eq!(command(FrontEnd::Terminal, Key::Char('T')), None);
        assert_eq!(command(FrontEnd::Window, Key::Char('q')), None);
        assert_eq!(
            command(FrontEnd::Window, Key::Char('R')),
            Some(Command::Resign)
        );
        assert_eq!(
            command(FrontEnd::Window, Key::Char('r')),
            Some(Command::Redo)
        );
    }
}
