//! A game of either family behind one type, for front ends: [`AnyGame`] holds a
//! `Session<MorrisFamily>` (with the click-by-click picks of a mill turn) or a
//! `Session<MancalaFamily>`, and answers what a screen needs in words for players: whose turn,
//! what to do next, how the game ended, what the engine thinks.

use crate::family::{Family, MancalaFamily, MorrisFamily};
use crate::game::{DrawOffer, HINT_NODES};
use crate::outcome::{EndReason, GameKind, Outcome};
use crate::pick::{self, MorrisPick, Picked, Stage};
use crate::{GameRules, Player, Record, RecordError, Session, SessionError, TimeControl};
use kraal_ai::{Limits, Score, SearchReport};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use std::time::{Duration, Instant};

/// A game of either family.
pub enum AnyGame {
    /// A mill game, with the picks of the turn being built.
    Morris {
        /// The game.
        session: Box<Session<MorrisFamily>>,
        /// The picks made so far this turn.
        pick: MorrisPick,
    },
    /// Oware or Mulabalaba.
    Mancala {
        /// The game.
        session: Box<Session<MancalaFamily>>,
    },
}

/// Runs `$body` with `$s` bound to the session, whatever the family.
macro_rules! with_session {
    ($game:expr, $s:ident => $body:expr) => {
        match $game {
            AnyGame::Morris { session: $s, .. } => $body,
            AnyGame::Mancala { session: $s } => $body,
        }
    };
}

/// A move of either family, typed; `Display` writes its notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A mill-game turn (with its shots).
    Morris(morris::Move),
    /// A sowing.
    Mancala(mancala::Move),
}

impl std::fmt::Display for AnyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyMove::Morris(m) => m.fmt(f),
            AnyMove::Mancala(m) => m.fmt(f),
        }
    }
}

/// What the AI is thinking, while it thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Nodes (or tree-search iterations) so far.
    pub nodes: u64,
    /// The depth of the last finished iteration, if any.
    pub depth: Option<u32>,
    /// Its score for the side to move.
    pub score: Option<Score>,
    /// Its best line.
    pub line: Vec<String>,
}

/// A move the AI played, with what it thought of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The side that played it (0 first).
    pub side: usize,
    /// The move.
    pub mv: AnyMove,
    /// The depth searched.
    pub depth: u32,
    /// The score, for the side that played.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
}

/// The engine's suggestion for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The best move, if there is one.
    pub best: Option<AnyMove>,
    /// Its score for the side to move.
    pub score: Score,
    /// The next best moves with their scores.
    pub others: Vec<(AnyMove, Score)>,
    /// The point the best move starts from or goes to (mill games).
    pub point: Option<morris::Point>,
    /// The hole the best move sows (mancala games).
    pub hole: Option<mancala::Hole>,
    /// What the endgame tables know of the position ("win in 5 (tables)"), when hints consult
    /// them ([`crate::review::use_tables`]) and they hold it.
    pub tables: Option<String>,
}

impl std::fmt::Display for Hint {
    /// "Hint: d2 (score +0.12); also a1 (+0.05), g7 (-0.10)."
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Some(best) = self.best else {
            return f.write_str("There is no move to suggest.");
        };
        write!(f, "Hint: {best} (score {})", self.score)?;
        for (i, (m, s)) in self.others.iter().enumerate() {
            let lead = if i == 0 { "; also" } else { "," };
            write!(f, "{lead} {m} ({s})")?;
        }
        f.write_str(".")?;
        if let Some(tables) = &self.tables {
            write!(f, " The tables: {tables}.")?;
        }
        Ok(())
    }
}

