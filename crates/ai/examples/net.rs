//! Trains the evaluation networks (see `kraal_ai::net`). GAME is `mills` (the network of
//! Morabaraba and Twelve Men's Morris) or `mulabalaba`.
//!
//! `cargo run --release -p kraal-ai --example net -- data GAME OUT GAMES DEPTH SEED THREADS
//! [learned]` plays GAMES self-play games (for `mills`, Morabaraba and Twelve Men's Morris in
//! turn), searching every position to DEPTH (with the built-in network's correction if
//! `learned`), and writes each position's inputs, hand-written evaluation and search score to
//! OUT, a line each.
//!
//! `cargo run --release -p kraal-ai --example net -- train GAME DATA... OUT [EPOCHS]` fits the
//! network to those lines and writes its weights to OUT.

use kraal_ai::net::{MAX_ACTIVE, Net, OUTPUT_SCALE};
use kraal_ai::search::alphabeta::{SearchConfig, Searcher};
use kraal_ai::seeded::SplitMix64;
use kraal_ai::{Game, Limits, Mancala, Morris, Score};
use std::io::BufRead;
use std::process::ExitCode;

/// A game with a network: where its self-play starts and what its inputs are.
trait Trained: Game {
    /// The network's input count.
    const INPUTS: usize;
    /// The evaluation's scale in the loss: a score of `SCALE` is about a 73% chance of
    /// winning.
    const SCALE: f32;
    /// The starting positions, played in turn.
    fn starts() -> Vec<Self::State>;
    /// The inputs `state` turns on, written to `out`; how many.
    fn inputs(state: &Self::State, out: &mut [u16; MAX_ACTIVE]) -> usize;
}

impl Trained for Morris {
    const INPUTS: usize = kraal_ai::net::morris::INPUTS;
    const SCALE: f32 = 1000.0;

    fn starts() -> Vec<Self::State> {
        use kraal_rules_morris::{Options, Position};
        let morabaraba = Options::from_rule_set("morabaraba", &[] as &[&str]).expect("morabaraba");
        let twelve = Options::from_rule_set(
            "twelve-mens-morris",
            &["board-full=first-player-loses", "no-shot-draw=100"],
        )
        .expect("twelve men's morris");
        vec![Position::new(morabaraba), Position::new(twelve)]
    }

    fn inputs(state: &Self::State, out: &mut [u16; MAX_ACTIVE]) -> usize {
        kraal_ai::net::morris::active_inputs(state, out)
    }
}

impl Trained for Mancala {
    const INPUTS: usize = kraal_ai::net::mulabalaba::INPUTS;
    const SCALE: f32 = 4000.0;

    fn starts() -> Vec<Self::State> {
        use kraal_rules_mancala::{Options, Position};
        let options = Options::from_rule_set("mulabalaba", &[] as &[&str]).expect("mulabalaba");
        vec![Position::new(options)]
    }

    fn inputs(state: &Self::State, out: &mut [u16; MAX_ACTIVE]) -> usize {
        kraal_ai::net::mulabalaba::active_inputs(state, out)
    }
}

/// A proven win or loss counts as this many times the game's [`Trained::SCALE`].
const DECIDED: f32 = 3.0;

/// A seeded number from two: SplitMix64 started at `a ^ b * golden ratio`.
fn mix(a: u64, b: u64) -> u64 {
    const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
    SplitMix64((a ^ b.wrapping_mul(GOLDEN)).wrapping_sub(GOLDEN)).next_u64()
}

