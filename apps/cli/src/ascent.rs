//! `kraal ascent [GAME]`: the Mountain Ascent in the terminal. Shows the mountain (camps,
//! locks, medals, the summit's date) from the progress file, lists past climbs, and plays the
//! next climb game with `kraal play`'s game loop. The mountain itself is
//! [`kraal_front::ascent`], shared with the terminal UI and the GUI.

use anyhow::{Result, bail};
use kraal_front::ascent::{self, CampStatus, ClimbState, Mountain};
use kraal_front::progress::{Progress, ProgressFile};
use kraal_session::{Seat, TimeControl};

/// The options of `kraal ascent`.
#[derive(clap::Args, Debug)]
pub struct AscentArgs {
    /// The mountain: morabaraba (or a mill rule set such as koti), oware or mulabalaba
    /// [default: morabaraba].
    #[arg(value_name = "GAME")]
    game: Option<String>,
    /// The mill rule set to climb with (each is a mountain of its own).
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// Play the next climb game now.
    #[arg(long)]
    climb: bool,
    /// The camp to climb (an open one) instead of the next.
    #[arg(long, value_name = "N", requires = "climb")]
    camp: Option<u8>,
    /// Your colour in a new climb: white (first) or black (second) [default: white].
    #[arg(long, value_name = "SIDE", value_parser = parse_seat, requires = "climb")]
    colour: Option<Seat>,
    /// The clock of the climb game: none, move:120 (seconds a move) or 5+3 (minutes a game
    /// plus seconds a move). A climb won unassisted on the clock earns the third medal;
    /// running out of time loses the game [default: none].
    #[arg(long, value_name = "CONTROL", requires = "climb")]
    clock: Option<TimeControl>,
    /// List every climb game with its record (`kraal replay FILE` shows one).
    #[arg(long)]
    history: bool,
    /// Draw with plain ASCII characters.
    #[arg(long)]
    ascii: bool,
}

/// Reads a side for clap.
fn parse_seat(text: &str) -> Result<Seat, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "first" | "south" | "w" => Ok(Seat::First),
        "black" | "second" | "north" | "b" => Ok(Seat::Second),
        _ => Err("expected white or black".to_owned()),
    }
}

/// Runs `kraal ascent`.
///
/// # Errors
/// An unknown game, no data folder, a progress file that cannot be read or written, a locked
/// camp, or standard output that cannot be written.
pub fn run(args: &AscentArgs) -> Result<()> {
    kraal_session::review::use_tables(true);
    let mountain = Mountain::new(
        args.game.as_deref().unwrap_or("morabaraba"),
        args.rules.as_deref(),
    )?;
    let Some(path) = Progress::path() else {
        bail!("the system names no data folder for the progress file (set KRAAL_DATA_DIR)");
    };
    let (mut file, aside) = ProgressFile::open(path)?;
    if let Some(aside) = aside {
        outln!("warning: {aside}");
    }
    if args.climb {
        climb(args, &mountain, &mut file)?;
    }
    show(&mountain, &file, args.ascii, args.history)
}

/// Plays the next climb game and counts it.
fn climb(args: &AscentArgs, mountain: &Mountain, file: &mut ProgressFile) -> Result<()> {
    let progress = file.progress.ascent_of(mountain);
    let Some(number) = args.camp.or_else(|| mountain.next_camp(&progress)) else {
        outln!("Every camp is climbed. Choose one with --camp N to climb it again.");
        return Ok(());
    };
    let plan = mountain.plan(
        &progress,
        number,
        args.colour.unwrap_or(Seat::First),
        args.clock.unwrap_or_default(),
    )?;
    outln!("{}\n{}\n", plan.introduction(), plan.camp.story);
    if plan.new_game.clock != TimeControl::None {
        outln!(
            "On the clock ({}): running out of time loses the game.\n",
            plan.new_game.clock
        );
    }
    let seed = progress
        .camps
        .get(&number.to_string())
        .map_or(0, |c| c.climbs.len() as u64)
        * 2
        + plan.game as u64;
    let mut game = plan.new_game.start(seed)?;
    let assisted = crate::play::climb(&mut game, args.ascii)?;
    if !game.is_over() {
        outln!("\nThe climb game was left unfinished: it does not count. Try again any time.\n");
        return Ok(());
    }
    let news = ascent::finish_game(file, mountain, number, &game, assisted)?;
    outln!("\n{news}");
    if assisted {
        outln!("(A hint or a takeback was used: this climb is marked assisted.)");
    }
    outln!(
        "The game is kept as {} (kraal replay shows it).\n",
        file.folder().join(&news.record).display()
    );
    Ok(())
}

