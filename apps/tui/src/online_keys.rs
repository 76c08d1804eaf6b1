//! How keys and time change the online screen and an online game: create, join and resume
//! through [`LiveGame`], the board kept as an ordinary game built from the server's (so
//! picks, the move list and the animations are the offline ones), the opponent's moves played
//! on it as they arrive, and the online commands (draw offers, resign, claim). The state is
//! in [`crate::online`].

use crate::app::{App, GameScreen, Overlay, Screen};
use crate::game::Match;
use crate::keys::{self, Action};
use crate::online::{Entering, Line, OnlineGame, OnlineMenu, Pending};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kraal_front::Command;
use kraal_front::online::{minutes_seconds, parse_join_code, parse_server};
use kraal_online::live::{Action as LiveAction, Entry, Link, LiveGame, LiveOptions, Update};
use kraal_protocol::{ClaimKind, GameStatus};
use kraal_session::any::capitalise;
use kraal_session::{AnyGame, Player};
use std::time::{Duration, Instant};

impl App {
    /// Opens the online screen.
    pub fn show_online(&mut self) {
        let menu = OnlineMenu::new(
            &self.settings,
            &self.online_server,
            self.paths.online.as_ref(),
            self.online_name.as_deref(),
        );
        self.screen = Screen::Online(Box::new(menu));
    }

    /// The options of a live game entered by `entry`.
    fn live_options(&self, server: &str, entry: Entry) -> LiveOptions {
        LiveOptions {
            server: server.to_owned(),
            name: self.online_name.clone(),
            entry,
            store: self.paths.online.clone(),
            wake: None,
        }
    }

