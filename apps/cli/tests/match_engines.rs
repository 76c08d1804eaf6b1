//! `kraal match` against external engines: another `kraal engine` process, and fake engines
//! (small shell scripts) that answer an illegal move or think too long.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The kraal binary under test.
fn kraal_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("kraal")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// A fake engine: answers the handshake, and `go` with `on_go` (shell commands).
fn fake_engine(dir: &Path, on_go: &str) -> String {
    let script = dir.join("fake-engine.sh");
    std::fs::write(
        &script,
        format!(
            "while read -r line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok ;;\n    \
             isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
        ),
    )
    .expect("script written");
    format!("engine:sh {}", script.display())
}

/// The kraal engine as a match player.
fn kraal_engine() -> String {
    format!("engine:{} engine", kraal_bin().display())
}

/// Runs `kraal match` (bounded to a minute) and returns its success, stdout and stderr.
fn kraal_match(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(kraal_bin())
        .arg("match")
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("kraal runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every `game-NNN.txt` in `dir`, sorted.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("records folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

fn replays(path: &Path) -> String {
    let out = Command::new(kraal_bin())
        .arg("replay")
        .arg(path)
        .timeout(Duration::from_secs(30))
        .output()
        .expect("kraal replay runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{} does not replay: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn the_calf_plays_a_kraal_engine_over_two_games_and_records_them() {
    let dir = folder("calf");
    let records_dir = dir.join("records");
    let engine = kraal_engine();
    let (ok, out, err) = kraal_match(&[
        "morabaraba",
        "--white",
        "ai:1",
        "--black",
        &engine,
        "--black-option",
        "Level=1",
        "--games",
        "2",
        "--movetime",
        "50",
        "--records",
        records_dir.to_str().expect("utf-8 path"),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("Calf (ai:1) against engine:"), "{out}");
    assert!(out.contains(": 2 games"), "{out}");
    assert!(
        out.contains("score ") && out.contains("for Calf (ai:1) (+"),
        "{out}"
    );
    assert!(out.contains("moving first: +"), "{out}");
    let files = records(&records_dir);
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files[0].ends_with("game-001.txt"), "{files:?}");
    for (i, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).expect("record");
        for tag in ["[Game \"morabaraba\"]", "[Result ", "[Reason "] {
            assert!(text.contains(tag), "{text}");
        }
        // Colours swap: the Calf is White in the first game, Black in the second.
        let calf = if i == 0 {
            "[White \"ai:1\"]"
        } else {
            "[Black \"ai:1\"]"
        };
        assert!(text.contains(calf), "{text}");
        replays(file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_illegal_bestmove_loses_the_game_and_is_named() {
    let dir = folder("illegal");
    let records_dir = dir.join("records");
    let fake = fake_engine(&dir, "echo 'bestmove zz9'");
    let (ok, out, err) = kraal_match(&[
        "oware",
        "--white",
        &fake,
        "--black",
        "ai:1",
        "--games",
        "2",
        "--movetime",
        "50",
        "--records",
        records_dir.to_str().expect("utf-8 path"),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("(+0 =0 -2)"), "{out}");
    assert!(out.contains("played the illegal move `zz9`"), "{out}");
    assert!(out.contains("game 1: engine:sh"), "{out}");
    assert!(out.contains("game 2: engine:sh"), "{out}");
    let files = records(&records_dir);
    assert_eq!(files.len(), 2);
    let first = std::fs::read_to_string(&files[0]).expect("record");
    assert!(first.contains("[Reason \"illegal-move\"]"), "{first}");
    assert!(first.contains("[Result \"0-1\"]"), "{first}");
    let second = std::fs::read_to_string(&files[1]).expect("record");
    assert!(second.contains("[Result \"1-0\"]"), "{second}");
    for file in &files {
        replays(file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_loses_on_time_only_the_side_that_overruns_it() {
    let dir = folder("clock");
    let records_dir = dir.join("records");
    // Thinks half a second on a clock of a fifth of a second: loses each game on time.
    let sleeper = fake_engine(&dir, "sleep 0.5; echo 'bestmove A'");
    let (ok, out, err) = kraal_match(&[
        "oware",
        "--white",
        "ai:1",
        "--black",
        &sleeper,
        "--games",
        "2",
        "--clock",
        "0.2+0",
        "--records",
        records_dir.to_str().expect("utf-8 path"),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("(+2 =0 -0)"), "{out}");
    assert_eq!(out.matches("lost on time").count(), 2, "{out}");
    for file in records(&records_dir) {
        let text = std::fs::read_to_string(&file).expect("record");
        assert!(text.contains("[Reason \"time\"]"), "{text}");
        replays(&file);
    }
    // Two engines that answer at once never run out of a small clock.
    let engine = kraal_engine();
    let (ok, out, err) = kraal_match(&[
        "oware",
        "--white",
        &engine,
        "--white-option",
        "Level=1",
        "--black",
        &engine,
        "--black-option",
        "Level=1",
        "--games",
        "2",
        "--clock",
        "2+0.05",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains(": 2 games"), "{out}");
    assert!(!out.contains("lost on time"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_engine_players_and_options_are_refused_clearly() {
    let engine = kraal_engine();
    let (ok, _, err) = kraal_match(&["oware", "--white", &engine, "--black", "ai:1"]);
    assert!(!ok);
    assert!(err.contains("needs --movetime"), "{err}");
    let (ok, _, err) = kraal_match(&[
        "oware",
        "--white",
        "ai:2",
        "--white-option",
        "Level=1",
        "--black",
        "ai:1",
    ]);
    assert!(!ok);
    assert!(err.contains("built-in opponent"), "{err}");
    let (ok, _, err) = kraal_match(&[
        "oware",
        "--white",
        &engine,
        "--white-option",
        "Level=9",
        "--black",
        "ai:1",
        "--movetime",
        "10",
    ]);
    assert!(!ok);
    assert!(err.contains("refused") && err.contains("Level"), "{err}");
    let (ok, _, err) = kraal_match(&[
        "oware",
        "--white",
        "engine:/nonexistent/engine",
        "--black",
        "ai:1",
        "--movetime",
        "10",
    ]);
    assert!(!ok);
    assert!(err.contains("cannot start the engine"), "{err}");
    let (ok, _, err) = kraal_match(&[
        "oware", "--white", "ai:1", "--black", "ai:2", "--clock", "x",
    ]);
    assert!(!ok);
    assert!(err.contains("--clock takes BASE+INC"), "{err}");
}
