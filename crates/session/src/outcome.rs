//! How a game ended, as types: who won ([`Seat`]), why ([`EndReason`], every ending of the rules
//! and of the session), and the result in record notation ([`GameResult`]). Front ends word an
//! [`Outcome`] through its `Display`; nothing compares result or reason text.

use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A side of the board: the first player (White, South) or the second (Black, North).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// White in the mill games, South in the mancala games: moves first.
    First,
    /// Black or North.
    Second,
}

impl Seat {
    /// The seat of side index 0 (first) or 1 (second).
    #[must_use]
    pub const fn from_index(index: usize) -> Seat {
        if index == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// 0 for the first seat, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// The family a game belongs to, which names its sides and its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Morabaraba and the other mill games: White and Black, cows on points.
    Mill,
    /// Oware and Mulabalaba: South and North, seeds in holes.
    Mancala,
}

impl GameKind {
    /// The names of the two sides, first seat first.
    #[must_use]
    pub const fn side_names(self) -> [&'static str; 2] {
        match self {
            GameKind::Mill => ["White", "Black"],
            GameKind::Mancala => ["South", "North"],
        }
    }

    /// The name of one side.
    #[must_use]
    pub const fn side_name(self, seat: Seat) -> &'static str {
        self.side_names()[seat.index()]
    }
}

/// Why a game ended: every ending the rules know and every ending a session decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// Mill games: the loser's cows fell to two.
    ReducedToTwo,
    /// Mill games: the loser, to move, had no legal move.
    Blocked,
    /// Mill games: every point was taken (a draw, or a loss for the first player).
    BoardFull,
    /// Mill games: three cows and no shot for the set number of moves.
    ThreeCows,
    /// Mill games: no shot for the set number of moves.
    NoShot,
    /// Mill games: the same position came up the set number of times.
    Repetition,
    /// Mill games: neither player could move.
    BothBlocked,
    /// Oware: more than half of the seeds captured.
    Majority,
    /// Oware: each player captured half of the seeds.
    Halves,
    /// Oware: the same position came round again.
    Cycle,
    /// Oware: the player to move could not feed the opponent.
    Famine,
    /// The player to move had no seeds.
    NoSeeds,
    /// Oware: a claim that no capture can happen again was granted.
    NoCapturePossible,
    /// Mulabalaba: the player to move had seeds but no legal move.
    NoMove,
    /// Mulabalaba: a move whose relay never ends was played.
    EndlessMove,
    /// Mulabalaba: the game reached its greatest length.
    MaxPlies,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player ran out of time.
    Time,
    /// The game reached the session's move limit.
    MoveLimit,
    /// Online play: a player's connection was gone past the grace period and the opponent
    /// claimed the win (or a draw).
    Abandonment,
}

/// Every reason, for parsing names.
const REASONS: [EndReason; 21] = [
    EndReason::ReducedToTwo,
    EndReason::Blocked,
    EndReason::BoardFull,
    EndReason::ThreeCows,
    EndReason::NoShot,
    EndReason::Repetition,
    EndReason::BothBlocked,
    EndReason::Majority,
    EndReason::Halves,
    EndReason::Cycle,
    EndReason::Famine,
    EndReason::NoSeeds,
    EndReason::NoCapturePossible,
    EndReason::NoMove,
    EndReason::EndlessMove,
    EndReason::MaxPlies,
    EndReason::Resignation,
    EndReason::Agreement,
    EndReason::Time,
    EndReason::MoveLimit,
    EndReason::Abandonment,
];

