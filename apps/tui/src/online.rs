//! The online screen's state (create a game, join one by its code, resume the games held) and
//! an online game's part of the game screen. How keys change them is in `online_keys`, their
//! drawing in [`crate::ui::online`]; the connection, the words and the seat tokens come from
//! `kraal-online` ([`kraal_online::live`]) and `kraal-front` ([`kraal_front::online`]),
//! shared with the GUI.

use crate::start::{Field, StartMenu};
use kraal_front::online::{kept_line, summary_line};
use kraal_online::live::{LiveGame, fetch_games};
use kraal_online::{ClientError, StoredSeat, TokenStore};
use kraal_protocol::{GameStatus, SeatSummary};
use kraal_session::Settings;
use kraal_session::any::capitalise;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

/// One line of the online screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The server's address (typed).
    Server,
    /// The display name the opponent sees (typed; empty: none).
    Name,
    /// A choice of the game to create (game, rule set, board size, clock): the start
    /// screen's own line.
    Choice(Field),
    /// Create the game.
    Create,
    /// The join code (typed).
    Code,
    /// Join the game of the code.
    Join,
    /// One of the games held (an index into [`OnlineMenu::seats`]).
    Seat(usize),
}

impl Line {
    /// Whether the line is a text field (letters type into it).
    #[must_use]
    pub const fn is_text(self) -> bool {
        matches!(self, Line::Server | Line::Name | Line::Code)
    }
}

/// What one server said of the seats held there.
pub enum Listing {
    /// The question is on its way.
    Asking(Receiver<Result<Vec<SeatSummary>, ClientError>>),
    /// Where each game stands.
    Described(Vec<SeatSummary>),
    /// The server could not be asked (why, in words).
    Unreachable(String),
}

/// A game being entered: created and waiting for the opponent, or being joined or resumed
/// until the whole game arrives.
pub struct Pending {
    /// The connection.
    pub live: LiveGame,
    /// How it was entered.
    pub entering: Entering,
}

/// How a game is being entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entering {
    /// A new game (its code shown once the server gives it).
    Create,
    /// By a join code.
    Join(String),
    /// A game held.
    Resume,
}

/// The online screen.
pub struct OnlineMenu {
    /// The line the selection is on (an index into [`OnlineMenu::lines`]).
    pub selected: usize,
    /// The game to create: the start screen's choices (only game, rules, size and clock
    /// are shown).
    pub choices: StartMenu,
    /// The server's websocket URL, as typed.
    pub server: String,
    /// The display name the opponent sees, as typed (empty: none).
    pub name: String,
    /// The join code, as typed.
    pub code: String,
    /// The games held (from the seat-token file), oldest first.
    pub seats: Vec<StoredSeat>,
    /// What each server said of them.
    pub listings: Vec<(String, Listing)>,
    /// A message (a bad code, a refusal, a file set aside), shown as a warning.
    pub message: Option<String>,
    /// A game being entered, shown in a window over the screen.
    pub pending: Option<Pending>,
}

impl OnlineMenu {
    /// The screen for `server`, its choices from the settings, the games held read from the
    /// token file at `store` (the user's own when `None`) and each of their servers asked
    /// (`name` is the player's display name).
    #[must_use]
    pub fn new(
        settings: &Settings,
        server: &str,
        store: Option<&PathBuf>,
        name: Option<&str>,
    ) -> OnlineMenu {
        let mut choices = StartMenu::new(settings, Vec::new());
        choices.selected = 0;
        let mut menu = OnlineMenu {
            selected: 0,
            choices,
            server: server.to_owned(),
            name: name.unwrap_or_default().to_owned(),
            code: String::new(),
            seats: Vec::new(),
            listings: Vec::new(),
            message: None,
            pending: None,
        };
        menu.refresh(store, name);
        menu
    }

