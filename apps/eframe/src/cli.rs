//! The command line: start straight into a game (or a saved one) instead of the menu.

use std::path::PathBuf;

/// The help text.
pub const HELP: &str = "\
kraal-gui: play Morabaraba, Oware and Mulabalaba in a window.

Usage: kraal-gui [OPTIONS]

Without options the start menu opens (with \"continue the last game\").
  --game NAME        start this game at once (morabaraba, oware, mulabalaba, or a rule set)
  --rules NAME       the rule set of the game
  --set OPTION=VALUE an option override (repeatable)
  --opponent WHO     human, ai:1 to ai:7, or an opponent's name (calf, herder...)
  --colour COLOUR    white or black (South or North in the mancala games)
  --clock CONTROL    none, move:120 (seconds a move), or 5+3 (minutes a game + seconds a move)
  --position TEXT    start from this position string (as `kraal` writes them)
  --moves \"M1 M2\"    play these moves first (both sides), in the game's notation
  --load FILE        open a saved game
  --seed N           seed of the AI's noise (repeatable games)
  --dark, --light    the colour theme
  --no-animations    no animations
  --size WxH         the window's size in points (such as 1200x800)
  -h, --help         this text";

/// What the command line asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    /// A game to start at once.
    pub game: Option<String>,
    /// Its rule set.
    pub rules: Option<String>,
    /// Option overrides.
    pub overrides: Vec<String>,
    /// The opponent.
    pub opponent: Option<String>,
    /// The player's colour.
    pub colour: Option<String>,
    /// The time control.
    pub clock: Option<String>,
    /// A start position other than the usual one.
    pub position: Option<String>,
    /// Moves to play first.
    pub moves: Vec<String>,
    /// A saved game to open.
    pub load: Option<PathBuf>,
    /// The AI's seed.
    pub seed: Option<u64>,
    /// `Some(true)` for dark, `Some(false)` for light.
    pub dark: Option<bool>,
    /// Turn animations off.
    pub no_animations: bool,
    /// The window's size.
    pub size: Option<(f32, f32)>,
    /// Show the help and stop.
    pub help: bool,
}

impl Args {
    /// Reads the arguments (without the program name).
    ///
    /// # Errors
    /// An unknown option or a missing or bad value, as a sentence.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Args, String> {
        let mut out = Args::default();
        let mut it = args.into_iter();
        while let Some(arg) = it.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
                _ => (arg.clone(), None),
            };
            let mut value = |what: &str| -> Result<String, String> {
                inline
                    .clone()
                    .or_else(|| it.next())
                    .ok_or_else(|| format!("{name} needs {what}"))
            };
            match name.as_str() {
                "-h" | "--help" => out.help = true,
                "--game" => out.game = Some(value("a game name")?),
                "--rules" => out.rules = Some(value("a rule-set name")?),
                "--set" => out.overrides.push(value("OPTION=VALUE")?),
                "--opponent" => out.opponent = Some(value("an opponent")?),
                "--colour" | "--color" => out.colour = Some(value("white or black")?),
                "--moves" => out
                    .moves
                    .extend(value("moves")?.split_whitespace().map(str::to_owned)),
                "--clock" => out.clock = Some(value("a time control")?),
                "--position" => out.position = Some(value("a position string")?),
                "--load" => out.load = Some(PathBuf::from(value("a file")?)),
                "--seed" => {
                    let v = value("a number")?;
                    out.seed = Some(v.parse().map_err(|_| format!("--seed {v}: not a number"))?);
                }
                "--dark" => out.dark = Some(true),
                "--light" => out.dark = Some(false),
                "--no-animations" => out.no_animations = true,
                "--size" => {
                    let v = value("WIDTHxHEIGHT")?;
                    let bad = || format!("--size {v}: write WIDTHxHEIGHT, such as 1200x800");
                    let (w, h) = v.split_once('x').ok_or_else(bad)?;
                    let w: f32 = w.parse().map_err(|_| bad())?;
                    let h: f32 = h.parse().map_err(|_| bad())?;
                    if !(200.0..=10_000.0).contains(&w) || !(200.0..=10_000.0).contains(&h) {
                        return Err(bad());
                    }
                    out.size = Some((w, h));
                }
                other => return Err(format!("unknown option {other} (try --help)")),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Args, String> {
        Args::parse(args.iter().map(|s| (*s).to_owned()))
    }

    #[test]
    fn options_are_read() {
        let args = parse(&[
            "--game",
            "oware",
            "--moves",
            "C f",
            "--moves=D",
            "--set",
            "seeds=3",
            "--size",
            "1000x700",
            "--dark",
        ])
        .unwrap();
        assert_eq!(args.game.as_deref(), Some("oware"));
        assert_eq!(args.moves, ["C", "f", "D"]);
        assert_eq!(args.overrides, ["seeds=3"]);
        assert_eq!(args.size, Some((1000.0, 700.0)));
        assert_eq!(args.dark, Some(true));
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(parse(&["--bogus"]).unwrap_err().contains("unknown option"));
        assert!(parse(&["--game"]).unwrap_err().contains("needs"));
        assert!(
            parse(&["--size", "big"])
                .unwrap_err()
                .contains("WIDTHxHEIGHT")
        );
    }
}