/// What the person to move should do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Place a cow from the hand.
    Place(&'static str),
    /// Pick a cow to move.
    PickCow(&'static str),
    /// Choose where the picked cow goes.
    Destination {
        /// The cow's point.
        from: morris::Point,
        /// Whether touch-move binds the cow (it cannot be let go).
        bound: bool,
    },
    /// Shoot a cow; `left` more shots follow this one.
    Shoot {
        /// Shots still to pick after this one.
        left: usize,
    },
    /// The side cannot move and must pass.
    Pass(&'static str),
    /// Oware: the mover must feed the opponent, who has no seeds.
    Feed {
        /// The mover.
        mover: &'static str,
        /// The starving opponent.
        other: &'static str,
    },
    /// Pick a hole to sow.
    Sow(&'static str),
}

impl std::fmt::Display for Prompt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Prompt::Place(side) => write!(f, "{side}: place a cow on an empty point."),
            Prompt::PickCow(side) => write!(f, "{side}: pick a cow to move."),
            Prompt::Destination { from, bound: false } => write!(
                f,
                "Where does the cow on {from} go? (pick it again to let it go)"
            ),
            Prompt::Destination { from, bound: true } => write!(
                f,
                "Where does the cow on {from} go? (touch-move: it must move; pick one of its points)"
            ),
            Prompt::Shoot { left: 0 } => f.write_str("Mill! Shoot a cow: pick a highlighted one."),
            Prompt::Shoot { left } => {
                write!(f, "Mills! Shoot a cow ({left} more after this one).")
            }
            Prompt::Pass(side) => write!(f, "{side} cannot move and must pass."),
            Prompt::Feed { mover, other } => write!(
                f,
                "{mover} must feed {other}: only moves that reach {other}'s houses are allowed."
            ),
            Prompt::Sow(side) => write!(f, "{side}: pick a hole to sow."),
        }
    }
}

/// What became of a draw offer or acceptance, for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// The player accepted the opponent's offer.
    YouAccepted,
    /// The computer accepted.
    ComputerAccepts,
    /// The computer declined.
    ComputerDeclines,
    /// The computer is thinking about it.
    ComputerThinking,
    /// Offered to the other person, who may accept on their turn.
    Offered,
    /// The game is over.
    GameOver,
}

impl std::fmt::Display for DrawAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DrawAnswer::YouAccepted => "You accepted the draw.",
            DrawAnswer::ComputerAccepts => "The computer accepts the draw.",
            DrawAnswer::ComputerDeclines => "The computer declines the draw.",
            DrawAnswer::ComputerThinking => "You offer a draw: the computer is thinking it over...",
            DrawAnswer::Offered => "Draw offered: the other player can accept it on their turn.",
            DrawAnswer::GameOver => "The game is over.",
        })
    }
}

impl AnyGame {
    /// A new game under `rules`, from the start or from a position string.
    ///
    /// # Errors
    /// A start position the rules cannot use.
    pub fn new(
        rules: &GameRules,
        start: Option<&str>,
        players: [Player; 2],
        seed: u64,
    ) -> Result<AnyGame, SessionError> {
        Ok(match rules {
            GameRules::Morris { options, .. } => AnyGame::Morris {
                session: Box::new(Session::new(
                    MorrisFamily(*options),
                    rules.clone(),
                    start,
                    players,
                    seed,
                )?),
                pick: MorrisPick::default(),
            },
            GameRules::Mancala { options, .. } => AnyGame::Mancala {
                session: Box::new(Session::new(
                    MancalaFamily(*options),
                    rules.clone(),
                    start,
                    players,
                    seed,
                )?),
            },
        })
    }

    /// The game a record holds, with these players.
    ///
    /// # Errors
    /// The record's rules, start position or a move cannot be used.
    pub fn from_record(
        record: &Record,
        players: [Player; 2],
        seed: u64,
    ) -> Result<AnyGame, RecordError> {
        Ok(match record.rules()? {
            GameRules::Morris { options, .. } => AnyGame::Morris {
                session: Box::new(Session::from_record(
                    MorrisFamily(options),
                    record,
                    players,
                    seed,
                )?),
                pick: MorrisPick::default(),
            },
            GameRules::Mancala { options, .. } => AnyGame::Mancala {
                session: Box::new(Session::from_record(
                    MancalaFamily(options),
                    record,
                    players,
                    seed,
                )?),
            },
        })
    }

    /// The players a record names (`White` and `Black` tags); a person where it names none.
    #[must_use]
    pub fn players_in(record: &Record) -> [Player; 2] {
        let player = |tag| {
            record
                .tag(tag)
                .and_then(|t| Player::parse(t).ok())
                .unwrap_or(Player::Human)
        };
        [player("White"), player("Black")]
    }

    /// A picture of the position on the board, as `kraal` prints it.
    #[must_use]
    pub fn render(&self, ascii: bool) -> String {
        match self {
            AnyGame::Morris { session, .. } => MorrisFamily::render(session.position(), ascii),
            AnyGame::Mancala { session } => MancalaFamily::render(session.position(), ascii),
        }
    }

