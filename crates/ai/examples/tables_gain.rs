//! What the endgame tables are worth in play: games from seeded table positions, each played
//! twice (the tables on either side), the engine with the tables against the same engine
//! without, both at the same budget a move (nodes, or milliseconds with `ms`).
//!
//! `cargo run --release -p kraal-ai --example tables_gain -- DIR oware [SEEDS] [GAMES] [LIMIT]`
//! (DIR holds the tables, built first if missing; SEEDS on the board, 12 by default) and
//! `... -- DIR morabaraba [WvB] [GAMES] [LIMIT]` (cows on the board, such as `4v4`, none in
//! hand; the sectors up to 4v4 built first if missing). LIMIT is `20000` (nodes, the default)
//! or `200ms`.

use kraal_ai::seeded::SplitMix64;
use kraal_ai::{
    Game, Limits, Mancala, Morris, MorrisOracle, Oracle, OwareOracle, SearchConfig, Searcher,
    Verdict,
};
use kraal_rules_mancala::{Options, Position};
use kraal_rules_morris::{Color, Options as MorrisOptions, Position as MorrisPosition};
use kraal_tables::{OwareFamily, TableDir};
use std::sync::Arc;
use std::time::Duration;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = TableDir::new(args.next().unwrap_or_else(|| "tables".to_owned()));
    let game = args.next().unwrap_or_else(|| "oware".to_owned());
    let size = args.next();
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let limit = args.next().unwrap_or_else(|| "20000".to_owned());
    let limits = match limit.strip_suffix("ms") {
        Some(ms) => ms.parse().map(|ms| Limits::time(Duration::from_millis(ms))),
        None => limit.parse().map(Limits::nodes),
    }
    .unwrap_or_else(|_| {
        fail(&format!(
            "{limit}: not a node count or milliseconds (200ms)"
        ))
    });
    let mut rng = SplitMix64(0x5EED);
    let tally = match game.as_str() {
        "oware" => {
            let seeds: u32 = size.and_then(|a| a.parse().ok()).unwrap_or(12);
            let tables = dir
                .build_oware(OwareFamily::Abapa, seeds as usize, &mut |_| {})
                .unwrap_or_else(|e| fail(&e.to_string()));
            let oracle: Arc<dyn Oracle<Mancala>> = Arc::new(OwareOracle(Arc::new(tables)));
            play_many(games, &oracle, limits, || oware_start(&mut rng, seeds))
        }
        "morabaraba" => {
            let size = size.unwrap_or_else(|| "4v4".to_owned());
            let cows: Vec<u32> = size.split('v').filter_map(|c| c.parse().ok()).collect();
            let [white, black] = cows[..] else {
                fail(&format!("{size}: not cows a side such as 4v4"));
            };
            let options = MorrisOptions::morabaraba();
            let built = dir
                .build_morris(&options, white.max(black) as u8, &mut |_| {})
                .unwrap_or_else(|e| fail(&e.to_string()));
            let oracle: Arc<dyn Oracle<Morris>> = Arc::new(MorrisOracle(Arc::new(built)));
            play_many(games, &oracle, limits, || {
                morris_start(&mut rng, options, [white, black])
            })
        }
        other => fail(&format!("{other}: oware or morabaraba")),
    };
    let [won, drawn, lost] = tally;
    let played = won + drawn + lost;
    println!(
        "{played} {game} games from seeded table positions at {limit} a move: with tables \
         +{won} ={drawn} -{lost}, {:.1} %",
        100.0 * (f64::from(won) + f64::from(drawn) / 2.0) / f64::from(played.max(1))
    );
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2)
}

/// `games` positions from `start`, each played twice: won, drawn and lost for the tables.
fn play_many<G: Game>(
    games: u32,
    oracle: &Arc<dyn Oracle<G>>,
    limits: Limits,
    mut start: impl FnMut() -> G::State,
) -> [u32; 3] {
    let mut tally = [0; 3];
    for _ in 0..games {
        let pos = start();
        for table_side in 0..2 {
            let result = play::<G>(&pos, table_side, oracle, limits);
            tally[(1 - result) as usize] += 1;
        }
    }
    tally
}

/// Plays `start` out, the side `table_side` with the tables: 1 won, 0 drawn, -1 lost for it
/// (a game that goes on for 1,000 plies counts as drawn).
fn play<G: Game>(
    start: &G::State,
    table_side: usize,
    oracle: &Arc<dyn Oracle<G>>,
    limits: Limits,
) -> i32 {
    let mut with = Searcher::<G>::new(SearchConfig::default());
    with.set_oracle(Some(Arc::clone(oracle)));
    let mut without = Searcher::<G>::new(SearchConfig::default());
    let mut pos = start.clone();
    for _ in 0..1000 {
        let mover = if G::side_to_move(&pos) == table_side {
            1
        } else {
            -1
        };
        match G::verdict(&pos) {
            Some(Verdict::Win) => return mover,
            Some(Verdict::Loss) => return -mover,
            Some(Verdict::Draw) => return 0,
            None => {}
        }
        let searcher = if mover == 1 { &mut with } else { &mut without };
        let Some(best) = searcher.search(&pos, limits).best else {
            return 0;
        };
        let _ = G::play(&mut pos, best);
    }
    0
}

/// An Abapa position of `seeds` seeds on random houses, South to move, the game not over.
fn oware_start(rng: &mut SplitMix64, seeds: u32) -> Position {
    loop {
        let mut holes = [0u32; 12];
        for _ in 0..seeds {
            holes[rng.below(12) as usize] += 1;
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
        if let Ok(pos) = Position::from_position_string(&text, Options::abapa())
            && !pos.is_game_over()
        {
            return pos;
        }
    }
}

/// A Morabaraba position of `cows` (White's, Black's) on random points, none in hand, White to
/// move, the game not over.
fn morris_start(rng: &mut SplitMix64, options: MorrisOptions, cows: [u32; 2]) -> MorrisPosition {
    loop {
        let mut taken = 0u32;
        let mut bits = [0u32; 2];
        for (side, want) in bits.iter_mut().zip(cows) {
            while side.count_ones() < want {
                let p = 1u32 << rng.below(24);
                if taken & p == 0 {
                    taken |= p;
                    *side |= p;
                }
            }
        }
        let mut pos = MorrisPosition::new(options);
        if pos.set_cows(bits, Color::White).is_ok() && !pos.is_game_over() {
            return pos;
        }
    }
}
