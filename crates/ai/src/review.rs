//! Game review: every move of a game scored against the engine's best, and marked by how much
//! it dropped the mover's expected result.
//!
//! Each position of the game is searched once, within the same limits. The best score of the
//! position before a move is what the mover could have had; the negated score of the position
//! after it is what the move kept. Both become an expected result (1 a win, ½ a draw, 0 a
//! loss) through a logistic curve of the evaluation, whose scale is the game's
//! ([`ReviewScale`]); the drop between them decides the [`Mark`]. Where an [`Oracle`] knows the
//! exact result of both positions, that result decides instead ("threw away a table win").
//!
//! Searches run without late-move reductions or futility pruning, so a score at the depth
//! reached is the exact negamax value at that depth.

use crate::game::{Game, Verdict};
use crate::limits::{Limits, StopFlag};
use crate::search::Score;
use crate::search::alphabeta::{SearchConfig, Searcher};
use crate::tables::Oracle;
use std::fmt;
use std::sync::Arc;

/// How a review turns scores into expected results and marks, for one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewScale {
    /// The evaluation at which the side to move expects about 73% (the logistic curve's unit):
    /// 1,000 is about one cow or seed.
    pub unit: f64,
    /// The smallest drop of the expected result (0 to 1) marked an inaccuracy (`?!`).
    pub inaccuracy: f64,
    /// The smallest drop marked a mistake (`?`).
    pub mistake: f64,
    /// The smallest drop marked a blunder (`??`).
    pub blunder: f64,
}

impl ReviewScale {
    /// The mill games: a cow up (1,000) is about 65% (the unit is 1,600), and drops of 10,
    /// 20 and 30 points of expected result are an inaccuracy, a mistake and a blunder.
    pub const MORRIS: ReviewScale = ReviewScale {
        unit: 1_600.0,
        inaccuracy: 0.10,
        mistake: 0.20,
        blunder: 0.30,
    };
    /// Oware: 48 seeds, 25 win, so a seed weighs less than a cow: five seeds up is about 80%
    /// (the unit is 3,500).
    pub const OWARE: ReviewScale = ReviewScale {
        unit: 3_500.0,
        inaccuracy: 0.10,
        mistake: 0.20,
        blunder: 0.30,
    };
    /// Mulabalaba: captures take whole rows of seeds at once, so swings are larger: eight
    /// seeds up is about 70% (the unit is 6,000).
    pub const MULABALABA: ReviewScale = ReviewScale {
        unit: 6_000.0,
        inaccuracy: 0.10,
        mistake: 0.20,
        blunder: 0.30,
    };

    /// The expected result of `score` for the side it belongs to: 1 for a proven win, 0 for a
    /// proven loss, a logistic curve of the evaluation between.
    #[must_use]
    pub fn expected(&self, score: Score) -> f64 {
        match score {
            Score::WinIn(_) => 1.0,
            Score::LossIn(_) => 0.0,
            Score::Value(v) => 1.0 / (1.0 + (-f64::from(v) / self.unit).exp()),
        }
    }

    /// The mark a drop of the expected result earns.
    #[must_use]
    pub fn mark(&self, drop: f64) -> Mark {
        if drop >= self.blunder {
            Mark::Blunder
        } else if drop >= self.mistake {
            Mark::Mistake
        } else if drop >= self.inaccuracy {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }
}

/// How a move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// The engine's own choice.
    Best,
    /// Worse than the best, but by less than an inaccuracy.
    Good,
    /// `?!`: dropped the expected result a little.
    Inaccuracy,
    /// `?`: dropped it clearly.
    Mistake,
    /// `??`: dropped it a lot, or threw away a proven result.
    Blunder,
}

