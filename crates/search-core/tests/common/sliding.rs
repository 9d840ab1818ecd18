//! The sliding-tile puzzle on boards of up to 16 cells, with tables precomputed as a fast
//! implementation would: it doubles as the benchmark's puzzle.

use search_core::{Heuristic, Problem};

/// A board: tiles `1..cells`, `0` the blank. The goal is `0 1 2 ...`, blank top-left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [u8; 16],
    pub blank: u8,
}

/// A move of the blank from one cell to a neighbouring one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slide {
    pub from: u8,
    pub to: u8,
}

/// A `width` x `height` puzzle. Blank moves are tried up, left, right, down (Korf's order).
pub struct Sliding {
    pub width: usize,
    pub height: usize,
    /// The blank's moves from each cell, in move order, padded to 4; `moves` lends a slice.
    slides: [[Slide; 4]; 16],
    /// How many of each cell's `slides` are real.
    slide_counts: [u8; 16],
    /// `distance[tile][cell]`: Manhattan distance of `tile` at `cell` from its goal cell.
    ///
    /// Fixed-size tables indexed by values masked with 15, as a fast implementation has them:
    /// no bounds checks in the hot loop, for the generic driver and the hand-written loop alike.
    distance: [[u8; 16]; 16],
}

impl Sliding {
    pub fn new(width: usize, height: usize) -> Self {
        let cells = width * height;
        assert!((2..=16).contains(&cells));
        let neighbours: Vec<Vec<u8>> = (0..cells)
            .map(|cell| {
                let (row, col) = (cell / width, cell % width);
                let mut list = Vec::new();
                if row > 0 {
                    list.push(cell - width);
                }
                if col > 0 {
                    list.push(cell - 1);
                }
                if col + 1 < width {
                    list.push(cell + 1);
                }
                if row + 1 < height {
                    list.push(cell + width);
                }
                list.into_iter().map(|c| u8::try_from(c).unwrap()).collect()
            })
            .collect();
        let mut distance = [[0; 16]; 16];
        for (tile, row) in distance.iter_mut().enumerate().take(cells).skip(1) {
            for (cell, entry) in row.iter_mut().enumerate().take(cells) {
                let d =
                    (tile / width).abs_diff(cell / width) + (tile % width).abs_diff(cell % width);
                *entry = u8::try_from(d).unwrap();
            }
        }
        let mut slides = [[Slide { from: 0, to: 0 }; 4]; 16];
        let mut slide_counts = [0; 16];
        for (from, list) in neighbours.iter().enumerate() {
            for (slot, &to) in list.iter().enumerate() {
                slides[from][slot] = Slide { from: u8::try_from(from).unwrap(), to };
            }
            slide_counts[from] = u8::try_from(list.len()).unwrap();
        }
        Self { width, height, slides, slide_counts, distance }
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// A board from its cells, row by row.
    pub fn board(&self, tiles: &[u8]) -> Board {
        assert_eq!(tiles.len(), self.cells());
        let mut cells = [0; 16];
        cells[..tiles.len()].copy_from_slice(tiles);
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        Board { cells, blank: u8::try_from(blank).unwrap() }
    }

    pub fn goal(&self) -> Board {
        let tiles: Vec<u8> = (0..self.cells()).map(|t| u8::try_from(t).unwrap()).collect();
        self.board(&tiles)
    }

    /// A board `moves` random blank moves away from the goal: always solvable.
    pub fn scrambled(&self, rng: &mut super::Rng, moves: usize) -> Board {
        let mut board = self.goal();
        for _ in 0..moves {
            let options = self.moves(&board);
            let slide = options[rng.below(options.len())];
            self.apply(&mut board, slide);
        }
        board
    }

    /// A uniformly random arrangement, solvable or not.
    pub fn shuffled(&self, rng: &mut super::Rng) -> Board {
        let mut tiles: Vec<u8> = (0..self.cells()).map(|t| u8::try_from(t).unwrap()).collect();
        for i in (1..tiles.len()).rev() {
            tiles.swap(i, rng.below(i + 1));
        }
        self.board(&tiles)
    }

    pub fn manhattan(&self, board: &Board) -> u8 {
        (0..self.cells()).map(|cell| self.distance[usize::from(board.cells[cell]) & 15][cell]).sum()
    }
}

impl Problem for Sliding {
    type State = Board;
    type Move = Slide;
    type Cost = u8;

    type Moves<'a> = &'a [Slide];

