//! The sectors of a mill rule set together, probed by the cows on the board.

use super::ban::exact;
use super::sector::{MorrisValue, Sector};
use kraal_rules_morris::{Color, Position, Setup};

/// The sectors solved for one rule set, smallest first; probed by the position's cows.
#[derive(Clone, Debug, Default)]
pub struct MorrisTables {
    sectors: Vec<Sector>,
}

/// The sectors built in order up to `most` cows a side: each needs the ones before it.
#[must_use]
pub fn sectors_up_to(most: u8) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for big in 3..=most {
        for small in 3..=big {
            out.push((small, big));
        }
    }
    out
}

impl MorrisTables {
    /// The tables of these sectors.
    #[must_use]
    pub fn new(sectors: Vec<Sector>) -> MorrisTables {
        MorrisTables { sectors }
    }

    /// The sectors, smallest first.
    #[must_use]
    pub fn sectors(&self) -> &[Sector] {
        &self.sectors
    }

    /// The sectors, smallest first, taken out.
    #[must_use]
    pub fn into_sectors(self) -> Vec<Sector> {
        self.sectors
    }

    /// The 3v3 sector, if built.
    #[must_use]
    pub fn sector3(&self) -> Option<&Sector> {
        self.sectors.iter().find(|s| s.cows() == (3, 3))
    }

    /// The value of `pos` for its side to move, if a sector here holds it. A position with a
    /// return ban in force (which no sector holds) is valued exactly by a search over its
    /// moves down to positions without one (see `docs/tables.md`); `None` when one of those
    /// is in no sector here, or the game is over.
    #[must_use]
    pub fn probe(&self, pos: &Position) -> Option<MorrisValue> {
        let table = |p: &Position| self.sectors.iter().find_map(|s| s.probe(p));
        if pos.bans().next().is_none() {
            return table(pos);
        }
        let options = Sector::table_options(pos.options());
        if pos.is_game_over()
            || pos.in_hand(Color::White) + pos.in_hand(Color::Black) != 0
            || !self.sectors.iter().any(|s| *s.options() == options)
        {
            return None;
        }
        // The search plays the tables' rules: the same position without draw counters.
        let setup = Setup {
            three_cows_plies: 0,
            no_shot_plies: 0,
            ..pos.to_setup()
        };
        let mut plain = Position::from_setup(&setup, options).ok()?;
        exact(&mut plain, &table)
    }
}
