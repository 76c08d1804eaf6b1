//! A deliberately naive second move generator for the mill games, written from
//! `shared/rules/morris.md` alone, to count perft independently of the engine.
//!
//! Nothing here is shared with the engine: the boards are drawn from the geometry of the 7x7
//! grid (rings, spokes, diagonals per board; mills as straight lines of three), points are
//! indices into a list of names, a position is a `Vec` of `Option<Colour>`, rule sets and
//! overrides are parsed here from the spec's preset table, and the position string has its own
//! parser. Everything is cloned freely; the aim is to be obviously right, not fast.

use std::collections::BTreeSet;
use std::fmt;
use std::rc::Rc;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Colour {
    /// The opponent.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black (index into the hands).
    fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The letter of the position string.
    fn letter(self) -> &'static str {
        match self {
            Colour::White => "w",
            Colour::Black => "b",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Boards, drawn from the geometry of the 7x7 grid (not typed in as tables).
// ---------------------------------------------------------------------------------------------
//
// The board is three concentric squares ("rings") round the centre d4 of the 7x7 grid, ring k
// having its corners and side midpoints k cells from the centre. Lines are the sides of the
// rings, the spokes from one ring to the next along the four half-axes, and (per board) the
// diagonal spokes between ring corners; Sotho adds the centre with spokes to ring 1. A mill is
// any three points in a straight line joined by two lines. Nothing here is copied from the
// engine's `board.rs`, so a slip there cannot be repeated here.

/// The names of the 49 cells of the grid, rank by rank from the top (rank 7), files a to g.
const GRID_NAMES: [[&str; 7]; 7] = [
    ["a7", "b7", "c7", "d7", "e7", "f7", "g7"],
    ["a6", "b6", "c6", "d6", "e6", "f6", "g6"],
    ["a5", "b5", "c5", "d5", "e5", "f5", "g5"],
    ["a4", "b4", "c4", "d4", "e4", "f4", "g4"],
    ["a3", "b3", "c3", "d3", "e3", "f3", "g3"],
    ["a2", "b2", "c2", "d2", "e2", "f2", "g2"],
    ["a1", "b1", "c1", "d1", "e1", "f1", "g1"],
];

/// A cell as (x, y) offsets from the centre d4: x to the east (files), y to the north (ranks).
type Cell = (i32, i32);

/// The ring a cell lies on (1 to 3; 0 for the centre), if it is a point of the rings: a corner
/// or side midpoint of its square.
fn ring_of((x, y): Cell) -> Option<i32> {
    let k = x.abs().max(y.abs());
    let on_square = (x.abs() == 0 || x.abs() == k) && (y.abs() == 0 || y.abs() == k);
    (k <= 3 && on_square).then_some(k)
}

/// The name of a cell.
fn cell_name((x, y): Cell) -> &'static str {
    GRID_NAMES[(3 - y) as usize][(x + 3) as usize]
}

/// Whether `p` and `q` (points of the board) are joined by a line on this board.
fn joined(board: BoardName, p: Cell, q: Cell) -> bool {
    let (Some(kp), Some(kq)) = (ring_of(p), ring_of(q)) else {
        return false;
    };
    // A side of a ring: same ring, one coordinate equal, the other k apart.
    if kp == kq && kp > 0 {
        let (dx, dy) = ((p.0 - q.0).abs(), (p.1 - q.1).abs());
        return (dx == 0 && dy == kp) || (dy == 0 && dx == kp);
    }
    // A spoke: on the same ray from the centre, on neighbouring rings.
    let (inner, outer, k) = if kp < kq { (p, q, kp) } else { (q, p, kq) };
    if (kp - kq).abs() != 1 {
        return false;
    }
    let dir = (outer.0.signum(), outer.1.signum());
    if (inner.0, inner.1) != (dir.0 * k, dir.1 * k)
        || (outer.0, outer.1) != (dir.0 * (k + 1), dir.1 * (k + 1))
    {
        return false;
    }
    let diagonal = dir.0 != 0 && dir.1 != 0;
    match (board, diagonal) {
        // Orthogonal spokes on every board (from the centre only on Sotho, the one board that
        // has the centre point).
        (_, false) => true,
        // Full diagonals from the outer corner to the inner one.
        (BoardName::Standard, true) => true,
        // Only the outer halves ("shorter diagonals").
        (BoardName::Sotho, true) => k == 2,
        (BoardName::Plain, true) => false,
    }
}

/// Which board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardName {
    /// 24 points with diagonals.
    Standard,
    /// 24 points, no diagonals.
    Plain,
    /// 25 points with the centre d4 and short diagonals.
    Sotho,
}

