//! Solves the Morabaraba 3v3 sector and prints its size, time and value counts:
//! `cargo run --profile test -p kraal-tables --example build_morris -- [RULE-SET]`.

use kraal_rules_morris::{Options, RuleSet};
use kraal_tables::morris::{MorrisValue, Sector3};
use std::time::Instant;

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "morabaraba".to_owned());
    let options: Options = match name.parse::<RuleSet>() {
        Ok(r) => r.options(),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let sector = match Sector3::build(&options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (mut wins, mut losses, mut draws, mut longest) = (0, 0, 0, 0);
    for (_, v) in sector.classes() {
        match v {
            MorrisValue::WinIn(d) => {
                wins += 1;
                longest = longest.max(d);
            }
            MorrisValue::LossIn(d) => {
                losses += 1;
                longest = longest.max(d);
            }
            MorrisValue::Draw => draws += 1,
        }
    }
    println!(
        "{name} 3v3: {} classes, {:.2} s; {wins} won, {losses} lost, {draws} drawn for the side \
         to move; longest {longest} plies",
        sector.len(),
        start.elapsed().as_secs_f64()
    );
}
