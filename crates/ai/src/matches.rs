//! Engine matches: games between two opponents from varied seeded openings, colours alternating,
//! with the Elo difference and a sequential probability ratio test (SPRT) that stops early.

use crate::contender::{BuiltIn, Clocks, Contender, Forfeit, Pace, Turn};
use crate::game::{Game, Verdict};
use crate::opponents::{Opponent, Player};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Games end here as a draw when the rules have no end of their own (the session move limit).
pub const MOVE_LIMIT: u32 = 1_000;

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis (no stronger).
    pub elo0: f64,
    /// The Elo difference of the alternative (stronger by this much).
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` holds.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` holds.
    pub beta: f64,
    /// Games before the test may decide: its normal approximation means little on fewer.
    pub min_games: u32,
}

impl Default for Sprt {
    /// The project's test: elo0 = 0, elo1 = 110, alpha = beta = 0.05, from the 20th game on.
    fn default() -> Self {
        Sprt {
            elo0: 0.0,
            elo1: 110.0,
            alpha: 0.05,
            beta: 0.05,
            min_games: 20,
        }
    }
}

/// What the SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The first player is stronger by about `elo1` (H1 accepted).
    Stronger,
    /// The first player is not stronger (H0 accepted).
    NotStronger,
    /// The games ran out before either bound was reached.
    Undecided,
}

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchConfig {
    /// The most games to play.
    pub games: u32,
    /// Random plies played from the start before the opponents take over (each opening is
    /// played twice, once with each colour).
    pub opening_plies: u32,
    /// Seed of the openings and of the opponents' noise.
    pub seed: u64,
    /// Stop early when this test decides (none: play every game).
    pub sprt: Option<Sprt>,
    /// Threads playing games at once.
    pub threads: usize,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            games: 400,
            opening_plies: 4,
            seed: 1,
            sprt: Some(Sprt::default()),
            threads: 1,
        }
    }
}

/// The result of a match, from the first player's view.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// Games won, drawn and lost by the first player.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Wins, draws and losses when the first player moved first.
    pub as_first: [u32; 3],
    /// Wins, draws and losses when the first player moved second.
    pub as_second: [u32; 3],
    /// Pairs of games from one opening (colours swapped) by the first player's points in the
    /// two: 0, ½, 1, 1½ and 2. When whoever moves first wins most games, the pairs won 2-0 or
    /// lost 0-2 are the ones that tell the players apart.
    pub pairs: [u32; 5],
    /// The SPRT's log-likelihood ratio after the last game counted.
    pub llr: f64,
    /// What the SPRT concluded (`Undecided` without one).
    pub verdict: SprtVerdict,
}

impl MatchResult {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, 0 to 1.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference and its 95% margin.
    #[must_use]
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score().clamp(1e-3, 1.0 - 1e-3);
        let var = self.variance();
        let margin = 1.96 * (var / n).sqrt();
        let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        (elo(s), (elo(s + margin) - elo(s - margin)) / 2.0)
    }

    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The same results with half a win and half a loss added: a prior that keeps the variance
    /// above zero when every game so far went one way.
    fn regularised(&self) -> (f64, f64, f64) {
        let (w, d, l) = (
            f64::from(self.wins) + 0.5,
            f64::from(self.draws),
            f64::from(self.losses) + 0.5,
        );
        let n = w + d + l;
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        (n, s, var)
    }
}

fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The log-likelihood ratio of `elo1` against `elo0` for these results: the normal
    /// approximation of the trinomial (as in fishtest's simplified SPRT), with half a win and
    /// half a loss added so that a one-sided start does not divide by zero.
    #[must_use]
    pub fn llr(&self, result: &MatchResult) -> f64 {
        let (n, s, var) = result.regularised();
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }

    /// The verdict at this LLR.
    #[must_use]
    pub fn decide(&self, llr: f64) -> SprtVerdict {
        if llr >= ((1.0 - self.beta) / self.alpha).ln() {
            SprtVerdict::Stronger
        } else if llr <= (self.beta / (1.0 - self.alpha)).ln() {
            SprtVerdict::NotStronger
        } else {
            SprtVerdict::Undecided
        }
    }
}

fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game from `start`: `opening_plies` seeded random plies, then `players[0]` for the
/// side to move at `start` and `players[1]` for the other, until the game ends or reaches
/// [`MOVE_LIMIT`] (a draw). Returns the result for `players[0]`.
pub fn play_game<G: Game>(
    start: &G::State,
    players: [&mut Player<G>; 2],
    opening_plies: u32,
    seed: u64,
) -> Verdict {
    let mut state = start.clone();
    let start_side = G::side_to_move(start);
    let mut moves = Vec::new();
    for ply in 0..MOVE_LIMIT {
        if let Some(v) = G::verdict(&state) {
            return if G::side_to_move(&state) == start_side {
                v
            } else {
                v.flip()
            };
        }
        let mv = if ply < opening_plies {
            moves.clear();
            G::legal_moves(&state, &mut moves);
            moves[(mix(seed, u64::from(ply)) % moves.len() as u64) as usize]
        } else {
            let mover = usize::from(G::side_to_move(&state) != start_side);
            match players[mover]
                .choose(&state, mix(seed, 1000 + u64::from(ply)))
                .mv
            {
                Some(mv) => mv,
                None => return Verdict::Draw,
            }
        };
        let _ = G::play(&mut state, mv);
    }
    Verdict::Draw
}

/// How a game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rules ended it (see the final position).
    Rules,
    /// [`MOVE_LIMIT`] plies were played: a draw.
    MoveLimit,
    /// The side to move found no move though the game was not over: a draw.
    NoMove,
    /// A side lost without the rules: `loser` 0 is the side that moved first in this game.
    Forfeit {
        /// The side that lost (0: the first player of the game).
        loser: usize,
        /// Why.
        forfeit: Forfeit,
    },
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport<G: Game> {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether the match's first player (`a`) moved first in this game.
    pub a_first: bool,
    /// Every move from the start position, the opening's included.
    pub moves: Vec<G::Move>,
    /// The final position.
    pub end: G::State,
    /// The result for the side that moved first in this game.
    pub verdict: Verdict,
    /// How the game ended.
    pub ending: Ending,
}

/// Plays one game from `start` between match players, as [`play_game`] does (the same seeded
/// opening and noise seeds), keeping the time of `pace`: a side that runs past its clock, or
/// takes more than three times its move time plus two seconds, loses on time; a move that is
/// not legal loses too. Returns the moves, the final state, the verdict for `players[0]` (the
/// side to move at `start`) and the ending.
pub fn play_contest_game<G: Game>(
    start: &G::State,
    mut players: [&mut dyn Contender<G>; 2],
    opening_plies: u32,
    seed: u64,
    pace: Pace,
) -> (Vec<G::Move>, G::State, Verdict, Ending) {
    let mut state = start.clone();
    let start_side = G::side_to_move(start);
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    let forfeit = |state: G::State, moves, loser: usize, forfeit| {
        let verdict = if loser == 0 {
            Verdict::Loss
        } else {
            Verdict::Win
        };
        (moves, state, verdict, Ending::Forfeit { loser, forfeit })
    };
    for (side, player) in players.iter_mut().enumerate() {
        if let Err(f) = player.new_game() {
            return forfeit(state, moves, side, f);
        }
    }
    let mut clocks = match pace {
        Pace::Clock { base, increment } => Some(Clocks {
            remaining: [base; 2],
            increment,
        }),
        _ => None,
    };
    let movetime = match pace {
        Pace::MoveTime(t) => Some(t),
        _ => None,
    };
    for ply in 0..MOVE_LIMIT {
        if let Some(v) = G::verdict(&state) {
            let v = if G::side_to_move(&state) == start_side {
                v
            } else {
                v.flip()
            };
            return (moves, state, v, Ending::Rules);
        }
        legal.clear();
        G::legal_moves(&state, &mut legal);
        let mv = if ply < opening_plies {
            legal[(mix(seed, u64::from(ply)) % legal.len() as u64) as usize]
        } else {
            let mover = usize::from(G::side_to_move(&state) != start_side);
            let side = G::side_to_move(&state).min(1);
            let turn = Turn {
                state: &state,
                moves: &moves,
                side,
                seed: mix(seed, 1000 + u64::from(ply)),
                movetime,
                clocks,
            };
            let started = Instant::now();
            let answer = players[mover].choose(&turn);
            let used = started.elapsed();
            let mv = match answer {
                Ok(Some(mv)) => mv,
                Ok(None) => return (moves, state, Verdict::Draw, Ending::NoMove),
                Err(f) => return forfeit(state, moves, mover, f),
            };
            let allowed = match (&mut clocks, movetime) {
                (Some(c), _) => Some(c.remaining[side]),
                (None, Some(t)) => Some(t * 3 + Duration::from_secs(2)),
                (None, None) => None,
            };
            if let Some(allowed) = allowed
                && used > allowed
            {
                return forfeit(state, moves, mover, Forfeit::Time { used, allowed });
            }
            if let Some(c) = &mut clocks {
                c.remaining[side] = c.remaining[side] - used + c.increment;
            }
            if !legal.contains(&mv) {
                let f = Forfeit::Illegal {
                    text: mv.to_string(),
                    reason: "not a legal move here".to_owned(),
                };
                return forfeit(state, moves, mover, f);
            }
            mv
        };
        let _ = G::play(&mut state, mv);
        moves.push(mv);
    }
    (moves, state, Verdict::Draw, Ending::MoveLimit)
}

