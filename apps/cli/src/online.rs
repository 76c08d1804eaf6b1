//! `kraal online`: play on a kraal server, line by line as in `kraal play`. The connection,
//! the reconnect, the game kept in step and the token store are `kraal-online`'s; this module
//! only reads lines and prints boards.

use anyhow::{Context, Result, bail};
use kraal_front::online::{kept_line, summary_line};
use kraal_online::{Applied, Connection, Mirror, Outbox, StoredSeat, TokenStore, reconnect};
use kraal_protocol::frames::ClockSpec;
use kraal_protocol::{ClaimKind, ClientFrame, GameId, GameStatus, ServerFrame, WireMove};
use kraal_session::TimeControl;
use std::io::Write;
use std::time::Duration;
use tokio::sync::mpsc;

/// `kraal online`'s options.
#[derive(clap::Args, Debug)]
pub struct OnlineArgs {
    /// The server's websocket URL.
    #[arg(long, global = true, default_value = "ws://127.0.0.1:7878/ws")]
    server: String,
    /// A display name shown to the opponent (short, printable).
    #[arg(long, global = true)]
    name: Option<String>,
    /// Draw the board with plain ASCII characters.
    #[arg(long, global = true)]
    ascii: bool,
    #[command(subcommand)]
    command: OnlineCommand,
}

/// What `kraal online` does.
#[derive(clap::Subcommand, Debug)]
enum OnlineCommand {
    /// Create a game, print its join code, wait for the opponent and play.
    Create {
        /// A game (`morabaraba`, `oware`, `mulabalaba`) or a rule-set name.
        #[arg(default_value = "morabaraba")]
        game: String,
        /// A rule set of that game.
        #[arg(long)]
        rules: Option<String>,
        /// Override an option: OPTION=VALUE (repeatable).
        #[arg(long = "set", value_name = "OPTION=VALUE")]
        set: Vec<String>,
        /// The clock: none, 5+3 (minutes + seconds a move) or move:120 (seconds a move).
        #[arg(long, default_value = "none")]
        clock: TimeControl,
    },
    /// Join a game by its six-character code and play.
    Join {
        /// The join code.
        code: String,
    },
    /// Resume a game you hold a seat in (the newest on this server if none is named).
    Resume {
        /// The game's number (see `kraal online list`).
        game: Option<GameId>,
    },
    /// List the games you hold seats in.
    List,
    /// Print a game's record (the project's record format) to standard output.
    Export {
        /// The game's number.
        game: GameId,
    },
}

const HELP: &str = "\
Type a move in the game's notation (such as d2, a1-d1, d2xb4; C), or one of:
  moves        list the legal moves
  resign       give up the game
  draw         offer a draw (or accept the one offered)
  accept       accept the draw your opponent offered
  decline      decline it
  abort        end the game without a result (before each side has moved)
  claim        claim the win when your opponent has been gone past the grace period
  claim draw   claim a draw instead
  help         show this list
  quit         leave (the game goes on: `kraal online resume` comes back to it)";

/// Runs `kraal online`.
///
/// # Errors
/// The server cannot be reached, refuses, or the token store cannot be written.
pub fn run(args: OnlineArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the network runtime")?;
    runtime.block_on(run_async(args))
}

fn open_store() -> Result<TokenStore> {
    let (store, aside) = TokenStore::open_default()?;
    if let Some(aside) = aside {
        eprintln!(
            "The seat-token file did not read; it was set aside as {}.",
            aside.display()
        );
    }
    Ok(store)
}

