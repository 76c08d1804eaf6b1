//! The Mountain Ascent: one mountain per game (Morabaraba with a chosen rule set, Oware,
//! Mulabalaba), seven camps from the foot to the summit, one opponent at each, climbed in
//! order. Every front end shows the same mountain from this model and records the same climbs.
//!
//! - **Unlocking.** Camp 1 is open. Camp k+1 opens once camp k is climbed: at camps 1-3 by one
//!   win with either colour; at camps 4-7 by a two-game match with the colours swapped, scoring
//!   at least 1.5 (a win 1, a draw ½). Retries are free.
//! - **Assisted.** Hints and takebacks are allowed, but a climb with any game that used one is
//!   marked assisted.
//! - **Medals** per camp ([`Medals`]): climbed; climbed unassisted; mastered: unassisted wins at
//!   the camp with both colours, or an unassisted climb with the clock on.
//! - **The summit** keeps the date it was first reached (the date of the last game's record).
//! - **Records.** Every climb game is saved as a game record in the `ascent` folder beside the
//!   progress file ([`finish_game`]), and each climb game in the progress names its file, so a
//!   climb can be replayed and checked.

use crate::NewGame;
use crate::progress::{ProgressError, ProgressFile};
use kraal_ai::opponents::{OPPONENTS, Opponent};
use kraal_session::{
    AnyGame, GameKind, GameRules, Player, Record, RecordError, Seat, SessionError, TimeControl,
    resolve,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The number of camps on every mountain.
pub const CAMPS: u8 = 7;

/// What an ascent screen says when no progress file is kept.
pub const NOT_KEPT: &str = "No progress file: climbs are played but not kept.";

/// The folder of climb records beside the progress file.
pub const RECORDS_FOLDER: &str = "ascent";

/// The record tag that marks a climb game (kept with an unfinished game, so that it goes on
/// as the climb game when continued): the mountain's key and the camp, `oware camp 3`.
pub const CLIMB_TAG: &str = "Climb";

/// The record tag that marks a climb game as assisted so far (`yes`).
pub const ASSISTED_TAG: &str = "ClimbAssisted";

/// A camp: where it is, who waits there, and its look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Camp {
    /// 1 (the foot) to 7 (the summit).
    pub number: u8,
    /// Its name.
    pub name: &'static str,
    /// Its emblem, a symbol drawn in its colour.
    pub emblem: char,
    /// The emblem where only ASCII can be drawn.
    pub emblem_ascii: char,
    /// Its colour, as red, green and blue.
    pub colour: [u8; 3],
    /// A line of its story.
    pub story: &'static str,
}

impl Camp {
    /// The opponent who waits at this camp (camp k: level k).
    #[must_use]
    pub fn opponent(&self) -> Opponent {
        OPPONENTS[usize::from(self.number - 1)]
    }

    /// The games in one climb of this camp: 1 at camps 1-3, a two-game match at 4-7.
    #[must_use]
    pub const fn games(&self) -> usize {
        if self.number <= 3 { 1 } else { 2 }
    }

    /// The score a climb needs, in half points: one win (2) at camps 1-3, 1.5 (3) at 4-7.
    #[must_use]
    pub const fn needed_half_points(&self) -> u32 {
        if self.number <= 3 { 2 } else { 3 }
    }

    /// What it takes to climb, in words.
    #[must_use]
    pub const fn requirement(&self) -> &'static str {
        if self.number <= 3 {
            "win one game, with either colour"
        } else {
            "score 1.5 in a two-game match, colours swapped"
        }
    }
}

/// The emblems and colours of the seven camps, from the green foot to the snowy summit.
const LOOKS: [(char, char, [u8; 3]); 7] = [
    ('\u{2663}', 'o', [88, 150, 64]),   // ♣ the green foot
    ('\u{2248}', '~', [64, 132, 180]),  // ≈ water
    ('\u{2698}', '*', [168, 150, 60]),  // ⚘ pasture
    ('\u{25B2}', '^', [176, 110, 52]),  // ▲ the gate
    ('\u{2740}', '%', [140, 92, 60]),   // ❀ the tree
    ('\u{265B}', '#', [120, 110, 130]), // ♛ the court
    ('\u{2605}', '@', [236, 232, 220]), // ★ the summit
];

/// Names and stories of the camps of each mountain.
const MORABARABA: [(&str, &str); 7] = [
    (
        "The Calf Pen",
        "At the foot of the hill a calf wanders among the cows: beat it to begin the climb.",
    ),
    (
        "Herd Boy's Stream",
        "A herd boy waters the cattle at the stream and dares you to a game scratched in the sand.",
    ),
    (
        "The Herder's Pasture",
        "On the open pasture the herder keeps watch and blocks every pair you make.",
    ),
    (
        "The Kraal Gate",
        "The keeper of the kraal lets no one pass without two games, one with each colour.",
    ),
    (
        "The Elders' Tree",
        "Under the great tree the elders play slowly and punish every loose cow.",
    ),
    (
        "The Chief's Court",
        "The chief receives challengers at court and calculates long forcing lines.",
    ),
    (
        "The Ancestors' Summit",
        "At the summit the ancestors watch over the herds; few have ever beaten them.",
    ),
];

