//! Game review for front ends: the moves of a game's history, each scored by the engine and
//! marked (`?!`, `?`, `??`), in the background with progress and a stop, through
//! [`kraal_ai::review()`].

use crate::any::AnyGame;
use crate::family::Family;
use crate::game::Session;
use crate::rules::GameRules;
use kraal_ai::review::{GameReview, IllegalInGame, MoveReview, ReviewConfig, ReviewScale};
use kraal_ai::{Limits, Mancala, Morris, MorrisOracle, Oracle, OwareOracle, StopFlag};
use kraal_tables::{OwareFamily, TableDir, TableError};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

pub use crate::any::AnyMove;

/// A reviewed game, with moves of either family.
pub type Review = GameReview<AnyMove>;

/// One reviewed move, of either family.
pub type ReviewedMove = MoveReview<AnyMove>;

/// Endgame tables to consult, per family (none: the review searches alone).
#[derive(Clone, Default)]
pub struct Oracles {
    /// For the mill games.
    pub morris: Option<Arc<dyn Oracle<Morris>>>,
    /// For the mancala games.
    pub mancala: Option<Arc<dyn Oracle<Mancala>>>,
}

/// Whether sessions consult the endgame tables built (off until a front end turns it on).
static TABLES_IN_USE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The tables read so far, by table family (read once per family and program).
static TABLES_READ: std::sync::Mutex<Vec<(String, Oracles)>> = std::sync::Mutex::new(Vec::new());

/// Lets sessions consult the endgame tables built (`KRAAL_TABLES`, or the data folder), or
/// stops them: hints search with them and say what they know, every computer opponent judges
/// its resignations and draw offers by them, and an opponent that plays with them
/// ([`kraal_ai::Opponent::tables`], the Ancestor) searches with them. Front ends turn it on
/// at start; tests and programs that want repeatable games leave it off.
pub fn use_tables(on: bool) {
    TABLES_IN_USE.store(on, Ordering::Relaxed);
}

/// The name of the tables `rules` reads, if it has any.
fn table_family(rules: &GameRules) -> Option<String> {
    match rules {
        GameRules::Morris { options, .. } => TableDir::morris_family(options).ok(),
        GameRules::Mancala { options, .. } => {
            OwareFamily::of(options).ok().map(|f| f.name().to_owned())
        }
    }
}

/// The tables a session under `rules` consults: `None` when sessions do not use tables (see
/// [`use_tables`]) or none are built. Read from disk the first time for each table family
/// (call it off the UI thread: Oware's checksums read every file once), then kept for the
/// program's life.
#[must_use]
pub fn tables_in_use(rules: &GameRules) -> Option<Oracles> {
    if !TABLES_IN_USE.load(Ordering::Relaxed) {
        return None;
    }
    let family = table_family(rules)?;
    let mut cache = TABLES_READ.lock().ok()?;
    if let Some((_, oracles)) = cache.iter().find(|(f, _)| *f == family) {
        return Some(oracles.clone());
    }
    // Tables that do not read are as good as none for a session.
    let oracles = Oracles::load(rules).unwrap_or_default();
    cache.push((family, oracles.clone()));
    Some(oracles)
}

/// Hands sessions under `rules` these tables instead of reading them from disk (tests; a
/// program that has loaded them already).
pub fn give_tables(rules: &GameRules, oracles: Oracles) {
    let Some(family) = table_family(rules) else {
        return;
    };
    if let Ok(mut cache) = TABLES_READ.lock() {
        cache.retain(|(f, _)| *f != family);
        cache.push((family, oracles));
    }
}

impl Oracles {
    /// The endgame tables built for `rules` in the folder `KRAAL_TABLES` names, or else the
    /// user's data folder: Oware's tables of up to as many seeds as are built, Morabaraba's
    /// sectors built (3v3, 3v4, 4v4...). Tables not built are simply absent.
    ///
    /// # Errors
    /// A table file that is corrupt (it is set aside) or cannot be read.
    pub fn load(rules: &GameRules) -> Result<Oracles, TableError> {
        Oracles::load_from(&TableDir::from_env()?, rules)
    }

