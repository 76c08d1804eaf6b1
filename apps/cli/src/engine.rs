//! `kraal engine`: a UCI-like line protocol on stdin and stdout, for every game and rule set
//! (documented in docs/engine.md).
//!
//! [`Engine`] is the protocol's state machine: [`Engine::handle`] takes one line and returns
//! the lines to print at once. Only `go` does its work elsewhere: the search runs on a
//! background thread with the ai crate's [`StopFlag`], so `stop` and `isready` are answered
//! while it thinks, and that thread prints its `info` and `bestmove` lines through the
//! engine's [`Output`].

use kraal_ai::{Game, Limits, Opponent, Oracle, Score, SearchConfig, Searcher, StopFlag};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_session::family::{Family, MancalaFamily, MorrisFamily};
use kraal_session::review::Oracles;
use kraal_session::{GameRules, resolve};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where the search thread prints its lines (stdout in the binary, a buffer in tests).
pub type Output = Arc<dyn Fn(String) + Send + Sync>;

/// The transposition table's size unless `Hash` says otherwise, in MiB.
const DEFAULT_HASH: usize = 16;
/// The largest `Hash` accepted, in MiB.
const MAX_HASH: usize = 1024;
/// The largest `MultiPV` accepted.
const MAX_MULTIPV: usize = 64;
/// The largest `Threads` accepted.
const MAX_THREADS: usize = 256;
/// How often the search thread looks at the search's progress.
const POLL: Duration = Duration::from_millis(5);
/// Time kept back from every move for reading, printing and the pipe.
const OVERHEAD: Duration = Duration::from_millis(30);
/// The longest time `go` takes, in ms (a year).
const MAX_MS: i64 = 365 * 24 * 3_600 * 1_000;
/// Moves still to play when the clock does not say (`movestogo` absent).
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// How long to think about one move on a clock: a share of the time left (the time for the
/// moves still to play, 30 if `movestogo` is not given) plus three quarters of the increment,
/// never more than four fifths of what is left after a fixed overhead of 30 ms, so the clock
/// never runs out (the search stops within a few milliseconds of its deadline).
#[must_use]
pub fn budget(remaining: Duration, increment: Duration, movestogo: Option<u32>) -> Duration {
    let usable = remaining.saturating_sub(OVERHEAD);
    let moves = movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, 1_000);
    let share = (usable / moves).saturating_add(increment.saturating_mul(3) / 4);
    share
        .min(usable.saturating_mul(4) / 5)
        .max(Duration::from_millis(1))
}

/// A position of either family.
#[derive(Clone)]
enum AnyPosition {
    Morris(morris::Position),
    Mancala(mancala::Position),
}

/// Wraps a family's position into an [`AnyPosition`].
trait Wrap: Family {
    fn wrap(pos: Self::Position) -> AnyPosition;
}

impl Wrap for MorrisFamily {
    fn wrap(pos: morris::Position) -> AnyPosition {
        AnyPosition::Morris(pos)
    }
}

impl Wrap for MancalaFamily {
    fn wrap(pos: mancala::Position) -> AnyPosition {
        AnyPosition::Mancala(pos)
    }
}

/// The start (or `fen`) position with `moves` played from it, each checked by the rules; the
/// position keeps its hash history, so repetition and draw counters are judged as in a game.
fn build<F: Wrap>(fam: &F, fen: Option<&str>, moves: &[&str]) -> Result<AnyPosition, String> {
    let mut pos = fam.position(fen).map_err(|e| e.to_string())?;
    for (i, text) in moves.iter().enumerate() {
        if let Some(outcome) = F::outcome(&pos) {
            return Err(format!(
                "move {} `{text}` cannot be played: the game is over ({outcome})",
                i + 1
            ));
        }
        let mv = F::parse_move(&pos, text)
            .map_err(|e| format!("move {} `{text}` cannot be played: {e}", i + 1))?;
        pos = F::after(&pos, mv);
    }
    Ok(F::wrap(pos))
}

/// The ending of a position, if the game is over, as a sentence.
fn ending(pos: &AnyPosition) -> Option<String> {
    match pos {
        AnyPosition::Morris(p) => MorrisFamily::outcome(p).map(|o| o.to_string()),
        AnyPosition::Mancala(p) => MancalaFamily::outcome(p).map(|o| o.to_string()),
    }
}

