//! Probe time: one Oware table look-up for a position, and the root's move list, on the tables
//! of up to 10 seeds (built into a temporary folder first, or read if already there); one
//! look-up in the Morabaraba 3v3 sector (solved first).

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

fn probe_morris(c: &mut Criterion) {
    use kraal_rules_morris::{Options as MorrisOptions, Position as MorrisPosition};
    use kraal_tables::morris::Sector3;
    let options = MorrisOptions::morabaraba();
    let sector = Sector3::build(&options).expect("the 3v3 sector builds");
    let pos = MorrisPosition::from_position_string("a1,d1,b2/a7,d7,f6 0:0 w", options)
        .expect("a valid position");
    c.bench_function("morris_3v3_probe", |b| {
        b.iter(|| black_box(sector.probe(black_box(&pos))));
    });
}

criterion_group!(benches, probe, probe_morris);
criterion_main!(benches);
