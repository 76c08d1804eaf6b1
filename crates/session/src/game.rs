//! A game in progress: the position, the move history with a cursor (undo, redo, jump), the
//! players, session endings (resignation, agreed draw, the move limit), hints, and the AI
//! thinking on a background thread that undo cancels.

use crate::clock::{Clock, TimeControl};
use crate::error::SessionError;
use crate::family::Family;
use crate::record::{Record, RecordMove};
use crate::rules::GameRules;
use kraal_ai::opponents::{Choice, Player as Engine};
use kraal_ai::{Limits, Opponent, SearchConfig, SearchReport, Searcher};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

/// Sessions end a game at this many plies as a draw where the rules have no end of their own.
pub const MOVE_LIMIT: usize = 1_000;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, at this keyboard.
    Human,
    /// One of the seven opponents.
    Ai(Opponent),
}

impl Player {
    /// Reads `human`, `ai:1` to `ai:7`, or an opponent's name.
    ///
    /// # Errors
    /// Any other text, with the names that are known.
    pub fn parse(text: &str) -> Result<Player, kraal_ai::opponents::UnknownOpponent> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Player::Human)
        } else {
            text.parse().map(Player::Ai)
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Human => f.write_str("human"),
            Player::Ai(o) => write!(f, "ai:{}", o.level),
        }
    }
}

/// An end that the players or the session decide, not the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side (0 first, 1 second) resigned.
    Resigned(usize),
    /// The players agreed a draw.
    Agreed,
    /// The game reached [`MOVE_LIMIT`] plies.
    MoveLimit,
    /// The side (0 first, 1 second) ran out of time.
    Time(usize),
    /// A claim that no capture can happen again was granted (Oware).
    Claimed,
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The result in record notation: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
    pub result: &'static str,
    /// Why it ended, as a short name (`reduced-to-two`, `resignation`, ...), if it has.
    pub reason: Option<&'static str>,
    /// Why it ended, as a sentence for players, if it has.
    pub message: Option<String>,
}

/// The AI thinking about a move on another thread.
struct Thinking<M> {
    ply: usize,
    receiver: Receiver<Choice<M>>,
    stop: kraal_ai::StopFlag,
}

