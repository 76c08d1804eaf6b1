//! Which game and rule set a puzzle is played under.

use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use std::fmt;

/// A game and its rule set (the rule set's own options: puzzles take no overrides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// A mill game.
    Morris(morris::RuleSet),
    /// Oware or Mulabalaba.
    Mancala(mancala::RuleSet),
}

/// The game a puzzle belongs to, as packs and the daily pick group them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameName {
    /// Morabaraba and the other mill games.
    Morabaraba,
    /// Oware.
    Oware,
    /// Mulabalaba.
    Mulabalaba,
}

impl GameName {
    /// Every game, in menu order.
    pub const ALL: [GameName; 3] = [GameName::Morabaraba, GameName::Oware, GameName::Mulabalaba];

    /// The name on the command line and in the `Game` tag.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameName::Morabaraba => "morabaraba",
            GameName::Oware => "oware",
            GameName::Mulabalaba => "mulabalaba",
        }
    }

    /// Reads a game name (`morabaraba`, `oware`, `mulabalaba`, any case).
    #[must_use]
    pub fn parse(text: &str) -> Option<GameName> {
        let t = text.trim().to_ascii_lowercase();
        GameName::ALL.into_iter().find(|g| g.name() == t)
    }

    /// The game's default rule set.
    #[must_use]
    pub const fn default_variant(self) -> Variant {
        match self {
            GameName::Morabaraba => Variant::Morris(morris::RuleSet::Morabaraba),
            GameName::Oware => Variant::Mancala(mancala::RuleSet::Abapa),
            GameName::Mulabalaba => Variant::Mancala(mancala::RuleSet::Mulabalaba),
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Variant {
    /// The game.
    #[must_use]
    pub const fn game(self) -> GameName {
        match self {
            Variant::Morris(_) => GameName::Morabaraba,
            Variant::Mancala(r) => match r.game() {
                mancala::Game::Oware => GameName::Oware,
                mancala::Game::Mulabalaba => GameName::Mulabalaba,
            },
        }
    }

    /// The rule set's name.
    #[must_use]
    pub const fn rules_name(self) -> &'static str {
        match self {
            Variant::Morris(r) => r.name(),
            Variant::Mancala(r) => r.name(),
        }
    }

    /// The rule set named `rules` of `game`, or `None` when `game` has no such rule set.
    #[must_use]
    pub fn of(game: GameName, rules: &str) -> Option<Variant> {
        let rules = rules.trim().to_ascii_lowercase();
        match game {
            GameName::Morabaraba => rules.parse().ok().map(Variant::Morris),
            GameName::Oware | GameName::Mulabalaba => rules
                .parse::<mancala::RuleSet>()
                .ok()
                .map(Variant::Mancala)
                .filter(|v| v.game() == game),
        }
    }

    /// The rule-set names of `game`, for error messages.
    #[must_use]
    pub fn names_of(game: GameName) -> Vec<&'static str> {
        match game {
            GameName::Morabaraba => morris::RuleSet::ALL.iter().map(|r| r.name()).collect(),
            GameName::Oware | GameName::Mulabalaba => mancala::RuleSet::ALL
                .iter()
                .filter(|r| Variant::Mancala(**r).game() == game)
                .map(|r| r.name())
                .collect(),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.game(), self.rules_name())
    }
}
