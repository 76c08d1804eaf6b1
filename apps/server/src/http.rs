//! The HTTP side: `/ws` (the game socket), `/health`, `/metrics`. [`router`] returns an axum
//! router that more routes can be merged into (the browser page, issue 19).

use crate::Server;
use crate::conn;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use kraal_protocol::MAX_FRAME_BYTES;
use std::fmt::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// The server's routes, with its state.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/ws", get(socket))
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .merge(crate::web::routes())
        .with_state(server)
}

async fn socket(
    State(server): State<Arc<Server>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> impl IntoResponse {
    let ip = addr.ip();
    if !server.limits.open_socket(ip, server.time.now_ms()) {
        server.metrics.rate_limited.fetch_add(1, Ordering::Relaxed);
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many sockets from this address",
        )
            .into_response();
    }
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| conn::serve(server, socket, ip))
        .into_response()
}

async fn health(State(server): State<Arc<Server>>) -> impl IntoResponse {
    let database = if server.db.is_postgres() {
        "postgres"
    } else {
        "sqlite"
    };
    match server.db.count("live").await {
        Ok(_) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            format!(r#"{{"status":"ok","database":"{database}"}}"#),
        ),
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, "application/json")],
            serde_json::json!({"status": "database-down", "error": e.to_string()}).to_string(),
        ),
    }
}

async fn metrics(State(server): State<Arc<Server>>) -> impl IntoResponse {
    let m = &server.metrics;
    let (open, idle) = server.db.pool_stats();
    let mut text = String::new();
    let mut line = |name: &str, help: &str, value: u64| {
        let _ = writeln!(text, "# HELP {name} {help}\n{name} {value}");
    };
    line(
        "kraal_live_games",
        "games with a task on this node",
        server.live_games().await as u64,
    );
    line(
        "kraal_sockets",
        "websockets open",
        m.sockets.load(Ordering::Relaxed),
    );
    line(
        "kraal_moves_total",
        "moves committed",
        m.moves.load(Ordering::Relaxed),
    );
    line(
        "kraal_commits_total",
        "game changes committed",
        m.commits.load(Ordering::Relaxed),
    );
    line(
        "kraal_conflicts_total",
        "changes refused: another writer was first",
        m.conflicts.load(Ordering::Relaxed),
    );
    line(
        "kraal_games_finished_total",
        "games finished",
        m.games_finished.load(Ordering::Relaxed),
    );
    line(
        "kraal_integrity_failures",
        "stored games that did not replay on start",
        m.integrity_failures.load(Ordering::Relaxed),
    );
    line(
        "kraal_rate_limited_total",
        "requests refused by a rate limit",
        m.rate_limited.load(Ordering::Relaxed),
    );
    line(
        "kraal_db_connections",
        "database connections open",
        u64::from(open),
    );
    line(
        "kraal_db_busy",
        "database connections in use (the database queue)",
        u64::from(open).saturating_sub(idle as u64),
    );
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text)
}