    /// The legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Morris { session, .. } => session
                .position()
                .legal_moves()
                .into_iter()
                .map(AnyMove::Morris)
                .collect(),
            AnyGame::Mancala { session } => session
                .position()
                .legal_moves()
                .into_iter()
                .map(AnyMove::Mancala)
                .collect(),
        }
    }

    /// Whether touch-move is in force (Morabaraba's tournament rules).
    #[must_use]
    pub fn touch_move(&self) -> bool {
        match self {
            AnyGame::Morris { session, .. } => session.touch_move(),
            AnyGame::Mancala { .. } => false,
        }
    }

    /// The player to move touches the cow on `point` (see [`Session::touch`]).
    ///
    /// # Errors
    /// Another cow that can move was touched already, or this is not a mill game.
    pub fn touch(&mut self, point: morris::Point) -> Result<(), SessionError> {
        match self {
            AnyGame::Morris { session, .. } => session.touch(point),
            AnyGame::Mancala { .. } => Err(SessionError::WrongBoard),
        }
    }

    /// Time left for the side to move at `now`, if a clock runs.
    #[must_use]
    pub fn time_left(&self, now: Instant) -> Option<Duration> {
        with_session!(self, s => s.clock().left(s.side_to_move(), s.side_to_move(), now))
    }

    /// Waits for the AI's move (starting it if needed) and plays it (the command line).
    pub fn wait_ai(&mut self) -> Option<AiMove> {
        self.start_ai();
        loop {
            if !with_session!(self, s => s.is_thinking()) {
                return None;
            }
            if let Some(played) = self.poll_ai() {
                return Some(played);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &GameRules {
        with_session!(self, s => s.rules())
    }

    /// The game's family.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Morris { .. } => GameKind::Mill,
            AnyGame::Mancala { .. } => GameKind::Mancala,
        }
    }

    /// The names of the two sides: White and Black, or South and North.
    #[must_use]
    pub fn side_names(&self) -> [&'static str; 2] {
        self.kind().side_names()
    }

    /// The name of one side (0 first).
    #[must_use]
    pub fn side_name(&self, side: usize) -> &'static str {
        self.side_names()[side.min(1)]
    }

    /// Who plays each side.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        with_session!(self, s => s.players())
    }

    /// 0 when the first side is to move, 1 otherwise.
    #[must_use]
    pub fn side_to_move(&self) -> usize {
        with_session!(self, s => s.side_to_move())
    }

    /// Whether a person is to move.
    #[must_use]
    pub fn human_to_move(&self) -> bool {
        with_session!(self, s => s.player_to_move()) == Player::Human
    }

    /// The moves on the board, oldest first.
    #[must_use]
    pub fn moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Morris { session, .. } => {
                session.moves().into_iter().map(AnyMove::Morris).collect()
            }
            AnyGame::Mancala { session } => {
                session.moves().into_iter().map(AnyMove::Mancala).collect()
            }
        }
    }

    /// Every move, with those undone after the cursor.
    #[must_use]
    pub fn all_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Morris { session, .. } => session
                .all_moves()
                .into_iter()
                .map(AnyMove::Morris)
                .collect(),
            AnyGame::Mancala { session } => session
                .all_moves()
                .into_iter()
                .map(AnyMove::Mancala)
                .collect(),
        }
    }

    /// The moves on the board.
    #[must_use]
    pub fn ply(&self) -> usize {
        with_session!(self, s => s.ply())
    }

    /// The moves that can be redone.
    #[must_use]
    pub fn redoable(&self) -> usize {
        with_session!(self, s => s.redoable())
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        with_session!(self, s => s.outcome())
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        with_session!(self, s => s.is_over())
    }

    /// Reads a move given as text and plays it.
    ///
    /// # Errors
    /// Not a legal move now (the error says why).
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, SessionError> {
        self.clear_pick();
        match self {
            AnyGame::Morris { session, .. } => session.play_text(text).map(AnyMove::Morris),
            AnyGame::Mancala { session } => session.play_text(text).map(AnyMove::Mancala),
        }
    }

    /// The move read for the side to move where its notation cannot say whose it is: a
    /// Mulabalaba hole number names a hole of either player (`"7"` is read as South's when
    /// parsed without a position), so a move that came as text or through a protocol frame is
    /// given to the side to move. Any other move is returned as it is.
    #[must_use]
    pub fn for_side_to_move(&self, mv: AnyMove) -> AnyMove {
        match (self, mv) {
            (AnyGame::Mancala { session }, AnyMove::Mancala(m))
                if m.game() == mancala::Game::Mulabalaba =>
            {
                AnyMove::Mancala(m.with_side(session.position().side_to_move()))
            }
            _ => mv,
        }
    }

    /// Plays a typed move (from an engine, a server or a protocol frame), checked against the
    /// legal moves once.
    ///
    /// # Errors
    /// Not a legal move now, or a move of the other family of games
    /// ([`SessionError::WrongBoard`]).
    pub fn play_move(&mut self, mv: AnyMove) -> Result<AnyMove, SessionError> {
        let mv = self.for_side_to_move(mv);
        self.clear_pick();
        match (self, mv) {
            (AnyGame::Morris { session, .. }, AnyMove::Morris(m)) => {
                session.play_move(m).map(|()| mv)
            }
            (AnyGame::Mancala { session }, AnyMove::Mancala(m)) => {
                session.play_move(m).map(|()| mv)
            }
            _ => Err(SessionError::WrongBoard),
        }
    }

    /// Takes back moves until a person is to move (one move between two people). Returns how
    /// many.
    pub fn undo_turn(&mut self) -> usize {
        self.clear_pick();
        with_session!(self, s => s.undo_turn())
    }

    /// Plays the next undone move again (and, against the AI, its reply). Returns how many.
    pub fn redo_turn(&mut self) -> usize {
        self.clear_pick();
        let mut done = 0;
        while with_session!(self, s => s.redo()) {
            done += 1;
            if self.human_to_move() || self.redoable() == 0 {
                break;
            }
        }
        done
    }

    /// Shows the position after `ply` moves, keeping the later moves.
    ///
    /// # Errors
    /// A ply beyond the moves played.
    pub fn jump(&mut self, ply: usize) -> Result<(), SessionError> {
        self.clear_pick();
        with_session!(self, s => s.jump(ply))
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        with_session!(self, s => s.resign());
    }

    /// Accepts the draw offered, or offers one (see [`AnyGame::offer_draw`]).
    pub fn draw(&mut self) -> DrawAnswer {
        if self.accept_draw() {
            return DrawAnswer::YouAccepted;
        }
        self.offer_draw()
    }

    /// The side to move accepts the draw its opponent offered; returns whether there was one.
    pub fn accept_draw(&mut self) -> bool {
        with_session!(self, s => s.accept_draw())
    }

    /// The side to move offers a draw: a person may accept it on their turn, the computer
    /// thinks it over on its worker (poll with [`AnyGame::poll_draw`]).
    pub fn offer_draw(&mut self) -> DrawAnswer {
        match with_session!(self, s => s.offer_draw()) {
            DrawOffer::Offered => DrawAnswer::Offered,
            DrawOffer::Asked => DrawAnswer::ComputerThinking,
            DrawOffer::Refused => DrawAnswer::GameOver,
        }
    }

    /// Whether the computer is deciding on a draw offer.
    #[must_use]
    pub fn draw_pending(&self) -> bool {
        with_session!(self, s => s.draw_pending())
    }

    /// The computer's answer to a draw offer, once it has decided.
    pub fn poll_draw(&mut self) -> Option<DrawAnswer> {
        let accepted = with_session!(self, s => s.poll_draw())?;
        Some(if accepted {
            DrawAnswer::ComputerAccepts
        } else {
            DrawAnswer::ComputerDeclines
        })
    }

    /// Waits for the computer's answer to a draw offer (tests and the command line).
    pub fn wait_draw(&mut self) -> Option<DrawAnswer> {
        let accepted = with_session!(self, s => s.wait_draw())?;
        Some(if accepted {
            DrawAnswer::ComputerAccepts
        } else {
            DrawAnswer::ComputerDeclines
        })
    }

    /// Whether the side to move may accept a draw the other side offered.
    #[must_use]
    pub fn draw_offered(&self) -> bool {
        with_session!(self, s => s.draw_offered())
    }

    /// Claims that no capture can happen again (Oware).
    ///
    /// # Errors
    /// The claim is refused (the error says why).
    pub fn claim(&mut self) -> Result<Outcome, SessionError> {
        with_session!(self, s => s.claim())
    }

    /// Passes (Koti), when passing is the only move.
    ///
    /// # Errors
    /// Why the player cannot pass.
    pub fn pass(&mut self) -> Result<AnyMove, SessionError> {
        let AnyGame::Morris { session, pick } = self else {
            return Err(SessionError::CannotPass {
                in_this_game: false,
            });
        };
        if pick.stage(session.position()) != Stage::Pass {
            return Err(SessionError::CannotPass { in_this_game: true });
        }
        pick.clear();
        let pass = morris::Move::pass();
        session.play_move(pass)?;
        Ok(AnyMove::Morris(pass))
    }

    /// Starts searching a hint for the side to move ([`HINT_NODES`] positions) on the
    /// session's worker and returns at once: poll with [`AnyGame::poll_hint`].
    pub fn ask_hint(&mut self) {
        let limits = Limits::nodes(HINT_NODES);
        with_session!(self, s => s.ask_hint(limits));
    }

    /// Whether a hint is being searched.
    #[must_use]
    pub fn hint_pending(&self) -> bool {
        with_session!(self, s => s.hint_pending())
    }

    /// The hint asked for, once it is found.
    pub fn poll_hint(&mut self) -> Option<Hint> {
        Some(match self {
            AnyGame::Morris { session, .. } => {
                morris_hint(session.poll_hint()?, session.hint_tables())
            }
            AnyGame::Mancala { session } => {
                mancala_hint(session.poll_hint()?, session.hint_tables())
            }
        })
    }

    /// Waits for the hint asked for (tests and the command line).
    pub fn wait_hint(&mut self) -> Option<Hint> {
        Some(match self {
            AnyGame::Morris { session, .. } => {
                morris_hint(session.wait_hint()?, session.hint_tables())
            }
            AnyGame::Mancala { session } => {
                mancala_hint(session.wait_hint()?, session.hint_tables())
            }
        })
    }

    /// Starts the AI thinking if it is to move.
    pub fn start_ai(&mut self) {
        with_session!(self, s => s.start_ai());
    }

    /// Plays the AI's move if it is ready; returns it with what the AI thought of it.
    pub fn poll_ai(&mut self) -> Option<AiMove> {
        self.poll_ai_with(Instant::now(), false)
    }

    /// [`AnyGame::poll_ai`] at `now`, holding the move back until the computer has seemed to
    /// think for its pace when `paced` (see [`Session::poll_ai_paced`]).
    pub fn poll_ai_with(&mut self, now: Instant, paced: bool) -> Option<AiMove> {
        let side = self.side_to_move();
        let (mv, depth, score, nodes) = match self {
            AnyGame::Morris { session, .. } => polled(session, now, paced)
                .and_then(|c| Some((AnyMove::Morris(c.mv?), c.depth, c.score, c.nodes)))?,
            AnyGame::Mancala { session } => polled(session, now, paced)
                .and_then(|c| Some((AnyMove::Mancala(c.mv?), c.depth, c.score, c.nodes)))?,
        };
        self.clear_pick();
        Some(AiMove {
            side,
            mv,
            depth,
            score,
            nodes,
        })
    }

    /// What the AI is thinking, while it thinks.
    #[must_use]
    pub fn thinking(&self) -> Option<Thinking> {
        let (nodes, progress) = with_session!(self, s => s.thinking())?;
        Some(Thinking {
            nodes,
            depth: progress.as_ref().map(|p| p.depth),
            score: progress.as_ref().map(|p| p.score),
            line: progress.map(|p| p.pv).unwrap_or_default(),
        })
    }

    /// The game as a record.
    #[must_use]
    pub fn record(&self) -> Record {
        with_session!(self, s => s.record())
    }

    /// Sets the time control; the clock starts for the side to move.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.set_time_control_at(control, Instant::now());
    }

    /// Sets the time control; the clock starts at `now` for the side to move.
    pub fn set_time_control_at(&mut self, control: TimeControl, now: Instant) {
        with_session!(self, s => s.set_time_control_at(control, now));
    }

    /// Ends the game on time if the side to move has run out at `now`.
    pub fn tick(&mut self, now: Instant) -> bool {
        with_session!(self, s => s.tick(now))
    }

    /// Time left for each side at `now`, if a clock runs.
    #[must_use]
    pub fn clocks(&self, now: Instant) -> Option<[Duration; 2]> {
        with_session!(self, s => {
            let to_move = s.side_to_move();
            let first = s.clock().left(0, to_move, now)?;
            let second = s.clock().left(1, to_move, now)?;
            Some([first, second])
        })
    }

    /// The move that led to the position on the board, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<AnyMove> {
        match self {
            AnyGame::Morris { session, .. } => session.last_move().map(AnyMove::Morris),
            AnyGame::Mancala { session } => session.last_move().map(AnyMove::Mancala),
        }
    }

    /// Forgets the picks of the turn being built.
    pub fn clear_pick(&mut self) {
        if let AnyGame::Morris { pick, .. } = self {
            pick.clear();
        }
    }

    /// The picks of the mill turn being built (`None` for mancala games).
    #[must_use]
    pub fn pick(&self) -> Option<&MorrisPick> {
        match self {
            AnyGame::Morris { pick, .. } => Some(pick),
            AnyGame::Mancala { .. } => None,
        }
    }

    /// The mill position on the board, if this is a mill game.
    #[must_use]
    pub fn morris_position(&self) -> Option<&morris::Position> {
        match self {
            AnyGame::Morris { session, .. } => Some(session.position()),
            AnyGame::Mancala { .. } => None,
        }
    }

    /// The mancala position on the board, if this is a mancala game.
    #[must_use]
    pub fn mancala_position(&self) -> Option<&mancala::Position> {
        match self {
            AnyGame::Mancala { session } => Some(session.position()),
            AnyGame::Morris { .. } => None,
        }
    }

    /// The mill move that led to the position on the board, if any.
    #[must_use]
    pub fn morris_last(&self) -> Option<morris::Move> {
        match self {
            AnyGame::Morris { session, .. } => session.last_move(),
            AnyGame::Mancala { .. } => None,
        }
    }

    /// The sowing that led to the position on the board, if any.
    #[must_use]
    pub fn mancala_last(&self) -> Option<mancala::Move> {
        match self {
            AnyGame::Mancala { session } => session.last_move(),
            AnyGame::Morris { .. } => None,
        }
    }

    /// The last sowing with the position it was made in (to animate it), if any.
    #[must_use]
    pub fn mancala_last_sowing(&self) -> Option<(mancala::Position, mancala::Move)> {
        match self {
            AnyGame::Mancala { session } => Some((
                session.position_before_last()?.clone(),
                session.last_move()?,
            )),
            AnyGame::Morris { .. } => None,
        }
    }

    /// Picks a point of the mill board: the turn goes on (`Ok(None)`), is complete (the move
    /// is played and returned), or the pick is refused with a reason. Under touch-move,
    /// picking a cow to move touches it.
    ///
    /// # Errors
    /// Why the point cannot be picked, for the player.
    pub fn click_point(&mut self, point: morris::Point) -> Result<Option<AnyMove>, SessionError> {
        self.refuse_input()?;
        let AnyGame::Morris { session, pick } = self else {
            return Err(SessionError::WrongBoard);
        };
        let earlier = pick.from();
        // Under touch-move the touched cow cannot be let go: the pick stands.
        if let Some(touched) = session.touched()
            && earlier == Some(touched)
            && point == touched
        {
            return Err(SessionError::TouchMove { touched });
        }
        match pick.click(session.position(), point) {
            Picked::More => {
                if let Some(from) = pick.from()
                    && Some(from) != earlier
                    && let Err(e) = session.touch(from)
                {
                    pick.clear();
                    if let Some(back) = earlier {
                        let _ = pick.click(session.position(), back);
                    }
                    return Err(e);
                }
                Ok(None)
            }
            Picked::Refused(reason) => Err(SessionError::Pick {
                at: point,
                reason,
                touched: session.touched(),
            }),
            // Built from the legal moves: played without checking it again.
            Picked::Move(mv) => session
                .play_picked(mv, Instant::now())
                .map(|()| Some(AnyMove::Morris(mv))),
        }
    }

    /// Plays a hole of the mancala board; returns the move.
    ///
    /// # Errors
    /// Why the hole cannot be played, for the player.
    pub fn click_hole(&mut self, hole: mancala::Hole) -> Result<AnyMove, SessionError> {
        self.refuse_input()?;
        let AnyGame::Mancala { session } = self else {
            return Err(SessionError::WrongBoard);
        };
        let pos = session.position();
        let mv = pick::mancala_move_at(pos, hole).map_err(|reason| SessionError::Hole {
            at: pos.board().label(hole),
            reason,
        })?;
        session.play_picked(mv, Instant::now())?;
        Ok(AnyMove::Mancala(mv))
    }

    /// Why the board takes no pick now, if it does not.
    fn refuse_input(&self) -> Result<(), SessionError> {
        if let Some(outcome) = self.outcome() {
            Err(SessionError::GameOver(outcome))
        } else if !self.human_to_move() {
            Err(SessionError::ComputerToMove)
        } else {
            Ok(())
        }
    }

    /// How the game ended, as a sentence naming the sides (empty while it goes on).
    #[must_use]
    pub fn ending(&self) -> String {
        let Some(outcome) = self.outcome() else {
            return String::new();
        };
        match outcome.reason {
            // The loser's own act says it all: "Black resigned."
            EndReason::Resignation | EndReason::Time => format!("{}.", capitalise(&outcome.why())),
            _ => format!("{outcome}."),
        }
    }

    /// What the person to move should do now (`None` while the computer moves or once the game
    /// is over). Looking back through the game, it is what a move from there would take: a
    /// front end that shows the review says so itself.
    #[must_use]
    pub fn prompt(&self) -> Option<Prompt> {
        if self.is_over() || !self.human_to_move() {
            return None;
        }
        let side = self.side_name(self.side_to_move());
        match self {
            AnyGame::Morris { session, pick } => match pick.stage(session.position()) {
                Stage::Place => Some(Prompt::Place(side)),
                Stage::From => Some(Prompt::PickCow(side)),
                Stage::To(from) => Some(Prompt::Destination {
                    from,
                    bound: session.touched() == Some(from),
                }),
                Stage::Shoot { left } => Some(Prompt::Shoot { left }),
                Stage::Pass => Some(Prompt::Pass(side)),
                Stage::None => None,
            },
            AnyGame::Mancala { session } => {
                let pos = session.position();
                let other = self.side_name(1 - self.side_to_move());
                let starving = pos.seeds_on_side(pos.side_to_move().other()) == 0;
                Some(if pos.game() == mancala::Game::Oware && starving {
                    Prompt::Feed { mover: side, other }
                } else {
                    Prompt::Sow(side)
                })
            }
        }
    }
}

