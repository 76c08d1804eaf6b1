//! The words of online play that every front end shows: the connection, whose turn it is,
//! the opponent gone and the claim, the draw offer, the games a player can resume, and the
//! join code as typed. The command line, the terminal UI and the desktop GUI all use these,
//! so they say the same thing.

use kraal_online::{Link, LiveGame, StoredSeat};
use kraal_protocol::{ErrorCode, GameStatus, JOIN_CODE_ALPHABET, JOIN_CODE_LEN, SeatSummary};
use kraal_session::Seat;
use std::fmt;
use std::time::{Duration, Instant};

/// The server a player connects to unless they say otherwise: one on this machine
/// (`cargo run --release -p kraal-server`).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";

/// A join code that cannot be one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadJoinCode(pub String);

impl fmt::Display for BadJoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alphabet = String::from_utf8_lossy(JOIN_CODE_ALPHABET);
        write!(
            f,
            "\"{}\" is not a join code: a code has {JOIN_CODE_LEN} characters from {alphabet}",
            self.0.trim()
        )
    }
}

impl std::error::Error for BadJoinCode {}

/// Reads a join code as a player typed it (spaces around it and small letters are fine).
///
/// # Errors
/// The text cannot be a code: wrong length, or a character codes never use.
pub fn parse_join_code(text: &str) -> Result<String, BadJoinCode> {
    kraal_protocol::normalise_join_code(text).ok_or_else(|| BadJoinCode(text.to_owned()))
}

/// `m:ss`, rounded up to the second, for countdowns.
#[must_use]
pub fn minutes_seconds(left: Duration) -> String {
    let seconds = left.as_millis().div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The connection in a few words: "connected", "reconnecting in 3 s...".
#[must_use]
pub fn link_text(link: &Link, now: Instant) -> String {
    match link {
        Link::Connecting => "connecting...".to_owned(),
        Link::Connected => "connected".to_owned(),
        Link::Reconnecting { retry_at, .. } => {
            let wait = retry_at.saturating_duration_since(now);
            if wait.is_zero() {
                "reconnecting...".to_owned()
            } else {
                format!("reconnecting in {} s...", wait.as_millis().div_ceil(1000))
            }
        }
        Link::Failed(why) => format!("offline: {why}"),
        Link::Closed => "closed".to_owned(),
    }
}

/// Where the game stands for this player: waiting (with the code), whose move, or the end.
#[must_use]
pub fn status_text(live: &LiveGame) -> String {
    let Some(mirror) = live.mirror() else {
        return match live.code() {
            Some(code) => waiting_text(code),
            None => "Getting the game from the server...".to_owned(),
        };
    };
    let snapshot = &mirror.snapshot;
    let sides = mirror.game.side_names();
    match snapshot.status {
        GameStatus::Waiting => match live.code() {
            Some(code) => waiting_text(code),
            None => "Waiting for the opponent to join.".to_owned(),
        },
        GameStatus::Live if live.my_turn() => {
            format!("Your move ({}).", sides[snapshot.you.index()])
        }
        GameStatus::Live if mirror.my_turn() => "Sending your move...".to_owned(),
        GameStatus::Live => format!(
            "{} to move: waiting for your opponent.",
            sides[snapshot.to_move.index()]
        ),
        GameStatus::Over { outcome } => {
            let mine = match outcome.winner {
                Some(w) if w == snapshot.you => "You won",
                Some(_) => "You lost",
                None => "A draw",
            };
            format!("{mine}: {outcome}.")
        }
        GameStatus::Aborted => "The game was aborted.".to_owned(),
    }
}

fn waiting_text(code: &str) -> String {
    format!("Waiting for your opponent: they join with the code {code}.")
}

/// The opponent's connection gone, and when this player may claim; `None` while they are
/// there (or the game is not live).
#[must_use]
pub fn presence_text(live: &LiveGame, now: Instant) -> Option<String> {
    let mirror = live.mirror()?;
    if mirror.snapshot.opponent_online || mirror.snapshot.status != GameStatus::Live {
        return None;
    }
    let gone = "Your opponent's connection is gone.";
    Some(match live.claim_in(now) {
        Some(left) if left.is_zero() => format!("{gone} You may claim the game now."),
        Some(left) => format!(
            "{gone} You may claim the game in {}.",
            minutes_seconds(left)
        ),
        None => format!("{gone} After the grace period you may claim the game."),
    })
}

/// Whether this player may claim now (the opponent gone past the grace period).
#[must_use]
pub fn may_claim(live: &LiveGame, now: Instant) -> bool {
    live.claim_in(now).is_some_and(|left| left.is_zero())
}

/// The draw offer standing, in words; `None` if there is none.
#[must_use]
pub fn draw_offer_text(live: &LiveGame) -> Option<String> {
    let snapshot = &live.mirror()?.snapshot;
    let by = snapshot.draw_offer?;
    Some(if by == snapshot.you {
        "You offered a draw.".to_owned()
    } else {
        "Your opponent offers a draw.".to_owned()
    })
}

fn seat_word(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

/// A held seat as this machine keeps it, for when the server cannot be asked.
#[must_use]
pub fn kept_line(seat: &StoredSeat) -> String {
    let code = seat
        .code
        .as_deref()
        .map(|c| format!(" (code {c})"))
        .unwrap_or_default();
    let name = if seat.game_name.is_empty() {
        "a game"
    } else {
        &seat.game_name
    };
    format!("{}  {name}  {} seat{code}", seat.game, seat_word(seat.seat))
}

/// One line for a held seat's game, as the server described it.
#[must_use]
pub fn summary_line(summary: &SeatSummary, seat: &StoredSeat) -> String {
    match summary {
        SeatSummary::Missing { game, code } => {
            let why = match code {
                ErrorCode::BadToken => "the server does not know this seat",
                _ => "the server knows no such game",
            };
            format!("{game}  {why}")
        }
        SeatSummary::Game {
            game,
            game_name,
            rule_set,
            status,
            you,
            to_move,
            plies,
            opponent_name,
            opponent_online,
        } => {
            let rules = if rule_set == game_name {
                game_name.clone()
            } else {
                format!("{game_name} ({rule_set})")
            };
            let opponent = opponent_name.as_deref().unwrap_or("anonymous");
            let presence = if *opponent_online { "online" } else { "away" };
            let state = match status {
                GameStatus::Waiting => {
                    let code = seat
                        .code
                        .as_deref()
                        .map(|c| format!(" (code {c})"))
                        .unwrap_or_default();
                    format!("waiting for an opponent{code}")
                }
                GameStatus::Live => {
                    let turn = if to_move == you {
                        "your turn"
                    } else {
                        "their turn"
                    };
                    format!(
                        "{turn} at move {}, against {opponent} ({presence})",
                        plies + 1
                    )
                }
                GameStatus::Over { outcome } => {
                    let mine = match outcome.winner {
                        Some(w) if w == *you => "you won",
                        Some(_) => "you lost",
                        None => "a draw",
                    };
                    format!("over: {mine} ({outcome}), against {opponent}")
                }
                GameStatus::Aborted => "aborted".to_owned(),
            };
            format!("{game}  {rules}  {} seat  {state}", seat_word(*you))
        }
    }
}

/// A server address that cannot be one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadServer(pub String);

impl fmt::Display for BadServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a server address: write a websocket address such as {DEFAULT_SERVER}",
            self.0.trim()
        )
    }
}

