//! The web server: the embedded page, the list of puzzles, and runs streamed as traces.
//!
//! | route | what it answers |
//! |---|---|
//! | `GET /`, `GET /{file}` | the page's embedded files ([`crate::assets`]) |
//! | `GET /api/puzzles` | the puzzles (names, heuristics, presets), the algorithms, the default cap |
//! | `GET /api/random?puzzle=&size=&moves=&seed=` | a random instance, `{"instance": text}` |
//! | `POST /api/run` (JSON), `GET /api/run?...` | a run's trace, streamed as it is recorded |
//! | `GET /api/status` | `{"running": n}`: the searches running now |
//!
//! A run's request names `puzzle`, `instance` (the program's input format), `algorithm`,
//! `heuristic` and optionally `cap` (the event cap). A malformed instance, or a name the puzzle
//! does not know, is answered `400 Bad Request` with the parser's message as plain text, before
//! anything is searched. The search runs on a blocking thread with a cancel flag, set when the
//! client goes away (the response is dropped) or when another run starts: no search is left
//! burning a core. Request bodies are limited to [`MAX_BODY`] bytes.

use std::convert::Infallible;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::puzzle::{Preset, Registry};
use crate::run::{Algorithm, Options};
use crate::trace::DEFAULT_EVENT_CAP;
use crate::{Entry, assets};

/// The largest request body accepted: an instance is a few hundred bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// The largest event cap a request may ask for: a trace the page can still hold.
pub const MAX_CAP: u64 = 5_000_000;

/// How long a streamed trace may go without a byte before the server sends a blank line.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// The server's state: the puzzles, and the runs under way.
pub struct App {
    registry: Registry,
    /// The cancel flag of the latest run: a new run sets it.
    current: Mutex<Option<Arc<AtomicBool>>>,
    running: Arc<AtomicUsize>,
}

impl App {
    /// A server offering `registry`'s puzzles.
    #[must_use]
    pub fn new(registry: Registry) -> Arc<Self> {
        Arc::new(App { registry, current: Mutex::new(None), running: Arc::default() })
    }

    /// The searches running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// The routes, on `app`.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/puzzles", get(puzzles))
        .route("/api/random", get(random))
        .route("/api/status", get(status))
        .route("/api/run", get(run_get).post(run_post))
        .route("/{*path}", get(file))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// Serves `app` on `listener` until the process ends.
///
/// # Errors
///
/// The listener fails.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> io::Result<()> {
    axum::serve(listener, router(app)).await
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
    heuristics: Vec<&'static str>,
    presets: Vec<Preset>,
    random: bool,
}

#[derive(Serialize)]
struct Listing {
    puzzles: Vec<PuzzleInfo>,
    algorithms: Vec<&'static str>,
    event_cap: u64,
    max_cap: u64,
}

async fn puzzles(State(app): State<Arc<App>>) -> Response {
    let puzzles = app
        .registry
        .iter()
        .map(|entry| PuzzleInfo {
            name: entry.entry_name(),
            heuristics: entry.heuristic_names(),
            presets: entry.entry_presets(),
            random: entry.random(3, 1, 1).is_some(),
        })
        .collect();
    let algorithms = Algorithm::ALL.iter().map(|a| a.name()).collect();
    axum::Json(Listing { puzzles, algorithms, event_cap: DEFAULT_EVENT_CAP, max_cap: MAX_CAP })
        .into_response()
}

#[derive(Deserialize)]
struct RandomRequest {
    puzzle: String,
    #[serde(default)]
    size: usize,
    moves: usize,
    #[serde(default)]
    seed: Option<u64>,
}

async fn random(State(app): State<Arc<App>>, Query(request): Query<RandomRequest>) -> Response {
    if app.registry.get(&request.puzzle).is_none() {
        return bad_request(format!("no puzzle '{}'", request.puzzle));
    }
    if request.moves > 1000 {
        return bad_request(format!("{} moves is too many: at most 1000", request.moves));
    }
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |t| t.as_secs() ^ u64::from(t.subsec_nanos()))
    });
    let worker = Arc::clone(&app);
    let name = request.puzzle.clone();
    // Measuring the walks searches: off the runtime's threads.
    let made = tokio::task::spawn_blocking(move || {
        worker.registry.get(&name).and_then(|entry| entry.random(request.size, request.moves, seed))
    })
    .await
    .unwrap_or(None);
    match made {
        Some(instance) => axum::Json(serde_json::json!({ "instance": instance })).into_response(),
        None => bad_request(format!("the {} puzzle has no random instances", request.puzzle)),
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
    start_run(&app, request)
}

async fn run_post(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<RunRequest>,
) -> Response {
    start_run(&app, request)
}

fn bad_request(message: String) -> Response {
    (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], message)
        .into_response()
}

/// Checks `request` against the puzzle: the instance parses, the names exist. The message is
/// what the page shows.
fn validate<'r>(
    registry: &'r Registry,
    request: &RunRequest,
) -> Result<(&'r dyn Entry, String), String> {
    let entry = registry.get(&request.puzzle).ok_or_else(|| {
        let names: Vec<&str> = registry.iter().map(Entry::entry_name).collect();
        format!("no puzzle '{}': the explorer has {}", request.puzzle, names.join(", "))
    })?;
    let algorithm: Algorithm = request.algorithm.parse()?;
    entry.check(&request.instance)?;
    let names = entry.heuristic_names();
    let heuristic = request.heuristic.clone().unwrap_or_else(|| names[0].to_owned());
    if algorithm.informed() && !names.contains(&heuristic.as_str()) {
        return Err(format!(
            "the {} puzzle has no heuristic '{heuristic}': it has {}",
            request.puzzle,
            names.join(", ")
        ));
    }
    Ok((entry, heuristic))
}

/// Sets a flag when dropped: the response body holds one, so that a client going away cancels
/// its search.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Counts a search as running while it lives.
struct Running(Arc<AtomicUsize>);

impl Running {
    fn start(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Running(Arc::clone(count))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The trace's bytes, sent to the response in chunks; a send to a response dropped fails, and
/// sets the cancel flag.
struct ChannelWriter {
    tx: mpsc::Sender<Bytes>,
    cancel: Arc<AtomicBool>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.tx.blocking_send(Bytes::copy_from_slice(buf)).is_err() {
            self.cancel.store(true, Ordering::SeqCst);
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the client went away"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn start_run(app: &Arc<App>, request: RunRequest) -> Response {
    let (entry_name, heuristic) = match validate(&app.registry, &request) {
        Ok((entry, heuristic)) => (entry.entry_name(), heuristic),
        Err(message) => return bad_request(message),
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
    };
    let (tx, rx) = mpsc::channel::<Bytes>(16);
    let running = Running::start(&app.running);
    let worker_app = Arc::clone(app);
    let worker_cancel = Arc::clone(&cancel);
    tokio::task::spawn_blocking(move || {
        let _running = running;
        let entry = worker_app.registry.get(entry_name).expect("validated");
        let mut out = ChannelWriter { tx, cancel: worker_cancel };
        // A failure here is the client gone (the search is cancelled) or a request that changed
        // between validation and run, which cannot happen: the trace just ends.
        let _ = entry.run(&request.instance, &request.algorithm, &heuristic, &options, &mut out);
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