fn morris_hint(report: SearchReport<morris::Move>, tables: Option<&str>) -> Hint {
    Hint {
        best: report.best.map(AnyMove::Morris),
        score: report.score,
        others: others(&report.top, AnyMove::Morris),
        point: report.best.and_then(|m| m.from().or(m.to())),
        hole: None,
        tables: tables.map(str::to_owned),
    }
}

fn mancala_hint(report: SearchReport<mancala::Move>, tables: Option<&str>) -> Hint {
    Hint {
        best: report.best.map(AnyMove::Mancala),
        score: report.score,
        others: others(&report.top, AnyMove::Mancala),
        point: None,
        hole: report.best.map(|m| m.hole()),
        tables: tables.map(str::to_owned),
    }
}

/// The moves after the best of a top list.
fn others<M: Copy>(top: &[(M, Score)], wrap: fn(M) -> AnyMove) -> Vec<(AnyMove, Score)> {
    top.iter().skip(1).map(|&(m, s)| (wrap(m), s)).collect()
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

/// The AI's move from `session` if it is ready (and, when `paced`, its pace has passed).
fn polled<F: Family>(
    session: &mut Session<F>,
    now: Instant,
    paced: bool,
) -> Option<kraal_ai::opponents::Choice<F::Move>>
where
    F::Position: Send + 'static,
    F::Move: Send + 'static,
{
    if paced {
        session.poll_ai_paced(now)
    } else {
        session.poll_ai_at(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve;

    fn game(name: &str, start: Option<&str>, players: [Player; 2]) -> AnyGame {
        let rules = resolve(name, None, &[] as &[&str]).expect("rules");
        AnyGame::new(&rules, start, players, 1).expect("game")
    }

    const HUMANS: [Player; 2] = [Player::Human; 2];

    #[test]
    fn clicks_build_a_mill_move_with_its_shot() {
        let mut g = game("morabaraba", None, HUMANS);
        for p in ["a1", "b6", "d1", "f6"] {
            assert!(matches!(g.click_point(p.parse().unwrap()), Ok(Some(_))));
        }
        assert_eq!(g.click_point("g1".parse().unwrap()), Ok(None));
        assert_eq!(
            g.prompt().map(|p| p.to_string()).as_deref(),
            Some("Mill! Shoot a cow: pick a highlighted one.")
        );
        let played = g.click_point("f6".parse().unwrap()).expect("a shot");
        assert_eq!(played.map(|m| m.to_string()).as_deref(), Some("g1xf6"));
        assert_eq!(
            g.prompt().map(|p| p.to_string()).as_deref(),
            Some("Black: place a cow on an empty point.")
        );
    }

    #[test]
    fn touch_move_binds_the_picked_cow() {
        let start = "a1,d2,g7,c5/a7,g1,f4,e5 0:0 w";
        let mut g = game("tournament", Some(start), HUMANS);
        assert_eq!(g.click_point("d2".parse().unwrap()), Ok(None));
        assert_eq!(
            g.prompt(),
            Some(Prompt::Destination {
                from: "d2".parse().unwrap(),
                bound: true
            }),
            "the prompt says the touched cow must move"
        );
        // Letting go and picking another cow are refused: d2 was touched and can move.
        assert!(matches!(
            g.click_point("d2".parse().unwrap()),
            Err(SessionError::TouchMove { .. })
        ));
        assert_eq!(
            g.pick().and_then(MorrisPick::from),
            "d2".parse().ok(),
            "the pick stands"
        );
        assert!(matches!(
            g.click_point("a1".parse().unwrap()),
            Err(SessionError::TouchMove { .. })
        ));
    }

    #[test]
    fn a_typed_move_plays_once_checked_and_one_of_the_other_family_is_refused() {
        let mut g = game("morabaraba", None, HUMANS);
        let d2 = AnyMove::Morris("d2".parse().expect("a placing"));
        assert_eq!(g.play_move(d2), Ok(d2));
        assert_eq!(g.last_move(), Some(d2));
        assert!(
            matches!(g.play_move(d2), Err(SessionError::Move { .. })),
            "d2 is taken now"
        );
        let sowing = AnyMove::Mancala("C".parse().expect("a sowing"));
        assert_eq!(g.play_move(sowing), Err(SessionError::WrongBoard));
        assert_eq!(g.ply(), 1, "nothing was played by the refused moves");
    }

    #[test]
    fn a_mulabalaba_hole_number_from_a_frame_is_the_side_to_moves() {
        let mut g = game("mulabalaba", None, HUMANS);
        let number = |t: &str| AnyMove::Mancala(t.parse().expect("a hole number"));
        g.play_move(number("1")).expect("South sows hole 1");
        // "7" parses as South's hole 7 (no position to say whose); North is to move.
        let north = g.play_move(number("7")).expect("North sows its hole 7");
        let AnyMove::Mancala(m) = north else {
            panic!("a sowing")
        };
        assert_eq!(m.side(), mancala::Side::North);
        assert_eq!(g.last_move(), Some(north));
        // Oware letters say whose house they are: a North letter on South's turn is refused.
        let mut o = game("oware", None, HUMANS);
        assert!(o.play_move(number("c")).is_err());
    }

    #[test]
    fn endings_and_prompts_name_the_sides() {
        let mut g = game("oware", Some("1,2,3,4,5,6/0,0,0,0,0,0 20:7 s"), HUMANS);
        assert_eq!(
            g.prompt().map(|p| p.to_string()).as_deref(),
            Some("South must feed North: only moves that reach North's houses are allowed.")
        );
        g.resign();
        assert_eq!(g.ending(), "South resigned.");
        assert!(matches!(
            g.click_hole(mancala::Hole::new(mancala::Side::South, 5)),
            Err(SessionError::GameOver(_))
        ));
    }

    #[test]
    fn a_hint_is_asked_at_once_and_arrives_later_pointing_at_its_move() {
        let mut g = game("oware", None, HUMANS);
        g.ask_hint();
        assert!(g.hint_pending(), "the search runs on the worker");
        // Asking returned before the search of HINT_NODES positions could be done.
        assert_eq!(g.poll_hint(), None, "not found yet");
        let hint = g.wait_hint().expect("a hint");
        assert!(!g.hint_pending());
        assert!(hint.to_string().starts_with("Hint: "), "{hint}");
        assert_eq!(hint.hole.map(|h| h.side), Some(mancala::Side::South));
        assert_eq!(hint.point, None);
        let best = hint.best.expect("a move");
        assert!(
            g.mancala_position()
                .unwrap()
                .legal_moves()
                .iter()
                .any(|m| AnyMove::Mancala(*m) == best)
        );
    }

    #[test]
    fn a_move_or_undo_cancels_a_pending_hint() {
        let mut g = game("morabaraba", None, HUMANS);
        g.ask_hint();
        g.play_text("d2").expect("legal");
        assert!(!g.hint_pending(), "the move cancelled it");
        assert_eq!(g.poll_hint(), None);
        g.ask_hint();
        g.undo_turn();
        assert!(!g.hint_pending(), "undo cancelled it");
        assert_eq!(g.wait_hint(), None);
    }
}
