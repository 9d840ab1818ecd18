//! The `explore` command line, for any [`Registry`]: the server, or a static page with one run
//! inside. The `explore` binary is [`main`] on the built-in puzzles; a program that adds its own
//! puzzle is the same line on its own registry.
//!
//! ```text
//! explore [--port N] [--bind ADDR] [--open]
//! explore --export PAGE.html --puzzle sliding --instance "1 4 2 3 7 5 6 8 0" --algorithm ida
//! ```

use std::ffi::OsString;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use crate::server::{self, App};
use crate::{Options, Registry};

/// Watch IDA* think: a page that steps through real runs of search-core's drivers.
#[derive(Parser, Debug)]
#[command(name = "explore", version)]
struct Args {
    /// The port to listen on; 0 (the default) picks a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// The address to listen on. Anything but loopback lets other machines run searches here.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Opens the page in the default browser (with xdg-open).
    #[arg(long)]
    open: bool,
    /// Writes one self-contained page with a run inside to this file, and exits.
    #[arg(long, value_name = "PAGE.html")]
    export: Option<std::path::PathBuf>,
    /// The puzzle of the exported run (sliding, rotation, wall-pusher, pancake, pocket-cube, or one added).
    #[arg(long, requires = "export")]
    puzzle: Option<String>,
    /// The exported run's instance, in the puzzle program's input format.
    #[arg(long, requires = "export")]
    instance: Option<String>,
    /// The exported run's algorithm (ida, iddfs, bts, bfs, ucs, astar).
    #[arg(long, requires = "export", default_value = "ida")]
    algorithm: String,
    /// The exported run's heuristic; the puzzle's default if not given.
    #[arg(long, requires = "export")]
    heuristic: Option<String>,
    /// The most events recorded.
    #[arg(long, default_value_t = crate::trace::DEFAULT_EVENT_CAP)]
    cap: u64,
}

/// The `explore` program on `registry`'s puzzles, reading the process's arguments: exit status
/// 0, or 2 with a message on standard error.
#[must_use]
pub fn main(registry: Registry) -> ExitCode {
    match execute(registry, &Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("explore: {message}");
            ExitCode::from(2)
        }
    }
}

/// The `explore` program on `registry`'s puzzles with the arguments `args` (the program's name
/// first): serves until the process ends, or writes the export and returns.
///
/// # Errors
///
/// The message `main` prints: bad arguments, a malformed instance, a file not written, a port
/// not listened on.
pub fn run<I, T>(registry: Registry, args: I) -> Result<(), String>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    execute(registry, &Args::try_parse_from(args).map_err(|e| e.to_string())?)
}

fn execute(registry: Registry, args: &Args) -> Result<(), String> {
    match &args.export {
        Some(path) => export(&registry, args, path),
        None => serve(registry, args),
    }
}

fn export(registry: &Registry, args: &Args, path: &Path) -> Result<(), String> {
    let name = args.puzzle.as_deref().ok_or("--export needs --puzzle")?;
    let instance = args.instance.as_deref().ok_or("--export needs --instance")?;
    let entry = registry.get(name).ok_or_else(|| {
        let names: Vec<&str> = registry.iter().map(crate::Entry::name).collect();
        format!("no puzzle '{name}': the explorer has {}", names.join(", "))
    })?;
    let heuristic = match &args.heuristic {
        Some(h) => h.clone(),
        None => entry.heuristic_names()[0].clone(),
    };
    let mut trace = Vec::new();
    let options = Options { cap: args.cap, ..Options::default() };
    let algorithm: search_cli::Algorithm = args.algorithm.parse().map_err(|e| format!("{e}"))?;
    let summary = entry
        .run(instance, algorithm, &heuristic, &options, &mut trace)
        .map_err(|e| format!("{name} instance {instance:?}: {e}"))?;
    let trace = String::from_utf8(trace).map_err(|e| e.to_string())?;
    let page = crate::export::page(&trace).map_err(|e| e.to_string())?;
    std::fs::write(path, page).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    // Counted as the page counts them: every line after the header, the stats line included.
    let events = trace.lines().filter(|line| !line.trim().is_empty()).count().saturating_sub(1);
    eprintln!(
        "wrote {} ({} events, {}{})",
        path.display(),
        events,
        summary.outcome,
        summary.cost.map(|c| format!(", cost {c}")).unwrap_or_default()
    );
    Ok(())
}

/// The warning for listening on `address`, unless it is loopback.
fn bind_warning(address: IpAddr) -> Option<String> {
    (!address.is_loopback()).then(|| {
        format!(
            "warning: listening on {address}, not loopback: anyone who can reach this machine \
             can start searches on it"
        )
    })
}

fn serve(registry: Registry, args: &Args) -> Result<(), String> {
    if let Some(warning) = bind_warning(args.bind) {
        eprintln!("explore: {warning}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.bind, args.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", args.bind, args.port))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        let host = if address.ip().is_unspecified() {
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        } else {
            address.ip()
        };
        let url = format!("http://{}/", SocketAddr::new(host, address.port()));
        println!("explorer: {url}");
        if args.open {
            match std::process::Command::new("xdg-open").arg(&url).spawn() {
                Ok(_) => {}
                Err(e) => eprintln!("explore: could not open a browser ({e}); open {url} yourself"),
            }
        }
        server::serve(listener, App::new(registry))
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_goes_without_a_warning() {
        assert_eq!(bind_warning(IpAddr::V4(Ipv4Addr::LOCALHOST)), None);
        assert_eq!(bind_warning("::1".parse().unwrap()), None);
        let warning = bind_warning("0.0.0.0".parse().unwrap()).unwrap();
        assert!(warning.starts_with("warning: listening on 0.0.0.0, not loopback"), "{warning}");
        assert!(bind_warning("192.0.2.1".parse().unwrap()).is_some());
    }

    #[test]
    fn an_export_of_a_puzzle_not_registered_names_the_ones_that_are() {
        let out = std::env::temp_dir().join("explorer-cli-never-written.html");
        let file = out.to_str().unwrap();
        let args = ["explore", "--export", file, "--puzzle", "chess", "--instance", "e4"];
        let error = run(Registry::builtin(), args).unwrap_err();
        let names = "sliding, rotation, wall-pusher, pancake, pocket-cube";
        assert_eq!(error, format!("no puzzle 'chess': the explorer has {names}"));
        assert!(!out.exists());
    }
}
