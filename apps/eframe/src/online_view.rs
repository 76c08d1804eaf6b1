//! The online screen: the server's address and the player's name, then three ways into a
//! game (create one and share its code, join one by its code, resume a game held), and the
//! waiting screen with the join code while the opponent comes. It edits its own choices and
//! returns what the player asked for; the app does the rest. [`link_indicator`] is the
//! connection's coloured dot with its words, here and in the game's panel.

use crate::menu::{clock_choice, game_choice};
use egui::RichText;
use kraal_session::Settings;

/// How the connection stands, for the dot's colour (the words say it too: colour is never
/// the only signal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Connected.
    Up,
    /// Connecting or reconnecting.
    Trying,
    /// Given up, or closed.
    Down,
}

/// The connection as shown: its state and its words ("connected", "reconnecting in 3 s...").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkShown {
    /// For the dot's colour.
    pub state: LinkState,
    /// What it says.
    pub text: String,
}

/// A resumable game in the list: the seat's index in the token store's list and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The line that describes it.
    pub text: String,
    /// Whether it can be resumed (a finished game can only be looked at).
    pub open: bool,
}

/// The games held, as the list shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum GamesShown {
    /// The server is being asked.
    #[default]
    Asking,
    /// One line a seat, in the order of [`crate::app`]'s seats.
    Listed {
        /// The lines.
        lines: Vec<GameLine>,
        /// Why the server could not describe them, if it could not (the lines are then what
        /// this computer keeps).
        unreachable: Option<String>,
    },
}

/// What the screen shows while a connection is made or the opponent awaited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The join code, once the server has made the game.
    pub code: Option<String>,
    /// The command that joins it from a terminal.
    pub command: Option<String>,
    /// The connection.
    pub link: LinkShown,
    /// Where the game stands, in words.
    pub status: String,
}

/// The online screen's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineView {
    /// The server's websocket URL, as typed.
    pub server: String,
    /// The name shown to the opponent (empty: none).
    pub name: String,
    /// The game of a new online game.
    pub game: String,
    /// Its rule set.
    pub rule_set: String,
    /// Its clock (an index into [`crate::config::CLOCKS`]).
    pub clock: usize,
    /// The join code being typed.
    pub code: String,
    /// What went wrong last, for the player.
    pub error: Option<String>,
    /// The games held.
    pub games: GamesShown,
}

/// What the player asked for on the online screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineAction {
    /// Back to the home screen.
    Home,
    /// Create a game with the choices.
    Create,
    /// Join the game whose code is typed.
    Join,
    /// Resume this game of the list.
    Resume(usize),
    /// Ask the server again about the games held.
    Refresh,
    /// Give up waiting (the game is aborted).
    Cancel,
}

impl OnlineView {
    /// The screen as the settings leave it (the game last played, its rule set), for
    /// `server`, with the player's `name`.
    #[must_use]
    pub fn new(settings: &Settings, server: &str, name: &str, clock: usize) -> OnlineView {
        let menu = crate::menu::Menu::from_settings(settings);
        OnlineView {
            server: server.to_owned(),
            name: name.to_owned(),
            game: menu.game,
            rule_set: menu.rule_set,
            clock,
            code: String::new(),
            error: None,
            games: GamesShown::Asking,
        }
    }
}

/// The connection's dot, coloured, and its words beside it.
pub fn link_indicator(ui: &mut egui::Ui, link: &LinkShown) -> egui::Response {
    let colour = match link.state {
        LinkState::Up => egui::Color32::from_rgb(0x2e, 0x9d, 0x4a),
        LinkState::Trying => egui::Color32::from_rgb(0xd9, 0x8e, 0x04),
        LinkState::Down => egui::Color32::from_rgb(0xc8, 0x32, 0x32),
    };
    ui.horizontal(|ui| {
        let size = ui.text_style_height(&egui::TextStyle::Body);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), size * 0.35, colour);
        ui.add(egui::Label::new(format!("Server: {}", link.text)).wrap())
    })
    .inner
}

