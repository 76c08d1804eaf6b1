//! The pack format: puzzles as tags in the style of kraal's game records, one block each,
//! blocks apart by blank lines; `#` starts a comment line.
//!
//! ```text
//! # A puzzle pack of kraal.
//! [Id "morabaraba-0001"]
//! [Game "morabaraba"]
//! [Rules "morabaraba"]
//! [Position "a7,b2,b4,d2,g1/b6,e4,f2 0:0 w"]
//! [Objective "win in 3"]
//! [Side "white"]
//! [Solution "b2-a1 b6-a4 d2-d1xb4 a4-a7 d1-d2 ..."]
//! [Themes "flying quiet"]
//! [Rating "1400"]
//! [Source "self-play herd-boy v elder, seed 3, ply 41"]
//! [Added "2026-12-01"]
//! ```
//!
//! Required tags: `Id`, `Game`, `Position`, `Objective`, `Solution`, `Rating`, `Added`.
//! `Rules` defaults to the game's own rule set; `Side` (checked against the position), `Themes`
//! (space-separated) and `Source` are optional. The position is the game's position string;
//! the solution is in the game's notation, each move checked legal in turn. An error names the
//! line and the tag.

use crate::date::Date;
use crate::objective::Objective;
use crate::puzzle::{Board, Puzzle};
use crate::themes::Theme;
use crate::variant::{GameName, Variant};
use std::collections::HashSet;
use std::fmt;

/// What is wrong at a place of a pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A line that is neither a tag, a comment nor blank.
    NotATag,
    /// A tag this format does not have.
    UnknownTag,
    /// A tag given twice in one puzzle.
    Repeated,
    /// A required tag is missing from the puzzle that ends here.
    Missing(&'static str),
    /// A tag's value cannot be read.
    BadValue(String),
    /// Two puzzles of the pack share an id.
    DuplicateId(String),
}

/// An error in a pack: the line (1-based), the tag if one is concerned, and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The line of the pack.
    pub line: usize,
    /// The tag concerned.
    pub tag: Option<String>,
    /// What is wrong.
    pub problem: Problem,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(tag) = &self.tag {
            write!(f, ", tag {tag}")?;
        }
        match &self.problem {
            Problem::NotATag => f.write_str(": not a tag like [Name \"value\"]"),
            Problem::UnknownTag => f.write_str(": unknown tag"),
            Problem::Repeated => f.write_str(": given twice in one puzzle"),
            Problem::Missing(t) => write!(f, ": the puzzle has no {t} tag"),
            Problem::BadValue(why) => write!(f, ": {why}"),
            Problem::DuplicateId(id) => write!(f, ": the id {id} is used twice"),
        }
    }
}

impl std::error::Error for FormatError {}

const TAGS: [&str; 11] = [
    "Id",
    "Game",
    "Rules",
    "Position",
    "Objective",
    "Side",
    "Solution",
    "Themes",
    "Rating",
    "Source",
    "Added",
];

/// Reads `[Name "value"]`; the value may hold `\"` and `\\`.
fn read_tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name, value))
}

fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Reads a pack.
///
/// # Errors
/// The first error found, with its line and tag.
pub fn parse_pack(text: &str) -> Result<Vec<Puzzle>, FormatError> {
    let mut out = Vec::new();
    let mut block: Vec<(usize, &str, String)> = Vec::new();
    let mut ids = HashSet::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !block.is_empty() {
                let p = build(&block, n)?;
                if !ids.insert(p.id.clone()) {
                    return Err(FormatError {
                        line: block[0].0,
                        tag: Some("Id".to_owned()),
                        problem: Problem::DuplicateId(p.id),
                    });
                }
                out.push(p);
                block.clear();
            }
            continue;
        }
        let Some((name, value)) = read_tag(line) else {
            return Err(FormatError {
                line: n,
                tag: None,
                problem: Problem::NotATag,
            });
        };
        let Some(&name) = TAGS.iter().find(|t| **t == name) else {
            return Err(FormatError {
                line: n,
                tag: Some(name.to_owned()),
                problem: Problem::UnknownTag,
            });
        };
        if block.iter().any(|(_, t, _)| *t == name) {
            return Err(FormatError {
                line: n,
                tag: Some(name.to_owned()),
                problem: Problem::Repeated,
            });
        }
        block.push((n, name, value));
    }
    if !block.is_empty() {
        let p = build(&block, lines.len())?;
        if !ids.insert(p.id.clone()) {
            return Err(FormatError {
                line: block[0].0,
                tag: Some("Id".to_owned()),
                problem: Problem::DuplicateId(p.id),
            });
        }
        out.push(p);
    }
    Ok(out)
}

