//! Solves the Morabaraba sectors up to MOST cows a side (3 by default: the 3v3 sector; 4: also
//! 3v4 with 4v3, and 4v4) in memory and prints each one's size, time (wall clock, and on Linux
//! the CPU time of the process) and value counts:
//! `cargo run --release -p kraal-tables --example build_morris -- [RULE-SET] [MOST]`.

use kraal_rules_morris::{Options, RuleSet};
use kraal_tables::morris::{MorrisValue, Sector, sectors_up_to};
use std::time::Instant;

/// The CPU time this process (single-threaded) has had, in seconds, where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "morabaraba".to_owned());
    let most: u8 = args.next().and_then(|m| m.parse().ok()).unwrap_or(3);
    let options: Options = match name.parse::<RuleSet>() {
        Ok(r) => r.options(),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut built: Vec<Sector> = Vec::new();
    for cows in sectors_up_to(most) {
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let lower: Vec<&Sector> = built.iter().collect();
        let sector = match Sector::build_sector(&options, cows, &lower) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let (mut wins, mut losses, mut draws, mut longest) = (0, 0, 0, 0);
        for (_, v) in sector.classes() {
            match v {
                MorrisValue::WinIn(d) => {
                    wins += 1;
                    longest = longest.max(d);
                }
                MorrisValue::LossIn(d) => {
                    losses += 1;
                    longest = longest.max(d);
                }
                MorrisValue::Draw => draws += 1,
            }
        }
        let cpu = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) => format!(" ({:.2} s CPU)", b - a),
            _ => String::new(),
        };
        println!(
            "{name} {}v{}: {} classes, {:.2} s{cpu}; {wins} won, {losses} lost, {draws} drawn \
             for the side to move; longest {longest} plies",
            cows.0,
            cows.1,
            sector.len(),
            start.elapsed().as_secs_f64()
        );
        built.push(sector);
    }
}
