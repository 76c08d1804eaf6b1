//! Rule options and the named rule sets (presets) that fix every one of them.
//!
//! Every point where the sources disagree is an option; see `docs/rules/oware.md`,
//! `docs/rules/mulabalaba.md` for the players' view. In text, option names and values are
//! kebab-case (`grand-slam=leave-last`); snake_case and any letter case are accepted.

use crate::board::{Board, Game};
use std::fmt;

/// The most seeds a board may hold (a hole must be able to hold them all).
pub const MAX_SEEDS: u32 = 255;

macro_rules! named_values {
    ($t:ident, $what:literal) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $t {
            type Err = UnknownValue;

            /// Reads the kebab-case name; snake_case and any letter case are accepted.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
                $t::ALL
                    .into_iter()
                    .find(|v| v.name() == wanted)
                    .ok_or_else(|| UnknownValue {
                        what: $what,
                        value: s.to_owned(),
                        expected: $t::ALL
                            .iter()
                            .map(|v| v.name())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })
            }
        }
    };
}

/// Oware: what happens to a capture that would take every seed on the opponent's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// The move is played and nothing is captured (Abapa, Oware Society).
    NoCapture,
    /// The move is not allowed unless every move is one; then it captures the whole chain (Ludii).
    Illegal,
    /// The whole chain is captured.
    CaptureAll,
    /// The house where the last seed fell is left; the rest of the chain is captured.
    LeaveLast,
}

impl GrandSlam {
    /// Every value.
    pub const ALL: [GrandSlam; 4] = [
        GrandSlam::NoCapture,
        GrandSlam::Illegal,
        GrandSlam::CaptureAll,
        GrandSlam::LeaveLast,
    ];

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GrandSlam::NoCapture => "no-capture",
            GrandSlam::Illegal => "illegal",
            GrandSlam::CaptureAll => "capture-all",
            GrandSlam::LeaveLast => "leave-last",
        }
    }
}

/// Mulabalaba: what a player whose holes all hold at most one seed does when no single seed has
/// an occupied next hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SingletonFallback {
    /// Move a single seed one hole on, into the empty next hole (Hawalis style).
    StepToEmpty,
    /// The player cannot move (and so loses).
    NoMove,
}

impl SingletonFallback {
    /// Every value.
    pub const ALL: [SingletonFallback; 2] =
        [SingletonFallback::StepToEmpty, SingletonFallback::NoMove];

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SingletonFallback::StepToEmpty => "step-to-empty",
            SingletonFallback::NoMove => "no-move",
        }
    }
}

/// Mulabalaba: what becomes of a move whose relay sowing never ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endless {
    /// Such a move is not offered; a player whose every move is endless cannot move.
    Illegal,
    /// The move is offered, and playing it loses at once, the board left as it was (de Voogt on
    /// Hawalis).
    Loses,
}

impl Endless {
    /// Every value.
    pub const ALL: [Endless; 2] = [Endless::Illegal, Endless::Loses];

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Endless::Illegal => "illegal",
            Endless::Loses => "loses",
        }
    }
}

named_values!(GrandSlam, "grand-slam");
named_values!(SingletonFallback, "singleton-fallback");
named_values!(Endless, "endless");

/// A value that is not one of an option's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownValue {
    /// The option.
    pub what: &'static str,
    /// What was given.
    pub value: String,
    /// The names that are accepted, comma-separated.
    pub expected: String,
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a value of {} (expected one of: {})",
            self.value, self.what, self.expected
        )
    }
}
impl std::error::Error for UnknownValue {}

/// Oware: the hole counts that capture (after the last seed lands), such as `2,3`. A set of
/// numbers from 1 to 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Captures(u64);

impl Captures {
    /// The Abapa set: 2 and 3.
    pub const TWO_THREE: Captures = Captures(0b1100);

    /// The set of these counts, or `None` if one is outside 1..=63 or the set is empty.
    #[must_use]
    pub fn new(counts: &[u8]) -> Option<Captures> {
        let mut bits = 0u64;
        for &c in counts {
            if !(1..=63).contains(&c) {
                return None;
            }
            bits |= 1 << c;
        }
        (bits != 0).then_some(Captures(bits))
    }

