//! The application's state and how input changes it. Drawing is elsewhere ([`crate::ui`]):
//! it is a pure function of this state, so every screen can be tested without a terminal.

use crate::game::{Direction, Match};
use crate::keys::{self, Action};
use crate::modes::{AscentScreen, DailyScreen, HomeMenu, RulesScreen, SettingsScreen};
use crate::online::{OnlineGame, OnlineMenu};
use crate::start::{Choice, StartMenu};
use crate::theme::{Role, Theme};
use crate::ui;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use kraal_front::ascent::Climbing;
use kraal_front::progress::{Progress, ProgressFile};
use kraal_front::review::ReviewPanel;
use kraal_front::{Autosave, Command, Entry, NewGame, Unfinished};
use kraal_session::any::{AiMove, capitalise};
use kraal_session::{GameResult, Record, Settings};
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where the app keeps its files; `None` keeps nothing (tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    /// The settings file.
    pub settings: Option<PathBuf>,
    /// The unfinished games, each kept in a file of its own after every move so it can be
    /// continued.
    pub unfinished: Option<Unfinished>,
    /// The folder the save and open prompts start in (`None`: the current folder).
    pub saves: Option<PathBuf>,
    /// The player's progress file (the Mountain Ascent); `None` keeps no progress.
    pub progress: Option<PathBuf>,
    /// The seat tokens of the online games (`None`: the user's own file, in the data
    /// folder).
    pub online: Option<PathBuf>,
}

impl Paths {
    /// The user's files (see [`Settings::folder`]; `KRAAL_CONFIG_DIR` moves them), and the
    /// folder for saved games ([`kraal_front::save_folder`]).
    #[must_use]
    pub fn user() -> Paths {
        Paths {
            settings: Settings::path(),
            unfinished: Unfinished::user(),
            saves: kraal_front::save_folder(),
            progress: Progress::path(),
            online: None,
        }
    }

    /// The name the save and open prompts offer first: a file in [`Paths::saves`].
    #[must_use]
    pub fn suggested_file(&self) -> String {
        let name = "kraal-game.txt";
        self.saves
            .as_ref()
            .map_or_else(|| name.to_owned(), |f| f.join(name).display().to_string())
    }
}

/// A window over the game screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing over the game.
    None,
    /// The list of keys.
    Help,
    /// A file name is being typed.
    Prompt {
        /// What the file is for.
        purpose: Purpose,
        /// The name typed so far.
        text: String,
    },
    /// A yes-or-no question.
    Confirm(Confirm),
    /// The game is over.
    GameOver,
}

/// What a file prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Saving the game.
    Save,
    /// Loading a game.
    Load,
}

/// What a yes-or-no question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Quit with the game not saved to a file.
    Quit,
    /// Resign the game.
    Resign,
}

/// A game on the screen, with what is shown around it.
pub struct GameScreen {
    /// The game.
    pub game: Match,
    /// The window over it.
    pub overlay: Overlay,
    /// A message for the player, and how it looks.
    pub note: Option<(String, Role)>,
    /// The AI's last move and what it thought of it.
    pub ai_move: Option<AiMove>,
    /// What the AI's last move took, as a sentence.
    pub ai_taken: Option<String>,
    /// Whether the note announces what moves took (the computer's reply adds to it).
    announced: bool,
    /// The file the game was last saved to or loaded from.
    pub file: Option<PathBuf>,
    /// The moves and result when last saved to a file (to know whether it is saved).
    saved: Option<String>,
    /// Whether the game-over window was shown for this ending.
    over_shown: bool,
    /// Whether this ending was given to the autosave.
    over_kept: bool,
    /// How far the help is scrolled (in a short terminal).
    pub help_scroll: u16,
    /// The Mountain Ascent camp this game is a climb of, if any.
    pub climb: Option<Climbing>,
    /// The engine's review of the game, running or done.
    pub review: Option<ReviewPanel>,
    /// The connection of an online game (`None` offline).
    pub online: Option<Box<OnlineGame>>,
}

impl GameScreen {
    fn new(game: Match) -> GameScreen {
        GameScreen {
            game,
            overlay: Overlay::None,
            note: None,
            ai_move: None,
            ai_taken: None,
            announced: false,
            file: None,
            saved: None,
            over_shown: false,
            over_kept: false,
            help_scroll: 0,
            climb: None,
            review: None,
            online: None,
        }
    }

    /// An online game's screen: the board built from the server's game, beside the
    /// connection.
    pub(crate) fn new_online(game: Match, online: OnlineGame) -> GameScreen {
        let mut screen = GameScreen::new(game);
        screen.online = Some(Box::new(online));
        screen
    }

