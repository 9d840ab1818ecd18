//! The web server: the embedded page, the list of puzzles, and runs streamed as traces.
//!
//! | route | what it answers |
//! |---|---|
//! | `GET /`, `GET /{file}` | the page's embedded files ([`crate::assets`]) |
//! | `GET /api/puzzles` | the puzzles (names, heuristics, presets), the algorithms, the default cap |
//! | `GET /api/random?puzzle=&size=&shape=&moves=&seed=` | a random instance, `{"instance": text, "distance": n}` |
//! | `POST /api/run` (JSON), `GET /api/run?...` | a run's trace, streamed as it is recorded |
//! | `GET /api/status` | `{"running": n}`: the searches running now |
//!
//! A run's request names `puzzle`, `instance` (the program's input format), `algorithm`,
//! `heuristic` and optionally `cap` (the event cap). A malformed instance, or a name the puzzle
//! does not know, is answered `400 Bad Request` with the parser's message as plain text, before
//! anything is searched. The search runs on a blocking thread with a cancel flag, set when the
//! client goes away (the response is dropped) or when another run starts: no search is left
//! burning a core. Every run has a node budget ([`node_budget`]), which bounds a best-first
//! driver's memory: past it the trace ends `stopped`, naming the budget. Request bodies are
//! limited to [`MAX_BODY`] bytes.
//!
//! Whom the server serves is the [`Guard`]'s to say (`crate::guard`): a request it refuses is
//! answered `403 Forbidden` before any route sees it. At most [`MAX_SEARCHES`] runs and
//! [`MAX_RANDOM`] random instances are made at once; beyond them the answer is
//! `503 Service Unavailable`. A run's trace goes to the response in whole lines, from the
//! search's blocking thread (`crate::stream`).

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

use crate::{Prepared, Preset, Registry};
use search_cli::Algorithm;

use crate::guard;
pub use crate::guard::Guard;
use crate::run::Options;
use crate::stream::{CancelOnDrop, ChannelWriter, Running};
use crate::trace::DEFAULT_EVENT_CAP;
use crate::{Entry, assets};

/// The largest request body accepted: an instance is a few hundred bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// The largest event cap a request may ask for: a trace the page can still hold.
pub const MAX_CAP: u64 = 5_000_000;

/// How long a streamed trace may go without a byte before the server sends a blank line.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// The runs searching at once, at most; a run asked for beyond them is answered 503. (A new run
/// cancels the one before, so more than one runs only while the one before sees its flag.)
pub const MAX_SEARCHES: usize = 4;
/// The random instances made at once, at most; one asked for beyond them is answered 503.
pub const MAX_RANDOM: usize = 2;

/// The node budget of a best-first run (breadth-first, uniform-cost, A\*): these drivers hold
/// every state they reach, 100 to 450 bytes each with the trace's bookkeeping, so the budget
/// bounds the server's memory to under 512 MB (`docs/performance.md` has the figures).
pub const BEST_FIRST_BUDGET: u64 = 1_000_000;
/// The node budget of a depth-first run (IDA\*, iterative deepening, Budgeted Tree Search), whose
/// memory is its path: minutes of search, so that none runs on unwatched for ever.
pub const DEPTH_FIRST_BUDGET: u64 = 1 << 32;

/// The node budget of a run of `algorithm`.
#[must_use]
pub fn node_budget(algorithm: Algorithm) -> u64 {
    if algorithm.depth_first() { DEPTH_FIRST_BUDGET } else { BEST_FIRST_BUDGET }
}

/// Every driver, in the order the page's menu lists them: the depth-first ones from the
/// textbook's first (IDA\*, then iterative deepening, its blind case), then the best-first ones.
pub const PAGE_ORDER: [Algorithm; 6] = [
    Algorithm::Ida,
    Algorithm::Iddfs,
    Algorithm::Bts,
    Algorithm::Bfs,
    Algorithm::Ucs,
    Algorithm::Astar,
];

/// The server's state: the puzzles, and the runs under way.
pub struct App {
    registry: Registry,
    /// The cancel flag of the latest run: a new run sets it.
    current: Mutex<Option<Arc<AtomicBool>>>,
    running: Arc<AtomicUsize>,
    /// A permit for each run that may search at once.
    searches: Arc<Semaphore>,
    /// A permit for each random instance that may be made at once.
    randoms: Arc<Semaphore>,
}

