//! Which Oware rule sets share a table: those whose captures and grand-slam rule agree (the
//! seed total, the cycle rule and the move limit do not change what a board is worth; see
//! `docs/tables.md`).

use crate::error::TableError;
use kraal_rules_mancala::{Game, Options, RuleSet};
use std::fmt;

/// An Oware table family: one per rule set whose moves or captures differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OwareFamily {
    /// `abapa`: a grand slam is legal and captures nothing.
    Abapa,
    /// `awale-ludii`: a grand slam is illegal unless every move is one.
    AwaleLudii,
    /// `oware-capture-all`: a grand slam captures everything.
    CaptureAll,
}

impl OwareFamily {
    /// Every family.
    pub const ALL: [OwareFamily; 3] = [
        OwareFamily::Abapa,
        OwareFamily::AwaleLudii,
        OwareFamily::CaptureAll,
    ];

    /// The rule set the family is named after.
    #[must_use]
    pub const fn rule_set(self) -> RuleSet {
        match self {
            OwareFamily::Abapa => RuleSet::Abapa,
            OwareFamily::AwaleLudii => RuleSet::AwaleLudii,
            OwareFamily::CaptureAll => RuleSet::OwareCaptureAll,
        }
    }

    /// The name of the family's folder and file headers, such as `oware-abapa`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OwareFamily::Abapa => "oware-abapa",
            OwareFamily::AwaleLudii => "oware-awale-ludii",
            OwareFamily::CaptureAll => "oware-capture-all",
        }
    }

    /// The options the builder plays under: the rule set's, with the cycle rule off (a table
    /// value holds for every repetition rule, so none is applied while building).
    #[must_use]
    pub fn build_options(self) -> Options {
        let mut options = self.rule_set().options();
        options.cycle = None;
        options
    }

    /// The family whose tables hold for positions under `options`.
    ///
    /// # Errors
    /// [`TableError::UnsupportedRules`] for Mulabalaba, a board other than 2x6, or captures
    /// other than two and three.
    pub fn of(options: &Options) -> Result<OwareFamily, TableError> {
        OwareFamily::ALL
            .into_iter()
            .find(|f| {
                let base = f.rule_set().options();
                options.game == Game::Oware
                    && options.width == base.width
                    && options.captures == base.captures
                    && options.grand_slam == base.grand_slam
            })
            .ok_or_else(|| TableError::UnsupportedRules {
                rules: describe(options),
            })
    }
}

fn describe(options: &Options) -> String {
    let diffs = options.differences(&Options::abapa());
    if options.game != Game::Oware {
        return options.game.to_string();
    }
    diffs
        .iter()
        .map(|(name, value)| format!("{}={value}", name.name()))
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for OwareFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