fn data<G: Trained>(
    out: &str,
    games: u64,
    depth: u32,
    seed: u64,
    threads: u64,
    learned: bool,
) -> std::io::Result<()> {
    let starts = G::starts();
    let lines: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let starts = &starts;
                scope.spawn(move || {
                    let mut searcher = Searcher::<G>::new(SearchConfig {
                        learned,
                        ..SearchConfig::default()
                    });
                    let mut lines = Vec::new();
                    let mut moves = Vec::new();
                    let mut active = [0u16; MAX_ACTIVE];
                    for game in (t..games).step_by(threads as usize) {
                        let mut pos = starts[game as usize % starts.len()].clone();
                        for ply in 0..400u64 {
                            if G::verdict(&pos).is_some() {
                                break;
                            }
                            moves.clear();
                            G::legal_moves(&pos, &mut moves);
                            let r = mix(seed ^ (game << 20), ply);
                            let random = ply < 4 || r % 100 < 8;
                            let mv = if random {
                                moves[(r >> 8) as usize % moves.len()]
                            } else {
                                let report = searcher.search(&pos, Limits::depth(depth));
                                let decided = (DECIDED * G::SCALE) as i32;
                                let score = match report.score {
                                    Score::Value(v) => v.clamp(-decided, decided),
                                    Score::WinIn(_) => decided,
                                    Score::LossIn(_) => -decided,
                                };
                                let n = G::inputs(&pos, &mut active);
                                let mut line = format!("{score} {}", G::evaluate(&pos));
                                for i in &active[..n] {
                                    line.push_str(&format!(" {i}"));
                                }
                                lines.push(line);
                                match report.best {
                                    Some(m) => m,
                                    None => break,
                                }
                            };
                            let _ = G::play(&mut pos, mv);
                        }
                    }
                    lines
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a data thread panicked"))
            .collect()
    });
    let mut text = String::new();
    for line in &lines {
        text.push_str(line);
        text.push('\n');
    }
    write_whole(out, text.as_bytes())?;
    eprintln!("{} positions written to {out}", lines.len());
    Ok(())
}

struct Sample {
    target: f32,
    hand: f32,
    active: Vec<u16>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so that an
/// interrupted run never leaves half a file.
fn write_whole(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    let temporary = format!("{path}.partial");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

/// One line of `data`'s output: the search score, the hand-written evaluation, then the
/// active inputs (each below `inputs`).
fn parse_sample(line: &str, inputs: usize) -> Result<Sample, String> {
    let mut fields = line.split_whitespace();
    let mut score = |what: &str| -> Result<f32, String> {
        let field = fields.next().ok_or(format!("no {what}"))?;
        field
            .parse::<i32>()
            .map(|v| v as f32)
            .map_err(|_| format!("the {what} {field:?} is not a whole number"))
    };
    let target = score("search score")?;
    let hand = score("evaluation")?;
    let active = fields
        .map(|f| match f.parse::<u16>() {
            Ok(i) if usize::from(i) < inputs => Ok(i),
            _ => Err(format!("{f:?} is not an input (0 to {})", inputs - 1)),
        })
        .collect::<Result<_, _>>()?;
    Ok(Sample {
        target,
        hand,
        active,
    })
}

fn read(paths: &[String], inputs: usize) -> std::io::Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{path}: {e}")))?;
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            let sample = parse_sample(&line?, inputs).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{path}, line {}: {e}", n + 1),
                )
            })?;
            samples.push(sample);
        }
    }
    Ok(samples)
}

/// The loss of `net` on `samples` (mean squared error of the winning chances).
fn loss<const H: usize>(net: &Net<H>, samples: &[Sample], use_net: bool, k: f32) -> f32 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let out = if use_net { net.output(&s.active) } else { 0.0 };
            let p = sigmoid((s.hand + out * OUTPUT_SCALE) / k);
            f64::from((p - sigmoid(s.target / k)).powi(2))
        })
        .sum();
    (total / samples.len().max(1) as f64) as f32
}

