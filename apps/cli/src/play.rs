//! `kraal play`: a game in the terminal, line by line. Works with a pipe as standard input.
//!
//! The game is a [`kraal_session::AnyGame`], as in the terminal UI and the GUI; its start
//! options are the shared [`kraal_front::StartOptions`]. Text becomes a move here, at the edge,
//! through [`AnyGame::play_text`].

use anyhow::Result;
use kraal_front::{Start, StartOptions};
use kraal_rules_morris::Point;
use kraal_session::any::DrawAnswer;
use kraal_session::{AnyGame, Player, Record};
use std::io::{BufRead, Write};
use std::time::Instant;

/// How `kraal play` was started.
pub struct PlayArgs {
    /// The shared start options.
    pub start: StartOptions,
    /// The game when the options name none.
    pub default_game: String,
    /// Draw boards in plain ASCII.
    pub ascii: bool,
}

const HELP: &str = "\
Type a move in the game's notation (such as d2, a1-d1, d2xb4; C; 12), or one of:
  moves        list the legal moves
  undo         take back your last move (and the computer's reply)
  redo         play a taken-back move again
  hint         ask the engine for the best move
  save FILE    save the game to FILE
  load FILE    load a saved game from FILE and go on with it
  resign       give up the game
  draw         offer a draw (the computer thinks it over; a person can type accept)
  accept       accept the draw your opponent offered
  claim        (Oware) end the game because no capture can happen again
  touch POINT  touch a cow (tournament rules: a touched cow that can move must move)
  help         show this list
  quit         leave (the game is not saved)";

/// What ended one game loop.
enum Next {
    Quit,
    Load(Record),
}

/// Runs games until the player quits or a game ends.
///
/// # Errors
/// Bad start options, or standard output that cannot be written.
pub fn run(args: &PlayArgs) -> Result<()> {
    // As in the TUI and the GUI: hints, draw offers, resignations and the Ancestor's search
    // consult the endgame tables built on this machine.
    kraal_session::review::use_tables(true);
    let seed = args.start.seed_or(1);
    let mut game = match args.start.plan(Some(&args.default_game))? {
        Start::New(new) => new.start(seed)?,
        Start::Saved { record, .. } => {
            AnyGame::from_record(&record, args.start.players_of(&record), seed)?
        }
        Start::Menu => unreachable!("a default game is always given"),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut ways = Ways::default();
    loop {
        match game_loop(&mut game, args.ascii, &mut input, &mut ways)? {
            Next::Quit => return Ok(()),
            Next::Load(record) => {
                game = AnyGame::from_record(&record, game.players(), seed)?;
            }
        }
    }
}

/// How a game loop runs, and what it saw.
#[derive(Debug, Default)]
pub struct Ways {
    /// Leave the loop as soon as the game is over (a climb game counts at once).
    pub end_when_over: bool,
    /// Set when a hint was asked for or a move taken back.
    pub assisted: bool,
}

/// Plays one game of the Mountain Ascent from standard input, until it is over or the player
/// quits; returns whether a hint or a takeback was used. A saved game cannot be loaded into a
/// climb.
///
/// # Errors
/// Standard output that cannot be written.
pub fn climb(game: &mut AnyGame, ascii: bool) -> Result<bool> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut ways = Ways {
        end_when_over: true,
        assisted: false,
    };
    while let Next::Load(_) = game_loop(game, ascii, &mut input, &mut ways)? {
        outln!("a climb game cannot be replaced by a loaded game; the climb goes on");
    }
    Ok(ways.assisted)
}

/// Says what the last move shot or captured, then a blank line before the board.
fn announce_taken(game: &AnyGame, out: &mut dyn Write) -> std::io::Result<()> {
    if let Some(taken) = game.last_taken() {
        writeln!(out, "{taken}.")?;
    }
    writeln!(out)
}

fn describe(player: Player) -> String {
    match player {
        Player::Human => "you".to_owned(),
        Player::Ai(o) => o.to_string(),
    }
}

fn game_loop(
    game: &mut AnyGame,
    ascii: bool,
    input: &mut dyn BufRead,
    ways: &mut Ways,
) -> Result<Next> {
    let out = &mut std::io::stdout();
    let rules = game.rules().clone();
    let [first, second] = game.players();
    writeln!(
        out,
        "{} ({}): {} is {}, {} is {}. Type help for the commands.\n",
        rules.game_name(),
        rules.rule_set_name(),
        game.side_name(0),
        describe(first),
        game.side_name(1),
        describe(second)
    )?;
    let mut show_board = true;
    // The ending last announced: a finished game still takes save, undo, moves and quit.
    let mut announced = None;
    loop {
        if show_board {
            write!(out, "{}", game.render(ascii))?;
        }
        show_board = true;
        let outcome = game.outcome();
        if let Some(ending) = outcome
            && announced != outcome
        {
            writeln!(
                out,
                "Result: {} ({ending}), {}",
                ending.result(),
                kraal_session::outcome::game_length(game.ply())
            )?;
            if ways.end_when_over {
                return Ok(Next::Quit);
            }
            writeln!(
                out,
                "The game is over: save FILE keeps it, undo takes a move back, quit leaves."
            )?;
        }
        announced = outcome;
        let side = game.side_to_move();
        if let (None, Player::Ai(opponent)) = (outcome, game.players()[side]) {
            let started = Instant::now();
            if let Some(played) = game.wait_ai() {
                writeln!(
                    out,
                    "{} ({opponent}) plays {}  [{:.2} s, depth {}, score {}]",
                    game.side_name(side),
                    played.mv,
                    started.elapsed().as_secs_f64(),
                    played.depth,
                    played.score
                )?;
                announce_taken(game, out)?;
            }
            continue;
        }
        let left = game.time_left(Instant::now()).map_or(String::new(), |d| {
            format!(" ({}:{:02})", d.as_secs() / 60, d.as_secs() % 60)
        });
        match outcome {
            Some(_) => write!(out, "game over> ")?,
            None => write!(out, "{}{left}> ", game.side_name(side).to_lowercase())?,
        }
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nend of input: leaving the game")?;
            return Ok(Next::Quit);
        }
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command.to_ascii_lowercase().as_str() {
            "" => show_board = false,
            "help" | "?" => {
                writeln!(out, "{HELP}")?;
                show_board = false;
            }
            "quit" | "exit" => return Ok(Next::Quit),
            "moves" => {
                let moves: Vec<String> =
                    game.legal_moves().iter().map(ToString::to_string).collect();
                writeln!(out, "{}", moves.join(" "))?;
                show_board = false;
            }
            "undo" => {
                if game.undo_turn() == 0 {
                    writeln!(out, "nothing to undo")?;
                } else {
                    ways.assisted = true;
                }
            }
            "redo" => {
                if game.redo_turn() == 0 {
                    writeln!(out, "nothing to redo")?;
                }
            }
            "hint" => {
                // A line-by-line game waits for the worker's answer: there is no screen to draw.
                ways.assisted = true;
                game.ask_hint();
                match game.wait_hint() {
                    Some(hint) if hint.best.is_some() => writeln!(out, "{hint}")?,
                    _ => writeln!(out, "no move to suggest")?,
                }
                show_board = false;
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "save needs a file name: save FILE")?;
                } else {
                    let path = kraal_front::expand_home(rest);
                    // A failed save says why and the game goes on.
                    match game.record().save(&path) {
                        Ok(()) => writeln!(out, "saved to {}", path.display())?,
                        Err(e) => writeln!(out, "cannot save {}", e.about_file(&path))?,
                    }
                }
                show_board = false;
            }
            "load" => {
                if rest.is_empty() {
                    writeln!(out, "load needs a file name: load FILE")?;
                    show_board = false;
                } else {
                    let path = kraal_front::expand_home(rest);
                    match Record::load(&path).and_then(|r| r.check().map(|_| r)) {
                        Ok(record) => {
                            writeln!(out, "loaded {}", path.display())?;
                            return Ok(Next::Load(record));
                        }
                        Err(e) => {
                            writeln!(out, "cannot load {}", e.about_file(&path))?;
                            show_board = false;
                        }
                    }
                }
            }
            "resign" => game.resign(),
            "claim" => {
                if let Err(e) = game.claim() {
                    writeln!(out, "{e}")?;
                    show_board = false;
                }
            }
            "touch" => {
                match rest.parse::<Point>() {
                    Err(e) => writeln!(out, "{e}")?,
                    Ok(point) => match game.touch(point) {
                        Ok(()) if game.touch_move() => {
                            writeln!(out, "you touched {point}: it must move if it can")?
                        }
                        Ok(()) => writeln!(out, "touch-move is not in force under these rules")?,
                        Err(e) => writeln!(out, "{e}")?,
                    },
                }
                show_board = false;
            }
            "draw" => match game.offer_draw() {
                DrawAnswer::ComputerThinking => {
                    if game.wait_draw() == Some(DrawAnswer::ComputerAccepts) {
                        writeln!(out, "draw agreed")?;
                    } else {
                        writeln!(out, "the computer declines the draw")?;
                        show_board = false;
                    }
                }
                DrawAnswer::Offered => writeln!(
                    out,
                    "draw offered: your opponent can type accept on their turn"
                )?,
                _ => writeln!(out, "the game is over")?,
            },
            "accept" => {
                if !game.accept_draw() {
                    writeln!(out, "there is no draw offer to accept")?;
                    show_board = false;
                }
            }
            _ => match game.play_text(line) {
                Ok(mv) => {
                    writeln!(out, "{} plays {mv}", game.side_name(side))?;
                    announce_taken(game, out)?;
                }
                Err(e) => {
                    writeln!(out, "{e}")?;
                    show_board = false;
                }
            },
        }
    }
}
