//! "Review this game", as every front end shows it: the review running in the background
//! with its progress, then each move's mark (`?!`, `?`, `??`), what the engine preferred, and
//! the expected result over the game for a graph. The words are the same in `kraal review`,
//! the terminal UI and the GUI.

use kraal_ai::{Limits, Score};
use kraal_session::AnyGame;
use kraal_session::any::AnyMove;
use kraal_session::review::{Oracles, Review, ReviewJob, ReviewOptions, ReviewedMove};
use std::time::Duration;

/// How long the front ends think about each position of a review.
pub const SECONDS_A_POSITION: f64 = 0.3;

/// A score from the mover's side, as the player reads it: `+0.40`, `win in 3`, `won`.
#[must_use]
pub fn score_text(score: Score) -> String {
    match score {
        Score::WinIn(0) => "won".to_owned(),
        Score::LossIn(0) => "lost".to_owned(),
        s => s.to_string(),
    }
}

/// What the engine preferred, where the move played was worse: `best was g4-g1xc5 (win in 1):
/// g4-g1xc5 b4-a4 ...` (at most `line` moves of its line).
#[must_use]
pub fn best_text(m: &ReviewedMove, line: usize) -> Option<String> {
    let best = m.best?;
    let moves: Vec<String> = m.line.iter().take(line).map(ToString::to_string).collect();
    Some(if moves.len() > 1 {
        format!(
            "best was {best} ({}): {}",
            score_text(m.before),
            moves.join(" ")
        )
    } else {
        format!("best was {best} ({})", score_text(m.before))
    })
}

/// The verdict on a marked move: `blunder: let a forced win go; best was ...`; `None` for a
/// move not marked.
#[must_use]
pub fn verdict_text(m: &ReviewedMove, line: usize) -> Option<String> {
    if !m.mark.is_marked() {
        return None;
    }
    let mut text = m.mark.to_string();
    if let Some(thrown) = m.thrown {
        text.push_str(&format!(": {thrown}"));
    }
    if let Some(best) = best_text(m, line) {
        text.push_str(&format!("; {best}"));
    }
    Some(text)
}

/// "1 inaccuracy, 0 mistakes, 2 blunders" of one side.
#[must_use]
pub fn tally_text(review: &Review, side: usize) -> String {
    let [i, m, b] = review.tally(side);
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{}, {}, {}",
        plural(i, "inaccuracy", "inaccuracies"),
        plural(m, "mistake", "mistakes"),
        plural(b, "blunder", "blunders")
    )
}

/// A review a front end shows: running, then done (or stopped with the moves reviewed so far).
pub struct ReviewPanel {
    /// The moves reviewed (the game may go on, or take moves back, after it started).
    moves: Vec<AnyMove>,
    job: Option<ReviewJob>,
    review: Option<Review>,
    /// A problem to tell the player: the tables could not be read, or the review failed.
    pub warning: Option<String>,
}

impl ReviewPanel {
    /// Starts reviewing the moves of `game`'s move list, [`SECONDS_A_POSITION`] a position,
    /// with the endgame tables where they are built.
    #[must_use]
    pub fn start(game: &AnyGame) -> ReviewPanel {
        ReviewPanel::start_with(
            game,
            Limits::time(Duration::from_secs_f64(SECONDS_A_POSITION)),
        )
    }

    /// Starts reviewing `game` within `limits` a position (tests use a depth, so the review
    /// is the same on every machine).
    #[must_use]
    pub fn start_with(game: &AnyGame, limits: Limits) -> ReviewPanel {
        let (oracles, warning) = match Oracles::load(game.rules()) {
            Ok(oracles) => (oracles, None),
            Err(e) => (
                Oracles::default(),
                Some(format!("The endgame tables are not used: {e}.")),
            ),
        };
        ReviewPanel {
            moves: game.all_moves(),
            job: Some(ReviewJob::start(game, ReviewOptions { limits, oracles })),
            review: None,
            warning,
        }
    }

