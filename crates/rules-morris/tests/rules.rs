//! One named test per clause of "What the tests must pin" in `shared/rules/morris.md`: each a small
//! position, a move, and the expected result.

use kraal_rules_morris::{
    Color, DrawReason, IllegalMove, Move, MoveError, Options, Outcome, Phase, Point, Position,
    WinReason,
};

fn options(rules: &str, overrides: &[&str]) -> Options {
    Options::from_rule_set(rules, overrides).expect("valid options")
}

fn pos(rules: &str, overrides: &[&str], text: &str) -> Position {
    Position::from_position_string(text, options(rules, overrides))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &Position, text: &str) -> Position {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_position_string()));
    p.clone().play(mv).expect("checked move plays")
}

fn illegal(p: &Position, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text} should be illegal, got {other:?}"),
    }
}

fn pt(s: &str) -> Point {
    s.parse().expect("point")
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

const PROTECTED: &str = "a4,b2,d2,f4/a7,d7,g1,g7 0:0 w";

#[test]
fn a_shot_at_a_protected_cow_is_refused() {
    let p = pos("morabaraba", &[], PROTECTED);
    assert_eq!(illegal(&p, "f4-f2xd7"), IllegalMove::ProtectedCow(pt("d7")));
    assert_eq!(
        illegal(&p, "f4-f2"),
        IllegalMove::MissingShot { owed: 1, given: 0 }
    );
    let after = play(&p, "f4-f2xg1");
    assert_eq!(after.cow_at(pt("g1")), None);
    assert_eq!(after.cow_at(pt("f2")), Some(Color::White));
}

#[test]
fn when_all_cows_are_in_mills_any_cow_may_be_shot() {
    let p = pos("morabaraba", &[], "a4,b2,d2,f4/a1,a7,d1,d7,g1,g7 0:0 w");
    let after = play(&p, "f4-f2xd7");
    assert_eq!(after.on_board(Color::Black), 5);
    let shots: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("f4-f2"))
        .collect();
    assert_eq!(shots.len(), 6, "every black cow may be shot: {shots:?}");
}

#[test]
fn strict_protection_forfeits_the_shot_when_all_cows_are_in_mills() {
    let p = pos(
        "morabaraba",
        &["protection=strict"],
        "a4,b2,d2,f4/a1,a7,d1,d7,g1,g7 0:0 w",
    );
    assert_eq!(
        illegal(&p, "f4-f2xd7"),
        IllegalMove::TooManyShots { owed: 0, given: 1 }
    );
    let after = play(&p, "f4-f2");
    assert_eq!(after.on_board(Color::Black), 6);
    assert!(moves(&p).contains(&"f4-f2".to_owned()));
}

#[test]
fn protection_none_lets_a_cow_in_a_mill_be_shot() {
    let p = pos("koti", &[], PROTECTED);
    let after = play(&p, "f4-f2xd7");
    assert_eq!(after.cow_at(pt("d7")), None);
}

const DOUBLE: &str = "a4,a7,d1,g1/b6,d6,e5,f4 8:8 w";

#[test]
fn a_double_mill_earns_two_shots_under_per_mill() {
    let p = pos("morabaraba", &[], DOUBLE);
    assert_eq!(
        illegal(&p, "a1xb6"),
        IllegalMove::MissingShot { owed: 2, given: 1 }
    );
    let after = play(&p, "a1xd6xb6");
    assert_eq!(after.on_board(Color::Black), 2);
    let a1: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(a1.len(), 6, "every pair of the four black cows: {a1:?}");
    assert!(
        a1.contains(&"a1xb6xd6".to_owned()),
        "shots print sorted: {a1:?}"
    );
}

#[test]
fn a_double_mill_earns_one_shot_under_one() {
    let p = pos("mssa", &[], DOUBLE);
    assert_eq!(
        illegal(&p, "a1xb6xd6"),
        IllegalMove::TooManyShots { owed: 1, given: 2 }
    );
    let after = play(&p, "a1xb6");
    assert_eq!(after.on_board(Color::Black), 3);
}