/// A score as the protocol prints it: `cp X` (X hundredths of a cow or seed), `win N` or
/// `loss N` (N plies, both sides' turns counted).
#[must_use]
pub fn score_text(score: Score) -> String {
    match score {
        Score::Value(v) => format!("cp {}", v / 10),
        Score::WinIn(n) => format!("win {n}"),
        Score::LossIn(n) => format!("loss {n}"),
    }
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`, in ms.
    pub movetime: Option<u64>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `wtime`, `btime` (ms), first player first.
    pub time: [Option<u64>; 2],
    /// `winc`, `binc` (ms).
    pub inc: [Option<u64>; 2],
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
}

impl Go {
    /// Reads the words after `go`.
    ///
    /// # Errors
    /// An unknown field, a field without its number, or a number that does not read.
    pub fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut it = words.iter();
        while let Some(&word) = it.next() {
            if word == "infinite" {
                go.infinite = true;
                continue;
            }
            let known = [
                "movetime",
                "depth",
                "nodes",
                "wtime",
                "btime",
                "winc",
                "binc",
                "movestogo",
            ];
            if !known.contains(&word) {
                return Err(format!(
                    "go: unknown field `{word}` (known: {}, infinite)",
                    known.join(", ")
                ));
            }
            let Some(value) = it.next() else {
                return Err(format!("go: `{word}` needs a number"));
            };
            let bad = || format!("go: `{word} {value}` is not a number of the right kind");
            // Clocks may run below zero in some GUIs: read them as no time left.
            // Times beyond a year are read as a year, so no deadline overflows.
            let ms = || -> Result<u64, String> {
                value
                    .parse::<i64>()
                    .map(|v| v.clamp(0, MAX_MS) as u64)
                    .map_err(|_| bad())
            };
            match word {
                "movetime" => go.movetime = Some(ms()?),
                "depth" => {
                    let d = value.parse::<u32>().map_err(|_| bad())?;
                    if !(1..=Limits::MAX_DEPTH).contains(&d) {
                        return Err(format!("go: depth must be 1 to {}", Limits::MAX_DEPTH));
                    }
                    go.depth = Some(d);
                }
                "nodes" => go.nodes = Some(value.parse::<u64>().map_err(|_| bad())?.max(1)),
                "wtime" => go.time[0] = Some(ms()?),
                "btime" => go.time[1] = Some(ms()?),
                "winc" => go.inc[0] = Some(ms()?),
                "binc" => go.inc[1] = Some(ms()?),
                _ => go.movestogo = Some(value.parse::<u32>().map_err(|_| bad())?.max(1)),
            }
        }
        Ok(go)
    }

    /// The search limits for the side `side` (0 first player), and whether the search waits for
    /// `stop` (`go infinite`, or `go` with no limit at all).
    #[must_use]
    pub fn limits(&self, side: usize) -> (Limits, bool) {
        let clock = self.time[side].map(|t| {
            budget(
                Duration::from_millis(t),
                Duration::from_millis(self.inc[side].unwrap_or(0)),
                self.movestogo,
            )
        });
        let time = match (self.movetime.map(Duration::from_millis), clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time,
        };
        let unlimited = limits == Limits::default();
        if self.infinite || unlimited {
            (Limits::default(), true)
        } else {
            (limits, false)
        }
    }
}

/// A search running on its thread.
struct Running {
    stop: StopFlag,
    /// Whether it waits for `stop` (`go infinite`).
    infinite: bool,
    thread: JoinHandle<()>,
}

/// The full search's searchers (one a kind of game), kept from one `go` to the next: the table
/// is not made again for every move, and with `KeepHash` each search starts from what the last
/// stored in it (in a game, the position two plies on was mostly searched a move ago).
/// Forgotten at `ucinewgame` and at every `setoption` (another game, rules, table size, thread
/// count, or `KeepHash`).
#[derive(Default)]
struct Kept {
    morris: Option<Searcher<kraal_ai::Morris>>,
    mancala: Option<Searcher<kraal_ai::Mancala>>,
}

/// A game whose searcher [`Kept`] holds.
trait KeptSearcher: Game + Sized {
    /// This game's searcher in `kept`.
    fn slot(kept: &mut Kept) -> &mut Option<Searcher<Self>>;
}

impl KeptSearcher for kraal_ai::Morris {
    fn slot(kept: &mut Kept) -> &mut Option<Searcher<Self>> {
        &mut kept.morris
    }
}

impl KeptSearcher for kraal_ai::Mancala {
    fn slot(kept: &mut Kept) -> &mut Option<Searcher<Self>> {
        &mut kept.mancala
    }
}

/// The protocol's state: the game and rules, the options, the position, and the search.
pub struct Engine {
    out: Output,
    game: String,
    rules_name: Option<String>,
    sets: Vec<String>,
    rules: GameRules,
    position: AnyPosition,
    hash: usize,
    threads: usize,
    level: u8,
    multipv: usize,
    /// Whether searches consult the endgame tables built (`Tables`), and those read for the
    /// current rules (read when first needed, again after the rules change).
    tables: bool,
    oracles: Option<Oracles>,
    /// Whether the full search keeps its table from one `go` to the next within a game
    /// (`KeepHash`).
    keep_hash: bool,
    running: Option<Running>,
    /// The searchers kept between searches (locked by the search thread while it searches).
    kept: Arc<Mutex<Kept>>,
    quit: bool,
}

fn error(text: impl std::fmt::Display) -> Vec<String> {
    vec![format!("info string error: {text}")]
}

/// The value of a `check` option: `true`/`on` or `false`/`off`, in any case.
fn check_value(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "on" => Ok(true),
        "false" | "off" => Ok(false),
        _ => Err(format!(
            "setoption: {name} must be true or false, not `{value}`"
        )),
    }
}

fn start_position(rules: &GameRules) -> AnyPosition {
    with_family!(rules, fam => build(&fam, None, &[]))
        .unwrap_or_else(|_| unreachable!("the start position of resolved rules is legal"))
}

impl Engine {
    /// An engine playing Morabaraba from the start, printing its search lines through `out`.
    #[must_use]
    pub fn new(out: Output) -> Engine {
        let rules = resolve("morabaraba", None, &[] as &[&str])
            .unwrap_or_else(|_| unreachable!("morabaraba is a game of kraal"));
        Engine {
            out,
            game: "morabaraba".to_owned(),
            rules_name: None,
            sets: Vec::new(),
            position: start_position(&rules),
            rules,
            hash: DEFAULT_HASH,
            threads: 1,
            level: 0,
            multipv: 1,
            tables: false,
            oracles: None,
            keep_hash: false,
            running: None,
            kept: Arc::default(),
            quit: false,
        }
    }

    /// Drops the kept searchers and their tables (call it only with no search running).
    fn forget_searches(&mut self) {
        *self.kept.lock().unwrap_or_else(PoisonError::into_inner) = Kept::default();
    }

    /// Whether `quit` was read.
    #[must_use]
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Whether a search is running.
    #[cfg(test)]
    #[must_use]
    pub fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.thread.is_finished())
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.stop();
            let _ = r.thread.join();
        }
    }

    /// Waits for the search, if any, to end by itself and print its `bestmove`; an infinite
    /// one is stopped.
    pub fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            if r.infinite {
                r.stop.stop();
            }
            let _ = r.thread.join();
        }
    }

    /// Handles one line of input and returns the lines to print now (the search prints its own
    /// through the engine's output). Never panics on any input. `isready` and `stop` are
    /// answered at once while a search runs; `ucinewgame`, `setoption`, `position` and `go`
    /// first wait for a search with limits to end (and stop an infinite one), so a script
    /// piped in does what it says.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Vec::new();
        };
        match command {
            "uci" => self.uci(),
            "isready" => vec!["readyok".to_owned()],
            "ucinewgame" => {
                self.finish();
                self.forget_searches();
                self.position = start_position(&self.rules);
                Vec::new()
            }
            "setoption" => {
                self.finish();
                self.forget_searches();
                self.setoption(rest)
            }
            "position" => {
                self.finish();
                self.set_position(rest)
            }
            "go" => {
                self.finish();
                self.go(rest)
            }
            "stop" => {
                self.stop();
                Vec::new()
            }
            "quit" => {
                self.stop();
                self.quit = true;
                Vec::new()
            }
            "debug" | "register" | "ponderhit" => Vec::new(),
            other => error(format!(
                "unknown command `{}` (known: uci, isready, ucinewgame, setoption, position, go, stop, quit)",
                other.chars().take(40).collect::<String>()
            )),
        }
    }

    fn uci(&self) -> Vec<String> {
        vec![
            format!("id name kraal {}", env!("CARGO_PKG_VERSION")),
            format!("id author {}", env!("CARGO_PKG_AUTHORS").replace(':', ", ")),
            "option name Game type combo default morabaraba var morabaraba var oware var mulabalaba"
                .to_owned(),
            "option name Rules type string default <empty>".to_owned(),
            "option name Set type string default <empty>".to_owned(),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
            "option name Level type spin default 0 min 0 max 7".to_owned(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            "option name Tables type check default false".to_owned(),
            "option name KeepHash type check default false".to_owned(),
            "info string Threads is the full search's threads (lazy SMP); a Level opponent keeps one"
                .to_owned(),
            "uciok".to_owned(),
        ]
    }

    /// Changes the rules to `game`, `rules_name` and `sets` if they resolve, and starts again
    /// from the start position.
    fn set_rules(
        &mut self,
        game: &str,
        rules_name: Option<&str>,
        sets: Vec<String>,
    ) -> Result<(), String> {
        let rules = resolve(game, rules_name, &sets).map_err(|e| e.to_string())?;
        self.game = game.to_owned();
        self.rules_name = rules_name.map(str::to_owned);
        self.sets = sets;
        self.position = start_position(&rules);
        self.rules = rules;
        self.oracles = None;
        Ok(())
    }

    /// Turns the endgame tables on or off. On, they are read for the current rules at once, so
    /// that a missing or corrupt table is said now rather than at the next `go`.
    fn set_tables(&mut self, value: &str) -> Result<Vec<String>, String> {
        self.tables = check_value("Tables", value)?;
        Ok(self.oracles().map_or_else(Vec::new, |(said, _)| said))
    }

    /// The tables the next search consults, read now if they are not yet (with what there is
    /// to say about them: none built, or a table that does not read).
    fn oracles(&mut self) -> Option<(Vec<String>, Oracles)> {
        if !self.tables {
            return None;
        }
        let mut said = Vec::new();
        if self.oracles.is_none() {
            let oracles = Oracles::load(&self.rules).unwrap_or_else(|e| {
                said.push(format!("info string error: the endgame tables: {e}"));
                Oracles::default()
            });
            if oracles.morris.is_none() && oracles.mancala.is_none() && said.is_empty() {
                said.push(
                    "info string no endgame tables are built for these rules (see `kraal tables build`)"
                        .to_owned(),
                );
            }
            self.oracles = Some(oracles);
        }
        self.oracles.clone().map(|o| (said, o))
    }

    fn setoption(&mut self, words: &[&str]) -> Vec<String> {
        let Some((&"name", rest)) = words.split_first() else {
            return error("setoption: expected `setoption name NAME [value VALUE]`");
        };
        let split = rest.iter().position(|&w| w == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        let number = |min: usize, max: usize| -> Result<usize, String> {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("setoption: {name} must be {min} to {max}, not `{value}`"))
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "game" => {
                let game = value.to_ascii_lowercase();
                if !["morabaraba", "oware", "mulabalaba"].contains(&game.as_str()) {
                    return error(format!(
                        "setoption: Game must be morabaraba, oware or mulabalaba, not `{value}`"
                    ));
                }
                self.set_rules(&game, None, Vec::new())
            }
            "rules" => {
                let game = self.game.clone();
                let rules = Some(value.as_str()).filter(|v| !v.is_empty() && *v != "<empty>");
                self.set_rules(&game, rules, self.sets.clone())
            }
            "set" => {
                let game = self.game.clone();
                let rules = self.rules_name.clone();
                let sets = if value.is_empty() || value == "<empty>" || value == "clear" {
                    Vec::new()
                } else {
                    let mut s = self.sets.clone();
                    s.push(value.clone());
                    s
                };
                self.set_rules(&game, rules.as_deref(), sets)
            }
            "threads" => number(1, MAX_THREADS).map(|n| self.threads = n),
            "hash" => number(1, MAX_HASH).map(|n| self.hash = n),
            "level" => number(0, 7).map(|n| self.level = n as u8),
            "multipv" => number(1, MAX_MULTIPV).map(|n| self.multipv = n),
            "tables" => match self.set_tables(&value) {
                Ok(said) => return said,
                Err(e) => Err(e),
            },
            "keephash" => check_value("KeepHash", &value).map(|keep| self.keep_hash = keep),
            _ => Err(format!(
                "setoption: unknown option `{name}` (known: Game, Rules, Set, Threads, Hash, Level, MultiPV, Tables, KeepHash)"
            )),
        };
        match result {
            Err(e) => error(e),
            Ok(()) => Vec::new(),
        }
    }

    fn set_position(&mut self, words: &[&str]) -> Vec<String> {
        let split = words.iter().position(|&w| w == "moves");
        let (head, moves) = match split {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let fen = match head.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            _ => {
                return error(
                    "position: expected `position startpos [moves M...]` or `position fen STRING [moves M...]`",
                );
            }
        };
        let built = with_family!(&self.rules, fam => build(&fam, fen.as_deref(), moves));
        match built {
            Ok(pos) => {
                let over = ending(&pos);
                self.position = pos;
                over.map(|o| vec![format!("info string the game is over: {o}")])
                    .unwrap_or_default()
            }
            Err(e) => {
                let mut lines = error(format!("position: {e}"));
                lines.push("info string the position is unchanged".to_owned());
                lines
            }
        }
    }

    fn go(&mut self, words: &[&str]) -> Vec<String> {
        let go = match Go::parse(words) {
            Ok(go) => go,
            Err(e) => return error(e),
        };
        if let Some(over) = ending(&self.position) {
            return vec![
                format!("info string the game is over: {over}"),
                "bestmove (none)".to_owned(),
            ];
        }
        let oracles = self.oracles().map(|(_, o)| o).unwrap_or_default();
        let job = Job {
            out: Arc::clone(&self.out),
            hash: self.hash,
            threads: self.threads,
            level: self.level,
            multipv: self.multipv,
            keep_hash: self.keep_hash,
            go,
            kept: Arc::clone(&self.kept),
        };
        let stop = StopFlag::new();
        let flag = stop.clone();
        let infinite = go.limits(0).1;
        let thread = match self.position.clone() {
            AnyPosition::Morris(p) => {
                let oracle = oracles.morris;
                std::thread::spawn(move || job.run::<kraal_ai::Morris>(p, oracle, flag))
            }
            AnyPosition::Mancala(p) => {
                let oracle = oracles.mancala;
                std::thread::spawn(move || job.run::<kraal_ai::Mancala>(p, oracle, flag))
            }
        };
        self.running = Some(Running {
            stop,
            infinite,
            thread,
        });
        Vec::new()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

/// One `go`: what the search thread needs.
struct Job {
    out: Output,
    hash: usize,
    threads: usize,
    level: u8,
    multipv: usize,
    keep_hash: bool,
    go: Go,
    kept: Arc<Mutex<Kept>>,
}

/// What a search found, in either form (full search or an opponent's choice).
struct Found<M> {
    best: Option<M>,
    score: Score,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    top: Vec<(M, Score)>,
}

impl Job {
    fn info(&self, depth: u32, score: Score, nodes: u64, elapsed: Duration, pv: &str) -> String {
        let ms = elapsed.as_millis() as u64;
        // From microseconds: a fast iteration takes under a millisecond.
        let micros = u64::try_from(elapsed.as_micros())
            .unwrap_or(u64::MAX)
            .max(1);
        let nps =
            u64::try_from(u128::from(nodes) * 1_000_000 / u128::from(micros)).unwrap_or(u64::MAX);
        format!(
            "info depth {depth} seldepth {depth} score {} nodes {nodes} nps {nps} time {ms} pv {pv}",
            score_text(score)
        )
        .trim_end()
        .to_owned()
    }

    /// Searches `state` (consulting `oracle`, the endgame tables, if any), printing `info`
    /// lines as iterations finish, then `bestmove`.
    fn run<G: KeptSearcher>(
        self,
        state: G::State,
        oracle: Option<Arc<dyn Oracle<G>>>,
        stop: StopFlag,
    ) {
        let started = Instant::now();
        let side = G::side_to_move(&state);
        let (limits, infinite) = self.go.limits(side);
        let (sender, receiver) = mpsc::channel();
        // The search's own flag: the player's for an opponent, a new one for the full search.
        // `stop` raises the engine's flag, and the loop below passes it on.
        let mut player = Opponent::level(self.level).map(|o| o.player::<G>());
        if let Some(player) = player.as_mut() {
            player.set_oracle(oracle.clone());
        }
        let search_flag = player
            .as_ref()
            .map_or_else(StopFlag::new, |p| p.stop_flag());
        let worker_flag = search_flag.clone();
        let hash = self.hash;
        let threads = self.threads;
        let multipv = self.multipv;
        let keep_table = self.keep_hash;
        let kept = Arc::clone(&self.kept);
        std::thread::spawn(move || {
            let found = if let Some(player) = player.as_mut() {
                let choice = player.choose(&state, G::hash(&state));
                Found {
                    best: choice.mv,
                    score: choice.score,
                    depth: choice.depth,
                    nodes: choice.nodes,
                    pv: choice.mv.iter().map(ToString::to_string).collect(),
                    top: Vec::new(),
                }
            } else {
                let config = SearchConfig {
                    table_megabytes: hash,
                    top_moves: multipv,
                    threads,
                    keep_table,
                    learned: true,
                    ..SearchConfig::default()
                };
                let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                let slot = G::slot(&mut kept);
                let searcher = match slot {
                    Some(searcher) if searcher.config() == config => searcher,
                    _ => slot.insert(Searcher::<G>::new(config)),
                };
                searcher.set_stop_flag(worker_flag);
                searcher.set_oracle(oracle);
                let r = searcher.search(&state, limits);
                Found {
                    best: r.best,
                    score: r.score,
                    depth: r.depth,
                    nodes: r.nodes,
                    pv: r.pv.iter().map(ToString::to_string).collect(),
                    top: r.top,
                }
            };
            let _ = sender.send(found);
        });
        let level = self.level;
        // The depth and first move of the last `info` line printed.
        let mut shown = (0, None);
        let deadline = limits.time.map(|t| started + t);
        // One line per finished iteration, however fast they come (the search queues them).
        let show = |shown: &mut (u32, Option<String>)| {
            for p in search_flag.take_iterations() {
                if p.depth > shown.0 {
                    *shown = (p.depth, p.pv.first().cloned());
                    (self.out)(self.info(p.depth, p.score, p.nodes, p.elapsed, &p.pv.join(" ")));
                }
            }
        };
        let found = loop {
            match receiver.recv_timeout(POLL) {
                Ok(found) => break Some(found),
                Err(mpsc::RecvTimeoutError::Disconnected) => break None,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            // An opponent searches by nodes: the clock still bounds it.
            if stop.is_stopped() || (level > 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
                search_flag.stop();
            }
            show(&mut shown);
        };
        show(&mut shown);
        let Some(found) = found else {
            (self.out)("info string error: the search failed".to_owned());
            (self.out)("bestmove (none)".to_owned());
            return;
        };
        let elapsed = started.elapsed();
        if self.multipv > 1 && found.top.len() > 1 {
            for (k, (mv, score)) in found.top.iter().enumerate() {
                let pv = if k == 0 {
                    found.pv.join(" ")
                } else {
                    mv.to_string()
                };
                let line = self.info(found.depth, *score, found.nodes, elapsed, &pv);
                (self.out)(line.replacen(
                    "info depth",
                    &format!("info multipv {} depth", k + 1),
                    1,
                ));
            }
        } else if (found.depth > 0
            && (found.depth, found.pv.first()) != (shown.0, shown.1.as_ref()))
            || level > 0
        {
            // A last line where it tells more: a deeper finished iteration, or a better move
            // found by the iteration the stop cut short (its line starts with the `bestmove`).
            (self.out)(self.info(
                found.depth,
                found.score,
                found.nodes,
                elapsed,
                &found.pv.join(" "),
            ));
        }
        // `go infinite` answers only after `stop`.
        while infinite && !stop.is_stopped() {
            std::thread::sleep(POLL);
        }
        (self.out)(match found.best {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove (none)".to_owned(),
        });
    }
}

/// `kraal engine`: reads commands from stdin until `quit` or the end of the input (which waits
/// for a search with limits to finish, and stops an infinite one).
pub fn run() -> anyhow::Result<()> {
    use std::io::{BufRead, Write};
    let out: Output = Arc::new(|line: String| {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    });
    let mut engine = Engine::new(Arc::clone(&out));
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            // Not text: say so and read on.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                out("info string error: the line is not UTF-8 text".to_owned());
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        for reply in engine.handle(&line) {
            out(reply);
        }
        if engine.quitting() {
            return Ok(());
        }
    }
    engine.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// An engine printing into a buffer, and the buffer.
    fn engine() -> (Engine, Arc<Mutex<Vec<String>>>) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let out: Output = Arc::new(move |line| sink.lock().unwrap().push(line));
        (Engine::new(out), lines)
    }

    fn printed(lines: &Arc<Mutex<Vec<String>>>) -> Vec<String> {
        lines.lock().unwrap().clone()
    }

    fn bestmove(lines: &Arc<Mutex<Vec<String>>>) -> String {
        let all = printed(lines);
        let last = all.last().cloned().unwrap_or_default();
        last.strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("no bestmove last: {all:#?}"))
            .to_owned()
    }

    /// Whatever the node budget stops, the last `info` line's principal variation starts with
    /// the `bestmove`, also when the iteration the budget cut short found a better move than
    /// the last finished one (some of these budgets do: `changed` counts them).
    #[test]
    fn the_last_line_s_variation_starts_with_the_best_move() {
        let mut changed = 0;
        let setups = [
            ("morabaraba", "position startpos"),
            ("morabaraba", "position startpos moves d2 d6 b2"),
            ("oware", "position startpos moves C f"),
        ];
        // Small budgets: the shallow iterations change their minds most often.
        for (game, nodes) in setups
            .iter()
            .flat_map(|s| (100..3_000).step_by(50).map(move |n| (s, n)))
        {
            let (mut e, lines) = engine();
            e.handle(&format!("setoption name Game value {}", game.0));
            e.handle(game.1);
            e.handle(&format!("go nodes {nodes}"));
            e.finish();
            let best = bestmove(&lines);
            let all = printed(&lines);
            let pv_head = |line: &String| {
                let (_, pv) = line.split_once(" pv ").expect("a pv");
                pv.split(' ').next().unwrap_or_default().to_owned()
            };
            let infos: Vec<&String> = all
                .iter()
                .filter(|l| l.starts_with("info depth "))
                .collect();
            let last = infos.last().expect("an info line");
            assert_eq!(pv_head(last), best, "nodes {nodes}: {all:#?}");
            // The lines of the finished iterations: the last of them named another move.
            let finished = infos.iter().rev().find(|l| pv_head(l) != best);
            changed += usize::from(
                finished.is_some_and(|l| l.split(' ').nth(2) == last.split(' ').nth(2)),
            );
        }
        assert!(
            changed > 0,
            "no budget cut an iteration that changed the move"
        );
    }

    #[test]
    fn uci_names_the_engine_and_every_option_with_its_type() {
        let (mut e, _) = engine();
        let lines = e.handle("uci");
        assert!(lines[0].starts_with("id name kraal"));
        assert!(lines[1].starts_with("id author"));
        for option in [
            "Game", "Rules", "Set", "Threads", "Hash", "Level", "MultiPV", "Tables", "KeepHash",
        ] {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&format!("option name {option} type "))),
                "{option}: {lines:#?}"
            );
        }
        assert_eq!(lines.last().map(String::as_str), Some("uciok"));
        assert_eq!(e.handle("isready"), vec!["readyok"]);
    }

    #[test]
    fn bad_options_are_named_and_change_nothing() {
        let (mut e, _) = engine();
        for (line, named) in [
            ("setoption name Hash value 0", "Hash"),
            ("setoption name Hash value lots", "Hash"),
            ("setoption name KeepHash value maybe", "KeepHash"),
            ("setoption name Level value 8", "Level"),
            ("setoption name MultiPV value -1", "MultiPV"),
            ("setoption name Game value chess", "chess"),
            ("setoption name Rules value nonsense", "nonsense"),
            ("setoption name Set value cows=999", "cows"),
            ("setoption name Colour value red", "Colour"),
            ("setoption Hash 4", "setoption name"),
        ] {
            let reply = e.handle(line);
            assert_eq!(reply.len(), 1, "{line}: {reply:?}");
            assert!(
                reply[0].starts_with("info string error: ") && reply[0].contains(named),
                "{line}: {reply:?}"
            );
        }
        assert_eq!(e.hash, DEFAULT_HASH);
        assert_eq!(e.level, 0);
        assert!(e.sets.is_empty());
        assert_eq!(e.rules.game_name(), "morabaraba");
    }

    #[test]
    fn rules_and_sets_resolve_through_the_session() {
        let (mut e, _) = engine();
        assert!(e.handle("setoption name Set value cows=11").is_empty());
        assert!(e.handle("setoption name Set value flying=never").is_empty());
        assert_eq!(e.sets, vec!["cows=11", "flying=never"]);
        assert_eq!(e.rules.overrides().len(), 2, "{:?}", e.rules.overrides());
        assert!(e.handle("setoption name Set value clear").is_empty());
        assert!(e.sets.is_empty());
        assert!(e.handle("setoption name Game value oware").is_empty());
        assert_eq!(e.rules.game_name(), "oware");
        assert!(e.handle("setoption name Game value mulabalaba").is_empty());
        assert_eq!(e.rules.game_name(), "mulabalaba");
        // A rule set of another game is refused, and the rules stay.
        assert!(e.handle("setoption name Rules value koti")[0].contains("error"));
        assert_eq!(e.rules.game_name(), "mulabalaba");
    }

    /// With `KeepHash`, within a game each search starts from the table the last one left: the
    /// same position searched again to the same depth takes a fraction of the nodes.
    /// `ucinewgame` and `setoption` forget it, so the count is the first search's again.
    #[test]
    fn a_game_s_searches_share_their_table_until_a_new_game() {
        let (mut e, lines) = engine();
        assert!(e.handle("setoption name KeepHash value true").is_empty());
        let nodes_to_depth_8 = |e: &mut Engine| -> u64 {
            lines.lock().unwrap().clear();
            e.handle("position startpos");
            e.handle("go depth 8");
            e.finish();
            let all = printed(&lines);
            let info = all
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth 8 "))
                .unwrap_or_else(|| panic!("no depth 8: {all:#?}"));
            let words: Vec<&str> = info.split_whitespace().collect();
            let at = words.iter().position(|&w| w == "nodes").expect("nodes");
            words[at + 1].parse().expect("a count")
        };
        let first = nodes_to_depth_8(&mut e);
        let again = nodes_to_depth_8(&mut e);
        assert!(again * 4 < first, "{again} nodes again, {first} first");
        e.handle("ucinewgame");
        assert_eq!(nodes_to_depth_8(&mut e), first);
        nodes_to_depth_8(&mut e);
        assert!(e.handle("setoption name Hash value 16").is_empty());
        assert_eq!(nodes_to_depth_8(&mut e), first);
        // Without KeepHash every search starts from an empty table.
        assert!(e.handle("setoption name KeepHash value false").is_empty());
        assert_eq!(nodes_to_depth_8(&mut e), first);
        assert_eq!(nodes_to_depth_8(&mut e), first);
    }

    #[test]
    fn hash_sizes_the_table_of_the_next_search() {
        let (mut e, lines) = engine();
        assert!(e.handle("setoption name Hash value 1").is_empty());
        assert_eq!(e.hash, 1);
        e.handle("go depth 3");
        e.finish();
        assert_ne!(bestmove(&lines), "(none)");
    }

    #[test]
    fn two_threads_search_and_every_iteration_gets_an_info_line() {
        let (mut e, lines) = engine();
        assert!(e.handle("setoption name Threads value 2").is_empty());
        assert_eq!(e.threads, 2);
        assert!(e.handle("position startpos moves d2 d6").is_empty());
        e.handle("go depth 5");
        e.finish();
        let best = bestmove(&lines);
        let AnyPosition::Morris(p) = &e.position else {
            panic!("morabaraba")
        };
        assert!(p.parse_move(&best).is_ok(), "{best}");
        // The shallow iterations finish within one look at the search: each still has a line.
        let depths: Vec<String> = printed(&lines)
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|l| l.split(' ').next().map(str::to_owned))
            .collect();
        assert_eq!(depths, ["1", "2", "3", "4", "5"]);
        assert!(e.handle("setoption name Threads value 0")[0].contains("error"));
        assert!(e.handle("setoption name Threads value 1").is_empty());
    }

    #[test]
    fn an_illegal_move_in_position_is_named_and_the_position_kept() {
        let (mut e, _) = engine();
        assert!(e.handle("position startpos moves d2").is_empty());
        let reply = e.handle("position startpos moves a1 a1");
        assert!(
            reply[0].starts_with("info string error: position: move 2 `a1`"),
            "{reply:?}"
        );
        let AnyPosition::Morris(p) = &e.position else {
            panic!("morabaraba")
        };
        assert_eq!(p.in_hand(morris::Color::White), 11, "d2 still stands");
        assert!(e.handle("position")[0].contains("error"));
        assert!(e.handle("position fen")[0].contains("error"));
        assert!(e.handle("position fen 1,2,3")[0].contains("error"));
        assert_eq!(e.handle("isready"), vec!["readyok"]);
    }

    #[test]
    fn a_repeated_position_from_the_moves_is_a_draw() {
        let (mut e, lines) = engine();
        assert!(e.handle("setoption name Set value cows=3").is_empty());
        let shuffle = "d2-e4 d6-c4 e4-d2 c4-d6";
        let line = format!("position startpos moves a1 g7 g1 a7 d2 d6 {shuffle} {shuffle}");
        let reply = e.handle(&line);
        assert_eq!(
            reply,
            vec!["info string the game is over: Draw: the same position came up again"]
        );
        let reply = e.handle("go depth 3");
        assert_eq!(reply.last().map(String::as_str), Some("bestmove (none)"));
        assert!(printed(&lines).is_empty());
        // One shuffle fewer: the position has come twice only, and the game goes on.
        let line = format!("position startpos moves a1 g7 g1 a7 d2 d6 {shuffle}");
        assert!(e.handle(&line).is_empty());
        e.handle("go depth 2");
        e.finish();
        assert_ne!(bestmove(&lines), "(none)");
    }

    #[test]
    fn go_depth_in_oware_plays_a_legal_move_with_info_lines() {
        let (mut e, lines) = engine();
        e.handle("setoption name Game value oware");
        assert!(e.handle("position startpos moves C f").is_empty());
        assert!(e.handle("go depth 3").is_empty());
        e.finish();
        let best = bestmove(&lines);
        let pos = with_family!(&e.rules, fam => {
            let _ = &fam;
            let AnyPosition::Mancala(p) = &e.position else { panic!("oware") };
            p.clone()
        });
        assert!(pos.parse_move(&best).is_ok(), "{best}");
        let info = printed(&lines);
        let last = &info[info.len() - 2];
        assert!(last.starts_with("info depth 3 seldepth 3 score "), "{last}");
        for field in [" nodes ", " nps ", " time ", " pv "] {
            assert!(last.contains(field), "{last}");
        }
    }

    #[test]
    fn multipv_prints_one_line_per_move() {
        let (mut e, lines) = engine();
        e.handle("setoption name MultiPV value 3");
        e.handle("go depth 2");
        e.finish();
        let all = printed(&lines);
        for k in 1..=3 {
            assert!(
                all.iter()
                    .any(|l| l.starts_with(&format!("info multipv {k} depth 2 "))),
                "{all:#?}"
            );
        }
    }

    #[test]
    fn a_level_plays_as_that_opponent() {
        for level in 1..=4 {
            let (mut e, lines) = engine();
            e.handle(&format!("setoption name Level value {level}"));
            e.handle("go nodes 10");
            e.finish();
            let best = bestmove(&lines);
            let AnyPosition::Morris(p) = &e.position else {
                panic!("morabaraba")
            };
            assert!(p.parse_move(&best).is_ok(), "{level}: {best}");
        }
    }

    #[test]
    fn go_infinite_answers_isready_and_waits_for_stop() {
        let (mut e, lines) = engine();
        assert!(e.handle("go infinite").is_empty());
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(e.handle("isready"), vec!["readyok"]);
        assert!(e.searching());
        assert!(!printed(&lines).iter().any(|l| l.starts_with("bestmove")));
        e.handle("stop");
        assert!(!e.searching());
        assert!(!bestmove(&lines).is_empty());
    }

    #[test]
    fn go_fields_are_read_and_bad_ones_named() {
        let go = Go::parse(&[
            "wtime",
            "1000",
            "btime",
            "-5",
            "winc",
            "10",
            "movestogo",
            "3",
        ])
        .unwrap();
        assert_eq!(go.time, [Some(1000), Some(0)]);
        assert_eq!(go.inc, [Some(10), None]);
        assert_eq!(go.movestogo, Some(3));
        assert!(!go.limits(0).1);
        assert_eq!(
            go.limits(0).0.time,
            Some(budget(
                Duration::from_millis(1000),
                Duration::from_millis(10),
                Some(3)
            ))
        );
        assert!(Go::parse(&[]).unwrap().limits(0).1, "a bare go is infinite");
        assert!(Go::parse(&["depth"]).unwrap_err().contains("depth"));
        assert!(Go::parse(&["depth", "0"]).unwrap_err().contains("depth"));
        assert!(Go::parse(&["nodes", "x"]).unwrap_err().contains("nodes x"));
        assert!(Go::parse(&["ponder"]).unwrap_err().contains("ponder"));
        let (mut e, lines) = engine();
        assert!(e.handle("go depth x")[0].starts_with("info string error: go:"));
        // Clocks of any size: no deadline overflows.
        let _ = budget(Duration::MAX, Duration::MAX, None);
        let huge = i64::MAX;
        e.handle(&format!(
            "go depth 1 movetime {huge} wtime {huge} winc {huge}"
        ));
        e.finish();
        assert_ne!(bestmove(&lines), "(none)");
        assert!(e.handle("frobnicate")[0].contains("`frobnicate`"));
    }

    #[test]
    fn scores_are_centi_units_or_wins_and_losses_in_plies() {
        assert_eq!(score_text(Score::Value(1_234)), "cp 123");
        assert_eq!(score_text(Score::Value(-50)), "cp -5");
        assert_eq!(score_text(Score::WinIn(3)), "win 3");
        assert_eq!(score_text(Score::LossIn(4)), "loss 4");
    }

    /// Plays `moves` moves on a simulated clock, each taking its budget and `overrun` more;
    /// returns the move at which the clock ran out, if it did.
    fn flags(
        start: u64,
        inc: u64,
        per_control: Option<u32>,
        overrun: Duration,
        moves: usize,
    ) -> Option<usize> {
        let (start, inc) = (Duration::from_millis(start), Duration::from_millis(inc));
        let mut remaining = start;
        let mut to_go = per_control;
        for mv in 0..moves {
            let think = budget(remaining, inc, to_go);
            assert!(think > Duration::ZERO);
            let spent = think + overrun;
            if spent >= remaining {
                return Some(mv);
            }
            remaining = remaining - spent + inc;
            if let Some(n) = to_go.as_mut() {
                *n -= 1;
                if *n == 0 {
                    remaining += start;
                    *n = per_control.unwrap_or(1);
                }
            }
        }
        None
    }

    #[test]
    fn the_budget_never_flags_on_a_simulated_clock() {
        // The search stops a few milliseconds after its deadline (`go movetime 500` reports
        // about 505 ms): 5 ms more per move, whatever the budget.
        let overrun = Duration::from_millis(5);
        // With an increment above that, or a time control of so many moves, never.
        for (start, inc, per_control) in [
            (10_000, 100, None),
            (2_000, 1_000, None),
            (100, 10, None),
            (50, 50, None),
            (60_000, 0, Some(40)),
            (5_000, 0, Some(1)),
            (300, 50, Some(2)),
            (1_000, 0, Some(10)),
        ] {
            assert_eq!(
                flags(start, inc, per_control, overrun, 1_000),
                None,
                "{start} ms + {inc} ms, {per_control:?} moves a control"
            );
        }
        // Sudden death without increment: a game long enough for any of kraal's games (each
        // move spends a thirtieth of what is left, and 5 ms on top).
        for (start, moves) in [(60_000, 150), (10_000, 100), (1_000, 50)] {
            assert_eq!(flags(start, 0, None, overrun, moves), None, "{start} ms");
        }
        // Most of the increment is used, and a share of the rest.
        let t = budget(Duration::from_secs(60), Duration::from_secs(1), None);
        assert!(t >= Duration::from_millis(750 + 1_900), "{t:?}");
        let t = budget(Duration::from_secs(60), Duration::ZERO, Some(1));
        assert!(t <= Duration::from_secs(48), "{t:?}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        #[test]
        fn random_lines_never_panic(lines in proptest::collection::vec(
            proptest::prop_oneof![
                ".{0,40}",
                "(uci|isready|ucinewgame|stop|go|position|setoption|quit)( [a-z0-9=,/:-]{0,8}){0,5}",
                "setoption name (Game|Rules|Set|Hash|Level|MultiPV|Threads|Tables) value [a-z0-9=-]{0,10}",
                "position (startpos|fen [a-g1-7,/: 0-9wbsn-]{0,30}) moves( [a-gA-F1-7x-]{1,6}){0,6}",
                "go( (depth|nodes|movetime|wtime|btime|winc|binc|movestogo) -?[0-9]{0,3}){0,3}",
                "go( (movetime|wtime|btime|winc|binc|movestogo|depth) -?[0-9]{0,25}){1,3}",
            ],
            1..8,
        )) {
            let (mut e, _) = engine();
            for line in &lines {
                let _ = e.handle(line);
                // Keep each case short: a random `go` gets stopped at once.
                e.stop();
            }
        }
    }
}
