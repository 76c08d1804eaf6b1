//! Rule options and the named rule sets (presets) that fix every one of them.
//!
//! Every point where the sources disagree is an option; see `docs/rules/morabaraba.md` for the
//! player's view and `shared/rules/morris.md` for the sources.

use crate::board::{Board, BoardKind, CentreMills, named_values};
use std::fmt;

/// How many shots a turn that closes several mills at once earns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shots {
    /// One shot per mill closed (seed 003: "closes two mills earns two shots").
    PerMill,
    /// One shot however many mills close (seed 000, MSSA).
    One,
}

/// Which opponent cows may be shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protection {
    /// A cow in a mill is safe unless every opponent cow on the board is in a mill (000, 003, MSSA).
    Standard,
    /// A cow in a mill is always safe; if all are in mills the shot is forfeited.
    Strict,
    /// Any cow may be shot (003, "Koti").
    None,
}

/// Whether a mill may be opened and closed again at once for a new shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Remake {
    /// Open a mill and close it again on a later turn for a new shot (003).
    Free,
    /// A cow that left a mill and formed a new one may not move straight back into a mill on its
    /// owner's next turn (000, MSSA).
    NoImmediateReturn,
}

/// Whether a player reduced to three cows flies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flying {
    /// With exactly three cows (none in hand), a cow may move to any empty point.
    AtThree,
    /// Cows always step along lines (003, tournament play).
    Never,
}

/// What happens to a player with no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// The player loses (000, 003).
    Lose,
    /// The player passes; if both are blocked the game is drawn (003, "Koti").
    Pass,
}

/// What happens when every point is occupied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardFull {
    /// The game is drawn (000).
    Draw,
    /// The first player (White) loses (Sanmill's engine table).
    FirstPlayerLoses,
    /// No special rule: the blocked rule decides.
    Off,
}

/// Who must be down to three cows for the three-cows draw to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// Both players have three cows (003, 000).
    Both,
    /// Either player has three cows (Wikipedia, MSSA).
    Either,
}

/// The three-cows draw: once the trigger holds, `moves` moves each without a shot draw the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThreeCowsDraw {
    /// Moves each (the draw comes after twice as many plies).
    pub moves: u16,
    /// Who must be down to three cows (board plus hand).
    pub trigger: Trigger,
}

impl Shots {
    /// Every value.
    pub const ALL: [Shots; 2] = [Shots::PerMill, Shots::One];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Shots::PerMill => "per-mill",
            Shots::One => "one",
        }
    }
}
impl Protection {
    /// Every value.
    pub const ALL: [Protection; 3] = [Protection::Standard, Protection::Strict, Protection::None];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Protection::Standard => "standard",
            Protection::Strict => "strict",
            Protection::None => "none",
        }
    }
}
impl Remake {
    /// Every value.
    pub const ALL: [Remake; 2] = [Remake::Free, Remake::NoImmediateReturn];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Remake::Free => "free",
            Remake::NoImmediateReturn => "no-immediate-return",
        }
    }
}
impl Flying {
    /// Every value.
    pub const ALL: [Flying; 2] = [Flying::AtThree, Flying::Never];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Flying::AtThree => "at-three",
            Flying::Never => "never",
        }
    }
}
impl Blocked {
    /// Every value.
    pub const ALL: [Blocked; 2] = [Blocked::Lose, Blocked::Pass];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Blocked::Lose => "lose",
            Blocked::Pass => "pass",
        }
    }
}
impl BoardFull {
    /// Every value.
    pub const ALL: [BoardFull; 3] = [BoardFull::Draw, BoardFull::FirstPlayerLoses, BoardFull::Off];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BoardFull::Draw => "draw",
            BoardFull::FirstPlayerLoses => "first-player-loses",
            BoardFull::Off => "off",
        }
    }
}
impl Trigger {
    /// Every value.
    pub const ALL: [Trigger; 2] = [Trigger::Both, Trigger::Either];
    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Trigger::Both => "both",
            Trigger::Either => "either",
        }
    }
}
named_values!(Shots, "shots");
named_values!(Protection, "protection");
named_values!(Remake, "remake");
named_values!(Flying, "flying");
named_values!(Blocked, "blocked");
named_values!(BoardFull, "board-full");
named_values!(Trigger, "three-cows-draw trigger");

