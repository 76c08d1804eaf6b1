//! The load test's bounded version: 50 games at once for 20 seconds, then nothing lost.

use kraal_server::limits::Limits;
use kraal_server::load::{self, Plan};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_for_twenty_seconds_lose_nothing() {
    let dir = std::env::temp_dir().join(format!("kraal-load-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite:{}", dir.join("games.sqlite3").display());
    let mut options = kraal_server::Options::new("127.0.0.1:0".parse().expect("addr"), &url);
    options.limits = Limits::generous();
    let server = kraal_server::start(options).await.expect("starts");
    let plan = Plan {
        url: server.url(),
        games: 50,
        duration: Duration::from_secs(20),
        drop_share: 0.0,
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
