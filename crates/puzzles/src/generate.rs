//! The generator: positions mined from seeded self-play between opponents of different
//! strength, kept where the weaker side's move just turned the value and the stronger side now
//! has a unique way to win or to gain material, or where one move alone holds; each proven
//! before it is kept.

use crate::date::Date;
use crate::objective::{Goal, Objective};
use crate::prove::{Proof, Prover, Refusal};
use crate::puzzle::{Board, Puzzle};
use crate::subject::Subject;
use crate::themes::Theme;
use crate::variant::Variant;
use kraal_ai::{Game, Mancala, Morris, OPPONENTS, Player, Score};
use std::collections::HashSet;

/// Which kinds of objective to look for, by game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A mill game: wins, holds and winning shot sequences.
    Morris,
    /// Oware: wins (reach 25, famine), holds and best captures.
    Oware,
    /// Mulabalaba: wins, holds and captures (of both opposite holes).
    Mulabalaba,
}

/// How to mine.
#[derive(Clone, Debug)]
pub struct MineConfig {
    /// The seed of everything (games, noise).
    pub seed: u64,
    /// The most solver moves of a win.
    pub max_win: u8,
    /// The most solver moves of a gain.
    pub max_gain: u8,
    /// The least gain kept (cows or seeds).
    pub min_gain: u8,
    /// The node budget of each proof step.
    pub node_limit: u64,
    /// The most plies of a self-play game.
    pub max_plies: u32,
    /// The opponent pairs (weaker level, stronger level), used in turn.
    pub pairs: Vec<(u8, u8)>,
    /// Which objectives.
    pub family: Family,
    /// Whether a win that is not unique is tried again with the rules' draw counters further
    /// on ([`Subject::counter_variants`]), where the rule set's own draw rules may make it so.
    pub counter_variants: bool,
}

/// A proven puzzle found in self-play.
#[derive(Clone, Debug)]
pub struct Found<G: Game> {
    /// The position the solver starts from.
    pub position: G::State,
    /// The objective proven.
    pub objective: Objective,
    /// The proof and main line.
    pub proof: Proof<G::Move>,
    /// Where it came from, for the `Source` tag.
    pub source: String,
}

fn proven<G: Subject>(
    prover: &mut Prover<G>,
    s: &G::State,
    objective: Objective,
) -> Option<Proof<G::Move>> {
    prover.solve(s, objective).ok()
}

fn forced<G: Subject>(prover: &mut Prover<G>, s: &G::State, objective: Objective) -> bool {
    matches!(prover.is_forced(s, objective), Ok(true))
}

fn escapes<G: Subject>(prover: &mut Prover<G>, p: &G::State, goal: Goal, plies: u32) -> bool {
    matches!(prover.can_escape(p, goal, plies), Ok(true))
}

