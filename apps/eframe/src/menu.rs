//! The start menu: the unfinished games to continue, and a new game's game, rule set,
//! opponent, colour and clock.

use crate::config::CLOCKS;
use kraal_ai::OPPONENTS;
use kraal_session::any::capitalise;
use kraal_session::{GAMES, Player, Settings, rule_sets_of};

/// The choices of the start menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    /// The game (`morabaraba`, `oware`, `mulabalaba`).
    pub game: String,
    /// The rule set.
    pub rule_set: String,
    /// The AI's level, or `None` for another person.
    pub opponent: Option<u8>,
    /// The side the player takes: 0 (White, South) or 1.
    pub colour: usize,
    /// The time control (index into [`CLOCKS`]).
    pub clock: usize,
    /// What went wrong with the last attempt to start, for the player.
    pub error: Option<String>,
    /// The unfinished games, newest first.
    pub unfinished: Vec<kraal_front::Entry>,
    /// The files that could not be offered and were set aside, as sentences.
    pub set_aside: Vec<String>,
}

/// What the player chose in the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuAction {
    /// Start a new game with the choices.
    Start,
    /// Continue this unfinished game (an index into [`Menu::unfinished`]).
    Continue(usize),
    /// Open the load dialog.
    Load,
}

/// The game a settings name (a game or a rule set) belongs to.
fn game_of(name: &str) -> &'static str {
    for (game, _) in GAMES {
        if *game == name || rule_sets_of(game).iter().any(|(r, _)| *r == name) {
            return game;
        }
    }
    GAMES[0].0
}

impl Menu {
    /// The menu as the settings left it.
    #[must_use]
    pub fn from_settings(settings: &Settings) -> Menu {
        let game = game_of(&settings.game).to_owned();
        let sets = rule_sets_of(&game);
        let wanted = settings
            .rules
            .clone()
            .unwrap_or_else(|| settings.game.clone());
        let rule_set = sets
            .iter()
            .find(|(r, _)| *r == wanted)
            .or(sets.first())
            .map_or_else(String::new, |(r, _)| (*r).to_owned());
        let opponent = match Player::parse(&settings.opponent) {
            Ok(Player::Ai(o)) => Some(o.level),
            Ok(Player::Human) => None,
            Err(_) => Some(3),
        };
        let colour = usize::from(settings.colour.eq_ignore_ascii_case("black"));
        Menu {
            game,
            rule_set,
            opponent,
            colour,
            clock: 0,
            error: None,
            unfinished: Vec::new(),
            set_aside: Vec::new(),
        }
    }

    /// Writes the choices into the settings.
    pub fn store(&self, settings: &mut Settings) {
        if game_of(&settings.game) != self.game {
            settings.overrides.clear();
        }
        settings.game = self.game.clone();
        settings.rules = Some(self.rule_set.clone());
        settings.opponent = self
            .opponent
            .map_or_else(|| "human".to_owned(), |l| format!("ai:{l}"));
        settings.colour = if self.colour == 0 { "white" } else { "black" }.to_owned();
    }

    /// The players, first side first.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        let Some(opponent) = self.opponent.and_then(kraal_ai::Opponent::level) else {
            return [Player::Human, Player::Human];
        };
        if self.colour == 0 {
            [Player::Human, Player::Ai(opponent)]
        } else {
            [Player::Ai(opponent), Player::Human]
        }
    }
}

/// The game and rule-set choices of a new game (the start form's and the online form's): a
/// radio button for each game, then for each rule set of the game chosen.
pub fn game_choice(ui: &mut egui::Ui, game: &mut String, rule_set: &mut String) {
    ui.strong("Game");
    for (name, about) in GAMES {
        let title = capitalise(name);
        if ui
            .radio(*game == *name, title)
            .on_hover_text(*about)
            .clicked()
            && *game != *name
        {
            *game = (*name).to_owned();
            *rule_set = rule_sets_of(name)
                .first()
                .map_or_else(String::new, |(r, _)| (*r).to_owned());
        }
        ui.label(egui::RichText::new(*about).small().weak());
    }
    ui.add_space(8.0);
    ui.strong("Rule set");
    for (name, about) in rule_sets_of(game) {
        if ui.radio(*rule_set == name, name).clicked() {
            *rule_set = name.to_owned();
        }
        ui.label(egui::RichText::new(about).small().weak());
    }
}

