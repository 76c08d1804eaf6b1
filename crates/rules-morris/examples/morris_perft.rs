//! Counts the move paths of a position to each depth (perft), and the count after each first
//! move at the last depth.
//!
//! ```text
//! cargo run --release -p kraal-rules-morris --example morris_perft -- [POSITION|start] [DEPTH] [RULE-SET]
//! cargo run --release -p kraal-rules-morris --example morris_perft -- "a1,d1/d7,g7 10:10 w" 3
//! ```
//!
//! Defaults: the start position, depth 4, rule set `morabaraba`. The position string is
//! `WHITE/BLACK HANDS SIDE [BANS THREE-COWS NO-SHOT]` (see the `setup` module).

use kraal_rules_morris::{Options, Position, perft, perft_divide};
use std::process::ExitCode;

/// Reads `[POSITION|start] [DEPTH] [RULE-SET]` and counts.
pub fn run(args: &[String]) -> Result<String, String> {
    let rule_set = args.get(2).map_or("morabaraba", String::as_str);
    let options = Options::from_rule_set(rule_set, &[] as &[&str]).map_err(|e| e.to_string())?;
    let pos = match args.first().map(String::as_str) {
        None | Some("start") => Position::new(options),
        Some(text) => Position::from_position_string(text, options).map_err(|e| e.to_string())?,
    };
    let depth: u32 = match args.get(1) {
        Some(d) => d.parse().map_err(|_| format!("`{d}` is not a depth"))?,
        None => 4,
    };
    let mut out = format!("{}\n", pos.to_position_string());
    for d in 1..=depth {
        out.push_str(&format!("depth {d}: {}\n", perft(&pos, d)));
    }
    if depth > 0 {
        let mut divide = perft_divide(&pos, depth);
        divide.sort_by_key(|(mv, _)| mv.to_string());
        for (mv, count) in divide {
            out.push_str(&format!("  {mv:<10} {count}\n"));
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!(
                "morris_perft: {message}\nusage: morris_perft [POSITION|start] [DEPTH] [RULE-SET]"
            );
            ExitCode::FAILURE
        }
    }
}
