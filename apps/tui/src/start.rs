//! The start screen: the choices of a new game (game, rule set, board size, opponent, colour,
//! clock, animation), and continuing the last unfinished game.

use kraal_ai::OPPONENTS;
use kraal_front::{Entry, NewGame};
use kraal_session::{GAMES, Player, SessionError, Settings, TimeControl, resolve};

/// One line of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Which game.
    Game,
    /// Which rule set of the game.
    Rules,
    /// Holes per row (Mulabalaba only).
    Size,
    /// Who plays against you.
    Opponent,
    /// The side you take.
    Colour,
    /// The time control.
    Clock,
    /// Whether sowing is animated.
    Animation,
    /// Start the game.
    Start,
    /// Continue one of the unfinished games.
    Continue,
}

/// The time controls offered, as [`TimeControl`] reads them, with a description.
pub const CLOCKS: &[(&str, &str)] = &[
    ("none", "no clock"),
    ("move:120", "two minutes a move (the tournament rule)"),
    ("5+3", "five minutes a game, three seconds added a move"),
    ("15+10", "fifteen minutes a game, ten seconds added a move"),
];

/// The index in [`CLOCKS`] of `control` (0, no clock, for one not offered).
#[must_use]
pub fn clock_index(control: TimeControl) -> usize {
    CLOCKS
        .iter()
        .position(|(text, _)| text.parse::<TimeControl>() == Ok(control))
        .unwrap_or(0)
}

/// The clock after `control` in [`CLOCKS`] (after the last, no clock again).
#[must_use]
pub fn next_clock(control: TimeControl) -> TimeControl {
    let next = (clock_index(control) + 1) % CLOCKS.len();
    CLOCKS[next].0.parse().unwrap_or_default()
}

/// Mulabalaba's board sizes: holes per row (0 keeps the rule set's own).
const SIZES: &[u8] = &[0, 4, 6, 8, 10, 12, 14, 16];

/// The start screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartMenu {
    /// The line the selection is on.
    pub selected: usize,
    /// Index into [`GAMES`].
    pub game: usize,
    /// Index into the game's rule sets.
    pub rules: usize,
    /// Index into the board sizes.
    pub size: usize,
    /// 0 for a person at this keyboard, 1..=7 for the AI opponents.
    pub opponent: usize,
    /// 0: you move first (White, South); 1: second.
    pub colour: usize,
    /// Index into [`CLOCKS`].
    pub clock: usize,
    /// Whether sowing is animated.
    pub animations: bool,
    /// The unfinished games that can be continued, newest first.
    pub unfinished: Vec<Entry>,
    /// The list of unfinished games is open, on this one.
    pub picking: Option<usize>,
    /// A message to show (a problem with the saved settings or games).
    pub message: Option<String>,
}

/// What the start screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Start this game (the same description the command line's options make).
    Start(Box<NewGame>),
    /// Open the list of unfinished games to continue one.
    Continue,
}

impl StartMenu {
    /// The menu set to the saved settings (unknown names fall back to the defaults).
    #[must_use]
    pub fn new(settings: &Settings, unfinished: Vec<Entry>) -> StartMenu {
        let can_continue = !unfinished.is_empty();
        let game = GAMES
            .iter()
            .position(|(name, _)| *name == settings.game)
            .unwrap_or(0);
        let rules = settings
            .rules
            .as_deref()
            .and_then(|r| rule_sets(game).iter().position(|(name, _)| *name == r))
            .unwrap_or(0);
        let size = settings
            .overrides
            .iter()
            .find_map(|o| o.strip_prefix("holes="))
            .and_then(|n| n.parse::<u8>().ok())
            .and_then(|n| SIZES.iter().position(|&s| s == n))
            .unwrap_or(0);
        let opponent = match Player::parse(&settings.opponent) {
            Ok(Player::Ai(o)) => usize::from(o.level),
            _ => 0,
        };
        StartMenu {
            selected: if can_continue {
                Self::lines_of(game).len() - 1
            } else {
                0
            },
            game,
            rules,
            size,
            opponent,
            colour: usize::from(settings.colour == "black"),
            clock: 0,
            animations: settings.animations,
            unfinished,
            picking: None,
            message: None,
        }
    }

    /// The lines shown for a game (the size only for Mulabalaba).
    fn lines_of(game: usize) -> Vec<Field> {
        let mut lines = vec![Field::Game, Field::Rules];
        if GAMES[game].0 == "mulabalaba" {
            lines.push(Field::Size);
        }
        lines.extend([
            Field::Opponent,
            Field::Colour,
            Field::Clock,
            Field::Animation,
            Field::Start,
            Field::Continue,
        ]);
        lines
    }

