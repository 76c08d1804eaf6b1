//! What the Oware tables are worth in play: games from seeded positions with SEEDS seeds on the
//! board, each played twice (the tables on either side), the engine with the tables of up to
//! SEEDS seeds against the same engine without, both at the same node budget a move.
//!
//! `cargo run --release -p kraal-ai --example tables_gain -- DIR [SEEDS] [GAMES] [NODES]`
//! (DIR holds the tables, built first if missing).

use kraal_ai::{Limits, Mancala, OwareOracle, SearchConfig, Searcher};
use kraal_rules_mancala::{Options, Position, Side};
use kraal_tables::{OwareFamily, TableDir};
use std::sync::Arc;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = TableDir::new(args.next().unwrap_or_else(|| "tables".to_owned()));
    let seeds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let tables = match dir.build_oware(OwareFamily::Abapa, seeds as usize, &mut |_| {}) {
        Ok(t) => Arc::new(t),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut state = 0x5EED_u64;
    let mut next = move |n: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    };
    let (mut points, mut played) = (0.0, 0);
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for _ in 0..games {
        let mut holes = [0u32; 12];
        for _ in 0..seeds {
            holes[next(12) as usize] += 1;
        }
        let taken = 48 - seeds;
        let row = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let text = format!(
            "{}/{} {}:{} s",
            row(&holes[..6]),
            row(&holes[6..]),
            taken / 2,
            taken - taken / 2
        );
        let Ok(start) = Position::from_position_string(&text, Options::abapa()) else {
            continue;
        };
        if start.is_game_over() {
            continue;
        }
        for table_side in Side::ALL {
            let mut with = Searcher::<Mancala>::new(SearchConfig::default());
            with.set_oracle(Some(Arc::new(OwareOracle(Arc::clone(&tables)))));
            let mut without = Searcher::<Mancala>::new(SearchConfig::default());
            let mut pos = start.clone();
            while !pos.is_game_over() {
                let searcher = if pos.side_to_move() == table_side {
                    &mut with
                } else {
                    &mut without
                };
                let Some(best) = searcher.search(&pos, Limits::nodes(nodes)).best else {
                    break;
                };
                let _ = pos.play_unchecked(best);
            }
            played += 1;
            match pos.outcome().and_then(|o| o.winner()) {
                Some(w) if w == table_side => {
                    won += 1;
                    points += 1.0;
                }
                Some(_) => lost += 1,
                None => {
                    drawn += 1;
                    points += 0.5;
                }
            }
        }
    }
    println!(
        "{played} games from {seeds}-seed positions at {nodes} nodes a move: with tables +{won} \
         ={drawn} -{lost}, {:.1} %",
        100.0 * points / f64::from(played.max(1))
    );
}
