//! The rules taught in the app: each game's rules in plain words ([`rules_text`]: what the
//! chosen rule set changes from the game's default is named), and interactive examples after
//! the seed texts' worked figures ([`LESSONS`]): a position on the real board, a prompt, the
//! moves that answer it, and what to say when a move does not. The terminal UI and the GUI
//! draw them; the answers are judged here, once, with the rules crates doing the moves
//! ([`Lesson::judge`]).

use kraal_session::any::AnyMove;
use kraal_session::{AnyGame, GAMES, GameRules, Player, SessionError, Settings, resolve};
use std::fmt;

/// One interactive example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A short name, unique.
    pub id: &'static str,
    /// The rule set it is played under.
    pub rules: &'static str,
    /// What it teaches, as a title.
    pub topic: &'static str,
    /// The rule, in plain words.
    pub text: &'static str,
    /// The position, as a position string of its game.
    pub position: &'static str,
    /// What the player is asked to do.
    pub prompt: &'static str,
    /// The moves that answer it, in the game's notation.
    pub answers: &'static [&'static str],
    /// What is said when the answer is right.
    pub right: &'static str,
    /// What is said when a legal move does not answer it.
    pub wrong: &'static str,
}

/// What the app says to a move tried in a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move answers the prompt; why it is right.
    Right(String),
    /// A legal move that does not answer it; why not.
    Wrong(String),
    /// A move the rules do not allow here; the rules' reason.
    Illegal(String),
}

impl Verdict {
    /// Whether the answer is right.
    #[must_use]
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Right(_))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Right(why) => write!(f, "Right! {why}"),
            Verdict::Wrong(why) => write!(f, "Not quite: {why} Try again."),
            Verdict::Illegal(why) => write!(f, "That move is not allowed: {why}. Try again."),
        }
    }
}

