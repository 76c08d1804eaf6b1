//! Tidy: the architecture's rules, checked as a normal test. The rules crates depend on no UI,
//! AI or session crate; the AI on no front end; every crate opts into the workspace lints;
//! every fixture file parses; no snapshot file is left without its test.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The members listed in the root Cargo.toml.
fn members() -> Vec<String> {
    let toml = fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let start = toml.find("members = [").expect("a members list");
    let end = start + toml[start..].find(']').expect("closed list");
    toml[start..end]
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The `[dependencies]` section of a member's Cargo.toml.
fn dependencies(member: &str) -> String {
    let toml =
        fs::read_to_string(root().join(member).join("Cargo.toml")).expect("member Cargo.toml");
    let Some(start) = toml.find("[dependencies]") else {
        return String::new();
    };
    let rest = &toml[start + "[dependencies]".len()..];
    rest[..rest.find("\n[").unwrap_or(rest.len())].to_owned()
}

fn depends_on(member: &str, names: &[&str]) -> Vec<String> {
    let deps = dependencies(member);
    names
        .iter()
        .filter(|n| {
            deps.lines().any(|l| {
                l.trim_start().starts_with(&format!("{n}."))
                    || l.trim_start().starts_with(&format!("{n} "))
            })
        })
        .map(|n| (*n).to_owned())
        .collect()
}

const FRONT_ENDS: &[&str] = &[
    "kraal-cli",
    "kraal-tui",
    "kraal-gui",
    "kraal-front",
    "ratatui",
    "crossterm",
    "eframe",
    "egui",
    "clap",
];

#[test]
fn the_rules_crates_depend_on_no_ui_ai_or_session_crate() {
    for member in ["crates/rules-morris", "crates/rules-mancala"] {
        let mut forbidden = FRONT_ENDS.to_vec();
        forbidden.extend(["kraal-ai", "kraal-session"]);
        assert_eq!(
            depends_on(member, &forbidden),
            Vec::<String>::new(),
            "{member}"
        );
    }
}

#[test]
fn the_ai_depends_on_no_front_end_or_session() {
    let mut forbidden = FRONT_ENDS.to_vec();
    forbidden.push("kraal-session");
    assert_eq!(depends_on("crates/ai", &forbidden), Vec::<String>::new());
    assert_eq!(
        depends_on("crates/session", FRONT_ENDS),
        Vec::<String>::new()
    );
}

#[test]
fn the_tables_depend_on_the_rules_only_not_the_ai() {
    let mut forbidden = FRONT_ENDS.to_vec();
    forbidden.extend(["kraal-ai", "kraal-session"]);
    assert_eq!(
        depends_on("crates/tables", &forbidden),
        Vec::<String>::new()
    );
}

#[test]
fn every_crate_opts_into_the_workspace_lints() {
    let members = members();
    assert!(members.len() >= 8, "{members:?}");
    for member in members {
        let toml = fs::read_to_string(root().join(&member).join("Cargo.toml")).expect("Cargo.toml");
        assert!(
            toml.contains("[lints]\nworkspace = true"),
            "{member} does not opt into the workspace lints"
        );
    }
}

fn fields(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

fn rows(path: &Path) -> Vec<(usize, String)> {
    fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect()
}

/// Checks that `rules` (a rule set and overrides) and `position` can be used together.
fn usable(rules: &str, overrides: &[&str], position: &str, at: &str) {
    use kraal_session::family::Family;
    let game =
        kraal_session::resolve(rules, None, overrides).unwrap_or_else(|e| panic!("{at}: {e}"));
    let position = (position != "start" && position != "-").then_some(position);
    let ok = match game {
        kraal_session::GameRules::Morris { options, .. } => {
            kraal_session::family::MorrisFamily(options)
                .position(position)
                .map(|_| ())
        }
        kraal_session::GameRules::Mancala { options, .. } => {
            kraal_session::family::MancalaFamily(options)
                .position(position)
                .map(|_| ())
        }
    };
    ok.unwrap_or_else(|e| panic!("{at}: {e}"));
}

#[test]
fn every_fixture_file_parses() {
    let fixtures = root().join("fixtures");
    let morris = fixtures.join("perft/morris.txt");
    for (line, text) in rows(&morris) {
        let f = fields(&text);
        assert_eq!(f.len(), 4, "morris.txt:{line}");
        let overrides: Vec<&str> = if f[1] == "-" {
            Vec::new()
        } else {
            f[1].split(',').map(str::trim).collect()
        };
        usable(f[0], &overrides, f[2], &format!("morris.txt:{line}"));
        let numbers: Vec<u64> = f[3]
            .split_whitespace()
            .map(|n| n.parse().expect("a number"))
            .collect();
        assert!(
            !numbers.is_empty() && numbers.len().is_multiple_of(2),
            "morris.txt:{line}"
        );
    }
    for name in ["oware.txt", "mulabalaba.txt"] {
        for (line, text) in rows(&fixtures.join("perft").join(name)) {
            let f = fields(&text);
            assert_eq!(f.len(), 5, "{name}:{line}");
            let mut words = f[0].split_whitespace();
            let rules = words.next().expect("a rule set");
            let overrides: Vec<&str> = words.collect();
            usable(rules, &overrides, f[1], &format!("{name}:{line}"));
            f[2].parse::<u32>()
                .unwrap_or_else(|_| panic!("{name}:{line}: depth"));
            f[3].parse::<u64>()
                .unwrap_or_else(|_| panic!("{name}:{line}: nodes"));
        }
    }
    for (line, text) in rows(&fixtures.join("puzzles.txt")) {
        let f = fields(&text);
        assert_eq!(f.len(), 6, "puzzles.txt:{line}");
        usable(f[1], &[], f[2], &format!("puzzles.txt:{line}"));
    }
    let records = fs::read_dir(fixtures.join("records")).expect("records folder");
    for entry in records.flatten() {
        let record = kraal_session::Record::load(&entry.path()).expect("a record");
        record
            .check()
            .unwrap_or_else(|e| panic!("{}: {e}", entry.path().display()));
    }
    let known: Vec<String> = fs::read_dir(&fixtures)
        .expect("fixtures")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut known = known;
    known.sort();
    assert_eq!(
        known,
        ["perft", "puzzles.txt", "records"],
        "a new fixture needs a check here"
    );
}

#[test]
fn every_snapshot_belongs_to_a_test() {
    let mut checked = 0;
    for member in members() {
        let tests = root().join(&member).join("tests");
        let Ok(snapshots) = fs::read_dir(tests.join("snapshots")) else {
            continue;
        };
        for entry in snapshots.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            assert!(
                name.ends_with(".snap"),
                "{member}: {name} is not an accepted snapshot"
            );
            let stem = name.trim_end_matches(".snap");
            let (file, snapshot) = stem.split_once("__").expect("FILE__NAME.snap");
            // insta numbers the second and later snapshots of one test: NAME-2, NAME-3, ...
            let snapshot = match snapshot.rsplit_once('-') {
                Some((base, n)) if n.chars().all(|c| c.is_ascii_digit()) => base,
                _ => snapshot,
            };
            let source = fs::read_to_string(tests.join(format!("{file}.rs")))
                .unwrap_or_else(|_| panic!("{member}: {name} has no test file {file}.rs"));
            assert!(source.contains(snapshot), "{member}: no test makes {name}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} snapshots found");
}

#[test]
#[ignore = "builds the release binaries: run with --ignored"]
fn dist_packs_the_real_release() {
    let status = std::process::Command::new(env!("CARGO"))
        .args(["run", "-q", "-p", "xtask", "--", "dist"])
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success());
    let sums = fs::read_to_string(root().join("dist/SHA256SUMS")).expect("SHA256SUMS");
    for part in [
        "kraal-gui",
        "kraal-tui",
        "/kraal\n",
        "completions/_kraal",
        "man/kraal.1",
        "docs/rules/oware.md",
        "CHANGELOG.md",
        ".tar.gz",
    ] {
        assert!(
            sums.contains(part),
            "{part} missing from SHA256SUMS:\n{sums}"
        );
    }
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("a source file");
            out.push((path, text));
        }
    }
    out
}

