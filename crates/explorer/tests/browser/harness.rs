//! What the tests start and stop: the explorer's server (in this process, on a free port) and
//! chromedriver with a headless Chromium session. Each is a guard whose `Drop` stops it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use explorer::Registry;
use explorer::server::App;
use serde_json::{Value, json};

use super::http;

/// One browser at a time: the machine is small, and each test starts its own.
static BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// What a browser test starts: the explorer's server, chromedriver and a 1600x1000 window on the
/// server's page, one such test at a time. Dropped in that order: the window, the browser, the
/// server, then the next test's turn.
pub struct Fixture {
    pub page: Session,
    _driver: Chromedriver,
    pub server: Server,
    _turn: std::sync::MutexGuard<'static, ()>,
}

impl Fixture {
    /// The page at the server's root, loaded (`explorer.ready` settled).
    pub fn new() -> Fixture {
        let turn = BROWSER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let server = Server::start();
        let driver = Chromedriver::start();
        let page = driver.session(1600, 1000);
        page.goto(&server.url("/"));
        page.run("await explorer.ready;", &[]);
        Fixture { page, _driver: driver, server, _turn: turn }
    }

    /// A window with no server, for a page opened from a file: the test's turn, the browser
    /// and the window, to be bound in that order (and so dropped in the reverse).
    pub fn without_server() -> (std::sync::MutexGuard<'static, ()>, Chromedriver, Session) {
        let turn = BROWSER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let driver = Chromedriver::start();
        let page = driver.session(1600, 1000);
        (turn, driver, page)
    }

    /// The page at the server's root with its run form shown, as a page served by the
    /// explorer has it.
    pub fn with_form() -> Fixture {
        let fixture = Fixture::new();
        let shown = fixture.page.run("return !document.getElementById('run-form').hidden;", &[]);
        assert_eq!(shown, true, "a page served by the explorer shows its run form");
        fixture
    }

    /// Opens the page on a server's run, as a link from a lecture's notes gives it:
    /// `/?trace=/api/run?...`; the state once it is read.
    pub fn open_run(&self, run_path: &str) -> Value {
        let url = self.server.url(&format!("/?trace={}", super::encode(run_path)));
        self.page.goto(&url);
        self.page.run("await explorer.ready; return explorer.state();", &[])
    }

    /// Chooses `puzzle` in the form and types `instance` into its box, key by key.
    pub fn enter(&self, puzzle: &str, instance: &str) {
        self.page.click(&format!("#f-puzzle option[value='{puzzle}']"));
        self.page.type_into("#f-instance", instance);
    }

    /// Picks `algorithm` and `heuristic` from their menus and clicks Run; the run's summary
    /// once its trace is read.
    pub fn run_from_form(&self, algorithm: &str, heuristic: &str) -> Value {
        self.page.click(&format!("#f-algorithm option[value='{algorithm}']"));
        self.page.click(&format!("#f-heuristic option[value='{heuristic}']"));
        self.page.click("#f-run");
        self.page.run("return await explorer.formRun();", &[])
    }

    /// The text of the element with `id`.
    pub fn text(&self, id: &str) -> String {
        let script = "return document.getElementById(arguments[0]).textContent;";
        let value = self.page.run(script, &[json!(id)]);
        value.as_str().unwrap_or_default().to_owned()
    }
}

/// The explorer's server on 127.0.0.1 and a free port, on a runtime of its own.
pub struct Server {
    runtime: Option<tokio::runtime::Runtime>,
    pub app: Arc<App>,
    pub port: u16,
}

impl Server {
    pub fn start() -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let app = App::new(Registry::builtin());
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a free port on 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        runtime.spawn(explorer::server::serve(listener, Arc::clone(&app)));
        Server { runtime: Some(runtime), app, port }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Stops the server now (and the connections it serves).
    pub fn stop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_secs(5));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver on a free port, killed (with the browsers it started) when dropped.
pub struct Chromedriver {
    child: Child,
    pub port: u16,
    profile: PathBuf,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Chromedriver {
    pub fn start() -> Chromedriver {
        assert!(
            Path::new(CHROMEDRIVER).exists() && Path::new(CHROMIUM).exists(),
            "the browser tests need Debian's chromium and chromium-driver: run scripts/setup.sh"
        );
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile =
            std::env::temp_dir().join(format!("explorer-browser-{}-{port}", std::process::id()));
        let driver = Chromedriver { child, port, profile };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(answer) = http::request(port, "GET", "/status", None)
                && answer.json()["value"]["ready"] == true
            {
                return driver;
            }
            assert!(Instant::now() < deadline, "chromedriver did not become ready on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A new headless Chromium session, with the flags `scripts/chromium-check.sh` uses.
    pub fn session(&self, width: u32, height: u32) -> Session {
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--window-size={width},{height}"),
            &format!("--user-data-dir={}", self.profile.display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
            "timeouts": {"script": 120_000, "pageLoad": 60_000},
        }}});
        let answer = post(self.port, "/session", &capabilities);
        let id = answer["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}"));
        Session { port: self.port, id: id.to_owned() }
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn post(port: u16, path: &str, body: &Value) -> Value {
    let answer = http::request(port, "POST", path, Some(body.to_string().as_bytes()))
        .unwrap_or_else(|e| panic!("WebDriver POST {path}: {e}"));
    let value = answer.json();
    assert_eq!(answer.status, 200, "WebDriver POST {path}: {value}");
    value["value"].clone()
}

/// The key under which `WebDriver` answers an element's reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A `WebDriver` session: one browser window. Ended when dropped.
pub struct Session {
    port: u16,
    id: String,
}

impl Session {
    pub fn goto(&self, url: &str) {
        post(self.port, &format!("/session/{}/url", self.id), &json!({ "url": url }));
    }

