//! The unfinished game, kept on disk so that any front end can continue it: written after a
//! move or an ending (never after a key that changed nothing), atomically (a temporary file
//! renamed over the old one, by [`kraal_session::Record::save`]), and removed once the game is
//! over.

use crate::ascent::Climbing;
use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, GameResult, RecordError};
use std::fmt;
use std::path::{Path, PathBuf};

/// What the file holds: the moves on the board, the result and the extra tags.
type Fingerprint = (Vec<AnyMove>, Option<GameResult>, Vec<(String, String)>);

/// Keeps one unfinished game in a file.
#[derive(Debug, Default)]
pub struct Autosave {
    path: Option<PathBuf>,
    kept: Option<Fingerprint>,
    /// Tags written with the game beyond its own (a climb game's [`crate::ascent::CLIMB_TAG`]).
    tags: Vec<(String, String)>,
}

/// The unfinished game could not be kept.
#[derive(Debug)]
pub enum AutosaveError {
    /// Writing it failed.
    Save(RecordError),
    /// Removing the file of a finished game failed.
    Remove {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        reason: String,
    },
}

impl fmt::Display for AutosaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutosaveError::Save(e) => write!(f, "cannot keep the game for later: {e}"),
            AutosaveError::Remove { path, reason } => {
                write!(f, "cannot remove {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for AutosaveError {}

impl Autosave {
    /// Keeps the game in `path`; `None` keeps nothing (tests, or no home folder).
    #[must_use]
    pub fn new(path: Option<PathBuf>) -> Autosave {
        Autosave {
            path,
            kept: None,
            tags: Vec::new(),
        }
    }

    /// Keeps a continued game in the file it was read from: that file holds this game, so it
    /// is written as the game goes on and removed when it ends.
    #[must_use]
    pub fn resume(path: PathBuf, game: &AnyGame) -> Autosave {
        Autosave {
            path: Some(path),
            kept: Some((game.moves(), game.outcome().map(|o| o.result()), Vec::new())),
            tags: Vec::new(),
        }
    }

    /// Keeps `game` as [`Autosave::update`] does, with the climb it is a game of, if any
    /// ([`Climbing::tags`]: the camp, and whether it is assisted), so that a continued climb
    /// game goes on as the climb game. A change of the climb alone (a hint marking it
    /// assisted) is written too.
    ///
    /// # Errors
    /// As [`Autosave::update`].
    pub fn update_climb(
        &mut self,
        game: &AnyGame,
        climb: Option<&Climbing>,
    ) -> Result<bool, AutosaveError> {
        self.tags = climb.map(Climbing::tags).unwrap_or_default();
        self.update(game)
    }

    /// The file, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// A new game starts: nothing of it is kept yet.
    pub fn forget(&mut self) {
        self.kept = None;
    }

    /// Keeps `game` if it changed since the last call: an unfinished game with moves is
    /// written; the file it wrote is removed once it ends or is taken back to its start (a
    /// new game that has not moved yet leaves an older file alone). Returns whether the file
    /// changed.
    ///
    /// # Errors
    /// The file cannot be written or removed (the game itself is untouched).
    pub fn update(&mut self, game: &AnyGame) -> Result<bool, AutosaveError> {
        let Some(path) = &self.path else {
            return Ok(false);
        };
        let now: Fingerprint = (
            game.moves(),
            game.outcome().map(|o| o.result()),
            self.tags.clone(),
        );
        if self.kept.as_ref() == Some(&now) {
            return Ok(false);
        }
        // What this game wrote is removed once it ends or is taken back to its start; a file
        // this game never wrote (another unfinished game) is left alone.
        let wrote = self
            .kept
            .as_ref()
            .is_some_and(|(moves, result, _)| !moves.is_empty() && result.is_none());
        let changed = if now.1.is_some() || now.0.is_empty() {
            if wrote {
                match std::fs::remove_file(path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        return Err(AutosaveError::Remove {
                            path: path.clone(),
                            reason: e.to_string(),
                        });
                    }
                    _ => {}
                }
            }
            wrote
        } else {
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder).map_err(|e| {
                    AutosaveError::Save(RecordError::Io {
                        path: folder.display().to_string(),
                        reason: e.to_string(),
                    })
                })?;
            }
            let mut record = game.record();
            for (name, value) in &self.tags {
                record.set_tag(name, value);
            }
            record.save(path).map_err(AutosaveError::Save)?;
            true
        };
        self.kept = Some(now);
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_session::{Player, Record, resolve};

    #[test]
    fn a_game_is_kept_after_a_move_and_dropped_when_it_ends() {
        let dir = std::env::temp_dir().join(format!("kraal-autosave-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("last-game.txt");
        let mut keep = Autosave::new(Some(path.clone()));
        let rules = resolve("morabaraba", None, &[] as &[&str]).expect("rules");
        std::fs::create_dir_all(&dir).expect("folder");
        std::fs::write(&path, "an older unfinished game").expect("written");
        let mut game = AnyGame::new(&rules, None, [Player::Human; 2], 1).expect("game");
        assert!(!keep.update(&game).expect("nothing to keep"));
        assert!(
            path.exists(),
            "a new game that has not moved leaves the older one alone"
        );
        game.play_text("d2").expect("legal");
        assert!(keep.update(&game).expect("kept"));
        assert!(!keep.update(&game).expect("unchanged"), "no second write");
        let kept = Record::load(&path).expect("a record");
        assert_eq!(kept.moves.len(), 1);
        assert_eq!(kept.moves[0].text, "d2");
        game.undo_turn();
        assert!(keep.update(&game).expect("removed"));
        assert!(
            !path.exists(),
            "taken back to the start: nothing to continue"
        );
        game.play_text("d2").expect("legal");
        assert!(keep.update(&game).expect("kept again"));
        game.resign();
        assert!(keep.update(&game).expect("removed"));
        assert!(!path.exists(), "a finished game is not offered");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_continued_game_is_removed_from_its_file_when_it_ends() {
        let dir = std::env::temp_dir().join(format!("kraal-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        let path = dir.join("g.txt");
        let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
        let mut game = AnyGame::new(&rules, None, [Player::Human; 2], 1).expect("game");
        game.play_text("C").expect("legal");
        game.record().save(&path).expect("saved");
        let mut game =
            AnyGame::from_record(&Record::load(&path).expect("read"), [Player::Human; 2], 1)
                .expect("continued");
        let mut keep = Autosave::resume(path.clone(), &game);
        assert!(
            !keep.update(&game).expect("unchanged"),
            "nothing new to write"
        );
        game.resign();
        assert!(keep.update(&game).expect("removed"));
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_an_error_not_a_loss() {
        let mut keep = Autosave::new(Some(PathBuf::from("/proc/kraal/last-game.txt")));
        let rules = resolve("oware", None, &[] as &[&str]).expect("rules");
        let mut game = AnyGame::new(&rules, None, [Player::Human; 2], 1).expect("game");
        game.play_text("C").expect("legal");
        let err = keep.update(&game).unwrap_err().to_string();
        assert!(err.starts_with("cannot keep the game for later"), "{err}");
        assert_eq!(game.moves().len(), 1, "the game goes on");
    }
}
