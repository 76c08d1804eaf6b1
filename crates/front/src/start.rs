//! One set of start options for every front end: `kraal play`, `kraal-tui` and `kraal-gui`
//! flatten [`StartOptions`] into their own command lines and add their own extras (`--ascii`,
//! `--dark`...). [`StartOptions::plan`] checks every value (the rules, the players, the clock,
//! the position, the saved game) before any screen opens, so a bad value is an error with its
//! reason and a non-zero exit, never ignored.

use clap::Args;
use kraal_session::{
    AnyGame, GameRules, Player, Record, RecordError, SessionError, TimeControl, resolve,
};
use std::fmt;
use std::path::PathBuf;

/// The options that start a game, shared by every front end.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct StartOptions {
    /// Start this game at once: a game (morabaraba, oware, mulabalaba) or a rule set (koti,
    /// tournament...).
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The rule set of the game (`kraal rules` lists them).
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Change one option of the rule set, such as cows=11 (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    pub overrides: Vec<String>,
    /// Who plays White (South in the mancala games): human, ai:1 to ai:7, or an opponent's
    /// name such as herder [default: human].
    #[arg(long, value_name = "WHO", value_parser = parse_player)]
    pub white: Option<Player>,
    /// Who plays Black (North in the mancala games) [default: ai:3, the Herder].
    #[arg(long, value_name = "WHO", value_parser = parse_player)]
    pub black: Option<Player>,
    /// The clock: none, move:120 (seconds a move), or 5+3 (minutes a game plus seconds a
    /// move). Running out of time loses [default: none].
    #[arg(long, value_name = "CONTROL", value_parser = parse_clock)]
    pub clock: Option<TimeControl>,
    /// Start from this position string instead of the usual start (as `kraal moves` writes
    /// them, such as "a1,d2/a7 10:11 b" or "-/- 12:12 w").
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Open a saved game (a game record).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "rules", "overrides", "position"])]
    pub load: Option<PathBuf>,
    /// The seed of the computer's choices: the same seed replays the same game.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// Reads a player for clap.
fn parse_player(text: &str) -> Result<Player, String> {
    Player::parse(text).map_err(|e| format!("{e}, or human"))
}

/// Reads a time control for clap.
fn parse_clock(text: &str) -> Result<TimeControl, String> {
    text.parse()
        .map_err(|e: kraal_session::clock::BadTimeControl| e.to_string())
}

/// The players when the options name none: a person against the Herder.
pub const DEFAULT_PLAYERS: [Player; 2] = [
    Player::Human,
    // Level 3, the Herder.
    Player::Ai(kraal_ai::OPPONENTS[2]),
];

/// What the options ask a front end to open.
// One value a program start, moved once: boxing the new game would save nothing that matters.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Start {
    /// No game was asked for: the front end's start screen.
    Menu,
    /// A new game, checked.
    New(NewGame),
    /// A saved game, read and checked move by move.
    Saved {
        /// The file.
        path: PathBuf,
        /// Its record.
        record: Record,
    },
}

/// A new game as the options describe it: everything checked, ready to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The rules.
    pub rules: GameRules,
    /// A start position other than the usual one.
    pub position: Option<String>,
    /// Who plays each side.
    pub players: [Player; 2],
    /// The time control.
    pub clock: TimeControl,
}

impl NewGame {
    /// Starts the game, its clock running.
    ///
    /// # Errors
    /// A start position the rules cannot use ([`StartOptions::plan`] has checked it already).
    pub fn start(&self, seed: u64) -> Result<AnyGame, SessionError> {
        self.start_at(seed, std::time::Instant::now())
    }

    /// Starts the game, its clock running from `now`.
    ///
    /// # Errors
    /// As [`NewGame::start`].
    pub fn start_at(&self, seed: u64, now: std::time::Instant) -> Result<AnyGame, SessionError> {
        let mut game = AnyGame::new(&self.rules, self.position.as_deref(), self.players, seed)?;
        if self.clock != TimeControl::None {
            game.set_time_control_at(self.clock, now);
        }
        Ok(game)
    }
}

/// Why the start options cannot be used.
#[derive(Debug)]
pub enum StartError {
    /// The game, rule set or an option override is unknown or wrong.
    Rules(SessionError),
    /// The start position cannot be used under these rules.
    Position(SessionError),
    /// The saved game cannot be read or replayed.
    Load {
        /// The file.
        path: PathBuf,
        /// Why.
        error: RecordError,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Rules(e) => write!(f, "{e}"),
            StartError::Position(e) => write!(f, "--position: {e}"),
            StartError::Load { path, error } => match error {
                // The file's own errors name it already.
                RecordError::Io { reason, .. } => {
                    write!(f, "cannot open {}: {reason}", path.display())
                }
                other => write!(f, "cannot open {}: {other}", path.display()),
            },
        }
    }
}

impl std::error::Error for StartError {}

impl StartOptions {
    /// Whether the options ask for a new game (any option of one is given).
    #[must_use]
    pub fn asks_for_game(&self) -> bool {
        self.game.is_some()
            || self.rules.is_some()
            || !self.overrides.is_empty()
            || self.white.is_some()
            || self.black.is_some()
            || self.clock.is_some()
            || self.position.is_some()
    }