#[test]
fn a_triple_mill_on_a1_earns_three_shots_under_per_mill() {
    let p = pos(
        "morabaraba",
        &[],
        "a4,a7,b2,c3,d1,g1/b6,c5,d6,d7,e5,f4 6:6 w",
    );
    assert_eq!(
        illegal(&p, "a1xb6xd6"),
        IllegalMove::MissingShot { owed: 3, given: 2 }
    );
    let after = play(&p, "a1xb6xd6xe5");
    assert_eq!(after.on_board(Color::Black), 3);
}

#[test]
fn later_shots_of_a_turn_are_judged_after_the_earlier_ones() {
    // Black has one mill (b6-d6-f6) and one free cow (e5). The first shot must take e5; the
    // second may then take any cow of the mill, since all that is left stands in a mill.
    let p = pos("morabaraba", &[], "a4,a7,d1,g1/b6,d6,f6,e5 8:8 w");
    assert_eq!(illegal(&p, "a1xb6xd6"), IllegalMove::ProtectedCow(pt("b6")));
    let a1 = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect::<Vec<_>>();
    assert_eq!(a1, ["a1xb6xe5", "a1xd6xe5", "a1xe5xf6"]);
}

#[test]
fn a_shot_with_no_cow_to_shoot_is_forfeited_and_the_move_stays_legal() {
    let p = pos("morabaraba", &[], "d1,g1/- 10:10 w");
    assert_eq!(illegal(&p, "a1xb6"), IllegalMove::NothingToShoot(pt("b6")));
    let after = play(&p, "a1");
    assert_eq!(after.on_board(Color::White), 3);
}

#[test]
fn a_shot_without_a_mill_is_refused() {
    let p = pos("morabaraba", &[], DOUBLE);
    assert_eq!(illegal(&p, "c3xb6"), IllegalMove::NoMill);
}

#[test]
fn three_round_a_corner_and_either_side_of_the_centre_are_not_mills() {
    let p = pos("morabaraba", &[], "a4,d1,c4/b6,d6,f4,g7 8:8 w");
    assert_eq!(
        illegal(&p, "a1xb6"),
        IllegalMove::NoMill,
        "a1 with d1 and a4 is an L"
    );
    let p = pos("morabaraba", &[], "c4,d1,g7/b6,d6,f4,a7 8:8 w");
    assert_eq!(
        illegal(&p, "e4xb6"),
        IllegalMove::NoMill,
        "c4 and e4 have no d4 between them"
    );
}

const RETURN: &str = "a1,c3,d2,e3,g4/b6,c5,d5,e5,f6 0:0 b";

#[test]
fn no_immediate_return_refuses_the_return_and_allows_it_after_a_turn() {
    let p = pos("classic-it", &[], RETURN);
    let p = play(&p, "d5-d6xa1");
    assert_eq!(
        p.to_position_string(),
        "c3,d2,e3,g4/b6,c5,d6,e5,f6 0:0 w b:d6-d5 0 0"
    );
    let p = play(&p, "d2-d1");
    assert_eq!(
        illegal(&p, "d6-d5xc3"),
        IllegalMove::ReturnBan(pt("d6"), pt("d5"))
    );
    assert!(!moves(&p).iter().any(|m| m.starts_with("d6-d5")));
    let p = play(&p, "f6-f4");
    assert_eq!(p.bans().count(), 0, "the ban lapses after Black's turn");
    let p = play(&p, "d1-d2");
    let p = play(&p, "d6-d5xc3");
    assert_eq!(p.cow_at(pt("d5")), Some(Color::Black));
}

#[test]
fn no_ban_follows_a_move_along_a_line_that_was_no_mill_before() {
    // d1-g1 closes g1-g4-g7; d1 was not in a mill (a1-d1-g1 lacked g1), so nothing is banned.
    let p = pos("classic-it", &[], "a1,b4,d1,g4,g7/a7,c3,c5,e5,f2 0:0 w");
    let p = play(&p, "d1-g1xc3");
    assert_eq!(p.bans().count(), 0, "{}", p.to_position_string());
}

#[test]
fn free_remake_allows_the_immediate_return() {
    let p = pos("morabaraba", &[], RETURN);
    let p = play(&p, "d5-d6xa1");
    assert_eq!(p.bans().count(), 0);
    let p = play(&p, "d2-d1");
    let p = play(&p, "d6-d5xc3");
    assert_eq!(p.on_board(Color::White), 3);
}

