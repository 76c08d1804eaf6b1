//! The screens around the game: the home screen, the Mountain Ascent, the rules with their
//! examples, and the settings. Their state lives here; how keys change it is in
//! [`crate::app`], and their drawing in [`crate::ui`]. What they show comes from
//! `kraal-front` ([`kraal_front::home`], [`kraal_front::ascent`], [`kraal_front::lessons`]),
//! shared with the GUI.

use crate::game::Match;
use crate::start::StartMenu;
use kraal_front::daily::{DailyError, DailyPuzzle};
use kraal_front::home::{MODES, Mode};
use kraal_front::lessons::{Book, Lesson, Verdict};
use kraal_puzzles::{GameName, Puzzle};
use kraal_session::any::capitalise;

/// The home screen: the modes, one selected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HomeMenu {
    /// Index into [`MODES`].
    pub selected: usize,
    /// A message to show (a file set aside, a mode that cannot open).
    pub message: Option<String>,
    /// The start form prepared when the app opened (with its reports), used the first time
    /// "Play the computer" or "Continue a game" opens it.
    pub menu: Option<StartMenu>,
}

impl HomeMenu {
    /// The mode selected.
    #[must_use]
    pub fn mode(&self) -> Mode {
        MODES[self.selected.min(MODES.len() - 1)]
    }

    /// Moves the selection up or down.
    pub fn move_selection(&mut self, down: bool) {
        let n = MODES.len();
        self.selected = if down {
            (self.selected + 1) % n
        } else {
            (self.selected + n - 1) % n
        };
    }
}

/// The Mountain Ascent screen: the mountain, camp and colour chosen (shared with the GUI).
pub type AscentScreen = kraal_front::ascent::AscentChoice;

/// The rules screen: a game's rules in words and one of its examples on the board.
pub struct RulesScreen {
    /// The game's rules and examples.
    pub book: Book,
    /// The example shown.
    pub lesson: usize,
    /// The example's board, as the player tries it.
    pub board: Match,
    /// What the app said to the last try.
    pub verdict: Option<Verdict>,
    /// A note (a pick refused).
    pub note: Option<String>,
}

impl RulesScreen {
    /// The screen on `book`'s first example.
    #[must_use]
    pub fn new(book: Book) -> Option<RulesScreen> {
        let board = Match::from_game(book.lessons.first()?.game().ok()?);
        Some(RulesScreen {
            book,
            lesson: 0,
            board,
            verdict: None,
            note: None,
        })
    }

    /// The example shown.
    #[must_use]
    pub fn current(&self) -> &'static Lesson {
        self.book.lessons[self.lesson]
    }

    /// Shows example `index` (wrapping), from its position.
    pub fn show(&mut self, index: usize) {
        self.lesson = index % self.book.lessons.len();
        self.reset();
    }

    /// Sets the example's position up again.
    pub fn reset(&mut self) {
        if let Ok(game) = self.current().game() {
            self.board = Match::from_game(game);
        }
        self.note = None;
    }

    /// After a pick: a finished move is judged; a wrong one is taken back so the player can
    /// try again (the verdict stays on the screen).
    pub fn judge_last(&mut self) {
        if self.board.ply() == 0 {
            return;
        }
        self.board.finish_animation();
        let Some(mv) = self.board.last_move() else {
            return;
        };
        let verdict = self.current().judge(&mv);
        if !verdict.is_right() {
            self.reset();
        }
        self.verdict = Some(verdict);
    }
}

/// The daily puzzle screen: today's puzzle of one game on the real board (the player picks
/// the solver's moves with the cursor; [`DailyPuzzle`] judges them and plays the replies).
pub struct DailyScreen {
    /// The puzzle being solved.
    pub daily: DailyPuzzle,
    /// Its board, set up again from [`DailyPuzzle::board`] after every move judged.
    pub board: Match,
    /// A note (a pick refused, a file that could not be written).
    pub note: Option<String>,
}

impl DailyScreen {
    /// Today's puzzle of `game`, from `puzzles`.
    ///
    /// # Errors
    /// No puzzle for the day, or one that cannot be set up.
    pub fn new(game: GameName, puzzles: &[Puzzle]) -> Result<DailyScreen, DailyError> {
        DailyScreen::from_daily(DailyPuzzle::of_today(game, puzzles)?)
    }

    /// The screen on `daily`.
    ///
    /// # Errors
    /// A position that cannot be set up.
    pub fn from_daily(daily: DailyPuzzle) -> Result<DailyScreen, DailyError> {
        let board = Match::from_game(daily.board()?);
        Ok(DailyScreen {
            daily,
            board,
            note: None,
        })
    }

    /// After a pick: a finished move is judged and the board set up again (a wrong move
    /// taken back, the reply played), keeping the cursor where it was.
    pub fn judge_last(&mut self) {
        self.board.finish_animation();
        let judged = match self.daily.judge_pick(&self.board.game) {
            Ok(Some(_)) => true,
            Ok(None) => false,
            Err(e) => {
                self.note = Some(capitalise(&e.to_string()));
                true
            }
        };
        if judged {
            self.reset_board();
        }
    }

    /// Sets the board up again from the puzzle, keeping the cursor.
    pub fn reset_board(&mut self) {
        match self.daily.board() {
            Ok(game) => {
                let (point, hole) = (self.board.point, self.board.hole);
                self.board = Match::from_game(game);
                self.board.point = point;
                self.board.hole = hole;
            }
            Err(e) => self.note = Some(capitalise(&e.to_string())),
        }
    }
}

/// The settings screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsScreen;
