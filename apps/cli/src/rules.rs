//! `kraal rules`: the games, their rule sets, and the options of one rule set.

use crate::RulesArgs;
use anyhow::Result;
use kraal_session::GameRules;
use std::fmt::Write;

/// Runs `kraal rules [GAME] [--rules NAME] [--set OPTION=VALUE]...`.
pub fn run(game: Option<&str>, args: &RulesArgs) -> Result<()> {
    out!("{}", describe(game, args)?);
    Ok(())
}

/// The text `kraal rules` prints.
pub fn describe(game: Option<&str>, args: &RulesArgs) -> Result<String> {
    let mut out = String::new();
    match game {
        None if args.rules.is_none() && args.set.is_empty() => {
            for (i, (name, about)) in kraal_session::GAMES.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{name}: {about}")?;
                for (j, (rule_set, description)) in
                    kraal_session::rule_sets_of(name).into_iter().enumerate()
                {
                    let default = if j == 0 { " (default)" } else { "" };
                    writeln!(out, "  {rule_set:<20} {description}{default}")?;
                }
            }
            writeln!(
                out,
                "\nShow one rule set's options with: kraal rules RULE-SET"
            )?;
        }
        _ => show(
            &mut out,
            &crate::resolve(game.unwrap_or("morabaraba"), args)?,
        )?,
    }
    Ok(out)
}

fn show(out: &mut String, rules: &GameRules) -> Result<()> {
    let (description, source) = rules.about();
    writeln!(
        out,
        "{} ({}): {description}",
        rules.rule_set_name(),
        rules.game_name()
    )?;
    writeln!(out, "source: {source}")?;
    writeln!(out)?;
    let rows = rules.option_rows();
    for (name, value, description, changed) in &rows {
        let mark = if *changed { "*" } else { " " };
        writeln!(out, "{mark} {name:<18} {value:<20} {description}")?;
    }
    if rows.iter().any(|r| r.3) {
        writeln!(out, "\n* changed from the rule set by --set")?;
    }
    Ok(())
}
