//! The [`Observer`] hook: watch a search as it runs, for teaching and debugging.

use num_traits::CheckedAdd;

use crate::problem::Problem;

use crate::stats::IterationStats;

/// A node as an observer sees it: its state, depth, the move that reached it, `g` and `h`.
#[derive(Debug)]
pub struct Node<'a, P: Problem + ?Sized> {
    /// The node's state.
    pub state: &'a P::State,
    /// The number of moves from the start.
    pub depth: usize,
    /// The move that produced the node; `None` for the start.
    pub via: Option<P::Move>,
    /// The cost of the path from the start.
    pub g: P::Cost,
    /// The heuristic's estimate of the cost still to pay.
    pub h: P::Cost,
}

/// A child cut off by the bound, as an observer sees it. Children are priced before their move
/// is made, so the state shown is the **parent's**.
#[derive(Debug)]
pub struct Pruned<'a, P: Problem + ?Sized> {
    /// The parent's state.
    pub parent: &'a P::State,
    /// The child's number of moves from the start.
    pub depth: usize,
    /// The move that would have produced the child.
    pub via: P::Move,
    /// The child's path cost, or `None` if it does not fit in the cost type.
    pub g: Option<P::Cost>,
    /// The child's estimate.
    pub h: P::Cost,
}

impl<P: Problem + ?Sized> Pruned<'_, P> {
    /// `g + h`, or `None` when it does not fit in the cost type (a dead end, for instance).
    pub fn f(&self) -> Option<P::Cost> {
        self.g.and_then(|g| g.checked_add(&self.h))
    }
}

impl<P: Problem + ?Sized> Node<'_, P> {
    /// `g + h`, or `None` when the sum does not fit in the cost type.
    pub fn f(&self) -> Option<P::Cost> {
        self.g.checked_add(&self.h)
    }
}

/// Callbacks a driver makes as it searches. Every method does nothing by default, so an observer
/// implements only what it needs; [`NoObserver`], the default, compiles away entirely.
///
/// The drivers pass `&mut` observers too (`&mut O` implements `Observer` whenever `O` does), so
/// an observer can be inspected after the search.
///
/// ```
/// use search_core::{IterationStats, Observer, Problem};
///
/// /// Records each iteration's bound and generated count.
/// #[derive(Default)]
/// struct Iterations(Vec<(u8, u64)>);
///
/// impl<P: Problem<Cost = u8>> Observer<P> for Iterations {
///     fn iteration_finished(&mut self, stats: &IterationStats<u8>) {
///         self.0.push((stats.bound, stats.generated));
///     }
/// }
/// ```
#[expect(unused_variables, reason = "the default methods ignore their arguments")]
pub trait Observer<P: Problem + ?Sized> {
    /// An IDA* iteration starts with this bound on `f`.
    #[inline]
    fn iteration_started(&mut self, bound: P::Cost) {}

    /// `node` is about to have its children generated.
    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, P>) {}

    /// A best-first search ([`AStar`](crate::AStar)) has put `node` on its open list, to be
    /// expanded when its turn comes (the start first, then each child not reached before, or
    /// reached again more cheaply).
    #[inline]
    fn node_queued(&mut self, node: &Node<'_, P>) {}

    /// A child, just generated, lies beyond the bound and is cut off.
    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, P>) {}

    /// An IDA* iteration has ended, with these figures.
    #[inline]
    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {}

    /// The search found this solution and is about to return it.
    #[inline]
    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {}
}

/// The observer that watches nothing, at no cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoObserver;

impl<P: Problem + ?Sized> Observer<P> for NoObserver {}

impl<P: Problem + ?Sized, O: Observer<P> + ?Sized> Observer<P> for &mut O {
    #[inline]
    fn iteration_started(&mut self, bound: P::Cost) {
        (**self).iteration_started(bound);
    }
    #[inline]
    fn node_expanded(&mut self, node: &Node<'_, P>) {
        (**self).node_expanded(node);
    }
    #[inline]
    fn node_queued(&mut self, node: &Node<'_, P>) {
        (**self).node_queued(node);
    }
    #[inline]
    fn child_pruned(&mut self, child: &Pruned<'_, P>) {
        (**self).child_pruned(child);
    }
    #[inline]
    fn iteration_finished(&mut self, stats: &IterationStats<P::Cost>) {
        (**self).iteration_finished(stats);
    }
    #[inline]
    fn solution_found(&mut self, moves: &[P::Move], cost: P::Cost) {
        (**self).solution_found(moves, cost);
    }
}
