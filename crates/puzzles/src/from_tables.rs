//! Mining the endgame tables (`kraal-tables`) for puzzles: positions where a move threw away
//! the exact value (a draw or a win into a loss, by the tables), so that the side now to move
//! has a forced win or gain the mover could have avoided. The tables only choose where to
//! look: every puzzle kept is proven by the [`Prover`] as the self-play ones are.
//!
//! - Morabaraba: every class of the solved 3v3 sector (three cows a side, flying), visited in a
//!   seeded order. A blunder that lets the other side close a mill at once (a loss in one ply)
//!   is too plain to be a puzzle: only wins of three plies or more are looked at.
//! - Oware: seeded random boards of few seeds (the tables' reach), with the captured seeds
//!   shared out so that both sides are still short of 25 and the last seeds decide. A single
//!   sowing that takes what is in sight is too plain: only solutions of two solver moves or
//!   more are kept.

use crate::generate::{Found, MineConfig, candidate};
use crate::prove::Prover;
use kraal_ai::seeded::SplitMix64 as Rng;
use kraal_ai::{Game, Mancala, Morris};
use kraal_rules_mancala::{self as mancala, Side};
use kraal_rules_morris::{self as morris, Color, Point};
use kraal_tables::morris::{MorrisValue, Sector3};
use kraal_tables::{OwareTables, Verdict};

fn points(bits: u32) -> Vec<Point> {
    (0..32)
        .filter(|i| bits & (1 << i) != 0)
        .filter_map(Point::from_index)
        .collect()
}

/// The position of a sector class: the side to move's cows White's, none in hand.
fn class_position(me: u32, them: u32, options: &morris::Options) -> Option<morris::Position> {
    let setup = morris::Setup {
        cows: [points(me), points(them)],
        in_hand: [0, 0],
        side_to_move: Color::White,
        bans: Vec::new(),
        three_cows_plies: 0,
        no_shot_plies: 0,
    };
    morris::Position::from_setup(&setup, *options).ok()
}

/// The fewest plies of a table win looked at: a loss in one ply (a mill left open) is no
/// puzzle.
const LEAST_WIN_PLIES: u8 = 3;

