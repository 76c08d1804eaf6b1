//! Drawing: every screen is a pure function of the [`App`]'s state, and the same layout
//! functions answer mouse clicks.

use crate::app::{App, Confirm, GameScreen, Overlay, Purpose, Screen};
use crate::board::{MancalaLayout, MancalaView, MorrisLayout, MorrisView};
use crate::game::Match;
use crate::keys::{self, Binding};
use crate::start::{Field, StartMenu};
use crate::theme::{Role, Theme};
use kraal_rules_mancala::{self as mancala, Side};
use kraal_rules_morris::{self as morris, Color, Point};
use kraal_session::AnyGame;
use kraal_session::Player;
use kraal_session::any::capitalise;
use kraal_session::pick::mancala_targets;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use std::time::{Duration, Instant};

/// Width of the side panel next to a board.
const PANEL: u16 = 40;
/// Lines for the title, the message and the key bar.
const CHROME: u16 = 3;

/// Box edges in plain ASCII.
const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// A block with a title, in the theme's border.
fn block(theme: Theme, title: &str) -> Block<'static> {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Line))
        .title(Span::styled(format!(" {title} "), theme.style(Role::Title)));
    if theme.ascii {
        block.border_set(ASCII_BORDER)
    } else {
        block.border_set(border::ROUNDED)
    }
}

/// Draws the app.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    draw(app, area, frame.buffer_mut(), Instant::now());
}

/// Draws the app into a buffer at `now` (clocks are read at this time).
pub fn draw(app: &App, area: Rect, buf: &mut Buffer, now: Instant) {
    match &app.screen {
        Screen::Start(menu) => {
            draw_start(menu, app.theme, area, buf);
            if app.start_help {
                draw_help(app.theme, "Start screen keys", &[keys::START], 0, area, buf);
            }
        }
        Screen::Game(g) => draw_game(app, g, area, buf, now),
    }
}

// ---------------------------------------------------------------------------------------------
// The start screen

/// The first screen line of each start-screen line (two screen lines each).
fn start_rows(menu: &StartMenu, area: Rect) -> (Rect, Vec<(Field, u16)>) {
    let width = area.width.min(96);
    let lines = menu.lines();
    let height = (lines.len() as u16 * 2 + 7).min(area.height);
    let inner = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let rows = lines
        .into_iter()
        .enumerate()
        .map(|(i, f)| (f, inner.y + 3 + 2 * i as u16))
        .collect();
    (inner, rows)
}

/// The start-screen line at a screen cell, for mouse clicks.
#[must_use]
pub fn start_line_at(menu: &StartMenu, size: Rect, x: u16, y: u16) -> Option<usize> {
    let (inner, rows) = start_rows(menu, size);
    if x < inner.x || x >= inner.x + inner.width {
        return None;
    }
    rows.iter().position(|&(_, row)| y == row || y == row + 1)
}

