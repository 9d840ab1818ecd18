//! Fuzzing the server's request handling with generated requests, good and bad
//! (docs/fuzzing.md, "The explorer's server"): sent in-process to the router (`oneshot`), no
//! socket, no browser.
//!
//! A request is a method, a path (the routes, near misses, arbitrary text), a query string of
//! the fields the routes read with values good and bad (huge, negative, non-ASCII, markup,
//! percent-encoded bytes that are not UTF-8), a body (JSON run requests, good and bad, or
//! arbitrary bytes), a `Host` (the address listened on, other names, ports, arbitrary text), and
//! perhaps an `Origin` and a `Sec-Fetch-Site`. The contract:
//!
//! - no panic, and an answer, never `500`;
//! - a request whose `Host` or `Origin` is not the server's is answered `403`, and starts nothing;
//! - every answer carries `X-Content-Type-Options: nosniff`; every refusal (4xx, 503) is plain
//!   text;
//! - a run answered `200` is a trace: lines of JSON, a header first, the `stats` line last; a
//!   random instance answered `200` is one the puzzle's parser reads.
//!
//! How many requests a property tries: `PROPTEST_CASES` when set, otherwise [`CASES`].

use std::sync::Arc;

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode};
use explorer::Registry;
use explorer::server::{App, Guard, router};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;
use tower::ServiceExt;

/// Requests a property tries in `cargo test`: each may run a small search.
const CASES: u32 = 300;

/// The address the router is told it listens on.
const ADDRESS: &str = "127.0.0.1:8123";

/// Percent-encodes every byte but the unreserved ones.
fn encode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Small instances, each searched in milliseconds by every driver, and some that are not
/// instances.
const INSTANCES: &[&str] = &[
    "0 1 2 3 7 5 6 8 4",
    "1 0 2 3 4 5 6 7 8",
    "0 2 1 3 4 5 6 7 8",
    "3x2: 3 4 1 2 5 0",
    "3 1 4 0 2",
    "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
    "2 3\n10 2 10 10 2 6\n3 12 11 14 9 4\n13 15 3 6 15 13\n14 11 12 9 14 11\n0 0",
    ida_examples::puzzles::wall_pusher::NO_WAY_OUT,
    "",
    "0 1 2 x",
    "<img src=x onerror=alert(1)>",
    "99999999999999999999999999",
];

/// A value for a field: a good one, or anything.
fn value() -> impl Strategy<Value = Vec<u8>> {
    let known = select(
        &[
            "sliding",
            "pancake",
            "rotation",
            "wall-pusher",
            "chess",
            "ida",
            "iddfs",
            "bts",
            "bfs",
            "ucs",
            "astar",
            "manhattan",
            "gaps",
            "zero",
            "pdb",
            "0",
            "1",
            "3",
            "5",
            "20",
            "21",
            "100",
            "1000",
            "1001",
            "-1",
            "18446744073709551616",
            "1e3",
            "",
            "%",
            "true",
            "null",
            "<script>alert(1)</script>",
        ][..],
    )
    .prop_map(|v| v.as_bytes().to_vec());
    let instance = select(INSTANCES).prop_map(|v| v.as_bytes().to_vec());
    let anything = proptest::collection::vec(any::<u8>(), 0..40);
    prop_oneof![4 => known, 2 => instance, 1 => anything]
}