    /// Reads the games held again and asks their servers where each stands.
    pub fn refresh(&mut self, store: Option<&PathBuf>, name: Option<&str>) {
        match open_store(store) {
            Ok((store, aside)) => {
                self.seats = store.seats;
                if let Some(aside) = aside {
                    self.message = Some(format!(
                        "The seat-token file did not read; it was set aside as {}.",
                        aside.display()
                    ));
                }
            }
            Err(why) => {
                self.seats = Vec::new();
                self.message = Some(format!("Cannot read your online games: {why}."));
            }
        }
        let mut servers: Vec<String> = self.seats.iter().map(|s| s.server.clone()).collect();
        servers.sort();
        servers.dedup();
        self.listings = servers
            .into_iter()
            .map(|server| {
                let seats: Vec<StoredSeat> = self
                    .seats
                    .iter()
                    .filter(|s| s.server == server)
                    .cloned()
                    .collect();
                let asking = fetch_games(&server, name, seats);
                (server, Listing::Asking(asking))
            })
            .collect();
        let count = self.lines().len();
        self.selected = self.selected.min(count - 1);
    }

    /// Takes in the servers' answers that have arrived; true if any did.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        for (_, listing) in &mut self.listings {
            let Listing::Asking(rx) = listing else {
                continue;
            };
            let next = match rx.try_recv() {
                Ok(Ok(summaries)) => Listing::Described(summaries),
                Ok(Err(why)) => Listing::Unreachable(why.to_string()),
                Err(TryRecvError::Empty) => continue,
                Err(TryRecvError::Disconnected) => {
                    Listing::Unreachable("the question was not answered".to_owned())
                }
            };
            *listing = next;
            changed = true;
        }
        changed
    }

    /// The lines shown now, in order.
    #[must_use]
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = vec![
            Line::Server,
            Line::Name,
            Line::Choice(Field::Game),
            Line::Choice(Field::Rules),
        ];
        if self.choices.has_size() {
            lines.push(Line::Choice(Field::Size));
        }
        lines.extend([
            Line::Choice(Field::Clock),
            Line::Create,
            Line::Code,
            Line::Join,
        ]);
        // The newest game first.
        lines.extend((0..self.seats.len()).rev().map(Line::Seat));
        lines
    }

    /// The line the selection is on.
    #[must_use]
    pub fn line(&self) -> Line {
        let lines = self.lines();
        lines[self.selected.min(lines.len() - 1)]
    }

    /// Moves the selection up or down a line.
    pub fn move_selection(&mut self, down: bool) {
        let count = self.lines().len();
        self.selected = crate::cycle(self.selected, count, down);
    }

    /// Selects `line`, if it is shown.
    pub fn select(&mut self, line: Line) {
        if let Some(at) = self.lines().iter().position(|l| *l == line) {
            self.selected = at;
        }
    }

    /// Changes the selected choice's value, forward or back (other lines have none).
    pub fn change(&mut self, forward: bool) {
        if let Line::Choice(field) = self.line() {
            self.choices.change_field(field, forward);
        }
    }

    /// The text field selected, to type into.
    pub fn text_mut(&mut self) -> Option<&mut String> {
        match self.line() {
            Line::Server => Some(&mut self.server),
            Line::Name => Some(&mut self.name),
            Line::Code => Some(&mut self.code),
            _ => None,
        }
    }

    /// How a game held is described: by its server when it answered, else from the token
    /// file alone.
    #[must_use]
    pub fn seat_line(&self, index: usize) -> String {
        let Some(seat) = self.seats.get(index) else {
            return String::new();
        };
        let listing = self
            .listings
            .iter()
            .find(|(server, _)| *server == seat.server)
            .map(|(_, l)| l);
        match listing {
            Some(Listing::Described(summaries)) => summaries
                .iter()
                .find(|s| s.game() == seat.game)
                .map_or_else(|| kept_line(seat), |s| summary_line(s, seat)),
            Some(Listing::Asking(_)) => format!("{} (asking the server...)", kept_line(seat)),
            Some(Listing::Unreachable(_)) | None => kept_line(seat),
        }
    }

    /// The servers that could not be asked, with why, as a sentence (none when all
    /// answered).
    #[must_use]
    pub fn unreachable(&self) -> Option<String> {
        let words: Vec<String> = self
            .listings
            .iter()
            .filter_map(|(server, l)| match l {
                Listing::Unreachable(why) => Some(format!("{server}: {why}")),
                _ => None,
            })
            .collect();
        (!words.is_empty()).then(|| {
            format!(
                "Cannot ask {}; the games there are shown as kept on this computer.",
                words.join("; ")
            )
        })
    }

    /// What the selected line is for, in a sentence.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.line() {
            Line::Server => "The server to play on: type its address (ws://HOST:PORT/ws); Enter asks it about your games.".to_owned(),
            Line::Name => "The name your opponent sees (none if empty): type it.".to_owned(),
            Line::Choice(field) => capitalise(&self.choices.describe(field).2),
            Line::Create => "Create the game and get a code to give your opponent.".to_owned(),
            Line::Code => "Type the six-letter code your opponent gave you, then Enter.".to_owned(),
            Line::Join => "Join the game of the code above.".to_owned(),
            Line::Seat(_) => "Enter resumes this game.".to_owned(),
        }
    }
}