/// Visits the 3v3 sector's classes in an order set by `cfg.seed`, under `options` (the
/// puzzle's rule set, whose moves must be the table's), and calls `keep` with each proven
/// puzzle until it returns false or every class was seen. Returns the classes visited.
pub fn mine_morris3(
    sector: &Sector3,
    options: &morris::Options,
    cfg: &MineConfig,
    mut keep: impl FnMut(Found<Morris>) -> bool,
) -> usize {
    let classes: Vec<(u32, u32)> = sector
        .classes()
        .filter(|(_, v)| !matches!(v, MorrisValue::LossIn(_)))
        .map(|(class, _)| class)
        .collect();
    let n = classes.len();
    if n == 0 {
        return 0;
    }
    // A stride coprime to n visits every class once, from a seeded start.
    let mut rng = Rng(cfg.seed);
    let start = rng.below(n as u64) as usize;
    let mut stride = 1 + rng.below(n as u64) as usize;
    while gcd(stride, n) != 1 {
        stride += 1;
    }
    let mut prover = Prover::<Morris>::new(cfg.node_limit);
    let mut moves = Vec::new();
    let longest = 2 * cfg.max_win - 1;
    for k in 0..n {
        let (me, them) = classes[(start + k * stride) % n];
        let Some(q) = class_position(me, them, options) else {
            continue;
        };
        let Some(before) = sector.probe(&q) else {
            continue;
        };
        moves.clear();
        Morris::legal_moves(&q, &mut moves);
        for &mv in &moves {
            let mut p = q.clone();
            let _ = Morris::play(&mut p, mv);
            let Some(MorrisValue::WinIn(plies)) = sector.probe(&p) else {
                continue;
            };
            if !(LEAST_WIN_PLIES..=longest).contains(&plies) {
                continue;
            }
            let mut reply = Vec::new();
            Morris::legal_moves(&p, &mut reply);
            if reply.len() < 2 {
                continue;
            }
            let Some(c) = candidate(&mut prover, cfg, &q, &p, Some(u32::from(plies))) else {
                continue;
            };
            let was = match before {
                MorrisValue::Draw => "a draw".to_owned(),
                MorrisValue::WinIn(d) => format!("a win in {d}"),
                MorrisValue::LossIn(_) => continue,
            };
            let source = format!(
                "tables: 3v3 sector, {was} thrown away by {mv}, now a win in {plies} plies"
            );
            if c.varied.is_some() {
                continue;
            }
            if !keep(Found {
                position: p,
                objective: c.objective,
                proof: c.proof,
                source,
            }) {
                return k + 1;
            }
            // One puzzle per class: the next class is another position.
            break;
        }
    }
    n
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A random Oware board of `seeds` seeds with South to move and the rest of the 48 captured,
/// both sides below 25.
fn random_oware(
    rng: &mut Rng,
    seeds: u32,
    options: &mancala::Options,
) -> Option<mancala::Position> {
    let mut holes = [vec![0i64; 6], vec![0i64; 6]];
    for _ in 0..seeds {
        let h = rng.below(12) as usize;
        holes[h / 6][h % 6] += 1;
    }
    let rest = 48 - i64::from(seeds);
    // South's captures from rest-24 to 24, so that neither side has 25 yet.
    let low = (rest - 24).max(0);
    let high = rest.min(24);
    if low > high {
        return None;
    }
    let south = low + rng.below((high - low + 1) as u64) as i64;
    let setup = mancala::Setup {
        holes,
        captured: [south, rest - south],
        side_to_move: Side::South,
        ply: None,
    };
    let pos = mancala::Position::from_setup(&setup, *options).ok()?;
    (!pos.is_game_over()).then_some(pos)
}

/// Tries `tries` seeded random Oware boards of up to the tables' seeds (at least 4), under
/// `options` (the tables' rules), and calls `keep` with each proven puzzle until it returns
/// false. Returns the boards tried.
pub fn mine_oware(
    tables: &OwareTables,
    options: &mancala::Options,
    cfg: &MineConfig,
    tries: u64,
    mut keep: impl FnMut(Found<Mancala>) -> bool,
) -> u64 {
    let Some(most) = tables.max_seeds() else {
        return 0;
    };
    let most = most.min(48) as u64;
    if most < 4 {
        return 0;
    }
    let mut rng = Rng(cfg.seed ^ 0x006F_7761_7265);
    let mut prover = Prover::<Mancala>::new(cfg.node_limit);
    let mut moves = Vec::new();
    for t in 0..tries {
        let seeds = 4 + rng.below(most - 3) as u32;
        let Some(q) = random_oware(&mut rng, seeds, options) else {
            continue;
        };
        let Some(before) = tables.probe(&q).and_then(|p| p.verdict) else {
            continue;
        };
        if before == Verdict::Loss {
            continue;
        }
        moves.clear();
        Mancala::legal_moves(&q, &mut moves);
        for &mv in &moves {
            let mut p = q.clone();
            let _ = Mancala::play(&mut p, mv);
            if Mancala::verdict(&p).is_some() {
                continue;
            }
            let Some(Verdict::Win) = tables.probe(&p).and_then(|probe| probe.verdict) else {
                continue;
            };
            let mut reply = Vec::new();
            Mancala::legal_moves(&p, &mut reply);
            if reply.len() < 2 {
                continue;
            }
            let Some(c) = candidate(&mut prover, cfg, &q, &p, Some(1)) else {
                continue;
            };
            // One sowing that takes the seeds in sight is no puzzle: two solver moves at least.
            if c.varied.is_some() || c.proof.line.len() < 3 {
                continue;
            }
            let source = format!(
                "tables: {seeds} seeds on the board, {} thrown away by {mv}",
                if before == Verdict::Win {
                    "a win"
                } else {
                    "a draw"
                }
            );
            if !keep(Found {
                position: p,
                objective: c.objective,
                proof: c.proof,
                source,
            }) {
                return t + 1;
            }
            break;
        }
    }
    tries
}

/// The tables a rule set's puzzles are mined from, built (or read) for it.
pub enum TableSet {
    /// The Morabaraba 3v3 sector.
    Morris3(Sector3),
    /// Oware's tables of up to some seeds.
    Oware(OwareTables),
}

impl TableSet {
    /// Reads the tables `variant`'s mining needs from `dir`, building what is missing: the 3v3
    /// sector of a mill game (seconds), or Oware's tables of up to `oware_seeds` seeds (12: a
    /// few seconds; 15: under a minute).
    ///
    /// # Errors
    /// Rules without tables (Mulabalaba, an Oware rule set without a table family, a mill rule
    /// set whose 3v3 sector is not built), or the folder cannot be written.
    pub fn build_for(
        dir: &kraal_tables::TableDir,
        variant: crate::Variant,
        oware_seeds: usize,
    ) -> Result<TableSet, kraal_tables::TableError> {
        match variant {
            crate::Variant::Morris(r) => Ok(TableSet::Morris3(dir.build_morris3(&r.options())?.0)),
            crate::Variant::Mancala(r) => {
                let family = kraal_tables::OwareFamily::of(&r.options())?;
                Ok(TableSet::Oware(dir.build_oware(
                    family,
                    oware_seeds,
                    &mut |_| {},
                )?))
            }
        }
    }

    /// The generator's source for these tables.
    #[must_use]
    pub fn source(&self) -> crate::generate::Source<'_> {
        match self {
            TableSet::Morris3(sector) => crate::generate::Source::Morris3(sector),
            TableSet::Oware(tables) => crate::generate::Source::Oware(tables),
        }
    }
}
