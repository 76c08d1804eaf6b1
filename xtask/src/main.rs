//! `cargo xtask`: kraal's developer tasks. Only `ci` exists for now; `dist` and `release` follow.

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

fn main() -> ExitCode {
    let task = std::env::args().nth(1);
    match task.as_deref() {
        Some("ci") => run_ci(),
        _ => {
            eprintln!("usage: cargo xtask ci    (run what CI runs: fmt check, clippy, every test)");
            ExitCode::from(2)
        }
    }
}

fn run_ci() -> ExitCode {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    for step in CI_STEPS {
        eprintln!("==> cargo {}", step.join(" "));
        match Command::new(&cargo).args(*step).status() {
            Ok(status) if status.success() => {}
            Ok(_) => {
                eprintln!("xtask ci: `cargo {}` failed", step.join(" "));
                return ExitCode::FAILURE;
            }
            Err(err) => {
                eprintln!("xtask ci: could not run cargo: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
