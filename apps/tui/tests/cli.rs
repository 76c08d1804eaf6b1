//! The binary's options: bad ones are refused with a clear message before the screen is
//! taken over, and without a terminal it says so instead of failing.

use assert_cmd::Command;

fn tui(args: &[&str]) -> (bool, String) {
    let output = Command::cargo_bin("kraal-tui")
        .expect("the binary")
        .args(args)
        .env(
            "KRAAL_CONFIG_DIR",
            std::env::temp_dir().join("kraal-tui-cli"),
        )
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("it runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn an_unknown_game_is_named() {
    let (ok, err) = tui(&["--game", "chess"]);
    assert!(!ok);
    assert!(err.starts_with("kraal-tui: unknown game `chess`"), "{err}");
    assert!(!err.contains("backtrace"), "{err}");
}

#[test]
fn a_bad_start_position_is_explained() {
    let (ok, err) = tui(&["--game", "morabaraba", "--position", "zz"]);
    assert!(!ok);
    assert!(err.contains("position `zz`"), "{err}");
}

#[test]
fn a_missing_saved_game_is_named() {
    let (ok, err) = tui(&["--load", "/no/such/kraal-game.txt"]);
    assert!(!ok);
    assert!(err.contains("cannot open /no/such/kraal-game.txt"), "{err}");
}

#[test]
fn without_a_terminal_it_says_so() {
    // The test's standard output is a pipe, not a terminal.
    let (ok, err) = tui(&["--game", "oware"]);
    assert!(!ok);
    assert!(err.contains("needs a terminal"), "{err}");
}

#[test]
fn an_opponent_that_does_not_exist_is_refused() {
    let (ok, err) = tui(&["--black", "ai:9"]);
    assert!(!ok);
    assert!(err.starts_with("kraal-tui: "), "{err}");
    assert!(err.contains("no opponent `ai:9`"), "{err}");
    assert!(
        !err.contains("needs a terminal"),
        "refused before the screen: {err}"
    );
}

#[test]
fn a_rule_set_of_another_game_is_refused() {
    let (ok, err) = tui(&["--game", "oware", "--rules", "koti"]);
    assert!(!ok);
    assert!(err.starts_with("kraal-tui: "), "{err}");
    assert!(err.contains("rule set of morabaraba"), "{err}");
}

#[test]
fn a_rule_set_alone_starts_its_game() {
    // `--rules koti` passes the checks: what stops it here is only the missing terminal.
    let (ok, err) = tui(&["--rules", "koti"]);
    assert!(!ok);
    assert!(err.contains("needs a terminal"), "{err}");
}

#[test]
fn a_position_that_does_not_fit_the_game_is_refused() {
    let (ok, err) = tui(&["--game", "oware", "--position", "1,2,3"]);
    assert!(!ok);
    assert!(err.starts_with("kraal-tui: --position: "), "{err}");
}

#[test]
fn a_server_that_is_not_a_websocket_address_is_refused() {
    let (ok, err) = tui(&["--server", "127.0.0.1:7878"]);
    assert!(!ok);
    assert!(
        err.contains("\"127.0.0.1:7878\" is not a server address"),
        "{err}"
    );
    assert!(err.contains("ws://127.0.0.1:7878/ws"), "an example: {err}");
}
