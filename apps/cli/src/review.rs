//! `kraal review FILE`: every move of a saved game scored by the engine and marked `?!`, `?`
//! or `??` by how much it dropped the mover's expected result (see docs/review.md).

use anyhow::{Context, Result, bail};
use kraal_ai::{Limits, StopFlag};
use kraal_front::review::{score_text, tally_text, verdict_text};
use kraal_session::AnyGame;
use kraal_session::review::{Oracles, Review, ReviewOptions, scale_of};
use serde::Serialize;
use std::path::Path;
use std::time::Duration;

/// `kraal review`: the review of the game in `path`, as text or JSON.
pub fn run(path: &Path, budget: &crate::tools::Budget, json: bool) -> Result<()> {
    // Half a second a position: a 60-move game takes half a minute.
    let limits = budget.limits(Duration::from_millis(500))?;
    let record = kraal_session::Record::load(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}", e.about_file(path)))?;
    let game = AnyGame::from_record(&record, AnyGame::players_in(&record), 0)
        .with_context(|| format!("{} is not a valid game record", path.display()))?;
    if game.ply() == 0 {
        bail!("{} has no moves to review", path.display());
    }
    let rules = game.rules().clone();
    let (oracles, tables_note) = match Oracles::load(&rules) {
        Ok(o) if o.any() => (o, "endgame tables: used where they reach"),
        Ok(o) => (o, "endgame tables: none built for these rules"),
        Err(e) => {
            eprintln!("kraal: the endgame tables are not used: {e}");
            (
                Oracles::default(),
                "endgame tables: not used (see the warning)",
            )
        }
    };
    let options = ReviewOptions { limits, oracles };

    let stop = StopFlag::new();
    let interrupted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    {
        let (stop, seen) = (stop.clone(), std::sync::Arc::clone(&interrupted));
        // Ctrl-C stops the review; the moves reviewed so far are printed.
        ctrlc::set_handler(move || {
            seen.store(true, std::sync::atomic::Ordering::SeqCst);
            stop.stop();
        })
        .context("cannot watch for Ctrl-C")?;
    }
    let bar = indicatif::ProgressBar::new(game.ply() as u64 + 1);
    if json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} positions  {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let review = game
        .review(&options, &stop, &mut |done, _| {
            bar.set_position(done as u64)
        })
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    bar.finish_and_clear();

    let sides = game.side_names();
    if json {
        print_json(&report(&game, &review, limits))?;
    } else {
        print_text(&game, &review, limits, tables_note, sides)?;
    }
    if interrupted.load(std::sync::atomic::Ordering::SeqCst) {
        outln!("interrupted: the moves reviewed so far");
        return Err(crate::tools::Interrupted.into());
    }
    Ok(())
}

fn print_json(value: &impl Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

fn budget_text(limits: Limits) -> String {
    match (limits.depth, limits.time) {
        (Some(d), _) => format!("depth {d} a position"),
        (_, Some(t)) => format!("{} s a position", t.as_secs_f64()),
        _ => "no limit".to_owned(),
    }
}

fn print_text(
    game: &AnyGame,
    review: &Review,
    limits: Limits,
    tables_note: &str,
    sides: [&str; 2],
) -> Result<()> {
    let rules = game.rules();
    outln!(
        "Review of {} ({} rules): {} {}, {}; {tables_note}",
        kraal_session::any::capitalise(rules.game_name()),
        rules.rule_set_name(),
        game.ply(),
        if game.ply() == 1 { "move" } else { "moves" },
        budget_text(limits)
    );
    let scale = scale_of(rules);
    outln!(
        "Scores are the mover's; marks by the drop of the expected result: ?! from {:.0}, ? from {:.0}, ?? from {:.0} points in 100.",
        100.0 * scale.inaccuracy,
        100.0 * scale.mistake,
        100.0 * scale.blunder
    );
    outln!();
    for m in &review.moves {
        let played = format!("{}{}", m.played, m.mark.symbol());
        let mut line = format!(
            "{:>4}. {:<6} {:<16} {:>10} -> {:<10}",
            m.ply,
            sides[m.mover],
            played,
            score_text(m.before),
            score_text(m.after)
        );
        if let Some(verdict) = verdict_text(m, 6) {
            line.push_str(&format!(" {verdict}"));
        }
        outln!("{}", line.trim_end());
    }
    if !review.complete {
        outln!(
            "(stopped after {} of {} moves)",
            review.moves.len(),
            game.ply()
        );
    }
    outln!();
    for (side, name) in sides.iter().enumerate() {
        outln!("{name}: {}", tally_text(review, side));
    }
    Ok(())
}

#[derive(Serialize)]
struct ReviewReport {
    game: &'static str,
    rules: &'static str,
    overrides: Vec<String>,
    depth: Option<u32>,
    seconds_a_position: Option<f64>,
    complete: bool,
    moves: Vec<MoveReport>,
    /// Inaccuracies, mistakes and blunders of each side, first player first.
    tally: [[usize; 3]; 2],
}

#[derive(Serialize)]
struct MoveReport {
    ply: usize,
    side: &'static str,
    #[serde(rename = "move")]
    played: String,
    before: String,
    after: String,
    expected_before: f64,
    expected_after: f64,
    mark: &'static str,
    symbol: &'static str,
    thrown: Option<&'static str>,
    best: Option<String>,
    line: Vec<String>,
    depth: u32,
}

fn report(game: &AnyGame, review: &Review, limits: Limits) -> ReviewReport {
    let rules = game.rules();
    let sides = game.side_names();
    ReviewReport {
        game: rules.game_name(),
        rules: rules.rule_set_name(),
        overrides: rules.overrides(),
        depth: limits.depth,
        seconds_a_position: limits.time.map(|t| t.as_secs_f64()),
        complete: review.complete,
        moves: review
            .moves
            .iter()
            .map(|m| MoveReport {
                ply: m.ply,
                side: sides[m.mover],
                played: m.played.to_string(),
                before: m.before.to_string(),
                after: m.after.to_string(),
                expected_before: m.expected_before,
                expected_after: m.expected_after,
                mark: m.mark.name(),
                symbol: m.mark.symbol(),
                thrown: m.thrown.map(|t| t.name()),
                best: m.best.map(|b| b.to_string()),
                line: m.line.iter().map(ToString::to_string).collect(),
                depth: m.depth,
            })
            .collect(),
        tally: [review.tally(0), review.tally(1)],
    }
}
