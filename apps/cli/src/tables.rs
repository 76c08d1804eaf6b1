//! `kraal tables build|info|probe`: perfect Oware endgames from `kraal-tables`, kept in the
//! folder `KRAAL_TABLES` names, or else in the user's data folder (see docs/tables.md).

use anyhow::{Context, bail};
use kraal_rules_mancala::Position;
use kraal_session::GameRules;
use kraal_tables::oware::{MAX_SEEDS, Step};
use kraal_tables::{Event, Fate, OwareFamily, TableDir};

/// What `kraal tables` does.
#[derive(clap::Subcommand, Debug)]
pub(crate) enum TablesCommand {
    /// Build the tables of a game (resumable: finished tables are kept, broken ones rebuilt).
    Build {
        /// `oware` or `morabaraba`, or a rule set of either (such as `abapa` or `sotho`).
        game: String,
        #[command(flatten)]
        rules: crate::RulesArgs,
        /// Oware: build every table of up to N seeds on the board (0 to 25; 15: under a
        /// minute, 52 MB; 20: about four minutes, 677 MB; 25: about 35 minutes on two cores,
        /// 5.6 GB, and up to 10 GB of scratch files beside the tables while the last one is
        /// built).
        #[arg(long, value_name = "N", default_value_t = 15)]
        seeds: usize,
        /// Morabaraba: build the sectors of up to N cows a side (3: 3v3, seconds; 4: also 3v4
        /// and 4v4, under a minute; 5: the 5-cow sectors too, about five minutes).
        #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=5))]
        cows: u8,
    },
    /// List the tables built, with their sizes.
    Info,
    /// Print what the tables say about a position, and every move's value.
    Probe {
        /// `oware` or `morabaraba`, or a rule set of either.
        game: String,
        #[command(flatten)]
        rules: crate::RulesArgs,
        /// The position string.
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        position: String,
    },
}

/// Runs one `kraal tables` command.
pub(crate) fn run(command: TablesCommand) -> anyhow::Result<()> {
    let dir = TableDir::from_env()?;
    match command {
        TablesCommand::Build {
            game,
            rules,
            seeds,
            cows,
        } => match crate::resolve(&game, &rules)? {
            GameRules::Morris { options, .. } => build_morris(&dir, &options, cows),
            rules => build(&dir, family(&rules)?, seeds),
        },
        TablesCommand::Info => info(&dir),
        TablesCommand::Probe {
            game,
            rules,
            position,
        } => {
            let rules = crate::resolve(&game, &rules)?;
            if let GameRules::Morris { options, .. } = &rules {
                return probe_morris(&dir, options, &position);
            }
            let family = family(&rules)?;
            probe(&dir, family, &rules, &position)
        }
    }
}

fn family(rules: &GameRules) -> anyhow::Result<OwareFamily> {
    match rules {
        GameRules::Mancala { options, .. } => Ok(OwareFamily::of(options)?),
        GameRules::Morris { .. } => {
            bail!("these are Morabaraba rules, not Oware's")
        }
    }
}

