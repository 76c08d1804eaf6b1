//! Setups (unchecked plain data), the position string, and validation into a [`Position`].
//!
//! # The position string
//!
//! Six fields separated by spaces; the last three may be left out (no ban, counters 0):
//!
//! ```text
//! WHITE/BLACK  HANDS  SIDE  BANS  THREE-COWS  NO-SHOT
//! a1,d1,g1/a7,d7   9:10   b   -   0   0
//! ```
//!
//! - `WHITE/BLACK`: the points of White's and Black's cows, comma-separated, `-` for none.
//! - `HANDS`: cows still in hand, White's then Black's, as `W:B`.
//! - `SIDE`: the side to move, `w` or `b`.
//! - `BANS`: `-`, or return bans in force as `COLOUR:FROM-TO`, comma-separated (`w:d6-d5`: White's
//!   cow on d6 may not go straight back to d5 to re-form a mill).
//! - `THREE-COWS`, `NO-SHOT`: the plies counted so far towards those draws.
//!
//! The start position is `-/- 12:12 w - 0 0`. A position read from a string starts with an empty
//! repetition history.

use crate::options::{OptionError, Options, Remake};
use crate::point::{Color, Point};
use crate::position::{Position, ReturnBan};
use std::fmt;
use std::str::FromStr;

/// A position as plain data, not yet checked against any rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Points of each colour's cows, White first.
    pub cows: [Vec<Point>; 2],
    /// Cows in hand, White first.
    pub in_hand: [u8; 2],
    /// The side to move.
    pub side_to_move: Color,
    /// Return bans in force.
    pub bans: Vec<ReturnBan>,
    /// Plies counted towards the three-cows draw.
    pub three_cows_plies: u16,
    /// Plies counted towards the no-shot draw.
    pub no_shot_plies: u16,
}

impl Setup {
    /// The start of a game with `cows` cows each: an empty board, White to move.
    #[must_use]
    pub fn start(cows: u8) -> Setup {
        Setup {
            cows: [Vec::new(), Vec::new()],
            in_hand: [cows, cows],
            side_to_move: Color::White,
            bans: Vec::new(),
            three_cows_plies: 0,
            no_shot_plies: 0,
        }
    }
}

fn write_points(f: &mut fmt::Formatter<'_>, points: &[Point]) -> fmt::Result {
    if points.is_empty() {
        return f.write_str("-");
    }
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| p.label());
    let names: Vec<&str> = sorted.iter().map(|p| p.label()).collect();
    f.write_str(&names.join(","))
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_points(f, &self.cows[0])?;
        f.write_str("/")?;
        write_points(f, &self.cows[1])?;
        write!(
            f,
            " {}:{} {} ",
            self.in_hand[0],
            self.in_hand[1],
            self.side_to_move.letter()
        )?;
        if self.bans.is_empty() {
            f.write_str("-")?;
        } else {
            let bans: Vec<String> = self
                .bans
                .iter()
                .map(|b| format!("{}:{}-{}", b.color.letter(), b.from, b.to))
                .collect();
            f.write_str(&bans.join(","))?;
        }
        write!(f, " {} {}", self.three_cows_plies, self.no_shot_plies)
    }
}

/// A position string that cannot be read (its syntax, before any rules are applied).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSyntaxError {
    /// The field that is wrong (such as `hands`).
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for SetupSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad position string, {}: {} (expected WHITE/BLACK HANDS SIDE [BANS THREE-COWS NO-SHOT], \
             such as `a1,d1/g7 11:11 w - 0 0`)",
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

fn parse_point_list(field: &'static str, text: &str) -> Result<Vec<Point>, SetupSyntaxError> {
    if text == "-" || text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|p| p.parse::<Point>().map_err(|e| syntax(field, e.to_string())))
        .collect()
}

fn parse_color(field: &'static str, text: &str) -> Result<Color, SetupSyntaxError> {
    match text.to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(syntax(
            field,
            format!("{} is not w or b", crate::quoted(text)),
        )),
    }
}

fn parse_ban(text: &str) -> Result<ReturnBan, SetupSyntaxError> {
    let bad = || {
        syntax(
            "bans",
            format!("{} is not of the form w:d6-d5", crate::quoted(text)),
        )
    };
    let (color, points) = text.split_once(':').ok_or_else(bad)?;
    let (from, to) = points.split_once('-').ok_or_else(bad)?;
    Ok(ReturnBan {
        color: parse_color("bans", color)?,
        from: from
            .parse()
            .map_err(|e: crate::point::ParsePointError| syntax("bans", e.to_string()))?,
        to: to
            .parse()
            .map_err(|e: crate::point::ParsePointError| syntax("bans", e.to_string()))?,
    })
}

fn parse_number<T: FromStr>(field: &'static str, text: &str) -> Result<T, SetupSyntaxError> {
    text.parse().map_err(|_| {
        syntax(
            field,
            format!("{} is not a number in range", crate::quoted(text)),
        )
    })
}