impl App {
    /// A server offering `registry`'s puzzles.
    #[must_use]
    pub fn new(registry: Registry) -> Arc<Self> {
        Arc::new(App {
            registry,
            current: Mutex::new(None),
            running: Arc::default(),
            searches: Arc::new(Semaphore::new(MAX_SEARCHES)),
            randoms: Arc::new(Semaphore::new(MAX_RANDOM)),
        })
    }

    /// The searches running now: runs, and the searches measuring random instances.
    #[must_use]
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// The routes, on `app`, for a server listening on `address`: every request goes through the
/// [`Guard`] first.
pub fn router(app: Arc<App>, address: SocketAddr) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/puzzles", get(puzzles))
        .route("/api/random", get(random))
        .route("/api/status", get(status))
        .route("/api/run", get(run_get).post(run_post))
        .route("/{*path}", get(file))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(Arc::new(Guard::new(address)), guard::layer))
        .with_state(app)
}

/// Serves `app` on `listener` until the process ends.
///
/// # Errors
///
/// The listener fails.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> io::Result<()> {
    let address = listener.local_addr()?;
    axum::serve(listener, router(app, address)).await
}

fn asset_response(asset: &'static assets::Asset) -> Response {
    ([(header::CONTENT_TYPE, asset.content_type)], asset.bytes).into_response()
}

async fn index() -> Response {
    asset_response(assets::get("index.html").expect("index.html is embedded"))
}

async fn file(Path(path): Path<String>) -> Response {
    match assets::get(&path) {
        Some(asset) => asset_response(asset),
        None => (StatusCode::NOT_FOUND, format!("no file {path}")).into_response(),
    }
}

#[derive(Serialize)]
struct PuzzleInfo {
    name: &'static str,
    heuristics: Vec<String>,
    presets: Vec<Preset>,
    random: bool,
}

#[derive(Serialize)]
struct Listing {
    puzzles: Vec<PuzzleInfo>,
    algorithms: Vec<&'static str>,
    event_cap: u64,
    max_cap: u64,
    /// Each algorithm's node budget, by name.
    node_budgets: serde_json::Map<String, serde_json::Value>,
}

async fn puzzles(State(app): State<Arc<App>>) -> Response {
    let puzzles = app
        .registry
        .iter()
        .map(|entry| PuzzleInfo {
            name: entry.name(),
            heuristics: entry.heuristic_names(),
            presets: entry.presets(),
            random: entry.makes_random(),
        })
        .collect();
    let algorithms = PAGE_ORDER.iter().map(|a| a.name()).collect();
    let node_budgets =
        PAGE_ORDER.iter().map(|&a| (a.name().to_owned(), node_budget(a).into())).collect();
    axum::Json(Listing {
        puzzles,
        algorithms,
        event_cap: DEFAULT_EVENT_CAP,
        max_cap: MAX_CAP,
        node_budgets,
    })
    .into_response()
}

#[derive(Deserialize)]
struct RandomRequest {
    puzzle: String,
    #[serde(default)]
    size: usize,
    /// The board's shape (`3x2`), for a puzzle that has shapes; `size` is then not looked at.
    #[serde(default)]
    shape: Option<String>,
    moves: usize,
    #[serde(default)]
    seed: Option<u64>,
}

/// The most moves a random instance may be asked to be from the goal.
pub const MAX_RANDOM_MOVES: usize = 1000;

async fn random(State(app): State<Arc<App>>, Query(request): Query<RandomRequest>) -> Response {
    if app.registry.get(&request.puzzle).is_none() {
        return bad_request(format!("no puzzle '{}'", request.puzzle));
    }
    if request.moves > MAX_RANDOM_MOVES {
        return bad_request(format!(
            "{} moves is too many: at most {MAX_RANDOM_MOVES}",
            request.moves
        ));
    }
    let Ok(permit) = Arc::clone(&app.randoms).try_acquire_owned() else {
        return busy(&format!("{MAX_RANDOM} random instances are being made"));
    };
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |t| t.as_secs() ^ u64::from(t.subsec_nanos()))
    });
    let worker = Arc::clone(&app);
    let name = request.puzzle.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let running = Running::start(&app.running);
    // The client going away drops this future, and the guard with it: the search stops.
    let _guard = CancelOnDrop(cancel);
    // Measuring the walks searches: off the runtime's threads.
    let made = tokio::task::spawn_blocking(move || {
        let (_permit, _running) = (permit, running);
        let entry = worker.registry.get(&name).ok_or_else(|| format!("no puzzle '{name}'"))?;
        let shape = request.shape.as_deref();
        entry.random(request.size, shape, request.moves, seed, Some(&flag))
    })
    .await
    .unwrap_or_else(|_| Err("making the random instance failed".to_owned()));
    match made {
        Ok(made) => axum::Json(made).into_response(),
        Err(message) => bad_request(message),
    }
}