impl<M> Drop for Thinking<M> {
    /// Cancelling asks the search to stop; its thread ends on its own within a few thousand
    /// nodes, and its answer, if any, goes nowhere.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// A game in progress of one family.
pub struct Session<F: Family> {
    family: F,
    rules: GameRules,
    start_text: Option<String>,
    start: F::Position,
    /// Every move played (canonical text) with the position after it.
    history: Vec<(String, F::Position)>,
    /// How many moves of the history stand on the board.
    cursor: usize,
    players: [Player; 2],
    ending: Option<Ending>,
    /// The ply the ending happened at: it stands while the cursor is there, so looking back
    /// through a finished game and returning keeps its ending.
    ending_ply: usize,
    draw_offer: Option<usize>,
    thinking: Option<Thinking<F::Move>>,
    seed: u64,
    clock: Clock,
    /// Under touch-move, the point of the cow the player to move has touched.
    touched: Option<String>,
    /// The position ended by a granted claim (with the seeds shared out).
    claimed: Option<F::Position>,
}

impl<F: Family> Session<F>
where
    F::Position: Send + 'static,
    F::Move: Send + 'static,
{
    /// A new game under `rules` from the start or from `start` (a position string).
    ///
    /// # Errors
    /// A start position that cannot be used.
    pub fn new(
        family: F,
        rules: GameRules,
        start: Option<&str>,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Self, SessionError> {
        let position = family.position(start)?;
        Ok(Session {
            family,
            rules,
            start_text: start.map(str::to_owned),
            start: position,
            history: Vec::new(),
            cursor: 0,
            players,
            ending: None,
            ending_ply: 0,
            draw_offer: None,
            thinking: None,
            seed,
            clock: Clock::new(TimeControl::None),
            touched: None,
            claimed: None,
        })
    }

    /// Sets the time control; the clock starts at once for the side to move.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.clock = Clock::new(control);
        self.clock.start(Instant::now());
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Ends the game on time if the side to move has run out at `now`. Returns whether it did.
    pub fn tick(&mut self, now: Instant) -> bool {
        if !self.is_over() && self.clock.flagged(self.side_to_move(), now) {
            self.end(Ending::Time(self.side_to_move()));
            return true;
        }
        false
    }

    /// Whether touch-move is in force: in the tournament rules of Morabaraba, a cow the player
    /// has touched must move if it can.
    pub fn touch_move(&self) -> bool {
        matches!(
            self.rules,
            GameRules::Morris {
                rule_set: kraal_rules_morris::RuleSet::Tournament,
                ..
            }
        )
    }

    /// The player to move touches the cow on `point`. Under touch-move, once a cow that can
    /// move is touched, only it may move this turn.
    ///
    /// # Errors
    /// Another cow that can move was touched already.
    pub fn touch(&mut self, point: &str) -> Result<(), SessionError> {
        if !self.touch_move() {
            return Ok(());
        }
        let point = point.trim().to_ascii_lowercase();
        if let Some(touched) = &self.touched
            && *touched != point
        {
            return Err(SessionError::Move {
                text: point,
                reason: format!("touch-move: you touched the cow on {touched}, and it must move"),
            });
        }
        let can_move = F::legal_moves(self.position())
            .into_iter()
            .any(|m| F::origin(m).as_deref() == Some(&point));
        if can_move {
            self.touched = Some(point);
        }
        Ok(())
    }

    /// The family's face (positions, moves, pictures).
    pub fn family(&self) -> &F {
        &self.family
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The position on the board (at the cursor).
    pub fn position(&self) -> &F::Position {
        if self.cursor == 0 {
            &self.start
        } else {
            &self.history[self.cursor - 1].1
        }
    }

    /// The moves on the board, oldest first (those after the cursor are undone).
    pub fn moves(&self) -> Vec<&str> {
        self.history[..self.cursor]
            .iter()
            .map(|(m, _)| m.as_str())
            .collect()
    }

    /// Every move of the game, oldest first, with those undone after the cursor (for a move
    /// list that can step forward again).
    pub fn all_moves(&self) -> Vec<&str> {
        self.history.iter().map(|(m, _)| m.as_str()).collect()
    }

    /// The ply at the cursor (moves on the board).
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The moves that can be redone.
    pub fn redoable(&self) -> usize {
        self.history.len() - self.cursor
    }

    /// 0 when the first player (White, South) is to move, 1 otherwise.
    pub fn side_to_move(&self) -> usize {
        F::side_index(self.position())
    }

    /// Who plays each side.
    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    /// Who is to move.
    pub fn player_to_move(&self) -> Player {
        self.players[self.side_to_move()]
    }

    /// The game's standing: its result and why.
    pub fn status(&self) -> Status {
        let ending = self.ending.filter(|_| self.cursor == self.ending_ply);
        if let (Some(Ending::Claimed), Some(claimed)) = (ending, &self.claimed) {
            return Self::rules_status(claimed);
        }
        let Some(ending) = ending else {
            return Self::rules_status(self.position());
        };
        let (result, reason, message) = match ending {
            Ending::Resigned(0) => ("0-1", "resignation", "the first player resigned"),
            Ending::Resigned(_) => ("1-0", "resignation", "the second player resigned"),
            Ending::Agreed => ("1/2-1/2", "agreement", "draw agreed"),
            Ending::MoveLimit => (
                "1/2-1/2",
                "move-limit",
                "draw: the game reached its move limit",
            ),
            Ending::Time(0) => ("0-1", "time", "the first player ran out of time"),
            Ending::Time(_) => ("1-0", "time", "the second player ran out of time"),
            Ending::Claimed => ("*", "no-capture-possible", "claim granted"),
        };
        Status {
            result,
            reason: Some(reason),
            message: Some(message.to_owned()),
        }
    }

    /// The status the rules give a position.
    fn rules_status(pos: &F::Position) -> Status {
        match F::outcome(pos) {
            None => Status {
                result: "*",
                reason: None,
                message: None,
            },
            Some((message, reason)) => {
                let result = match F::winner_is_first(pos) {
                    Some(true) => "1-0",
                    Some(false) => "0-1",
                    None => "1/2-1/2",
                };
                Status {
                    result,
                    reason: Some(reason),
                    message: Some(message),
                }
            }
        }
    }

    /// The side to move claims that no capture can happen again (Oware). If the rules grant
    /// it, the game ends and each player takes the seeds on their own side.
    ///
    /// # Errors
    /// The game is over, or the claim is refused (the error says why).
    pub fn claim(&mut self) -> Result<Status, SessionError> {
        let refuse = |reason: String| SessionError::Move {
            text: "claim".to_owned(),
            reason,
        };
        if let Some(message) = self.status().message {
            return Err(refuse(format!("the game is over ({message})")));
        }
        let claimed = F::claim(self.position()).map_err(refuse)?;
        self.thinking = None;
        self.claimed = Some(claimed);
        self.end(Ending::Claimed);
        Ok(self.status())
    }

    /// Ends the game here by a session decision (not the rules).
    fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.ending_ply = self.cursor;
    }

    /// Whether the game has ended (by the rules or the session).
    pub fn is_over(&self) -> bool {
        self.status().result != "*"
    }

    /// Plays a move given as text. A move played with undone moves after the cursor drops them.
    ///
    /// # Errors
    /// The game is over, or the text is not a legal move (the error says why).
    pub fn play(&mut self, text: &str) -> Result<String, SessionError> {
        self.play_at(text, Instant::now())
    }

    /// Plays a move given as text at the time `now` (for the clock).
    ///
    /// # Errors
    /// The game is over (time included), the move breaks touch-move, or the text is not a
    /// legal move (the error says why).
    pub fn play_at(&mut self, text: &str, now: Instant) -> Result<String, SessionError> {
        self.tick(now);
        if let Some(message) = self.status().message {
            return Err(SessionError::Move {
                text: text.to_owned(),
                reason: format!("the game is over ({message})"),
            });
        }
        let mv = F::parse_move(self.position(), text)?;
        if let Some(touched) = &self.touched
            && F::origin(mv).as_deref() != Some(touched.as_str())
        {
            return Err(SessionError::Move {
                text: text.to_owned(),
                reason: format!("touch-move: you touched the cow on {touched}, and it must move"),
            });
        }
        self.clock.end_turn(self.side_to_move(), now);
        Ok(self.push(mv))
    }

    fn push(&mut self, mv: F::Move) -> String {
        self.thinking = None;
        self.touched = None;
        // An offer stands through the offerer's own move; the opponent's move declines it.
        if self
            .draw_offer
            .is_some_and(|side| side != self.side_to_move())
        {
            self.draw_offer = None;
        }
        let next = F::after(self.position(), mv);
        // A new move changes the game's future: an ending further on no longer stands.
        self.history.truncate(self.cursor);
        self.ending = None;
        self.claimed = None;
        let canonical = mv.to_string();
        self.history.push((canonical.clone(), next));
        self.cursor += 1;
        if self.cursor >= MOVE_LIMIT && F::outcome(self.position()).is_none() {
            self.end(Ending::MoveLimit);
        }
        canonical
    }

    /// Takes back one move (and cancels any AI thinking). Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        self.thinking = None;
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.draw_offer = None;
        self.touched = None;
        true
    }

    /// Takes back moves until a human is to move again (at least one move): against the AI,
    /// undo goes back to the human's last turn. Returns how many moves were taken back.
    pub fn undo_turn(&mut self) -> usize {
        let mut taken = 0;
        while self.undo() {
            taken += 1;
            if self.player_to_move() == Player::Human {
                break;
            }
        }
        taken
    }

    /// Plays the next undone move again. Returns whether there was one.
    pub fn redo(&mut self) -> bool {
        self.thinking = None;
        if self.cursor == self.history.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `ply` (0: the start), keeping the moves after it for redo.
    ///
    /// # Errors
    /// A ply beyond the moves played.
    pub fn jump(&mut self, ply: usize) -> Result<(), SessionError> {
        if ply > self.history.len() {
            return Err(SessionError::Move {
                text: ply.to_string(),
                reason: format!("the game has only {} moves", self.history.len()),
            });
        }
        self.thinking = None;
        self.cursor = ply;
        Ok(())
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.end(Ending::Resigned(self.side_to_move()));
        }
    }

    /// The side to move offers a draw. A human opponent may accept it on their next turn (their
    /// move declines it); an AI opponent answers at once: it accepts when its search scores the
    /// position better for the offerer than even. Returns whether the draw was agreed.
    pub fn offer_draw(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        let offerer = self.side_to_move();
        match self.players[1 - offerer] {
            Player::Ai(_) => {
                // The opponent looks from its own side: the score here is the offerer's.
                let report = self.hint(Limits::nodes(20_000), 1);
                let offerer_better = match report.score {
                    kraal_ai::Score::Value(v) => v > 0,
                    kraal_ai::Score::WinIn(_) => true,
                    kraal_ai::Score::LossIn(_) => false,
                };
                if offerer_better {
                    self.end(Ending::Agreed);
                }
                offerer_better
            }
            Player::Human => {
                self.draw_offer = Some(offerer);
                false
            }
        }
    }

    /// The side to move accepts a draw its opponent offered. Returns whether there was one.
    pub fn accept_draw(&mut self) -> bool {
        if self.draw_offer == Some(1 - self.side_to_move()) && !self.is_over() {
            self.end(Ending::Agreed);
            return true;
        }
        false
    }

    /// The engine's best moves for the side to move (a hint, or analysis).
    pub fn hint(&self, limits: Limits, top: usize) -> SearchReport<F::Move> {
        let config = SearchConfig {
            top_moves: top.max(1),
            table_megabytes: 8,
            ..SearchConfig::default()
        };
        Searcher::<F::Ai>::new(config).search(self.position(), limits)
    }

    /// Starts the AI thinking for the side to move on a background thread (if that side is an
    /// AI and it is not already thinking). Poll with [`Session::poll_ai`].
    pub fn start_ai(&mut self) {
        let Player::Ai(opponent) = self.player_to_move() else {
            return;
        };
        if self.is_over() || self.thinking.as_ref().is_some_and(|t| t.ply == self.cursor) {
            return;
        }
        let mut engine: Engine<F::Ai> = opponent.player();
        let stop = engine.stop_flag();
        let state = self.position().clone();
        let seed = self.seed ^ (self.cursor as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(engine.choose(&state, seed));
        });
        self.thinking = Some(Thinking {
            ply: self.cursor,
            receiver,
            stop,
        });
    }

