//! The Mountain Ascent screen: the mountain's camps from the summit down (emblem in its
//! colour, name, opponent, medals, lock), the camp chosen with its story, what it takes, a
//! button to climb it, and its past climbs. The model is [`kraal_front::ascent`].

use egui::{Color32, RichText, vec2};
use kraal_front::ascent::{AscentProgress, ClimbState, Mountain};
use kraal_session::Seat;
use std::path::Path;

/// The screen's own choices (shared with the TUI).
pub type AscentView = kraal_front::ascent::AscentChoice;

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AscentAction {
    /// Climb the camp chosen.
    Climb,
    /// Back to the home screen.
    Home,
}

/// The medals held, in words ("no medal yet", "climbed, unassisted").
fn medal_words(medals: kraal_front::ascent::Medals) -> String {
    let held: Vec<&str> = [
        (medals.climbed, "climbed"),
        (medals.unassisted, "unassisted"),
        (medals.mastered, "mastered"),
    ]
    .iter()
    .filter(|(h, _)| *h)
    .map(|(_, n)| *n)
    .collect();
    if held.is_empty() {
        "no medal yet".to_owned()
    } else {
        held.join(", ")
    }
}

/// A camp's emblem: a disc in its colour with its number (dimmed while locked).
fn emblem(ui: &mut egui::Ui, colour: Color32, number: u8, unlocked: bool) {
    let (rect, _) = ui.allocate_exact_size(vec2(40.0, 40.0), egui::Sense::hover());
    let colour = if unlocked {
        colour
    } else {
        colour.gamma_multiply(0.4)
    };
    let painter = ui.painter();
    painter.circle(
        rect.center(),
        18.0,
        colour,
        egui::Stroke::new(2.0, Color32::from_gray(60)),
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        number.to_string(),
        egui::FontId::proportional(18.0),
        Color32::from_gray(20),
    );
}

/// Draws the screen for `progress` on the mountain shown (records under `folder`).
pub fn show(
    ui: &mut egui::Ui,
    view: &mut AscentView,
    progress: &AscentProgress,
    folder: Option<&Path>,
) -> Option<AscentAction> {
    let mut action = None;
    if crate::home::home_button(ui) {
        action = Some(AscentAction::Home);
    }
    let mountain = view.mountain();
    ui.horizontal(|ui| {
        ui.label(RichText::new("Mountain Ascent").size(28.0).strong());
        for (i, m) in Mountain::all().iter().enumerate() {
            if ui.selectable_label(view.mountain == i, m.title()).clicked() {
                view.mountain = i;
                view.camp = 1;
            }
        }
    });
    let summit = progress.summit.as_ref().map_or_else(
        || "The summit is not reached yet.".to_owned(),
        |d| format!("Summit reached on {d}."),
    );
    ui.label(RichText::new(summit).weak());
    ui.add_space(6.0);
    let status = mountain.status(progress);
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        for s in status.iter().rev() {
            let [r, g, b] = s.camp.colour;
            let medals = medal_words(s.medals);
            let state = if !s.unlocked {
                "locked"
            } else if s.going_on.is_some() {
                "match going on"
            } else if s.medals.climbed {
                "climbed"
            } else {
                "open"
            };
            let text = format!(
                "Camp {}: {}\n{}: {state}; {medals}",
                s.camp.number,
                s.camp.name,
                s.camp.opponent().name
            );
            let mut rich = RichText::new(text).size(15.0);
            if !s.unlocked {
                rich = rich.weak();
            }
            let colour = Color32::from_rgb(r, g, b);
            ui.horizontal(|ui| {
                emblem(ui, colour, s.camp.number, s.unlocked);
                let button = egui::Button::new(rich)
                    .min_size(vec2(ui.available_width(), 46.0))
                    .fill(colour.gamma_multiply(0.35))
                    .selected(view.camp == s.camp.number);
                if ui.add(button).clicked() {
                    view.camp = s.camp.number;
                    view.message = None;
                }
            });
        }
        let ui = &mut columns[1];
        let camp = &status[usize::from(view.camp - 1)];
        ui.label(
            RichText::new(format!("Camp {}: {}", camp.camp.number, camp.camp.name))
                .size(22.0)
                .strong(),
        );
        ui.label(format!("Medals: {}.", medal_words(camp.medals)));
        ui.label(RichText::new(camp.camp.story).italics());
        ui.label(format!(
            "{} waits here. To climb: {}.",
            camp.camp.opponent().name,
            camp.camp.requirement()
        ));
        ui.horizontal(|ui| {
            ui.label("Your side in a new climb:");
            let kind = mountain.kind();
            for seat in [Seat::First, Seat::Second] {
                if ui
                    .selectable_label(view.colour == seat, kind.side_name(seat))
                    .clicked()
                {
                    view.colour = seat;
                }
            }
        });
        let mut clock = crate::config::clock_index(view.clock);
        crate::menu::clock_choice(ui, &mut clock);
        view.clock = crate::config::CLOCKS[clock].0.parse().unwrap_or_default();
        if view.clock != kraal_session::TimeControl::None {
            ui.label(
                RichText::new("On the clock, running out of time loses the game.")
                    .small()
                    .weak(),
            );
        }
        let label = if camp.going_on.is_some() {
            "Play the match's next game"
        } else {
            "Climb this camp"
        };
        if ui
            .add_enabled(
                camp.unlocked,
                egui::Button::new(RichText::new(label).size(18.0)).min_size(vec2(240.0, 40.0)),
            )
            .clicked()
        {
            action = Some(AscentAction::Climb);
        }
        if !camp.unlocked {
            ui.label(RichText::new("Climb the camp below first.").weak());
        }
        if let Some(message) = &view.message {
            crate::panel::message(ui, message, false);
        }
        ui.label(
            RichText::new(
                "Medals: climbed; unassisted (no hint, no takeback); mastered (unassisted wins \
                 with both colours, or on the clock).",
            )
            .small()
            .weak(),
        );
        ui.separator();
        let climbs = progress
            .camps
            .get(&camp.camp.number.to_string())
            .map_or(&[][..], |c| &c.climbs[..]);
        if climbs.is_empty() {
            ui.label(RichText::new("No climbs of this camp yet.").weak());
        } else {
            ui.strong("Past climbs (kraal replay FILE shows one)");
        }
        for (i, climb) in climbs.iter().enumerate().rev() {
            let state = match climb.state(&camp.camp) {
                ClimbState::Climbed => "climbed",
                ClimbState::Failed => "failed",
                ClimbState::Continues { .. } => "going on",
            };
            let assisted = if climb.assisted() { ", assisted" } else { "" };
            ui.label(format!("{}. {state}{assisted}", i + 1));
            for g in &climb.games {
                let file = folder.map_or_else(|| g.record.clone(), |f| f.join(&g.record));
                let clock = g
                    .time_control
                    .map_or_else(String::new, |c| format!(", clock {c}"));
                ui.label(
                    RichText::new(format!(
                        "   {} {} as {}{clock}: {}",
                        g.date,
                        g.score,
                        mountain.kind().side_name(g.colour),
                        file.display()
                    ))
                    .small(),
                );
            }
        }
    });
    action
}
