//! One named test per clause of "What the tests must pin" in the spec: a literal board, a move,
//! and the full expected board (the position string: South's holes / North's holes, captured
//! S:N, side to move, and in Mulabalaba the ply count).

use kraal_rules_mancala::{
    EndReason, Game, IllegalMove, Move, MoveError, Options, Outcome, Position, Side, Step,
};

fn pos(rules: &str, text: &str) -> Position {
    let mut words = rules.split_whitespace();
    let name = words.next().unwrap();
    let overrides: Vec<&str> = words.collect();
    let options = Options::from_rule_set(name, &overrides).unwrap();
    Position::from_position_string(text, options).unwrap()
}

/// Plays `mv` (notation) and returns the new position.
fn play(p: &Position, mv: &str) -> Position {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    p.clone().play(m).unwrap()
}

fn after(rules: &str, text: &str, mv: &str) -> String {
    play(&pos(rules, text), mv).to_position_string()
}

fn illegal(p: &Position, mv: &str) -> IllegalMove {
    match p.parse_move(mv) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{mv} should be illegal, got {other:?}"),
    }
}

fn moves(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

// ----- Oware ---------------------------------------------------------------------------------

#[test]
fn oware_a_lap_of_12_seeds_skips_the_origin() {
    // A's 12 seeds: B..F, a..f (11 houses), then A is skipped and the 12th falls in B.
    assert_eq!(
        after("abapa", "12,0,0,0,0,0/3,3,3,3,3,3 9:9 s", "A"),
        "0,2,1,1,1,1/4,4,4,4,4,4 9:9 n"
    );
}

#[test]
fn oware_two_laps_of_23_seeds_skip_the_origin_twice() {
    // F's 23 seeds: every other house twice (22), the 23rd in a, which then holds 3: captured.
    // The chain stops at once: the house before a is South's own F.
    assert_eq!(
        after("abapa", "0,0,0,0,0,23/0,1,1,1,1,1 10:10 s", "F"),
        "2,2,2,2,2,0/0,3,3,3,3,3 13:10 n"
    );
}

#[test]
fn oware_capture_chain_stops_at_a_house_of_1() {
    // E sows F a b c: c 1->2 is taken; b 0->1 stops the chain, so a (1->2) is not taken.
    assert_eq!(
        after("abapa", "3,3,3,3,4,3/1,0,1,3,4,5 8:7 s", "E"),
        "3,3,3,3,0,4/2,1,0,3,4,5 10:7 n"
    );
}

#[test]
fn oware_capture_chain_stops_at_a_house_of_4() {
    // E sows F a b c: c 1->2 is taken; b 3->4 stops the chain, so a (2->3) is not taken.
    assert_eq!(
        after("abapa", "3,3,3,3,4,3/2,3,1,3,4,5 6:5 s", "E"),
        "3,3,3,3,0,4/3,4,0,3,4,5 8:5 n"
    );
}

#[test]
fn oware_capture_chain_stops_at_the_players_own_side() {
    // E sows F a b c: c, b, a (2, 3, 2) are taken; F holds 2 but is South's own: not taken.
    assert_eq!(
        after("abapa", "3,3,3,3,4,1/1,2,1,3,4,5 8:7 s", "E"),
        "3,3,3,3,0,2/0,0,0,3,4,5 15:7 n"
    );
    // The same for North, whose chain runs back from A to North's own f.
    assert_eq!(
        after("abapa", "1,2,1,3,4,5/3,3,3,3,4,1 7:8 n", "e"),
        "0,0,0,3,4,5/3,3,3,3,0,2 7:15 s"
    );
}

/// South's F (2 seeds) sows a and b: a 1->2, b 2->3, every North seed: a grand slam. B and C
/// capture a alone, D and E capture nothing.
const GRAND_SLAM: &str = "5,5,4,5,5,2/1,2,0,0,0,0 10:9 s";

#[test]
fn oware_grand_slam_no_capture_plays_the_move_and_captures_nothing() {
    assert_eq!(
        after("abapa", GRAND_SLAM, "F"),
        "5,5,4,5,5,0/2,3,0,0,0,0 10:9 n"
    );
}

#[test]
fn oware_grand_slam_capture_all_takes_the_whole_chain() {
    let p = play(&pos("oware-capture-all", GRAND_SLAM), "F");
    assert_eq!(p.to_position_string(), "5,5,4,5,5,0/0,0,0,0,0,0 15:9 n");
    // North has no seeds: each player takes the seeds on their side, South 15 + 24.
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::NoSeeds
        })
    );
    assert_eq!(p.scores(), [39, 9]);
}

