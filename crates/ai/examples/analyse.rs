//! Prints the search report for a position:
//! `cargo run --release -p kraal-ai --example analyse -- GAME [POSITION|start] [DEPTH | SECONDSs]`
//! with GAME `morabaraba` or a mancala rule set (`abapa`, `mulabalaba`); `TOP=5` in the
//! environment lists the five best moves.

use kraal_ai::{Game, Limits, Mancala, Morris, SearchConfig, Searcher};
use std::fmt::Display;
use std::process::ExitCode;
use std::time::Duration;

fn report<G: Game>(state: &G::State, limits: Limits)
where
    G::Move: Display,
{
    let top = std::env::var("TOP")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let config = SearchConfig {
        top_moves: top,
        ..SearchConfig::default()
    };
    let report = Searcher::<G>::new(config).search(state, limits);
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    let nps = report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-9) / 1e6;
    println!(
        "depth {} nodes {} time {:.3} s ({nps:.1} M nodes/s) score {} pv {}",
        report.depth,
        report.nodes,
        report.elapsed.as_secs_f64(),
        report.score,
        pv.join(" ")
    );
    for (mv, score) in report.top {
        println!("  {mv:<12} {score}");
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("morabaraba", String::as_str);
    let position = args.get(1).filter(|p| p.as_str() != "start");
    let limits = match args.get(2) {
        Some(t) if t.ends_with('s') => match t.trim_end_matches('s').parse::<f64>() {
            Ok(s) => Limits::time(Duration::from_secs_f64(s)),
            Err(_) => return usage(),
        },
        Some(d) => match d.parse() {
            Ok(d) => Limits::depth(d),
            Err(_) => return usage(),
        },
        None => Limits::depth(8),
    };
    if game == "morabaraba" {
        let options = kraal_rules_morris::Options::default();
        let pos = match position {
            None => kraal_rules_morris::Position::new(options),
            Some(p) => match kraal_rules_morris::Position::from_position_string(p, options) {
                Ok(pos) => pos,
                Err(e) => return fail(e),
            },
        };
        report::<Morris>(&pos, limits);
    } else {
        let options = match kraal_rules_mancala::Options::from_rule_set(game, &[] as &[&str]) {
            Ok(o) => o,
            Err(e) => return fail(e),
        };
        let pos = match position {
            None => kraal_rules_mancala::Position::new(options),
            Some(p) => match kraal_rules_mancala::Position::from_position_string(p, options) {
                Ok(pos) => pos,
                Err(e) => return fail(e),
            },
        };
        report::<Mancala>(&pos, limits);
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: analyse GAME [POSITION|start] [DEPTH | SECONDSs]");
    ExitCode::from(2)
}

fn fail(e: impl Display) -> ExitCode {
    eprintln!("{e}");
    ExitCode::from(2)
}