    #[inline]
    fn moves(&self, board: &Board) -> &[Slide] {
        let blank = usize::from(board.blank) & 15;
        &self.slides[blank][..usize::from(self.slide_counts[blank]) & 7]
    }

    #[inline]
    fn apply(&self, board: &mut Board, slide: Slide) {
        let (from, to) = (usize::from(slide.from) & 15, usize::from(slide.to) & 15);
        board.cells[from] = board.cells[to];
        board.cells[to] = 0;
        board.blank = slide.to;
    }

    #[inline]
    fn undo(&self, board: &mut Board, slide: Slide) {
        let (from, to) = (usize::from(slide.from) & 15, usize::from(slide.to) & 15);
        board.cells[to] = board.cells[from];
        board.cells[from] = 0;
        board.blank = slide.from;
    }

    #[inline]
    fn inverse(&self, slide: Slide) -> Option<Slide> {
        Some(Slide { from: slide.to, to: slide.from })
    }

    /// All of a board's moves start from the blank's cell: comparing destinations is enough.
    #[inline]
    fn may_follow(&self, previous: Slide, mv: Slide) -> bool {
        mv.to != previous.from
    }

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        board.cells[..self.cells()]
            .iter()
            .enumerate()
            .all(|(cell, &tile)| usize::from(tile) == cell)
    }
}

/// The Manhattan distance, updated by the one tile each move shifts.
pub struct Manhattan;

impl Heuristic<Sliding> for Manhattan {
    fn estimate(&self, puzzle: &Sliding, board: &Board) -> u8 {
        puzzle.manhattan(board)
    }

    /// The tile next to the blank slides into the blank's cell: only its distance changes.
    #[inline]
    fn estimate_child(
        &self,
        puzzle: &Sliding,
        board: &Board,
        slide: Slide,
        before: u8,
    ) -> Option<u8> {
        let (from, to) = (usize::from(slide.from) & 15, usize::from(slide.to) & 15);
        let distances = &puzzle.distance[usize::from(board.cells[to]) & 15];
        Some(before + distances[from] - distances[to])
    }
}

/// The number of tiles out of place: weaker than Manhattan, for comparing bounds.
pub struct Misplaced;

impl Heuristic<Sliding> for Misplaced {
    fn estimate(&self, puzzle: &Sliding, board: &Board) -> u8 {
        let misplaced = (1..puzzle.cells()).filter(|&cell| usize::from(board.cells[cell]) != cell);
        u8::try_from(misplaced.count()).unwrap()
    }
}

/// IDA* with the Manhattan distance written out by hand for this puzzle, as in Korf's paper:
/// recursion, the bound test before the move is made, the goal recognised by `h == 0`. Returns the
/// solution's length and the nodes generated per iteration: the yardstick for the generic driver.
pub fn hand_written_ida_star(puzzle: &Sliding, start: &Board) -> (u8, Vec<u64>) {
    struct Search<'p> {
        puzzle: &'p Sliding,
        cells: [u8; 16],
        bound: u8,
        generated: u64,
    }
    impl Search<'_> {
        fn dfs(&mut self, blank: u8, previous: u8, g: u8, h: u8) -> bool {
            let cell = usize::from(blank) & 15;
            let count = usize::from(self.puzzle.slide_counts[cell]) & 7;
            for &Slide { to: next, .. } in &self.puzzle.slides[cell][..count] {
                if next == previous {
                    continue;
                }
                let (from, to) = (usize::from(blank) & 15, usize::from(next) & 15);
                let tile = self.cells[to];
                let distances = &self.puzzle.distance[usize::from(tile) & 15];
                let child_h = h + distances[from] - distances[to];
                self.generated += 1;
                if g + 1 + child_h <= self.bound {
                    self.cells[from] = tile;
                    self.cells[to] = 0;
                    if child_h == 0 || self.dfs(next, blank, g + 1, child_h) {
                        return true;
                    }
                    self.cells[to] = tile;
                    self.cells[from] = 0;
                }
            }
            false
        }
    }
    let h = puzzle.manhattan(start);
    let mut search = Search { puzzle, cells: start.cells, bound: h, generated: 0 };
    let mut per_iteration = Vec::new();
    if h == 0 {
        return (0, per_iteration);
    }
    loop {
        search.generated = 0;
        let found = search.dfs(start.blank, u8::MAX, 0, h);
        per_iteration.push(search.generated);
        if found {
            return (search.bound, per_iteration);
        }
        search.bound += 2;
    }
}
