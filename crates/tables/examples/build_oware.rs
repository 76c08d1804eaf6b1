//! Builds the Abapa tables of up to N seeds into a folder and prints each table's time and
//! size: `cargo run --profile test -p kraal-tables --example build_oware -- DIR N [sweeps]`.
//! With `sweeps`, each sweep's time and how many intervals narrowed in it are printed too.

use kraal_tables::{Event, OwareFamily, TableDir};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = TableDir::new(args.next().unwrap_or_else(|| "tables".to_owned()));
    let max: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(15);
    let each_sweep = args.next().as_deref() == Some("sweeps");
    let start = Instant::now();
    let mut sweep_start = start;
    let mut sweeps = 0;
    let mut forward_done = start;
    let mut table_start = start;
    let result = dir.build_oware(OwareFamily::Abapa, max, &mut |e| match e {
        Event::Start { .. } => table_start = Instant::now(),
        Event::Step {
            step: kraal_tables::oware::Step::Forward { .. },
            ..
        } => {
            forward_done = Instant::now();
            sweep_start = forward_done;
        }
        Event::Step {
            step: kraal_tables::oware::Step::Sweep { sweep, changed },
            ..
        } => {
            sweeps = sweep;
            if each_sweep {
                println!(
                    "   sweep {sweep:>2}: {changed:>10} narrowed, {:.2} s",
                    sweep_start.elapsed().as_secs_f64()
                );
            }
            sweep_start = Instant::now();
        }
        Event::Done {
            seeds,
            fate,
            elapsed,
            bytes,
        } => {
            println!(
                "{seeds:>2} seeds: {fate:?}, {bytes} bytes, {sweeps} sweeps, {:.2} s \
                 (forward pass {:.2} s; total {:.1} s)",
                elapsed.as_secs_f64(),
                (forward_done - table_start).as_secs_f64(),
                start.elapsed().as_secs_f64()
            );
        }
    });
    match result {
        Ok(tables) => {
            let mut widths = [0u64; 8];
            for n in 0..=max {
                let values = tables.table(n).unwrap_or_default();
                for &b in &values[..values.len() / 3] {
                    widths[usize::from(b >> 5)] += 1;
                }
            }
            println!("interval widths hi-lo, 0..7: {widths:?}");
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
