//! The panel beside the board: players, status, what to pick, messages, counts, clocks, the
//! AI's thinking, the hint, the buttons, the animation settings and the move list.

use crate::actions::Action;
use crate::app::{Notice, Review};
use crate::config::Prefs;
use kraal_rules_mancala::Side;
use kraal_rules_morris::Color;
use kraal_session::AnyGame as Game;
use kraal_session::Player;
use kraal_session::any::AnyMove;
use kraal_session::pick::Stage;

/// What the panel shows.
pub struct PanelInfo<'a> {
    /// The game.
    pub game: &'a Game,
    /// The review of an earlier position, if any.
    pub review: Option<&'a Review>,
    /// A message for the player.
    pub notice: Option<&'a Notice>,
    /// The last hint.
    pub hint: Option<&'a str>,
}

fn who(player: Player, players: [Player; 2]) -> String {
    match player {
        Player::Human if players.contains(&Player::Human) && players[0] != players[1] => {
            "you".to_owned()
        }
        Player::Human => "a person".to_owned(),
        Player::Ai(o) => format!("{} (level {})", o.name, o.level),
    }
}

/// What the player picks next in a mill game, as a sentence.
fn prompt(game: &Game) -> Option<String> {
    let pos = game.morris_position()?;
    let pick = game.pick()?;
    Some(match pick.stage(pos) {
        Stage::Place => "Click a point to place a cow.".to_owned(),
        Stage::From => "Click (or drag) one of your cows to move it.".to_owned(),
        Stage::To(from) => format!("Where does the cow on {from} go? (Click it again to let go.)"),
        Stage::Shoot { left: 0 } => "A mill! Click an opponent's cow to shoot.".to_owned(),
        Stage::Shoot { left } => format!("A mill! Click a cow to shoot ({left} more after it)."),
        Stage::Pass => "You cannot move: pass (P).".to_owned(),
        Stage::None => return None,
    })
}