async fn run_async(args: OnlineArgs) -> Result<()> {
    let name = args.name.as_deref();
    match args.command {
        OnlineCommand::List => {
            let store = open_store()?;
            if store.seats.is_empty() {
                println!("No games: create one with `kraal online create`.");
            }
            let mut servers: Vec<&str> = Vec::new();
            for seat in &store.seats {
                if !servers.contains(&seat.server.as_str()) {
                    servers.push(&seat.server);
                }
            }
            for server in servers {
                let seats: Vec<StoredSeat> = store
                    .seats
                    .iter()
                    .filter(|s| s.server == server)
                    .cloned()
                    .collect();
                let asked = async {
                    let mut conn = Connection::connect(server, name).await?;
                    let summaries = conn.list(&seats).await;
                    conn.close().await;
                    summaries
                };
                let answer = tokio::time::timeout(Duration::from_secs(15), asked)
                    .await
                    .unwrap_or(Err(kraal_online::ClientError::Timeout));
                match answer {
                    Ok(summaries) => {
                        println!("On {server}:");
                        for (seat, summary) in seats.iter().zip(&summaries) {
                            println!("  {}", summary_line(summary, seat));
                        }
                    }
                    Err(e) => {
                        println!("Could not reach {server} ({e}); the games kept on this machine:");
                        for seat in &seats {
                            println!("  {}", kept_line(seat));
                        }
                    }
                }
            }
            Ok(())
        }
        OnlineCommand::Export { game } => {
            let mut conn = Connection::connect(&args.server, name).await?;
            conn.send(&ClientFrame::Export { game }).await?;
            match conn.recv_within(Duration::from_secs(20)).await? {
                ServerFrame::Record { text, .. } => {
                    print!("{text}");
                    Ok(())
                }
                ServerFrame::Error { message, .. } => bail!("the server refused: {message}"),
                other => bail!("the server answered {other:?}"),
            }
        }
        OnlineCommand::Create {
            game,
            rules,
            set,
            clock,
        } => {
            let mut conn = Connection::connect(&args.server, name).await?;
            conn.send(&ClientFrame::Create {
                game,
                rules,
                set,
                clock: ClockSpec(clock),
                seat: None,
            })
            .await?;
            let seat = match conn.recv_within(Duration::from_secs(20)).await? {
                ServerFrame::Created {
                    game,
                    code,
                    token,
                    seat,
                } => {
                    println!(
                        "Game {game} created. Your opponent joins with:\n\n    kraal online join {code}\n\nWaiting for them..."
                    );
                    StoredSeat {
                        server: args.server.clone(),
                        game,
                        token,
                        game_name: String::new(),
                        seat,
                        code: Some(code),
                    }
                }
                ServerFrame::Error { message, .. } => bail!("the server refused: {message}"),
                other => bail!("the server answered {other:?}"),
            };
            play(conn, seat, name, args.ascii).await
        }
        OnlineCommand::Join { code } => {
            let mut conn = Connection::connect(&args.server, name).await?;
            conn.send(&ClientFrame::Join { code }).await?;
            let seat = match conn.recv_within(Duration::from_secs(20)).await? {
                ServerFrame::Joined { game, token, seat } => StoredSeat {
                    server: args.server.clone(),
                    game,
                    token,
                    game_name: String::new(),
                    seat,
                    code: None,
                },
                ServerFrame::Error { message, .. } => bail!("the server refused: {message}"),
                other => bail!("the server answered {other:?}"),
            };
            play(conn, seat, name, args.ascii).await
        }
        OnlineCommand::Resume { game } => {
            let store = open_store()?;
            let Some(seat) = store.find(&args.server, game).cloned() else {
                bail!("no seat held on {} (see `kraal online list`)", args.server);
            };
            let conn = reconnect(&seat, name, 3).await?;
            play(conn, seat, name, args.ascii).await
        }
    }
}

/// Reads standard input on a thread of its own, line by line.
fn lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(16);
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(line) = line else { break };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn show(mirror: &Mirror, ascii: bool) {
    let s = &mirror.snapshot;
    println!("\n{}", mirror.game.render(ascii));
    let sides = mirror.game.side_names();
    if let Some([first, second]) = s.clocks_ms {
        let t = |ms: u64| format!("{}:{:02}", ms / 60_000, ms / 1000 % 60);
        println!(
            "Clocks: {} {}, {} {}",
            sides[0],
            t(first),
            sides[1],
            t(second)
        );
    }
    match s.status {
        GameStatus::Waiting => println!("Waiting for the opponent to join."),
        GameStatus::Live if mirror.my_turn() => {
            print!("Your move ({}): ", sides[s.you.index()]);
            let _ = std::io::stdout().flush();
        }
        GameStatus::Live => println!(
            "{} to move: waiting for the opponent.",
            sides[s.to_move.index()]
        ),
        GameStatus::Over { outcome } => println!("{outcome}."),
        GameStatus::Aborted => println!("The game was aborted."),
    }
}

/// A typed line: a command, or a move parsed in the game's notation.
fn command(mirror: &Mirror, line: &str) -> Result<Option<ClientFrame>, String> {
    let frame = match line {
        "resign" => ClientFrame::Resign,
        "draw" => ClientFrame::OfferDraw,
        "accept" => ClientFrame::AcceptDraw,
        "decline" => ClientFrame::DeclineDraw,
        "abort" => ClientFrame::Abort,
        "claim" => ClientFrame::Claim {
            kind: ClaimKind::Win,
        },
        "claim draw" => ClientFrame::Claim {
            kind: ClaimKind::Draw,
        },
        "moves" => {
            let moves: Vec<String> = mirror
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect();
            println!("{}", moves.join(" "));
            return Ok(None);
        }
        "help" => {
            println!("{HELP}");
            return Ok(None);
        }
        text => {
            let mv = parse_move(mirror, text)?;
            ClientFrame::Move {
                ply: mirror.ply(),
                mv,
                think_ms: None,
            }
        }
    };
    Ok(Some(frame))
}