/// The seat-token file at `path`, or the user's own.
///
/// # Errors
/// The file cannot be read (one that does not parse is set aside, and named).
pub fn open_store(
    path: Option<&PathBuf>,
) -> Result<(TokenStore, Option<PathBuf>), kraal_online::StoreError> {
    match path {
        Some(path) => TokenStore::open(path),
        None => TokenStore::open_default(),
    }
}

/// An online game on the game screen: the connection beside the board.
pub struct OnlineGame {
    /// The live game.
    pub live: LiveGame,
}

impl OnlineGame {
    /// Where the server says the game stands (`None` until it has said).
    #[must_use]
    pub fn status(&self) -> Option<GameStatus> {
        self.live.mirror().map(|m| m.snapshot.status)
    }

    /// Whether the server says the game is finished (ended while watched, or resumed
    /// finished).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.status().is_some_and(|s| s.is_finished())
    }

    /// Whether the opponent offers a draw (to accept or decline).
    #[must_use]
    pub fn offered_to_me(&self) -> bool {
        self.live
            .mirror()
            .is_some_and(|m| m.snapshot.draw_offer.is_some_and(|by| by != m.snapshot.you))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(name: &str) -> OnlineMenu {
        let dir =
            std::env::temp_dir().join(format!("kraal-tui-menu-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = dir.join("online.json");
        OnlineMenu::new(&Settings::default(), "ws://x/ws", Some(&store), None)
    }

    #[test]
    fn the_lines_are_the_server_the_game_to_create_the_code_and_the_games_held() {
        let mut menu = menu("lines");
        assert!(menu.seats.is_empty() && menu.message.is_none());
        assert_eq!(
            menu.lines(),
            [
                Line::Server,
                Line::Name,
                Line::Choice(Field::Game),
                Line::Choice(Field::Rules),
                Line::Choice(Field::Clock),
                Line::Create,
                Line::Code,
                Line::Join,
            ]
        );
        // Mulabalaba adds its board size, as on the start screen.
        menu.select(Line::Choice(Field::Game));
        menu.change(false);
        assert_eq!(menu.choices.describe(Field::Game).1, "mulabalaba");
        assert!(menu.lines().contains(&Line::Choice(Field::Size)));
        // Only the text fields take letters.
        menu.select(Line::Code);
        assert!(menu.line().is_text());
        menu.text_mut().expect("a text field").push('A');
        assert_eq!(menu.code, "A");
        menu.select(Line::Create);
        assert!(menu.text_mut().is_none());
    }
}