const OWARE: [(&str, &str); 7] = [
    (
        "The Village Path",
        "Children play in holes scooped beside the path: the youngest sows first.",
    ),
    (
        "The Market Stall",
        "Between sales a trader keeps a board under the stall and counts seeds quickly.",
    ),
    (
        "The Well",
        "Those who wait for water play the herder's way, leaving few seeds to capture.",
    ),
    (
        "The Meeting Place",
        "At the meeting place challengers play twice, each side of the board in turn.",
    ),
    (
        "The Elders' Shade",
        "In the shade the elders hoard their seeds and strike when the board is ripe.",
    ),
    (
        "The Chief's Palace",
        "The chief's board is carved of hardwood, and the chief counts far ahead.",
    ),
    (
        "The Ancestors' Stool",
        "The golden stool holds the wisdom of every game ever sown.",
    ),
];

const MULABALABA: [(&str, &str); 7] = [
    (
        "The River Bank",
        "By the Zambezi a boy digs four rows in the mud and invites you to sow.",
    ),
    (
        "The Maize Field",
        "Resting between the rows, a farmer's son relays seeds round the board.",
    ),
    (
        "The Cattle Track",
        "The herder plays where the cattle pass and takes both holes when you are careless.",
    ),
    (
        "The Village Gate",
        "At the gate two games are played, one from each end of the board.",
    ),
    (
        "The Council Tree",
        "The council sows slowly and sees every relay to its end.",
    ),
    (
        "The Chief's Kraal",
        "The chief plays long relays that sweep the board clean.",
    ),
    (
        "The Ancestors' Hill",
        "On the hilltop the ancestors sow the seeds of every harvest.",
    ),
];

/// The camps of one game's mountain, built from its names and the shared looks.
const fn camps(names: &'static [(&'static str, &'static str); 7]) -> [Camp; 7] {
    let mut out = [Camp {
        number: 0,
        name: "",
        emblem: ' ',
        emblem_ascii: ' ',
        colour: [0; 3],
        story: "",
    }; 7];
    let mut i = 0;
    while i < 7 {
        out[i] = Camp {
            number: i as u8 + 1,
            name: names[i].0,
            emblem: LOOKS[i].0,
            emblem_ascii: LOOKS[i].1,
            colour: LOOKS[i].2,
            story: names[i].1,
        };
        i += 1;
    }
    out
}

/// The camps of the Morabaraba mountain (every mill rule set).
pub const MORABARABA_CAMPS: [Camp; 7] = camps(&MORABARABA);
/// The camps of the Oware mountain.
pub const OWARE_CAMPS: [Camp; 7] = camps(&OWARE);
/// The camps of the Mulabalaba mountain.
pub const MULABALABA_CAMPS: [Camp; 7] = camps(&MULABALABA);

/// What an ascent screen shows: a mountain, a camp, the colour for a new climb, a message.
/// Both front ends' ascent screens keep this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AscentChoice {
    /// Index into [`Mountain::all`].
    pub mountain: usize,
    /// The camp chosen (1 to 7).
    pub camp: u8,
    /// The player's colour in a new climb.
    pub colour: Seat,
    /// The clock of the next climb game ([`TimeControl::None`]: no clock).
    pub clock: TimeControl,
    /// A message (the last climb's news, a locked camp).
    pub message: Option<String>,
}

impl AscentChoice {
    /// On the mountain of `game` (a game's name), on `camp`.
    #[must_use]
    pub fn new(game: &str, camp: u8) -> AscentChoice {
        AscentChoice {
            mountain: Mountain::index_of(game),
            camp: camp.clamp(1, CAMPS),
            colour: Seat::First,
            clock: TimeControl::None,
            message: None,
        }
    }

    /// The mountain shown.
    #[must_use]
    pub fn mountain(&self) -> Mountain {
        let all = Mountain::all();
        all[self.mountain % all.len()].clone()
    }
}

/// One game's mountain: the rule set it is climbed with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mountain {
    rules: GameRules,
}

/// Something the ascent cannot do.
#[derive(Debug)]
pub enum AscentError {
    /// No such game or rule set.
    Rules(SessionError),
    /// No camp of that number.
    NoCamp(u8),
    /// The camp is locked: the one below is not climbed yet.
    Locked {
        /// The camp asked for.
        camp: u8,
    },
    /// The game is not over yet, so it cannot count.
    NotOver,
    /// The game is not one of this camp's climb games (another game, or the player does not
    /// play the camp's opponent).
    NotThisClimb(String),
    /// The climb record cannot be saved.
    Record(RecordError),
    /// The progress cannot be saved.
    Progress(ProgressError),
    /// No progress file is kept (no data folder): the climb is played but not counted.
    NotKept,
    /// A record's climb tag cannot be read.
    BadTag(String),
}

