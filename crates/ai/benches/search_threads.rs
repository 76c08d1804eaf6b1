//! Lazy SMP: nodes per second of the full search on one and on two threads, by a node budget
//! that counts the nodes of every thread (`cargo bench -p kraal-ai --bench search_threads`).
//!
//! Criterion's "thrpt" is the nodes per second of all threads together. The machine's other
//! load shows directly in the two-thread figure: measure on an idle machine (see docs/ai.md).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kraal_ai::{Game, Limits, Mancala, Morris, SearchConfig, Searcher};
use std::hint::black_box;

fn morris(text: &str) -> kraal_rules_morris::Position {
    kraal_rules_morris::Position::from_position_string(text, kraal_rules_morris::Options::default())
        .expect("valid position")
}

/// Nodes of every thread together, per search.
const NODES: u64 = 2_000_000;

fn threads<G: Game>(c: &mut Criterion, name: &str, state: &G::State) {
    let mut group = c.benchmark_group("search_threads");
    group.sample_size(10);
    for threads in [1, 2] {
        let mut searcher = Searcher::<G>::new(SearchConfig {
            threads,
            ..SearchConfig::default()
        });
        let nodes = searcher.search(state, Limits::nodes(NODES)).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, threads), &threads, |b, _| {
            b.iter(|| searcher.search(black_box(state), Limits::nodes(NODES)))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let morris_start = morris("-/- 12:12 w");
    let morris_mid = morris("a1,a4,b2,c4,d2,d6,e3,f4/a7,b6,c3,d3,d5,e4,f2,g1 0:0 w");
    let oware_start = kraal_rules_mancala::Position::new(
        kraal_rules_mancala::Options::from_rule_set("abapa", &[] as &[&str]).expect("rules"),
    );
    threads::<Morris>(c, "morabaraba_start", &morris_start);
    threads::<Morris>(c, "morabaraba_midgame", &morris_mid);
    threads::<Mancala>(c, "oware_start", &oware_start);
}

criterion_group!(thread_benches, benches);
criterion_main!(thread_benches);
