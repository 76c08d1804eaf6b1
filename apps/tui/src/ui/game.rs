//! The game screen: the board, the panels beside or under it (players, the computer's
//! thinking, the moves), the message line and the key bar.

use super::block;
use super::layout::{GameLayout, MoveList, min_size};
use super::overlays;
use crate::app::{App, GameScreen, Overlay};
use crate::board::{MancalaView, MorrisView};
use crate::game::Match;
use crate::theme::{Role, Theme};
use kraal_front::review::ReviewPanel;
use kraal_front::{Command, keymap, player_label};
use kraal_rules_mancala::Side;
use kraal_rules_morris::{self as morris, Color, Point};
use kraal_session::any::capitalise;
use kraal_session::pick::mancala_targets;
use kraal_session::{AnyGame, Player};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::time::{Duration, Instant};

/// Draws the game screen and the window over it, if any.
pub fn draw_game(app: &App, g: &GameScreen, area: Rect, buf: &mut Buffer, now: Instant) {
    let theme = app.theme;
    let Some(layout) = layout_of(g, theme, area) else {
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
    // Online, the picks are shown on this player's turn only.
    let picks = g.online.as_ref().is_none_or(|o| o.live.my_turn());
    draw_board_as(&g.game, theme, layout.board, buf, picks);
    draw_status(g, theme, layout.status, buf, now);
    match (&g.review, &g.online) {
        (Some(panel), _) => draw_review(app, g, panel, layout.ai, buf),
        (None, Some(online)) => {
            super::online::draw_online_panel(online, theme, layout.ai, buf, now);
        }
        (None, None) => draw_ai(app, g, layout.ai, buf),
    }
    draw_moves(&g.game, g.review.as_ref(), theme, &layout.moves, buf);
    let (_, role) = g.message();
    let (notes, bar) = footer(g, theme, area.width);
    for (row, line) in notes
        .iter()
        .take(usize::from(layout.note.height))
        .enumerate()
    {
        buf.set_stringn(
            layout.note.x + 1,
            layout.note.y + row as u16,
            line,
            layout.note.width.saturating_sub(2) as usize,
            theme.style(role),
        );
    }
    for (row, line) in bar.iter().take(usize::from(layout.keys.height)).enumerate() {
        buf.set_stringn(
            layout.keys.x + 1,
            layout.keys.y + row as u16,
            line,
            layout.keys.width.saturating_sub(2) as usize,
            theme.style(Role::Dim),
        );
    }
    match &g.overlay {
        Overlay::None => {}
        Overlay::Help => {
            overlays::draw_game_help(theme, g.online.is_some(), g.help_scroll, area, buf);
        }
        Overlay::Prompt { purpose, text } => {
            overlays::draw_prompt(theme, *purpose, text, area, buf);
        }
        Overlay::Confirm(question) => overlays::draw_confirm(theme, *question, area, buf),
        Overlay::GameOver => {
            let ending = g.online.as_deref().and_then(super::online::online_ending);
            overlays::draw_game_over(&g.game, ending, theme, area, buf);
        }
    }
}

/// The message and the key bar, wrapped to a screen `width` wide.
fn footer(g: &GameScreen, theme: Theme, width: u16) -> (Vec<String>, Vec<String>) {
    let room = usize::from(width.saturating_sub(2));
    let (note, _) = g.message();
    let sep = theme.glyphs().separator;
    (
        super::wrap(&note, room),
        super::wrap_items(&key_bar(g, theme), sep, room),
    )
}

/// The layout of a game screen in `area`, with room for its message and key bar.
#[must_use]
pub fn layout_of(g: &GameScreen, theme: Theme, area: Rect) -> Option<GameLayout> {
    let (notes, bar) = footer(g, theme, area.width);
    let lines = |v: &Vec<String>| u16::try_from(v.len()).unwrap_or(u16::MAX);
    GameLayout::new(
        &g.game,
        area,
        lines(&notes).min(3),
        lines(&bar).min(2),
        g.review.is_some(),
    )
}

/// The most used keys, for the bar at the bottom: the cursor's, then the shared map's
/// (named by its labels, so the bar says what the handler does). Online, the keys that make
/// no sense there (undo, redo, hints) are left out, and the draw and claim keys show when
/// they apply.
fn key_bar(g: &GameScreen, theme: Theme) -> Vec<String> {
    let game = &g.game;
    let arrows = if theme.ascii {
        "arrows"
    } else {
        "←↓↑→"
    };
    let mut bar = vec![format!("{arrows} move")];
    match game.game {
        AnyGame::Morris { .. } => bar.extend(["Enter pick".to_owned(), "Esc let go".to_owned()]),
        AnyGame::Mancala { .. } => bar.push("Enter sow".to_owned()),
    }
    let key = |command: Command| {
        keymap::binding(keymap::FrontEnd::Terminal, command)
            .map(|b| b.label.split(' ').next().unwrap_or(b.label).to_owned())
    };
    let named = |command: Command, word: &str| key(command).map(|k| format!("{k} {word}"));
    let shared: Vec<Option<String>> = match &g.online {
        None => [
            (Command::Undo, "undo"),
            (Command::Redo, "redo"),
            (Command::Hint, "hint"),
            (Command::Save, "save"),
            (Command::Help, "help"),
            (Command::Quit, "quit"),
        ]
        .iter()
        .map(|&(command, word)| named(command, word))
        .collect(),
        Some(online) => {
            let mut keys = Vec::new();
            if g.is_over() {
                keys.push(named(Command::Review, "review"));
            } else {
                if online.offered_to_me() {
                    keys.push(named(Command::Draw, "accept the draw"));
                    keys.push(Some("x decline".to_owned()));
                } else {
                    keys.push(named(Command::Draw, "offer a draw"));
                }
                keys.push(named(Command::Resign, "resign"));
                if kraal_front::online::may_claim(&online.live, Instant::now()) {
                    keys.push(named(Command::Claim, "claim the win"));
                }
            }
            keys.extend([
                named(Command::Save, "save a copy"),
                named(Command::NewGame, "online screen"),
                named(Command::Help, "help"),
                named(Command::Quit, "quit"),
            ]);
            keys
        }
    };
    bar.extend(shared.into_iter().flatten());
    bar
}

/// Draws the board of a game into `area` with its highlights.
pub fn draw_board(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer) {
    draw_board_as(game, theme, area, buf, true);
}

/// Draws the board of a game into `area`; the points or holes that can be picked are marked
/// only when `picks` (online: on this player's turn).
pub fn draw_board_as(game: &Match, theme: Theme, area: Rect, buf: &mut Buffer, picks: bool) {
    let human = picks && game.human_to_move() && !game.is_over() && game.redoable() == 0;
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

fn draw_status(screen: &GameScreen, theme: Theme, area: Rect, buf: &mut Buffer, now: Instant) {
    let game = &screen.game;
    let online = screen.online.as_deref();
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
        let label = match online {
            Some(online) => super::online::seat_label(online, side),
            None => player_label(players[side], players),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{turn} {glyph} "), theme.style(role)),
            Span::styled(format!("{:<6}", names[side]), theme.style(role)),
            Span::raw(format!(" {label}")),
        ]));
        lines.push(Line::from(Span::styled(
            format!("      {counts}"),
            theme.style(Role::Dim),
        )));
    }
    let ending = online.and_then(super::online::online_ending);
    let state = match (game.outcome(), &game.game) {
        (_, _) if ending.is_some() => {
            format!("Game over: {}", ending.map(|e| e.0).unwrap_or_default())
        }
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
    // Online, the clocks are the server's.
    let clocks = match online {
        Some(online) => online.live.clocks(now),
        None => game.clocks(now),
    };
    if let Some([first, second]) = clocks {
        lines.push(Line::from(format!(
            "Clock  {} {}   {} {}",
            names[0],
            clock_text(first),
            names[1],
            clock_text(second)
        )));
    }
    // The state last: it may take more than a line.
    for line in super::wrap(&state, usize::from(inner.width)) {
        lines.push(Line::from(Span::styled(line, theme.style(Role::Title))));
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
        if let Some(taken) = &g.ai_taken {
            lines.push(Line::from(Span::styled(
                format!("  {taken}"),
                theme.style(Role::Good),
            )));
        }
        // One fact a line, so a narrow panel never wraps one in the middle.
        lines.push(Line::from(Span::styled(
            format!("  depth {}, {side}'s score {}", ai.depth, ai.score),
            theme.style(Role::Dim),
        )));
        lines.push(Line::from(Span::styled(
            format!("  {} positions searched", ai.nodes),
            theme.style(Role::Dim),
        )));
    } else if g.game.players().iter().all(|p| *p == Player::Human) {
        lines.push(Line::from(Span::styled(
            "Two people play: h asks for a hint.",
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

/// The review panel, in the computer's place: where the review stands, a graph of the first
/// player's expected result over the game (the move at the cursor marked below it), and what
/// the review says of the move at the cursor.
fn draw_review(app: &App, g: &GameScreen, panel: &ReviewPanel, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let sides = g.game.side_names();
    let title = "Review (v)";
    let inner = block(theme, title).inner(area);
    block(theme, title).render(area, buf);
    if inner.height == 0 || inner.width == 0 {
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    if let Some((done, total)) = panel.progress() {
        let glyphs = theme.glyphs();
        let spin = glyphs.spinner[app.frame / 2 % glyphs.spinner.len()];
        lines.push(Line::from(Span::styled(
            format!("{spin} {}", panel.status(sides)),
            theme.style(Role::Title),
        )));
        let width = usize::from(inner.width.saturating_sub(2));
        let filled = (width * done).checked_div(total).unwrap_or(0);
        let (full, empty) = if theme.ascii {
            ('#', '-')
        } else {
            ('█', '░')
        };
        lines.push(Line::from(format!(
            "{}{}",
            full.to_string().repeat(filled),
            empty.to_string().repeat(width - filled)
        )));
        lines.push(Line::from(Span::styled(
            "v stops it and keeps what is reviewed",
            theme.style(Role::Dim),
        )));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
        return;
    }
    let graph = panel.graph();
    let top = inner.y;
    if !graph.is_empty() {
        // One column a move, squeezed to the panel's width: the first player's expected
        // result, from a loss (bottom) to a win (top).
        let width = usize::from(inner.width);
        let data: Vec<u64> = (0..width.min(graph.len()))
            .map(|col| {
                let i = col * graph.len() / width.min(graph.len());
                (graph[i] * 100.0).round() as u64
            })
            .collect();
        let rows = inner.height.min(3).saturating_sub(1).max(1);
        let spark = Rect::new(inner.x, top, inner.width, rows);
        ratatui::widgets::Sparkline::default()
            .data(&data)
            .max(100)
            .style(theme.style(Role::Title))
            .render(spark, buf);
        // The move at the cursor, under the graph.
        let at = g.game.ply().min(graph.len() - 1);
        let col = at * data.len() / graph.len();
        if rows < inner.height {
            let caret = if theme.ascii { "^" } else { "▲" };
            buf.set_string(
                inner.x + col as u16,
                top + rows,
                caret,
                theme.style(Role::Picked),
            );
        }
        lines.push(Line::from(Span::styled(
            panel.status(sides),
            theme.style(Role::Dim),
        )));
        let used = (rows + 1).min(inner.height);
        let rest = Rect::new(inner.x, top + used, inner.width, inner.height - used);
        let ply = g.game.ply();
        if let Some(note) = panel.note(ply, sides) {
            let role = if panel.symbol(ply).is_empty() {
                Role::Good
            } else {
                Role::Warning
            };
            lines.insert(0, Line::from(Span::styled(note, theme.style(role))));
        } else if ply == 0 {
            lines.insert(
                0,
                Line::from(Span::styled(
                    "The start: ] steps to the first move.",
                    theme.style(Role::Dim),
                )),
            );
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(rest, buf);
        return;
    }
    let text = panel.warning.clone().unwrap_or_else(|| panel.status(sides));
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Draws the move list where the layout put it, two moves a row, the move at the cursor
/// marked and the moves after it dimmed.
fn draw_moves(
    game: &Match,
    review: Option<&ReviewPanel>,
    theme: Theme,
    list: &MoveList,
    buf: &mut Buffer,
) {
    let moves = game.all_moves();
    let title = format!("Moves ({} of {})", game.ply(), moves.len());
    block(theme, &title).render(list.area, buf);
    let ply = game.ply();
    let right = list.inner.x + list.inner.width;
    for row in 0..list.rows {
        let pair = list.first + row;
        let y = list.inner.y + row as u16;
        buf.set_stringn(
            list.number_x,
            y,
            format!("{:>4}. ", pair + 1),
            usize::from(right.saturating_sub(list.number_x)),
            theme.style(Role::Dim),
        );
        for (half, &x) in list.columns.iter().enumerate() {
            let index = 2 * pair + half;
            let Some(mut mv) = game.move_label(index) else {
                break;
            };
            if let Some(panel) = review {
                mv.push_str(panel.symbol(index + 1));
            }
            let style = if index + 1 == ply {
                theme.style(Role::Picked)
            } else if index + 1 > ply {
                theme.style(Role::Dim).add_modifier(Modifier::DIM)
            } else {
                Style::default()
            };
            let room = usize::from(right.saturating_sub(x)).min(usize::from(list.width));
            buf.set_stringn(x, y, mv, room, style);
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
