//! Counts the move paths of a position to each depth (perft), and the count after each first
//! move at the last depth.
//!
//! ```text
//! cargo run --release -p kraal-rules-mancala --example mancala_perft -- [POSITION|start] [DEPTH] [RULE-SET]
//! cargo run --release -p kraal-rules-mancala --example mancala_perft -- "0,0,0,0,2,1/1,0,0,0,0,3 20:21 s" 8
//! ```
//!
//! Defaults: the start position, depth 6, rule set `abapa` (give `mulabalaba` or another rule
//! set as the third argument for that game). The position string is
//! `SOUTH/NORTH CAPTURED SIDE [PLY]` (see the `setup` module).

use kraal_rules_mancala::{Options, Position, perft, perft_divide};
use std::process::ExitCode;

/// Reads `[POSITION|start] [DEPTH] [RULE-SET]` and counts.
pub fn run(args: &[String]) -> Result<String, String> {
    let rule_set = args.get(2).map_or("abapa", String::as_str);
    let options = Options::from_rule_set(rule_set, &[] as &[&str]).map_err(|e| e.to_string())?;
    let pos = match args.first().map(String::as_str) {
        None | Some("start") => Position::new(options),
        Some(text) => Position::from_position_string(text, options).map_err(|e| e.to_string())?,
    };
    let depth: u32 = match args.get(1) {
        Some(d) => d.parse().map_err(|_| format!("`{d}` is not a depth"))?,
        None => 6,
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
                "mancala_perft: {message}\nusage: mancala_perft [POSITION|start] [DEPTH] [RULE-SET]"
            );
            ExitCode::FAILURE
        }
    }
}
