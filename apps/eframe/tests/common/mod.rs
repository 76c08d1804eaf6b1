//! Helpers shared by the behaviour tests: a fresh config folder, a harness around the app,
//! and stepping until the AI or an animation is done.

#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kraal_gui::{Config, KraalApp};
use std::path::PathBuf;

/// A fresh, empty folder for one test's files (never the real home folder).
pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kraal-gui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// The app's config in `dir`, with a fixed seed.
pub fn config(dir: &std::path::Path) -> Config {
    Config::in_folder(dir, 42)
}

/// A harness of the window size the app is designed for.
pub fn harness(app: KraalApp) -> Harness<'static, KraalApp> {
    Harness::builder()
        .with_size([1200.0, 800.0])
        .with_max_steps(400)
        .build_ui_state(|ui, app: &mut KraalApp| app.ui(ui), app)
}

/// A harness on the start form: the app opens on the home screen, and "Play the computer"
/// (its first mode) leads to the form.
pub fn on_menu(app: KraalApp) -> Harness<'static, KraalApp> {
    let mut h = harness(app);
    h.run();
    h.get_all_by_label_contains("Play the computer")
        .next()
        .expect("the home screen offers Play the computer")
        .click();
    h.run();
    h
}

/// The app started from command-line words.
pub fn app_with(dir: &std::path::Path, words: &[&str]) -> KraalApp {
    KraalApp::from_args(config(dir), words.iter().copied()).expect("arguments")
}

/// Steps until `done` holds (the AI thinks on a thread), failing after a bound.
pub fn step_until(
    harness: &mut Harness<'static, KraalApp>,
    what: &str,
    done: impl Fn(&KraalApp) -> bool,
) {
    for _ in 0..2_000 {
        if done(harness.state()) {
            harness.run();
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("gave up waiting for {what}");
}

/// Clicks the node with this label and lets the app settle.
pub fn click(harness: &mut Harness<'static, KraalApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Whether a node with this exact label is shown.
pub fn shown(harness: &Harness<'static, KraalApp>, label: &str) -> bool {
    harness.query_by_label(label).is_some()
}

/// Whether a node whose label contains `part` is shown.
pub fn shown_containing(harness: &Harness<'static, KraalApp>, part: &str) -> bool {
    harness.query_all_by_label_contains(part).next().is_some()
}

/// The unfinished games' files kept in `dir`'s config (set-aside files not counted).
pub fn unfinished_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("unfinished")) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

/// The one unfinished game's file whose name contains `part`.
pub fn unfinished_with(dir: &std::path::Path, part: &str) -> PathBuf {
    unfinished_files(dir)
        .into_iter()
        .find(|p| p.to_string_lossy().contains(part))
        .expect("an unfinished game's file")
}

/// The date the records of `dir`'s unfinished games carry (today's).
pub fn today(dir: &std::path::Path) -> String {
    let file = unfinished_files(dir).into_iter().next().expect("a game");
    let record = kraal_session::Record::load(&file).expect("a record");
    record.tag("Date").unwrap_or("undated").to_owned()
}
