//! How the app carries out what the player asks for ([`Action`]), and starts the game the
//! menu describes.

use super::{HintShown, KraalApp, Review};
use crate::actions::Action;
use crate::config::{CLOCKS, Prefs};
use crate::dialogs::FileMode;
use crate::menu::Menu;
use kraal_front::review::ReviewPanel;
use kraal_session::any::{DrawAnswer, capitalise};
use kraal_session::{AnyGame, Player, TimeControl, resolve};

impl KraalApp {
    /// Does what the player asked.
    pub(super) fn act(&mut self, action: Action) {
        match action {
            Action::Load => return self.open_dialog(FileMode::Load),
            Action::ToggleTheme => {
                self.prefs.dark = !self.prefs.dark;
                return self.save_settings();
            }
            Action::ToggleAnimations => {
                let on = !self.settings.animations;
                return self.set_animations(on);
            }
            Action::Speed(speed) => {
                self.prefs.speed = speed.clamp(*Prefs::SPEEDS.start(), *Prefs::SPEEDS.end());
                return;
            }
            Action::ToggleKeys => {
                self.showing_keys = !self.showing_keys;
                return;
            }
            Action::NewGame => return self.back_to_menu(),
            Action::Cancel if self.showing_keys => {
                self.showing_keys = false;
                return;
            }
            Action::Cancel if self.asking_resign => {
                self.asking_resign = false;
                return;
            }
            _ => {}
        }
        if self.game.is_none() || self.online_act(action) {
            return;
        }
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.ask_hint(),
            Action::ReviewGame => self.toggle_engine_review(),
            Action::Resign => {
                if self.can_offer() {
                    self.asking_resign = true;
                } else if self.game.as_ref().is_some_and(|g| !g.is_over()) {
                    self.say(
                        "You can resign on your turn, in the game (not while looking back).",
                        true,
                    );
                }
            }
            Action::ConfirmResign => {
                self.asking_resign = false;
                if let Some(game) = self.game.as_mut().filter(|g| !g.is_over()) {
                    game.resign();
                    self.over_closed = false;
                    self.keep();
                }
            }
            Action::Draw => {
                if self.game.as_ref().is_some_and(AnyGame::draw_offered) {
                    self.act(Action::AcceptDraw);
                } else {
                    self.act(Action::OfferDraw);
                }
            }
            Action::OfferDraw => self.offer_draw(),
            Action::AcceptDraw => {
                if self.game.as_mut().is_some_and(AnyGame::accept_draw) {
                    self.over_closed = false;
                    self.keep();
                } else {
                    self.say("There is no draw offer to accept.", true);
                }
            }
            Action::Claim => match self.game.as_mut().map(AnyGame::claim) {
                Some(Ok(_)) => {
                    self.over_closed = false;
                    self.keep();
                }
                Some(Err(e)) => self.say(format!("{}.", capitalise(&e.to_string())), true),
                None => {}
            },
            Action::Pass => self.pass(),
            // Online only (`online_act`).
            Action::DeclineDraw | Action::ClaimWin | Action::ClaimDraw => {}
            Action::Save => self.open_dialog(FileMode::Save),
            Action::Jump(ply) => self.jump(ply),
            Action::Back => {
                if let Some(ply) = self.game.as_ref().and_then(|g| g.ply().checked_sub(1)) {
                    self.jump(ply);
                }
            }
            Action::Forward => {
                let ply = self.game.as_ref().map_or(0, AnyGame::ply);
                if self.review.as_ref().is_some_and(|r| ply < r.end) {
                    self.jump(ply + 1);
                }
            }
            Action::First => self.jump(0),
            Action::Last | Action::BackToGame => self.back_to_game(),
            Action::Cancel => {
                if self.review.is_some() {
                    self.back_to_game();
                } else if let Some(game) = self.game.as_mut() {
                    game.clear_pick();
                }
            }
            Action::Load
            | Action::NewGame
            | Action::ToggleTheme
            | Action::ToggleAnimations
            | Action::Speed(_)
            | Action::ToggleKeys => {}
        }
    }

    /// Whether the person to move may resign or offer a draw now.
    fn can_offer(&self) -> bool {
        self.review.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.human_to_move())
    }

    /// Leaves the game for the menu (the unfinished game stays kept on disk).
    fn back_to_menu(&mut self) {
        if self.online.take().is_some() {
            // The seat stays in the token store: the online screen's list resumes it.
            self.screen = self.online_screen();
        } else if !self.leave_climb() {
            self.screen = super::Screen::Play;
        }
        self.game = None;
        self.review = None;
        self.anim = None;
        self.notice = None;
        self.dialog = None;
        self.asking_resign = false;
        self.hint = HintShown::default();
        let set_aside = std::mem::take(&mut self.menu.set_aside);
        self.menu = Menu::from_settings(&self.settings);
        self.menu.clock = self.prefs.clock;
        self.menu.set_aside = set_aside;
        self.refresh_unfinished();
    }

    fn undo(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.review = None;
        self.anim = None;
        if game.undo_turn() == 0 {
            self.say("There is nothing to take back.", true);
        } else {
            self.assist();
            self.over_closed = false;
            self.notice = None;
            self.keep();
        }
    }

    fn redo(&mut self) {
        self.anim = None;
        if self.review.is_some() {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.redo_turn() == 0 {
            self.say("There is nothing to play again.", true);
        } else {
            self.notice = None;
            self.keep();
        }
    }

    /// Starts the engine's review of the game's moves, or stops the one running (keeping the
    /// moves it reviewed).
    pub(super) fn toggle_engine_review(&mut self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        match &mut self.engine_review {
            Some(panel) if panel.running() => {
                panel.stop();
                let text = format!("Review stopped. {}", panel.status(game.side_names()));
                self.say(text, false);
            }
            _ if game.all_moves().is_empty() => self.say("There are no moves to review yet.", true),
            _ => {
                let panel = ReviewPanel::start(game);
                match panel.warning.clone() {
                    Some(w) => self.say(w, true),
                    None => self.say("Reviewing the game: every move is searched in turn.", false),
                }
                self.engine_review = Some(panel);
            }
        }
    }

    fn ask_hint(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.is_over() {
            self.say("The game is over.", true);
        } else if self.review.is_some() {
            self.say("Go back to the game first (Esc).", true);
        } else if !game.human_to_move() {
            self.say("Wait for your turn.", true);
        } else {
            game.ask_hint();
            if let Some(climb) = &mut self.climb {
                climb.assist();
            }
            self.hint = HintShown {
                text: Some("Looking for a hint...".to_owned()),
                ply: game.ply(),
                ..HintShown::default()
            };
        }
    }

    fn offer_draw(&mut self) {
        if !self.can_offer() {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let side = game.side_to_move();
        let other = game.players()[1 - side];
        let text = match (game.offer_draw(), other) {
            (DrawAnswer::ComputerThinking, Player::Ai(o)) => {
                format!("{} thinks about your offer...", o.name)
            }
            (DrawAnswer::Offered, _) => format!(
                "{} offers a draw: {} may accept it on their turn (a move declines it).",
                game.side_name(side),
                game.side_name(1 - side)
            ),
            (answer, _) => answer.to_string(),
        };
        self.say(text, false);
    }

    /// Looks at the position after `ply` moves (the end of the game leaves the review).
    fn jump(&mut self, ply: usize) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.anim = None;
        let review = self.review.clone().unwrap_or_else(|| Review {
            moves: game.moves(),
            end: game.ply(),
            finished: game.is_over().then(|| game.record()),
        });
        if ply == review.end {
            self.review = Some(review);
            self.back_to_game();
        } else if game.jump(ply).is_ok() {
            self.review = Some(review);
        }
    }

    /// Leaves the review: the game as it stood, its ending too.
    fn back_to_game(&mut self) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if let Some(review) = self.review.take() {
            let _ = game.jump(review.end);
            if let Some(record) = &review.finished {
                let players = game.players();
                if let Ok(restored) = AnyGame::from_record(record, players, self.config.seed) {
                    *game = restored;
                }
            }
        }
        game.clear_pick();
    }

    /// Starts the game the menu describes.
    pub(super) fn start_from_menu(&mut self) {
        self.menu.store(&mut self.settings);
        let overrides = self.settings.overrides.clone();
        let rules = resolve(&self.menu.game, Some(&self.menu.rule_set), &overrides)
            .or_else(|_| resolve(&self.menu.game, Some(&self.menu.rule_set), &[] as &[&str]));
        let control = CLOCKS
            .get(self.menu.clock)
            .and_then(|c| c.0.parse::<TimeControl>().ok())
            .unwrap_or_default();
        self.prefs.clock = self.menu.clock;
        match rules.and_then(|r| AnyGame::new(&r, None, self.menu.players(), self.config.seed)) {
            Ok(mut game) => {
                if control != TimeControl::None {
                    game.set_time_control(control);
                }
                self.menu.error = None;
                self.notice = None;
                self.start(game);
                self.save_settings();
            }
            Err(e) => self.menu.error = Some(format!("Cannot start the game: {e}")),
        }
    }
}