    /// Whether the AI is thinking.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// While the AI thinks: the nodes it has searched and its last finished iteration (depth,
    /// score and best line; `None` until the first one, and always for the Calf's MCTS).
    pub fn thinking(&self) -> Option<(u64, Option<kraal_ai::Progress>)> {
        self.thinking
            .as_ref()
            .map(|t| (t.stop.nodes(), t.stop.progress()))
    }

    /// The position before the last move on the board, if any (to animate that move).
    pub fn position_before_last(&self) -> Option<&F::Position> {
        match self.cursor {
            0 => None,
            1 => Some(&self.start),
            n => Some(&self.history[n - 2].1),
        }
    }

    /// The move that led to the position on the board, if any (to mark it).
    pub fn last_move(&self) -> Option<F::Move> {
        let (text, _) = self.history.get(self.cursor.checked_sub(1)?)?;
        F::parse_move(self.position_before_last()?, text).ok()
    }

    /// Plays the AI's move if it is ready, returning it with what the AI thought.
    pub fn poll_ai(&mut self) -> Option<(String, Choice<F::Move>)> {
        let thinking = self.thinking.as_ref()?;
        match thinking.receiver.try_recv() {
            Ok(choice) if thinking.ply == self.cursor => {
                let mv = choice.mv?;
                if !self.clock.end_turn(self.side_to_move(), Instant::now()) {
                    self.tick(Instant::now());
                    self.thinking = None;
                    return None;
                }
                let text = self.push(mv);
                Some((text, choice))
            }
            Ok(_) | Err(TryRecvError::Disconnected) => {
                self.thinking = None;
                None
            }
            Err(TryRecvError::Empty) => None,
        }
    }