/// A value that is not one of an option's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownValue {
    /// The option or field.
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

/// Every rule option of the mill games, fixed by a [`RuleSet`] and open to single overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The board.
    pub board: BoardKind,
    /// Which triples through the Sotho centre are mills (Sotho board only).
    pub centre_mills: CentreMills,
    /// Cows per player, 3 to 12.
    pub cows: u8,
    /// Shots earned by closing several mills at once.
    pub shots: Shots,
    /// Which cows may be shot.
    pub protection: Protection,
    /// Whether a mill may be remade at once.
    pub remake: Remake,
    /// Whether three cows fly.
    pub flying: Flying,
    /// What a player without a legal move does.
    pub blocked: Blocked,
    /// What a full board means.
    pub board_full: BoardFull,
    /// The three-cows draw, if any.
    pub three_cows_draw: Option<ThreeCowsDraw>,
    /// The no-shot draw, if any: plies (steps, flies, passes) without a shot.
    pub no_shot_draw: Option<u16>,
    /// The repetition draw, if any: the occurrence of a position that draws (3 = the third time).
    pub repetition_draw: Option<u8>,
}

/// The name of one option, for listing, overriding and describing options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionName {
    /// [`Options::board`]
    Board,
    /// [`Options::centre_mills`]
    CentreMills,
    /// [`Options::cows`]
    Cows,
    /// [`Options::shots`]
    Shots,
    /// [`Options::protection`]
    Protection,
    /// [`Options::remake`]
    Remake,
    /// [`Options::flying`]
    Flying,
    /// [`Options::blocked`]
    Blocked,
    /// [`Options::board_full`]
    BoardFull,
    /// [`Options::three_cows_draw`]
    ThreeCowsDraw,
    /// [`Options::no_shot_draw`]
    NoShotDraw,
    /// [`Options::repetition_draw`]
    RepetitionDraw,
}

impl OptionName {
    /// Every option, in the order they are listed.
    pub const ALL: [OptionName; 12] = [
        OptionName::Board,
        OptionName::CentreMills,
        OptionName::Cows,
        OptionName::Shots,
        OptionName::Protection,
        OptionName::Remake,
        OptionName::Flying,
        OptionName::Blocked,
        OptionName::BoardFull,
        OptionName::ThreeCowsDraw,
        OptionName::NoShotDraw,
        OptionName::RepetitionDraw,
    ];

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OptionName::Board => "board",
            OptionName::CentreMills => "centre-mills",
            OptionName::Cows => "cows",
            OptionName::Shots => "shots",
            OptionName::Protection => "protection",
            OptionName::Remake => "remake",
            OptionName::Flying => "flying",
            OptionName::Blocked => "blocked",
            OptionName::BoardFull => "board-full",
            OptionName::ThreeCowsDraw => "three-cows-draw",
            OptionName::NoShotDraw => "no-shot-draw",
            OptionName::RepetitionDraw => "repetition-draw",
        }
    }

    /// The values the option takes, for help texts.
    #[must_use]
    pub const fn values(self) -> &'static str {
        match self {
            OptionName::Board => "standard, plain, sotho",
            OptionName::CentreMills => "none, middle-only, any-triple",
            OptionName::Cows => "3 to 12",
            OptionName::Shots => "per-mill, one",
            OptionName::Protection => "standard, strict, none",
            OptionName::Remake => "free, no-immediate-return",
            OptionName::Flying => "at-three, never",
            OptionName::Blocked => "lose, pass",
            OptionName::BoardFull => "draw, first-player-loses, off",
            OptionName::ThreeCowsDraw => "off, or MOVES:both or MOVES:either (moves each)",
            OptionName::NoShotDraw => "off, or a number of plies",
            OptionName::RepetitionDraw => "off, or the occurrence that draws (2 or more)",
        }
    }

    /// What the option means, in a sentence for players.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            OptionName::Board => {
                "the board: standard (diagonals), plain (none), sotho (centre point)"
            }
            OptionName::CentreMills => {
                "on the sotho board, which lines through the centre d4 are mills"
            }
            OptionName::Cows => "cows each player starts with",
            OptionName::Shots => "shots earned by closing two or three mills with one move",
            OptionName::Protection => "which cows in mills are safe from a shot",
            OptionName::Remake => {
                "whether a cow may move straight back to re-form a mill it just left"
            }
            OptionName::Flying => "whether a player down to three cows may fly to any empty point",
            OptionName::Blocked => "what a player with no legal move does",
            OptionName::BoardFull => "what happens when every point is occupied",
            OptionName::ThreeCowsDraw => {
                "draw when the trigger holds and no cow is shot in so many moves each"
            }
            OptionName::NoShotDraw => {
                "draw after so many plies that are not placements without a shot"
            }
            OptionName::RepetitionDraw => "draw when the same position occurs for the Nth time",
        }
    }
}

