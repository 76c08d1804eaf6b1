//! Asks the engine for the best move of a position, with its score and expected line.
//!
//! ```text
//! cargo run --release -p kraal-ai --example best_move -- [RULE-SET] [POSITION|start] [DEPTH]
//! cargo run --release -p kraal-ai --example best_move -- morabaraba "a1,b4,d1,g4/c3,c4,e5 0:0 w" 4
//! cargo run --release -p kraal-ai --example best_move -- abapa start 8
//! ```
//!
//! RULE-SET names a rule set of either family (`morabaraba`, `nine-mens-morris`, `abapa`,
//! `mulabalaba`...); defaults: `morabaraba`, the start position, depth 6. The search is limited
//! by depth, not time, so the answer is the same on every machine.

use kraal_ai::{Game, Limits, Mancala, Morris, SearchConfig, Searcher};
use std::fmt::Display;
use std::process::ExitCode;

/// Searches `state` to `depth` and words the answer.
fn best<G: Game>(state: &G::State, depth: u32) -> String
where
    G::Move: Display,
{
    let mut searcher = Searcher::<G>::new(SearchConfig::default());
    let report = searcher.search(state, Limits::depth(depth));
    let Some(best) = report.best else {
        return "the game is over: there is no move to play\n".to_owned();
    };
    let line: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "best move {best}\nscore {} (for the side to move)\ndepth {} nodes {}\nline {}\n",
        report.score,
        report.depth,
        report.nodes,
        line.join(" ")
    )
}

/// Reads `[RULE-SET] [POSITION|start] [DEPTH]` and searches.
pub fn run(args: &[String]) -> Result<String, String> {
    let rule_set = args.first().map_or("morabaraba", String::as_str);
    let position = args.get(1).map(String::as_str).filter(|p| *p != "start");
    let depth: u32 = match args.get(2) {
        Some(d) => d.parse().map_err(|_| format!("`{d}` is not a depth"))?,
        None => 6,
    };
    let no_overrides: &[&str] = &[];
    if let Ok(options) = kraal_rules_morris::Options::from_rule_set(rule_set, no_overrides) {
        use kraal_rules_morris::Position;
        let pos = match position {
            None => Position::new(options),
            Some(text) => {
                Position::from_position_string(text, options).map_err(|e| e.to_string())?
            }
        };
        return Ok(best::<Morris>(&pos, depth));
    }
    let options = kraal_rules_mancala::Options::from_rule_set(rule_set, no_overrides)
        .map_err(|_| format!("`{rule_set}` is no rule set of the mill or the mancala games"))?;
    use kraal_rules_mancala::Position;
    let pos = match position {
        None => Position::new(options),
        Some(text) => Position::from_position_string(text, options).map_err(|e| e.to_string())?,
    };
    Ok(best::<Mancala>(&pos, depth))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("best_move: {message}\nusage: best_move [RULE-SET] [POSITION|start] [DEPTH]");
            ExitCode::FAILURE
        }
    }
}