    /// The same from the folder `dir`.
    ///
    /// # Errors
    /// As [`Oracles::load`].
    pub fn load_from(dir: &TableDir, rules: &GameRules) -> Result<Oracles, TableError> {
        let mut oracles = Oracles::default();
        match rules {
            GameRules::Morris { options, .. } => match dir.load_morris(options) {
                Ok(tables) => oracles.morris = Some(Arc::new(MorrisOracle(Arc::new(tables)))),
                Err(TableError::Missing { .. } | TableError::UnsupportedRules { .. }) => {}
                Err(e) => return Err(e),
            },
            GameRules::Mancala { options, .. } => {
                // Rules without Oware tables (Mulabalaba) have none to load.
                if let Ok(family) = OwareFamily::of(options) {
                    let tables = dir.load_oware(family, kraal_tables::oware::MAX_SEEDS)?;
                    if tables.max_seeds().is_some() {
                        oracles.mancala = Some(Arc::new(OwareOracle(Arc::new(tables))));
                    }
                }
            }
        }
        Ok(oracles)
    }

    /// Whether any table is loaded.
    #[must_use]
    pub fn any(&self) -> bool {
        self.morris.is_some() || self.mancala.is_some()
    }
}

/// How a review searches.
#[derive(Clone)]
pub struct ReviewOptions {
    /// The limits of each position's search.
    pub limits: Limits,
    /// Endgame tables, where loaded.
    pub oracles: Oracles,
}

impl Default for ReviewOptions {
    /// Half a second a position, no tables.
    fn default() -> Self {
        ReviewOptions {
            limits: Limits::time(std::time::Duration::from_millis(500)),
            oracles: Oracles::default(),
        }
    }
}

/// How the game under `rules` turns scores into marks (see docs/review.md).
#[must_use]
pub fn scale_of(rules: &GameRules) -> ReviewScale {
    match rules.game_name() {
        "morabaraba" => ReviewScale::MORRIS,
        "mulabalaba" => ReviewScale::MULABALABA,
        _ => ReviewScale::OWARE,
    }
}