impl fmt::Display for AscentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AscentError::Rules(e) => write!(f, "{e}"),
            AscentError::NoCamp(n) => {
                write!(f, "there is no camp {n} (the camps are 1 to {CAMPS})")
            }
            AscentError::Locked { camp } => {
                write!(f, "camp {camp} is locked: climb camp {} first", camp - 1)
            }
            AscentError::NotOver => write!(f, "the game is not over, so it cannot count"),
            AscentError::NotThisClimb(why) => write!(f, "not a game of this climb: {why}"),
            AscentError::Record(e) => write!(f, "cannot save the climb's record: {e}"),
            AscentError::Progress(e) => write!(f, "{e}"),
            AscentError::NotKept => {
                write!(f, "no progress file is kept, so this climb is not counted")
            }
            AscentError::BadTag(why) => write!(f, "the game's climb tag is wrong: {why}"),
        }
    }
}

impl std::error::Error for AscentError {}

/// How a climb game ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Score {
    /// The player won.
    Won,
    /// A draw.
    Drew,
    /// The player lost.
    Lost,
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Score::Won => "won",
            Score::Drew => "drew",
            Score::Lost => "lost",
        })
    }
}

impl Score {
    /// In half points: a win 2, a draw 1, a loss 0.
    #[must_use]
    pub const fn half_points(self) -> u32 {
        match self {
            Score::Won => 2,
            Score::Drew => 1,
            Score::Lost => 0,
        }
    }
}

/// One game of a climb, as the progress file keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ClimbGame {
    /// The side the player took.
    pub colour: Seat,
    /// How it ended for the player.
    pub score: Score,
    /// Whether a hint or a takeback was used.
    pub assisted: bool,
    /// Whether it was played on the clock.
    pub clock: bool,
    /// The clock it was played with (`5+3`, `move:120`), when on the clock. Files written
    /// before it was kept have only [`ClimbGame::clock`].
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time_control_text"
    )]
    pub time_control: Option<TimeControl>,
    /// The date of the game (`YYYY-MM-DD`, from its record).
    pub date: String,
    /// The game's record, relative to the progress file's folder.
    pub record: PathBuf,
}

/// One climb of a camp: one game at camps 1-3, up to two at 4-7.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Climb {
    /// Its games, in order.
    pub games: Vec<ClimbGame>,
}

/// Where a climb stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClimbState {
    /// More games to play; the next is with this colour.
    Continues {
        /// The player's colour in the next game.
        next: Seat,
    },
    /// The camp is climbed.
    Climbed,
    /// The climb failed (try again: retries are free).
    Failed,
}

impl Climb {
    /// The climb's score so far, in half points.
    #[must_use]
    pub fn half_points(&self) -> u32 {
        self.games.iter().map(|g| g.score.half_points()).sum()
    }

    /// Whether any game used a hint or a takeback.
    #[must_use]
    pub fn assisted(&self) -> bool {
        self.games.iter().any(|g| g.assisted)
    }

    /// Where this climb of `camp` stands.
    #[must_use]
    pub fn state(&self, camp: &Camp) -> ClimbState {
        let points = self.half_points();
        let left = camp.games().saturating_sub(self.games.len()) as u32;
        if points + 2 * left < camp.needed_half_points() {
            ClimbState::Failed
        } else if left == 0 {
            ClimbState::Climbed
        } else {
            let next = self.games.last().map_or(Seat::First, |g| g.colour.other());
            ClimbState::Continues { next }
        }
    }
}

/// The progress on one camp.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CampProgress {
    /// Every climb, oldest first (the last may still be going on).
    #[serde(default)]
    pub climbs: Vec<Climb>,
}

/// The progress on one mountain.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AscentProgress {
    /// The camps with any climb, by number (`"1"` to `"7"`: TOML keys are text).
    #[serde(default)]
    pub camps: BTreeMap<String, CampProgress>,
    /// The date the summit was first reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summit: Option<String>,
}

/// The medals of one camp.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Medals {
    /// The camp is climbed.
    pub climbed: bool,
    /// Climbed without a hint or a takeback.
    pub unassisted: bool,
    /// Unassisted wins here with both colours, or an unassisted climb on the clock.
    pub mastered: bool,
}

impl Medals {
    /// How many of the three.
    #[must_use]
    pub fn count(self) -> usize {
        usize::from(self.climbed) + usize::from(self.unassisted) + usize::from(self.mastered)
    }
}

/// What a camp looks like to the player now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampStatus {
    /// The camp.
    pub camp: Camp,
    /// Whether it can be climbed (camp 1, or the camp below is climbed).
    pub unlocked: bool,
    /// Its medals.
    pub medals: Medals,
    /// Climbs tried (finished or going on).
    pub climbs: usize,
    /// A climb going on (the first game of a match played), if any.
    pub going_on: Option<Climb>,
}

