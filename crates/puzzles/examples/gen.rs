//! Generates puzzles into a pack file, appending as it goes: `cargo run --release -p
//! kraal-puzzles --example gen -- GAME RULES COUNT SEED PACK` (what `kraal puzzle gen` does,
//! without the command line; the shipped packs were made with it).

use kraal_puzzles::{Date, GameName, Variant, generate::generate, parse_pack, write_puzzle};
use std::io::Write;
use std::process::ExitCode;

/// Generates into the pack; returns the summary line.
///
/// # Errors
/// Bad arguments, a pack that does not read or cannot be written.
pub fn run(args: &[String]) -> Result<String, String> {
    let [game, rules, count, seed, pack] = args else {
        return Err("usage: gen GAME RULES COUNT SEED PACK".to_owned());
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
    let made = generate(variant, count, seed, &existing, Date::today_utc(), |p| {
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
    });
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
