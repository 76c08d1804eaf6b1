//! The engine with the Oware tables against the engine without, from seeded table positions:
//! with the tables it never does worse than the tables guarantee it, and converts every win.

use kraal_ai::{Game, Limits, Mancala, Oracle, OwareOracle, SearchConfig, Searcher};
use kraal_rules_mancala::{Options, Position, Side};
use kraal_tables::{OwareFamily, TableDir, Verdict};
use std::sync::Arc;

// A seeded generator, so the positions are the same every run.
use kraal_ai::seeded::SplitMix64 as Rng;

/// A random position of `n` seeds on the board, South to move, neither side past half.
fn random_position(rng: &mut Rng, n: u32) -> Position {
    let mut holes = [0i64; 12];
    for _ in 0..n {
        holes[rng.below(12) as usize] += 1;
    }
    let taken = 48 - n;
    let south = taken / 2 - (rng.below(u64::from(n / 2 + 1)) as u32).min(taken / 2);
    let row = |r: &[i64]| {
        r.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!(
        "{}/{} {}:{} s",
        row(&holes[..6]),
        row(&holes[6..]),
        south,
        taken - south
    );
    Position::from_position_string(&text, Options::abapa()).unwrap()
}

/// Plays `start` out, the side numbered `table_side` (0 first player) searched with `oracle`,
/// the other without, each to `depth`; returns the result for the table side (1, 0, -1).
fn play_out<G: Game>(
    start: &G::State,
    table_side: usize,
    oracle: Arc<dyn Oracle<G>>,
    depth: u32,
) -> i32 {
    let mut with = Searcher::<G>::new(SearchConfig::default());
    with.set_oracle(Some(oracle));
    let mut without = Searcher::<G>::new(SearchConfig::default());
    let mut pos = start.clone();
    for _ in 0..1000 {
        if let Some(v) = G::verdict(&pos) {
            let mover = if G::side_to_move(&pos) == table_side {
                1
            } else {
                -1
            };
            return match v {
                kraal_ai::Verdict::Win => mover,
                kraal_ai::Verdict::Loss => -mover,
                kraal_ai::Verdict::Draw => 0,
            };
        }
        let searcher = if G::side_to_move(&pos) == table_side {
            &mut with
        } else {
            &mut without
        };
        let best = searcher.search(&pos, Limits::depth(depth)).best.unwrap();
        let _ = G::play(&mut pos, best);
    }
    panic!("no end after 1000 plies");
}

fn rank(v: Verdict) -> i32 {
    match v {
        Verdict::Loss => -1,
        Verdict::Draw => 0,
        Verdict::Win => 1,
    }
}

#[test]
fn the_engine_with_tables_never_does_worse_than_the_tables_promise() {
    let dir = std::env::temp_dir().join(format!("kraal-ai-tables-{}", std::process::id()));
    let tables = Arc::new(
        TableDir::new(&dir)
            .build_oware(OwareFamily::Abapa, 8, &mut |_| {})
            .unwrap(),
    );
    let mut rng = Rng(15);
    let mut games = 0;
    let mut wins_promised = 0;
    let mut converted = 0;
    while games < 50 {
        let seeds = 4 + rng.below(5) as u32;
        let start = random_position(&mut rng, seeds);
        let Some(probe) = tables.probe(&start) else {
            continue;
        };
        // The side the tables play: South (to move) in even games, North in odd ones.
        let table_side = if games % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        // What the tables guarantee that side: the result of its worst final score.
        let promised = {
            let south_lo = u32::from(probe.score.lo);
            let south_hi = u32::from(probe.score.hi);
            let worst = if table_side == Side::South {
                south_lo
            } else {
                48 - south_hi
            };
            rank(match worst.cmp(&24) {
                std::cmp::Ordering::Greater => Verdict::Win,
                std::cmp::Ordering::Equal => Verdict::Draw,
                std::cmp::Ordering::Less => Verdict::Loss,
            })
        };
        wins_promised += usize::from(promised == 1);
        let oracle = Arc::new(OwareOracle(Arc::clone(&tables)));
        let got = play_out::<Mancala>(&start, table_side.index(), oracle, 8);
        converted += usize::from(promised == 1 && got == 1);
        assert!(
            got >= promised,
            "{} ({table_side} with tables): promised {promised}, got {got}",
            start.to_position_string()
        );
        games += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The sample must hold wins to convert, or the test proves little.
    assert!(wins_promised >= 10, "{wins_promised}");
    assert_eq!(converted, wins_promised);
}

/// Plays 50 games from seeded positions of `cows` (White's, Black's) on random points, the
/// side with `tables` alternating colours, against the engine without them: the side with the
/// tables never does worse than they promise and converts every win. Returns the wins promised.
fn morris_table_games(tables: &Arc<kraal_tables::morris::MorrisTables>, cows: [u32; 2]) -> usize {
    use kraal_ai::{Morris, MorrisOracle};
    use kraal_rules_morris::{Color, Options as MorrisOptions, Position as MorrisPosition};
    use kraal_tables::morris::MorrisValue;
    let options = MorrisOptions::morabaraba();
    let mut rng = Rng(3 + u64::from(cows[0] * 10 + cows[1]));
    let mut games = 0;
    let (mut wins, mut converted) = (0, 0);
    while games < 50 {
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
        let mut start = MorrisPosition::new(options);
        start.set_cows(bits, Color::White).unwrap();
        if start.is_game_over() {
            continue;
        }
        let value = tables.probe(&start).unwrap();
        let table_side = if games % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        // What the tables promise the side they play.
        let promised = match (value, table_side) {
            (MorrisValue::Draw, _) => 0,
            (MorrisValue::WinIn(_), Color::White) | (MorrisValue::LossIn(_), Color::Black) => 1,
            _ => -1,
        };
        wins += usize::from(promised == 1);
        let oracle = Arc::new(MorrisOracle(Arc::clone(tables)));
        let got = play_out::<Morris>(&start, table_side.index(), oracle, 3);
        assert!(
            got >= promised,
            "{} ({table_side:?} with tables): promised {promised}, got {got}",
            start.to_position_string()
        );
        converted += usize::from(promised == 1 && got == 1);
        games += 1;
    }
    assert_eq!(converted, wins);
    wins
}

#[test]
fn the_engine_with_the_morabaraba_3v3_table_converts_every_win_and_never_loses() {
    use kraal_tables::morris::{MorrisTables, Sector};
    let sector = Sector::build(&kraal_rules_morris::Options::morabaraba()).unwrap();
    let tables = Arc::new(MorrisTables::new(vec![sector]));
    let wins = morris_table_games(&tables, [3, 3]);
    assert!(wins >= 10, "{wins}");
}

/// Slow (the 3v4 sector is built first, about a minute):
/// `cargo test -p kraal-ai --test tables -- --ignored`.
#[test]
#[ignore = "builds the 3v4 sector: about a minute"]
fn the_engine_with_the_morabaraba_4v3_tables_converts_every_win_and_never_loses() {
    use kraal_tables::morris::{MorrisTables, Sector};
    let options = kraal_rules_morris::Options::morabaraba();
    let small = Sector::build(&options).unwrap();
    let big = Sector::build_sector(&options, (3, 4), &[&small]).unwrap();
    let tables = Arc::new(MorrisTables::new(vec![small, big]));
    let wins = morris_table_games(&tables, [4, 3]);
    assert!(wins >= 5, "{wins}");
}