    /// The lines shown now.
    #[must_use]
    pub fn lines(&self) -> Vec<Field> {
        Self::lines_of(self.game)
    }

    /// The line the selection is on.
    #[must_use]
    pub fn field(&self) -> Field {
        let lines = self.lines();
        lines[self.selected.min(lines.len() - 1)]
    }

    /// Moves the selection up or down a line.
    pub fn move_selection(&mut self, down: bool) {
        let count = self.lines().len();
        self.selected = crate::cycle(self.selected, count, down);
    }

    /// Changes the selected line's value, forward or back.
    pub fn change(&mut self, forward: bool) {
        self.change_field(self.field(), forward);
    }

    /// Changes one line's value, forward or back (the online form shows some of these lines
    /// and changes them through here).
    pub fn change_field(&mut self, field: Field, forward: bool) {
        let step = |value: usize, count: usize| crate::cycle(value, count, forward);
        match field {
            Field::Game => {
                self.game = step(self.game, GAMES.len());
                self.rules = 0;
                self.size = 0;
            }
            Field::Rules => self.rules = step(self.rules, rule_sets(self.game).len()),
            Field::Size => self.size = step(self.size, SIZES.len()),
            Field::Opponent => self.opponent = step(self.opponent, OPPONENTS.len() + 1),
            Field::Colour => self.colour = step(self.colour, 2),
            Field::Clock => self.clock = step(self.clock, CLOCKS.len()),
            Field::Animation => self.animations = !self.animations,
            Field::Start | Field::Continue => {}
        }
    }

    /// The label and value of a line, and a line describing the value.
    #[must_use]
    pub fn describe(&self, field: Field) -> (&'static str, String, String) {
        let sides = if self.is_mill_game() {
            ["White", "Black"]
        } else {
            ["South", "North"]
        };
        match field {
            Field::Game => (
                "Game",
                GAMES[self.game].0.to_owned(),
                GAMES[self.game].1.to_owned(),
            ),
            Field::Rules => {
                let (name, about) = rule_sets(self.game)[self.rules];
                ("Rules", name.to_owned(), about.to_owned())
            }
            Field::Size => match SIZES[self.size] {
                0 => (
                    "Board size",
                    "as the rules say".to_owned(),
                    "the rule set's own number of holes per row".to_owned(),
                ),
                n => (
                    "Board size",
                    format!("4 x {n}"),
                    format!("{n} holes in each of the four rows"),
                ),
            },
            Field::Opponent => match self.opponent {
                0 => (
                    "Opponent",
                    "a person".to_owned(),
                    "another person at this keyboard".to_owned(),
                ),
                n => {
                    let o = OPPONENTS[n - 1];
                    (
                        "Opponent",
                        format!("{}. {}", o.level, o.name),
                        o.describe(self.is_mill_game()).to_owned(),
                    )
                }
            },
            Field::Colour => (
                "You play",
                sides[self.colour].to_owned(),
                if self.colour == 0 {
                    "you move first".to_owned()
                } else {
                    "you move second".to_owned()
                },
            ),
            Field::Clock => (
                "Clock",
                CLOCKS[self.clock].0.to_owned(),
                CLOCKS[self.clock].1.to_owned(),
            ),
            Field::Animation => (
                "Animation",
                if self.animations { "on" } else { "off" }.to_owned(),
                "show each sowing hole by hole".to_owned(),
            ),
            Field::Start => ("", "Start the game".to_owned(), String::new()),
            Field::Continue => (
                "",
                "Continue a game".to_owned(),
                match self.unfinished.as_slice() {
                    [] => "(there is no unfinished game)".to_owned(),
                    [one] => format!("go on with {one}"),
                    [newest, ..] => format!(
                        "{} unfinished games to choose from; the newest: {newest}",
                        self.unfinished.len()
                    ),
                },
            ),
        }
    }

    /// Whether an unfinished game can be continued.
    #[must_use]
    pub fn can_continue(&self) -> bool {
        !self.unfinished.is_empty()
    }

    /// Moves the selection of the open list of unfinished games up or down.
    pub fn move_pick(&mut self, down: bool) {
        let count = self.unfinished.len();
        if let Some(at) = &mut self.picking
            && count > 0
        {
            *at = crate::cycle(*at, count, down);
        }
    }

    /// Whether the game chosen is a mill game (its words are cows and mills, not seeds).
    #[must_use]
    pub fn is_mill_game(&self) -> bool {
        GAMES[self.game].0 == "morabaraba"
    }

