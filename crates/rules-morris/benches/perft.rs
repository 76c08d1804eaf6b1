//! perft from the Morabaraba start and from a midgame position (bulk counting at the last ply).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kraal_rules_morris::{Options, Position, RuleSet, perft};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("morris_perft");
    group.sample_size(10);
    let cases = [
        ("start_depth5", Position::new(Options::morabaraba()), 5),
        (
            "midgame_moving_depth4",
            Position::from_position_string(
                "a1,a4,b2,c4,d2,d6,e3,f4/a7,b6,c3,d3,d5,e4,f2,g1 0:0 w - 0 0",
                RuleSet::Morabaraba.options(),
            )
            .expect("valid position"),
            4,
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
