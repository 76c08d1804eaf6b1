//! `kraal`: Morabaraba and other traditional African board games on the command line, and the
//! tools around them (rule sets, perft, moves, analysis, engine matches).

/// `println!` that hands a failed write (such as a closed pipe, `kraal ... | head`) back as an
/// error to the caller instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout(), $($arg)*)?;
    }};
}

/// `print!` that hands a failed write back as an error (see `outln!`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout(), $($arg)*)?;
    }};
}

/// Calls `$body` with `$fam` bound to the family of `$rules` (a `kraal_session::GameRules`),
/// so one generic function serves both game families.
macro_rules! with_family {
    ($rules:expr, $fam:ident => $body:expr) => {
        match $rules {
            kraal_session::GameRules::Morris { options, .. } => {
                let $fam = kraal_session::family::MorrisFamily(*options);
                $body
            }
            kraal_session::GameRules::Mancala { options, .. } => {
                let $fam = kraal_session::family::MancalaFamily(*options);
                $body
            }
        }
    };
}

mod ascent;
mod docs;
mod engine;
mod external;
mod online;
mod perft;
mod play;
mod puzzle;
mod review;
mod rules;
mod tables;
mod tools;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Traditional African board games: Morabaraba and its family, Oware and Mulabalaba.
#[derive(Parser, Debug)]
#[command(name = "kraal", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The rule set and option overrides every game-taking subcommand accepts.
#[derive(clap::Args, Debug, Clone, Default)]
struct RulesArgs {
    /// A rule set of the game (see `kraal rules`); defaults to the game's own or GAME itself.
    #[arg(long = "rules", value_name = "NAME")]
    rules: Option<String>,
    /// Override one option of the rule set, such as `--set cows=11` (repeatable).
    #[arg(long = "set", value_name = "OPTION=VALUE")]
    set: Vec<String>,
}