/// Every lesson, by game: Morabaraba first, then Oware, then Mulabalaba.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "mill-on-a-line",
        rules: "morabaraba",
        topic: "A mill on a line",
        text: "Three of your cows in a row along a line form a mill. Closing a mill earns a shot: \
               you take one of your opponent's cows off the board.",
        position: "a1,d1/b4,f4 10:10 w",
        prompt: "White to play: place a cow to close a mill, and shoot.",
        answers: &["g1xb4", "g1xf4"],
        right: "a1, d1 and g1 stand on one line: a mill, and the shot takes a black cow.",
        wrong: "that placement leaves a1 and d1 waiting for their third cow on g1.",
    },
    Lesson {
        id: "mill-on-a-diagonal",
        rules: "morabaraba",
        topic: "A mill on a diagonal",
        text: "The Morabaraba board has four diagonals from the corners to the inner square; three \
               cows along a diagonal are a mill too.",
        position: "a1,b2/d7,g4 10:10 w",
        prompt: "White to play: close a mill on the diagonal, and shoot.",
        answers: &["c3xd7", "c3xg4"],
        right: "a1, b2 and c3 run along the diagonal: that is a mill.",
        wrong: "the third point of the diagonal a1-b2 is c3.",
    },
    Lesson {
        id: "cows-in-mills-are-safe",
        rules: "morabaraba",
        topic: "Cows in a mill are safe",
        text: "A shot may not take a cow that stands in a mill, as long as the opponent has a cow \
               that does not.",
        position: "d1,g1/a7,d7,g7,b4 8:8 w",
        prompt: "White to play: close the mill a1-d1-g1. Which cow may you shoot?",
        answers: &["a1xb4"],
        right: "a7, d7 and g7 form a mill, so b4 is the only cow that can be shot.",
        wrong: "close the mill on a1 first.",
    },
    Lesson {
        id: "all-in-mills",
        rules: "morabaraba",
        topic: "When every cow is in a mill",
        text: "If every one of the opponent's cows stands in a mill, a shot may take any of them.",
        position: "d1,g1/a7,d7,g7 9:9 w",
        prompt: "White to play: close a mill; every black cow is in a mill. Shoot one.",
        answers: &["a1xa7", "a1xd7", "a1xg7"],
        right: "all of Black's cows are in the mill a7-d7-g7, so any of them may be shot.",
        wrong: "the mill to close is a1-d1-g1.",
    },
    Lesson {
        id: "double-mill-two-shots",
        rules: "morabaraba",
        topic: "Two mills at once: two shots",
        text: "Under these rules a move that closes two mills at once earns two shots (seed 003: \
               \"closes two mills earns two shots\").",
        position: "d1,g1,a4,a7/c4,e4,d6 8:8 w",
        prompt: "White to play: close two mills with one cow, and shoot twice.",
        answers: &["a1xc4xe4", "a1xc4xd6", "a1xd6xe4"],
        right: "a1 closes a1-d1-g1 and a1-a4-a7 together: two mills, two shots.",
        wrong: "one point closes both of White's lines: the corner a1.",
    },
    Lesson {
        id: "double-mill-one-shot",
        rules: "mssa",
        topic: "Two mills at once: one shot",
        text: "Under the MSSA rules (and the Italian rules page, seed 000) a move that closes two \
               mills earns one shot only. This differs from the default rules, which give two.",
        position: "d1,g1,a4,a7/c4,e4,d6 8:8 w",
        prompt: "White to play: close two mills with one cow. How many shots do you get?",
        answers: &["a1xc4", "a1xe4", "a1xd6"],
        right: "a1 closes two mills, and under these rules that is one shot.",
        wrong: "one point closes both of White's lines: the corner a1.",
    },
    Lesson {
        id: "no-immediate-return",
        rules: "mssa",
        topic: "No straight return into a mill",
        text: "Under the MSSA rules a cow that has just left a mill may not move straight back to \
               close the same mill again (seed 000). This differs from the default rules, where it \
               may.",
        position: "a1,d1,g4,b6,d6,f4/a7,d7,c5,e5,b4,d2 0:0 w w:g4-g1",
        prompt: "White's cow on g4 has just left the mill a1-d1-g1. Close a mill this turn.",
        answers: &[
            "f4-f6xd2", "f4-f6xb4", "f4-f6xc5", "f4-f6xe5", "f4-f6xa7", "f4-f6xd7",
        ],
        right: "g4-g1 is barred this turn, but f4-f6 closes b6-d6-f6.",
        wrong: "that move closes no mill; look at b6 and d6.",
    },
    Lesson {
        id: "flying",
        rules: "morabaraba",
        topic: "Flying at three cows",
        text: "A player down to three cows may fly: move a cow to any empty point, not only along \
               a line.",
        position: "a1,d1,c5/a7,d7,b4,e5,f6 0:0 w",
        prompt: "White has three cows: fly one to close a mill.",
        answers: &["c5-g1xb4", "c5-g1xe5", "c5-g1xf6", "c5-g1xa7", "c5-g1xd7"],
        right: "with three cows White flies c5 straight to g1 and closes a1-d1-g1.",
        wrong: "keep a1 and d1 where they are and fly the third cow to g1.",
    },
    Lesson {
        id: "blocked",
        rules: "morabaraba",
        topic: "A blocked player loses",
        text: "A player who cannot move any cow loses the game (under these rules; the Koti rules \
               let a blocked player pass instead).",
        position: "g1,d2,a7,c3,c4/a1,d1,a4,b2 0:0 w",
        prompt: "White to play: leave Black without a move.",
        answers: &["c4-b4"],
        right: "b4 was Black's last free point: Black cannot move and loses.",
        wrong: "Black can still move; find the one empty point beside Black's cows.",
    },
    Lesson {
        id: "capture-backwards",
        rules: "abapa",
        topic: "Capturing 2s and 3s, backwards",
        text: "If your last seed lands in an opponent's house and makes it 2 or 3, you capture \
               them, and so with the house before it, and the one before, while they hold 2 or 3.",
        position: "4,4,4,4,0,3/1,2,1,4,4,4 7:6 s",
        prompt: "South to play: capture as many seeds as you can.",
        answers: &["F"],
        right: "F sows into a, b and c, making 2, 3 and 2: all three are captured, 7 seeds.",
        wrong: "another house captures more: count back from where each last seed lands.",
    },
    Lesson {
        id: "grand-slam",
        rules: "abapa",
        topic: "The grand slam captures nothing",
        text: "Under the Abapa rules a move that would capture every seed the opponent has \
               captures nothing at all (seed 002).",
        position: "5,5,5,5,3,3/1,1,1,0,0,0 10:9 s",
        prompt: "South to play: capture seeds; remember the grand slam.",
        answers: &["E"],
        right: "E captures a and b (4 seeds) and leaves c to North, so the capture stands.",
        wrong: "that captures nothing: a move that would take all of North's seeds is a grand \
                slam, and a grand slam captures nothing.",
    },
    Lesson {
        id: "feeding",
        rules: "abapa",
        topic: "You must feed",
        text: "When your opponent has no seeds, you must play a move that gives them some, if you \
               have one.",
        position: "1,1,1,1,0,6/0,0,0,0,0,0 19:19 s",
        prompt: "North has no seeds: South to play, and feed North.",
        answers: &["F"],
        right: "F is the only house with seeds enough to reach North's row.",
        wrong: "that move gives North no seeds.",
    },
    Lesson {
        id: "relay",
        rules: "mulabalaba",
        topic: "Relay sowing",
        text: "When your last seed falls into a hole that already holds seeds, you take them all \
               and sow on. The turn ends in an empty hole, with a capture if it is in your inner \
               row facing seeds.",
        position: "2,0,1,0,3,0,0,0,0,0,0,2,0,0,0,0/2,2,2,2,2,2,2,2,0,0,0,0,0,0,0,2 14:24 s 40",
        prompt: "South to play: a sowing that relays on until it captures.",
        answers: &["1"],
        right: "1 sows into 2 and 3; 3 is taken up and sown on to 5; 5 on to 9, an empty inner \
                hole facing North's 16: both 16 and 1 behind it are captured.",
        wrong: "that sowing stops in an empty hole with nothing to capture.",
    },
    Lesson {
        id: "capture-both",
        rules: "mulabalaba",
        topic: "Capturing both opposite holes",
        text: "A sowing that ends in an empty hole of your inner row captures the opponent's inner \
               hole opposite, if it holds seeds, and the outer hole behind it too.",
        position: "0,0,0,0,0,0,2,0,0,0,0,2,0,0,0,0/2,2,2,2,2,2,2,2,0,0,0,0,0,0,0,2 14:28 s 40",
        prompt: "South to play: capture two of North's holes.",
        answers: &["7"],
        right: "7 sows into 8 and 9; 9 is an empty inner hole facing North's 16, so 16 and the \
                outer 1 behind it are captured.",
        wrong: "that sowing ends facing an empty hole: no capture.",
    },
];