/// Which triples through the Sotho centre are mills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CentreMills {
    /// d4 is never in a mill.
    None,
    /// c4-d4-e4 and d3-d4-d5.
    MiddleOnly,
    /// Any three in a row through d4.
    AnyTriple,
}

/// Shots per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shots {
    /// One per mill formed.
    PerMill,
    /// One however many mills.
    One,
}

/// Which cows may be shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    /// Cows in mills are safe unless all are in mills.
    Standard,
    /// Cows in mills are always safe.
    Strict,
    /// Any cow.
    None,
}

/// What a full board means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFull {
    /// Draw.
    Draw,
    /// White loses.
    FirstPlayerLoses,
    /// Nothing special.
    Off,
}

/// Every option, plus the tables of the chosen board.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The board.
    pub board: BoardName,
    /// Sotho centre mills.
    pub centre_mills: CentreMills,
    /// Cows each.
    pub cows: u32,
    /// Shots rule.
    pub shots: Shots,
    /// Protection rule.
    pub protection: Protection,
    /// `remake = no_immediate_return`.
    pub no_immediate_return: bool,
    /// `flying = at_three`.
    pub fly_at_three: bool,
    /// `blocked = pass`.
    pub blocked_pass: bool,
    /// Board-full rule.
    pub board_full: BoardFull,
    /// Three-cows draw: (moves each, trigger is `either`).
    pub three_cows_draw: Option<(u32, bool)>,
    /// No-shot draw plies.
    pub no_shot_draw: Option<u32>,
    /// Repetition occurrence that draws.
    pub repetition_draw: Option<u32>,
    /// Point names (index = point).
    pub names: Vec<&'static str>,
    /// Neighbours of each point.
    pub adjacent: Vec<Vec<usize>>,
    /// The mills.
    pub mills: Vec<[usize; 3]>,
}

/// The preset table of the spec, typed in row by row:
/// name | board | cows | shots | protection | remake | flying | blocked | board_full |
/// three_cows_draw | no_shot_draw | repetition_draw.
const PRESETS: [&str; 10] = [
    "morabaraba | standard | 12 | per_mill | standard | free | at_three | lose | draw | - | 50 | 3",
    "traditional | standard | 12 | per_mill | standard | free | at_three | lose | draw | 10:both | 20 | 3",
    "tournament | standard | 12 | per_mill | standard | free | never | lose | draw | 10:both | 20 | 3",
    "koti | standard | 12 | per_mill | none | free | at_three | pass | draw | 10:both | 20 | 3",
    "mssa | standard | 12 | one | standard | no_immediate_return | at_three | lose | draw | 10:either | - | -",
    "classic-it | standard | 12 | one | standard | no_immediate_return | at_three | lose | draw | 10:both | - | -",
    "eleven | standard | 11 | one | standard | no_immediate_return | at_three | lose | draw | 10:both | - | -",
    "sotho | sotho | 12 | one | standard | no_immediate_return | at_three | lose | draw | 10:both | - | -",
    "nine-mens-morris | plain | 9 | one | standard | free | at_three | lose | draw | - | - | 3",
    "twelve-mens-morris | standard | 12 | one | standard | free | at_three | lose | draw | - | - | 3",
];

/// The option names in the order of the preset table's columns.
const COLUMNS: [&str; 11] = [
    "board",
    "cows",
    "shots",
    "protection",
    "remake",
    "flying",
    "blocked",
    "board_full",
    "three_cows_draw",
    "no_shot_draw",
    "repetition_draw",
];

/// Normalises a name or value: lower case, `_` for `-`.
fn norm(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace('-', "_")
}