impl FromStr for Setup {
    type Err = SetupSyntaxError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(syntax(
                "fields",
                format!("found {} of the 3 to 6 fields", fields.len()),
            ));
        }
        if fields.len() > 6 {
            return Err(syntax(
                "fields",
                format!("found {} fields, at most 6 are allowed", fields.len()),
            ));
        }
        let (white, black) = fields[0]
            .split_once('/')
            .ok_or_else(|| syntax("cows", "White's and Black's points need a `/` between them"))?;
        let (wh, bh) = fields[1]
            .split_once(':')
            .ok_or_else(|| syntax("hands", "write the hands as W:B, such as 12:12"))?;
        let bans = match fields.get(3) {
            None | Some(&"-") => Vec::new(),
            Some(list) => list.split(',').map(parse_ban).collect::<Result<_, _>>()?,
        };
        Ok(Setup {
            cows: [
                parse_point_list("white cows", white)?,
                parse_point_list("black cows", black)?,
            ],
            in_hand: [parse_number("hands", wh)?, parse_number("hands", bh)?],
            side_to_move: parse_color("side to move", fields[2])?,
            bans,
            three_cows_plies: fields
                .get(4)
                .map_or(Ok(0), |t| parse_number("three-cows plies", t))?,
            no_shot_plies: fields
                .get(5)
                .map_or(Ok(0), |t| parse_number("no-shot plies", t))?,
        })
    }
}

/// One thing wrong with a [`Setup`] under some [`Options`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// A cow stands on a point the board lacks.
    NotOnBoard(Color, Point),
    /// Two cows stand on one point.
    DoubleOccupied(Point),
    /// A colour has more cows (board plus hand) than the rules give it.
    TooManyCows {
        /// Whose.
        color: Color,
        /// On the board plus in hand.
        count: u32,
        /// What the rules allow.
        allowed: u8,
    },
    /// The hands do not fit the side to move (White places first, then they alternate).
    HandsDoNotFit,
    /// The side that just moved has fewer than three cows, which no game can reach.
    MoverBelowThree(Color),
    /// Both sides have fewer than three cows.
    BothBelowThree,
    /// A ban does not fit the position (the text says why).
    BadBan(ReturnBan, &'static str),
    /// The options themselves make no game.
    BadOptions(OptionError),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NotOnBoard(c, p) => {
                write!(f, "{c} has a cow on {p}, which this board lacks")
            }
            SetupProblem::DoubleOccupied(p) => write!(f, "{p} holds two cows"),
            SetupProblem::TooManyCows {
                color,
                count,
                allowed,
            } => {
                write!(
                    f,
                    "{color} has {count} cows on the board and in hand, but the rules give {allowed}"
                )
            }
            SetupProblem::HandsDoNotFit => f.write_str(
                "the hands do not fit the side to move (White places first: with cows in hand, \
                 White to move has as many as Black, Black to move one more than White)",
            ),
            SetupProblem::MoverBelowThree(c) => {
                write!(
                    f,
                    "{c} has fewer than three cows but has just moved, which no game reaches"
                )
            }
            SetupProblem::BothBelowThree => f.write_str("both players have fewer than three cows"),
            SetupProblem::BadOptions(e) => e.fmt(f),
            SetupProblem::BadBan(b, why) => {
                write!(f, "the ban {}:{}-{} {why}", b.color.letter(), b.from, b.to)
            }
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

fn check_ban(ban: &ReturnBan, cows: [u32; 2], options: &Options) -> Option<&'static str> {
    let board = options.board();
    if options.remake != Remake::NoImmediateReturn {
        Some("needs remake=no-immediate-return")
    } else if !board.contains(ban.from) || !board.contains(ban.to) {
        Some("names a point this board lacks")
    } else if cows[ban.color.index()] & ban.from.bit() == 0 {
        Some("names a point without a cow of that colour")
    } else if cows[ban.color.index()] & ban.to.bit() != 0 {
        Some("points back to a point its own colour occupies")
    } else if !options.flying_allowed_between(ban.from, ban.to) {
        Some("joins two points that no move joins")
    } else {
        None
    }
}

impl Options {
    /// Whether any move (a step, or a fly if flying is on) joins the two points.
    fn flying_allowed_between(&self, a: Point, b: Point) -> bool {
        a != b
            && (self.flying == crate::options::Flying::AtThree || self.board().are_adjacent(a, b))
    }
}

