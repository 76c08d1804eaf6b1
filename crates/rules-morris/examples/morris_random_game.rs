//! Plays a game of random legal moves and prints it, move by move, with the final board.
//!
//! ```text
//! cargo run -p kraal-rules-morris --example morris_random_game -- [SEED] [RULE-SET]
//! ```
//!
//! The same seed plays the same game (default seed 1, rule set `morabaraba`). The moves come
//! from a tiny seeded generator written here: the rules crate itself has no randomness.

use kraal_rules_morris::{Options, Position, Theme, render};
use std::process::ExitCode;

/// A stop for games that no draw rule ends (rule sets without the no-shot or repetition draw).
const MAX_PLIES: usize = 1000;

/// SplitMix64: a tiny, good-enough generator for picking moves.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The game played from `options`' start with `seed`: the move list, the board and the result.
fn random_game(options: Options, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut pos = Position::new(options);
    let mut moves = Vec::new();
    while pos.outcome().is_none() && moves.len() < MAX_PLIES {
        let legal = pos.legal_moves();
        let mv = legal[rng.below(legal.len())];
        moves.push(mv.to_string());
        pos = pos.play(mv).expect("a legal move plays");
    }
    let mut out = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
    }
    // The picture ends with the result ("Game over: ...") when there is one.
    out.push_str(&render(&pos, Theme::Ascii));
    if pos.outcome().is_none() {
        out.push_str(&format!("stopped after {MAX_PLIES} plies\n"));
    }
    out
}

/// Reads `[SEED] [RULE-SET]` and plays the game.
pub fn run(args: &[String]) -> Result<String, String> {
    let seed = match args.first() {
        Some(s) => s
            .parse()
            .map_err(|_| format!("`{s}` is not a seed (a number)"))?,
        None => 1,
    };
    let rule_set = args.get(1).map_or("morabaraba", String::as_str);
    let options = Options::from_rule_set(rule_set, &[] as &[&str]).map_err(|e| e.to_string())?;
    Ok(random_game(options, seed))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("morris_random_game: {message}\nusage: morris_random_game [SEED] [RULE-SET]");
            ExitCode::FAILURE
        }
    }
}
