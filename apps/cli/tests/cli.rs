//! The `kraal` binary as a user runs it: output snapshots, JSON, and clear errors on bad input.

use assert_cmd::Command;

/// A tables folder that does not exist.
const NO_TABLES: &str = "/nonexistent/kraal-tests-have-no-tables";

fn kraal(args: &[&str]) -> (bool, String, String) {
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        // No endgame tables, whatever this machine has built: the output stays the same.
        .env("KRAAL_TABLES", NO_TABLES)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

fn ok(args: &[&str]) -> String {
    let (success, stdout, stderr) = kraal(args);
    assert!(success, "kraal {args:?} failed: {stderr}");
    stdout
}

fn fails(args: &[&str]) -> String {
    let (success, stdout, stderr) = kraal(args);
    assert!(!success, "kraal {args:?} should fail, printed {stdout}");
    assert!(
        stderr.starts_with("kraal: ") || stderr.starts_with("error: "),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn rules_lists_every_rule_set() {
    insta::assert_snapshot!(ok(&["rules"]));
}

#[test]
fn rules_shows_one_rule_set_with_overrides_marked() {
    insta::assert_snapshot!(ok(&[
        "rules",
        "koti",
        "--set",
        "cows=9",
        "--set",
        "board_full=off"
    ]));
}

#[test]
fn rules_accepts_the_game_with_a_rules_flag() {
    let text = ok(&["rules", "morabaraba", "--rules", "sotho"]);
    assert!(text.starts_with("sotho (morabaraba)"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(2).eq(["board", "sotho"])),
        "{text}"
    );
}

#[test]
fn perft_counts_placements_from_the_start() {
    // With no mill possible in three placements, the count is 24 * 23 * 22.
    assert_eq!(
        ok(&["perft", "morabaraba", "--depth", "3"]),
        "perft 3 = 12144\n"
    );
}

#[test]
fn perft_divide_as_json_adds_up() {
    let text = ok(&[
        "perft",
        "nine-mens-morris",
        "--position",
        "a1,d1/b6,f4 7:7 w",
        "--depth",
        "2",
        "--divide",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let divide = json["divide"].as_array().expect("divide list");
    assert_eq!(
        divide.len(),
        21,
        "20 empty points, and g1 with either of two shots"
    );
    let sum: u64 = divide
        .iter()
        .map(|d| d["nodes"].as_u64().expect("count"))
        .sum();
    assert_eq!(json["nodes"].as_u64(), Some(sum));
    assert_eq!(json["rules"], "nine-mens-morris");
    assert_eq!(json["position"], "a1,d1/b6,f4 7:7 w - 0 0");
    // g1 closes a1-d1-g1 and must shoot; the shot frees b6, so Black has 20 empty points.
    let g1 = divide
        .iter()
        .find(|d| d["move"] == "g1xb6")
        .expect("g1xb6 listed");
    assert_eq!(g1["nodes"], 20);
}

#[test]
fn perft_counts_oware_as_the_public_reference_does() {
    // OpenSpiel's `oware` from the start position (shared/rules/mancala.md).
    let reference = [6, 36, 190, 1014, 5219, 27332, 139157, 711414];
    for (depth, want) in (1..).zip(reference) {
        let text = ok(&["perft", "oware", "--depth", &depth.to_string()]);
        assert_eq!(text, format!("perft {depth} = {want}\n"));
    }
}

#[test]
fn rules_shows_a_mancala_rule_set() {
    let text = ok(&[
        "rules",
        "mulabalaba",
        "--rules",
        "mulabalaba-toka-12",
        "--set",
        "seeds=3",
    ]);
    assert!(
        text.starts_with("mulabalaba-toka-12 (mulabalaba)"),
        "{text}"
    );
    assert!(text.contains("* seeds"), "{text}");
}

#[test]
fn no_arguments_start_a_game_against_the_herder() {
    let text = kraal_with_input(&[], "d2\nquit\n");
    assert!(text.contains("a   b   c   d   e   f   g"), "{text}");
    assert!(text.contains("Black is Herder (ai:3)"), "{text}");
    assert!(
        text.contains("White plays d2") && text.contains("Black (Herder (ai:3)) plays"),
        "{text}"
    );
    assert!(kraal_with_input(&[], "").ends_with("end of input: leaving the game\n"));
}

#[test]
fn bad_input_gets_a_clear_error() {
    assert!(fails(&["perft", "chess", "--depth", "1"]).contains("unknown game `chess`"));
    assert!(fails(&["rules", "--rules", "kotti"]).contains("no rule set `kotti`"));
    assert!(
        fails(&["rules", "oware", "--rules", "koti"])
            .contains("rule set of morabaraba, not of oware")
    );
    assert!(
        fails(&[
            "perft",
            "oware",
            "--position",
            "4,4/4 0:0 s",
            "--depth",
            "1"
        ])
        .contains("position")
    );
    assert!(fails(&["rules", "koti", "--set", "cows=20"]).contains("not a value of cows"));
    assert!(fails(&["rules", "koti", "--set", "cows"]).contains("OPTION=VALUE"));
    assert!(fails(&["rules", "koti", "--set", "colour=red"]).contains("no option `colour`"));
    let err = fails(&[
        "perft",
        "morabaraba",
        "--position",
        "a1,z9/- 1:1 w",
        "--depth",
        "1",
    ]);
    assert!(err.contains("not a point"), "{err}");
    let err = fails(&[
        "perft",
        "morabaraba",
        "--position",
        "a1,d4/- 11:12 w",
        "--depth",
        "1",
    ]);
    assert!(err.contains("d4, which this board lacks"), "{err}");
    assert!(fails(&["perft", "morabaraba"]).contains("--depth"));
}

#[test]
fn moves_lists_the_legal_moves() {
    let text = ok(&[
        "moves",
        "morabaraba",
        "--position",
        "a4,b2,d2,f4/a7,d7,g1,g7 0:0 w",
    ]);
    // f4-f2 closes b2-d2-f2; g1 is the only black cow outside a mill.
    assert!(text.split_whitespace().any(|m| m == "f4-f2xg1"), "{text}");
    assert_eq!(text.split_whitespace().count(), 12, "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["moves", "oware", "--json"])).expect("json");
    assert_eq!(
        json["moves"],
        serde_json::json!(["A", "B", "C", "D", "E", "F"])
    );
    assert_eq!(json["side_to_move"], "south");
}

#[test]
fn apply_plays_moves_and_draws_the_result() {
    insta::assert_snapshot!(ok(&["apply", "oware", "C", "f", "--ascii"]));
    insta::assert_snapshot!(ok(&[
        "apply",
        "morabaraba",
        "--position",
        "a1,b4,d1,g4/c3,c4,e5 0:0 w",
        "g4-g1xc4",
        "--ascii"
    ]));
}

#[test]
fn apply_names_the_move_that_cannot_be_played() {
    let err = fails(&["apply", "morabaraba", "d2", "d2"]);
    assert!(
        err.contains("move 2 (`d2`) cannot be played") && err.contains("occupied"),
        "{err}"
    );
    let err = fails(&["apply", "mulabalaba", "99"]);
    assert!(err.contains("move 1"), "{err}");
}

#[test]
fn analyse_finds_the_winning_shot() {
    let text = ok(&[
        "analyse",
        "morabaraba",
        "--position",
        "a1,b4,d1,g4/c3,c4,e5 0:0 w",
        "--depth",
        "4",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(json["score"], "win in 1");
    assert!(
        json["best"].as_str().expect("best").starts_with("g4-g1x"),
        "{text}"
    );
    assert!(
        fails(&["analyse", "oware", "--depth", "2", "--time", "1"]).contains("cannot be used with")
    );
}

#[test]
fn match_reports_score_elo_and_colours() {
    insta::assert_snapshot!(ok(&[
        "match", "oware", "--white", "ai:2", "--black", "calf", "--games", "4", "--seed", "3"
    ]));
    let text = ok(&[
        "match",
        "mulabalaba",
        "--white",
        "ai:2",
        "--black",
        "ai:1",
        "--games",
        "4",
        "--threads",
        "2",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let sum = ["wins", "draws", "losses"]
        .iter()
        .map(|k| json[k].as_u64().expect("count"))
        .sum::<u64>();
    assert_eq!(sum, 4);
    assert!(
        fails(&["match", "oware", "--white", "human", "--black", "ai:1"])
            .contains("engine opponents")
    );
    assert!(
        fails(&["match", "oware", "--white", "ai:9", "--black", "ai:1"])
            .contains("no opponent `ai:9`")
    );
}

#[test]
fn replay_checks_a_record_and_shows_where_it_ends() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/records/");
    insta::assert_snapshot!(ok(&["replay", &format!("{dir}oware-opening.txt")]));
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "replay",
        &format!("{dir}morabaraba-finished.txt"),
        "--json",
    ]))
    .expect("json");
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["reason"], "reduced-to-two");
    assert_eq!(json["overrides"], serde_json::json!(["cows=11"]));
    let bad = std::env::temp_dir().join(format!("kraal-bad-record-{}.txt", std::process::id()));
    std::fs::write(&bad, "[Game \"morabaraba\"]\n1. d2 d2\n").expect("write");
    let err = fails(&["replay", bad.to_str().expect("utf-8 path")]);
    assert!(err.contains("line 2, move 2 `d2`"), "{err}");
    let _ = std::fs::remove_file(&bad);
    assert!(fails(&["replay", "/no/such/record.txt"]).contains("/no/such/record.txt"));
}

fn kraal_with_input(args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("kraal")
        .expect("binary")
        // No endgame tables, whatever this machine has built: the output stays the same.
        .env("KRAAL_TABLES", NO_TABLES)
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn a_whole_game_is_played_on_standard_input_against_the_weakest_ai() {
    // The person tries A to F in turn; illegal tries are refused and the next line is read.
    let input = "A\nB\nC\nD\nE\nF\n".repeat(200);
    let text = kraal_with_input(
        &["play", "oware", "--black", "ai:1", "--seed", "1", "--ascii"],
        &input,
    );
    assert!(
        text.contains(
            "\nResult: 0-1 (North wins 25-7: more than half of the seeds captured), after "
        ),
        "{text}"
    );
    // The game is over, and the lines after it are refused as moves, not played.
    assert!(text.ends_with("end of input: leaving the game\n"), "{text}");
    assert!(
        text.contains("South plays A"),
        "the person's moves are echoed"
    );
    assert!(
        text.contains("North (Calf (ai:1)) plays"),
        "the computer's moves are shown"
    );
    // The same seed plays the same game (thinking times aside).
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.split("  [").next().unwrap_or(l).to_owned())
            .collect()
    };
    let again = kraal_with_input(
        &["play", "oware", "--black", "ai:1", "--seed", "1", "--ascii"],
        &input,
    );
    assert_eq!(untimed(&text), untimed(&again));
}

#[test]
fn play_commands_answer_in_plain_words() {
    let text = kraal_with_input(
        &["play", "--black", "human", "--ascii"],
        "help\nd2\nd2\nundo\nredo\nresign\n",
    );
    for command in [
        "moves",
        "undo",
        "redo",
        "hint",
        "save FILE",
        "load FILE",
        "resign",
        "draw",
        "accept",
        "quit",
    ] {
        assert!(text.contains(command), "help lists {command}");
    }
    assert!(text.contains("d2 is illegal: d2 is occupied"), "{text}");
    assert!(
        text.contains("Result: 1-0 (White wins: Black resigned), after 1 move (1 turn)\n"),
        "{text}"
    );
    let text = kraal_with_input(&["play", "--ascii"], "");
    assert!(text.ends_with("end of input: leaving the game\n"), "{text}");
    assert!(fails(&["play", "--white", "robot"]).contains("no opponent `robot`"));
}

#[test]
fn a_game_saved_in_play_replays_and_loads_again() {
    let file = std::env::temp_dir().join(format!("kraal-play-save-{}.txt", std::process::id()));
    let path = file.to_str().expect("utf-8 path");
    let text = kraal_with_input(
        &["play", "mulabalaba", "--black", "calf", "--ascii"],
        &format!("4\nsave {path}\nquit\n"),
    );
    assert!(text.contains(&format!("saved to {path}")), "{text}");
    let replayed = ok(&["replay", path]);
    assert!(
        replayed.contains("[Game \"mulabalaba\"]") && replayed.contains("1. 4 "),
        "{replayed}"
    );
    let loaded = kraal_with_input(&["play", "--ascii"], &format!("load {path}\nquit\n"));
    assert!(
        loaded.contains(&format!("loaded {path}")) && loaded.contains("mulabalaba (mulabalaba)"),
        "{loaded}"
    );
    let _ = std::fs::remove_file(&file);
    let missing = kraal_with_input(&["play", "--ascii"], "load /no/such/file.txt\nquit\n");
    assert!(
        missing.contains("cannot load /no/such/file.txt"),
        "{missing}"
    );
}

#[test]
fn completions_and_the_man_page_are_generated() {
    let bash = ok(&["completions", "bash"]);
    assert!(
        bash.contains("_kraal()") && bash.contains("replay"),
        "{}",
        &bash[..200]
    );
    assert!(ok(&["completions", "zsh"]).contains("#compdef kraal"));
    let man = ok(&["man"]);
    assert!(
        man.contains(".TH kraal 1") && man.contains("analyse"),
        "{}",
        &man[..200]
    );
    assert!(fails(&["completions", "cmd.exe"]).contains("invalid value"));
}

#[test]
fn play_shows_the_clock_and_refuses_a_bad_one() {
    let text = kraal_with_input(
        &["play", "--clock", "5+3", "--black", "human", "--ascii"],
        "d2\nquit\n",
    );
    assert!(
        text.contains("white (4:5") || text.contains("white (5:00)> "),
        "{text}"
    );
    assert!(
        text.contains("black (4:5") || text.contains("black (5:00)> "),
        "{text}"
    );
    assert!(fails(&["play", "--clock", "5"]).contains("not a time control"));
}

#[test]
fn touch_move_binds_in_tournament_play() {
    let text = kraal_with_input(
        &[
            "play",
            "tournament",
            "--position",
            "a1,b4,d2,f6/a7,c3,e5,g7 0:0 w",
            "--black",
            "human",
            "--ascii",
        ],
        "touch a1\nd2-d1\na1-d1\nquit\n",
    );
    assert!(
        text.contains("you touched a1: it must move if it can"),
        "{text}"
    );
    assert!(
        text.contains("touch-move: you touched the cow on a1, and it must move"),
        "{text}"
    );
    assert!(text.contains("White plays a1-d1"), "{text}");
}

#[test]
fn an_oware_claim_is_granted_or_refused_in_play() {
    let text = kraal_with_input(
        &[
            "play",
            "oware",
            "--position",
            "0,0,1,0,0,0/0,0,0,0,0,1 23:23 s",
            "--black",
            "human",
            "--ascii",
        ],
        "claim\n",
    );
    assert!(
        text.contains(
            "Result: 1/2-1/2 (Draw 24-24: no capture could happen again; each took the seeds on their side), after 0 moves (0 turns)\n"
        ),
        "{text}"
    );
    let text = kraal_with_input(
        &["play", "oware", "--black", "human", "--ascii"],
        "claim\nquit\n",
    );
    assert!(text.contains("too many seeds"), "{text}");
}

#[test]
fn play_checks_its_start_options_before_the_game_starts() {
    let err = fails(&["play", "--black", "ai:9"]);
    assert!(err.contains("no opponent `ai:9`"), "{err}");
    let err = fails(&["play", "oware", "--rules", "koti"]);
    assert!(err.contains("rule set of morabaraba"), "{err}");
    let err = fails(&["play", "--position", "a1,a1/- 11:12 b"]);
    assert!(err.contains("--position"), "{err}");
    // The shared options: --game as well as the positional game, a position that starts with a
    // hyphen, and --load.
    let text = kraal_with_input(
        &["play", "--game", "oware", "--black", "human", "--ascii"],
        "moves\nquit\n",
    );
    assert!(text.starts_with("oware (abapa)"), "{text}");
    let text = kraal_with_input(
        &[
            "play",
            "--position",
            "-/- 12:12 w",
            "--black",
            "human",
            "--ascii",
        ],
        "quit\n",
    );
    assert!(text.contains("in hand 12"), "{text}");
}

/// Issue 13, 1: a failed save says why and the game goes on.
#[test]
fn a_failed_save_says_why_and_the_game_goes_on() {
    let text = kraal_with_input(
        &["play", "--ascii"],
        "d2\nsave /nonexistent-dir/g.txt\nhint\nquit\n",
    );
    assert!(
        text.contains("cannot save /nonexistent-dir/g.txt: No such file or directory"),
        "{text}"
    );
    assert_eq!(
        text.matches("/nonexistent-dir/g.txt").count(),
        1,
        "the file is named once: {text}"
    );
    assert!(
        text.contains("Hint: "),
        "the game went on to the hint: {text}"
    );
}

/// Issue 13, 2: a finished game still takes save, undo, moves and quit.
#[test]
fn a_finished_game_can_still_be_saved_and_taken_back() {
    let file = std::env::temp_dir().join(format!("kraal-after-end-{}.txt", std::process::id()));
    let path = file.to_str().expect("utf-8 path");
    let text = kraal_with_input(
        &[
            "play",
            "traditional",
            "--set",
            "cows=11",
            "--position",
            "a1,b4,d1,g4/c3,c4,e5 0:0 w",
            "--black",
            "human",
            "--ascii",
        ],
        &format!("g4-g1xc4\nsave {path}\nmoves\nundo\nmoves\nquit\n"),
    );
    assert!(
        text.contains("White plays g4-g1xc4\nWhite shoots c4.\n")
            && text.contains(
                "Result: 1-0 (White wins: Black is down to two cows), after 1 move (1 turn)"
            ),
        "{text}"
    );
    assert!(text.contains(&format!("saved to {path}")), "{text}");
    let saved = std::fs::read_to_string(&file).expect("the finished game was saved");
    assert!(
        saved.contains("[Result \"1-0\"]") && saved.contains("g4-g1xc4"),
        "{saved}"
    );
    // After undo, White is to move again and the legal moves are listed.
    assert!(text.contains("white> "), "{text}");
    assert!(text.matches("g4-g1xc4").count() >= 2, "{text}");
    let _ = std::fs::remove_file(&file);
}

/// Issue 13, 11: an even match reads Elo 0, never -0, and a short one says it has no margin.
#[test]
fn a_short_even_match_has_elo_zero_and_says_it_is_too_short() {
    let text = ok(&[
        "match", "oware", "--white", "calf", "--black", "calf", "--games", "2", "--seed", "5",
    ]);
    assert!(
        text.contains("(+1 =0 -1), Elo 0 (too few games for an Elo margin)"),
        "{text}"
    );
}

/// Issue 13, 19: a position string may start with a hyphen (the documented start position).
#[test]
fn a_position_may_start_with_a_hyphen() {
    let text = ok(&["moves", "morabaraba", "--position", "-/- 12:12 w - 0 0"]);
    assert!(text.starts_with("a1 d1 g1"), "{text}");
}

/// Issue 13, 20: a depth or top of 0 is refused with the valid range.
#[test]
fn analyse_refuses_a_depth_or_top_of_zero() {
    let err = fails(&["analyse", "morabaraba", "--depth", "0"]);
    assert!(err.contains("0 is not in 1..=64"), "{err}");
    let err = fails(&["analyse", "morabaraba", "--top", "0"]);
    assert!(err.contains("0 is not in 1.."), "{err}");
}

/// Issue 13, 20: Ctrl-C during analyse prints the best move found so far and exits 130.
#[test]
fn ctrl_c_during_analyse_prints_the_best_move_so_far() {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kraal"))
        .args(["analyse", "morabaraba", "--time", "60"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    // Give the search time to finish a few iterations, then interrupt it as a terminal would.
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("ends");
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with("best ") && text.contains("interrupted"),
        "{text}"
    );
}

/// Issue 13, 5: the strongest opponent does not take a draw before a move is played.
#[test]
fn the_ancestor_declines_a_draw_at_move_zero() {
    let text = kraal_with_input(&["play", "--black", "ai:7", "--ascii"], "draw\nquit\n");
    assert!(text.contains("the computer declines the draw"), "{text}");
    assert!(!text.contains("Result:"), "{text}");
}

/// A reader that stops early (`kraal analyse ... | head -1`) is no error and no panic.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kraal"))
        .args(["analyse", "oware", "--time", "0.3", "--top", "3"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    // The reader is gone before the search has printed anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{stderr}");
}

/// Issue 13, 22: `apply --json` names the result, the winner, the reason code and the score.
#[test]
fn apply_json_has_the_result_the_winner_the_reason_and_the_score() {
    let text = ok(&[
        "apply",
        "oware",
        "--position",
        "0,0,0,0,0,1/0,0,0,0,2,0 23:22 s",
        "F",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["result"], "*");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["reason"], serde_json::Value::Null);
    assert_eq!(v["score"], serde_json::json!([23, 22]));
    let text = ok(&[
        "apply",
        "morabaraba",
        "--set",
        "cows=11",
        "--position",
        "a1,b4,d1,g4/c3,c4,e5 0:0 w",
        "g4-g1xc4",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["winner"], "white");
    assert_eq!(v["reason"], "reduced-to-two");
    assert_eq!(v["score"], serde_json::Value::Null);
}

/// Issue 13, 21: a huge input line is not echoed back whole in the error.
#[test]
fn a_huge_line_is_not_echoed_back_whole() {
    let line = "a1".repeat(500_000);
    let text = kraal_with_input(&["play", "--ascii"], &format!("{line}\nquit\n"));
    let error = text
        .lines()
        .find(|l| l.contains("is not a move"))
        .unwrap_or_else(|| panic!("an error for the line: {}", &text[..text.len().min(2000)]));
    assert!(
        error.len() < 300,
        "{} characters: {}",
        error.len(),
        &error[..200]
    );
    assert!(error.contains("(1000000 characters)"), "{error}");
    let err = fails(&["moves", "oware", "--position", &"9".repeat(100_000)]);
    assert!(err.len() < 600, "{} characters", err.len());
}

/// Issue 13, 12: a bad record or an unreadable file is named once, with the reason.
#[test]
fn a_bad_record_names_its_file_once() {
    let dir = std::env::temp_dir().join(format!("kraal-bad-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let bad_tag = dir.join("bad-tag.txt");
    std::fs::write(&bad_tag, "[Game morabaraba]\n\n1. d2\n").expect("written");
    let path = bad_tag.to_str().expect("utf-8");
    let err = fails(&["replay", path]);
    assert_eq!(err.matches(path).count(), 1, "{err}");
    assert!(err.contains("line 1"), "{err}");
    let binary = dir.join("binary.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x41]).expect("written");
    let path = binary.to_str().expect("utf-8");
    let text = kraal_with_input(&["play", "--ascii"], &format!("load {path}\nquit\n"));
    let line = text
        .lines()
        .find(|l| l.contains("cannot load"))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(line.matches(path).count(), 1, "{line}");
    assert!(line.contains("UTF-8"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The moves of a game record, without headers, move numbers and result.
fn record_moves(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("record");
    text.lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .map(str::to_owned)
        .collect()
}

/// `--opening-plies N`: both games of an opening (colours swapped) share its first N moves, and
/// a number outside 0 to 40 is refused with the range.
#[test]
fn match_plays_openings_of_the_plies_asked_for() {
    let dir = std::env::temp_dir().join(format!("kraal-opening-plies-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().expect("utf-8 path");
    ok(&[
        "match",
        "oware",
        "--white",
        "ai:1",
        "--black",
        "ai:3",
        "--games",
        "2",
        "--seed",
        "4",
        "--opening-plies",
        "12",
        "--records",
        dir_text,
    ]);
    let first = record_moves(&dir.join("game-001.txt"));
    let second = record_moves(&dir.join("game-002.txt"));
    assert!(
        first.len() > 12 && second.len() > 12,
        "{first:?} {second:?}"
    );
    assert_eq!(first[..12], second[..12]);
    let _ = std::fs::remove_dir_all(&dir);
    let err = fails(&[
        "match",
        "oware",
        "--white",
        "calf",
        "--black",
        "calf",
        "--opening-plies",
        "41",
    ]);
    assert!(err.contains("41 is not in 0..=40"), "{err}");
}

/// `--sprt-elo0` and `--sprt-elo1` set the SPRT's hypotheses (and imply `--sprt`): against
/// bounds of -400 (a score of 9%) and 0, an even match accepts the second at its first chance,
/// the 20th game; bounds the wrong way round are refused.
#[test]
fn match_sprt_takes_its_bounds_from_the_command_line() {
    let text = ok(&[
        "match",
        "oware",
        "--white",
        "ai:2",
        "--black",
        "ai:2",
        "--games",
        "60",
        "--seed",
        "9",
        "--sprt-elo0",
        "-400",
        "--sprt-elo1",
        "0",
    ]);
    assert!(
        text.contains("SPRT (elo0 -400, elo1 0, alpha = beta = 0.05): Stronger"),
        "{text}"
    );
    assert!(text.contains(": 20 games"), "{text}");
    let err = fails(&[
        "match",
        "oware",
        "--white",
        "calf",
        "--black",
        "calf",
        "--sprt-elo0",
        "50",
        "--sprt-elo1",
        "50",
    ]);
    assert!(err.contains("--sprt-elo1 above --sprt-elo0"), "{err}");
}
