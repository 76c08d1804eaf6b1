//! The settings file: defaults, round trips, corrupt files set aside, atomic saves.

use kraal_session::{Settings, SettingsError};
use std::path::{Path, PathBuf};

/// A fresh, empty folder for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let folder =
            std::env::temp_dir().join(format!("kraal-settings-test-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).expect("create the scratch folder");
        Scratch(folder)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// The names of the files in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("list the scratch folder")
            .map(|e| {
                e.expect("read an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn custom() -> Settings {
    Settings {
        game: "oware".to_string(),
        rules: Some("abapa".to_string()),
        overrides: vec!["cows=11".to_string(), "flying=false".to_string()],
        opponent: "herder".to_string(),
        colour: "black".to_string(),
        theme: "ascii".to_string(),
        animations: false,
        last_game: Some(PathBuf::from("games/last one.kraal")),
    }
}

#[test]
fn defaults_are_documented_values() {
    let d = Settings::default();
    assert_eq!(d.game, "morabaraba");
    assert_eq!(d.rules, None);
    assert!(d.overrides.is_empty());
    assert_eq!(d.opponent, "ai:3");
    assert_eq!(d.colour, "white");
    assert_eq!(d.theme, "unicode");
    assert!(d.animations);
    assert_eq!(d.last_game, None);
}

#[test]
fn default_path_is_settings_toml_in_a_kraal_folder() {
    // Some CI machines have no home folder; only check the shape when there is one.
    if let Some(path) = Settings::path() {
        assert_eq!(
            path.file_name().and_then(|n| n.to_str()),
            Some("settings.toml")
        );
        assert!(path.to_string_lossy().to_lowercase().contains("kraal"));
    }
}

#[test]
fn round_trip() {
    let scratch = Scratch::new("round-trip");
    let path = scratch.path().join("settings.toml");
    for settings in [Settings::default(), custom()] {
        settings.save_to(&path).expect("save");
        let loaded = Settings::load_from(&path);
        assert_eq!(loaded.warning, None);
        assert_eq!(loaded.settings, settings);
    }
}

#[test]
fn saved_file_uses_kebab_case_keys() {
    let scratch = Scratch::new("kebab");
    let path = scratch.path().join("settings.toml");
    custom().save_to(&path).expect("save");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains("last-game = "), "{text}");
    assert!(!text.contains("last_game"), "{text}");
}

#[test]
fn missing_file_gives_defaults() {
    let scratch = Scratch::new("missing");
    let loaded = Settings::load_from(&scratch.path().join("settings.toml"));
    assert_eq!(loaded.settings, Settings::default());
    assert_eq!(loaded.warning, None);
    assert!(scratch.names().is_empty(), "{:?}", scratch.names());
}

#[test]
fn partial_file_fills_in_defaults() {
    let scratch = Scratch::new("partial");
    let path = scratch.path().join("settings.toml");
    std::fs::write(&path, "game = \"oware\"\nanimations = false\n").expect("write");
    let loaded = Settings::load_from(&path);
    assert_eq!(loaded.warning, None);
    assert_eq!(
        loaded.settings,
        Settings {
            game: "oware".to_string(),
            animations: false,
            ..Settings::default()
        }
    );
}

/// Loads `bytes` as a corrupt file and checks it is set aside with its bytes, with a warning.
fn assert_set_aside(test: &str, bytes: &[u8], error_mentions: &str) {
    let scratch = Scratch::new(test);
    let path = scratch.path().join("settings.toml");
    std::fs::write(&path, bytes).expect("write");
    let loaded = Settings::load_from(&path);
    assert_eq!(loaded.settings, Settings::default());
    let warning = loaded.warning.expect("a warning");

    assert!(!path.exists(), "the corrupt file is still in the way");
    let names = scratch.names();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].starts_with("settings.toml.corrupt-"), "{names:?}");
    let aside = scratch.path().join(&names[0]);
    assert_eq!(
        std::fs::read(&aside).expect("read the set-aside file"),
        bytes
    );

    assert!(warning.contains(&path.display().to_string()), "{warning}");
    assert!(warning.contains(&aside.display().to_string()), "{warning}");
    assert!(warning.contains(error_mentions), "{warning}");
}

#[test]
fn corrupt_file_is_set_aside_with_a_warning() {
    assert_set_aside(
        "corrupt",
        b"game = \"oware\nthis is [not toml\n",
        "TOML parse error",
    );
}

#[test]
fn wrong_types_are_corrupt() {
    assert_set_aside("wrong-type", b"animations = \"yes\"\n", "animations");
    assert_set_aside("wrong-list", b"overrides = \"cows=11\"\n", "overrides");
}

#[test]
fn non_utf8_file_is_corrupt() {
    assert_set_aside("not-utf8", b"game = \"\xff\xfe\"\n", "UTF-8");
}

#[test]
fn unknown_keys_are_ignored() {
    let scratch = Scratch::new("unknown");
    let path = scratch.path().join("settings.toml");
    std::fs::write(
        &path,
        "theme = \"ascii\"\nsound-volume = 7\n[window]\nwidth = 800\n",
    )
    .expect("write");
    let loaded = Settings::load_from(&path);
    assert_eq!(loaded.warning, None);
    assert_eq!(loaded.settings.theme, "ascii");
    assert_eq!(scratch.names(), ["settings.toml"]);
}

#[test]
fn a_taken_corrupt_name_is_not_overwritten() {
    let scratch = Scratch::new("taken");
    let path = scratch.path().join("settings.toml");
    // Two corrupt loads in the same second must keep both files.
    std::fs::write(&path, "first = [").expect("write");
    assert!(Settings::load_from(&path).warning.is_some());
    std::fs::write(&path, "second = [").expect("write");
    assert!(Settings::load_from(&path).warning.is_some());
    let names = scratch.names();
    assert_eq!(names.len(), 2, "{names:?}");
    let mut contents: Vec<String> = names
        .iter()
        .map(|n| std::fs::read_to_string(scratch.path().join(n)).expect("read"))
        .collect();
    contents.sort();
    assert_eq!(contents, ["first = [", "second = ["]);
}

#[test]
fn save_into_a_missing_folder_creates_it() {
    let scratch = Scratch::new("missing-folder");
    let path = scratch
        .path()
        .join("deeper")
        .join("kraal")
        .join("settings.toml");
    custom().save_to(&path).expect("save");
    assert_eq!(Settings::load_from(&path).settings, custom());
}

#[test]
fn save_leaves_no_temporary_file_and_replaces_the_old_one() {
    let scratch = Scratch::new("no-temporary");
    let path = scratch.path().join("settings.toml");
    Settings::default().save_to(&path).expect("first save");
    custom().save_to(&path).expect("second save");
    assert_eq!(scratch.names(), ["settings.toml"]);
    assert_eq!(Settings::load_from(&path).settings, custom());
}

#[test]
fn save_reports_a_folder_it_cannot_create() {
    let scratch = Scratch::new("blocked");
    let blocker = scratch.path().join("a-file");
    std::fs::write(&blocker, "not a folder").expect("write");
    let err = Settings::default()
        .save_to(&blocker.join("settings.toml"))
        .expect_err("a file is in the way of the folder");
    assert!(matches!(err, SettingsError::CreateFolder { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message.starts_with("cannot create the settings folder"),
        "{message}"
    );
    assert_eq!(scratch.names(), ["a-file"]);
}
