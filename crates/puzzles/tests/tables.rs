//! Puzzles mined from the endgame tables: each is checked against the tables themselves (built
//! by retrograde analysis, not by the prover's search) and re-proven by a fresh prover.

use kraal_ai::{Game, Mancala, Morris};
use kraal_puzzles::from_tables::{mine_morris3, mine_oware};
use kraal_puzzles::generate::{Family, Source, config_for, generate_from};
use kraal_puzzles::{Date, Objective, Prover, VERIFY_NODES, Variant};
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use kraal_tables::morris::{MorrisValue, Sector3};
use kraal_tables::{OwareFamily, TableDir, Verdict};

fn sector() -> Sector3 {
    Sector3::build(&morris::RuleSet::Morabaraba.options()).expect("the 3v3 sector builds")
}

#[test]
fn sector_puzzles_are_the_tables_unique_wins() {
    let sector = sector();
    let options = morris::RuleSet::Morabaraba.options();
    let cfg = config_for(Family::Morris, 3);
    let mut found = Vec::new();
    mine_morris3(&sector, &options, &cfg, |f| {
        found.push(f);
        found.len() < 6
    });
    assert_eq!(found.len(), 6, "the sector holds many such positions");
    for f in &found {
        let Objective::WinIn(n) = f.objective else {
            panic!("a sector puzzle is a win: {}", f.objective);
        };
        let plies = 2 * n - 1;
        // By the tables: the side to move wins within the objective's plies, and not in one.
        let Some(MorrisValue::WinIn(d)) = sector.probe(&f.position) else {
            panic!(
                "the tables do not call {} a win",
                f.position.to_position_string()
            );
        };
        assert!(
            (3..=plies).contains(&d),
            "win in {d} plies for {}",
            f.objective
        );
        // By the tables: the key move wins in time, every other move does not.
        let key = f.proof.line[0];
        let mut moves = Vec::new();
        Morris::legal_moves(&f.position, &mut moves);
        for mv in moves {
            let mut after = f.position.clone();
            let _ = Morris::play(&mut after, mv);
            let wins_in_time = match sector.probe(&after) {
                Some(MorrisValue::LossIn(e)) => e < plies,
                Some(_) => false,
                // Out of the sector: a shot left the opponent two cows, a win at once.
                None => Morris::verdict(&after).is_some(),
            };
            let same = mv.from() == key.from() && mv.to() == key.to();
            assert_eq!(
                wins_in_time,
                same,
                "{mv} at {}",
                f.position.to_position_string()
            );
        }
        assert!(f.source.starts_with("tables: 3v3 sector"), "{}", f.source);
        Prover::<Morris>::new(VERIFY_NODES)
            .verify(&f.position, f.objective, &f.proof.line)
            .expect("a fresh prover proves it");
    }
}

#[test]
fn oware_table_puzzles_are_table_wins_or_gains_and_prove() {
    let dir = TableDir::new(
        std::env::temp_dir().join(format!("kraal-puzzles-tables-{}", std::process::id())),
    );
    let tables = dir
        .build_oware(OwareFamily::Abapa, 10, &mut |_| {})
        .expect("the tables of up to 10 seeds build");
    let options = mancala::RuleSet::Abapa.options();
    let cfg = config_for(Family::Oware, 5);
    let mut found = Vec::new();
    mine_oware(&tables, &options, &cfg, 4_000, |f| {
        found.push(f);
        found.len() < 8
    });
    assert!(found.len() >= 4, "only {} found", found.len());
    for f in &found {
        // Two solver moves at least, and the tables agree the side to move is not losing.
        assert!(f.proof.line.len() >= 3, "{:?}", f.proof.line);
        let probe = tables.probe(&f.position).expect("within the tables");
        assert_eq!(
            probe.verdict,
            Some(Verdict::Win),
            "{probe} for {}",
            f.objective
        );
        Prover::<Mancala>::new(VERIFY_NODES)
            .verify(&f.position, f.objective, &f.proof.line)
            .expect("a fresh prover proves it");
    }
    let _ = std::fs::remove_dir_all(dir.root());
}

#[test]
fn tables_of_another_game_are_refused_by_name() {
    let sector = sector();
    let oware = Variant::Mancala(mancala::RuleSet::Abapa);
    let e = generate_from(
        oware,
        Source::Morris3(&sector),
        1,
        1,
        &[],
        Date::new(2026, 12, 2).unwrap(),
        |_| {},
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the Morabaraba 3v3 tables do not fit the abapa rules: their moves are another game's"
    );
}

#[test]
fn the_shipped_packs_hold_puzzles_from_the_tables() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
    for (pack, least) in [("morabaraba.txt", 100), ("oware.txt", 80)] {
        let text = std::fs::read_to_string(folder.join(pack)).unwrap();
        let from_tables = kraal_puzzles::parse_pack(&text)
            .unwrap()
            .into_iter()
            .filter(|p| p.source.starts_with("tables: "))
            .count();
        assert!(from_tables >= least, "{pack}: {from_tables}");
    }
}