/// Builds one puzzle from its tags; `end` is the line after the block (for missing tags).
fn build(block: &[(usize, &str, String)], end: usize) -> Result<Puzzle, FormatError> {
    let get = |tag: &'static str| -> Result<(usize, &str), FormatError> {
        block
            .iter()
            .find(|(_, t, _)| *t == tag)
            .map(|(n, _, v)| (*n, v.as_str()))
            .ok_or(FormatError {
                line: end,
                tag: Some(tag.to_owned()),
                problem: Problem::Missing(tag),
            })
    };
    let opt = |tag: &'static str| get(tag).ok();
    let bad = |line: usize, tag: &str, why: String| FormatError {
        line,
        tag: Some(tag.to_owned()),
        problem: Problem::BadValue(why),
    };

    let (n, id) = get("Id")?;
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        return Err(bad(n, "Id", "an id is one word".to_owned()));
    }
    let (n, game_text) = get("Game")?;
    let game = GameName::parse(game_text).ok_or_else(|| {
        bad(
            n,
            "Game",
            format!("unknown game {game_text:?} (morabaraba, oware, mulabalaba)"),
        )
    })?;
    let variant = match opt("Rules") {
        None => game.default_variant(),
        Some((n, r)) => Variant::of(game, r).ok_or_else(|| {
            bad(
                n,
                "Rules",
                format!(
                    "{r:?} is not a rule set of {game} (known: {})",
                    Variant::names_of(game).join(", ")
                ),
            )
        })?,
    };
    let (pn, position) = get("Position")?;
    let (sn, solution) = get("Solution")?;
    let words: Vec<&str> = solution.split_whitespace().collect();
    if words.is_empty() {
        return Err(bad(sn, "Solution", "the solution has no move".to_owned()));
    }
    let board = match variant {
        Variant::Morris(r) => {
            let pos = kraal_rules_morris::Position::from_position_string(position, r.options())
                .map_err(|e| bad(pn, "Position", e.to_string()))?;
            let mut line = Vec::new();
            let mut at = pos.clone();
            for (i, w) in words.iter().enumerate() {
                let mv = at
                    .parse_move(w)
                    .map_err(|e| bad(sn, "Solution", format!("move {} ({w}): {e}", i + 1)))?;
                let _ = at.play_unchecked(mv);
                line.push(mv);
            }
            Board::Morris {
                position: pos,
                line,
            }
        }
        Variant::Mancala(r) => {
            let pos = kraal_rules_mancala::Position::from_position_string(position, r.options())
                .map_err(|e| bad(pn, "Position", e.to_string()))?;
            let mut line = Vec::new();
            let mut at = pos.clone();
            for (i, w) in words.iter().enumerate() {
                let mv = at
                    .parse_move(w)
                    .map_err(|e| bad(sn, "Solution", format!("move {} ({w}): {e}", i + 1)))?;
                let _ = at.play_unchecked(mv);
                line.push(mv);
            }
            Board::Mancala {
                position: pos,
                line,
            }
        }
    };
    if let Some((n, side)) = opt("Side")
        && side != board.side_name()
    {
        return Err(bad(
            n,
            "Side",
            format!(
                "{side:?} is not the side to move of the position ({})",
                board.side_name()
            ),
        ));
    }
    let (n, objective) = get("Objective")?;
    let objective: Objective = objective
        .parse()
        .map_err(|e: crate::objective::ObjectiveError| bad(n, "Objective", e.to_string()))?;
    let fits = match objective {
        Objective::WinIn(_) | Objective::Hold(_) => true,
        Objective::Shots { .. } => game == GameName::Morabaraba,
        Objective::Capture { .. } => game != GameName::Morabaraba,
        Objective::Reach25(_) | Objective::Famine(_) => game == GameName::Oware,
        Objective::CaptureBoth { .. } => game == GameName::Mulabalaba,
    };
    if !fits {
        return Err(bad(
            n,
            "Objective",
            format!("{objective} is not an objective of {game}"),
        ));
    }
    let themes = match opt("Themes") {
        None => Vec::new(),
        Some((n, t)) => t
            .split_whitespace()
            .map(|w| {
                w.parse::<Theme>()
                    .map_err(|e| bad(n, "Themes", e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let (n, rating) = get("Rating")?;
    let rating: u16 = rating
        .parse()
        .ok()
        .filter(|r| (100..=4000).contains(r))
        .ok_or_else(|| {
            bad(
                n,
                "Rating",
                format!("{rating:?} is not a rating from 100 to 4000"),
            )
        })?;
    let (n, added) = get("Added")?;
    let added: Date = added
        .parse()
        .map_err(|e: crate::date::DateError| bad(n, "Added", e.to_string()))?;
    Ok(Puzzle {
        id: id.to_owned(),
        variant,
        board,
        objective,
        themes,
        rating,
        source: opt("Source").map(|(_, s)| s.to_owned()).unwrap_or_default(),
        added,
    })
}

/// Writes one puzzle as its block of tags (ending with a newline, no blank line).
#[must_use]
pub fn write_puzzle(p: &Puzzle) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
    };
    tag("Id", &p.id);
    tag("Game", p.variant.game().name());
    tag("Rules", p.variant.rules_name());
    tag("Position", &p.board.position_string());
    tag("Objective", &p.objective.to_string());
    tag("Side", p.board.side_name());
    tag("Solution", &p.board.line_text().join(" "));
    if !p.themes.is_empty() {
        let names: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
        tag("Themes", &names.join(" "));
    }
    tag("Rating", &p.rating.to_string());
    if !p.source.is_empty() {
        tag("Source", &p.source);
    }
    tag("Added", &p.added.to_string());
    out
}

/// Writes a pack: a comment header, then each puzzle, blank lines between.
#[must_use]
pub fn write_pack(header: &str, puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    for p in puzzles {
        out.push('\n');
        out.push_str(&write_puzzle(p));
    }
    out
}
