//! `kraal puzzle`: generate, verify, the daily puzzle, and play puzzles at your rating.
//!
//! The shipped packs live in `data/puzzles/` (append-only) and are built into the binary; the
//! puzzle logic is `kraal-puzzles` (format, prover, generator, daily pick, attempts) and
//! `kraal_front::puzzle` (the progress section, picking near the rating). This file only reads
//! lines and prints.

use anyhow::{Context, Result, bail};
use kraal_front::progress::{Progress, ProgressFile};
use kraal_puzzles::{
    Attempt, Date, GameName, Judgement, Puzzle, VERIFY_NODES, Variant,
    daily::daily,
    from_tables::TableSet,
    generate::{Source, generate_from},
    parse_pack, write_pack, write_puzzle,
};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;

pub use kraal_packs::PACKS;

/// `kraal puzzle`.
#[derive(clap::Args, Debug)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    command: PuzzleCommand,
}

/// Where `kraal puzzle gen` looks for positions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MineFrom {
    /// Seeded games between opponents of different strength.
    SelfPlay,
    /// The endgame tables.
    Tables,
}

#[derive(clap::Subcommand, Debug)]
enum PuzzleCommand {
    /// Mine proven puzzles from self-play (or the endgame tables) and append them to a pack.
    Gen {
        /// `morabaraba`, `oware` or `mulabalaba`.
        game: String,
        /// The rule set (default: the game's own).
        #[arg(long, value_name = "R")]
        rules: Option<String>,
        /// How many new puzzles.
        #[arg(long, value_name = "N")]
        count: usize,
        /// The seed of the self-play games.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// The pack to append to (default: the rule set's pack in data/puzzles/).
        #[arg(long, value_name = "FILE")]
        pack: Option<PathBuf>,
        /// Where to look: `self-play` games, or the endgame `tables` (built in the tables
        /// folder if missing: the Morabaraba 3v3 sector, or Oware's small boards).
        #[arg(long, value_name = "WHERE", default_value = "self-play")]
        from: MineFrom,
        /// Oware with `--from tables`: the tables of up to this many seeds.
        #[arg(long, value_name = "N", default_value_t = 12)]
        table_seeds: usize,
        /// The new puzzles' `Added` date, YYYY-MM-DD [default: tomorrow, UTC, so that today's
        /// daily puzzle stays what it was].
        #[arg(long, value_name = "D")]
        added: Option<String>,
    },
    /// Prove every puzzle of packs again (default: the shipped packs).
    Verify {
        /// Pack files.
        packs: Vec<PathBuf>,
    },
    /// Today's puzzle (or another day's), to solve.
    Daily {
        /// `morabaraba`, `oware` or `mulabalaba` [default: morabaraba].
        #[arg(long, value_name = "G")]
        game: Option<String>,
        /// The day, YYYY-MM-DD [default: today, UTC].
        #[arg(long, value_name = "D")]
        date: Option<String>,
        /// Draw the board with plain ASCII characters.
        #[arg(long)]
        ascii: bool,
    },
    /// Puzzles near your rating, one after another.
    Play {
        /// `morabaraba`, `oware` or `mulabalaba` [default: morabaraba].
        game: Option<String>,
        /// Draw the board with plain ASCII characters.
        #[arg(long)]
        ascii: bool,
    },
}

/// Every shipped puzzle.
///
/// # Errors
/// A shipped pack that does not read (a build of a broken pack).
pub fn shipped() -> Result<Vec<Puzzle>> {
    Ok(kraal_packs::shipped()?)
}

fn game_named(name: Option<&str>) -> Result<GameName> {
    let name = name.unwrap_or("morabaraba");
    GameName::parse(name)
        .with_context(|| format!("unknown game {name:?} (morabaraba, oware, mulabalaba)"))
}

/// The pack file of a rule set: the game's own name for its default rules.
fn pack_name(variant: Variant) -> String {
    if variant == variant.game().default_variant() {
        format!("{}.txt", variant.game())
    } else {
        format!("{}.txt", variant.rules_name())
    }
}

