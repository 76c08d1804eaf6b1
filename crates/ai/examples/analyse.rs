//! Prints the search report for a mill-game position: `cargo run -p kraal-ai --example analyse -- POSITION DEPTH`.

use kraal_ai::{Limits, Morris, SearchConfig, Searcher};
use kraal_rules_morris::{Options, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "-/- 12:12 w".to_owned());
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let pos = match Position::from_position_string(&text, Options::default()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let config = SearchConfig {
        top_moves: std::env::var("TOP")
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(1),
        ..SearchConfig::default()
    };
    let report = Searcher::<Morris>::new(config).search(&pos, Limits::depth(depth));
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    println!(
        "depth {} nodes {} time {:?} score {} pv {}",
        report.depth,
        report.nodes,
        report.elapsed,
        report.score,
        pv.join(" ")
    );
    for (mv, score) in report.top {
        println!("  {mv:<12} {score}");
    }
}
