//! A game in progress: history and cursor, players and the AI thread, session endings, records.

use kraal_ai::Opponent;
use kraal_session::family::{MancalaFamily, MorrisFamily};
use kraal_session::{EndReason, GameResult, GameRules, Outcome, Player, Record, Session, resolve};
use std::fmt::Display;

/// The moves as their notation.
fn texts<M: Display>(moves: Vec<M>) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The result and reason of a game, if it is over.
fn ended(outcome: Option<Outcome>) -> Option<(GameResult, EndReason)> {
    outcome.map(|o| (o.result(), o.reason))
}

fn oware(players: [Player; 2]) -> Session<MancalaFamily> {
    let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
    let GameRules::Mancala { options, .. } = rules else {
        panic!("oware is mancala")
    };
    Session::new(MancalaFamily(options), rules, None, players, 1).expect("session")
}

fn morabaraba(start: Option<&str>, players: [Player; 2]) -> Session<MorrisFamily> {
    let rules = resolve("morabaraba", None, &[] as &[&str]).expect("rules");
    let GameRules::Morris { options, .. } = rules else {
        panic!("morabaraba is a mill game")
    };
    Session::new(MorrisFamily(options), rules, start, players, 1).expect("session")
}

const HUMANS: [Player; 2] = [Player::Human, Player::Human];

fn calf() -> Player {
    Player::Ai(Opponent::level(1).expect("level 1"))
}

#[test]
fn undo_redo_and_jump_move_the_cursor() {
    let mut s = oware(HUMANS);
    for mv in ["C", "f", "D"] {
        s.play_text(mv).expect("legal");
    }
    assert_eq!(texts(s.moves()), ["C", "f", "D"]);
    assert!(s.undo() && s.undo());
    assert_eq!((s.ply(), s.redoable()), (1, 2));
    assert_eq!(texts(s.all_moves()), ["C", "f", "D"]);
    assert!(s.redo());
    assert_eq!(texts(s.moves()), ["C", "f"]);
    s.jump(0).expect("the start");
    assert_eq!(s.side_to_move(), 0);
    assert!(s.jump(4).is_err());
    s.jump(3).expect("the end");
    assert_eq!(texts(s.moves()), ["C", "f", "D"]);
    assert!(!s.redo());
}

#[test]
fn a_move_played_from_the_past_drops_the_undone_tail() {
    let mut s = oware(HUMANS);
    for mv in ["C", "f", "D"] {
        s.play_text(mv).expect("legal");
    }
    s.jump(1).expect("ply 1");
    s.play_text("a").expect("North's a");
    assert_eq!(texts(s.moves()), ["C", "a"]);
    assert_eq!(s.redoable(), 0);
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut s = morabaraba(None, HUMANS);
    s.play_text("d2").expect("legal");
    let err = s.play_text("D2").unwrap_err().to_string();
    assert!(err.contains("occupied"), "{err}");
    assert_eq!(texts(s.moves()), ["d2"]);
}

#[test]
fn the_ai_thinks_on_another_thread_and_its_move_is_played() {
    let mut s = oware([Player::Human, calf()]);
    s.play_text("C").expect("legal");
    s.start_ai();
    assert!(s.is_thinking());
    let choice = s.wait_ai().expect("the AI moves");
    let mv = choice.mv.expect("a move").to_string();
    assert_eq!(texts(s.moves()), ["C", mv.as_str()]);
    assert_eq!(s.side_to_move(), 0);
}

#[test]
fn undo_while_the_ai_thinks_cancels_it() {
    let ancestor = Player::Ai(Opponent::level(7).expect("level 7"));
    let mut s = morabaraba(None, [Player::Human, ancestor]);
    s.play_text("d2").expect("legal");
    s.start_ai();
    assert_eq!(s.undo_turn(), 1, "back to the human's turn");
    assert!(!s.is_thinking());
    assert_eq!(s.poll_ai(), None);
    assert!(s.moves().is_empty());
}

