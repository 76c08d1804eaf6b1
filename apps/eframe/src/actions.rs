//! What the player can ask for (buttons, the toolbar, shortcut keys) and how the app does it.

use crate::app::{KraalApp, Review};
use crate::dialogs::FileMode;
use crate::menu::Menu;
use kraal_session::AnyGame as Game;
use kraal_session::Player;
use kraal_session::any::DrawAnswer;

/// What the player asked for from the panel, the toolbar or the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take back the last turn.
    Undo,
    /// Play a taken-back turn again.
    Redo,
    /// Ask the engine for a move.
    Hint,
    /// Give up.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Accept the draw offered.
    AcceptDraw,
    /// Claim that no capture can happen again (Oware).
    Claim,
    /// Pass (the only move of a blocked player in Koti).
    Pass,
    /// Open the save dialog.
    Save,
    /// Open the load dialog.
    Load,
    /// Back to the menu.
    NewGame,
    /// Look at the position after this many moves.
    Jump(usize),
    /// Leave the review and go back to the game.
    BackToGame,
    /// Switch light and dark.
    ToggleTheme,
    /// Forget the picks of this turn (Esc).
    ClearPick,
}

impl KraalApp {
    /// Does what the player asked.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Load => return self.open_dialog(FileMode::Load),
            Action::ToggleTheme => {
                self.prefs.dark = !self.prefs.dark;
                return self.save_settings();
            }
            Action::NewGame => {
                self.game = None;
                self.review = None;
                self.anim = None;
                self.notice = None;
                self.dialog = None;
                self.menu = Menu::from_settings(&self.settings);
                self.menu.clock = self.prefs.clock;
                return;
            }
            _ => {}
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match action {
            Action::Undo => {
                self.review = None;
                self.anim = None;
                if game.undo_turn() == 0 {
                    self.say("There is nothing to take back.", true);
                } else {
                    self.over_closed = false;
                    self.notice = None;
                }
            }
            Action::Redo => {
                self.anim = None;
                if self.review.is_some() {
                    return;
                }
                if game.redo_turn() == 0 {
                    self.say("There is nothing to play again.", true);
                } else {
                    self.notice = None;
                }
            }
            Action::Hint => {
                if game.is_over() {
                    self.say("The game is over.", true);
                } else {
                    game.ask_hint();
                    self.hint = Some("Looking for a hint...".to_owned());
                    self.hint_point = None;
                    self.hint_hole = None;
                    self.hint_ply = game.ply();
                }
            }
            Action::Resign => {
                if !game.is_over() && self.review.is_none() {
                    game.resign();
                    self.over_closed = false;
                }
            }
            Action::OfferDraw => {
                if game.is_over() || self.review.is_some() || !game.human_to_move() {
                    return;
                }
                let side = game.side_to_move();
                let other = game.players()[1 - side];
                match (game.offer_draw(), other) {
                    (DrawAnswer::ComputerThinking, Player::Ai(o)) => {
                        let text = format!("{} thinks about your offer...", o.name);
                        self.say(text, false);
                    }
                    (DrawAnswer::Offered, _) => {
                        let text = format!(
                            "{} offers a draw: {} may accept it on their turn (a move declines it).",
                            game.side_name(side),
                            game.side_name(1 - side)
                        );
                        self.say(text, false);
                    }
                    (answer, _) => self.say(answer.to_string(), false),
                }
            }
            Action::AcceptDraw => {
                if game.accept_draw() {
                    self.over_closed = false;
                } else {
                    self.say("There is no draw offer to accept.", true);
                }
            }
            Action::Claim => match game.claim() {
                Ok(_) => self.over_closed = false,
                Err(e) => {
                    let text = e.to_string();
                    self.say(text, true);
                }
            },
            Action::Pass => {
                let before = self.before();
                let passed = self.game.as_mut().map(Game::pass);
                match passed {
                    Some(Ok(_)) => self.animate(before),
                    Some(Err(e)) => {
                        let text = format!("{}.", kraal_session::any::capitalise(&e.to_string()));
                        self.say(text, true);
                    }
                    None => {}
                }
            }
            Action::Save => self.open_dialog(FileMode::Save),
            Action::Load | Action::NewGame | Action::ToggleTheme => {}
            Action::Jump(ply) => {
                self.anim = None;
                let review = self.review.clone().unwrap_or_else(|| Review {
                    moves: game.moves(),
                    end: game.ply(),
                    finished: game.is_over().then(|| game.record()),
                });
                if ply == review.end {
                    self.review = Some(review);
                    self.act(Action::BackToGame);
                } else if game.jump(ply).is_ok() {
                    self.review = Some(review);
                }
            }
            Action::BackToGame => {
                if let Some(review) = self.review.take() {
                    let _ = game.jump(review.end);
                    if let Some(record) = &review.finished {
                        let players = game.players();
                        if let Ok(restored) = Game::from_record(record, players, self.config.seed) {
                            *game = restored;
                        }
                    }
                }
                game.clear_pick();
            }
            Action::ClearPick => game.clear_pick(),
        }
    }

    pub(crate) fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, Modifiers};
        let typing = ctx.text_edit_focused() || self.dialog.is_some();
        let mut actions = Vec::new();
        ctx.input_mut(|i| {
            if i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
                || i.consume_key(Modifiers::COMMAND, Key::Y)
            {
                actions.push(Action::Redo);
            }
            if i.consume_key(Modifiers::COMMAND, Key::Z) {
                actions.push(Action::Undo);
            }
            if i.consume_key(Modifiers::COMMAND, Key::S) {
                actions.push(Action::Save);
            }
            if i.consume_key(Modifiers::COMMAND, Key::O) {
                actions.push(Action::Load);
            }
            if i.consume_key(Modifiers::COMMAND, Key::N) {
                actions.push(Action::NewGame);
            }
            if typing {
                return;
            }
            let keys = [
                (Key::U, Action::Undo),
                (Key::R, Action::Redo),
                (Key::H, Action::Hint),
                (Key::T, Action::ToggleTheme),
                (Key::P, Action::Pass),
                (Key::Escape, Action::ClearPick),
            ];
            for (key, action) in keys {
                if i.consume_key(Modifiers::NONE, key) {
                    actions.push(action);
                }
            }
        });
        for action in actions {
            if action == Action::ClearPick && self.review.is_some() {
                self.act(Action::BackToGame);
            } else if action == Action::NewGame || self.game.is_some() {
                self.act(action);
            } else if action == Action::Load {
                self.open_dialog(FileMode::Load);
            }
        }
    }
}
