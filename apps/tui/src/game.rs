//! A game in progress of either family: the session, the picks of the turn, the board cursor
//! and the sowing animation. Everything the screen shows of a game comes from here.

use kraal_ai::{Limits, Progress};
use kraal_rules_mancala::{self as mancala, Hole, Side, Step, apply_steps};
use kraal_rules_morris::{self as morris, Point};
use kraal_session::family::{MancalaFamily, MorrisFamily};
use kraal_session::pick::{self, MorrisPick, Picked, Stage};
use kraal_session::{GameRules, Player, Record, RecordError, Session, SessionError, Status};
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

/// A mill game on the screen.
pub struct MorrisGame {
    /// The game.
    pub session: Session<MorrisFamily>,
    /// The picks of the turn so far.
    pub pick: MorrisPick,
    /// The board cursor.
    pub cursor: Point,
}

/// A mancala game on the screen.
pub struct MancalaGame {
    /// The game.
    pub session: Session<MancalaFamily>,
    /// The board cursor.
    pub cursor: Hole,
    /// The sowing being shown, if any.
    pub animation: Option<Animation>,
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

/// A game of either family.
pub enum Match {
    /// A mill game.
    Morris(Box<MorrisGame>),
    /// Oware or Mulabalaba.
    Mancala(Box<MancalaGame>),
}

/// Runs `$body` with `$s` bound to the session, whatever the family.
macro_rules! with_session {
    ($m:expr, $s:ident => $body:expr) => {
        match $m {
            Match::Morris(g) => {
                let $s = &g.session;
                $body
            }
            Match::Mancala(g) => {
                let $s = &g.session;
                $body
            }
        }
    };
    (mut $m:expr, $s:ident => $body:expr) => {
        match $m {
            Match::Morris(g) => {
                let $s = &mut g.session;
                $body
            }
            Match::Mancala(g) => {
                let $s = &mut g.session;
                $body
            }
        }
    };
}

/// What a move the AI played looked like, for the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The side that played it (0 first).
    pub side: usize,
    /// The move.
    pub text: String,
    /// The depth searched.
    pub depth: u32,
    /// The score, for the AI.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
}

impl Match {
    /// A new game under `rules`, from the usual start or from `start` (a position string).
    ///
    /// # Errors
    /// Rules or a start position that cannot start a game.
    pub fn new(
        rules: GameRules,
        start: Option<&str>,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Match, SessionError> {
        Ok(match rules {
            GameRules::Morris { options, .. } => {
                let session = Session::new(MorrisFamily(options), rules, start, players, seed)?;
                Match::morris(session)
            }
            GameRules::Mancala { options, .. } => {
                let session = Session::new(MancalaFamily(options), rules, start, players, seed)?;
                Match::mancala(session)
            }
        })
    }

    /// A saved game, with the players its record names (a person where it names none).
    ///
    /// # Errors
    /// A record whose rules or moves cannot be used.
    pub fn from_record(record: &Record, seed: u64) -> Result<Match, RecordError> {
        let player = |tag| {
            record
                .tag(tag)
                .and_then(|t| Player::parse(t).ok())
                .unwrap_or(Player::Human)
        };
        let players = [player("White"), player("Black")];
        Ok(match record.rules()? {
            GameRules::Morris { options, .. } => Match::morris(Session::from_record(
                MorrisFamily(options),
                record,
                players,
                seed,
            )?),
            GameRules::Mancala { options, .. } => Match::mancala(Session::from_record(
                MancalaFamily(options),
                record,
                players,
                seed,
            )?),
        })
    }

    fn morris(session: Session<MorrisFamily>) -> Match {
        Match::Morris(Box::new(MorrisGame {
            session,
            pick: MorrisPick::default(),
            // d6: the middle of the top half, on every board.
            cursor: Point::at(3, 5).unwrap_or(Point::CENTRE),
        }))
    }

    fn mancala(session: Session<MancalaFamily>) -> Match {
        let cursor = Hole::new(session.position().side_to_move(), 0);
        let mut game = MancalaGame {
            session,
            cursor,
            animation: None,
        };
        game.cursor_to_mover();
        Match::Mancala(Box::new(game))
    }

    /// The game's rules.
    #[must_use]
    pub fn rules(&self) -> &GameRules {
        with_session!(self, s => s.rules())
    }

    /// The names of the two sides: White and Black, or South and North.
    #[must_use]
    pub fn side_names(&self) -> [&'static str; 2] {
        match self {
            Match::Morris(_) => ["White", "Black"],
            Match::Mancala(_) => ["South", "North"],
        }
    }

    /// Who plays each side.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        with_session!(self, s => s.players())
    }