fn draw_start(menu: &StartMenu, theme: Theme, area: Rect, buf: &mut Buffer) {
    let (inner, rows) = start_rows(menu, area);
    block(theme, "kraal: traditional African board games").render(inner, buf);
    buf.set_string(
        inner.x + 2,
        inner.y + 1,
        "Choose a game with the arrow keys, then press Enter. ? lists the keys.",
        theme.style(Role::Dim),
    );
    let g = theme.glyphs();
    let selected = menu.field();
    for (field, y) in rows {
        if y + 1 >= inner.y + inner.height {
            break;
        }
        let (label, value, about) = menu.describe(field);
        let is_selected = field == selected;
        let marker = if is_selected { g.turn } else { ' ' };
        let mut style = match field {
            Field::Start => theme.style(Role::Good),
            Field::Continue if !menu.can_continue => theme.style(Role::Dim),
            Field::Continue => theme.style(Role::Good),
            _ => Style::default().add_modifier(Modifier::BOLD),
        };
        if is_selected {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let arrows = !matches!(field, Field::Start | Field::Continue);
        let value = if arrows && is_selected {
            let (l, r) = if theme.ascii {
                ('<', '>')
            } else {
                ('◀', '▶')
            };
            format!("{l} {value} {r}")
        } else {
            format!("  {value}  ")
        };
        buf.set_string(
            inner.x + 2,
            y,
            marker.to_string(),
            theme.style(Role::Cursor),
        );
        buf.set_string(
            inner.x + 4,
            y,
            format!("{label:<11}"),
            theme.style(Role::Title),
        );
        buf.set_stringn(
            inner.x + 16,
            y,
            &value,
            inner.width.saturating_sub(18) as usize,
            style,
        );
        let room = inner.width.saturating_sub(20) as usize;
        let about = if about.chars().count() > room {
            let cut: String = about.chars().take(room.saturating_sub(1)).collect();
            if theme.ascii {
                format!("{cut}~")
            } else {
                format!("{cut}…")
            }
        } else {
            about
        };
        buf.set_stringn(inner.x + 18, y + 1, &about, room, theme.style(Role::Dim));
    }
    // The selected choice's description in full, wrapped, under the list.
    let (_, _, about) = menu.describe(selected);
    let details_y = inner.y + inner.height.saturating_sub(4);
    let details = Rect::new(inner.x + 2, details_y, inner.width.saturating_sub(4), 2);
    if menu.message.is_none() && about.chars().count() > inner.width.saturating_sub(20) as usize {
        Paragraph::new(about)
            .style(theme.style(Role::Dim))
            .wrap(Wrap { trim: true })
            .render(details, buf);
    }
    if let Some(message) = &menu.message {
        let y = inner.y + inner.height - 2;
        buf.set_stringn(
            inner.x + 2,
            y,
            message,
            inner.width.saturating_sub(4) as usize,
            theme.style(Role::Warning),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The game screen

/// Where the parts of the game screen go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLayout {
    /// The title line.
    pub title: Rect,
    /// The board.
    pub board: Rect,
    /// Players, turn, phase and clocks.
    pub status: Rect,
    /// The move list.
    pub moves: Rect,
    /// The AI's thinking.
    pub ai: Rect,
    /// The message line.
    pub note: Rect,
    /// The key bar.
    pub keys: Rect,
}

/// The space the board of this game needs.
fn board_size(game: &Match) -> (u16, u16) {
    match game.mancala_position() {
        None => MorrisLayout::min_size(),
        Some(pos) => MancalaLayout::size(pos.board()),
    }
}

/// The smallest terminal the game fits in.
#[must_use]
pub fn min_size(game: &Match) -> (u16, u16) {
    let (bw, bh) = board_size(game);
    match game.game {
        AnyGame::Morris { .. } => (bw + PANEL, bh.max(20) + CHROME),
        AnyGame::Mancala { .. } => (bw.max(3 * 30), bh + 12 + CHROME),
    }
}

/// The layout of the game screen, or `None` when the terminal is too small.
#[must_use]
pub fn game_layout(game: &Match, area: Rect) -> Option<GameLayout> {
    let (min_w, min_h) = min_size(game);
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let [title, body, note, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    // Mill boards are square: the panels go beside them. Mancala boards are wide: below.
    let (board, status, moves, ai) = match &game.game {
        AnyGame::Morris { .. } => {
            let [board, side] =
                Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL)]).areas(body);
            let [status, ai, moves] = Layout::vertical([
                Constraint::Length(8),
                Constraint::Length(5),
                Constraint::Min(3),
            ])
            .areas(side);
            (board, status, moves, ai)
        }
        AnyGame::Mancala { session } => {
            // The largest board that leaves the panels their room.
            let board = session.position().board();
            let (_, bh) = MancalaLayout::size_within(board, body.width, body.height - 12);
            let [board, panels] =
                Layout::vertical([Constraint::Length(bh + 2), Constraint::Min(0)]).areas(body);
            let [status, moves, ai] =
                Layout::horizontal([Constraint::Ratio(1, 3); 3]).areas(panels);
            (board, status, moves, ai)
        }
    };
    let layout = GameLayout {
        title,
        board,
        status,
        moves,
        ai,
        note,
        keys,
    };
    Some(layout)
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A point of a mill board.
    Point(Point),
    /// A hole of a mancala board.
    Hole(mancala::Hole),
    /// A move of the list: the ply after it.
    Ply(usize),
}

/// What is at a screen cell of the game screen.
#[must_use]
pub fn hit(game: &Match, size: Rect, x: u16, y: u16) -> Option<Hit> {
    let layout = game_layout(game, size)?;
    if contains(layout.board, x, y) {
        return match &game.game {
            AnyGame::Morris { session, .. } => MorrisLayout::fit(layout.board)?
                .point_at(session.position().board(), x, y)
                .map(Hit::Point),
            AnyGame::Mancala { session } => {
                MancalaLayout::fit(session.position().board(), layout.board)?
                    .hole_at(x, y)
                    .map(Hit::Hole)
            }
        };
    }
    if contains(layout.moves, x, y) {
        let (first_pair, rows) = move_rows(game, layout.moves);
        let row = usize::from(y.checked_sub(layout.moves.y + 1)?);
        if row >= rows {
            return None;
        }
        let pair = first_pair + row;
        let second = x >= layout.moves.x + 1 + 6 + 11;
        let ply = 2 * pair + 1 + usize::from(second);
        return (ply <= game.all_moves().len()).then_some(Hit::Ply(ply));
    }
    None
}

fn contains(r: Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}

fn draw_game(app: &App, g: &GameScreen, area: Rect, buf: &mut Buffer, now: Instant) {
    let theme = app.theme;
    let Some(layout) = game_layout(&g.game, area) else {
        draw_too_small(&g.game, theme, area, buf);
        return;
    };
    let rules = g.game.rules();
    let sep = theme.glyphs().separator;
    let title = format!(
        " kraal{sep}{}{sep}{} rules",
        capitalise(rules.game_name()),
        rules.rule_set_name()
    );
    buf.set_stringn(
        layout.title.x,
        layout.title.y,
        title,
        layout.title.width as usize,
        theme.style(Role::Title),
    );
    draw_board(&g.game, theme, layout.board, buf);
    draw_status(&g.game, theme, layout.status, buf, now);
    draw_ai(app, g, layout.ai, buf);
    draw_moves(&g.game, theme, layout.moves, buf);
    let (note, role) = match &g.note {
        Some((text, role)) => (text.clone(), *role),
        None => (g.game.prompt(), Role::Title),
    };
    buf.set_stringn(
        layout.note.x + 1,
        layout.note.y,
        note,
        layout.note.width.saturating_sub(2) as usize,
        theme.style(role),
    );
    let arrows = if theme.ascii {
        "arrows"
    } else {
        "←↓↑→"
    };
    let bar = [
        &format!("{arrows}/hjkl move"),
        "Enter pick",
        "Esc let go",
        "u undo",
        "r redo",
        "t hint",
        "s save",
        "? help",
        "q quit",
    ]
    .join(sep);
    buf.set_stringn(
        layout.keys.x + 1,
        layout.keys.y,
        bar,
        layout.keys.width.saturating_sub(2) as usize,
        theme.style(Role::Dim),
    );
    match &g.overlay {
        Overlay::None => {}
        Overlay::Help => {
            let tables = [keys::GAME, keys::GAME_OVER];
            draw_help(theme, "Keys", &tables, g.help_scroll, area, buf);
        }
        Overlay::Prompt { purpose, text } => draw_prompt(theme, *purpose, text, area, buf),
        Overlay::Confirm(question) => draw_confirm(theme, *question, area, buf),
        Overlay::GameOver => draw_game_over(&g.game, theme, area, buf),
    }
}

/// Draws the board of a game into `area` with its highlights.
pub fn draw_board(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer) {
    let human = game.human_to_move() && !game.is_over() && game.redoable() == 0;
    match &game.game {
        AnyGame::Morris { session, pick } => {
            let pos = session.position();
            let targets = if human { pick.targets(pos) } else { Vec::new() };
            let mut picked: Vec<Point> = pick.from().into_iter().collect();
            picked.extend(pick.to());
            picked.extend(pick.shots());
            let last: Vec<Point> = session
                .last_move()
                .map(|m| m.from().into_iter().chain(m.to()).collect())
                .unwrap_or_default();
            MorrisView {
                pos,
                cursor: Some(game.point),
                picked: &picked,
                targets: &targets,
                last: &last,
                pending: pick.to().map(|to| (pick.from(), to)),
                theme,
            }
            .render(area, buf);
        }
        AnyGame::Mancala { session } => {
            let pos = session.position();
            let Some((holes, captured, active)) = game.shown() else {
                return;
            };
            let targets = if human && !game.is_animating() {
                mancala_targets(pos)
            } else {
                Vec::new()
            };
            MancalaView {
                pos,
                holes: &holes,
                captured,
                cursor: Some(game.hole),
                targets: &targets,
                last: session.last_move().map(|m| m.hole()),
                active,
                turn: !game.is_over(),
                theme,
            }
            .render(area, buf);
        }
    }
}

fn player_name(player: Player, players: [Player; 2]) -> String {
    match player {
        Player::Human if players.contains(&Player::Human) && players[0] != players[1] => {
            "you".to_owned()
        }
        Player::Human => "a person".to_owned(),
        Player::Ai(o) => format!("{} (AI {})", o.name, o.level),
    }
}

fn draw_status(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer, now: Instant) {
    let inner = block(theme, "Game").inner(area);
    block(theme, "Game").render(area, buf);
    let g = theme.glyphs();
    let sep = g.separator;
    let names = game.side_names();
    let players = game.players();
    let mut lines: Vec<Line> = Vec::new();
    let to_move = game.side_to_move();
    let over = game.is_over();
    for side in 0..2 {
        let (glyph, role, counts) = match &game.game {
            AnyGame::Morris { session, .. } => {
                let pos = session.position();
                let color = Color::ALL[side];
                let glyph = if side == 0 { g.white } else { g.black };
                let counts = format!(
                    "hand {:>2}{sep}board {:>2}",
                    pos.in_hand(color),
                    pos.on_board(color)
                );
                (
                    glyph,
                    if side == 0 { Role::First } else { Role::Second },
                    counts,
                )
            }
            AnyGame::Mancala { session } => {
                let pos = session.position();
                let s = Side::ALL[side];
                let counts = format!(
                    "store {:>2}{sep}side {:>2}",
                    pos.captured(s),
                    pos.seeds_on_side(s)
                );
                let letter = s.letter().to_ascii_uppercase();
                (
                    letter,
                    if side == 0 { Role::First } else { Role::Second },
                    counts,
                )
            }
        };
        let turn = if side == to_move && !over {
            g.turn
        } else {
            ' '
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{turn} {glyph} "), theme.style(role)),
            Span::styled(format!("{:<6}", names[side]), theme.style(role)),
            Span::raw(format!(" {}", player_name(players[side], players))),
        ]));
        lines.push(Line::from(Span::styled(
            format!("      {counts}"),
            theme.style(Role::Dim),
        )));
    }
    let state = match (game.outcome(), &game.game) {
        (Some(_), _) => format!("Game over: {}", game.ending()),
        (None, AnyGame::Morris { session, .. }) => {
            let phase = match session.position().phase() {
                morris::Phase::Placing => "placing",
                morris::Phase::Moving => "moving",
                morris::Phase::Flying => "flying",
            };
            format!("{} to move{sep}{phase}", names[to_move])
        }
        (None, AnyGame::Mancala { .. }) => format!("{} to move", names[to_move]),
    };
    lines.push(Line::from(Span::styled(state, theme.style(Role::Title))));
    if let Some([first, second]) = game.clocks(now) {
        lines.push(Line::from(format!(
            "Clock  {} {}   {} {}",
            names[0],
            clock_text(first),
            names[1],
            clock_text(second)
        )));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// Minutes and seconds left, rounded up (a clock shows 0:00 only when time is up).
fn clock_text(left: Duration) -> String {
    let seconds = left.as_millis().div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn draw_ai(app: &App, g: &GameScreen, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let inner = block(theme, "Computer").inner(area);
    block(theme, "Computer").render(area, buf);
    let glyphs = theme.glyphs();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(thinking) = g.game.thinking() {
        let spin = glyphs.spinner[app.frame / 2 % glyphs.spinner.len()];
        let side = g.game.side_name(g.game.side_to_move());
        match (thinking.depth, &thinking.score) {
            (Some(depth), Some(score)) => {
                lines.push(Line::from(Span::styled(
                    format!("{spin} {side} thinks: depth {depth}, score {score}"),
                    theme.style(Role::Title),
                )));
                lines.push(Line::from(format!(
                    "  best line: {}",
                    thinking.line.join(" ")
                )));
            }
            _ => lines.push(Line::from(Span::styled(
                format!("{spin} {side} thinks..."),
                theme.style(Role::Title),
            ))),
        }
        lines.push(Line::from(Span::styled(
            format!("  {} positions so far", thinking.nodes),
            theme.style(Role::Dim),
        )));
    } else if let Some(ai) = &g.ai_move {
        let side = g.game.side_names()[ai.side];
        lines.push(Line::from(format!("{side} played {}", ai.mv)));
        lines.push(Line::from(Span::styled(
            format!(
                "  depth {}, {side}'s score {}, {} positions",
                ai.depth, ai.score, ai.nodes
            ),
            theme.style(Role::Dim),
        )));
    } else if g.game.players().iter().all(|p| *p == Player::Human) {
        lines.push(Line::from(Span::styled(
            "Two people play: t asks for a hint.",
            theme.style(Role::Dim),
        )));
    } else {
        lines.push(Line::from(Span::styled(
            "Waiting for its turn.",
            theme.style(Role::Dim),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The first pair of moves shown and how many rows fit, so the move at the cursor shows.
fn move_rows(game: &Match, area: Rect) -> (usize, usize) {
    let rows = usize::from(area.height.saturating_sub(2));
    let pairs = game.all_moves().len().div_ceil(2);
    let current = game.ply().saturating_sub(1) / 2;
    let first = if pairs <= rows {
        0
    } else {
        (current + 1).saturating_sub(rows).min(pairs - rows)
    };
    (first, rows.min(pairs - first))
}

fn draw_moves(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer) {
    let moves = game.all_moves();
    let title = format!("Moves ({} of {})", game.ply(), moves.len());
    let inner = block(theme, &title).inner(area);
    block(theme, &title).render(area, buf);
    let (first, rows) = move_rows(game, area);
    let ply = game.ply();
    for row in 0..rows {
        let pair = first + row;
        let y = inner.y + row as u16;
        buf.set_string(
            inner.x,
            y,
            format!("{:>4}. ", pair + 1),
            theme.style(Role::Dim),
        );
        for half in 0..2 {
            let index = 2 * pair + half;
            let Some(text) = moves.get(index) else {
                break;
            };
            let style = if index + 1 == ply {
                theme.style(Role::Picked)
            } else if index + 1 > ply {
                theme.style(Role::Dim).add_modifier(Modifier::DIM)
            } else {
                Style::default()
            };
            let x = inner.x + 6 + 11 * half as u16;
            buf.set_stringn(x, y, format!("{text:<10}"), 10, style);
        }
    }
}

fn draw_too_small(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer) {
    let (w, h) = min_size(game);
    let text = format!(
        "The terminal is {}x{}; this board needs at least {w}x{h}. Make the window larger, or press q to quit.",
        area.width, area.height
    );
    Paragraph::new(text)
        .style(theme.style(Role::Warning))
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// A box of `width` x `height` in the middle of `area`, cleared.
fn popup(area: Rect, width: u16, height: u16, buf: &mut Buffer) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(rect, buf);
    rect
}

/// The key label as the theme writes it (arrows spelled out in ASCII).
fn key_label(theme: Theme, label: &str) -> String {
    if theme.ascii {
        label
            .replace('↑', "Up")
            .replace('↓', "Down")
            .replace('←', "Left")
            .replace('→', "Right")
    } else {
        label.to_owned()
    }
}

fn draw_help(
    theme: Theme,
    title: &str,
    tables: &[&[Binding]],
    scroll: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut lines: Vec<Line> = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        if i == 1 {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                "When the game is over",
                theme.style(Role::Title),
            )));
        }
        for b in *table {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{:<16}", key_label(theme, b.label)),
                    theme.style(Role::Title),
                ),
                Span::raw(b.help),
            ]));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::styled(format!("{:<16}", "mouse"), theme.style(Role::Title)),
        Span::raw("click a point, hole or move; the wheel steps through the moves"),
    ]));
    let rect = popup(area, 84, lines.len() as u16 + 3, buf);
    // A terminal too short for every line scrolls the list (the last line always shows how).
    let room = rect.height.saturating_sub(3);
    let hidden = (lines.len() as u16).saturating_sub(room);
    let scroll = scroll.min(hidden);
    let footer = if hidden == 0 {
        "Any key closes this help.".to_owned()
    } else {
        let arrows = if theme.ascii { "Up/Down" } else { "↑/↓" };
        format!(
            "{arrows} scroll ({} more lines); any other key closes this help.",
            hidden
        )
    };
    let inner = block(theme, title).inner(rect);
    block(theme, title).render(rect, buf);
    let [list, last] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(inner);
    Paragraph::new(lines).scroll((scroll, 0)).render(list, buf);
    buf.set_stringn(
        last.x,
        last.y,
        footer,
        last.width as usize,
        theme.style(Role::Dim),
    );
}