    /// Whether a hole holding `count` seeds is captured.
    #[inline]
    #[must_use]
    pub const fn contains(self, count: u8) -> bool {
        count < 64 && self.0 >> count & 1 != 0
    }

    /// The bit set: bit `n` set when `n` seeds capture.
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The counts, smallest first.
    pub fn counts(self) -> impl Iterator<Item = u8> {
        (1..64u8).filter(move |&c| self.contains(c))
    }
}

impl fmt::Display for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: Vec<String> = self.counts().map(|c| c.to_string()).collect();
        f.write_str(&list.join(","))
    }
}

impl std::str::FromStr for Captures {
    type Err = UnknownValue;

    /// Reads a comma-separated list of counts such as `2,3` (spaces allowed).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownValue {
            what: "captures",
            value: s.to_owned(),
            expected: "a comma-separated list of counts from 1 to 63, such as 2,3".to_owned(),
        };
        let counts: Vec<u8> = s
            .split(',')
            .map(|p| p.trim().parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        Captures::new(&counts).ok_or_else(bad)
    }
}

/// Every rule option of both games, fixed by a [`RuleSet`] and open to single overrides.
///
/// The struct is flat: the options of the other game keep their defaults and are ignored
/// ([`Options::entries`] lists only the options of [`Options::game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The game.
    pub game: Game,
    /// Holes per row: option `houses` in Oware (1 to 12), `holes` in Mulabalaba (even, 4 to 16).
    pub width: u8,
    /// Seeds per hole at the start (option `seeds`). At most 255 seeds on the whole board.
    pub seeds: u8,
    /// Oware: the counts that capture (`captures`).
    pub captures: Captures,
    /// Oware: the grand slam rule (`grand-slam`).
    pub grand_slam: GrandSlam,
    /// Oware: the occurrence of a position since the last capture that ends the game (`cycle`,
    /// 2 or more), or `None` for off.
    pub cycle: Option<u8>,
    /// Mulabalaba: the singleton fallback (`singleton-fallback`).
    pub singleton_fallback: SingletonFallback,
    /// Mulabalaba: the endless-relay rule (`endless`).
    pub endless: Endless,
    /// Mulabalaba: the game length in plies at which the game ends (`max-plies`), or `None`
    /// for off.
    pub max_plies: Option<u16>,
}

/// The name of one option, for listing, overriding and describing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionName {
    /// Oware: [`Options::width`], houses per row.
    Houses,
    /// Mulabalaba: [`Options::width`], holes per row.
    Holes,
    /// [`Options::seeds`]
    Seeds,
    /// [`Options::captures`]
    Captures,
    /// [`Options::grand_slam`]
    GrandSlam,
    /// [`Options::cycle`]
    Cycle,
    /// [`Options::singleton_fallback`]
    SingletonFallback,
    /// [`Options::endless`]
    Endless,
    /// [`Options::max_plies`]
    MaxPlies,
}

impl OptionName {
    /// Every option, Oware's first.
    pub const ALL: [OptionName; 9] = [
        OptionName::Houses,
        OptionName::Holes,
        OptionName::Seeds,
        OptionName::Captures,
        OptionName::GrandSlam,
        OptionName::Cycle,
        OptionName::SingletonFallback,
        OptionName::Endless,
        OptionName::MaxPlies,
    ];

    /// The options of one game, in listing order.
    #[must_use]
    pub fn of_game(game: Game) -> Vec<OptionName> {
        OptionName::ALL
            .into_iter()
            .filter(|o| o.applies_to(game))
            .collect()
    }

