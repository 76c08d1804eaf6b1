//! `kraal rules`: the games, their rule sets, and the options of one rule set.

use crate::RulesArgs;
use crate::game::{self, GameRules};
use anyhow::Result;
use kraal_rules_morris as morris;
use std::fmt::Write;

/// Runs `kraal rules [GAME] [--rules NAME] [--set OPTION=VALUE]...`.
pub fn run(game: Option<&str>, args: &RulesArgs) -> Result<()> {
    print!("{}", describe(game, args)?);
    Ok(())
}

/// The text `kraal rules` prints.
pub fn describe(game: Option<&str>, args: &RulesArgs) -> Result<String> {
    let mut out = String::new();
    match game {
        None if args.rules.is_none() && args.set.is_empty() => {
            for (name, about) in game::GAMES {
                writeln!(out, "{name}: {about}")?;
                list_rule_sets(&mut out)?;
            }
            writeln!(
                out,
                "\nShow one rule set's options with: kraal rules RULE-SET"
            )?;
        }
        _ => {
            let rules = game::resolve(game.unwrap_or("morabaraba"), args)?;
            show(&mut out, &rules)?;
        }
    }
    Ok(out)
}

fn list_rule_sets(out: &mut String) -> Result<()> {
    for r in morris::RuleSet::ALL {
        let default = if r == morris::RuleSet::Morabaraba {
            " (default)"
        } else {
            ""
        };
        writeln!(out, "  {:<20} {}{default}", r.name(), r.description())?;
    }
    Ok(())
}

fn show(out: &mut String, rules: &GameRules) -> Result<()> {
    match rules {
        GameRules::Morris { rule_set, options } => {
            writeln!(
                out,
                "{} ({}): {}",
                rule_set.name(),
                rules.game_name(),
                rule_set.description()
            )?;
            writeln!(out, "source: {}", rule_set.source())?;
            let changed = options.differences(&rule_set.options());
            writeln!(out)?;
            for (name, value) in options.entries() {
                let mark = if changed.iter().any(|(c, _)| *c == name) {
                    "*"
                } else {
                    " "
                };
                writeln!(
                    out,
                    "{mark} {:<16} {:<20} {}",
                    name.name(),
                    value,
                    name.description()
                )?;
            }
            if !changed.is_empty() {
                writeln!(out, "\n* changed from the rule set by --set")?;
            }
        }
    }
    Ok(())
}