    /// The game's name, the rule set's name and the overrides the choices make (what an
    /// online game is created with).
    #[must_use]
    pub fn rules_choice(&self) -> (&'static str, &'static str, Vec<String>) {
        (
            GAMES[self.game].0,
            rule_sets(self.game)[self.rules].0,
            self.overrides(),
        )
    }

    /// The time control chosen.
    #[must_use]
    pub fn clock_choice(&self) -> TimeControl {
        CLOCKS[self.clock].0.parse().unwrap_or(TimeControl::None)
    }

    /// Whether the board size is a choice of the game chosen (Mulabalaba only).
    #[must_use]
    pub fn has_size(&self) -> bool {
        GAMES[self.game].0 == "mulabalaba"
    }

    /// The overrides the choices add to the rule set.
    fn overrides(&self) -> Vec<String> {
        match SIZES[self.size] {
            0 => Vec::new(),
            n if GAMES[self.game].0 == "mulabalaba" => vec![format!("holes={n}")],
            _ => Vec::new(),
        }
    }

    /// What Enter on the selected line asks for.
    ///
    /// # Errors
    /// Choices that do not make a game (the message says why).
    pub fn choose(&self) -> Result<Option<Choice>, SessionError> {
        match self.field() {
            Field::Continue if self.can_continue() => Ok(Some(Choice::Continue)),
            Field::Continue => Ok(None),
            _ => self.start().map(Some),
        }
    }

    /// The game the choices describe.
    ///
    /// # Errors
    /// Choices that do not make a game.
    pub fn start(&self) -> Result<Choice, SessionError> {
        let game = GAMES[self.game].0;
        let (rule_set, _) = rule_sets(self.game)[self.rules];
        let rules = resolve(game, Some(rule_set), &self.overrides())?;
        let opponent = match self.opponent {
            0 => Player::Human,
            n => Player::Ai(OPPONENTS[n - 1]),
        };
        let players = if self.colour == 0 {
            [Player::Human, opponent]
        } else {
            [opponent, Player::Human]
        };
        let clock = self.clock_choice();
        Ok(Choice::Start(Box::new(NewGame {
            rules,
            position: None,
            players,
            clock,
        })))
    }

    /// Writes the choices into the settings, to offer them again next time.
    pub fn save_into(&self, settings: &mut Settings) {
        settings.game = GAMES[self.game].0.to_owned();
        settings.rules = Some(rule_sets(self.game)[self.rules].0.to_owned());
        settings.overrides = self.overrides();
        settings.opponent = match self.opponent {
            0 => "human".to_owned(),
            n => format!("ai:{n}"),
        };
        settings.colour = if self.colour == 0 { "white" } else { "black" }.to_owned();
        settings.animations = self.animations;
    }
}

/// The rule sets of the game at this index of [`GAMES`].
fn rule_sets(game: usize) -> Vec<(&'static str, &'static str)> {
    kraal_session::rule_sets_of(GAMES[game].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_starts_from_the_saved_choices_and_saves_them_back() {
        let mut settings = Settings {
            game: "mulabalaba".to_owned(),
            rules: Some("mulabalaba-lozi-6".to_owned()),
            overrides: vec!["holes=10".to_owned()],
            opponent: "ai:5".to_owned(),
            colour: "black".to_owned(),
            ..Settings::default()
        };
        let menu = StartMenu::new(&settings, Vec::new());
        assert_eq!(menu.describe(Field::Rules).1, "mulabalaba-lozi-6");
        assert_eq!(menu.describe(Field::Size).1, "4 x 10");
        assert_eq!(menu.describe(Field::Opponent).1, "5. Elder");
        assert_eq!(menu.describe(Field::Colour).1, "North");
        let Ok(Choice::Start(game)) = menu.start() else {
            panic!("the choices make a game");
        };
        assert_eq!(game.rules.overrides(), ["holes=10"]);
        assert_eq!(game.players[1], Player::Human);
        let before = settings.clone();
        menu.save_into(&mut settings);
        assert_eq!(settings, before);
    }

    #[test]
    fn changing_the_game_resets_its_rule_set_and_hides_the_size() {
        let mut menu = StartMenu::new(&Settings::default(), Vec::new());
        assert!(!menu.lines().contains(&Field::Size));
        menu.change(false);
        assert_eq!(menu.describe(Field::Game).1, "mulabalaba");
        assert!(menu.lines().contains(&Field::Size));
        assert_eq!(menu.describe(Field::Rules).1, "mulabalaba");
        menu.selected = menu.lines().len() - 1;
        assert_eq!(menu.choose(), Ok(None), "nothing to continue");
    }
}