    /// Whether the option belongs to `game`.
    #[must_use]
    pub const fn applies_to(self, game: Game) -> bool {
        match self {
            OptionName::Seeds => true,
            OptionName::Houses
            | OptionName::Captures
            | OptionName::GrandSlam
            | OptionName::Cycle => matches!(game, Game::Oware),
            OptionName::Holes
            | OptionName::SingletonFallback
            | OptionName::Endless
            | OptionName::MaxPlies => matches!(game, Game::Mulabalaba),
        }
    }

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OptionName::Houses => "houses",
            OptionName::Holes => "holes",
            OptionName::Seeds => "seeds",
            OptionName::Captures => "captures",
            OptionName::GrandSlam => "grand-slam",
            OptionName::Cycle => "cycle",
            OptionName::SingletonFallback => "singleton-fallback",
            OptionName::Endless => "endless",
            OptionName::MaxPlies => "max-plies",
        }
    }

    /// The values the option takes, for help texts.
    #[must_use]
    pub const fn values(self) -> &'static str {
        match self {
            OptionName::Houses => "1 to 12",
            OptionName::Holes => "an even number from 4 to 16",
            OptionName::Seeds => "1 or more (at most 255 seeds on the board)",
            OptionName::Captures => "a comma-separated list of counts from 1 to 63, such as 2,3",
            OptionName::GrandSlam => "no-capture, illegal, capture-all, leave-last",
            OptionName::Cycle => "off, or the occurrence that ends the game (2 or more)",
            OptionName::SingletonFallback => "step-to-empty, no-move",
            OptionName::Endless => "illegal, loses",
            OptionName::MaxPlies => "off, or a number of plies from 1 to 65535",
        }
    }

    /// What the option means, in a sentence for players.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            OptionName::Houses => "houses in each player's row",
            OptionName::Holes => "holes in each of the four rows",
            OptionName::Seeds => "seeds in each hole at the start",
            OptionName::Captures => "the counts (after the last seed lands) that capture",
            OptionName::GrandSlam => {
                "what happens to a capture that would take every seed on the opponent's side"
            }
            OptionName::Cycle => {
                "the game ends when a position comes up for the Nth time since the last capture"
            }
            OptionName::SingletonFallback => {
                "with only single seeds and none next to an occupied hole: step into an empty \
                 hole, or no move"
            }
            OptionName::Endless => {
                "whether a move whose relay sowing never ends is illegal or loses"
            }
            OptionName::MaxPlies => {
                "the game ends after so many plies; more seeds on the board wins"
            }
        }
    }
}

impl fmt::Display for OptionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for OptionName {
    type Err = OptionError;

    /// Reads an option name, kebab- or snake-case, any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        OptionName::ALL
            .into_iter()
            .find(|o| o.name() == wanted)
            .ok_or_else(|| OptionError::UnknownOption(s.trim().to_owned()))
    }
}