    /// Which side is to move (0 first).
    #[must_use]
    pub fn side_to_move(&self) -> usize {
        with_session!(self, s => s.side_to_move())
    }

    /// Whether a person is to move.
    #[must_use]
    pub fn human_to_move(&self) -> bool {
        with_session!(self, s => s.player_to_move() == Player::Human)
    }

    /// The game's standing.
    #[must_use]
    pub fn status(&self) -> Status {
        with_session!(self, s => s.status())
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        with_session!(self, s => s.is_over())
    }

    /// Every move, with those undone after the cursor.
    #[must_use]
    pub fn all_moves(&self) -> Vec<String> {
        with_session!(self, s => s.all_moves().into_iter().map(str::to_owned).collect())
    }

    /// The ply on the board.
    #[must_use]
    pub fn ply(&self) -> usize {
        with_session!(self, s => s.ply())
    }

    /// Moves that can be redone.
    #[must_use]
    pub fn redoable(&self) -> usize {
        with_session!(self, s => s.redoable())
    }

    /// The game as a record.
    #[must_use]
    pub fn record(&self) -> Record {
        with_session!(self, s => s.record())
    }

    /// What the AI has found so far while it thinks.
    #[must_use]
    pub fn thinking(&self) -> Option<(u64, Option<Progress>)> {
        with_session!(self, s => s.thinking())
    }

    /// The time left for each side, if a clock runs.
    #[must_use]
    pub fn clocks(&self, now: Instant) -> Option<[Duration; 2]> {
        with_session!(self, s => {
            let to_move = s.side_to_move();
            let clock = s.clock();
            Some([clock.left(0, to_move, now)?, clock.left(1, to_move, now)?])
        })
    }