impl std::error::Error for BadServer {}

/// Reads a server's address as a player typed it: a websocket URL (`ws://` or `wss://`, a
/// host, no spaces); spaces around it are dropped.
///
/// # Errors
/// Anything else (a bare `host:port`, an `http://` address, an empty host).
pub fn parse_server(text: &str) -> Result<String, BadServer> {
    let trimmed = text.trim();
    let rest = trimmed
        .strip_prefix("ws://")
        .or_else(|| trimmed.strip_prefix("wss://"))
        .unwrap_or_default();
    if rest.is_empty() || rest.starts_with('/') || rest.contains(char::is_whitespace) {
        return Err(BadServer(text.to_owned()));
    }
    Ok(trimmed.to_owned())
}

/// The command an opponent types to join `code` from a terminal (naming the server unless it
/// is the default one).
#[must_use]
pub fn join_command(code: &str, server: &str) -> String {
    if server == DEFAULT_SERVER {
        format!("kraal online join {code}")
    } else {
        format!("kraal online join {code} --server {server}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kraal_protocol::GameId;

    #[test]
    fn a_server_is_a_websocket_address() {
        assert_eq!(
            parse_server(" ws://example.org:7878/ws ").as_deref(),
            Ok("ws://example.org:7878/ws")
        );
        assert!(parse_server("wss://kraal.example/ws").is_ok());
        for bad in [
            "127.0.0.1:7878",
            "http://x/ws",
            "ws://",
            "ws:///ws",
            "ws://a b/ws",
        ] {
            let e = parse_server(bad).unwrap_err();
            assert!(e.to_string().contains("is not a server address"), "{e}");
        }
    }

    #[test]
    fn the_join_command_names_a_server_that_is_not_the_default() {
        assert_eq!(
            join_command("AC3D4E", DEFAULT_SERVER),
            "kraal online join AC3D4E"
        );
        assert_eq!(
            join_command("AC3D4E", "ws://h:1/ws"),
            "kraal online join AC3D4E --server ws://h:1/ws"
        );
    }

    #[test]
    fn a_typed_code_is_read_and_a_bad_one_named() {
        assert_eq!(parse_join_code(" ac3d4e ").as_deref(), Ok("AC3D4E"));
        let e = parse_join_code("hello").unwrap_err();
        assert!(
            e.to_string().contains("\"hello\" is not a join code"),
            "{e}"
        );
        assert!(e.to_string().contains("6 characters"), "{e}");
    }

    #[test]
    fn the_reconnect_countdown_counts_whole_seconds_up() {
        let now = Instant::now();
        let link = Link::Reconnecting {
            attempt: 2,
            retry_at: now + Duration::from_millis(2_100),
            reason: "closed".into(),
        };
        assert_eq!(link_text(&link, now), "reconnecting in 3 s...");
        assert_eq!(
            link_text(&link, now + Duration::from_secs(5)),
            "reconnecting..."
        );
        assert_eq!(link_text(&Link::Connected, now), "connected");
        assert_eq!(
            link_text(&Link::Failed("the server refused".into()), now),
            "offline: the server refused"
        );
    }

    #[test]
    fn countdowns_read_minutes_and_seconds() {
        assert_eq!(minutes_seconds(Duration::from_millis(42_001)), "0:43");
        assert_eq!(minutes_seconds(Duration::from_secs(125)), "2:05");
        assert_eq!(minutes_seconds(Duration::ZERO), "0:00");
    }

    #[test]
    fn a_kept_seat_names_its_game_seat_and_code() {
        let seat = StoredSeat {
            server: DEFAULT_SERVER.into(),
            game: GameId(42),
            token: "t".into(),
            game_name: "oware".into(),
            seat: Seat::Second,
            code: Some("AC3D4E".into()),
        };
        assert_eq!(kept_line(&seat), "42  oware  second seat (code AC3D4E)");
    }
}
