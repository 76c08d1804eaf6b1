//! The daily puzzle on the browser page: `GET /api/daily?game=G[&date=D]` and
//! `POST /api/daily`, small JSON documents (docs/web.md, "The daily puzzle").
//!
//! Stateless: the page sends the moves it has had accepted so far and the move it tries now;
//! the server sets the day's puzzle up again ([`kraal_front::daily::DailyPuzzle`], the same
//! one the terminal UI and the GUI drive), replays those moves through the prover (each must
//! be right again, so a page cannot skip ahead), then judges the new one. The answer carries
//! the board's geometry and the position with its legal moves, as the game's views do
//! ([`crate::views`]), so the page builds its moves from the server's list and never judges
//! one itself. The proving runs on a blocking thread, never on the async workers.

use crate::views;
use kraal_front::daily::{DailyError, DailyPuzzle, Said};
use kraal_protocol::{GameStatus, ServerFrame, WireMove};
use kraal_puzzles::{Date, GameName, Judgement, Puzzle};
use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// What the page asks: the game, the day (the server's today, UTC, when absent), the moves
/// accepted so far and, last, the move to judge now; or, with `solution`, the solution.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Ask {
    /// `morabaraba`, `oware` or `mulabalaba`.
    pub game: String,
    /// `YYYY-MM-DD`; the server's today (UTC) when absent.
    #[serde(default)]
    pub date: Option<String>,
    /// The player's moves: every one but the last was accepted before (replayed); the last is
    /// judged now. With `solution`, all of them are replayed and none judged.
    #[serde(default)]
    pub moves: Vec<WireMove>,
    /// Show the solution (after replaying `moves`).
    #[serde(default)]
    pub solution: bool,
}

/// Why a request for the daily puzzle is refused.
#[derive(Debug)]
pub enum AskError {
    /// Not one of the three games.
    UnknownGame(String),
    /// Not a date `YYYY-MM-DD`.
    BadDate(String),
    /// A day after the server's today.
    Future {
        /// The day asked for.
        date: Date,
        /// The server's today.
        today: Date,
    },
    /// No puzzle of the game for the day, or one that cannot be set up.
    Puzzle(DailyError),
    /// A move given as accepted before is not (the page's list is not this puzzle's line).
    NotTheLine {
        /// Which of the moves (1-based).
        index: usize,
        /// What the judge said of it.
        said: String,
    },
    /// The shipped packs do not read (a broken build).
    Packs(String),
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskError::UnknownGame(g) => write!(
                f,
                "there is no daily puzzle of {g:?}: the games are morabaraba, oware and mulabalaba"
            ),
            AskError::BadDate(d) => write!(f, "{d:?} is not a date of the form YYYY-MM-DD"),
            AskError::Future { date, today } => write!(
                f,
                "{date} is after today ({today}, UTC): its puzzle is not out yet"
            ),
            AskError::Puzzle(e) => e.fmt(f),
            AskError::NotTheLine { index, said } => write!(
                f,
                "move {index} of those sent was not accepted before ({said}): start the puzzle again"
            ),
            AskError::Packs(e) => write!(f, "the puzzles do not read: {e}"),
        }
    }
}

impl std::error::Error for AskError {}

impl AskError {
    /// The HTTP status it is answered with.
    #[must_use]
    pub fn status(&self) -> u16 {
        match self {
            AskError::UnknownGame(_) | AskError::BadDate(_) | AskError::NotTheLine { .. } => 400,
            AskError::Future { .. } | AskError::Puzzle(DailyError::NoPuzzle { .. }) => 404,
            AskError::Puzzle(_) | AskError::Packs(_) => 500,
        }
    }
}

/// The judgement of the move tried, for the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Right; the defender replied, and it is the player's move again.
    Right {
        /// The move, in notation.
        played: String,
        /// The reply, in notation.
        reply: String,
    },
    /// Right, and the puzzle is solved.
    Solved {
        /// The move, in notation.
        played: String,
    },
    /// Not that: taken back, to try again.
    Wrong {
        /// The move, in notation.
        played: String,
        /// The answer that refutes it, if one does at once.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refutation: Option<String>,
    },
    /// Not a legal move (nothing changes).
    Illegal,
    /// The puzzle was over already.
    Over,
}

