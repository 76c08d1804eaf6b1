//! The app's state and its frame: the menu or a game (board, panel, dialogs), the AI's turn
//! and the animations. What the player asks for is in [`crate::actions`]; what is kept on disk
//! in [`crate::files`].

use crate::actions::Action;
use crate::anim::Animation;
use crate::cli::Args;
use crate::config::{Config, Prefs};
use crate::dialogs::{DialogAction, FileDialog, FileMode, OverAction};
use crate::menu::{Menu, MenuAction};
use crate::theme::{self, Palette};
use crate::{mancala_board, morris_board, panel};
use kraal_rules_mancala as mancala;
use kraal_session::AnyGame as Game;
use kraal_session::any::{AnyMove, DrawAnswer};
use kraal_session::pick::{Stage, mancala_targets};
use kraal_session::{GameResult, Player, Record, Settings, TimeControl, resolve};
use std::time::Duration;

/// A message for the player under the status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake (drawn in the error colour).
    pub error: bool,
}

/// Looking at an earlier position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every move of the game.
    pub moves: Vec<AnyMove>,
    /// The ply the game stood at before (to return to).
    pub end: usize,
    /// The finished game as it stood, to restore an ending the players decided (resignation,
    /// agreement, time, a claim), which moving through the moves would forget.
    pub finished: Option<Record>,
}

/// Position before a move, to animate it.
pub(crate) enum Before {
    Morris(kraal_rules_morris::Color),
    Mancala(Box<mancala::Position>),
}

/// The kraal desktop app.
pub struct KraalApp {
    pub(crate) config: Config,
    pub(crate) settings: Settings,
    pub(crate) prefs: Prefs,
    pub(crate) menu: Menu,
    pub(crate) game: Option<Game>,
    pub(crate) review: Option<Review>,
    pub(crate) anim: Option<Animation>,
    pub(crate) notice: Option<Notice>,
    pub(crate) hint: Option<String>,
    pub(crate) hint_point: Option<kraal_rules_morris::Point>,
    pub(crate) hint_hole: Option<mancala::Hole>,
    pub(crate) hint_ply: usize,
    pub(crate) dialog: Option<FileDialog>,
    pub(crate) over_closed: bool,
    pub(crate) saved: Option<(Vec<AnyMove>, Option<GameResult>)>,
    pub(crate) applied_theme: Option<bool>,
    pub(crate) now: f64,
}

impl KraalApp {
    /// The app with its files where `config` says, showing the menu.
    #[must_use]
    pub fn new(config: Config) -> KraalApp {
        let mut notice = None;
        let settings = match &config.settings_path {
            Some(path) => {
                let loaded = Settings::load_from(path);
                if let Some(warning) = loaded.warning {
                    notice = Some(Notice {
                        text: warning,
                        error: true,
                    });
                }
                loaded.settings
            }
            None => Settings::default(),
        };
        let prefs = config
            .prefs_path
            .as_deref()
            .map(Prefs::load)
            .unwrap_or_default();
        let mut menu = Menu::from_settings(&settings);
        menu.clock = prefs.clock;
        if let Some(n) = &notice {
            menu.error = Some(n.text.clone());
        }
        KraalApp {
            config,
            settings,
            prefs,
            menu,
            game: None,
            review: None,
            anim: None,
            notice,
            hint: None,
            hint_point: None,
            hint_hole: None,
            hint_ply: 0,
            dialog: None,
            over_closed: false,
            saved: None,
            applied_theme: None,
            now: 0.0,
        }
    }

    /// The app as the command line asks: the menu, or straight into a game.
    #[must_use]
    pub fn with_args(mut config: Config, args: &Args) -> KraalApp {
        if let Some(seed) = args.seed {
            config.seed = seed;
        }
        let mut app = KraalApp::new(config);
        if let Some(dark) = args.dark {
            app.prefs.dark = dark;
        }
        if args.no_animations {
            app.settings.animations = false;
        }
        if let Some(path) = &args.load {
            if let Err(e) = app.load_file(path) {
                app.menu.error = Some(e);
            }
        } else if let Some(game) = &args.game {
            let menu = &mut app.menu;
            if let Some(who) = &args.opponent {
                match Player::parse(who) {
                    Ok(Player::Ai(o)) => menu.opponent = Some(o.level),
                    Ok(Player::Human) => menu.opponent = None,
                    Err(e) => menu.error = Some(e.to_string()),
                }
            }
            if let Some(colour) = &args.colour {
                menu.colour = usize::from(
                    colour.eq_ignore_ascii_case("black") || colour.eq_ignore_ascii_case("north"),
                );
            }
            match resolve(game, args.rules.as_deref(), &args.overrides) {
                Ok(rules) => {
                    let players = app.menu.players();
                    match Game::new(&rules, args.position.as_deref(), players, app.config.seed) {
                        Ok(mut g) => {
                            match args.clock.as_deref().map(str::parse::<TimeControl>) {
                                Some(Ok(control)) => g.set_time_control(control),
                                Some(Err(e)) => app.menu.error = Some(e.to_string()),
                                None => {}
                            }
                            for mv in &args.moves {
                                if let Err(e) = g.play_text(mv) {
                                    app.notice = Some(Notice {
                                        text: format!("--moves: {e}"),
                                        error: true,
                                    });
                                    break;
                                }
                            }
                            app.start(g);
                        }
                        Err(e) => app.menu.error = Some(e.to_string()),
                    }
                }
                Err(e) => app.menu.error = Some(e.to_string()),
            }
        }
        app
    }