const FLYING: &str = "a1,b4,f6/a7,c3,d3,e5 0:0 w";

#[test]
fn only_the_side_with_three_cows_flies() {
    let p = pos("morabaraba", &[], FLYING);
    assert_eq!(p.phase(), Phase::Flying);
    assert_eq!(p.phase_of(Color::Black), Phase::Moving);
    let p = play(&p, "a1-g4");
    assert_eq!(
        illegal(&p, "c3-g1"),
        IllegalMove::NotAdjacent(pt("c3"), pt("g1"))
    );
    // a7: a4, b6, d7; c3: b2, c4; d3: d2, e3; e5: d5, e4 (f6 is White's).
    assert_eq!(
        p.legal_moves().len(),
        9,
        "black steps only: {:?}",
        moves(&p)
    );
}

#[test]
fn flying_never_keeps_three_cows_stepping() {
    let p = pos("tournament", &[], FLYING);
    assert_eq!(p.phase(), Phase::Moving);
    assert_eq!(
        illegal(&p, "a1-g4"),
        IllegalMove::NotAdjacent(pt("a1"), pt("g4"))
    );
}

const BLOCKED: &str = "a1,a4,g1,g7/a7,b2,b4,d1,d7,f2,f6,g4 0:0 w";

#[test]
fn a_blocked_player_loses_under_blocked_lose() {
    let p = pos("morabaraba", &[], BLOCKED);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Blocked
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn a_blocked_player_passes_under_blocked_pass() {
    let p = pos("koti", &[], BLOCKED);
    assert_eq!(p.outcome(), None);
    assert_eq!(moves(&p), ["pass"]);
    assert_eq!(illegal(&p, "a1-d1"), IllegalMove::MustPass);
    let after = play(&p, "pass");
    assert_eq!(after.side_to_move(), Color::Black);
    assert_eq!(illegal(&after, "pass"), IllegalMove::CannotPass);
}

const FULL: &str = "a1,a7,b4,c3,c5,d2,d6,e3,e5,f4,g1,g7/a4,b2,b6,c4,d1,d3,d5,d7,e4,f2,f6,g4 0:0 w";

#[test]
fn a_full_board_is_drawn_under_board_full_draw() {
    let p = pos("morabaraba", &[], FULL);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BoardFull
        })
    );
    // Reached by play: Black's last placement fills the board without a mill.
    let before = pos(
        "morabaraba",
        &[],
        "a1,a7,b4,c3,c5,d2,d6,e3,e5,f4,g1,g7/a4,b2,b6,c4,d1,d3,d5,d7,e4,f2,f6 0:1 b",
    );
    assert_eq!(before.outcome(), None);
    let after = play(&before, "g4");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BoardFull
        })
    );
}

#[test]
fn a_full_board_loses_for_the_first_player_under_first_player_loses() {
    let p = pos("morabaraba", &["board-full=first-player-loses"], FULL);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::BoardFull
        })
    );
}

#[test]
fn a_full_board_leaves_it_to_the_blocked_rule_under_off() {
    let p = pos("morabaraba", &["board-full=off"], FULL);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Blocked
        })
    );
    let p = pos("koti", &["board-full=off"], FULL);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothBlocked
        })
    );
}

const THREE_EACH: &str = "a1,b4,f6/c3,e5,g7 0:0 w - ";

#[test]
fn the_three_cows_draw_fires_at_exactly_its_count() {
    let p = pos("traditional", &[], &format!("{THREE_EACH}18 0"));
    let p = play(&p, "a1-d1");
    assert_eq!(p.outcome(), None, "19 plies: one short");
    assert_eq!(p.three_cows_plies(), 19);
    let p = play(&p, "c3-d3");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreeCows
        })
    );
}

#[test]
fn the_three_cows_draw_needs_both_under_both_and_one_under_either() {
    let text = "a1,b4,f6/a7,c3,e5,g7 0:0 w - 19 0";
    let both = play(&pos("traditional", &[], text), "a1-d1");
    assert_eq!(both.outcome(), None);
    assert_eq!(both.three_cows_plies(), 0, "the trigger does not hold");
    let either = play(&pos("mssa", &[], text), "a1-d1");
    assert_eq!(
        either.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreeCows
        })
    );
}

