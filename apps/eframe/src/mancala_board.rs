//! The mancala boards (two rows for Oware, four for Mulabalaba) drawn from the rules crate's
//! geometry: holes with their seeds as dots and counts, the stores beside the board, the
//! playable holes, the last move and the sowing animation, one labelled widget per hole.

use crate::anim::Sowing;
use crate::theme::Palette;
use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};
use kraal_rules_mancala::{Board, Hole, Position, Side};

/// What the board needs to draw one frame.
pub struct MancalaView<'a> {
    /// The position on the board.
    pub pos: &'a Position,
    /// The holes the player may play (empty when they may not play now).
    pub targets: &'a [Hole],
    /// The hole of the last move, to mark it.
    pub last: Option<Hole>,
    /// The sowing being animated, if any.
    pub sowing: Option<Sowing>,
    /// The hole the engine's hint plays, to show it.
    pub hint: Option<Hole>,
    /// The colours.
    pub palette: Palette,
    /// Whether the player may pick holes now.
    pub interactive: bool,
}

/// `1 seed`, `4 seeds`.
fn seeds(n: u32) -> String {
    if n == 1 {
        "1 seed".to_owned()
    } else {
        format!("{n} seeds")
    }
}

/// The label a screen reader gives a hole, such as `south house A, 4 seeds`.
#[must_use]
pub fn hole_label(board: Board, hole: Hole, count: u32) -> String {
    format!("{}, {}", board.describe(hole), seeds(count))
}

/// The label of a store, such as `north store, 10 seeds`.
#[must_use]
pub fn store_label(side: Side, count: u32) -> String {
    format!("{side} store, {}", seeds(count))
}

/// Seeds drawn as dots in a sunflower spiral inside a circle of radius `r`.
fn dots(painter: &egui::Painter, centre: Pos2, r: f32, n: u32, palette: &Palette) {
    let shown = n.min(40);
    if shown == 0 {
        return;
    }
    let dot = (r * 0.11).clamp(1.5, 6.0);
    let spread = (r - dot * 1.3).max(1.0);
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    for i in 0..shown {
        let k = i as f32 + 0.5;
        let radius = spread * (k / shown as f32).sqrt();
        let angle = k * golden;
        let at = centre + vec2(radius * angle.cos(), radius * angle.sin());
        painter.circle(at, dot, palette.seed, Stroke::new(1.0, palette.hole));
    }
}

