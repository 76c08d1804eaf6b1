//! The daily puzzle in a front end: today's puzzle of a game, set up on the real board, the
//! player's moves judged (by [`kraal_puzzles::Attempt`], with the prover), the defender's
//! replies played, and the result recorded once in the progress file's `[puzzles]` section.
//! The terminal UI and the GUI both draw a [`DailyPuzzle`]; neither judges a move itself.
//!
//! The packs are not embedded here (a packaged library cannot include files outside its
//! folder): the apps pass the puzzles in, from the unpublished `kraal-packs` crate.

use crate::progress::{ProgressError, ProgressFile};
use crate::puzzle::{PuzzleProgress, Recorded};
use kraal_puzzles::daily::daily;
use kraal_puzzles::{Attempt, Date, GameName, Judgement, Puzzle, Refusal};
use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, GameRules, Player, SessionError, resolve};
use std::fmt;

/// The games a daily puzzle can be of, in the order the screens offer them.
pub const GAMES: [GameName; 3] = GameName::ALL;

/// Why a daily puzzle cannot be shown or a move not judged.
#[derive(Debug)]
pub enum DailyError {
    /// No puzzle of the game was added by that day.
    NoPuzzle {
        /// The game.
        game: GameName,
        /// The day.
        date: Date,
    },
    /// The puzzle's position cannot be set up as a game (the rules crates refused it).
    Setup {
        /// The puzzle.
        id: String,
        /// Why.
        error: SessionError,
    },
    /// The prover ran out of positions judging a move (not for shipped puzzles).
    Prover(Refusal),
}

impl fmt::Display for DailyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DailyError::NoPuzzle { game, date } => {
                write!(f, "no {game} puzzle is old enough for {date}")
            }
            DailyError::Setup { id, error } => {
                write!(f, "the puzzle {id} cannot be set up: {error}")
            }
            DailyError::Prover(why) => write!(f, "the move cannot be judged: {why}"),
        }
    }
}

impl std::error::Error for DailyError {}

/// What the screen says after a move or a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The judgement of a move (right, wrong: "not that: ...", solved, illegal).
    Move(Judgement),
    /// The solution, asked for.
    Solution(Vec<String>),
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Move(j @ Judgement::Wrong { .. }) => write!(f, "{j}. Try again."),
            Said::Move(j) => write!(f, "{j}"),
            Said::Solution(line) => write!(f, "The solution: {}", line.join(" ")),
        }
    }
}

/// The daily puzzle of one game and day, being solved.
pub struct DailyPuzzle {
    /// The day.
    pub date: Date,
    /// Whether `date` is today (only today's puzzle counts for the streak).
    pub today: bool,
    attempt: Attempt,
    rules: GameRules,
    said: Option<Said>,
    recorded: Option<Recorded>,
}

impl DailyPuzzle {
    /// The puzzle of `game` on `date`, out of `puzzles` (the shipped packs); `today` says
    /// whether `date` is today.
    ///
    /// # Errors
    /// No puzzle for the day, or a position the rules crates cannot set up.
    pub fn new(
        game: GameName,
        date: Date,
        today: bool,
        puzzles: &[Puzzle],
    ) -> Result<DailyPuzzle, DailyError> {
        let puzzle = daily(date, game, puzzles)
            .ok_or(DailyError::NoPuzzle { game, date })?
            .clone();
        let setup = |error| DailyError::Setup {
            id: puzzle.id.clone(),
            error,
        };
        let rules = resolve(puzzle.variant.rules_name(), None, &[] as &[&str]).map_err(setup)?;
        let start = puzzle.board.position_string();
        AnyGame::new(&rules, Some(&start), [Player::Human; 2], 0).map_err(setup)?;
        Ok(DailyPuzzle {
            date,
            today,
            attempt: Attempt::new(puzzle),
            rules,
            said: None,
            recorded: None,
        })
    }

    /// Today's (UTC) puzzle of `game`.
    ///
    /// # Errors
    /// As [`DailyPuzzle::new`].
    pub fn of_today(game: GameName, puzzles: &[Puzzle]) -> Result<DailyPuzzle, DailyError> {
        DailyPuzzle::new(game, Date::today_utc(), true, puzzles)
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        self.attempt.puzzle()
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> GameName {
        self.puzzle().variant.game()
    }

    /// The position now, as a new game between two people: the puzzle's start with the moves
    /// played so far (the player's and the replies). A front end draws it and takes the
    /// player's picks on it; after each [`DailyPuzzle::try_move`] it sets its board up again
    /// from here (a wrong move is then taken back, the reply played).
    ///
    /// # Errors
    /// The position cannot be set up (checked when the puzzle was made, so not expected).
    pub fn board(&self) -> Result<AnyGame, DailyError> {
        let setup = |error| DailyError::Setup {
            id: self.attempt.puzzle().id.clone(),
            error,
        };
        let start = self.attempt.puzzle().board.position_string();
        let mut board =
            AnyGame::new(&self.rules, Some(&start), [Player::Human; 2], 0).map_err(setup)?;
        for mv in self.attempt.played() {
            board.play_text(&mv).map_err(setup)?;
        }
        Ok(board)
    }

    /// The plies played so far (the board's ply count).
    #[must_use]
    pub fn played(&self) -> usize {
        self.attempt.played().len()
    }

    /// The moves played so far (the player's and the replies), in notation.
    #[must_use]
    pub fn played_text(&self) -> Vec<String> {
        self.attempt.played()
    }

    /// The lines the screen shows above the board: the puzzle, the side and the objective.
    #[must_use]
    pub fn heading(&self) -> Vec<String> {
        let p = self.puzzle();
        let mut lines = vec![
            format!(
                "The daily {} puzzle of {} ({}, rated {}).",
                self.game(),
                self.date,
                p.id,
                p.rating
            ),
            format!(
                "You play {}. Objective: {}.",
                p.board.side_name(),
                p.objective.describe()
            ),
        ];
        if p.solver_moves() > 1 {
            lines.push("On your last move, any move that completes the objective counts.".into());
        }
        lines
    }

    /// What was said to the last move or request.
    #[must_use]
    pub fn said(&self) -> Option<&Said> {
        self.said.as_ref()
    }

    /// Whether the puzzle is over: solved, or the solution shown.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.attempt.is_solved() || self.attempt.solution_shown()
    }

