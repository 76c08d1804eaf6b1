//! Every unfinished game, kept so that any front end can continue it: one record file a game
//! in the `unfinished` folder beside the settings, named by game, opponent and time, so that
//! starting a new game never overwrites another one. [`Unfinished::list`] gives them newest
//! first; a file that is not a game record, does not replay, or holds a finished game is set
//! aside (renamed `NAME.corrupt-<unix seconds>`) and reported, never offered and never lost.

use crate::player_label;
use kraal_session::{AnyGame, Record, Settings};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The folder of unfinished games inside kraal's config folder.
pub const FOLDER: &str = "unfinished";

/// The store of unfinished games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    folder: PathBuf,
}

/// One unfinished game, as a list to continue from shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// The game and rule set, such as `morabaraba (koti)`.
    pub game: String,
    /// Who plays whom, such as `you against Herder (level 3)`.
    pub players: String,
    /// The date the record names (`YYYY-MM-DD`).
    pub date: String,
    /// Turns played.
    pub turns: usize,
    /// The climb of the Mountain Ascent it is a game of, in words, if any.
    pub climb: Option<String>,
    /// When the file was last written.
    pub modified: SystemTime,
}

impl fmt::Display for Entry {
    /// "morabaraba (koti): you against Herder (level 3), 2026-12-01, 14 turns"; a climb game
    /// says so first, where a list cut to its width still shows it: "A climb of camp 1, The
    /// Calf Pen: morabaraba (morabaraba): you against Calf (level 1), 2026-12-01, 2 turns".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(climb) = &self.climb {
            write!(f, "{}: ", kraal_session::any::capitalise(climb))?;
        }
        write!(
            f,
            "{}: {}, {}, {} turn{}",
            self.game,
            self.players,
            self.date,
            self.turns,
            if self.turns == 1 { "" } else { "s" }
        )
    }
}

/// A file that could not be offered, set aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The file as it was.
    pub was: PathBuf,
    /// Where it is now (`None` if it could not even be renamed).
    pub now: Option<PathBuf>,
    /// Why it was not offered.
    pub reason: String,
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.now {
            Some(now) => write!(
                f,
                "{} cannot be continued ({}); it was kept as {}",
                self.was.display(),
                self.reason,
                now.display()
            ),
            None => write!(
                f,
                "{} cannot be continued ({})",
                self.was.display(),
                self.reason
            ),
        }
    }
}

/// What [`Unfinished::list`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// The games that can be continued, newest first.
    pub games: Vec<Entry>,
    /// The files set aside this time, to report.
    pub set_aside: Vec<SetAside>,
}

impl Unfinished {
    /// The store in `folder`.
    #[must_use]
    pub fn in_folder(folder: PathBuf) -> Unfinished {
        Unfinished { folder }
    }

    /// The user's store: [`FOLDER`] in kraal's config folder ([`Settings::folder`];
    /// `KRAAL_CONFIG_DIR` moves it), or `None` if the system names no home folder. The single
    /// `last-game.txt` of earlier versions is moved in.
    #[must_use]
    pub fn user() -> Option<Unfinished> {
        let config = Settings::folder()?;
        let store = Unfinished::in_folder(config.join(FOLDER));
        let old = config.join(kraal_session::settings::LAST_GAME_FILE);
        if old.is_file() && std::fs::create_dir_all(&store.folder).is_ok() {
            let _ = std::fs::rename(&old, store.folder.join("last-game.txt"));
        }
        Some(store)
    }

    /// The folder.
    #[must_use]
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// A file for a new game, named by its game, its opponent and the time, that no other
    /// game uses: a new game never overwrites an unfinished one.
    #[must_use]
    pub fn slot_for(&self, game: &AnyGame) -> PathBuf {
        let players = game.players();
        let opponent = match players {
            [kraal_session::Player::Human, kraal_session::Player::Ai(o)]
            | [kraal_session::Player::Ai(o), kraal_session::Player::Human] => o.name.to_owned(),
            [kraal_session::Player::Ai(a), kraal_session::Player::Ai(b)] => {
                format!("{}-{}", a.name, b.name)
            }
            _ => "two-players".to_owned(),
        };
        let seconds = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let stem = format!(
            "{}-{}-{seconds}",
            game.rules().rule_set_name(),
            opponent.to_lowercase().replace(' ', "-")
        );
        let mut path = self.folder.join(format!("{stem}.txt"));
        let mut n = 2;
        while path.exists() {
            path = self.folder.join(format!("{stem}-{n}.txt"));
            n += 1;
        }
        path
    }

    /// The unfinished games, newest first; files that cannot be continued are set aside and
    /// reported. A missing folder is an empty list.
    #[must_use]
    pub fn list(&self) -> Listing {
        let mut listing = Listing::default();
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return listing;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_file() || path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            match read_entry(&path) {
                Ok(game) => listing.games.push(game),
                Err(reason) => listing.set_aside.push(SetAside {
                    now: set_aside(&path),
                    was: path,
                    reason,
                }),
            }
        }
        listing
            .games
            .sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
        listing
    }
}

