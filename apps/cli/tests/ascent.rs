//! `kraal ascent` as a player runs it: the mountain from an empty progress, a climb game lost
//! by resigning (counted, recorded, the next camp still locked), and a corrupt progress file
//! set aside and reported.

use assert_cmd::Command;

fn kraal(data: &std::path::Path, args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        .env("KRAAL_DATA_DIR", data)
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(out.status.success(), "kraal {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-cli-ascent-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_mountain_of_a_new_player() {
    let dir = folder("new");
    insta::assert_snapshot!(kraal(&dir, &["ascent", "mulabalaba", "--ascii"], ""));
    assert!(!dir.exists(), "looking writes nothing");
}

#[test]
fn a_lost_climb_game_is_counted_and_recorded() {
    let dir = folder("lost");
    let out = kraal(
        &dir,
        &["ascent", "oware", "--climb", "--history"],
        "hint\nresign\n",
    );
    assert!(out.contains("The climb of camp 1 failed"), "{out}");
    assert!(out.contains("marked assisted"), "{out}");
    assert!(out.contains("climb 1: failed, assisted"), "{out}");
    let progress = std::fs::read_to_string(dir.join("progress.toml")).expect("written");
    assert!(progress.contains("score = \"lost\""), "{progress}");
    let records: Vec<_> = std::fs::read_dir(dir.join("ascent/oware"))
        .expect("records folder")
        .flatten()
        .collect();
    assert_eq!(records.len(), 1);
    let record = std::fs::read_to_string(records[0].path()).expect("record");
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    let out = kraal(&dir, &["ascent", "oware"], "");
    assert!(out.contains("Next: camp 1."), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_climb_game_does_not_count() {
    let dir = folder("quit");
    let out = kraal(&dir, &["ascent", "koti", "--climb"], "quit\n");
    assert!(out.contains("left unfinished: it does not count"), "{out}");
    assert!(!dir.join("progress.toml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_progress_file_is_reported_and_kept() {
    let dir = folder("corrupt");
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(dir.join("progress.toml"), "not = [toml").expect("written");
    let out = kraal(&dir, &["ascent"], "");
    assert!(out.starts_with("warning: the progress file "), "{out}");
    let kept = std::fs::read_dir(&dir)
        .expect("folder")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".corrupt-"))
        .count();
    assert_eq!(kept, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_climb_game_on_the_clock_keeps_its_clock() {
    let dir = folder("clock");
    let out = kraal(
        &dir,
        &["ascent", "oware", "--climb", "--clock", "5+3"],
        "resign\n",
    );
    assert!(
        out.contains("On the clock (5+3): running out of time loses the game."),
        "{out}"
    );
    assert!(out.contains("The climb of camp 1 failed"), "{out}");
    let progress = std::fs::read_to_string(dir.join("progress.toml")).expect("written");
    assert!(progress.contains("clock = true"), "{progress}");
    assert!(progress.contains("time-control = \"5+3\""), "{progress}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_clock_is_refused_with_the_reason() {
    let dir = folder("bad-clock");
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        .env("KRAAL_DATA_DIR", &dir)
        .args(["ascent", "--climb", "--clock", "soon"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(stderr.contains("`soon` is not a time control"), "{stderr}");
    assert!(!dir.exists(), "nothing written");
}
