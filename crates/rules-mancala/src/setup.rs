//! Setups (unchecked plain data), the position string, and validation into a [`Position`].
//!
//! # The position string
//!
//! Three fields separated by spaces, and a fourth in Mulabalaba:
//!
//! ```text
//! SOUTH/NORTH  CAPTURED  SIDE  [PLY]
//! 4,4,4,4,4,4/4,4,4,4,4,4  0:0  s               (Oware start)
//! 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 0:0 s 0   (Mulabalaba 4x8)
//! ```
//!
//! - `SOUTH/NORTH`: the seeds in each of South's holes, then North's, comma-separated, each in
//!   notation order: Oware houses `A`..`F` then `a`..`f`; Mulabalaba holes 1..2N of each player.
//! - `CAPTURED`: the seeds South and North have captured, as `S:N`.
//! - `SIDE`: the side to move, `s` or `n` (`south`, `north`, and `w`/`b` as on the command
//!   line, are read too).
//! - `PLY`: Mulabalaba only, the plies played so far (towards `max-plies`); 0 if left out.
//!
//! A position read from a string starts with an empty Oware cycle history. Whether a
//! Mulabalaba game was lost by an endless move (`endless=loses`) is not part of the string.

use crate::board::{Game, Hole, Side};
use crate::options::{MAX_SEEDS, OptionError, Options};
use crate::position::Position;
use crate::zobrist::MAX_HOLES;
use std::fmt;
use std::str::FromStr;

/// A position as plain data, not yet checked against any rules. Counts are wide signed
/// numbers so that impossible values (negative, too large) can be named by validation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Seeds per hole, South's then North's, each in notation order.
    pub holes: [Vec<i64>; 2],
    /// Seeds captured by South and North.
    pub captured: [i64; 2],
    /// The side to move.
    pub side_to_move: Side,
    /// Mulabalaba: plies played so far. Oware positions have none.
    pub ply: Option<i64>,
}

impl Setup {
    /// The start of a game under `options` (which should be valid).
    #[must_use]
    pub fn start(options: &Options) -> Setup {
        let n = options.board().holes_per_side();
        let row = vec![i64::from(options.seeds); n];
        Setup {
            holes: [row.clone(), row],
            captured: [0, 0],
            side_to_move: Side::South,
            ply: (options.game == Game::Mulabalaba).then_some(0),
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |r: &[i64]| {
            r.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "{}/{} {}:{} {}",
            row(&self.holes[0]),
            row(&self.holes[1]),
            self.captured[0],
            self.captured[1],
            self.side_to_move.letter()
        )?;
        if let Some(ply) = self.ply {
            write!(f, " {ply}")?;
        }
        Ok(())
    }
}

/// A position string that cannot be read (its syntax, before any rules are applied).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSyntaxError {
    /// The field that is wrong (such as `captured`).
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for SetupSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad position string, {}: {} (expected SOUTH/NORTH CAPTURED SIDE [PLY], such as \
             `4,4,4,4,4,4/4,4,4,4,4,4 0:0 s`)",
            self.field, self.reason
        )
    }
}
impl std::error::Error for SetupSyntaxError {}

fn syntax(field: &'static str, reason: impl Into<String>) -> SetupSyntaxError {
    SetupSyntaxError {
        field,
        reason: reason.into(),
    }
}

fn parse_number(field: &'static str, text: &str) -> Result<i64, SetupSyntaxError> {
    let t = text.trim();
    t.parse::<i64>().map_err(|_| {
        if !t.is_empty()
            && t.trim_start_matches(['-', '+'])
                .bytes()
                .all(|b| b.is_ascii_digit())
        {
            syntax(field, format!("{} is far too large", crate::quoted(t)))
        } else {
            syntax(field, format!("{} is not a number", crate::quoted(t)))
        }
    })
}

fn parse_row(field: &'static str, text: &str) -> Result<Vec<i64>, SetupSyntaxError> {
    if text.is_empty() || text == "-" {
        return Ok(Vec::new());
    }
    text.split(',').map(|n| parse_number(field, n)).collect()
}

