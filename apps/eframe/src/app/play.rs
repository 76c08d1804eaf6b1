//! The turns: the player's clicks on the board, passing, the AI's move, the hint and the
//! computer's draw answer arriving from the session's worker, the clock, and the animation of
//! each move.

use super::{HintShown, KraalApp};
use crate::anim::Animation;
use crate::theme::Palette;
use crate::{mancala_board, morris_board};
use kraal_rules_mancala as mancala;
use kraal_session::any::{DrawAnswer, Prompt, capitalise};
use kraal_session::pick::mancala_targets;
use kraal_session::{AnyGame, Player, SessionError};
use std::time::{Duration, Instant};

/// The position before a move, to animate it.
pub(super) enum Before {
    Morris(kraal_rules_morris::Color),
    Mancala(Box<mancala::Position>),
}

/// Why a point or hole cannot be picked, naming it once: "a1: that is your own cow...". The
/// shots are worded for this board, where the cows that may be shot are ringed in red.
pub(crate) fn refusal(place: &str, why: &SessionError) -> String {
    use kraal_session::pick::Refusal;
    let name = |c: kraal_rules_morris::Color| match c {
        kraal_rules_morris::Color::White => "White",
        kraal_rules_morris::Color::Black => "Black",
    };
    match why {
        SessionError::Pick {
            at,
            reason: Refusal::OwnCow { target },
            ..
        } => format!(
            "{at}: that is your own cow; shoot one of {}'s, ringed in red.",
            name(*target)
        ),
        SessionError::Pick {
            at,
            reason: Refusal::NothingToShoot { target },
            ..
        } => format!(
            "{at}: that point is empty; shoot one of {}'s cows, ringed in red.",
            name(*target)
        ),
        SessionError::Pick {
            at,
            reason: Refusal::InMill,
            ..
        } => format!("{at}: that cow stands in a mill; shoot one ringed in red."),
        // A point is named as the board names it, and the session says why.
        SessionError::Pick { .. } => format!("{why}."),
        // The session names a hole as notation; the window names it as the board does.
        SessionError::Hole { reason, .. } => format!("{place}: {reason}."),
        other => format!("{place}: {other}."),
    }
}

impl KraalApp {
    /// How long the move being animated takes in all, in seconds (none if nothing moves).
    #[must_use]
    pub fn animation_seconds(&self) -> Option<f64> {
        self.anim.as_ref().map(Animation::duration)
    }

    pub(super) fn before(&self) -> Option<Before> {
        let game = self.game.as_ref()?;
        if let Some(pos) = game.morris_position() {
            return Some(Before::Morris(pos.side_to_move()));
        }
        game.mancala_position()
            .map(|p| Before::Mancala(Box::new(p.clone())))
    }

    /// A move was played: the hint goes, the game is kept, the move is animated.
    pub(super) fn moved(&mut self, before: Option<Before>) {
        self.hint = HintShown::default();
        self.keep();
        if !self.settings.animations {
            return;
        }
        let (Some(game), Some(before)) = (&self.game, before) else {
            return;
        };
        self.anim = match before {
            Before::Morris(mover) => game
                .morris_last()
                .map(|mv| Animation::morris(mv, mover, self.now, self.prefs.speed)),
            Before::Mancala(pos) => game
                .mancala_last()
                .and_then(|mv| Animation::mancala(&pos, mv, self.now, self.prefs.speed)),
        };
    }