/// The next game of a climb, ready to start.
#[derive(Clone, Debug, PartialEq)]
pub struct ClimbPlan {
    /// The camp.
    pub camp: Camp,
    /// The game of the climb, from 1.
    pub game: usize,
    /// The player's colour.
    pub colour: Seat,
    /// The game to start.
    pub new_game: NewGame,
}

impl ClimbPlan {
    /// What a front end says as the game starts: the camp, who waits there, what it takes.
    #[must_use]
    pub fn introduction(&self) -> String {
        format!(
            "Camp {}, {}: {} waits here. To climb: {} (game {} of {}).",
            self.camp.number,
            self.camp.name,
            self.camp.opponent().name,
            self.camp.requirement(),
            self.game,
            self.camp.games()
        )
    }
}

/// A climb game being played in a front end: which camp it counts for, whether it was
/// helped, and whether its ending was counted (once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Climbing {
    /// The mountain.
    pub mountain: Mountain,
    /// The camp.
    pub camp: u8,
    /// A hint was asked for or a move taken back.
    pub assisted: bool,
    counted: bool,
    /// What counting the ending said, to show afterwards.
    pub news: Option<String>,
}

impl Climbing {
    /// A climb game of `camp` on `mountain`, just started.
    #[must_use]
    pub fn new(mountain: Mountain, camp: u8) -> Climbing {
        Climbing {
            mountain,
            camp,
            assisted: false,
            counted: false,
            news: None,
        }
    }

    /// A hint or a takeback was used: the climb is assisted.
    pub fn assist(&mut self) {
        self.assisted = true;
    }

    /// The record tags that keep this climb with an unfinished game ([`CLIMB_TAG`], and
    /// [`ASSISTED_TAG`] once assisted), read back by [`Climbing::from_record`].
    #[must_use]
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![(
            CLIMB_TAG.to_owned(),
            format!("{} camp {}", self.mountain.key(), self.camp),
        )];
        if self.assisted {
            tags.push((ASSISTED_TAG.to_owned(), "yes".to_owned()));
        }
        tags
    }

    /// The climb an unfinished game's record was kept with (its [`CLIMB_TAG`]), to go on as
    /// that climb game, assisted if it was; `None` for a game that is no climb game.
    ///
    /// # Errors
    /// The tag names no camp, or a mountain other than the record's rules.
    pub fn from_record(record: &Record) -> Option<Result<Climbing, AscentError>> {
        let tag = record.tag(CLIMB_TAG)?;
        Some(Climbing::read_tag(record, tag))
    }

    fn read_tag(record: &Record, tag: &str) -> Result<Climbing, AscentError> {
        let bad = || AscentError::BadTag(format!("{tag:?} is not MOUNTAIN camp N"));
        let (key, camp) = tag.trim().rsplit_once(" camp ").ok_or_else(bad)?;
        let camp: u8 = camp.trim().parse().map_err(|_| bad())?;
        let rules = record
            .rules()
            .map_err(|e| AscentError::BadTag(e.to_string()))?;
        let mountain = Mountain::new(rules.game_name(), Some(rules.rule_set_name()))?;
        if mountain.key() != key.trim() {
            return Err(AscentError::BadTag(format!(
                "it names the mountain {}, but the game is {}",
                key.trim(),
                mountain.key()
            )));
        }
        mountain.camp(camp)?;
        let mut climbing = Climbing::new(mountain, camp);
        climbing.assisted = record.tag(ASSISTED_TAG) == Some("yes");
        Ok(climbing)
    }

    /// The climb in words, for a list of unfinished games: "a climb of camp 4, The Kraal
    /// Gate, assisted".
    #[must_use]
    pub fn describe(&self) -> String {
        let name = self.mountain.camp(self.camp).map_or("", |c| c.name);
        format!(
            "a climb of camp {}, {name}{}",
            self.camp,
            if self.assisted { ", assisted" } else { "" }
        )
    }

    /// Counts `game` once it is over (the first call after the ending; `None` before it and
    /// after): its record is saved and the progress written ([`finish_game`]). The news, or
    /// the reason it was not counted, is kept in [`Climbing::news`].
    pub fn count(
        &mut self,
        file: Option<&mut ProgressFile>,
        game: &AnyGame,
    ) -> Option<Result<ClimbNews, AscentError>> {
        if self.counted || !game.is_over() {
            return None;
        }
        self.counted = true;
        let result = match file {
            None => Err(AscentError::NotKept),
            Some(file) => finish_game(file, &self.mountain, self.camp, game, self.assisted),
        };
        self.news = Some(match &result {
            Ok(news) => news.to_string(),
            Err(e) => e.to_string(),
        });
        Some(result)
    }
}

