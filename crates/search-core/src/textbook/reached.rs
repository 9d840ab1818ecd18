//! What the best-first searches remember: every state they have reached, numbered in the order
//! reached, each with the cheapest way to it known so far.
//!
//! A state keeps its number when it is reached again more cheaply, so a path is a chain of
//! numbers back to the start, number 0, and the open lists can hold numbers rather than states.
//! The drivers keep the same structure, faster (`search_tree.rs`).

use std::collections::HashMap;
use std::hash::Hash;
use std::ops::{Index, IndexMut};

use num_traits::Zero;

use crate::outcome::Solution;
use crate::problem::Problem;

/// A state reached, and the cheapest way to it known so far.
pub(super) struct Node<P: Problem> {
    /// The state.
    pub(super) state: P::State,
    /// The cost of the path to it.
    pub(super) g: P::Cost,
    /// The number of the state before it on that path, and the move from there; `None` for the
    /// start.
    pub(super) from: Option<(usize, P::Move)>,
}

/// Every state reached, by number, and the number of each state.
pub(super) struct Reached<P: Problem> {
    nodes: Vec<Node<P>>,
    numbers: HashMap<P::State, usize>,
}

impl<P: Problem<State: Hash + Eq>> Reached<P> {
    /// Only the start, number 0, reached at no cost.
    pub(super) fn new(start: &P::State) -> Self {
        let node = Node { state: start.clone(), g: P::Cost::zero(), from: None };
        Self { nodes: vec![node], numbers: HashMap::from([(start.clone(), 0)]) }
    }

    /// The number of `state`, if it has been reached.
    pub(super) fn number(&self, state: &P::State) -> Option<usize> {
        self.numbers.get(state).copied()
    }

    /// Adds `state`, not reached before, at cost `g` through `from`, and returns its number.
    pub(super) fn add(&mut self, state: P::State, g: P::Cost, from: (usize, P::Move)) -> usize {
        let number = self.nodes.len();
        self.numbers.insert(state.clone(), number);
        self.nodes.push(Node { state, g, from: Some(from) });
        number
    }

    /// The move that reached node `number`; `None` for the start.
    pub(super) fn via(&self, number: usize) -> Option<P::Move> {
        self.nodes[number].from.map(|(_, mv)| mv)
    }

    /// The path from the start to node `number`, and its cost.
    pub(super) fn path_to(&self, number: usize) -> Solution<P::Move, P::Cost> {
        let mut moves = Vec::new();
        let mut at = number;
        while let Some((before, mv)) = self.nodes[at].from {
            moves.push(mv);
            at = before;
        }
        moves.reverse();
        Solution { moves, cost: self.nodes[number].g }
    }
}

impl<P: Problem> Index<usize> for Reached<P> {
    type Output = Node<P>;

    fn index(&self, number: usize) -> &Node<P> {
        &self.nodes[number]
    }
}

impl<P: Problem> IndexMut<usize> for Reached<P> {
    fn index_mut(&mut self, number: usize) -> &mut Node<P> {
        &mut self.nodes[number]
    }
}
