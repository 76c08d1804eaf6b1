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
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
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
