//! `kraal-tui`: play kraal's board games in a full-screen terminal.

use anyhow::{Context, Result, bail};
use clap::Parser;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use kraal_front::{Start, StartOptions};
use kraal_tui::app::{App, Paths};
use kraal_tui::{Theme, ui};
use ratatui::layout::Rect;
use std::io::IsTerminal;
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
    /// The server of online play (its websocket address); the online screen can change it.
    #[arg(long, value_name = "URL", default_value = kraal_front::online::DEFAULT_SERVER,
          value_parser = |text: &str| kraal_front::online::parse_server(text).map_err(|e| e.to_string()))]
    server: String,
    /// The display name online opponents see (the online screen can change it).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The game to start, as every kraal front end reads it.
    #[command(flatten)]
    start: StartOptions,
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        // --help and --version print to standard output and succeed.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            let text = e.to_string();
            eprint!(
                "kraal-tui: {}",
                text.strip_prefix("error: ").unwrap_or(&text)
            );
            return ExitCode::from(2);
        }
    };
    // Hints consult the endgame tables built (kraal tables build), read on the first hint.
    kraal_session::review::use_tables(true);
    match start(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("kraal-tui: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Checks the options, sets the app up as they ask, then runs it. Every bad value is an error
/// here, before the terminal is taken over.
fn start(args: Args) -> Result<()> {
    let plan = args.start.plan(None)?;
    let seed = args.start.seed_or(random_seed());
    let mut app = App::new(Theme::from_env(args.ascii), Paths::user(), seed);
    app.online_server = args.server;
    app.online_name = args.name.filter(|n| !n.trim().is_empty());
    match plan {
        Start::Menu => {}
        Start::New(game) => app.start_game(&game).map_err(|why| anyhow::anyhow!(why))?,
        Start::Saved { path, record } => app
            .open_record(path.clone(), &record)
            .map_err(|why| anyhow::anyhow!(why))?,
    }
    run(app)
}

/// A seed from the clock, when the options give none.
fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
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
