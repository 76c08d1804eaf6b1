//! `cargo xtask`: kraal's developer tasks.
//!
//! - `cargo xtask ci`: what `.ci/run` runs (fmt check, clippy with warnings as errors, every test).
//! - `cargo xtask dist [--target T]`: release archives in `dist/` with `SHA256SUMS`.
//! - `cargo xtask release --dry-run [--tag vX.Y.Z]`: checks that the version, the CHANGELOG and
//!   the tag agree, and prints the release steps.

mod dist;
mod release;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The steps `.ci/run` runs, in order.
const CI_STEPS: &[&[&str]] = &[
    &["fmt", "--all", "--check"],
    &[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ],
    &["test", "--workspace"],
];

const USAGE: &str = "usage:
  cargo xtask ci                          run what CI runs: fmt check, clippy, every test
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
    for step in CI_STEPS {
        eprintln!("==> cargo {}", step.join(" "));
        let status = Command::new(cargo())
            .args(*step)
            .current_dir(root())
            .status()
            .map_err(|e| format!("could not run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("`cargo {}` failed", step.join(" ")));
        }
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