/// The clock choice of a new game (an index into [`CLOCKS`]).
pub fn clock_choice(ui: &mut egui::Ui, clock: &mut usize) {
    ui.strong("Clock");
    for (i, (_, name)) in CLOCKS.iter().enumerate() {
        if ui.radio(*clock == i, *name).clicked() {
            *clock = i;
        }
    }
}

/// Draws the menu; returns what the player chose, if anything.
pub fn show(ui: &mut egui::Ui, menu: &mut Menu) -> Option<MenuAction> {
    let mut action = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.heading("kraal: traditional African board games");
        ui.add_space(6.0);
        ui.strong("Continue a game");
        if menu.unfinished.is_empty() {
            ui.label(egui::RichText::new("No unfinished games.").weak());
        }
        for (i, entry) in menu.unfinished.iter().enumerate() {
            if ui
                .add(egui::Button::new(entry.to_string()).wrap())
                .on_hover_text(entry.path.display().to_string())
                .clicked()
            {
                action = Some(MenuAction::Continue(i));
            }
        }
        for aside in &menu.set_aside {
            crate::panel::message(ui, &format!("{aside}."), true);
        }
        ui.add_space(4.0);
        if ui.button("Load a game…").clicked() {
            action = Some(MenuAction::Load);
        }
        if let Some(error) = &menu.error {
            crate::panel::message(ui, error, true);
        }
        ui.separator();
        ui.columns(2, |columns| {
            let ui = &mut columns[0];
            game_choice(ui, &mut menu.game, &mut menu.rule_set);

            let ui = &mut columns[1];
            ui.strong("Opponent");
            if ui
                .radio(menu.opponent.is_none(), "Another person")
                .clicked()
            {
                menu.opponent = None;
            }
            ui.label(
                egui::RichText::new("two players take turns at this computer")
                    .small()
                    .weak(),
            );
            for o in OPPONENTS {
                let title = format!("{} (level {})", o.name, o.level);
                if ui.radio(menu.opponent == Some(o.level), title).clicked() {
                    menu.opponent = Some(o.level);
                }
                ui.label(
                    egui::RichText::new(o.describe(menu.game == "morabaraba"))
                        .small()
                        .weak(),
                );
            }
            ui.add_space(8.0);
            ui.strong("Your side");
            let names = if menu.game == "morabaraba" {
                ["White (moves first)", "Black"]
            } else {
                ["South (moves first)", "North"]
            };
            for (i, name) in names.into_iter().enumerate() {
                if ui.radio(menu.colour == i, name).clicked() {
                    menu.colour = i;
                }
            }
            ui.add_space(8.0);
            clock_choice(ui, &mut menu.clock);
        });
        ui.separator();
        if ui
            .add(egui::Button::new(
                egui::RichText::new("Start the game").heading(),
            ))
            .clicked()
        {
            action = Some(MenuAction::Start);
        }
    });
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_the_menu() {
        let mut settings = Settings {
            game: "koti".to_owned(),
            opponent: "human".to_owned(),
            colour: "black".to_owned(),
            ..Settings::default()
        };
        let menu = Menu::from_settings(&settings);
        assert_eq!(menu.game, "morabaraba");
        assert_eq!(menu.rule_set, "koti");
        assert_eq!(menu.opponent, None);
        assert_eq!(menu.players(), [Player::Human, Player::Human]);
        let mut changed = menu.clone();
        changed.opponent = Some(1);
        changed.store(&mut settings);
        let again = Menu::from_settings(&settings);
        assert_eq!(again.opponent, Some(1));
        assert!(matches!(again.players(), [Player::Ai(_), Player::Human]));
    }
}