/// What a rules screen shows for one game: its rules in words and its examples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The game, as an index into [`GAMES`].
    pub game: usize,
    /// The rules in words, for the rule set chosen.
    pub text: RulesText,
    /// The game's examples, in order.
    pub lessons: Vec<&'static Lesson>,
}

impl Book {
    /// The book of game `game` (an index into [`GAMES`], wrapping), for the rule set of
    /// `settings` when it is of that game, else the game's default; `None` if the game has no
    /// examples.
    #[must_use]
    pub fn of(game: usize, settings: &Settings) -> Option<Book> {
        let game = game % GAMES.len();
        let name = GAMES[game].0;
        let rules = settings
            .rules
            .as_deref()
            .filter(|_| settings.game == name)
            .and_then(|r| resolve(name, Some(r), &[] as &[&str]).ok())
            .or_else(|| resolve(name, None, &[] as &[&str]).ok())?;
        let lessons = lessons_of(name);
        if lessons.is_empty() {
            return None;
        }
        Some(Book {
            game,
            text: rules_text(&rules),
            lessons,
        })
    }

    /// The book of the game in `settings`.
    #[must_use]
    pub fn of_settings(settings: &Settings) -> Option<Book> {
        let game = GAMES
            .iter()
            .position(|(g, _)| *g == settings.game)
            .unwrap_or(0);
        Book::of(game, settings)
    }
}

/// A lesson's position cannot be set up (a mistake in the lesson, which tests rule out).
#[derive(Debug)]
pub struct LessonError {
    /// The lesson.
    pub id: &'static str,
    /// What went wrong.
    pub error: SessionError,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the lesson {} cannot be set up: {}", self.id, self.error)
    }
}

impl std::error::Error for LessonError {}

/// The lessons of a game (`morabaraba`, `oware` or `mulabalaba`), in order.
#[must_use]
pub fn lessons_of(game: &str) -> Vec<&'static Lesson> {
    LESSONS
        .iter()
        .filter(|l| resolve(l.rules, None, &[] as &[&str]).is_ok_and(|r| r.game_name() == game))
        .collect()
}

impl Lesson {
    /// Its rules.
    ///
    /// # Errors
    /// The lesson names an unknown rule set (tests rule it out).
    pub fn game_rules(&self) -> Result<GameRules, LessonError> {
        resolve(self.rules, None, &[] as &[&str])
            .map_err(|error| LessonError { id: self.id, error })
    }

    /// The lesson's position as a game between two people (the player moves either side).
    ///
    /// # Errors
    /// The position cannot be set up (tests rule it out).
    pub fn game(&self) -> Result<AnyGame, LessonError> {
        let rules = self.game_rules()?;
        AnyGame::new(&rules, Some(self.position), [Player::Human; 2], 0)
            .map_err(|error| LessonError { id: self.id, error })
    }

