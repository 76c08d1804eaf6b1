//! A deliberately simple second implementation of both games, for perft cross-checks.
//!
//! It shares no code with the engine: its own rule sets and option parser (typed in from
//! `shared/rules/mancala.md`, not the engine's `Options`), its own position-string parser,
//! plain `Vec`s, seed-by-seed sowing, the hole geometry worked out from rows and columns, the
//! endless-relay test by remembering every relay state in a set, the cycle rule by comparing
//! whole boards. Slow and obvious on purpose.

#![allow(dead_code)]

use std::collections::HashSet;

// ----- Rules: rule sets and overrides, from the spec -----------------------------------------

/// The rule sets of the spec, one line each: name, game, then its settings as overrides of the
/// game's defaults (Oware: 6 houses, 4 seeds, captures 2 and 3, grand slam captures nothing,
/// the 3rd occurrence of a position ends the game; Mulabalaba: 8 holes a row, 2 seeds, the
/// singleton fallback steps to an empty hole, endless moves are illegal, 400 plies at most).
const RULE_SETS: [(&str, &str, &str); 7] = [
    ("abapa", "oware", ""),
    ("awale-ludii", "oware", "grand-slam=illegal"),
    ("oware-capture-all", "oware", "grand-slam=capture-all"),
    ("mulabalaba", "mulabalaba", ""),
    ("mulabalaba-lozi-6", "mulabalaba", "holes=6"),
    ("mulabalaba-toka-12", "mulabalaba", "holes=12"),
    ("mulabalaba-toka-16", "mulabalaba", "holes=16"),
];

/// The rules of either game.
#[derive(Clone, Debug)]
pub enum Rules {
    Oware(OwareRules),
    Mulabalaba(MulabalabaRules),
}

/// Names and values are compared in lower case with `_` read as `-`.
fn tidy(text: &str) -> String {
    text.trim().to_lowercase().replace('_', "-")
}

fn number(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("`{value}` is not a number"))
}

/// `off` or a number.
fn off_or(value: &str) -> Result<Option<u32>, String> {
    if value == "off" {
        Ok(None)
    } else {
        number(value).map(Some)
    }
}

impl Rules {
    /// The rules of a rule set, with `name=value` overrides applied in order.
    pub fn new(rule_set: &str, overrides: &[&str]) -> Result<Rules, String> {
        let (_, game, settings) = RULE_SETS
            .iter()
            .find(|(name, _, _)| *name == tidy(rule_set))
            .ok_or_else(|| format!("no rule set `{rule_set}`"))?;
        let mut rules = if *game == "oware" {
            Rules::Oware(OwareRules {
                houses: 6,
                seeds: 4,
                captures: vec![2, 3],
                grand_slam: "no-capture",
                cycle: Some(3),
            })
        } else {
            Rules::Mulabalaba(MulabalabaRules {
                n: 8,
                seeds: 2,
                fallback: "step-to-empty",
                endless: "illegal",
                max_plies: Some(400),
            })
        };
        for o in settings.split_whitespace().chain(overrides.iter().copied()) {
            let (name, value) = o
                .split_once('=')
                .ok_or_else(|| format!("no `=` in `{o}`"))?;
            rules.set(&tidy(name), &tidy(value))?;
        }
        Ok(rules)
    }

