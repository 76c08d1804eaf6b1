//! A game in progress: the position, the typed move history with a cursor (undo, redo, jump),
//! the players, session endings (resignation, agreed draw, time, the move limit), and the work
//! done on background threads that undo or a new move cancels: the AI choosing its move, hints,
//! and the AI's decision on a draw offer. Nothing here searches on the caller's thread but
//! [`Session::analyse`].

use crate::clock::{Clock, TimeControl};
use crate::error::SessionError;
use crate::family::Family;
use crate::outcome::{EndReason, GameResult, Outcome, Seat};
use crate::record::{Record, RecordMove};
use crate::rules::GameRules;
use kraal_ai::opponents::{Choice, Player as Engine};
use kraal_ai::{Limits, Opponent, SearchConfig, SearchReport, Searcher};
use kraal_rules_morris::Point;
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
enum Ending {
    /// The side resigned.
    Resigned(Seat),
    /// The players agreed a draw.
    Agreed,
    /// The game reached [`MOVE_LIMIT`] plies.
    MoveLimit,
    /// The side ran out of time.
    Time(Seat),
    /// A claim that no capture can happen again was granted (Oware).
    Claimed,
}

/// The engine's nodes for a hint: the same in every front end.
pub const HINT_NODES: u64 = 300_000;
/// The engine's nodes for deciding on a draw offer.
const DRAW_NODES: u64 = 20_000;
/// The computer takes a draw only when its own score is at most this (0.10 of a cow or seed
/// ahead: about level, or worse), or its manner's lower bar (`Manner::accepts_draw_at`)...
const DRAW_LEVEL: i32 = 100;
/// ...and, within the opening (the first [`OPENING_PLIES`] plies), only when it stands clearly
/// lost (two cows or seeds behind, or a forced loss): the evaluation gives the first player up
/// to a cow's worth in a balanced opening, which is played on.
const DRAW_CLEARLY_WORSE: i32 = -2_000;
/// The plies of the opening (Morabaraba's twenty-four placements).
const OPENING_PLIES: usize = 24;

/// Work on a background thread whose answer is wanted at one ply only: undo or a new move
/// drops it (dropping asks the search to stop).
struct Pending<R> {
    ply: usize,
    receiver: Receiver<R>,
    stop: kraal_ai::StopFlag,
    /// When the work began (the computer's pace counts from here).
    started: Instant,
}

impl<R: Send + 'static> Pending<R> {
    /// Runs `work` on its own thread for the position at `ply`.
    fn spawn(
        ply: usize,
        stop: kraal_ai::StopFlag,
        work: impl FnOnce() -> R + Send + 'static,
    ) -> Pending<R> {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(work());
        });
        Pending {
            ply,
            receiver,
            stop,
            started: Instant::now(),
        }
    }
}

impl<R> Drop for Pending<R> {
    /// Cancelling asks the search to stop; its thread ends on its own within a few thousand
    /// nodes, and its answer, if any, goes nowhere.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// What polling a piece of background work found.
enum Polled<R> {
    /// The answer, for the ply it was asked at.
    Ready(R),
    /// Still working.
    Waiting,
    /// Nothing is pending, or the answer is for another ply (it is dropped).
    Gone,
}

/// Takes the answer of `pending` if it is ready and still wanted at `ply`.
fn poll<R>(pending: &mut Option<Pending<R>>, ply: usize) -> Polled<R> {
    let Some(work) = pending.as_ref() else {
        return Polled::Gone;
    };
    match work.receiver.try_recv() {
        Ok(answer) if work.ply == ply => {
            *pending = None;
            Polled::Ready(answer)
        }
        Err(TryRecvError::Empty) => Polled::Waiting,
        Ok(_) | Err(TryRecvError::Disconnected) => {
            *pending = None;
            Polled::Gone
        }
    }
}

/// What became of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The opponent (a person) may accept it on their turn; their move declines it.
    Offered,
    /// The computer is deciding: poll with [`Session::poll_draw`].
    Asked,
    /// No offer can be made (the game is over).
    Refused,
}