fn build(dir: &TableDir, family: OwareFamily, seeds: usize) -> anyhow::Result<()> {
    if seeds > MAX_SEEDS {
        bail!("--seeds {seeds}: at most {MAX_SEEDS}");
    }
    outln!(
        "{family} tables of 0 to {seeds} seeds in {}",
        dir.root().display()
    );
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{prefix:>9} {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut total = std::time::Duration::ZERO;
    let mut lines = Vec::new();
    dir.build_oware(family, seeds, &mut |event| match event {
        Event::Start { seeds, positions } => {
            bar.reset();
            bar.set_length(positions);
            bar.set_prefix(format!("{seeds} seeds"));
            bar.set_message("boards");
        }
        Event::Step { step, .. } => match step {
            Step::Forward { done } => bar.set_position(done),
            Step::Sweep { sweep, changed } => {
                bar.set_message(format!("sweep {sweep}: {changed} narrowed"));
            }
        },
        Event::Done {
            seeds,
            fate,
            elapsed,
            bytes,
        } => {
            total += elapsed;
            let what = match fate {
                Fate::Kept => "kept".to_owned(),
                Fate::Built => "built".to_owned(),
                Fate::Rebuilt(why) => format!("rebuilt ({why})"),
            };
            let line = format!(
                "{seeds:>2} seeds: {what}, {bytes} bytes, {:.1} s",
                elapsed.as_secs_f64()
            );
            bar.println(&line);
            lines.push(line);
        }
    })?;
    bar.finish_and_clear();
    // Without a terminal the bar (and what it printed) is hidden: print the lines here.
    if bar.is_hidden() {
        for line in lines {
            outln!("{line}");
        }
    }
    outln!("done in {:.1} s", total.as_secs_f64());
    Ok(())
}

fn info(dir: &TableDir) -> anyhow::Result<()> {
    let files = dir.list();
    let morris = dir.list_morris();
    outln!("tables folder: {}", dir.root().display());
    if files.is_empty() && morris.is_empty() {
        outln!("no tables built (kraal tables build oware --seeds 15)");
        return Ok(());
    }
    let mut total = 0;
    for f in &files {
        outln!(
            "{:<24} {:>2} seeds {:>12} bytes",
            f.family.name(),
            f.seeds,
            f.bytes
        );
        total += f.bytes;
    }
    for (family, path, bytes) in &morris {
        let sector = path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(|s| s.strip_prefix("sector-"))
            .unwrap_or("?");
        outln!("{family:<24} {sector:<8} {bytes:>12} bytes");
        total += bytes;
    }
    outln!("{} files, {total} bytes", files.len() + morris.len());
    Ok(())
}

fn probe(
    dir: &TableDir,
    family: OwareFamily,
    rules: &GameRules,
    position: &str,
) -> anyhow::Result<()> {
    let GameRules::Mancala { options, .. } = rules else {
        bail!("only Oware positions have tables");
    };
    let pos = Position::from_position_string(position, *options)
        .with_context(|| format!("--position {position}"))?;
    let on_board: usize = pos.holes().iter().map(|&c| usize::from(c)).sum();
    if pos.is_game_over() {
        bail!("the game is over in this position");
    }
    let tables = dir.load_oware(family, on_board)?;
    if tables.max_seeds().is_none_or(|m| m < on_board) {
        bail!(
            "{on_board} seeds on the board: build the tables first (kraal tables build {} --seeds \
             {on_board})",
            family.rule_set()
        );
    }
    let Some(probe) = tables.probe(&pos) else {
        bail!("no table value for this position");
    };
    outln!("{probe}");
    outln!(
        "{} to move takes {} of the {on_board} seeds on the board; final score {}",
        pos.side_to_move(),
        probe.seeds,
        probe.score
    );
    if let Some(best) = tables.best_move(&pos) {
        outln!("the tables play {best}");
    }
    if let Some(moves) = tables.moves(&pos) {
        for (mv, seeds) in moves {
            outln!("  {mv}: seeds {seeds}");
        }
    }
    Ok(())
}

/// What the tables say about the position `kraal analyse` looks at, such as `win, seeds 7..9
/// (tables)` or `win in 5 (tables)`, if its table is built (nothing otherwise: missing tables
/// change nothing).
pub(crate) fn verdict(rules: &GameRules, position: Option<&str>) -> Option<String> {
    let options = match rules {
        GameRules::Mancala { options, .. } => options,
        GameRules::Morris { options, .. } => {
            let pos =
                kraal_rules_morris::Position::from_position_string(position?, *options).ok()?;
            let tables = TableDir::from_env().ok()?.load_morris(options).ok()?;
            return tables.probe(&pos).map(|v| v.to_string());
        }
    };
    let family = OwareFamily::of(options).ok()?;
    let pos = Position::from_position_string(position?, *options).ok()?;
    let on_board: usize = pos.holes().iter().map(|&c| usize::from(c)).sum();
    let tables = TableDir::from_env()
        .ok()?
        .load_oware(family, on_board)
        .ok()?;
    tables.probe(&pos).map(|p| p.to_string())
}

fn build_morris(
    dir: &TableDir,
    options: &kraal_rules_morris::Options,
    cows: u8,
) -> anyhow::Result<()> {
    let family = TableDir::morris_family(options)?;
    outln!(
        "{family} sectors of up to {cows} cows a side in {}",
        dir.root().display()
    );
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_message("3v3: solving");
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let started = std::time::Instant::now();
    let mut last = std::time::Instant::now();
    let mut lines = Vec::new();
    let result = dir.build_morris(options, cows, &mut |((small, big), fate)| {
        let what = match fate {
            Fate::Kept => "kept".to_owned(),
            Fate::Built => "built".to_owned(),
            Fate::Rebuilt(why) => format!("rebuilt ({why})"),
        };
        let line = format!(
            "{small}v{big}: {what}, {:.1} s",
            last.elapsed().as_secs_f64()
        );
        last = std::time::Instant::now();
        bar.println(&line);
        lines.push(line);
        bar.set_message("solving the next sector");
    });
    bar.finish_and_clear();
    let tables = result?;
    if bar.is_hidden() {
        for line in lines {
            outln!("{line}");
        }
    }
    let classes: usize = tables.sectors().iter().map(|s| s.len()).sum();
    outln!(
        "{} sectors, {classes} classes of positions, {:.1} s",
        tables.sectors().len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn probe_morris(
    dir: &TableDir,
    options: &kraal_rules_morris::Options,
    position: &str,
) -> anyhow::Result<()> {
    use kraal_tables::morris::MorrisValue;
    let pos = kraal_rules_morris::Position::from_position_string(position, *options)
        .with_context(|| format!("--position {position}"))?;
    let tables = dir.load_morris(options).map_err(|e| match e {
        kraal_tables::TableError::Missing { .. } => {
            anyhow::anyhow!("build the tables first (kraal tables build morabaraba --cows 4)")
        }
        e => e.into(),
    })?;
    let Some(value) = tables.probe(&pos) else {
        let (_, most) = tables.sectors().last().map_or((3, 3), |s| s.cows());
        bail!(
            "no table holds this position (the tables built hold 3 to {most} cows a side, none \
             in hand, no return ban)"
        );
    };
    outln!("{value}");
    for mv in pos.legal_moves() {
        let after = pos.clone().play(mv).map_err(|(_, e)| e)?;
        let verdict = match after.outcome() {
            Some(o) if o.winner() == Some(pos.side_to_move()) => "wins at once".to_owned(),
            Some(o) => o.to_string(),
            None => match tables.probe(&after) {
                Some(MorrisValue::WinIn(d)) => format!("loss in {}", d + 1),
                Some(MorrisValue::LossIn(d)) => format!("win in {}", d + 1),
                Some(MorrisValue::Draw) => "draw".to_owned(),
                None => "unknown".to_owned(),
            },
        };
        outln!("  {mv}: {verdict}");
    }
    Ok(())
}