/// A query string: fields the routes read (and others), some twice, in any order.
fn query() -> impl Strategy<Value = String> {
    let name = select(
        &[
            "puzzle",
            "instance",
            "algorithm",
            "heuristic",
            "cap",
            "size",
            "shape",
            "moves",
            "seed",
            "x",
        ][..],
    );
    let field = (name, value()).prop_map(|(name, value)| format!("{name}={}", encode(&value)));
    let raw = "[ -~]{0,30}";
    // A run's fields and a random instance's, each once and mostly good.
    let run = (
        named(&["sliding", "pancake", "rotation", "wall-pusher"]),
        select(INSTANCES).prop_map(|v| v.as_bytes().to_vec()),
        named(&["ida", "iddfs", "bts", "bfs", "ucs", "astar"]),
        named(&["manhattan", "gaps", "exact", "count", "exit-distance", "zero"]),
        named(&["1", "10", "1000", "5000000", "0"]),
    )
        .prop_map(|(puzzle, instance, algorithm, heuristic, cap)| {
            let fields = [puzzle, instance, algorithm, heuristic, cap].map(|v| encode(&v));
            let names = ["puzzle", "instance", "algorithm", "heuristic", "cap"];
            let pairs: Vec<String> =
                names.iter().zip(fields).map(|(name, value)| format!("{name}={value}")).collect();
            pairs.join("&")
        });
    let random = (
        named(&["sliding", "pancake", "rotation", "wall-pusher"]),
        named(&["0", "2", "3", "100", "1000000", "18446744073709551616"]),
        named(&["0", "1", "5", "12", "1001"]),
        proptest::option::of(named(&["3x2", "2x3", "4x4", "6x5", "1x9", "3by2", ""])),
    )
        .prop_map(|(puzzle, size, moves, shape)| {
            let [p, s, m] = [puzzle, size, moves].map(|v| encode(&v));
            let shape = shape.map(|v| format!("&shape={}", encode(&v))).unwrap_or_default();
            format!("puzzle={p}&size={s}&moves={m}&seed=7{shape}")
        });
    prop_oneof![
        3 => run,
        2 => random,
        2 => proptest::collection::vec(field, 0..7).prop_map(|fields| fields.join("&")),
        1 => raw,
    ]
}

/// One of `names` mostly, or any value.
fn named(names: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![3 => select(names).prop_map(|v| v.as_bytes().to_vec()), 1 => value()]
}

/// A path: a route, a near miss, or anything printable.
fn path() -> impl Strategy<Value = String> {
    let route = select(
        &[
            "/",
            "/api/run",
            "/api/random",
            "/api/puzzles",
            "/api/status",
            "/api/",
            "/api/run/",
            "/js/main.js",
            "/../../etc/passwd",
            "/%2e%2e/Cargo.toml",
            "/index.html",
            "//api/run",
        ][..],
    );
    let raw = "/[!-~]{0,30}".prop_filter("a URI path", |p| !p.contains(['?', '#']));
    (prop_oneof![4 => route.prop_map(str::to_owned), 1 => raw], query())
        .prop_map(|(path, query)| if query.is_empty() { path } else { format!("{path}?{query}") })
}

/// A `Host`: the server's, in each of its names, or another.
fn host() -> impl Strategy<Value = Option<String>> {
    let names = select(
        &[
            "127.0.0.1:8123",
            "localhost:8123",
            "[::1]:8123",
            "LOCALHOST:8123",
            "127.0.0.2:8123",
            "evil.example:8123",
            "127.0.0.1:8124",
            "127.0.0.1",
            "127.0.0.1:",
            ":8123",
            "127.0.0.1:08123",
            "127.0.0.1:+8123",
            "[::1]",
            "[::1:8123",
            "0x7f.1:8123",
            "localhost.:8123",
            "",
        ][..],
    )
    .prop_map(str::to_owned);
    let good =
        select(&["127.0.0.1:8123", "localhost:8123", "[::1]:8123"][..]).prop_map(str::to_owned);
    prop_oneof![
        6 => good.prop_map(Some),
        3 => names.prop_map(Some),
        1 => "[ -~]{0,20}".prop_map(Some),
        1 => Just(None),
    ]
}

/// An `Origin`, or none.
fn origin() -> impl Strategy<Value = Option<String>> {
    let origins = select(
        &[
            "http://127.0.0.1:8123",
            "http://localhost:8123",
            "http://attacker.test:8123",
            "https://127.0.0.1:8123",
            "null",
            "http://127.0.0.1:8123/",
            "file://",
        ][..],
    )
    .prop_map(str::to_owned);
    prop_oneof![6 => Just(None), 2 => origins.prop_map(Some), 1 => "[ -~]{0,20}".prop_map(Some)]
}

/// A body: a run's request as JSON (of good and bad fields), or any bytes.
fn body() -> impl Strategy<Value = Vec<u8>> {
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    let run = (
        named(&["sliding", "pancake", "rotation", "wall-pusher"]),
        select(INSTANCES),
        named(&["ida", "iddfs", "bts", "bfs", "ucs", "astar"]),
        named(&["manhattan", "gaps", "exact", "count", "exit-distance", "zero"]),
        prop_oneof![3 => (0_u64..2000).prop_map(|c| c.to_string().into_bytes()), 1 => value()],
    )
        .prop_map(move |(puzzle, instance, algorithm, heuristic, cap)| {
            let cap: serde_json::Value =
                serde_json::from_slice(&cap).unwrap_or_else(|_| text(cap.clone()).into());
            serde_json::json!({
                "puzzle": text(puzzle), "instance": instance, "algorithm": text(algorithm),
                "heuristic": text(heuristic), "cap": cap,
            })
            .to_string()
            .into_bytes()
        });
    prop_oneof![3 => run, 1 => proptest::collection::vec(any::<u8>(), 0..200), 1 => Just(Vec::new())]
}

