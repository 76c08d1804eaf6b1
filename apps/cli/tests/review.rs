//! `kraal review`: a record's moves marked, the best move named where the move played was
//! worse, JSON, and bad files refused with a reason.

use assert_cmd::Command;

fn kraal(args: &[&str]) -> (bool, String, String) {
    let empty = std::env::temp_dir().join(format!("kraal-review-no-tables-{}", std::process::id()));
    let out = Command::cargo_bin("kraal")
        .unwrap()
        .env("KRAAL_TABLES", &empty)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn record(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("kraal-review-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// fixtures/puzzles.txt: White wins at once by g4-g1 and a shot (Black has three cows); b4-a4
/// lets Black fly into a mill of its own instead.
const MISSED_WIN: &str = "[Game \"morabaraba\"]\n[Rules \"morabaraba\"]\n\
    [Position \"a1,b4,d1,g4/c3,c4,e5 0:0 w\"]\n\n1. b4-a4\n";

#[test]
fn a_missed_win_is_a_blunder_with_the_winning_move_named() {
    let path = record("missed.txt", MISSED_WIN);
    let (ok, out, err) = kraal(&["review", path.to_str().unwrap(), "--depth", "3"]);
    assert!(ok, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("b4-a4"))
        .unwrap_or_else(|| panic!("no line for the move in\n{out}"));
    assert!(line.contains("b4-a4??"), "{line}");
    assert!(line.contains("blunder: let a forced win go"), "{line}");
    assert!(line.contains("best was g4-g1x"), "{line}");
    assert!(
        out.contains("White: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{out}"
    );

    let (ok, out, err) = kraal(&["review", path.to_str().unwrap(), "--depth", "3", "--json"]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let first = &json["moves"][0];
    assert_eq!(first["move"], "b4-a4");
    assert_eq!(first["mark"], "blunder");
    assert_eq!(first["symbol"], "??");
    assert_eq!(first["thrown"], "forced-win");
    assert_eq!(first["before"], "win in 1");
    assert!(
        first["best"].as_str().unwrap().starts_with("g4-g1x"),
        "{first}"
    );
    assert_eq!(json["tally"][0], serde_json::json!([0, 0, 1]));
    assert_eq!(json["complete"], true);
}

#[test]
fn bad_records_and_budgets_are_refused_with_a_reason() {
    let (ok, _, err) = kraal(&["review", "/nonexistent/game.txt"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent/game.txt"), "{err}");

    let illegal = record(
        "illegal.txt",
        "[Game \"morabaraba\"]\n[Rules \"morabaraba\"]\n\n1. d6 d6\n",
    );
    let (ok, _, err) = kraal(&["review", illegal.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("not a valid game record"), "{err}");

    let empty = record("empty.txt", "[Game \"oware\"]\n[Rules \"abapa\"]\n\n");
    let (ok, _, err) = kraal(&["review", empty.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("has no moves to review"), "{err}");

    let path = record("budget.txt", MISSED_WIN);
    let (ok, _, err) = kraal(&["review", path.to_str().unwrap(), "--time=-1"]);
    assert!(!ok);
    assert!(err.contains("--time must be a positive number"), "{err}");
}