    /// Reads a whole `RULE-SET [OVERRIDES]` line, as in the perft tables.
    pub fn from_line(line: &str) -> Result<Rules, String> {
        let mut words = line.split_whitespace();
        let name = words.next().ok_or("no rule set")?;
        let overrides: Vec<&str> = words.collect();
        Rules::new(name, &overrides)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let pick = |allowed: &[&'static str]| {
            allowed
                .iter()
                .copied()
                .find(|a| *a == value)
                .ok_or_else(|| format!("`{value}` is not a value of {name}"))
        };
        match (self, name) {
            (Rules::Oware(r), "houses") => r.houses = number(value)? as usize,
            (Rules::Oware(r), "seeds") => r.seeds = number(value)?,
            (Rules::Oware(r), "captures") => {
                r.captures = value.split(',').map(number).collect::<Result<_, _>>()?
            }
            (Rules::Oware(r), "grand-slam") => {
                r.grand_slam = pick(&["no-capture", "illegal", "capture-all", "leave-last"])?
            }
            (Rules::Oware(r), "cycle") => r.cycle = off_or(value)?.map(|c| c as usize),
            (Rules::Mulabalaba(r), "holes") => r.n = number(value)? as usize,
            (Rules::Mulabalaba(r), "seeds") => r.seeds = number(value)?,
            (Rules::Mulabalaba(r), "singleton-fallback") => {
                r.fallback = pick(&["step-to-empty", "no-move"])?
            }
            (Rules::Mulabalaba(r), "endless") => r.endless = pick(&["illegal", "loses"])?,
            (Rules::Mulabalaba(r), "max-plies") => r.max_plies = off_or(value)?,
            _ => return Err(format!("no option `{name}` in this game")),
        }
        Ok(())
    }
}

/// Reads `A:B` (both captured totals).
fn read_pair(text: &str) -> Result<[u32; 2], String> {
    let (a, b) = text
        .split_once(':')
        .ok_or_else(|| format!("`{text}` is not S:N"))?;
    Ok([number(a)?, number(b)?])
}

/// Reads `s`/`south` or `n`/`north`.
fn read_side(text: &str) -> Result<usize, String> {
    match tidy(text).as_str() {
        "s" | "south" => Ok(0),
        "n" | "north" => Ok(1),
        _ => Err(format!("`{text}` is not a side")),
    }
}

/// Reads a comma-separated row of seed counts, of exactly `len` holes.
fn read_row(text: &str, len: usize) -> Result<Vec<u32>, String> {
    let row: Vec<u32> = text.split(',').map(number).collect::<Result<_, _>>()?;
    if row.len() == len {
        Ok(row)
    } else {
        Err(format!("`{text}` has {} holes, not {len}", row.len()))
    }
}

// ----- Oware -----------------------------------------------------------------------------------

/// The Oware rules the naive implementation understands.
#[derive(Clone, Debug)]
pub struct OwareRules {
    pub houses: usize,
    pub seeds: u32,
    pub captures: Vec<u32>,
    /// "no-capture", "illegal", "capture-all" or "leave-last".
    pub grand_slam: &'static str,
    pub cycle: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oware {
    /// Ring order: South's houses A.., then North's a...
    pub board: Vec<u32>,
    pub stores: [u32; 2],
    pub side: usize,
    /// Boards and sides since the last capture, this one included.
    pub seen: Vec<(Vec<u32>, usize)>,
}

impl Oware {
    /// Every house holds the rules' seeds, South to move.
    pub fn start(r: &OwareRules) -> Oware {
        let board = vec![r.seeds; 2 * r.houses];
        Oware {
            seen: vec![(board.clone(), 0)],
            board,
            stores: [0, 0],
            side: 0,
        }
    }

    /// Reads `SOUTH/NORTH S:N SIDE` (houses A.. then a.., comma-separated), or `start`.
    pub fn parse(r: &OwareRules, text: &str) -> Result<Oware, String> {
        if text.trim() == "start" {
            return Ok(Oware::start(r));
        }
        let f: Vec<&str> = text.split_whitespace().collect();
        let [rows, stores, side] = f[..] else {
            return Err(format!("`{text}` does not have three fields"));
        };
        let (s, n) = rows.split_once('/').ok_or("no `/` between the rows")?;
        let mut board = read_row(s, r.houses)?;
        board.extend(read_row(n, r.houses)?);
        let side = read_side(side)?;
        Ok(Oware {
            seen: vec![(board.clone(), side)],
            board,
            stores: read_pair(stores)?,
            side,
        })
    }

    fn owner(&self, r: &OwareRules, house: usize) -> usize {
        house / r.houses
    }

