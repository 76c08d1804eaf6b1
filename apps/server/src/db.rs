//! The database: one schema for SQLite and PostgreSQL (sqlx's `Any` driver, queries checked at
//! run time), migrations embedded and applied on start. Every change of a game is a
//! compare-and-set on its version (fenced by the game's lease on PostgreSQL), so two writers
//! (two nodes) can never both apply a change; a move's row is keyed by (game, ply), so no ply
//! is stored twice. Leases ([`Db::acquire_lease`]) say which node owns a live game.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::fmt;

/// The migrations, in order; each runs once, in a transaction, and is recorded in
/// `kraal_schema`.
const MIGRATIONS: &[&[&str]] = &[
    // 1: games and moves.
    &[
        "CREATE TABLE IF NOT EXISTS kraal_games (
        id BIGINT PRIMARY KEY,
        code TEXT,
        game_name TEXT NOT NULL,
        rule_set TEXT NOT NULL,
        overrides TEXT NOT NULL,
        clock TEXT NOT NULL,
        token_first TEXT,
        token_second TEXT,
        name_first TEXT,
        name_second TEXT,
        status TEXT NOT NULL,
        outcome TEXT,
        version BIGINT NOT NULL,
        plies BIGINT NOT NULL,
        clock_state TEXT,
        turn_started_ms BIGINT,
        draw_offer TEXT,
        away_first BIGINT,
        away_second BIGINT,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
    )",
        "CREATE UNIQUE INDEX IF NOT EXISTS kraal_games_code ON kraal_games (code)",
        "CREATE INDEX IF NOT EXISTS kraal_games_status ON kraal_games (status)",
        "CREATE TABLE IF NOT EXISTS kraal_moves (
        game_id BIGINT NOT NULL,
        ply BIGINT NOT NULL,
        mv TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    )",
    ],
    // 2: per-node ownership (PostgreSQL with several nodes): the node that owns each live
    // game, until when; renewed by the owner, taken over by another node once expired.
    &[
        "CREATE TABLE IF NOT EXISTS kraal_leases (
        game_id BIGINT PRIMARY KEY,
        node TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    )",
        "CREATE INDEX IF NOT EXISTS kraal_leases_node ON kraal_leases (node)",
        // Each node's heartbeat: a node not heard of past its time is dead, and its players
        // count as gone.
        "CREATE TABLE IF NOT EXISTS kraal_node_beats (
        node TEXT PRIMARY KEY,
        alive_until_ms BIGINT NOT NULL
    )",
    ],
    // 3: the computer opponents seated in games, so they take their seats again after a
    // restart (the seat's token hash is the game row's; the seed as text, all 64 bits).
    &["CREATE TABLE IF NOT EXISTS kraal_computers (
        game_id BIGINT PRIMARY KEY,
        seat TEXT NOT NULL,
        opponent TEXT NOT NULL,
        seed TEXT NOT NULL,
        token_hash TEXT NOT NULL
    )"],
];

/// A computer opponent seated in a game (`crate::computer`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerRow {
    /// The game.
    pub game: u64,
    /// Its seat: `first` or `second`.
    pub seat: String,
    /// The opponent's name (`Calf`).
    pub opponent: String,
    /// The search seed.
    pub seed: u64,
    /// The seat token's hash, as the game row holds it.
    pub token_hash: String,
}

