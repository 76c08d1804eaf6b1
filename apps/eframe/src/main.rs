//! `kraal-gui`: play kraal's board games in a desktop window.

use kraal_gui::{Args, Config, KraalApp};

fn main() {
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("kraal-gui: {e}");
            std::process::exit(2);
        }
    };
    if args.help {
        println!("{}", kraal_gui::cli::HELP);
        return;
    }
    let (w, h) = args.size.unwrap_or((1180.0, 760.0));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("kraal")
            .with_inner_size([w, h])
            .with_min_inner_size([640.0, 420.0]),
        ..Default::default()
    };
    let app = KraalApp::with_args(Config::from_env(), &args);
    if let Err(e) = eframe::run_native("kraal", options, Box::new(|_cc| Ok(Box::new(app)))) {
        eprintln!("kraal-gui: cannot open the window: {e}");
        std::process::exit(1);
    }
}
