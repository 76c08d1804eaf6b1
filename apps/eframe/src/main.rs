//! `kraal-gui`: the desktop GUI of kraal. Not built yet; until it is, play with the `kraal` command line.

fn main() {
    eprintln!(
        "kraal-gui: the desktop GUI is not built yet. Play with the command line for now: cargo run --release -- --help"
    );
    std::process::exit(2);
}
