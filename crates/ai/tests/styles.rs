//! The opponents' characters: a style changes play the way it says, the neutral style is the
//! plain evaluation, the choice among near-best moves replays by seed and never takes a move
//! proved lost.
//!
//! The style positions were found by seeded random play, keeping those where the neutral search
//! and the styled one (to depth 4 in Oware, 3 in Morabaraba, nothing pruned by guesswork)
//! disagree; what each move
//! does (captures, the biggest house, the opponent's seeds, shots, pairs, double threats, a mill
//! opened) is read from the rules crate or counted naively here, not by the evaluation under
//! test.

use kraal_ai::search::alphabeta::reference_move_value;
use kraal_ai::{
    Game, Limits, Mancala, Morris, OPPONENTS, Opponent, SearchConfig, Searcher, Weighting, mancala,
};
use kraal_rules_mancala::{Move, Options, Position};
use kraal_rules_morris::{Color, Move as MorrisMove};

mod common;
use common::{Rng, random_play, random_playouts};

/// Positions of every mancala rule set reached by seeded random play.
fn random_mancala_positions(count: usize, seed: u64) -> Vec<Position> {
    let starts: Vec<Position> = kraal_rules_mancala::RuleSet::ALL
        .iter()
        .map(|r| Position::new(Options::from_rule_set(r.name(), &[] as &[&str]).expect("valid")))
        .collect();
    random_playouts::<Mancala>(&starts, count, 80, seed)
}

#[test]
fn the_neutral_weighting_is_the_plain_evaluation() {
    for pos in random_mancala_positions(3_000, 17) {
        assert_eq!(
            mancala::evaluate_with(&pos, &Weighting::NEUTRAL),
            Mancala::evaluate(&pos),
            "{}",
            pos.to_position_string()
        );
    }
}

#[test]
fn a_weighting_changes_the_evaluation_by_its_percentages() {
    // Oware captures alone at 200%: twice the captured-seeds term (1,000 a seed) added.
    let pos = oware("4,4,4,4,4,0/4,4,4,4,4,4 4:0 n");
    let doubled = Weighting::NEUTRAL.oware(mancala::OWARE_CAPTURED, 200);
    // North to move; South has captured 4: the term is 4 seeds against North.
    assert_eq!(
        mancala::evaluate_with(&pos, &doubled),
        Mancala::evaluate(&pos) - 4_000
    );
}

fn oware(text: &str) -> Position {
    let options = Options::from_rule_set("abapa", &[] as &[&str]).expect("rules");
    Position::from_position_string(text, options).expect("position")
}

/// The move a search to depth 4 of `style` (none: neutral) plays.
fn best(pos: &Position, style: Option<Weighting>) -> Move {
    let mut searcher = Searcher::<Mancala>::new(SearchConfig {
        style,
        reductions: false,
        aspiration: false,
        ..SearchConfig::default()
    });
    searcher.search(pos, Limits::depth(4)).best.expect("a move")
}

fn after(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    let _ = Mancala::play(&mut next, mv);
    next
}

#[test]
fn the_herd_boy_captures_now_where_the_neutral_search_waits() {
    let pos = oware("3,1,6,5,0,2/11,6,1,1,10,2 0:0 n");
    let me = pos.side_to_move();
    let neutral = best(&pos, None);
    let grabber = best(&pos, Some(*OPPONENTS[1].style));
    assert_eq!(after(&pos, neutral).captured(me), 0, "neutral {neutral}");
    assert!(after(&pos, grabber).captured(me) > 0, "Herd Boy {grabber}");
}

#[test]
fn the_herder_keeps_a_bigger_house_than_the_neutral_search() {
    let pos = oware("4,9,3,2,0,2/1,0,0,11,3,10 0:3 s");
    let me = pos.side_to_move();
    let biggest = |p: &Position| p.row(me).iter().copied().max().unwrap_or(0);
    let (neutral, hoarder) = (best(&pos, None), best(&pos, Some(*OPPONENTS[2].style)));
    let (n, h) = (after(&pos, neutral), after(&pos, hoarder));
    assert!(
        biggest(&h) > biggest(&n),
        "neutral {neutral}, Herder {hoarder}"
    );
    assert_eq!(n.captured(me), h.captured(me), "the same captures");
}

