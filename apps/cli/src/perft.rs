//! `kraal perft`: counting move sequences, with divide and JSON output.

use crate::RulesArgs;
use anyhow::{Context, Result};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::GameRules;
use serde::Serialize;
use std::time::Instant;

#[derive(Serialize)]
struct Report {
    game: &'static str,
    rules: &'static str,
    overrides: Vec<String>,
    position: String,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<Divide>>,
}

#[derive(Serialize)]
struct Divide {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

fn listed<M: std::fmt::Display>(divide: Vec<(M, u64)>) -> Vec<Divide> {
    divide
        .into_iter()
        .map(|(mv, nodes)| Divide {
            mv: mv.to_string(),
            nodes,
        })
        .collect()
}

/// The position, the divide list, and the total: the divide's sum when there is one.
fn count(
    position: String,
    divided: Option<Vec<Divide>>,
    perft: impl FnOnce() -> u64,
    depth: u32,
) -> (String, Option<Vec<Divide>>, u64) {
    let nodes = match &divided {
        Some(d) if depth > 0 => d.iter().map(|d| d.nodes).sum(),
        _ => perft(),
    };
    (position, divided, nodes)
}

/// Runs `kraal perft`. The count goes to stdout; the time taken to stderr.
pub fn run(
    game: &str,
    args: &RulesArgs,
    position: Option<&str>,
    depth: u32,
    divide: bool,
    json: bool,
) -> Result<()> {
    let rules = crate::resolve(game, args)?;
    let started = Instant::now();
    let (position, divided, nodes) = match &rules {
        GameRules::Morris { options, .. } => {
            let pos = match position {
                None => morris::Position::new(*options),
                Some(text) => morris::Position::from_position_string(text, *options)
                    .with_context(|| format!("cannot use the position `{text}`"))?,
            };
            let divided = divide.then(|| listed(morris::perft_divide(&pos, depth)));
            count(
                pos.to_position_string(),
                divided,
                || morris::perft(&pos, depth),
                depth,
            )
        }
        GameRules::Mancala { options, .. } => {
            let pos = match position {
                None => mancala::Position::new(*options),
                Some(text) => mancala::Position::from_position_string(text, *options)
                    .with_context(|| format!("cannot use the position `{text}`"))?,
            };
            let divided = divide.then(|| listed(mancala::perft_divide(&pos, depth)));
            count(
                pos.to_position_string(),
                divided,
                || mancala::perft(&pos, depth),
                depth,
            )
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        game: rules.game_name(),
        rules: rules.rule_set_name(),
        overrides: args.set.clone(),
        position,
        depth,
        nodes,
        divide: divided,
    };
    if json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        if let Some(divide) = &report.divide {
            for d in divide {
                outln!("{:<16} {}", d.mv, d.nodes);
            }
            outln!();
        }
        outln!("perft {} = {}", report.depth, report.nodes);
    }
    eprintln!(
        "{nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
