//! `kraal-tui`: play kraal's board games in a full-screen terminal.

use anyhow::{Context, Result, bail};
use clap::Parser;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use kraal_session::{Player, TimeControl, resolve};
use kraal_tui::app::{App, Paths};
use kraal_tui::start::Choice;
use kraal_tui::{Theme, ui};
use ratatui::layout::Rect;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Play Morabaraba, Oware and Mulabalaba in a full-screen terminal, against a person or one of
/// seven computer opponents. Without options, the start screen lets you choose.
#[derive(Parser, Debug)]
#[command(name = "kraal-tui", version, about)]
struct Args {
    /// Draw with plain ASCII characters instead of Unicode box drawing and symbols.
    #[arg(long)]
    ascii: bool,
    /// Start this game at once: a game (morabaraba, oware, mulabalaba) or a rule set (koti...).
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// The rule set of the game (with --game).
    #[arg(long, value_name = "NAME")]
    rules: Option<String>,
    /// Change one option of the rule set, such as cows=11 (with --game; repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    overrides: Vec<String>,
    /// Who plays White (South): human, ai:1 to ai:7, or an opponent's name (with --game).
    #[arg(long, default_value = "human")]
    white: String,
    /// Who plays Black (North) (with --game).
    #[arg(long, default_value = "ai:3")]
    black: String,
    /// A time control (with --game): none, move:SECONDS, or MINUTES+SECONDS.
    #[arg(long, default_value = "none")]
    clock: String,
    /// Start from this position instead of the usual start (with --game; the position string
    /// of `kraal moves`, such as "a1,d2/a7 10:11 b").
    #[arg(long, value_name = "POSITION", requires = "game")]
    position: Option<String>,
    /// Open a saved game.
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    load: Option<PathBuf>,
    /// The seed of the computer's choices (the same seed replays the same game).
    #[arg(long)]
    seed: Option<u64>,
}

fn main() -> ExitCode {
    match start(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("kraal-tui: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Sets the app up as the options ask, then runs it.
fn start(args: Args) -> Result<()> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut app = App::new(Theme::from_env(args.ascii), Paths::user(), seed);
    if let Some(game) = &args.game {
        let rules = resolve(game, args.rules.as_deref(), &args.overrides)?;
        let players = [
            Player::parse(&args.white).context("--white")?,
            Player::parse(&args.black).context("--black")?,
        ];
        let clock: TimeControl = args
            .clock
            .parse()
            .map_err(|e| anyhow::anyhow!("--clock: {e}"))?;
        app.start_game(&Choice::Start {
            rules,
            start: args.position.clone(),
            players,
            clock,
        })
        .map_err(|why| anyhow::anyhow!("{why}"))?;
    }
    if let Some(path) = args.load {
        app.open(path.clone())
            .map_err(|why| anyhow::anyhow!("cannot open {}: {why}", path.display()))?;
    }
    run(app)
}

/// Runs the app in the terminal until the player quits; the terminal is restored even on a
/// panic (ratatui's hook).
fn run(mut app: App) -> Result<()> {
    if !std::io::stdout().is_terminal() {
        bail!(
            "the game needs a terminal: standard output is not one (for a game by text, use `kraal play`)"
        );
    }
    let mut terminal = ratatui::try_init().context("cannot set the terminal up")?;
    execute!(std::io::stdout(), EnableMouseCapture)?;
    let result = (|| -> Result<()> {
        let size = terminal.size()?;
        app.size = Rect::new(0, 0, size.width, size.height);
        while !app.quit {
            app.tick(Instant::now());
            terminal.draw(|frame| ui::render(&app, frame))?;
            if event::poll(Duration::from_millis(50))? {
                let event = event::read()?;
                app.handle_event(&event, Instant::now());
            }
        }
        Ok(())
    })();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}