impl Mark {
    /// The annotation written after the move: `?!`, `?`, `??`, or nothing.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Best | Mark::Good => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark's name in lower case (`blunder`), for text and JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Whether the move is marked at all (an inaccuracy or worse).
    #[must_use]
    pub const fn is_marked(self) -> bool {
        matches!(self, Mark::Inaccuracy | Mark::Mistake | Mark::Blunder)
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A proven result the move gave away, by the tables or by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Thrown {
    /// The tables said the mover wins; after the move they no longer do.
    TableWin,
    /// The tables said the mover holds the draw; after the move the mover loses.
    TableDraw,
    /// The search had found a forced win; after the move it finds none.
    ForcedWin,
    /// The search had found no forced loss; after the move it finds one.
    IntoForcedLoss,
}

impl Thrown {
    /// A short phrase for the player: "threw away a table win".
    #[must_use]
    pub const fn phrase(self) -> &'static str {
        match self {
            Thrown::TableWin => "threw away a table win",
            Thrown::TableDraw => "threw away a table draw",
            Thrown::ForcedWin => "let a forced win go",
            Thrown::IntoForcedLoss => "walked into a forced loss",
        }
    }

    /// The phrase's name in kebab case (`table-win`), for JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Thrown::TableWin => "table-win",
            Thrown::TableDraw => "table-draw",
            Thrown::ForcedWin => "forced-win",
            Thrown::IntoForcedLoss => "into-forced-loss",
        }
    }
}

impl fmt::Display for Thrown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.phrase())
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// The move's number in the game, from 1.
    pub ply: usize,
    /// Who played it: 0 the first player, 1 the second.
    pub mover: usize,
    /// The move played.
    pub played: M,
    /// The best score the mover had before the move, for the mover.
    pub before: Score,
    /// The score the move kept, for the mover: the position after it, seen from the mover, with
    /// distances counted from there (`WinIn(0)`: the move won).
    pub after: Score,
    /// The engine's best move, where it differs from the move played.
    pub best: Option<M>,
    /// The engine's line from the best move, where it differs from the move played.
    pub line: Vec<M>,
    /// The mover's expected result before the move (0 to 1).
    pub expected_before: f64,
    /// The mover's expected result after it.
    pub expected_after: f64,
    /// How the move is judged.
    pub mark: Mark,
    /// The proven result the move gave away, if any.
    pub thrown: Option<Thrown>,
    /// What the tables say of the position before the move, for the mover, where they know.
    pub table_before: Option<Verdict>,
    /// The depth the search of the position before the move reached.
    pub depth: u32,
}

impl<M> MoveReview<M> {
    /// How much the move dropped the mover's expected result (never below 0).
    #[must_use]
    pub fn drop(&self) -> f64 {
        (self.expected_before - self.expected_after).max(0.0)
    }
}

/// A whole review, or as much of it as ran before it was stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview<M> {
    /// The moves reviewed, in order.
    pub moves: Vec<MoveReview<M>>,
    /// Whether every move was reviewed (false: stopped early).
    pub complete: bool,
}

impl<M> GameReview<M> {
    /// How many of `side`'s moves earned each mark: inaccuracies, mistakes, blunders.
    #[must_use]
    pub fn tally(&self, side: usize) -> [usize; 3] {
        let mut tally = [0; 3];
        for m in self.moves.iter().filter(|m| m.mover == side) {
            match m.mark {
                Mark::Inaccuracy => tally[0] += 1,
                Mark::Mistake => tally[1] += 1,
                Mark::Blunder => tally[2] += 1,
                Mark::Best | Mark::Good => {}
            }
        }
        tally
    }
}

/// A move of the game cannot be played where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalInGame {
    /// The move's number, from 1.
    pub ply: usize,
    /// The move, as text.
    pub played: String,
}

impl fmt::Display for IllegalInGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}) is not legal where it was played",
            self.ply, self.played
        )
    }
}

impl std::error::Error for IllegalInGame {}

/// What a review searches with.
#[derive(Clone)]
pub struct ReviewConfig<G: Game> {
    /// The limits of each position's search.
    pub limits: Limits,
    /// How scores become expected results and marks.
    pub scale: ReviewScale,
    /// Exact values, where tables are loaded.
    pub oracle: Option<Arc<dyn Oracle<G>>>,
}