/// A database failure.
#[derive(Debug)]
pub enum DbError {
    /// The database URL is neither `sqlite:` nor `postgres://`.
    BadUrl(String),
    /// sqlx failed.
    Sql(sqlx::Error),
    /// A stored value cannot be read back (a corrupt row).
    Corrupt {
        /// The game.
        game: u64,
        /// What is wrong.
        what: String,
    },
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::BadUrl(url) => write!(
                f,
                "`{url}` is not a database (write sqlite:PATH or postgres://USER@HOST/DB)"
            ),
            DbError::Sql(e) => write!(f, "database: {e}"),
            DbError::Corrupt { game, what } => write!(f, "game {game} in the database: {what}"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<sqlx::Error> for DbError {
    fn from(e: sqlx::Error) -> DbError {
        DbError::Sql(e)
    }
}

/// A stored game: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's number.
    pub id: u64,
    /// The join code while a seat is free.
    pub code: Option<String>,
    /// The game's name.
    pub game_name: String,
    /// The rule set's name.
    pub rule_set: String,
    /// The overrides, as a JSON array of `OPTION=VALUE`.
    pub overrides: String,
    /// The time control's text.
    pub clock: String,
    /// The seats' token hashes (hex SHA-256), first seat first.
    pub tokens: [Option<String>; 2],
    /// The display names.
    pub names: [Option<String>; 2],
    /// `waiting`, `live`, `over` or `aborted`.
    pub status: String,
    /// The outcome as JSON, when over.
    pub outcome: Option<String>,
    /// The version: one more with each change.
    pub version: u64,
    /// The moves stored.
    pub plies: u64,
    /// The clock's snapshot after the last move (session `Clock::snapshot`).
    pub clock_state: Option<String>,
    /// When the running clock started, in ms since the Unix epoch.
    pub turn_started_ms: Option<u64>,
    /// A standing draw offer's seat (`first`, `second`).
    pub draw_offer: Option<String>,
    /// Since when each seat has had no socket (ms since the epoch); none while connected.
    pub away: [Option<u64>; 2],
    /// When the game was created (ms since the epoch).
    pub created_ms: u64,
}

/// What [`Db::acquire_lease`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// The game had no lease: it is this node's now.
    Fresh,
    /// This node held it already; renewed.
    Renewed,
    /// It had expired on this node (named): taken over.
    TakenFrom(String),
    /// Another node (named) holds it and it has not expired.
    HeldBy(String),
}

impl Lease {
    /// Whether the lease is this node's now.
    #[must_use]
    pub fn granted(&self) -> bool {
        !matches!(self, Lease::HeldBy(_))
    }
}

/// The database, SQLite or PostgreSQL.
#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    postgres: bool,
    url: String,
}