#[test]
fn the_kraal_keeper_leaves_the_opponent_fewer_seeds_than_the_neutral_search() {
    let pos = oware("1,7,5,0,6,1/6,1,7,1,7,6 0:0 n");
    let me = pos.side_to_move();
    let (neutral, starver) = (best(&pos, None), best(&pos, Some(*OPPONENTS[3].style)));
    let (n, s) = (after(&pos, neutral), after(&pos, starver));
    assert!(
        s.seeds_on_side(me.other()) < n.seeds_on_side(me.other()),
        "neutral {neutral}, Kraal Keeper {starver}"
    );
    assert_eq!(n.captured(me), s.captured(me), "the same captures");
}

#[test]
fn the_choice_replays_by_seed_and_varies_between_seeds() {
    let start = Position::new(Options::from_rule_set("abapa", &[] as &[&str]).expect("rules"));
    let herd_boy = Opponent::level(2).expect("level 2");
    let mut player = herd_boy.player::<Mancala>();
    let mut again = herd_boy.player::<Mancala>();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let mv = player.choose(&start, seed).mv.expect("a move");
        assert_eq!(again.choose(&start, seed).mv, Some(mv), "seed {seed}");
        seen.insert(mv);
    }
    assert!(seen.len() > 1, "one move for every seed: {seen:?}");
    // The strongest always play their best move.
    let mut chief = Opponent::level(6).expect("level 6").player::<Mancala>();
    let first = chief.choose(&start, 0).mv;
    assert!((1..5).all(|seed| chief.choose(&start, seed).mv == first));
}

#[test]
fn the_choice_never_takes_a_move_proved_lost_when_another_is_not() {
    // Black, three cows and flying, none two on a line: White threatens d7-a7, closing
    // a1-a4-a7 and shooting Black down to two. Flying a cow to a7 saves; every other move loses.
    let options = kraal_rules_morris::Options::default();
    let pos = kraal_rules_morris::Position::from_position_string(
        "a1,a4,g1,d7,c3/b6,d2,f4 0:0 b",
        options,
    )
    .expect("position");
    let mut moves = Vec::new();
    Morris::legal_moves(&pos, &mut moves);
    // A plain negamax to depth 2 (Black's move and White's reply) says which moves lose.
    let lost = |mv| reference_move_value::<Morris>(&pos, mv, 2) < -900_000;
    assert!(moves.iter().any(|&m| lost(m)), "some move loses");
    assert!(moves.iter().any(|&m| !lost(m)), "some move saves");
    for level in 2..=4 {
        let mut player = Opponent::level(level).expect("level").player::<Morris>();
        for seed in 0..30 {
            let mv = player.choose(&pos, seed).mv.expect("a move");
            assert!(!lost(mv), "level {level}, seed {seed}: {mv} loses");
        }
    }
}

fn morris(text: &str) -> kraal_rules_morris::Position {
    kraal_rules_morris::Position::from_position_string(text, kraal_rules_morris::Options::default())
        .expect("position")
}

/// The move a search to depth 3 of `style` (none: neutral) plays in a mill game.
fn morris_best(pos: &kraal_rules_morris::Position, style: Option<Weighting>) -> MorrisMove {
    let mut searcher = Searcher::<Morris>::new(SearchConfig {
        style,
        reductions: false,
        aspiration: false,
        ..SearchConfig::default()
    });
    searcher.search(pos, Limits::depth(3)).best.expect("a move")
}

/// Mills holding two cows of `colour` and none of the other's (counted naively).
fn pairs(pos: &kraal_rules_morris::Position, colour: Color) -> usize {
    let (own, other) = (pos.cow_bits(colour), pos.cow_bits(colour.other()));
    let mills = pos.board().mill_bits();
    mills
        .iter()
        .filter(|&&m| (own & m).count_ones() == 2 && other & m == 0)
        .count()
}