/// `1234567` → `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn mmss(d: std::time::Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// Draws the panel; returns what the player asked for.
pub fn show(
    ui: &mut egui::Ui,
    info: &PanelInfo<'_>,
    animations: &mut bool,
    speed: &mut f32,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let game = info.game;
    let rules = game.rules();
    let players = game.players();
    ui.heading(format!(
        "{}: {}",
        crate::menu::capitalised(rules.game_name()),
        rules.rule_set_name()
    ));
    ui.label(egui::RichText::new(rules.about().0).small().weak());
    for (side, player) in players.into_iter().enumerate() {
        ui.label(format!(
            "{}: {}",
            game.side_name(side),
            who(player, players)
        ));
    }
    ui.separator();

    // Status.
    if let Some(review) = info.review {
        ui.strong(format!(
            "Looking at the position after move {} of {}.",
            game.ply(),
            review.moves.len()
        ));
        if ui.button("Back to the game").on_hover_text("Esc").clicked() {
            actions.push(Action::BackToGame);
        }
    } else if let Some(outcome) = game.outcome() {
        ui.strong(format!("Game over ({}): {outcome}", outcome.result()));
    } else {
        let side = game.side_to_move();
        let name = game.side_name(side);
        match players[side] {
            Player::Human => {
                ui.strong(format!("{name} to move."));
            }
            Player::Ai(o) => {
                ui.strong(format!("{name} to move: {} is thinking…", o.name));
            }
        }
        if game.human_to_move()
            && let Some(p) = prompt(game)
        {
            ui.label(p);
        }
    }
    if let Some(notice) = info.notice {
        if notice.error {
            ui.colored_label(ui.visuals().error_fg_color, &notice.text);
        } else {
            ui.label(&notice.text);
        }
    }

    // Counts.
    if let Some(pos) = game.morris_position() {
        for color in Color::ALL {
            ui.label(format!(
                "{}: {} in hand, {} on the board",
                game.side_name(color.index()),
                pos.in_hand(color),
                pos.on_board(color)
            ));
        }
    }
    if let Some(pos) = game.mancala_position() {
        for side in Side::ALL {
            ui.label(format!(
                "{}: {} captured, {} on the board",
                game.side_name(side.index()),
                pos.captured(side),
                pos.seeds_on_side(side)
            ));
        }
    }
    if let Some(clocks) = game.clocks(std::time::Instant::now()) {
        ui.label(format!(
            "Clock: {} {}  {} {}",
            game.side_name(0),
            mmss(clocks[0]),
            game.side_name(1),
            mmss(clocks[1])
        ));
    }
    if let Some(thinking) = game.thinking() {
        let mut text = format!("AI thinking: {} nodes", grouped(thinking.nodes));
        if let Some(depth) = thinking.depth {
            text.push_str(&format!(", depth {depth}"));
        }
        if let Some(score) = &thinking.score {
            text.push_str(&format!(", score {score}"));
        }
        if !thinking.line.is_empty() {
            text.push_str(&format!(", best line {}", thinking.line.join(" ")));
        }
        ui.label(text);
    }
    if let Some(hint) = info.hint {
        ui.label(hint);
    }
    ui.separator();

    // Buttons.
    let live = info.review.is_none() && !game.is_over();
    let human = game.human_to_move();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(game.ply() > 0, egui::Button::new("Undo"))
            .on_hover_text("U or Ctrl+Z: take back your last move")
            .clicked()
        {
            actions.push(Action::Undo);
        }
        if ui
            .add_enabled(
                info.review.is_none() && game.redoable() > 0,
                egui::Button::new("Redo"),
            )
            .on_hover_text("R or Ctrl+Y: play a taken-back move again")
            .clicked()
        {
            actions.push(Action::Redo);
        }
        if ui
            .add_enabled(live && human, egui::Button::new("Hint"))
            .on_hover_text("H: the engine suggests a move")
            .clicked()
        {
            actions.push(Action::Hint);
        }
        if ui
            .add_enabled(live && human, egui::Button::new("Resign"))
            .clicked()
        {
            actions.push(Action::Resign);
        }
        if ui
            .add_enabled(live && human, egui::Button::new("Offer a draw"))
            .clicked()
        {
            actions.push(Action::OfferDraw);
        }
        if game.draw_offered() && live && human && ui.button("Accept the draw").clicked() {
            actions.push(Action::AcceptDraw);
        }
        if game.mancala_position().is_some()
            && rules.game_name() == "oware"
            && ui
                .add_enabled(live && human, egui::Button::new("Claim"))
                .on_hover_text("End the game because no capture can happen again")
                .clicked()
        {
            actions.push(Action::Claim);
        }
        let passing = game
            .morris_position()
            .zip(game.pick())
            .is_some_and(|(pos, pick)| pick.stage(pos) == Stage::Pass);
        if passing && live && human && ui.button("Pass").on_hover_text("P").clicked() {
            actions.push(Action::Pass);
        }
    });
    ui.horizontal(|ui| {
        ui.checkbox(animations, "Animations");
        ui.add_enabled(
            *animations,
            egui::Slider::new(speed, Prefs::SPEEDS).text("Speed"),
        );
    });
    ui.separator();

    // Moves.
    ui.strong("Moves (click one to look at its position)");
    let all: Vec<AnyMove> = match info.review {
        Some(r) => r.moves.clone(),
        None => game.moves(),
    };
    let current = game.ply();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(info.review.is_none())
        .show(ui, |ui| {
            if ui
                .selectable_label(current == 0, "Start position")
                .clicked()
            {
                actions.push(Action::Jump(0));
            }
            egui::Grid::new("moves").num_columns(3).show(ui, |ui| {
                for (turn, pair) in all.chunks(2).enumerate() {
                    ui.label(format!("{}.", turn + 1));
                    for (i, mv) in pair.iter().enumerate() {
                        let ply = turn * 2 + i + 1;
                        if ui
                            .selectable_label(current == ply, mv.to_string())
                            .clicked()
                        {
                            actions.push(Action::Jump(ply));
                        }
                    }
                    ui.end_row();
                }
            });
        });
    actions
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn large_numbers_are_grouped() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(1_223_680), "1,223,680");
    }
}