fn int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn uint(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn opt_uint(v: Option<i64>) -> Option<u64> {
    v.map(uint)
}

impl Db {
    /// Opens (creating if need be) the database at `url` and applies the migrations.
    ///
    /// # Errors
    /// A bad URL, or the database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres://") || url.starts_with("postgresql://");
        let (connect, max) = if postgres {
            (url.to_owned(), 16)
        } else if let Some(path) = url.strip_prefix("sqlite:") {
            let path = path.trim_start_matches("//");
            if let Some(dir) = std::path::Path::new(path).parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).map_err(|e| DbError::Sql(sqlx::Error::Io(e)))?;
            }
            (format!("sqlite://{path}?mode=rwc"), 4)
        } else {
            return Err(DbError::BadUrl(url.to_owned()));
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !postgres {
                        use sqlx::Executor;
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                    }
                    Ok(())
                })
            })
            .connect(&connect)
            .await?;
        let db = Db {
            pool,
            postgres,
            url: url.to_owned(),
        };
        db.migrate().await?;
        Ok(db)
    }

    /// Whether this is PostgreSQL (which carries notifications between nodes).
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The URL it was opened with.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Connections open and idle, for `/metrics`.
    #[must_use]
    pub fn pool_stats(&self) -> (u32, usize) {
        (self.pool.size(), self.pool.num_idle())
    }

    async fn migrate(&self) -> Result<(), DbError> {
        sqlx::query("CREATE TABLE IF NOT EXISTS kraal_schema (version BIGINT NOT NULL)")
            .execute(&self.pool)
            .await?;
        let done: Option<i64> = sqlx::query("SELECT MAX(version) FROM kraal_schema")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        let done = usize::try_from(done.unwrap_or(0)).unwrap_or(0);
        for (n, statements) in MIGRATIONS.iter().enumerate().skip(done) {
            let mut tx = self.pool.begin().await?;
            for statement in *statements {
                sqlx::query(statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO kraal_schema (version) VALUES ($1)")
                .bind(int(n as u64 + 1))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// The database fails (or the id or code is taken).
    pub async fn insert_game(&self, row: &GameRow, now_ms: u64) -> Result<(), DbError> {
        let insert = sqlx::query(
            "INSERT INTO kraal_games (code, token_first, token_second, name_first, name_second,
             status, outcome, version, plies, clock_state, turn_started_ms, draw_offer,
             away_first, away_second, id, game_name, rule_set, overrides, clock, created_ms,
             updated_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
             $18, $19, $20, $21)",
        );
        bind_state(insert, row)
            .bind(int(row.id))
            .bind(row.game_name.clone())
            .bind(row.rule_set.clone())
            .bind(row.overrides.clone())
            .bind(row.clock.clone())
            .bind(int(row.created_ms))
            .bind(int(now_ms))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Writes a game's changed state if its stored version is still `old_version` (and, with
    /// `fence`, only while node `fence` holds the game's lease), and with it the move at ply
    /// `mv.0` when there is one, in one transaction. Returns false (nothing written) when
    /// another writer got there first or the lease is gone.
    ///
    /// # Errors
    /// The database fails.
    pub async fn save(
        &self,
        row: &GameRow,
        old_version: u64,
        mv: Option<(u64, String)>,
        now_ms: u64,
        fence: Option<&str>,
    ) -> Result<bool, DbError> {
        let mut tx = self.pool.begin().await?;
        let fenced = if fence.is_some() {
            " AND EXISTS (SELECT 1 FROM kraal_leases WHERE game_id = $16 AND node = $18)"
        } else {
            ""
        };
        let text = format!(
            "UPDATE kraal_games SET code = $1, token_first = $2, token_second = $3,
             name_first = $4, name_second = $5, status = $6, outcome = $7, version = $8,
             plies = $9, clock_state = $10, turn_started_ms = $11, draw_offer = $12,
             away_first = $13, away_second = $14, updated_ms = $15
             WHERE id = $16 AND version = $17{fenced}"
        );
        let mut update = bind_state(sqlx::query(&text), row)
            .bind(int(now_ms))
            .bind(int(row.id))
            .bind(int(old_version));
        if let Some(node) = fence {
            update = update.bind(node.to_owned());
        }
        let updated = update.execute(&mut *tx).await?.rows_affected();
        if updated != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Some((ply, text)) = mv {
            sqlx::query(
                "INSERT INTO kraal_moves (game_id, ply, mv, created_ms) VALUES ($1, $2, $3, $4)",
            )
            .bind(int(row.id))
            .bind(int(ply))
            .bind(text)
            .bind(int(now_ms))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Asks for game `game`'s lease for `node` until `until_ms`: granted when there is none,
    /// when `node` holds it already, or when it expired before `now_ms` (taken over); each
    /// change is a compare-and-set, so two nodes never both get it.
    ///
    /// # Errors
    /// The database fails.
    pub async fn acquire_lease(
        &self,
        game: u64,
        node: &str,
        now_ms: u64,
        until_ms: u64,
    ) -> Result<Lease, DbError> {
        for _ in 0..3 {
            let held = sqlx::query("SELECT node, expires_ms FROM kraal_leases WHERE game_id = $1")
                .bind(int(game))
                .fetch_optional(&self.pool)
                .await?;
            let Some(held) = held else {
                let inserted = sqlx::query(
                    "INSERT INTO kraal_leases (game_id, node, expires_ms) VALUES ($1, $2, $3)
                     ON CONFLICT (game_id) DO NOTHING",
                )
                .bind(int(game))
                .bind(node.to_owned())
                .bind(int(until_ms))
                .execute(&self.pool)
                .await?
                .rows_affected();
                if inserted == 1 {
                    return Ok(Lease::Fresh);
                }
                continue;
            };
            let holder: String = held.try_get(0)?;
            let expires = uint(held.try_get(1)?);
            if holder != node && expires >= now_ms {
                return Ok(Lease::HeldBy(holder));
            }
            let taken = sqlx::query(
                "UPDATE kraal_leases SET node = $1, expires_ms = $2
                 WHERE game_id = $3 AND node = $4 AND expires_ms = $5",
            )
            .bind(node.to_owned())
            .bind(int(until_ms))
            .bind(int(game))
            .bind(holder.clone())
            .bind(int(expires))
            .execute(&self.pool)
            .await?
            .rows_affected();
            if taken == 1 {
                return Ok(if holder == node {
                    Lease::Renewed
                } else {
                    Lease::TakenFrom(holder)
                });
            }
        }
        // Three races lost in a row: someone else is taking it now.
        Ok(Lease::HeldBy(String::new()))
    }

    /// Renews every lease `node` holds until `until_ms`; returns how many.
    ///
    /// # Errors
    /// The database fails.
    pub async fn renew_leases(&self, node: &str, until_ms: u64) -> Result<u64, DbError> {
        Ok(
            sqlx::query("UPDATE kraal_leases SET expires_ms = $1 WHERE node = $2")
                .bind(int(until_ms))
                .bind(node.to_owned())
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }

    /// The unfinished games whose lease `node` holds or whose lease expired before `now_ms`:
    /// the games this node should own.
    ///
    /// # Errors
    /// The database fails.
    pub async fn leases_to_own(&self, node: &str, now_ms: u64) -> Result<Vec<u64>, DbError> {
        let rows = sqlx::query(
            "SELECT l.game_id FROM kraal_leases l JOIN kraal_games g ON g.id = l.game_id
             WHERE (l.node = $1 OR l.expires_ms < $2)
             AND (g.status = 'waiting' OR g.status = 'live') ORDER BY l.game_id",
        )
        .bind(node.to_owned())
        .bind(int(now_ms))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(uint(r.try_get::<i64, _>(0)?)))
            .collect()
    }

    /// Records that `node` is alive until `until_ms`.
    ///
    /// # Errors
    /// The database fails.
    pub async fn beat(&self, node: &str, until_ms: u64) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO kraal_node_beats (node, alive_until_ms) VALUES ($1, $2)
             ON CONFLICT (node) DO UPDATE SET alive_until_ms = excluded.alive_until_ms",
        )
        .bind(node.to_owned())
        .bind(int(until_ms))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The nodes whose heartbeat ran out before `now_ms` (and after `since_ms`: older ones
    /// were seen to already), oldest first.
    ///
    /// # Errors
    /// The database fails.
    pub async fn dead_nodes(&self, since_ms: u64, now_ms: u64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT node FROM kraal_node_beats WHERE alive_until_ms < $1 AND alive_until_ms >= $2
             ORDER BY alive_until_ms",
        )
        .bind(int(now_ms))
        .bind(int(since_ms))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }

    /// Gives up `node`'s lease of `game` (its game is finished).
    ///
    /// # Errors
    /// The database fails.
    pub async fn release_lease(&self, game: u64, node: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM kraal_leases WHERE game_id = $1 AND node = $2")
            .bind(int(game))
            .bind(node.to_owned())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sends `payload` on PostgreSQL's notification channel `channel` (LISTEN/NOTIFY).
    ///
    /// # Errors
    /// The database fails (or is SQLite, which has no notifications).
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), DbError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel.to_owned())
            .bind(payload.to_owned())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A game by number.
    ///
    /// # Errors
    /// The database fails.
    pub async fn game(&self, id: u64) -> Result<Option<GameRow>, DbError> {
        let row = sqlx::query(&format!("{SELECT} WHERE id = $1"))
            .bind(int(id))
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| read_row(&r)).transpose()
    }

    /// The waiting game with this join code.
    ///
    /// # Errors
    /// The database fails.
    pub async fn game_by_code(&self, code: &str) -> Result<Option<u64>, DbError> {
        let row = sqlx::query("SELECT id FROM kraal_games WHERE code = $1 AND status = 'waiting'")
            .bind(code.to_owned())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?.map(uint))
    }

    /// The games not finished (waiting or live), to load on start.
    ///
    /// # Errors
    /// The database fails.
    pub async fn unfinished(&self) -> Result<Vec<u64>, DbError> {
        let rows = sqlx::query(
            "SELECT id FROM kraal_games WHERE status = 'waiting' OR status = 'live' ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(uint(r.try_get::<i64, _>(0)?)))
            .collect()
    }

    /// A game's moves in order, as stored (notation text).
    ///
    /// # Errors
    /// The database fails.
    pub async fn moves(&self, id: u64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("SELECT ply, mv FROM kraal_moves WHERE game_id = $1 ORDER BY ply")
            .bind(int(id))
            .fetch_all(&self.pool)
            .await?;
        let mut moves = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let ply: i64 = row.try_get(0)?;
            if uint(ply) != expected as u64 {
                return Err(DbError::Corrupt {
                    game: id,
                    what: format!("move {expected} is missing (found ply {ply})"),
                });
            }
            moves.push(row.try_get(1)?);
        }
        Ok(moves)
    }

    /// Counts of games by status, for checks and `/metrics`.
    ///
    /// # Errors
    /// The database fails.
    pub async fn count(&self, status: &str) -> Result<u64, DbError> {
        let n: i64 = sqlx::query("SELECT COUNT(*) FROM kraal_games WHERE status = $1")
            .bind(status.to_owned())
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        Ok(uint(n))
    }

    /// The finished games' numbers (for the load test's replay check).
    ///
    /// # Errors
    /// The database fails.
    pub async fn finished(&self) -> Result<Vec<u64>, DbError> {
        let rows = sqlx::query("SELECT id FROM kraal_games WHERE status = 'over' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok(uint(r.try_get::<i64, _>(0)?)))
            .collect()
    }

    /// Records the computer opponent seated in a game.
    ///
    /// # Errors
    /// The database fails (or the game has one already).
    pub async fn insert_computer(&self, row: &ComputerRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO kraal_computers (game_id, seat, opponent, seed, token_hash) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(int(row.game))
        .bind(row.seat.clone())
        .bind(row.opponent.clone())
        .bind(row.seed.to_string())
        .bind(row.token_hash.clone())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The computer opponent seated in game `game`, if one is.
    ///
    /// # Errors
    /// The database fails, or the stored seed is not a number.
    pub async fn computer(&self, game: u64) -> Result<Option<ComputerRow>, DbError> {
        let row = sqlx::query(
            "SELECT seat, opponent, seed, token_hash FROM kraal_computers WHERE game_id = $1",
        )
        .bind(int(game))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let seed: String = row.try_get(2)?;
        Ok(Some(ComputerRow {
            game,
            seat: row.try_get(0)?,
            opponent: row.try_get(1)?,
            seed: seed.parse().map_err(|_| DbError::Corrupt {
                game,
                what: format!("the computer's seed {seed:?} is not a number"),
            })?,
            token_hash: row.try_get(3)?,
        }))
    }

    /// Closes the pool.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds the columns a change can write, in the order both the INSERT and the UPDATE name them.
fn bind_state<'q>(query: AnyQuery<'q>, row: &GameRow) -> AnyQuery<'q> {
    query
        .bind(row.code.clone())
        .bind(row.tokens[0].clone())
        .bind(row.tokens[1].clone())
        .bind(row.names[0].clone())
        .bind(row.names[1].clone())
        .bind(row.status.clone())
        .bind(row.outcome.clone())
        .bind(int(row.version))
        .bind(int(row.plies))
        .bind(row.clock_state.clone())
        .bind(row.turn_started_ms.map(int))
        .bind(row.draw_offer.clone())
        .bind(row.away[0].map(int))
        .bind(row.away[1].map(int))
}

const SELECT: &str = "SELECT id, code, game_name, rule_set, overrides, clock, token_first,
    token_second, name_first, name_second, status, outcome, version, plies, clock_state,
    turn_started_ms, draw_offer, away_first, away_second, created_ms FROM kraal_games";

fn read_row(r: &AnyRow) -> Result<GameRow, DbError> {
    Ok(GameRow {
        id: uint(r.try_get(0)?),
        code: r.try_get(1)?,
        game_name: r.try_get(2)?,
        rule_set: r.try_get(3)?,
        overrides: r.try_get(4)?,
        clock: r.try_get(5)?,
        tokens: [r.try_get(6)?, r.try_get(7)?],
        names: [r.try_get(8)?, r.try_get(9)?],
        status: r.try_get(10)?,
        outcome: r.try_get(11)?,
        version: uint(r.try_get(12)?),
        plies: uint(r.try_get(13)?),
        clock_state: r.try_get(14)?,
        turn_started_ms: opt_uint(r.try_get(15)?),
        draw_offer: r.try_get(16)?,
        away: [opt_uint(r.try_get(17)?), opt_uint(r.try_get(18)?)],
        created_ms: uint(r.try_get(19)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn temp_db(name: &str) -> Db {
        let dir = std::env::temp_dir().join(format!("kraal-db-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Db::open(&format!("sqlite:{}", dir.join("db.sqlite3").display()))
            .await
            .expect("opens")
    }

    #[tokio::test]
    async fn a_lease_goes_to_one_node_until_it_expires_then_to_the_next_that_asks() {
        let db = temp_db("lease").await;
        assert_eq!(
            db.acquire_lease(7, "a", 1_000, 2_000).await.expect("db"),
            Lease::Fresh
        );
        assert_eq!(
            db.acquire_lease(7, "b", 1_500, 2_500).await.expect("db"),
            Lease::HeldBy("a".into()),
            "not expired"
        );
        assert_eq!(
            db.acquire_lease(7, "a", 1_600, 2_600).await.expect("db"),
            Lease::Renewed
        );
        assert_eq!(db.renew_leases("a", 3_000).await.expect("db"), 1);
        assert_eq!(
            db.acquire_lease(7, "b", 2_999, 4_000).await.expect("db"),
            Lease::HeldBy("a".into()),
            "renewed to 3000"
        );
        assert_eq!(
            db.acquire_lease(7, "b", 3_001, 4_000).await.expect("db"),
            Lease::TakenFrom("a".into()),
            "expired: taken over"
        );
        assert_eq!(
            db.renew_leases("a", 9_000).await.expect("db"),
            0,
            "a holds nothing"
        );
        db.release_lease(7, "a").await.expect("db");
        assert_eq!(
            db.acquire_lease(7, "c", 3_500, 4_500).await.expect("db"),
            Lease::HeldBy("b".into()),
            "only the holder releases"
        );
        db.release_lease(7, "b").await.expect("db");
        assert_eq!(
            db.acquire_lease(7, "c", 3_500, 4_500).await.expect("db"),
            Lease::Fresh
        );
        db.close().await;
    }

    #[tokio::test]
    async fn a_node_whose_heartbeat_ran_out_is_reported_dead_once() {
        let db = temp_db("beats").await;
        db.beat("a", 2_000).await.expect("db");
        db.beat("b", 5_000).await.expect("db");
        assert!(db.dead_nodes(0, 1_999).await.expect("db").is_empty());
        assert_eq!(
            db.dead_nodes(0, 2_001).await.expect("db"),
            vec!["a".to_owned()]
        );
        assert!(
            db.dead_nodes(2_001, 4_000).await.expect("db").is_empty(),
            "seen already"
        );
        db.beat("b", 9_000).await.expect("db");
        assert!(
            db.dead_nodes(2_001, 6_000).await.expect("db").is_empty(),
            "b beat again"
        );
        db.close().await;
    }
}