/// Looks for a puzzle at `s`, reached by the weaker side's move from `p`.
/// The engine's search is only a filter here: a win it does not see is not looked for, and
/// every puzzle kept is proven exactly.
pub(crate) fn candidate<G: Subject>(
    prover: &mut Prover<G>,
    cfg: &MineConfig,
    p: &G::State,
    s: &G::State,
    engine_sees_win: Option<u32>,
) -> Option<Candidate<G>> {
    let plain = |objective, proof| Candidate {
        objective,
        proof,
        varied: None,
    };
    // A forced win the weaker side could have avoided.
    let win_moves = engine_sees_win.map_or(0, |plies| plies.div_ceil(2));
    for n in (1..=cfg.max_win).filter(|&n| u32::from(n) >= win_moves && win_moves > 0) {
        let obj = Objective::WinIn(n);
        if forced(prover, s, obj) {
            if !escapes(prover, p, Goal::Win, obj.goal().1) {
                return None;
            }
            let proof = match prover.solve(s, obj) {
                Ok(proof) => proof,
                Err(Refusal::NotUnique { .. }) if cfg.counter_variants => {
                    return G::counter_variants(s).into_iter().find_map(|(v, note)| {
                        proven(prover, &v, obj).map(|proof| Candidate {
                            objective: obj,
                            proof,
                            varied: Some((v, note)),
                        })
                    });
                }
                Err(_) => return None,
            };
            if cfg.family == Family::Oware {
                // The same win, named by how it ends where that proves too.
                for special in [Objective::Famine(n), Objective::Reach25(n)] {
                    if let Some(pr) = proven(prover, s, special) {
                        return Some(plain(special, pr));
                    }
                }
            }
            return Some(plain(obj, proof));
        }
    }
    // Material the weaker side could have kept.
    for n in 1..=cfg.max_gain {
        let make = |k: u8| match cfg.family {
            Family::Morris => Objective::Shots {
                amount: k,
                moves: n,
            },
            Family::Oware | Family::Mulabalaba => Objective::Capture {
                amount: k,
                moves: n,
            },
        };
        // A single shot in one move is only closing a mill: one move asks for two cows.
        let mut k = if cfg.family == Family::Morris && n == 1 {
            cfg.min_gain + 1
        } else {
            cfg.min_gain
        };
        if !forced(prover, s, make(k)) {
            continue;
        }
        while k < 40 && forced(prover, s, make(k + 1)) {
            k += 1;
        }
        let obj = make(k);
        if !escapes(prover, p, obj.goal().0, obj.goal().1) {
            return None;
        }
        if cfg.family == Family::Mulabalaba {
            let both = Objective::CaptureBoth {
                amount: k,
                moves: n,
            };
            if let Some(pr) = proven(prover, s, both)
                && pr.line.len().div_ceil(2) == usize::from(n)
            {
                return Some(plain(both, pr));
            }
        }
        // The objective names the moves the line takes: a gain reached sooner belongs to a
        // shorter objective (found first, or left out on purpose).
        let tight = |pr: &Proof<G::Move>| pr.line.len().div_ceil(2) == usize::from(n);
        return match prover.solve(s, obj) {
            Ok(pr) => Some(pr).filter(tight).map(|pr| plain(obj, pr)),
            Err(Refusal::NotUnique { .. }) if cfg.counter_variants => {
                G::counter_variants(s).into_iter().find_map(|(v, note)| {
                    proven(prover, &v, obj)
                        .filter(tight)
                        .map(|proof| Candidate {
                            objective: obj,
                            proof,
                            varied: Some((v, note)),
                        })
                })
            }
            Err(_) => None,
        };
    }
    // The only move that holds against a threat (one move deep: deeper holds cost every
    // move of every position a search of its own).
    prover
        .solve(s, Objective::Hold(1))
        .ok()
        .map(|pr| plain(Objective::Hold(1), pr))
}

/// A puzzle found at a position of a game.
pub(crate) struct Candidate<G: Game> {
    pub(crate) objective: Objective,
    pub(crate) proof: Proof<G::Move>,
    /// The position varied from the game's (a draw counter further on), with a note saying
    /// how; `None`: the game's own position.
    pub(crate) varied: Option<(G::State, String)>,
}

