//! The daily puzzle screen: today's puzzle of a game on the real board (the player clicks the
//! solver's moves; [`kraal_front::daily::DailyPuzzle`] judges them and plays the replies, as in
//! the terminal UI), the objective in words, "not that: ..." and a retry, "Show the solution",
//! and the result kept in the progress file and shown (the rating and the streaks).

use crate::theme::Palette;
use egui::RichText;
use kraal_front::daily::{DailyError, DailyPuzzle, GAMES, Said};
use kraal_front::progress::ProgressFile;
use kraal_puzzles::{GameName, Judgement, Puzzle};
use kraal_rules_mancala as mancala;
use kraal_session::AnyGame;
use kraal_session::pick::mancala_targets;

/// The screen's state.
pub struct DailyView {
    /// The puzzle being solved.
    pub daily: DailyPuzzle,
    /// Its board, set up again from [`DailyPuzzle::board`] after every move judged.
    pub board: AnyGame,
    /// A click refused, or a progress file that could not be written.
    pub note: Option<String>,
}

/// The player asked for the home screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoHome;

impl DailyView {
    /// Today's puzzle of `game`, from `puzzles`.
    ///
    /// # Errors
    /// No puzzle for the day, or one that cannot be set up.
    pub fn new(game: GameName, puzzles: &[Puzzle]) -> Result<DailyView, DailyError> {
        let daily = DailyPuzzle::of_today(game, puzzles)?;
        let board = daily.board()?;
        Ok(DailyView {
            daily,
            board,
            note: None,
        })
    }

    /// After a click: a finished move is judged, the board set up again (a wrong move taken
    /// back, the reply played), and the result kept once the puzzle is over.
    fn judge(&mut self, progress: Option<&mut ProgressFile>) {
        match self.daily.judge_pick(&self.board) {
            Ok(None) => return,
            Ok(Some(_)) => {}
            Err(e) => self.note = Some(e.to_string()),
        }
        self.reset();
        self.record(progress);
    }

    fn reset(&mut self) {
        match self.daily.board() {
            Ok(board) => self.board = board,
            Err(e) => self.note = Some(e.to_string()),
        }
    }

    fn record(&mut self, progress: Option<&mut ProgressFile>) {
        if !self.daily.is_over() {
            return;
        }
        match progress {
            Some(file) => {
                if let Err(e) = self.daily.record_in(file) {
                    self.note = Some(e.to_string());
                }
            }
            None => {
                self.note = Some("No progress file: the puzzle is played but not kept.".into());
            }
        }
    }
}

/// The daily puzzle screen of `game`, today, from the shipped packs; or why it cannot open.
///
/// # Errors
/// A shipped pack that does not read, no puzzle for today, or one that cannot be set up.
pub fn open(game: GameName) -> Result<DailyView, String> {
    let puzzles = kraal_packs::shipped().map_err(|e| e.to_string())?;
    DailyView::new(game, &puzzles).map_err(|e| e.to_string())
}

/// Draws the screen; returns [`GoHome`] when asked.
pub fn show(
    ui: &mut egui::Ui,
    view: &mut DailyView,
    mut progress: Option<&mut ProgressFile>,
    dark: bool,
) -> Option<GoHome> {
    let mut home = None;
    if crate::home::home_button(ui) {
        home = Some(GoHome);
    }
    ui.horizontal(|ui| {
        ui.label(RichText::new("Daily puzzle").size(28.0).strong());
        for game in GAMES {
            let current = view.daily.game() == game;
            if ui.selectable_label(current, game.name()).clicked() && !current {
                match open(game) {
                    Ok(next) => *view = next,
                    Err(why) => view.note = Some(why),
                }
            }
        }
    });
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.label(RichText::new(view.daily.date.to_string()).weak());
        board(ui, view, progress.as_deref_mut(), dark);
        let ui = &mut columns[1];
        let heading = view.daily.heading();
        for (i, line) in heading.iter().enumerate() {
            if i == 1 {
                ui.label(RichText::new(line).size(18.0).strong());
            } else {
                ui.label(line);
            }
        }
        let played = view.daily.played_text();
        if !played.is_empty() {
            ui.label(RichText::new(format!("Played: {}", played.join(" "))).monospace());
        }
        if let Some(note) = &view.note {
            crate::panel::message(ui, note, true);
        }
        if let Some(said) = view.daily.said() {
            let good = matches!(
                said,
                Said::Move(Judgement::Right { .. } | Judgement::Solved { .. })
            );
            crate::panel::message(ui, &said.to_string(), !good);
        }
        if let Some(line) = progress
            .as_deref()
            .and_then(|f| view.daily.result_line(&f.progress.puzzles))
        {
            ui.label(RichText::new(line).strong());
        }
        if !view.daily.is_over() && ui.button("Show the solution").clicked() {
            view.daily.show_solution();
            view.record(progress);
        }
    });
    home
}

/// The puzzle's board, live for clicks until the puzzle is over.
fn board(ui: &mut egui::Ui, view: &mut DailyView, progress: Option<&mut ProgressFile>, dark: bool) {
    let palette = Palette::new(dark);
    let live = !view.daily.is_over();
    if let Some(pos) = view.board.morris_position() {
        let empty = kraal_session::pick::MorrisPick::default();
        let shown = crate::morris_board::MorrisView {
            pos,
            pick: view.board.pick().unwrap_or(&empty),
            last: view.board.morris_last(),
            anim: None,
            hint: None,
            now: 0.0,
            palette,
            interactive: live,
        };
        let clicked = crate::morris_board::show(ui, &shown);
        let mut progress = progress;
        for point in clicked {
            match view.board.click_point(point) {
                Ok(Some(_)) => {
                    view.note = None;
                    view.judge(progress.as_deref_mut());
                }
                Ok(None) => view.note = None,
                Err(e) => view.note = Some(crate::app::refusal(point.label(), &e)),
            }
        }
    } else if let Some(pos) = view.board.mancala_position() {
        let targets = if live {
            mancala_targets(pos)
        } else {
            Vec::new()
        };
        let shown = crate::mancala_board::MancalaView {
            pos,
            targets: &targets,
            last: view.board.mancala_last().map(mancala::Move::hole),
            sowing: None,
            hint: None,
            palette,
            interactive: live,
        };
        if let Some(hole) = crate::mancala_board::show(ui, &shown) {
            match view.board.click_hole(hole) {
                Ok(_) => {
                    view.note = None;
                    view.judge(progress);
                }
                Err(e) => view.note = Some(e.to_string()),
            }
        }
    }
}