/// What a finished climb game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClimbNews {
    /// The camp.
    pub camp: u8,
    /// Where its climb stands now.
    pub state: ClimbState,
    /// The camp's medals now.
    pub medals: Medals,
    /// Medals won by this game (not held before).
    pub new_medals: Medals,
    /// The camp this opened, if any.
    pub unlocked: Option<u8>,
    /// Whether this game reached the summit for the first time.
    pub summit: bool,
    /// Where the game's record was saved (relative to the progress folder).
    pub record: PathBuf,
}

impl fmt::Display for ClimbNews {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.state {
            ClimbState::Climbed => write!(f, "Camp {} climbed!", self.camp)?,
            ClimbState::Failed => write!(f, "The climb of camp {} failed; try again", self.camp)?,
            ClimbState::Continues { next } => write!(
                f,
                "Camp {}: the match goes on, the next game with the {} side",
                self.camp,
                if next == Seat::First {
                    "first"
                } else {
                    "second"
                }
            )?,
        }
        let new: Vec<&str> = [
            (self.new_medals.climbed, "climbed"),
            (self.new_medals.unassisted, "unassisted"),
            (self.new_medals.mastered, "mastered"),
        ]
        .iter()
        .filter(|(won, _)| *won)
        .map(|(_, name)| *name)
        .collect();
        if !new.is_empty() {
            write!(f, " New medal: {}.", new.join(", "))?;
        }
        if let Some(camp) = self.unlocked {
            write!(f, " Camp {camp} is open.")?;
        }
        if self.summit {
            write!(f, " You have reached the summit!")?;
        }
        Ok(())
    }
}

impl Mountain {
    /// The mountain of `game` (a game or a rule set: `morabaraba`, `koti`, `oware`...) with
    /// the rule set `rules` if given.
    ///
    /// # Errors
    /// An unknown game or a rule set of another game.
    pub fn new(game: &str, rules: Option<&str>) -> Result<Mountain, AscentError> {
        let rules = resolve(game, rules, &[] as &[&str]).map_err(AscentError::Rules)?;
        Ok(Mountain { rules })
    }

    /// The mountains to offer: the default rule set of each game.
    #[must_use]
    pub fn all() -> Vec<Mountain> {
        kraal_session::GAMES
            .iter()
            .filter_map(|(game, _)| Mountain::new(game, None).ok())
            .collect()
    }

    /// The index in [`Mountain::all`] of the mountain of `game` (a game's name), else 0.
    #[must_use]
    pub fn index_of(game: &str) -> usize {
        Mountain::all()
            .iter()
            .position(|m| m.rules().game_name() == game)
            .unwrap_or(0)
    }

    /// The camp an ascent screen opens on: the next to climb, else the summit.
    #[must_use]
    pub fn camp_to_show(&self, progress: &AscentProgress) -> u8 {
        self.next_camp(progress).unwrap_or(CAMPS)
    }