    /// Whether the game is over: by the rules on the board, or (online) as the server says.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.online.as_ref().is_some_and(|o| o.is_over())
    }

    /// What saving compares: the moves and the result.
    fn fingerprint(&self) -> String {
        let moves: Vec<String> = self
            .game
            .all_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!(
            "{} {}",
            moves.join(" "),
            GameResult::tag(self.game.outcome().map(|o| o.result()))
        )
    }

    /// Whether the game has moves that are not saved to a file.
    #[must_use]
    pub fn is_unsaved(&self) -> bool {
        !self.game.all_moves().is_empty() && self.saved.as_deref() != Some(&self.fingerprint())
    }

    pub(crate) fn warn(&mut self, text: impl Into<String>) {
        self.note = Some((text.into(), Role::Warning));
    }

    pub(crate) fn tell(&mut self, text: impl Into<String>) {
        self.note = Some((text.into(), Role::Good));
    }

    /// Announces what a move took, after what the moves since the last key took.
    pub(crate) fn announce(&mut self, text: String) {
        let text = match &self.note {
            Some((old, _)) if self.announced => format!("{old} {text}"),
            _ => text,
        };
        self.note = Some((text, Role::Good));
        self.announced = true;
    }

    /// The message line: the note, or what to do now; an announcement of what a move took is
    /// followed by what to do now.
    #[must_use]
    pub fn message(&self) -> (String, Role) {
        match &self.note {
            Some((text, role)) if self.announced => {
                let prompt = self.prompt();
                if prompt.is_empty() {
                    (text.clone(), *role)
                } else {
                    (format!("{text} {prompt}"), *role)
                }
            }
            Some((text, role)) => (text.clone(), *role),
            None => (self.prompt(), Role::Title),
        }
    }

    /// What to do now: the board's prompt, or online the server's ending, or a wait for
    /// the opponent's move.
    fn prompt(&self) -> String {
        let Some(online) = &self.online else {
            return self.game.prompt();
        };
        if let Some((ending, _)) = ui::online::online_ending(online) {
            return format!(
                "{ending} Press n for the online screen; [ and ] step through the moves."
            );
        }
        if self.game.redoable() == 0 && !self.game.is_over() && !online.live.my_turn() {
            return "Your opponent's move: wait for it.".to_owned();
        }
        self.game.prompt()
    }

    /// Starts the engine's review of the moves on the board.
    pub(crate) fn start_review(&mut self) {
        if self.game.all_moves().is_empty() {
            self.warn("There are no moves to review yet.");
            return;
        }
        let panel = ReviewPanel::start(&self.game.game);
        let warning = panel.warning.clone();
        self.review = Some(panel);
        match warning {
            Some(w) => self.warn(w),
            None => self.tell("Reviewing the game: v stops the review."),
        }
    }

    /// Takes a finished review in and says so.
    fn poll_review(&mut self) {
        let Some(panel) = &mut self.review else {
            return;
        };
        if !panel.fits(&self.game.game) {
            // Moves it reviewed were taken back and others played: its marks are of another game.
            self.review = None;
            return;
        }
        if panel.poll() {
            let text = match &panel.warning {
                Some(w) => w.clone(),
                None => format!(
                    "Review done. {} [ and ] step through the moves.",
                    panel.status(self.game.side_names())
                ),
            };
            self.tell(text);
        }
    }

    /// The note is cleared for a new key or click.
    fn clear_note(&mut self) {
        self.note = None;
        self.announced = false;
    }
}

/// The screen shown.
pub enum Screen {
    /// The home screen: every mode.
    Home(HomeMenu),
    /// The start screen ("Play the computer").
    Start(StartMenu),
    /// The Mountain Ascent.
    Ascent(AscentScreen),
    /// The rules and their examples.
    Rules(Box<RulesScreen>),
    /// The daily puzzle.
    Daily(Box<DailyScreen>),
    /// The settings.
    Settings(SettingsScreen),
    /// Online play: create, join, resume.
    Online(Box<OnlineMenu>),
    /// A game.
    Game(Box<GameScreen>),
}

