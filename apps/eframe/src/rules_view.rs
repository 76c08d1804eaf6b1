//! The rules screen: a game's rules in plain words (what the rule set changes named) and its
//! examples on the real board: the player clicks a move, the app says right or why not
//! ([`kraal_front::lessons`], shared with the terminal UI).

use crate::theme::Palette;
use egui::RichText;
use kraal_front::lessons::{Book, Verdict};
use kraal_rules_mancala as mancala;
use kraal_session::pick::mancala_targets;
use kraal_session::{AnyGame, GAMES, Settings};

/// The screen's state.
pub struct RulesView {
    /// The game's rules and examples.
    pub book: Book,
    /// The example shown.
    pub lesson: usize,
    /// Its board as the player tries it.
    pub board: AnyGame,
    /// What the app said to the last try.
    pub verdict: Option<Verdict>,
    /// A click refused.
    pub note: Option<String>,
}

/// The player asked for the home screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoHome;

impl RulesView {
    /// The screen on `book`'s first example.
    #[must_use]
    pub fn new(book: Book) -> Option<RulesView> {
        let board = book.lessons.first()?.game().ok()?;
        Some(RulesView {
            book,
            lesson: 0,
            board,
            verdict: None,
            note: None,
        })
    }

    fn show_lesson(&mut self, index: usize) {
        self.lesson = index % self.book.lessons.len();
        self.verdict = None;
        self.reset();
    }

    fn reset(&mut self) {
        if let Ok(board) = self.book.lessons[self.lesson].game() {
            self.board = board;
        }
        self.note = None;
    }

    /// After a click: a finished move is judged; a wrong one is taken back to try again.
    fn judge(&mut self) {
        let Some(mv) = self.board.last_move() else {
            return;
        };
        let verdict = self.book.lessons[self.lesson].judge(&mv);
        if !verdict.is_right() {
            self.reset();
        }
        self.verdict = Some(verdict);
    }
}

/// Draws the screen; returns [`GoHome`] when asked.
pub fn show(
    ui: &mut egui::Ui,
    view: &mut RulesView,
    settings: &Settings,
    dark: bool,
) -> Option<GoHome> {
    let mut home = None;
    if crate::home::home_button(ui) {
        home = Some(GoHome);
    }
    ui.horizontal(|ui| {
        ui.label(RichText::new("Rules").size(28.0).strong());
        for (i, (game, _)) in GAMES.iter().enumerate() {
            if ui.selectable_label(view.book.game == i, *game).clicked()
                && view.book.game != i
                && let Some(next) = Book::of(i, settings).and_then(RulesView::new)
            {
                *view = next;
            }
        }
    });
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        let lesson = view.book.lessons[view.lesson];
        ui.horizontal_wrapped(|ui| {
            for (i, l) in view.book.lessons.clone().iter().enumerate() {
                if ui.selectable_label(view.lesson == i, l.topic).clicked() {
                    view.show_lesson(i);
                }
            }
        });
        ui.separator();
        ui.label(RichText::new(lesson.prompt).size(18.0).strong());
        board(ui, view, dark);
        let ui = &mut columns[1];
        let lesson = view.book.lessons[view.lesson];
        ui.label(
            RichText::new(format!("Example {}: {}", view.lesson + 1, lesson.topic))
                .size(20.0)
                .strong(),
        );
        ui.label(lesson.text);
        ui.label(RichText::new(format!("Played under the {} rules.", lesson.rules)).weak());
        if let Some(note) = &view.note {
            crate::panel::message(ui, note, true);
        }
        if let Some(verdict) = &view.verdict {
            crate::panel::message(ui, &verdict.to_string(), !verdict.is_right());
        }
        ui.horizontal(|ui| {
            if ui.button("Try again").clicked() {
                view.verdict = None;
                view.reset();
            }
            if ui.button("Next example").clicked() {
                view.show_lesson(view.lesson + 1);
            }
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.strong(format!("The rules of {}", view.book.text.title));
            ui.label(RichText::new(&view.book.text.about).italics());
            for difference in &view.book.text.differences {
                ui.label(RichText::new(format!("Changed: {difference}")).small());
            }
            for paragraph in view.book.text.paragraphs {
                ui.add_space(4.0);
                ui.label(*paragraph);
            }
        });
    });
    home
}

/// The example's board, live for clicks.
fn board(ui: &mut egui::Ui, view: &mut RulesView, dark: bool) {
    let palette = Palette::new(dark);
    let live = !view.board.is_over() && view.verdict.as_ref().is_none_or(|v| !v.is_right());
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
        for point in crate::morris_board::show(ui, &shown) {
            match view.board.click_point(point) {
                Ok(Some(_)) => view.judge(),
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
                Ok(_) => view.judge(),
                Err(e) => view.note = Some(e.to_string()),
            }
        }
    }
}
