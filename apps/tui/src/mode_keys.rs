//! How keys change the screens around the game (home, ascent, rules, settings), and how a
//! climb game is started and counted. The screens' state is in [`crate::modes`].

use crate::app::{App, GameScreen, Screen, start_menu};
use crate::keys::{self, Action};
use crate::modes::{AscentScreen, DailyScreen, HomeMenu, RulesScreen, SettingsScreen};
use crossterm::event::KeyEvent;
use kraal_front::Command;
use kraal_front::ascent::{self, Climbing, Mountain};
use kraal_front::daily::GAMES;
use kraal_front::home::Mode;
use kraal_front::lessons::Book;
use kraal_puzzles::GameName;
use kraal_session::any::capitalise;
use kraal_session::{Seat, TimeControl};
use std::time::Instant;

impl App {
    /// Back to the home screen.
    pub fn show_home(&mut self) {
        self.screen = Screen::Home(HomeMenu {
            selected: 0,
            message: None,
            menu: None,
        });
    }

    pub(crate) fn home_key(&mut self, key: KeyEvent) {
        let Screen::Home(home) = &mut self.screen else {
            return;
        };
        match keys::action(keys::HOME, key) {
            Some(Action::Up) => home.move_selection(false),
            Some(Action::Down) => home.move_selection(true),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            Some(Action::Select) => self.open_mode(),
            _ => {}
        }
    }

    /// Opens the mode selected on the home screen.
    fn open_mode(&mut self) {
        let Screen::Home(home) = &mut self.screen else {
            return;
        };
        let mode = home.mode();
        let prepared = home.menu.take();
        let menu = || prepared.unwrap_or_else(|| start_menu(&self.settings, &self.paths));
        self.screen = match mode {
            Mode::PlayComputer => Screen::Start(menu()),
            Mode::Continue => {
                let mut menu = menu();
                if !menu.can_continue() {
                    let Screen::Home(home) = &mut self.screen else {
                        return;
                    };
                    home.message = Some("There is no unfinished game.".to_owned());
                    return;
                }
                menu.picking = Some(0);
                Screen::Start(menu)
            }
            Mode::Ascent => {
                let mut screen = AscentScreen::new(&self.settings.game, 1);
                let mountain = screen.mountain();
                screen.camp = mountain.camp_to_show(&self.ascent_progress(&mountain));
                if self.progress.is_none() {
                    screen.message = Some(ascent::NOT_KEPT.to_owned());
                }
                Screen::Ascent(screen)
            }
            Mode::Rules => match Book::of_settings(&self.settings).and_then(RulesScreen::new) {
                Some(rules) => Screen::Rules(Box::new(rules)),
                None => return,
            },
            Mode::Settings => Screen::Settings(SettingsScreen),
            Mode::Online => {
                self.show_online();
                return;
            }
            Mode::Daily => {
                let game = GameName::parse(&self.settings.game).unwrap_or(GameName::Morabaraba);
                match daily_screen(game) {
                    Ok(screen) => Screen::Daily(Box::new(screen)),
                    Err(why) => {
                        if let Screen::Home(home) = &mut self.screen {
                            home.message = Some(why);
                        }
                        return;
                    }
                }
            }
        };
    }

    /// The progress on one mountain (empty when none is kept).
    #[must_use]
    pub fn ascent_progress(&self, mountain: &Mountain) -> ascent::AscentProgress {
        self.progress
            .as_ref()
            .map(|f| f.progress.ascent_of(mountain))
            .unwrap_or_default()
    }

    pub(crate) fn ascent_key(&mut self, key: KeyEvent, now: Instant) {
        let Screen::Ascent(screen) = &mut self.screen else {
            return;
        };
        screen.message = None;
        match keys::action(keys::ASCENT, key) {
            Some(Action::Up) => screen.camp = (screen.camp + 1).min(ascent::CAMPS),
            Some(Action::Down) => screen.camp = screen.camp.saturating_sub(1).max(1),
            Some(Action::Next) => {
                screen.mountain = (screen.mountain + 1) % Mountain::all().len();
                screen.camp = 1;
            }
            Some(Action::Swap) => screen.colour = screen.colour.other(),
            Some(Action::Clock) => screen.clock = crate::start::next_clock(screen.clock),
            Some(Action::Home) => self.show_home(),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            Some(Action::Select) => {
                let (mountain, camp, colour) = (screen.mountain(), screen.camp, screen.colour);
                let clock = screen.clock;
                self.start_climb(&mountain, camp, colour, clock, None, now);
            }
            _ => {}
        }
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
        now: Instant,
    ) {
        let progress = self.ascent_progress(mountain);
        match mountain.plan(&progress, camp, colour, clock) {
            Ok(mut plan) => {
                plan.new_game.position = position;
                let note = plan.introduction();
                self.begin(plan.new_game, now);
                if let Screen::Game(g) = &mut self.screen {
                    g.climb = Some(Climbing::new(mountain.clone(), camp));
                    g.tell(note);
                }
            }
            Err(e) => {
                if let Screen::Ascent(screen) = &mut self.screen {
                    screen.message = Some(capitalise(&e.to_string()));
                }
            }
        }
    }

