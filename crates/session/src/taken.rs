//! What a move took from the board, to announce it: the cows a mill shot, the seeds a sowing
//! captured ("South captures 3 + 2 from e, d"). Read from the typed move and the rules crates'
//! own steps, never worked out again here.

use crate::any::AnyGame;
use kraal_rules_mancala as mancala;
use kraal_rules_morris as morris;
use std::fmt;

/// What the last move took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// A mill game: the cows shot.
    Shot {
        /// The shooter's side (`White`, `Black`).
        by: &'static str,
        /// The points the cows stood on.
        points: Vec<morris::Point>,
    },
    /// A mancala game: the seeds captured, hole by hole in the order taken.
    Captured {
        /// The capturer's side (`South`, `North`).
        by: &'static str,
        /// The other side's name, for games whose hole names do not tell the side.
        from: Option<&'static str>,
        /// Each hole emptied (its name in the notation) with its seeds.
        holes: Vec<(String, u8)>,
    },
}

impl Taken {
    /// Cows or seeds taken in all.
    #[must_use]
    pub fn count(&self) -> u32 {
        match self {
            Taken::Shot { points, .. } => points.len() as u32,
            Taken::Captured { holes, .. } => holes.iter().map(|&(_, s)| u32::from(s)).sum(),
        }
    }
}

impl fmt::Display for Taken {
    /// "White shoots b4", "Black shoots a1 and g7", "South captures 3 + 2 from e, d",
    /// "North captures 4 from South's 5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Taken::Shot { by, points } => {
                let names: Vec<&str> = points.iter().map(|p| p.label()).collect();
                write!(f, "{by} shoots {}", names.join(" and "))
            }
            Taken::Captured { by, from, holes } => {
                let seeds: Vec<String> = holes.iter().map(|(_, s)| s.to_string()).collect();
                let names: Vec<&str> = holes.iter().map(|(h, _)| h.as_str()).collect();
                let side = from.map(|s| format!("{s}'s ")).unwrap_or_default();
                write!(
                    f,
                    "{by} captures {} from {side}{}",
                    seeds.join(" + "),
                    names.join(", ")
                )
            }
        }
    }
}

impl AnyGame {
    /// What the move that led to the position on the board took, if it took anything.
    #[must_use]
    pub fn last_taken(&self) -> Option<Taken> {
        self.taken_at(self.ply())
    }

    /// What the `ply`-th move of the game (1: the first; undone moves included, as the move
    /// list shows them) took, if it took anything.
    #[must_use]
    pub fn taken_at(&self, ply: usize) -> Option<Taken> {
        match self {
            AnyGame::Morris { session, .. } => {
                let mv = session.move_at(ply)?;
                let points = mv.shots();
                let mover = session.position_at(ply - 1)?.side_to_move();
                (!points.is_empty()).then(|| Taken::Shot {
                    by: self.side_name(usize::from(mover != morris::Color::White)),
                    points,
                })
            }
            AnyGame::Mancala { session } => {
                let before = session.position_at(ply.checked_sub(1)?)?;
                let steps = before.steps(session.move_at(ply)?).ok()?;
                let board = before.board();
                let holes: Vec<(String, u8)> = steps
                    .iter()
                    .filter_map(|step| match *step {
                        mancala::Step::Capture { hole, seeds } => Some((board.label(hole), seeds)),
                        _ => None,
                    })
                    .collect();
                let mover = usize::from(before.side_to_move() != mancala::Side::South);
                // Oware's hole names tell the side by their case; Mulabalaba's do not.
                let from =
                    (before.game() == mancala::Game::Mulabalaba).then(|| self.side_name(1 - mover));
                (!holes.is_empty()).then(|| Taken::Captured {
                    by: self.side_name(mover),
                    from,
                    holes,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Player, resolve};

    fn game(name: &str, start: &str) -> AnyGame {
        let rules = resolve(name, None, &[] as &[&str]).expect("rules");
        AnyGame::new(&rules, Some(start), [Player::Human; 2], 1).expect("game")
    }

    #[test]
    fn an_oware_capture_is_announced_hole_by_hole() {
        // South's F (4 seeds) sows a, b, c, d: d becomes 3 and c 2, both captured backwards
        // from the last seed, then b (0 + 1) stops the chain.
        let mut g = game("oware", "4,4,4,4,4,4/0,0,1,2,0,0 10:11 s");
        g.play_text("F").expect("legal");
        let taken = g.last_taken().expect("a capture");
        assert_eq!(taken.to_string(), "South captures 3 + 2 from d, c");
        assert_eq!(taken.count(), 5);
        g.play_text("a").expect("legal");
        assert_eq!(g.last_taken(), None, "North's a captures nothing");
        // Undone, the capture still stands in the move list.
        g.undo_turn();
        g.undo_turn();
        assert_eq!(g.last_taken(), None, "at the start nothing was taken");
        assert_eq!(g.taken_at(1).map(|t| t.count()), Some(5));
        assert_eq!(g.taken_at(2), None);
        assert_eq!(g.taken_at(3), None, "no third move");
    }

    #[test]
    fn a_shot_is_announced() {
        let mut g = game("morabaraba", "a1,d1/b6,f6 10:10 w");
        g.play_text("g1xf6").expect("a mill and its shot");
        assert_eq!(
            g.last_taken().map(|t| t.to_string()).as_deref(),
            Some("White shoots f6")
        );
        g.play_text("a7").expect("legal");
        assert_eq!(g.last_taken(), None);
    }
}