/// One request's parts.
#[derive(Debug, Clone)]
struct Fuzzed {
    method: &'static str,
    path: String,
    host: Option<String>,
    origin: Option<String>,
    site: Option<&'static str>,
    json: bool,
    body: Vec<u8>,
}

fn request() -> impl Strategy<Value = Fuzzed> {
    let method =
        select(&["GET", "GET", "GET", "POST", "POST", "PUT", "DELETE", "OPTIONS", "HEAD"][..]);
    let site = select(
        &[
            None,
            None,
            None,
            Some("same-origin"),
            Some("none"),
            Some("same-site"),
            Some("cross-site"),
            Some("x"),
        ][..],
    );
    (method, path(), host(), origin(), site, any::<bool>(), body()).prop_map(
        |(method, path, host, origin, site, json, body)| Fuzzed {
            method,
            path,
            host,
            origin,
            site,
            json,
            body,
        },
    )
}

/// Sends `fuzzed` to a fresh router on `app` and checks the answer against the contract.
async fn check(app: &Arc<App>, fuzzed: &Fuzzed) -> Result<(), TestCaseError> {
    let mut request = Request::builder().method(fuzzed.method).uri(&fuzzed.path);
    for (name, value) in [("host", &fuzzed.host), ("origin", &fuzzed.origin)] {
        if let Some(value) = value {
            request = request.header(name, value);
        }
    }
    if let Some(site) = fuzzed.site {
        request = request.header("sec-fetch-site", site);
    }
    if fuzzed.json {
        request = request.header("content-type", "application/json");
    }
    // A request the HTTP library itself refuses to build never reaches the server.
    let Ok(request) = request.body(Body::from(fuzzed.body.clone())) else { return Ok(()) };
    let address = ADDRESS.parse().unwrap();
    let answer = router(Arc::clone(app), address).oneshot(request).await.unwrap();
    let status = answer.status();
    let headers = answer.headers().clone();
    let body = to_bytes(answer.into_body(), usize::MAX).await.unwrap();
    let body = String::from_utf8_lossy(&body);
    let what = format!("{status} {body:.200}");
    prop_assert!(status != StatusCode::INTERNAL_SERVER_ERROR, "{what}");
    prop_assert_eq!(
        headers.get("x-content-type-options").map(axum::http::HeaderValue::as_bytes),
        Some(&b"nosniff"[..]),
        "{}",
        what
    );
    let host_ok = fuzzed.host.as_deref().is_some_and(servers);
    let origin_ok = fuzzed
        .origin
        .as_deref()
        .is_none_or(|origin| origin.strip_prefix("http://").is_some_and(servers));
    if !host_ok || !origin_ok {
        prop_assert_eq!(status, StatusCode::FORBIDDEN, "{}", what);
    }
    if status.is_client_error() || status == StatusCode::SERVICE_UNAVAILABLE {
        let plain =
            headers.get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"text/plain"));
        prop_assert!(plain || body.is_empty(), "a refusal is plain text: {what} {headers:?}");
    }
    // A HEAD request's answer has no body to check.
    let route = fuzzed.path.split('?').next().unwrap_or_default();
    let route = if fuzzed.method == "HEAD" { "" } else { route };
    if status == StatusCode::OK && route == "/api/run" {
        let lines: Vec<serde_json::Value> = body
            .lines()
            .filter(|line| !line.is_empty())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(format!("a line not JSON ({e}): {what}")))?;
        prop_assert!(lines.first().is_some_and(|h| h.get("format").is_some()), "{what}");
        prop_assert_eq!(&lines.last().unwrap()["ev"], "stats", "{}", what);
    }
    if status == StatusCode::OK && route == "/api/random" {
        let made: serde_json::Value = serde_json::from_str(&body).unwrap();
        let query: Vec<(String, String)> =
            url_pairs(fuzzed.path.split_once('?').map_or("", |(_, q)| q));
        let puzzle = query.iter().find(|(k, _)| k == "puzzle").map(|(_, v)| v.as_str()).unwrap();
        let entry = Registry::builtin();
        prop_assert_eq!(
            entry.get(puzzle).unwrap().check(made["instance"].as_str().unwrap()),
            Ok(())
        );
    }
    Ok(())
}

