//! The pack format: errors name the line and the tag; writing and reading round-trip.

use kraal_puzzles::{
    Board, Date, Objective, Problem, Puzzle, Theme, Variant, parse_pack, write_pack,
};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use proptest::prelude::*;

const GOOD: &str = r#"# a comment
[Id "t-1"]
[Game "morabaraba"]
[Rules "morabaraba"]
[Position "a7,b2,b4,d2,g1/b6,e4,f2 0:0 w"]
[Objective "win in 2"]
[Side "white"]
[Solution "b2-a1"]
[Rating "1000"]
[Added "2026-12-01"]
"#;

fn error_of(text: &str) -> kraal_puzzles::FormatError {
    parse_pack(text).unwrap_err()
}

#[test]
fn a_good_block_reads() {
    let p = parse_pack(GOOD).unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].objective, Objective::WinIn(2));
    assert_eq!(p[0].board.line_text(), ["b2-a1"]);
    assert_eq!(p[0].added.to_string(), "2026-12-01");
}

#[test]
fn errors_name_the_line_and_the_tag() {
    let e = error_of(&GOOD.replace("win in 2", "win in 99"));
    assert_eq!((e.line, e.tag.as_deref()), (6, Some("Objective")));
    let e = error_of(&GOOD.replace("b2-a1", "b2-b3"));
    assert_eq!((e.line, e.tag.as_deref()), (8, Some("Solution")));
    assert!(
        e.to_string()
            .starts_with("line 8, tag Solution: move 1 (b2-b3)"),
        "{e}"
    );
    let e = error_of(&GOOD.replace("0:0 w", "0:0 q"));
    assert_eq!((e.line, e.tag.as_deref()), (5, Some("Position")));
    let e = error_of(&GOOD.replace("\"white\"", "\"black\""));
    assert_eq!((e.line, e.tag.as_deref()), (7, Some("Side")));
    let e = error_of(&GOOD.replace("[Rating \"1000\"]\n", ""));
    assert_eq!(e.problem, Problem::Missing("Rating"));
    let e = error_of(&GOOD.replace("[Rating", "[Ratting"));
    assert_eq!((e.line, e.problem), (9, Problem::UnknownTag));
    let e = error_of(&GOOD.replace("[Rating \"1000\"]", "Rating 1000"));
    assert_eq!((e.line, e.problem), (9, Problem::NotATag));
    let e = error_of(&GOOD.replace("2026-12-01", "2026-02-30"));
    assert_eq!((e.line, e.tag.as_deref()), (10, Some("Added")));
    let e = error_of(&GOOD.replace("\"morabaraba\"]\n[Position", "\"abapa\"]\n[Position"));
    assert_eq!((e.line, e.tag.as_deref()), (4, Some("Rules")));
    let e = error_of(&GOOD.replace("win in 2", "capture 2 in 1"));
    assert!(
        e.to_string().contains("not an objective of morabaraba"),
        "{e}"
    );
    let e = error_of(&format!("{GOOD}\n{GOOD}"));
    assert_eq!(e.problem, Problem::DuplicateId("t-1".to_owned()));
    let e = error_of(&GOOD.replace("[Added", "[Rating \"2\"]\n[Added"));
    assert_eq!((e.line, e.problem), (10, Problem::Repeated));
}

/// A position reached by `plies` seeded random moves, read back from its string, with a line
/// of up to three legal moves from it.
fn random_board(mill: bool, seed: u64, plies: usize, line_len: usize) -> Option<Board> {
    let mut x = seed | 1;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    if mill {
        let opts = morris::RuleSet::Morabaraba.options();
        let mut p = morris::Position::new(opts);
        for _ in 0..plies {
            let m = p.legal_moves();
            if m.is_empty() {
                break;
            }
            p = p.play(m[next(m.len())]).ok()?;
        }
        let position =
            morris::Position::from_position_string(&p.to_position_string(), opts).ok()?;
        let mut at = position.clone();
        let mut line = Vec::new();
        for _ in 0..line_len {
            let m = at.legal_moves();
            if m.is_empty() {
                break;
            }
            let mv = m[next(m.len())];
            line.push(mv);
            at = at.play(mv).ok()?;
        }
        (!line.is_empty()).then_some(Board::Morris { position, line })
    } else {
        let opts = mancala::RuleSet::Abapa.options();
        let mut p = mancala::Position::new(opts);
        for _ in 0..plies {
            let m = p.legal_moves();
            if m.is_empty() {
                break;
            }
            p = p.play(m[next(m.len())]).ok()?;
        }
        let position =
            mancala::Position::from_position_string(&p.to_position_string(), opts).ok()?;
        let mut at = position.clone();
        let mut line = Vec::new();
        for _ in 0..line_len {
            let m = at.legal_moves();
            if m.is_empty() {
                break;
            }
            let mv = m[next(m.len())];
            line.push(mv);
            at = at.play(mv).ok()?;
        }
        (!line.is_empty()).then_some(Board::Mancala { position, line })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn writing_then_reading_gives_the_same_puzzles(
        mill in any::<bool>(),
        seed in any::<u64>(),
        plies in 0usize..60,
        line_len in 1usize..4,
        n in 1u8..6,
        k in 1u8..5,
        which in 0usize..3,
        themes in proptest::collection::btree_set(0usize..10, 0..4),
        rating in 100u16..4000,
        days in 0i64..40_000,
        source in "[ -~]{0,30}",
    ) {
        let Some(board) = random_board(mill, seed, plies, line_len) else {
            return Ok(());
        };
        let objective = match (which, mill) {
            (0, _) => Objective::WinIn(n),
            (1, _) => Objective::Hold(n),
            (_, true) => Objective::Shots { amount: k, moves: n },
            (_, false) => Objective::Capture { amount: k, moves: n },
        };
        let variant = if mill {
            Variant::Morris(morris::RuleSet::Morabaraba)
        } else {
            Variant::Mancala(mancala::RuleSet::Abapa)
        };
        let p = Puzzle {
            id: format!("p-{seed}"),
            variant,
            board,
            objective,
            themes: themes.into_iter().map(|i| Theme::ALL[i]).collect(),
            rating,
            source: source.trim().to_owned(),
            added: Date::from_days_since_epoch(days),
        };
        let text = write_pack("a pack", std::slice::from_ref(&p));
        let back = parse_pack(&text).unwrap();
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &p);
        prop_assert_eq!(write_pack("a pack", &back), text);
    }

    #[test]
    fn no_text_panics_the_parser(text in "\\PC{0,300}") {
        let _ = parse_pack(&text);
    }
}
