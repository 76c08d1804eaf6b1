//! The home screen's modes, in the order both the terminal UI and the GUI show them, each with
//! its title and a short description.

/// One mode of the home screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A game against the computer (or a person): the start form.
    PlayComputer,
    /// Today's puzzle of each game ([`crate::daily`]).
    Daily,
    /// The Mountain Ascent.
    Ascent,
    /// Online play: create a game, join one by its code, resume one.
    Online,
    /// Continue an unfinished game.
    Continue,
    /// The rules, with interactive examples.
    Rules,
    /// The settings.
    Settings,
}

/// The modes shown, in order.
pub const MODES: [Mode; 7] = [
    Mode::PlayComputer,
    Mode::Daily,
    Mode::Ascent,
    Mode::Online,
    Mode::Continue,
    Mode::Rules,
    Mode::Settings,
];

impl Mode {
    /// Its title on the home screen.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Mode::PlayComputer => "Play the computer",
            Mode::Daily => "Daily puzzle",
            Mode::Ascent => "Mountain Ascent",
            Mode::Online => "Play online",
            Mode::Continue => "Continue a game",
            Mode::Rules => "Rules",
            Mode::Settings => "Settings",
        }
    }

    /// Its short description.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Mode::PlayComputer => "choose a game, its rules and one of seven opponents",
            Mode::Daily => "today's puzzle of each game: keep your streak of days",
            Mode::Ascent => "climb seven camps, one opponent each, from the foot to the summit",
            Mode::Online => "play a person over the network: create, join by code, or resume",
            Mode::Continue => "go on with a game you left unfinished",
            Mode::Rules => "the rules in plain words, with examples to try on the board",
            Mode::Settings => "animation, and where kraal keeps your files",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_has_a_title_of_its_own() {
        let mut titles: Vec<&str> = MODES.iter().map(|m| m.title()).collect();
        titles.sort_unstable();
        titles.dedup();
        assert_eq!(titles.len(), MODES.len());
        assert!(MODES.iter().all(|m| !m.description().is_empty()));
    }
}