    /// The game being played, if any (none while the menu shows).
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The hint shown (or "Looking for a hint..." while the engine searches), if any.
    #[must_use]
    pub fn hint_text(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// The message under the status, if any.
    #[must_use]
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The settings shared with the terminal UI.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The GUI's own preferences.
    #[must_use]
    pub fn prefs(&self) -> Prefs {
        self.prefs
    }

    /// Whether a move is being animated.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.anim.is_some()
    }

    /// Whether the AI is thinking.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.thinking().is_some())
    }

    /// Turns animations on or off (kept in the shared settings).
    pub fn set_animations(&mut self, on: bool) {
        self.settings.animations = on;
        if !on {
            self.anim = None;
        }
    }

    pub(crate) fn say(&mut self, text: impl Into<String>, error: bool) {
        self.notice = Some(Notice {
            text: text.into(),
            error,
        });
    }

    /// Starts playing `game`.
    pub(crate) fn start(&mut self, game: Game) {
        self.game = Some(game);
        self.review = None;
        self.anim = None;
        self.hint = None;
        self.hint_point = None;
        self.hint_hole = None;
        self.dialog = None;
        self.over_closed = false;
        self.saved = None;
    }

    /// Starts the game the menu describes.
    fn start_from_menu(&mut self) {
        self.menu.store(&mut self.settings);
        let overrides = self.settings.overrides.clone();
        let rules = resolve(&self.menu.game, Some(&self.menu.rule_set), &overrides)
            .or_else(|_| resolve(&self.menu.game, Some(&self.menu.rule_set), &[] as &[&str]));
        let control = crate::config::CLOCKS
            .get(self.menu.clock)
            .and_then(|c| c.0.parse::<TimeControl>().ok())
            .unwrap_or_default();
        self.prefs.clock = self.menu.clock;
        match rules.and_then(|r| Game::new(&r, None, self.menu.players(), self.config.seed)) {
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

    pub(crate) fn before(&self) -> Option<Before> {
        let game = self.game.as_ref()?;
        if let Some(pos) = game.morris_position() {
            return Some(Before::Morris(pos.side_to_move()));
        }
        game.mancala_position()
            .map(|p| Before::Mancala(Box::new(p.clone())))
    }

    pub(crate) fn animate(&mut self, before: Option<Before>) {
        self.hint = None;
        self.hint_point = None;
        self.hint_hole = None;
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
    pub(crate) fn board_is_live(&self) -> bool {
        self.review.is_none()
            && self
                .game
                .as_ref()
                .is_some_and(|g| !g.is_over() && g.human_to_move())
    }

    pub(crate) fn click_point(&mut self, point: kraal_rules_morris::Point) {
        self.anim = None;
        let before = self.before();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match game.click_point(point) {
            Ok(None) => self.notice = None,
            Ok(Some(_)) => {
                self.notice = None;
                self.animate(before);
            }
            Err(why) => self.say(format!("{}: {why}.", point.label()), true),
        }
    }

    pub(crate) fn click_hole(&mut self, hole: mancala::Hole) {
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
            Ok(_) => {
                self.notice = None;
                self.animate(before);
            }
            Err(why) => self.say(format!("{name}: {why}."), true),
        }
    }

    /// The AI's turn, the clock, and the animation; called every frame.
    pub(crate) fn run_game(&mut self, ctx: &egui::Context) {
        if self.anim.as_ref().is_some_and(|a| a.is_done(self.now)) {
            self.anim = None;
        }
        if self.anim.is_some() {
            ctx.request_repaint();
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.ply() != self.hint_ply {
            self.hint = None;
            self.hint_point = None;
            self.hint_hole = None;
        }
        if game.hint_pending() {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
        if let Some(hint) = game.poll_hint() {
            self.hint = Some(hint.to_string());
            self.hint_point = hint.point;
            self.hint_hole = hint.hole;
        }
        if game.draw_pending() {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
        if let Some(answer) = game.poll_draw() {
            let name = game.players()[1 - game.side_to_move()];
            match (answer, name) {
                (DrawAnswer::ComputerDeclines, Player::Ai(o)) => {
                    self.say(format!("{} declines the draw.", o.name), false);
                }
                (DrawAnswer::ComputerAccepts, _) => self.over_closed = false,
                (answer, _) => self.say(answer.to_string(), false),
            }
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.clocks(std::time::Instant::now()).is_some() {
            game.tick(std::time::Instant::now());
            ctx.request_repaint_after(Duration::from_millis(250));
        }
        if self.review.is_some() || game.is_over() || game.human_to_move() {
            return;
        }
        // The AI thinks while the last move is still being shown, and plays after it.
        game.start_ai();
        if self.anim.is_some() {
            return;
        }
        let before = self.before();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.poll_ai().is_some() {
            self.animate(before);
            ctx.request_repaint();
        } else {
            ctx.request_repaint_after(Duration::from_millis(30));
        }
    }

    /// Draws the whole app in `ui` (the window's content); one call a frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.prefs.dark) {
            theme::apply(&ctx, self.prefs.dark);
            self.applied_theme = Some(self.prefs.dark);
        }
        self.now = ui.input(|i| i.time);
        self.shortcuts(&ctx);
        self.run_game(&ctx);

        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar(ui));
        if self.game.is_none() {
            egui::CentralPanel::default().show(ui, |ui| {
                let can_continue = self.can_continue();
                match crate::menu::show(ui, &mut self.menu, can_continue) {
                    Some(MenuAction::Start) => self.start_from_menu(),
                    Some(MenuAction::Continue) => self.continue_last(),
                    Some(MenuAction::Load) => self.open_dialog(FileMode::Load),
                    None => {}
                }
            });
        } else {
            let mut actions = Vec::new();
            egui::Panel::right("panel")
                .default_size(330.0)
                .min_size(260.0)
                .show(ui, |ui| {
                    if let Some(game) = &self.game {
                        let info = panel::PanelInfo {
                            game,
                            review: self.review.as_ref(),
                            notice: self.notice.as_ref(),
                            hint: self.hint.as_deref(),
                        };
                        actions = panel::show(
                            ui,
                            &info,
                            &mut self.settings.animations,
                            &mut self.prefs.speed,
                        );
                    }
                });
            egui::CentralPanel::default().show(ui, |ui| self.board(ui));
            for action in actions {
                self.act(action);
            }
        }
        self.windows(&ctx);
        self.keep_last_game();
    }

    pub(crate) fn toolbar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            if ui.button("New game").on_hover_text("Ctrl+N").clicked() {
                self.act(Action::NewGame);
            }
            if ui
                .add_enabled(self.game.is_some(), egui::Button::new("Save…"))
                .on_hover_text("Ctrl+S")
                .clicked()
            {
                self.act(Action::Save);
            }
            if ui.button("Load…").on_hover_text("Ctrl+O").clicked() {
                self.open_dialog(FileMode::Load);
            }
            let theme = if self.prefs.dark {
                "Light theme"
            } else {
                "Dark theme"
            };
            if ui.button(theme).on_hover_text("T").clicked() {
                self.act(Action::ToggleTheme);
            }
        });
    }

    pub(crate) fn board(&mut self, ui: &mut egui::Ui) {
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
                hint: self.hint_point,
                now,
                palette,
                interactive: live,
            };
            let picked = morris_board::show(ui, &view);
            let passing = live && game.pick().is_some_and(|p| p.stage(pos) == Stage::Pass);
            for point in picked {
                if passing {
                    self.say("You cannot move: pass instead (P).", true);
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
                hint: self.hint_hole,
                palette,
                interactive: live,
            };
            if let Some(hole) = mancala_board::show(ui, &view) {
                self.click_hole(hole);
            }
        }
    }

    pub(crate) fn windows(&mut self, ctx: &egui::Context) {
        if let Some(dialog) = &mut self.dialog {
            match dialog.show(ctx) {
                DialogAction::None => {}
                DialogAction::Cancel => self.dialog = None,
                DialogAction::Submit(path) => self.finish_dialog(path),
            }
        }
        let Some(game) = &self.game else {
            return;
        };
        if game.is_over() && !self.over_closed && self.review.is_none() && self.anim.is_none() {
            let Some(outcome) = game.outcome() else {
                return;
            };
            let headline = match outcome.winner {
                Some(_) => outcome.headline(),
                None => "A draw".to_owned(),
            };
            let reason = outcome.to_string();
            match crate::dialogs::game_over(ctx, &headline, &reason) {
                OverAction::None => {}
                OverAction::NewGame => self.act(Action::NewGame),
                OverAction::Undo => self.act(Action::Undo),
                OverAction::Close => self.over_closed = true,
            }
        }
    }
}

impl eframe::App for KraalApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        KraalApp::ui(self, ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.save_all();
    }
}