    pub(crate) fn online_key(&mut self, key: KeyEvent) {
        let Screen::Online(menu) = &mut self.screen else {
            return;
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if menu.pending.is_some() {
            // The window over the screen: Esc leaves it (a game just created is cancelled).
            if matches!(key.code, KeyCode::Esc | KeyCode::Char('q')) {
                if let Some(mut pending) = menu.pending.take()
                    && pending.entering == Entering::Create
                {
                    pending.live.act(LiveAction::Abort);
                    menu.message = Some("The game was cancelled.".to_owned());
                }
                let store = self.paths.online.clone();
                let name = self.online_name.clone();
                if let Screen::Online(menu) = &mut self.screen {
                    menu.refresh(store.as_ref(), name.as_deref());
                }
            }
            return;
        }
        menu.message = None;
        let line = menu.line();
        if line.is_text() && !ctrl {
            match key.code {
                KeyCode::Char(c) if !c.is_control() => {
                    if let Some(text) = menu.text_mut() {
                        text.push(c);
                    }
                    return;
                }
                KeyCode::Backspace => {
                    if let Some(text) = menu.text_mut() {
                        text.pop();
                    }
                    return;
                }
                _ => {}
            }
        }
        match keys::action(keys::ONLINE, key) {
            Some(Action::Up) => menu.move_selection(false),
            Some(Action::Down) => menu.move_selection(true),
            Some(Action::Left) => menu.change(false),
            Some(Action::Right) => menu.change(true),
            Some(Action::Home) => self.show_home(),
            Some(Action::Game(Command::Quit)) => self.quit = true,
            Some(Action::Select) => self.online_enter(line),
            _ => {}
        }
    }

    /// Enter on a line of the online screen.
    fn online_enter(&mut self, line: Line) {
        let store = self.paths.online.clone();
        let Screen::Online(menu) = &mut self.screen else {
            return;
        };
        let server = menu.server.trim().to_owned();
        // The name typed is the one given from now on.
        let typed = menu.name.trim();
        let name = (!typed.is_empty()).then(|| typed.to_owned());
        self.online_name.clone_from(&name);
        if matches!(line, Line::Create | Line::Code | Line::Join) {
            match parse_server(&server) {
                // The server played on is the one offered next time.
                Ok(server) => self.online_server = server,
                Err(why) => {
                    menu.message = Some(format!("{}.", capitalise(&why.to_string())));
                    menu.select(Line::Server);
                    return;
                }
            }
        }
        match line {
            Line::Server => match parse_server(&server) {
                Ok(server) => {
                    self.online_server.clone_from(&server);
                    menu.server = server;
                    menu.refresh(store.as_ref(), name.as_deref());
                    menu.move_selection(true);
                }
                Err(why) => menu.message = Some(format!("{}.", capitalise(&why.to_string()))),
            },
            Line::Name | Line::Choice(_) => menu.move_selection(true),
            Line::Create => {
                let (game, rules, set) = menu.choices.rules_choice();
                let entry = Entry::Create {
                    game: game.to_owned(),
                    rules: Some(rules.to_owned()),
                    set,
                    clock: menu.choices.clock_choice(),
                };
                self.enter_online(&server, entry, Entering::Create);
            }
            Line::Code | Line::Join => match parse_join_code(&menu.code) {
                Ok(code) => {
                    menu.code.clone_from(&code);
                    self.enter_online(
                        &server,
                        Entry::Join { code: code.clone() },
                        Entering::Join(code),
                    );
                }
                Err(why) => {
                    menu.message = Some(format!("{}.", capitalise(&why.to_string())));
                    menu.select(Line::Code);
                }
            },
            Line::Seat(index) => {
                if let Some(seat) = menu.seats.get(index).cloned() {
                    let server = seat.server.clone();
                    self.enter_online(&server, Entry::Resume(seat), Entering::Resume);
                }
            }
        }
    }

    /// Starts entering a game; the window over the online screen shows how it goes.
    fn enter_online(&mut self, server: &str, entry: Entry, entering: Entering) {
        let live = LiveGame::start(self.live_options(server, entry));
        if let Screen::Online(menu) = &mut self.screen {
            menu.pending = Some(Pending { live, entering });
        }
    }

    /// Moves the online screen on: the servers' answers about the games held, and the game
    /// being entered (opened on the game screen once it is live or finished).
    pub(crate) fn tick_online_menu(&mut self) {
        let Screen::Online(menu) = &mut self.screen else {
            return;
        };
        menu.poll();
        let Some(pending) = &mut menu.pending else {
            return;
        };
        for update in pending.live.poll() {
            if let Update::Refused(why) = update {
                menu.message = Some(format!("The server said: {why}"));
                menu.pending = None;
                return;
            }
        }
        if let Link::Failed(why) = pending.live.link() {
            menu.message = Some(format!("Cannot go online: {why}"));
            menu.pending = None;
            return;
        }
        // The game opens once it is under way (or over): a waiting game keeps the window
        // with its code.
        let started = pending
            .live
            .mirror()
            .is_some_and(|m| m.snapshot.status != GameStatus::Waiting);
        if started && let Some(pending) = menu.pending.take() {
            self.open_online_game(pending.live);
        }
    }

    /// Puts a live game on the game screen, its board built from the server's game.
    fn open_online_game(&mut self, live: LiveGame) {
        let Some(game) = board_of(&live) else {
            if let Screen::Online(menu) = &mut self.screen {
                menu.message =
                    Some("The server's game cannot be set up on this board here.".to_owned());
            }
            return;
        };
        // An online game lives on the server: nothing is kept among the unfinished games.
        self.autosave = kraal_front::Autosave::new(None);
        let mut screen = GameScreen::new_online(game, OnlineGame { live });
        // Trouble with the seat-token file is said once (the game goes on: the server has
        // it, but it may not resume from this computer).
        match screen.online.as_ref().and_then(|o| o.live.store_trouble()) {
            Some(trouble) => {
                let text = format!("{}.", capitalise(trouble.trim_end_matches('.')));
                screen.warn(text);
            }
            None => screen.tell("The game is on: good luck."),
        }
        self.screen = Screen::Game(Box::new(screen));
    }

    /// Moves an online game on: what the server sent is played on the board.
    pub(crate) fn tick_online_game(&mut self, now: Instant) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let Some(mut online) = g.online.take() else {
            return;
        };
        for update in online.live.poll() {
            match update {
                Update::Loaded => {
                    // The mill cursor stays where it was; the mancala one goes to a hole
                    // that can be sown.
                    if let Some(mut board) = board_of(&online.live) {
                        board.point = g.game.point;
                        g.game = board;
                    }
                }
                Update::Moved { mv, mine: false } => {
                    let before = g.game.ply();
                    match g.game.play_arrived(mv, now) {
                        Ok(played) => {
                            let side = g.game.side_name(1 - g.game.side_to_move());
                            let text = match g.game.taken_since(before) {
                                Some(t) => format!("{side} played {played}. {t}"),
                                None => format!("{side} played {played}."),
                            };
                            g.announce(text);
                        }
                        Err(_) => {
                            // The board and the server disagree: the server's game wins.
                            if let Some(board) = board_of(&online.live) {
                                g.game = board;
                            }
                        }
                    }
                }
                Update::Moved { mine: true, .. }
                | Update::Changed
                | Update::Link
                | Update::Created { .. } => {}
                // The mirror holds the ending; the game-over window reads it there.
                Update::Ended(_) => {}
                Update::Refused(why) => g.warn(format!("The server refused: {why}")),
            }
        }
        g.online = Some(online);
    }

    /// A command of the shared key map in an online game; true if it was handled here (the
    /// others do what they do offline).
    pub(crate) fn online_command(&mut self, command: Command, now: Instant) -> bool {
        let Screen::Game(g) = &mut self.screen else {
            return false;
        };
        let Some(mut online) = g.online.take() else {
            return false;
        };
        let done = command_in(g, &mut online, command, now);
        g.online = Some(online);
        match done {
            Done::Here => true,
            Done::Offline => false,
            Done::Leave => {
                self.show_online();
                true
            }
            Done::Quit => {
                self.quit = true;
                true
            }
        }
    }

