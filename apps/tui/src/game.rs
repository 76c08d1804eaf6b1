//! A game on the screen: [`AnyGame`] (the game, shared with the GUI) with what only the
//! terminal needs: the board cursor and the sowing animation. Everything else of the game is
//! reached through `Deref`.

use kraal_rules_mancala::{self as mancala, Hole, Side, Step, apply_steps};
use kraal_rules_morris::{self as morris, Point};
use kraal_session::any::{AiMove, AnyGame, AnyMove, Hint, Prompt, capitalise};
use kraal_session::pick::mancala_targets;
use kraal_session::{GameRules, Player, Record, RecordError, SessionError};
use std::ops::{Deref, DerefMut};
use std::time::{Duration, Instant};

/// A cursor direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Up the screen.
    Up,
    /// Down the screen.
    Down,
    /// To the left.
    Left,
    /// To the right.
    Right,
}

/// A mancala move shown hole by hole.
pub struct Animation {
    before: mancala::Position,
    steps: Vec<Step>,
    shown: usize,
    next_at: Instant,
    step_time: Duration,
}

/// The longest a whole animation takes: long relays are sped up to fit.
const ANIMATION_LIMIT: Duration = Duration::from_secs(3);
/// The time between two steps of a short animation.
const STEP_TIME: Duration = Duration::from_millis(110);

impl Animation {
    fn new(before: mancala::Position, mv: mancala::Move, now: Instant) -> Option<Animation> {
        let steps = before.steps(mv).ok()?;
        let step_time = STEP_TIME.min(ANIMATION_LIMIT / steps.len().max(1) as u32);
        Some(Animation {
            before,
            steps,
            shown: 1,
            next_at: now + step_time,
            step_time,
        })
    }

    /// The holes and captures as they stand at this step, and the hole the step is at.
    #[must_use]
    pub fn frame(&self) -> (Vec<u8>, [u32; 2], Option<Hole>) {
        let shown = &self.steps[..self.shown];
        let board = self.before.board();
        let (holes, taken) = apply_steps(board, self.before.holes(), shown);
        let mut captured = [
            self.before.captured(Side::South),
            self.before.captured(Side::North),
        ];
        captured[self.before.side_to_move().index()] += taken;
        let active = shown.last().and_then(|step| match *step {
            Step::Lift { hole, .. }
            | Step::Drop { hole, .. }
            | Step::Skip { hole }
            | Step::Capture { hole, .. } => Some(hole),
            Step::GrandSlam { .. } | Step::Endless => None,
        });
        (holes, captured, active)
    }

    /// Moves on at `now`; false once the last step has been shown long enough.
    fn advance(&mut self, now: Instant) -> bool {
        while now >= self.next_at {
            if self.shown == self.steps.len() {
                return false;
            }
            self.shown += 1;
            self.next_at += self.step_time;
        }
        true
    }
}

/// A game with its cursor and animation.
pub struct Match {
    /// The game.
    pub game: AnyGame,
    /// The cursor on a mill board.
    pub point: Point,
    /// The cursor on a mancala board.
    pub hole: Hole,
    /// The sowing being shown, if any.
    pub animation: Option<Animation>,
}

impl Deref for Match {
    type Target = AnyGame;

    fn deref(&self) -> &AnyGame {
        &self.game
    }
}

impl DerefMut for Match {
    fn deref_mut(&mut self) -> &mut AnyGame {
        &mut self.game
    }
}

