//! The load test's bounded versions: 50 games at once for 20 seconds, then nothing lost; and a
//! short chaos run whose bots drop and resume their sockets.

use kraal_server::limits::Limits;
use kraal_server::load::{self, Plan};
use std::time::Duration;

/// A server on loopback with a fresh SQLite file and limits lifted for bots from one address.
async fn server(name: &str) -> kraal_server::Running {
    let dir = std::env::temp_dir().join(format!("kraal-{name}-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite:{}", dir.join("games.sqlite3").display());
    let mut options = kraal_server::Options::new("127.0.0.1:0".parse().expect("addr"), &url);
    options.limits = Limits::generous();
    kraal_server::start(options).await.expect("starts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_for_twenty_seconds_lose_nothing() {
    let server = server("load").await;
    let plan = Plan {
        url: server.url(),
        games: 50,
        duration: Duration::from_secs(20),
        drop_share: 0.0,
        chaos_every: Duration::from_secs(60),
        game_names: vec!["oware".into(), "morabaraba".into()],
    };
    let mut report = load::run(&plan).await;
    load::check(&server.server.db, &mut report)
        .await
        .expect("checks");
    println!("{report}");
    assert_eq!(report.protocol_errors(), 0, "{report}");
    assert_eq!(report.failures, 0, "{report}");
    assert!(report.finished > 0, "games finished: {report}");
    assert!(report.checked.0 >= report.finished, "{report}");
    assert_eq!(
        (report.checked.1, report.checked.2),
        (0, 0),
        "nothing lost: {report}"
    );
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_drop_at_the_chaos_share_and_nothing_is_lost() {
    let server = server("chaos").await;
    let share = 0.25;
    let plan = Plan {
        url: server.url(),
        games: 20,
        duration: Duration::from_secs(12),
        drop_share: share,
        chaos_every: Duration::from_secs(3),
        game_names: vec!["oware".into(), "morabaraba".into()],
    };
    let mut report = load::run(&plan).await;
    load::check(&server.server.db, &mut report)
        .await
        .expect("checks");
    println!("{report}");
    // 40 bots are alive at each of the ticks at 3, 6 and 9 seconds.
    assert!(report.chaos_checks >= 80, "too few chances: {report}");
    // Each chance drops with probability `share`: of 80 to 120 chances about a quarter, give
    // or take 4 or 5. A third of the share to twice it is four standard deviations or more
    // either way, so only a drop rule that is off fails (one run seen at 13 of 108 failed the
    // narrower half-to-double window).
    let rate = report.drops as f64 / report.chaos_checks as f64;
    assert!(
        (share / 3.0..share * 2.0).contains(&rate),
        "drops at {rate:.2}, not about {share}: {report}"
    );
    assert_eq!(report.failures, 0, "{report}");
    assert_eq!(
        (report.checked.1, report.checked.2),
        (0, 0),
        "nothing lost: {report}"
    );
    server.kill().await;
}
