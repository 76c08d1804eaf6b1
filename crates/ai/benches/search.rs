//! Search speed per game (nodes per second) and the strongest opponent's time per move.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kraal_ai::{Game, Limits, Mancala, Morris, Opponent, SearchConfig, Searcher};
use std::hint::black_box;

fn morris(text: &str) -> kraal_rules_morris::Position {
    kraal_rules_morris::Position::from_position_string(text, kraal_rules_morris::Options::default())
        .expect("valid position")
}

fn mancala(rules: &str, text: Option<&str>) -> kraal_rules_mancala::Position {
    let options =
        kraal_rules_mancala::Options::from_rule_set(rules, &[] as &[&str]).expect("rules");
    match text {
        None => kraal_rules_mancala::Position::new(options),
        Some(t) => {
            kraal_rules_mancala::Position::from_position_string(t, options).expect("position")
        }
    }
}

const NODES: u64 = 300_000;

fn search<G: Game>(c: &mut Criterion, name: &str, state: &G::State) {
    search_with::<G>(c, name, state, SearchConfig::default());
}

fn search_with<G: Game>(c: &mut Criterion, name: &str, state: &G::State, config: SearchConfig) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut searcher = Searcher::<G>::new(config);
    let nodes = searcher.search(state, Limits::nodes(NODES)).nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(name, |b| {
        b.iter(|| searcher.search(black_box(state), Limits::nodes(NODES)))
    });
    group.finish();
}

fn strongest<G: Game>(c: &mut Criterion, name: &str, state: &G::State) {
    let mut group = c.benchmark_group("ancestor_move");
    group.sample_size(10);
    let mut player = Opponent::level(7).expect("level 7").player::<G>();
    group.bench_function(name, |b| b.iter(|| player.choose(black_box(state), 1)));
    group.finish();
}

fn benches(c: &mut Criterion) {
    let morris_start = morris("-/- 12:12 w");
    let morris_mid = morris("a1,a4,b2,c4,d2,d6,e3,f4/a7,b6,c3,d3,d5,e4,f2,g1 0:0 w");
    let oware_start = mancala("abapa", None);
    let oware_mid = mancala("abapa", Some("2,0,7,1,6,3/5,1,0,4,2,9 5:3 s"));
    let mulabalaba_start = mancala("mulabalaba", None);
    search::<Morris>(c, "morabaraba_start", &morris_start);
    search::<Morris>(c, "morabaraba_midgame", &morris_mid);
    // The engine's evaluation: the learned correction added at every leaf.
    let learned = SearchConfig {
        learned: true,
        ..SearchConfig::default()
    };
    search_with::<Morris>(c, "morabaraba_start_learned", &morris_start, learned);
    search_with::<Morris>(c, "morabaraba_midgame_learned", &morris_mid, learned);
    search::<Mancala>(c, "oware_start", &oware_start);
    search::<Mancala>(c, "oware_midgame", &oware_mid);
    search::<Mancala>(c, "mulabalaba_start", &mulabalaba_start);
    search_with::<Mancala>(c, "mulabalaba_start_learned", &mulabalaba_start, learned);
    strongest::<Morris>(c, "morabaraba_start", &morris_start);
    strongest::<Morris>(c, "morabaraba_midgame", &morris_mid);
    strongest::<Mancala>(c, "oware_start", &oware_start);
    strongest::<Mancala>(c, "mulabalaba_start", &mulabalaba_start);
}

criterion_group!(search_benches, benches);
criterion_main!(search_benches);