/// `off`/`-` or a number.
fn off_or_number(value: &str) -> Result<Option<u32>, String> {
    if value == "off" || value == "_" || value.is_empty() {
        Ok(None)
    } else {
        value
            .parse()
            .map(Some)
            .map_err(|_| format!("bad number {value}"))
    }
}

impl Rules {
    /// The rules of the named preset with `option=value` overrides.
    pub fn new(rule_set: &str, overrides: &[&str]) -> Result<Rules, String> {
        let row = PRESETS
            .iter()
            .find(|row| norm(row.split('|').next().unwrap_or("")) == norm(rule_set))
            .ok_or_else(|| format!("unknown rule set {rule_set}"))?;
        let mut rules = Rules {
            board: BoardName::Standard,
            centre_mills: CentreMills::None,
            cows: 12,
            shots: Shots::PerMill,
            protection: Protection::Standard,
            no_immediate_return: false,
            fly_at_three: true,
            blocked_pass: false,
            board_full: BoardFull::Draw,
            three_cows_draw: None,
            no_shot_draw: None,
            repetition_draw: None,
            names: Vec::new(),
            adjacent: Vec::new(),
            mills: Vec::new(),
        };
        for (column, value) in COLUMNS.iter().zip(row.split('|').skip(1)) {
            rules.set(column, value)?;
        }
        for o in overrides {
            let (name, value) = o.split_once('=').ok_or_else(|| format!("no = in {o}"))?;
            rules.set(name, value)?;
        }
        rules.build_tables();
        Ok(rules)
    }

    /// Sets one option.
    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let v = norm(value);
        let bad = || format!("bad value {value} for {name}");
        match norm(name).as_str() {
            "board" => {
                self.board = match v.as_str() {
                    "standard" => BoardName::Standard,
                    "plain" => BoardName::Plain,
                    "sotho" => BoardName::Sotho,
                    _ => return Err(bad()),
                }
            }
            "centre_mills" => {
                self.centre_mills = match v.as_str() {
                    "none" => CentreMills::None,
                    "middle_only" => CentreMills::MiddleOnly,
                    "any_triple" => CentreMills::AnyTriple,
                    _ => return Err(bad()),
                }
            }
            "cows" => self.cows = v.parse().map_err(|_| bad())?,
            "shots" => {
                self.shots = match v.as_str() {
                    "per_mill" => Shots::PerMill,
                    "one" => Shots::One,
                    _ => return Err(bad()),
                }
            }
            "protection" => {
                self.protection = match v.as_str() {
                    "standard" => Protection::Standard,
                    "strict" => Protection::Strict,
                    "none" => Protection::None,
                    _ => return Err(bad()),
                }
            }
            "remake" => {
                self.no_immediate_return = match v.as_str() {
                    "free" => false,
                    "no_immediate_return" => true,
                    _ => return Err(bad()),
                }
            }
            "flying" => {
                self.fly_at_three = match v.as_str() {
                    "at_three" => true,
                    "never" => false,
                    _ => return Err(bad()),
                }
            }
            "blocked" => {
                self.blocked_pass = match v.as_str() {
                    "lose" => false,
                    "pass" => true,
                    _ => return Err(bad()),
                }
            }
            "board_full" => {
                self.board_full = match v.as_str() {
                    "draw" => BoardFull::Draw,
                    "first_player_loses" => BoardFull::FirstPlayerLoses,
                    "off" => BoardFull::Off,
                    _ => return Err(bad()),
                }
            }
            "three_cows_draw" => {
                self.three_cows_draw = if v == "off" || v == "_" {
                    None
                } else {
                    let (n, trigger) = v.split_once(':').ok_or_else(bad)?;
                    let n = n.parse().map_err(|_| bad())?;
                    match trigger {
                        "both" => Some((n, false)),
                        "either" => Some((n, true)),
                        _ => return Err(bad()),
                    }
                }
            }
            "no_shot_draw" => self.no_shot_draw = off_or_number(&v)?,
            "repetition_draw" => self.repetition_draw = off_or_number(&v)?,
            _ => return Err(format!("unknown option {name}")),
        }
        Ok(())
    }

    /// Builds the point names, neighbour lists and mills of the chosen board from the grid.
    fn build_tables(&mut self) {
        let sotho = self.board == BoardName::Sotho;
        let mut cells: Vec<Cell> = Vec::new();
        for y in (-3..=3).rev() {
            for x in -3..=3 {
                match ring_of((x, y)) {
                    Some(0) if !sotho => {}
                    Some(_) => cells.push((x, y)),
                    None => {}
                }
            }
        }
        let n = cells.len();
        let adjacent: Vec<Vec<usize>> = (0..n)
            .map(|p| {
                (0..n)
                    .filter(|&q| q != p && joined(self.board, cells[p], cells[q]))
                    .collect()
            })
            .collect();
        // Mills: a, b, c in a straight line, b between a and c, a-b and b-c lines.
        let mut mills: BTreeSet<[usize; 3]> = BTreeSet::new();
        for b in 0..n {
            for &a in &adjacent[b] {
                for &c in &adjacent[b] {
                    let (u, v) = (
                        (cells[b].0 - cells[a].0, cells[b].1 - cells[a].1),
                        (cells[c].0 - cells[b].0, cells[c].1 - cells[b].1),
                    );
                    let straight = u.0 * v.1 == u.1 * v.0 && u.0 * v.0 + u.1 * v.1 > 0;
                    if a < c && straight {
                        mills.insert([a, b, c]);
                    }
                }
            }
        }
        let centre = cells.iter().position(|&c| c == (0, 0));
        let keep = |m: &[usize; 3]| match (centre, self.centre_mills) {
            (None, _) | (_, CentreMills::AnyTriple) => true,
            (Some(d4), CentreMills::None) => !m.contains(&d4),
            (Some(d4), CentreMills::MiddleOnly) => m[0] != d4 && m[2] != d4,
        };
        self.mills = mills.into_iter().filter(keep).collect();
        self.adjacent = adjacent;
        self.names = cells.into_iter().map(cell_name).collect();
    }

    /// The index of a point name, if the board has it.
    pub fn point(&self, name: &str) -> Option<usize> {
        let name = name.trim().to_ascii_lowercase();
        self.names.iter().position(|n| *n == name)
    }

    /// The number of lines (edges) of the board.
    pub fn edge_count(&self) -> usize {
        self.adjacent.iter().map(Vec::len).sum::<usize>() / 2
    }
}

