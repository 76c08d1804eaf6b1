//! Game records: a text format a person can read and edit, checked move by move.
//!
//! ```text
//! # A game record of kraal. Lines starting with # are comments.
//! [Game "morabaraba"]
//! [Rules "traditional"]
//! [Set "cows=11"]
//! [White "human"]
//! [Black "ai:3"]
//! [Date "2026-11-29"]
//! [Result "1-0"]
//! [Reason "reduced-to-two"]
//!
//! 1. d2 a1 2. b2 {a fine move} g7 3. ...
//! ```
//!
//! - Tags: `Game` (required), `Rules` (the rule set; the game's own by default), `Set` (one
//!   option override each, repeatable), `White` and `Black` (for Oware and Mulabalaba, South and
//!   North), `Date`, `Result` (`1-0` when the first player won, `0-1`, `1/2-1/2`, or `*` while the
//!   game goes on), `Reason` (why it ended: a rule's reason, or `resignation`, `agreement`,
//!   `time`, `move-limit`), and `Position` (a start position other than the usual one). Other
//!   tags are kept as they are.
//! - Moves in the games' own notation, separated by spaces; move numbers (`12.`) are optional
//!   and ignored on reading; a comment in braces after a move belongs to that move.
//!
//! [`Record::check`] replays the moves under the record's rules and names the line and move of
//! the first one that cannot be played. [`Record::save`] writes to a temporary file first and
//! renames it, so a failed save never destroys an earlier one.

use crate::error::SessionError;
use crate::family::{Family, MancalaFamily, MorrisFamily};
use crate::outcome::{GameResult, Outcome};
use crate::rules::{GameRules, resolve};
use std::fmt;
use std::path::Path;

/// One move of a record, with its comment and the line it was read from (0 if not read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move in the game's notation.
    pub text: String,
    /// A comment about the move, if any.
    pub comment: Option<String>,
    /// The line of the file it was read from (1-based; 0 when made in memory).
    pub line: usize,
}

/// A game record: tags in order, then moves.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Comment lines before the tags (without their `#`).
    pub comments: Vec<String>,
    /// Tags in order, `Set` repeated once per override.
    pub tags: Vec<(String, String)>,
    /// The moves, in order.
    pub moves: Vec<RecordMove>,
}

impl PartialEq for Record {
    /// Records are equal when their comments, tags and moves are (line numbers aside).
    fn eq(&self, other: &Self) -> bool {
        let strip = |r: &Record| -> Vec<(String, Option<String>)> {
            r.moves
                .iter()
                .map(|m| (m.text.clone(), m.comment.clone()))
                .collect()
        };
        self.comments == other.comments && self.tags == other.tags && strip(self) == strip(other)
    }
}

