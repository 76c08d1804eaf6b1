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

/// Runs `kraal engine` on `input` with the tables of `dir` and returns its `bestmove` line.
fn engine_bestmove(dir: &std::path::Path, input: &str) -> (String, String) {
    let out = Command::cargo_bin("kraal")
        .unwrap()
        .env("KRAAL_TABLES", dir)
        .arg("engine")
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let best = stdout
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or_default()
        .to_owned();
    (best, stdout)
}

/// `setoption name Tables value true` makes `kraal engine` play as the tables say. In this
/// position South has A, E and F; a one-ply search takes A (nothing is captured at once
/// either way), while the tables show that only E wins seeds (2 to 4 of the 4 left; A and F
/// take none), as `kraal tables probe` prints.
#[test]
fn the_engine_consults_the_tables_when_asked() {
    let dir = std::env::temp_dir().join(format!("kraal-cli-engine-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, _, err) = kraal(&dir, &["tables", "build", "oware", "--seeds", "4"]);
    assert!(ok, "{err}");
    let position = "1,0,0,0,1,1/1,0,0,0,0,0 24:20 s";
    let (_, probe, _) = kraal(&dir, &["tables", "probe", "oware", "--position", position]);
    assert!(
        probe.contains("the tables play E") && probe.contains("  A: seeds 0\n"),
        "{probe}"
    );
    let go = |tables: &str| {
        engine_bestmove(
            &dir,
            &format!(
                "setoption name Game value oware\nsetoption name Tables value {tables}\nposition fen {position}\ngo depth 1\n"
            ),
        )
    };
    assert_eq!(go("false").0, "bestmove A");
    assert_eq!(go("true").0, "bestmove E");
    // No tables for these rules, and a bad value: said, never fatal.
    let (best, out) = engine_bestmove(
        &dir,
        "setoption name Game value mulabalaba\nsetoption name Tables value true\nsetoption name Tables value maybe\ngo depth 1\n",
    );
    assert!(
        out.contains("no endgame tables are built for these rules")
            && out.contains("Tables must be true or false, not `maybe`")
            && best.starts_with("bestmove "),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
