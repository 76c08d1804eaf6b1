//! `kraal-loadtest`: N concurrent games between bots on a kraal server (in this process, or a
//! `kraal-server` it starts and may `kill -9` and restart mid-run), then a check that nothing
//! was lost. Loopback only.

use anyhow::{Context, Result, bail};
use clap::Parser;
use kraal_server::db::Db;
use kraal_server::load::{self, Plan};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Load-tests a kraal server with bots playing legal moves.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Games played at once (two sockets each).
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// The database (default: a new SQLite file in the temporary folder).
    #[arg(long)]
    database: Option<String>,
    /// Run the server as a separate `kraal-server` process (beside this binary) instead of
    /// in this process.
    #[arg(long)]
    spawn: bool,
    /// Chaos: `kill -9` the spawned server halfway and start it again (needs --spawn).
    #[arg(long, requires = "spawn")]
    kill: bool,
    /// Chaos: the share of bots that drop their socket and resume each minute.
    #[arg(long, default_value_t = 0.0)]
    drop_share: f64,
    /// The games to play, in turn.
    #[arg(long, value_delimiter = ',', default_value = "oware,morabaraba")]
    game: Vec<String>,
    /// The port of a spawned server.
    #[arg(long, default_value_t = 7979)]
    port: u16,
}

fn spawn_server(database: &str, port: u16) -> Result<Child> {
    let exe = std::env::current_exe()?.with_file_name("kraal-server");
    let child = Command::new(&exe)
        .args([
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--database",
            database,
            "--generous-limits",
        ])
        .stdout(Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", exe.display()))?;
    std::thread::sleep(Duration::from_secs(2));
    Ok(child)
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let database = args.database.clone().unwrap_or_else(|| {
        let path =
            std::env::temp_dir().join(format!("kraal-loadtest-{}.sqlite3", std::process::id()));
        format!("sqlite:{}", path.display())
    });
    let plan = |url: String| Plan {
        url,
        games: args.games,
        duration: Duration::from_secs(args.seconds),
        drop_share: args.drop_share,
        chaos_every: Duration::from_secs(60),
        game_names: args.game.clone(),
    };
    let started = Instant::now();
    let (mut report, rss) = if args.spawn {
        let mut child = spawn_server(&database, args.port)?;
        let url = format!("ws://127.0.0.1:{}/ws", args.port);
        let run = tokio::spawn({
            let plan = plan(url);
            async move { load::run(&plan).await }
        });
        let mut rss = 0;
        if args.kill {
            tokio::time::sleep(Duration::from_secs(args.seconds / 2)).await;
            rss = load::rss_kib(Some(child.id())).unwrap_or(0);
            eprintln!("kraal-loadtest: kill -9 of the server (pid {})", child.id());
            child.kill()?;
            child.wait()?;
            child = spawn_server(&database, args.port)?;
        }
        let report = run.await?;
        rss = rss.max(load::rss_kib(Some(child.id())).unwrap_or(0));
        child.kill()?;
        child.wait()?;
        (report, rss)
    } else {
        let mut options = kraal_server::Options::new("127.0.0.1:0".parse()?, &database);
        options.limits = kraal_server::limits::Limits::generous();
        let server = kraal_server::start(options).await?;
        let report = load::run(&plan(server.url())).await;
        let rss = load::rss_kib(None).unwrap_or(0);
        server.kill().await;
        (report, rss)
    };
    let db = Db::open(&database).await?;
    load::check(&db, &mut report).await?;
    println!(
        "{} games at once for {} s on {database} ({:.0} s in all)",
        args.games,
        args.seconds,
        started.elapsed().as_secs_f64()
    );
    println!("{report}");
    println!(
        "server memory (RSS{}): {:.1} MiB",
        if args.spawn {
            ""
        } else {
            ", server and bots in one process"
        },
        rss as f64 / 1024.0
    );
    if report.checked.1 > 0 || report.checked.2 > 0 {
        bail!("games were lost");
    }
    Ok(())
}
