//! Online play: the online screen's actions (create, join, resume, the list of games held),
//! and an online game. The game on the board stays an ordinary offline [`AnyGame`] (both
//! sides `Human`), built from the connection's mirror, so picks, the move list and the
//! animations are the offline code's; a move the player completes is played on it and sent
//! ([`LiveGame::play`]), the opponent's moves are played on it as they arrive, and a whole
//! game from the server (a first load, a reconnect, a refused move) rebuilds it.

use super::{KraalApp, Screen};
use crate::online_view::{
    GameLine, GamesShown, LinkShown, LinkState, OnlineAction, OnlineView, Pending,
};
use crate::panel::OnlinePanel;
use kraal_front::online::{self as words, DEFAULT_SERVER};
use kraal_online::StoredSeat;
use kraal_online::live::{self, Entry, Link, LiveGame, LiveOptions, Update};
use kraal_protocol::{ClaimKind, GameStatus, SeatSummary};
use kraal_session::any::capitalise;
use kraal_session::{AnyGame, Player, TimeControl};
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// The games held, being described by the server.
pub(super) struct Listing {
    /// The seats of the token store, in the list's order.
    pub seats: Vec<StoredSeat>,
    /// The server's answer, while it is awaited.
    pub answer: Option<Receiver<Result<Vec<SeatSummary>, kraal_online::ClientError>>>,
}

/// An online game in progress (or being connected to, or waiting for its opponent).
pub(super) struct Online {
    /// The connection and the server's game.
    pub live: LiveGame,
    /// The game has been on the board (it was live when it arrived, or its opponent came).
    pub shown: bool,
    /// The server's address.
    pub server: String,
}

impl Online {
    /// The connection as the indicator shows it.
    fn link(&self, now: Instant) -> LinkShown {
        let link = self.live.link();
        let state = match link {
            Link::Connected => LinkState::Up,
            Link::Connecting | Link::Reconnecting { .. } => LinkState::Trying,
            Link::Failed(_) | Link::Closed => LinkState::Down,
        };
        LinkShown {
            state,
            text: words::link_text(link, now),
        }
    }

    /// Where the server's game stands, if it has arrived.
    fn status(&self) -> Option<GameStatus> {
        self.live.mirror().map(|m| m.snapshot.status)
    }

    /// Whether the player may pick on the board now.
    pub fn may_move(&self) -> bool {
        self.live.my_turn()
    }
}

impl KraalApp {
    /// The server to use: `--server`, the one last used, or the default.
    fn server(&self) -> String {
        self.prefs
            .server
            .clone()
            .unwrap_or_else(|| DEFAULT_SERVER.to_owned())
    }

    /// The online screen, with the games held being asked about.
    pub(super) fn online_screen(&mut self) -> Screen {
        let server = self.server();
        let mut view = OnlineView::new(&self.settings, &server, &self.prefs.name, self.prefs.clock);
        self.list_games(&mut view);
        Screen::Online(Box::new(view))
    }

    /// Reads the seats held and asks the server about them (in the background).
    fn list_games(&mut self, view: &mut OnlineView) {
        let store = match &self.config.online_store {
            Some(path) => kraal_online::TokenStore::open(path),
            None => kraal_online::TokenStore::open_default(),
        };
        let seats = match store {
            Ok((store, aside)) => {
                if let Some(aside) = aside {
                    view.error = Some(format!(
                        "The list of your online games did not read; it was set aside as {}.",
                        aside.display()
                    ));
                }
                store.seats
            }
            Err(e) => {
                view.error = Some(format!("Your online games cannot be read: {e}."));
                Vec::new()
            }
        };
        let seats: Vec<StoredSeat> = seats
            .into_iter()
            .filter(|s| s.server == view.server)
            .collect();
        if seats.is_empty() {
            view.games = GamesShown::Listed {
                lines: Vec::new(),
                unreachable: None,
            };
            self.listing = None;
            return;
        }
        let name = (!view.name.is_empty()).then_some(view.name.as_str());
        let answer = live::fetch_games(&view.server, name, seats.clone());
        view.games = GamesShown::Asking;
        self.listing = Some(Listing {
            seats,
            answer: Some(answer),
        });
    }