/// Plays seeded self-play games from `start` and calls `keep` with each proven puzzle, until
/// `keep` returns false or `games` games are played. Returns the games played.
pub fn mine<G: Subject>(
    start: &G::State,
    cfg: &MineConfig,
    games: u64,
    mut keep: impl FnMut(Found<G>) -> bool,
) -> u64 {
    let mut prover = Prover::<G>::new(cfg.node_limit);
    let mut moves = Vec::new();
    for g in 0..games {
        let seed = cfg.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let (weak, strong) = cfg.pairs[(g as usize) % cfg.pairs.len().max(1)];
        // The stronger side alternates colours from game to game.
        let strong_side = (g % 2) as usize;
        let mut players: [Player<G>; 2] = if strong_side == 0 {
            [
                OPPONENTS[usize::from(strong - 1)].player(),
                OPPONENTS[usize::from(weak - 1)].player(),
            ]
        } else {
            [
                OPPONENTS[usize::from(weak - 1)].player(),
                OPPONENTS[usize::from(strong - 1)].player(),
            ]
        };
        let mut s = start.clone();
        let mut prev: Option<G::State> = None;
        for ply in 0..cfg.max_plies {
            if G::verdict(&s).is_some() {
                break;
            }
            let side = G::side_to_move(&s);
            let choice = players[side].choose(&s, seed ^ u64::from(ply).wrapping_mul(0x9E37));
            if side == strong_side
                && let Some(p) = &prev
            {
                moves.clear();
                G::legal_moves(&s, &mut moves);
                let sees = match choice.score {
                    Score::WinIn(plies) => Some(plies),
                    _ => None,
                };
                // A gain or a hold is kept only where the stronger side's own choice is the key
                // move: otherwise the engine prefers another plan, and the puzzle's answer is
                // not the best move of the position.
                let agrees = |objective: Objective, proof: &Proof<G::Move>| {
                    matches!(
                        objective,
                        Objective::WinIn(_) | Objective::Reach25(_) | Objective::Famine(_)
                    ) || choice.mv.is_some_and(|m| G::same_key(m, proof.line[0]))
                };
                if moves.len() >= 2
                    && let Some(c) = candidate(&mut prover, cfg, p, &s, sees)
                    && agrees(c.objective, &c.proof)
                {
                    let mut source = format!(
                        "self-play {} v {}, seed {seed}, ply {ply}",
                        OPPONENTS[usize::from(weak - 1)].name.to_lowercase(),
                        OPPONENTS[usize::from(strong - 1)].name.to_lowercase()
                    );
                    let position = match c.varied {
                        Some((v, note)) => {
                            source = format!("{source}, {note}");
                            v
                        }
                        None => s.clone(),
                    };
                    if !keep(Found {
                        position,
                        objective: c.objective,
                        proof: c.proof,
                        source,
                    }) {
                        return g + 1;
                    }
                }
            }
            let Some(mv) = choice.mv else {
                break;
            };
            prev = if side != strong_side {
                Some(s.clone())
            } else {
                None
            };
            let _ = G::play(&mut s, mv);
        }
    }
    games
}

/// The mining settings used for a game family (what `kraal puzzle gen` uses).
#[must_use]
pub fn config_for(family: Family, seed: u64) -> MineConfig {
    let (max_win, max_gain, min_gain) = match family {
        Family::Morris => (3, 2, 1),
        Family::Oware => (4, 2, 2),
        Family::Mulabalaba => (3, 2, 2),
    };
    MineConfig {
        seed,
        max_win,
        max_gain,
        min_gain,
        node_limit: 1_000_000,
        max_plies: 240,
        pairs: vec![(1, 4), (2, 4), (2, 5), (3, 5), (1, 3)],
        family,
        counter_variants: false,
    }
}

/// How many self-play games [`generate`] plays at most per puzzle asked for.
pub const GAMES_PER_PUZZLE: u64 = 40;

/// The most a batch of [`generate`] holds of gains (shots, captures), in percent.
pub const GAIN_SHARE: usize = 60;

fn finish<G: Subject>(
    found: Found<G>,
    seed: u64,
    make_board: impl Fn(G::State, Vec<G::Move>) -> Board,
    themes: impl Fn(&G::State, &[G::Move], bool) -> Vec<Theme>,
) -> Option<(Board, Objective, Vec<Theme>, u16, String)> {
    let Found {
        position,
        objective,
        proof,
        source,
    } = found;
    let (_, plies) = objective.goal();
    let mut prover = Prover::<G>::new(crate::prove::VERIFY_NODES);
    let level = crate::rating::weakest_finder::<G>(&position, seed, |m| {
        matches!(
            prover.move_works(&position, &position, objective, m, plies),
            Ok(true)
        )
    });
    // A gain or a hold that not even the strongest opponent plays is not the best move of the
    // position, only a way to the objective: not a puzzle.
    if level.is_none() && !matches!(objective, Objective::WinIn(_) | Objective::Reach25(_)) {
        return None;
    }
    let solver_moves = proof.line.len().div_ceil(2);
    let rating = crate::rating::rating(level, solver_moves);
    let t = themes(&position, &proof.line, proof.shot_choice);
    Some((
        make_board(position, proof.line),
        objective,
        t,
        rating,
        source,
    ))
}

