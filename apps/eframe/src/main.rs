//! `kraal-gui`: play kraal's board games in a desktop window.

use clap::Parser;
use kraal_gui::{Args, Config, KraalApp, cli};

fn main() {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprintln!("{}", cli::error_line(&e.to_string()));
            std::process::exit(2);
        }
    };
    let config = Config::from_env();
    // Hints consult the endgame tables built (kraal tables build), read on the first hint.
    kraal_session::review::use_tables(true);
    // Every value is checked, and the game built, before the window opens.
    let opening = match cli::prepare(&args, config.seed) {
        Ok(opening) => opening,
        Err(reason) => {
            eprintln!("kraal-gui: {reason}");
            std::process::exit(2);
        }
    };
    let (w, h) = args.size.unwrap_or((1180.0, 760.0));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("kraal")
            .with_inner_size([w, h])
            .with_min_inner_size([640.0, 420.0]),
        ..Default::default()
    };
    let app = KraalApp::open(config, &args, opening);
    if let Err(e) = eframe::run_native("kraal", options, Box::new(|_cc| Ok(Box::new(app)))) {
        eprintln!("kraal-gui: cannot open the window: {e}");
        std::process::exit(1);
    }
}
