//! The panels around the board, drawn from a read-only view of the game: the toolbar, and the
//! side panel (players, status, what to click, messages, counts, clocks, the AI's thinking, the
//! hint, the buttons, the animation settings and the move list). They return what the player
//! asked for as [`Action`]s and change nothing themselves.

use crate::actions::{Action, key_label};
use crate::config::Prefs;
use kraal_front::review::ReviewPanel;
use kraal_front::{Command, player_label};
use kraal_rules_mancala::Side;
use kraal_rules_morris::Color;
use kraal_session::any::{AnyMove, Prompt};
use kraal_session::taken::Taken;
use kraal_session::{AnyGame, Player};

/// A message for the player under the status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake (drawn in the error colour).
    pub error: bool,
}

/// What the side panel shows.
pub struct PanelView<'a> {
    /// The game.
    pub game: &'a AnyGame,
    /// Every move of the game while the player looks at an earlier position, if they do.
    pub review: Option<&'a [AnyMove]>,
    /// A message for the player.
    pub notice: Option<&'a Notice>,
    /// The hint, or that one is being looked for.
    pub hint: Option<&'a str>,
    /// Whether animations are on.
    pub animations: bool,
    /// How fast they run.
    pub speed: f32,
    /// What each move of the list took (the move after `n` moves at `n`), if anything.
    pub taken: &'a [Option<Taken>],
    /// The engine's review of the game, running or done.
    pub engine_review: Option<&'a ReviewPanel>,
    /// The online game's connection, clocks and offers, when the game is online.
    pub online: Option<&'a OnlinePanel>,
}

/// What the panel shows of an online game, in words read from the connection
/// ([`kraal_front::online`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlinePanel {
    /// The connection ("connected", "reconnecting in 3 s...").
    pub link: crate::online_view::LinkShown,
    /// Where the game stands ("Your move.", "You won...").
    pub status: String,
    /// Each side with who plays it ("White: you", "Black: Sipho").
    pub names: [String; 2],
    /// The server's clocks, if a clock runs.
    pub clocks: Option<String>,
    /// The opponent's connection is gone: the countdown to a claim, or that one may claim.
    pub presence: Option<String>,
    /// A draw offer standing, in words.
    pub draw_offer: Option<String>,
    /// The opponent offers a draw (accept or decline it).
    pub offered_to_me: bool,
    /// This player's own offer stands.
    pub my_offer: bool,
    /// The opponent has been gone long enough: the win (or a draw) may be claimed now.
    pub claim_now: bool,
    /// The game is being played (not waiting, not over).
    pub playing: bool,
    /// It is this player's turn on the server.
    pub my_turn: bool,
    /// How the game ended, as the server says.
    pub ending: Option<String>,
}

/// What the person to move should click, in a window's words and the game's.
#[must_use]
pub fn prompt_text(prompt: Prompt, game: &AnyGame) -> String {
    match prompt {
        Prompt::Place(_) => "Click a point to place a cow.".to_owned(),
        Prompt::PickCow(_) => "Click (or drag) one of your cows to move it.".to_owned(),
        Prompt::Destination { from, bound: false } => {
            format!("Where does the cow on {from} go? (Click it again to let go.)")
        }
        Prompt::Destination { from, bound: true } => {
            format!("Click where the cow on {from} goes (touch-move: it must move).")
        }
        Prompt::Shoot { left: 0 } => "A mill! Click an opponent's cow to shoot.".to_owned(),
        Prompt::Shoot { left } => format!("A mill! Click a cow to shoot ({left} more after it)."),
        Prompt::Pass(_) => format!(
            "You cannot move: click Pass (or press {}).",
            key_label(Command::Pass)
        ),
        Prompt::Feed { other, .. } => {
            format!("{other} has no seeds left: click a house whose seeds reach {other}'s houses.")
        }
        Prompt::Sow(_) if game.rules().game_name() == "oware" => {
            "Click one of your houses to sow its seeds.".to_owned()
        }
        Prompt::Sow(_) => "Click one of your holes to sow its seeds.".to_owned(),
    }
}

/// A button's tooltip: what it does and its key.
fn tip(what: &str, command: Command) -> String {
    format!("{what} (key {})", key_label(command))
}