/// Generates up to `count` new proven puzzles of `variant`, none a duplicate (under the board's
/// symmetries and the colour swap) of `existing` or of each other, numbered after `existing`'s
/// ids, each added on `added`. `progress` hears of each puzzle as it is found.
pub fn generate(
    variant: Variant,
    count: usize,
    seed: u64,
    existing: &[Puzzle],
    added: Date,
    progress: impl FnMut(&Puzzle),
) -> Vec<Puzzle> {
    generate_from(
        variant,
        Source::SelfPlay,
        count,
        seed,
        existing,
        added,
        progress,
    )
    .unwrap_or_default()
}

/// Where the generator looks for positions.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// Seeded self-play games between opponents of different strength.
    SelfPlay,
    /// The solved Morabaraba sector of three cows a side.
    Morris3(&'a kraal_tables::morris::Sector3),
    /// Oware's tables of boards with few seeds.
    Oware(&'a kraal_tables::OwareTables),
}

/// Tables handed to the generator that do not fit the rule set asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesDoNotFit {
    /// The rule set asked for.
    pub rules: &'static str,
    /// The tables given.
    pub tables: String,
}

impl std::fmt::Display for TablesDoNotFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the {} tables do not fit the {} rules: their moves are another game's",
            self.tables, self.rules
        )
    }
}

impl std::error::Error for TablesDoNotFit {}

/// How many random boards [`generate_from`] tries in Oware's tables per puzzle asked for.
pub const BOARDS_PER_PUZZLE: u64 = 400;

/// As [`generate`], with the positions looked for in `source`: self-play games or the endgame
/// tables.
///
/// # Errors
/// Tables that do not fit the rule set (another game, or rules whose moves differ from the
/// tables').
pub fn generate_from(
    variant: Variant,
    source: Source<'_>,
    count: usize,
    seed: u64,
    existing: &[Puzzle],
    added: Date,
    mut progress: impl FnMut(&Puzzle),
) -> Result<Vec<Puzzle>, TablesDoNotFit> {
    let rules = variant.rules_name();
    let mut c = Collector {
        keys: existing
            .iter()
            .filter(|p| p.variant == variant)
            .map(|p| crate::dedup::key(rules, &p.board))
            .collect(),
        next_id: existing.iter().filter(|p| p.variant == variant).count() + 1,
        out: Vec::new(),
        count,
        variant,
        added,
    };
    let games = GAMES_PER_PUZZLE * count as u64;
    match variant {
        Variant::Morris(r) => {
            let start = kraal_rules_morris::Position::new(r.options());
            let mut cfg = config_for(Family::Morris, seed);
            cfg.counter_variants = r != MORRIS_DEFAULT;
            let keep = |f: Found<Morris>| {
                let is_dup = c.keys.contains(&crate::dedup::key(
                    rules,
                    &Board::Morris {
                        position: f.position.clone(),
                        line: Vec::new(),
                    },
                ));
                if is_dup {
                    return true;
                }
                if r != MORRIS_DEFAULT && proves_under_default(&f) {
                    return true;
                }
                let Some((b, o, t, r, s)) = finish::<Morris>(
                    f,
                    seed,
                    |position, line| Board::Morris { position, line },
                    crate::themes::morris_themes,
                ) else {
                    return true;
                };
                c.accept(b, o, t, r, s, &mut progress)
            };
            match source {
                Source::SelfPlay => {
                    mine::<Morris>(&start, &cfg, games, keep);
                }
                Source::Morris3(sector)
                    if kraal_tables::morris::Sector3::table_options(&r.options())
                        == *sector.options() =>
                {
                    crate::from_tables::mine_morris3(sector, &r.options(), &cfg, keep);
                }
                Source::Morris3(_) => return Err(unfit(variant, "Morabaraba 3v3")),
                Source::Oware(_) => return Err(unfit(variant, "Oware")),
            }
        }
        Variant::Mancala(r) => {
            let start = kraal_rules_mancala::Position::new(r.options());
            let family = match r.game() {
                kraal_rules_mancala::Game::Oware => Family::Oware,
                kraal_rules_mancala::Game::Mulabalaba => Family::Mulabalaba,
            };
            let cfg = config_for(family, seed);
            let keep = |f: Found<Mancala>| {
                let is_dup = c.keys.contains(&crate::dedup::key(
                    rules,
                    &Board::Mancala {
                        position: f.position.clone(),
                        line: Vec::new(),
                    },
                ));
                if is_dup {
                    return true;
                }
                let objective = f.objective;
                let Some((b, o, t, r, s)) = finish::<Mancala>(
                    f,
                    seed,
                    |position, line| Board::Mancala { position, line },
                    |pos, line, _| crate::themes::mancala_themes(pos, line, objective),
                ) else {
                    return true;
                };
                c.accept(b, o, t, r, s, &mut progress)
            };
            match source {
                Source::SelfPlay => {
                    mine::<Mancala>(&start, &cfg, games, keep);
                }
                Source::Oware(tables) if tables.family().rule_set() == r => {
                    let tries = BOARDS_PER_PUZZLE * count as u64;
                    crate::from_tables::mine_oware(tables, &r.options(), &cfg, tries, keep);
                }
                Source::Oware(tables) => {
                    return Err(unfit(variant, tables.family().name()));
                }
                Source::Morris3(_) => return Err(unfit(variant, "Morabaraba 3v3")),
            }
        }
    }
    Ok(c.out)
}