/// Reads one unfinished game's file, or says why it cannot be continued.
fn read_entry(path: &Path) -> Result<Entry, String> {
    let record = Record::load(path).map_err(|e| match e {
        kraal_session::RecordError::Io { reason, .. } => reason,
        other => other.to_string(),
    })?;
    let game = AnyGame::from_record(&record, AnyGame::players_in(&record), 0)
        .map_err(|e| e.to_string())?;
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over: {outcome}"));
    }
    let players = game.players();
    let [first, second] = players.map(|p| player_label(p, players));
    let rules = game.rules();
    Ok(Entry {
        path: path.to_path_buf(),
        game: format!("{} ({})", rules.game_name(), rules.rule_set_name()),
        players: format!("{first} against {second}"),
        date: record.tag("Date").unwrap_or("undated").to_owned(),
        turns: game.ply(),
        climb: match crate::ascent::Climbing::from_record(&record) {
            Some(Ok(climb)) => Some(climb.describe()),
            Some(Err(e)) => Some(format!("not counted as a climb: {e}")),
            None => None,
        },
        modified: std::fs::metadata(path)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH),
    })
}

/// Renames a file that cannot be continued to `NAME.corrupt-<unix seconds>` beside it (with
/// `-2`, `-3`... if that name is taken). Returns the new name, or `None` if it could not be
/// renamed.
pub(crate) fn set_aside(path: &Path) -> Option<PathBuf> {
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let name = path.file_name()?.to_string_lossy().into_owned();
    let mut target = path.with_file_name(format!("{name}.corrupt-{seconds}"));
    let mut n = 2;
    while target.exists() {
        target = path.with_file_name(format!("{name}.corrupt-{seconds}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target).ok().map(|()| target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Autosave;
    use kraal_session::{Player, resolve};

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("kraal-unfinished-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn game(name: &str, players: [Player; 2]) -> AnyGame {
        let rules = resolve(name, None, &[] as &[&str]).expect("rules");
        AnyGame::new(&rules, None, players, 1).expect("game")
    }

    #[test]
    fn every_unfinished_game_is_kept_and_listed_newest_first() {
        let dir = folder("list");
        let store = Unfinished::in_folder(dir.clone());
        assert_eq!(store.list(), Listing::default(), "no folder: no games");
        let herder = Player::parse("ai:3").expect("level 3");
        let mut first = game("morabaraba", [Player::Human, herder]);
        let mut keep_first = Autosave::new(Some(store.slot_for(&first)));
        first.play_text("d2").expect("legal");
        keep_first.update(&first).expect("kept");
        // Modification times can be equal within a second: the second game is written later.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        let mut second = game("oware", [Player::Human; 2]);
        let second_slot = store.slot_for(&second);
        assert_ne!(
            Some(second_slot.as_path()),
            keep_first.path(),
            "a slot of its own"
        );
        let mut keep_second = Autosave::new(Some(second_slot));
        second.play_text("C").expect("legal");
        second.play_text("f").expect("legal");
        keep_second.update(&second).expect("kept");
        let listing = store.list();
        assert!(listing.set_aside.is_empty(), "{:?}", listing.set_aside);
        let shown: Vec<(String, String, usize)> = listing
            .games
            .iter()
            .map(|e| (e.game.clone(), e.players.clone(), e.turns))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "oware (abapa)".to_owned(),
                    "a person against a person".to_owned(),
                    2
                ),
                (
                    "morabaraba (morabaraba)".to_owned(),
                    "you against Herder (level 3)".to_owned(),
                    1
                ),
            ]
        );
        let line = listing.games[1].to_string();
        assert!(
            line.starts_with("morabaraba (morabaraba): you against Herder (level 3), ")
                && line.ends_with(", 1 turn"),
            "{line}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_or_finished_file_is_set_aside_and_reported_not_offered() {
        let dir = folder("corrupt");
        std::fs::create_dir_all(&dir).expect("folder");
        let store = Unfinished::in_folder(dir.clone());
        std::fs::write(dir.join("broken.txt"), "this is no game record\n").expect("written");
        let mut over = game("morabaraba", [Player::Human; 2]);
        over.play_text("d2").expect("legal");
        over.resign();
        over.record().save(&dir.join("over.txt")).expect("saved");
        let listing = store.list();
        assert!(listing.games.is_empty(), "{:?}", listing.games);
        assert_eq!(listing.set_aside.len(), 2);
        for aside in &listing.set_aside {
            let now = aside.now.as_ref().expect("renamed");
            assert!(now.exists() && !aside.was.exists(), "{aside}");
            assert!(now.to_string_lossy().contains(".corrupt-"), "{aside}");
            assert!(aside.to_string().contains("cannot be continued"), "{aside}");
        }
        assert!(
            listing
                .set_aside
                .iter()
                .any(|a| a.reason.contains("the game is over")),
            "{:?}",
            listing.set_aside
        );
        assert_eq!(
            store.list(),
            Listing::default(),
            "set aside once, then not seen again"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
