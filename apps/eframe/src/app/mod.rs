//! The app's state and its frame loop: the menu or a game (board, panel, windows), one call a
//! frame. How an action is carried out is in `act`, the turns (clicks, the AI, hints,
//! draws, clocks, animations) in `play`, what is kept on disk in `files`.

mod act;
mod files;
mod modes;
mod online;
mod play;

pub(crate) use play::refusal;

use crate::actions::{self, Action};
use crate::anim::Animation;
use crate::ascent_view::AscentView;
use crate::cli::{self, Args, Opening};
use crate::config::{Config, Prefs};
use crate::daily_view::DailyView;
use crate::dialogs::{self, DialogAction, FileDialog, OverAction, ResignAnswer};
use crate::menu::{Menu, MenuAction};
use crate::panel::{self, Notice, PanelView};
use crate::rules_view::RulesView;
use crate::theme;
use kraal_front::Autosave;
use kraal_front::ascent::Climbing;
use kraal_front::progress::ProgressFile;
use kraal_front::review::ReviewPanel;
use kraal_rules_mancala as mancala;
use kraal_session::any::AnyMove;
use kraal_session::taken::Taken;
use kraal_session::{AnyGame, Record, Settings};

/// Looking at an earlier position of the game.
#[derive(Clone, Debug, PartialEq)]
struct Review {
    /// Every move of the game.
    moves: Vec<AnyMove>,
    /// The ply the game stood at before (to return to).
    end: usize,
    /// The finished game as it stood, to restore an ending the players decided (resignation,
    /// agreement, time, a claim), which moving through the moves would forget.
    finished: Option<Record>,
}

/// The engine's hint on the board and in the panel.
#[derive(Clone, Debug, Default, PartialEq)]
struct HintShown {
    /// The hint, or "Looking for a hint..." while the engine searches.
    text: Option<String>,
    /// The point its move starts from or goes to (mill games).
    point: Option<kraal_rules_morris::Point>,
    /// The hole it sows (mancala games).
    hole: Option<mancala::Hole>,
    /// The ply it was asked at: a move makes it stale.
    ply: usize,
}

/// The screen shown when no game is.
pub enum Screen {
    /// The home screen: every mode.
    Home,
    /// The start form ("Play the computer").
    Play,
    /// The Mountain Ascent.
    Ascent(AscentView),
    /// The rules and their examples.
    Rules(Box<RulesView>),
    /// The daily puzzle.
    Daily(Box<DailyView>),
    /// Online play: create, join, resume, or wait for the opponent.
    Online(Box<crate::online_view::OnlineView>),
    /// The settings.
    Settings,
}

