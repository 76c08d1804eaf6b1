//! Generates puzzles into a pack file, appending as it goes: `cargo run --release -p
//! kraal-puzzles --example gen -- GAME RULES COUNT SEED PACK [tables[:SEEDS]] [ADDED]` (what
//! `kraal puzzle gen` does, without the command line; the shipped packs were made with it).
//! `tables` mines the endgame tables (built in `KRAAL_TABLES`, or the data folder, if missing;
//! Oware's up to SEEDS seeds, 12 by default) instead of self-play; ADDED is the puzzles'
//! `Added` date (default: tomorrow, so that today's daily puzzle stays what it was).

use kraal_puzzles::from_tables::TableSet;
use kraal_puzzles::generate::{Source, generate_from};
use kraal_puzzles::{Date, GameName, Variant, parse_pack, write_puzzle};
use kraal_tables::TableDir;
use std::io::Write;
use std::process::ExitCode;

/// Generates into the pack; returns the summary line.
///
/// # Errors
/// Bad arguments, a pack that does not read or cannot be written.
pub fn run(args: &[String]) -> Result<String, String> {
    let (fixed, extra) = args.split_at(args.len().min(5));
    let [game, rules, count, seed, pack] = fixed else {
        return Err("usage: gen GAME RULES COUNT SEED PACK [tables[:SEEDS]] [ADDED]".to_owned());
    };
    let from_tables = extra.first().filter(|a| a.starts_with("tables"));
    let added = match extra.iter().find(|a| !a.starts_with("tables")) {
        Some(d) => d.parse::<Date>().map_err(|e| e.to_string())?,
        None => Date::today_utc().next(),
    };
    let game = GameName::parse(game).ok_or(format!("unknown game {game:?}"))?;
    let variant =
        Variant::of(game, rules).ok_or(format!("{rules:?} is not a rule set of {game}"))?;
    let count: usize = count
        .parse()
        .map_err(|_| format!("{count:?} is not a count"))?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| format!("{seed:?} is not a seed"))?;
    let existing = match std::fs::read_to_string(pack) {
        Ok(t) => parse_pack(&t).map_err(|e| format!("{pack}: {e}"))?,
        Err(_) => Vec::new(),
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(pack)
        .map_err(|e| format!("{pack}: {e}"))?;
    let t0 = std::time::Instant::now();
    let mut failed = None;
    let tables = match from_tables {
        None => None,
        Some(arg) => {
            let seeds = match arg.strip_prefix("tables:") {
                Some(n) => n
                    .parse()
                    .map_err(|_| format!("{n:?} is not a seed count"))?,
                None => 12,
            };
            let dir = TableDir::from_env().map_err(|e| e.to_string())?;
            Some(TableSet::build_for(&dir, variant, seeds).map_err(|e| e.to_string())?)
        }
    };
    let source = tables.as_ref().map_or(Source::SelfPlay, TableSet::source);
    let made = generate_from(variant, source, count, seed, &existing, added, |p| {
        if let Err(e) = write!(file, "\n{}", write_puzzle(p)).and_then(|()| file.flush()) {
            failed = Some(e.to_string());
        }
        eprintln!(
            "{:>7.1}s {} {} {} rating {}",
            t0.elapsed().as_secs_f64(),
            p.id,
            p.objective,
            p.board.line_text().join(" "),
            p.rating
        );
    })
    .map_err(|e| e.to_string())?;
    if let Some(e) = failed {
        return Err(format!("{pack}: {e}"));
    }
    Ok(format!(
        "{} puzzles in {:.1}s",
        made.len(),
        t0.elapsed().as_secs_f64()
    ))
}

#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(summary) => {
            eprintln!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