#[test]
fn oware_grand_slam_leave_last_spares_the_house_of_the_last_seed() {
    assert_eq!(
        after("abapa grand-slam=leave-last", GRAND_SLAM, "F"),
        "5,5,4,5,5,0/0,3,0,0,0,0 12:9 n"
    );
}

#[test]
fn oware_grand_slam_illegal_is_refused_unless_every_move_is_one() {
    let p = pos("awale-ludii", GRAND_SLAM);
    assert_eq!(moves(&p), ["A", "B", "C", "D", "E"]);
    assert!(matches!(illegal(&p, "F"), IllegalMove::GrandSlam(_)));
    // Forced: F is South's only move and a grand slam, so it is legal and takes the chain.
    let forced = pos("awale-ludii", "0,0,0,0,0,2/1,2,0,0,0,0 22:21 s");
    assert_eq!(moves(&forced), ["F"]);
    let p = play(&forced, "F");
    assert_eq!(p.to_position_string(), "0,0,0,0,0,0/0,0,0,0,0,0 27:21 n");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::Majority
        })
    );
}

#[test]
fn oware_a_forced_feed_allows_only_the_feeding_move() {
    // North has no seeds; of South's five moves only E (2 seeds) reaches North's row.
    let p = pos("abapa", "1,1,1,1,2,0/0,0,0,0,0,0 21:21 s");
    assert_eq!(moves(&p), ["E"]);
    assert!(matches!(illegal(&p, "A"), IllegalMove::MustFeed(_)));
    assert!(matches!(illegal(&p, "d"), IllegalMove::MustFeed(_)));
    assert!(matches!(illegal(&p, "F"), IllegalMove::EmptyHole(_)));
    assert_eq!(
        play(&p, "e").to_position_string(),
        "1,1,1,1,0,1/1,0,0,0,0,0 21:21 n"
    );
}

#[test]
fn oware_famine_ends_the_game_and_the_mover_takes_the_rest() {
    // North's last seed goes over to South; South cannot feed North (A..D hold 1 each).
    let p = play(&pos("abapa", "0,1,1,1,0,0/0,0,0,0,0,1 22:22 n"), "f");
    assert_eq!(p.to_position_string(), "1,1,1,1,0,0/0,0,0,0,0,0 22:22 s");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::Famine
        })
    );
    assert_eq!(p.scores(), [26, 22]);
    assert!(p.legal_moves().is_empty());
}

#[test]
fn oware_25_ends_the_game_at_once() {
    // F takes a (1->2): South reaches 25 while both sides still have moves.
    let p = play(&pos("abapa", "4,4,4,4,4,1/1,0,0,0,0,3 23:0 s"), "F");
    assert_eq!(p.to_position_string(), "4,4,4,4,4,0/0,0,0,0,0,3 25:0 n");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::Majority
        })
    );
    assert!(p.legal_moves().is_empty());
    // Nothing is shared out after a 25 win.
    assert_eq!(p.scores(), [25, 0]);
}

#[test]
fn oware_24_24_is_a_draw() {
    // By capture (a grand slam that captures, emptying the board): both have exactly half.
    let p = play(
        &pos("oware-capture-all", "0,0,0,0,0,1/1,0,0,0,0,0 22:24 s"),
        "F",
    );
    assert_eq!(p.to_position_string(), "0,0,0,0,0,0/0,0,0,0,0,0 24:24 n");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Halves
        })
    );
    // By the seeds shared out at the end: a famine that brings South to 24.
    let p = play(&pos("abapa", "0,1,2,0,0,0/0,0,0,0,0,1 20:24 n"), "f");
    assert_eq!(p.to_position_string(), "1,1,2,0,0,0/0,0,0,0,0,0 20:24 s");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Famine
        })
    );
    assert_eq!(p.scores(), [24, 24]);
}

#[test]
fn oware_the_cycle_rule_ends_the_game_at_the_nth_occurrence() {
    // Each side has one seed and one move at a time, except at f where North walks on:
    // after 12 plies the start position is back (its 2nd occurrence), after 24 the 3rd.
    let start = "1,0,0,0,0,0/1,0,0,0,0,0 24:22 s";
    let round = ["A", "a", "B", "b", "C", "c", "D", "d", "E", "e", "F", "f"];
    let mut p = pos("abapa", start);
    for (ply, mv) in round.iter().chain(&round).enumerate() {
        assert!(!p.is_game_over(), "over before ply {ply}");
        p = play(&p, mv);
        if ply == 11 {
            assert_eq!(p.to_position_string(), start);
        }
    }
    assert_eq!(p.to_position_string(), start);
    // Each takes the seeds on their own side: 25 to 23.
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::Cycle
        })
    );
    assert_eq!(p.scores(), [25, 23]);
    assert_eq!(p.repetition_window().len(), 25);
    // With cycle=2 the first recurrence ends it.
    let mut p = pos("abapa cycle=2", start);
    for mv in round {
        p = play(&p, mv);
    }
    assert_eq!(p.outcome().map(Outcome::reason), Some(EndReason::Cycle));
}

