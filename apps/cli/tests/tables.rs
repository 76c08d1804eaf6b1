//! `kraal tables`: build into the folder KRAAL_TABLES names, list, probe (Oware and the
//! Morabaraba 3v3 sector); and `kraal analyse` shows the tables' verdict.

use assert_cmd::Command;

fn kraal(dir: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::cargo_bin("kraal")
        .unwrap()
        .env("KRAAL_TABLES", dir)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tables_build_info_probe_and_analyse() {
    let dir = std::env::temp_dir().join(format!("kraal-cli-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, out, err) = kraal(&dir, &["tables", "build", "oware", "--seeds", "4"]);
    assert!(ok, "{err}");
    assert!(out.contains(" 4 seeds: built, 4191 bytes"), "{out}");
    // Built tables are kept, not rebuilt.
    let (_, out, _) = kraal(&dir, &["tables", "build", "abapa", "--seeds", "4"]);
    assert!(out.contains(" 4 seeds: kept"), "{out}");
    let (_, out, _) = kraal(&dir, &["tables", "info"]);
    assert!(out.contains("5 files"), "{out}");
    // South's only move is F, to feed North: the value and the move's are printed.
    let position = "0,0,0,0,0,2/0,0,0,0,0,0 23:23 s";
    let (ok, out, err) = kraal(&dir, &["tables", "probe", "oware", "--position", position]);
    assert!(ok, "{err}");
    assert!(
        out.contains("(tables)") && out.contains("  F: seeds"),
        "{out}"
    );
    let (ok, out, err) = kraal(
        &dir,
        &["analyse", "oware", "--position", position, "--depth", "2"],
    );
    assert!(ok, "{err}");
    assert!(
        out.lines().next().is_some_and(|l| l.ends_with("(tables)")),
        "{out}"
    );
    // More seeds than built: a clear error.
    let (ok, _, err) = kraal(
        &dir,
        &[
            "tables",
            "probe",
            "oware",
            "--position",
            "4,4,4,4,4,4/4,4,4,4,4,4 0:0 s",
        ],
    );
    assert!(!ok && err.contains("build the tables first"), "{err}");
    let (ok, _, err) = kraal(&dir, &["tables", "build", "morabaraba", "--cows", "6"]);
    assert!(!ok && err.contains("6 is not in 3..=5"), "{err}");
    let (ok, out, err) = kraal(&dir, &["tables", "build", "morabaraba"]);
    assert!(
        ok && out.contains("3v3: built") && out.contains("1 sectors, 169626 classes"),
        "{out}{err}"
    );
    // White flies b2 to g1 and closes a1-d1-g1: a win in one ply.
    let position = "a1,d1,b2/a7,d7,f6 0:0 w";
    let (ok, out, err) = kraal(
        &dir,
        &["tables", "probe", "morabaraba", "--position", position],
    );
    assert!(ok, "{err}");
    assert!(out.starts_with("win in 1 (tables)\n"), "{out}");
    let (_, out, _) = kraal(&dir, &["tables", "info"]);
    assert!(
        out.contains("morris-morabaraba        3v3 ") && out.contains("6 files"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_player_consults_the_tables_only_when_they_are_built() {
    let dir = std::env::temp_dir().join(format!("kraal-cli-match-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = [
        "match", "oware", "--white", "ai:3", "--black", "ai:3", "--games", "2", "--tables", "white",
    ];
    // Nothing built: said so, no match played.
    let (ok, out, err) = kraal(&dir, &game);
    assert!(!ok, "{out}");
    assert!(err.contains("no endgame tables are built"), "{err}");
    // An engine player brings its own tables.
    let (ok, _, err) = kraal(
        &dir,
        &[
            "match",
            "oware",
            "--white",
            "engine:kraal engine",
            "--black",
            "ai:3",
            "--movetime",
            "10",
            "--tables",
            "white",
        ],
    );
    assert!(
        !ok && err.contains("an engine: player brings its own"),
        "{err}"
    );
    // Built: the match is played, the Herder with the tables against the Herder without.
    let (ok, _, err) = kraal(&dir, &["tables", "build", "oware", "--seeds", "8"]);
    assert!(ok, "{err}");
    let (ok, out, err) = kraal(&dir, &game);
    assert!(ok, "{err}");
    assert!(out.contains("2 games"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