async fn status(State(app): State<Arc<App>>) -> Response {
    axum::Json(serde_json::json!({ "running": app.running() })).into_response()
}

/// A run's request.
#[derive(Clone, Debug, Deserialize)]
pub struct RunRequest {
    /// The puzzle's name.
    pub puzzle: String,
    /// The start, in the puzzle program's input format.
    pub instance: String,
    /// `ida`, `iddfs`, `bts`, `bfs`, `ucs` or `astar`.
    pub algorithm: String,
    /// The heuristic's name; the puzzle's default when absent.
    #[serde(default)]
    pub heuristic: Option<String>,
    /// The event cap; [`DEFAULT_EVENT_CAP`] when absent.
    #[serde(default)]
    pub cap: Option<u64>,
}

async fn run_get(State(app): State<Arc<App>>, Query(request): Query<RunRequest>) -> Response {
    start_run(&app, &request)
}

async fn run_post(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<RunRequest>,
) -> Response {
    start_run(&app, &request)
}

/// An answer of `status` with `message` as plain text.
fn plain(status: StatusCode, message: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], message).into_response()
}

fn bad_request(message: String) -> Response {
    plain(StatusCode::BAD_REQUEST, message)
}

/// The answer beyond the searches served at once: `what` is under way.
fn busy(what: &str) -> Response {
    let mut answer = plain(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("busy: {what}; try again when one has ended"),
    );
    answer.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
    answer
}

/// Checks `request` against the puzzle, once: the request becomes the puzzle's typed case, the
/// algorithm and the heuristic, ready to run. The message is what the page shows.
fn validate(
    registry: &Registry,
    request: &RunRequest,
) -> Result<(Box<dyn Prepared>, Algorithm), String> {
    let entry = registry.get(&request.puzzle).ok_or_else(|| {
        let names: Vec<&str> = registry.iter().map(Entry::name).collect();
        format!("no puzzle '{}': the explorer has {}", request.puzzle, names.join(", "))
    })?;
    let algorithm: Algorithm = request.algorithm.parse().map_err(|e| format!("{e}"))?;
    let prepared = entry
        .prepare(&request.instance, algorithm, request.heuristic.as_deref())
        .map_err(|e| e.to_string())?;
    Ok((prepared, algorithm))
}

