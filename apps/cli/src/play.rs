//! `kraal play`: a game in the terminal, line by line. Works with a pipe as standard input.

use anyhow::{Result, bail};
use kraal_ai::Limits;
use kraal_rules_morris::Point;
use kraal_session::family::{Family, MancalaFamily, MorrisFamily};
use kraal_session::{DrawOffer, GameRules, HINT_NODES, Player, Record, Session};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// How `kraal play` was started.
pub struct PlayArgs {
    /// The game's rules.
    pub rules: GameRules,
    /// Who plays first and second.
    pub players: [Player; 2],
    /// A start position other than the usual one.
    pub position: Option<String>,
    /// Seed of the AI's noise.
    pub seed: u64,
    /// Draw boards in plain ASCII.
    pub ascii: bool,
    /// The time control.
    pub clock: kraal_session::TimeControl,
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
  draw         offer a draw (the computer answers at once; a person can type accept)
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
pub fn run(args: PlayArgs) -> Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut record: Option<Record> = None;
    let mut rules = args.rules.clone();
    loop {
        let next = match &rules {
            GameRules::Morris { options, .. } => game_loop(
                MorrisFamily(*options),
                &rules,
                &args,
                record.take(),
                &mut input,
            )?,
            GameRules::Mancala { options, .. } => game_loop(
                MancalaFamily(*options),
                &rules,
                &args,
                record.take(),
                &mut input,
            )?,
        };
        match next {
            Next::Quit => return Ok(()),
            Next::Load(loaded) => {
                rules = loaded.rules()?;
                record = Some(loaded);
            }
        }
    }
}

fn side_name(rules: &GameRules, side: usize) -> &'static str {
    match (rules, side) {
        (GameRules::Morris { .. }, 0) => "White",
        (GameRules::Morris { .. }, _) => "Black",
        (GameRules::Mancala { .. }, 0) => "South",
        (GameRules::Mancala { .. }, _) => "North",
    }
}

fn describe(player: Player) -> String {
    match player {
        Player::Human => "you".to_owned(),
        Player::Ai(o) => o.to_string(),
    }
}

fn game_loop<F: Family>(
    family: F,
    rules: &GameRules,
    args: &PlayArgs,
    record: Option<Record>,
    input: &mut dyn BufRead,
) -> Result<Next>
where
    F::Position: Send + 'static,
    F::Move: Send + 'static,
{
    let mut session = match record {
        Some(r) => Session::from_record(family, &r, args.players, args.seed)?,
        None => {
            let mut s = Session::new(
                family,
                rules.clone(),
                args.position.as_deref(),
                args.players,
                args.seed,
            )?;
            s.set_time_control(args.clock);
            s
        }
    };
    let out = &mut std::io::stdout();
    let [first, second] = args.players;
    writeln!(
        out,
        "{} ({}): {} is {}, {} is {}. Type help for the commands.\n",
        rules.game_name(),
        rules.rule_set_name(),
        side_name(rules, 0),
        describe(first),
        side_name(rules, 1),
        describe(second)
    )?;
    let mut show_board = true;
    loop {
        if show_board {
            write!(out, "{}", F::render(session.position(), args.ascii))?;
        }
        show_board = true;
        if let Some(outcome) = session.outcome() {
            writeln!(out, "Result: {} ({outcome})", outcome.result())?;
            return Ok(Next::Quit);
        }
        let side = session.side_to_move();
        if let Player::Ai(opponent) = session.player_to_move() {
            let started = Instant::now();
            if let Some(choice) = session.wait_ai()
                && let Some(mv) = choice.mv
            {
                writeln!(
                    out,
                    "{} ({opponent}) plays {mv}  [{:.2} s, depth {}, score {}]\n",
                    side_name(rules, side),
                    started.elapsed().as_secs_f64(),
                    choice.depth,
                    choice.score
                )?;
            }
            continue;
        }
        let left = session.clock().left(side, side, Instant::now());
        let left = left.map_or(String::new(), |d| {
            format!(" ({}:{:02})", d.as_secs() / 60, d.as_secs() % 60)
        });
        write!(out, "{}{left}> ", side_name(rules, side).to_lowercase())?;
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
                let moves: Vec<String> = F::legal_moves(session.position())
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                writeln!(out, "{}", moves.join(" "))?;
                show_board = false;
            }
            "undo" => {
                if session.undo_turn() == 0 {
                    writeln!(out, "nothing to undo")?;
                }
            }
            "redo" => {
                if !session.redo() {
                    writeln!(out, "nothing to redo")?;
                }
            }
            "hint" => {
                // A line-by-line game waits for its answer: there is no screen to keep drawing.
                let report = session.analyse(Limits::nodes(HINT_NODES), 1);
                match report.best {
                    Some(mv) => writeln!(
                        out,
                        "hint: {mv} (score {}, depth {})",
                        report.score, report.depth
                    )?,
                    None => writeln!(out, "no move to suggest")?,
                }
                show_board = false;
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "save needs a file name: save FILE")?;
                } else {
                    session.record().save(&PathBuf::from(rest))?;
                    writeln!(out, "saved to {rest}")?;
                }
                show_board = false;
            }
            "load" => {
                if rest.is_empty() {
                    writeln!(out, "load needs a file name: load FILE")?;
                    show_board = false;
                } else {
                    match Record::load(&PathBuf::from(rest)).and_then(|r| r.check().map(|_| r)) {
                        Ok(record) => {
                            writeln!(out, "loaded {rest}")?;
                            return Ok(Next::Load(record));
                        }
                        Err(e) => {
                            writeln!(out, "cannot load {rest}: {e}")?;
                            show_board = false;
                        }
                    }
                }
            }
            "resign" => session.resign(),
            "claim" => {
                if let Err(e) = session.claim() {
                    writeln!(out, "{e}")?;
                    show_board = false;
                }
            }
            "touch" => {
                match rest.parse::<Point>() {
                    Err(e) => writeln!(out, "{e}")?,
                    Ok(point) => match session.touch(point) {
                        Ok(()) if session.touch_move() => {
                            writeln!(out, "you touched {point}: it must move if it can")?
                        }
                        Ok(()) => writeln!(out, "touch-move is not in force under these rules")?,
                        Err(e) => writeln!(out, "{e}")?,
                    },
                }
                show_board = false;
            }
            "draw" => match session.offer_draw() {
                DrawOffer::Asked => {
                    if session.wait_draw() == Some(true) {
                        writeln!(out, "draw agreed")?;
                    } else {
                        writeln!(out, "the computer declines the draw")?;
                        show_board = false;
                    }
                }
                DrawOffer::Offered => writeln!(
                    out,
                    "draw offered: your opponent can type accept on their turn"
                )?,
                DrawOffer::Refused => writeln!(out, "the game is over")?,
            },
            "accept" => {
                if !session.accept_draw() {
                    writeln!(out, "there is no draw offer to accept")?;
                    show_board = false;
                }
            }
            _ => match session.play_text(line) {
                Ok(mv) => writeln!(out, "{} plays {mv}\n", side_name(rules, side))?,
                Err(e) => {
                    writeln!(out, "{e}")?;
                    show_board = false;
                }
            },
        }
    }
}

/// Reads WHO (`human`, `ai:3`, a name).
///
/// # Errors
/// Anything else.
pub fn player(text: &str) -> Result<Player> {
    match Player::parse(text) {
        Ok(p) => Ok(p),
        Err(e) => bail!("{e} (or human)"),
    }
}
