//! `kraal puzzle` as a player runs it: a daily puzzle solved after a wrong move (recorded in
//! the progress file), the solution asked for, a pack generated and verified, and a broken
//! pack refused with its line and tag.

use assert_cmd::Command;

fn kraal(data: &std::path::Path, args: &[&str], input: &str) -> (bool, String, String) {
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        .env("KRAAL_DATA_DIR", data)
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-cli-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_daily_puzzle_failed_once_then_solved_is_recorded() {
    let dir = folder("daily");
    // The Oware daily of 2026-12-02 (pinned in crates/puzzles/tests/daily.rs): abapa-0131,
    // capture 2 in 2, solution D c A a; A first is refuted by c (see data/puzzles/oware.txt).
    let (ok, out, err) = kraal(
        &dir,
        &[
            "puzzle",
            "daily",
            "--game",
            "oware",
            "--date",
            "2026-12-02",
            "--ascii",
        ],
        "A\nD\nA\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Puzzle abapa-0131"), "{out}");
    assert!(
        out.contains("not that: after A the answer c refutes it"),
        "{out}"
    );
    assert!(out.contains("D: right. The reply: c"), "{out}");
    assert!(
        out.contains("solved!") && out.contains("Not solved cleanly."),
        "{out}"
    );
    let progress = std::fs::read_to_string(dir.join("progress.toml")).expect("saved");
    assert!(
        progress.contains("[puzzles]") && progress.contains("abapa-0131"),
        "{progress}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_solution_on_request() {
    let dir = folder("solution");
    let (ok, out, err) = kraal(
        &dir,
        &[
            "puzzle",
            "daily",
            "--game",
            "morabaraba",
            "--date",
            "2026-12-05",
        ],
        "solution\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("The solution: f6-e5 e4-f4 d2-d3xf4 d7-g7 d3-d2xg7"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generated_puzzles_are_appended_and_verify() {
    let dir = folder("gen");
    let pack = dir.join("pack.txt");
    let pack_arg = pack.to_str().expect("utf-8 path");
    let (ok, out, err) = kraal(
        &dir,
        &[
            "puzzle",
            "gen",
            "mulabalaba",
            "--count",
            "3",
            "--seed",
            "9",
            "--pack",
            pack_arg,
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("3 new puzzles appended"), "{out}");
    let (ok, out, err) = kraal(&dir, &["puzzle", "verify", pack_arg], "");
    assert!(ok, "{err}");
    assert!(out.contains("3 puzzles re-proved"), "{out}");
    // A broken pack: the error names the line and the tag.
    let text = std::fs::read_to_string(&pack).expect("written");
    let broken = text.replacen("[Objective \"", "[Objective \"win in 0 ", 1);
    std::fs::write(&pack, broken).expect("written");
    let (ok, _, err) = kraal(&dir, &["puzzle", "verify", pack_arg], "");
    assert!(!ok);
    assert!(err.contains("tag Objective"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzles_mined_from_the_tables_are_appended_from_tomorrow_and_verify() {
    let dir = folder("gen-tables");
    let pack = dir.join("pack.txt");
    let pack_arg = pack.to_str().expect("utf-8 path");
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        .env("KRAAL_DATA_DIR", &dir)
        .env("KRAAL_TABLES", dir.join("tables"))
        .args([
            "puzzle",
            "gen",
            "oware",
            "--from",
            "tables",
            "--table-seeds",
            "10",
            "--count",
            "2",
            "--added",
            "2031-05-06",
            "--pack",
            pack_arg,
        ])
        .output()
        .expect("runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("2 new puzzles appended"), "{stdout}");
    let text = std::fs::read_to_string(&pack).expect("written");
    assert_eq!(text.matches("[Source \"tables: ").count(), 2, "{text}");
    assert_eq!(text.matches("[Added \"2031-05-06\"]").count(), 2, "{text}");
    let (ok, out, err) = kraal(&dir, &["puzzle", "verify", pack_arg], "");
    assert!(ok, "{err}");
    assert!(out.contains("2 puzzles re-proved"), "{out}");
    // Mulabalaba has no tables: said so, nothing written.
    let (ok, _, err) = kraal(
        &dir,
        &[
            "puzzle",
            "gen",
            "mulabalaba",
            "--from",
            "tables",
            "--count",
            "1",
            "--pack",
            pack_arg,
        ],
        "",
    );
    assert!(!ok);
    assert!(err.contains("tables"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
