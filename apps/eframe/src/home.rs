//! The home screen: the title, the board as an emblem, and one large button a mode with its
//! short description ([`kraal_front::home::MODES`]); and the settings screen.

use crate::theme::Palette;
use egui::{RichText, vec2};
use kraal_front::home::{MODES, Mode};

/// Draws the home screen; returns the mode chosen, if any.
pub fn show(ui: &mut egui::Ui, dark: bool, message: Option<&str>) -> Option<Mode> {
    let mut chosen = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(16.0);
            ui.label(RichText::new("kraal").size(56.0).strong());
            ui.label(
                RichText::new("Traditional African board games: Morabaraba, Oware, Mulabalaba")
                    .size(18.0)
                    .weak(),
            );
            ui.add_space(12.0);
            crate::morris_board::emblem(ui, 200.0, Palette::new(dark));
            ui.add_space(16.0);
            if let Some(message) = message {
                crate::panel::message(ui, message, true);
                ui.add_space(8.0);
            }
            for mode in MODES {
                let text = format!("{}\n{}", mode.title(), mode.description());
                let button = egui::Button::new(RichText::new(text).size(17.0))
                    .min_size(vec2(520.0, 58.0))
                    .corner_radius(10.0);
                if ui.add(button).clicked() {
                    chosen = Some(mode);
                }
                ui.add_space(6.0);
            }
        });
    });
    chosen
}

/// A "Home" button at the top of a screen; whether it was clicked.
pub fn home_button(ui: &mut egui::Ui) -> bool {
    ui.button("< Home").clicked()
}

/// Draws the settings screen: the animation switch and where files are kept. Returns whether
/// the player asked for the home screen.
pub fn settings(ui: &mut egui::Ui, animations: &mut bool, files: &[(&str, String)]) -> bool {
    let home = home_button(ui);
    ui.heading("Settings");
    ui.add_space(8.0);
    ui.checkbox(animations, "Animate moves and sowing");
    ui.add_space(12.0);
    ui.strong("Where kraal keeps your files");
    egui::Grid::new("files").num_columns(2).show(ui, |ui| {
        for (label, path) in files {
            ui.label(*label);
            ui.label(RichText::new(path).monospace());
            ui.end_row();
        }
    });
    ui.add_space(8.0);
    ui.label(RichText::new("The light or dark theme is switched from the toolbar.").weak());
    home
}