impl fmt::Display for OptionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
                "there is no mill-game rule set `{name}` (known: {})",
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
                    "`{text}` is not of the form OPTION=VALUE (for example cows=11)"
                )
            }
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
    /// The options of the default rule set, [`RuleSet::Morabaraba`].
    #[must_use]
    pub const fn morabaraba() -> Options {
        RuleSet::Morabaraba.options()
    }

    /// Starts from a rule set named `rule_set` and applies each `OPTION=VALUE` override in turn.
    ///
    /// # Errors
    /// Fails on an unknown rule set, a malformed or unknown override, or options that together
    /// make no game.
    pub fn from_rule_set<S: AsRef<str>>(
        rule_set: &str,
        overrides: &[S],
    ) -> Result<Options, OptionError> {
        let mut options = rule_set.parse::<RuleSet>()?.options();
        for o in overrides {
            options.apply(o.as_ref())?;
        }
        options.validate()?;
        Ok(options)
    }

    /// The board these options play on.
    #[must_use]
    pub fn board(&self) -> &'static Board {
        Board::get(self.board, self.centre_mills)
    }

    /// Applies one override written `OPTION=VALUE` (kebab- or snake-case, any case).
    ///
    /// # Errors
    /// Fails when the text has no `=`, the option is unknown or the value does not fit it.
    pub fn apply(&mut self, assignment: &str) -> Result<(), OptionError> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| OptionError::MissingEquals(assignment.to_owned()))?;
        self.set(name, value)
    }

    /// Sets one option by name. The result may still need [`Options::validate`].
    ///
    /// # Errors
    /// Fails when the option is unknown or the value does not fit it.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = name.parse::<OptionName>()?;
        let bad = || OptionError::BadValue {
            option,
            value: value.trim().to_owned(),
            expected: option.values(),
        };
        match option {
            OptionName::Board => self.board = value.parse().map_err(|_| bad())?,
            OptionName::CentreMills => self.centre_mills = value.parse().map_err(|_| bad())?,
            OptionName::Cows => {
                self.cows = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|n| (3..=12).contains(n))
                    .ok_or_else(bad)?;
            }
            OptionName::Shots => self.shots = value.parse().map_err(|_| bad())?,
            OptionName::Protection => self.protection = value.parse().map_err(|_| bad())?,
            OptionName::Remake => self.remake = value.parse().map_err(|_| bad())?,
            OptionName::Flying => self.flying = value.parse().map_err(|_| bad())?,
            OptionName::Blocked => self.blocked = value.parse().map_err(|_| bad())?,
            OptionName::BoardFull => self.board_full = value.parse().map_err(|_| bad())?,
            OptionName::ThreeCowsDraw => {
                let v = value.trim();
                self.three_cows_draw = if v.eq_ignore_ascii_case("off") || v == "-" {
                    None
                } else {
                    let (moves, trigger) = v.split_once(':').ok_or_else(bad)?;
                    let moves = moves
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(bad)?;
                    let trigger = trigger.parse().map_err(|_| bad())?;
                    Some(ThreeCowsDraw { moves, trigger })
                };
            }
            OptionName::NoShotDraw => {
                self.no_shot_draw = parse_off_or::<u16>(value).map_err(|()| bad())?;
                if self.no_shot_draw == Some(0) {
                    return Err(bad());
                }
            }
            OptionName::RepetitionDraw => {
                self.repetition_draw = parse_off_or::<u8>(value).map_err(|()| bad())?;
                if matches!(self.repetition_draw, Some(n) if n < 2) {
                    return Err(bad());
                }
            }
        }
        Ok(())
    }

    /// Checks that the options together make a game.
    ///
    /// # Errors
    /// Fails when `centre-mills` is set off the Sotho board, or the cows are out of 3..=12.
    pub fn validate(&self) -> Result<(), OptionError> {
        if self.board != BoardKind::Sotho && self.centre_mills != CentreMills::None {
            return Err(OptionError::Inconsistent(format!(
                "centre-mills={} needs board=sotho (the {} board has no centre point)",
                self.centre_mills, self.board
            )));
        }
        if !(3..=12).contains(&self.cows) {
            return Err(OptionError::Inconsistent(format!(
                "cows={} is outside 3 to 12",
                self.cows
            )));
        }
        Ok(())
    }

    /// The value of one option as text, in the form [`Options::set`] accepts.
    #[must_use]
    pub fn get(&self, option: OptionName) -> String {
        match option {
            OptionName::Board => self.board.to_string(),
            OptionName::CentreMills => self.centre_mills.to_string(),
            OptionName::Cows => self.cows.to_string(),
            OptionName::Shots => self.shots.to_string(),
            OptionName::Protection => self.protection.to_string(),
            OptionName::Remake => self.remake.to_string(),
            OptionName::Flying => self.flying.to_string(),
            OptionName::Blocked => self.blocked.to_string(),
            OptionName::BoardFull => self.board_full.to_string(),
            OptionName::ThreeCowsDraw => match self.three_cows_draw {
                None => "off".to_owned(),
                Some(t) => format!("{}:{}", t.moves, t.trigger),
            },
            OptionName::NoShotDraw => self
                .no_shot_draw
                .map_or("off".to_owned(), |n| n.to_string()),
            OptionName::RepetitionDraw => self
                .repetition_draw
                .map_or("off".to_owned(), |n| n.to_string()),
        }
    }

    /// Every option with its value, in listing order.
    #[must_use]
    pub fn entries(&self) -> Vec<(OptionName, String)> {
        OptionName::ALL.iter().map(|&o| (o, self.get(o))).collect()
    }

    /// The options whose values differ from `base`, as `(option, value here)`: the overrides
    /// that turn `base` into `self`.
    #[must_use]
    pub fn differences(&self, base: &Options) -> Vec<(OptionName, String)> {
        OptionName::ALL
            .iter()
            .filter(|&&o| self.get(o) != base.get(o))
            .map(|&o| (o, self.get(o)))
            .collect()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::morabaraba()
    }
}

