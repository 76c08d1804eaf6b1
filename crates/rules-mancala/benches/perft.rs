//! perft of Oware from the start position and of Mulabalaba 4x8 from its start (bulk counting at
//! the last ply). Throughput is in leaf nodes: criterion reports leaves per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kraal_rules_mancala::{Options, Position, RuleSet, perft};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("mancala_perft");
    group.sample_size(10);
    let cases = [
        ("oware_start_depth9", Position::new(Options::abapa()), 9),
        ("oware_start_depth10", Position::new(Options::abapa()), 10),
        (
            "oware_midgame_depth9",
            Position::from_position_string("13,5,2,1,2,1/0,2,6,7,1,1 3:4 s", Options::abapa())
                .expect("valid position"),
            9,
        ),
        (
            "mulabalaba_4x8_start_depth5",
            Position::new(RuleSet::Mulabalaba.options()),
            5,
        ),
        (
            "mulabalaba_4x8_start_depth6",
            Position::new(RuleSet::Mulabalaba.options()),
            6,
        ),
    ];
    for (name, pos, depth) in cases {
        let leaves = perft(&pos, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| {
            b.iter(|| perft(black_box(&pos), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
