//! Turning a game name, a rule-set name and option overrides into the rules of one game.

use crate::error::SessionError;
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;

/// The games kraal knows, by the name used on the command line, with a line about each.
pub const GAMES: &[(&str, &str)] = &[
    (
        "morabaraba",
        "the South African mill game and its family (Nine and Twelve Men's Morris)",
    ),
    (
        "oware",
        "the Ghanaian mancala of two rows (Abapa, the Oware Society rules)",
    ),
    (
        "mulabalaba",
        "a four-row mancala from Zambia, with relay sowing",
    ),
];

/// A game with its rules resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameRules {
    /// A mill game.
    Morris {
        /// The rule set the options start from.
        rule_set: morris::RuleSet,
        /// The options after every override.
        options: morris::Options,
    },
    /// Oware or Mulabalaba.
    Mancala {
        /// The rule set the options start from.
        rule_set: mancala::RuleSet,
        /// The options after every override.
        options: mancala::Options,
    },
}

/// A rule set of either family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AnyRuleSet {
    Morris(morris::RuleSet),
    Mancala(mancala::RuleSet),
}

impl AnyRuleSet {
    fn game(self) -> &'static str {
        match self {
            AnyRuleSet::Morris(_) => "morabaraba",
            AnyRuleSet::Mancala(r) => r.game().name(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            AnyRuleSet::Morris(r) => r.name(),
            AnyRuleSet::Mancala(r) => r.name(),
        }
    }
}

/// The default rule set of a game name, or the rule set of that name.
fn rule_set_named(name: &str) -> Option<AnyRuleSet> {
    let name = name.trim().to_ascii_lowercase().replace('_', "-");
    match name.as_str() {
        "morabaraba" | "morris" | "mill" => {
            return Some(AnyRuleSet::Morris(morris::RuleSet::Morabaraba));
        }
        "oware" | "awale" | "abapa" => {
            return Some(AnyRuleSet::Mancala(mancala::RuleSet::default_for(
                mancala::Game::Oware,
            )));
        }
        _ => {}
    }
    if let Ok(r) = name.parse::<morris::RuleSet>() {
        return Some(AnyRuleSet::Morris(r));
    }
    name.parse::<mancala::RuleSet>()
        .ok()
        .map(AnyRuleSet::Mancala)
}

/// Every rule-set name, for error messages.
fn known_names() -> String {
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
    names.extend(morris::RuleSet::ALL.iter().map(|r| r.name()));
    names.extend(mancala::RuleSet::ALL.iter().map(|r| r.name()));
    // A game shares its name with its own rule set: name each once.
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(*n));
    names.join(", ")
}

/// Resolves a game (or rule-set) name, an optional rule-set name and `OPTION=VALUE` overrides
/// into one game's rules.
///
/// # Errors
/// Fails on an unknown game or rule set, a rule set of another game, or a bad override.
pub fn resolve<S: AsRef<str>>(
    game: &str,
    rules: Option<&str>,
    overrides: &[S],
) -> Result<GameRules, SessionError> {
    let Some(default) = rule_set_named(game) else {
        return Err(SessionError::UnknownGame {
            name: game.to_owned(),
            known: known_names(),
        });
    };

    let rule_set = match rules {
        None => default,
        Some(name) => match rule_set_named(name) {
            Some(r) if r.game() == default.game() => r,
            Some(r) => {
                return Err(SessionError::RuleSetOfOtherGame {
                    rule_set: r.name(),
                    its_game: r.game(),
                    game: default.game(),
                });
            }
            None => {
                return Err(SessionError::UnknownRuleSet {
                    name: name.to_owned(),
                    known: known_names(),
                });
            }
        },
    };
    Ok(match rule_set {
        AnyRuleSet::Morris(rule_set) => {
            let options = morris::Options::from_rule_set(rule_set.name(), overrides)
                .map_err(SessionError::MorrisOption)?;
            GameRules::Morris { rule_set, options }
        }
        AnyRuleSet::Mancala(rule_set) => {
            let options = mancala::Options::from_rule_set(rule_set.name(), overrides)
                .map_err(SessionError::MancalaOption)?;
            GameRules::Mancala { rule_set, options }
        }
    })
}