/// Adam's moments for one parameter array.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, params: &mut [f32], grads: &[f32], lr: f32, t: i32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(t);
        let c2 = 1.0 - b2.powi(t);
        for i in 0..params.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * grads[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * grads[i] * grads[i];
            params[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

/// Fits a network of `inputs` inputs to the lines of `paths`, `k` the evaluation's scale (see
/// [`Trained::SCALE`]), and writes it to `out`.
fn train<const H: usize>(
    paths: &[String],
    (inputs, k): (usize, f32),
    out: &str,
    epochs: u32,
) -> std::io::Result<()> {
    let mut samples = read(paths, inputs)?;
    // Shuffle, then hold out one in twenty.
    for i in (1..samples.len()).rev() {
        let j = (mix(7, i as u64) % (i as u64 + 1)) as usize;
        samples.swap(i, j);
    }
    let held = samples.len() / 20;
    let (test, train) = samples.split_at(held);
    let mut net = Net::<H>::zero(inputs);
    for (i, row) in net.w1.iter_mut().enumerate() {
        for (k, w) in row.iter_mut().enumerate() {
            *w = ((mix(1, (i * H + k) as u64) % 2001) as f32 / 1000.0 - 1.0) * 0.1;
        }
    }
    for k in 0..H {
        net.b1[k] = 0.2 + (mix(2, k as u64) % 1000) as f32 / 5000.0;
        net.w2[k] = ((mix(3, k as u64) % 2001) as f32 / 1000.0 - 1.0) * 0.01;
    }
    eprintln!(
        "{} positions to fit, {} held out; held-out loss without the network {:.5}",
        train.len(),
        test.len(),
        loss(&net, test, false, k)
    );
    let mut adam_w1 = Adam::new(inputs * H);
    let mut adam_rest = Adam::new(2 * H + 1);
    let batch = 256;
    let mut t = 0;
    for epoch in 0..epochs {
        let lr = if epoch < epochs * 2 / 3 { 1e-3 } else { 2e-4 };
        for chunk in train.chunks(batch) {
            let mut g_w1 = vec![0f32; inputs * H];
            let mut g_rest = vec![0f32; 2 * H + 1];
            for s in chunk {
                let pre = net.pre_activations(&s.active);
                let h = pre.map(|v| v.clamp(0.0, 1.0));
                let out = net.output_of(&pre);
                let p = sigmoid((s.hand + out * OUTPUT_SCALE) / k);
                let y = sigmoid(s.target / k);
                let d_out = 2.0 * (p - y) * p * (1.0 - p) * OUTPUT_SCALE / k;
                g_rest[2 * H] += d_out;
                for k in 0..H {
                    g_rest[H + k] += d_out * h[k];
                    if pre[k] > 0.0 && pre[k] < 1.0 {
                        let d_pre = d_out * net.w2[k];
                        g_rest[k] += d_pre;
                        for &i in &s.active {
                            g_w1[i as usize * H + k] += d_pre;
                        }
                    }
                }
            }
            let scale = 1.0 / chunk.len() as f32;
            g_w1.iter_mut().for_each(|g| *g *= scale);
            g_rest.iter_mut().for_each(|g| *g *= scale);
            t += 1;
            let mut flat: Vec<f32> = net.w1.iter().flatten().copied().collect();
            adam_w1.step(&mut flat, &g_w1, lr, t);
            for (row, values) in net.w1.iter_mut().zip(flat.chunks(H)) {
                row.copy_from_slice(values);
            }
            let mut rest: Vec<f32> = net.b1.iter().chain(&net.w2).copied().collect();
            rest.push(net.b2);
            adam_rest.step(&mut rest, &g_rest, lr, t);
            net.b1.copy_from_slice(&rest[..H]);
            net.w2.copy_from_slice(&rest[H..2 * H]);
            net.b2 = rest[2 * H];
        }
        eprintln!(
            "epoch {epoch}: loss {:.5} fitted, {:.5} held out",
            loss(&net, &train[..train.len().min(50_000)], true, k),
            loss(&net, test, true, k)
        );
    }
    write_whole(out, &net.to_bytes())?;
    Ok(())
}

const USAGE: &str = "usage: net data mills|mulabalaba OUT GAMES DEPTH SEED THREADS [learned] \
                     | net train mills|mulabalaba DATA... OUT [EPOCHS]";

fn run(args: &[String]) -> Option<std::io::Result<()>> {
    let number =
        |i: usize, default: u64| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(default);
    let (command, game) = (args.first()?.as_str(), args.get(1)?.as_str());
    match command {
        "data" if args.len() >= 3 => {
            let run = match game {
                "mills" => data::<Morris>,
                "mulabalaba" => data::<Mancala>,
                _ => return None,
            };
            Some(run(
                &args[2],
                number(3, 100),
                number(4, 8) as u32,
                number(5, 1),
                number(6, 2),
                args.get(7).is_some_and(|a| a == "learned"),
            ))
        }
        "train" if args.len() >= 4 => {
            let rest = &args[2..];
            let (paths, out, epochs) = match rest.last().and_then(|a| a.parse::<u32>().ok()) {
                Some(e) if rest.len() >= 3 => (&rest[..rest.len() - 2], &rest[rest.len() - 2], e),
                _ => (&rest[..rest.len() - 1], &rest[rest.len() - 1], 12),
            };
            // Each game's network has its own number of hidden units.
            match game {
                "mills" => Some(train::<{ kraal_ai::net::morris::HIDDEN }>(
                    paths,
                    (Morris::INPUTS, Morris::SCALE),
                    out,
                    epochs,
                )),
                "mulabalaba" => Some(train::<{ kraal_ai::net::mulabalaba::HIDDEN }>(
                    paths,
                    (Mancala::INPUTS, Mancala::SCALE),
                    out,
                    epochs,
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
        Some(Ok(())) => ExitCode::SUCCESS,
        Some(Err(e)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