impl Match {
    /// A new game under `rules`, from the usual start or from `start` (a position string).
    ///
    /// # Errors
    /// Rules or a start position that cannot start a game.
    pub fn new(
        rules: &GameRules,
        start: Option<&str>,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Match, SessionError> {
        AnyGame::new(rules, start, players, seed).map(Match::from_game)
    }

    /// A saved game, with the players its record names.
    ///
    /// # Errors
    /// A record whose rules or moves cannot be used.
    pub fn from_record(record: &Record, seed: u64) -> Result<Match, RecordError> {
        AnyGame::from_record(record, AnyGame::players_in(record), seed).map(Match::from_game)
    }

    /// A game on the screen, its cursor on the mover's side.
    #[must_use]
    pub fn from_game(game: AnyGame) -> Match {
        let mut m = Match {
            game,
            // d6: the middle of the top half, on every board.
            point: Point::at(3, 5).unwrap_or(Point::CENTRE),
            hole: Hole::new(Side::South, 0),
            animation: None,
        };
        m.cursor_to_mover();
        m
    }

    /// How a move of the list is written: its notation, with the seeds it captured
    /// ("C +5"; a mill move's shots are in its notation already: "d2-d3xf6").
    #[must_use]
    pub fn move_label(&self, index: usize) -> Option<String> {
        let mv = self.all_moves().get(index)?.to_string();
        Some(match self.game.taken_at(index + 1) {
            Some(taken) if self.mancala_position().is_some() => {
                format!("{mv} +{}", taken.count())
            }
            _ => mv,
        })
    }

    /// What the move just played took, as a sentence ("South captures 3 + 2 from d, c."),
    /// if the game moved on from `before` (a ply) and the move took anything.
    pub fn taken_since(&self, before: usize) -> Option<String> {
        if self.ply() <= before {
            return None;
        }
        self.game.last_taken().map(|t| format!("{t}."))
    }

    /// Whether a sowing is being shown.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }

    /// Stops any animation at its end.
    pub fn finish_animation(&mut self) {
        self.animation = None;
    }

    /// Takes back moves to the person's turn. Returns how many.
    pub fn undo(&mut self) -> usize {
        self.finish_animation();
        let taken = self.game.undo_turn();
        self.cursor_to_mover();
        taken
    }

    /// Plays taken-back moves again, to the person's next turn. Returns how many.
    pub fn redo(&mut self) -> usize {
        self.finish_animation();
        let done = self.game.redo_turn();
        self.cursor_to_mover();
        done
    }

    /// Moves the view to `ply`, keeping the later moves.
    pub fn jump(&mut self, ply: usize) {
        self.finish_animation();
        let _ = self.game.jump(ply);
        self.cursor_to_mover();
    }

    /// The hint asked for, once the engine has found it; the cursor goes to the best move's
    /// point or hole.
    pub fn poll_hint(&mut self) -> Option<Hint> {
        let hint = self.game.poll_hint()?;
        self.game.clear_pick();
        if let Some(p) = hint.point {
            self.point = p;
        }
        if let Some(h) = hint.hole {
            self.hole = h;
        }
        Some(hint)
    }

    /// Moves the board cursor.
    pub fn move_cursor(&mut self, direction: Direction) {
        match &self.game {
            AnyGame::Morris { session, .. } => {
                self.point = morris_step(session.position().board(), self.point, direction);
            }
            AnyGame::Mancala { session } => {
                let board = session.position().board();
                let cell = board.cell(self.hole);
                let (row, column) = (i32::from(cell.row), i32::from(cell.column));
                let (row, column) = match direction {
                    Direction::Up => (row - 1, column),
                    Direction::Down => (row + 1, column),
                    Direction::Left => (row, column - 1),
                    Direction::Right => (row, column + 1),
                };
                let fits = |v: i32, n: usize| (0..n as i32).contains(&v);
                if fits(row, board.rows()) && fits(column, board.width()) {
                    let cell = mancala::Cell {
                        row: row as u8,
                        column: column as u8,
                    };
                    if let Some(hole) = board.hole_at(cell) {
                        self.hole = hole;
                    }
                }
            }
        }
    }

    /// Picks the point or hole under the cursor. Returns a refusal to show, if any.
    pub fn select(&mut self, now: Instant) -> Option<String> {
        match self.game {
            AnyGame::Morris { .. } => self.click_point(self.point, now),
            AnyGame::Mancala { .. } => self.click_hole(self.hole, now),
        }
    }

    /// Picks a point of a mill board. Returns a refusal to show, if any.
    pub fn click_point(&mut self, point: Point, now: Instant) -> Option<String> {
        self.point = point;
        let refused = self.game.click_point(point).err();
        self.after_move(now);
        refused.map(|why| {
            let text = sentence(&why);
            // Touch-move: say where the touched cow may go.
            match (&why, &self.game) {
                (SessionError::TouchMove { .. }, AnyGame::Morris { session, pick }) => {
                    let points: Vec<String> = pick
                        .targets(session.position())
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    let text = text.trim_end_matches('.');
                    if points.is_empty() {
                        format!("{text}.")
                    } else {
                        format!("{text}: pick one of {}.", points.join(", "))
                    }
                }
                _ => text,
            }
        })
    }

    /// Plays a hole of a mancala board. Returns a refusal to show, if any.
    pub fn click_hole(&mut self, hole: Hole, now: Instant) -> Option<String> {
        self.hole = hole;
        let refused = self.game.click_hole(hole).err();
        if refused.is_none() {
            self.animate_last(now);
        }
        self.after_move(now);
        refused.map(|why| sentence(&why))
    }

    /// Starts the AI if it is to move, and plays its move when it is ready (not while a
    /// sowing is shown, nor while the player looks back through the game). When `paced`, the
    /// move waits until the computer has seemed to think for its pace. Returns the move.
    pub fn run_ai(&mut self, now: Instant, paced: bool) -> Option<AiMove> {
        if self.is_animating() || self.redoable() > 0 || self.is_over() {
            return None;
        }
        self.game.tick(now);
        self.game.start_ai();
        let played = self.game.poll_ai_with(now, paced)?;
        self.animate_last(now);
        self.after_move(now);
        Some(played)
    }

    /// Plays a move that arrived from elsewhere (the opponent's, online) at the end of the
    /// game, shown as the computer's moves are: the view returns to the last move first, and
    /// a sowing is animated.
    ///
    /// # Errors
    /// The move is not legal on this board (it and the server's game disagree).
    pub fn play_arrived(&mut self, mv: AnyMove, now: Instant) -> Result<AnyMove, SessionError> {
        self.finish_animation();
        let end = self.all_moves().len();
        if self.ply() != end {
            self.game.jump(end)?;
        }
        self.game.clear_pick();
        let played = self.game.play_move(mv)?;
        self.animate_last(now);
        self.after_move(now);
        Ok(played)
    }

    /// Shows the last sowing hole by hole.
    fn animate_last(&mut self, now: Instant) {
        self.animation = self
            .game
            .mancala_last_sowing()
            .and_then(|(before, mv)| Animation::new(before, mv, now));
    }

    /// After a move: the mancala cursor goes to the mover's side; the clock is checked.
    fn after_move(&mut self, now: Instant) {
        self.cursor_to_mover();
        self.game.tick(now);
    }

    /// Moves the animation on (or ends it at once when animations are off); checks the clock.
    pub fn tick(&mut self, now: Instant, animate: bool) {
        if let Some(animation) = &mut self.animation
            && (!animate || !animation.advance(now))
        {
            self.animation = None;
        }
        self.game.tick(now);
    }

    /// What the player should do or know now, as a sentence.
    #[must_use]
    pub fn prompt(&self) -> String {
        if self.is_over() {
            return format!(
                "{} Press n for a new game; [ and ] step through the moves.",
                self.ending()
            );
        }
        if self.redoable() > 0 {
            return format!(
                "Looking back at move {} of {}: ] steps forward, End returns, or play from here.",
                self.ply(),
                self.ply() + self.redoable()
            );
        }
        if self.game.hint_pending() {
            return "Looking for a hint...".to_owned();
        }
        match self.game.prompt() {
            Some(prompt @ Prompt::Pass(_)) => format!("{prompt} Press p."),
            Some(prompt) => prompt.to_string(),
            None => String::new(),
        }
    }

    /// Puts the mancala cursor on a playable hole of the side to move, if it is not on one.
    fn cursor_to_mover(&mut self) {
        let Some(pos) = self.game.mancala_position() else {
            return;
        };
        let targets = mancala_targets(pos);
        if targets.contains(&self.hole) {
            return;
        }
        self.hole = targets
            .first()
            .copied()
            .unwrap_or_else(|| Hole::new(pos.side_to_move(), 0));
    }

    /// The holes, captures and active hole to draw (mid-animation or as they stand).
    #[must_use]
    pub fn shown(&self) -> Option<(Vec<u8>, [u32; 2], Option<Hole>)> {
        if let Some(a) = &self.animation {
            return Some(a.frame());
        }
        let pos = self.game.mancala_position()?;
        Some((
            pos.holes().to_vec(),
            [pos.captured(Side::South), pos.captured(Side::North)],
            None,
        ))
    }
}

/// A refusal as the message line shows it: a sentence, except that one naming a point or
/// hole first keeps the name as the notation writes it ("a1: that point is empty; ...").
fn sentence(why: &SessionError) -> String {
    match why {
        SessionError::Pick { .. } | SessionError::Hole { .. } => format!("{why}."),
        other => format!("{}.", capitalise(&other.to_string())),
    }
}

/// The next point from `from` in a direction: the nearest one that way, preferring points on
/// the same line (so the cursor runs along the board's lines).
#[must_use]
pub fn morris_step(board: &morris::Board, from: Point, direction: Direction) -> Point {
    let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
    board
        .points()
        .filter_map(|p| {
            let (pf, pr) = (i32::from(p.file()), i32::from(p.rank()));
            let (along, across) = match direction {
                Direction::Up => (pr - r, pf - f),
                Direction::Down => (r - pr, pf - f),
                Direction::Right => (pf - f, pr - r),
                Direction::Left => (f - pf, pr - r),
            };
            (along > 0).then_some((across.abs() * 10 + along, p))
        })
        .min_by_key(|&(cost, p)| (cost, p.index()))
        .map_or(from, |(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_runs_along_the_lines() {
        let board = morris::Board::get(morris::BoardKind::Standard, morris::CentreMills::None);
        let p = |s: &str| -> Point { s.parse().unwrap() };
        assert_eq!(morris_step(board, p("a1"), Direction::Up), p("a4"));
        assert_eq!(morris_step(board, p("a4"), Direction::Right), p("b4"));
        assert_eq!(morris_step(board, p("c4"), Direction::Right), p("e4"));
        assert_eq!(morris_step(board, p("g7"), Direction::Up), p("g7"));
        assert_eq!(morris_step(board, p("d2"), Direction::Down), p("d1"));
    }
}