// ---------------------------------------------------------------------------------------------
// Positions and moves.
// ---------------------------------------------------------------------------------------------

/// A return ban: `colour`'s cow on `from` may not go straight back to `to` if that forms a mill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ban {
    /// Whose.
    pub colour: Colour,
    /// Where the cow stands now.
    pub from: usize,
    /// Where it came from.
    pub to: usize,
}

/// The repetition key: cows, hands, side to move, bans in force.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    cows: Vec<Option<Colour>>,
    hand: [u32; 2],
    side: Colour,
    bans: Vec<Ban>,
}

/// One turn with its shots; `to == None` is a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveMove {
    /// The point a moving cow leaves (none for a placement or pass).
    pub from: Option<usize>,
    /// The point a cow arrives on (none for a pass).
    pub to: Option<usize>,
    /// Shot points, sorted by name.
    pub shots: Vec<usize>,
    /// The canonical notation.
    pub text: String,
}

impl fmt::Display for NaiveMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveOutcome {
    /// A win, with the reason (`reduced-to-two`, `blocked`, `board-full`).
    Win(Colour, &'static str),
    /// A draw, with the reason (`three-cows`, `no-shot`, `repetition`, `board-full`,
    /// `both-blocked`).
    Draw(&'static str),
}

/// A position with its repetition history.
#[derive(Clone, Debug)]
pub struct NaivePosition {
    rules: Rc<Rules>,
    cows: Vec<Option<Colour>>,
    hand: [u32; 2],
    side: Colour,
    bans: Vec<Ban>,
    three_cows: u32,
    no_shot: u32,
    /// Keys since the last placement or shot, the current one last.
    history: Vec<Key>,
}

impl NaivePosition {
    /// Reads a position string `WHITE/BLACK HANDS SIDE [BANS THREE-COWS NO-SHOT]`.
    pub fn parse(text: &str, rules: Rules) -> Result<NaivePosition, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=6).contains(&fields.len()) {
            return Err(format!("expected 3 to 6 fields in {text:?}"));
        }
        let mut cows = vec![None; rules.names.len()];
        let (white, black) = fields[0].split_once('/').ok_or("no / in the cows field")?;
        for (colour, list) in [(Colour::White, white), (Colour::Black, black)] {
            if list == "-" {
                continue;
            }
            for name in list.split(',') {
                let p = rules
                    .point(name)
                    .ok_or_else(|| format!("no point {name}"))?;
                if cows[p].is_some() {
                    return Err(format!("two cows on {name}"));
                }
                cows[p] = Some(colour);
            }
        }
        let (w, b) = fields[1].split_once(':').ok_or("no : in the hands field")?;
        let hand = [
            w.parse().map_err(|_| format!("bad hand {w}"))?,
            b.parse().map_err(|_| format!("bad hand {b}"))?,
        ];
        let side = match fields[2] {
            "w" | "W" => Colour::White,
            "b" | "B" => Colour::Black,
            other => return Err(format!("bad side {other}")),
        };
        let mut bans = Vec::new();
        if let Some(list) = fields.get(3).filter(|f| **f != "-") {
            for ban in list.split(',') {
                let (colour, points) = ban.split_once(':').ok_or("no : in a ban")?;
                let colour = match colour {
                    "w" | "W" => Colour::White,
                    "b" | "B" => Colour::Black,
                    other => return Err(format!("bad ban colour {other}")),
                };
                let (from, to) = points.split_once('-').ok_or("no - in a ban")?;
                let from = rules
                    .point(from)
                    .ok_or_else(|| format!("no point {from}"))?;
                let to = rules.point(to).ok_or_else(|| format!("no point {to}"))?;
                bans.push(Ban { colour, from, to });
            }
        }
        bans.sort();
        let number = |i: usize| -> Result<u32, String> {
            fields
                .get(i)
                .map_or(Ok(0), |f| f.parse().map_err(|_| format!("bad counter {f}")))
        };
        let (three_cows, no_shot) = (number(4)?, number(5)?);
        let mut pos = NaivePosition {
            rules: Rc::new(rules),
            cows,
            hand,
            side,
            bans,
            three_cows,
            no_shot,
            history: Vec::new(),
        };
        pos.history.push(pos.key());
        Ok(pos)
    }

