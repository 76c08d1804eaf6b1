//! Plays an engine match between two opponents and prints the SPRT table row:
//! `cargo run --release -p kraal-ai --example match -- GAME A B [GAMES] [THREADS] [SEED]`
//! with GAME `morabaraba`, `abapa` (Oware) or `mulabalaba`, and A, B opponents such as `ai:3` or `herder`.

use kraal_ai::{Mancala, MatchConfig, MatchResult, Morris, Opponent, play_match};
use kraal_rules_morris::{Options, Position};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: match GAME A B [GAMES] [THREADS] [SEED]");
        return ExitCode::from(2);
    }
    let (a, b) = match (args[1].parse::<Opponent>(), args[2].parse::<Opponent>()) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let number =
        |i: usize, default: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(default);
    let config = MatchConfig {
        games: number(3, 400) as u32,
        threads: number(4, 2) as usize,
        seed: number(5, 1),
        ..MatchConfig::default()
    };
    let progress = |r: &MatchResult| {
        eprint!(
            "\r{} games: +{} ={} -{}  ",
            r.games(),
            r.wins,
            r.draws,
            r.losses
        )
    };
    let result = match args[0].as_str() {
        "morabaraba" => {
            play_match::<Morris>(&Position::new(Options::default()), a, b, config, &progress)
        }
        name => match kraal_rules_mancala::Options::from_rule_set(name, &[] as &[&str]) {
            Ok(options) => play_match::<Mancala>(
                &kraal_rules_mancala::Position::new(options),
                a,
                b,
                config,
                &progress,
            ),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
    };
    let (elo, margin) = result.elo();
    eprintln!();
    println!(
        "| {} | {a} vs {b} | {} | +{} ={} -{} | {:.1}% | {elo:+.0} ± {margin:.0} | {:.2} | {:?} |",
        args[0],
        result.games(),
        result.wins,
        result.draws,
        result.losses,
        100.0 * result.score(),
        result.llr,
        result.verdict
    );
    ExitCode::SUCCESS
}