#[test]
fn against_the_ai_undo_goes_back_to_the_humans_turn() {
    let mut s = oware([Player::Human, calf()]);
    s.play_text("C").expect("legal");
    s.wait_ai().expect("reply");
    s.play_text("A")
        .or_else(|_| s.play_text("B"))
        .expect("a South move");
    s.wait_ai().expect("reply");
    assert_eq!(s.ply(), 4);
    assert_eq!(s.undo_turn(), 2);
    assert_eq!(s.ply(), 2);
    assert_eq!(s.player_to_move(), Player::Human);
}

#[test]
fn resignation_and_agreed_draws_end_the_game() {
    let mut s = oware(HUMANS);
    s.play_text("C").expect("legal");
    s.resign();
    assert_eq!(
        ended(s.outcome()),
        Some((GameResult::FirstWins, EndReason::Resignation))
    );
    assert!(s.play_text("a").is_err());
    assert!(s.undo(), "undo takes back the resignation with the move");
}

#[test]
fn a_draw_offer_is_accepted_on_the_opponents_turn_or_declined_by_their_move() {
    let mut s = oware(HUMANS);
    assert_eq!(
        s.offer_draw(),
        kraal_session::DrawOffer::Offered,
        "a human opponent answers on their turn"
    );
    assert!(
        !s.accept_draw(),
        "the offerer cannot accept their own offer"
    );
    s.play_text("C").expect("legal");
    assert!(s.accept_draw(), "North accepts South's offer");
    assert_eq!(
        ended(s.outcome()),
        Some((GameResult::Draw, EndReason::Agreement))
    );

    let mut s = oware(HUMANS);
    s.offer_draw();
    s.play_text("C").expect("legal");
    s.play_text("a").expect("North declines by moving");
    assert!(!s.accept_draw());
    assert_eq!(s.outcome(), None);
}

#[test]
fn a_won_game_reports_the_rules_reason() {
    let mut s = morabaraba(Some("a1,b4,d1,g4/c3,c4,e5 0:0 w"), HUMANS);
    s.play_text("g4-g1xc4").expect("legal");
    assert_eq!(
        ended(s.outcome()),
        Some((GameResult::FirstWins, EndReason::ReducedToTwo))
    );
    assert!(s.is_over());
}

#[test]
fn a_session_round_trips_through_its_record() {
    let mut s = oware([Player::Human, calf()]);
    for _ in 0..6 {
        let first = s.position().legal_moves()[0].to_string();
        s.play_text(&first).expect("legal");
        s.wait_ai().expect("reply");
    }
    s.resign();
    let record = s.record();
    assert_eq!(
        record.tag("Result"),
        Some("0-1"),
        "South, to move, resigned"
    );
    assert_eq!(record.tag("Black"), Some("ai:1"));
    let text = record.to_string();
    let back = Session::from_record(
        MancalaFamily(kraal_rules_mancala::Options::abapa()),
        &Record::parse(&text).expect("parses"),
        s.players(),
        1,
    )
    .expect("loads");
    assert_eq!(back.moves(), s.moves());
    assert_eq!(back.outcome(), s.outcome());
    assert_eq!(back.record().to_string(), text);
}

#[test]
fn an_ai_accepts_a_draw_only_when_the_offerer_stands_better() {
    // White, to move, wins at once: the AI (Black) is glad of a draw.
    let mut s = morabaraba(Some("a1,b4,d1,g4/c3,c4,e5 0:0 w"), [Player::Human, calf()]);
    assert_eq!(s.offer_draw(), kraal_session::DrawOffer::Asked);
    assert_eq!(s.wait_draw(), Some(true));
    assert_eq!(s.outcome().map(|o| o.reason), Some(EndReason::Agreement));
    // Black, to move, is the one in trouble: White's AI declines.
    let mut s = morabaraba(Some("a1,b4,d1,g4/c3,c4,e5 0:0 b"), [calf(), Player::Human]);
    assert_eq!(s.offer_draw(), kraal_session::DrawOffer::Asked);
    assert_eq!(s.wait_draw(), Some(false));
    assert_eq!(s.outcome(), None);
}