    /// The rules it is climbed with.
    #[must_use]
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The family of its game (it names the sides).
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self.rules {
            GameRules::Morris { .. } => GameKind::Mill,
            GameRules::Mancala { .. } => GameKind::Mancala,
        }
    }

    /// Its key in the progress file: the game, and for Morabaraba the rule set
    /// (`morabaraba-koti`), since each mill rule set is a mountain of its own.
    #[must_use]
    pub fn key(&self) -> String {
        match self.rules {
            GameRules::Morris { .. } => format!("morabaraba-{}", self.rules.rule_set_name()),
            GameRules::Mancala { .. } => self.rules.game_name().to_owned(),
        }
    }

    /// Its name for titles: "Morabaraba (koti)", "Oware".
    #[must_use]
    pub fn title(&self) -> String {
        let game = self.rules.game_name();
        let mut title: String = game[..1].to_uppercase();
        title.push_str(&game[1..]);
        match self.rules {
            GameRules::Morris { .. } if self.rules.rule_set_name() != game => {
                format!("{title} ({})", self.rules.rule_set_name())
            }
            _ => title,
        }
    }

    /// Its seven camps, from the foot.
    #[must_use]
    pub fn camps(&self) -> &'static [Camp; 7] {
        match self.rules.game_name() {
            "oware" => &OWARE_CAMPS,
            "mulabalaba" => &MULABALABA_CAMPS,
            _ => &MORABARABA_CAMPS,
        }
    }

    /// Camp `number` (1 to 7).
    ///
    /// # Errors
    /// No such camp.
    pub fn camp(&self, number: u8) -> Result<&'static Camp, AscentError> {
        self.camps()
            .get(usize::from(number).wrapping_sub(1))
            .ok_or(AscentError::NoCamp(number))
    }

    /// Where every camp stands in `progress`.
    #[must_use]
    pub fn status(&self, progress: &AscentProgress) -> [CampStatus; 7] {
        let mut below_climbed = true;
        self.camps().map(|camp| {
            let climbs = progress
                .camps
                .get(&camp.number.to_string())
                .map_or(&[][..], |p| &p.climbs[..]);
            let medals = medals(&camp, climbs);
            let going_on = climbs
                .last()
                .filter(|c| matches!(c.state(&camp), ClimbState::Continues { .. }))
                .filter(|c| !c.games.is_empty())
                .cloned();
            let status = CampStatus {
                camp,
                unlocked: below_climbed,
                medals,
                climbs: climbs.len(),
                going_on,
            };
            below_climbed = medals.climbed;
            status
        })
    }

    /// The camp to climb next: the match going on, else the lowest open camp not climbed, else
    /// `None` (every camp is climbed).
    #[must_use]
    pub fn next_camp(&self, progress: &AscentProgress) -> Option<u8> {
        let status = self.status(progress);
        status
            .iter()
            .find(|s| s.going_on.is_some())
            .or_else(|| status.iter().find(|s| s.unlocked && !s.medals.climbed))
            .map(|s| s.camp.number)
    }

    /// The next game of a climb of camp `number`, on `clock` ([`TimeControl::None`]: no
    /// clock): the match going on continues with the colours swapped; a new climb starts with
    /// `colour` (the player's choice).
    ///
    /// # Errors
    /// No such camp, or it is locked.
    pub fn plan(
        &self,
        progress: &AscentProgress,
        number: u8,
        colour: Seat,
        clock: TimeControl,
    ) -> Result<ClimbPlan, AscentError> {
        let camp = *self.camp(number)?;
        let status = &self.status(progress)[usize::from(number - 1)];
        if !status.unlocked {
            return Err(AscentError::Locked { camp: number });
        }
        let (game, colour) = match &status.going_on {
            Some(climb) => match climb.state(&camp) {
                ClimbState::Continues { next } => (climb.games.len() + 1, next),
                _ => (1, colour),
            },
            None => (1, colour),
        };
        let opponent = Player::Ai(camp.opponent());
        let players = match colour {
            Seat::First => [Player::Human, opponent],
            Seat::Second => [opponent, Player::Human],
        };
        Ok(ClimbPlan {
            camp,
            game,
            colour,
            new_game: NewGame {
                rules: self.rules.clone(),
                position: None,
                players,
                clock,
            },
        })
    }

    /// Counts a finished climb game of camp `number` in `progress`. The game's record must
    /// already be saved at `record` (see [`finish_game`], which does both).
    ///
    /// # Errors
    /// No such camp, the camp is locked, the game is not over, or it is not a game between the
    /// player and the camp's opponent under this mountain's rules.
    pub fn count(
        &self,
        progress: &mut AscentProgress,
        number: u8,
        game: &AnyGame,
        assisted: bool,
        record: PathBuf,
    ) -> Result<ClimbNews, AscentError> {
        let camp = *self.camp(number)?;
        let before = self.status(progress);
        if !before[usize::from(number - 1)].unlocked {
            return Err(AscentError::Locked { camp: number });
        }
        let colour = self.check_game(&camp, game)?;
        let outcome = game.outcome().ok_or(AscentError::NotOver)?;
        let score = match outcome.winner {
            None => Score::Drew,
            Some(w) if w == colour => Score::Won,
            Some(_) => Score::Lost,
        };
        let kept = game.record();
        let date = kept
            .tag("Date")
            .map_or_else(|| "undated".to_owned(), str::to_owned);
        let time_control = kept
            .tag("Clock")
            .and_then(|t| t.parse::<TimeControl>().ok())
            .filter(|c| *c != TimeControl::None);
        let played = ClimbGame {
            colour,
            score,
            assisted,
            clock: time_control.is_some(),
            time_control,
            date: date.clone(),
            record: record.clone(),
        };
        let climbs = &mut progress
            .camps
            .entry(camp.number.to_string())
            .or_default()
            .climbs;
        // A match goes on with the colours swapped; a game with the same colour again (a
        // first game continued after another was counted) starts a new climb.
        match climbs.last_mut() {
            Some(last) if last.state(&camp) == (ClimbState::Continues { next: colour }) => {
                last.games.push(played);
            }
            _ => climbs.push(Climb {
                games: vec![played],
            }),
        }
        let state = climbs.last().map_or(ClimbState::Failed, |c| c.state(&camp));
        let after = self.status(progress);
        let was = before[usize::from(number - 1)].medals;
        let medals = after[usize::from(number - 1)].medals;
        let unlocked = after
            .iter()
            .zip(&before)
            .find(|(a, b)| a.unlocked && !b.unlocked)
            .map(|(a, _)| a.camp.number);
        let summit = number == CAMPS && medals.climbed && progress.summit.is_none();
        if summit {
            progress.summit = Some(date);
        }
        Ok(ClimbNews {
            camp: number,
            state,
            medals,
            new_medals: Medals {
                climbed: medals.climbed && !was.climbed,
                unassisted: medals.unassisted && !was.unassisted,
                mastered: medals.mastered && !was.mastered,
            },
            unlocked,
            summit,
            record,
        })
    }

    /// The player's colour in `game`, if it is a game of the player against `camp`'s opponent
    /// under this mountain's rules.
    fn check_game(&self, camp: &Camp, game: &AnyGame) -> Result<Seat, AscentError> {
        if game.rules().game_name() != self.rules.game_name()
            || game.rules().rule_set_name() != self.rules.rule_set_name()
        {
            return Err(AscentError::NotThisClimb(format!(
                "it is a game of {} ({}), the mountain is {}",
                game.rules().game_name(),
                game.rules().rule_set_name(),
                self.title()
            )));
        }
        let opponent = Player::Ai(camp.opponent());
        match game.players() {
            [Player::Human, p] if p == opponent => Ok(Seat::First),
            [p, Player::Human] if p == opponent => Ok(Seat::Second),
            _ => Err(AscentError::NotThisClimb(format!(
                "camp {} is climbed against {}",
                camp.number,
                camp.opponent().name
            ))),
        }
    }
}

