//! Themes: each decided by an exact predicate on the position, the main line and the proof.

use crate::objective::Objective;
use crate::subject::Subject;
use kraal_ai::{Game, Mancala};
use kraal_rules_mancala::{self as mancala, EndReason, Step};
use kraal_rules_morris::{self as morris, Phase, WinReason};
use std::fmt;
use std::str::FromStr;

/// A puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Mill games: the first move closes two mills at once (it shoots two cows).
    DoubleMill,
    /// Mill games: the line ends with the opponent blocked.
    Block,
    /// Mill games: the move is forced but only some of its shots work.
    ShotChoice,
    /// The first move shoots or captures nothing.
    Quiet,
    /// Mill games: the solver's cows fly.
    Flying,
    /// Mill games: the solver still places cows.
    Placing,
    /// Oware: the first move captures from two houses or more.
    MultiCapture,
    /// Oware: the opponent has no seeds, so the solver must feed.
    Feeding,
    /// Oware: the line ends by famine.
    Famine,
    /// Mulabalaba: the first move captures both opposite holes, each holding seeds.
    CaptureBoth,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 10] = [
        Theme::DoubleMill,
        Theme::Block,
        Theme::ShotChoice,
        Theme::Quiet,
        Theme::Flying,
        Theme::Placing,
        Theme::MultiCapture,
        Theme::Feeding,
        Theme::Famine,
        Theme::CaptureBoth,
    ];

    /// The theme's name in packs.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::DoubleMill => "double-mill",
            Theme::Block => "block",
            Theme::ShotChoice => "shot-choice",
            Theme::Quiet => "quiet",
            Theme::Flying => "flying",
            Theme::Placing => "placing",
            Theme::MultiCapture => "multi-capture",
            Theme::Feeding => "feeding",
            Theme::Famine => "famine",
            Theme::CaptureBoth => "capture-both",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Not a theme's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        write!(
            f,
            "unknown theme {:?} (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_owned()))
    }
}

/// The end position of a line.
fn end_of<G: Game>(position: &G::State, line: &[G::Move]) -> G::State {
    let mut s = position.clone();
    for &mv in line {
        let _ = G::play(&mut s, mv);
    }
    s
}

/// The themes of a mill-game puzzle with its proven line, sorted.
#[must_use]
pub fn morris_themes(
    position: &morris::Position,
    line: &[morris::Move],
    shot_choice: bool,
) -> Vec<Theme> {
    let mut out = Vec::new();
    let me = position.side_to_move();
    if let Some(&key) = line.first() {
        let shots = key.shot_bits().count_ones();
        if shots >= 2 {
            out.push(Theme::DoubleMill);
        }
        if shots == 0 {
            out.push(Theme::Quiet);
        }
    }
    let end = end_of::<kraal_ai::Morris>(position, line);
    if let Some(morris::Outcome::Win {
        winner,
        reason: WinReason::Blocked,
    }) = end.outcome()
        && winner == me
    {
        out.push(Theme::Block);
    }
    if shot_choice {
        out.push(Theme::ShotChoice);
    }
    match position.phase_of(me) {
        Phase::Flying => out.push(Theme::Flying),
        Phase::Placing => out.push(Theme::Placing),
        Phase::Moving => {}
    }
    out.sort();
    out
}

/// The themes of a mancala puzzle with its proven line, sorted.
#[must_use]
pub fn mancala_themes(
    position: &mancala::Position,
    line: &[mancala::Move],
    objective: Objective,
) -> Vec<Theme> {
    let mut out = Vec::new();
    let me = position.side_to_move();
    let oware = position.game() == mancala::Game::Oware;
    if let Some(&key) = line.first() {
        let captures = position.steps(key).map_or(0, |steps| {
            steps
                .iter()
                .filter(|s| matches!(s, Step::Capture { seeds, .. } if *seeds > 0))
                .count()
        });
        if captures == 0 {
            out.push(Theme::Quiet);
        }
        if oware && captures >= 2 {
            out.push(Theme::MultiCapture);
        }
        if !oware && Mancala::captures_both(position, key) {
            out.push(Theme::CaptureBoth);
        }
    }
    if oware && position.seeds_on_side(me.other()) == 0 {
        out.push(Theme::Feeding);
    }
    let end = end_of::<Mancala>(position, line);
    if oware
        && (matches!(objective, Objective::Famine(_))
            || end
                .outcome()
                .is_some_and(|o| o.reason() == EndReason::Famine && o.winner() == Some(me)))
    {
        out.push(Theme::Famine);
    }
    out.sort();
    out
}