impl EndReason {
    /// A stable kebab-case name, for records and machine output (`reduced-to-two`,
    /// `resignation`...). The rules' reasons keep the names the rules crates give them.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::ReducedToTwo => "reduced-to-two",
            EndReason::Blocked => "blocked",
            EndReason::BoardFull => "board-full",
            EndReason::ThreeCows => "three-cows",
            EndReason::NoShot => "no-shot",
            EndReason::Repetition => "repetition",
            EndReason::BothBlocked => "both-blocked",
            EndReason::Majority => "majority",
            EndReason::Halves => "halves",
            EndReason::Cycle => "cycle",
            EndReason::Famine => "famine",
            EndReason::NoSeeds => "no-seeds",
            EndReason::NoCapturePossible => "no-capture-possible",
            EndReason::NoMove => "no-move",
            EndReason::EndlessMove => "endless-move",
            EndReason::MaxPlies => "max-plies",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Time => "time",
            EndReason::MoveLimit => "move-limit",
            EndReason::Abandonment => "abandonment",
        }
    }

    /// The mancala rules' reason this is, if it is one.
    #[must_use]
    pub const fn mancala(self) -> Option<mancala::EndReason> {
        Some(match self {
            EndReason::Majority => mancala::EndReason::Majority,
            EndReason::Halves => mancala::EndReason::Halves,
            EndReason::Cycle => mancala::EndReason::Cycle,
            EndReason::Famine => mancala::EndReason::Famine,
            EndReason::NoSeeds => mancala::EndReason::NoSeeds,
            EndReason::NoCapturePossible => mancala::EndReason::NoCapturePossible,
            EndReason::NoMove => mancala::EndReason::NoMove,
            EndReason::EndlessMove => mancala::EndReason::EndlessMove,
            EndReason::MaxPlies => mancala::EndReason::MaxPlies,
            _ => return None,
        })
    }

    /// Whether the session decided this ending (not the rules).
    #[must_use]
    pub const fn is_session_ending(self) -> bool {
        matches!(
            self,
            EndReason::Resignation
                | EndReason::Agreement
                | EndReason::Time
                | EndReason::MoveLimit
                | EndReason::Abandonment
        )
    }
}

impl From<morris::WinReason> for EndReason {
    fn from(reason: morris::WinReason) -> EndReason {
        match reason {
            morris::WinReason::ReducedToTwo => EndReason::ReducedToTwo,
            morris::WinReason::Blocked => EndReason::Blocked,
            morris::WinReason::BoardFull => EndReason::BoardFull,
        }
    }
}

impl From<morris::DrawReason> for EndReason {
    fn from(reason: morris::DrawReason) -> EndReason {
        match reason {
            morris::DrawReason::ThreeCows => EndReason::ThreeCows,
            morris::DrawReason::NoShot => EndReason::NoShot,
            morris::DrawReason::Repetition => EndReason::Repetition,
            morris::DrawReason::BoardFull => EndReason::BoardFull,
            morris::DrawReason::BothBlocked => EndReason::BothBlocked,
        }
    }
}