/// An option or rule-set name or value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No rule set has this name.
    UnknownRuleSet(String),
    /// No option has this name.
    UnknownOption(String),
    /// An override is not of the form `OPTION=VALUE`.
    MissingEquals(String),
    /// The option belongs to the other game.
    WrongGame {
        /// The option.
        option: OptionName,
        /// The game of the rule set.
        game: Game,
    },
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        option: OptionName,
        /// What was given.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
    /// The options together make no game (the text says why).
    Inconsistent(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownRuleSet(name) => write!(
                f,
                "there is no mancala rule set `{name}` (known: {})",
                RuleSet::ALL
                    .iter()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptionError::UnknownOption(name) => write!(
                f,
                "there is no option `{name}` (known: {})",
                OptionName::ALL
                    .iter()
                    .map(|o| o.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptionError::MissingEquals(text) => {
                write!(
                    f,
                    "`{text}` is not of the form OPTION=VALUE (for example seeds=3)"
                )
            }
            OptionError::WrongGame { option, game } => write!(
                f,
                "{game} has no option `{option}` (its options: {})",
                OptionName::of_game(*game)
                    .iter()
                    .map(|o| o.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptionError::BadValue {
                option,
                value,
                expected,
            } => {
                write!(
                    f,
                    "`{value}` is not a value of {option} (expected {expected})"
                )
            }
            OptionError::Inconsistent(why) => f.write_str(why),
        }
    }
}
impl std::error::Error for OptionError {}

fn parse_off_or<T: std::str::FromStr>(value: &str) -> Result<Option<T>, ()> {
    let v = value.trim();
    if v.eq_ignore_ascii_case("off") || v == "-" {
        Ok(None)
    } else {
        v.parse().map(Some).map_err(|_| ())
    }
}

impl Options {
    /// The Abapa rules of Oware (the default rule set).
    #[must_use]
    pub const fn abapa() -> Options {
        RuleSet::Abapa.options()
    }

    /// Lozi Mulabalaba, 4x8 with 2 seeds per hole.
    #[must_use]
    pub const fn mulabalaba() -> Options {
        RuleSet::Mulabalaba.options()
    }

    /// The options of a rule set (by name) with overrides `OPTION=VALUE` applied in order.
    ///
    /// # Errors
    /// Fails on an unknown rule set, a malformed or unknown override, an option of the other
    /// game, a bad value, or options that together make no game.
    pub fn from_rule_set<S: AsRef<str>>(
        name: &str,
        overrides: &[S],
    ) -> Result<Options, OptionError> {
        let mut options = name.parse::<RuleSet>()?.options();
        for o in overrides {
            options.apply(o.as_ref())?;
        }
        options.validate()?;
        Ok(options)
    }

    /// The board these options play on.
    #[must_use]
    pub const fn board(&self) -> Board {
        Board::new(self.game, self.width)
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> Game {
        self.game
    }

    /// Seeds on the board at the start.
    #[must_use]
    pub const fn total_seeds(&self) -> u32 {
        self.board().hole_count() as u32 * self.seeds as u32
    }

    /// Applies one override written `OPTION=VALUE` (kebab- or snake-case, any case).
    ///
    /// # Errors
    /// Fails when the text has no `=`, the option is unknown or of the other game, or the value
    /// does not fit it.
    pub fn apply(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| OptionError::MissingEquals(assignment.to_owned()))?;
        self.set(name, value)
    }

    /// Sets one option by name. The result may still need [`Options::validate`].
    ///
    /// # Errors
    /// Fails when the option is unknown or of the other game, or the value does not fit it.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = name.parse::<OptionName>()?;
        if !option.applies_to(self.game) {
            return Err(OptionError::WrongGame {
                option,
                game: self.game,
            });
        }
        let bad = || OptionError::BadValue {
            option,
            value: value.trim().to_owned(),
            expected: option.values(),
        };
        let v = value.trim();
        match option {
            OptionName::Houses => {
                self.width = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=12).contains(n))
                    .ok_or_else(bad)?;
            }
            OptionName::Holes => {
                self.width = v
                    .parse()
                    .ok()
                    .filter(|n: &u8| (4..=16).contains(n) && n.is_multiple_of(2))
                    .ok_or_else(bad)?;
            }
            OptionName::Seeds => self.seeds = v.parse().ok().filter(|&n| n >= 1).ok_or_else(bad)?,
            OptionName::Captures => self.captures = v.parse().map_err(|_| bad())?,
            OptionName::GrandSlam => self.grand_slam = v.parse().map_err(|_| bad())?,
            OptionName::Cycle => {
                let c = parse_off_or::<u8>(v).map_err(|()| bad())?;
                if matches!(c, Some(n) if n < 2) {
                    return Err(bad());
                }
                self.cycle = c;
            }
            OptionName::SingletonFallback => {
                self.singleton_fallback = v.parse().map_err(|_| bad())?;
            }
            OptionName::Endless => self.endless = v.parse().map_err(|_| bad())?,
            OptionName::MaxPlies => {
                let m = parse_off_or::<u16>(v).map_err(|()| bad())?;
                if m == Some(0) {
                    return Err(bad());
                }
                self.max_plies = m;
            }
        }
        Ok(())
    }

    /// Checks that the options together make a game.
    ///
    /// # Errors
    /// Fails when the size is out of range for the game, there are no seeds or more than 255
    /// on the board, the capture set is empty, or `cycle` is below 2.
    pub fn validate(&self) -> Result<(), OptionError> {
        let inconsistent = |s: String| Err(OptionError::Inconsistent(s));
        match self.game {
            Game::Oware if !(1..=12).contains(&self.width) => {
                return inconsistent(format!("houses={} is outside 1 to 12", self.width));
            }
            Game::Mulabalaba
                if !(4..=16).contains(&self.width) || !self.width.is_multiple_of(2) =>
            {
                return inconsistent(format!(
                    "holes={} is not an even number from 4 to 16",
                    self.width
                ));
            }
            _ => {}
        }
        if self.seeds == 0 {
            return inconsistent("seeds=0 leaves the board empty".to_owned());
        }
        if self.total_seeds() > MAX_SEEDS {
            return inconsistent(format!(
                "{} holes with {} seeds each make {} seeds, more than the {MAX_SEEDS} a board may hold",
                self.board().hole_count(),
                self.seeds,
                self.total_seeds()
            ));
        }
        if self.captures.bits() == 0 || self.captures.bits() & 1 != 0 {
            return inconsistent("the capture set must hold counts from 1 to 63".to_owned());
        }
        if matches!(self.cycle, Some(n) if n < 2) {
            return inconsistent("cycle must be 2 or more (or off)".to_owned());
        }
        if self.max_plies == Some(0) {
            return inconsistent("max-plies must be 1 or more (or off)".to_owned());
        }
        Ok(())
    }

    /// The value of one option as text, in the form [`Options::set`] accepts.
    #[must_use]
    pub fn get(&self, option: OptionName) -> String {
        match option {
            OptionName::Houses | OptionName::Holes => self.width.to_string(),
            OptionName::Seeds => self.seeds.to_string(),
            OptionName::Captures => self.captures.to_string(),
            OptionName::GrandSlam => self.grand_slam.to_string(),
            OptionName::Cycle => self.cycle.map_or("off".to_owned(), |n| n.to_string()),
            OptionName::SingletonFallback => self.singleton_fallback.to_string(),
            OptionName::Endless => self.endless.to_string(),
            OptionName::MaxPlies => self.max_plies.map_or("off".to_owned(), |n| n.to_string()),
        }
    }

    /// Every option of this game with its value, in listing order.
    #[must_use]
    pub fn entries(&self) -> Vec<(OptionName, String)> {
        OptionName::of_game(self.game)
            .into_iter()
            .map(|o| (o, self.get(o)))
            .collect()
    }

    /// The options of this game whose values differ from `base`, as `(option, value here)`.
    #[must_use]
    pub fn differences(&self, base: &Options) -> Vec<(OptionName, String)> {
        self.entries()
            .into_iter()
            .filter(|(o, v)| base.get(*o) != *v)
            .collect()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::abapa()
    }
}