fn unfit(variant: Variant, tables: &str) -> TablesDoNotFit {
    TablesDoNotFit {
        rules: variant.rules_name(),
        tables: tables.to_owned(),
    }
}

/// The mill games' default rule set: puzzles of the other rule sets are kept only where their
/// proof differs from it.
const MORRIS_DEFAULT: kraal_rules_morris::RuleSet = kraal_rules_morris::RuleSet::Morabaraba;

/// Whether the same position, objective and main line also prove under the default rules
/// (then the puzzle teaches nothing about its own rule set).
fn proves_under_default(f: &Found<Morris>) -> bool {
    kraal_rules_morris::Position::from_position_string(
        &f.position.to_position_string(),
        MORRIS_DEFAULT.options(),
    )
    .ok()
    .is_some_and(|q| {
        Prover::<Morris>::new(crate::prove::VERIFY_NODES)
            .verify(&q, f.objective, &f.proof.line)
            .is_ok()
    })
}

/// The puzzles found so far and their keys.
struct Collector {
    keys: HashSet<String>,
    next_id: usize,
    out: Vec<Puzzle>,
    count: usize,
    variant: Variant,
    added: Date,
}

impl Collector {
    /// Keeps a puzzle unless it is a duplicate; whether to go on.
    fn accept(
        &mut self,
        board: Board,
        objective: Objective,
        themes: Vec<Theme>,
        rating: u16,
        source: String,
        progress: &mut impl FnMut(&Puzzle),
    ) -> bool {
        let rules = self.variant.rules_name();
        // Gains are the most common find: at most GAIN_SHARE percent of a batch, so wins and
        // holds get their room.
        let is_gain = matches!(
            objective,
            Objective::Shots { .. } | Objective::Capture { .. } | Objective::CaptureBoth { .. }
        );
        let gains = self
            .out
            .iter()
            .filter(|p| {
                matches!(
                    p.objective,
                    Objective::Shots { .. }
                        | Objective::Capture { .. }
                        | Objective::CaptureBoth { .. }
                )
            })
            .count();
        if is_gain && gains * 100 >= self.count * GAIN_SHARE {
            return true;
        }
        if self.keys.insert(crate::dedup::key(rules, &board)) {
            let p = Puzzle {
                id: format!("{rules}-{:04}", self.next_id),
                variant: self.variant,
                board,
                objective,
                themes,
                rating,
                source,
                added: self.added,
            };
            self.next_id += 1;
            progress(&p);
            self.out.push(p);
        }
        self.out.len() < self.count
    }
}