#[test]
fn oware_the_no_capture_claim_is_decided_exactly() {
    // One seed each, always apart: no capture can ever happen.
    let mut p = pos("abapa", "0,0,1,0,0,0/0,0,0,0,0,1 23:23 s");
    assert_eq!(p.claim_verdict(), kraal_rules_mancala::Claim::Granted);
    assert_eq!(
        p.claim_no_capture(),
        Ok(Outcome::Draw {
            reason: EndReason::NoCapturePossible
        })
    );
    assert!(p.legal_moves().is_empty());
    // With two seeds any capture is a grand slam, which captures nothing under Abapa; with a
    // third, South's seed can reach a house of 1 a few moves later.
    let p = pos("abapa", "0,0,0,0,0,1/1,0,0,0,0,0 23:23 s");
    assert_eq!(p.claim_verdict(), kraal_rules_mancala::Claim::Granted);
    let p = pos("oware-capture-all", "0,0,0,0,0,1/1,0,0,0,0,0 23:23 s");
    assert_eq!(
        p.claim_verdict(),
        kraal_rules_mancala::Claim::CaptureReachable
    );
    let p = pos("abapa", "0,0,0,0,1,0/1,0,0,0,0,1 23:22 s");
    assert_eq!(
        p.claim_verdict(),
        kraal_rules_mancala::Claim::CaptureReachable
    );
    // More than 12 seeds: refused as undecided.
    let mut p = Position::new(Options::abapa());
    assert_eq!(
        p.claim_no_capture(),
        Err(kraal_rules_mancala::ClaimRefused::Undecided)
    );
}

// ----- Mulabalaba (4x4: holes 1-4 outer row, 5-8 inner row; 5 faces the opponent's 8) ---------

const SMALL: &str = "mulabalaba holes=4";

#[test]
fn mulabalaba_a_relay_crosses_from_the_inner_to_the_outer_row() {
    // 7 (3 seeds) sows 8, 1, 2; 2 was occupied: relay its 2 seeds to 3 and 4; 4 was empty.
    let p = pos(SMALL, "0,1,0,0,0,0,3,0/2,2,2,2,2,2,2,2 0:12 s 0");
    let mv = p.parse_move("7").unwrap();
    let h = |i: u8| kraal_rules_mancala::Hole::new(Side::South, i - 1);
    assert_eq!(
        p.steps(mv).unwrap(),
        vec![
            Step::Lift {
                hole: h(7),
                seeds: 3,
                relay: false
            },
            Step::Drop {
                hole: h(8),
                seeds: 1
            },
            Step::Drop {
                hole: h(1),
                seeds: 1
            },
            Step::Drop {
                hole: h(2),
                seeds: 2
            },
            Step::Lift {
                hole: h(2),
                seeds: 2,
                relay: true
            },
            Step::Drop {
                hole: h(3),
                seeds: 1
            },
            Step::Drop {
                hole: h(4),
                seeds: 1
            },
        ]
    );
    assert_eq!(
        play(&p, "7").to_position_string(),
        "1,0,1,1,0,0,0,1/2,2,2,2,2,2,2,2 0:12 n 1"
    );
}

#[test]
fn mulabalaba_a_capture_takes_both_opposite_holes() {
    // 3 sows 4, 5, 6; 6 was empty and inner: North's 7 (facing) and 2 (behind it) are taken.
    assert_eq!(
        after(SMALL, "0,0,3,0,0,0,0,0/1,2,1,1,1,1,3,1 5:13 s 0", "3"),
        "0,0,0,1,1,1,0,0/1,0,1,1,1,1,0,1 10:13 n 1"
    );
}

#[test]
fn mulabalaba_a_capture_with_the_opposite_outer_hole_empty() {
    assert_eq!(
        after(SMALL, "0,0,3,0,0,0,0,0/1,0,1,1,1,1,3,1 7:13 s 0", "3"),
        "0,0,0,1,1,1,0,0/1,0,1,1,1,1,0,1 10:13 n 1"
    );
}