/// Issue 13, 5: no opponent takes a draw in the opening of a balanced game.
#[test]
fn no_opponent_accepts_a_draw_at_the_start() {
    for level in 1..=7 {
        let ai = Player::Ai(Opponent::level(level).expect("a level"));
        let mut s = morabaraba(None, [Player::Human, ai]);
        assert_eq!(s.offer_draw(), kraal_session::DrawOffer::Asked);
        assert_eq!(s.wait_draw(), Some(false), "level {level}, Morabaraba");
        assert_eq!(s.outcome(), None);
        let mut s = oware([Player::Human, ai]);
        s.offer_draw();
        assert_eq!(s.wait_draw(), Some(false), "level {level}, Oware");
    }
}

#[test]
fn a_player_whose_time_runs_out_loses() {
    use std::time::{Duration, Instant};
    let mut s = oware(HUMANS);
    let t0 = Instant::now();
    s.set_time_control_at("move:2".parse().expect("two seconds a move"), t0);
    s.play_text_at("C", t0 + Duration::from_millis(500))
        .expect("in time");
    assert!(
        !s.tick(t0 + Duration::from_secs(2)),
        "North's two seconds started with C"
    );
    let err = s
        .play_text_at("a", t0 + Duration::from_secs(3))
        .unwrap_err()
        .to_string();
    assert!(err.contains("ran out of time"), "{err}");
    assert_eq!(
        ended(s.outcome()),
        Some((GameResult::FirstWins, EndReason::Time))
    );
    let record = s.record_at(t0 + Duration::from_secs(3));
    assert_eq!(record.tag("Clock"), Some("move:2"));
    assert_eq!(record.tag("Reason"), Some("time"));
}

#[test]
fn a_saved_clock_is_restored_on_load() {
    use std::time::{Duration, Instant};
    let t0 = Instant::now();
    let mut s = oware(HUMANS);
    s.set_time_control_at("5+3".parse().expect("five minutes and three seconds"), t0);
    s.play_text_at("C", t0 + Duration::from_secs(10))
        .expect("legal");
    let record = s.record_at(t0 + Duration::from_secs(14));
    // Read back much later: the clock stood still while the game was saved.
    let t1 = t0 + Duration::from_secs(1_000);
    let back = Session::from_record_at(
        MancalaFamily(kraal_rules_mancala::Options::abapa()),
        &Record::parse(&record.to_string()).expect("parses"),
        HUMANS,
        1,
        t1,
    )
    .expect("loads");
    assert_eq!(back.clock().control(), s.clock().control());
    // South used ten seconds and gained three; North, to move, had used four when saved.
    assert_eq!(
        back.clock().left(0, 1, t1),
        Some(Duration::from_secs(300 - 10 + 3))
    );
    assert_eq!(
        back.clock().left(1, 1, t1 + Duration::from_secs(6)),
        Some(Duration::from_secs(300 - 4 - 6))
    );
}

#[test]
fn touch_move_binds_a_touched_cow_in_tournament_play() {
    let rules = resolve("tournament", None, &[] as &[&str]).expect("rules");
    let GameRules::Morris { options, .. } = rules else {
        panic!("a mill game")
    };
    let mut s = Session::new(
        MorrisFamily(options),
        rules,
        Some("a1,b4,d2,f6/a7,c3,e5,g7 0:0 w"),
        HUMANS,
        1,
    )
    .expect("session");
    assert!(s.touch_move());
    let p = |label: &str| -> kraal_rules_morris::Point { label.parse().expect("a point") };
    s.touch(p("a1")).expect("a1 can move");
    let err = s.play_text("d2-d1").unwrap_err().to_string();
    assert!(err.contains("touched the cow on a1"), "{err}");
    assert!(s.touch(p("b4")).unwrap_err().to_string().contains("a1"));
    s.play_text("a1-d1").expect("the touched cow moves");
    s.touch(p("c3")).expect("Black's turn: a new touch");
    // Outside tournament play, touching binds nothing.
    let mut free = morabaraba(Some("a1,b4,d2,f6/a7,c3,e5,g7 0:0 w"), HUMANS);
    assert!(!free.touch_move());
    free.touch(p("a1")).expect("no rule");
    free.play_text("d2-d1").expect("any cow may move");
}