/// The medals of a camp from its climbs.
fn medals(camp: &Camp, climbs: &[Climb]) -> Medals {
    let climbed: Vec<&Climb> = climbs
        .iter()
        .filter(|c| c.state(camp) == ClimbState::Climbed)
        .collect();
    let clean_win = |seat: Seat| {
        climbs
            .iter()
            .flat_map(|c| &c.games)
            .any(|g| g.colour == seat && g.score == Score::Won && !g.assisted)
    };
    let unassisted = climbed.iter().any(|c| !c.assisted());
    Medals {
        climbed: !climbed.is_empty(),
        unassisted,
        mastered: (clean_win(Seat::First) && clean_win(Seat::Second))
            || climbed
                .iter()
                .any(|c| !c.assisted() && c.games.iter().all(|g| g.clock)),
    }
}

/// Saves a finished climb game's record in the [`RECORDS_FOLDER`] beside the progress file,
/// counts it, and saves the progress.
///
/// # Errors
/// As [`Mountain::count`] (then nothing is saved), or the record or the progress cannot be
/// written.
pub fn finish_game(
    file: &mut ProgressFile,
    mountain: &Mountain,
    camp: u8,
    game: &AnyGame,
    assisted: bool,
) -> Result<ClimbNews, AscentError> {
    // Check first, on a copy, so that nothing is written for a game that does not count.
    let mut trial = file.progress.ascent_of(mountain);
    mountain.count(&mut trial, camp, game, assisted, PathBuf::new())?;
    let relative = record_slot(file.folder(), mountain, camp);
    let path = file.folder().join(&relative);
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(|e| {
            AscentError::Record(RecordError::Io {
                path: folder.display().to_string(),
                reason: e.to_string(),
            })
        })?;
    }
    game.record().save(&path).map_err(AscentError::Record)?;
    let progress = file.progress.ascent.entry(mountain.key()).or_default();
    let news = mountain.count(progress, camp, game, assisted, relative)?;
    file.save().map_err(AscentError::Progress)?;
    Ok(news)
}

/// A clock in the progress file as the text [`TimeControl`] reads (`5+3`, `move:120`).
mod time_control_text {
    use kraal_session::TimeControl;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        clock: &Option<TimeControl>,
        out: S,
    ) -> Result<S::Ok, S::Error> {
        match clock {
            Some(c) => out.serialize_some(&c.to_string()),
            None => out.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        input: D,
    ) -> Result<Option<TimeControl>, D::Error> {
        let text: Option<String> = Option::deserialize(input)?;
        text.map(|t| t.parse().map_err(serde::de::Error::custom))
            .transpose()
    }
}