    /// Reads the server's description of the games held, once it answers.
    fn poll_listing(&mut self) {
        let (Some(listing), Screen::Online(view)) = (&mut self.listing, &mut self.screen) else {
            return;
        };
        let Some(answer) = &listing.answer else {
            return;
        };
        let result = match answer.try_recv() {
            Ok(result) => result,
            Err(std::sync::mpsc::TryRecvError::Empty) => return,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Err(kraal_online::ClientError::Closed)
            }
        };
        listing.answer = None;
        view.games = match result {
            Ok(summaries) => GamesShown::Listed {
                lines: listing
                    .seats
                    .iter()
                    .map(
                        |seat| match summaries.iter().find(|s| s.game() == seat.game) {
                            Some(summary) => GameLine {
                                text: words::summary_line(summary, seat),
                                open: !matches!(
                                    summary,
                                    SeatSummary::Game { status, .. } if status.is_finished()
                                ),
                            },
                            None => GameLine {
                                text: words::kept_line(seat),
                                open: true,
                            },
                        },
                    )
                    .collect(),
                unreachable: None,
            },
            Err(e) => GamesShown::Listed {
                lines: listing
                    .seats
                    .iter()
                    .map(|seat| GameLine {
                        text: words::kept_line(seat),
                        open: true,
                    })
                    .collect(),
                unreachable: Some(e.to_string()),
            },
        };
    }

    /// Does what the online screen asked for.
    pub(super) fn online_action(&mut self, action: OnlineAction, ctx: &egui::Context) {
        let Screen::Online(mut view) = std::mem::replace(&mut self.screen, Screen::Home) else {
            return;
        };
        if action == OnlineAction::Home {
            self.online = None;
            self.listing = None;
            return;
        }
        view.error = None;
        let server = match words::parse_server(&view.server) {
            Ok(server) => server,
            Err(e) => {
                view.error = Some(capitalise(&format!("{e}.")));
                self.screen = Screen::Online(view);
                return;
            }
        };
        view.server = server.clone();
        let entry = match action {
            OnlineAction::Home => unreachable!("handled above"),
            OnlineAction::Cancel => {
                if let Some(online) = &mut self.online {
                    online.live.act(live::Action::Abort);
                }
                self.online = None;
                self.list_games(&mut view);
                None
            }
            OnlineAction::Refresh => {
                self.list_games(&mut view);
                None
            }
            OnlineAction::Create => {
                let control = crate::config::CLOCKS
                    .get(view.clock)
                    .and_then(|c| c.0.parse::<TimeControl>().ok())
                    .unwrap_or_default();
                self.prefs.clock = view.clock;
                Some(Entry::Create {
                    game: view.game.clone(),
                    rules: Some(view.rule_set.clone()),
                    set: Vec::new(),
                    clock: control,
                })
            }
            OnlineAction::Join => match words::parse_join_code(&view.code) {
                Ok(code) => Some(Entry::Join { code }),
                Err(e) => {
                    view.error = Some(capitalise(&format!("{e}.")));
                    None
                }
            },
            OnlineAction::Resume(i) => self
                .listing
                .as_ref()
                .and_then(|l| l.seats.get(i))
                .map(|seat| Entry::Resume(seat.clone())),
        };
        if let Some(entry) = entry {
            // The name and the server are kept for next time.
            self.prefs.name = view.name.trim().to_owned();
            self.prefs.server = (server != DEFAULT_SERVER).then(|| server.clone());
            self.save_settings();
            let repaint = ctx.clone();
            let options = LiveOptions {
                server: server.clone(),
                name: (!self.prefs.name.is_empty()).then(|| self.prefs.name.clone()),
                entry,
                store: self.config.online_store.clone(),
                wake: Some(Arc::new(move || repaint.request_repaint())),
            };
            self.online = Some(Online {
                live: LiveGame::start(options),
                shown: false,
                server,
            });
        }
        self.screen = Screen::Online(view);
    }

    /// What the online screen shows while a game is connected to or awaits its opponent.
    pub(super) fn pending(&self) -> Option<Pending> {
        let online = self.online.as_ref().filter(|o| !o.shown)?;
        let now = Instant::now();
        Some(Pending {
            code: online.live.code().map(str::to_owned),
            command: online
                .live
                .code()
                .map(|code| words::join_command(code, &online.server)),
            link: online.link(now),
            status: words::status_text(&online.live),
        })
    }

    /// The connection's news, every frame: the board follows the server's game.
    pub(super) fn run_online(&mut self, ctx: &egui::Context) {
        self.poll_listing();
        let Some(online) = &mut self.online else {
            return;
        };
        let now = Instant::now();
        let updates = online.live.poll();
        for update in updates {
            self.online_update(update);
        }
        let Some(online) = &mut self.online else {
            return;
        };
        // A connection that never got into a game gives up with its reason on the screen.
        if !online.shown
            && let Link::Failed(why) = online.live.link()
        {
            let why = why.clone();
            self.online = None;
            if let Screen::Online(view) = &mut self.screen {
                view.error = Some(capitalise(&format!("{why}.")));
            }
            return;
        }
        let counting = online
            .live
            .claim_in(now)
            .is_some_and(|d| d > Duration::ZERO)
            || matches!(online.live.link(), Link::Reconnecting { .. })
            || online
                .live
                .mirror()
                .is_some_and(|m| m.snapshot.clock_running.is_some());
        if counting {
            ctx.request_repaint_after(Duration::from_millis(250));
        }
    }

    /// One piece of news from the connection.
    fn online_update(&mut self, update: Update) {
        match update {
            Update::Created { .. } | Update::Link | Update::Changed => {}
            Update::Loaded => self.load_online(),
            Update::Moved { mine: true, .. } => {}
            Update::Moved { mv, mine: false } => {
                let expected = self
                    .online
                    .as_ref()
                    .and_then(|o| o.live.mirror())
                    .map(|m| m.game.ply());
                let board = self.game.as_ref().map(AnyGame::ply);
                // The board is one move behind the mirror: play the move on it, animated.
                if self.online.as_ref().is_some_and(|o| o.shown)
                    && board.is_some_and(|b| Some(b + 1) == expected)
                {
                    let before = self.before();
                    if let Some(game) = self.game.as_mut()
                        && game.play_move(mv).is_ok()
                    {
                        self.moved(before);
                        return;
                    }
                }
                self.load_online();
            }
            Update::Ended(_) => {
                self.over_closed = false;
                self.asking_resign = false;
            }
            Update::Refused(why) => {
                if self.online.as_ref().is_some_and(|o| o.shown) {
                    self.say(capitalise(&why), true);
                } else {
                    self.online = None;
                    if let Screen::Online(view) = &mut self.screen {
                        view.error = Some(capitalise(&why));
                    }
                }
            }
        }
    }

    /// Builds the board again from the server's whole game (once it is live or over).
    fn load_online(&mut self) {
        let Some(online) = &mut self.online else {
            return;
        };
        let Some(mirror) = online.live.mirror() else {
            return;
        };
        if mirror.snapshot.status == GameStatus::Waiting {
            return;
        }
        let Some(game) = board_of(&mirror.game) else {
            let text = "The server's game does not replay here.";
            self.say(text, true);
            return;
        };
        let first = !online.shown;
        online.shown = true;
        self.game = Some(game);
        self.anim = None;
        self.review = None;
        self.hint = super::HintShown::default();
        if first {
            self.autosave = kraal_front::Autosave::new(None);
            self.climb = None;
            self.engine_review = None;
            self.dialog = None;
            self.over_closed = false;
            self.asking_resign = false;
            self.notice = None;
        }
    }

    /// What the panel shows of the online game.
    pub(super) fn online_panel(&self) -> Option<OnlinePanel> {
        let online = self.online.as_ref().filter(|o| o.shown)?;
        let now = Instant::now();
        let live = &online.live;
        let mirror = live.mirror()?;
        let snapshot = &mirror.snapshot;
        let playing = snapshot.status == GameStatus::Live;
        let game = &mirror.game;
        let clocks = live.clocks(now).map(|c| {
            format!(
                "Clock: {} {}  {} {}",
                game.side_name(0),
                crate::panel::mmss(c[0]),
                game.side_name(1),
                crate::panel::mmss(c[1])
            )
        });
        let you = snapshot.you.index();
        let names = [0, 1].map(|side| {
            let name = snapshot.names[side].clone();
            let who = if side == you {
                "you".to_owned()
            } else {
                name.clone().unwrap_or_else(|| "your opponent".to_owned())
            };
            match (side == you, name) {
                (true, Some(n)) => format!("{}: {n} (you)", game.side_name(side)),
                _ => format!("{}: {who}", game.side_name(side)),
            }
        });
        Some(OnlinePanel {
            link: online.link(now),
            status: words::status_text(live),
            names,
            clocks,
            presence: words::presence_text(live, now),
            draw_offer: words::draw_offer_text(live),
            offered_to_me: playing && snapshot.draw_offer.is_some_and(|s| s != snapshot.you),
            my_offer: snapshot.draw_offer == Some(snapshot.you),
            claim_now: playing && words::may_claim(live, now),
            playing,
            my_turn: live.my_turn(),
            ending: match snapshot.status {
                GameStatus::Over { outcome } => Some(capitalise(&outcome.to_string())),
                GameStatus::Aborted => Some("The game was aborted: no result.".to_owned()),
                _ => None,
            },
        })
    }

    /// Carries out a game action in an online game; whether it was one (the others are the
    /// offline game's).
    pub(super) fn online_act(&mut self, action: crate::Action) -> bool {
        use crate::Action;
        let Some(online) = self.online.as_mut().filter(|o| o.shown) else {
            return false;
        };
        let playing = online.status() == Some(GameStatus::Live);
        match action {
            Action::Undo | Action::Redo | Action::Hint => {
                self.say("Not in an online game: the server keeps the moves.", true);
            }
            Action::ReviewGame if playing => {
                self.say("The engine reviews an online game once it is over.", true);
            }
            Action::Resign if playing => self.asking_resign = true,
            Action::ConfirmResign => {
                self.asking_resign = false;
                if playing {
                    online.live.act(live::Action::Resign);
                }
            }
            Action::Draw if playing => {
                let offered = online
                    .live
                    .mirror()
                    .and_then(|m| m.snapshot.draw_offer.map(|s| s != m.snapshot.you))
                    .unwrap_or(false);
                online.live.act(if offered {
                    live::Action::AcceptDraw
                } else {
                    live::Action::OfferDraw
                });
            }
            Action::OfferDraw if playing => online.live.act(live::Action::OfferDraw),
            Action::AcceptDraw if playing => online.live.act(live::Action::AcceptDraw),
            Action::DeclineDraw if playing => online.live.act(live::Action::DeclineDraw),
            Action::Pass if !online.may_move() => self.say("Wait for your turn.", true),
            // The claim key claims the win, once the opponent has been gone long enough.
            Action::Claim if playing && words::may_claim(&online.live, Instant::now()) => {
                online.live.act(live::Action::Claim(ClaimKind::Win));
            }
            Action::Claim if playing => self.say(
                "You may claim only when your opponent has been gone past the grace period.",
                true,
            ),
            Action::ClaimWin if playing => online.live.act(live::Action::Claim(ClaimKind::Win)),
            Action::ClaimDraw if playing => online.live.act(live::Action::Claim(ClaimKind::Draw)),
            Action::Resign
            | Action::Draw
            | Action::OfferDraw
            | Action::AcceptDraw
            | Action::DeclineDraw
            | Action::ClaimWin
            | Action::ClaimDraw
            | Action::Claim => self.say("The game is over.", true),
            _ => return false,
        }
        true
    }

    /// Sends a move the player completed on the board to the server.
    pub(super) fn send_move(&mut self, mv: kraal_session::any::AnyMove) {
        if let Some(online) = self.online.as_mut().filter(|o| o.shown) {
            online.live.play(mv);
        }
    }
}

/// A copy of the server's game for the board: the same rules and moves, both sides played
/// by people (the one at this window and the one at the other end).
fn board_of(mirrored: &AnyGame) -> Option<AnyGame> {
    let mut game = AnyGame::new(mirrored.rules(), None, [Player::Human, Player::Human], 0).ok()?;
    for mv in mirrored.moves() {
        game.play_move(mv).ok()?;
    }
    Some(game)
}
