//! Tunes a game's evaluation weights by self-play and prints them with the loss before and
//! after: `cargo run --release -p kraal-ai --example tune -- GAME [GAMES] [LEVEL] [SEED]
//! [THREADS] [LAMBDA]`. GAME is `abapa` (Oware), `mulabalaba`, or one or more mill rule sets
//! joined by commas (`morabaraba,twelve-mens-morris`): the mill games share one evaluation, so
//! their positions are fitted together, GAMES games of each. LAMBDA (default 1) is the share of
//! the game's result in each target, the rest the player's own search score of the position
//! (0: fit to the search alone). Paste the result into the weights table.

use kraal_ai::tuning::{Sample, Tunable, fit, loss, self_play_samples};
use kraal_ai::{Mancala, Morris, Opponent};
use std::process::ExitCode;

/// How the games are played: their number (per start), the level, the seed and the threads.
struct Plan {
    games: u32,
    player: Opponent,
    seed: u64,
    threads: u32,
    lambda: f64,
}

fn tune<G: Tunable>(starts: &[G::State], plan: &Plan) {
    let mut samples: Vec<Sample> = Vec::new();
    for start in starts {
        samples.extend(self_play_samples::<G>(
            start,
            plan.player,
            plan.games,
            8,
            plan.seed,
            plan.threads,
        ));
    }
    for s in &mut samples {
        s.blend_search(plan.lambda);
    }
    let start = &starts[0];
    let names = G::feature_names(start);
    let old = G::weights(start);
    // Whoever moves first wins most games between equal players: a last column (+1 when the
    // side to move moved first, -1 otherwise) lets the fit explain that apart from the
    // features. Its weight is printed, not used by the evaluation.
    for s in &mut samples {
        s.features.push(if s.first_to_move { 1 } else { -1 });
    }
    let mut initial = old.clone();
    initial.push(0);
    let mut new = fit(&samples, &initial, &G::units(start), 1000.0, 300);
    let first_player = new.pop().unwrap_or(0);
    for s in &mut samples {
        s.features.pop();
    }
    println!(
        "{} positions from {} games of {} against itself (targets: {} the result, the rest its search)",
        samples.len(),
        plan.games * starts.len() as u32,
        plan.player,
        plan.lambda
    );
    println!(
        "loss before {:.5}, after {:.5}",
        loss(&samples, &old, 1000.0),
        loss(&samples, &new, 1000.0)
    );
    println!("  (the first player's edge, fitted apart: {first_player})");
    let used = |i: usize| samples.iter().filter(|s| s.features[i] != 0).count();
    for (i, ((name, o), n)) in names.iter().zip(&old).zip(&new).enumerate() {
        println!(
            "  {name:<34} {o:>6} -> {n:>6}   (non-zero in {} positions)",
            used(i)
        );
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(default);
    let level = number(2, 4) as u8;
    let plan = Plan {
        games: number(1, 200) as u32,
        player: Opponent::level(level).unwrap_or_else(|| Opponent::level(4).expect("level 4")),
        seed: number(3, 1),
        threads: number(4, 1) as u32,
        lambda: args.get(5).and_then(|v| v.parse().ok()).unwrap_or(1.0),
    };
    let Some(game) = args.first() else {
        eprintln!("usage: tune GAME [GAMES] [LEVEL] [SEED] [THREADS] [LAMBDA]");
        return ExitCode::from(2);
    };
    if let Ok(options) = kraal_rules_mancala::Options::from_rule_set(game, &[] as &[&str]) {
        tune::<Mancala>(&[kraal_rules_mancala::Position::new(options)], &plan);
        return ExitCode::SUCCESS;
    }
    let mut starts = Vec::new();
    for rule_set in game.split(',') {
        match kraal_rules_morris::Options::from_rule_set(rule_set, &[] as &[&str]) {
            Ok(options) => starts.push(kraal_rules_morris::Position::new(options)),
            Err(e) => {
                eprintln!("{rule_set}: neither a mancala game nor a mill rule set ({e})");
                return ExitCode::from(2);
            }
        }
    }
    tune::<Morris>(&starts, &plan);
    ExitCode::SUCCESS
}