/// Draws the board in the space left in `ui` and returns the hole picked this frame, if any.
pub fn show(ui: &mut egui::Ui, view: &MancalaView<'_>) -> Option<Hole> {
    let pos = view.pos;
    let board = pos.board();
    let palette = view.palette;
    let rows = board.rows() as f32;
    let width = board.width() as f32;
    let area = ui.available_rect_before_wrap();
    // Columns: a store, the holes, a store; a gap between the players' halves.
    let gap = 0.35;
    let cell = (area.width() / (width + 2.6))
        .min(area.height() / (rows * 1.15 + gap + 0.6))
        .max(24.0);
    let cell_h = cell * 1.15;
    let size = vec2(
        cell * (width + 2.6),
        cell_h * rows + cell * gap + cell * 0.4,
    );
    let rect = Rect::from_center_size(area.center(), size);
    ui.allocate_rect(rect, Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    painter.rect_filled(rect, cell * 0.3, palette.board);

    let count_of = |hole: Hole| -> u32 {
        match &view.sowing {
            Some(s) => u32::from(s.holes[board.global(hole)]),
            None => u32::from(pos.seeds(hole)),
        }
    };
    let store_of = |side: Side| -> u32 {
        match &view.sowing {
            Some(s) => s.stores[side.index()],
            None => pos.captured(side),
        }
    };
    let holes_left = rect.left() + cell * 1.3;
    let top = rect.top() + cell * 0.2;
    let cell_rect = |hole: Hole| -> Rect {
        let c = board.cell(hole);
        let row = f32::from(c.row);
        let extra = if row >= rows / 2.0 { cell * gap } else { 0.0 };
        Rect::from_min_size(
            pos2(
                holes_left + f32::from(c.column) * cell,
                top + row * cell_h + extra,
            ),
            vec2(cell, cell_h),
        )
    };
    // The line between the players' halves.
    let middle = top + rows / 2.0 * cell_h + cell * gap / 2.0;
    painter.line_segment(
        [
            pos2(holes_left, middle),
            pos2(holes_left + width * cell, middle),
        ],
        Stroke::new(1.5, palette.line.gamma_multiply(0.5)),
    );

    // Stores: North's on the left, South's on the right.
    for side in Side::ALL {
        let x = match side {
            Side::North => rect.left() + cell * 0.15,
            Side::South => holes_left + width * cell + cell * 0.15,
        };
        let store = Rect::from_min_max(
            pos2(x, top + cell * 0.1),
            pos2(x + cell * 1.0, rect.bottom() - cell * 0.3),
        );
        painter.rect(
            store,
            cell * 0.45,
            palette.hole,
            Stroke::new(2.0, palette.line),
            egui::StrokeKind::Inside,
        );
        let n = store_of(side);
        dots(&painter, store.center(), store.width() * 0.45, n, &palette);
        painter.text(
            store.center_top() + vec2(0.0, cell * 0.3),
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(cell * 0.32),
            palette.text,
        );
        painter.text(
            store.center_bottom() - vec2(0.0, cell * 0.25),
            Align2::CENTER_CENTER,
            kraal_session::any::capitalise(side.name()),
            FontId::proportional(cell * 0.2),
            palette.text,
        );
        let response = ui.interact(
            store,
            egui::Id::unique(("kraal-store", side.index())),
            Sense::hover(),
        );
        let label = store_label(side, n);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    }

    let current = view.sowing.as_ref().and_then(|s| s.current);
    let mut picked = None;
    for hole in board.holes() {
        let cr = cell_rect(hole);
        let centre = cr.center() + vec2(0.0, cell * 0.04);
        let r = cell * 0.37;
        let n = count_of(hole);
        let id = egui::Id::unique(("kraal-hole", board.global(hole)));
        let response = ui.interact(
            Rect::from_center_size(centre, Vec2::splat(r * 2.0)),
            id,
            Sense::click(),
        );
        let label = hole_label(board, hole, n);
        let enabled = view.interactive;
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
        if view.interactive && response.clicked() {
            picked = Some(hole);
        }

        let rim = if view.targets.contains(&hole) {
            Stroke::new(3.0, palette.target)
        } else {
            Stroke::new(1.5, palette.line)
        };
        painter.circle(centre, r, palette.hole, rim);
        dots(&painter, centre, r, n, &palette);
        if view.last == Some(hole) && view.sowing.is_none() {
            painter.circle_stroke(centre, r + 4.0, Stroke::new(2.5, palette.last));
        }
        if view.hint == Some(hole) {
            crate::morris_board::dashed_ring(
                &painter,
                centre,
                r + 8.0,
                Stroke::new(2.5, palette.focus),
            );
        }
        if current == Some(hole) {
            painter.circle_stroke(centre, r + 4.0, Stroke::new(3.0, palette.picked));
        }
        // The count in a badge, and the hole's name in the notation.
        let badge = centre + vec2(r * 0.8, -r * 0.8);
        painter.circle_filled(badge, cell * 0.15, palette.board);
        painter.text(
            badge,
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(cell * 0.2),
            palette.text,
        );
        painter.text(
            pos2(cr.left() + cell * 0.04, cr.bottom() - cell * 0.04),
            Align2::LEFT_BOTTOM,
            board.label(hole),
            FontId::monospace(cell * 0.15),
            palette.text.gamma_multiply(0.7),
        );
        if response.has_focus() {
            painter.rect_stroke(
                cr.shrink(1.0),
                4.0,
                Stroke::new(2.5, palette.focus),
                egui::StrokeKind::Inside,
            );
        }
    }
    picked
}