/// The whole application.
pub struct App {
    /// The screen shown.
    pub screen: Screen,
    /// How it is drawn.
    pub theme: Theme,
    /// Whether the start screen's help is shown.
    pub start_help: bool,
    /// The player's settings.
    pub settings: Settings,
    /// Where files are kept.
    pub paths: Paths,
    /// Whether sowing is animated.
    pub animations: bool,
    /// The size of the terminal (for mouse clicks).
    pub size: Rect,
    /// The spinner's frame.
    pub frame: usize,
    /// Set when the player has quit.
    pub quit: bool,
    /// The player's progress (`None` when [`Paths::progress`] is `None` or unreadable).
    pub progress: Option<ProgressFile>,
    pub(crate) seed: u64,
    /// The last game started (for "play again").
    pub(crate) last_game: Option<NewGame>,
    /// The game on the screen, kept among the unfinished games ([`Paths::unfinished`]).
    pub(crate) autosave: Autosave,
    /// The server online games are created on and joined through (`--server`; the online
    /// screen edits it).
    pub online_server: String,
    /// The display name the opponent sees (none: anonymous).
    pub online_name: Option<String>,
}

impl App {
    /// The app on its home screen, with the settings and progress found at `paths` (a
    /// corrupt settings or progress file is set aside and reported on the home screen and
    /// the start screen).
    #[must_use]
    pub fn new(theme: Theme, paths: Paths, seed: u64) -> App {
        let (settings, warning) = match &paths.settings {
            Some(path) => {
                let loaded = Settings::load_from(path);
                (loaded.settings, loaded.warning)
            }
            None => (Settings::default(), None),
        };
        let mut menu = start_menu(&settings, &paths);
        let (progress, progress_warning) = match paths.progress.clone().map(ProgressFile::open) {
            Some(Ok((file, aside))) => (
                Some(file),
                aside.map(|a| format!("{}.", capitalise(&a.to_string()))),
            ),
            Some(Err(e)) => (None, Some(format!("{}.", capitalise(&e.to_string())))),
            None => (None, None),
        };
        menu.message = [warning, menu.message.take(), progress_warning]
            .into_iter()
            .flatten()
            .reduce(|a, b| format!("{a} {b}"));
        App {
            screen: Screen::Home(HomeMenu {
                selected: 0,
                message: menu.message.clone(),
                menu: Some(menu),
            }),
            theme,
            start_help: false,
            animations: settings.animations,
            settings,
            paths,
            size: Rect::new(0, 0, 80, 24),
            frame: 0,
            quit: false,
            progress,
            seed,
            last_game: None,
            autosave: Autosave::new(None),
            online_server: kraal_front::online::DEFAULT_SERVER.to_owned(),
            online_name: None,
        }
    }

    /// A file of its own among the unfinished games, for a game that starts now.
    fn new_slot(&self, game: &Match) -> Autosave {
        Autosave::new(self.paths.unfinished.as_ref().map(|u| u.slot_for(game)))
    }

    /// Starts a game at once (from the command line), skipping the start screen.
    ///
    /// # Errors
    /// Choices that cannot start a game, such as a start position the rules cannot use.
    pub fn start_game(&mut self, game: &NewGame) -> Result<(), String> {
        self.start_game_at(game, Instant::now())
    }

    /// Starts a game at once, its clock running from `now`.
    ///
    /// # Errors
    /// As [`App::start_game`].
    pub fn start_game_at(&mut self, game: &NewGame, now: Instant) -> Result<(), String> {
        self.begin(game.clone(), now);
        match &self.screen {
            Screen::Game(_) => Ok(()),
            Screen::Start(StartMenu {
                message: Some(m), ..
            })
            | Screen::Home(HomeMenu {
                message: Some(m), ..
            }) => Err(m.clone()),
            _ => Err("the game cannot start".to_owned()),
        }
    }

    /// Loads a game from a file at once (from the command line).
    ///
    /// # Errors
    /// The file cannot be read or is not a usable record (the message says why).
    pub fn open(&mut self, path: PathBuf) -> Result<(), String> {
        let record = Record::load(&path).map_err(|e| e.about_file(&path))?;
        self.open_record(path, &record)
    }

    /// Opens a game read from a file (the command line has read and checked it already).
    ///
    /// # Errors
    /// The record's rules or moves cannot be used (the message says why).
    pub fn open_record(&mut self, path: PathBuf, record: &Record) -> Result<(), String> {
        let game = Match::from_record(record, self.seed).map_err(|e| e.about_file(&path))?;
        // Played on, an opened game is kept among the unfinished ones (its file is the
        // player's own and changes only when they save).
        self.autosave = self.new_slot(&game);
        let mut screen = GameScreen::new(game);
        screen.saved = Some(screen.fingerprint());
        screen.file = Some(path);
        self.screen = Screen::Game(Box::new(screen));
        Ok(())
    }