/// The pairs of a query string, percent-decoded (as `serde_urlencoded` reads them: the first of
/// a field given twice is an error there, so any will do here).
fn url_pairs(query: &str) -> Vec<(String, String)> {
    let decode = |text: &str| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
                (b'%', Some(byte)) => {
                    out.push(byte);
                    i += 3;
                }
                (b'+', _) => {
                    out.push(b' ');
                    i += 1;
                }
                (byte, _) => {
                    out.push(byte);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

/// A request as the page sends it: the server's `Host`, its own origin or none, the routes that
/// search, with fields mostly good.
fn from_the_page() -> impl Strategy<Value = Fuzzed> {
    let route = select(&["/api/run", "/api/random"][..]);
    let host = select(&["127.0.0.1:8123", "localhost:8123", "[::1]:8123"][..]);
    let origin = select(&[None, Some("http://127.0.0.1:8123"), Some("http://localhost:8123")][..]);
    let site = select(&[None, Some("same-origin"), Some("none")][..]);
    let post = any::<bool>();
    (route, query(), host, origin, site, post, body()).prop_map(
        |(route, query, host, origin, site, post, body)| Fuzzed {
            method: if post && route == "/api/run" { "POST" } else { "GET" },
            path: if post { route.to_owned() } else { format!("{route}?{query}") },
            host: Some(host.to_owned()),
            origin: origin.map(str::to_owned),
            site,
            json: true,
            body: if post { body } else { Vec::new() },
        },
    )
}

/// Sends `fuzzed` to a server of its own, checks the answer, and waits for its search to end.
fn answer(fuzzed: &Fuzzed) -> Result<(), TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let app = App::new(Registry::builtin());
    runtime.block_on(check(&app, fuzzed))?;
    // Whatever was asked, nothing is left searching once the answer is read.
    let started = std::time::Instant::now();
    while app.running() > 0 {
        prop_assert!(started.elapsed().as_secs() < 10, "a search outlived its answer: {fuzzed:?}");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Ok(())
}

proptest! {
    #![proptest_config(test_support::fuzz::config(CASES))]

    #[test]
    fn every_request_is_answered_by_the_contract(fuzzed in request()) {
        answer(&fuzzed)?;
    }

    #[test]
    fn every_request_the_page_could_send_is_answered_by_the_contract(fuzzed in from_the_page()) {
        answer(&fuzzed)?;
    }

    #[test]
    fn the_guard_allows_exactly_the_servers_names(authority in authority()) {
        let guard = Guard::new(ADDRESS.parse().unwrap());
        prop_assert_eq!(guard.allows(&authority), servers(&authority), "{:?}", authority);
    }
}

/// Whether `authority` names the server at [`ADDRESS`], by the rule `docs/fuzzing.md` states,
/// written here again: `localhost` (in any case) or a loopback address in digits, and the port.
fn servers(authority: &str) -> bool {
    let Some(host) = authority.strip_suffix(":8123") else { return false };
    let v6 = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
        || v6.and_then(|h| h.parse::<std::net::Ipv6Addr>().ok()).is_some_and(|ip| ip.is_loopback())
}

/// A `host:port`: near the server's names, or anything.
fn authority() -> impl Strategy<Value = String> {
    let host = select(
        &[
            "127.0.0.1",
            "127.1.2.3",
            "127.0.0.01",
            "0177.0.0.1",
            "2130706433",
            "localhost",
            "LOCALHOST",
            "localhost.",
            "[::1]",
            "[0:0:0:0:0:0:0:1]",
            "[::ffff:127.0.0.1]",
            "::1",
            "[::2]",
            "10.0.0.1",
            "evil.example",
            "",
            "[",
            "]",
        ][..],
    );
    let port = select(&[":8123", ":8124", ":08123", ":+8123", "", ":", ":8123:8123", ":80"][..]);
    prop_oneof![
        3 => (host, port).prop_map(|(h, p)| format!("{h}{p}")),
        1 => "[ -~]{0,24}",
        1 => "[ -~]{0,16}:8123",
    ]
}
