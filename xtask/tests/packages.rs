//! The library crates stay ready to publish and to reuse: each has its README as its crate
//! documentation, the licence texts beside it, and the fields crates.io shows.

use std::fs;
use std::path::{Path, PathBuf};

const LIBRARY_CRATES: &[&str] = &[
    "crates/rules-morris",
    "crates/rules-mancala",
    "crates/tables",
    "crates/ai",
    "crates/session",
    "crates/front",
    "crates/protocol",
    "crates/online",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The strings of a one-line TOML array field, such as `keywords = ["a", "b"]`.
fn array(toml: &str, field: &str) -> Vec<String> {
    let line = toml
        .lines()
        .find(|l| l.starts_with(&format!("{field} = [")))
        .unwrap_or_else(|| panic!("no {field}"));
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn each_library_crate_documents_itself_with_its_readme() {
    for member in LIBRARY_CRATES {
        let dir = root().join(member);
        let lib = read(&dir.join("src/lib.rs"));
        assert!(
            lib.starts_with("#![doc = include_str!(\"../README.md\")]"),
            "{member}: the crate doc is the README, so its example is a doctest"
        );
        let readme = read(&dir.join("README.md"));
        for part in ["```rust\n", "## Dependencies", "## In the kraal workspace"] {
            assert!(readme.contains(part), "{member}: README has no {part:?}");
        }
    }
}

#[test]
fn each_library_crate_carries_the_licence_texts() {
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = read(&root().join(licence));
        for member in LIBRARY_CRATES {
            assert_eq!(
                read(&root().join(member).join(licence)),
                text,
                "{member}/{licence} differs from the root's copy"
            );
        }
    }
}

#[test]
fn each_library_crate_has_the_fields_crates_io_shows() {
    for member in LIBRARY_CRATES {
        let toml = read(&root().join(member).join("Cargo.toml"));
        for field in [
            "description = ",
            "readme = \"README.md\"",
            "license.workspace",
        ] {
            assert!(toml.contains(field), "{member}: no {field}");
        }
        let keywords = array(&toml, "keywords");
        assert!((1..=5).contains(&keywords.len()), "{member}: {keywords:?}");
        for k in &keywords {
            assert!(
                k.len() <= 20
                    && k.starts_with(|c: char| c.is_ascii_alphabetic())
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                "{member}: keyword {k:?}"
            );
        }
        let categories = array(&toml, "categories");
        assert!(!categories.is_empty(), "{member}");
        for c in &categories {
            assert!(
                [
                    "games",
                    "game-development",
                    "algorithms",
                    "command-line-interface"
                ]
                .contains(&c.as_str()),
                "{member}: category {c:?} is not one of the crates.io slugs we use"
            );
        }
    }
}

#[test]
fn path_dependencies_on_the_library_crates_carry_the_version() {
    let toml = read(&root().join("Cargo.toml"));
    let version = toml
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("a workspace version");
    for member in LIBRARY_CRATES {
        let line = toml
            .lines()
            .find(|l| l.contains(&format!("path = \"{member}\"")))
            .unwrap_or_else(|| panic!("{member} is not in [workspace.dependencies]"));
        assert!(
            line.contains(&format!("version = \"{version}\"")),
            "{line}: cargo package needs the version"
        );
    }
}
