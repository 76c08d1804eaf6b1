//! `kraal-server`: serves kraal's online play on a websocket (`/ws`), the browser page at `/`,
//! `/health` and `/metrics`, on SQLite (the default, in the user's data folder) or PostgreSQL.

use anyhow::Context;
use clap::Parser;
use std::net::SocketAddr;

/// kraal's game server: online play over websockets.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: SocketAddr,
    /// The database: sqlite:PATH or postgres://USER@HOST/DB (default: a SQLite file in the
    /// user's data folder).
    #[arg(long)]
    database: Option<String>,
    /// The most computer-opponent searches that run at once (the rest wait their turn).
    #[arg(long, default_value_t = 2)]
    computer_searches: usize,
    /// Lift the rate limits (for a load test from one address; never on a public server).
    #[arg(long)]
    generous_limits: bool,
    /// PostgreSQL with several nodes: seconds a node's lease of a game lasts unrenewed (a dead
    /// node's games are taken over after at most this long).
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=3600))]
    lease_seconds: u64,
    /// Hours a created game waits for its second player before it is aborted.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..=8760))]
    waiting_hours: u64,
    /// Seconds a player's connection may be gone before the opponent may claim the game, for
    /// every game (default: by the clock, a tenth of the base time between 30 s and 5 minutes;
    /// 2 minutes without a clock).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86400))]
    grace_seconds: Option<u64>,
}

fn default_database() -> anyhow::Result<String> {
    let dirs = directories::ProjectDirs::from("", "", "kraal")
        .context("no home folder to keep the database in: give --database")?;
    Ok(format!(
        "sqlite:{}",
        dirs.data_dir().join("server.sqlite3").display()
    ))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let database = match args.database {
        Some(d) => d,
        None => default_database()?,
    };
    let mut options = kraal_server::Options::new(args.listen, &database);
    options.computer_searches = args.computer_searches;
    options.lease = std::time::Duration::from_secs(args.lease_seconds);
    options.waiting_expiry = std::time::Duration::from_secs(args.waiting_hours * 3600);
    options.grace = args.grace_seconds.map(std::time::Duration::from_secs);
    if args.generous_limits {
        options.limits = kraal_server::limits::Limits::generous();
    }
    let running = kraal_server::start(options)
        .await
        .with_context(|| format!("starting on {database}"))?;
    let (loaded, failed) = running.loaded;
    eprintln!(
        "kraal-server: serving {} and the page at http://{}/ on {} ({loaded} games resumed{})",
        running.url(),
        running.addr,
        database,
        if failed > 0 {
            format!(", {failed} failed the integrity check")
        } else {
            String::new()
        }
    );
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    eprintln!("kraal-server: stopping");
    running.kill().await;
    Ok(())
}
