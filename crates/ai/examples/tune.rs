//! Tunes a game's evaluation weights by self-play and prints them with the loss before and
//! after: `cargo run --release -p kraal-ai --example tune -- GAME [GAMES] [LEVEL] [SEED]
//! [THREADS] [LAMBDA] [ONLY]`. GAME is `abapa` (Oware), `mulabalaba`, or one or more mill rule
//! sets joined by commas (`morabaraba,twelve-mens-morris`): the mill games share one evaluation,
//! so their positions are fitted together, GAMES games of each. LAMBDA (default 1) is the share
//! of the game's result in each target, the rest the player's own search score of the position
//! (0: fit to the search alone). ONLY, if given, names the features fitted (joined by commas,
//! each as printed, `mobility (moving)`, or without the phase for every phase); the other
//! weights stay as they are. Paste the result into the weights table.

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
    /// The features fitted (none: all of them).
    only: Vec<String>,
}

/// Plays the games and prints the fit; refuses (with the reason) an ONLY naming no feature.
fn tune<G: Tunable>(starts: &[G::State], plan: &Plan) -> ExitCode {
    let start = &starts[0];
    let names = G::feature_names(start);
    let matches = |o: &str, name: &str| name == o || name.split(" (").next() == Some(o);
    if let Some(unknown) = plan
        .only
        .iter()
        .find(|o| !names.iter().any(|n| matches(o, n)))
    {
        eprintln!(
            "{unknown}: no such feature (the features: {})",
            names.join(", ")
        );
        return ExitCode::from(2);
    }
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
    let old = G::weights(start);
    // Whoever moves first wins most games between equal players: a last column (+1 when the
    // side to move moved first, -1 otherwise) lets the fit explain that apart from the
    // features. Its weight is printed, not used by the evaluation.
    for s in &mut samples {
        s.features.push(if s.first_to_move { 1 } else { -1 });
    }
    let mut initial = old.clone();
    initial.push(0);
    // Fixed: the units, and every feature ONLY leaves out.
    let fitted = |name: &str| plan.only.is_empty() || plan.only.iter().any(|o| matches(o, name));
    let mut fixed = G::units(start);
    fixed.extend((0..names.len()).filter(|&i| !fitted(&names[i])));
    let mut new = fit(&samples, &initial, &fixed, 1000.0, 300);
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
    ExitCode::SUCCESS
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
        only: args
            .get(6)
            .map(|v| v.split(',').map(str::to_owned).collect())
            .unwrap_or_default(),
    };
    let Some(game) = args.first() else {
        eprintln!("usage: tune GAME [GAMES] [LEVEL] [SEED] [THREADS] [LAMBDA] [ONLY]");
        return ExitCode::from(2);
    };
    if let Ok(options) = kraal_rules_mancala::Options::from_rule_set(game, &[] as &[&str]) {
        return tune::<Mancala>(&[kraal_rules_mancala::Position::new(options)], &plan);
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
    tune::<Morris>(&starts, &plan)
}