impl FromStr for Setup {
    type Err = SetupSyntaxError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(syntax(
                "fields",
                format!("found {} of the 3 or 4 fields", fields.len()),
            ));
        }
        if fields.len() > 4 {
            return Err(syntax(
                "fields",
                format!("found {} fields, at most 4 are allowed", fields.len()),
            ));
        }
        let (south, north) = fields[0]
            .split_once('/')
            .ok_or_else(|| syntax("holes", "South's and North's holes need a `/` between them"))?;
        let (cs, cn) = fields[1]
            .split_once(':')
            .ok_or_else(|| syntax("captured", "write the captured seeds as S:N, such as 0:0"))?;
        let side = fields[2]
            .parse::<Side>()
            .map_err(|_| syntax("side to move", format!("`{}` is not s or n", fields[2])))?;
        Ok(Setup {
            holes: [
                parse_row("south's holes", south)?,
                parse_row("north's holes", north)?,
            ],
            captured: [parse_number("captured", cs)?, parse_number("captured", cn)?],
            side_to_move: side,
            ply: fields.get(3).map(|t| parse_number("ply", t)).transpose()?,
        })
    }
}

/// One thing wrong with a [`Setup`] under some [`Options`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// The options themselves make no game.
    BadOptions(OptionError),
    /// A side lists more holes than the board has (naming holes the board lacks) or fewer.
    HoleCount {
        /// Whose holes.
        side: Side,
        /// How many were given.
        found: usize,
        /// How many the board has per player.
        expected: usize,
    },
    /// A hole holds a negative number of seeds.
    NegativeSeeds {
        /// The hole.
        hole: Hole,
        /// The count given.
        count: i64,
    },
    /// A hole holds more seeds than any board may hold (255).
    TooManySeeds {
        /// The hole.
        hole: Hole,
        /// The count given.
        count: i64,
    },
    /// A captured total is negative or above 255.
    BadCaptured {
        /// Whose store.
        side: Side,
        /// The count given.
        count: i64,
    },
    /// Oware: the seeds on the board plus both stores are not the rule set's total.
    SeedTotal {
        /// Seeds found (board plus stores).
        found: i64,
        /// Seeds the rule set starts with.
        expected: u32,
    },
    /// Mulabalaba: a side's seeds plus the seeds the opponent captured from it are not the
    /// rule set's total per side (seeds never cross to the other side).
    SideSeedTotal {
        /// Whose seeds.
        side: Side,
        /// The side's seeds plus the opponent's store.
        found: i64,
        /// Seeds each side starts with.
        expected: u32,
    },
    /// Oware positions have no ply count.
    PlyInOware,
    /// The ply count is negative or above 4294967295.
    BadPly(i64),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::BadOptions(e) => e.fmt(f),
            SetupProblem::HoleCount {
                side,
                found,
                expected,
            } if found > expected => write!(
                f,
                "{side} lists {found} holes, but the board has only {expected} per player"
            ),
            SetupProblem::HoleCount {
                side,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{side} lists {found} holes, but the board has {expected} per player"
                )
            }
            SetupProblem::NegativeSeeds { hole, count } => {
                write!(
                    f,
                    "{} hole {} holds {count} seeds",
                    hole.side,
                    hole.index + 1
                )
            }
            SetupProblem::TooManySeeds { hole, count } => write!(
                f,
                "{} hole {} holds {count} seeds, more than a board may hold ({MAX_SEEDS})",
                hole.side,
                hole.index + 1
            ),
            SetupProblem::BadCaptured { side, count } => {
                write!(f, "{side} has captured {count} seeds, which is impossible")
            }
            SetupProblem::SeedTotal { found, expected } => write!(
                f,
                "the board and the stores hold {found} seeds, but the game is played with {expected}"
            ),
            SetupProblem::SideSeedTotal {
                side,
                found,
                expected,
            } => write!(
                f,
                "{side}'s holes and the seeds captured from {side} come to {found}, but each \
                 player starts with {expected}"
            ),
            SetupProblem::PlyInOware => f.write_str("an oware position string has no ply count"),
            SetupProblem::BadPly(n) => write!(f, "the ply count {n} is impossible"),
        }
    }
}

