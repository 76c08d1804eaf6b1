//! `cargo xtask`: kraal's developer tasks.
//!
//! - `cargo xtask ci`: what `.ci/run` runs (fmt check, clippy with warnings as errors, the docs
//!   with warnings as errors, each library crate packaged, every test, then the browser page's
//!   checks in `.ci/web-tests.sh`).
//! - `cargo xtask dist [--target T]`: release archives in `dist/` with `SHA256SUMS`.
//! - `cargo xtask release --dry-run [--tag vX.Y.Z]`: checks that the version, the CHANGELOG and
//!   the tag agree, and prints the release steps.

mod dist;
mod release;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The library crates: each is checked to stay publishable on its own.
const LIBRARY_CRATES: &[&str] = &[
    "kraal-rules-morris",
    "kraal-rules-mancala",
    "kraal-tables",
    "kraal-ai",
    "kraal-puzzles",
    "kraal-session",
    "kraal-front",
    "kraal-protocol",
    "kraal-online",
];

/// One step of CI: `cargo ARGS` with extra environment variables.
struct Step {
    env: &'static [(&'static str, &'static str)],
    args: Vec<&'static str>,
}

fn step(args: &[&'static str]) -> Step {
    Step {
        env: &[],
        args: args.to_vec(),
    }
}

/// The steps `.ci/run` runs, in order (it must list the same commands).
fn ci_steps() -> Vec<Step> {
    let mut steps = vec![
        step(&["fmt", "--all", "--check"]),
        step(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
        // The rules crates alone, so without the serde feature the session turns on: the
        // std-only build.
        step(&[
            "clippy",
            "-p",
            "kraal-rules-morris",
            "-p",
            "kraal-rules-mancala",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
        // Broken intra-doc links fail. `--example best_move` selects a target that needs the
        // dev-dependencies, so cargo resolves features as clippy --all-targets did and reuses
        // its checked dependencies; a plain `cargo doc` would check the egui stack again.
        Step {
            env: &[("RUSTDOCFLAGS", "-D warnings")],
            args: vec![
                "doc",
                "--workspace",
                "--no-deps",
                "--lib",
                "--bin",
                "kraal",
                "--bin",
                "xtask",
                "--example",
                "best_move",
            ],
        },
    ];
    for krate in LIBRARY_CRATES {
        steps.push(step(&[
            "package",
            "-p",
            krate,
            "--no-verify",
            "--list",
            "--allow-dirty",
        ]));
    }
    // Each library crate packaged and built alone from its package, the others standing in
    // for crates.io: a file outside a crate or a path dependency without a version fails.
    let mut package = vec!["package", "--allow-dirty"];
    for krate in LIBRARY_CRATES {
        package.extend(["-p", krate]);
    }
    steps.push(step(&package));
    steps.push(step(&["test", "--workspace"]));
    steps
}

const USAGE: &str = "usage:
  cargo xtask ci                          run what CI runs: fmt, clippy, docs, packages, every test
  cargo xtask dist [--target TRIPLE]      build the release archive in dist/
  cargo xtask release --dry-run [--tag T] check version, CHANGELOG and tag; print the steps";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => run_ci(),
        Some("dist") => run_dist(flag(&args, "--target")),
        Some("release") if args.iter().any(|a| a == "--dry-run") => run_release(flag(&args, "--tag")),
        Some("release") => Err("a release is made by hand: run `cargo xtask release --dry-run` for its checks and steps".to_owned()),
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

fn run(command: &mut Command) -> Result<String, String> {
    let shown = format!("{command:?}");
    let out = command
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{shown} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn run_ci() -> Result<(), String> {
    for step in ci_steps() {
        let env: String = step
            .env
            .iter()
            .map(|(k, v)| format!("{k}=\"{v}\" "))
            .collect();
        let shown = format!("{env}cargo {}", step.args.join(" "));
        eprintln!("==> {shown}");
        let status = Command::new(cargo())
            .args(&step.args)
            .envs(step.env.iter().copied())
            .current_dir(root())
            .status()
            .map_err(|e| format!("could not run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("`{shown}` failed"));
        }
    }
    // The browser page's checks, after the tests built the server (the same script as
    // `.ci/run`'s last step).
    eprintln!("==> bash .ci/web-tests.sh");
    let status = Command::new("bash")
        .arg(".ci/web-tests.sh")
        .current_dir(root())
        .status()
        .map_err(|e| format!("could not run bash: {e}"))?;
    if !status.success() {
        return Err("`bash .ci/web-tests.sh` failed".to_owned());
    }
    Ok(())
}

fn version() -> Result<String, String> {
    let toml = std::fs::read_to_string(root().join("Cargo.toml"))
        .map_err(|e| format!("Cargo.toml: {e}"))?;
    release::workspace_version(&toml)
        .ok_or_else(|| "Cargo.toml has no [workspace.package] version".to_owned())
}

fn run_dist(target: Option<String>) -> Result<(), String> {
    let root = root();
    let host = run(Command::new("rustc").arg("-vV"))?
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .ok_or("rustc -vV names no host")?;
    let target = target.unwrap_or(host.clone());
    let mut build = Command::new(cargo());
    build.current_dir(&root).args([
        "build",
        "--release",
        "-p",
        "kraal-cli",
        "-p",
        "kraal-tui",
        "-p",
        "kraal-gui",
    ]);
    let bin_dir = if target == host {
        root.join("target/release")
    } else {
        build.args(["--target", &target]);
        root.join("target").join(&target).join("release")
    };
    eprintln!("==> building the release binaries for {target}");
    run(&mut build)?;
    let out = root.join("dist");
    let generated = out.join("generated");
    std::fs::create_dir_all(&generated).map_err(|e| e.to_string())?;
    let kraal = bin_dir.join("kraal");
    let mut entries = Vec::new();
    for (shell, file) in [
        ("bash", "kraal.bash"),
        ("zsh", "_kraal"),
        ("fish", "kraal.fish"),
    ] {
        let text = run(Command::new(&kraal).args(["completions", shell]))?;
        std::fs::write(generated.join(file), text).map_err(|e| e.to_string())?;
        entries.push(dist::Entry {
            source: generated.join(file),
            dest: format!("completions/{file}"),
        });
    }
    let man = run(Command::new(&kraal).arg("man"))?;
    std::fs::write(generated.join("kraal.1"), man).map_err(|e| e.to_string())?;
    entries.push(dist::Entry {
        source: generated.join("kraal.1"),
        dest: "man/kraal.1".to_owned(),
    });
    for bin in ["kraal", "kraal-tui", "kraal-gui"] {
        entries.push(dist::Entry {
            source: bin_dir.join(bin),
            dest: bin.to_owned(),
        });
    }
    for doc in [
        "README.md",
        "LICENSE",
        "LICENSE-MIT",
        "LICENSE-APACHE",
        "CHANGELOG.md",
    ] {
        entries.push(dist::Entry {
            source: root.join(doc),
            dest: doc.to_owned(),
        });
    }
    let rules = std::fs::read_dir(root.join("docs/rules")).map_err(|e| e.to_string())?;
    for doc in rules.flatten() {
        let name = doc.file_name().to_string_lossy().into_owned();
        entries.push(dist::Entry {
            source: doc.path(),
            dest: format!("docs/rules/{name}"),
        });
    }
    entries.push(dist::Entry {
        source: root.join("docs/ai.md"),
        dest: "docs/ai.md".to_owned(),
    });
    let packed = dist::package(&out, &version()?, &target, &entries).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&generated);
    println!(
        "{}\n{}\n{}",
        out.join(&packed.name).display(),
        packed.archive.display(),
        packed.sums.display()
    );
    Ok(())
}

fn run_release(tag: Option<String>) -> Result<(), String> {
    let version = version()?;
    let changelog = std::fs::read_to_string(root().join("CHANGELOG.md"))
        .map_err(|e| format!("CHANGELOG.md: {e}"))?;
    let tag = tag.unwrap_or_else(|| format!("v{version}"));
    let problems = release::disagreements(
        Some(&version),
        release::changelog_version(&changelog).as_deref(),
        &tag,
    );
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    println!("kraal {version} ({tag}) is ready. The steps of a release:");
    for (i, step) in release::steps(&version).iter().enumerate() {
        println!("  {}. {step}", i + 1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each command of `.ci/run` (a line that runs cargo, after the toolchain check).
    fn ci_run_commands() -> Vec<String> {
        let text = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
        text.lines()
            .map(str::trim)
            .filter(|l| !l.starts_with('#') && !l.starts_with("echo"))
            .filter(|l| l.contains("cargo "))
            .map(|l| l.strip_prefix("step ").unwrap_or(l).to_owned())
            .filter(|c| c != "cargo --version")
            .collect()
    }

    #[test]
    fn ci_run_mirrors_the_ci_steps() {
        let steps: Vec<String> = ci_steps()
            .iter()
            .map(|s| {
                let env: String = s.env.iter().map(|(k, v)| format!("{k}=\"{v}\" ")).collect();
                format!("{env}cargo {}", s.args.join(" "))
            })
            .collect();
        assert_eq!(ci_run_commands(), steps);
        assert_eq!(
            steps.last().map(String::as_str),
            Some("cargo test --workspace")
        );
    }

    #[test]
    fn every_library_crate_is_packaged() {
        let steps = ci_steps();
        for krate in LIBRARY_CRATES {
            assert!(
                steps
                    .iter()
                    .any(|s| s.args.starts_with(&["package", "-p", krate])),
                "{krate}"
            );
        }
    }
}
