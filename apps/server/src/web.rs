//! The browser page: `/` and its assets (HTML, CSS and JavaScript ES modules from
//! `apps/server/web/`, embedded in the binary, no build step), and the two small JSON
//! documents the page reads: `/api/catalog` (the games, rule sets and opponents, from the
//! session and AI crates) and `/api/rules` (the rules in plain words, the same text the
//! terminal and desktop apps show, from `kraal_front::lessons::rules_text`); and the daily
//! puzzle, `/api/daily` ([`crate::daily`]).
//!
//! Caching: `/` is `no-cache` and names its assets under `/assets/KEY/`, where KEY is a hash
//! of every embedded file, so an asset fetched under the current key is `immutable` and a new
//! binary's page never mixes with an old one's scripts.

use crate::Server;
use crate::daily::{self, Ask};
use axum::Router;
use axum::extract::rejection::JsonRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::{Arc, OnceLock};

/// An embedded file of the page.
pub struct Asset {
    /// Its name under `/assets/KEY/`.
    pub name: &'static str,
    /// Its content type.
    pub content_type: &'static str,
    /// Its bytes.
    pub body: &'static str,
}

/// The page's files, as embedded.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/app.js"),
    },
    Asset {
        name: "board.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/board.js"),
    },
    Asset {
        name: "pick.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/pick.js"),
    },
    Asset {
        name: "net.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/net.js"),
    },
    Asset {
        name: "daily.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/daily.js"),
    },
    Asset {
        name: "streak.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/streak.js"),
    },
    Asset {
        name: "dom.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/dom.js"),
    },
    Asset {
        name: "types.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../web/types.js"),
    },
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../web/style.css"),
    },
    Asset {
        name: "icon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../web/icon.svg"),
    },
];

/// The page itself, with `{{ASSETS}}` where the assets' folder goes.
const INDEX: &str = include_str!("../web/index.html");

/// The content security policy: everything from this server, nothing from elsewhere.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                      script-src 'self'; connect-src 'self'; base-uri 'none'; \
                      frame-ancestors 'none'; form-action 'none'";

/// The key the assets are served under: the first 12 hex digits of the SHA-256 of every
/// embedded file.
#[must_use]
pub fn asset_key() -> &'static str {
    static KEY: OnceLock<String> = OnceLock::new();
    KEY.get_or_init(|| {
        let mut hash = Sha256::new();
        hash.update(INDEX.as_bytes());
        for asset in ASSETS {
            hash.update(asset.name.as_bytes());
            hash.update(asset.body.as_bytes());
        }
        hash.finalize()
            .iter()
            .take(6)
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// The page's HTML, its assets' folder filled in.
#[must_use]
pub fn index_html() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| INDEX.replace("{{ASSETS}}", &format!("/assets/{}", asset_key())))
}

/// The total size of the page and its assets in bytes (as served, before compression).
#[must_use]
pub fn page_bytes() -> usize {
    index_html().len() + ASSETS.iter().map(|a| a.body.len()).sum::<usize>()
}

/// The page's routes, merged into the server's router.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/", get(index))
        .route("/assets/{key}/{file}", get(asset))
        .route("/api/catalog", get(catalog))
        .route("/api/rules", get(rules))
        .route("/api/daily", get(daily_get).post(daily_post))
}