/// A named rule set: a preset that fixes every option, with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Oware, Abapa rules (Oware Society, World Oware Federation): the default.
    Abapa,
    /// Oware as in Ludii's "Awale": a grand slam is illegal unless every move is one.
    AwaleLudii,
    /// Oware where a grand slam captures everything.
    OwareCaptureAll,
    /// Lozi Mulabalaba, 4x8, 2 seeds per hole.
    Mulabalaba,
    /// Lozi Mulabalaba on the small 4x6 board.
    MulabalabaLozi6,
    /// Toka Mulabalaba, 4x12.
    MulabalabaToka12,
    /// Toka Mulabalaba, 4x16.
    MulabalabaToka16,
}

const fn oware(grand_slam: GrandSlam) -> Options {
    Options {
        game: Game::Oware,
        width: 6,
        seeds: 4,
        captures: Captures::TWO_THREE,
        grand_slam,
        cycle: Some(3),
        singleton_fallback: SingletonFallback::StepToEmpty,
        endless: Endless::Illegal,
        max_plies: Some(400),
    }
}

const fn mulabalaba(width: u8) -> Options {
    Options {
        game: Game::Mulabalaba,
        width,
        seeds: 2,
        captures: Captures::TWO_THREE,
        grand_slam: GrandSlam::NoCapture,
        cycle: Some(3),
        singleton_fallback: SingletonFallback::StepToEmpty,
        endless: Endless::Illegal,
        max_plies: Some(400),
    }
}