/// What is wrong with a record, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A line that is neither a tag, a comment nor moves (or a tag that is malformed).
    Syntax {
        /// The line (1-based).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A tag the record needs is missing.
    MissingTag(&'static str),
    /// The rules or start position the tags name cannot be used.
    Rules(SessionError),
    /// A move cannot be played.
    Move {
        /// The line (1-based; 0 for a record made in memory).
        line: usize,
        /// Which move (1-based).
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        reason: SessionError,
    },
    /// The `Result` tag contradicts how the moves end the game.
    WrongResult {
        /// What the tag says.
        tag: String,
        /// What the moves give.
        actual: String,
    },
    /// The file cannot be read or written.
    Io {
        /// The file.
        path: String,
        /// The system's message.
        reason: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { line, reason } => write!(f, "line {line}: {reason}"),
            RecordError::MissingTag(tag) => write!(f, "the record has no [{tag} \"...\"] tag"),
            RecordError::Rules(e) => write!(f, "the record's rules: {e}"),
            RecordError::Move {
                line,
                number,
                text,
                reason,
            } => {
                write!(
                    f,
                    "line {line}, move {number} {}: {reason}",
                    crate::error::quoted(text)
                )
            }
            RecordError::WrongResult { tag, actual } => {
                write!(
                    f,
                    "the Result tag says {tag} but the moves end the game {actual}"
                )
            }
            RecordError::Io { path, reason } => write!(f, "{path}: {reason}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl RecordError {
    /// One sentence naming the file once and the reason: "g.txt: line 3: ..." (the file's
    /// own errors name it already).
    #[must_use]
    pub fn about_file(&self, path: &Path) -> String {
        match self {
            RecordError::Io { .. } => self.to_string(),
            other => format!("{}: {other}", path.display()),
        }
    }
}

/// How a record's moves end, once replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The rules the record names.
    pub rules: GameRules,
    /// The position string after the last move.
    pub position: String,
    /// A picture of that position.
    pub picture: String,
    /// The end of the game by the rules, if it has ended.
    pub outcome: Option<Outcome>,
}

fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn parse_tag(line: usize, text: &str) -> Result<(String, String), RecordError> {
    let syntax = |reason: &str| RecordError::Syntax {
        line,
        reason: reason.to_owned(),
    };
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| syntax("a tag is written [Name \"value\"]"))?;
    let (name, value) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| syntax("a tag needs a name and a quoted value"))?;
    let value = value.trim();
    let body = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| syntax("a tag's value goes in double quotes"))?;
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(
                chars
                    .next()
                    .ok_or_else(|| syntax("a backslash ends the value"))?,
            ),
            '"' => return Err(syntax("a double quote inside a value needs a backslash")),
            c => out.push(c),
        }
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(syntax("a tag's name is letters, digits, - and _"));
    }
    Ok((name.to_owned(), out))
}

impl Record {
    /// A new record for `rules` with no moves.
    #[must_use]
    pub fn new(rules: &GameRules) -> Record {
        let mut tags = vec![
            ("Game".to_owned(), rules.game_name().to_owned()),
            ("Rules".to_owned(), rules.rule_set_name().to_owned()),
        ];
        tags.extend(rules.overrides().into_iter().map(|o| ("Set".to_owned(), o)));
        Record {
            comments: Vec::new(),
            tags,
            moves: Vec::new(),
        }
    }

