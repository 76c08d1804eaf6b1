//! A game in progress of either family: one face over `Session<MorrisFamily>` and
//! `Session<MancalaFamily>`, with the click-by-click move building of the mill games.

use kraal_ai::Limits;
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::family::{MancalaFamily, MorrisFamily};
use kraal_session::pick::{MorrisPick, Picked, mancala_move_at};
use kraal_session::{
    GameRules, Player, Record, RecordError, Session, SessionError, Status, TimeControl,
};
use std::time::Instant;

/// A game of either family.
pub enum Game {
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
            Game::Morris { session: $s, .. } => $body,
            Game::Mancala { session: $s } => $body,
        }
    };
}

/// What the AI is thinking, for the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Nodes (or tree-search iterations) so far.
    pub nodes: u64,
    /// The depth of the last finished iteration, if any.
    pub depth: Option<u32>,
    /// Its score for the side to move.
    pub score: Option<String>,
    /// Its best line.
    pub line: Vec<String>,
}

impl Game {
    /// A new game under `rules`, from the start or from a position string.
    ///
    /// # Errors
    /// A start position the rules cannot use.
    pub fn new(
        rules: &GameRules,
        start: Option<&str>,
        players: [Player; 2],
        seed: u64,
    ) -> Result<Game, SessionError> {
        Ok(match rules {
            GameRules::Morris { options, .. } => Game::Morris {
                session: Box::new(Session::new(
                    MorrisFamily(*options),
                    rules.clone(),
                    start,
                    players,
                    seed,
                )?),
                pick: MorrisPick::default(),
            },
            GameRules::Mancala { options, .. } => Game::Mancala {
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
    ) -> Result<Game, RecordError> {
        Ok(match record.rules()? {
            GameRules::Morris { options, .. } => Game::Morris {
                session: Box::new(Session::from_record(
                    MorrisFamily(options),
                    record,
                    players,
                    seed,
                )?),
                pick: MorrisPick::default(),
            },
            GameRules::Mancala { options, .. } => Game::Mancala {
                session: Box::new(Session::from_record(
                    MancalaFamily(options),
                    record,
                    players,
                    seed,
                )?),
            },
        })
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        with_session!(self, s => s.rules())
    }

    /// The name of a side: White and Black, or South and North.
    pub fn side_name(&self, side: usize) -> &'static str {
        match (self, side) {
            (Game::Morris { .. }, 0) => "White",
            (Game::Morris { .. }, _) => "Black",
            (Game::Mancala { .. }, 0) => "South",
            (Game::Mancala { .. }, _) => "North",
        }
    }

    /// Who plays each side.
    pub fn players(&self) -> [Player; 2] {
        with_session!(self, s => s.players())
    }

    /// 0 when the first side is to move, 1 otherwise.
    pub fn side_to_move(&self) -> usize {
        with_session!(self, s => s.side_to_move())
    }

    /// Whether a person is to move.
    pub fn human_to_move(&self) -> bool {
        with_session!(self, s => s.player_to_move()) == Player::Human
    }

    /// The moves on the board, oldest first.
    pub fn moves(&self) -> Vec<String> {
        with_session!(self, s => s.moves().into_iter().map(str::to_owned).collect())
    }

    /// The moves on the board.
    pub fn ply(&self) -> usize {
        with_session!(self, s => s.ply())
    }

    /// The moves that can be redone.
    pub fn redoable(&self) -> usize {
        with_session!(self, s => s.redoable())
    }

    /// How the game stands.
    pub fn status(&self) -> Status {
        with_session!(self, s => s.status())
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        with_session!(self, s => s.is_over())
    }

    /// Plays a move given as text; returns it in canonical form.
    ///
    /// # Errors
    /// Not a legal move now (the error says why).
    pub fn play(&mut self, text: &str) -> Result<String, SessionError> {
        self.clear_pick();
        with_session!(self, s => s.play(text))
    }

    /// Takes back moves until a person is to move. Returns how many.
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

    /// The side to move offers a draw; returns whether it was agreed.
    pub fn offer_draw(&mut self) -> bool {
        with_session!(self, s => s.offer_draw())
    }

    /// The side to move accepts the draw offered; returns whether there was one.
    pub fn accept_draw(&mut self) -> bool {
        with_session!(self, s => s.accept_draw())
    }

    /// Claims that no capture can happen again (Oware).
    ///
    /// # Errors
    /// The claim is refused (the error says why).
    pub fn claim(&mut self) -> Result<Status, SessionError> {
        with_session!(self, s => s.claim())
    }

    /// The engine's suggestion for the side to move: a sentence, and the move's text.
    pub fn hint(&self, nodes: u64) -> (String, Option<String>) {
        with_session!(self, s => {
            let report = s.hint(Limits::nodes(nodes), 1);
            match report.best {
                Some(mv) => (
                    format!(
                        "Hint: {mv} (score {}, depth {})",
                        report.score, report.depth
                    ),
                    Some(mv.to_string()),
                ),
                None => ("No move to suggest: the game is over.".to_owned(), None),
            }
        })
    }

    /// Starts the AI thinking if it is to move.
    pub fn start_ai(&mut self) {
        with_session!(self, s => s.start_ai());
    }

    /// Plays the AI's move if it is ready; returns it.
    pub fn poll_ai(&mut self) -> Option<String> {
        let played = with_session!(self, s => s.poll_ai().map(|(mv, _)| mv));
        if played.is_some() {
            self.clear_pick();
        }
        played
    }

    /// What the AI is thinking, while it thinks.
    pub fn thinking(&self) -> Option<Thinking> {
        let (nodes, progress) = with_session!(self, s => s.thinking())?;
        Some(Thinking {
            nodes,
            depth: progress.as_ref().map(|p| p.depth),
            score: progress.as_ref().map(|p| p.score.to_string()),
            line: progress.map(|p| p.pv).unwrap_or_default(),
        })
    }

    /// The game as a record.
    pub fn record(&self) -> Record {
        with_session!(self, s => s.record())
    }

    /// Sets the time control; the clock starts for the side to move.
    pub fn set_time_control(&mut self, control: TimeControl) {
        with_session!(self, s => s.set_time_control(control));
    }

    /// Ends the game on time if the side to move has run out.
    pub fn tick(&mut self) -> bool {
        with_session!(self, s => s.tick(Instant::now()))
    }

    /// Time left for each side, if a clock runs.
    pub fn clocks(&self) -> Option<[std::time::Duration; 2]> {
        let now = Instant::now();
        with_session!(self, s => {
            let to_move = s.side_to_move();
            let white = s.clock().left(0, to_move, now)?;
            let black = s.clock().left(1, to_move, now)?;
            Some([white, black])
        })
    }

    /// The last move as text, if any.
    pub fn last_move_text(&self) -> Option<String> {
        with_session!(self, s => s.last_move().map(|m| m.to_string()))
    }

    /// Forgets the picks of the turn being built.
    pub fn clear_pick(&mut self) {
        if let Game::Morris { pick, .. } = self {
            pick.clear();
        }
    }

    /// The mill position on the board, if this is a mill game.
    pub fn morris_position(&self) -> Option<&morris::Position> {
        match self {
            Game::Morris { session, .. } => Some(session.position()),
            Game::Mancala { .. } => None,
        }
    }

    /// The mancala position on the board, if this is a mancala game.
    pub fn mancala_position(&self) -> Option<&mancala::Position> {
        match self {
            Game::Mancala { session } => Some(session.position()),
            Game::Morris { .. } => None,
        }
    }
}

impl Game {
    /// The mill move that led to the position on the board, if any.
    pub fn morris_last(&self) -> Option<morris::Move> {
        match self {
            Game::Morris { session, .. } => session.last_move(),
            Game::Mancala { .. } => None,
        }
    }

    /// The sowing that led to the position on the board, if any.
    pub fn mancala_last(&self) -> Option<mancala::Move> {
        match self {
            Game::Mancala { session } => session.last_move(),
            Game::Morris { .. } => None,
        }
    }

    /// The picks of the mill turn being built (empty for mancala games).
    pub fn pick(&self) -> Option<&MorrisPick> {
        match self {
            Game::Morris { pick, .. } => Some(pick),
            Game::Mancala { .. } => None,
        }
    }

    /// Picks a point of the mill board: the turn goes on, is complete (the move is played and
    /// returned), or the pick is refused with a reason.
    ///
    /// # Errors
    /// Why the point cannot be picked, for the player.
    pub fn click_point(&mut self, point: morris::Point) -> Result<Option<String>, String> {
        let Game::Morris { session, pick } = self else {
            return Err("this game has no points".to_owned());
        };
        let earlier = pick.from();
        match pick.click(session.position(), point) {
            Picked::More => {
                // Under touch-move, picking a cow to move touches it.
                if let Some(from) = pick.from()
                    && Some(from) != earlier
                    && let Err(e) = session.touch(from.label())
                {
                    pick.clear();
                    if let Some(back) = earlier {
                        let _ = pick.click(session.position(), back);
                    }
                    return Err(e.to_string());
                }
                Ok(None)
            }
            Picked::Refused(why) => Err(why.to_owned()),
            Picked::Move(mv) => session
                .play(&mv.to_string())
                .map(Some)
                .map_err(|e| e.to_string()),
        }
    }

    /// Plays the hole of a mancala board.
    ///
    /// # Errors
    /// Why the hole cannot be played, for the player.
    pub fn click_hole(&mut self, hole: mancala::Hole) -> Result<String, String> {
        let Game::Mancala { session } = self else {
            return Err("this game has no holes".to_owned());
        };
        let mv = mancala_move_at(session.position(), hole).map_err(str::to_owned)?;
        session.play(&mv.to_string()).map_err(|e| e.to_string())
    }
}
