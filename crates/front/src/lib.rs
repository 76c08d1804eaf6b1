#![doc = include_str!("../README.md")]
//!
//! - [`Unfinished`]: every unfinished game, one file each, listed newest first to continue.
//! - [`progress`]: the player's progress file (versioned TOML, atomic, corrupt files set aside).
//! - [`ascent`]: the Mountain Ascent, seven camps a game, climbed against the seven opponents.
//! - [`home`]: the home screen's modes, in order, with their words.
//! - [`lessons`]: the rules in plain words and the interactive examples of the rules screens.
//! - [`save_folder`] and [`expand_home`]: where saved games go, and `~` in a typed path.
//!
//! What a game says to the player (prompts, endings, hints, draw answers) is typed in
//! [`kraal_session::any`]; each front end words it or uses its `Display`.

pub mod ascent;
pub mod autosave;
pub mod daily;
pub mod home;
pub mod keymap;
pub mod lessons;
pub mod online;
pub mod progress;
pub mod puzzle;
pub mod review;
pub mod start;
pub mod unfinished;

pub use ascent::{AscentError, Mountain};
pub use autosave::{Autosave, AutosaveError};
pub use keymap::{Binding, Command, Key};
pub use progress::{Progress, ProgressError, ProgressFile};
pub use start::{NewGame, Start, StartError, StartOptions};
pub use unfinished::{Entry, Listing, SetAside, Unfinished};

use kraal_session::Player;
use std::path::PathBuf;

/// Where saved games go unless the player names another folder: the user's documents folder
/// (`~/Documents/kraal` and the like), else kraal's data folder; `None` if the system names
/// neither. The front ends offer it in their save and load dialogs.
#[must_use]
pub fn save_folder() -> Option<PathBuf> {
    directories::UserDirs::new()
        .and_then(|u| u.document_dir().map(|d| d.join("kraal")))
        .or_else(|| {
            directories::ProjectDirs::from("", "", "kraal").map(|p| p.data_dir().join("games"))
        })
}

/// A path as a player types it, with a leading `~` standing for their home folder.
#[must_use]
pub fn expand_home(text: &str) -> PathBuf {
    let home = || {
        std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from)
    };
    match text.strip_prefix('~') {
        Some("") => home().unwrap_or_else(|| PathBuf::from(text)),
        Some(rest) if rest.starts_with('/') => home().map_or_else(
            || PathBuf::from(text),
            |h| h.join(rest.trim_start_matches('/')),
        ),
        _ => PathBuf::from(text),
    }
}

/// How a player is named beside the board: "you" for the one person against the computer,
/// "a person" when two people play, the opponent's name and level for the computer.
#[must_use]
pub fn player_label(player: Player, players: [Player; 2]) -> String {
    match player {
        Player::Human if players.contains(&Player::Human) && players[0] != players[1] => {
            "you".to_owned()
        }
        Player::Human => "a person".to_owned(),
        Player::Ai(o) => format!("{} (level {})", o.name, o.level),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tilde_stands_for_the_home_folder() {
        let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) else {
            return;
        };
        let home = PathBuf::from(home);
        assert_eq!(expand_home("~/games/g.txt"), home.join("games/g.txt"));
        assert_eq!(expand_home("~"), home);
        assert_eq!(expand_home("g~.txt"), PathBuf::from("g~.txt"));
        assert_eq!(expand_home("~other/g.txt"), PathBuf::from("~other/g.txt"));
    }

    #[test]
    fn players_are_named_for_the_person_at_the_keyboard() {
        let herder = Player::parse("ai:3").expect("level 3");
        assert_eq!(player_label(Player::Human, [Player::Human, herder]), "you");
        assert_eq!(
            player_label(herder, [Player::Human, herder]),
            "Herder (level 3)"
        );
        assert_eq!(player_label(Player::Human, [Player::Human; 2]), "a person");
    }
}