impl From<mancala::EndReason> for EndReason {
    fn from(reason: mancala::EndReason) -> EndReason {
        match reason {
            mancala::EndReason::Majority => EndReason::Majority,
            mancala::EndReason::Halves => EndReason::Halves,
            mancala::EndReason::Cycle => EndReason::Cycle,
            mancala::EndReason::Famine => EndReason::Famine,
            mancala::EndReason::NoSeeds => EndReason::NoSeeds,
            mancala::EndReason::NoCapturePossible => EndReason::NoCapturePossible,
            mancala::EndReason::NoMove => EndReason::NoMove,
            mancala::EndReason::EndlessMove => EndReason::EndlessMove,
            mancala::EndReason::MaxPlies => EndReason::MaxPlies,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`EndReason`] or [`GameResult`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was read.
    pub text: String,
    /// What it was read as (`end reason`, `result`).
    pub what: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a {}", self.text, self.what)
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for EndReason {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<EndReason, UnknownName> {
        REASONS
            .into_iter()
            .find(|r| r.name() == text.trim())
            .ok_or_else(|| UnknownName {
                text: text.to_owned(),
                what: "end reason",
            })
    }
}

/// A finished game's result, as records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// `1-0`: the first player won.
    FirstWins,
    /// `0-1`: the second player won.
    SecondWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The result of a game won by `winner` (`None`: a draw).
    #[must_use]
    pub const fn of(winner: Option<Seat>) -> GameResult {
        match winner {
            Some(Seat::First) => GameResult::FirstWins,
            Some(Seat::Second) => GameResult::SecondWins,
            None => GameResult::Draw,
        }
    }

    /// The record notation: `1-0`, `0-1`, `1/2-1/2`.
    #[must_use]
    pub const fn notation(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The record notation of a game that may not be over: `*` while it goes on.
    #[must_use]
    pub fn tag(result: Option<GameResult>) -> &'static str {
        result.map_or("*", GameResult::notation)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for GameResult {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<GameResult, UnknownName> {
        match text.trim() {
            "1-0" => Ok(GameResult::FirstWins),
            "0-1" => Ok(GameResult::SecondWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            _ => Err(UnknownName {
                text: text.to_owned(),
                what: "result (1-0, 0-1 or 1/2-1/2)",
            }),
        }
    }
}

/// The end of a game: the winner (none for a draw), why, and (mancala) the final scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: EndReason,
    /// The game's family (it names the sides).
    pub kind: GameKind,
    /// Mancala: the final scores, first seat first.
    pub scores: Option<[u32; 2]>,
}

impl Outcome {
    /// The result in record terms.
    #[must_use]
    pub const fn result(&self) -> GameResult {
        GameResult::of(self.winner)
    }

    /// The end of a mill game by its rules.
    #[must_use]
    pub fn of_morris(outcome: morris::Outcome) -> Outcome {
        let (winner, reason) = match outcome {
            morris::Outcome::Win { winner, reason } => (
                Some(if winner == morris::Color::White {
                    Seat::First
                } else {
                    Seat::Second
                }),
                reason.into(),
            ),
            morris::Outcome::Draw { reason } => (None, reason.into()),
        };
        Outcome {
            winner,
            reason,
            kind: GameKind::Mill,
            scores: None,
        }
    }

    /// The end of a mancala game by its rules, with the final scores.
    #[must_use]
    pub fn of_mancala(outcome: mancala::Outcome, scores: [u32; 2]) -> Outcome {
        let winner = outcome.winner().map(|w| {
            if w == mancala::Side::South {
                Seat::First
            } else {
                Seat::Second
            }
        });
        Outcome {
            winner,
            reason: outcome.reason().into(),
            kind: GameKind::Mancala,
            scores: Some(scores),
        }
    }

    /// An ending the session decided (resignation, agreement, time, move limit).
    #[must_use]
    pub const fn decided(kind: GameKind, winner: Option<Seat>, reason: EndReason) -> Outcome {
        Outcome {
            winner,
            reason,
            kind,
            scores: None,
        }
    }

    /// Who won, as a headline: "White wins", "Draw".
    #[must_use]
    pub fn headline(&self) -> String {
        match self.winner {
            Some(w) => format!("{} wins", self.kind.side_name(w)),
            None => "Draw".to_owned(),
        }
    }

    /// Why, as a phrase for players (no winner named): "Black has no legal move".
    #[must_use]
    pub fn why(&self) -> String {
        let loser = self.winner.map_or("", |w| self.kind.side_name(w.other()));
        match self.reason {
            EndReason::ReducedToTwo => format!("{loser} is down to two cows"),
            EndReason::Blocked => format!("{loser} has no legal move"),
            EndReason::BoardFull if self.winner.is_some() => {
                "the board is full and the first player loses".to_owned()
            }
            EndReason::BoardFull => "the board is full".to_owned(),
            EndReason::ThreeCows => "three cows and no shot in the set number of moves".to_owned(),
            EndReason::NoShot => "no cow shot in the set number of moves".to_owned(),
            EndReason::Repetition => "the same position came up again".to_owned(),
            EndReason::BothBlocked => "neither player can move".to_owned(),
            // The mancala rules' own phrases.
            EndReason::Majority
            | EndReason::Halves
            | EndReason::Cycle
            | EndReason::Famine
            | EndReason::NoSeeds
            | EndReason::NoCapturePossible
            | EndReason::NoMove
            | EndReason::EndlessMove
            | EndReason::MaxPlies => self
                .reason
                .mancala()
                .map_or_else(String::new, |r| r.describe().to_owned()),
            EndReason::Resignation => format!("{loser} resigned"),
            EndReason::Agreement => "agreed by the players".to_owned(),
            EndReason::Time => format!("{loser} ran out of time"),
            EndReason::MoveLimit => "the game reached its move limit".to_owned(),
            EndReason::Abandonment if self.winner.is_some() => format!("{loser} left the game"),
            EndReason::Abandonment => "a player left the game".to_owned(),
        }
    }
}

impl fmt::Display for Outcome {
    /// "White wins: Black has no legal move", "South wins 25-20: more than half of the seeds
    /// captured", "Draw: the same position came up again".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scores = self
            .scores
            .map(|[a, b]| match self.winner {
                Some(Seat::Second) => format!(" {b}-{a}"),
                _ => format!(" {a}-{b}"),
            })
            .unwrap_or_default();
        match self.winner {
            Some(w) => write!(f, "{} wins{scores}: {}", self.kind.side_name(w), self.why()),
            None => write!(f, "Draw{scores}: {}", self.why()),
        }
    }
}

/// How long a game of `plies` turns was, in the move numbers of the records (a move is one
/// turn of each player): "after 19 moves (37 turns)".
#[must_use]
pub fn game_length(plies: usize) -> String {
    let moves = plies.div_ceil(2);
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "after {} ({})",
        plural(moves, "move"),
        plural(plies, "turn")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_length_counts_moves_and_turns() {
        assert_eq!(game_length(37), "after 19 moves (37 turns)");
        assert_eq!(game_length(2), "after 1 move (2 turns)");
        assert_eq!(game_length(1), "after 1 move (1 turn)");
        assert_eq!(game_length(0), "after 0 moves (0 turns)");
    }

    #[test]
    fn every_reason_name_reads_back() {
        for reason in REASONS {
            assert_eq!(reason.name().parse::<EndReason>(), Ok(reason));
        }
        assert!("resigned".parse::<EndReason>().is_err());
    }

    #[test]
    fn mancala_reasons_map_both_ways() {
        for reason in REASONS {
            if let Some(rules) = reason.mancala() {
                assert_eq!(EndReason::from(rules), reason);
                assert_eq!(rules.name(), reason.name());
            }
        }
    }

    #[test]
    fn outcomes_name_both_sides_in_capitals() {
        let blocked = Outcome::decided(GameKind::Mill, Some(Seat::First), EndReason::Blocked);
        assert_eq!(blocked.to_string(), "White wins: Black has no legal move");
        assert_eq!(blocked.result().to_string(), "1-0");
        let mut majority =
            Outcome::decided(GameKind::Mancala, Some(Seat::Second), EndReason::Majority);
        majority.scores = Some([20, 25]);
        assert_eq!(
            majority.to_string(),
            "North wins 25-20: more than half of the seeds captured"
        );
        let agreed = Outcome::decided(GameKind::Mill, None, EndReason::Agreement);
        assert_eq!(agreed.result(), GameResult::Draw);
        assert_eq!(GameResult::tag(None), "*");
    }

    #[test]
    fn outcomes_serialise_with_stable_names() {
        let time = Outcome::decided(GameKind::Mancala, Some(Seat::First), EndReason::Time);
        let json = serde_json::to_string(&time).expect("json");
        assert_eq!(
            json,
            r#"{"winner":"first","reason":"time","kind":"mancala","scores":null}"#
        );
        assert_eq!(serde_json::from_str::<Outcome>(&json).expect("back"), time);
    }
}