    /// Sows house `i` of the side to move seed by seed; returns the board and the last house.
    fn sow(&self, r: &OwareRules, i: usize) -> (Vec<u32>, usize) {
        let ring = 2 * r.houses;
        let origin = self.side * r.houses + i;
        let mut board = self.board.clone();
        let mut hand = board[origin];
        board[origin] = 0;
        let mut at = origin;
        while hand > 0 {
            at = (at + 1) % ring;
            if at == origin {
                continue;
            }
            board[at] += 1;
            hand -= 1;
        }
        (board, at)
    }

    /// The houses the capture rule would take after sowing, last house first.
    fn chain(&self, r: &OwareRules, board: &[u32], last: usize) -> Vec<usize> {
        let ring = 2 * r.houses;
        let mut chain = Vec::new();
        let mut at = last;
        while self.owner(r, at) != self.side && r.captures.contains(&board[at]) {
            chain.push(at);
            if chain.len() == r.houses {
                break;
            }
            at = (at + ring - 1) % ring;
        }
        chain
    }

    fn is_grand_slam(&self, r: &OwareRules, i: usize) -> bool {
        let (board, last) = self.sow(r, i);
        let chain = self.chain(r, &board, last);
        if chain.is_empty() {
            return false;
        }
        let opponent_total: u32 = (0..2 * r.houses)
            .filter(|&h| self.owner(r, h) != self.side)
            .map(|h| board[h])
            .sum();
        let taken: u32 = chain.iter().map(|&h| board[h]).sum();
        taken == opponent_total
    }

    fn side_total(&self, r: &OwareRules, side: usize) -> u32 {
        (0..2 * r.houses)
            .filter(|&h| self.owner(r, h) == side)
            .map(|h| self.board[h])
            .sum()
    }

    fn candidate_moves(&self, r: &OwareRules) -> Vec<usize> {
        let mut moves: Vec<usize> = (0..r.houses)
            .filter(|&i| self.board[self.side * r.houses + i] > 0)
            .collect();
        if self.side_total(r, 1 - self.side) == 0 {
            moves.retain(|&i| {
                let (board, _) = self.sow(r, i);
                (0..2 * r.houses).any(|h| self.owner(r, h) != self.side && board[h] > 0)
            });
        }
        if r.grand_slam == "illegal" {
            let normal: Vec<usize> = moves
                .iter()
                .copied()
                .filter(|&i| !self.is_grand_slam(r, i))
                .collect();
            if !normal.is_empty() {
                moves = normal;
            }
        }
        moves
    }

    pub fn is_over(&self, r: &OwareRules) -> bool {
        let total: u32 = self.board.iter().sum::<u32>() + self.stores[0] + self.stores[1];
        if self.stores.iter().any(|&s| 2 * s > total) {
            return true;
        }
        if 2 * self.stores[0] == total && 2 * self.stores[1] == total {
            return true;
        }
        if let Some(n) = r.cycle {
            let now = (self.board.clone(), self.side);
            if self.seen.iter().filter(|&p| *p == now).count() >= n {
                return true;
            }
        }
        self.candidate_moves(r).is_empty()
    }

    pub fn moves(&self, r: &OwareRules) -> Vec<usize> {
        if self.is_over(r) {
            Vec::new()
        } else {
            self.candidate_moves(r)
        }
    }