fn draw_prompt(theme: Theme, purpose: Purpose, text: &str, area: Rect, buf: &mut Buffer) {
    let title = match purpose {
        Purpose::Save => "Save the game",
        Purpose::Load => "Open a saved game",
    };
    let caret = if theme.ascii { "_" } else { "█" };
    let lines = vec![
        Line::from("File name:"),
        Line::from(Span::styled(
            format!("{text}{caret}"),
            theme.style(Role::Title),
        )),
        Line::from(Span::styled(
            format!("Enter to confirm{}Esc to cancel", theme.glyphs().separator),
            theme.style(Role::Dim),
        )),
    ];
    let rect = popup(area, 64, 5, buf);
    Paragraph::new(lines)
        .block(block(theme, title))
        .render(rect, buf);
}

fn draw_confirm(theme: Theme, question: Confirm, area: Rect, buf: &mut Buffer) {
    let (title, text) = match question {
        Confirm::Quit => (
            "Quit?",
            "The game is not saved to a file. Quit anyway? You can continue it from the start screen next time. (y/n)",
        ),
        Confirm::Resign => ("Resign?", "Give up this game? (y/n)"),
    };
    let rect = popup(area, 60, 5, buf);
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(block(theme, title))
        .render(rect, buf);
}

fn draw_game_over(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(outcome) = game.outcome() else {
        return;
    };
    let headline = outcome.headline();
    let mut lines = vec![
        Line::from(Span::styled(headline, theme.style(Role::Good))),
        Line::from(game.ending()),
        Line::from(Span::styled(
            format!(
                "Result {} after {} moves",
                outcome.result(),
                game.all_moves().len()
            ),
            theme.style(Role::Dim),
        )),
        Line::from(""),
    ];
    for b in keys::GAME_OVER {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{:<10}", key_label(theme, b.label)),
                theme.style(Role::Title),
            ),
            Span::raw(b.help),
        ]));
    }
    let rect = popup(area, 80, lines.len() as u16 + 2, buf);
    Paragraph::new(lines)
        .block(block(theme, "Game over"))
        .render(rect, buf);
}
