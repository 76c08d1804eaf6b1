//! The engine's review in the side panel: a progress bar with a stop button while it runs,
//! then the tally, what it says of the move on the board, and a graph of the first player's
//! expected result over the game, clickable to look at a move.

use crate::actions::Action;
use kraal_front::review::ReviewPanel;
use kraal_session::AnyGame;

/// Draws the review section; pushes what the player asked for.
pub fn show(ui: &mut egui::Ui, game: &AnyGame, panel: &ReviewPanel, actions: &mut Vec<Action>) {
    let sides = game.side_names();
    ui.strong("Review");
    if let Some((done, total)) = panel.progress() {
        ui.horizontal(|ui| {
            let share = if total == 0 {
                0.0
            } else {
                done as f32 / total as f32
            };
            ui.add(
                egui::ProgressBar::new(share)
                    .desired_width(ui.available_width() - 60.0)
                    .text(format!("{done} of {total} positions")),
            );
            if ui
                .button("Stop")
                .on_hover_text("stop the review and keep the moves reviewed so far")
                .clicked()
            {
                actions.push(Action::ReviewGame);
            }
        });
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
        return;
    }
    if let Some(warning) = &panel.warning {
        crate::panel::message(ui, warning, true);
    }
    if panel.review().is_none() {
        return;
    }
    ui.add(egui::Label::new(egui::RichText::new(panel.status(sides)).small()).wrap());
    let ply = game.ply();
    let note = match panel.note(ply, sides) {
        Some(note) => note,
        None if ply == 0 => "The start position: click the graph or a move.".to_owned(),
        None => "This move was not reviewed.".to_owned(),
    };
    let marked = !panel.symbol(ply).is_empty();
    crate::panel::message(ui, &note, marked);
    if let Some(jump) = graph(ui, &panel.graph(), ply) {
        actions.push(Action::Jump(jump));
    }
}

/// The first player's expected result after each move, from a loss (bottom) to a win (top),
/// with the move on the board marked; a click answers the move under the pointer.
fn graph(ui: &mut egui::Ui, points: &[f64], current: usize) -> Option<usize> {
    if points.len() < 2 {
        return None;
    }
    let size = egui::vec2(ui.available_width(), 64.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, "Expected result over the game")
    });
    let response = response.on_hover_text(
        "the first player's expected result after each move: up is a win, down a loss; click to look at a move",
    );
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let middle = rect.center().y;
    painter.line_segment(
        [
            egui::pos2(rect.left(), middle),
            egui::pos2(rect.right(), middle),
        ],
        egui::Stroke::new(1.0, visuals.weak_text_color()),
    );
    let last = (points.len() - 1) as f32;
    let at = |i: usize, e: f64| {
        egui::pos2(
            rect.left() + rect.width() * i as f32 / last,
            rect.bottom() - rect.height() * e as f32,
        )
    };
    let line: Vec<egui::Pos2> = points.iter().enumerate().map(|(i, &e)| at(i, e)).collect();
    painter.add(egui::Shape::line(
        line,
        egui::Stroke::new(2.0, visuals.selection.stroke.color),
    ));
    let x = rect.left() + rect.width() * current.min(points.len() - 1) as f32 / last;
    painter.line_segment(
        [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
        egui::Stroke::new(1.0, visuals.strong_text_color()),
    );
    let pointer = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    let share = ((pointer.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
    Some((share * last).round() as usize)
}