/// Empty points that would close two mills of `colour` at once (counted naively).
fn double_points(pos: &kraal_rules_morris::Position, colour: Color) -> u32 {
    let (own, other) = (pos.cow_bits(colour), pos.cow_bits(colour.other()));
    let (mut gaps, mut double) = (0u32, 0u32);
    for &m in pos.board().mill_bits() {
        if (own & m).count_ones() == 2 && other & m == 0 {
            let gap = m & !own;
            double |= gaps & gap;
            gaps |= gap;
        }
    }
    double.count_ones()
}

#[test]
fn the_neutral_weighting_is_the_plain_evaluation_in_the_mill_games() {
    let mut rng = Rng(5);
    let start = kraal_rules_morris::Position::new(kraal_rules_morris::Options::default());
    for _ in 0..2_000 {
        let pos = random_play::<Morris>(&start, &mut rng, 70);
        assert_eq!(
            kraal_ai::morris::evaluate_with(&pos, &Weighting::NEUTRAL),
            Morris::evaluate(&pos),
            "{}",
            pos.to_position_string()
        );
    }
}

#[test]
fn the_herd_boy_shoots_where_the_neutral_search_does_not() {
    // White can close g1-f2-e3 with f2 and shoot; the neutral search places elsewhere (a1,
    // which opens a1-d1-g1 beside the diagonal: two mills to close, one block).
    let pos = morris("e3,g1/d2,g7 10:10 w - 0 0");
    let neutral = morris_best(&pos, None);
    let shooter = morris_best(&pos, Some(*OPPONENTS[1].style));
    assert_eq!(neutral.shot_bits(), 0, "neutral {neutral}");
    assert_ne!(shooter.shot_bits(), 0, "Herd Boy {shooter}");
}

#[test]
fn the_herder_blocks_a_pair_the_neutral_search_leaves_open() {
    // White's e3 and e4 share e3-e4-e5: the Herder places on e5.
    let pos = morris("e3,e4,f6/d5,g7 9:10 b - 0 0");
    let (neutral, blocker) = (
        morris_best(&pos, None),
        morris_best(&pos, Some(*OPPONENTS[2].style)),
    );
    let after = |mv| {
        let mut p = pos.clone();
        let _ = Morris::play(&mut p, mv);
        pairs(&p, Color::White)
    };
    assert!(
        after(blocker) < after(neutral),
        "neutral {neutral}, Herder {blocker}"
    );
}

#[test]
fn the_kraal_keeper_makes_more_double_threats_than_the_neutral_search() {
    let pos = morris("c4,c5,d3,d5,d6,d7,g1/a4,b2,b6,c3,d1,e3,g4,g7 0:0 w - 0 1");
    let neutral = morris_best(&pos, None);
    let builder = morris_best(&pos, Some(*OPPONENTS[3].style));
    let after = |mv| {
        let mut p = pos.clone();
        let _ = Morris::play(&mut p, mv);
        double_points(&p, Color::White)
    };
    assert!(
        after(builder) > after(neutral),
        "neutral {neutral}, Kraal Keeper {builder}"
    );
}

#[test]
fn the_mill_runner_runs_a_mill_open_where_the_neutral_search_does_not() {
    // Black's b6-d6-f6 is closed; f6-f4 opens it, to shut it again next turn.
    let pos = morris("a4,a7,b4,c3,d2,d5,d7,g7/b2,b6,c4,d1,d6,e5,f2,f6,g4 0:0 b - 0 12");
    let own = pos.cow_bits(Color::Black);
    let opens = |mv: MorrisMove| {
        mv.from().is_some_and(|from| {
            let mills = pos.board().mill_bits();
            mills
                .iter()
                .any(|&m| own & m == m && m & (1 << from.index()) != 0)
        })
    };
    let runner = Some(kraal_ai::opponents::MILL_RUNNER);
    let (neutral, runner) = (morris_best(&pos, None), morris_best(&pos, runner));
    assert!(!opens(neutral), "neutral {neutral}");
    assert!(opens(runner), "mill runner {runner}");
}
