//! `kraal moves`, `kraal apply`, `kraal analyse` and `kraal match`: the tools that play moves.

use crate::external::{EngineSpec, External, split_command};
use anyhow::{Context, Result, bail};
use kraal_ai::{
    BuiltIn, Contender, Ending, Game, GameReport, Limits, MatchConfig, MatchResult, Opponent, Pace,
    SearchConfig, Searcher, Sprt, play_match_with,
};
use kraal_session::family::Family;
use kraal_session::{GameResult, GameRules};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A position for `--json` (documented in docs/cli.md): the fields are stable.
#[derive(Serialize)]
struct PositionReport<M> {
    position: String,
    side_to_move: &'static str,
    /// Typed moves, written in their notation (the rules crates' serde).
    moves: Vec<M>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    result: &'static str,
    /// The winner's side in lower case (`white`, `north`...), or null.
    winner: Option<String>,
    /// The end reason as a stable code (`reduced-to-two`, `majority`...), or null.
    reason: Option<&'static str>,
    /// The ending as a sentence, if the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    /// Mancala games: the score, first player first (seeds captured; at the end, the final
    /// score the rules give); null for the mill games.
    score: Option<[u32; 2]>,
}

fn report<F: Family>(pos: &F::Position) -> PositionReport<F::Move> {
    let outcome = F::outcome(pos);
    PositionReport {
        position: F::position_string(pos),
        side_to_move: F::side_to_move(pos),
        moves: F::legal_moves(pos),
        result: GameResult::tag(outcome.map(|o| o.result())),
        winner: outcome.and_then(|o| o.winner.map(|w| o.kind.side_name(w).to_lowercase())),
        reason: outcome.map(|o| o.reason.name()),
        outcome: outcome.map(|o| o.to_string()),
        score: F::score(pos),
    }
}