#[test]
fn the_three_cows_counter_starts_at_the_shot_that_triggers_it() {
    // White closes a mill and shoots Black down to three: the counter starts at zero there.
    let p = pos("traditional", &[], "a1,b4,d1,g4/c3,c4,e5,g7 0:0 w - 0 5");
    let p = play(&p, "g4-g1xc4");
    assert_eq!((p.three_cows_plies(), p.no_shot_plies()), (0, 0));
    let p = play(&p, "c3-d3");
    assert_eq!(
        p.three_cows_plies(),
        0,
        "White still has four cows: the trigger needs both"
    );
    let p = pos("mssa", &[], "a1,b4,d1,g4/c3,c4,e5,g7 0:0 w - 0 5");
    let p = play(&p, "g4-g1xc4");
    assert_eq!(p.three_cows_plies(), 0);
    let p = play(&p, "c3-d3");
    assert_eq!(p.three_cows_plies(), 1, "either: Black's three are enough");
}

const MANY: &str = "a1,b4,d2,f6/a7,c3,e5,g7 0:0 w - 0 ";

#[test]
fn the_no_shot_draw_fires_at_exactly_its_count() {
    let p = pos("traditional", &[], &format!("{MANY}18"));
    let p = play(&p, "a1-d1");
    assert_eq!(p.outcome(), None, "19 plies: one short");
    let p = play(&p, "c3-d3");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoShot
        })
    );
    assert_eq!(p.no_shot_plies(), 20);
}

#[test]
fn placements_do_not_count_towards_the_no_shot_draw() {
    let p = pos("traditional", &[], "a1,b4,d2,f6/a7,c3,e5 0:1 b");
    let p = play(&p, "g7");
    assert_eq!(p.no_shot_plies(), 0);
    let p = play(&p, "a1-d1");
    assert_eq!(p.no_shot_plies(), 1);
}

#[test]
fn the_repetition_draw_fires_at_the_third_occurrence() {
    let mut p = pos("morabaraba", &[], "a1,b4,c3,f6/a7,d6,e5,g7 0:0 w");
    let cycle = ["a1-d1", "g7-g4", "d1-a1", "g4-g7"];
    for (ply, mv) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(p.outcome(), None, "over before ply {}", ply + 1);
        p = play(&p, mv);
    }
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(p.repetition_window().len(), 9);
}

#[test]
fn a_placement_or_shot_clears_the_repetition_history() {
    let p = pos("morabaraba", &[], "a1,b4,c3,f6/a7,d6,e5 0:1 b");
    let p = play(&p, "g7");
    assert_eq!(p.repetition_window(), [p.hash()]);
}

#[test]
fn a_player_reduced_to_two_loses_at_once() {
    let p = pos("morabaraba", &[], "a1,b4,d1,g4/c3,c4,e5 0:0 w");
    let p = play(&p, "g4-g1xc4");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ReducedToTwo
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn a_player_reduced_to_two_loses_during_placement_too() {
    // Black has two cows on the board and one in hand: one shot leaves two in all.
    let p = pos("morabaraba", &[], "d1,g1/b6,f6 1:1 w");
    let p = play(&p, "a1xb6");
    assert_eq!(p.in_hand(Color::Black), 1);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ReducedToTwo
        })
    );
}

#[test]
fn the_sotho_centre_forms_no_mill_under_centre_mills_none() {
    let p = pos("sotho", &[], "b4,c4,e4/a7,b6,d7 9:9 w");
    assert_eq!(illegal(&p, "d4xa7"), IllegalMove::NoMill);
}

#[test]
fn the_sotho_centre_forms_mills_only_as_middle_under_middle_only() {
    let p = pos(
        "sotho",
        &["centre-mills=middle-only"],
        "b4,c4,e4/a7,b6,d7 9:9 w",
    );
    let after = play(&p, "d4xa7");
    assert_eq!(after.on_board(Color::Black), 2);
    let p = pos(
        "sotho",
        &["centre-mills=middle-only"],
        "b4,c4,g1/a7,b6,d7 9:9 w",
    );
    assert_eq!(
        illegal(&p, "d4xa7"),
        IllegalMove::NoMill,
        "b4-c4-d4 has d4 at the end"
    );
}

