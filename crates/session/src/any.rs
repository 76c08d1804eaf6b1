//! A game of either family behind one type, for front ends: [`AnyGame`] holds a
//! `Session<MorrisFamily>` (with the click-by-click picks of a mill turn) or a
//! `Session<MancalaFamily>`, and answers what a screen needs in words for players: whose turn,
//! what to do next, how the game ended, what the engine thinks.

use crate::family::{MancalaFamily, MorrisFamily};
use crate::pick::{self, MorrisPick, Picked, Stage};
use crate::{GameRules, Player, Record, RecordError, Session, SessionError, Status, TimeControl};
use kraal_ai::Limits;
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

/// What the AI is thinking, while it thinks.
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

/// A move the AI played, with what it thought of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiMove {
    /// The side that played it (0 first).
    pub side: usize,
    /// The move.
    pub text: String,
    /// The depth searched.
    pub depth: u32,
    /// The score, for the side that played.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
}

/// The engine's suggestion for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The suggestion as a sentence, with the next best moves.
    pub text: String,
    /// The point the best move starts from or goes to (mill games).
    pub point: Option<morris::Point>,
    /// The hole the best move sows (mancala games).
    pub hole: Option<mancala::Hole>,
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

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &GameRules {
        with_session!(self, s => s.rules())
    }

    /// The names of the two sides: White and Black, or South and North.
    #[must_use]
    pub fn side_names(&self) -> [&'static str; 2] {
        match self {
            AnyGame::Morris { .. } => ["White", "Black"],
            AnyGame::Mancala { .. } => ["South", "North"],
        }
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
    pub fn moves(&self) -> Vec<String> {
        with_session!(self, s => s.moves().into_iter().map(str::to_owned).collect())
    }

    /// Every move, with those undone after the cursor.
    #[must_use]
    pub fn all_moves(&self) -> Vec<String> {
        with_session!(self, s => s.all_moves().into_iter().map(str::to_owned).collect())
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

    /// How the game stands.
    #[must_use]
    pub fn status(&self) -> Status {
        with_session!(self, s => s.status())
    }

    /// Whether the game has ended.
    #[must_use]
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

    /// The side to move offers a draw; returns whether it was agreed.
    pub fn offer_draw(&mut self) -> bool {
        with_session!(self, s => s.offer_draw())
    }

    /// The side to move accepts the draw offered; returns whether there was one.
    pub fn accept_draw(&mut self) -> bool {
        with_session!(self, s => s.accept_draw())
    }

    /// Accepts the draw offered, or offers one. Returns what happened, for the player.
    pub fn draw(&mut self) -> String {
        if self.accept_draw() {
            "You accepted the draw.".to_owned()
        } else if self.offer_draw() {
            "The computer accepts the draw.".to_owned()
        } else if self.players() == [Player::Human; 2] {
            "Draw offered: the other player can accept it on their turn.".to_owned()
        } else {
            "The computer declines the draw.".to_owned()
        }
    }

    /// Claims that no capture can happen again (Oware).
    ///
    /// # Errors
    /// The claim is refused (the error says why).
    pub fn claim(&mut self) -> Result<Status, SessionError> {
        with_session!(self, s => s.claim())
    }

    /// Passes (Koti), when passing is the only move.
    ///
    /// # Errors
    /// Why the player cannot pass.
    pub fn pass(&mut self) -> Result<String, String> {
        let AnyGame::Morris { session, pick } = self else {
            return Err("there is no passing in this game".to_owned());
        };
        if pick.stage(session.position()) != Stage::Pass {
            return Err("you can only pass when you cannot move".to_owned());
        }
        let pass = morris::Move::pass().to_string();
        self.play(&pass).map_err(|e| e.to_string())
    }

    /// The engine's suggestion for the side to move, searching `nodes` positions.
    #[must_use]
    pub fn hint(&self, nodes: u64) -> Hint {
        let limits = Limits::nodes(nodes);
        let (text, point, hole) = match self {
            AnyGame::Morris { session, .. } => {
                let report = session.hint(limits, 3);
                let text = describe_hint(report.best, &report.score, &report.top);
                let point = report.best.and_then(|m| m.from().or(m.to()));
                (text, point, None)
            }
            AnyGame::Mancala { session } => {
                let report = session.hint(limits, 3);
                let text = describe_hint(report.best, &report.score, &report.top);
                (text, None, report.best.map(|m| m.hole()))
            }
        };
        Hint { text, point, hole }
    }

    /// Starts the AI thinking if it is to move.
    pub fn start_ai(&mut self) {
        with_session!(self, s => s.start_ai());
    }

    /// Plays the AI's move if it is ready; returns it with what the AI thought of it.
    pub fn poll_ai(&mut self) -> Option<AiMove> {
        let side = self.side_to_move();
        let (text, choice) = with_session!(self, s => s
            .poll_ai()
            .map(|(text, c)| (text, (c.depth, c.score.to_string(), c.nodes))))?;
        self.clear_pick();
        let (depth, score, nodes) = choice;
        Some(AiMove {
            side,
            text,
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
            score: progress.as_ref().map(|p| p.score.to_string()),
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
        with_session!(self, s => s.set_time_control(control));
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

    /// The last move as text, if any.
    #[must_use]
    pub fn last_move_text(&self) -> Option<String> {
        with_session!(self, s => s.last_move().map(|m| m.to_string()))
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
    pub fn click_point(&mut self, point: morris::Point) -> Result<Option<String>, String> {
        self.refuse_input()?;
        let AnyGame::Morris { session, pick } = self else {
            return Err("this game has no points".to_owned());
        };
        let earlier = pick.from();
        match pick.click(session.position(), point) {
            Picked::More => {
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

    /// Plays a hole of the mancala board; returns the move.
    ///
    /// # Errors
    /// Why the hole cannot be played, for the player.
    pub fn click_hole(&mut self, hole: mancala::Hole) -> Result<String, String> {
        self.refuse_input()?;
        let AnyGame::Mancala { session } = self else {
            return Err("this game has no holes".to_owned());
        };
        let mv = pick::mancala_move_at(session.position(), hole).map_err(str::to_owned)?;
        session.play(&mv.to_string()).map_err(|e| e.to_string())
    }

    /// Why the board takes no pick now, if it does not.
    fn refuse_input(&self) -> Result<(), String> {
        if self.is_over() {
            Err("the game is over".to_owned())
        } else if !self.human_to_move() {
            Err("wait: the computer is thinking".to_owned())
        } else {
            Ok(())
        }
    }

    /// How the game ended, as a sentence naming the sides (empty while it goes on).
    #[must_use]
    pub fn ending(&self) -> String {
        let status = self.status();
        let names = self.side_names();
        let loser = if status.result == "1-0" {
            names[1]
        } else {
            names[0]
        };
        match status.reason {
            None => String::new(),
            Some("resignation") => format!("{loser} resigned."),
            Some("time") => format!("{loser} ran out of time."),
            Some(_) => format!("{}.", capitalise(status.message.as_deref().unwrap_or(""))),
        }
    }

    /// What the person to move should do now, as a sentence (empty while the computer moves
    /// or the player looks back through the game).
    #[must_use]
    pub fn prompt(&self) -> String {
        if self.is_over() || self.redoable() > 0 || !self.human_to_move() {
            return String::new();
        }
        let side = self.side_name(self.side_to_move());
        match self {
            AnyGame::Morris { session, pick } => match pick.stage(session.position()) {
                Stage::Place => format!("{side}: place a cow on an empty point."),
                Stage::From => format!("{side}: pick a cow to move."),
                Stage::To(from) => format!(
                    "Where does the cow on {from} go? (pick it again to let it go)",
                    from = from.label()
                ),
                Stage::Shoot { left: 0 } => "Mill! Shoot a cow: pick a highlighted one.".to_owned(),
                Stage::Shoot { left } => {
                    format!("Mills! Shoot a cow ({left} more after this one).")
                }
                Stage::Pass => format!("{side} cannot move and must pass."),
                Stage::None => String::new(),
            },
            AnyGame::Mancala { session } => {
                let pos = session.position();
                let mover = capitalise(pos.side_to_move().name());
                let other = capitalise(pos.side_to_move().other().name());
                let starving = pos.seeds_on_side(pos.side_to_move().other()) == 0;
                if pos.game() == mancala::Game::Oware && starving {
                    format!(
                        "{mover} must feed {other}: only moves that reach {other}'s houses are allowed."
                    )
                } else {
                    format!("{mover}: pick a hole to sow.")
                }
            }
        }
    }
}

fn describe_hint<M: std::fmt::Display>(
    best: Option<M>,
    score: &kraal_ai::Score,
    top: &[(M, kraal_ai::Score)],
) -> String {
    let Some(best) = best else {
        return "There is no move to suggest.".to_owned();
    };
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
        assert_eq!(g.prompt(), "Mill! Shoot a cow: pick a highlighted one.");
        assert_eq!(
            g.click_point("f6".parse().unwrap()),
            Ok(Some("g1xf6".into()))
        );
        assert_eq!(g.prompt(), "Black: place a cow on an empty point.");
    }

    #[test]
    fn touch_move_binds_the_picked_cow() {
        let start = "a1,d2,g7,c5/a7,g1,f4,e5 0:0 w";
        let mut g = game("tournament", Some(start), HUMANS);
        assert_eq!(g.click_point("d2".parse().unwrap()), Ok(None));
        // Letting go and picking another cow is refused: d2 was touched and can move.
        assert_eq!(g.click_point("d2".parse().unwrap()), Ok(None));
        assert!(g.click_point("a1".parse().unwrap()).is_err());
    }

    #[test]
    fn endings_and_prompts_name_the_sides() {
        let mut g = game("oware", Some("1,2,3,4,5,6/0,0,0,0,0,0 20:7 s"), HUMANS);
        assert_eq!(
            g.prompt(),
            "South must feed North: only moves that reach North's houses are allowed."
        );
        g.resign();
        assert_eq!(g.ending(), "South resigned.");
        assert_eq!(
            g.click_hole(mancala::Hole::new(mancala::Side::South, 5)),
            Err("the game is over".into())
        );
    }

    #[test]
    fn a_hint_points_at_its_move() {
        let g = game("oware", None, HUMANS);
        let hint = g.hint(20_000);
        assert!(hint.text.starts_with("Hint: "), "{}", hint.text);
        assert_eq!(hint.hole.map(|h| h.side), Some(mancala::Side::South));
        assert_eq!(hint.point, None);
    }
}
