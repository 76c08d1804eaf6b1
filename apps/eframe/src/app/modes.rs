//! The screens around the game (home, ascent, rules, settings) and the climb games: how a
//! mode opens, how a climb starts and is counted once it ends.

use super::{KraalApp, Screen};
use crate::ascent_view::{self, AscentAction, AscentView};
use crate::daily_view;
use crate::rules_view::{self, RulesView};
use kraal_front::ascent::{AscentProgress, Climbing, Mountain, NOT_KEPT};
use kraal_front::home::Mode;
use kraal_front::lessons::Book;
use kraal_puzzles::{Date, GameName};
use kraal_session::{Seat, TimeControl};

impl KraalApp {
    /// The screen shown when no game is.
    #[must_use]
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The progress on one mountain (empty when none is kept).
    #[must_use]
    pub fn ascent_progress(&self, mountain: &Mountain) -> AscentProgress {
        self.progress
            .as_ref()
            .map(|f| f.progress.ascent_of(mountain))
            .unwrap_or_default()
    }

    /// Draws the home, ascent, rules or settings screen.
    pub(super) fn mode_screen(&mut self, ui: &mut egui::Ui) {
        let pending = self.pending();
        match &mut self.screen {
            Screen::Home | Screen::Play => {
                // Unfinished games set aside are reported here too (the form lists them again).
                let message = self
                    .home_message
                    .iter()
                    .cloned()
                    .chain(self.menu.set_aside.iter().map(|a| format!("{a}.")))
                    .reduce(|a, b| format!("{a} {b}"));
                let progress = self.progress.as_ref().map(|f| &f.progress.puzzles);
                let daily = kraal_front::daily::home_description(progress, Date::today_utc());
                if let Some(mode) =
                    crate::home::show(ui, self.prefs.dark, message.as_deref(), &daily)
                {
                    self.open_mode(mode);
                }
            }
            Screen::Settings => {
                let files = [
                    ("Settings", shown(self.config.settings_path.as_deref())),
                    ("Progress", shown(self.config.progress_path.as_deref())),
                    ("Unfinished games", shown(self.config.unfinished.as_deref())),
                    ("Saved games", self.config.save_folder.display().to_string()),
                ];
                let mut animations = self.settings.animations;
                let home = crate::home::settings(ui, &mut animations, &files);
                if animations != self.settings.animations {
                    self.set_animations(animations);
                    self.save_all();
                }
                if home {
                    self.screen = Screen::Home;
                }
            }
            Screen::Rules(view) => {
                if rules_view::show(ui, view, &self.settings, self.prefs.dark).is_some() {
                    self.screen = Screen::Home;
                }
            }
            Screen::Daily(view) => {
                let progress = self.progress.as_mut();
                if daily_view::show(ui, view, progress, self.prefs.dark).is_some() {
                    self.screen = Screen::Home;
                }
            }
            Screen::Online(view) => {
                if let Some(action) = crate::online_view::show(ui, view, pending.as_ref()) {
                    let ctx = ui.ctx().clone();
                    self.online_action(action, &ctx);
                }
            }
            Screen::Ascent(view) => {
                let mountain = view.mountain();
                let progress = self
                    .progress
                    .as_ref()
                    .map(|f| f.progress.ascent_of(&mountain))
                    .unwrap_or_default();
                let folder = self.progress.as_ref().map(|f| f.folder().to_path_buf());
                match ascent_view::show(ui, view, &progress, folder.as_deref()) {
                    Some(AscentAction::Home) => self.screen = Screen::Home,
                    Some(AscentAction::Climb) => {
                        let (camp, colour, clock) = (view.camp, view.colour, view.clock);
                        self.start_climb(&mountain, camp, colour, clock, None);
                    }
                    None => {}
                }
            }
        }
    }

    /// Opens a mode of the home screen.
    pub fn open_mode(&mut self, mode: Mode) {
        self.screen = match mode {
            Mode::PlayComputer | Mode::Continue => Screen::Play,
            Mode::Ascent => {
                let mut view = AscentView::new(&self.settings.game, 1);
                let mountain = view.mountain();
                view.camp = mountain.camp_to_show(&self.ascent_progress(&mountain));
                if self.progress.is_none() {
                    view.message = Some(NOT_KEPT.to_owned());
                }
                Screen::Ascent(view)
            }
            Mode::Rules => match Book::of_settings(&self.settings).and_then(RulesView::new) {
                Some(view) => Screen::Rules(Box::new(view)),
                None => return,
            },
            Mode::Settings => Screen::Settings,
            Mode::Online => self.online_screen(),
            Mode::Daily => {
                let game = GameName::parse(&self.settings.game).unwrap_or(GameName::Morabaraba);
                match daily_view::open(game) {
                    Ok(view) => Screen::Daily(Box::new(view)),
                    Err(why) => {
                        self.home_message = Some(why);
                        return;
                    }
                }
            }
        };
    }

    /// Starts a climb game of `camp` on `mountain` (the player takes `colour` in a new climb;
    /// a match going on continues with the colours swapped) on `clock`, from the usual start
    /// or from `position`. A locked camp stays on the ascent screen with the reason.
    pub fn start_climb(
        &mut self,
        mountain: &Mountain,
        camp: u8,
        colour: Seat,
        clock: TimeControl,
        position: Option<String>,
    ) {
        let progress = self.ascent_progress(mountain);
        let started = mountain
            .plan(&progress, camp, colour, clock)
            .and_then(|mut plan| {
                plan.new_game.position = position;
                let game = plan
                    .new_game
                    .start(self.config.seed)
                    .map_err(kraal_front::AscentError::Rules)?;
                Ok((plan.introduction(), game))
            });
        match started {
            Ok((introduction, game)) => {
                self.config.seed = self.config.seed.wrapping_add(1);
                self.start(game);
                self.climb = Some(Climbing::new(mountain.clone(), camp));
                self.say(introduction, false);
            }
            Err(e) => {
                if let Screen::Ascent(view) = &mut self.screen {
                    view.message = Some(e.to_string());
                }
            }
        }
    }

    /// A hint or a takeback in a climb game marks the climb assisted; the unfinished game's
    /// file keeps the mark at once.
    pub(super) fn assist(&mut self) {
        if let Some(climb) = &mut self.climb {
            climb.assist();
            self.keep();
        }
    }

    /// Counts a climb game once it is over: its record is saved beside the progress file,
    /// and the news is said.
    pub(super) fn count_climb(&mut self) {
        let (Some(climb), Some(game)) = (&mut self.climb, &self.game) else {
            return;
        };
        match climb.count(self.progress.as_mut(), game) {
            None => {}
            Some(Ok(news)) => self.say(news.to_string(), false),
            Some(Err(why)) => self.say(why.to_string(), true),
        }
    }

    /// Leaving a game: a climb game returns to its mountain, with the news.
    pub(super) fn leave_climb(&mut self) -> bool {
        let Some(climb) = self.climb.take() else {
            return false;
        };
        let mut view = AscentView::new(climb.mountain.rules().game_name(), climb.camp);
        view.message = climb.news;
        self.screen = Screen::Ascent(view);
        true
    }
}

fn shown(path: Option<&std::path::Path>) -> String {
    path.map_or_else(|| "(not kept)".to_owned(), |p| p.display().to_string())
}