/// A hint's search report, with the tables it consulted (if any).
type HintFound<F> = (
    SearchReport<<F as Family>::Move>,
    Option<std::sync::Arc<dyn kraal_ai::Oracle<<F as Family>::Ai>>>,
);

/// A game in progress of one family.
pub struct Session<F: Family> {
    family: F,
    rules: GameRules,
    start_text: Option<String>,
    start: F::Position,
    /// Every move played with the position after it.
    history: Vec<(F::Move, F::Position)>,
    /// How many moves of the history stand on the board.
    cursor: usize,
    players: [Player; 2],
    ending: Option<Ending>,
    /// The ply the ending happened at: it stands while the cursor is there, so looking back
    /// through a finished game and returning keeps its ending.
    ending_ply: usize,
    draw_offer: Option<usize>,
    /// The AI choosing its move.
    thinking: Option<Pending<Choice<F::Move>>>,
    /// A hint being searched, and the tables it consulted.
    hint: Option<Pending<HintFound<F>>>,
    /// What the tables said of the position of the last hint found, if they know it.
    hint_tables: Option<String>,
    /// The computer deciding on a draw offer: the offerer's score as it sees it.
    draw_decision: Option<Pending<kraal_ai::Score>>,
    seed: u64,
    clock: Clock,
    /// Under touch-move, the point of the cow the player to move has touched.
    touched: Option<Point>,
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
            hint_tables: None,
            hint: None,
            draw_decision: None,
            seed,
            clock: Clock::new(TimeControl::None),
            touched: None,
            claimed: None,
        })
    }

    /// Sets the time control; the clock starts at `now` for the side to move.
    pub fn set_time_control_at(&mut self, control: TimeControl, now: Instant) {
        self.clock = Clock::new(control);
        self.clock.start(now);
    }

    /// Sets the time control; the clock starts at once for the side to move.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.set_time_control_at(control, Instant::now());
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Ends the game on time if the side to move has run out at `now`. Returns whether it did.
    pub fn tick(&mut self, now: Instant) -> bool {
        if !self.is_over() && self.clock.flagged(self.side_to_move(), now) {
            self.end(Ending::Time(Seat::from_index(self.side_to_move())));
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

    /// The cow the player to move has touched under touch-move, if any.
    pub fn touched(&self) -> Option<Point> {
        self.touched
    }

    /// The player to move touches the cow on `point`. Under touch-move, once a cow that can
    /// move is touched, only it may move this turn.
    ///
    /// # Errors
    /// Another cow that can move was touched already.
    pub fn touch(&mut self, point: Point) -> Result<(), SessionError> {
        if !self.touch_move() {
            return Ok(());
        }
        if let Some(touched) = self.touched
            && touched != point
        {
            return Err(SessionError::TouchMove { touched });
        }
        let can_move = F::legal_moves(self.position())
            .into_iter()
            .any(|m| F::origin(m) == Some(point));
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
    pub fn moves(&self) -> Vec<F::Move> {
        self.history[..self.cursor]
            .iter()
            .map(|(m, _)| *m)
            .collect()
    }

    /// Every move of the game, oldest first, with those undone after the cursor (for a move
    /// list that can step forward again).
    pub fn all_moves(&self) -> Vec<F::Move> {
        self.history.iter().map(|(m, _)| *m).collect()
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

    /// How the game ended, if it has (by the rules or the session), at the cursor.
    pub fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending.filter(|_| self.cursor == self.ending_ply);
        let decided = |winner, reason| Some(Outcome::decided(F::KIND, winner, reason));
        match ending {
            None => F::outcome(self.position()),
            Some(Ending::Claimed) => self.claimed.as_ref().and_then(F::outcome),
            Some(Ending::Resigned(seat)) => decided(Some(seat.other()), EndReason::Resignation),
            Some(Ending::Time(seat)) => decided(Some(seat.other()), EndReason::Time),
            Some(Ending::Agreed) => decided(None, EndReason::Agreement),
            Some(Ending::MoveLimit) => decided(None, EndReason::MoveLimit),
        }
    }

    /// The side to move claims that no capture can happen again (Oware). If the rules grant
    /// it, the game ends and each player takes the seeds on their own side.
    ///
    /// # Errors
    /// The game is over, or the claim is refused (the error says why).
    pub fn claim(&mut self) -> Result<Outcome, SessionError> {
        self.refuse_if_over()?;
        let claimed = F::claim(self.position())?;
        self.cancel_work();
        self.claimed = Some(claimed);
        self.end(Ending::Claimed);
        self.outcome().ok_or(SessionError::ClaimRefused {
            reason: "the claim did not end the game".to_owned(),
        })
    }

    /// Ends the game here by a session decision (not the rules).
    fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.ending_ply = self.cursor;
    }

    /// Whether the game has ended (by the rules or the session).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn refuse_if_over(&self) -> Result<(), SessionError> {
        match self.outcome() {
            Some(outcome) => Err(SessionError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Reads a move given as text and plays it (the edge where text becomes a move: the CLI,
    /// records, protocols). A move played with undone moves after the cursor drops them.
    ///
    /// # Errors
    /// The game is over, the move breaks touch-move, or the text is not a legal move (the
    /// error says why).
    pub fn play_text(&mut self, text: &str) -> Result<F::Move, SessionError> {
        self.play_text_at(text, Instant::now())
    }

    /// [`Session::play_text`] at the time `now` (for the clock).
    ///
    /// # Errors
    /// As [`Session::play_text`]; the game is also over when the side to move has run out of
    /// time at `now`.
    pub fn play_text_at(&mut self, text: &str, now: Instant) -> Result<F::Move, SessionError> {
        self.tick(now);
        self.refuse_if_over()?;
        // Resolving text against the position checks the move: it is not checked again.
        let mv = F::parse_move(self.position(), text)?;
        self.play_legal(mv, now)?;
        Ok(mv)
    }

    /// Plays a typed move (from a pick, an engine, a server), checking it once.
    ///
    /// # Errors
    /// The game is over, the move breaks touch-move, or it is illegal here.
    pub fn play_move(&mut self, mv: F::Move) -> Result<(), SessionError> {
        self.play_move_at(mv, Instant::now())
    }

    /// [`Session::play_move`] at the time `now` (for the clock).
    ///
    /// # Errors
    /// As [`Session::play_move`].
    pub fn play_move_at(&mut self, mv: F::Move, now: Instant) -> Result<(), SessionError> {
        self.tick(now);
        self.refuse_if_over()?;
        F::check(self.position(), mv)?;
        self.play_legal(mv, now)
    }

    /// Plays a move built from the legal moves (a pick): it is not checked again.
    pub(crate) fn play_picked(&mut self, mv: F::Move, now: Instant) -> Result<(), SessionError> {
        self.tick(now);
        self.refuse_if_over()?;
        self.play_legal(mv, now)
    }

    /// Plays a move already known to be legal here, after the session's own checks.
    fn play_legal(&mut self, mv: F::Move, now: Instant) -> Result<(), SessionError> {
        if let Some(touched) = self.touched
            && F::origin(mv) != Some(touched)
        {
            return Err(SessionError::TouchMove { touched });
        }
        self.clock.end_turn(self.side_to_move(), now);
        self.push(mv);
        Ok(())
    }

    fn push(&mut self, mv: F::Move) {
        self.cancel_work();
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
        self.history.push((mv, next));
        self.cursor += 1;
        if self.cursor >= MOVE_LIMIT && F::outcome(self.position()).is_none() {
            self.end(Ending::MoveLimit);
        }
    }

    /// Drops the AI's thinking, a pending hint and a pending draw decision.
    fn cancel_work(&mut self) {
        self.thinking = None;
        self.hint = None;
        self.draw_decision = None;
    }

    /// Takes back one move (and cancels any AI thinking). Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        self.cancel_work();
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
        self.cancel_work();
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
            return Err(SessionError::NoSuchPly {
                ply,
                moves: self.history.len(),
            });
        }
        self.cancel_work();
        self.cursor = ply;
        Ok(())
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.end(Ending::Resigned(Seat::from_index(self.side_to_move())));
        }
    }

    /// The side to move offers a draw. A human opponent may accept it on their next turn (their
    /// move declines it); an AI opponent decides on its worker thread: poll with
    /// [`Session::poll_draw`].
    pub fn offer_draw(&mut self) -> DrawOffer {
        if self.is_over() {
            return DrawOffer::Refused;
        }
        let offerer = self.side_to_move();
        match self.players[1 - offerer] {
            Player::Ai(_) => {
                let (stop, search) = self.search_job(Limits::nodes(DRAW_NODES), 1);
                self.draw_decision =
                    Some(Pending::spawn(self.cursor, stop, move || search().score));
                DrawOffer::Asked
            }
            Player::Human => {
                self.draw_offer = Some(offerer);
                DrawOffer::Offered
            }
        }
    }

    /// Whether the computer is deciding on a draw offer.
    pub fn draw_pending(&self) -> bool {
        self.draw_decision.is_some()
    }

    /// The computer's answer to a draw offer, once it has decided: `Some(true)` if it accepts
    /// (the game ends drawn), `Some(false)` if it declines, `None` while it thinks or when
    /// nothing was asked. It accepts only when its search finds its own side no better than
    /// its manner allows (`Manner::accepts_draw_at`: the weakest take a draw a little ahead,
    /// the strongest only when behind), and in the opening only when it stands clearly worse:
    /// a balanced opening is played on.
    pub fn poll_draw(&mut self) -> Option<bool> {
        let Polled::Ready(score) = poll(&mut self.draw_decision, self.cursor) else {
            return None;
        };
        // The search looks from the offerer's side; the computer judges from its own.
        let own = match score {
            kraal_ai::Score::Value(v) => -v,
            kraal_ai::Score::WinIn(_) => i32::MIN,
            kraal_ai::Score::LossIn(_) => i32::MAX,
        };
        // Its manner sets how level the game must be; the opening rule holds for all.
        let level = match self.players[1 - self.side_to_move()] {
            Player::Ai(opponent) => opponent.manner.accepts_draw_at,
            Player::Human => DRAW_LEVEL,
        };
        let accepts = own <= level && (self.cursor >= OPENING_PLIES || own <= DRAW_CLEARLY_WORSE);
        if accepts && !self.is_over() {
            self.end(Ending::Agreed);
        }
        Some(accepts)
    }

    /// Waits for the computer's answer to a draw offer.
    pub fn wait_draw(&mut self) -> Option<bool> {
        while self.draw_decision.is_some() {
            if let Some(answer) = self.poll_draw() {
                return Some(answer);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        None
    }

    /// The offer standing for the side to move to accept, if any (made by the other side).
    pub fn draw_offered(&self) -> bool {
        self.draw_offer == Some(1 - self.side_to_move()) && !self.is_over()
    }

    /// The side to move accepts a draw its opponent offered. Returns whether there was one.
    pub fn accept_draw(&mut self) -> bool {
        if self.draw_offered() {
            self.end(Ending::Agreed);
            return true;
        }
        false
    }

    /// A search of the position on the board, to run on another thread, with its stop flag.
    fn search_job(
        &self,
        limits: Limits,
        top: usize,
    ) -> (
        kraal_ai::StopFlag,
        impl FnOnce() -> SearchReport<F::Move> + Send + 'static,
    ) {
        let mut searcher = Session::<F>::searcher(top);
        let stop = searcher.stop_flag();
        let state = self.position().clone();
        (stop, move || searcher.search(&state, limits))
    }

    /// The searcher of analyses and hints: the `top` best moves, a small hash table.
    fn searcher(top: usize) -> Searcher<F::Ai> {
        Searcher::<F::Ai>::new(SearchConfig {
            top_moves: top.max(1),
            table_megabytes: 8,
            ..SearchConfig::default()
        })
    }

    /// The engine's best moves for the side to move, searched here and now (analysis in a
    /// command line; front ends ask with [`Session::ask_hint`] instead).
    pub fn analyse(&self, limits: Limits, top: usize) -> SearchReport<F::Move> {
        let (_, search) = self.search_job(limits, top);
        search()
    }

    /// Starts searching a hint (the three best moves) for the side to move on a background
    /// thread, and returns at once: poll with [`Session::poll_hint`]. Undo or a move cancels it.
    ///
    /// With [`crate::review::use_tables`] on, the search consults the endgame tables
    /// built for these rules (read once, on the hint's thread) and
    /// [`Session::hint_tables`] says what they know of the position.
    pub fn ask_hint(&mut self, limits: Limits) {
        let mut searcher = Session::<F>::searcher(3);
        let stop = searcher.stop_flag();
        let state = self.position().clone();
        let rules = self.rules.clone();
        self.hint_tables = None;
        self.hint = Some(Pending::spawn(self.cursor, stop, move || {
            let oracle = crate::review::tables_in_use(&rules).and_then(|o| F::oracle_of(&o));
            searcher.set_oracle(oracle.clone());
            (searcher.search(&state, limits), oracle)
        }));
    }

    /// What the endgame tables said of the position of the last hint found ("win in 5
    /// (tables)"), when they were consulted and know it.
    pub fn hint_tables(&self) -> Option<&str> {
        self.hint_tables.as_deref()
    }

    /// Whether a hint is being searched.
    pub fn hint_pending(&self) -> bool {
        self.hint.is_some()
    }

    /// The hint asked for, once it is found.
    pub fn poll_hint(&mut self) -> Option<SearchReport<F::Move>> {
        match poll(&mut self.hint, self.cursor) {
            Polled::Ready((report, oracle)) => {
                self.hint_tables = oracle.and_then(|o| o.describe(self.position()));
                Some(report)
            }
            Polled::Waiting | Polled::Gone => None,
        }
    }

    /// Waits for the hint asked for.
    pub fn wait_hint(&mut self) -> Option<SearchReport<F::Move>> {
        while self.hint.is_some() {
            if let Some(report) = self.poll_hint() {
                return Some(report);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        None
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
        let searches_with_tables = opponent.tables;
        let stop = engine.stop_flag();
        let state = self.position().clone();
        let rules = self.rules.clone();
        let seed = self.seed ^ (self.cursor as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.thinking = Some(Pending::spawn(self.cursor, stop, move || {
            // The tables in use (read here, off the caller's thread: the first read checks
            // every file) judge every opponent's manner, resigning a game they prove lost and
            // offering a draw they show; only an opponent that plays with them (the
            // Ancestor) also searches with them.
            let tables = crate::review::tables_in_use(&rules).and_then(|o| F::oracle_of(&o));
            if searches_with_tables {
                engine.set_oracle(tables.clone());
            }
            engine.set_referee(tables);
            engine.choose(&state, seed)
        }));
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

    /// The position after `ply` moves of the history (0: the start), the undone ones included.
    pub fn position_at(&self, ply: usize) -> Option<&F::Position> {
        match ply {
            0 => Some(&self.start),
            n => self.history.get(n - 1).map(|(_, p)| p),
        }
    }

    /// The `ply`-th move of the history (1: the first), the undone ones included.
    pub fn move_at(&self, ply: usize) -> Option<F::Move> {
        self.history.get(ply.checked_sub(1)?).map(|(m, _)| *m)
    }

    /// The move that led to the position on the board, if any (to mark it).
    pub fn last_move(&self) -> Option<F::Move> {
        Some(self.history.get(self.cursor.checked_sub(1)?)?.0)
    }

    /// Plays the AI's move if it is ready, returning it with what the AI thought. An AI lost by
    /// proof may resign by its manner instead: nothing is played, `None` is returned and the
    /// game is over ([`Session::outcome`] says who resigned). One that offers a draw with its
    /// move leaves the offer standing for the person ([`Session::draw_offered`]).
    pub fn poll_ai(&mut self) -> Option<Choice<F::Move>> {
        self.poll_ai_at(Instant::now())
    }

    /// [`Session::poll_ai`] at the time `now` (for the clock).
    pub fn poll_ai_at(&mut self, now: Instant) -> Option<Choice<F::Move>> {
        let Polled::Ready(choice) = poll(&mut self.thinking, self.cursor) else {
            return None;
        };
        let mv = choice.mv?;
        if !self.clock.end_turn(self.side_to_move(), now) {
            self.tick(now);
            return None;
        }
        if choice.resigns {
            // Lost by proof, by its manner: it resigns instead of moving.
            self.resign();
            return None;
        }
        if choice.offers_draw {
            // The offer stands through its own move; the person's next move declines it.
            self.draw_offer = Some(self.side_to_move());
        }
        self.push(mv);
        Some(choice)
    }

    /// [`Session::poll_ai_at`], but holds the computer's move back until it has seemed to
    /// think for its pace (its manner's, counted from when it began): what a front end that
    /// shows the game to a person calls. A game on the clock is never held (the clock shows
    /// the computer thinking, and its time is its own).
    pub fn poll_ai_paced(&mut self, now: Instant) -> Option<Choice<F::Move>> {
        if let (Some(thinking), Player::Ai(opponent)) = (&self.thinking, self.player_to_move()) {
            let held = self.clock.control() == TimeControl::None
                && now < thinking.started + opponent.manner.pace;
            if held {
                return None;
            }
        }
        self.poll_ai_at(now)
    }

    /// Waits for the AI's move (starting it if needed) and plays it.
    pub fn wait_ai(&mut self) -> Option<Choice<F::Move>> {
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
        self.record_at(Instant::now())
    }

    /// [`Session::record`] with the clocks read at `now`.
    pub fn record_at(&self, now: Instant) -> Record {
        let mut record = Record::new(&self.rules);
        record.set_tag("Date", &today());
        record.set_tag("White", &self.players[0].to_string());
        record.set_tag("Black", &self.players[1].to_string());
        if let Some(start) = &self.start_text {
            record.set_tag("Position", start);
        }
        if self.clock.control() != TimeControl::None {
            record.set_tag("Clock", &self.clock.control().to_string());
            record.set_tag("Remaining", &self.clock.snapshot(now));
        }
        let outcome = self.outcome();
        record.set_tag("Result", GameResult::tag(outcome.map(|o| o.result())));
        if let Some(outcome) = outcome {
            record.set_tag("Reason", outcome.reason.name());
        }
        record.moves = self
            .moves()
            .into_iter()
            .map(|m| RecordMove {
                text: m.to_string(),
                comment: None,
                line: 0,
            })
            .collect();
        record
    }

    /// Loads a record's moves into a new session with these players; a saved clock goes on
    /// from now.
    ///
    /// # Errors
    /// The record's rules or a move cannot be used (named by line and number).
    pub fn from_record(
        family: F,
        record: &Record,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Self, crate::RecordError> {
        Self::from_record_at(family, record, players, seed, Instant::now())
    }

    /// [`Session::from_record`] with a saved clock going on from `now`.
    ///
    /// # Errors
    /// As [`Session::from_record`].
    pub fn from_record_at(
        family: F,
        record: &Record,
        players: [Player; 2],
        seed: u64,
        now: Instant,
    ) -> Result<Self, crate::RecordError> {
        let rules = record.rules()?;
        let mut session = Session::new(family, rules, record.tag("Position"), players, seed)
            .map_err(crate::RecordError::Rules)?;
        for (i, mv) in record.moves.iter().enumerate() {
            session
                .play_text(&mv.text)
                .map_err(|reason| crate::RecordError::Move {
                    line: mv.line,
                    number: i + 1,
                    text: mv.text.clone(),
                    reason,
                })?;
        }
        let reason = record
            .tag("Reason")
            .and_then(|r| r.parse::<EndReason>().ok());
        let result = record
            .tag("Result")
            .and_then(|r| r.parse::<GameResult>().ok());
        // The loser of a session ending is the side the result says lost.
        let loser = match result {
            Some(GameResult::FirstWins) => Some(Seat::Second),
            Some(GameResult::SecondWins) => Some(Seat::First),
            _ => None,
        };
        match (reason, loser) {
            (Some(EndReason::Resignation), Some(loser)) => session.end(Ending::Resigned(loser)),
            (Some(EndReason::Time), Some(loser)) => session.end(Ending::Time(loser)),
            (Some(EndReason::Agreement), _) => session.end(Ending::Agreed),
            (Some(EndReason::NoCapturePossible), _) => {
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
            session.clock.start(now);
        }
        Ok(session)
    }
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
