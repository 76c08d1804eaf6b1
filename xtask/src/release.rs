//! `cargo xtask release --dry-run`: the version in Cargo.toml, the CHANGELOG's newest section and
//! the tag must agree before a release.

/// The `version` of `[workspace.package]` in the root Cargo.toml's text.
#[must_use]
pub fn workspace_version(cargo_toml: &str) -> Option<String> {
    let mut in_package = false;
    for line in cargo_toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[workspace.package]";
        } else if in_package
            && let Some(value) = line.strip_prefix("version")
            && let Some(value) = value.trim().strip_prefix('=')
        {
            return Some(value.trim().trim_matches('"').to_owned());
        }
    }
    None
}

/// The version of the CHANGELOG's newest section (`## [1.2.3] - ...`).
#[must_use]
pub fn changelog_version(changelog: &str) -> Option<String> {
    changelog.lines().find_map(|line| {
        let rest = line.strip_prefix("## [")?;
        rest.split_once(']').map(|(v, _)| v.trim().to_owned())
    })
}

/// Every disagreement between the version, the CHANGELOG and the tag (none: ready).
#[must_use]
pub fn disagreements(version: Option<&str>, changelog: Option<&str>, tag: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(version) = version else {
        return vec!["Cargo.toml has no [workspace.package] version".to_owned()];
    };
    match changelog {
        None => problems.push("CHANGELOG.md has no `## [VERSION]` section".to_owned()),
        Some(c) if c != version => problems.push(format!(
            "CHANGELOG.md's newest section is {c}, but Cargo.toml says {version}"
        )),
        Some(_) => {}
    }
    if tag != format!("v{version}") {
        problems.push(format!(
            "the tag is {tag}, but Cargo.toml's version calls for v{version}"
        ));
    }
    problems
}

/// The steps of a release, in order.
#[must_use]
pub fn steps(version: &str) -> Vec<String> {
    vec![
        "cargo xtask ci                      (fmt, clippy, every test)".to_owned(),
        format!("git tag v{version} && git push --tags"),
        "cargo xtask dist                    (dist/kraal-VERSION-TARGET.tar.gz and SHA256SUMS)"
            .to_owned(),
        "publish the archive and SHA256SUMS with the CHANGELOG section as release notes".to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_cargo_toml_and_the_changelog() {
        let toml = "[workspace]\nmembers = []\n\n[workspace.package]\nversion = \"0.3.1\"\nedition = \"2024\"\n";
        assert_eq!(workspace_version(toml).as_deref(), Some("0.3.1"));
        assert_eq!(workspace_version("[package]\nversion = \"9\"\n"), None);
        let changelog = "# Changelog\n\n## [0.3.1] - 2026-12-01\n- x\n\n## [0.3.0] - 2026-11-01\n";
        assert_eq!(changelog_version(changelog).as_deref(), Some("0.3.1"));
        assert_eq!(changelog_version("# Changelog\n"), None);
    }

    #[test]
    fn a_release_needs_all_three_to_agree() {
        assert!(disagreements(Some("0.3.1"), Some("0.3.1"), "v0.3.1").is_empty());
        assert_eq!(
            disagreements(Some("0.3.1"), Some("0.3.0"), "v0.3.1").len(),
            1
        );
        assert_eq!(disagreements(Some("0.3.1"), None, "v0.3.2").len(), 2);
        assert_eq!(disagreements(None, Some("0.3.1"), "v0.3.1").len(), 1);
        assert!(steps("0.3.1")[1].contains("v0.3.1"));
    }

    #[test]
    fn the_repository_is_ready_for_its_own_version() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let toml = std::fs::read_to_string(format!("{root}/Cargo.toml")).expect("Cargo.toml");
        let changelog =
            std::fs::read_to_string(format!("{root}/CHANGELOG.md")).expect("CHANGELOG.md");
        let version = workspace_version(&toml).expect("a version");
        let problems = disagreements(
            Some(&version),
            changelog_version(&changelog).as_deref(),
            &format!("v{version}"),
        );
        assert!(problems.is_empty(), "{problems:?}");
    }
}
