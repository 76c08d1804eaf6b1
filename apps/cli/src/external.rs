//! An external engine as a match player: a program speaking the engine protocol
//! (docs/engine.md) on its stdin and stdout, such as another build of `kraal engine`.

use kraal_ai::{Contender, Forfeit, Turn};
use kraal_session::GameRules;
use kraal_session::family::Family;
use std::io::{BufRead, BufReader, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Added to the time a move may take before the engine is given up on.
const GRACE: Duration = Duration::from_secs(2);

/// Splits a command line into words: spaces separate them, single or double quotes keep spaces
/// inside a word, a backslash keeps the next character.
///
/// # Errors
/// An empty command, or an unclosed quote.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (q, '\\') if q != Some('\'') => {
                if let Some(next) = chars.next() {
                    word.get_or_insert_with(String::new).push(next);
                }
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("the engine command `{text}` has an unclosed quote"));
    }
    words.extend(word);
    if words.is_empty() {
        return Err("engine: needs a command, such as engine:\"kraal engine\"".to_owned());
    }
    Ok(words)
}

/// What starts an engine and sets it up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` names and values sent after the rules (such as `Level`, `1`).
    pub options: Vec<(String, String)>,
}

/// A running engine process with a channel of its output lines.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Process {
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot write `{line}` to the engine: {e}"))
    }

    /// Reads lines until one starting with `word`; returns it. `Err(None)`: the time ran out.
    fn read_until(
        &mut self,
        word: &str,
        timeout: Duration,
        errors_fail: bool,
    ) -> Result<String, Option<String>> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_owned();
                    if line == word || line.starts_with(&format!("{word} ")) {
                        return Ok(line);
                    }
                    if errors_fail && let Some(error) = line.strip_prefix("info string error:") {
                        return Err(Some(format!("the engine refused: {}", error.trim())));
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(None),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Some("the engine exited".to_owned()));
                }
            }
        }
    }
}

/// An external engine playing one side of a match for game family `F`.
pub struct External<F: Family> {
    spec: EngineSpec,
    rules: GameRules,
    process: Option<Process>,
    family: PhantomData<fn() -> F>,
}

impl<F: Family> External<F> {
    /// Starts the engine and sets it up for `rules`.
    ///
    /// # Errors
    /// It does not start, does not answer `uciok` or `readyok` within 10 s, or refuses an option.
    pub fn start(spec: &EngineSpec, rules: &GameRules) -> Result<External<F>, String> {
        let mut engine = External {
            spec: spec.clone(),
            rules: rules.clone(),
            process: None,
            family: PhantomData,
        };
        engine.spawn()?;
        Ok(engine)
    }

    fn spawn(&mut self) -> Result<(), String> {
        self.process = None;
        let name = self.spec.command.join(" ");
        let mut child = Command::new(&self.spec.command[0])
            .args(&self.spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the engine `{name}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("no engine input")?;
        let stdout = child.stdout.take().ok_or("no engine output")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut process = Process {
            child,
            stdin,
            lines,
        };
        let fail = |what: &str, e: Option<String>| {
            format!(
                "the engine `{name}` {}",
                e.unwrap_or_else(|| format!("did not answer {what} within 10 s"))
            )
        };
        process.send("uci")?;
        process
            .read_until("uciok", HANDSHAKE, false)
            .map_err(|e| fail("uciok", e))?;
        let mut options = vec![("Game".to_owned(), self.rules.game_name().to_owned())];
        options.push(("Rules".to_owned(), self.rules.rule_set_name().to_owned()));
        options.extend(
            self.rules
                .overrides()
                .into_iter()
                .map(|o| ("Set".to_owned(), o)),
        );
        options.extend(self.spec.options.iter().cloned());
        for (option, value) in &options {
            process.send(&format!("setoption name {option} value {value}"))?;
        }
        process.send("isready")?;
        process
            .read_until("readyok", HANDSHAKE, true)
            .map_err(|e| fail("readyok", e))?;
        self.process = Some(process);
        Ok(())
    }
}

impl<F: Family> Contender<F::Ai> for External<F> {
    fn new_game(&mut self) -> Result<(), Forfeit> {
        if self.process.is_none() {
            self.spawn().map_err(Forfeit::Failed)?;
        }
        let process = self
            .process
            .as_mut()
            .ok_or(Forfeit::Failed(String::new()))?;
        let ready = process
            .send("ucinewgame")
            .and_then(|()| process.send("isready"))
            .and_then(|()| {
                process
                    .read_until("readyok", HANDSHAKE, false)
                    .map(|_| ())
                    .map_err(|e| e.unwrap_or_else(|| "did not answer readyok".to_owned()))
            });
        ready.map_err(|e| {
            self.process = None;
            Forfeit::Failed(e)
        })
    }

    fn choose(&mut self, turn: &Turn<'_, F::Ai>) -> Result<Option<F::Move>, Forfeit> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Forfeit::Failed("the engine is not running".to_owned()))?;
        let mut position = "position startpos".to_owned();
        if !turn.moves.is_empty() {
            position.push_str(" moves");
            for mv in turn.moves {
                position.push_str(&format!(" {mv}"));
            }
        }
        let ms = |d: Duration| d.as_millis();
        let (go, allowed) = match (turn.clocks, turn.movetime) {
            (Some(c), _) => (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(c.remaining[0]),
                    ms(c.remaining[1]),
                    ms(c.increment),
                    ms(c.increment)
                ),
                c.remaining[turn.side],
            ),
            (None, Some(t)) => (format!("go movetime {}", ms(t)), t * 3),
            (None, None) => ("go movetime 1000".to_owned(), Duration::from_secs(3)),
        };
        let started = Instant::now();
        let sent = process
            .send(&position)
            .and_then(|()| process.send(&go))
            .map_err(Forfeit::Failed);
        if let Err(f) = sent {
            self.process = None;
            return Err(f);
        }
        let line = match process.read_until("bestmove", allowed + GRACE, false) {
            Ok(line) => line,
            Err(why) => {
                // Whatever it is doing, it is started afresh for the next game.
                self.process = None;
                return Err(why.map_or_else(
                    || Forfeit::Time {
                        used: started.elapsed(),
                        allowed,
                    },
                    Forfeit::Failed,
                ));
            }
        };
        let text = line.split_whitespace().nth(1).unwrap_or("").to_owned();
        if text.is_empty() || text == "(none)" {
            return Err(Forfeit::Illegal {
                reason: "the game is not over".to_owned(),
                text: if text.is_empty() { line } else { text },
            });
        }
        F::parse_move(turn.state, &text)
            .map(Some)
            .map_err(|e| Forfeit::Illegal {
                text,
                reason: e.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::split_command;

    #[test]
    fn commands_split_on_spaces_outside_quotes() {
        assert_eq!(
            split_command("/tmp/a b/kraal engine").unwrap(),
            ["/tmp/a", "b/kraal", "engine"]
        );
        assert_eq!(
            split_command("'/tmp/a b/kraal' engine \"x y\" c\\ d").unwrap(),
            ["/tmp/a b/kraal", "engine", "x y", "c d"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("\"kraal engine").is_err());
    }
}