#[test]
fn the_rules_crates_depend_on_nothing_outside_std() {
    for member in ["crates/rules-morris", "crates/rules-mancala"] {
        let required: Vec<String> = dependencies(member)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            // An optional dependency behind a feature that is off by default keeps the default
            // build std-only.
            .filter(|l| !l.contains("optional = true"))
            .map(str::to_owned)
            .collect();
        assert_eq!(
            required,
            Vec::<String>::new(),
            "{member} depends on more than std"
        );
    }
}

#[test]
fn the_session_api_has_no_string_errors() {
    let mut found = Vec::new();
    for (path, text) in sources(&root().join("crates/session/src")) {
        // Each public function's signature, from `pub fn` to its body.
        for (at, _) in text.match_indices("pub fn ") {
            let signature = &text[at..at + text[at..].find('{').unwrap_or(text.len() - at)];
            let squashed: String = signature.split_whitespace().collect();
            if squashed.contains(",String>") && squashed.contains("Result<") {
                found.push(format!("{}: {}", path.display(), signature.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "Result<_, String> in the session's API: {found:#?}"
    );
}

#[test]
fn no_code_compares_result_or_reason_text() {
    // Results and end reasons are enums; their text is read in one place only, at the edge
    // where records are parsed (the FromStr impls in outcome.rs).
    let patterns = [
        "== \"1-0\"",
        "== \"0-1\"",
        "== \"1/2-1/2\"",
        "!= \"*\"",
        "== \"*\"",
        "\"1-0\" =>",
        "\"0-1\" =>",
        "Some(\"resignation\")",
        "Some(\"agreement\")",
        "Some(\"time\")",
        "\"resignation\" =>",
        ".result ==",
        ".reason ==",
        "contains(\"must pass\")",
    ];
    let mut found = Vec::new();
    for top in ["crates", "apps"] {
        let Ok(members) = fs::read_dir(root().join(top)) else {
            continue;
        };
        for member in members.flatten() {
            for (path, text) in sources(&member.path().join("src")) {
                if path.ends_with("crates/session/src/outcome.rs") {
                    continue;
                }
                for (number, line) in text.lines().enumerate() {
                    if let Some(p) = patterns.iter().find(|p| line.contains(*p)) {
                        found.push(format!("{}:{}: {p}", path.display(), number + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "result or reason text compared: {found:#?}"
    );
}

#[test]
fn every_crate_takes_the_workspace_rust_version() {
    for member in members() {
        let toml = fs::read_to_string(root().join(&member).join("Cargo.toml")).expect("Cargo.toml");
        assert!(
            toml.contains("rust-version.workspace = true"),
            "{member} names a rust-version of its own: the workspace has one"
        );
    }
}