/// Which players of `kraal match` consult the endgame tables.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TableSides {
    /// The --white player.
    White,
    /// The --black player.
    Black,
    /// Both.
    Both,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games and rule sets, or show the options of one rule set.
    Rules {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name; leave out to list all.
        game: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Count the move sequences of exactly DEPTH turns from a position (a test of the rules).
    Perft {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// Start from this position string instead of the start position.
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        position: Option<String>,
        /// How many turns deep to count.
        #[arg(long, value_name = "N")]
        depth: u32,
        /// Show the count for each first move.
        #[arg(long)]
        divide: bool,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal, line by line (a pipe works as input too).
    Play {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name (the same as
        /// `--game`) [default: morabaraba].
        #[arg(id = "game_name", value_name = "GAME", conflicts_with = "game")]
        name: Option<String>,
        #[command(flatten)]
        start: kraal_front::StartOptions,
        /// Draw the board with plain ASCII characters.
        #[arg(long)]
        ascii: bool,
    },
    /// The Mountain Ascent: seven camps a game, climbed against the seven opponents.
    Ascent(ascent::AscentArgs),
    /// Play on a kraal server: create, join, resume, list, export.
    Online(online::OnlineArgs),
    /// Puzzles: the daily puzzle, play at your rating, generate and verify packs.
    Puzzle(puzzle::PuzzleArgs),
    /// Print shell completions for kraal.
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
    /// Print the kraal man page.
    Man,
    /// List the legal moves of a position.
    Moves {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// The position string (default: the start position).
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        position: Option<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play moves from a position and show the position and outcome they lead to.
    Apply {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        /// The moves, in the game's notation (such as `d2`, `a1-d1xg7`, `C`, `12`).
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
        #[command(flatten)]
        rules: RulesArgs,
        /// The position string to start from (default: the start position).
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        position: Option<String>,
        /// Draw the board with plain ASCII characters.
        #[arg(long)]
        ascii: bool,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Ask the engine about a position: best move, score, line of play, the top moves.
    Analyse {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// The position string (default: the start position).
        #[arg(long, value_name = "P", allow_hyphen_values = true)]
        position: Option<String>,
        /// Search this many turns deep (1 to 64).
        #[arg(long, value_name = "N", conflicts_with = "time",
              value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Search for this many seconds (default: 2).
        #[arg(long, value_name = "S")]
        time: Option<f64>,
        /// Score this many best moves exactly (1 or more).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..))]
        top: u64,
        /// Search on this many threads (lazy SMP; 1 gives the same answer every time).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Speak a UCI-like line protocol on stdin and stdout, for match runners, GUIs and scripts
    /// (see docs/engine.md).
    Engine,
    /// Check a saved game record move by move and show it with its final position.
    Replay {
        /// The record's file.
        file: std::path::PathBuf,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Review a saved game: every move scored by the engine, marked ?! (inaccuracy), ?
    /// (mistake) or ?? (blunder), with the best move and line where the move played was
    /// worse (see docs/review.md).
    Review {
        /// The record's file.
        file: std::path::PathBuf,
        /// Search each position for this many seconds (default: 0.5).
        #[arg(long, value_name = "S", conflicts_with = "depth")]
        time: Option<f64>,
        /// Search each position this many turns deep instead (the same review on every
        /// machine; 1 to 64).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Print the review as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play a match between two opponents or external engines and report the score and Elo
    /// difference (see docs/engine.md, "Matches against any engine").
    Match {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        game: String,
        #[command(flatten)]
        rules: RulesArgs,
        /// The first player: `ai:1` to `ai:7`, a name such as `herder`, or
        /// `engine:"COMMAND ARGS"`, a program speaking the engine protocol (such as
        /// `engine:"/path/to/kraal engine"`).
        #[arg(long, value_name = "WHO")]
        white: String,
        /// The second player, as --white.
        #[arg(long, value_name = "WHO")]
        black: String,
        /// An option sent to the first player's engine after the rules, as
        /// `setoption name NAME value VALUE` (repeatable; such as `--white-option Level=1`).
        #[arg(long, value_name = "NAME=VALUE")]
        white_option: Vec<String>,
        /// An option for the second player's engine, as --white-option.
        #[arg(long, value_name = "NAME=VALUE")]
        black_option: Vec<String>,
        /// Games to play (colours alternate; each opening is played twice).
        #[arg(long, value_name = "N", default_value_t = 20)]
        games: u32,
        /// Seed of the random openings.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Random plies of each opening, played from the start before the players take over
        /// (0: every game from the start itself; with players that always answer alike, such as
        /// one-thread engines searching by nodes, the games then repeat).
        #[arg(long, value_name = "N", default_value_t = 4,
              value_parser = clap::value_parser!(u32).range(0..=40))]
        opening_plies: u32,
        /// Threads playing games at once.
        #[arg(long, value_name = "T", default_value_t = 1)]
        threads: usize,
        /// Threads of each built-in player's search when it searches by time (`--movetime` or
        /// `--clock`; lazy SMP). Node budgets always search on one thread.
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..=256))]
        search_threads: u64,
        /// Stop as soon as a sequential test (SPRT, alpha = beta = 0.05) decides between
        /// --sprt-elo0 and --sprt-elo1.
        #[arg(long)]
        sprt: bool,
        /// The SPRT's null hypothesis: the --white player is this many Elo stronger, no more
        /// (default 0: no stronger; 147: a score of 70%). Implies --sprt.
        #[arg(long, value_name = "ELO", allow_negative_numbers = true)]
        sprt_elo0: Option<f64>,
        /// The SPRT's alternative: the --white player is this many Elo stronger (default
        /// 110; above --sprt-elo0; 191 is a score of 75%). Implies --sprt.
        #[arg(long, value_name = "ELO", allow_negative_numbers = true)]
        sprt_elo1: Option<f64>,
        /// Think MS milliseconds a move, every player. Built-in opponents then search by time
        /// instead of their node budgets (so they play stronger than their level with more time,
        /// and games no longer repeat exactly). An engine taking more than three times this plus
        /// 2 s loses on time.
        #[arg(long, value_name = "MS", conflicts_with = "clock")]
        movetime: Option<u64>,
        /// A clock for each side: BASE seconds plus INC seconds a move, such as `10+0.1`; a side
        /// that runs out loses on time. Built-in opponents then search by time.
        #[arg(long, value_name = "BASE+INC")]
        clock: Option<String>,
        /// Write every game as a game record (`kraal replay` reads them) into DIR, as
        /// game-001.txt, game-002.txt...
        #[arg(long, value_name = "DIR")]
        records: Option<std::path::PathBuf>,
        /// Let these built-in players consult the endgame tables built (`kraal tables build`):
        /// `white` (the --white player), `black`, or `both`.
        #[arg(long, value_name = "SIDES")]
        tables: Option<TableSides>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Perfect endgames: build, list and probe the endgame tables (see docs/tables.md).
    Tables {
        #[command(subcommand)]
        command: tables::TablesCommand,
    },
}

/// What `kraal` alone does: starts a game of Morabaraba against the Herder (ai:3).
fn welcome() -> anyhow::Result<()> {
    outln!(
        "kraal: traditional African board games. A game of Morabaraba against the Herder (ai:3)\n\
         starts now: type help for the commands, quit to leave. Other games and opponents:\n\
         kraal play oware --black ai:5, and kraal --help for everything else.\n"
    );
    play::run(&play::PlayArgs {
        start: kraal_front::StartOptions::default(),
        default_game: "morabaraba".to_owned(),
        ascii: false,
    })
}

/// Resolves GAME with `--rules` and `--set`.
fn resolve(game: &str, args: &RulesArgs) -> anyhow::Result<kraal_session::GameRules> {
    Ok(kraal_session::resolve(
        game,
        args.rules.as_deref(),
        &args.set,
    )?)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => welcome(),
        Some(Command::Rules { game, rules }) => rules::run(game.as_deref(), &rules),
        Some(Command::Perft {
            game,
            rules,
            position,
            depth,
            divide,
            json,
        }) => perft::run(&game, &rules, position.as_deref(), depth, divide, json),
        Some(Command::Moves {
            game,
            rules,
            position,
            json,
        }) => resolve(&game, &rules).and_then(|r| tools::moves(&r, position.as_deref(), json)),
        Some(Command::Apply {
            game,
            moves,
            rules,
            position,
            ascii,
            json,
        }) => resolve(&game, &rules)
            .and_then(|r| tools::apply(&r, position.as_deref(), &moves, ascii, json)),
        Some(Command::Analyse {
            game,
            rules,
            position,
            depth,
            time,
            top,
            threads,
            json,
        }) => {
            let budget = tools::Budget { depth, time };
            resolve(&game, &rules).and_then(|r| {
                let top = usize::try_from(top).unwrap_or(usize::MAX);
                let threads = usize::try_from(threads).unwrap_or(1);
                tools::analyse(&r, position.as_deref(), &budget, top, threads, json)
            })
        }
        Some(Command::Ascent(args)) => ascent::run(&args),
        Some(Command::Engine) => engine::run(),
        Some(Command::Tables { command }) => tables::run(command),
        Some(Command::Online(args)) => online::run(args),
        Some(Command::Puzzle(args)) => puzzle::run(args),
        Some(Command::Replay { file, json }) => tools::replay(&file, json),
        Some(Command::Review {
            file,
            time,
            depth,
            json,
        }) => review::run(&file, &tools::Budget { depth, time }, json),
        Some(Command::Completions { shell }) => docs::completions(
            &mut <Cli as clap::CommandFactory>::command(),
            shell,
            &mut std::io::stdout(),
        )
        .map_err(anyhow::Error::from),
        Some(Command::Man) => docs::man_page(
            <Cli as clap::CommandFactory>::command(),
            &mut std::io::stdout(),
        )
        .map_err(anyhow::Error::from),
        Some(Command::Play { name, start, ascii }) => play::run(&play::PlayArgs {
            default_game: name.unwrap_or_else(|| "morabaraba".to_owned()),
            start,
            ascii,
        }),
        Some(Command::Match {
            game,
            rules,
            white,
            black,
            white_option,
            black_option,
            games,
            seed,
            opening_plies,
            threads,
            search_threads,
            sprt,
            sprt_elo0,
            sprt_elo1,
            movetime,
            clock,
            records,
            tables,
            json,
        }) => {
            let args = tools::MatchArgs {
                white,
                black,
                white_options: white_option,
                black_options: black_option,
                games,
                seed,
                opening_plies,
                threads,
                search_threads: usize::try_from(search_threads).unwrap_or(1),
                sprt,
                sprt_elo0,
                sprt_elo1,
                movetime,
                clock,
                records,
                tables: match tables {
                    None => [false, false],
                    Some(TableSides::White) => [true, false],
                    Some(TableSides::Black) => [false, true],
                    Some(TableSides::Both) => [true, true],
                },
            };
            resolve(&game, &rules).and_then(|r| tools::play(&r, &args, json))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`kraal man | head`) is not an error of ours.
        Err(err)
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        // Ctrl-C stopped a search: its best move so far is printed; 130 as shells expect.
        Err(err) if err.downcast_ref::<tools::Interrupted>().is_some() => ExitCode::from(130),
        Err(err) => {
            eprintln!("kraal: {err:#}");
            ExitCode::FAILURE
        }
    }
}