    /// An action only an online game has.
    pub(crate) fn online_action(&mut self, action: Action, now: Instant) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let Some(mut online) = g.online.take() else {
            return;
        };
        match action {
            Action::Decline if online.offered_to_me() => {
                online.live.act(LiveAction::DeclineDraw);
                g.tell("You decline the draw.");
            }
            Action::Decline => g.warn("There is no draw offer to decline."),
            Action::ClaimDraw => claim(g, &mut online, ClaimKind::Draw, now),
            _ => {}
        }
        g.online = Some(online);
    }

    /// Sends the move just completed on the board to the server (after a pick that finished
    /// a turn). Before the pick: picks are refused when it is not this player's turn.
    pub(crate) fn online_pick_refused(&self) -> Option<String> {
        let Screen::Game(g) = &self.screen else {
            return None;
        };
        let online = g.online.as_ref()?;
        if online.is_over() {
            return Some("The game is over.".to_owned());
        }
        if g.game.redoable() > 0 {
            return Some("You are looking back at the game: End returns to it.".to_owned());
        }
        if !online.live.my_turn() {
            return Some(wait_words(&online.live));
        }
        None
    }

    /// After a pick in an online game: a turn completed is sent to the server.
    pub(crate) fn online_after_pick(&mut self, before: usize) {
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let Some(online) = &mut g.online else {
            return;
        };
        if g.game.ply() > before
            && let Some(mv) = g.game.last_move()
        {
            online.live.play(mv);
        }
    }

    /// Resigns an online game (after the confirm).
    pub(crate) fn online_resign(&mut self) -> bool {
        let Screen::Game(g) = &mut self.screen else {
            return false;
        };
        let Some(online) = &mut g.online else {
            return false;
        };
        online.live.act(LiveAction::Resign);
        g.tell("You resign.");
        true
    }
}

/// Why a pick waits, in words: the opponent's move, or the game not started.
fn wait_words(live: &LiveGame) -> String {
    match live.link() {
        Link::Connected => "Wait for your turn: it is your opponent's move.".to_owned(),
        _ => "Wait: the connection to the server is not up.".to_owned(),
    }
}

/// The board of a live game: an ordinary game of two people built from the server's, so
/// the offline picks, move list and animations serve it.
fn board_of(live: &LiveGame) -> Option<Match> {
    let mirror = live.mirror()?;
    let mut game =
        AnyGame::new(mirror.game.rules(), None, [Player::Human, Player::Human], 0).ok()?;
    for mv in mirror.game.all_moves() {
        game.play_move(mv).ok()?;
    }
    Some(Match::from_game(game))
}

/// What an online command did.
enum Done {
    /// Handled here.
    Here,
    /// Not an online matter: the offline handler does it.
    Offline,
    /// Back to the online screen.
    Leave,
    /// Quit the app.
    Quit,
}

/// A command of the shared key map in an online game.
fn command_in(g: &mut GameScreen, online: &mut OnlineGame, command: Command, now: Instant) -> Done {
    let over = online.is_over() || g.game.is_over();
    match command {
        Command::Undo | Command::Redo | Command::Hint | Command::Load => g.warn(
            "Not in an online game: moves are not taken back, there are no hints, and no other game opens here.",
        ),
        Command::Review if !over => g.warn("The review opens once the game is over."),
        Command::Pass if !online.live.my_turn() => g.warn(wait_words(&online.live)),
        Command::Pass => {
            let before = g.game.ply();
            match g.game.pass() {
                Ok(mv) if g.game.ply() > before => {
                    online.live.play(mv);
                    g.tell("You passed.");
                }
                Ok(_) => {}
                Err(why) => g.warn(capitalise(&why.to_string())),
            }
        }
        Command::Draw | Command::Resign | Command::Claim if over => g.warn("The game is over."),
        Command::Draw if online.offered_to_me() => {
            online.live.act(LiveAction::AcceptDraw);
            g.tell("You accept the draw.");
        }
        Command::Draw => {
            online.live.act(LiveAction::OfferDraw);
            g.tell("You offer a draw; your opponent is asked.");
        }
        Command::Claim => claim(g, online, ClaimKind::Win, now),
        Command::Resign => g.overlay = Overlay::Confirm(crate::app::Confirm::Resign),
        Command::NewGame => return Done::Leave,
        // Nothing is lost: the game is on the server, and resumes from the online screen.
        Command::Quit => return Done::Quit,
        _ => return Done::Offline,
    }
    Done::Here
}

/// Claims the game (or a draw) when the opponent has been gone past the grace period.
fn claim(g: &mut GameScreen, online: &mut OnlineGame, kind: ClaimKind, now: Instant) {
    if online.is_over() {
        g.warn("The game is over.");
        return;
    }
    match online.live.claim_in(now) {
        Some(left) if left == Duration::ZERO => {
            online.live.act(LiveAction::Claim(kind));
            g.tell(match kind {
                ClaimKind::Win => "You claim the game.",
                ClaimKind::Draw => "You claim a draw.",
            });
        }
        Some(left) => g.warn(format!(
            "Your opponent may still come back: you can claim in {}.",
            minutes_seconds(left)
        )),
        None => g.warn("Your opponent is here: there is nothing to claim."),
    }
}