/// Plays a match of `a` against `b` from `start`, colours alternating in pairs of games with the
/// same opening. `progress` is called after each game with the results so far. Results are
/// counted in game order, so the same config gives the same result whatever the threads.
pub fn play_match<G: Game>(
    start: &G::State,
    a: Opponent,
    b: Opponent,
    config: MatchConfig,
    progress: &(dyn Fn(&MatchResult) + Sync),
) -> MatchResult {
    let make = || -> Result<[Box<dyn Contender<G>>; 2], String> {
        Ok([
            Box::new(BuiltIn::<G>::new(a)),
            Box::new(BuiltIn::<G>::new(b)),
        ])
    };
    match play_match_with::<G>(start, &make, config, Pace::Budget, progress, &|_| {}) {
        Ok(result) => result,
        Err(never) => unreachable!("built-in opponents always start: {never}"),
    }
}

/// Plays a match between any two players from `start`, as [`play_match`] does, under `pace`.
/// Each thread calls `make` once for its pair of players (`a`, then `b`), which play all its
/// games. `on_game` is called as each game ends (in the order they end), before `progress`.
///
/// # Errors
/// `make` failed (such as an engine that does not start): its message.
pub fn play_match_with<G: Game>(
    start: &G::State,
    make: &(dyn Fn() -> Result<[Box<dyn Contender<G>>; 2], String> + Sync),
    config: MatchConfig,
    pace: Pace,
    progress: &(dyn Fn(&MatchResult) + Sync),
    on_game: &(dyn Fn(&GameReport<G>) + Sync),
) -> Result<MatchResult, String> {
    let results: Mutex<Vec<Option<Verdict>>> = Mutex::new(vec![None; config.games as usize]);
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let summary = Mutex::new((
        MatchResult {
            wins: 0,
            draws: 0,
            losses: 0,
            as_first: [0; 3],
            as_second: [0; 3],
            pairs: [0; 5],
            llr: 0.0,
            verdict: SprtVerdict::Undecided,
        },
        0usize,
    ));
    let decided = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let [mut pa, mut pb] = match make() {
                    Ok(players) => players,
                    Err(e) => {
                        failure.lock().expect("failure lock").get_or_insert(e);
                        decided.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games as usize || decided.load(Ordering::Relaxed) {
                        break;
                    }
                    let opening = mix(config.seed, (i / 2) as u64);
                    let a_first = i.is_multiple_of(2);
                    let players: [&mut dyn Contender<G>; 2] = if a_first {
                        [pa.as_mut(), pb.as_mut()]
                    } else {
                        [pb.as_mut(), pa.as_mut()]
                    };
                    let (moves, end, first, ending) =
                        play_contest_game::<G>(start, players, config.opening_plies, opening, pace);
                    on_game(&GameReport {
                        index: i,
                        a_first,
                        moves,
                        end,
                        verdict: first,
                        ending,
                    });
                    let verdict = if a_first { first } else { first.flip() };
                    results.lock().expect("results lock")[i] = Some(verdict);
                    // Count finished games in order, so the stopping point is reproducible.
                    let mut guard = summary.lock().expect("summary lock");
                    let (result, counted) = &mut *guard;
                    let done = results.lock().expect("results lock");
                    while *counted < done.len() && result.verdict == SprtVerdict::Undecided {
                        let Some(v) = done[*counted] else { break };
                        let colour = if counted.is_multiple_of(2) {
                            &mut result.as_first
                        } else {
                            &mut result.as_second
                        };
                        match v {
                            Verdict::Win => {
                                result.wins += 1;
                                colour[0] += 1;
                            }
                            Verdict::Draw => {
                                result.draws += 1;
                                colour[1] += 1;
                            }
                            Verdict::Loss => {
                                result.losses += 1;
                                colour[2] += 1;
                            }
                        }
                        if !counted.is_multiple_of(2)
                            && let Some(other) = done[*counted - 1]
                        {
                            result.pairs[pair_points(other, v)] += 1;
                        }
                        *counted += 1;
                        if let Some(sprt) = config.sprt {
                            result.llr = sprt.llr(result);
                            if result.games() >= sprt.min_games {
                                result.verdict = sprt.decide(result.llr);
                            }
                            if result.verdict != SprtVerdict::Undecided {
                                decided.store(true, Ordering::Relaxed);
                            }
                        }
                        progress(result);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("failure lock") {
        return Err(e);
    }
    Ok(summary.into_inner().expect("summary lock").0)
}

/// The index in [`MatchResult::pairs`] of a pair of games with these results: the first
/// player's points in the two, in half points.
fn pair_points(a: Verdict, b: Verdict) -> usize {
    let half_points = |v: Verdict| match v {
        Verdict::Win => 2,
        Verdict::Draw => 1,
        Verdict::Loss => 0,
    };
    half_points(a) + half_points(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(wins: u32, draws: u32, losses: u32) -> MatchResult {
        MatchResult {
            wins,
            draws,
            losses,
            as_first: [0; 3],
            as_second: [0; 3],
            pairs: [0; 5],
            llr: 0.0,
            verdict: SprtVerdict::Undecided,
        }
    }

    #[test]
    fn the_sprt_accepts_a_clear_gap_rejects_none_and_waits_in_between() {
        let sprt = Sprt::default();
        assert_eq!(
            sprt.decide(sprt.llr(&result(80, 0, 20))),
            SprtVerdict::Stronger
        );
        assert_eq!(
            sprt.decide(sprt.llr(&result(45, 0, 55))),
            SprtVerdict::NotStronger
        );
        assert_eq!(
            sprt.decide(sprt.llr(&result(60, 0, 40))),
            SprtVerdict::Undecided
        );
        assert!(
            sprt.llr(&result(20, 0, 0)).is_finite(),
            "all wins must not divide by zero"
        );
    }

    #[test]
    fn elo_follows_the_logistic_curve() {
        let (elo, margin) = result(75, 0, 25).elo();
        assert!((elo - 190.8).abs() < 0.5, "{elo}");
        assert!(margin > 0.0 && margin < 100.0, "{margin}");
        assert!((result(50, 20, 50).elo().0).abs() < 1e-9);
        assert!((result(10, 20, 10).score() - 0.5).abs() < 1e-12);
    }

    /// The pairs are counted from the games' own reports: each opening's two games (colours
    /// swapped), the first player's points in them.
    #[test]
    fn pairs_count_each_opening_s_two_games_together() {
        use crate::Morris;
        let start = kraal_rules_morris::Position::new(kraal_rules_morris::Options::default());
        let level = |n| Opponent::level(n).expect("a level");
        let make = || -> Result<[Box<dyn Contender<Morris>>; 2], String> {
            Ok([
                Box::new(BuiltIn::<Morris>::new(level(2))),
                Box::new(BuiltIn::<Morris>::new(level(3))),
            ])
        };
        let config = MatchConfig {
            games: 16,
            sprt: None,
            ..MatchConfig::default()
        };
        let told = Mutex::new(Vec::new());
        let result =
            play_match_with::<Morris>(&start, &make, config, Pace::Budget, &|_| {}, &|g| {
                told.lock()
                    .expect("lock")
                    .push((g.index, g.a_first, g.verdict));
            })
            .expect("built-in players start");
        let mut half_points = [0usize; 8];
        for (index, a_first, first_mover) in told.into_inner().expect("lock") {
            let for_a = if a_first {
                first_mover
            } else {
                first_mover.flip()
            };
            half_points[index / 2] += match for_a {
                Verdict::Win => 2,
                Verdict::Draw => 1,
                Verdict::Loss => 0,
            };
        }
        let mut expected = [0u32; 5];
        for p in half_points {
            expected[p] += 1;
        }
        assert_eq!(result.pairs, expected);
        assert_eq!(result.pairs.iter().sum::<u32>(), 8);
    }
}
