#![doc = include_str!("../README.md")]
//!
//! What a game says to the player (prompts, endings, hints, draw answers) is typed in
//! [`kraal_session::any`]; each front end words it or uses its `Display`.

pub mod autosave;
pub mod keymap;
pub mod start;

pub use autosave::{Autosave, AutosaveError};
pub use keymap::{Binding, Command, Key};
pub use start::{NewGame, Start, StartError, StartOptions};

use kraal_session::Player;

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