#[test]
fn mulabalaba_no_capture_when_the_opposite_inner_hole_is_empty() {
    // North's 2 (behind) holds seeds, but the facing 7 is empty: nothing is taken.
    assert_eq!(
        after(SMALL, "0,0,3,0,0,0,0,0/1,2,1,1,1,1,0,1 8:13 s 0", "3"),
        "0,0,0,1,1,1,0,0/1,2,1,1,1,1,0,1 8:13 n 1"
    );
}

#[test]
fn mulabalaba_the_singleton_rule_moves_a_single_seed_onto_an_occupied_hole() {
    // Only single seeds: 3 is the one whose next hole (4) is occupied; both are sown on.
    let p = pos(SMALL, "1,0,1,1,0,0,0,0/2,2,2,2,2,2,0,2 2:13 s 0");
    assert_eq!(moves(&p), ["3"]);
    assert!(matches!(illegal(&p, "1"), IllegalMove::NextHoleEmpty(_)));
    assert_eq!(
        play(&p, "3").to_position_string(),
        "1,0,0,0,1,1,0,0/2,2,2,2,2,2,0,2 2:13 n 1"
    );
    // A single seed may not move while a hole holds two.
    let p = pos(SMALL, "1,2,0,0,0,0,0,0/2,2,2,2,2,2,2,2 0:13 s 0");
    assert!(matches!(illegal(&p, "1"), IllegalMove::SingleSeed(_)));
}

#[test]
fn mulabalaba_the_singleton_fallback_steps_into_an_empty_hole_or_gives_no_move() {
    // Single seeds with empty next holes only. step-to-empty: either steps on, and a step into
    // an empty inner hole captures like any other move (5 faces North's 8, behind it North's 1).
    let text = "1,0,0,1,0,0,0,0/2,2,2,2,2,2,2,2 0:14 s 0";
    let p = pos(SMALL, text);
    assert_eq!(moves(&p), ["1", "4"]);
    assert_eq!(
        play(&p, "1").to_position_string(),
        "0,1,0,1,0,0,0,0/2,2,2,2,2,2,2,2 0:14 n 1"
    );
    assert_eq!(
        play(&p, "4").to_position_string(),
        "1,0,0,0,1,0,0,0/0,2,2,2,2,2,2,0 4:14 n 1"
    );
    // no-move: South cannot move, and loses.
    let p = pos("mulabalaba holes=4 singleton-fallback=no-move", text);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::North,
            reason: EndReason::NoMove
        })
    );
}

/// Sows the 8-hole row `own` from hole index `start` by hand, relaying from each last hole,
/// and asserts that 10 000 laps never end in an empty hole.
fn assert_relay_runs_by_hand(mut own: [u32; 8], start: usize) {
    let mut at = start;
    for _ in 0..10_000 {
        let hand = std::mem::take(&mut own[at]);
        for _ in 0..hand {
            at = (at + 1) % 8;
            own[at] += 1;
        }
        assert!(own[at] > 1, "the relay ended");
    }
}

#[test]
fn mulabalaba_an_endless_relay_is_illegal_or_loses() {
    // Hole 2's relay comes back to a state it has been in (after 88 laps) and never ends.
    let text = "1,2,0,1,0,2,1,2/1,1,1,1,1,1,1,1 8:7 s 0";
    // An independent check: sown by hand, 10 000 laps do not end it.
    assert_relay_runs_by_hand([1, 2, 0, 1, 0, 2, 1, 2], 1);
    let p = pos(SMALL, text);
    assert!(matches!(illegal(&p, "2"), IllegalMove::Endless(_)));
    assert!(!moves(&p).contains(&"2".to_owned()));
    let p = pos("mulabalaba holes=4 endless=loses", text);
    assert!(moves(&p).contains(&"2".to_owned()));
    assert_eq!(
        p.steps(p.parse_move("2").unwrap()).unwrap(),
        vec![Step::Endless]
    );
    let p = play(&p, "2");
    // The board is left as it was; the mover loses.
    assert_eq!(
        p.to_position_string(),
        "1,2,0,1,0,2,1,2/1,1,1,1,1,1,1,1 8:7 n 1"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::North,
            reason: EndReason::EndlessMove
        })
    );
}