/// Runs `kraal puzzle`.
///
/// # Errors
/// Bad arguments, unreadable packs, a puzzle that fails to prove, a progress file that cannot
/// be saved.
pub fn run(args: PuzzleArgs) -> Result<()> {
    match args.command {
        PuzzleCommand::Gen {
            game,
            rules,
            count,
            seed,
            pack,
            from,
            table_seeds,
            added,
        } => {
            let added = match added {
                Some(d) => d.parse::<Date>()?,
                None => Date::today_utc().next(),
            };
            let tables = match from {
                MineFrom::SelfPlay => None,
                MineFrom::Tables => Some(table_seeds),
            };
            gen_command(&game, rules.as_deref(), count, seed, pack, tables, added)
        }
        PuzzleCommand::Verify { packs } => verify(&packs),
        PuzzleCommand::Daily { game, date, ascii } => {
            let game = game_named(game.as_deref())?;
            let date = match date {
                Some(d) => d.parse::<Date>()?,
                None => Date::today_utc(),
            };
            let all = shipped()?;
            let Some(p) = daily(date, game, &all) else {
                bail!("no {game} puzzle is old enough for {date}");
            };
            outln!("The daily {game} puzzle of {date}.");
            let today = date == Date::today_utc();
            attempt_and_record(p.clone(), ascii, today.then_some(date))?;
            Ok(())
        }
        PuzzleCommand::Play { game, ascii } => {
            let game = game_named(game.as_deref())?;
            let all = shipped()?;
            loop {
                let (file, _) = open_progress()?;
                let Some(p) = kraal_front::puzzle::near_rating(&all, game, &file.progress.puzzles)
                else {
                    bail!("there are no {game} puzzles");
                };
                if !attempt_and_record(p.clone(), ascii, None)? {
                    return Ok(());
                }
                outln!();
            }
        }
    }
}

