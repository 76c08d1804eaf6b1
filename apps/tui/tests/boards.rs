//! The board widget rendered into a ratatui buffer, styles included, for every board type
//! (standard, plain and Sotho mill boards; Oware's 2xN and Mulabalaba's 4xN), with a
//! selection, with shot targets and at the game's end, in both themes.

use kraal_rules_mancala::{Hole, Side};
use kraal_rules_morris::Point;
use kraal_session::{Player, resolve};
use kraal_tui::Theme;
use kraal_tui::game::Match;
use kraal_tui::ui::draw_board;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::time::Instant;

const HUMANS: [Player; 2] = [Player::Human, Player::Human];

fn theme(ascii: bool) -> Theme {
    Theme { ascii, color: true }
}

fn game(name: &str, overrides: &[&str]) -> Match {
    from(name, overrides, None)
}

fn from(name: &str, overrides: &[&str], start: Option<&str>) -> Match {
    Match::new(
        &resolve(name, None, overrides).expect("rules"),
        start,
        HUMANS,
        1,
    )
    .expect("game")
}

fn p(label: &str) -> Point {
    label.parse().expect("point")
}

fn play(game: &mut Match, moves: &[&str]) {
    for mv in moves {
        let refused = match game.mancala_position() {
            None => mv
                .split(['-', 'x'])
                .filter(|s| !s.is_empty())
                .find_map(|point| game.click_point(p(point), Instant::now())),
            Some(pos) => {
                let hole = pos.parse_move(mv).expect("a legal move").hole();
                game.click_hole(hole, Instant::now())
            }
        };
        assert_eq!(refused, None, "{mv}");
    }
}

fn render(game: &Match, ascii: bool, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    draw_board(game, theme(ascii), area, &mut buf);
    buf
}

/// A mill board at its smallest scale.
fn mill(game: &Match, ascii: bool) -> Buffer {
    render(game, ascii, 29, 14)
}

/// A standard board in the moving phase: White has picked the cow on b2; where it may go is
/// highlighted, and Black's last move (e3-e4) is marked.
fn standard_with_a_cow_picked() -> Match {
    let mut g = from(
        "morabaraba",
        &[],
        Some("a1,d1,b2,f4,g4/a7,d7,b6,f6,e3 0:0 b"),
    );
    play(&mut g, &["e3-e4"]);
    assert_eq!(g.click_point(p("b2"), Instant::now()), None);
    g.point = p("c3");
    g
}

#[test]
fn standard_board_with_a_selection() {
    let g = standard_with_a_cow_picked();
    insta::assert_debug_snapshot!("standard_selection_unicode", mill(&g, false));
    insta::assert_debug_snapshot!("standard_selection_ascii", mill(&g, true));
}

/// White closes a1-d1-g1: Black's cows that may be shot are highlighted.
fn mill_closed() -> Match {
    let mut g = game("morabaraba", &[]);
    play(&mut g, &["a1", "b6", "d1", "f6"]);
    assert_eq!(g.click_point(p("g1"), Instant::now()), None);
    g
}

#[test]
fn shot_targets_after_a_mill() {
    let g = mill_closed();
    insta::assert_debug_snapshot!("standard_shot_unicode", mill(&g, false));
    insta::assert_debug_snapshot!("standard_shot_ascii", mill(&g, true));
}

/// A board and position with a cow picked on `from`, the cursor on `cursor`.
fn picked(name: &str, position: &str, from: &str, cursor: &str) -> Match {
    let mut g = self::from(name, &[], Some(position));
    assert_eq!(g.click_point(p(from), Instant::now()), None);
    g.point = p(cursor);
    g
}

#[test]
fn plain_board_without_diagonals() {
    // Nine Men's Morris: d2 may go to b2, f2, d1 or d3, never along a diagonal.
    let g = picked(
        "nine-mens-morris",
        "a1,d2,g7,b4/a7,d7,f4,g1 0:0 w",
        "d2",
        "d3",
    );
    insta::assert_debug_snapshot!("plain_unicode", mill(&g, false));
    insta::assert_debug_snapshot!("plain_ascii", mill(&g, true));
}

#[test]
fn sotho_board_with_its_centre() {
    // The Sotho board: the cow on the centre point d4 may go to d3, d5 or e4 (c4 is taken).
    let g = picked("sotho", "d4,a1,g7,b2/c4,a7,g1,f6 0:0 w", "d4", "d5");
    insta::assert_debug_snapshot!("sotho_unicode", mill(&g, false));
    insta::assert_debug_snapshot!("sotho_ascii", mill(&g, true));
}

#[test]
fn a_finished_mill_game_has_no_targets() {
    let mut g = standard_with_a_cow_picked();
    g.resign();
    assert!(g.is_over());
    insta::assert_debug_snapshot!("standard_over_unicode", mill(&g, false));
    insta::assert_debug_snapshot!("standard_over_ascii", mill(&g, true));
}

/// Oware after a few moves, the cursor on North's house `e`.
fn oware_in_play() -> Match {
    let mut g = game("oware", &[]);
    play(&mut g, &["C", "f", "D"]);
    g.finish_animation();
    g.hole = Hole::new(Side::North, 4);
    g
}

#[test]
fn oware_board_with_the_cursor_and_last_move() {
    let g = oware_in_play();
    insta::assert_debug_snapshot!("oware_unicode", render(&g, false, 55, 4));
    insta::assert_debug_snapshot!("oware_ascii", render(&g, true, 55, 4));
}

#[test]
fn mulabalaba_board_mid_sowing() {
    let mut g = game("mulabalaba", &[]);
    play(&mut g, &["3"]);
    // The animation is at its first step: the lifted hole is shown empty and marked.
    insta::assert_debug_snapshot!("mulabalaba_sowing_unicode", render(&g, false, 67, 9));
    g.finish_animation();
    insta::assert_debug_snapshot!("mulabalaba_ascii", render(&g, true, 67, 9));
}

#[test]
fn a_finished_mancala_game() {
    let mut g = oware_in_play();
    g.resign();
    insta::assert_debug_snapshot!("oware_over_unicode", render(&g, false, 55, 4));
    insta::assert_debug_snapshot!("oware_over_ascii", render(&g, true, 55, 4));
}