/// A new record file for a game of `camp`, relative to `folder`, used by no other game.
fn record_slot(folder: &Path, mountain: &Mountain, camp: u8) -> PathBuf {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = format!("camp-{camp}-{seconds}");
    let dir = Path::new(RECORDS_FOLDER).join(mountain.key());
    let mut relative = dir.join(format!("{stem}.txt"));
    let mut n = 2;
    while folder.join(&relative).exists() {
        relative = dir.join(format!("{stem}-{n}.txt"));
        n += 1;
    }
    relative
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(colour: Seat, score: Score, assisted: bool) -> ClimbGame {
        ClimbGame {
            colour,
            score,
            assisted,
            clock: false,
            time_control: None,
            date: "2026-12-01".to_owned(),
            record: PathBuf::from("r.txt"),
        }
    }

    #[test]
    fn every_mountain_has_seven_named_camps_against_the_seven_opponents() {
        for mountain in Mountain::all() {
            let camps = mountain.camps();
            for (i, camp) in camps.iter().enumerate() {
                assert_eq!(usize::from(camp.number), i + 1);
                assert_eq!(camp.opponent(), OPPONENTS[i]);
                assert!(!camp.name.is_empty() && !camp.story.is_empty());
                assert!(camp.emblem_ascii.is_ascii());
            }
        }
        let keys: Vec<String> = Mountain::all().iter().map(Mountain::key).collect();
        assert_eq!(keys, ["morabaraba-morabaraba", "oware", "mulabalaba"]);
        assert_eq!(
            Mountain::new("koti", None).expect("a rule set").key(),
            "morabaraba-koti"
        );
        assert!(Mountain::new("chess", None).is_err());
    }

    #[test]
    fn low_camps_need_one_win_and_high_camps_a_match_of_one_and_a_half() {
        let low = MORABARABA_CAMPS[2];
        let high = MORABARABA_CAMPS[3];
        let one = |s| Climb {
            games: vec![game(Seat::Second, s, false)],
        };
        assert_eq!(one(Score::Won).state(&low), ClimbState::Climbed);
        assert_eq!(one(Score::Drew).state(&low), ClimbState::Failed);
        assert_eq!(one(Score::Lost).state(&low), ClimbState::Failed);
        let two = |a, b| Climb {
            games: vec![game(Seat::First, a, false), game(Seat::Second, b, false)],
        };
        assert_eq!(
            two(Score::Won, Score::Drew).state(&high),
            ClimbState::Climbed
        );
        assert_eq!(
            two(Score::Drew, Score::Won).state(&high),
            ClimbState::Climbed
        );
        assert_eq!(
            two(Score::Drew, Score::Drew).state(&high),
            ClimbState::Failed
        );
        assert_eq!(
            two(Score::Won, Score::Lost).state(&high),
            ClimbState::Failed
        );
        let first = |s| Climb {
            games: vec![game(Seat::First, s, false)],
        };
        assert_eq!(
            first(Score::Drew).state(&high),
            ClimbState::Continues { next: Seat::Second },
            "a draw can still be followed by a win"
        );
        assert_eq!(
            first(Score::Lost).state(&high),
            ClimbState::Failed,
            "2 of 3 at most"
        );
    }

    #[test]
    fn medals_follow_climbs_assistance_and_colours() {
        let camp = MORABARABA_CAMPS[0];
        let climbs = |games: Vec<ClimbGame>| -> Vec<Climb> {
            games
                .into_iter()
                .map(|g| Climb { games: vec![g] })
                .collect()
        };
        let m = medals(&camp, &climbs(vec![game(Seat::First, Score::Won, true)]));
        assert_eq!((m.climbed, m.unassisted, m.mastered), (true, false, false));
        let m = medals(
            &camp,
            &climbs(vec![
                game(Seat::First, Score::Won, true),
                game(Seat::Second, Score::Won, false),
            ]),
        );
        assert_eq!((m.climbed, m.unassisted, m.mastered), (true, true, false));
        let m = medals(
            &camp,
            &climbs(vec![
                game(Seat::First, Score::Won, false),
                game(Seat::Second, Score::Lost, false),
                game(Seat::Second, Score::Won, false),
            ]),
        );
        assert_eq!(m.count(), 3);
        let mut on_clock = game(Seat::First, Score::Won, false);
        on_clock.clock = true;
        assert!(medals(&camp, &climbs(vec![on_clock])).mastered);
        assert_eq!(medals(&camp, &[]), Medals::default());
    }

    #[test]
    fn camps_open_one_after_another() {
        let mountain = Mountain::new("oware", None).expect("oware");
        let mut progress = AscentProgress::default();
        let open = |p: &AscentProgress| -> Vec<bool> {
            mountain.status(p).iter().map(|s| s.unlocked).collect()
        };
        assert_eq!(
            open(&progress),
            [true, false, false, false, false, false, false]
        );
        assert_eq!(mountain.next_camp(&progress), Some(1));
        assert!(matches!(
            mountain.plan(&progress, 2, Seat::First, TimeControl::None),
            Err(AscentError::Locked { camp: 2 })
        ));
        assert!(matches!(
            mountain.plan(&progress, 8, Seat::First, TimeControl::None),
            Err(AscentError::NoCamp(8))
        ));
        for n in 1..=3u8 {
            progress
                .camps
                .entry(n.to_string())
                .or_default()
                .climbs
                .push(Climb {
                    games: vec![game(Seat::Second, Score::Won, false)],
                });
        }
        assert_eq!(
            open(&progress),
            [true, true, true, true, false, false, false]
        );
        assert_eq!(mountain.next_camp(&progress), Some(4));
        progress
            .camps
            .entry("4".to_owned())
            .or_default()
            .climbs
            .push(Climb {
                games: vec![game(Seat::Second, Score::Drew, false)],
            });
        let plan = mountain
            .plan(&progress, 4, Seat::Second, TimeControl::None)
            .expect("open");
        assert_eq!(
            (plan.game, plan.colour),
            (2, Seat::First),
            "colours swapped"
        );
        assert_eq!(
            plan.new_game.players,
            [Player::Human, Player::Ai(OPPONENTS[3])]
        );
    }
}