/// Draws the mountain, summit first.
fn show(mountain: &Mountain, file: &ProgressFile, ascii: bool, history: bool) -> Result<()> {
    let progress = file.progress.ascent_of(mountain);
    let status = mountain.status(&progress);
    outln!("The Mountain Ascent: {}", mountain.title());
    match &progress.summit {
        Some(date) => outln!("Summit reached on {date}."),
        None => outln!("The summit is not reached yet."),
    }
    let (medal, no_medal) = if ascii {
        ('*', '.')
    } else {
        ('\u{25C9}', '\u{25CB}')
    };
    outln!(
        "Medals, in order: climbed; unassisted (no hint, no takeback); mastered (unassisted \
         wins with both colours, or on the clock). {medal} won, {no_medal} not yet."
    );
    outln!();
    for s in status.iter().rev() {
        outln!("{}", camp_line(s, ascii));
        outln!("      {}", s.camp.story);
        if history {
            for (i, climb) in progress
                .camps
                .get(&s.camp.number.to_string())
                .map_or(&[][..], |c| &c.climbs[..])
                .iter()
                .enumerate()
            {
                let state = match climb.state(&s.camp) {
                    ClimbState::Climbed => "climbed",
                    ClimbState::Failed => "failed",
                    ClimbState::Continues { .. } => "going on",
                };
                let assisted = if climb.assisted() { ", assisted" } else { "" };
                outln!("      climb {}: {state}{assisted}", i + 1);
                for g in &climb.games {
                    outln!(
                        "        {} {} as {}: {}",
                        g.date,
                        g.score,
                        mountain.kind().side_name(g.colour),
                        file.folder().join(&g.record).display()
                    );
                }
            }
        }
    }
    outln!();
    match mountain.next_camp(&progress) {
        Some(n) => outln!(
            "Next: camp {n}. kraal ascent {} --climb plays it.",
            cli_name(mountain)
        ),
        None => outln!("Every camp is climbed."),
    }
    Ok(())
}

/// One camp's line: emblem, number, name, opponent, medals or lock, and what it takes.
fn camp_line(s: &CampStatus, ascii: bool) -> String {
    let emblem = if ascii {
        s.camp.emblem_ascii
    } else {
        s.camp.emblem
    };
    let (medal, no_medal) = if ascii {
        ('*', '.')
    } else {
        ('\u{25C9}', '\u{25CB}')
    };
    let medals = [s.medals.climbed, s.medals.unassisted, s.medals.mastered]
        .map(|m| if m { medal } else { no_medal });
    let state = if !s.unlocked {
        "locked".to_owned()
    } else if s.going_on.is_some() {
        "match going on".to_owned()
    } else if s.medals.climbed {
        "climbed".to_owned()
    } else {
        "open".to_owned()
    };
    format!(
        "  {emblem} {} {:<24} {:<13} {}{}{}  {:<14} {}",
        s.camp.number,
        s.camp.name,
        s.camp.opponent().name,
        medals[0],
        medals[1],
        medals[2],
        state,
        s.camp.requirement()
    )
}

/// The name to type for the mountain.
fn cli_name(mountain: &Mountain) -> String {
    match mountain.rules() {
        kraal_session::GameRules::Morris { .. } => mountain.rules().rule_set_name().to_owned(),
        kraal_session::GameRules::Mancala { .. } => mountain.rules().game_name().to_owned(),
    }
}
