//! TEMPORARY: builds the sectors up to MOST cows a side with both builders and compares every
//! byte: `cargo run --release -p kraal-tables --example compare_morris -- RULE-SET MOST`.

use kraal_rules_morris::RuleSet;
use kraal_tables::morris::{Sector, sectors_up_to};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "morabaraba".to_owned());
    let most: u8 = args.next().and_then(|m| m.parse().ok()).unwrap_or(3);
    let options = name.parse::<RuleSet>().expect("a rule set").options();
    let mut built: Vec<Sector> = Vec::new();
    let mut all_equal = true;
    for cows in sectors_up_to(most) {
        let lower: Vec<&Sector> = built.iter().collect();
        let t = Instant::now();
        let new = Sector::build_sector(&options, cows, &lower).expect("new builds");
        let t_new = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let old = Sector::build_sector_sweep(&options, cows, &lower).expect("old builds");
        let t_old = t.elapsed().as_secs_f64();
        let differ = new
            .values()
            .iter()
            .zip(old.values())
            .filter(|(a, b)| a != b)
            .count();
        let equal = new.values() == old.values();
        all_equal &= equal;
        println!(
            "{name} {}v{}: {} classes, new {t_new:.2} s, old {t_old:.2} s, equal: {equal} ({differ} differ)",
            cows.0,
            cows.1,
            new.len()
        );
        built.push(old);
    }
    println!("all equal: {all_equal}");
}
