//! Probe time: one table look-up for a position, and the root's move list, on the tables of
//! up to 10 seeds (built into a temporary folder first, or read if already there).

use criterion::{Criterion, criterion_group, criterion_main};
use kraal_rules_mancala::{Options, Position};
use kraal_tables::{OwareFamily, TableDir};
use std::hint::black_box;

fn probe(c: &mut Criterion) {
    let dir = TableDir::new(std::env::temp_dir().join("kraal-tables-bench"));
    let tables = dir
        .build_oware(OwareFamily::Abapa, 10, &mut |_| {})
        .expect("the bench tables build");
    let positions: Vec<Position> = [
        "2,0,1,0,3,0/0,1,0,2,0,1 19:19 s",
        "0,0,0,4,0,1/1,0,2,0,0,2 20:18 n",
        "1,1,1,1,1,1/1,1,1,1,0,0 19:19 s",
    ]
    .iter()
    .map(|t| Position::from_position_string(t, Options::abapa()).expect("a valid position"))
    .collect();
    c.bench_function("oware_seeds_probe", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(tables.seeds(black_box(p)));
            }
        });
    });
    c.bench_function("oware_root_moves", |b| {
        b.iter(|| black_box(tables.moves(black_box(&positions[0]))));
    });
}

criterion_group!(benches, probe);
criterion_main!(benches);
