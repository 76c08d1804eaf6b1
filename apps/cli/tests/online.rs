//! `kraal online` without a server: the token list, a corrupt token file set aside, and a clear
//! error when the server cannot be reached; `kraal online list` against an in-process server.
//! (Games against a server are the server's tests.)

use assert_cmd::Command;
use std::path::PathBuf;

fn data_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-cli-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn kraal(home: &PathBuf, args: &[&str]) -> (bool, String, String) {
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        .env("XDG_DATA_HOME", home)
        .env("HOME", home)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

#[test]
fn listing_no_games_says_how_to_create_one() {
    let home = data_home("list");
    let (ok, stdout, stderr) = kraal(&home, &["online", "list"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("No games"), "{stdout}");
}

#[test]
fn a_corrupt_token_file_is_set_aside_and_reported() {
    let home = data_home("corrupt");
    let dir = home.join("kraal");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("online.json"), "{broken").expect("write");
    let (ok, _, stderr) = kraal(&home, &["online", "list"]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("set aside"), "{stderr}");
    let aside = std::fs::read_to_string(dir.join("online.json.corrupt-1")).expect("kept aside");
    assert_eq!(aside, "{broken");
}

#[test]
fn an_unreachable_server_is_a_clear_error() {
    let home = data_home("unreachable");
    let (ok, _, stderr) = kraal(
        &home,
        &[
            "online",
            "join",
            "AAAAAA",
            "--server",
            "ws://127.0.0.1:9/ws",
        ],
    );
    assert!(!ok);
    assert!(stderr.contains("connection"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn listing_asks_each_server_and_shows_the_local_list_of_one_it_cannot_reach() {
    use kraal_online::{Connection, StoredSeat, TokenStore};
    use kraal_protocol::ClientFrame;
    use kraal_protocol::ServerFrame;
    let home = data_home("list-server");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let database = format!("sqlite:{}", home.join("server.sqlite3").display());
    let running = runtime.block_on(async {
        let options = kraal_server::Options::new("127.0.0.1:0".parse().expect("addr"), database);
        kraal_server::start(options)
            .await
            .expect("the server starts")
    });
    let url = running.url();
    let created = runtime.block_on(async {
        let mut conn = Connection::connect(&url, Some("ada"))
            .await
            .expect("connects");
        conn.send(&ClientFrame::Create {
            game: "oware".into(),
            rules: None,
            set: vec![],
            clock: Default::default(),
            seat: None,
        })
        .await
        .expect("sends");
        match conn.recv().await.expect("an answer") {
            ServerFrame::Created {
                game,
                code,
                token,
                seat,
            } => StoredSeat {
                server: url.clone(),
                game,
                token,
                game_name: "oware".into(),
                seat,
                code: Some(code),
            },
            other => panic!("not created: {other:?}"),
        }
    });
    let (mut store, _) =
        TokenStore::open(&home.join("kraal").join("online.json")).expect("a store");
    store.put(created.clone()).expect("kept");
    store
        .put(StoredSeat {
            server: "ws://127.0.0.1:9/ws".into(),
            game: kraal_protocol::GameId(77),
            ..created.clone()
        })
        .expect("kept");
    let (ok, stdout, stderr) = kraal(&home, &["online", "list"]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains(&format!("On {url}:")), "{stdout}");
    let code = created.code.expect("a code");
    assert!(
        stdout.contains(&format!(
            "{}  oware (abapa)  first seat  waiting for an opponent (code {code})",
            created.game
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("Could not reach ws://127.0.0.1:9/ws"),
        "{stdout}"
    );
    assert!(stdout.contains("77  oware  first seat"), "{stdout}");
    runtime.block_on(running.kill());
}