impl GameRules {
    /// The `OPTION=VALUE` overrides that turn the rule set into these rules.
    #[must_use]
    pub fn overrides(&self) -> Vec<String> {
        let pairs: Vec<(&str, String)> = match self {
            GameRules::Morris { rule_set, options } => options
                .differences(&rule_set.options())
                .into_iter()
                .map(|(n, v)| (n.name(), v))
                .collect(),
            GameRules::Mancala { rule_set, options } => options
                .differences(&rule_set.options())
                .into_iter()
                .map(|(n, v)| (n.name(), v))
                .collect(),
        };
        pairs.into_iter().map(|(n, v)| format!("{n}={v}")).collect()
    }

    /// The name of the game (`morabaraba`, `oware` or `mulabalaba`).
    pub fn game_name(&self) -> &'static str {
        match self {
            GameRules::Morris { .. } => "morabaraba",
            GameRules::Mancala { rule_set, .. } => rule_set.game().name(),
        }
    }

    /// The rule set the options start from.
    pub fn rule_set_name(&self) -> &'static str {
        match self {
            GameRules::Morris { rule_set, .. } => rule_set.name(),
            GameRules::Mancala { rule_set, .. } => rule_set.name(),
        }
    }

    /// The rule set's one-line description and its source.
    pub fn about(&self) -> (&'static str, &'static str) {
        match self {
            GameRules::Morris { rule_set, .. } => (rule_set.description(), rule_set.source()),
            GameRules::Mancala { rule_set, .. } => (rule_set.description(), rule_set.source()),
        }
    }

    /// Each option with its value, description, and whether `--set` changed it.
    pub fn option_rows(&self) -> Vec<OptionRow> {
        match self {
            GameRules::Morris { rule_set, options } => rows(
                options.entries(),
                &options.differences(&rule_set.options()),
                |n| (n.name(), n.description()),
            ),
            GameRules::Mancala { rule_set, options } => rows(
                options.entries(),
                &options.differences(&rule_set.options()),
                |n| (n.name(), n.description()),
            ),
        }
    }
}

/// An option's name, value and description, and whether `--set` changed it.
pub type OptionRow = (&'static str, String, &'static str, bool);

/// The rows of `entries`, marking those listed in `changed`; `about` names and describes one.
fn rows<N: Copy + PartialEq>(
    entries: Vec<(N, String)>,
    changed: &[(N, String)],
    about: fn(N) -> (&'static str, &'static str),
) -> Vec<OptionRow> {
    entries
        .into_iter()
        .map(|(n, value)| {
            let (name, description) = about(n);
            (name, value, description, changed.iter().any(|c| c.0 == n))
        })
        .collect()
}

/// The rule sets of one game, as (name, description) pairs, the default first.
pub fn rule_sets_of(game: &str) -> Vec<(&'static str, &'static str)> {
    match game {
        "morabaraba" => morris::RuleSet::ALL
            .iter()
            .map(|r| (r.name(), r.description()))
            .collect(),
        other => mancala::RuleSet::ALL
            .iter()
            .filter(|r| r.game().name() == other)
            .map(|r| (r.name(), r.description()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_lists_every_name_once() {
        let Err(SessionError::UnknownGame { known, .. }) = resolve("chess", None, &[] as &[&str])
        else {
            panic!("chess is not a game of kraal");
        };
        let names: Vec<&str> = known.split(", ").collect();
        let unique: std::collections::HashSet<&&str> = names.iter().collect();
        assert_eq!(names.len(), unique.len(), "{known}");
        assert!(names.contains(&"koti") && names.contains(&"abapa"));
    }
}