    /// The start position of these rules.
    pub fn start(rules: Rules) -> NaivePosition {
        let text = format!("-/- {0}:{0} w", rules.cows);
        NaivePosition::parse(&text, rules).expect("start position")
    }

    fn key(&self) -> Key {
        Key {
            cows: self.cows.clone(),
            hand: self.hand,
            side: self.side,
            bans: self.bans.clone(),
        }
    }

    fn on_board(&self, colour: Colour) -> u32 {
        self.cows.iter().filter(|c| **c == Some(colour)).count() as u32
    }

    fn total(&self, colour: Colour) -> u32 {
        self.on_board(colour) + self.hand[colour.index()]
    }

    /// The number of complete mills of `colour` through `p` on `cows`.
    fn mills_through(&self, cows: &[Option<Colour>], p: usize, colour: Colour) -> usize {
        self.rules
            .mills
            .iter()
            .filter(|m| m.contains(&p) && m.iter().all(|&q| cows[q] == Some(colour)))
            .count()
    }

    /// Whether the cow on `p` is in a complete mill of its colour.
    fn in_mill(&self, cows: &[Option<Colour>], p: usize) -> bool {
        match cows[p] {
            Some(colour) => self.mills_through(cows, p, colour) > 0,
            None => false,
        }
    }

    /// `colour`'s placements, steps and flies as (from, to), before shots, bans applied.
    fn base_moves(&self, colour: Colour) -> Vec<(Option<usize>, usize)> {
        let empty: Vec<usize> = (0..self.cows.len())
            .filter(|&p| self.cows[p].is_none())
            .collect();
        let mut out = Vec::new();
        if self.hand[colour.index()] > 0 {
            for &p in &empty {
                out.push((None, p));
            }
            return out;
        }
        let flying = self.rules.fly_at_three && self.on_board(colour) == 3;
        for from in 0..self.cows.len() {
            if self.cows[from] != Some(colour) {
                continue;
            }
            let targets: Vec<usize> = if flying {
                empty.clone()
            } else {
                self.rules.adjacent[from]
                    .iter()
                    .copied()
                    .filter(|&q| self.cows[q].is_none())
                    .collect()
            };
            for to in targets {
                let banned = self
                    .bans
                    .iter()
                    .any(|b| b.colour == colour && b.from == from && b.to == to);
                if banned {
                    let mut after = self.cows.clone();
                    after[from] = None;
                    after[to] = Some(colour);
                    if self.mills_through(&after, to, colour) > 0 {
                        continue;
                    }
                }
                out.push((Some(from), to));
            }
        }
        out
    }

