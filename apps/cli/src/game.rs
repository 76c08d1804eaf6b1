//! Turning a GAME argument, `--rules` and `--set` into the rules of one game.

use crate::RulesArgs;
use anyhow::{Result, bail};
use kraal_rules_morris as morris;

/// The games kraal knows, by the name used on the command line.
pub const GAMES: &[(&str, &str)] = &[(
    "morabaraba",
    "the South African mill game and its family (Nine and Twelve Men's Morris)",
)];

/// A game with its rules resolved.
#[derive(Debug, Clone)]
pub enum GameRules {
    /// A mill game.
    Morris {
        /// The rule set the options start from.
        rule_set: morris::RuleSet,
        /// The options after every override.
        options: morris::Options,
    },
}

impl GameRules {
    /// The name of the game (`morabaraba`).
    pub fn game_name(&self) -> &'static str {
        match self {
            GameRules::Morris { .. } => "morabaraba",
        }
    }

    /// The rule set the options start from.
    pub fn rule_set_name(&self) -> &'static str {
        match self {
            GameRules::Morris { rule_set, .. } => rule_set.name(),
        }
    }
}

/// Whether `name` is a mill-game name: the game itself or one of its rule sets.
fn morris_rule_set(name: &str) -> Option<morris::RuleSet> {
    let name = name.trim().to_ascii_lowercase().replace('_', "-");
    if name == "morabaraba" || name == "morris" || name == "mill" {
        return Some(morris::RuleSet::Morabaraba);
    }
    name.parse().ok()
}

/// Resolves GAME, `--rules` and `--set` into one game's rules.
pub fn resolve(game: &str, args: &RulesArgs) -> Result<GameRules> {
    let Some(default) = morris_rule_set(game) else {
        let known: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
        bail!(
            "unknown game `{game}` (known games: {}; or a rule-set name from `kraal rules`)",
            known.join(", ")
        );
    };
    let rule_set = match &args.rules {
        None => default,
        Some(name) => name.parse::<morris::RuleSet>()?,
    };
    let options = morris::Options::from_rule_set(rule_set.name(), &args.set)?;
    Ok(GameRules::Morris { rule_set, options })
}