/// Every problem found in a [`Setup`] (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub Vec<SetupProblem>);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let problems: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        write!(f, "impossible position: {}", problems.join("; "))
    }
}
impl std::error::Error for PositionError {}

/// A position string that cannot become a position: unreadable, or readable but impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStringError {
    /// The string is not a position string.
    Syntax(SetupSyntaxError),
    /// The string describes a position the rules cannot have.
    Invalid(PositionError),
}

impl fmt::Display for PositionStringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionStringError::Syntax(e) => e.fmt(f),
            PositionStringError::Invalid(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for PositionStringError {}

impl Position {
    /// Checks a setup against the rules and builds the position, listing every problem found.
    ///
    /// # Errors
    /// A [`PositionError`] with every problem: invalid options, a side with the wrong number of
    /// holes, negative or too large counts, seed totals that do not match the rule set, a ply
    /// count where none belongs or out of range.
    pub fn from_setup(setup: &Setup, options: Options) -> Result<Position, PositionError> {
        if let Err(e) = options.validate() {
            return Err(PositionError(vec![SetupProblem::BadOptions(e)]));
        }
        let mut problems = Vec::new();
        let board = options.board();
        let n = board.holes_per_side();
        let mut holes = [0u8; MAX_HOLES];
        let mut side_totals = [0i64; 2];
        for side in Side::ALL {
            let row = &setup.holes[side.index()];
            if row.len() != n {
                problems.push(SetupProblem::HoleCount {
                    side,
                    found: row.len(),
                    expected: n,
                });
            }
            for (i, &count) in row.iter().enumerate() {
                let hole = Hole::new(side, i.min(255) as u8);
                if count < 0 {
                    problems.push(SetupProblem::NegativeSeeds { hole, count });
                } else if count > i64::from(MAX_SEEDS) {
                    problems.push(SetupProblem::TooManySeeds { hole, count });
                } else if i < n {
                    holes[side.index() * n + i] = count as u8;
                }
                side_totals[side.index()] = side_totals[side.index()].saturating_add(count);
            }
        }
        let mut stores = [0u8; 2];
        for side in Side::ALL {
            let count = setup.captured[side.index()];
            match u8::try_from(count) {
                Ok(c) => stores[side.index()] = c,
                Err(_) => problems.push(SetupProblem::BadCaptured { side, count }),
            }
        }
        let counts_ok = problems.is_empty();
        match options.game {
            Game::Oware => {
                let found = side_totals
                    .iter()
                    .chain(&setup.captured)
                    .fold(0i64, |a, &b| a.saturating_add(b));
                if counts_ok && found != i64::from(options.total_seeds()) {
                    problems.push(SetupProblem::SeedTotal {
                        found,
                        expected: options.total_seeds(),
                    });
                }
                if setup.ply.is_some() {
                    problems.push(SetupProblem::PlyInOware);
                }
            }
            Game::Mulabalaba => {
                let expected = options.total_seeds() / 2;
                for side in Side::ALL {
                    let found = side_totals[side.index()]
                        .saturating_add(setup.captured[side.other().index()]);
                    if counts_ok && found != i64::from(expected) {
                        problems.push(SetupProblem::SideSeedTotal {
                            side,
                            found,
                            expected,
                        });
                    }
                }
            }
        }
        let ply = setup.ply.unwrap_or(0);
        let ply = u32::try_from(ply).unwrap_or_else(|_| {
            problems.push(SetupProblem::BadPly(ply));
            0
        });
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        Ok(Position::from_parts(
            options,
            holes,
            stores,
            setup.side_to_move,
            ply,
        ))
    }

    /// Reads a position string (see the [module docs](crate::setup)) under `options`.
    ///
    /// # Errors
    /// A syntax error naming the field, or every problem that makes the position impossible.
    pub fn from_position_string(
        text: &str,
        options: Options,
    ) -> Result<Position, PositionStringError> {
        let setup: Setup = text.parse().map_err(PositionStringError::Syntax)?;
        Position::from_setup(&setup, options).map_err(PositionStringError::Invalid)
    }

    /// The position as plain data.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            holes: Side::ALL.map(|s| self.row(s).iter().map(|&c| i64::from(c)).collect()),
            captured: Side::ALL.map(|s| i64::from(self.captured(s))),
            side_to_move: self.side_to_move(),
            ply: (self.game() == Game::Mulabalaba).then_some(i64::from(self.ply())),
        }
    }

    /// The position string (see the [module docs](crate::setup)).
    #[must_use]
    pub fn to_position_string(&self) -> String {
        self.to_setup().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::RuleSet;

    #[test]
    fn the_start_position_strings_round_trip() {
        let pos = Position::new(Options::abapa());
        assert_eq!(pos.to_position_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0:0 s");
        let back = Position::from_position_string(
            " 4,4,4,4,4,4/4,4,4,4,4,4  0:0 South ",
            Options::abapa(),
        )
        .unwrap();
        assert_eq!(back, pos);
        let m = Position::new(RuleSet::MulabalabaLozi6.options());
        assert_eq!(
            m.to_position_string(),
            "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,2 0:0 s 0"
        );
        let back = Position::from_position_string(&m.to_position_string(), *m.options()).unwrap();
        assert_eq!(back, m);
        assert_eq!(Setup::start(m.options()), m.to_setup());
    }

    #[test]
    fn syntax_errors_name_the_field() {
        let e = |s: &str| s.parse::<Setup>().unwrap_err().field;
        assert_eq!(e("4,4/4,4 0:0"), "fields");
        assert_eq!(e("4,4/4,4 0:0 s 1 2"), "fields");
        assert_eq!(e("4,4 0:0 s"), "holes");
        assert_eq!(e("4,x/4,4 0:0 s"), "south's holes");
        assert_eq!(e("4,4/4,,4 0:0 s"), "north's holes");
        assert_eq!(e("4,4/4,4 0-0 s"), "captured");
        assert_eq!(e("4,4/4,4 0:0 x"), "side to move");
        assert_eq!(e("4,4/4,4 0:0 s one"), "ply");
        let big = "99999999999999999999,4/4,4 0:0 s"
            .parse::<Setup>()
            .unwrap_err();
        assert!(big.to_string().contains("far too large"), "{big}");
    }

    #[test]
    fn validation_lists_every_problem() {
        let err =
            Position::from_position_string("4,4,4,-1,300,4,4/4,4,4,4,4 0:-2 n 5", Options::abapa())
                .unwrap_err();
        let PositionStringError::Invalid(PositionError(problems)) = err else {
            panic!("{err:?}")
        };
        assert_eq!(
            problems,
            vec![
                SetupProblem::HoleCount {
                    side: Side::South,
                    found: 7,
                    expected: 6
                },
                SetupProblem::NegativeSeeds {
                    hole: Hole::new(Side::South, 3),
                    count: -1
                },
                SetupProblem::TooManySeeds {
                    hole: Hole::new(Side::South, 4),
                    count: 300
                },
                SetupProblem::HoleCount {
                    side: Side::North,
                    found: 5,
                    expected: 6
                },
                SetupProblem::BadCaptured {
                    side: Side::North,
                    count: -2
                },
                SetupProblem::PlyInOware,
            ]
        );
        let err = Position::from_position_string("4,4,4,4,4,4/4,4,4,4,4,4 1:0 s", Options::abapa())
            .unwrap_err();
        assert!(
            err.to_string()
                .contains("hold 49 seeds, but the game is played with 48"),
            "{err}"
        );
        let opts = RuleSet::MulabalabaLozi6.options();
        let text = "2,2,2,2,2,2,2,2,2,2,2,4/2,2,2,2,2,2,2,2,2,2,2,0 0:0 s 0";
        let err = Position::from_position_string(text, opts).unwrap_err();
        let PositionStringError::Invalid(PositionError(problems)) = err else {
            panic!()
        };
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            Position::from_position_string(
                "2,2,2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2,2,0 2:0 n -1",
                opts
            )
            .is_err_and(|e| e.to_string().contains("ply count -1"))
        );
    }
}
