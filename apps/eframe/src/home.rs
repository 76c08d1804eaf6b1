//! The home screen: the title, the board as an emblem, and one large button a mode with its
//! short description ([`kraal_front::home::MODES`]); and the settings screen.

use crate::theme::Palette;
use egui::{RichText, vec2};
use kraal_front::home::{MODES, Mode};

/// Draws the home screen (`daily`: the daily puzzle's description, with the streak); returns
/// the mode chosen, if any.
pub fn show(ui: &mut egui::Ui, dark: bool, message: Option<&str>, daily: &str) -> Option<Mode> {
    let mut chosen = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(8.0);
            ui.label(RichText::new("kraal").size(56.0).strong());
            ui.label(
                RichText::new("Traditional African board games: Morabaraba, Oware, Mulabalaba")
                    .size(18.0)
                    .weak(),
            );
            ui.add_space(8.0);
            // Small enough that every mode fits a window of the default height.
            crate::morris_board::emblem(ui, 120.0, Palette::new(dark));
            ui.add_space(10.0);
            if let Some(message) = message {
                crate::panel::message(ui, message, true);
                ui.add_space(8.0);
            }
            for mode in MODES {
                let description = if mode == Mode::Daily {
                    daily
                } else {
                    mode.description()
                };
                if mode_button(ui, mode.title(), description).clicked() {
                    chosen = Some(mode);
                }
                ui.add_space(6.0);
            }
        });
    });
    chosen
}

/// One large button of the home screen: the mode's title over its description, both centred.
/// Painted by hand because a two-line button label lines up at the left edge of its text.
fn mode_button(ui: &mut egui::Ui, title: &str, description: &str) -> egui::Response {
    let size = vec2(520.0_f32.min(ui.available_width()), 58.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let label = format!("{title}\n{description}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        let painter = ui.painter();
        painter.rect(
            rect,
            10.0,
            visuals.weak_bg_fill,
            visuals.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let colour = visuals.text_color();
        painter.text(
            rect.center_top() + vec2(0.0, 18.0),
            egui::Align2::CENTER_CENTER,
            title,
            egui::FontId::proportional(19.0),
            colour,
        );
        painter.text(
            rect.center_top() + vec2(0.0, 40.0),
            egui::Align2::CENTER_CENTER,
            description,
            egui::FontId::proportional(15.0),
            ui.visuals().weak_text_color(),
        );
    }
    response
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