/// The answer: the puzzle, the position now and what was said.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Answer {
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// Whether that day is the server's today (only today's puzzle counts for a streak).
    pub today: bool,
    /// The game.
    pub game: String,
    /// The rule set.
    pub rules: String,
    /// The puzzle's id in its pack.
    pub id: String,
    /// Its rating.
    pub rating: u16,
    /// The objective, in words ("win within 2 moves").
    pub objective: String,
    /// The heading lines the terminal UI and the GUI show too.
    pub heading: Vec<String>,
    /// The solver's seat (the side to move at the start).
    pub you: Seat,
    /// The board's geometry.
    pub board: kraal_protocol::BoardView,
    /// The sides' names, first seat first.
    pub sides: [String; 2],
    /// The position now, with the legal moves (none once the puzzle is over), as the game
    /// views' `position` frame.
    pub position: ServerFrame,
    /// The moves on the board now (the player's and the replies), in notation.
    pub played: Vec<String>,
    /// The player's moves accepted so far (what the page sends next time, with its next move).
    pub accepted: Vec<WireMove>,
    /// The plies the move tried just played (the player's and the defender's reply), each
    /// taken apart with its sowing steps, for the page to animate; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub just_played: Vec<kraal_protocol::LastMove>,
    /// The judgement of the move tried, if one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// What the screen says ("d2-f2xe5: right. The reply: b2-a1", "not that: ... Try again.").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
    /// The main line, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
    /// Whether the puzzle is over: solved, or its solution shown.
    pub over: bool,
}

/// The shipped puzzles, read once.
///
/// # Errors
/// A shipped pack does not read.
pub fn shipped() -> Result<&'static [Puzzle], AskError> {
    static PUZZLES: OnceLock<Result<Vec<Puzzle>, String>> = OnceLock::new();
    PUZZLES
        .get_or_init(|| kraal_packs::shipped().map_err(|e| e.to_string()))
        .as_deref()
        .map_err(|e| AskError::Packs(e.clone()))
}

/// The day of `now_ms` (milliseconds since 1970, UTC).
#[must_use]
pub fn day_of(now_ms: u64) -> Date {
    Date::from_days_since_epoch(i64::try_from(now_ms / 86_400_000).unwrap_or(0))
}