/// Draws the toolbar above the board or menu; returns what the player asked for.
pub fn toolbar(ui: &mut egui::Ui, has_game: bool, dark: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
        if ui
            .button("New game")
            .on_hover_text(tip("back to the start menu", Command::NewGame))
            .clicked()
        {
            actions.push(Action::NewGame);
        }
        if ui
            .add_enabled(has_game, egui::Button::new("Save…"))
            .on_hover_text(tip("save the game to a file", Command::Save))
            .clicked()
        {
            actions.push(Action::Save);
        }
        if ui
            .button("Load…")
            .on_hover_text(tip("open a saved game", Command::Load))
            .clicked()
        {
            actions.push(Action::Load);
        }
        let theme = if dark { "Light theme" } else { "Dark theme" };
        if ui
            .button(theme)
            .on_hover_text(tip("switch the colours", Command::Theme))
            .clicked()
        {
            actions.push(Action::ToggleTheme);
        }
        if ui
            .button("Keys")
            .on_hover_text(tip("the list of keys", Command::Help))
            .clicked()
        {
            actions.push(Action::ToggleKeys);
        }
    });
    actions
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

/// A duration as minutes and seconds: `4:07`.
pub(crate) fn mmss(d: std::time::Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// A message as every box and window shows it: wrapped at the box's edge, never cut, with
/// the names the rules and the session quote in `backticks` shown in quotation marks. Every
/// message the app shows (notices, errors, endings) goes through here.
pub fn message(ui: &mut egui::Ui, text: &str, error: bool) -> egui::Response {
    let mut rich = egui::RichText::new(plain(text));
    if error {
        rich = rich.color(ui.visuals().error_fg_color);
    }
    ui.add(egui::Label::new(rich).wrap())
}

/// `text` with each pair of backticks as quotation marks: "no rule set `x`" becomes
/// "no rule set “x”".
#[must_use]
pub fn plain(text: &str) -> String {
    let mut opening = true;
    text.chars()
        .map(|c| {
            if c == '`' {
                let quote = if opening { '“' } else { '”' };
                opening = !opening;
                quote
            } else {
                c
            }
        })
        .collect()
}

/// How the game ended, as the panel and the game-over window say it: "White wins: Black has
/// no legal move", then "The game ended after 19 moves (37 turns).".
#[must_use]
pub fn ending_text(game: &AnyGame) -> Option<(String, String)> {
    let outcome = game.outcome()?;
    let length = kraal_session::outcome::game_length(game.ply());
    Some((
        kraal_session::any::capitalise(&outcome.to_string()),
        format!("The game ended {length}."),
    ))
}

/// Draws the side panel; returns what the player asked for. The buttons come first, right
/// under the title and the players, so that no message, hint or "thinking" line appearing
/// below them ever moves them under the pointer.
pub fn show(ui: &mut egui::Ui, view: &PanelView<'_>) -> Vec<Action> {
    let mut actions = Vec::new();
    let game = view.game;
    let rules = game.rules();
    let players = game.players();
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!(
                "{}: {}",
                kraal_session::any::capitalise(rules.game_name()),
                rules.rule_set_name()
            ))
            .heading(),
        )
        .wrap(),
    );
    ui.add(egui::Label::new(egui::RichText::new(rules.about().0).small().weak()).wrap());
    match view.online {
        Some(online) => {
            for name in &online.names {
                ui.label(name);
            }
            crate::online_view::link_indicator(ui, &online.link);
        }
        None => {
            for (side, player) in players.into_iter().enumerate() {
                ui.label(format!(
                    "{}: {}",
                    game.side_name(side),
                    player_label(player, players)
                ));
            }
        }
    }
    ui.separator();

    buttons(ui, view, &mut actions);
    ui.horizontal_wrapped(|ui| {
        // A short slider, so that the panel can be narrow in a small window.
        ui.spacing_mut().slider_width = 80.0;
        let mut on = view.animations;
        if ui
            .checkbox(&mut on, "Animations")
            .on_hover_text(format!("key {}", key_label(Command::Animations)))
            .changed()
        {
            actions.push(Action::ToggleAnimations);
        }
        let mut speed = view.speed;
        if ui
            .add_enabled(
                on,
                egui::Slider::new(&mut speed, Prefs::SPEEDS).text("Speed"),
            )
            .changed()
        {
            actions.push(Action::Speed(speed));
        }
    });
    ui.separator();

    // In a short window the status area scrolls rather than run off the panel's bottom.
    let most = (ui.available_height() * 0.6).max(80.0);
    egui::ScrollArea::vertical()
        .id_salt("status")
        .max_height(most)
        .auto_shrink([false, true])
        .show(ui, |ui| status(ui, view, &mut actions));
    ui.separator();
    if let Some(panel) = view.engine_review {
        crate::review_view::show(ui, game, panel, &mut actions);
        ui.separator();
    }
    move_list(ui, view, &mut actions);
    actions
}

