//! The best-first loop that A\* ([`AStar`](crate::AStar)) and uniform-cost search
//! ([`UniformCost`](crate::UniformCost)) share: nodes taken from a priority queue by least
//! `f = g + h`, each state kept in a [`SearchTree`] with the cheapest path found to it. Uniform-cost
//! search is A\* with the zero heuristic ([`Blind`](crate::Blind)), so one loop serves both.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;
use std::ops::ControlFlow;

use num_traits::{CheckedAdd, CheckedSub, Zero};

use crate::heuristic::Heuristic;
use crate::limits::{Limits, Watch};
use crate::observer::{Node, Observer};
use crate::outcome::{Outcome, Solution};
use crate::problem::Problem;
use crate::search_tree::SearchTree;
use crate::stats::SearchStats;
use crate::stop_reason::StopReason;

/// Searches from `root` best-first by `heuristic`, watched by `observer`, within `limits`,
/// counted into `totals`: [`AStar`](crate::AStar)'s contract (with [`Blind`](crate::Blind),
/// [`UniformCost`](crate::UniformCost)'s: least `g` first, then the node reached first).
///
/// A start that is a goal is queued and solved before any limit is looked at, as in
/// [`BreadthFirst`](crate::BreadthFirst); a search cancelled before it began stops at bound 0.
pub(crate) fn best_first<P, H, O>(
    problem: &P,
    heuristic: &H,
    limits: &Limits<P::Cost>,
    observer: &mut O,
    root: &P::State,
    totals: &mut SearchStats<P::Cost>,
) -> Outcome<P::Move, P::Cost>
where
    P: Problem,
    P::State: Hash + Eq,
    H: Heuristic<P>,
    O: Observer<P>,
{
    let zero = P::Cost::zero();
    let root_h = heuristic.estimate(problem, root);
    observer.node_queued(&Node { state: root, depth: 0, via: None, g: zero, h: root_h });
    if problem.is_goal(root) {
        observer.solution_found(&[], zero);
        return Outcome::Solved(Solution { moves: Vec::new(), cost: zero });
    }
    if let Some(reason) = limits.interrupted() {
        return Outcome::Stopped { reason, bound: zero };
    }
    let mut watch = Watch::new(limits, 0);
    let mut tree = SearchTree::new(root);
    // Each node's number of moves from the start, by node number (the tree keeps costs,
    // not depths; the observer is told both).
    let mut depths = vec![0_usize];
    // Entries are (f, Reverse(g), node), taken least first: least f, then greatest g, then
    // the node reached first (numbers grow in the order nodes are reached). A node reached
    // again more cheaply is queued again and the old entry, whose g is above the node's, is
    // skipped when it comes out.
    let mut open = BinaryHeap::from([Reverse((root_h, Reverse(zero), 0_usize))]);
    // The f of the nodes being expanded, as last stored in the progress.
    let mut level = zero;
    let outcome = loop {
        let Some(Reverse((f, Reverse(g), at))) = open.pop() else {
            break Outcome::NoSolution;
        };
        if g > tree[at].g {
            continue;
        }
        if let Some(progress) = &limits.progress
            && f > level
        {
            level = f;
            progress.set_bound(&f);
        }
        // For an admissible heuristic every node left has an f of at least `f`, so no
        // solution is cheaper than `f`.
        if limits.max_bound.is_some_and(|max| f > max) {
            break Outcome::Stopped { reason: StopReason::BoundLimit, bound: f };
        }
        if problem.is_goal(&tree[at].state) {
            let solution = tree.solution(at);
            observer.solution_found(&solution.moves, solution.cost);
            break Outcome::Solved(solution);
        }
        let depth = depths[at];
        observer.node_expanded(&Node {
            state: &tree[at].state,
            depth,
            via: tree.via(at),
            g,
            h: f.checked_sub(&g).unwrap_or_else(P::Cost::zero),
        });
        let expansion = tree.expand(problem, at, &mut watch, totals, |tree, child| {
            let h = heuristic.estimate(problem, child.state);
            // A child whose f does not fit in the cost type leads to no solution that fits.
            let Some(child_f) = child.g.checked_add(&h) else {
                return ControlFlow::Continue(());
            };
            let number = match tree.find(child.state) {
                None => {
                    let number = tree.insert(&child);
                    depths.push(depth + 1);
                    number
                }
                Some(known) if child.g < tree[known].g => {
                    tree.reroute(known, &child);
                    depths[known] = depth + 1;
                    known
                }
                Some(_) => return ControlFlow::Continue(()),
            };
            observer.node_queued(&Node {
                state: child.state,
                depth: depth + 1,
                via: tree.via(number),
                g: child.g,
                h,
            });
            open.push(Reverse((child_f, Reverse(child.g), number)));
            ControlFlow::Continue(())
        });
        if let Err(reason) = expansion {
            break Outcome::Stopped { reason, bound: f };
        }
    };
    totals.peak_held = totals.peak_held.max(tree.len() as u64);
    outcome
}