/// Answers `ask` on `today` (the server's day) from `puzzles`.
///
/// # Errors
/// An unknown game, a bad or future date, no puzzle for the day, or moves that are not the
/// puzzle's line.
pub fn answer(ask: &Ask, today: Date, puzzles: &[Puzzle]) -> Result<Answer, AskError> {
    let game = GameName::parse(&ask.game).ok_or_else(|| AskError::UnknownGame(ask.game.clone()))?;
    let date = match &ask.date {
        None => today,
        Some(text) => text
            .trim()
            .parse::<Date>()
            .map_err(|_| AskError::BadDate(text.clone()))?,
    };
    if date > today {
        return Err(AskError::Future { date, today });
    }
    let mut daily =
        DailyPuzzle::new(game, date, date == today, puzzles).map_err(AskError::Puzzle)?;
    let replayed = if ask.solution {
        ask.moves.len()
    } else {
        ask.moves.len().saturating_sub(1)
    };
    let mut accepted = Vec::with_capacity(ask.moves.len());
    for (i, mv) in ask.moves[..replayed].iter().enumerate() {
        let board = daily.board().map_err(AskError::Puzzle)?;
        let judgement = judge(&mut daily, &board, *mv)?;
        if !matches!(judgement, Judgement::Right { .. }) {
            return Err(AskError::NotTheLine {
                index: i + 1,
                said: judgement.to_string(),
            });
        }
        accepted.push(side_move(&board, *mv));
    }
    let mut verdict = None;
    let mut just_played = Vec::new();
    let mut said = None;
    let mut solution = None;
    if ask.solution {
        let shown = daily.show_solution();
        said = Some(shown.to_string());
        if let Said::Solution(line) = shown {
            solution = Some(line.clone());
        }
    } else if let Some(mv) = ask.moves.last() {
        let mut board = daily.board().map_err(AskError::Puzzle)?;
        let before = daily.played_text().len();
        let judgement = judge(&mut daily, &board, *mv)?;
        // The plies it played, each as the `last` of the position it made.
        for text in &daily.played_text()[before..] {
            if board.play_text(text).is_ok()
                && let Some(last) = views::last(&board)
            {
                just_played.push(last);
            }
        }
        if matches!(
            judgement,
            Judgement::Right { .. } | Judgement::Solved { .. }
        ) {
            accepted.push(side_move(&board, *mv));
        }
        said = daily.said().map(ToString::to_string);
        verdict = Some(match judgement {
            Judgement::Right { played, reply } => Verdict::Right { played, reply },
            Judgement::Solved { played } => Verdict::Solved { played },
            Judgement::Wrong { played, refutation } => Verdict::Wrong { played, refutation },
            Judgement::Illegal(_) => Verdict::Illegal,
            Judgement::Over => Verdict::Over,
        });
    }
    let board = daily.board().map_err(AskError::Puzzle)?;
    let over = daily.is_over();
    let puzzle = daily.puzzle();
    let mut position = views::position_frame(&board, 0, &GameStatus::Live);
    if over && let ServerFrame::Position { legal, .. } = &mut position {
        legal.clear();
    }
    // The solver moved first: its seat is the side to move after an even number of plies.
    let to_move = Seat::from_index(board.side_to_move());
    let you = if daily.played() % 2 == 0 {
        to_move
    } else {
        to_move.other()
    };
    let names = board.side_names();
    Ok(Answer {
        date: date.to_string(),
        today: date == today,
        game: game.name().to_owned(),
        rules: puzzle.variant.rules_name().to_owned(),
        id: puzzle.id.clone(),
        rating: puzzle.rating,
        objective: puzzle.objective.describe(),
        heading: daily.heading(),
        you,
        board: views::board(&board),
        sides: names.map(str::to_owned),
        position,
        played: daily.played_text(),
        accepted,
        just_played,
        verdict,
        said,
        solution,
        over,
    })
}

/// The move as the side to move on `board` makes it (a Mulabalaba hole number names a hole of
/// either side).
fn side_move(board: &AnyGame, mv: WireMove) -> WireMove {
    mv.for_side(board.side_to_move())
}

fn judge(daily: &mut DailyPuzzle, board: &AnyGame, mv: WireMove) -> Result<Judgement, AskError> {
    let mv = AnyMove::from(side_move(board, mv));
    match daily.try_move(mv).map_err(AskError::Puzzle)? {
        Said::Move(j) => Ok(j.clone()),
        Said::Solution(_) => Ok(Judgement::Over),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_of_a_time_is_its_utc_date() {
        // 1,800,000,000 s after 1970 is 2027-01-15 08:00 UTC (date -u -d @1800000000).
        assert_eq!(day_of(1_800_000_000_000).to_string(), "2027-01-15");
        assert_eq!(day_of(0).to_string(), "1970-01-01");
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let today: Date = "2026-12-01".parse().expect("a date");
        let puzzles = shipped().expect("the packs");
        let ask = |game: &str, date: Option<&str>| Ask {
            game: game.to_owned(),
            date: date.map(str::to_owned),
            ..Ask::default()
        };
        let e = answer(&ask("chess", None), today, puzzles).expect_err("no chess");
        assert_eq!(e.status(), 400);
        assert!(e.to_string().contains("\"chess\""), "{e}");
        let e = answer(&ask("oware", Some("2026-13-01")), today, puzzles).expect_err("month 13");
        assert_eq!(e.status(), 400);
        assert!(e.to_string().contains("2026-13-01"), "{e}");
        let e = answer(&ask("oware", Some("2026-12-02")), today, puzzles).expect_err("tomorrow");
        assert_eq!(e.status(), 404);
        assert!(e.to_string().contains("not out yet"), "{e}");
        // Before any puzzle was added.
        let e = answer(&ask("oware", Some("2001-01-01")), today, puzzles).expect_err("2001");
        assert_eq!(e.status(), 404);
        assert!(e.to_string().contains("no oware puzzle"), "{e}");
    }
}
