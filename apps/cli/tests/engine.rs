//! `kraal engine` as a match runner or a GUI drives it: a real process, lines in, lines out.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running `kraal engine` with its input and a channel of its output lines.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("kraal"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kraal engine starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the engine reads");
        stdin.flush().expect("the engine reads");
    }

    /// Reads lines until one satisfies `want` (within 20 s), returning the lines read.
    fn until(&mut self, want: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut read = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| {
                panic!("no wanted line within 20 s; read so far: {:#?}", self.seen)
            });
            self.seen.push(line.clone());
            read.push(line.clone());
            if want(&line) {
                return read;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "kraal engine exits cleanly: {status}");
                return;
            }
            assert!(Instant::now() < deadline, "kraal engine quits");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The legal moves after `moves` in `game`, from `kraal apply --json`.
fn legal_after(game: &str, moves: &[&str]) -> Vec<String> {
    let out = Command::new(assert_cmd::cargo::cargo_bin("kraal"))
        .args(["apply", game])
        .args(moves)
        .arg("--json")
        .output()
        .expect("kraal apply runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    report["moves"]
        .as_array()
        .expect("a list of moves")
        .iter()
        .map(|m| m.as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_scripted_session_answers_uci_isready_and_plays_oware() {
    let mut e = Engine::start();
    e.send("uci");
    let uci = e.until(|l| l == "uciok");
    assert!(uci[0].starts_with("id name kraal"), "{uci:#?}");
    assert!(uci.iter().any(|l| l.starts_with("id author ")), "{uci:#?}");
    for option in [
        "option name Game type combo default morabaraba var morabaraba var oware var mulabalaba",
        "option name Rules type string",
        "option name Set type string",
        "option name Threads type spin default 1 min 1",
        "option name Hash type spin default 16 min 1",
        "option name Level type spin default 0 min 0 max 7",
        "option name MultiPV type spin default 1 min 1",
    ] {
        assert!(
            uci.iter().any(|l| l.starts_with(option)),
            "{option}: {uci:#?}"
        );
    }
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send("setoption name Game value oware");
    e.send("ucinewgame");
    e.send("position startpos moves C f");
    e.send("go depth 3");
    let lines = e.until(|l| l.starts_with("bestmove "));
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let legal = legal_after("oware", &["C", "f"]);
    assert!(legal.iter().any(|m| m == best), "{best} among {legal:?}");
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 3 "))
        .unwrap_or_else(|| panic!("an info line at depth 3: {lines:#?}"));
    for field in [
        " seldepth 3 ",
        " score ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} in {info}");
    }
    e.quit();
}

#[test]
fn go_infinite_answers_isready_and_stops_with_a_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves d2");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "no bestmove before stop: {lines:#?}"
    );
    e.send("stop");
    let lines = e.until(|l| l.starts_with("bestmove "));
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    let legal = legal_after("morabaraba", &["d2"]);
    assert!(legal.iter().any(|m| m == best), "{best} among {legal:?}");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.quit();
}

#[test]
fn bad_input_is_named_and_the_engine_answers_on() {
    let mut e = Engine::start();
    for (line, named) in [
        ("position startpos moves d2 d2", "move 2 `d2`"),
        ("position startpos moves q9", "`q9`"),
        ("position fen not-a-position", "not-a-position"),
        ("flibbertigibbet", "unknown command `flibbertigibbet`"),
        ("setoption name Level value 9", "Level"),
        ("setoption name Game value chess", "chess"),
        ("go depth many", "depth many"),
        ("go sideways", "sideways"),
    ] {
        e.send(line);
        let got = e.until(|l| l.starts_with("info string error: "));
        let error = got.last().unwrap();
        assert!(error.contains(named), "{line}: {error}");
        e.send("isready");
        e.until(|l| l == "readyok");
    }
    // Not UTF-8 at all.
    let stdin = e.stdin.as_mut().unwrap();
    stdin.write_all(b"\xff\xfe go\n").unwrap();
    stdin.flush().unwrap();
    e.until(|l| l.starts_with("info string error: "));
    e.send("isready");
    e.until(|l| l == "readyok");
    e.quit();
}

#[test]
fn a_repeated_position_in_the_moves_is_a_draw() {
    let mut e = Engine::start();
    e.send("setoption name Set value cows=3");
    let shuffle = "d2-e4 d6-c4 e4-d2 c4-d6";
    e.send(&format!(
        "position startpos moves a1 g7 g1 a7 d2 d6 {shuffle} {shuffle}"
    ));
    let lines = e.until(|l| l.starts_with("info string"));
    assert!(
        lines[0].contains("Draw") && lines[0].contains("came up again"),
        "{lines:?}"
    );
    e.send("go depth 3");
    e.until(|l| l == "bestmove (none)");
    e.quit();
}

#[test]
fn a_clock_gives_a_move_well_within_the_time_left() {
    let mut e = Engine::start();
    let started = Instant::now();
    e.send("go wtime 2000 btime 2000 winc 20 binc 20");
    let lines = e.until(|l| l.starts_with("bestmove "));
    let took = started.elapsed();
    assert!(took < Duration::from_millis(1_000), "{took:?}: {lines:#?}");
    assert_ne!(lines.last().unwrap(), "bestmove (none)");
    e.quit();
}

#[test]
fn the_end_of_the_input_finishes_the_search_and_exits() {
    let out = Command::new(assert_cmd::cargo::cargo_bin("kraal"))
        .arg("engine")
        .write_stdin_lines(
            "setoption name Game value mulabalaba\nsetoption name Level value 2\ngo\n",
        )
        .expect("kraal engine runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().last().unwrap_or("").starts_with("bestmove "),
        "{text}"
    );
}

/// Runs a command with `input` on its stdin, to its end.
trait WriteStdin {
    fn write_stdin_lines(&mut self, input: &str) -> std::io::Result<std::process::Output>;
}

impl WriteStdin for Command {
    fn write_stdin_lines(&mut self, input: &str) -> std::io::Result<std::process::Output> {
        let mut child = self.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        child.stdin.take().unwrap().write_all(input.as_bytes())?;
        child.wait_with_output()
    }
}