/// The status area under the buttons: whose turn, what to click, what the last move took,
/// the message, the counts, the clocks, the AI's thinking and the hint.
fn status(ui: &mut egui::Ui, view: &PanelView<'_>, actions: &mut Vec<Action>) {
    let game = view.game;
    let players = game.players();
    let live = view.review.is_none() && !game.is_over();
    if let Some(moves) = view.review {
        ui.strong(format!(
            "Looking at the position after move {} of {}.",
            game.ply(),
            moves.len()
        ));
        if ui
            .button("Back to the game")
            .on_hover_text(format!("key {}", key_label(Command::Cancel)))
            .clicked()
        {
            actions.push(Action::BackToGame);
        }
    } else if let Some(online) = view.online {
        online_status(ui, view, online, actions);
    } else if let Some((ending, length)) = ending_text(game) {
        ui.add(egui::Label::new(egui::RichText::new(ending).strong()).wrap());
        message(ui, &length, false);
    } else {
        let side = game.side_to_move();
        let name = game.side_name(side);
        let text = match players[side] {
            Player::Human => format!("{name} to move."),
            Player::Ai(o) => format!("{name} to move: {} is thinking…", o.name),
        };
        ui.add(egui::Label::new(egui::RichText::new(text).strong()).wrap());
        if let Some(prompt) = game.prompt() {
            message(ui, &prompt_text(prompt, game), false);
        }
    }
    if live && game.human_to_move() && view.online.is_none() {
        let mut extra = |label: &str, what: &str, command, action| {
            if ui.button(label).on_hover_text(tip(what, command)).clicked() {
                actions.push(action);
            }
        };
        if game.draw_offered() {
            extra(
                "Accept the draw",
                "the game ends in a draw",
                Command::Draw,
                Action::AcceptDraw,
            );
        }
        if matches!(game.prompt(), Some(Prompt::Pass(_))) {
            extra(
                "Pass",
                "you cannot move, so you pass",
                Command::Pass,
                Action::Pass,
            );
        }
    }
    // What the last turn of each side took: the person's capture stays said after the
    // computer's reply (while looking back, what the move on the board took).
    let ply = game.ply();
    if view.review.is_none()
        && ply >= 2
        && let Some(Some(taken)) = view.taken.get(ply - 2)
    {
        message(ui, &format!("{taken}."), false);
    }
    if let Some(taken) = game.last_taken() {
        message(ui, &format!("{taken}."), false);
    }
    if let Some(notice) = view.notice {
        message(ui, &notice.text, notice.error);
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
        ui.add(egui::Label::new(egui::RichText::new(SOWING_LEGEND).small().weak()).wrap());
    }
    if let Some(clocks) = view.online.and_then(|o| o.clocks.as_ref()) {
        ui.label(clocks);
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
        message(ui, &text, false);
    }
    if let Some(hint) = view.hint {
        message(ui, hint, false);
    }
}

/// The status of an online game: the server's words for where it stands, what to click on
/// the player's turn, the draw offer with its answers, the opponent-gone countdown and the
/// claim.
fn online_status(
    ui: &mut egui::Ui,
    view: &PanelView<'_>,
    online: &OnlinePanel,
    actions: &mut Vec<Action>,
) {
    let game = view.game;
    ui.add(egui::Label::new(egui::RichText::new(&online.status).strong()).wrap());
    // The server's status says the ending already ("You won: White wins: ...").
    if online.ending.is_some() {
        let length = kraal_session::outcome::game_length(game.ply());
        message(ui, &format!("The game ended {length}."), false);
        return;
    }
    if !online.playing {
        return;
    }
    if let Some(prompt) = game.prompt().filter(|_| online.my_turn) {
        message(ui, &prompt_text(prompt, game), false);
    }
    let mut button = |ui: &mut egui::Ui, label: &str, what: &str, action| {
        if ui.button(label).on_hover_text(what).clicked() {
            actions.push(action);
        }
    };
    if let Some(offer) = &online.draw_offer {
        message(ui, offer, false);
    }
    if online.offered_to_me {
        ui.horizontal_wrapped(|ui| {
            button(
                ui,
                "Accept the draw",
                "the game ends in a draw",
                Action::AcceptDraw,
            );
            button(ui, "Decline", "play on", Action::DeclineDraw);
        });
    }
    if let Some(presence) = &online.presence {
        message(ui, presence, !online.claim_now);
    }
    if online.claim_now {
        ui.horizontal_wrapped(|ui| {
            button(
                ui,
                "Claim the win",
                "your opponent has left the game",
                Action::ClaimWin,
            );
            button(
                ui,
                "Claim a draw",
                "end the game as a draw instead",
                Action::ClaimDraw,
            );
        });
    }
    if matches!(game.prompt(), Some(Prompt::Pass(_))) && online.my_turn {
        button(ui, "Pass", "you cannot move, so you pass", Action::Pass);
    }
}