impl Position {
    /// Checks a setup against the rules and builds the position, listing every problem found.
    ///
    /// # Errors
    /// A [`PositionError`] with every problem: cows off the board or doubled, more cows than the
    /// rules give, hands that do not fit the side to move, a side below three that just moved,
    /// bans that do not fit.
    pub fn from_setup(setup: &Setup, options: Options) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        if let Err(e) = options.validate() {
            return Err(PositionError(vec![SetupProblem::BadOptions(e)]));
        }
        let board = options.board();
        let mut bits = [0u32; 2];
        for color in Color::ALL {
            for &p in &setup.cows[color.index()] {
                if !board.contains(p) {
                    problems.push(SetupProblem::NotOnBoard(color, p));
                } else if (bits[0] | bits[1]) & p.bit() != 0 {
                    problems.push(SetupProblem::DoubleOccupied(p));
                } else {
                    bits[color.index()] |= p.bit();
                }
            }
        }
        let mut totals = [0u32; 2];
        for color in Color::ALL {
            let i = color.index();
            totals[i] = setup.cows[i].len() as u32 + u32::from(setup.in_hand[i]);
            if totals[i] > u32::from(options.cows) {
                problems.push(SetupProblem::TooManyCows {
                    color,
                    count: totals[i],
                    allowed: options.cows,
                });
            }
        }
        let [wh, bh] = setup.in_hand.map(u32::from);
        let hands_fit = match setup.side_to_move {
            _ if wh == 0 && bh == 0 => true,
            Color::White => wh == bh,
            Color::Black => bh == wh + 1,
        };
        if !hands_fit {
            problems.push(SetupProblem::HandsDoNotFit);
        }
        let mover = setup.side_to_move.other();
        if totals[0] < 3 && totals[1] < 3 {
            problems.push(SetupProblem::BothBelowThree);
        } else if totals[mover.index()] < 3 {
            problems.push(SetupProblem::MoverBelowThree(mover));
        }
        let mut bans = [None; 2];
        for ban in &setup.bans {
            if let Some(why) = check_ban(ban, bits, &options) {
                problems.push(SetupProblem::BadBan(*ban, why));
            } else if bans[ban.color.index()].is_some() {
                problems.push(SetupProblem::BadBan(
                    *ban,
                    "is the second ban of one colour",
                ));
            } else {
                bans[ban.color.index()] = Some((ban.from.index() as u8, ban.to.index() as u8));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        Ok(Position::from_parts(
            options,
            bits,
            setup.in_hand,
            setup.side_to_move,
            bans,
            setup.three_cows_plies,
            setup.no_shot_plies,
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
            cows: Color::ALL.map(|c| self.cows(c).collect()),
            in_hand: self.state.hand,
            side_to_move: self.state.side,
            bans: self.bans().collect(),
            three_cows_plies: self.state.three_cows_plies,
            no_shot_plies: self.state.no_shot_plies,
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
    fn the_start_position_string_round_trips() {
        let pos = Position::new(Options::default());
        assert_eq!(pos.to_position_string(), "-/- 12:12 w - 0 0");
        let back = Position::from_position_string("-/- 12:12 w", Options::default()).unwrap();
        assert_eq!(back, pos);
    }

    #[test]
    fn a_midgame_string_round_trips() {
        let opts = RuleSet::ClassicIt.options();
        let text = "a1,b4,d1,d6/a7,c5,d5,e5 0:0 b w:d6-d5 3 7";
        let pos = Position::from_position_string(text, opts).unwrap();
        assert_eq!(pos.to_position_string(), text);
    }

    #[test]
    fn syntax_errors_name_the_field() {
        let e = |s: &str| s.parse::<Setup>().unwrap_err().field;
        assert_eq!(e("a1/d1"), "fields");
        assert_eq!(e("a1 12:12 w"), "cows");
        assert_eq!(e("a1/b2 12-12 w"), "hands");
        assert_eq!(e("h1/b2 12:12 w"), "white cows");
        assert_eq!(e("a1/b2 12:12 x"), "side to move");
        assert_eq!(e("a1/b2 12:12 w w:a1"), "bans");
        assert_eq!(e("a1/b2 12:12 w - x"), "three-cows plies");
        assert_eq!(e("a1/b2 300:12 w"), "hands");
    }

    #[test]
    fn validation_lists_every_problem() {
        let err = Position::from_position_string("a1,d4,a1/a1 12:5 w w:a1-b1", Options::default());
        let Err(PositionStringError::Syntax(_)) = err else {
            panic!("b1 is no point: {err:?}")
        };
        let err = Position::from_position_string("a1,d4,d1/d1 12:5 w w:a1-d1", Options::default())
            .unwrap_err();
        let PositionStringError::Invalid(PositionError(problems)) = err else {
            panic!()
        };
        assert!(problems.contains(&SetupProblem::NotOnBoard(Color::White, Point::CENTRE)));
        assert!(problems.contains(&SetupProblem::DoubleOccupied("d1".parse().unwrap())));
        assert!(problems.iter().any(|p| matches!(
            p,
            SetupProblem::TooManyCows {
                color: Color::White,
                ..
            }
        )));
        assert!(problems.contains(&SetupProblem::HandsDoNotFit));
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, SetupProblem::BadBan(..)))
        );
        assert_eq!(problems.len(), 5, "{problems:?}");
    }
}