/// The kraal desktop app.
pub struct KraalApp {
    screen: Screen,
    /// The player's progress file (`None`: not kept).
    progress: Option<ProgressFile>,
    /// The climb the game on the board counts for, if any.
    climb: Option<Climbing>,
    /// A message for the home screen (a progress file set aside).
    home_message: Option<String>,
    config: Config,
    settings: Settings,
    prefs: Prefs,
    menu: Menu,
    game: Option<AnyGame>,
    review: Option<Review>,
    /// The engine's review of the game (every move marked), running or done.
    engine_review: Option<ReviewPanel>,
    anim: Option<Animation>,
    notice: Option<Notice>,
    hint: HintShown,
    dialog: Option<FileDialog>,
    /// The desktop's file dialog, while it is open.
    native: Option<files::native::NativeDialog>,
    /// The desktop's dialog gave up at once: the file-name field from now on.
    native_failed: bool,
    /// The game-over window was closed to look at the board.
    over_closed: bool,
    /// The resign window is open.
    asking_resign: bool,
    /// The keys window is open.
    showing_keys: bool,
    autosave: Autosave,
    applied_theme: Option<bool>,
    now: f64,
    /// What each move of the game took (see [`KraalApp::refresh_taken`]), for the move list.
    taken: (Vec<AnyMove>, Vec<Option<Taken>>),
    /// The online game: being connected to, waiting for its opponent, or on the board.
    online: Option<online::Online>,
    /// The online games held, being described by the server.
    listing: Option<online::Listing>,
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
        let (progress, home_message) = match config.progress_path.clone().map(ProgressFile::open) {
            Some(Ok((file, aside))) => (Some(file), aside.map(|a| format!("{a}."))),
            Some(Err(e)) => (None, Some(format!("{e}."))),
            None => (None, None),
        };
        let home_message = [notice.as_ref().map(|n| n.text.clone()), home_message]
            .into_iter()
            .flatten()
            .reduce(|a, b| format!("{a} {b}"));
        let mut app = KraalApp {
            screen: Screen::Home,
            progress,
            climb: None,
            home_message,
            config,
            settings,
            prefs,
            menu,
            game: None,
            review: None,
            engine_review: None,
            anim: None,
            notice,
            hint: HintShown::default(),
            dialog: None,
            native: None,
            native_failed: false,
            over_closed: false,
            asking_resign: false,
            showing_keys: false,
            autosave: Autosave::new(None),
            applied_theme: None,
            now: 0.0,
            taken: (Vec::new(), Vec::new()),
            online: None,
            listing: None,
        };
        app.refresh_unfinished();
        app
    }

    /// The app as the command line asks, once [`cli::prepare`] has checked it: the menu, or
    /// straight into a game.
    #[must_use]
    pub fn open(mut config: Config, args: &Args, opening: Opening) -> KraalApp {
        config.seed = args.start.seed_or(config.seed);
        let mut app = KraalApp::new(config);
        if let Some(dark) = args.dark() {
            app.prefs.dark = dark;
        }
        if args.no_animations {
            app.settings.animations = false;
        }
        if args.no_native_dialogs {
            app.config.native_dialogs = false;
        }
        if let Some(server) = &args.server {
            app.prefs.server = Some(server.clone());
        }
        if let Some(mode) = args.open.and_then(crate::cli::OpenScreen::mode) {
            app.open_mode(mode);
        }
        if let Opening::Game { game, from } = opening {
            app.start(*game);
            if let Some(path) = from {
                app.say(format!("Loaded {}.", path.display()), false);
            }
        }
        app
    }

    /// The app the command-line words ask for (without the program's name), checked and
    /// built without a window (the tests' way in).
    ///
    /// # Errors
    /// A bad option or value, as the line `kraal-gui` prints.
    pub fn from_args<'a>(
        config: Config,
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<KraalApp, String> {
        use clap::Parser;
        let args = Args::try_parse_from(std::iter::once("kraal-gui").chain(words))
            .map_err(|e| cli::error_line(&e.to_string()))?;
        let opening =
            cli::prepare(&args, config.seed).map_err(|reason| format!("kraal-gui: {reason}"))?;
        Ok(KraalApp::open(config, &args, opening))
    }

    /// The game being played, if any (none while the menu shows).
    #[must_use]
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// The engine's review of the game, running or done, if one was asked for.
    #[must_use]
    pub fn engine_review(&self) -> Option<&ReviewPanel> {
        self.engine_review.as_ref()
    }

    /// The hint shown (or "Looking for a hint..." while the engine searches), if any.
    #[must_use]
    pub fn hint_text(&self) -> Option<&str> {
        self.hint.text.as_deref()
    }

    /// The settings shared with the terminal UI.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The GUI's own preferences.
    #[must_use]
    pub fn prefs(&self) -> Prefs {
        self.prefs.clone()
    }

    /// Whether a move is being animated.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        self.anim.is_some()
    }

    /// Turns animations on or off (kept in the shared settings).
    pub fn set_animations(&mut self, on: bool) {
        self.settings.animations = on;
        if !on {
            self.anim = None;
        }
    }

    /// Shows a message under the status.
    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.notice = Some(Notice {
            text: text.into(),
            error,
        });
    }

    /// Whether an online game is on the board.
    #[must_use]
    pub fn is_online(&self) -> bool {
        self.online.as_ref().is_some_and(|o| o.shown)
    }

    /// Starts playing `game` as a new unfinished game with a file of its own (written once it
    /// changes), so that it never overwrites another; a continued game then takes back the
    /// file it came from ([`KraalApp::continue_game`]).
    fn start(&mut self, game: AnyGame) {
        self.online = None;
        let slot = self.config.unfinished().map(|store| store.slot_for(&game));
        self.autosave = Autosave::new(slot);
        self.game = Some(game);
        self.climb = None;
        self.review = None;
        self.engine_review = None;
        self.anim = None;
        self.hint = HintShown::default();
        self.dialog = None;
        self.over_closed = false;
        self.asking_resign = false;
    }

    /// Reads what each move took when the moves changed (not while looking back: the list is
    /// the whole game's then).
    fn refresh_taken(&mut self) {
        let Some(game) = &self.game else {
            return;
        };
        if self.review.is_some() {
            return;
        }
        let moves = game.moves();
        if moves == self.taken.0 {
            return;
        }
        let taken = (1..=moves.len()).map(|ply| game.taken_at(ply)).collect();
        self.taken = (moves, taken);
    }

    /// Draws the whole app in `ui` (the window's content); one call a frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.prefs.dark) {
            theme::apply(&ctx, self.prefs.dark);
            self.applied_theme = Some(self.prefs.dark);
        }
        self.now = ui.input(|i| i.time);
        let typing = ctx.text_edit_focused() || self.dialog.is_some();
        for action in actions::pressed(&ctx, typing) {
            self.act(action);
        }
        self.run_online(&ctx);
        self.run_game(&ctx);
        self.poll_native(&ctx);

        let mut asked = Vec::new();
        egui::Panel::top("toolbar").show(ui, |ui| {
            asked = panel::toolbar(ui, self.game.is_some(), self.prefs.dark);
        });
        self.count_climb();
        if self.game.is_none() {
            egui::CentralPanel::default().show(ui, |ui| {
                if !matches!(self.screen, Screen::Play) {
                    self.mode_screen(ui);
                    return;
                }
                if crate::home::home_button(ui) {
                    self.screen = Screen::Home;
                    return;
                }
                match crate::menu::show(ui, &mut self.menu) {
                    Some(MenuAction::Start) => self.start_from_menu(),
                    Some(MenuAction::Continue(i)) => self.continue_game(i),
                    Some(MenuAction::Load) => asked.push(Action::Load),
                    None => {}
                }
            });
        } else {
            self.refresh_taken();
            // The panel yields to the board in a small window: at most half the width.
            let width = ui.available_width();
            let online = self.online_panel();
            egui::Panel::right("panel")
                .default_size((width * 0.3).clamp(190.0, 330.0))
                .min_size(170.0)
                .max_size((width * 0.5).max(170.0))
                .show(ui, |ui| {
                    if let Some(game) = &self.game {
                        let view = PanelView {
                            game,
                            review: self.review.as_ref().map(|r| r.moves.as_slice()),
                            engine_review: self.engine_review.as_ref(),
                            notice: self.notice.as_ref(),
                            hint: self.hint.text.as_deref(),
                            animations: self.settings.animations,
                            speed: self.prefs.speed,
                            taken: &self.taken.1,
                            online: online.as_ref(),
                        };
                        asked.extend(panel::show(ui, &view));
                    }
                });
            egui::CentralPanel::default().show(ui, |ui| self.board(ui));
        }
        for action in asked {
            self.act(action);
        }
        self.windows(&ctx);
    }

    /// The windows over the game or menu.
    fn windows(&mut self, ctx: &egui::Context) {
        if let Some(dialog) = &mut self.dialog {
            match dialog.show(ctx) {
                DialogAction::None => {}
                DialogAction::Cancel => self.dialog = None,
                DialogAction::Submit(path) => self.finish_dialog(path),
            }
        }
        let mill = self.game.as_ref().map(|g| g.morris_position().is_some());
        if self.showing_keys && dialogs::keys(ctx, mill) {
            self.showing_keys = false;
        }
        if self.asking_resign {
            match dialogs::resign(ctx) {
                ResignAnswer::None => {}
                ResignAnswer::Resign => self.act(Action::ConfirmResign),
                ResignAnswer::Keep => self.asking_resign = false,
            }
        }
        let Some(game) = &self.game else {
            return;
        };
        // Online, the server says how the game ended (a resignation, an agreed draw, a claim).
        let online_ending = self.online_panel().map(|p| p.ending);
        let over = match &online_ending {
            Some(ending) => ending.is_some(),
            None => game.is_over(),
        };
        if over && !self.over_closed && self.review.is_none() && self.anim.is_none() {
            let length = format!(
                "The game ended {}.",
                kraal_session::outcome::game_length(game.ply())
            );
            let Some((ending, length)) = (match online_ending {
                Some(ending) => ending.map(|e| (e, length)),
                None => panel::ending_text(game),
            }) else {
                return;
            };
            let online = self.is_online();
            match dialogs::game_over(ctx, &ending, &length, !online) {
                OverAction::None => {}
                OverAction::NewGame => self.act(Action::NewGame),
                OverAction::Undo => self.act(Action::Undo),
                OverAction::Close => self.over_closed = true,
                OverAction::Review => {
                    self.over_closed = true;
                    self.act(Action::ReviewGame);
                }
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