impl std::str::FromStr for OptionName {
    type Err = OptionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        OptionName::ALL
            .into_iter()
            .find(|o| o.name() == wanted)
            .ok_or_else(|| OptionError::UnknownOption(s.trim().to_owned()))
    }
}

/// A named rule set: a preset that fixes every option, with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The default: the rules of the Morabaraba app and web site.
    Morabaraba,
    /// The traditional rules of the how-to-play page.
    Traditional,
    /// Over-the-board tournament rules: no flying.
    Tournament,
    /// Koti: any cow may be shot, a blocked player passes.
    Koti,
    /// Mind Sports South Africa's generally accepted rules.
    Mssa,
    /// The Italian rules page (seed 000).
    ClassicIt,
    /// The 11-cow variant of seed 000.
    Eleven,
    /// The Sotho board with a centre point (seed 000).
    Sotho,
    /// Nine Men's Morris, the common European rules.
    NineMensMorris,
    /// Twelve Men's Morris.
    TwelveMensMorris,
}

const TEN_BOTH: Option<ThreeCowsDraw> = Some(ThreeCowsDraw {
    moves: 10,
    trigger: Trigger::Both,
});
const TEN_EITHER: Option<ThreeCowsDraw> = Some(ThreeCowsDraw {
    moves: 10,
    trigger: Trigger::Either,
});

