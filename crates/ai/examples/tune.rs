//! Tunes a game's evaluation weights by self-play and prints them with the loss before and
//! after: `cargo run --release -p kraal-ai --example tune -- GAME [GAMES] [LEVEL] [SEED]`, GAME
//! `morabaraba`, `abapa` (Oware) or `mulabalaba`. Paste the result into the weights table.

use kraal_ai::tuning::{Tunable, fit, loss, self_play_samples};
use kraal_ai::{Mancala, Morris, Opponent};
use std::process::ExitCode;

fn tune<G: Tunable>(start: &G::State, games: u32, level: u8, seed: u64) {
    let player = Opponent::level(level).unwrap_or_else(|| Opponent::level(4).expect("level 4"));
    let samples = self_play_samples::<G>(start, player, games, 8, seed);
    let names = G::feature_names(start);
    let old = G::weights(start);
    let new = fit(&samples, old, 1000.0, 300);
    println!(
        "{} positions from {games} games of {player} against itself",
        samples.len()
    );
    println!(
        "loss before {:.5}, after {:.5}",
        loss(&samples, old, 1000.0),
        loss(&samples, &new, 1000.0)
    );
    for ((name, o), n) in names.iter().zip(old).zip(&new) {
        println!("  {name:<20} {o:>6} -> {n:>6}");
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(default);
    let (games, level, seed) = (number(1, 200) as u32, number(2, 4) as u8, number(3, 1));
    match args.first().map(String::as_str) {
        Some("morabaraba") => {
            let start = kraal_rules_morris::Position::new(kraal_rules_morris::Options::default());
            tune::<Morris>(&start, games, level, seed);
        }
        Some(name) => match kraal_rules_mancala::Options::from_rule_set(name, &[] as &[&str]) {
            Ok(options) => tune::<Mancala>(
                &kraal_rules_mancala::Position::new(options),
                games,
                level,
                seed,
            ),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        None => {
            eprintln!("usage: tune GAME [GAMES] [LEVEL] [SEED]");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