#[test]
fn the_sotho_centre_forms_mills_at_either_end_under_any_triple() {
    let p = pos(
        "sotho",
        &["centre-mills=any-triple"],
        "b4,c4,g1/a7,b6,d7 9:9 w",
    );
    play(&p, "d4xa7");
    // b4-c4-d4 and c4-d4-e4 together: one shot under the sotho preset's `shots=one`, two under
    // `shots=per-mill`.
    let p = pos(
        "sotho",
        &["centre-mills=any-triple"],
        "b4,c4,e4/a7,b6,d7 9:9 w",
    );
    assert_eq!(
        illegal(&p, "d4xa7xb6"),
        IllegalMove::TooManyShots { owed: 1, given: 2 }
    );
    let p = pos(
        "sotho",
        &["centre-mills=any-triple", "shots=per-mill"],
        "b4,c4,e4/a7,b6,d7 9:9 w",
    );
    play(&p, "d4xa7xb6");
}

#[test]
fn the_sotho_short_diagonals_are_movement_lines_only() {
    let p = pos("sotho", &[], "a1,b2,c4,g7/a7,d7,e5,f6 0:0 w");
    assert!(p.is_legal("c4-d4".parse().unwrap()));
    assert_eq!(
        illegal(&p, "b2-c3"),
        IllegalMove::NotAdjacent(pt("b2"), pt("c3"))
    );
    assert!(
        !p.legal_moves().iter().any(|m| m.to_string().contains('x')),
        "a1-b2-c3 is no mill here"
    );
}

#[test]
fn illegal_moves_name_their_reason() {
    let p = pos("morabaraba", &[], PROTECTED);
    assert_eq!(illegal(&p, "d3"), IllegalMove::NothingInHand);
    assert_eq!(illegal(&p, "a7-b6"), IllegalMove::NotYourCow(pt("a7")));
    assert_eq!(illegal(&p, "a4-a7"), IllegalMove::Occupied(pt("a7")));
    assert_eq!(illegal(&p, "a4-d4"), IllegalMove::NotOnBoard(pt("d4")));
    assert_eq!(
        illegal(&p, "a4-g4"),
        IllegalMove::NotAdjacent(pt("a4"), pt("g4"))
    );
    assert_eq!(
        illegal(&p, "f4-f2xd2"),
        IllegalMove::NothingToShoot(pt("d2"))
    );
    let start = Position::new(Options::default());
    assert_eq!(illegal(&start, "a1-d1"), IllegalMove::MustPlace);
    let msg = start.parse_move("a1-d1").unwrap_err().to_string();
    assert!(msg.contains("cows in hand"), "{msg}");
}

#[test]
fn set_cows_gives_the_position_a_setup_gives() {
    use kraal_rules_morris::Setup;
    let p = |name: &str| name.parse::<Point>().unwrap();
    let (white, black) = ([p("a1"), p("d1"), p("g4")], [p("b2"), p("d7"), p("f6")]);
    let setup = Setup {
        cows: [white.to_vec(), black.to_vec()],
        in_hand: [0, 0],
        side_to_move: Color::Black,
        bans: Vec::new(),
        three_cows_plies: 0,
        no_shot_plies: 0,
    };
    let want = Position::from_setup(&setup, Options::morabaraba()).unwrap();
    let bits = |ps: &[Point]| ps.iter().fold(0, |b, q| b | q.bit());
    let mut pos = Position::new(Options::morabaraba());
    pos.set_cows([bits(&white), bits(&black)], Color::Black)
        .unwrap();
    assert_eq!(pos.to_position_string(), want.to_position_string());
    assert_eq!(pos.legal_moves(), want.legal_moves());
    assert_eq!(pos.hash(), want.hash());
    // Two cows on one point, or a point the board lacks, are refused.
    assert!(
        pos.set_cows([bits(&white), bits(&white)], Color::White)
            .is_err()
    );
    assert!(
        pos.set_cows([Point::CENTRE.bit(), 0], Color::White)
            .is_err()
    );
    assert_eq!(pos.to_position_string(), want.to_position_string());
}
