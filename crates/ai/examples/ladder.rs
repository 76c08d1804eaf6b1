//! Plays each opponent against the one below it and prints the table of docs/ai.md:
//! `cargo run --release -p kraal-ai --example ladder -- GAME [THREADS] [SEED] [FROM] [TO]`,
//! GAME `morabaraba`, `abapa` (Oware) or `mulabalaba`; FROM and TO (2 to 7) limit the pairs
//! played to those whose stronger side is in FROM..=TO (each pair's games are the same either
//! way). Each pair plays up to 400 games, colours
//! alternating, from seeded random four-ply openings, until the SPRT (elo0 = 0, elo1 = 110,
//! alpha = beta = 0.05) decides.

use kraal_ai::{Game, Mancala, MatchConfig, MatchResult, Morris, OPPONENTS, play_match};
use std::process::ExitCode;
use std::time::Instant;

fn ladder<G: Game>(game: &str, start: &G::State, config: MatchConfig, levels: (u8, u8)) {
    println!("| game | pair | games | +won =drawn -lost | score | Elo | LLR | SPRT | time |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for pair in OPPONENTS.windows(2) {
        let (weaker, stronger) = (pair[0], pair[1]);
        if !(levels.0..=levels.1).contains(&stronger.level) {
            continue;
        }
        let started = Instant::now();
        let progress = |r: &MatchResult| eprint!("\r{stronger} vs {weaker}: {} games  ", r.games());
        let r = play_match::<G>(start, stronger, weaker, config, &progress);
        eprintln!();
        let (elo, margin) = r.elo();
        // A clean sweep has no finite Elo estimate.
        let elo = if r.wins == r.games() {
            "all won".to_owned()
        } else {
            format!("{elo:+.0} ± {margin:.0}")
        };
        println!(
            "| {game} | {stronger} vs {weaker} | {} | +{} ={} -{} | {:.1}% | {elo} | {:.2} | {:?} | {:.0} s |",
            r.games(),
            r.wins,
            r.draws,
            r.losses,
            100.0 * r.score(),
            r.llr,
            r.verdict,
            started.elapsed().as_secs_f64()
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(default);
    let config = MatchConfig {
        threads: number(1, 2) as usize,
        seed: number(2, 1),
        ..MatchConfig::default()
    };
    let levels = (number(3, 2) as u8, number(4, 7) as u8);
    match args.first().map(String::as_str) {
        Some("morabaraba") => {
            let start = kraal_rules_morris::Position::new(kraal_rules_morris::Options::default());
            ladder::<Morris>("morabaraba", &start, config, levels);
        }
        Some(name) => match kraal_rules_mancala::Options::from_rule_set(name, &[] as &[&str]) {
            Ok(options) => {
                ladder::<Mancala>(
                    name,
                    &kraal_rules_mancala::Position::new(options),
                    config,
                    levels,
                );
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        None => {
            eprintln!("usage: ladder GAME [THREADS] [SEED] [FROM] [TO]");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