fn headers(response: &mut Response, content_type: &'static str, cache: &'static str) {
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

async fn index() -> Response {
    let mut response = index_html().into_response();
    headers(&mut response, "text/html; charset=utf-8", "no-cache");
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    response
}

async fn asset(Path((key, file)): Path<(String, String)>) -> Response {
    let Some(asset) = ASSETS.iter().find(|a| a.name == file) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let mut response = asset.body.into_response();
    // Under the current key the file never changes; under an old key (a page loaded before
    // the server was upgraded) it is today's file, so it must not be kept.
    let cache = if key == asset_key() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    headers(&mut response, asset.content_type, cache);
    response
}

fn json(value: &serde_json::Value, status: StatusCode) -> Response {
    let mut response = (status, value.to_string()).into_response();
    headers(&mut response, "application/json", "no-cache");
    response
}

/// The games with their rule sets, and the opponents, as the page's menus list them.
#[must_use]
pub fn catalog_json() -> serde_json::Value {
    let games: Vec<_> = kraal_session::GAMES
        .iter()
        .map(|(name, about)| {
            let family = if *name == "morabaraba" {
                "mill"
            } else {
                "mancala"
            };
            let rule_sets: Vec<_> = kraal_session::rule_sets_of(name)
                .into_iter()
                .map(|(n, d)| serde_json::json!({"name": n, "description": d}))
                .collect();
            serde_json::json!({
                "name": name, "about": about, "family": family, "rule_sets": rule_sets,
            })
        })
        .collect();
    let opponents: Vec<_> = kraal_ai::opponents::OPPONENTS
        .iter()
        .map(|o| {
            serde_json::json!({
                "level": o.level,
                "name": o.name,
                "mill": o.describe(true),
                "mancala": o.describe(false),
            })
        })
        .collect();
    serde_json::json!({
        "protocol": kraal_protocol::PROTOCOL_VERSION,
        "games": games,
        "opponents": opponents,
    })
}

async fn catalog() -> Response {
    json(&catalog_json(), StatusCode::OK)
}

/// Which rules `/api/rules` is asked for.
#[derive(Deserialize)]
struct RulesQuery {
    game: String,
    #[serde(default)]
    rules: Option<String>,
}

/// The rules of a game (and rule set) in plain words, or why there are none.
///
/// # Errors
/// The game or rule set is unknown (the message names the known ones).
pub fn rules_json(game: &str, rules: Option<&str>) -> Result<serde_json::Value, String> {
    let resolved =
        kraal_session::resolve(game, rules, &[] as &[&str]).map_err(|e| e.to_string())?;
    let text = kraal_front::lessons::rules_text(&resolved);
    Ok(serde_json::json!({
        "game": resolved.game_name(),
        "rules": resolved.rule_set_name(),
        "title": text.title,
        "about": text.about,
        "paragraphs": text.paragraphs,
        "differences": text.differences,
    }))
}

async fn rules(query: Result<Query<RulesQuery>, QueryRejection>) -> Response {
    let Ok(Query(query)) = query else {
        return json(
            &serde_json::json!({"error": "say which game: /api/rules?game=oware"}),
            StatusCode::BAD_REQUEST,
        );
    };
    match rules_json(&query.game, query.rules.as_deref()) {
        Ok(value) => json(&value, StatusCode::OK),
        Err(error) => json(
            &serde_json::json!({ "error": error }),
            StatusCode::NOT_FOUND,
        ),
    }
}

/// `GET /api/daily?game=G[&date=YYYY-MM-DD]`: the day's puzzle at its start.
async fn daily_get(
    State(server): State<Arc<Server>>,
    query: Result<Query<daily::Ask>, QueryRejection>,
) -> Response {
    let Ok(Query(ask)) = query else {
        return json(
            &serde_json::json!({"error": "say which game: /api/daily?game=oware"}),
            StatusCode::BAD_REQUEST,
        );
    };
    daily_answer(
        &server,
        Ask {
            moves: Vec::new(),
            ..ask
        },
    )
    .await
}

/// `POST /api/daily` with a JSON [`daily::Ask`]: a move judged, or the solution.
async fn daily_post(
    State(server): State<Arc<Server>>,
    body: Result<axum::Json<daily::Ask>, JsonRejection>,
) -> Response {
    match body {
        Ok(axum::Json(ask)) => daily_answer(&server, ask).await,
        Err(e) => json(
            &serde_json::json!({"error": format!("the request does not read: {}", e.body_text())}),
            StatusCode::BAD_REQUEST,
        ),
    }
}

/// Answers on a blocking thread (the prover judges the moves).
async fn daily_answer(server: &Server, ask: Ask) -> Response {
    let today = daily::day_of(server.time.now_ms());
    let answered = tokio::task::spawn_blocking(move || {
        daily::shipped().and_then(|puzzles| daily::answer(&ask, today, puzzles))
    })
    .await;
    match answered {
        Ok(Ok(answer)) => match serde_json::to_value(&answer) {
            Ok(value) => json(&value, StatusCode::OK),
            Err(e) => json(
                &serde_json::json!({"error": e.to_string()}),
                StatusCode::INTERNAL_SERVER_ERROR,
            ),
        },
        Ok(Err(e)) => json(
            &serde_json::json!({"error": e.to_string()}),
            StatusCode::from_u16(e.status()).unwrap_or(StatusCode::BAD_REQUEST),
        ),
        Err(e) => json(
            &serde_json::json!({"error": format!("the puzzle could not be judged: {e}")}),
            StatusCode::INTERNAL_SERVER_ERROR,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_its_assets_under_the_key_and_every_import_is_embedded() {
        let page = index_html();
        assert!(page.contains(&format!("/assets/{}/app.js", asset_key())));
        assert!(!page.contains("{{ASSETS}}"));
        // Every `from "./x.js"` in a module names an embedded file (no missing module).
        for asset in ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
            for part in asset.body.split("from \"./").skip(1) {
                let name = &part[..part.find('"').expect("a closing quote")];
                assert!(
                    ASSETS.iter().any(|a| a.name == name),
                    "{} imports {name}, which is not embedded",
                    asset.name
                );
            }
        }
    }

    #[test]
    fn nothing_comes_from_another_site() {
        for body in ASSETS.iter().map(|a| a.body).chain([INDEX]) {
            // The SVG namespace is a name, not a fetch.
            let body = body.replace("http://www.w3.org/2000/svg", "");
            assert!(!body.contains("https://"), "an address outside the server");
            assert!(!body.contains("http://"), "an address outside the server");
        }
    }

    #[test]
    fn the_catalog_lists_every_game_and_the_seven_opponents() {
        let catalog = catalog_json();
        let games = catalog["games"].as_array().expect("games");
        let names: Vec<&str> = games.iter().filter_map(|g| g["name"].as_str()).collect();
        assert_eq!(names, ["morabaraba", "oware", "mulabalaba"]);
        assert_eq!(catalog["opponents"].as_array().map(Vec::len), Some(7));
        assert_eq!(catalog["opponents"][0]["name"], "Calf");
    }

    #[test]
    fn unknown_rules_say_what_is_wrong() {
        assert!(rules_json("oware", None).is_ok());
        let error = rules_json("chess", None).expect_err("no chess");
        assert!(error.contains("chess"), "{error}");
    }
}
