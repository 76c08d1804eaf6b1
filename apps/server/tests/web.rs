//! The browser page's routes over real HTTP (issue 19): content types, cache headers, the
//! content security policy, the catalog and the rules, and the errors in words.

mod common;

use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A response: status, headers (names lower-cased) and body.
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// GET `path` with HTTP/1.1 and `Connection: close`, read to the end.
async fn get(addr: std::net::SocketAddr, path: &str) -> Response {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    exchange(addr, &request).await
}

/// POST `body` (JSON) to `path`.
async fn post(addr: std::net::SocketAddr, path: &str, body: &str) -> Response {
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(addr, &request).await
}

/// Sends a whole request and reads the response to the end.
async fn exchange(addr: std::net::SocketAddr, request: &str) -> Response {
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    tcp.write_all(request.as_bytes()).await.expect("sends");
    let mut raw = Vec::new();
    tcp.read_to_end(&mut raw).await.expect("reads");
    let text = String::from_utf8(raw).expect("utf-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(n, v)| (n.to_ascii_lowercase(), v.to_owned()))
        .collect();
    Response {
        status,
        headers,
        body: body.to_owned(),
    }
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_types_and_cache_headers() {
    let time = manual_time();
    let server = start(&sqlite_url("web-routes"), &time).await;
    let addr = server.addr;

    let page = get(addr, "/").await;
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    let policy = page.header("content-security-policy").expect("a policy");
    assert!(policy.contains("default-src 'self'"), "{policy}");
    // The page names its files under the assets' key: /assets/KEY/app.js.
    let start = page.body.find("/assets/").expect("an asset path");
    let key = page.body[start + "/assets/".len()..]
        .split('/')
        .next()
        .expect("a key")
        .to_owned();
    assert_eq!(key.len(), 12, "{key}");
    assert!(page.body.contains(&format!("/assets/{key}/app.js")));

    let script = get(addr, &format!("/assets/{key}/app.js")).await;
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(
        script.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert!(script.body.contains("import"));
    let css = get(addr, &format!("/assets/{key}/style.css")).await;
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    // An old page's key gets today's file, not to be kept.
    let old = get(addr, "/assets/000000000000/app.js").await;
    assert_eq!(old.status, 200);
    assert_eq!(old.header("cache-control"), Some("no-cache"));
    let missing = get(addr, &format!("/assets/{key}/nothing.js")).await;
    assert_eq!(missing.status, 404);
    server.kill().await;
}

#[tokio::test]
async fn the_catalog_and_the_rules_are_json_and_unknown_rules_say_why() {
    let time = manual_time();
    let server = start(&sqlite_url("web-api"), &time).await;
    let addr = server.addr;

    let catalog = get(addr, "/api/catalog").await;
    assert_eq!(catalog.status, 200);
    assert_eq!(catalog.header("content-type"), Some("application/json"));
    let json: serde_json::Value = serde_json::from_str(&catalog.body).expect("json");
    let opponents: Vec<&str> = json["opponents"]
        .as_array()
        .expect("opponents")
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    // The seven opponents, weakest first (docs/ai.md).
    assert_eq!(
        opponents,
        [
            "Calf",
            "Herd Boy",
            "Herder",
            "Kraal Keeper",
            "Elder",
            "Chief",
            "Ancestor"
        ]
    );

    let rules = get(addr, "/api/rules?game=oware&rules=abapa").await;
    assert_eq!(rules.status, 200);
    let json: serde_json::Value = serde_json::from_str(&rules.body).expect("json");
    assert_eq!(json["game"], "oware");
    assert!(json["paragraphs"].as_array().is_some_and(|p| {
        p.iter()
            .any(|t| t.as_str().is_some_and(|t| t.contains("house")))
    }));

    let unknown = get(addr, "/api/rules?game=chess").await;
    assert_eq!(unknown.status, 404);
    let json: serde_json::Value = serde_json::from_str(&unknown.body).expect("json");
    assert!(
        json["error"].as_str().is_some_and(|e| e.contains("chess")),
        "{json}"
    );
    let bare = get(addr, "/api/rules").await;
    assert_eq!(bare.status, 400);
    assert!(bare.body.contains("say which game"), "{}", bare.body);
    server.kill().await;
}

/// The tag `tag` of puzzle `id` in the shipped pack `pack` (`data/puzzles/`), read from the
/// file itself: the expected answers come from the pack, not from the server.
fn pack_tag(pack: &str, id: &str, tag: &str) -> String {
    let path = format!("{}/../../data/puzzles/{pack}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the pack");
    let block = text
        .split("\n\n")
        .find(|b| b.contains(&format!("[Id \"{id}\"]")))
        .expect("the puzzle in its pack");
    let start = format!("[{tag} \"");
    let line = block
        .lines()
        .find(|l| l.starts_with(&start))
        .expect("the tag");
    line[start.len()..line.len() - 2].to_owned()
}

fn json_of(r: &Response) -> serde_json::Value {
    serde_json::from_str(&r.body).expect("json")
}

/// The daily puzzle's JSON (`/api/daily`): a wrong move refuted, the right ones answered and
/// solved, the solution, and bad requests refused in words. The server's clock stands at
/// 2027-01-15; the day asked for is pinned.
#[tokio::test]
async fn the_daily_puzzle_judges_moves_against_the_packs_solution() {
    let time = manual_time();
    let server = start(&sqlite_url("web-daily"), &time).await;
    let addr = server.addr;
    let date = "2026-12-01";

    let start = get(addr, &format!("/api/daily?game=mulabalaba&date={date}")).await;
    assert_eq!(start.status, 200, "{}", start.body);
    assert_eq!(start.header("content-type"), Some("application/json"));
    let puzzle = json_of(&start);
    let id = puzzle["id"].as_str().expect("an id").to_owned();
    assert_eq!(puzzle["date"], date);
    assert_eq!(puzzle["today"], false, "the server's day is 2027-01-15");
    assert_eq!(puzzle["over"], false);
    let line: Vec<String> = pack_tag("mulabalaba.txt", &id, "Solution")
        .split(' ')
        .map(str::to_owned)
        .collect();
    let side = pack_tag("mulabalaba.txt", &id, "Side");
    assert_eq!(
        puzzle["you"],
        if side == "north" { "second" } else { "first" }
    );
    assert_eq!(puzzle["position"]["type"], "position");
    assert_eq!(puzzle["board"]["family"], "mancala");
    let legal: Vec<String> = puzzle["position"]["legal"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_owned())
        .collect();
    assert!(legal.contains(&line[0]), "{legal:?} {line:?}");
    assert!(line.len() >= 3, "a puzzle of two moves at least: {line:?}");

    let ask = |moves: &[&str], solution: bool| {
        let moves: Vec<_> = moves
            .iter()
            .map(|m| serde_json::json!({ "mancala": m }))
            .collect();
        serde_json::json!({"game": "mulabalaba", "date": date, "moves": moves, "solution": solution})
            .to_string()
    };
    // A wrong first move: not that, with the answer that refutes it; nothing is kept.
    let wrong = legal.iter().find(|m| **m != line[0]).expect("another move");
    let answer = json_of(&post(addr, "/api/daily", &ask(&[wrong], false)).await);
    assert_eq!(answer["verdict"]["verdict"], "wrong", "{answer}");
    assert!(
        answer["said"]
            .as_str()
            .is_some_and(|s| s.starts_with("not that: ") && s.ends_with("Try again.")),
        "{answer}"
    );
    assert_eq!(answer["played"], serde_json::json!([]));
    assert_eq!(answer["accepted"], serde_json::json!([]));
    assert!(answer.get("just_played").is_none(), "nothing was played");
    assert_eq!(answer["over"], false);

    // The pack's first move: right, and the defender's reply is the pack's.
    let answer = json_of(&post(addr, "/api/daily", &ask(&[&line[0]], false)).await);
    assert_eq!(answer["verdict"]["verdict"], "right", "{answer}");
    assert_eq!(answer["verdict"]["reply"], line[1].as_str());
    assert_eq!(answer["played"], serde_json::json!(line[..2]));
    // Both plies, taken apart for the animation: each a sowing with its steps, lifted first.
    let just: Vec<&str> = answer["just_played"]
        .as_array()
        .expect("the plies just played")
        .iter()
        .filter_map(|p| p["mv"]["text"].as_str())
        .collect();
    assert_eq!(just, line[..2]);
    assert_eq!(answer["just_played"][0]["steps"][0]["step"], "lift");
    assert_eq!(
        answer["just_played"][1]["by"],
        if side == "north" { "first" } else { "second" }
    );
    assert_eq!(
        answer["position"]["ply"], 2,
        "two plies from the puzzle's start"
    );
    let legal_now: Vec<&str> = answer["position"]["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert!(legal_now.contains(&line[2].as_str()), "{legal_now:?}");

    // Then its second: solved, and no more moves are offered.
    let answer = json_of(&post(addr, "/api/daily", &ask(&[&line[0], &line[2]], false)).await);
    assert_eq!(answer["verdict"]["verdict"], "solved", "{answer}");
    assert_eq!(answer["over"], true);
    assert_eq!(answer["position"]["legal"], serde_json::json!([]));

    // The solution, asked for at the start: the pack's line.
    let answer = json_of(&post(addr, "/api/daily", &ask(&[], true)).await);
    assert_eq!(answer["solution"], serde_json::json!(line), "{answer}");
    assert_eq!(answer["over"], true);

    // A page that claims a wrong move was accepted is told to start again.
    let r = post(addr, "/api/daily", &ask(&[wrong, &line[2]], false)).await;
    assert_eq!(r.status, 400);
    assert!(
        json_of(&r)["error"]
            .as_str()
            .is_some_and(|e| e.contains("move 1")),
        "{}",
        r.body
    );

    // Bad requests, in words.
    let r = get(addr, "/api/daily?game=chess").await;
    assert_eq!(r.status, 400);
    assert!(
        json_of(&r)["error"]
            .as_str()
            .is_some_and(|e| e.contains("chess")),
        "{}",
        r.body
    );
    let r = get(addr, "/api/daily?game=oware&date=2026-02-30").await;
    assert_eq!(r.status, 400);
    assert!(
        json_of(&r)["error"]
            .as_str()
            .is_some_and(|e| e.contains("2026-02-30")),
        "{}",
        r.body
    );
    let r = get(addr, "/api/daily?game=oware&date=2027-01-16").await;
    assert_eq!(r.status, 404, "the day after the server's today");
    assert!(
        json_of(&r)["error"]
            .as_str()
            .is_some_and(|e| e.contains("not out yet")),
        "{}",
        r.body
    );
    let r = get(addr, "/api/daily").await;
    assert_eq!(r.status, 400);
    let r = post(addr, "/api/daily", "{\"game\": 3}").await;
    assert_eq!(r.status, 400);
    assert!(
        json_of(&r)["error"]
            .as_str()
            .is_some_and(|e| e.contains("does not read")),
        "{}",
        r.body
    );
    server.kill().await;
}