    /// Takes the review in once it has finished; true when it just did (redraw).
    pub fn poll(&mut self) -> bool {
        let Some(job) = &mut self.job else {
            return false;
        };
        let Some(outcome) = job.poll() else {
            return false;
        };
        self.job = None;
        match outcome {
            Ok(review) => self.review = Some(review),
            Err(e) => self.warning = Some(format!("The review stopped: {e}.")),
        }
        true
    }

    /// Waits for the review to finish (tests).
    pub fn wait(&mut self) {
        if let Some(job) = &mut self.job {
            let outcome = job.wait();
            self.job = None;
            match outcome {
                Some(Ok(review)) => self.review = Some(review),
                Some(Err(e)) => self.warning = Some(format!("The review stopped: {e}.")),
                None => self.warning = Some("The review stopped.".to_owned()),
            }
        }
    }

    /// Whether the review is of `game`'s moves: false once a move it reviewed was taken back
    /// and another played (front ends then drop it). Moves played after it are only unreviewed.
    #[must_use]
    pub fn fits(&self, game: &AnyGame) -> bool {
        game.all_moves().starts_with(&self.moves)
    }

    /// Whether the review is still running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Positions searched so far and in all, while it runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(ReviewJob::progress)
    }

    /// Stops the review; the moves reviewed so far are kept.
    pub fn stop(&mut self) {
        if let Some(job) = &self.job {
            job.stop();
        }
        self.wait();
    }

    /// The review, once finished or stopped.
    #[must_use]
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// The review of the move numbered `ply` (from 1), if reviewed.
    #[must_use]
    pub fn reviewed(&self, ply: usize) -> Option<&ReviewedMove> {
        self.review.as_ref()?.moves.get(ply.checked_sub(1)?)
    }

    /// The annotation after move `ply` in a move list: `??`, `?`, `?!` or nothing.
    #[must_use]
    pub fn symbol(&self, ply: usize) -> &'static str {
        self.reviewed(ply).map_or("", |m| m.mark.symbol())
    }

    /// What to say about move `ply`: `b4-a4?? blunder: let a forced win go; best was ...`, or
    /// its score when it is not marked.
    #[must_use]
    pub fn note(&self, ply: usize, sides: [&str; 2]) -> Option<String> {
        let m = self.reviewed(ply)?;
        let head = format!("{ply}. {} {}{}", sides[m.mover], m.played, m.mark.symbol());
        Some(match verdict_text(m, 4) {
            Some(verdict) => format!("{head} {verdict}"),
            None => format!("{head} ({}, {})", m.mark, score_text(m.after)),
        })
    }

    /// The first player's expected result (0 to 1) at the start and after each move
    /// reviewed, for the graph over the game.
    #[must_use]
    pub fn graph(&self) -> Vec<f64> {
        let Some(review) = &self.review else {
            return Vec::new();
        };
        let first = |m: &ReviewedMove, e: f64| if m.mover == 0 { e } else { 1.0 - e };
        let mut points = Vec::with_capacity(review.moves.len() + 1);
        if let Some(m) = review.moves.first() {
            points.push(first(m, m.expected_before));
        }
        points.extend(review.moves.iter().map(|m| first(m, m.expected_after)));
        points
    }

    /// One line on where the review stands: `Reviewing: 12 of 41 positions` or `Review:
    /// White 1 inaccuracy, ...; Black ...`.
    #[must_use]
    pub fn status(&self, sides: [&str; 2]) -> String {
        if let Some((done, total)) = self.progress() {
            return format!("Reviewing: {done} of {total} positions");
        }
        match &self.review {
            Some(review) => {
                let stopped = if review.complete {
                    String::new()
                } else {
                    format!(" (stopped after {} moves)", review.moves.len())
                };
                format!(
                    "{}: {}; {}: {}{stopped}",
                    sides[0],
                    tally_text(review, 0),
                    sides[1],
                    tally_text(review, 1)
                )
            }
            None => "No review.".to_owned(),
        }
    }
}
