//! A walk across a grid whose cells cost different amounts to enter: a problem with varied costs.

use search_core::{Heuristic, MoveVec, Problem};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Left,
    Right,
    Down,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];

    fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Down => Dir::Up,
        }
    }
}

/// A `width` x `height` grid from the top-left corner to the bottom-right one. `cost[cell]` is
/// the cost of stepping onto the cell; `None` is a wall.
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub cost: Vec<Option<u32>>,
}

impl Grid {
    /// A random grid; each cell a wall with probability `walls_percent`, else costing 1..=9.
    pub fn random(rng: &mut super::Rng, width: usize, height: usize, walls_percent: usize) -> Self {
        let mut cost: Vec<Option<u32>> = (0..width * height)
            .map(|_| {
                (rng.below(100) >= walls_percent).then(|| u32::try_from(1 + rng.below(9)).unwrap())
            })
            .collect();
        cost[0] = Some(1);
        let goal = width * height - 1;
        cost[goal] = Some(1);
        Self { width, height, cost }
    }

    pub fn goal(&self) -> usize {
        self.width * self.height - 1
    }

    fn step(&self, cell: usize, dir: Dir) -> Option<usize> {
        let (row, col) = (cell / self.width, cell % self.width);
        let next = match dir {
            Dir::Up if row > 0 => cell - self.width,
            Dir::Left if col > 0 => cell - 1,
            Dir::Right if col + 1 < self.width => cell + 1,
            Dir::Down if row + 1 < self.height => cell + self.width,
            _ => return None,
        };
        self.cost[next].is_some().then_some(next)
    }
}

impl Problem for Grid {
    type State = usize;
    type Move = Dir;
    type Cost = u32;

    type Moves<'a> = MoveVec<Dir>;

    fn moves(&self, cell: &usize) -> MoveVec<Dir> {
        Dir::ALL.into_iter().filter(|&dir| self.step(*cell, dir).is_some()).collect()
    }

    fn apply(&self, cell: &mut usize, dir: Dir) {
        *cell = self.step(*cell, dir).expect("a legal move");
    }

    fn undo(&self, cell: &mut usize, dir: Dir) {
        *cell = self.step(*cell, dir.opposite()).expect("the way back");
    }

    fn inverse(&self, dir: Dir) -> Option<Dir> {
        Some(dir.opposite())
    }

    fn is_goal(&self, cell: &usize) -> bool {
        *cell == self.goal()
    }

    fn cost(&self, cell: &usize, dir: Dir) -> u32 {
        self.step(*cell, dir).and_then(|next| self.cost[next]).expect("a legal move")
    }
}

/// Cells left to cross, each costing at least 1.
pub struct StepsLeft;

impl Heuristic<Grid> for StepsLeft {
    fn estimate(&self, grid: &Grid, cell: &usize) -> u32 {
        let goal = grid.goal();
        let d = (cell / grid.width).abs_diff(goal / grid.width)
            + (cell % grid.width).abs_diff(goal % grid.width);
        u32::try_from(d).unwrap()
    }
}