    /// Whether the player may pick on the board now.
    fn board_is_live(&self) -> bool {
        self.review.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.human_to_move())
            && self.online.as_ref().is_none_or(|o| o.may_move())
    }

    fn click_point(&mut self, point: kraal_rules_morris::Point) {
        self.anim = None;
        let before = self.before();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let prompt = game.prompt();
        // Under touch-move the touched cow cannot be let go: say so rather than drop it.
        if let Some(Prompt::Destination { from, bound: true }) = prompt
            && from == point
        {
            let text = format!(
                "{from}: touch-move: you touched this cow, so it must move; click where it goes."
            );
            return self.say(text, true);
        }
        let why = |e: &SessionError| refusal(point.label(), e);
        match game.click_point(point) {
            Ok(None) => self.notice = None,
            Ok(Some(mv)) => {
                self.notice = None;
                self.moved(before);
                self.send_move(mv);
            }
            Err(e) => {
                let text = why(&e);
                self.say(text, true);
            }
        }
    }

    fn click_hole(&mut self, hole: mancala::Hole) {
        self.anim = None;
        let before = self.before();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let name = game
            .mancala_position()
            .map(|p| p.board().describe(hole))
            .unwrap_or_default();
        match game.click_hole(hole) {
            Ok(mv) => {
                self.notice = None;
                self.moved(before);
                self.send_move(mv);
            }
            Err(why) => self.say(refusal(&name, &why), true),
        }
    }

    /// Passes, when that is the only move (Koti).
    pub(super) fn pass(&mut self) {
        let before = self.before();
        match self.game.as_mut().map(AnyGame::pass) {
            Some(Ok(mv)) => {
                self.moved(before);
                self.send_move(mv);
            }
            Some(Err(e)) => self.say(format!("{}.", capitalise(&e.to_string())), true),
            None => {}
        }
    }

    /// The AI's turn, the clock, the hint and the draw answer, and the animation; called
    /// every frame.
    pub(super) fn run_game(&mut self, ctx: &egui::Context) {
        if self.anim.as_ref().is_some_and(|a| a.is_done(self.now)) {
            self.anim = None;
        }
        if self.anim.is_some() {
            ctx.request_repaint();
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.ply() != self.hint.ply {
            self.hint = HintShown::default();
        }
        if self.engine_review.as_ref().is_some_and(|r| !r.fits(game)) {
            // Moves it reviewed were taken back and others played: its marks are of another game.
            self.engine_review = None;
        }
        if let Some(panel) = &mut self.engine_review
            && panel.poll()
        {
            let text = match &panel.warning {
                Some(w) => w.clone(),
                None => format!("Review done. {}", panel.status(game.side_names())),
            };
            self.notice = Some(crate::panel::Notice { text, error: false });
            ctx.request_repaint();
        }
        if game.hint_pending() || game.draw_pending() {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
        if let Some(hint) = game.poll_hint() {
            self.hint = HintShown {
                text: Some(hint.to_string()),
                point: hint.point,
                hole: hint.hole,
                ply: game.ply(),
            };
        }
        if let Some(answer) = game.poll_draw() {
            let asked = game.players()[1 - game.side_to_move()];
            match (answer, asked) {
                (DrawAnswer::ComputerDeclines, Player::Ai(o)) => {
                    self.say(format!("{} declines the draw.", o.name), false);
                }
                (DrawAnswer::ComputerAccepts, _) => {
                    self.over_closed = false;
                    self.keep();
                }
                (answer, _) => self.say(answer.to_string(), false),
            }
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.clocks(Instant::now()).is_some() {
            if game.tick(Instant::now()) {
                self.keep();
            }
            ctx.request_repaint_after(Duration::from_millis(250));
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if self.review.is_some() || game.is_over() || game.human_to_move() {
            return;
        }
        // The AI thinks while the last move is still being shown, and plays after it.
        game.start_ai();
        if self.anim.is_some() {
            return;
        }
        let before = self.before();
        // With animations on, the computer also takes its pace before its move shows.
        let paced = self.settings.animations;
        let played = self
            .game
            .as_mut()
            .and_then(|g| g.poll_ai_with(Instant::now(), paced));
        if played.is_some() {
            self.moved(before);
            ctx.request_repaint();
        } else {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
    }

    /// Draws the board in the central panel and carries out the player's picks on it.
    pub(super) fn board(&mut self, ui: &mut egui::Ui) {
        let live = self.board_is_live();
        let palette = Palette::new(self.prefs.dark);
        let now = self.now;
        let Some(game) = &self.game else {
            return;
        };
        if let Some(pos) = game.morris_position() {
            let empty = kraal_session::pick::MorrisPick::default();
            let view = morris_board::MorrisView {
                pos,
                pick: game.pick().unwrap_or(&empty),
                last: game.morris_last(),
                anim: self.anim.as_ref(),
                hint: self.hint.point,
                now,
                palette,
                interactive: live,
            };
            let picked = morris_board::show(ui, &view);
            let passing = live && matches!(game.prompt(), Some(Prompt::Pass(_)));
            for point in picked {
                if passing {
                    self.say("You cannot move: pass instead (p).", true);
                } else {
                    self.click_point(point);
                }
            }
        } else if let Some(pos) = game.mancala_position() {
            let targets = if live {
                mancala_targets(pos)
            } else {
                Vec::new()
            };
            let view = mancala_board::MancalaView {
                pos,
                targets: &targets,
                last: game.mancala_last().map(mancala::Move::hole),
                sowing: self.anim.as_ref().and_then(|a| a.sowing(now)),
                hint: self.hint.hole,
                palette,
                interactive: live,
            };
            if let Some(hole) = mancala_board::show(ui, &view) {
                self.click_hole(hole);
            }
        }
    }
}