impl RuleSet {
    /// Every rule set, the default (`abapa`) first, then the Mulabalaba default.
    pub const ALL: [RuleSet; 7] = [
        RuleSet::Abapa,
        RuleSet::AwaleLudii,
        RuleSet::OwareCaptureAll,
        RuleSet::Mulabalaba,
        RuleSet::MulabalabaLozi6,
        RuleSet::MulabalabaToka12,
        RuleSet::MulabalabaToka16,
    ];

    /// The default rule set of a game.
    #[must_use]
    pub const fn default_for(game: Game) -> RuleSet {
        match game {
            Game::Oware => RuleSet::Abapa,
            Game::Mulabalaba => RuleSet::Mulabalaba,
        }
    }

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Abapa => "abapa",
            RuleSet::AwaleLudii => "awale-ludii",
            RuleSet::OwareCaptureAll => "oware-capture-all",
            RuleSet::Mulabalaba => "mulabalaba",
            RuleSet::MulabalabaLozi6 => "mulabalaba-lozi-6",
            RuleSet::MulabalabaToka12 => "mulabalaba-toka-12",
            RuleSet::MulabalabaToka16 => "mulabalaba-toka-16",
        }
    }

    /// The game the rule set is for.
    #[must_use]
    pub const fn game(self) -> Game {
        self.options().game
    }

    /// A one-line description for menus.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            RuleSet::Abapa => {
                "the usual Oware: you must feed an opponent who has no seeds, taking all their seeds at once captures nothing, 25 seeds win"
            }
            RuleSet::AwaleLudii => {
                "like the usual Oware, but a move that would take all the opponent's seeds is not allowed, unless every move would"
            }
            RuleSet::OwareCaptureAll => {
                "like the usual Oware, but a move that reaches all the opponent's seeds captures them all"
            }
            RuleSet::Mulabalaba => {
                "four rows of eight holes, two seeds in each; sowing goes on from a full hole; capture both holes opposite"
            }
            RuleSet::MulabalabaLozi6 => "Mulabalaba on a smaller board: four rows of six holes",
            RuleSet::MulabalabaToka12 => "Mulabalaba on a longer board: four rows of twelve holes",
            RuleSet::MulabalabaToka16 => {
                "Mulabalaba on the longest board: four rows of sixteen holes"
            }
        }
    }

    /// Where the rules come from.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            RuleSet::Abapa => {
                "Oware Society and World Oware Federation (Abapa); Italian rules page (seed 002)"
            }
            RuleSet::AwaleLudii => "Ludii, \"Awale\" (grand slam illegal unless forced)",
            RuleSet::OwareCaptureAll => "a common informal reading: a grand slam captures all",
            RuleSet::Mulabalaba
            | RuleSet::MulabalabaLozi6
            | RuleSet::MulabalabaToka12
            | RuleSet::MulabalabaToka16 => {
                "Chaplin 1956; Russ 2000; Mancala World; Italian rules page (seed 001)"
            }
        }
    }

    /// The options this rule set fixes.
    #[must_use]
    pub const fn options(self) -> Options {
        match self {
            RuleSet::Abapa => oware(GrandSlam::NoCapture),
            RuleSet::AwaleLudii => oware(GrandSlam::Illegal),
            RuleSet::OwareCaptureAll => oware(GrandSlam::CaptureAll),
            RuleSet::Mulabalaba => mulabalaba(8),
            RuleSet::MulabalabaLozi6 => mulabalaba(6),
            RuleSet::MulabalabaToka12 => mulabalaba(12),
            RuleSet::MulabalabaToka16 => mulabalaba(16),
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for RuleSet {
    type Err = OptionError;

    /// Parses a rule-set name, kebab- or snake-case, any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name() == wanted)
            .ok_or_else(|| OptionError::UnknownRuleSet(s.trim().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_validates_and_round_trips_through_its_name() {
        for r in RuleSet::ALL {
            assert_eq!(r.options().validate(), Ok(()), "{r}");
            assert_eq!(r.name().parse::<RuleSet>(), Ok(r));
            assert_eq!(
                r.name().replace('-', "_").to_uppercase().parse::<RuleSet>(),
                Ok(r)
            );
            // Each allows the three-seed variant.
            assert!(
                Options::from_rule_set(r.name(), &["seeds=3"]).is_ok(),
                "{r}"
            );
        }
    }

    #[test]
    fn every_option_value_round_trips_through_its_text() {
        for r in RuleSet::ALL {
            let mut options = r.options();
            match r.game() {
                Game::Oware => options.cycle = None,
                Game::Mulabalaba => options.max_plies = Some(123),
            }
            let mut rebuilt = RuleSet::default_for(r.game()).options();
            for (name, value) in options.entries() {
                rebuilt.set(name.name(), &value).unwrap();
            }
            assert_eq!(rebuilt, options, "{r}");
        }
    }

    #[test]
    fn presets_match_the_spec_table() {
        let a = RuleSet::Abapa.options();
        assert_eq!(
            (a.width, a.seeds, a.grand_slam, a.cycle),
            (6, 4, GrandSlam::NoCapture, Some(3))
        );
        assert_eq!(a.captures.to_string(), "2,3");
        assert_eq!(RuleSet::AwaleLudii.options().grand_slam, GrandSlam::Illegal);
        assert_eq!(
            RuleSet::OwareCaptureAll.options().grand_slam,
            GrandSlam::CaptureAll
        );
        let m = RuleSet::Mulabalaba.options();
        assert_eq!(
            (m.width, m.seeds, m.endless, m.max_plies),
            (8, 2, Endless::Illegal, Some(400))
        );
        assert_eq!(m.singleton_fallback, SingletonFallback::StepToEmpty);
        assert_eq!(RuleSet::MulabalabaLozi6.options().width, 6);
        assert_eq!(RuleSet::MulabalabaToka12.options().width, 12);
        assert_eq!(RuleSet::MulabalabaToka16.options().width, 16);
        assert_eq!(Options::default(), RuleSet::Abapa.options());
    }

    #[test]
    fn overrides_apply_one_by_one_and_report_errors() {
        let o = Options::from_rule_set(
            "abapa",
            &[
                "grand_slam=Leave_Last",
                "captures= 2, 3 ,4",
                "cycle=off",
                "houses=8",
            ],
        )
        .unwrap();
        assert_eq!(o.grand_slam, GrandSlam::LeaveLast);
        assert_eq!(o.captures.to_string(), "2,3,4");
        assert_eq!((o.cycle, o.width), (None, 8));
        assert_eq!(o.differences(&RuleSet::Abapa.options()).len(), 4);
        let m = Options::from_rule_set("MULABALABA", &["endless=loses", "max-plies=off"]).unwrap();
        assert_eq!((m.endless, m.max_plies), (Endless::Loses, None));
        let err = |r: &str, o: &str| Options::from_rule_set(r, &[o]).unwrap_err();
        assert!(matches!(
            err("chess", "seeds=3"),
            OptionError::UnknownRuleSet(_)
        ));
        assert!(matches!(
            err("abapa", "seeds"),
            OptionError::MissingEquals(_)
        ));
        assert!(matches!(
            err("abapa", "colour=red"),
            OptionError::UnknownOption(_)
        ));
        assert!(matches!(
            err("abapa", "holes=6"),
            OptionError::WrongGame { .. }
        ));
        assert!(matches!(
            err("mulabalaba", "grand-slam=illegal"),
            OptionError::WrongGame { .. }
        ));
        assert!(matches!(
            err("abapa", "houses=13"),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("mulabalaba", "holes=7"),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("abapa", "cycle=1"),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("abapa", "captures=0,2"),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("abapa", "captures="),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("mulabalaba", "max-plies=0"),
            OptionError::BadValue { .. }
        ));
        assert!(matches!(
            err("mulabalaba-toka-16", "seeds=4"),
            OptionError::Inconsistent(_)
        ));
        let text = err("abapa", "grand-slam=sometimes").to_string();
        assert!(
            text.contains("no-capture, illegal, capture-all, leave-last"),
            "{text}"
        );
        assert!(
            err("abapa", "holes=6")
                .to_string()
                .contains("oware has no option `holes`")
        );
    }
}