#[test]
fn mulabalaba_an_endless_relay_after_a_playable_hole_is_still_illegal() {
    // Hole 1's relay ends; hole 2's never does. The engine checks the first playable hole
    // when the position is reached and the others only when the moves are listed.
    let text = "3,2,0,3,0,1,0,2/1,1,1,1,1,1,1,1 8:5 s 0";
    // An independent check, sown by hand: hole 2 does not end in 10 000 laps.
    assert_relay_runs_by_hand([3, 2, 0, 3, 0, 1, 0, 2], 1);
    let p = pos(SMALL, text);
    assert_eq!(moves(&p), ["1", "4", "8"]);
    assert_eq!(p.count_legal_moves(), 3);
    assert!(matches!(illegal(&p, "2"), IllegalMove::Endless(_)));
    assert!(p.outcome().is_none());
    let p = pos("mulabalaba holes=4 endless=loses", text);
    assert_eq!(moves(&p), ["1", "2", "4", "8"]);
}

#[test]
fn mulabalaba_a_player_left_with_no_seeds_loses() {
    // South's 3 lands in empty 6 and takes North's last seeds (7 and 2).
    let p = play(
        &pos(SMALL, "0,0,3,0,0,0,0,0/0,1,0,0,0,0,2,0 13:13 s 0"),
        "3",
    );
    assert_eq!(
        p.to_position_string(),
        "0,0,0,1,1,1,0,0/0,0,0,0,0,0,0,0 16:13 n 1"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::NoSeeds
        })
    );
}

#[test]
fn mulabalaba_max_plies_ends_the_game_and_more_seeds_on_the_board_wins() {
    // South's 2 from hole 3 fall in empty 4 and empty inner 5; North's 8 faces it: North's 8
    // (2 seeds) and the outer 1 behind it (2) are taken. South keeps 16 on the board, North 12.
    let text = "0,0,2,0,0,6,4,4/2,2,2,2,2,2,2,2 0:0 s 399";
    let p = play(&pos("mulabalaba holes=4", text), "3");
    assert_eq!(
        p.to_position_string(),
        "0,0,0,1,1,6,4,4/0,2,2,2,2,2,2,0 4:0 n 400"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::South,
            reason: EndReason::MaxPlies
        })
    );
    assert!(p.legal_moves().is_empty());
    let p = play(&pos("mulabalaba holes=4 max-plies=off", text), "3");
    assert!(!p.is_game_over());
}

#[test]
fn mulabalaba_max_plies_with_equal_seeds_on_the_board_is_a_draw() {
    // South's 1 relays 1 -> 3 (3 seeds) -> 6 (3) -> 1, which was emptied and so ends the move
    // in an outer hole: nothing is captured, 16 seeds each on the board at ply 400.
    let text = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 0:0 s 399";
    let p = play(&pos("mulabalaba holes=4", text), "1");
    assert_eq!(
        p.to_position_string(),
        "1,3,0,3,3,0,3,3/2,2,2,2,2,2,2,2 0:0 n 400"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::MaxPlies
        })
    );
    assert!(p.is_game_over());
    let p = play(&pos("mulabalaba holes=4 max-plies=off", text), "1");
    assert!(!p.is_game_over());
}

#[test]
fn moves_of_the_other_game_or_side_are_named_as_such() {
    let oware = Position::new(Options::abapa());
    let mul = Position::new(Options::mulabalaba());
    assert_eq!(
        oware.check(Move::new(Game::Mulabalaba, Side::South, 0)),
        Err(IllegalMove::WrongGame(Game::Oware))
    );
    assert_eq!(
        oware.check(Move::new(Game::Oware, Side::North, 0)),
        Err(IllegalMove::NotYourTurn(Side::North))
    );
    assert!(matches!(
        oware.parse_move("g"),
        Err(MoveError::Illegal {
            reason: IllegalMove::NoSuchHole(_),
            ..
        })
    ));
    assert!(matches!(oware.parse_move("3"), Err(MoveError::Syntax(_))));
    assert!(matches!(mul.parse_move("c"), Err(MoveError::Syntax(_))));
    assert_eq!(mul.parse_move(" 16 ").unwrap().to_string(), "16");
}

#[test]
fn set_board_gives_the_position_a_position_string_gives() {
    let text = "0,0,3,0,1,0/2,0,0,0,0,1 20:21 n";
    let want = Position::from_position_string(text, Options::abapa()).unwrap();
    let mut pos = Position::new(Options::abapa());
    let _ = pos.play_unchecked(pos.legal_moves()[0]);
    pos.set_board(want.holes(), [20, 21], Side::North).unwrap();
    assert_eq!(pos, want);
    assert_eq!(pos.legal_moves(), want.legal_moves());
    // Seeds that do not add up are refused and leave the position as it was.
    assert!(pos.set_board(want.holes(), [20, 20], Side::North).is_err());
    assert!(
        pos.set_board(&want.holes()[..6], [20, 21], Side::North)
            .is_err()
    );
    assert_eq!(pos, want);
}
