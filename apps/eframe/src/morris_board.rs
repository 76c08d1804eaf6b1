//! The mill boards drawn from the rules crate's geometry: lines, points, cows, highlights,
//! the last move and animations, with one labelled, focusable widget per point.

use crate::anim::{Animation, ease};
use crate::theme::Palette;
use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};
use kraal_rules_morris::{Color, Move, Point, Position};
use kraal_session::pick::{MorrisPick, Stage};

/// What the board needs to draw one frame.
pub struct MorrisView<'a> {
    /// The position on the board.
    pub pos: &'a Position,
    /// The picks of the turn being built.
    pub pick: &'a MorrisPick,
    /// The move that led here, to mark it.
    pub last: Option<Move>,
    /// The move being animated, if any.
    pub anim: Option<&'a Animation>,
    /// The point the engine's hint moves from or to, to show it.
    pub hint: Option<Point>,
    /// The frame's time.
    pub now: f64,
    /// The colours.
    pub palette: Palette,
    /// Whether the player may pick points now (a person to move, not reviewing).
    pub interactive: bool,
}

/// The label a screen reader gives a point, such as `d7, white cow` or `d7, empty`.
#[must_use]
pub fn point_label(pos: &Position, p: Point) -> String {
    match pos.cow_at(p) {
        Some(Color::White) => format!("{}, white cow", p.label()),
        Some(Color::Black) => format!("{}, black cow", p.label()),
        None => format!("{}, empty", p.label()),
    }
}

/// Where each point is drawn in a square of side `side` at `origin` (inside the margin).
struct Geometry {
    origin: Pos2,
    step: f32,
}

impl Geometry {
    fn of(rect: Rect) -> Geometry {
        let side = rect.width().min(rect.height());
        let margin = side * 0.12;
        let step = (side - 2.0 * margin) / 6.0;
        let origin = pos2(rect.center().x - 3.0 * step, rect.center().y - 3.0 * step);
        Geometry { origin, step }
    }

    fn at(&self, p: Point) -> Pos2 {
        self.origin
            + vec2(
                f32::from(p.file()) * self.step,
                f32::from(6 - p.rank()) * self.step,
            )
    }

    fn radius(&self) -> f32 {
        self.step * 0.33
    }
}

fn cow_fill(palette: &Palette, color: Color) -> Color32 {
    match color {
        Color::White => palette.white_cow,
        Color::Black => palette.black_cow,
    }
}

fn draw_cow(
    painter: &egui::Painter,
    palette: &Palette,
    at: Pos2,
    r: f32,
    color: Color,
    alpha: f32,
) {
    let fill = cow_fill(palette, color).gamma_multiply(alpha);
    painter.circle(
        at,
        r,
        fill,
        Stroke::new((r * 0.12).max(1.0), palette.cow_rim.gamma_multiply(alpha)),
    );
    painter.circle_stroke(
        at,
        r * 0.6,
        Stroke::new(
            (r * 0.06).max(1.0),
            palette.cow_rim.gamma_multiply(alpha * 0.5),
        ),
    );
}

/// The home screen's emblem: the Morabaraba board of `side` pixels, its lines from the
/// rules crate's geometry, with a white mill on the outer square and black cows facing it.
pub fn emblem(ui: &mut egui::Ui, side: f32, palette: Palette) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    let geo = Geometry::of(rect);
    let painter = ui.painter_at(rect.expand(2.0));
    painter.rect_filled(rect, side * 0.05, palette.board);
    let line = Stroke::new((geo.step * 0.05).max(1.5), palette.line);
    let board = kraal_rules_morris::Board::get(
        kraal_rules_morris::BoardKind::Standard,
        kraal_rules_morris::CentreMills::None,
    );
    for (a, b) in board.edges() {
        painter.line_segment([geo.at(a), geo.at(b)], line);
    }
    let cows = [
        ("a7", Color::White),
        ("d7", Color::White),
        ("g7", Color::White),
        ("c3", Color::Black),
        ("e3", Color::Black),
        ("d2", Color::Black),
    ];
    for (label, color) in cows {
        if let Ok(p) = label.parse::<Point>() {
            draw_cow(&painter, &palette, geo.at(p), geo.radius(), color, 1.0);
        }
    }
}