    /// Counts a finished climb game once: its record is saved beside the progress file and
    /// the news is told under the board.
    pub(crate) fn count_climb(&mut self) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let GameScreen {
            climb: Some(climb),
            game,
            ..
        } = g.as_mut()
        else {
            return;
        };
        match climb.count(self.progress.as_mut(), &game.game) {
            None => {}
            Some(Ok(news)) => g.tell(news.to_string()),
            Some(Err(why)) => g.warn(capitalise(&why.to_string())),
        }
    }

    pub(crate) fn rules_key(&mut self, key: KeyEvent, now: Instant) {
        let settings = self.settings.clone();
        let Screen::Rules(r) = &mut self.screen else {
            return;
        };
        if r.board.is_animating() {
            r.board.finish_animation();
        }
        r.note = None;
        if let Some(action) = keys::action(keys::CURSOR, key) {
            match action {
                Action::Up => r.board.move_cursor(crate::game::Direction::Up),
                Action::Down => r.board.move_cursor(crate::game::Direction::Down),
                Action::Left => r.board.move_cursor(crate::game::Direction::Left),
                Action::Right => r.board.move_cursor(crate::game::Direction::Right),
                Action::Select => {
                    if let Some(why) = r.board.select(now) {
                        r.note = Some(why);
                    }
                    r.judge_last();
                }
                _ => {}
            }
            return;
        }
        match keys::action(keys::RULES, key) {
            Some(Action::Next) => {
                let next = r.lesson + 1;
                r.show(next);
                r.verdict = None;
            }
            Some(Action::Previous) => {
                let previous = r.lesson + r.book.lessons.len() - 1;
                r.show(previous);
                r.verdict = None;
            }
            Some(Action::Swap) => {
                if let Some(next) = Book::of(r.book.game + 1, &settings).and_then(RulesScreen::new)
                {
                    **r = next;
                }
            }
            Some(Action::Reset) => {
                r.reset();
                r.verdict = None;
            }
            Some(Action::Home) => self.show_home(),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            _ => {}
        }
    }

    pub(crate) fn daily_key(&mut self, key: KeyEvent, now: Instant) {
        let Screen::Daily(d) = &mut self.screen else {
            return;
        };
        if d.board.is_animating() {
            d.board.finish_animation();
        }
        d.note = None;
        if let Some(action) = keys::action(keys::CURSOR, key) {
            if d.daily.is_over() {
                return;
            }
            match action {
                Action::Up => d.board.move_cursor(crate::game::Direction::Up),
                Action::Down => d.board.move_cursor(crate::game::Direction::Down),
                Action::Left => d.board.move_cursor(crate::game::Direction::Left),
                Action::Right => d.board.move_cursor(crate::game::Direction::Right),
                Action::Select => {
                    if let Some(why) = d.board.select(now) {
                        d.note = Some(why);
                    }
                    d.judge_last();
                    self.record_daily();
                }
                _ => {}
            }
            return;
        }
        match keys::action(keys::DAILY, key) {
            Some(Action::Next) => {
                let at = GAMES.iter().position(|g| *g == d.daily.game()).unwrap_or(0);
                let game = GAMES[(at + 1) % GAMES.len()];
                match daily_screen(game) {
                    Ok(next) => **d = next,
                    Err(why) => d.note = Some(why),
                }
            }
            Some(Action::Solution) if !d.daily.is_over() => {
                d.daily.show_solution();
                self.record_daily();
            }
            Some(Action::Home) => self.show_home(),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            _ => {}
        }
    }

    /// Records the daily puzzle in the progress file once it is over (solved or the solution
    /// shown); a file that cannot be written is said under the board.
    fn record_daily(&mut self) {
        let Screen::Daily(d) = &mut self.screen else {
            return;
        };
        let Some(file) = self.progress.as_mut() else {
            if d.daily.is_over() && d.note.is_none() {
                d.note = Some("No progress file: the puzzle is played but not kept.".to_owned());
            }
            return;
        };
        if let Err(e) = d.daily.record_in(file) {
            d.note = Some(capitalise(&e.to_string()));
        }
    }

    pub(crate) fn settings_key(&mut self, key: KeyEvent) {
        match keys::action(keys::SETTINGS, key) {
            Some(Action::Select) => {
                self.animations = !self.animations;
                self.settings.animations = self.animations;
                self.save_settings();
            }
            Some(Action::Home) => self.show_home(),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            _ => {}
        }
    }
}

/// The daily puzzle screen of `game`, today, from the shipped packs; or why it cannot open.
fn daily_screen(game: GameName) -> Result<DailyScreen, String> {
    let puzzles = kraal_packs::shipped().map_err(|e| capitalise(&e.to_string()))?;
    DailyScreen::new(game, &puzzles).map_err(|e| capitalise(&e.to_string()))
}
