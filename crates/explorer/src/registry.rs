//! The puzzles the explorer offers: a [`Registry`] of programs' [`Puzzle`]s, each hosted as an
//! [`Entry`], and the built-in ones, the examples' programs.

use search_cli::Puzzle;
use search_cli::explore::Register;
use search_core::Problem;

use crate::hosted::{Entry, Hosted};

/// The puzzles the explorer offers, in the order the page lists them.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Box<dyn Entry>>,
}

impl Registry {
    /// No puzzles.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The examples' programs, as their library lists them ([`ida_examples::puzzles::builtin`]):
    /// the sliding puzzles, the Rotation Game, the Wall Pushers, the tutorial's pancake puzzle
    /// and the pocket cube.
    #[must_use]
    pub fn builtin() -> Self {
        let mut registry = Self::new();
        ida_examples::puzzles::builtin(&mut registry);
        registry
    }

    /// Adds `puzzle`, a program's [`Puzzle`], listed by its [`Puzzle::NAME`]. The tutorial's
    /// pancake program (`docs/adding-a-puzzle.md`, built from `tests/outside-program`'s file) on
    /// the page's path:
    ///
    /// ```
    /// use explorer::{Entry, Registry};
    /// use ida_examples::puzzles::pancakes::Program;
    ///
    /// let registry = Registry::new().with(Program);
    /// let pancakes = registry.get("pancake").unwrap();
    /// assert_eq!(pancakes.heuristic_names(), ["gaps", "zero"]);
    /// assert_eq!(pancakes.check("1 x 0").unwrap_err(), r#"case 1: "x" is not a pancake's size"#);
    ///
    /// // A run as the page receives it: a header, the driver's events, the driver's statistics
    /// // last. Four pancakes have 24 arrangements, few enough for the header to carry them all.
    /// let mut trace = Vec::new();
    /// let astar = search_cli::Algorithm::Astar;
    /// let run = pancakes.run("3 1 2 0", astar, "gaps", &Default::default(), &mut trace).unwrap();
    /// assert_eq!((run.outcome, run.cost), ("solved", Some(4)));
    /// let trace = String::from_utf8(trace).unwrap();
    /// let header: serde_json::Value = serde_json::from_str(trace.lines().next().unwrap()).unwrap();
    /// assert_eq!(header["graph"]["states"].as_array().unwrap().len(), 24);
    /// assert_eq!(header["graph"]["states"][0], "3 1 2 0");
    /// let stats: serde_json::Value = serde_json::from_str(trace.lines().last().unwrap()).unwrap();
    /// assert_eq!(stats["generated"], run.generated);
    ///
    /// // `explore --export` writes a page with the run inside, for a course's website.
    /// let page = std::env::temp_dir().join(format!("pancakes-{}.html", std::process::id()));
    /// let args = ["explore", "--export", page.to_str().unwrap(), "--puzzle", "pancake"];
    /// explorer::cli::run(registry, args.into_iter().chain(["--instance", "3 1 2 0"])).unwrap();
    /// let html = std::fs::read_to_string(&page).unwrap();
    /// assert!(html.contains(r#""puzzle":"pancake""#));
    /// std::fs::remove_file(page).unwrap();
    /// ```
    #[must_use]
    pub fn with<Z>(mut self, puzzle: Z) -> Self
    where
        Z: Puzzle + Send + 'static,
        <Z::Problem as Problem>::State: 'static,
    {
        self.register(puzzle);
        self
    }

    /// The puzzle called `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&dyn Entry> {
        self.entries.iter().find(|e| e.name() == name).map(AsRef::as_ref)
    }

    /// Every puzzle.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Entry> {
        self.entries.iter().map(AsRef::as_ref)
    }
}

impl Register for Registry {
    fn register<Z>(&mut self, puzzle: Z)
    where
        Z: Puzzle + Send + 'static,
        <Z::Problem as Problem>::State: 'static,
    {
        self.entries.push(Box::new(Hosted::new(puzzle)));
    }
}