impl RuleSet {
    /// Every rule set, the default first.
    pub const ALL: [RuleSet; 10] = [
        RuleSet::Morabaraba,
        RuleSet::Traditional,
        RuleSet::Tournament,
        RuleSet::Koti,
        RuleSet::Mssa,
        RuleSet::ClassicIt,
        RuleSet::Eleven,
        RuleSet::Sotho,
        RuleSet::NineMensMorris,
        RuleSet::TwelveMensMorris,
    ];

    /// The kebab-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Morabaraba => "morabaraba",
            RuleSet::Traditional => "traditional",
            RuleSet::Tournament => "tournament",
            RuleSet::Koti => "koti",
            RuleSet::Mssa => "mssa",
            RuleSet::ClassicIt => "classic-it",
            RuleSet::Eleven => "eleven",
            RuleSet::Sotho => "sotho",
            RuleSet::NineMensMorris => "nine-mens-morris",
            RuleSet::TwelveMensMorris => "twelve-mens-morris",
        }
    }

    /// A one-line description for menus.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            RuleSet::Morabaraba => {
                "12 cows, two shots for two mills at once, fly at three cows; a draw after 50 turns without a shot or the same position three times"
            }
            RuleSet::Traditional => {
                "like the default, but also a draw when both have three cows for ten moves, and after 20 turns without a shot"
            }
            RuleSet::Tournament => {
                "the traditional rules without flying, plus the two-minute rule and touch-move"
            }
            RuleSet::Koti => {
                "the traditional rules, but cows in mills can be shot too, and a blocked player passes"
            }
            RuleSet::Mssa => {
                "one shot a turn, a cow may not move straight back into the mill it left, a draw when either has three cows for ten moves"
            }
            RuleSet::ClassicIt => {
                "one shot a turn, no straight return into a mill, a draw when both have three cows for ten moves"
            }
            RuleSet::Eleven => "the classic rules with eleven cows each instead of twelve",
            RuleSet::Sotho => {
                "the classic rules on the Sotho board: a centre point, and diagonals on the outer squares only"
            }
            RuleSet::NineMensMorris => {
                "nine cows each on a board without diagonals, one shot a turn (the European game)"
            }
            RuleSet::TwelveMensMorris => {
                "twelve cows each on the board with diagonals, one shot a turn (the European game)"
            }
        }
    }

    /// Where the rules come from.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            RuleSet::Morabaraba => {
                "how-to-play page of the Morabaraba app (seed 003), \"Playing Online and in the App\""
            }
            RuleSet::Traditional => "how-to-play page of the Morabaraba app (seed 003), main rules",
            RuleSet::Tournament => {
                "seed 003, \"Tournament Play\" (two-minute rule and touch-move are session features)"
            }
            RuleSet::Koti => "seed 003, \"Koti\"",
            RuleSet::Mssa => "Mind Sports South Africa generally accepted rules; Wikipedia",
            RuleSet::ClassicIt => "Italian rules page (seed 000)",
            RuleSet::Eleven => "Italian rules page (seed 000), \"Variante 11 Pedine\"",
            RuleSet::Sotho => "Italian rules page (seed 000), \"Variante Sotho\"",
            RuleSet::NineMensMorris => "the common European rules of Nine Men's Morris",
            RuleSet::TwelveMensMorris => "cyningstan; Ludii",
        }
    }

    /// The options this rule set fixes.
    #[must_use]
    pub const fn options(self) -> Options {
        // The app's rules; every other preset says how it differs.
        const APP: Options = Options {
            board: BoardKind::Standard,
            centre_mills: CentreMills::None,
            cows: 12,
            shots: Shots::PerMill,
            protection: Protection::Standard,
            remake: Remake::Free,
            flying: Flying::AtThree,
            blocked: Blocked::Lose,
            board_full: BoardFull::Draw,
            three_cows_draw: None,
            no_shot_draw: Some(50),
            repetition_draw: Some(3),
        };
        const TRADITIONAL: Options = Options {
            three_cows_draw: TEN_BOTH,
            no_shot_draw: Some(20),
            ..APP
        };
        const CLASSIC: Options = Options {
            shots: Shots::One,
            remake: Remake::NoImmediateReturn,
            three_cows_draw: TEN_BOTH,
            no_shot_draw: None,
            repetition_draw: None,
            ..APP
        };
        const MORRIS: Options = Options {
            shots: Shots::One,
            no_shot_draw: None,
            repetition_draw: Some(3),
            ..APP
        };
        match self {
            RuleSet::Morabaraba => APP,
            RuleSet::Traditional => TRADITIONAL,
            RuleSet::Tournament => Options {
                flying: Flying::Never,
                ..TRADITIONAL
            },
            RuleSet::Koti => Options {
                protection: Protection::None,
                blocked: Blocked::Pass,
                ..TRADITIONAL
            },
            RuleSet::Mssa => Options {
                three_cows_draw: TEN_EITHER,
                ..CLASSIC
            },
            RuleSet::ClassicIt => CLASSIC,
            RuleSet::Eleven => Options {
                cows: 11,
                ..CLASSIC
            },
            RuleSet::Sotho => Options {
                board: BoardKind::Sotho,
                ..CLASSIC
            },
            RuleSet::NineMensMorris => Options {
                board: BoardKind::Plain,
                cows: 9,
                ..MORRIS
            },
            RuleSet::TwelveMensMorris => MORRIS,
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
        }
    }

    #[test]
    fn every_option_value_round_trips_through_its_text() {
        for r in RuleSet::ALL {
            let options = r.options();
            let mut rebuilt = RuleSet::Koti.options();
            for (name, value) in options.entries() {
                rebuilt.set(name.name(), &value).unwrap();
            }
            assert_eq!(rebuilt, options, "{r}");
        }
    }

    #[test]
    fn presets_match_the_spec_table() {
        let o = RuleSet::Mssa.options();
        assert_eq!((o.shots, o.remake), (Shots::One, Remake::NoImmediateReturn));
        assert_eq!(o.three_cows_draw, TEN_EITHER);
        assert_eq!((o.no_shot_draw, o.repetition_draw), (None, None));
        let k = RuleSet::Koti.options();
        assert_eq!((k.protection, k.blocked), (Protection::None, Blocked::Pass));
        assert_eq!(RuleSet::Tournament.options().flying, Flying::Never);
        assert_eq!(RuleSet::Eleven.options().cows, 11);
        assert_eq!(RuleSet::NineMensMorris.options().board, BoardKind::Plain);
        assert_eq!(RuleSet::Morabaraba.options().no_shot_draw, Some(50));
        assert_eq!(Options::default(), RuleSet::Morabaraba.options());
    }

    #[test]
    fn overrides_apply_one_by_one_and_report_errors() {
        let o = Options::from_rule_set(
            "sotho",
            &["centre_mills=Middle_Only", "three-cows-draw=12:either"],
        )
        .unwrap();
        assert_eq!(o.centre_mills, CentreMills::MiddleOnly);
        assert_eq!(
            o.three_cows_draw,
            Some(ThreeCowsDraw {
                moves: 12,
                trigger: Trigger::Either
            })
        );
        assert_eq!(o.differences(&RuleSet::Sotho.options()).len(), 2);
        assert!(matches!(
            Options::from_rule_set("chess", &[] as &[&str]),
            Err(OptionError::UnknownRuleSet(_))
        ));
        assert!(matches!(
            Options::from_rule_set("koti", &["cows"]),
            Err(OptionError::MissingEquals(_))
        ));
        assert!(matches!(
            Options::from_rule_set("koti", &["cows=2"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            Options::from_rule_set("koti", &["colour=red"]),
            Err(OptionError::UnknownOption(_))
        ));
        assert!(matches!(
            Options::from_rule_set("koti", &["repetition-draw=1"]),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            Options::from_rule_set("koti", &["centre-mills=any-triple"]),
            Err(OptionError::Inconsistent(_))
        ));
        let err = Options::from_rule_set("koti", &["shots=two"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("per-mill, one"), "{err}");
    }
}