    /// A game read from a file; the error names the file once.
    fn load(&self, path: &Path) -> Result<Match, String> {
        let record = Record::load(path).map_err(|e| e.about_file(path))?;
        Match::from_record(&record, self.seed).map_err(|e| e.about_file(path))
    }

    /// Handles one terminal event at `now`.
    pub fn handle_event(&mut self, event: &Event, now: Instant) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key, now),
            Event::Mouse(mouse) => match mouse.kind {
                MouseEventKind::Down(MouseButton::Left) => self.click(mouse.column, mouse.row, now),
                // The wheel steps through the moves, as [ and ] do.
                MouseEventKind::ScrollUp => self.wheel(Command::Back, now),
                MouseEventKind::ScrollDown => self.wheel(Command::Forward, now),
                _ => {}
            },
            Event::Resize(w, h) => self.size = Rect::new(0, 0, *w, *h),
            _ => {}
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) {
        match &mut self.screen {
            Screen::Home(_) => self.home_key(key),
            Screen::Start(_) => self.start_key(key, now),
            Screen::Game(_) => self.game_key(key, now),
            Screen::Ascent(_) => self.ascent_key(key, now),
            Screen::Rules(_) => self.rules_key(key, now),
            Screen::Daily(_) => self.daily_key(key, now),
            Screen::Settings(_) => self.settings_key(key),
            Screen::Online(_) => self.online_key(key),
        }
    }

    fn start_key(&mut self, key: KeyEvent, now: Instant) {
        let Screen::Start(menu) = &mut self.screen else {
            return;
        };
        if self.start_help {
            self.start_help = false;
            return;
        }
        if let Some(at) = menu.picking {
            match key.code {
                KeyCode::Up | KeyCode::Char('k') => menu.move_pick(false),
                KeyCode::Down | KeyCode::Char('j') => menu.move_pick(true),
                KeyCode::Enter => {
                    if let Some(entry) = menu.unfinished.get(at).cloned() {
                        self.continue_entry(&entry);
                    }
                }
                _ => menu.picking = None,
            }
            return;
        }
        menu.message = None;
        match keys::action(keys::START, key) {
            Some(Action::Up) => menu.move_selection(false),
            Some(Action::Down) => menu.move_selection(true),
            Some(Action::Left) => menu.change(false),
            Some(Action::Right) => menu.change(true),
            Some(Action::Game(Command::Help)) => self.start_help = true,
            Some(Action::Game(Command::Quit)) => self.quit = true,
            Some(Action::Home) => self.show_home(),
            Some(Action::Continue) => self.open_unfinished(),
            Some(Action::Game(Command::Load)) => self.start_load_prompt(now),
            Some(Action::Select) => match menu.choose() {
                Ok(Some(Choice::Continue)) => self.open_unfinished(),
                Ok(Some(Choice::Start(game))) => {
                    menu.save_into(&mut self.settings);
                    self.animations = menu.animations;
                    self.save_settings();
                    self.begin(*game, now);
                }
                Ok(None) => menu.message = Some("There is no unfinished game.".to_owned()),
                Err(e) => menu.message = Some(capitalise(&e.to_string())),
            },
            _ => {}
        }
    }

    /// Opens an empty game screen with the load prompt, from the start screen.
    fn start_load_prompt(&mut self, now: Instant) {
        let Screen::Start(menu) = &self.screen else {
            return;
        };
        let Ok(Choice::Start(game)) = menu.start() else {
            return;
        };
        self.begin(*game, now);
        if let Screen::Game(g) = &mut self.screen {
            g.overlay = Overlay::Prompt {
                purpose: Purpose::Load,
                text: self.paths.suggested_file(),
            };
        }
    }

    /// Opens the list of unfinished games on the start screen.
    fn open_unfinished(&mut self) {
        let Screen::Start(menu) = &mut self.screen else {
            return;
        };
        if menu.can_continue() {
            menu.picking = Some(0);
        } else {
            menu.message = Some("There is no unfinished game.".to_owned());
        }
    }

    /// Continues an unfinished game: it goes on in its own file, and a climb game goes on as
    /// the climb game (its record keeps the climb: [`Climbing::from_record`]).
    fn continue_entry(&mut self, entry: &Entry) {
        match self.load(&entry.path) {
            Ok(game) => {
                self.autosave = Autosave::resume(entry.path.clone(), &game);
                let climb = Record::load(&entry.path)
                    .ok()
                    .and_then(|record| Climbing::from_record(&record));
                let mut screen = GameScreen::new(game);
                match climb {
                    Some(Ok(climb)) => {
                        screen.tell(format!(
                            "Welcome back: {} goes on where you left it.",
                            climb.describe()
                        ));
                        screen.climb = Some(climb);
                    }
                    Some(Err(why)) => screen.warn(format!(
                        "Welcome back. This game does not count for the climb: {why}."
                    )),
                    None => screen.tell("Welcome back: the game goes on where you left it."),
                }
                self.screen = Screen::Game(Box::new(screen));
            }
            Err(why) => {
                if let Screen::Start(menu) = &mut self.screen {
                    menu.picking = None;
                    menu.message = Some(format!("Cannot continue the game: {why}."));
                }
            }
        }
    }

    /// Starts a new game at `now`, with the app's seed (each game the next one).
    pub(crate) fn begin(&mut self, new: NewGame, now: Instant) {
        let seed = self.seed;
        self.seed = self.seed.wrapping_add(1);
        match new.start_at(seed, now) {
            Ok(game) => {
                let game = Match::from_game(game);
                self.autosave = self.new_slot(&game);
                self.screen = Screen::Game(Box::new(GameScreen::new(game)));
                self.last_game = Some(new);
            }
            Err(e) => match &mut self.screen {
                Screen::Start(menu) => menu.message = Some(capitalise(&e.to_string())),
                Screen::Home(home) => home.message = Some(capitalise(&e.to_string())),
                Screen::Ascent(a) => a.message = Some(capitalise(&e.to_string())),
                _ => {}
            },
        }
    }

    /// The start screen, or for a climb game the ascent screen it came from.
    fn show_menu(&mut self) {
        if let Screen::Game(g) = &self.screen
            && let Some(climb) = &g.climb
        {
            let mut screen = AscentScreen::new(climb.mountain.rules().game_name(), climb.camp);
            screen.message = climb.news.clone();
            self.screen = Screen::Ascent(screen);
            return;
        }
        self.screen = Screen::Start(start_menu(&self.settings, &self.paths));
    }

    fn game_key(&mut self, key: KeyEvent, now: Instant) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        // Any key shows the end of a sowing at once.
        if g.game.is_animating() {
            g.game.finish_animation();
        }
        match g.overlay.clone() {
            Overlay::Help => {
                match key.code {
                    KeyCode::Up | KeyCode::Char('k') | KeyCode::PageUp => {
                        g.help_scroll = g.help_scroll.saturating_sub(1);
                    }
                    // The drawing stops the scroll at the last line.
                    KeyCode::Down | KeyCode::Char('j') | KeyCode::PageDown => {
                        g.help_scroll = g.help_scroll.saturating_add(1).min(64);
                    }
                    _ => g.overlay = Overlay::None,
                }
                return;
            }
            Overlay::Prompt { purpose, text } => {
                self.prompt_key(key, purpose, text);
                return;
            }
            Overlay::Confirm(question) => {
                self.confirm_key(key, question);
                return;
            }
            Overlay::GameOver => {
                self.game_over_key(key, now);
                return;
            }
            Overlay::None => {}
        }
        if g.online.is_some()
            && let Some(action) = keys::action(keys::ONLINE_GAME, key)
        {
            g.clear_note();
            self.online_action(action, now);
            return;
        }
        let Some(action) = keys::game_action(key) else {
            return;
        };
        self.game_action(action, now);
    }

    fn game_action(&mut self, action: Action, now: Instant) {
        // Online, a pick waits for this player's turn.
        let refused = match action {
            Action::Select => self.online_pick_refused(),
            _ => None,
        };
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        g.clear_note();
        match action {
            Action::Up => g.game.move_cursor(Direction::Up),
            Action::Down => g.game.move_cursor(Direction::Down),
            Action::Left => g.game.move_cursor(Direction::Left),
            Action::Right => g.game.move_cursor(Direction::Right),
            Action::Select => {
                if let Some(why) = refused {
                    g.warn(why);
                    return;
                }
                let before = g.game.ply();
                if let Some(why) = g.game.select(now) {
                    g.warn(why);
                } else if let Some(taken) = g.game.taken_since(before) {
                    g.announce(taken);
                }
                self.keep();
                self.online_after_pick(before);
            }
            Action::Again if g.online.is_some() => self.show_online(),
            Action::Again if g.climb.is_some() => self.show_menu(),
            Action::Again => match self.last_game.clone() {
                Some(game) => self.begin(game, now),
                None => self.show_menu(),
            },
            Action::Review => {
                if g.review.is_none() {
                    g.start_review();
                }
                g.game.jump(0);
                g.tell("The start of the game: ] steps forward through the marked moves, End goes to the end.");
            }
            Action::Continue
            | Action::Home
            | Action::Next
            | Action::Previous
            | Action::Swap
            | Action::Clock
            | Action::Reset
            | Action::Solution => {}
            Action::Decline | Action::ClaimDraw => self.online_action(action, now),
            Action::Game(command) => self.command(command, now),
        }
    }

    /// A command of the shared key map, in a game.
    fn command(&mut self, command: Command, now: Instant) {
        if self.online_command(command, now) {
            return;
        }
        let animations = self.animations;
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        match command {
            Command::Cancel => g.game.clear_pick(),
            Command::Undo => {
                if g.game.undo() == 0 {
                    g.warn("There is nothing to undo.");
                } else if let Some(climb) = &mut g.climb {
                    climb.assist();
                }
                self.keep();
            }
            Command::Redo => {
                if g.game.redo() == 0 {
                    g.warn("There is nothing to redo.");
                }
                self.keep();
            }
            Command::Back => g.game.jump(g.game.ply().saturating_sub(1)),
            Command::Forward => g
                .game
                .jump((g.game.ply() + 1).min(g.game.all_moves().len())),
            Command::First => g.game.jump(0),
            Command::Last => g.game.jump(g.game.all_moves().len()),
            Command::Hint => {
                if g.game.is_over() {
                    g.warn("The game is over.");
                } else if !g.game.human_to_move() && g.game.redoable() == 0 {
                    g.warn("Wait for your turn: the computer is moving.");
                } else {
                    // The prompt line says the engine is looking until the hint arrives.
                    g.game.ask_hint();
                    if let Some(climb) = &mut g.climb {
                        climb.assist();
                        // The unfinished game keeps the mark, even if left now.
                        self.keep();
                    }
                }
            }
            Command::Review => match &mut g.review {
                Some(panel) if panel.running() => {
                    panel.stop();
                    let status = panel.status(g.game.side_names());
                    g.tell(format!("Review stopped. {status}"));
                }
                _ => g.start_review(),
            },
            Command::Pass => {
                match g.game.pass() {
                    Ok(_) => g.tell("You passed."),
                    Err(why) => g.warn(capitalise(&why.to_string())),
                }
                self.keep();
            }
            Command::Claim => {
                match g.game.claim() {
                    Ok(_) => g.tell("Claim granted: each player takes the seeds on their side."),
                    Err(why) => g.warn(format!("Claim refused: {why}")),
                }
                self.keep();
            }
            Command::Draw => {
                let answer = g.game.draw();
                g.tell(answer.to_string());
                self.keep();
            }
            Command::Resign if !g.game.is_over() => g.overlay = Overlay::Confirm(Confirm::Resign),
            Command::Resign => g.warn("The game is over."),
            Command::Save | Command::Load => {
                let purpose = if command == Command::Save {
                    Purpose::Save
                } else {
                    Purpose::Load
                };
                let text = g
                    .file
                    .as_ref()
                    .map_or_else(|| self.paths.suggested_file(), |f| f.display().to_string());
                g.overlay = Overlay::Prompt { purpose, text };
            }
            Command::NewGame => self.show_menu(),
            Command::Animations => {
                self.animations = !animations;
                self.settings.animations = self.animations;
                self.save_settings();
                let state = if self.animations { "on" } else { "off" };
                if let Screen::Game(g) = &mut self.screen {
                    g.tell(format!("Sowing animation {state}."));
                }
            }
            // The GUI's theme: the terminal's colours are the terminal's own.
            Command::Theme => {}
            Command::Help => {
                g.help_scroll = 0;
                g.overlay = Overlay::Help;
            }
            Command::Quit if g.is_unsaved() && !g.game.is_over() => {
                g.overlay = Overlay::Confirm(Confirm::Quit);
            }
            Command::Quit => self.quit = true,
        }
    }

    fn prompt_key(&mut self, key: KeyEvent, purpose: Purpose, mut text: String) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        match key.code {
            KeyCode::Esc => g.overlay = Overlay::None,
            KeyCode::Backspace => {
                text.pop();
                g.overlay = Overlay::Prompt { purpose, text };
            }
            KeyCode::Char(c) if !c.is_control() => {
                text.push(c);
                g.overlay = Overlay::Prompt { purpose, text };
            }
            KeyCode::Enter => {
                g.overlay = Overlay::None;
                let path = kraal_front::expand_home(text.trim());
                if text.trim().is_empty() {
                    g.warn("No file name given.");
                    return;
                }
                match purpose {
                    Purpose::Save => match save(&g.game, &path) {
                        Ok(()) => {
                            g.saved = Some(g.fingerprint());
                            g.tell(format!("Saved to {}.", path.display()));
                            g.file = Some(path);
                        }
                        Err(why) => g.warn(format!("Not saved: {why}.")),
                    },
                    Purpose::Load => match self.open(path.clone()) {
                        Ok(()) => {
                            if let Screen::Game(g) = &mut self.screen {
                                g.tell(format!("Loaded {}.", path.display()));
                            }
                        }
                        Err(why) => {
                            if let Screen::Game(g) = &mut self.screen {
                                g.warn(format!("Not loaded: {why}."));
                            }
                        }
                    },
                }
            }
            _ => {}
        }
    }

    fn confirm_key(&mut self, key: KeyEvent, question: Confirm) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        g.overlay = Overlay::None;
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y'));
        match (question, yes) {
            (Confirm::Quit, true) => self.quit = true,
            (Confirm::Resign, true) if g.online.is_some() => {
                self.online_resign();
            }
            (Confirm::Resign, true) => {
                g.game.resign();
                self.keep();
            }
            (_, false) => {}
        }
    }

    fn game_over_key(&mut self, key: KeyEvent, now: Instant) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let table = if g.online.is_some() {
            keys::ONLINE_OVER
        } else {
            keys::GAME_OVER
        };
        match keys::action(table, key) {
            Some(Action::Game(Command::Cancel)) => g.overlay = Overlay::None,
            Some(action) => {
                g.overlay = Overlay::None;
                self.game_action(action, now);
            }
            None => {}
        }
    }

    /// A turn of the mouse wheel over a game without a window open.
    fn wheel(&mut self, command: Command, now: Instant) {
        if let Screen::Game(g) = &self.screen
            && g.overlay == Overlay::None
        {
            self.command(command, now);
        }
    }

    /// A left click at a screen cell: a board point or hole, a move of the list, or a line of
    /// the start screen.
    pub fn click(&mut self, x: u16, y: u16, now: Instant) {
        let size = self.size;
        let hit = ui::hit(self, x, y);
        let refused = match hit {
            Some(ui::Hit::Point(_) | ui::Hit::Hole(_)) => self.online_pick_refused(),
            _ => None,
        };
        match &mut self.screen {
            Screen::Start(menu) => {
                if let Some(line) = ui::start_line_at(menu, size, x, y) {
                    if menu.selected == line {
                        self.handle_key(KeyEvent::from(KeyCode::Enter), now);
                    } else {
                        menu.selected = line;
                    }
                }
            }
            Screen::Home(home) => {
                if let Some(line) = ui::home::home_line_at(home, size, x, y) {
                    if home.selected == line {
                        self.handle_key(KeyEvent::from(KeyCode::Enter), now);
                    } else {
                        home.selected = line;
                    }
                }
            }
            Screen::Online(menu) => {
                if menu.pending.is_some() {
                    return;
                }
                if let Some(line) = ui::online::online_line_at(menu, size, x, y) {
                    if menu.selected == line {
                        self.handle_key(KeyEvent::from(KeyCode::Enter), now);
                    } else {
                        menu.selected = line;
                    }
                }
            }
            Screen::Ascent(screen) => {
                use ui::ascent::AscentHit;
                screen.message = None;
                match ui::ascent::ascent_hit(screen, size, x, y) {
                    Some(AscentHit::Mountain(i)) if i != screen.mountain => {
                        screen.mountain = i;
                        screen.camp = 1;
                    }
                    Some(AscentHit::Camp(camp)) if camp != screen.camp => screen.camp = camp,
                    Some(AscentHit::Camp(_)) => {
                        self.handle_key(KeyEvent::from(KeyCode::Enter), now);
                    }
                    Some(AscentHit::Colour) => {
                        self.handle_key(KeyEvent::from(KeyCode::Char('c')), now);
                    }
                    Some(AscentHit::Clock) => {
                        self.handle_key(KeyEvent::from(KeyCode::Char('t')), now);
                    }
                    Some(AscentHit::Mountain(_)) | None => {}
                }
            }
            Screen::Rules(r) => {
                use ui::rules::RulesHit;
                if r.board.is_animating() {
                    r.board.finish_animation();
                }
                r.note = None;
                match ui::rules::rules_hit(r, size, x, y) {
                    Some(RulesHit::Example(i)) => {
                        r.show(i);
                        r.verdict = None;
                    }
                    Some(RulesHit::Board(hit)) => {
                        let refused = match hit {
                            ui::Hit::Point(p) => r.board.click_point(p, now),
                            ui::Hit::Hole(h) => r.board.click_hole(h, now),
                            ui::Hit::Ply(_) => None,
                        };
                        if let Some(why) = refused {
                            r.note = Some(why);
                        }
                        r.judge_last();
                    }
                    None => {}
                }
            }
            Screen::Daily(_) | Screen::Settings(_) => {}
            Screen::Game(g) => {
                if g.overlay != Overlay::None {
                    return;
                }
                g.clear_note();
                if let Some(why) = refused {
                    g.warn(why);
                    return;
                }
                let before = g.game.ply();
                let refused = match hit {
                    Some(ui::Hit::Point(p)) => g.game.click_point(p, now),
                    Some(ui::Hit::Hole(h)) => g.game.click_hole(h, now),
                    Some(ui::Hit::Ply(ply)) => {
                        g.game.jump(ply);
                        None
                    }
                    None => None,
                };
                if let Some(why) = refused {
                    g.warn(why);
                } else if let Some(taken) = g.game.taken_since(before) {
                    g.announce(taken);
                }
                self.keep();
                self.online_after_pick(before);
            }
        }
    }

    /// Moves time on: animations, clocks, the spinner, the AI's moves, the game-over window.
    pub fn tick(&mut self, now: Instant) {
        self.frame = self.frame.wrapping_add(1);
        let animations = self.animations;
        if let Screen::Rules(r) = &mut self.screen {
            r.board.tick(now, animations);
        }
        if let Screen::Daily(d) = &mut self.screen {
            d.board.tick(now, animations);
        }
        if let Screen::Online(_) = &self.screen {
            self.tick_online_menu();
        }
        self.tick_online_game(now);
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        g.game.tick(now, animations);
        g.poll_review();
        if let Some(hint) = g.game.poll_hint() {
            g.tell(hint.to_string());
        }
        if let Some(answer) = g.game.poll_draw() {
            g.tell(answer.to_string());
        }
        let before = g.game.ply();
        if matches!(g.overlay, Overlay::None | Overlay::Help)
            && let Some(ai) = g.game.run_ai(now, animations)
        {
            g.ai_move = Some(ai);
            g.ai_taken = g.game.taken_since(before);
            if let Some(taken) = g.ai_taken.clone() {
                g.announce(taken);
            }
            self.keep();
        }
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let over = g.is_over();
        // An ending that came with time (a clock, the computer accepting a draw) is kept too.
        if over && !g.over_kept {
            g.over_kept = true;
            self.keep();
            self.count_climb();
        }
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        if over && !g.over_shown && !g.game.is_animating() && g.overlay == Overlay::None {
            g.overlay = Overlay::GameOver;
            g.over_shown = true;
        } else if !over {
            g.over_shown = false;
            g.over_kept = false;
        }
    }

    /// Gives the game to the autosave after a move, an undo or redo, or an ending (it writes
    /// only what changed); a failure is shown as a warning and the game goes on.
    fn keep(&mut self) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        if let Err(e) = self.autosave.update_climb(&g.game, g.climb.as_ref()) {
            g.warn(capitalise(&e.to_string()));
        }
    }

    pub(crate) fn save_settings(&mut self) {
        let Some(path) = &self.paths.settings else {
            return;
        };
        if let Err(e) = self.settings.save_to(path)
            && let Screen::Start(menu) = &mut self.screen
        {
            menu.message = Some(capitalise(&e.to_string()));
        }
    }
}

/// The start screen with the unfinished games to continue (newest first); the files that
/// cannot be continued were set aside and are reported in its message.
pub(crate) fn start_menu(settings: &Settings, paths: &Paths) -> StartMenu {
    let listing = paths
        .unfinished
        .as_ref()
        .map(Unfinished::list)
        .unwrap_or_default();
    let mut menu = StartMenu::new(settings, listing.games);
    if !listing.set_aside.is_empty() {
        let reports: Vec<String> = listing
            .set_aside
            .iter()
            .map(|s| format!("{}.", capitalise(&s.to_string())))
            .collect();
        menu.message = Some(reports.join(" "));
    }
    menu
}

/// Saves a game to a file, making its folder first; the error names the file once.
fn save(game: &Match, path: &Path) -> Result<(), String> {
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot make the folder {}: {e}", folder.display()))?;
    }
    game.record().save(path).map_err(|e| e.about_file(path))
}