/// A ring drawn in dashes (for the hint).
pub fn dashed_ring(painter: &egui::Painter, at: Pos2, r: f32, stroke: Stroke) {
    let points: Vec<Pos2> = (0..=48)
        .map(|i| {
            let a = i as f32 / 48.0 * std::f32::consts::TAU;
            at + vec2(r * a.cos(), r * a.sin())
        })
        .collect();
    painter.extend(egui::Shape::dashed_line(&points, stroke, 6.0, 5.0));
}

fn cross(painter: &egui::Painter, at: Pos2, r: f32, stroke: Stroke) {
    painter.line_segment([at + vec2(-r, -r), at + vec2(r, r)], stroke);
    painter.line_segment([at + vec2(-r, r), at + vec2(r, -r)], stroke);
}

/// Draws the board in the space left in `ui` and returns the points the player picked this
/// frame, in order (a drag gives the cow and then where it was dropped).
pub fn show(ui: &mut egui::Ui, view: &MorrisView<'_>) -> Vec<Point> {
    let rect = ui.available_rect_before_wrap();
    let side = rect.width().min(rect.height()).max(120.0);
    let rect = Rect::from_center_size(rect.center(), Vec2::splat(side));
    ui.allocate_rect(rect, Sense::hover());
    let geo = Geometry::of(rect);
    let palette = view.palette;
    let painter = ui.painter_at(rect.expand(2.0));
    let pos = view.pos;
    let board = pos.board();
    let r = geo.radius();

    painter.rect_filled(rect, side * 0.03, palette.board);
    let line = Stroke::new((geo.step * 0.045).max(1.5), palette.line);
    for (a, b) in board.edges() {
        painter.line_segment([geo.at(a), geo.at(b)], line);
    }
    // Coordinates along the bottom and the left.
    let font = egui::FontId::proportional((geo.step * 0.22).max(9.0));
    for file in 0..7u8 {
        let x = geo.origin.x + f32::from(file) * geo.step;
        painter.text(
            pos2(
                x,
                rect.bottom() - (rect.bottom() - geo.origin.y - 6.0 * geo.step) * 0.4,
            ),
            egui::Align2::CENTER_CENTER,
            char::from(b'a' + file),
            font.clone(),
            palette.text,
        );
    }
    for rank in 0..7u8 {
        let y = geo.origin.y + f32::from(6 - rank) * geo.step;
        painter.text(
            pos2(rect.left() + (geo.origin.x - rect.left()) * 0.4, y),
            egui::Align2::CENTER_CENTER,
            (rank + 1).to_string(),
            font.clone(),
            palette.text,
        );
    }

    let stage = view.pick.stage(pos);
    let targets: Vec<Point> = if view.interactive {
        view.pick.targets(pos)
    } else {
        Vec::new()
    };

    // The animation's overrides.
    let mut moving: Option<(Point, Pos2, f32)> = None; // (destination, where drawn, scale)
    let mut fading: Vec<(Point, f32)> = Vec::new();
    if let Some(Animation::Morris { mv, mover, .. }) = view.anim {
        let t = view.anim.map_or(1.0, |a| a.progress(view.now));
        let shots = mv.shots();
        let split = if shots.is_empty() { 1.0 } else { 0.6 };
        let tm = ease((t / split).min(1.0));
        if let Some(to) = mv.to() {
            match mv.from() {
                Some(from) => {
                    moving = Some((to, geo.at(from) + (geo.at(to) - geo.at(from)) * tm, 1.0));
                }
                None => moving = Some((to, geo.at(to), 0.3 + 0.7 * tm)),
            }
        }
        let ts = if t <= split {
            0.0
        } else {
            (t - split) / (1.0 - split)
        };
        for s in shots {
            fading.push((s, 1.0 - ease(ts)));
        }
        let _ = mover;
    }

    // The last move, marked under the cows.
    if let Some(mv) = view.last
        && view.anim.is_none()
    {
        let mark = Stroke::new((r * 0.16).max(2.0), palette.last);
        if let Some(from) = mv.from() {
            painter.circle_stroke(geo.at(from), r * 0.55, mark);
            if let Some(to) = mv.to() {
                painter.line_segment(
                    [geo.at(from), geo.at(to)],
                    Stroke::new(mark.width * 0.7, palette.last.gamma_multiply(0.6)),
                );
            }
        }
        if let Some(to) = mv.to() {
            painter.circle_stroke(geo.at(to), r * 1.22, mark);
        }
        for s in mv.shots() {
            cross(&painter, geo.at(s), r * 0.45, mark);
        }
    }

    // The hint: a dashed ring on the point it names.
    if let Some(p) = view.hint {
        dashed_ring(
            &painter,
            geo.at(p),
            r * 1.45,
            Stroke::new(2.5, palette.focus),
        );
    }

    let mut picked = Vec::new();
    let mut dragged: Option<(Point, Pos2)> = None;
    for p in board.points() {
        let at = geo.at(p);
        let id = egui::Id::unique(("kraal-point", p.index()));
        let hit = Rect::from_center_size(at, Vec2::splat(geo.step * 0.8));
        let sense = if view.interactive {
            Sense::click_and_drag()
        } else {
            Sense::click()
        };
        let response = ui.interact(hit, id, sense);
        let label = point_label(pos, p);
        let enabled = view.interactive;
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));

        let draggable = view.interactive
            && matches!(stage, Stage::From | Stage::To(_))
            && pos.cow_at(p) == Some(pos.side_to_move());
        if view.interactive && response.clicked() {
            picked.push(p);
        }
        if draggable {
            if response.drag_started() && view.pick.from() != Some(p) {
                picked.push(p);
            }
            if response.dragged()
                && let Some(pointer) = response.interact_pointer_pos()
            {
                dragged = Some((p, pointer));
            }
            if response.drag_stopped()
                && let Some(pointer) = response.interact_pointer_pos()
            {
                let drop = board
                    .points()
                    .min_by(|a, b| {
                        geo.at(*a)
                            .distance(pointer)
                            .total_cmp(&geo.at(*b).distance(pointer))
                    })
                    .filter(|q| geo.at(*q).distance(pointer) < geo.step * 0.5);
                if let Some(q) = drop
                    && q != p
                {
                    picked.push(q);
                }
            }
        }

        // The point itself.
        painter.circle_filled(at, (geo.step * 0.07).max(2.5), palette.line);
        let is_target = targets.contains(&p);
        if is_target && pos.cow_at(p).is_none() {
            painter.circle_filled(at, r * 0.45, palette.target.gamma_multiply(0.55));
        }

        // The cow, unless the animation draws it.
        let drag_origin = dragged.is_some_and(|(q, _)| q == p);
        let animated = moving.is_some_and(|(to, _, _)| to == p);
        if let Some(color) = pos.cow_at(p)
            && !animated
            && !drag_origin
        {
            draw_cow(&painter, &palette, at, r, color, 1.0);
        }
        if is_target && pos.cow_at(p).is_some() {
            let colour = if matches!(stage, Stage::Shoot { .. }) {
                palette.shoot
            } else {
                palette.target
            };
            painter.circle_stroke(at, r * 1.15, Stroke::new((r * 0.16).max(2.0), colour));
        }
        if view.pick.from() == Some(p) || view.pick.to() == Some(p) {
            painter.circle_stroke(
                at,
                r * 1.3,
                Stroke::new((r * 0.18).max(2.0), palette.picked),
            );
        }
        if view.pick.to() == Some(p) && pos.cow_at(p).is_none() {
            let mover = pos.side_to_move();
            draw_cow(&painter, &palette, at, r, mover, 0.6);
        }
        if view.pick.from() == Some(p) && view.pick.to().is_some() {
            painter.circle_filled(at, r, palette.board.gamma_multiply(0.6));
        }
        if view.pick.shots().contains(&p) {
            cross(
                &painter,
                at,
                r * 0.6,
                Stroke::new((r * 0.2).max(2.0), palette.shoot),
            );
        }
        if response.has_focus() {
            painter.rect_stroke(
                hit,
                4.0,
                Stroke::new(2.5, palette.focus),
                egui::StrokeKind::Inside,
            );
        }
    }

    if let Some((to, at, scale)) = moving
        && let Some(color) = pos.cow_at(to)
    {
        draw_cow(&painter, &palette, at, r * scale, color, 1.0);
    }
    if let Some(Animation::Morris { mover, .. }) = view.anim {
        for (s, alpha) in fading {
            draw_cow(
                &painter,
                &palette,
                geo.at(s),
                r * (0.4 + 0.6 * alpha),
                mover.other(),
                alpha,
            );
            cross(
                &painter,
                geo.at(s),
                r * 0.6,
                Stroke::new(3.0, palette.shoot.gamma_multiply(alpha)),
            );
        }
    }
    if let Some((p, pointer)) = dragged
        && let Some(color) = pos.cow_at(p)
    {
        draw_cow(&painter, &palette, pointer, r * 1.1, color, 0.9);
    }
    picked
}