    /// Judges a move played from the lesson's position.
    #[must_use]
    pub fn judge(&self, mv: &AnyMove) -> Verdict {
        let right = self.answers.iter().any(|answer| {
            self.game()
                .ok()
                .and_then(|mut g| g.play_text(answer).ok())
                .as_ref()
                == Some(mv)
        });
        if right {
            Verdict::Right(self.right.to_owned())
        } else {
            Verdict::Wrong(capitalise_first(self.wrong))
        }
    }

    /// Judges a move typed in the game's notation.
    #[must_use]
    pub fn judge_text(&self, text: &str) -> Verdict {
        match self.game() {
            Err(e) => Verdict::Illegal(e.to_string()),
            Ok(mut game) => match game.play_text(text) {
                Ok(mv) => self.judge(&mv),
                Err(e) => Verdict::Illegal(e.to_string()),
            },
        }
    }
}

fn capitalise_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().chain(chars).collect::<String>()
    })
}

/// A game's rules in plain words, for a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesText {
    /// The title: the game and rule set.
    pub title: String,
    /// The rule set's one line.
    pub about: String,
    /// The rules, a paragraph each.
    pub paragraphs: &'static [&'static str],
    /// What this rule set changes from the game's default rule set, an option a line, with
    /// the default named (empty for the default itself).
    pub differences: Vec<String>,
}

const MORRIS_TEXT: &[&str] = &[
    "Two players, White and Black, each start with their cows in hand. White begins.",
    "Placing: in turn, each puts a cow on any empty point. Three of your cows in a row along a \
     line (or a diagonal of the Morabaraba board) are a mill, and closing one earns a shot: \
     take an opponent's cow off the board, but not one standing in a mill unless all are.",
    "Moving: once all cows are placed, each turn moves a cow along a line to an empty \
     neighbouring point. Closing a mill again earns a shot again.",
    "Flying: a player down to three cows may move a cow to any empty point.",
    "The game is lost by the player reduced to two cows, or left with no move (unless the rules \
     let a blocked player pass). Draws: by agreement, by repetition, or after many turns \
     without a shot.",
];

const OWARE_TEXT: &[&str] = &[
    "Two rows of six houses, four seeds in each. South owns the near row, North the far row; \
     South begins.",
    "A move takes all the seeds of one of your houses and sows them one by one anticlockwise; \
     a house emptied for a lap of twelve or more is skipped.",
    "Capture: if the last seed lands in an opponent's house and makes 2 or 3, those seeds are \
     captured, and so are those of the houses before it, back along the row, while they hold \
     2 or 3.",
    "A move that would capture all of the opponent's seeds captures nothing (the grand slam), \
     under the usual rules.",
    "You must feed an opponent who has no seeds if you can. Whoever captures more than 24 seeds \
     wins; if no capture can happen again, each takes the seeds on their side.",
];

const MULABALABA_TEXT: &[&str] = &[
    "Four rows of holes, two seeds in each. Each player owns the two rows nearest them, an outer \
     and an inner row, and sows only round their own two rows, anticlockwise.",
    "A move takes the seeds of one of your holes holding at least two. If the last seed falls \
     into a hole with seeds, you take them all up and sow on: a relay.",
    "The turn ends in an empty hole. If it is in your inner row and the opponent's inner hole \
     opposite holds seeds, you capture those and the seeds of their outer hole behind it.",
    "When all your holes hold one seed at most, you move a single seed on to join the next.",
    "A player who cannot move loses: the winner captures all the opponent's seeds.",
];

/// The rules of `rules` in plain words, with what its rule set changes from the game's
/// default named.
#[must_use]
pub fn rules_text(rules: &GameRules) -> RulesText {
    let game = rules.game_name();
    let paragraphs = match game {
        "oware" => OWARE_TEXT,
        "mulabalaba" => MULABALABA_TEXT,
        _ => MORRIS_TEXT,
    };
    let mut differences = Vec::new();
    if let Ok(default) = resolve(game, None, &[] as &[&str]) {
        let defaults = default.option_rows();
        for (name, value, description, _) in rules.option_rows() {
            if let Some((_, base, _, _)) = defaults.iter().find(|d| d.0 == name)
                && *base != value
            {
                differences.push(format!(
                    "{name} = {value} (the default {} rules: {base}): {description}",
                    default.rule_set_name()
                ));
            }
        }
    }
    RulesText {
        title: format!("{} ({})", game, rules.rule_set_name()),
        about: rules.about().0.to_owned(),
        paragraphs,
        differences,
    }
}