impl<F: Family> Session<F>
where
    F::Position: Send + 'static,
    F::Move: Send + 'static,
{
    /// Reviews every move of the history from the game's start, those after the cursor (taken
    /// back, or stepped back over to look) included (see [`kraal_ai::review()`]).
    ///
    /// # Errors
    /// A move of the history that is not legal where it stands (only a history built around
    /// the session's checks could hold one).
    pub fn review(
        &self,
        limits: Limits,
        oracle: Option<Arc<dyn Oracle<F::Ai>>>,
        stop: &StopFlag,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<GameReview<F::Move>, IllegalInGame> {
        let start = self
            .position_at(0)
            .expect("a session always has its start position");
        let config = ReviewConfig {
            limits,
            scale: scale_of(self.rules()),
            oracle,
        };
        kraal_ai::review::review::<F::Ai>(start, &self.all_moves(), &config, stop, progress)
    }
}

impl AnyGame {
    /// Reviews every move of the history (see [`Session::review`]); runs on this thread: front
    /// ends use [`ReviewJob`].
    ///
    /// # Errors
    /// A move of the history that is not legal where it stands.
    pub fn review(
        &self,
        options: &ReviewOptions,
        stop: &StopFlag,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Review, IllegalInGame> {
        ReviewInput::of(self, options).run(stop, progress)
    }
}

/// What a review needs of a game, apart from the game (so it can go to another thread).
enum ReviewInput {
    Morris(
        ReviewConfig<Morris>,
        kraal_rules_morris::Position,
        Vec<kraal_rules_morris::Move>,
    ),
    Mancala(
        ReviewConfig<Mancala>,
        kraal_rules_mancala::Position,
        Vec<kraal_rules_mancala::Move>,
    ),
}

impl ReviewInput {
    fn of(game: &AnyGame, options: &ReviewOptions) -> ReviewInput {
        match game {
            AnyGame::Morris { session, .. } => {
                let (config, start, moves) = parts(session, options, &options.oracles.morris);
                ReviewInput::Morris(config, start, moves)
            }
            AnyGame::Mancala { session } => {
                let (config, start, moves) = parts(session, options, &options.oracles.mancala);
                ReviewInput::Mancala(config, start, moves)
            }
        }
    }

    fn positions(&self) -> usize {
        match self {
            ReviewInput::Morris(_, _, moves) => moves.len() + 1,
            ReviewInput::Mancala(_, _, moves) => moves.len() + 1,
        }
    }

    fn run(
        &self,
        stop: &StopFlag,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Review, IllegalInGame> {
        match self {
            ReviewInput::Morris(config, start, moves) => {
                kraal_ai::review::review::<Morris>(start, moves, config, stop, progress)
                    .map(|r| convert(r, AnyMove::Morris))
            }
            ReviewInput::Mancala(config, start, moves) => {
                kraal_ai::review::review::<Mancala>(start, moves, config, stop, progress)
                    .map(|r| convert(r, AnyMove::Mancala))
            }
        }
    }
}

/// What a review of `session` needs: its config, start position and every move.
type Parts<F> = (
    ReviewConfig<<F as Family>::Ai>,
    <F as Family>::Position,
    Vec<<F as Family>::Move>,
);

fn parts<F: Family>(
    session: &Session<F>,
    options: &ReviewOptions,
    oracle: &Option<Arc<dyn Oracle<F::Ai>>>,
) -> Parts<F>
where
    F::Position: Send + 'static,
    F::Move: Send + 'static,
{
    let start = session
        .position_at(0)
        .expect("a session always has its start position");
    let config = ReviewConfig {
        limits: options.limits,
        scale: scale_of(session.rules()),
        oracle: oracle.clone(),
    };
    (config, start.clone(), session.all_moves())
}

/// A review of typed moves of one family, as moves of either.
fn convert<M: Copy>(review: GameReview<M>, any: fn(M) -> AnyMove) -> Review {
    GameReview {
        complete: review.complete,
        moves: review
            .moves
            .into_iter()
            .map(|m| MoveReview {
                ply: m.ply,
                mover: m.mover,
                played: any(m.played),
                before: m.before,
                after: m.after,
                best: m.best.map(any),
                line: m.line.into_iter().map(any).collect(),
                expected_before: m.expected_before,
                expected_after: m.expected_after,
                mark: m.mark,
                thrown: m.thrown,
                table_before: m.table_before,
                depth: m.depth,
            })
            .collect(),
    }
}

/// A review running on a thread of its own: the front end polls it each frame, shows its
/// progress, and may stop it (the moves reviewed by then are kept).
pub struct ReviewJob {
    stop: StopFlag,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    result: mpsc::Receiver<Result<Review, IllegalInGame>>,
    thread: Option<JoinHandle<()>>,
}

impl ReviewJob {
    /// Starts reviewing a copy of `game`'s moves.
    #[must_use]
    pub fn start(game: &AnyGame, options: ReviewOptions) -> ReviewJob {
        let stop = StopFlag::new();
        let done = Arc::new(AtomicUsize::new(0));
        // The review needs only the start, the moves and the rules, so the player's game (and
        // its workers) stays on the UI thread.
        let input = ReviewInput::of(game, &options);
        let total = Arc::new(AtomicUsize::new(input.positions()));
        let (send, result) = mpsc::channel();
        let (thread_stop, thread_done, thread_total) =
            (stop.clone(), Arc::clone(&done), Arc::clone(&total));
        let thread = std::thread::spawn(move || {
            let outcome = input.run(&thread_stop, &mut |d, t| {
                thread_done.store(d, Ordering::Relaxed);
                thread_total.store(t, Ordering::Relaxed);
            });
            let _ = send.send(outcome);
        });
        ReviewJob {
            stop,
            done,
            total,
            result,
            thread: Some(thread),
        }
    }

    /// Positions searched so far, and in all.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// Asks the review to stop; [`ReviewJob::poll`] then returns what it reviewed.
    pub fn stop(&self) {
        self.stop.stop();
    }

    /// The review, once it has finished or stopped; `None` while it runs.
    pub fn poll(&mut self) -> Option<Result<Review, IllegalInGame>> {
        let outcome = self.result.try_recv().ok()?;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        Some(outcome)
    }

    /// Waits for the review to finish (for tests and the command line).
    pub fn wait(&mut self) -> Option<Result<Review, IllegalInGame>> {
        let outcome = self.result.recv().ok();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        outcome
    }
}

impl Drop for ReviewJob {
    /// A dropped review stops: its thread does not search on for nobody.
    fn drop(&mut self) {
        self.stop.stop();
    }
}