    /// Who plays each side: the options' choices, [`DEFAULT_PLAYERS`] for the rest.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        [
            self.white.unwrap_or(DEFAULT_PLAYERS[0]),
            self.black.unwrap_or(DEFAULT_PLAYERS[1]),
        ]
    }

    /// Who plays a saved game: the players the options name, those the record names for the
    /// rest.
    #[must_use]
    pub fn players_of(&self, record: &Record) -> [Player; 2] {
        let named = AnyGame::players_in(record);
        [
            self.white.unwrap_or(named[0]),
            self.black.unwrap_or(named[1]),
        ]
    }

    /// The seed, or `default` when none is given.
    #[must_use]
    pub fn seed_or(&self, default: u64) -> u64 {
        self.seed.unwrap_or(default)
    }

    /// Checks the options and says what to open: a saved game (`--load`), a new game (when
    /// any option of one is given, or always when `default_game` names the game to play),
    /// or the start screen. `--rules koti` alone plays Koti's game; a game needs no `--game`.
    ///
    /// # Errors
    /// Unknown rules or options, a position the rules cannot use, or a saved game that cannot
    /// be read or replayed, each with its reason.
    pub fn plan(&self, default_game: Option<&str>) -> Result<Start, StartError> {
        if let Some(path) = &self.load {
            let record = Record::load(path)
                .and_then(|r| r.check().map(|_| r))
                .map_err(|error| StartError::Load {
                    path: path.clone(),
                    error,
                })?;
            return Ok(Start::Saved {
                path: path.clone(),
                record,
            });
        }
        if !self.asks_for_game() && default_game.is_none() {
            return Ok(Start::Menu);
        }
        let game = self
            .game
            .as_deref()
            .or(default_game)
            .or(self.rules.as_deref())
            .unwrap_or("morabaraba");
        let rules =
            resolve(game, self.rules.as_deref(), &self.overrides).map_err(StartError::Rules)?;
        let plan = NewGame {
            rules,
            position: self.position.clone(),
            players: self.players(),
            clock: self.clock.unwrap_or_default(),
        };
        // Building the game once checks the position against the rules.
        plan.start(0).map_err(StartError::Position)?;
        Ok(Start::New(plan))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        start: StartOptions,
    }

    fn parse(args: &[&str]) -> Result<StartOptions, String> {
        Cli::try_parse_from(std::iter::once("test").chain(args.iter().copied()))
            .map(|c| c.start)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn no_options_open_the_menu_or_the_default_game() {
        let options = parse(&[]).expect("no options");
        assert!(matches!(options.plan(None), Ok(Start::Menu)));
        let Ok(Start::New(game)) = options.plan(Some("oware")) else {
            panic!("a game of oware");
        };
        assert_eq!(game.rules.game_name(), "oware");
        assert_eq!(game.players, DEFAULT_PLAYERS);
    }

    #[test]
    fn a_rule_set_of_another_game_is_refused() {
        let options = parse(&["--rules", "koti"]).expect("parses");
        let err = options.plan(Some("oware")).unwrap_err().to_string();
        assert!(err.contains("rule set of morabaraba"), "{err}");
    }

    #[test]
    fn a_rule_set_alone_starts_its_game() {
        let options = parse(&["--rules", "koti"]).expect("parses");
        let Ok(Start::New(game)) = options.plan(None) else {
            panic!("koti is a game");
        };
        assert_eq!(
            (game.rules.game_name(), game.rules.rule_set_name()),
            ("morabaraba", "koti")
        );
    }

    #[test]
    fn bad_values_are_refused_with_their_reason() {
        let err = parse(&["--black", "ai:9"]).unwrap_err();
        assert!(err.contains("no opponent `ai:9`"), "{err}");
        let err = parse(&["--clock", "soon"]).unwrap_err();
        assert!(err.contains("not a time control"), "{err}");
        let err = parse(&["--load", "a.txt", "--game", "oware"]).unwrap_err();
        assert!(err.contains("cannot be used with"), "{err}");
        let options = parse(&["--game", "oware", "--rules", "koti"]).expect("parses");
        let err = options.plan(None).unwrap_err().to_string();
        assert!(err.contains("rule set of morabaraba"), "{err}");
        let options = parse(&["--game", "oware", "--position", "1,2,3"]).expect("parses");
        let err = options.plan(None).unwrap_err().to_string();
        assert!(err.starts_with("--position: "), "{err}");
        let options = parse(&["--load", "/nonexistent-dir/g.txt"]).expect("parses");
        let err = options.plan(None).unwrap_err().to_string();
        assert!(
            err.starts_with("cannot open /nonexistent-dir/g.txt: ")
                && err.matches("/nonexistent-dir/g.txt").count() == 1,
            "the path is named once: {err}"
        );
    }

    #[test]
    fn a_position_may_start_with_a_hyphen() {
        let options =
            parse(&["--game", "morabaraba", "--position", "-/- 12:12 w - 0 0"]).expect("parses");
        assert!(matches!(options.plan(None), Ok(Start::New(_))));
    }
}