/// Draws the online screen (`pending`: a game being connected to or waiting for its
/// opponent); returns what the player asked for.
pub fn show(
    ui: &mut egui::Ui,
    view: &mut OnlineView,
    pending: Option<&Pending>,
) -> Option<OnlineAction> {
    let mut action = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        if crate::home::home_button(ui) {
            action = Some(OnlineAction::Home);
        }
        ui.heading("Play online");
        if let Some(pending) = pending {
            waiting(ui, pending, &mut action);
            return;
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Server");
            ui.add(
                egui::TextEdit::singleline(&mut view.server)
                    .desired_width(300.0)
                    .hint_text(kraal_front::online::DEFAULT_SERVER),
            )
            .labelled_by(label.id);
            let label = ui.label("Your name");
            ui.add(
                egui::TextEdit::singleline(&mut view.name)
                    .desired_width(160.0)
                    .hint_text("shown to your opponent"),
            )
            .labelled_by(label.id);
        });
        if let Some(error) = &view.error {
            crate::panel::message(ui, error, true);
        }
        ui.separator();
        // Three columns: the game and its rules; the clock and the button; joining and the
        // games held. The button stays in sight above the long list of rule sets' neighbours.
        ui.columns(3, |columns| {
            let ui = &mut columns[0];
            ui.strong(RichText::new("Create a game").heading());
            ui.label(RichText::new("You play first; your opponent joins with the code.").weak());
            game_choice(ui, &mut view.game, &mut view.rule_set);

            let ui = &mut columns[1];
            ui.add_space(48.0);
            clock_choice(ui, &mut view.clock);
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                if ui
                    .button(RichText::new("Create the game").heading())
                    .clicked()
                {
                    action = Some(OnlineAction::Create);
                }
            });

            let ui = &mut columns[2];
            ui.strong(RichText::new("Join by code").heading());
            ui.label(RichText::new("The code your opponent was given.").weak());
            ui.horizontal(|ui| {
                let label = ui.label("Join code");
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut view.code)
                            .desired_width(110.0)
                            .hint_text("such as K7PX3M")
                            .font(egui::TextStyle::Monospace),
                    )
                    .labelled_by(label.id);
                let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Join the game").clicked() || entered {
                    action = Some(OnlineAction::Join);
                }
            });
            ui.add_space(16.0);
            ui.strong(RichText::new("Your games").heading());
            match &view.games {
                GamesShown::Asking => {
                    ui.label("Asking the server about your games...");
                }
                GamesShown::Listed { lines, unreachable } => {
                    if let Some(why) = unreachable {
                        crate::panel::message(
                            ui,
                            &format!(
                                "The server cannot be asked ({why}); the games this computer keeps:"
                            ),
                            true,
                        );
                    }
                    if lines.is_empty() {
                        ui.label(RichText::new("No online games yet.").weak());
                    }
                    for (i, line) in lines.iter().enumerate() {
                        let label = if line.open { "Resume" } else { "Look" };
                        ui.horizontal_wrapped(|ui| {
                            if ui.button(label).on_hover_text(&line.text).clicked() {
                                action = Some(OnlineAction::Resume(i));
                            }
                            ui.add(egui::Label::new(&line.text).wrap());
                        });
                    }
                    ui.horizontal(|ui| {
                        if ui.button("Ask the server again").clicked() {
                            action = Some(OnlineAction::Refresh);
                        }
                    });
                }
            }
        });
    });
    action
}

/// The screen while a game is connected to or waits for its opponent.
fn waiting(ui: &mut egui::Ui, pending: &Pending, action: &mut Option<OnlineAction>) {
    link_indicator(ui, &pending.link);
    ui.add_space(8.0);
    if pending.code.is_none() {
        crate::panel::message(ui, &pending.status, false);
    }
    if let Some(code) = &pending.code {
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            ui.label(format!("Your opponent joins with code {code}"));
            ui.label(RichText::new(code).size(64.0).monospace().strong());
            if ui.button("Copy").on_hover_text("copy the code").clicked() {
                ui.ctx().copy_text(code.clone());
            }
            if let Some(command) = &pending.command {
                ui.label(RichText::new(format!("From a terminal: {command}")).weak());
            }
            ui.label(RichText::new("The game starts when they join.").weak());
        });
    }
    ui.add_space(12.0);
    if ui
        .button("Cancel")
        .on_hover_text("give up waiting")
        .clicked()
    {
        *action = Some(OnlineAction::Cancel);
    }
}