    /// Closes the window, as a person closes the tab (the session ends with its last window).
    pub fn close_window(&self) {
        let path = format!("/session/{}/window", self.id);
        let answer = http::request(self.port, "DELETE", &path, None).expect("WebDriver answers");
        assert_eq!(answer.status, 200, "closing the window: {}", answer.text());
    }

    /// Runs `body` as an async function of `args` in the page and returns what it resolves to.
    pub fn run(&self, body: &str, args: &[Value]) -> Value {
        let script = format!(
            "const done = arguments[arguments.length - 1];\n\
             (async (...args) => {{ {body} }})(...Array.from(arguments).slice(0, -1))\n\
               .then((v) => done({{ ok: v === undefined ? null : v }}), (e) => done({{ error: String(e && e.message || e) }}));"
        );
        let value = post(
            self.port,
            &format!("/session/{}/execute/async", self.id),
            &json!({ "script": script, "args": args }),
        );
        if let Some(error) = value.get("error") {
            panic!("the page's script failed: {error}");
        }
        value["ok"].clone()
    }

    /// Like [`run`](Self::run), but the script's rejection is the result, as `Err`.
    pub fn try_run(&self, body: &str, args: &[Value]) -> Result<Value, String> {
        let wrapped = format!(
            "try {{ return {{ ok: await (async () => {{ {body} }})() }}; }} catch (e) {{ return {{ error: String(e && e.message || e) }}; }}"
        );
        let value = self.run(&wrapped, args);
        match value.get("error") {
            Some(error) => Err(error.as_str().unwrap_or_default().to_owned()),
            None => Ok(value["ok"].clone()),
        }
    }

    /// The first element `css` selects, as `WebDriver` names it.
    fn element(&self, css: &str) -> String {
        let found = post(
            self.port,
            &format!("/session/{}/element", self.id),
            &json!({ "using": "css selector", "value": css }),
        );
        found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_owned()
    }

    /// Clicks the element `css` selects, as a person would (an `<option>` is chosen so).
    pub fn click(&self, css: &str) {
        let element = self.element(css);
        post(self.port, &format!("/session/{}/element/{element}/click", self.id), &json!({}));
    }

    /// Empties the field `css` selects and types `text` into it, key by key.
    pub fn type_into(&self, css: &str, text: &str) {
        let element = self.element(css);
        post(self.port, &format!("/session/{}/element/{element}/clear", self.id), &json!({}));
        post(
            self.port,
            &format!("/session/{}/element/{element}/value", self.id),
            &json!({ "text": text }),
        );
    }

    /// Sets the window's size so that the page's viewport is `width` x `height` CSS pixels.
    pub fn viewport(&self, width: u32, height: u32) {
        let rect = format!("/session/{}/window/rect", self.id);
        post(self.port, &rect, &json!({ "width": width, "height": height }));
        // A window's frame may take some of it: grow the window by what the viewport lacks.
        let inner = self.run("return [innerWidth, innerHeight];", &[]);
        let lack = |i: usize, want: u32| {
            want + (want.saturating_sub(u32::try_from(inner[i].as_u64().unwrap()).unwrap()))
        };
        let (w, h) = (lack(0, width), lack(1, height));
        if (w, h) != (width, height) {
            post(self.port, &rect, &json!({ "width": w, "height": h }));
        }
    }

    /// Emulates the system's colour scheme (`dark` or `light`) through the `DevTools` protocol.
    pub fn color_scheme(&self, scheme: &str) {
        let features = json!([{ "name": "prefers-color-scheme", "value": scheme }]);
        post(
            self.port,
            &format!("/session/{}/goog/cdp/execute", self.id),
            &json!({ "cmd": "Emulation.setEmulatedMedia", "params": { "features": features } }),
        );
    }

    /// Presses `key` (a character, or a `WebDriver` key code such as `\u{E00C}` for Escape) on
    /// the page, as the keyboard does.
    pub fn press(&self, key: &str) {
        let actions = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
            { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }
        ]}]});
        post(self.port, &format!("/session/{}/actions", self.id), &actions);
    }

    /// Saves a screenshot of the window as a PNG.
    pub fn screenshot(&self, path: &Path) {
        let answer =
            http::request(self.port, "GET", &format!("/session/{}/screenshot", self.id), None)
                .expect("a screenshot");
        let base64 = answer.json()["value"].as_str().expect("base64 PNG").to_owned();
        let png = decode_base64(&base64);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "the screenshot is a PNG");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = http::request(self.port, "DELETE", &format!("/session/{}", self.id), None);
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> =
        text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0_u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

/// Where screenshots go: `docs/images/` of the repository when `EXPLORER_SCREENSHOTS` is set
/// (to refresh the docs' pictures), else a directory under the target directory.
pub fn screenshot_path(name: &str) -> PathBuf {
    let dir = match std::env::var_os("EXPLORER_SCREENSHOTS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer-screenshots"),
    };
    dir.join(name)
}