/// Reviews the game that starts at `start` and plays `moves`, within `config`. `progress` is
/// told after each position searched (positions done, positions in all); raising `stop` ends
/// the review early, and the moves reviewed by then are returned with `complete` false.
///
/// # Errors
/// A move that is not legal where it stands.
pub fn review<G: Game>(
    start: &G::State,
    moves: &[G::Move],
    config: &ReviewConfig<G>,
    stop: &StopFlag,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview<G::Move>, IllegalInGame> {
    // The positions, checked before any search: a bad record fails at once.
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    let mut legal = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let mut next = positions[i].clone();
        legal.clear();
        G::legal_moves(&next, &mut legal);
        if !legal.contains(&mv) {
            return Err(IllegalInGame {
                ply: i + 1,
                played: mv.to_string(),
            });
        }
        let _ = G::play(&mut next, mv);
        positions.push(next);
    }

    let search_config = SearchConfig {
        reductions: false,
        table_megabytes: 32,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::<G>::new(search_config);
    searcher.set_stop_flag(stop.clone());
    searcher.set_oracle(config.oracle.clone());

    let total = positions.len();
    let mut searched = Vec::with_capacity(total);
    for (i, pos) in positions.iter().enumerate() {
        if stop.is_stopped() {
            break;
        }
        let report = searcher.search(pos, config.limits);
        // A search stopped before its first iteration proves nothing.
        if stop.is_stopped() && report.depth == 0 && G::verdict(pos).is_none() {
            break;
        }
        searched.push(report);
        progress(i + 1, total);
    }

    let table = |state: &G::State| config.oracle.as_ref().and_then(|o| o.verdict(state));
    let mut reviewed = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let (Some(here), Some(next)) = (searched.get(i), searched.get(i + 1)) else {
            break;
        };
        let before = here.score;
        let after = flip(next.score);
        let scale = config.scale;
        let expected_before = scale.expected(before);
        let expected_after = scale.expected(after);
        let table_before = table(&positions[i]);
        let table_after = table(&positions[i + 1]).map(Verdict::flip);
        let thrown = thrown(before, after, table_before, table_after);
        let best_is_played = here.best == Some(played);
        let mark = if thrown.is_some() {
            Mark::Blunder
        } else if best_is_played {
            Mark::Best
        } else {
            scale.mark(expected_before - expected_after)
        };
        reviewed.push(MoveReview {
            ply: i + 1,
            mover: G::side_to_move(&positions[i]),
            played,
            before,
            after,
            best: if best_is_played { None } else { here.best },
            line: if best_is_played {
                Vec::new()
            } else {
                here.pv.clone()
            },
            expected_before,
            expected_after,
            mark,
            thrown,
            table_before,
            depth: here.depth,
        });
    }
    let complete = reviewed.len() == moves.len();
    Ok(GameReview {
        moves: reviewed,
        complete,
    })
}

/// A score seen from the other side.
fn flip(score: Score) -> Score {
    match score {
        Score::WinIn(n) => Score::LossIn(n),
        Score::LossIn(n) => Score::WinIn(n),
        Score::Value(v) => Score::Value(-v),
    }
}

/// The proven result a move gave away: the tables decide where they know both positions, the
/// search's proven scores otherwise.
fn thrown(
    before: Score,
    after: Score,
    table_before: Option<Verdict>,
    table_after: Option<Verdict>,
) -> Option<Thrown> {
    if let (Some(b), Some(a)) = (table_before, table_after) {
        return match (b, a) {
            (Verdict::Win, Verdict::Draw | Verdict::Loss) => Some(Thrown::TableWin),
            (Verdict::Draw, Verdict::Loss) => Some(Thrown::TableDraw),
            _ => None,
        };
    }
    match (before, after) {
        (Score::WinIn(_), Score::WinIn(_)) | (Score::LossIn(_), _) => None,
        (Score::WinIn(_), _) => Some(Thrown::ForcedWin),
        (Score::Value(_), Score::LossIn(_)) => Some(Thrown::IntoForcedLoss),
        (Score::Value(_), _) => None,
    }
}
