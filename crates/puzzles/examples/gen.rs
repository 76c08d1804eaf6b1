//! Generates puzzles into a pack file, appending: `cargo run --release -p kraal-puzzles
//! --example gen -- GAME RULES COUNT SEED PACK` (what `kraal puzzle gen` does, without the CLI).

use kraal_puzzles::{Date, GameName, Variant, generate::generate, parse_pack, write_puzzle};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, rules, count, seed, pack] = &args[..] else {
        eprintln!("usage: gen GAME RULES COUNT SEED PACK");
        std::process::exit(2);
    };
    let game = GameName::parse(game).expect("a game");
    let variant = Variant::of(game, rules).expect("a rule set");
    let existing = std::fs::read_to_string(pack)
        .map(|t| parse_pack(&t).expect("a readable pack"))
        .unwrap_or_default();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(pack)
        .expect("the pack opens");
    let t0 = std::time::Instant::now();
    let made = generate(
        variant,
        count.parse().expect("a count"),
        seed.parse().expect("a seed"),
        &existing,
        Date::today_utc(),
        |p| {
            let _ = write!(file, "\n{}", write_puzzle(p));
            let _ = file.flush();
            eprintln!(
                "{:>7.1}s {} {} {} rating {}",
                t0.elapsed().as_secs_f64(),
                p.id,
                p.objective,
                p.board.line_text().join(" "),
                p.rating
            );
        },
    );
    eprintln!(
        "{} puzzles in {:.1}s",
        made.len(),
        t0.elapsed().as_secs_f64()
    );
}