fn gen_command(
    game: &str,
    rules: Option<&str>,
    count: usize,
    seed: u64,
    pack: Option<PathBuf>,
    tables: Option<usize>,
    added: Date,
) -> Result<()> {
    let game = game_named(Some(game))?;
    let variant = match rules {
        None => game.default_variant(),
        Some(r) => Variant::of(game, r).with_context(|| {
            format!(
                "{r:?} is not a rule set of {game} (known: {})",
                Variant::names_of(game).join(", ")
            )
        })?,
    };
    let path = pack.unwrap_or_else(|| PathBuf::from("data/puzzles").join(pack_name(variant)));
    let old = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => bail!("cannot read {}: {e}", path.display()),
    };
    let existing = parse_pack(&old).with_context(|| format!("the pack {}", path.display()))?;
    let started = Instant::now();
    let tables = match tables {
        None => None,
        Some(seeds) => {
            let dir = kraal_tables::TableDir::from_env()?;
            let built = TableSet::build_for(&dir, variant, seeds)
                .with_context(|| format!("the tables for {variant} in {}", dir.root().display()))?;
            Some(built)
        }
    };
    let source = tables.as_ref().map_or(Source::SelfPlay, TableSet::source);
    let made = generate_from(variant, source, count, seed, &existing, added, |p| {
        eprintln!(
            "{:>7.1}s {} {} ({}), rating {}",
            started.elapsed().as_secs_f64(),
            p.id,
            p.objective,
            p.board.line_text().join(" "),
            p.rating
        );
    })?;
    let mut text = if old.is_empty() {
        write_pack(
            &format!(
                "kraal puzzle pack: {variant}. Append-only: never edit or remove a puzzle.\n\
                 Format: docs/puzzles.md. Every puzzle is proven (kraal puzzle verify)."
            ),
            &[],
        )
    } else {
        old
    };
    for p in &made {
        text.push('\n');
        text.push_str(&write_puzzle(p));
    }
    kraal_session::files::write_atomically(&path, &text)?;
    outln!(
        "{} new puzzles appended to {} in {:.1} s",
        made.len(),
        path.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn verify(packs: &[PathBuf]) -> Result<()> {
    let sources: Vec<(String, String)> = if packs.is_empty() {
        PACKS
            .iter()
            .map(|(n, t)| (format!("data/puzzles/{n}"), (*t).to_owned()))
            .collect()
    } else {
        packs
            .iter()
            .map(|p| {
                std::fs::read_to_string(p)
                    .map(|t| (p.display().to_string(), t))
                    .with_context(|| format!("cannot read {}", p.display()))
            })
            .collect::<Result<_>>()?
    };
    let mut failed = 0;
    for (name, text) in sources {
        let puzzles = parse_pack(&text).with_context(|| format!("the pack {name}"))?;
        let started = Instant::now();
        let mut nodes = 0;
        for p in &puzzles {
            match p.verify(VERIFY_NODES) {
                Ok(v) => nodes += v.nodes,
                Err(e) => {
                    failed += 1;
                    outln!("{name}: {} does not prove: {e}", p.id);
                }
            }
        }
        outln!(
            "{name}: {} puzzles re-proved in {:.1} s ({nodes} positions)",
            puzzles.len(),
            started.elapsed().as_secs_f64()
        );
    }
    if failed > 0 {
        bail!("{failed} puzzles do not prove");
    }
    Ok(())
}

fn open_progress() -> Result<(ProgressFile, Option<String>)> {
    let Some(path) = Progress::path() else {
        bail!("no data folder for the progress file (set KRAAL_DATA_DIR)");
    };
    let (file, aside) = ProgressFile::open(path)?;
    Ok((file, aside.map(|a| a.to_string())))
}

/// Shows a puzzle, reads moves until it is solved, the solution is asked for, or input ends;
/// records the result. Returns false when the player quit (or input ended).
fn attempt_and_record(puzzle: Puzzle, ascii: bool, daily_day: Option<Date>) -> Result<bool> {
    let (mut file, aside) = open_progress()?;
    if let Some(aside) = aside {
        outln!("warning: {aside}");
    }
    let mut attempt = Attempt::new(puzzle);
    let p = attempt.puzzle().clone();
    outln!(
        "Puzzle {} ({}), rated {}. You play {}.",
        p.id,
        p.variant,
        p.rating,
        p.board.side_name()
    );
    outln!("Objective: {}.", p.objective.describe());
    if p.solver_moves() > 1 {
        outln!("On your last move, any move that completes the objective counts.");
    }
    outln!("\n{}", attempt.picture(ascii));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut quit = false;
    while !attempt.is_solved() && !attempt.solution_shown() {
        out!("your move ('solution' to see it, 'quit'): ");
        std::io::Write::flush(&mut std::io::stdout())?;
        let Some(line) = lines.next() else {
            outln!();
            quit = true;
            break;
        };
        let line = line?;
        match line.trim() {
            "" => continue,
            "quit" | "q" => {
                quit = true;
                break;
            }
            "solution" | "s" => {
                let line = attempt.solution();
                outln!("The solution: {}", line.join(" "));
                break;
            }
            text => {
                let j = attempt.try_text(text)?;
                outln!("{j}");
                match j {
                    Judgement::Right { .. } => outln!("\n{}", attempt.picture(ascii)),
                    Judgement::Wrong { .. } => outln!("Try again."),
                    _ => {}
                }
            }
        }
    }
    if quit && !attempt.solution_shown() && !attempt.is_solved() {
        return Ok(false);
    }
    let clean = attempt.is_clean();
    let r = file
        .progress
        .puzzles
        .record(&p, clean, daily_day.filter(|_| clean));
    file.save()?;
    let puzzles = &file.progress.puzzles;
    outln!(
        "{} Your puzzle rating: {:.0} (was {:.0}). Daily streak: {} (best {}).",
        if clean {
            "Solved."
        } else {
            "Not solved cleanly."
        },
        r.after,
        r.before,
        r.streak,
        puzzles.best_streak()
    );
    Ok(!quit)
}