fn print_json(value: &impl Serialize) -> Result<()> {
    outln!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// `kraal moves`: the legal moves of a position.
pub fn moves(rules: &GameRules, position: Option<&str>, json: bool) -> Result<()> {
    with_family!(rules, fam => {
        let pos = fam.position(position)?;
        show_moves::<_>(&fam, &pos, json)
    })
}

fn show_moves<F: Family>(_: &F, pos: &F::Position, json: bool) -> Result<()> {
    let r = report::<F>(pos);
    if json {
        return print_json(&r);
    }
    if let Some(outcome) = &r.outcome {
        outln!("no moves: {outcome}");
    } else {
        let moves: Vec<String> = r.moves.iter().map(ToString::to_string).collect();
        outln!("{}", moves.join(" "));
    }
    Ok(())
}

/// `kraal apply`: plays moves from a position and shows where they lead.
pub fn apply(
    rules: &GameRules,
    position: Option<&str>,
    moves: &[String],
    ascii: bool,
    json: bool,
) -> Result<()> {
    with_family!(rules, fam => {
        let mut pos = fam.position(position)?;
        for (i, text) in moves.iter().enumerate() {
            pos = play_one::<_>(&fam, pos, text)
                .with_context(|| format!("move {} (`{text}`) cannot be played", i + 1))?;
        }
        show_position::<_>(&fam, &pos, ascii, json)
    })
}

fn play_one<F: Family>(_: &F, pos: F::Position, text: &str) -> Result<F::Position> {
    let mv = F::parse_move(&pos, text)?;
    Ok(F::after(&pos, mv))
}

fn show_position<F: Family>(_: &F, pos: &F::Position, ascii: bool, json: bool) -> Result<()> {
    if json {
        return print_json(&report::<F>(pos));
    }
    out!("{}", F::render(pos, ascii));
    outln!("position: {}", F::position_string(pos));
    Ok(())
}

#[derive(Serialize)]
struct AnalysisReport<M> {
    position: String,
    best: Option<M>,
    score: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    pv: Vec<M>,
    top: Vec<(M, String)>,
}

/// How long `kraal analyse` thinks.
pub struct Budget {
    /// Depth limit.
    pub depth: Option<u32>,
    /// Time limit in seconds.
    pub time: Option<f64>,
}

impl Budget {
    /// The search limits asked for, `default` seconds when neither is given.
    ///
    /// # Errors
    /// A time that is not a positive number, or both a depth and a time.
    pub fn limits(&self, default: Duration) -> Result<Limits> {
        Ok(match (self.depth, self.time) {
            (Some(d), None) => Limits::depth(d),
            (None, Some(t)) if t > 0.0 && t.is_finite() => Limits::time(Duration::from_secs_f64(t)),
            (None, Some(t)) => bail!("--time must be a positive number of seconds, not {t}"),
            (None, None) => Limits::time(default),
            (Some(_), Some(_)) => bail!("give --depth or --time, not both"),
        })
    }
}

/// `kraal analyse`: the engine's report on a position.
pub fn analyse(
    rules: &GameRules,
    position: Option<&str>,
    budget: &Budget,
    top: usize,
    threads: usize,
    json: bool,
) -> Result<()> {
    let limits = budget.limits(Duration::from_secs(2))?;
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    if !json && let Some(line) = crate::tables::verdict(rules, position) {
        outln!("{line}");
    }
    with_family!(rules, fam => {
        let pos = fam.position(position)?;
        search::<_>(&fam, &pos, limits, top, threads, json)
    })
}

fn search<F: Family>(
    _: &F,
    pos: &F::Position,
    limits: Limits,
    top: usize,
    threads: usize,
    json: bool,
) -> Result<()> {
    if let Some(outcome) = F::outcome(pos) {
        bail!("the game is over: {outcome}");
    }
    let config = SearchConfig {
        top_moves: top.max(1),
        threads,
        learned: true,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::<F::Ai>::new(config);
    let stop = searcher.stop_flag();
    let interrupted = Arc::new(AtomicBool::new(false));
    let seen = Arc::clone(&interrupted);
    // Ctrl-C stops the search; what it found so far is printed below.
    ctrlc::set_handler(move || {
        seen.store(true, Ordering::SeqCst);
        stop.stop();
    })
    .context("cannot watch for Ctrl-C")?;
    let r = searcher.search(pos, limits);
    let report = AnalysisReport {
        position: F::position_string(pos),
        best: r.best,
        score: r.score.to_string(),
        depth: r.depth,
        nodes: r.nodes,
        seconds: r.elapsed.as_secs_f64(),
        pv: r.pv,
        top: r.top.iter().map(|&(m, s)| (m, s.to_string())).collect(),
    };
    if json {
        return print_json(&report);
    }
    outln!(
        "best {} score {} depth {} nodes {} ({:.2} s)",
        report
            .best
            .map_or_else(|| "-".to_owned(), |m| m.to_string()),
        report.score,
        report.depth,
        report.nodes,
        report.seconds
    );
    let line: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    outln!("line: {}", line.join(" "));
    if top > 1 {
        for (mv, score) in &report.top {
            outln!("  {:<14} {score}", mv.to_string());
        }
    }
    if interrupted.load(Ordering::SeqCst) {
        outln!("interrupted: the best move found so far");
        return Err(Interrupted.into());
    }
    Ok(())
}

/// The search was stopped by Ctrl-C (after printing what it found).
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// What `kraal match` is asked to play.
pub struct MatchArgs {
    /// The first player (White or South in the odd games).
    pub white: String,
    /// The second player.
    pub black: String,
    /// `setoption` values for the first player, if it is an engine (`NAME=VALUE`).
    pub white_options: Vec<String>,
    /// The same for the second player.
    pub black_options: Vec<String>,
    /// Games to play.
    pub games: u32,
    /// Seed of the openings and noise.
    pub seed: u64,
    /// Random plies of each opening.
    pub opening_plies: u32,
    /// Games played at once.
    pub threads: usize,
    /// Threads of each built-in player's search by time (lazy SMP).
    pub search_threads: usize,
    /// Stop early when the SPRT decides.
    pub sprt: bool,
    /// The SPRT's null hypothesis in Elo (default 0); given, it implies `sprt`.
    pub sprt_elo0: Option<f64>,
    /// The SPRT's alternative in Elo (default 110); given, it implies `sprt`.
    pub sprt_elo1: Option<f64>,
    /// Milliseconds per move, for every player.
    pub movetime: Option<u64>,
    /// A clock `BASE+INC` in seconds, such as `10+0.1`.
    pub clock: Option<String>,
    /// Write each game's record into this folder.
    pub records: Option<std::path::PathBuf>,
    /// Which built-in players consult the endgame tables built (first, second).
    pub tables: [bool; 2],
}

/// One side of a match.
enum Who {
    BuiltIn(Opponent),
    Engine(EngineSpec),
}

/// Reads a player: `ai:N` or a name, or `engine:COMMAND ARGS`, with its options.
fn who(text: &str, options: &[String], flag: &str) -> Result<(Who, String)> {
    if let Some(command) = text.strip_prefix("engine:") {
        let command = split_command(command).map_err(anyhow::Error::msg)?;
        let options = options
            .iter()
            .map(|o| match o.split_once('=') {
                Some((name, value)) if !name.trim().is_empty() => {
                    Ok((name.trim().to_owned(), value.trim().to_owned()))
                }
                _ => bail!("{flag} takes NAME=VALUE, such as Level=1, not `{o}`"),
            })
            .collect::<Result<Vec<_>>>()?;
        return Ok((
            Who::Engine(EngineSpec { command, options }),
            text.to_owned(),
        ));
    }
    if text.eq_ignore_ascii_case("human") {
        bail!(
            "a match is between engine opponents: give ai:1 to ai:7, a name or engine:\"COMMAND\", not `human`"
        );
    }
    if !options.is_empty() {
        bail!("{flag} is for an engine: player, and `{text}` is a built-in opponent");
    }
    let opponent = text.parse::<Opponent>()?;
    Ok((Who::BuiltIn(opponent), opponent.to_string()))
}

/// Reads `--clock BASE+INC` (seconds, such as `10+0.1`; `60` alone has no increment).
fn parse_clock(text: &str) -> Result<Pace> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |t: &str| -> Option<Duration> {
        let v: f64 = t.trim().parse().ok()?;
        (0.0..1e9).contains(&v).then(|| Duration::from_secs_f64(v))
    };
    match (seconds(base), seconds(inc)) {
        (Some(base), Some(increment)) if !base.is_zero() => Ok(Pace::Clock { base, increment }),
        _ => {
            bail!("--clock takes BASE+INC in seconds, such as 10+0.1 (BASE above 0), not `{text}`")
        }
    }
}

#[derive(Serialize)]
struct MatchReport {
    white: String,
    black: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score: f64,
    elo: f64,
    elo_margin: f64,
    as_first: [u32; 3],
    as_second: [u32; 3],
    /// Pairs of games from one opening by the first player's points in them: 0, ½, 1, 1½, 2.
    pairs: [u32; 5],
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<String>,
    /// Games lost without the rules ending them: `game N: WHO lost on time...`.
    forfeits: Vec<String>,
}

/// The SPRT that `--sprt`, `--sprt-elo0` and `--sprt-elo1` ask for, if any.
///
/// # Errors
///
/// If a bound is not a finite number or elo1 is not above elo0.
fn sprt_of(args: &MatchArgs) -> Result<Option<Sprt>> {
    if !args.sprt && args.sprt_elo0.is_none() && args.sprt_elo1.is_none() {
        return Ok(None);
    }
    let default = Sprt::default();
    let (elo0, elo1) = (
        args.sprt_elo0.unwrap_or(default.elo0),
        args.sprt_elo1.unwrap_or(default.elo1),
    );
    if !elo0.is_finite() || !elo1.is_finite() || elo1 <= elo0 {
        bail!(
            "the SPRT needs --sprt-elo1 above --sprt-elo0 (in Elo, such as 0 and 110), not elo0 {elo0} and elo1 {elo1}"
        );
    }
    Ok(Some(Sprt {
        elo0,
        elo1,
        ..default
    }))
}

/// `kraal match`: an engine match with a progress bar, then the score, Elo and results by colour.
pub fn play(rules: &GameRules, args: &MatchArgs, json: bool) -> Result<()> {
    let (white_who, white) = who(&args.white, &args.white_options, "--white-option")?;
    let (black_who, black) = who(&args.black, &args.black_options, "--black-option")?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let sprt = sprt_of(args)?;
    let pace = match (args.movetime, &args.clock) {
        (Some(_), Some(_)) => bail!("give --movetime or --clock, not both"),
        (Some(0), None) => bail!("--movetime must be at least 1 ms"),
        (Some(ms), None) => Pace::MoveTime(Duration::from_millis(ms)),
        (None, Some(clock)) => parse_clock(clock)?,
        (None, None) => Pace::Budget,
    };
    if args.search_threads == 0 {
        bail!("--search-threads must be at least 1");
    }
    if args.search_threads > 1 && pace == Pace::Budget {
        bail!(
            "--search-threads is for a search by time: give --movetime MS or --clock BASE+INC (node budgets stay on one thread)"
        );
    }
    if pace == Pace::Budget
        && [&white_who, &black_who]
            .iter()
            .any(|w| matches!(w, Who::Engine(_)))
    {
        bail!("an engine: player needs --movetime MS or --clock BASE+INC");
    }
    for (who, flag) in [(&white_who, "white"), (&black_who, "black")] {
        if matches!(who, Who::Engine(_)) && args.tables[usize::from(flag == "black")] {
            bail!(
                "--tables {flag}: the tables are for the built-in opponents; an engine: player brings its own"
            );
        }
    }
    let oracles = if args.tables.contains(&true) {
        let oracles =
            kraal_session::review::Oracles::load(rules).context("reading the endgame tables")?;
        if oracles.morris.is_none() && oracles.mancala.is_none() {
            bail!(
                "--tables: no endgame tables are built for these rules (kraal tables build ...; see docs/tables.md)"
            );
        }
        Some(oracles)
    } else {
        None
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the records folder {}", dir.display()))?;
    }
    let config = MatchConfig {
        games: args.games,
        seed: args.seed,
        opening_plies: args.opening_plies,
        threads: args.threads.max(1),
        sprt,
    };
    let bar = indicatif::ProgressBar::new(u64::from(args.games));
    if json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let progress = |r: &MatchResult| {
        bar.set_position(u64::from(r.games()));
        bar.set_message(format!("+{} ={} -{}", r.wins, r.draws, r.losses));
    };
    let sides = MatchSides {
        who: [&white_who, &black_who],
        tables: args.tables.map(|on| oracles.as_ref().filter(|_| on)),
        tags: [&args.white, &args.black],
        labels: [&white, &black],
        records: args.records.as_deref(),
        search_threads: args.search_threads,
        bar: &bar,
        json,
        forfeits: Mutex::new(Vec::new()),
        failure: Mutex::new(None),
    };
    let result =
        with_family!(rules, fam => run_match::<_>(&fam, rules, &sides, config, pace, &progress)?);
    bar.finish_and_clear();
    if let Some(e) = sides.failure.lock().expect("failure lock").take() {
        bail!(e);
    }
    let mut forfeits = sides.forfeits.into_inner().expect("forfeits lock");
    forfeits.sort();
    let (elo, margin) = result.elo();
    let report = MatchReport {
        white: white.clone(),
        black: black.clone(),
        games: result.games(),
        wins: result.wins,
        draws: result.draws,
        losses: result.losses,
        score: result.score(),
        elo,
        elo_margin: margin,
        as_first: result.as_first,
        as_second: result.as_second,
        pairs: result.pairs,
        sprt: sprt.map(|_| format!("{:?}", result.verdict)),
        forfeits: forfeits.into_iter().map(|(_, text)| text).collect(),
    };
    if json {
        return print_json(&report);
    }
    outln!("{white} against {black}: {} games", report.games);
    // A clean sweep either way has no finite Elo estimate.
    let elo_text = match (report.wins, report.losses) {
        (w, _) if w == report.games => "Elo not finite (every game won)".to_owned(),
        (_, l) if l == report.games => "Elo not finite (every game lost)".to_owned(),
        // A margin this wide says nothing: the match is too short for one.
        _ if !margin.is_finite() || margin > 400.0 => {
            format!(
                "Elo {} (too few games for an Elo margin)",
                signed_whole(elo)
            )
        }
        _ => format!("Elo {} ± {margin:.0}", signed_whole(elo)),
    };
    outln!(
        "score {:.1}% for {white} (+{} ={} -{}), {elo_text}",
        100.0 * report.score,
        report.wins,
        report.draws,
        report.losses
    );
    let [w1, d1, l1] = report.as_first;
    let [w2, d2, l2] = report.as_second;
    outln!("{white} moving first: +{w1} ={d1} -{l1}; moving second: +{w2} ={d2} -{l2}");
    let [p0, p1, p2, p3, p4] = report.pairs;
    outln!(
        "pairs of games from one opening, by {white}'s points: 2: {p4}, 1½: {p3}, 1: {p2}, ½: {p1}, 0: {p0}"
    );
    if let (Some(verdict), Some(test)) = (&report.sprt, sprt) {
        outln!(
            "SPRT (elo0 {}, elo1 {}, alpha = beta = 0.05): {verdict}",
            test.elo0,
            test.elo1
        );
    }
    if !report.forfeits.is_empty() {
        outln!("games lost without the rules ending them:");
        for line in &report.forfeits {
            outln!("  {line}");
        }
    }
    Ok(())
}

/// Who plays a match and where its games are told.
struct MatchSides<'a> {
    who: [&'a Who; 2],
    /// The endgame tables each side consults (loaded once for the match).
    tables: [Option<&'a kraal_session::review::Oracles>; 2],
    /// The players as given (`ai:1`, `engine:...`), for the records.
    tags: [&'a str; 2],
    /// The players as shown.
    labels: [&'a str; 2],
    records: Option<&'a std::path::Path>,
    /// Threads of each built-in player's search by time.
    search_threads: usize,
    bar: &'a indicatif::ProgressBar,
    json: bool,
    /// (game index, text) of each forfeit.
    forfeits: Mutex<Vec<(usize, String)>>,
    /// The first record that could not be written.
    failure: Mutex<Option<String>>,
}

fn run_match<F: Family + 'static>(
    fam: &F,
    rules: &GameRules,
    sides: &MatchSides<'_>,
    config: MatchConfig,
    pace: Pace,
    progress: &(dyn Fn(&MatchResult) + Sync),
) -> Result<MatchResult>
where
    F::Position: Send + Sync,
    <F::Ai as Game>::State: Sync,
{
    let start = fam.position(None)?;
    let make = || -> Result<[Box<dyn Contender<F::Ai>>; 2], String> {
        let one = |w: &Who, i: usize| -> Result<Box<dyn Contender<F::Ai>>, String> {
            Ok(match w {
                Who::BuiltIn(o) => Box::new(
                    BuiltIn::<F::Ai>::with_tables(*o, sides.tables[i].and_then(F::oracle_of))
                        .with_threads(sides.search_threads),
                ),
                Who::Engine(spec) => Box::new(External::<F>::start(spec, rules)?),
            })
        };
        Ok([one(sides.who[0], 0)?, one(sides.who[1], 1)?])
    };
    let colours = match rules {
        GameRules::Morris { .. } => ["White", "Black"],
        GameRules::Mancala { .. } => ["South", "North"],
    };
    let on_game = |game: &GameReport<F::Ai>| {
        // The match's players in this game's colours.
        let order = if game.a_first { [0, 1] } else { [1, 0] };
        if let Ending::Forfeit { loser, forfeit } = &game.ending {
            let text = format!(
                "game {}: {} ({}) {forfeit}",
                game.index + 1,
                sides.labels[order[*loser]],
                colours[*loser]
            );
            if !sides.json {
                sides.bar.println(&text);
            }
            sides
                .forfeits
                .lock()
                .expect("forfeits lock")
                .push((game.index, text));
        }
        if let Some(dir) = sides.records
            && let Err(e) = write_record::<F>(dir, rules, sides, game, order)
        {
            sides
                .failure
                .lock()
                .expect("failure lock")
                .get_or_insert(e.to_string());
        }
    };
    play_match_with::<F::Ai>(&start, &make, config, pace, progress, &on_game)
        .map_err(anyhow::Error::msg)
}

/// Writes one game of a match as `DIR/game-NNN.txt`, a game record `kraal replay` reads.
fn write_record<F: Family>(
    dir: &std::path::Path,
    rules: &GameRules,
    sides: &MatchSides<'_>,
    game: &GameReport<F::Ai>,
    order: [usize; 2],
) -> Result<()> {
    let mut record = kraal_session::Record::new(rules);
    record.comments.push(format!(
        "kraal match: game {} of {} against {}",
        game.index + 1,
        sides.labels[0],
        sides.labels[1]
    ));
    record.set_tag("White", sides.tags[order[0]]);
    record.set_tag("Black", sides.tags[order[1]]);
    let result = match game.verdict {
        kraal_ai::Verdict::Win => GameResult::FirstWins,
        kraal_ai::Verdict::Draw => GameResult::Draw,
        kraal_ai::Verdict::Loss => GameResult::SecondWins,
    };
    record.set_tag("Result", &result.to_string());
    let reason = match &game.ending {
        Ending::Rules => F::outcome(&game.end).map_or("rules", |o| o.reason.name()),
        Ending::MoveLimit => "move-limit",
        Ending::NoMove => "no-move",
        Ending::Forfeit { loser, forfeit } => {
            record.comments.push(format!(
                "{} ({}) {forfeit}",
                sides.labels[order[*loser]],
                if *loser == 0 { "White" } else { "Black" }
            ));
            forfeit.code()
        }
    };
    record.set_tag("Reason", reason);
    record.moves = game
        .moves
        .iter()
        .map(|m| kraal_session::RecordMove {
            text: m.to_string(),
            comment: None,
            line: 0,
        })
        .collect();
    let path = dir.join(format!("game-{:03}.txt", game.index + 1));
    record
        .save(&path)
        .map_err(|e| anyhow::anyhow!("cannot write the record {}: {e}", path.display()))
}

#[derive(Serialize)]
struct ReplayReport {
    game: &'static str,
    rules: &'static str,
    overrides: Vec<String>,
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    position: String,
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

/// A number rounded to a whole one with its sign, never `-0`.
fn signed_whole(value: f64) -> String {
    let rounded = value.round();
    if rounded == 0.0 {
        "0".to_owned()
    } else {
        format!("{rounded:+.0}")
    }
}

/// `kraal replay`: checks a game record move by move and shows it with the final position.
pub fn replay(path: &std::path::Path, json: bool) -> Result<()> {
    let record = kraal_session::Record::load(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}", e.about_file(path)))?;
    let replayed = record
        .check()
        .with_context(|| format!("{} is not a valid game record", path.display()))?;
    if json {
        return print_json(&ReplayReport {
            game: replayed.rules.game_name(),
            rules: replayed.rules.rule_set_name(),
            overrides: replayed.rules.overrides(),
            tags: record.tags.clone(),
            moves: record.moves.iter().map(|m| m.text.clone()).collect(),
            position: replayed.position,
            result: GameResult::tag(replayed.outcome.map(|o| o.result())),
            reason: replayed.outcome.map(|o| o.reason.name()),
            outcome: replayed.outcome.map(|o| o.to_string()),
        });
    }
    out!("{record}");
    outln!();
    out!("{}", replayed.picture);
    outln!("position: {}", replayed.position);
    Ok(())
}
