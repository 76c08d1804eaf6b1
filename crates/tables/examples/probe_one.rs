//! Prints the tables' value of one Abapa position and of each move:
//! `cargo run --profile test -p kraal-tables --example probe_one -- DIR "POSITION"`.

use kraal_rules_mancala::{Options, Position};
use kraal_tables::{OwareFamily, TableDir};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = TableDir::new(args.next().unwrap_or_default());
    let text = args.next().unwrap_or_default();
    let pos = match Position::from_position_string(&text, Options::abapa()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let tables = match dir.load_oware(OwareFamily::Abapa, 25) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!("{:?}", tables.probe(&pos));
    for (mv, s) in tables.moves(&pos).unwrap_or_default() {
        println!("{mv}: {s}");
    }
}