/// Reads a move in the game's notation (the server checks its legality).
fn parse_move(mirror: &Mirror, text: &str) -> Result<WireMove, String> {
    if mirror.game.morris_position().is_some() {
        text.parse::<kraal_rules_morris::Move>()
            .map(WireMove::Mill)
            .map_err(|e| e.to_string())
    } else {
        text.parse::<kraal_rules_mancala::Move>()
            .map(|m| WireMove::Mancala(m).for_side(mirror.game.side_to_move()))
            .map_err(|e| e.to_string())
    }
}

/// Plays the game of `seat` until it ends or the player quits, reconnecting when the
/// connection drops.
async fn play(
    mut conn: Connection,
    mut seat: StoredSeat,
    name: Option<&str>,
    ascii: bool,
) -> Result<()> {
    let mut store = open_store()?;
    let mut mirror: Option<Mirror> = None;
    let mut input = lines();
    let mut ping = tokio::time::interval(conn.heartbeat);
    let mut n = 0;
    let mut outbox = Outbox::default();
    // When the player's turn began, for the think time the server's lag allowance credits.
    let mut turn_began = std::time::Instant::now();
    loop {
        tokio::select! {
            frame = conn.recv() => {
                let frame = match frame {
                    Ok(frame) => frame,
                    Err(e) => {
                        println!("\nConnection lost ({e}); reconnecting...");
                        conn = reconnect(&seat, name, 6).await.context("reconnecting")?;
                        continue;
                    }
                };
                match &frame {
                    ServerFrame::Error { message, .. } => {
                        outbox.settled();
                        println!("{message}.");
                        if let Some(m) = &mirror { show(m, ascii); }
                        continue;
                    }
                    ServerFrame::Game(snapshot) => {
                        let m = Mirror::new(snapshot.clone())?;
                        if seat.game_name.is_empty() || snapshot.status != GameStatus::Waiting {
                            seat.game_name.clone_from(&snapshot.game_name);
                            if snapshot.status != GameStatus::Waiting {
                                seat.code = None;
                            }
                            store.put(seat.clone())?;
                        }
                        if let Some(frame) = outbox.to_resend(&m) {
                            println!("Sending your move again: the server had not received it.");
                            conn.send(&frame).await?;
                        }
                        turn_began = std::time::Instant::now();
                        show(&m, ascii);
                        let finished = m.snapshot.status.is_finished();
                        mirror = Some(m);
                        if finished { return Ok(()); }
                        continue;
                    }
                    _ => {}
                }
                let Some(m) = &mut mirror else { continue };
                match m.apply(&frame)? {
                    Applied::NeedSync => conn.send(&ClientFrame::Sync).await?,
                    Applied::Moved(mv) => {
                        outbox.settled();
                        turn_began = std::time::Instant::now();
                        println!("\n{} played {mv}.", m.game.side_names()[1 - m.game.side_to_move()]);
                        show(m, ascii);
                    }
                    Applied::Ended(_) => {
                        show(m, ascii);
                        return Ok(());
                    }
                    Applied::Changed => {
                        if let Some(by) = m.snapshot.draw_offer.filter(|by| *by != m.snapshot.you) {
                            println!("\n{} offers a draw: type accept or decline.", m.game.side_names()[by.index()]);
                        }
                        if !m.snapshot.opponent_online {
                            println!("\nYour opponent's connection is gone; after the grace period you may claim.");
                        }
                    }
                    Applied::Loaded | Applied::Nothing => {}
                }
            }
            line = input.recv() => {
                let Some(line) = line else { return Ok(()) };
                let line = line.trim();
                if line == "quit" { return Ok(()); }
                if line.is_empty() { continue; }
                let Some(m) = &mirror else { continue };
                match command(m, line) {
                    Ok(Some(mut frame)) => {
                        if let ClientFrame::Move { think_ms, .. } = &mut frame {
                            let thought = turn_began.elapsed().as_millis();
                            *think_ms = Some(u64::try_from(thought).unwrap_or(u64::MAX));
                        }
                        outbox.sent(&frame);
                        conn.send(&frame).await?;
                    }
                    Ok(None) => {}
                    Err(e) => println!("{e}"),
                }
            }
            _ = ping.tick() => {
                n += 1;
                conn.send(&ClientFrame::Ping { n }).await?;
            }
        }
    }
}