fn start_run(app: &Arc<App>, request: &RunRequest) -> Response {
    let (prepared, algorithm) = match validate(&app.registry, request) {
        Ok(validated) => validated,
        Err(message) => return bad_request(message),
    };
    let permit: OwnedSemaphorePermit = match Arc::clone(&app.searches).try_acquire_owned() {
        Ok(permit) => permit,
        Err(_) => return busy(&format!("{MAX_SEARCHES} runs are searching")),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    if let Some(previous) = app
        .current
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .replace(Arc::clone(&cancel))
    {
        previous.store(true, Ordering::SeqCst);
    }
    let options = Options {
        cap: request.cap.unwrap_or(DEFAULT_EVENT_CAP).clamp(1, MAX_CAP),
        cancel: Some(Arc::clone(&cancel)),
        max_nodes: Some(node_budget(algorithm)),
    };
    let (tx, rx) = mpsc::channel::<Bytes>(16);
    let running = Running::start(&app.running);
    let worker_cancel = Arc::clone(&cancel);
    tokio::task::spawn_blocking(move || {
        let (_running, _permit) = (running, permit);
        let mut out = ChannelWriter::new(tx, worker_cancel);
        // A failure here is the client gone (the search is cancelled): the trace just ends.
        let _ = prepared.run(&options, &mut out);
    });
    let guard = CancelOnDrop(cancel);
    // A search past its event cap writes nothing for a while: a blank line (which readers skip)
    // every second then finds out whether the client is still there.
    let stream = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let bytes = match tokio::time::timeout(HEARTBEAT, rx.recv()).await {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return None,
            Err(_) => Bytes::from_static(b"\n"),
        };
        Some((Ok::<_, Infallible>(bytes), (rx, guard)))
    });
    (
        [
            (header::CONTENT_TYPE, "application/jsonl; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use axum::body::to_bytes;
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    /// The address the tests' router says it listens on.
    const ADDRESS: &str = "127.0.0.1:8123";

    fn app_and_router() -> (Arc<App>, Router) {
        let app = App::new(Registry::builtin());
        (Arc::clone(&app), router(app, ADDRESS.parse().unwrap()))
    }

    /// A GET of `path` with `headers`, on a fresh router: its status and body.
    async fn get(router: Router, path: &str, headers: &[(&str, &str)]) -> (StatusCode, String) {
        let mut request = Request::get(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let answer = router.oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
        let status = answer.status();
        let body = to_bytes(answer.into_body(), usize::MAX).await.unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
    }

    const RUN: &str =
        "/api/run?puzzle=sliding&instance=0%201%202%203%207%205%206%208%204&algorithm=ida";

    #[test]
    fn a_request_naming_another_host_is_refused_and_starts_nothing() {
        runtime().block_on(async {
            let (app, router) = app_and_router();
            for host in [
                "evil.example:8123",
                "127.0.0.1:8124",
                "127.0.0.1",
                "localhost.evil:8123",
                "10.0.0.1:8123",
                "",
            ] {
                let (status, body) = get(router.clone(), RUN, &[("host", host)]).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
                assert!(body.starts_with("forbidden: Host"), "{host}: {body}");
            }
            let (status, body) = get(router.clone(), RUN, &[]).await;
            assert_eq!(
                (status, body.as_str()),
                (StatusCode::FORBIDDEN, "forbidden: no Host: name this server's address")
            );
            assert_eq!(app.running(), 0, "no search was started");
            for host in ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"] {
                let (status, _) = get(router.clone(), "/api/status", &[("host", host)]).await;
                assert_eq!(status, StatusCode::OK, "{host}");
            }
        });
    }

    #[test]
    fn a_request_from_a_page_of_another_origin_is_refused() {
        runtime().block_on(async {
            let (app, router) = app_and_router();
            let host = ("host", ADDRESS);
            for origin in [
                "http://attacker.test:8123",
                "http://127.0.0.1:9999",
                "https://127.0.0.1:8123",
                "null",
                "http://127.0.0.1:8123.evil",
            ] {
                let (status, body) = get(router.clone(), RUN, &[host, ("origin", origin)]).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
                assert!(body.starts_with("forbidden: Origin"), "{origin}: {body}");
            }
            // An image or a link of another site sends no Origin, but says where it is from.
            let (status, body) =
                get(router.clone(), RUN, &[host, ("sec-fetch-site", "cross-site")]).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
            let (status, _) =
                get(router.clone(), RUN, &[host, ("sec-fetch-site", "same-site")]).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            assert_eq!(app.running(), 0, "no search was started");
            // The page itself may be opened from a link anywhere, and its own requests are served.
            let (status, _) =
                get(router.clone(), "/", &[host, ("sec-fetch-site", "cross-site")]).await;
            assert_eq!(status, StatusCode::OK);
            let same =
                [host, ("origin", "http://127.0.0.1:8123"), ("sec-fetch-site", "same-origin")];
            let (status, trace) = get(router.clone(), RUN, &same).await;
            assert_eq!(status, StatusCode::OK);
            assert!(
                trace.trim_end().ends_with('}') && trace.contains(r#""outcome":"solved""#),
                "{trace}"
            );
        });
    }

    #[test]
    fn a_random_size_out_of_range_is_said_to_be() {
        runtime().block_on(async {
            let (_, router) = app_and_router();
            let host = [("host", ADDRESS)];
            let (status, body) =
                get(router.clone(), "/api/random?puzzle=sliding&size=100&moves=6&seed=3", &host)
                    .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let made: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(made["instance"].as_str().unwrap().split(' ').count(), 25, "a 5x5 board");
            assert_eq!(
                made["clamped"],
                "size 100 is out of range (2 to 5, a square board's width): made with size 5"
            );
            let (_, body) = get(
                router.clone(),
                "/api/random?puzzle=pancake&size=1000000&moves=6&seed=3",
                &host,
            )
            .await;
            let made: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(made["instance"].as_str().unwrap().split(' ').count(), 20, "{made}");
            assert_eq!(
                made["clamped"],
                "size 1000000 is out of range (2 to 20, pancakes): made with size 20"
            );
            // A size in range, or none, is made as asked, with nothing to say.
            let (_, body) =
                get(router.clone(), "/api/random?puzzle=pancake&size=9&moves=6&seed=3", &host)
                    .await;
            let made: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(made["instance"].as_str().unwrap().split(' ').count(), 9);
            assert!(made.get("clamped").is_none(), "{made}");
        });
    }

    #[test]
    fn a_random_board_of_a_shape_says_how_far_from_the_goal_it_is() {
        runtime().block_on(async {
            let (_, router) = app_and_router();
            let host = [("host", ADDRESS)];
            let path = "/api/random?puzzle=sliding&shape=3x2&moves=12&seed=3";
            let (status, body) = get(router.clone(), path, &host).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let made: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert!(made["instance"].as_str().unwrap().starts_with("3x2: "), "{made}");
            assert_eq!(made["distance"], 12, "{made}");
            // No 8-puzzle board is more than 31 moves from the goal: asked for 40, the answer
            // says how far the one made is.
            let path = "/api/random?puzzle=sliding&size=3&moves=40&seed=3";
            let (_, body) = get(router.clone(), path, &host).await;
            let made: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert!((20..=31).contains(&made["distance"].as_u64().unwrap()), "{made}");
            // A shape that is no board's is answered 400, saying why.
            let path = "/api/random?puzzle=sliding&shape=9x9&moves=12";
            let (status, body) = get(router.clone(), path, &host).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert_eq!(body, "no 9x9 board: at least 2 columns and 2 rows, at most 25 cells");
        });
    }

    #[test]
    fn a_pocket_cubes_run_answers_in_as_many_moves_as_the_program() {
        runtime().block_on(async {
            let (_, router) = app_and_router();
            let host = [("host", ADDRESS)];
            for instance in [
                ida_examples::puzzles::cube::pocket_page::EIGHT_MOVES,
                "2x2x2: D L' B2 R",
                "R U F2 D'",
            ] {
                let path = format!(
                    "/api/run?puzzle=pocket-cube&instance={}&algorithm=ida&heuristic=bound",
                    instance.replace(' ', "%20").replace('\'', "%27")
                );
                let (status, trace) = get(router.clone(), &path, &host).await;
                assert_eq!(status, StatusCode::OK, "{instance}: {trace}");
                let summary: serde_json::Value =
                    serde_json::from_str(trace.lines().last().unwrap()).unwrap();
                assert_eq!(summary["ev"], "stats", "{instance}");
                assert_eq!(summary["outcome"], "solved", "{instance}: {summary}");
                // The program's answer to the same case (`cube --pocket` solves it so).
                let case = puzzle_cube::cases(instance).next().unwrap().unwrap();
                let case = match case {
                    puzzle_cube::Case::Cube(cube) => {
                        puzzle_cube::Case::Pocket(puzzle_cube::Pocket::of_cube(&cube))
                    }
                    pocket @ puzzle_cube::Case::Pocket(_) => pocket,
                };
                let program = puzzle_cube::solve(&case, || unreachable!("a pocket cube"));
                let moves = summary["moves"].as_array().unwrap();
                assert_eq!(moves.len(), program.moves.len(), "{instance}: {summary}");
                assert_eq!(summary["cost"], program.moves.len(), "{instance}: {summary}");
            }
        });
    }

    /// Pancakes whose heuristic takes a while to say 0: measuring a random stack far from the
    /// goal takes minutes.
    struct SlowPancakes;

    /// No estimate, slowly.
    #[derive(Clone, Copy)]
    struct Slow;

    impl std::fmt::Display for Slow {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("slow")
        }
    }

    impl search_core::Heuristic<Pancakes> for Slow {
        fn estimate(&self, _: &Pancakes, _: &Vec<u8>) -> u8 {
            std::thread::sleep(Duration::from_micros(10));
            0
        }
    }

    use ida_examples::puzzles::pancakes::{self, Pancakes};
    use search_cli::{CaseReportOf, Input, Job, Puzzle, Search};

    impl Puzzle for SlowPancakes {
        const PROGRAM: &'static str = "slow";
        type Problem = Pancakes;
        type Case = Vec<u8>;
        type Answer = String;
        type Heuristic = Slow;
        const HEURISTICS: &'static [Slow] = &[Slow];
        type CaseError = String;
        fn cases(input: Input<'_>) -> impl Iterator<Item = Result<Vec<u8>, String>> {
            pancakes::Program::cases(input)
        }
        fn solve<O: search_core::Observer<Pancakes>>(
            &self,
            stack: &Vec<u8>,
            _: Slow,
            search: Search<'_, Pancakes, O>,
        ) -> CaseReportOf<Self> {
            let report = search.solve(&Pancakes::new(stack.len()), &Slow, stack);
            CaseReportOf::<Self>::from_report(report, |_| String::new())
        }
        fn length(_: &String) -> Option<usize> {
            None
        }
        fn distribute<J: Job<Self>>(&self, stack: &Vec<u8>, _: Slow, job: J) -> J::Output {
            let answer = |_: Option<Vec<usize>>| Ok(String::new());
            job.search(&Pancakes::new(stack.len()), &Slow, stack, &answer)
        }
        fn scramble(&self, size: usize, moves: usize, seed: u64) -> Option<String> {
            pancakes::Program.scramble(size, moves, seed)
        }
    }

    #[test]
    fn a_random_instance_stops_being_made_when_its_client_goes_away() {
        let runtime = runtime();
        let app = App::new(Registry::new().with(SlowPancakes));
        let router = router(Arc::clone(&app), ADDRESS.parse().unwrap());
        let path = "/api/random?puzzle=slow&size=20&moves=30&seed=1";
        let stopped = runtime.block_on(async {
            let request = get(router, path, &[("host", ADDRESS)]);
            // The client waits a while, then goes away (the request's future is dropped).
            assert!(tokio::time::timeout(Duration::from_millis(300), request).await.is_err());
            assert_eq!(app.running(), 1, "the instance is still being measured");
            let left = Instant::now();
            while app.running() > 0 && left.elapsed() < Duration::from_secs(2) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            left.elapsed()
        });
        // A search left running is not waited for.
        runtime.shutdown_background();
        assert!(stopped < Duration::from_secs(2), "the search went on after the client left");
    }

    #[test]
    fn past_the_requests_served_at_once_the_answer_is_busy() {
        runtime().block_on(async {
            let (app, router) = app_and_router();
            let host = [("host", ADDRESS)];
            let _all = Arc::clone(&app.randoms)
                .try_acquire_many_owned(u32::try_from(MAX_RANDOM).unwrap())
                .unwrap();
            let (status, body) =
                get(router.clone(), "/api/random?puzzle=pancake&moves=3", &host).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(
                body,
                "busy: 2 random instances are being made; try again when one has ended"
            );
            let _all = Arc::clone(&app.searches)
                .try_acquire_many_owned(u32::try_from(MAX_SEARCHES).unwrap())
                .unwrap();
            let (status, body) = get(router.clone(), RUN, &host).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(body, "busy: 4 runs are searching; try again when one has ended");
            assert_eq!(app.running(), 0);
        });
    }

    #[test]
    fn random_requests_beyond_the_bound_are_answered_busy_while_others_are_made() {
        let runtime = runtime();
        let app = App::new(Registry::new().with(SlowPancakes));
        let router = router(Arc::clone(&app), ADDRESS.parse().unwrap());
        let slow = "/api/random?puzzle=slow&size=20&moves=30&seed=1";
        let (status, all_running) = runtime.block_on(async {
            let requests: Vec<_> = (0..MAX_RANDOM)
                .map(|_| tokio::spawn(get(router.clone(), slow, &[("host", ADDRESS)])))
                .collect();
            let started = Instant::now();
            while app.running() < MAX_RANDOM && started.elapsed() < Duration::from_secs(5) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            let all_running = app.running() == MAX_RANDOM;
            let (status, _) = get(router.clone(), slow, &[("host", ADDRESS)]).await;
            for request in requests {
                request.abort();
            }
            (status, all_running)
        });
        runtime.shutdown_background();
        assert!(all_running, "{MAX_RANDOM} instances are being made at once");
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    }
}
