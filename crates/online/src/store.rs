//! The seat tokens this player holds, kept in the user's data folder (`online.json`), so a
//! restart resumes the games. Written to a temporary file and renamed; a file that does not
//! read is set aside (renamed) and reported, never overwritten.

use kraal_protocol::GameId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// One seat held: which server, which game, the token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The server's websocket URL.
    pub server: String,
    /// The game.
    pub game: GameId,
    /// The seat token (keep it secret: it is the seat).
    pub token: String,
    /// The game's name, for listing.
    pub game_name: String,
    /// The seat held.
    pub seat: kraal_session::Seat,
    /// The join code, while the game waits.
    #[serde(default)]
    pub code: Option<String>,
}

/// A token file that failed.
#[derive(Debug)]
pub enum StoreError {
    /// Reading or writing failed.
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        error: std::io::Error,
    },
    /// No data folder on this system.
    NoDataFolder,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            StoreError::NoDataFolder => {
                f.write_str("this system has no data folder for the seat tokens")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The seats held, and the file they live in.
#[derive(Debug)]
pub struct TokenStore {
    path: PathBuf,
    /// The seats, oldest first.
    pub seats: Vec<Seat>,
}

impl TokenStore {
    /// The store in the user's data folder.
    ///
    /// # Errors
    /// No data folder, or the file cannot be read. A file that does not parse is set aside
    /// and named in the second value, and the store starts empty.
    pub fn open_default() -> Result<(TokenStore, Option<PathBuf>), StoreError> {
        let dirs =
            directories::ProjectDirs::from("", "", "kraal").ok_or(StoreError::NoDataFolder)?;
        TokenStore::open(&dirs.data_dir().join("online.json"))
    }

    /// The store in `path`.
    ///
    /// # Errors
    /// As [`TokenStore::open_default`].
    pub fn open(path: &Path) -> Result<(TokenStore, Option<PathBuf>), StoreError> {
        let io = |error| StoreError::Io {
            path: path.to_owned(),
            error,
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::from("[]"),
            Err(e) => return Err(io(e)),
        };
        match serde_json::from_str(&text) {
            Ok(seats) => Ok((
                TokenStore {
                    path: path.to_owned(),
                    seats,
                },
                None,
            )),
            Err(_) => {
                let aside = set_aside_name(path);
                std::fs::rename(path, &aside).map_err(io)?;
                Ok((
                    TokenStore {
                        path: path.to_owned(),
                        seats: Vec::new(),
                    },
                    Some(aside),
                ))
            }
        }
    }

    /// Adds (or replaces) a seat and saves.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn put(&mut self, seat: Seat) -> Result<(), StoreError> {
        self.seats
            .retain(|s| !(s.server == seat.server && s.game == seat.game));
        self.seats.push(seat);
        self.save()
    }

    /// Drops a game's seat and saves.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn remove(&mut self, server: &str, game: GameId) -> Result<(), StoreError> {
        self.seats
            .retain(|s| !(s.server == server && s.game == game));
        self.save()
    }

    /// The newest seat on `server`, or of `game` when given.
    #[must_use]
    pub fn find(&self, server: &str, game: Option<GameId>) -> Option<&Seat> {
        self.seats
            .iter()
            .rev()
            .find(|s| s.server == server && game.is_none_or(|g| s.game == g))
    }

    /// Writes the file: a temporary file beside it, then a rename.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self) -> Result<(), StoreError> {
        let io = |error| StoreError::Io {
            path: self.path.clone(),
            error,
        };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let text = serde_json::to_string_pretty(&self.seats).unwrap_or_else(|_| "[]".into());
        let temp = self.path.with_extension("json.tmp");
        std::fs::write(&temp, text).map_err(io)?;
        std::fs::rename(&temp, &self.path).map_err(io)
    }
}

fn set_aside_name(path: &Path) -> PathBuf {
    (1..)
        .map(|n| path.with_extension(format!("json.corrupt-{n}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("json.corrupt"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("kraal-online-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn seat(game: u64) -> Seat {
        Seat {
            server: "ws://x/ws".into(),
            game: GameId(game),
            token: "t".into(),
            game_name: "oware".into(),
            seat: kraal_session::Seat::First,
            code: None,
        }
    }

    #[test]
    fn seats_survive_a_reopen() {
        let path = temp_dir("reopen").join("online.json");
        let (mut store, aside) = TokenStore::open(&path).expect("new");
        assert!(aside.is_none() && store.seats.is_empty());
        store.put(seat(1)).expect("put");
        store.put(seat(2)).expect("put");
        store.put(seat(1)).expect("replace");
        let (back, _) = TokenStore::open(&path).expect("reopen");
        assert_eq!(back.seats, vec![seat(2), seat(1)]);
        assert_eq!(back.find("ws://x/ws", None), Some(&seat(1)));
        assert_eq!(back.find("ws://y/ws", None), None);
    }

    #[test]
    fn a_corrupt_file_is_set_aside_not_overwritten() {
        let dir = temp_dir("corrupt");
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("online.json");
        std::fs::write(&path, "{not json").expect("write");
        let (store, aside) = TokenStore::open(&path).expect("opens");
        assert!(store.seats.is_empty());
        let aside = aside.expect("set aside");
        assert_eq!(std::fs::read_to_string(aside).expect("kept"), "{not json");
        assert!(!path.exists());
    }
}
