//! Climbing a ladder by steps of fixed sizes: a finite, acyclic problem, so even IDA* can prove
//! that a rung cannot be reached, with any cost type.

use search_core::{Cost, Heuristic, MoveVec, Problem};

/// From rung 0 to rung `target`; move `i` climbs `steps[i]` rungs (never past the target) at
/// cost `costs[i]`. Moves are tried in the order given.
pub struct Ladder<C> {
    pub target: u32,
    pub steps: Vec<u32>,
    pub costs: Vec<C>,
}

impl<C: Cost> Problem for Ladder<C> {
    type State = u32;
    type Move = usize;
    type Cost = C;

    type Moves<'a> = MoveVec<usize>;

    fn moves(&self, rung: &u32) -> MoveVec<usize> {
        (0..self.steps.len()).filter(|&i| rung + self.steps[i] <= self.target).collect()
    }

    fn apply(&self, rung: &mut u32, i: usize) {
        *rung += self.steps[i];
    }

    fn undo(&self, rung: &mut u32, i: usize) {
        *rung -= self.steps[i];
    }

    fn inverse(&self, _: usize) -> Option<usize> {
        None
    }

    fn is_goal(&self, rung: &u32) -> bool {
        *rung == self.target
    }

    fn cost(&self, _: &u32, i: usize) -> C {
        self.costs[i]
    }
}

/// A fixed estimate everywhere but the goal: admissible or not, as a test needs.
pub struct Constant<C>(pub C);

impl<C: Cost> Heuristic<Ladder<C>> for Constant<C> {
    fn estimate(&self, ladder: &Ladder<C>, rung: &u32) -> C {
        if *rung == ladder.target { C::zero() } else { self.0 }
    }
}