    /// Waits for the AI's move (starting it if needed) and plays it.
    pub fn wait_ai(&mut self) -> Option<(String, Choice<F::Move>)> {
        self.start_ai();
        loop {
            self.thinking.as_ref()?;
            if let Some(result) = self.poll_ai() {
                return Some(result);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// The game as a record: the rules, the players, the start, the moves on the board, and
    /// the result.
    pub fn record(&self) -> Record {
        let mut record = Record::new(&self.rules);
        record.set_tag("Date", &today());
        record.set_tag("White", &self.players[0].to_string());
        record.set_tag("Black", &self.players[1].to_string());
        if let Some(start) = &self.start_text {
            record.set_tag("Position", start);
        }
        if self.clock.control() != TimeControl::None {
            record.set_tag("Clock", &self.clock.control().to_string());
            record.set_tag("Remaining", &self.clock.snapshot(Instant::now()));
        }
        let status = self.status();
        record.set_tag("Result", status.result);
        if let Some(reason) = status.reason {
            record.set_tag("Reason", reason);
        }
        record.moves = self
            .moves()
            .into_iter()
            .map(|m| RecordMove {
                text: m.to_owned(),
                comment: None,
                line: 0,
            })
            .collect();
        record
    }

    /// Loads a record's moves into a new session with these players.
    ///
    /// # Errors
    /// The record's rules or a move cannot be used (named by line and number).
    pub fn from_record(
        family: F,
        record: &Record,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Self, crate::RecordError> {
        let rules = record.rules()?;
        let mut session = Session::new(family, rules, record.tag("Position"), players, seed)
            .map_err(crate::RecordError::Rules)?;
        for (i, mv) in record.moves.iter().enumerate() {
            session
                .play(&mv.text)
                .map_err(|reason| crate::RecordError::Move {
                    line: mv.line,
                    number: i + 1,
                    text: mv.text.clone(),
                    reason,
                })?;
        }
        match (record.tag("Reason"), record.tag("Result")) {
            (Some("resignation"), Some("1-0")) => session.end(Ending::Resigned(1)),
            (Some("resignation"), Some("0-1")) => session.end(Ending::Resigned(0)),
            (Some("time"), Some("1-0")) => session.end(Ending::Time(1)),
            (Some("time"), Some("0-1")) => session.end(Ending::Time(0)),
            (Some("agreement"), _) => session.end(Ending::Agreed),
            (Some("no-capture-possible"), _) => {
                session.claim().map_err(crate::RecordError::Rules)?;
            }
            _ => {}
        }
        // The clock was stopped while the game was saved: it goes on from where it stood.
        if let Some(control) = record
            .tag("Clock")
            .and_then(|c| c.parse::<TimeControl>().ok())
        {
            session.clock = record
                .tag("Remaining")
                .and_then(|r| Clock::restore(control, r))
                .unwrap_or_else(|| Clock::new(control));
            session.clock.start(Instant::now());
        }
        Ok(session)
    }
}

/// The AI's view of the game's state, for front ends that show it.
pub fn describe_choice<M: std::fmt::Display>(choice: &Choice<M>) -> String {
    format!(
        "depth {}, {} nodes, score {}",
        choice.depth, choice.nodes, choice.score
    )
}

/// Today's date (UTC) as `YYYY-MM-DD`, for records.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn days_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
    }
}