    pub fn play(&self, r: &OwareRules, i: usize) -> Oware {
        let (mut board, last) = self.sow(r, i);
        let mut chain = self.chain(r, &board, last);
        if !chain.is_empty() && self.is_grand_slam(r, i) {
            match r.grand_slam {
                "no-capture" => chain.clear(),
                "leave-last" => {
                    chain.remove(0);
                }
                _ => {}
            }
        }
        let mut stores = self.stores;
        for &h in &chain {
            stores[self.side] += board[h];
            board[h] = 0;
        }
        let side = 1 - self.side;
        let mut seen = if chain.is_empty() {
            self.seen.clone()
        } else {
            Vec::new()
        };
        seen.push((board.clone(), side));
        Oware {
            board,
            stores,
            side,
            seen,
        }
    }
}

pub fn oware_perft(r: &OwareRules, p: &Oware, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.moves(r)
        .into_iter()
        .map(|m| oware_perft(r, &p.play(r, m), depth - 1))
        .sum()
}

// ----- Mulabalaba --------------------------------------------------------------------------

/// The Mulabalaba rules the naive implementation understands.
#[derive(Clone, Debug)]
pub struct MulabalabaRules {
    /// Holes per row.
    pub n: usize,
    pub seeds: u32,
    /// "step-to-empty" or "no-move".
    pub fallback: &'static str,
    /// "illegal" or "loses".
    pub endless: &'static str,
    pub max_plies: Option<u32>,
}

/// Where a player's hole (0-based along their circuit) lies: inner row or not, and the column
/// counted from South's left.
fn place(r: &MulabalabaRules, side: usize, hole: usize) -> (bool, usize) {
    let n = r.n;
    let (inner, from_own_left) = if hole < n {
        (false, hole)
    } else {
        (true, 2 * n - 1 - hole)
    };
    let column = if side == 0 {
        from_own_left
    } else {
        n - 1 - from_own_left
    };
    (inner, column)
}

fn hole_at(r: &MulabalabaRules, side: usize, inner: bool, column: usize) -> usize {
    (0..2 * r.n)
        .find(|&h| place(r, side, h) == (inner, column))
        .unwrap()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mulabalaba {
    /// Each player's holes along their own circuit, South's first.
    pub holes: [Vec<u32>; 2],
    pub captured: [u32; 2],
    pub side: usize,
    pub ply: u32,
    /// Set when a move whose relay never ends was played (`endless=loses`).
    pub endless_played: bool,
}

impl Mulabalaba {
    /// Every hole holds the rules' seeds, South to move, no ply played.
    pub fn start(r: &MulabalabaRules) -> Mulabalaba {
        Mulabalaba {
            holes: [vec![r.seeds; 2 * r.n], vec![r.seeds; 2 * r.n]],
            captured: [0, 0],
            side: 0,
            ply: 0,
            endless_played: false,
        }
    }

    /// Reads `SOUTH/NORTH S:N SIDE [PLY]` (each player's holes 1..2N, comma-separated), or
    /// `start`.
    pub fn parse(r: &MulabalabaRules, text: &str) -> Result<Mulabalaba, String> {
        if text.trim() == "start" {
            return Ok(Mulabalaba::start(r));
        }
        let f: Vec<&str> = text.split_whitespace().collect();
        let (rows, stores, side, ply) = match f[..] {
            [a, b, c] => (a, b, c, "0"),
            [a, b, c, d] => (a, b, c, d),
            _ => return Err(format!("`{text}` does not have three or four fields")),
        };
        let (s, n) = rows.split_once('/').ok_or("no `/` between the sides")?;
        Ok(Mulabalaba {
            holes: [read_row(s, 2 * r.n)?, read_row(n, 2 * r.n)?],
            captured: read_pair(stores)?,
            side: read_side(side)?,
            ply: number(ply)?,
            endless_played: false,
        })
    }

    /// Sows from `start` on the mover's circuit with relays. `None` if the relay never ends
    /// (a relay state came back); otherwise the holes and the hole of the last seed.
    fn sow(&self, r: &MulabalabaRules, start: usize) -> Option<(Vec<u32>, usize)> {
        let m = 2 * r.n;
        let mut own = self.holes[self.side].clone();
        let mut states = HashSet::new();
        let mut at = start;
        loop {
            if !states.insert((own.clone(), at)) {
                return None;
            }
            let mut hand = own[at];
            own[at] = 0;
            while hand > 0 {
                at = (at + 1) % m;
                own[at] += 1;
                hand -= 1;
            }
            if own[at] == 1 {
                return Some((own, at));
            }
        }
    }

    fn candidate_moves(&self, r: &MulabalabaRules) -> Vec<usize> {
        let own = &self.holes[self.side];
        let m = 2 * r.n;
        let big: Vec<usize> = (0..m).filter(|&h| own[h] >= 2).collect();
        let moves = if !big.is_empty() {
            big
        } else {
            let singles: Vec<usize> = (0..m)
                .filter(|&h| own[h] == 1 && own[(h + 1) % m] > 0)
                .collect();
            if !singles.is_empty() {
                singles
            } else if r.fallback == "step-to-empty" {
                (0..m).filter(|&h| own[h] == 1).collect()
            } else {
                Vec::new()
            }
        };
        if r.endless == "illegal" {
            moves
                .into_iter()
                .filter(|&h| self.sow(r, h).is_some())
                .collect()
        } else {
            moves
        }
    }

    pub fn is_over(&self, r: &MulabalabaRules) -> bool {
        self.endless_played
            || self.candidate_moves(r).is_empty()
            || r.max_plies.is_some_and(|max| self.ply >= max)
    }

    pub fn moves(&self, r: &MulabalabaRules) -> Vec<usize> {
        if self.is_over(r) {
            Vec::new()
        } else {
            self.candidate_moves(r)
        }
    }

    pub fn play(&self, r: &MulabalabaRules, h: usize) -> Mulabalaba {
        let mut next = self.clone();
        next.side = 1 - self.side;
        next.ply += 1;
        let Some((own, last)) = self.sow(r, h) else {
            next.endless_played = true;
            return next;
        };
        next.holes[self.side] = own;
        let (inner, column) = place(r, self.side, last);
        if inner {
            let opp = 1 - self.side;
            let facing = hole_at(r, opp, true, column);
            if next.holes[opp][facing] > 0 {
                let behind = hole_at(r, opp, false, column);
                next.captured[self.side] += next.holes[opp][facing] + next.holes[opp][behind];
                next.holes[opp][facing] = 0;
                next.holes[opp][behind] = 0;
            }
        }
        next
    }
}

pub fn mulabalaba_perft(r: &MulabalabaRules, p: &Mulabalaba, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.moves(r)
        .into_iter()
        .map(|m| mulabalaba_perft(r, &p.play(r, m), depth - 1))
        .sum()
}

// ----- Either game -------------------------------------------------------------------------

/// A naive position of either game with its rules, for following a game move by move.
#[derive(Clone, Debug)]
pub enum Naive {
    Oware(OwareRules, Oware),
    Mulabalaba(MulabalabaRules, Mulabalaba),
}

impl Naive {
    /// The start position of a rule set with overrides.
    pub fn start(rule_set: &str, overrides: &[&str]) -> Result<Naive, String> {
        Ok(match Rules::new(rule_set, overrides)? {
            Rules::Oware(r) => {
                let p = Oware::start(&r);
                Naive::Oware(r, p)
            }
            Rules::Mulabalaba(r) => {
                let p = Mulabalaba::start(&r);
                Naive::Mulabalaba(r, p)
            }
        })
    }

    /// The legal moves: 0-based holes of the side to move, in notation order.
    pub fn moves(&self) -> Vec<usize> {
        match self {
            Naive::Oware(r, p) => p.moves(r),
            Naive::Mulabalaba(r, p) => p.moves(r),
        }
    }

    /// The side to move (0 South, 1 North).
    pub fn side(&self) -> usize {
        match self {
            Naive::Oware(_, p) => p.side,
            Naive::Mulabalaba(_, p) => p.side,
        }
    }

    /// Plays hole `i` of the side to move.
    pub fn play(&self, i: usize) -> Naive {
        match self {
            Naive::Oware(r, p) => Naive::Oware(r.clone(), p.play(r, i)),
            Naive::Mulabalaba(r, p) => Naive::Mulabalaba(r.clone(), p.play(r, i)),
        }
    }

    /// Every hole, South's then North's, each in notation order.
    pub fn holes(&self) -> Vec<u32> {
        match self {
            Naive::Oware(_, p) => p.board.clone(),
            Naive::Mulabalaba(_, p) => p.holes.concat(),
        }
    }

    /// Seeds captured by South and North.
    pub fn captured(&self) -> [u32; 2] {
        match self {
            Naive::Oware(_, p) => p.stores,
            Naive::Mulabalaba(_, p) => p.captured,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        match self {
            Naive::Oware(r, p) => p.is_over(r),
            Naive::Mulabalaba(r, p) => p.is_over(r),
        }
    }
}