    /// Whether it was solved cleanly (no wrong move, no solution asked for).
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.attempt.is_clean()
    }

    /// Wrong moves tried so far.
    #[must_use]
    pub fn mistakes(&self) -> u32 {
        self.attempt.mistakes()
    }

    /// Judges `mv`, a move the player made on the board (a finished pick). Right: the reply is
    /// played. Wrong or illegal: nothing stays played, to try again. Either way the front end
    /// sets its board up again from [`DailyPuzzle::board`].
    ///
    /// # Errors
    /// The prover ran out of positions (not for shipped puzzles).
    pub fn try_move(&mut self, mv: AnyMove) -> Result<&Said, DailyError> {
        let judgement = match mv {
            AnyMove::Morris(m) => self.attempt.try_morris(m),
            AnyMove::Mancala(m) => self.attempt.try_mancala(m),
        }
        .map_err(DailyError::Prover)?;
        Ok(self.said.insert(Said::Move(judgement)))
    }

    /// After a pick on `board` (set up from [`DailyPuzzle::board`]): a finished move is
    /// judged, as [`DailyPuzzle::try_move`]; a pick still half made judges nothing (`None`).
    ///
    /// # Errors
    /// As [`DailyPuzzle::try_move`].
    pub fn judge_pick(&mut self, board: &AnyGame) -> Result<Option<&Said>, DailyError> {
        if board.ply() <= self.played() {
            return Ok(None);
        }
        match board.last_move() {
            Some(mv) => self.try_move(mv).map(Some),
            None => Ok(None),
        }
    }

    /// Shows the main line (the puzzle then counts as not solved cleanly).
    pub fn show_solution(&mut self) -> &Said {
        let line = self.attempt.solution();
        self.said.insert(Said::Solution(line))
    }

    /// Records the result in `progress` once the puzzle is over (later calls change nothing
    /// and return the same): a clean solve of today's puzzle counts for the streak.
    pub fn record(&mut self, progress: &mut PuzzleProgress) -> Option<Recorded> {
        if self.recorded.is_none() && self.is_over() {
            let clean = self.is_clean();
            let day = (self.today && clean).then_some(self.date);
            let puzzle = self.attempt.puzzle().clone();
            self.recorded = Some(progress.record(&puzzle, clean, day));
        }
        self.recorded
    }

    /// Records the result in the progress file and saves it, once the puzzle is over (as
    /// [`DailyPuzzle::record`]).
    ///
    /// # Errors
    /// The progress file cannot be written.
    pub fn record_in(
        &mut self,
        file: &mut ProgressFile,
    ) -> Result<Option<Recorded>, ProgressError> {
        if self.recorded.is_some() || !self.is_over() {
            return Ok(self.recorded);
        }
        let recorded = self.record(&mut file.progress.puzzles);
        file.save()?;
        Ok(recorded)
    }

    /// What recording changed, once recorded.
    #[must_use]
    pub fn recorded(&self) -> Option<Recorded> {
        self.recorded
    }

    /// The line the screen shows once recorded: solved or not, the rating, the streaks.
    #[must_use]
    pub fn result_line(&self, progress: &PuzzleProgress) -> Option<String> {
        let r = self.recorded?;
        Some(format!(
            "{} Your puzzle rating: {:.0} (was {:.0}). Daily streak: {} (best {}).",
            if self.is_clean() {
                "Solved."
            } else {
                "Not solved cleanly."
            },
            r.after,
            r.before,
            r.streak,
            progress.best_streak()
        ))
    }
}

/// The home screen's description of the daily puzzle: [`Mode::Daily`]'s, with the player's
/// streak and best streak once a progress file is kept.
///
/// [`Mode::Daily`]: crate::home::Mode::Daily
#[must_use]
pub fn home_description(progress: Option<&PuzzleProgress>, today: Date) -> String {
    match progress {
        Some(p) => format!(
            "today's puzzle of each game; your streak: {} (best {})",
            days(p.streak(today)),
            days(p.best_streak())
        ),
        None => crate::home::Mode::Daily.description().to_owned(),
    }
}

fn days(n: u32) -> String {
    if n == 1 {
        "1 day".to_owned()
    } else {
        format!("{n} days")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_description_counts_the_streak_in_days() {
        let today: Date = "2026-12-01".parse().unwrap();
        let mut p = PuzzleProgress::default();
        assert_eq!(
            home_description(Some(&p), today),
            "today's puzzle of each game; your streak: 0 days (best 0 days)"
        );
        for d in ["2026-11-29", "2026-11-30"] {
            p.solved_days
                .entry(d.to_owned())
                .or_default()
                .insert("oware".to_owned());
        }
        assert_eq!(
            home_description(Some(&p), today),
            "today's puzzle of each game; your streak: 2 days (best 2 days)"
        );
        assert_eq!(
            home_description(None, today),
            crate::home::Mode::Daily.description()
        );
    }
}
