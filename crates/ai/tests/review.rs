//! Game review: scores against plain negamax, marks by the documented curve, proven results
//! thrown away, bad games refused, and a stopped review.

use kraal_ai::review::{
    GameReview, IllegalInGame, Mark, ReviewConfig, ReviewScale, Thrown, review,
};
use kraal_ai::search::alphabeta::raw_score;
use kraal_ai::{Game, Limits, Mancala, Morris, Oracle, Score, StopFlag, Verdict, reference_value};
use kraal_rules_mancala::{Options as MancalaOptions, Position as MancalaPosition};
use kraal_rules_morris::{Options, Position};
use std::sync::Arc;

fn config<G: Game>(depth: u32, scale: ReviewScale) -> ReviewConfig<G> {
    ReviewConfig {
        limits: Limits::depth(depth),
        scale,
        oracle: None,
    }
}

fn run<G: Game>(
    start: &G::State,
    moves: &[G::Move],
    config: &ReviewConfig<G>,
) -> Result<GameReview<G::Move>, IllegalInGame> {
    review::<G>(start, moves, config, &StopFlag::new(), &mut |_, _| {})
}

/// A small deterministic generator, so the games are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A seeded random game of `plies` moves (fewer if it ends) and the positions it passes.
fn random_game<G: Game>(
    start: &G::State,
    plies: usize,
    seed: u64,
) -> (Vec<G::Move>, Vec<G::State>) {
    let mut rng = Rng(seed);
    let mut state = start.clone();
    let (mut moves, mut positions) = (Vec::new(), vec![state.clone()]);
    let mut legal = Vec::new();
    for _ in 0..plies {
        legal.clear();
        G::legal_moves(&state, &mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let _ = G::play(&mut state, mv);
        moves.push(mv);
        positions.push(state.clone());
    }
    (moves, positions)
}

/// The expected result as docs/review.md defines it, written out again here.
fn expected(raw: i32, unit: f64) -> f64 {
    match Score::from_raw(raw) {
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
        Score::Value(v) => 1.0 / (1.0 + (-f64::from(v) / unit).exp()),
    }
}

fn oware_without_cycles() -> MancalaPosition {
    MancalaPosition::new(MancalaOptions::from_rule_set("abapa", &["cycle=off"]).expect("abapa"))
}

#[test]
fn every_score_is_the_plain_negamax_value_and_marks_follow_the_drop() {
    let start = oware_without_cycles();
    let (moves, positions) = random_game::<Mancala>(&start, 24, 0x5eed_0001);
    let scale = ReviewScale::OWARE;
    let reviewed = run::<Mancala>(&start, &moves, &config(3, scale)).expect("legal game");
    assert!(reviewed.complete);
    assert_eq!(reviewed.moves.len(), moves.len());
    let mut marked = 0;
    for (i, m) in reviewed.moves.iter().enumerate() {
        let before = reference_value::<Mancala>(&positions[i], 3);
        let after = -reference_value::<Mancala>(&positions[i + 1], 3);
        assert_eq!(raw_score(m.before), before, "ply {} before", m.ply);
        assert_eq!(raw_score(m.after), after, "ply {} after", m.ply);
        assert_eq!(m.played, moves[i]);
        assert_eq!(m.mover, Mancala::side_to_move(&positions[i]));
        if m.mark == Mark::Best {
            assert!(m.best.is_none() && m.line.is_empty());
            continue;
        }
        let drop = expected(before, scale.unit) - expected(after, scale.unit);
        let want = if m.thrown.is_some() || drop >= 0.30 {
            Mark::Blunder
        } else if drop >= 0.20 {
            Mark::Mistake
        } else if drop >= 0.10 {
            Mark::Inaccuracy
        } else {
            Mark::Good
        };
        assert_eq!(m.mark, want, "ply {}: drop {drop:.3}", m.ply);
        assert_ne!(m.best, Some(m.played), "ply {}", m.ply);
        assert_eq!(m.line.first().copied(), m.best, "ply {}", m.ply);
        marked += usize::from(m.mark.is_marked());
    }
    // Random moves err often: the test would prove nothing if none were marked.
    assert!(
        marked >= 3,
        "only {marked} of {} random moves marked",
        moves.len()
    );
}

#[test]
fn missing_a_win_in_one_is_a_blunder_that_lets_a_forced_win_go() {
    // fixtures/puzzles.txt: closing a1-d1-g1 and shooting wins at once (Black has three cows).
    let options = Options::from_rule_set::<&str>("morabaraba", &[]).expect("morabaraba");
    let start = Position::from_position_string("a1,b4,d1,g4/c3,c4,e5 0:0 w", options).expect("ok");
    let slow = start.parse_move("b4-a4").expect("legal");
    let reviewed = run::<Morris>(&start, &[slow], &config(3, ReviewScale::MORRIS)).expect("legal");
    let m = &reviewed.moves[0];
    assert_eq!(m.before, Score::WinIn(1));
    assert_eq!(m.thrown, Some(Thrown::ForcedWin));
    assert_eq!(m.mark, Mark::Blunder);
    let best = m.best.expect("a best move").to_string();
    assert!(best.starts_with("g4-g1x"), "best was {best}");
    assert_eq!(m.mark.symbol(), "??");

    let win = start.parse_move(&best).expect("legal");
    let reviewed = run::<Morris>(&start, &[win], &config(3, ReviewScale::MORRIS)).expect("legal");
    assert_eq!(reviewed.moves[0].mark, Mark::Best);
    // Counted from the position after the move: the game is won there.
    assert_eq!(reviewed.moves[0].after, Score::WinIn(0));
}

/// An oracle that knows one thing: the position before `key` moves is won for the mover, and
/// every other position it is asked about is a draw.
struct Knows(MancalaPosition);

impl Oracle<Mancala> for Knows {
    fn probe(&self, _: &MancalaPosition, _: u32) -> Option<i32> {
        None
    }

    fn verdict(&self, state: &MancalaPosition) -> Option<Verdict> {
        Some(
            if state.to_position_string() == self.0.to_position_string() {
                Verdict::Win
            } else {
                Verdict::Draw
            },
        )
    }
}

#[test]
fn where_the_tables_know_both_positions_they_decide() {
    let start = oware_without_cycles();
    let (moves, _) = random_game::<Mancala>(&start, 1, 7);
    let mut cfg = config::<Mancala>(2, ReviewScale::OWARE);
    cfg.oracle = Some(Arc::new(Knows(start.clone())));
    let reviewed = run::<Mancala>(&start, &moves, &cfg).expect("legal");
    let m = &reviewed.moves[0];
    assert_eq!(m.table_before, Some(Verdict::Win));
    assert_eq!(m.thrown, Some(Thrown::TableWin));
    assert_eq!(m.mark, Mark::Blunder);
    assert_eq!(Thrown::TableWin.to_string(), "threw away a table win");
}

#[test]
fn a_move_that_is_not_legal_names_its_ply() {
    let start = oware_without_cycles();
    let (mut moves, _) = random_game::<Mancala>(&start, 4, 11);
    // The second move again as the third: it is the other side's house now, or empty.
    moves[2] = moves[0];
    moves.truncate(3);
    let err = run::<Mancala>(&start, &moves, &config(2, ReviewScale::OWARE))
        .expect_err("an illegal third move");
    assert_eq!(err.ply, 3);
    assert!(err.to_string().contains("move 3"), "{err}");
}

#[test]
fn a_stopped_review_keeps_what_it_reviewed() {
    let start = oware_without_cycles();
    let (moves, _) = random_game::<Mancala>(&start, 12, 3);
    let stop = StopFlag::new();
    let mut seen = Vec::new();
    let cfg = config::<Mancala>(2, ReviewScale::OWARE);
    let reviewed = review::<Mancala>(&start, &moves, &cfg, &stop, &mut |done, total| {
        seen.push((done, total));
        if done == 5 {
            stop.stop();
        }
    })
    .expect("legal");
    assert!(!reviewed.complete);
    assert_eq!(
        reviewed.moves.len(),
        4,
        "five positions searched: four moves"
    );
    assert_eq!(seen.last(), Some(&(5, moves.len() + 1)));
}

#[test]
fn the_scales_expect_a_half_at_an_even_score_and_rise() {
    for scale in [
        ReviewScale::MORRIS,
        ReviewScale::OWARE,
        ReviewScale::MULABALABA,
    ] {
        assert!((scale.expected(Score::Value(0)) - 0.5).abs() < 1e-12);
        assert!(scale.expected(Score::Value(1_000)) > 0.5);
        assert!(scale.expected(Score::Value(-1_000)) < 0.5);
        assert_eq!(scale.expected(Score::WinIn(9)), 1.0);
        assert_eq!(scale.expected(Score::LossIn(2)), 0.0);
        assert_eq!(scale.mark(0.05), Mark::Good);
        assert_eq!(scale.mark(0.10), Mark::Inaccuracy);
        assert_eq!(scale.mark(0.25), Mark::Mistake);
        assert_eq!(scale.mark(0.5), Mark::Blunder);
    }
}