    /// The first value of a tag.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing the first of that name, or adding it at the end).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// Reads a record from text (syntax only; see [`Record::check`] for the moves).
    ///
    /// # Errors
    /// The first line that is not a comment, a tag or moves, or an unclosed comment.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut in_moves = false;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(comment) = trimmed.strip_prefix('#') {
                if !in_moves && record.tags.is_empty() {
                    record.comments.push(comment.trim().to_owned());
                }
                continue;
            }
            if trimmed.starts_with('[') {
                if in_moves {
                    return Err(RecordError::Syntax {
                        line,
                        reason: "tags come before the moves".to_owned(),
                    });
                }
                record.tags.push(parse_tag(line, trimmed)?);
                continue;
            }
            in_moves = true;
            record.parse_moves(line, trimmed)?;
        }
        Ok(record)
    }

    fn parse_moves(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        let mut rest = text;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            rest = &rest[start..];
            if let Some(body) = rest.strip_prefix('{') {
                let end = body.find('}').ok_or_else(|| RecordError::Syntax {
                    line,
                    reason: "a comment opened with { is not closed on its line".to_owned(),
                })?;
                let comment = body[..end].trim().to_owned();
                if comment.contains('{') {
                    return Err(RecordError::Syntax {
                        line,
                        reason: "a comment cannot hold a brace".to_owned(),
                    });
                }
                match self.moves.last_mut() {
                    Some(last) if last.comment.is_none() => last.comment = Some(comment),
                    _ => {
                        return Err(RecordError::Syntax {
                            line,
                            reason: "a comment in braces follows the move it is about".to_owned(),
                        });
                    }
                }
                rest = &body[end + 1..];
                continue;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            // Move numbers such as `12.` are for people; the order of the moves is what counts.
            let is_number = token.ends_with('.')
                && token[..token.len() - 1].chars().all(|c| c.is_ascii_digit());
            if !is_number {
                self.moves.push(RecordMove {
                    text: token.to_owned(),
                    comment: None,
                    line,
                });
            }
        }
        Ok(())
    }

    /// The rules the tags name.
    ///
    /// # Errors
    /// No `Game` tag, or a game, rule set or override that cannot be used.
    pub fn rules(&self) -> Result<GameRules, RecordError> {
        let game = self.tag("Game").ok_or(RecordError::MissingTag("Game"))?;
        let overrides: Vec<&str> = self
            .tags
            .iter()
            .filter(|(n, _)| n == "Set")
            .map(|(_, v)| v.as_str())
            .collect();
        resolve(game, self.tag("Rules"), &overrides).map_err(RecordError::Rules)
    }

    /// Replays the moves under the record's rules, checking each, and the `Result` tag against
    /// how they end the game.
    ///
    /// # Errors
    /// The rules cannot be used, a move cannot be played (its line and number are named), or
    /// the `Result` tag contradicts the rules' outcome.
    pub fn check(&self) -> Result<Replayed, RecordError> {
        let rules = self.rules()?;
        let replayed = match &rules {
            GameRules::Morris { options, .. } => {
                self.replay(&MorrisFamily(*options), rules.clone())
            }
            GameRules::Mancala { options, .. } => {
                self.replay(&MancalaFamily(*options), rules.clone())
            }
        }?;
        if let Some(tag) = self.tag("Result")
            && let Some(outcome) = replayed.outcome
            && tag.parse::<GameResult>() != Ok(outcome.result())
        {
            return Err(RecordError::WrongResult {
                tag: tag.to_owned(),
                actual: outcome.result().to_string(),
            });
        }
        Ok(replayed)
    }

    fn replay<F: Family>(&self, family: &F, rules: GameRules) -> Result<Replayed, RecordError> {
        let mut pos = family
            .position(self.tag("Position"))
            .map_err(RecordError::Rules)?;
        for (i, mv) in self.moves.iter().enumerate() {
            let typed = F::parse_move(&pos, &mv.text).map_err(|reason| RecordError::Move {
                line: mv.line,
                number: i + 1,
                text: mv.text.clone(),
                reason,
            })?;
            pos = F::after(&pos, typed);
        }
        Ok(Replayed {
            rules,
            position: F::position_string(&pos),
            picture: F::render(&pos, false),
            outcome: F::outcome(&pos),
        })
    }

    /// Reads a record from a file.
    ///
    /// # Errors
    /// The file cannot be read, or its text is not a record.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let text = std::fs::read_to_string(path).map_err(|e| RecordError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Record::parse(&text)
    }

    /// Writes the record to `path` through a temporary file in the same folder, renamed over
    /// `path` once complete: an earlier file is never left half-written.
    ///
    /// # Errors
    /// The folder cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        let io = |e: std::io::Error| RecordError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        std::fs::write(&temporary, self.to_string()).map_err(io)?;
        std::fs::rename(&temporary, path).map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            io(e)
        })
    }
}

impl fmt::Display for Record {
    /// The canonical text: comments, tags, a blank line, then numbered moves, ten turns a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.comments {
            writeln!(f, "# {c}")?;
        }
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", quote(value))?;
        }
        writeln!(f)?;
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                if i > 0 && i % 20 == 0 {
                    writeln!(f, "{}", line.trim_end())?;
                    line.clear();
                }
                line.push_str(&format!("{}. ", i / 2 + 1));
            }
            line.push_str(&mv.text);
            line.push(' ');
            if let Some(c) = &mv.comment {
                // A brace would end the comment early: it cannot be written inside one.
                line.push_str(&format!("{{{}}} ", c.replace(['{', '}'], "")));
            }
        }
        if !line.is_empty() {
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}
