//! Game records: reading, checking move by move, writing, saving atomically.

use kraal_session::{Record, RecordError, SessionError, resolve};
use proptest::prelude::*;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/records"
    ))
    .join(name)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

#[test]
fn a_hand_written_record_is_read_and_replayed() {
    let record = Record::load(&fixture("oware-opening.txt")).expect("parses");
    assert_eq!(record.tag("Black"), Some("ai:3"));
    let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["C", "f", "d"]);
    assert_eq!(
        record.moves[1].comment.as_deref(),
        Some("North answers at once")
    );
    assert_eq!(record.moves[2].line, 10);
    let replayed = record.check().expect("legal moves");
    // C: 4 seeds to D, E, F, a. f: 4 seeds to A, B, C, D. d is South's D (either case names
    // the side to move's house): 6 seeds to E, F, a, b, c, d.
    assert_eq!(replayed.position, "5,5,1,0,6,6/6,5,5,5,4,0 0:0 n");
    assert_eq!(replayed.outcome, None);
}

#[test]
fn a_finished_record_agrees_with_its_result() {
    let record = Record::load(&fixture("morabaraba-finished.txt")).expect("parses");
    let replayed = record.check().expect("consistent");
    assert_eq!(
        replayed.outcome.map(|o| (o.result(), o.reason)),
        Some((
            kraal_session::GameResult::FirstWins,
            kraal_session::EndReason::ReducedToTwo
        ))
    );
    assert_eq!(replayed.rules.overrides(), ["cows=11"]);
    let mut wrong = record.clone();
    wrong.set_tag("Result", "0-1");
    assert_eq!(
        wrong.check().unwrap_err(),
        RecordError::WrongResult {
            tag: "0-1".to_owned(),
            actual: "1-0".to_owned()
        }
    );
}

#[test]
fn records_round_trip_through_their_text() {
    for name in ["oware-opening.txt", "morabaraba-finished.txt"] {
        let record = Record::load(&fixture(name)).expect("parses");
        let text = record.to_string();
        let again = Record::parse(&text).expect("own text parses");
        assert_eq!(again, record, "{name}");
        assert_eq!(again.to_string(), text, "{name}");
    }
}

#[test]
fn a_long_record_made_in_memory_round_trips() {
    // Seeded random play to the end of a Mulabalaba game, written as a record.
    let rules = resolve("mulabalaba-lozi-6", None, &[] as &[&str]).expect("rules");
    let mut record = Record::new(&rules);
    let kraal_session::GameRules::Mancala { options, .. } = rules else {
        panic!("mancala")
    };
    let mut pos = kraal_rules_mancala::Position::new(options);
    let mut seed = 7u64;
    while !pos.is_game_over() {
        let moves = pos.legal_moves();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        record.moves.push(kraal_session::RecordMove {
            text: mv.to_string(),
            comment: None,
            line: 0,
        });
        pos = pos.play(mv).expect("legal");
    }
    let replayed = record.check().expect("replays");
    assert_eq!(replayed.position, pos.to_position_string());
    let again = Record::parse(&record.to_string()).expect("parses");
    assert_eq!(again, record);
    assert_eq!(again.check().expect("replays").position, replayed.position);
}

#[test]
fn a_bad_move_is_named_with_its_line_and_number() {
    let text = "[Game \"morabaraba\"]\n\n1. d2 a1\n2. d2\n";
    let err = Record::parse(text)
        .expect("syntax is fine")
        .check()
        .unwrap_err();
    let RecordError::Move {
        line,
        number,
        text,
        reason,
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!((*line, *number, text.as_str()), (4, 3, "d2"));
    assert!(matches!(reason, SessionError::Move { .. }));
    assert!(
        err.to_string().contains("line 4, move 3 `d2`") && err.to_string().contains("occupied"),
        "{err}"
    );
}

#[test]
fn bad_records_get_clear_errors() {
    let syntax = |text: &str| match Record::parse(text) {
        Err(RecordError::Syntax { line, reason }) => (line, reason),
        other => panic!("{text:?}: {other:?}"),
    };
    assert_eq!(syntax("[Game oware]").0, 1);
    assert!(syntax("[Game \"oware\"\n").1.contains("tag"));
    assert!(
        syntax("[Game \"oware\"]\nC\n[Black \"x\"]")
            .1
            .contains("before the moves")
    );
    assert!(syntax("[Game \"oware\"]\nC {open").1.contains("not closed"));
    assert!(
        syntax("[Game \"oware\"]\n{early} C")
            .1
            .contains("follows the move")
    );
    assert_eq!(
        Record::parse("1. C f")
            .expect("parses")
            .check()
            .unwrap_err(),
        RecordError::MissingTag("Game")
    );
    let rules = Record::parse("[Game \"oware\"]\n[Rules \"koti\"]")
        .expect("parses")
        .check()
        .unwrap_err();
    assert!(
        rules.to_string().contains("rule set of morabaraba"),
        "{rules}"
    );
    let position = Record::parse("[Game \"oware\"]\n[Position \"1,2/3 0:0 s\"]")
        .expect("parses")
        .check();
    assert!(
        position
            .unwrap_err()
            .to_string()
            .contains("cannot use the position")
    );
    let quoted = Record::parse("[White \"say \\\"hi\\\"\"]").expect("escaped quotes");
    assert_eq!(quoted.tag("White"), Some("say \"hi\""));
    assert_eq!(Record::parse(&quoted.to_string()).expect("parses"), quoted);
}

#[test]
fn saving_writes_a_whole_file_and_leaves_no_temporary() {
    let dir = temp_dir("save");
    let path = dir.join("game.txt");
    let record = Record::load(&fixture("oware-opening.txt")).expect("parses");
    std::fs::write(&path, "an older save").expect("write");
    record.save(&path).expect("saves");
    assert_eq!(Record::load(&path).expect("loads"), record);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.txt"]);
    let missing = dir.join("no-such-folder").join("game.txt");
    assert!(matches!(record.save(&missing), Err(RecordError::Io { .. })));
    assert!(matches!(
        Record::load(&dir.join("absent.txt")),
        Err(RecordError::Io { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

proptest! {
    #[test]
    fn no_text_makes_the_reader_panic(text in "\\PC{0,200}", lines in "(\\[[A-Za-z]{1,6} \"[a-z0-9=:,/ ]{0,12}\"\\]\n){0,4}[a-zA-Z0-9.{} -]{0,40}") {
        for t in [text, lines] {
            if let Ok(record) = Record::parse(&t) {
                let _ = record.check();
                prop_assert_eq!(Record::parse(&record.to_string()).expect("own text"), record);
            }
        }
    }
}
