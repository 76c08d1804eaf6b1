//! The command line: the start options every kraal front end shares
//! ([`kraal_front::StartOptions`]) and the window's own extras. [`prepare`] checks them all and
//! builds the game before a window opens, so a bad value is an error with its reason.

use clap::Parser;
use kraal_front::keymap::{self, FrontEnd};
use kraal_front::{Start, StartOptions};
use kraal_session::AnyGame;
use std::path::PathBuf;

/// Play Morabaraba, Oware and Mulabalaba in a window. Without options the start menu opens
/// (with every unfinished game to continue).
#[derive(Parser, Clone, Debug, Default, PartialEq)]
#[command(name = "kraal-gui", version, after_help = keys_help())]
pub struct Args {
    /// The game, its rules, the players, the clock, a start position or a saved game.
    #[command(flatten)]
    pub start: StartOptions,
    /// Play these moves first (both sides), in the game's notation, such as "d7 b4 f2"
    /// (repeatable).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Vec<String>,
    /// Dark colours.
    #[arg(long, conflicts_with = "light")]
    pub dark: bool,
    /// Light colours.
    #[arg(long)]
    pub light: bool,
    /// No animations.
    #[arg(long)]
    pub no_animations: bool,
    /// Save and load through the window's own file-name field, not the desktop's dialogs
    /// (the field is also used wherever the desktop has no dialog service).
    #[arg(long)]
    pub no_native_dialogs: bool,
    /// The window's size in points, such as 1200x800.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(f32, f32)>,
    /// Open this screen instead of the home screen (when no game is asked for).
    #[arg(long, value_name = "SCREEN", value_enum)]
    pub open: Option<OpenScreen>,
    /// The online server's websocket address (default ws://127.0.0.1:7878/ws, or the one
    /// last used); the online screen can change it.
    #[arg(long, value_name = "URL", value_parser = kraal_front::online::parse_server)]
    pub server: Option<String>,
}

/// A screen `--open` names.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenScreen {
    /// The home screen.
    Home,
    /// "Play the computer": the start form.
    Play,
    /// Today's daily puzzle.
    Daily,
    /// The Mountain Ascent.
    Ascent,
    /// Online play: create, join or resume a game.
    Online,
    /// The rules and their examples.
    Rules,
    /// The settings.
    Settings,
}

impl OpenScreen {
    /// The home screen's mode, if it is one.
    #[must_use]
    pub fn mode(self) -> Option<kraal_front::home::Mode> {
        use kraal_front::home::Mode;
        match self {
            OpenScreen::Home => None,
            OpenScreen::Play => Some(Mode::PlayComputer),
            OpenScreen::Daily => Some(Mode::Daily),
            OpenScreen::Ascent => Some(Mode::Ascent),
            OpenScreen::Online => Some(Mode::Online),
            OpenScreen::Rules => Some(Mode::Rules),
            OpenScreen::Settings => Some(Mode::Settings),
        }
    }
}

/// The window's keys, for `--help` (the window lists them too: press `?`).
#[must_use]
pub fn keys_help() -> String {
    let mut text = "Keys in the window (? lists them there too):\n".to_owned();
    for binding in keymap::bindings(FrontEnd::Window) {
        text.push_str(&format!(
            "  {:<14} {}\n",
            crate::actions::keys_text(binding),
            binding.help
        ));
    }
    text
}