#[test]
fn an_oware_claim_ends_the_game_when_no_capture_can_happen() {
    let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
    let GameRules::Mancala { options, .. } = rules else {
        panic!("mancala")
    };
    // One seed each, always apart: no capture can ever happen.
    let start = "0,0,1,0,0,0/0,0,0,0,0,1 23:23 s";
    let mut s = Session::new(
        MancalaFamily(options),
        rules.clone(),
        Some(start),
        HUMANS,
        1,
    )
    .expect("session");
    let outcome = s.claim().expect("granted");
    assert_eq!(
        (outcome.result(), outcome.reason),
        (GameResult::Draw, EndReason::NoCapturePossible)
    );
    assert!(s.play_text("C").is_err(), "the game is over");
    // The record keeps the claim, and loading it ends the game the same way.
    let back = Session::from_record(MancalaFamily(options), &s.record(), HUMANS, 1).expect("loads");
    assert_eq!(back.outcome(), s.outcome());
    // From the start there are too many seeds: refused, and the game goes on.
    let mut t = oware(HUMANS);
    assert!(
        t.claim()
            .unwrap_err()
            .to_string()
            .contains("too many seeds")
    );
    assert!(!t.is_over());
    let mut m = morabaraba(None, HUMANS);
    assert!(m.claim().unwrap_err().to_string().contains("only oware"));
}

#[test]
fn the_last_move_follows_the_cursor() {
    let mut s = morabaraba(None, HUMANS);
    assert_eq!(s.last_move(), None);
    s.play_text("d7").expect("legal");
    s.play_text("a1").expect("legal");
    assert_eq!(s.last_move().map(|m| m.to_string()), Some("a1".to_owned()));
    s.undo();
    assert_eq!(s.last_move().map(|m| m.to_string()), Some("d7".to_owned()));
    s.undo();
    assert_eq!(s.last_move(), None);
}