/// What the rings on a mancala board mean.
pub const SOWING_LEGEND: &str = "Green rim: the holes you may sow. Blue ring: the last move. \
    Yellow ring: the hole the seeds are dropped in as a move is sown.";

/// The game's buttons.
fn buttons(ui: &mut egui::Ui, view: &PanelView<'_>, actions: &mut Vec<Action>) {
    let game = view.game;
    let live = view.review.is_none() && !game.is_over();
    let human = game.human_to_move();
    // Online: nothing is taken back or hinted; resign and offer a draw on either turn.
    let offline = view.online.is_none();
    let playing = view.online.is_some_and(|o| o.playing);
    let may_offer = match view.online {
        Some(o) => o.playing && !o.my_offer && !o.offered_to_me,
        None => live && human,
    };
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, enabled, label, what, command, action| {
            if ui
                .add_enabled(enabled, egui::Button::new(label))
                .on_hover_text(tip(what, command))
                .clicked()
            {
                actions.push(action);
            }
        };
        button(
            ui,
            offline && game.ply() > 0,
            "Undo",
            "take back your last move",
            Command::Undo,
            Action::Undo,
        );
        button(
            ui,
            offline && view.review.is_none() && game.redoable() > 0,
            "Redo",
            "play a taken-back move again",
            Command::Redo,
            Action::Redo,
        );
        button(
            ui,
            offline && live && human,
            "Hint",
            "the engine suggests a move",
            Command::Hint,
            Action::Hint,
        );
        button(
            ui,
            if offline { live && human } else { playing },
            "Resign",
            "give up the game (asks first)",
            Command::Resign,
            Action::Resign,
        );
        button(
            ui,
            may_offer,
            "Offer a draw",
            "the other side may accept it",
            Command::Draw,
            Action::OfferDraw,
        );
        let running = view.engine_review.is_some_and(ReviewPanel::running);
        button(
            ui,
            !playing && !game.all_moves().is_empty(),
            if running { "Stop review" } else { "Review" },
            "the engine marks every move: ?! inaccuracy, ? mistake, ?? blunder",
            Command::Review,
            Action::ReviewGame,
        );
        if offline && game.rules().game_name() == "oware" {
            button(
                ui,
                live && human,
                "Claim",
                "end the game because no capture can happen again",
                Command::Claim,
                Action::Claim,
            );
        }
    });
}

/// The moves, each a button to look at its position.
fn move_list(ui: &mut egui::Ui, view: &PanelView<'_>, actions: &mut Vec<Action>) {
    let game = view.game;
    ui.strong("Moves: click one to look at its position")
        .on_hover_text(format!(
            "keys {} and {} step back and forward, {} and {} go to the start and the end",
            key_label(Command::Back),
            key_label(Command::Forward),
            key_label(Command::First),
            key_label(Command::Last)
        ));
    let all: Vec<AnyMove> = match view.review {
        Some(moves) => moves.to_vec(),
        None => game.moves(),
    };
    let current = game.ply();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(view.review.is_none())
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
                        let taken = view.taken.get(ply - 1).and_then(Option::as_ref);
                        // A shot shows in the mill notation (`g1xf6`); seeds get their count.
                        let mut label = match taken {
                            Some(t @ Taken::Captured { .. }) => format!("{mv} +{}", t.count()),
                            _ => mv.to_string(),
                        };
                        let reviewed = view.engine_review.and_then(|r| r.reviewed(ply));
                        if let Some(r) = reviewed {
                            label.push_str(r.mark.symbol());
                        }
                        let mut response = ui.selectable_label(current == ply, label);
                        let verdict =
                            reviewed.and_then(|r| kraal_front::review::verdict_text(r, 4));
                        let hover = match (taken, verdict) {
                            (Some(t), Some(v)) => {
                                Some(format!("{t}. {}", kraal_session::any::capitalise(&v)))
                            }
                            (Some(t), None) => Some(format!("{t}.")),
                            (None, Some(v)) => Some(kraal_session::any::capitalise(&v)),
                            (None, None) => None,
                        };
                        if let Some(text) = hover {
                            response = response.on_hover_text(text);
                        }
                        if response.clicked() {
                            actions.push(Action::Jump(ply));
                        }
                    }
                    ui.end_row();
                }
            });
        });
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