/// Reads `WIDTHxHEIGHT`.
fn parse_size(text: &str) -> Result<(f32, f32), String> {
    let bad = || format!("write WIDTHxHEIGHT between 200 and 10000, such as 1200x800, not {text}");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let w: f32 = w.trim().parse().map_err(|_| bad())?;
    let h: f32 = h.trim().parse().map_err(|_| bad())?;
    if !(200.0..=10_000.0).contains(&w) || !(200.0..=10_000.0).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

impl Args {
    /// The moves to play first, one by one.
    #[must_use]
    pub fn moves(&self) -> Vec<&str> {
        self.moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .collect()
    }

    /// `Some(true)` for `--dark`, `Some(false)` for `--light`.
    #[must_use]
    pub fn dark(&self) -> Option<bool> {
        match (self.dark, self.light) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
}

/// What the window opens with.
pub enum Opening {
    /// The start menu.
    Menu,
    /// A game, new or saved, with its moves played.
    Game {
        /// The game.
        game: Box<AnyGame>,
        /// The saved game's file, if it was one.
        from: Option<PathBuf>,
    },
}

/// Checks the options and builds what the window opens with; `seed` is the AI's seed when
/// `--seed` gives none.
///
/// # Errors
/// A bad value (unknown rules, a position or move the rules refuse, a saved game that cannot
/// be read, moves without a game), as a sentence.
pub fn prepare(args: &Args, seed: u64) -> Result<Opening, String> {
    let seed = args.start.seed_or(seed);
    let (mut game, from) = match args.start.plan(None).map_err(|e| e.to_string())? {
        Start::Menu if args.moves().is_empty() => return Ok(Opening::Menu),
        Start::Menu => return Err("--moves: start a game first (--game or --load)".to_owned()),
        Start::New(plan) => (plan.start(seed).map_err(|e| e.to_string())?, None),
        Start::Saved { path, record } => {
            let named = AnyGame::players_in(&record);
            let players = [
                args.start.white.unwrap_or(named[0]),
                args.start.black.unwrap_or(named[1]),
            ];
            let game = AnyGame::from_record(&record, players, seed)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            (game, Some(path))
        }
    };
    for mv in args.moves() {
        game.play_text(mv)
            .map_err(|e| format!("--moves {mv}: {e}"))?;
    }
    Ok(Opening::Game {
        game: Box::new(game),
        from,
    })
}

/// A command-line mistake as the window's one line: `kraal-gui: <reason>`.
#[must_use]
pub fn error_line(reason: &str) -> String {
    let reason = reason.trim();
    let reason = reason.strip_prefix("error: ").unwrap_or(reason);
    // Clap's own lines end with "For more information, try '--help'."; the first line says it.
    let first = reason.lines().next().unwrap_or_default();
    format!("kraal-gui: {first} (try --help)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, String> {
        Args::try_parse_from(std::iter::once("kraal-gui").chain(args.iter().copied()))
            .map_err(|e| error_line(&e.to_string()))
    }

    #[test]
    fn options_are_read() {
        let args = parse(&[
            "--game",
            "oware",
            "--moves",
            "C f",
            "--moves=D",
            "--set",
            "seeds=3",
            "--size",
            "1000x700",
            "--dark",
        ])
        .unwrap();
        assert_eq!(args.start.game.as_deref(), Some("oware"));
        assert_eq!(args.moves(), ["C", "f", "D"]);
        assert_eq!(args.start.overrides, ["seeds=3"]);
        assert_eq!(args.size, Some((1000.0, 700.0)));
        assert_eq!(args.dark(), Some(true));
    }

    #[test]
    fn the_help_lists_the_keys() {
        use clap::CommandFactory;
        let help = Args::command().render_help().to_string();
        assert!(help.contains("--white <WHO>"), "{help}");
        assert!(
            help.contains("hint: ask the engine for the best move"),
            "{help}"
        );
        assert!(
            !help.contains("quit"),
            "the terminal's keys are not the window's"
        );
    }

    #[test]
    fn mistakes_are_explained() {
        let err = parse(&["--bogus"]).unwrap_err();
        assert!(err.starts_with("kraal-gui: unexpected argument"), "{err}");
        assert!(
            parse(&["--game"])
                .unwrap_err()
                .contains("a value is required")
        );
        assert!(
            parse(&["--size", "big"])
                .unwrap_err()
                .contains("WIDTHxHEIGHT")
        );
        assert!(parse(&["--dark", "--light"]).is_err());
        let err = parse(&["--server", "127.0.0.1:7878"]).unwrap_err();
        assert!(err.contains("is not a server address"), "{err}");
        assert!(parse(&["--server", "ws://"]).is_err());
        let args = parse(&["--server", "wss://kraal.example/ws"]).unwrap();
        assert_eq!(args.server.as_deref(), Some("wss://kraal.example/ws"));
    }

    #[test]
    fn bad_players_and_positions_stop_before_a_window_opens() {
        let err = parse(&["--game", "morabaraba", "--black", "ai:9"]).unwrap_err();
        assert!(err.starts_with("kraal-gui: "), "{err}");
        assert!(err.contains("no opponent `ai:9`"), "{err}");
        let args = parse(&["--game", "morabaraba", "--position", "z9/- 12:12 w"]).unwrap();
        let err = prepare(&args, 1).err().expect("a bad position is refused");
        assert!(err.starts_with("--position: "), "{err}");
        let args = parse(&["--game", "oware", "--moves", "C Z"]).unwrap();
        let err = prepare(&args, 1).err().expect("a bad move is refused");
        assert!(err.starts_with("--moves Z: "), "{err}");
        let args = parse(&["--moves", "d7"]).unwrap();
        assert!(prepare(&args, 1).is_err(), "moves need a game");
    }

    #[test]
    fn the_shared_options_choose_the_players() {
        let args = parse(&["--game", "oware", "--white", "ai:1", "--black", "human"]).unwrap();
        let Ok(Opening::Game { game, from: None }) = prepare(&args, 1) else {
            panic!("a new game");
        };
        assert!(matches!(
            game.players(),
            [kraal_session::Player::Ai(o), kraal_session::Player::Human] if o.level == 1
        ));
        assert!(matches!(
            prepare(&parse(&[]).unwrap(), 1),
            Ok(Opening::Menu)
        ));
    }
}