    /// Whether a sowing is being shown.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        matches!(self, Match::Mancala(g) if g.animation.is_some())
    }

    /// Stops any animation at its end.
    pub fn finish_animation(&mut self) {
        if let Match::Mancala(g) = self {
            g.animation = None;
        }
    }

    /// Forgets the picks of the turn.
    pub fn clear_picks(&mut self) {
        if let Match::Morris(g) = self {
            g.pick.clear();
        }
    }

    /// Whether any pick of the turn has been made.
    #[must_use]
    pub fn has_picks(&self) -> bool {
        matches!(self, Match::Morris(g) if !g.pick.is_empty())
    }

    /// Takes back the last move, or against the AI the moves back to the person's turn.
    pub fn undo(&mut self) -> usize {
        self.finish_animation();
        self.clear_picks();
        let humans = self
            .players()
            .iter()
            .filter(|p| **p == Player::Human)
            .count();
        let taken = with_session!(mut self, s => if humans == 2 { usize::from(s.undo()) } else { s.undo_turn() });
        self.after_change();
        taken
    }

    /// Plays taken-back moves again: one, or against the AI up to the person's next turn.
    pub fn redo(&mut self) -> usize {
        self.finish_animation();
        self.clear_picks();
        let humans = self
            .players()
            .iter()
            .filter(|p| **p == Player::Human)
            .count();
        let mut done = 0;
        with_session!(mut self, s => {
            while s.redo() {
                done += 1;
                if humans == 2 || s.player_to_move() == Player::Human || s.redoable() == 0 {
                    break;
                }
            }
        });
        self.after_change();
        done
    }

    /// Moves the view to `ply`, keeping the later moves.
    pub fn jump(&mut self, ply: usize) {
        self.finish_animation();
        self.clear_picks();
        let _ = with_session!(mut self, s => s.jump(ply));
        self.after_change();
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        with_session!(mut self, s => s.resign());
    }

    /// Offers a draw, or accepts the one offered. Returns what happened, for the player.
    pub fn draw(&mut self) -> String {
        with_session!(mut self, s => {
            if s.accept_draw() {
                "You accepted the draw.".to_owned()
            } else if s.offer_draw() {
                "The computer accepts the draw.".to_owned()
            } else if s.players().contains(&Player::Human) && s.players()[0] == s.players()[1] {
                "Draw offered: the other player can press d to accept.".to_owned()
            } else {
                "The computer declines the draw.".to_owned()
            }
        })
    }

    /// Claims that no capture can happen again (Oware).
    ///
    /// # Errors
    /// Why the claim is refused.
    pub fn claim(&mut self) -> Result<(), String> {
        with_session!(mut self, s => s.claim().map(|_| ()).map_err(|e| e.to_string()))
    }

    /// Passes (Koti), if passing is the only move.
    ///
    /// # Errors
    /// Why the player cannot pass.
    pub fn pass(&mut self, now: Instant) -> Result<(), String> {
        let Match::Morris(g) = self else {
            return Err("there is no passing in this game".to_owned());
        };
        if g.pick.stage(g.session.position()) != Stage::Pass {
            return Err("you can only pass when you cannot move".to_owned());
        }
        self.play(morris::Move::pass().to_string().as_str(), now)
    }

    /// The engine's best moves for the side to move, as a sentence; the cursor goes to the
    /// best move's point or hole.
    pub fn hint(&mut self) -> String {
        let limits = Limits::nodes(300_000);
        match self {
            Match::Morris(g) => {
                let report = g.session.hint(limits, 3);
                let Some(best) = report.best else {
                    return "There is no move to suggest.".to_owned();
                };
                g.pick.clear();
                if let Some(p) = best.from().or(best.to()) {
                    g.cursor = p;
                }
                describe_hint(&best, &report.score, &report.top)
            }
            Match::Mancala(g) => {
                let report = g.session.hint(limits, 3);
                let Some(best) = report.best else {
                    return "There is no move to suggest.".to_owned();
                };
                g.cursor = best.hole();
                describe_hint(&best, &report.score, &report.top)
            }
        }
    }

    /// Moves the board cursor.
    pub fn move_cursor(&mut self, direction: Direction) {
        match self {
            Match::Morris(g) => {
                let board = g.session.position().board();
                g.cursor = morris_step(board, g.cursor, direction);
            }
            Match::Mancala(g) => {
                let board = g.session.position().board();
                let cell = board.cell(g.cursor);
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
                        g.cursor = hole;
                    }
                }
            }
        }
    }

    /// Picks the point or hole under the cursor. Returns a refusal to show, if any.
    pub fn select(&mut self, now: Instant) -> Option<String> {
        match self {
            Match::Morris(g) => {
                let cursor = g.cursor;
                self.click_point(cursor, now)
            }
            Match::Mancala(g) => {
                let cursor = g.cursor;
                self.click_hole(cursor, now)
            }
        }
    }

    /// Picks a point of a mill board. Returns a refusal to show, if any.
    pub fn click_point(&mut self, point: Point, now: Instant) -> Option<String> {
        if let Some(why) = self.refuse_input() {
            return Some(why);
        }
        let Match::Morris(g) = self else {
            return None;
        };
        g.cursor = point;
        match g.pick.click(g.session.position(), point) {
            Picked::More => None,
            Picked::Refused(why) => Some(capitalise(why)),
            Picked::Move(mv) => self.play(&mv.to_string(), now).err(),
        }
    }

    /// Plays a hole of a mancala board. Returns a refusal to show, if any.
    pub fn click_hole(&mut self, hole: Hole, now: Instant) -> Option<String> {
        if let Some(why) = self.refuse_input() {
            return Some(why);
        }
        let Match::Mancala(g) = self else {
            return None;
        };
        g.cursor = hole;
        match pick::mancala_move_at(g.session.position(), hole) {
            Ok(mv) => self.play(&mv.to_string(), now).err(),
            Err(why) => Some(capitalise(why)),
        }
    }

    /// Why the board takes no pick now, if it does not.
    fn refuse_input(&self) -> Option<String> {
        if self.is_over() {
            Some("The game is over: press n for a new game.".to_owned())
        } else if !self.human_to_move() {
            Some("Wait: the computer is thinking.".to_owned())
        } else {
            None
        }
    }

    /// Plays a move given as text (animating a sowing when `animate` is set by the caller
    /// through [`Match::animate_last`]).
    fn play(&mut self, text: &str, now: Instant) -> Result<(), String> {
        let before = match self {
            Match::Mancala(g) => Some(g.session.position().clone()),
            Match::Morris(_) => None,
        };
        with_session!(mut self, s => s.play_at(text, now)).map_err(|e| e.to_string())?;
        if let (Match::Mancala(g), Some(before)) = (&mut *self, before) {
            g.animation = before
                .parse_move(text)
                .ok()
                .and_then(|mv| Animation::new(before, mv, now));
        }
        self.after_change();
        Ok(())
    }

    /// After the board changed: the mancala cursor goes to the mover's side.
    fn after_change(&mut self) {
        if let Match::Mancala(g) = self {
            g.cursor_to_mover();
        }
    }

    /// Starts the AI if it is to move, and plays its move when it is ready (not while a
    /// sowing is shown, nor while the player looks back through the game). Returns the move.
    pub fn run_ai(&mut self, now: Instant) -> Option<AiMove> {
        if self.is_animating() || self.redoable() > 0 || self.is_over() {
            return None;
        }
        let before = match self {
            Match::Mancala(g) => Some(g.session.position().clone()),
            Match::Morris(_) => None,
        };
        let side = self.side_to_move();
        let (text, depth, score, nodes) = with_session!(mut self, s => {
            s.tick(now);
            s.start_ai();
            let (text, choice) = s.poll_ai()?;
            (text, choice.depth, choice.score.to_string(), choice.nodes)
        });
        if let (Match::Mancala(g), Some(before)) = (&mut *self, before) {
            g.animation = before
                .parse_move(&text)
                .ok()
                .and_then(|mv| Animation::new(before, mv, now));
        }
        self.after_change();
        Some(AiMove {
            side,
            text,
            depth,
            score,
            nodes,
        })
    }

    /// Moves the animation on; the clock too.
    pub fn tick(&mut self, now: Instant, animate: bool) {
        if let Match::Mancala(g) = self
            && let Some(animation) = &mut g.animation
            && (!animate || !animation.advance(now))
        {
            g.animation = None;
        }
        with_session!(mut self, s => s.tick(now));
    }

    /// How the game ended, as a sentence naming the sides (empty while it goes on).
    #[must_use]
    pub fn ending(&self) -> String {
        let status = self.status();
        let names = self.side_names();
        let loser = match status.result {
            "1-0" => names[1],
            _ => names[0],
        };
        match status.reason {
            None => String::new(),
            Some("resignation") => format!("{loser} resigned."),
            Some("time") => format!("{loser} ran out of time."),
            Some(_) => format!("{}.", capitalise(status.message.as_deref().unwrap_or(""))),
        }
    }

    /// What the player should do now, as a sentence (empty while the computer moves).
    #[must_use]
    pub fn prompt(&self) -> String {
        if self.is_over() {
            return format!(
                "{} Press n for a new game, or v to view it again.",
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
        if !self.human_to_move() {
            return String::new();
        }
        let side = self.side_names()[self.side_to_move()];
        match self {
            Match::Morris(g) => match g.pick.stage(g.session.position()) {
                Stage::Place => format!("{side}: place a cow on an empty point."),
                Stage::From => format!("{side}: pick a cow to move."),
                Stage::To(from) => format!(
                    "Where does the cow on {from} go? (Esc or {from} again lets go)",
                    from = from.label()
                ),
                Stage::Shoot { left: 0 } => "Mill! Shoot a cow: pick a highlighted one.".to_owned(),
                Stage::Shoot { left } => {
                    format!("Mills! Shoot a cow ({} more after this one).", left)
                }
                Stage::Pass => format!("{side} cannot move: press p to pass."),
                Stage::None => String::new(),
            },
            Match::Mancala(g) => {
                let pos = g.session.position();
                let mover = pos.side_to_move();
                let other = mover.other();
                if pos.game() == mancala::Game::Oware && pos.seeds_on_side(other) == 0 {
                    format!(
                        "{} must feed {}: only moves that reach {}'s houses are allowed.",
                        capitalise(mover.name()),
                        capitalise(other.name()),
                        capitalise(other.name())
                    )
                } else {
                    format!("{}: pick a hole to sow.", capitalise(mover.name()))
                }
            }
        }
    }
}

impl MancalaGame {
    /// Puts the cursor on a playable hole of the side to move, if it is not on one.
    fn cursor_to_mover(&mut self) {
        let pos = self.session.position();
        let targets = pick::mancala_targets(pos);
        if targets.contains(&self.cursor) {
            return;
        }
        self.cursor = targets
            .first()
            .copied()
            .unwrap_or_else(|| Hole::new(pos.side_to_move(), 0));
    }

    /// The holes, captures and active hole to draw (mid-animation or as they stand).
    #[must_use]
    pub fn shown(&self) -> (Vec<u8>, [u32; 2], Option<Hole>) {
        match &self.animation {
            Some(a) => a.frame(),
            None => {
                let pos = self.session.position();
                (
                    pos.holes().to_vec(),
                    [pos.captured(Side::South), pos.captured(Side::North)],
                    None,
                )
            }
        }
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

fn describe_hint<M: std::fmt::Display>(
    best: &M,
    score: &kraal_ai::Score,
    top: &[(M, kraal_ai::Score)],
) -> String {
    let others: Vec<String> = top
        .iter()
        .skip(1)
        .map(|(m, s)| format!("{m} ({s})"))
        .collect();
    let mut text = format!("Hint: {best} (score {score})");
    if !others.is_empty() {
        text.push_str(&format!("; also {}", others.join(", ")));
    }
    text.push('.');
    text
}

/// The text with its first letter in upper case.
#[must_use]
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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