    /// The cows of `victim` that may be shot now on `cows`.
    fn eligible(&self, cows: &[Option<Colour>], victim: Colour) -> Vec<usize> {
        let all: Vec<usize> = (0..cows.len())
            .filter(|&p| cows[p] == Some(victim))
            .collect();
        let free: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&p| !self.in_mill(cows, p))
            .collect();
        match self.rules.protection {
            Protection::None => all,
            Protection::Strict => free,
            Protection::Standard => {
                if free.is_empty() {
                    all
                } else {
                    free
                }
            }
        }
    }

    /// Every set of shots reachable by taking `left` shots one after another.
    fn shot_sets(
        &self,
        cows: &mut Vec<Option<Colour>>,
        left: usize,
        victim: Colour,
        taken: &mut Vec<usize>,
        out: &mut BTreeSet<Vec<usize>>,
    ) {
        let eligible = if left == 0 {
            Vec::new()
        } else {
            self.eligible(cows, victim)
        };
        if eligible.is_empty() {
            let mut set = taken.clone();
            set.sort_by_key(|&p| self.rules.names[p]);
            out.insert(set);
            return;
        }
        for p in eligible {
            cows[p] = None;
            taken.push(p);
            self.shot_sets(cows, left - 1, victim, taken, out);
            taken.pop();
            cows[p] = Some(victim);
        }
    }

    /// How the game has ended, checked in the spec's order; `None` while it goes on.
    pub fn outcome(&self) -> Option<NaiveOutcome> {
        // (1) below three cows, board plus hand.
        for colour in [self.side, self.side.other()] {
            if self.total(colour) < 3 {
                return Some(NaiveOutcome::Win(colour.other(), "reduced-to-two"));
            }
        }
        // (2) three-cows draw.
        if self
            .rules
            .three_cows_draw
            .is_some_and(|(n, _)| self.three_cows >= 2 * n)
        {
            return Some(NaiveOutcome::Draw("three-cows"));
        }
        // (3) no-shot draw.
        if self.rules.no_shot_draw.is_some_and(|n| self.no_shot >= n) {
            return Some(NaiveOutcome::Draw("no-shot"));
        }
        // (4) repetition.
        if let Some(n) = self.rules.repetition_draw {
            let key = self.key();
            if self.history.iter().filter(|k| **k == key).count() as u32 >= n {
                return Some(NaiveOutcome::Draw("repetition"));
            }
        }
        // (5) board full.
        if self.cows.iter().all(Option::is_some) {
            match self.rules.board_full {
                BoardFull::Draw => return Some(NaiveOutcome::Draw("board-full")),
                BoardFull::FirstPlayerLoses => {
                    return Some(NaiveOutcome::Win(Colour::Black, "board-full"));
                }
                BoardFull::Off => {}
            }
        }
        // (6) blocked.
        if self.base_moves(self.side).is_empty() {
            if !self.rules.blocked_pass {
                return Some(NaiveOutcome::Win(self.side.other(), "blocked"));
            }
            if self.base_moves(self.side.other()).is_empty() {
                return Some(NaiveOutcome::Draw("both-blocked"));
            }
        }
        None
    }

    /// Every legal turn (none once the game has ended).
    pub fn legal_moves(&self) -> Vec<NaiveMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let base = self.base_moves(self.side);
        if base.is_empty() {
            // Not over, so `blocked = pass` and the opponent can move.
            return vec![NaiveMove {
                from: None,
                to: None,
                shots: Vec::new(),
                text: "pass".into(),
            }];
        }
        let names = &self.rules.names;
        let mut out = Vec::new();
        for (from, to) in base {
            let mut after = self.cows.clone();
            if let Some(from) = from {
                after[from] = None;
            }
            after[to] = Some(self.side);
            let mills = self.mills_through(&after, to, self.side);
            let shots = match self.rules.shots {
                Shots::PerMill => mills,
                Shots::One => mills.min(1),
            };
            let mut sets = BTreeSet::new();
            self.shot_sets(
                &mut after,
                shots,
                self.side.other(),
                &mut Vec::new(),
                &mut sets,
            );
            for set in sets {
                let mut text = String::new();
                if let Some(from) = from {
                    text.push_str(names[from]);
                    text.push('-');
                }
                text.push_str(names[to]);
                for &s in &set {
                    text.push('x');
                    text.push_str(names[s]);
                }
                out.push(NaiveMove {
                    from,
                    to: Some(to),
                    shots: set,
                    text,
                });
            }
        }
        out
    }

    /// The position after `mv` (which must come from [`NaivePosition::legal_moves`]).
    pub fn play(&self, mv: &NaiveMove) -> NaivePosition {
        let mover = self.side;
        let mut next = self.clone();
        let mut new_ban = None;
        if let Some(to) = mv.to {
            match mv.from {
                None => next.hand[mover.index()] -= 1,
                Some(from) => {
                    let left_mill = self.in_mill(&self.cows, from);
                    next.cows[from] = None;
                    next.cows[to] = Some(mover);
                    let formed = self.mills_through(&next.cows, to, mover) > 0;
                    if self.rules.no_immediate_return && left_mill && formed {
                        new_ban = Some(Ban {
                            colour: mover,
                            from: to,
                            to: from,
                        });
                    }
                }
            }
            next.cows[to] = Some(mover);
        }
        for &s in &mv.shots {
            next.cows[s] = None;
        }
        // The mover's ban lapses after its turn; a ban on a shot cow goes away.
        next.bans
            .retain(|b| b.colour != mover && !mv.shots.contains(&b.from));
        next.bans.extend(new_ban);
        next.bans.sort();
        next.side = mover.other();
        let shot = !mv.shots.is_empty();
        let placement = mv.to.is_some() && mv.from.is_none();
        next.three_cows = match self.rules.three_cows_draw {
            Some((_, either)) => {
                let (w, b) = (
                    next.total(Colour::White) == 3,
                    next.total(Colour::Black) == 3,
                );
                let trigger = if either { w || b } else { w && b };
                if trigger && !shot {
                    self.three_cows + 1
                } else {
                    0
                }
            }
            None => 0,
        };
        next.no_shot = if shot {
            0
        } else if placement {
            self.no_shot
        } else {
            self.no_shot + 1
        };
        if placement || shot {
            next.history.clear();
        }
        let key = next.key();
        next.history.push(key);
        next
    }

    /// The number of move sequences of exactly `depth` turns.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }

    /// perft split by first move, as (move text, count), sorted by text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal_moves()
            .iter()
            .map(|m| (m.text.clone(), self.play(m).perft(depth.saturating_sub(1))))
            .collect();
        out.sort();
        out
    }

    /// The position string (counters included), for messages.
    pub fn to_position_string(&self) -> String {
        let list = |colour: Colour| {
            let mut names: Vec<&str> = (0..self.cows.len())
                .filter(|&p| self.cows[p] == Some(colour))
                .map(|p| self.rules.names[p])
                .collect();
            names.sort_unstable();
            if names.is_empty() {
                "-".to_owned()
            } else {
                names.join(",")
            }
        };
        let bans = if self.bans.is_empty() {
            "-".to_owned()
        } else {
            self.bans
                .iter()
                .map(|b| {
                    format!(
                        "{}:{}-{}",
                        b.colour.letter(),
                        self.rules.names[b.from],
                        self.rules.names[b.to]
                    )
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/{} {}:{} {} {} {} {}",
            list(Colour::White),
            list(Colour::Black),
            self.hand[0],
            self.hand[1],
            self.side.letter(),
            bans,
            self.three_cows,
            self.no_shot
        )
    }
}
