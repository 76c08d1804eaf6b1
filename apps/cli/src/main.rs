//! `kraal`: Morabaraba and other traditional African board games on the command line, and the
//! tools around them (rule sets, perft).

mod game;
mod perft;
mod rules;

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
        #[arg(long, value_name = "P")]
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
}

/// What `kraal` alone prints: the board, and where to go from here.
fn welcome() -> anyhow::Result<()> {
    use kraal_rules_morris::{Options, Position, Theme, render};
    println!("kraal: traditional African board games\n");
    print!(
        "{}",
        render(&Position::new(Options::default()), Theme::Unicode)
    );
    println!(
        "\nPlaying against the computer or a friend arrives with the terminal UI. Until then:\n\
         \x20 kraal rules              the games and rule sets\n\
         \x20 kraal rules koti         the options of one rule set\n\
         \x20 kraal perft morabaraba --depth 5   count the move sequences (a test of the rules)\n\
         \x20 kraal --help             everything else"
    );
    Ok(())
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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("kraal: {err:#}");
            ExitCode::FAILURE
        }
    }
}