#[test]
fn a_thinking_ai_reports_its_progress() {
    let ancestor = Player::Ai(Opponent::level(7).expect("level 7"));
    let mut s = oware([Player::Human, ancestor]);
    assert!(s.thinking().is_none());
    s.play_text("C").expect("legal");
    s.start_ai();
    // The Ancestor searches 4M nodes: long enough to finish a few iterations first.
    let mut progress = None;
    for _ in 0..2_000 {
        progress = s.thinking().expect("thinking").1;
        if progress.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let progress = progress.expect("an iteration finishes within the search");
    assert!(progress.depth >= 1);
    assert!(!progress.pv.is_empty());
    let legal: Vec<String> = ["a", "b", "c", "d", "e", "f"].map(str::to_owned).into();
    assert!(legal.contains(&progress.pv[0]), "{:?}", progress.pv);
    s.undo();
    assert!(s.thinking().is_none(), "undo cancels the thinking");
}

#[test]
fn a_resignation_stands_when_the_game_is_looked_back_through() {
    let mut s = oware(HUMANS);
    for mv in ["C", "f"] {
        s.play_text(mv).expect("legal");
    }
    s.resign();
    assert_eq!(s.outcome().map(|o| o.reason), Some(EndReason::Resignation));
    s.jump(0).expect("the start");
    assert!(!s.is_over(), "before the resignation the game goes on");
    s.jump(2).expect("the end");
    assert_eq!(
        s.outcome().map(|o| o.result()),
        Some(GameResult::SecondWins),
        "back at the end, the resignation stands"
    );
    s.undo();
    s.play_text("e").expect("a new move from the past");
    assert!(
        !s.is_over(),
        "a new move drops the ending with the old future"
    );
    assert_eq!(texts(s.moves()), ["C", "e"]);
}

/// Black (three cows, flying, no two on a line) cannot stop both of White's threats from d7
/// (a7 closing a1-a4-a7, g7 closing g1-g4-g7): lost in two plies.
const LOST_FOR_BLACK: &str = "a1,a4,g1,g4,d7/b6,d2,f4 0:0 b";

#[test]
fn the_computer_resigns_a_game_lost_by_proof_and_it_reads_so() {
    // A plain negamax to depth 2 proves the loss (the search under test plays no part).
    let options = kraal_rules_morris::Options::default();
    let pos = kraal_rules_morris::Position::from_position_string(LOST_FOR_BLACK, options)
        .expect("position");
    assert!(kraal_ai::reference_value::<kraal_ai::Morris>(&pos, 2) < -900_000);
    let ancestor = Player::Ai(Opponent::level(7).expect("level 7"));
    let mut s = morabaraba(Some(LOST_FOR_BLACK), [Player::Human, ancestor]);
    assert_eq!(s.wait_ai(), None, "it resigns instead of moving");
    assert_eq!(
        ended(s.outcome()),
        Some((GameResult::FirstWins, EndReason::Resignation))
    );
    assert!(s.moves().is_empty());
    // The front ends' sentence.
    let rules = resolve("morabaraba", None, &[] as &[&str]).expect("rules");
    let mut g =
        kraal_session::AnyGame::new(&rules, Some(LOST_FOR_BLACK), [Player::Human, ancestor], 1)
            .expect("game");
    assert_eq!(g.wait_ai(), None);
    assert_eq!(g.ending(), "Black resigned.");
}

#[test]
fn a_computer_resigns_only_by_its_manner() {
    // The Herd Boy plays every game to the end.
    let herd_boy = Player::Ai(Opponent::level(2).expect("level 2"));
    let mut s = morabaraba(Some(LOST_FOR_BLACK), [Player::Human, herd_boy]);
    assert!(s.wait_ai().is_some(), "it plays on");
    assert_eq!(s.outcome(), None);
    // An evaluation alone never resigns: at the start, where nothing is proven, nobody does.
    for level in 1..=7 {
        let ai = Player::Ai(Opponent::level(level).expect("level"));
        let mut s = oware([Player::Human, ai]);
        s.play_text("C").expect("legal");
        assert!(s.wait_ai().is_some(), "level {level} moves");
        assert_eq!(s.outcome(), None);
    }
}

/// Polls `poll` every few milliseconds until it answers, for at most ten seconds.
fn answer<T>(mut poll: impl FnMut() -> Option<T>) -> Option<T> {
    for _ in 0..2_000 {
        if let Some(answer) = poll() {
            return Some(answer);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    None
}

#[test]
fn a_paced_computer_holds_its_move_until_its_pace_has_passed() {
    let calf = Opponent::level(1).expect("level 1");
    let pace = calf.manner.pace;
    assert!(pace > std::time::Duration::ZERO, "the Calf has a pace");
    let mut s = morabaraba(None, [Player::Ai(calf), Player::Human]);
    let asked = std::time::Instant::now();
    s.start_ai();
    // The Calf's twenty tries take a few milliseconds; for a quarter of a second of polls
    // at the moment it was asked, its move is held back all the same.
    for _ in 0..50 {
        assert!(
            s.poll_ai_paced(asked).is_none(),
            "held back before its pace"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(s.ply(), 0);
    // (It began a moment after it was asked.)
    let after = asked + pace + std::time::Duration::from_millis(500);
    assert!(
        answer(|| s.poll_ai_paced(after)).is_some(),
        "played after it"
    );
    assert_eq!(s.ply(), 1);
    // On the clock the computer is never held: its time is its own.
    let mut s = morabaraba(None, [Player::Ai(calf), Player::Human]);
    let asked = std::time::Instant::now();
    s.set_time_control_at("5+3".parse().expect("a time control"), asked);
    s.start_ai();
    assert!(answer(|| s.poll_ai_paced(asked)).is_some());
    // Unpaced polling plays at once, as the command line does.
    let mut s = morabaraba(None, [Player::Ai(calf), Player::Human]);
    let asked = std::time::Instant::now();
    s.start_ai();
    assert!(answer(|| s.poll_ai_at(asked)).is_some());
}
