//! One IDA\* iteration, made fast: the `search` function of [`textbook`](crate::textbook), node
//! for node, with the speed a puzzle solver needs (the reasons for each choice are in
//! `ida_star.rs`, "Design decisions").
//!
//! A depth-first search from the start under a bound, recursive for the
//! first [`IdaStar::max_recursion`](crate::ida_star::IdaStar::max_recursion) levels and on an explicit stack below them.
//!
//! Both walks generate children the same way ([`Iteration::generate`]), in the same order, and
//! count them the same way, so where the search changes from one to the other makes no
//! difference to the answer, the statistics or what an observer sees.

use num_traits::{Bounded, CheckedAdd, CheckedSub, Saturating, ToPrimitive, Zero};

use crate::heuristic::Heuristic;
use crate::limits::Watch;
use crate::observer::{Node, Observer, Pruned};
use crate::problem::Problem;
use crate::stop_reason::StopReason;

/// How an iteration ended before exhausting its tree (it returns `None` when it exhausted it).
#[derive(Debug)]
pub(crate) enum IterationOutcome<C> {
    /// A goal, at this cost from the start.
    Solved(C),
    /// A limit was hit.
    Stopped(StopReason),
}

/// The state of one iteration: its settings and what it has counted so far.
pub(crate) struct Iteration<'r, 'a, P: Problem, H, O> {
    problem: &'a P,
    heuristic: &'a H,
    observer: &'r mut O,
    bound: P::Cost,
    max_recursion: usize,
    /// The least excess over the bound of a child cut off so far, `f - bound`, the maximum
    /// while none is. The next bound is the bound plus this excess, if the sum fits
    /// ([`next_bound`](Self::next_bound)): the excess of a child whose `f` does not fit in the
    /// cost type (a dead end's, whose estimate is the maximum) is larger than that of any child
    /// whose `f` fits, so it is never the least but when no `f` fits. Keeping the excess rather
    /// than the `f` spares the loop a sum: the excess is what the comparison with the child's
    /// limit computes anyway.
    least_excess: P::Cost,
    /// Whether a child whose move alone left the bound behind was counted in `least_excess`.
    /// Only such a child can have the maximum excess and an `f` that fits (under a bound of 0,
    /// an `f` of the maximum), so only such a child needs telling apart from none: the update is
    /// kept off the common path.
    move_alone_beyond: bool,
    watch: &'r mut Watch,
    /// The watch's countdown: how many more nodes may be generated before it looks at the limits.
    countdown: u64,
    expanded: u64,
    /// How the recursion stopped, once it has: the recursive functions return only whether it
    /// did (`true`), one flag that the loop tests where an `Option<IterationOutcome>` returned
    /// took a register's copy of its tag and two tests after every expansion inlined (the
    /// compiler merged the end of the loop with the return of an outcome: 2.7 instructions per
    /// generated node on the 15-puzzle, `docs/design-log.md`).
    stop: Option<IterationOutcome<P::Cost>>,
    /// A solution's moves, the last first: each level adds its own as the search unwinds.
    solution: Vec<P::Move>,
    /// The explicit stack's frames, lent by the caller so that its allocation is reused.
    frames: &'r mut Vec<Frame<'a, P>>,
    /// The one state the search moves through, owned here rather than borrowed: the hot loop
    /// then reaches its cells at a fixed offset from `self` instead of through one more pointer,
    /// which it had to keep in a register or reload (the gain measured is in
    /// `docs/performance.md`, "Design figures quoted from the code").
    state: P::State,
}

/// The body of [`Iteration::generate`] and of [`Iteration::generate_inlined`]: one text for two
/// functions that differ in how they are inlined only. `generate` cannot simply call the other:
/// the compiler then lays out the loops it is inlined into differently (1% more instructions on
/// the 15-puzzle, whose loop inlines `generate` of its own accord).
macro_rules! generate {
    ($self:ident, $depth:ident, $slack:ident, $h:ident, $mv:ident, $saved:expr) => {{
        let (problem, heuristic) = ($self.problem, $self.heuristic);
        let cost = problem.cost(&$self.state, $mv);
        // A free move would let the path grow without its cost, so neither the bound nor the
        // recursion's depth limit (see `run`) would stop it. Free for a constant cost.
        assert!(
            !cost.is_zero(),
            "Problem::cost is 0 for {:?}: every move must cost at least 1",
            $mv
        );
        // The largest estimate that keeps the child within the bound, `slack - cost`, which is
        // also the child's own slack; `None` when the move alone leaves the bound behind. The
        // child is kept or cut off by one comparison of its estimate, with no sum to check for
        // overflow; its `f` is worked out only when it is cut off, for the next bound.
        let limit = $slack.checked_sub(&cost);
        // An excess over the bound at least the least excess met so far cuts the child off and
        // changes nothing else: the heuristic may stop pricing at the estimate that gives it,
        // `limit + least_excess` (the least excess is at least one, so that estimate is beyond
        // the limit). A child whose move alone leaves the bound is priced in full. Worked out
        // only for a heuristic that uses it, so that the others' loop is unchanged.
        let enough = match limit {
            Some(limit) if heuristic.stops_early() => limit.saturating_add($self.least_excess),
            _ => P::Cost::zero(),
        };
        // Price the child before making the move if the heuristic can; else make it first.
        let priced = heuristic.estimate_child_until(problem, &$self.state, $mv, $h, enough);
        let (child_h, moved) = if let Some(h) = priced {
            (h, false)
        } else {
            problem.apply(&mut $self.state, $mv);
            (heuristic.estimate(problem, &$self.state), true)
        };
        match limit {
            Some(limit) if child_h <= limit => {
                if !moved {
                    // A problem that takes moves back by copy gets the node's copy here, only
                    // for the children the search descends into (see `visit`).
                    if problem.undo_by_copy()
                        && let Some(saved) = $saved
                    {
                        *saved = Some($self.state.clone());
                    }
                    problem.apply(&mut $self.state, $mv);
                }
                Some((limit, child_h))
            }
            _ => {
                // The child's excess over the bound, `f - bound`, that is `h - limit`, or
                // `cost - slack + h` when the move alone leaves the bound (`None` if that does
                // not fit: then neither does `f`, and the child does not count for the next
                // bound; so with a dead end's estimate, the maximum).
                let child_g = match limit {
                    Some(limit) => {
                        // A test and a store when it is less, rather than `min`: the
                        // minimum's select costs a load, two moves and a store for every
                        // child cut off (about half of all nodes).
                        let excess = child_h - limit;
                        if excess < $self.least_excess {
                            $self.least_excess = excess;
                        }
                        Some($self.bound - limit)
                    }
                    None => {
                        if let Some(excess) = (cost - $slack).checked_add(&child_h) {
                            $self.least_excess = $self.least_excess.min(excess);
                            $self.move_alone_beyond = true;
                        }
                        ($self.bound - $slack).checked_add(&cost)
                    }
                };
                $self.prune($depth + 1, $mv, moved, child_g, child_h);
                None
            }
        }
    }};
}

impl<'r, 'a, P: Problem, H: Heuristic<P>, O: Observer<P>> Iteration<'r, 'a, P, H, O> {
    /// An iteration under `bound` from `state`, the start (or a work unit's node), with the
    /// driver's `settings` and `observer`, after `generated` nodes so far (counted by `watch`).
    /// [`into_parts`](Self::into_parts) gives the state back.
    pub(crate) fn new(
        settings: Settings<'a, P, H>,
        observer: &'r mut O,
        bound: P::Cost,
        watch: &'r mut Watch,
        generated: u64,
        frames: &'r mut Vec<Frame<'a, P>>,
        state: P::State,
    ) -> Self {
        Self {
            problem: settings.problem,
            heuristic: settings.heuristic,
            observer,
            bound,
            max_recursion: settings.max_recursion,
            least_excess: P::Cost::max_value(),
            move_alone_beyond: false,
            countdown: watch.countdown(generated),
            watch,
            expanded: 0,
            stop: None,
            solution: Vec::new(),
            frames,
            state,
        }
    }

    /// Searches from the start, whose estimate is `h`. `None` when the tree under the bound is
    /// exhausted: then the state is the start again.
    pub(crate) fn run(&mut self, h: P::Cost) -> Option<IterationOutcome<P::Cost>> {
        let g = P::Cost::zero();
        self.expanded += 1;
        self.observer.node_expanded(&Node { state: &self.state, depth: 0, via: None, g, h });
        if self.max_recursion == 0 {
            return self.expand_on_stack(0, g, h, None);
        }
        // Every move costs at least one, so a node's depth is at most its `g`, which is at most
        // the bound: under a bound below `max_recursion`, no node reaches the depth where the
        // explicit stack takes over, and the recursion can leave out the test for it.
        let deep = self.bound.to_usize().is_none_or(|bound| bound >= self.max_recursion);
        let early = self.heuristic.stops_early();
        // The start has no move back to test for: it is expanded here, its descendants by
        // `expand`, which then needs no `Option` for the move that reached a node.
        let problem = self.problem;
        let slack = self.bound;
        self.heuristic.prefetch_children(problem, &self.state);
        for mv in problem.moves(&self.state).as_ref() {
            let stopped = match (deep, early) {
                (true, true) => self.visit::<false, true, true>(0, slack, h, mv),
                (true, false) => self.visit::<false, true, false>(0, slack, h, mv),
                (false, true) => self.visit::<false, false, true>(0, slack, h, mv),
                (false, false) => self.visit::<false, false, false>(0, slack, h, mv),
            };
            if stopped {
                return self.stopped();
            }
        }
        None
    }

    /// How the recursion stopped, after a function of it returned `true`; a solution's moves
    /// put first to last.
    fn stopped(&mut self) -> Option<IterationOutcome<P::Cost>> {
        let stop = self.stop.take();
        debug_assert!(
            stop.is_some(),
            "the recursion returned that it stopped, and did not say how"
        );
        if matches!(stop, Some(IterationOutcome::Solved(_))) {
            self.solution.reverse();
        }
        stop
    }

    /// Searches below the current node, a work unit's, at `depth` (not the start), at cost `g`
    /// with estimate `h`, reached by `via`: counts its expansion and searches its subtree as
    /// [`run`](Self::run) searches the start's. `None` when the subtree is exhausted (then the
    /// state is the unit's node again); on a solution, the moves are those from the unit's node.
    pub(crate) fn run_below(
        &mut self,
        depth: usize,
        g: P::Cost,
        h: P::Cost,
        via: P::Move,
    ) -> Option<IterationOutcome<P::Cost>> {
        self.expanded += 1;
        self.observer.node_expanded(&Node { state: &self.state, depth, via: Some(via), g, h });
        if depth >= self.max_recursion {
            // The explicit stack lists a solution's moves first to last already.
            return self.expand_on_stack(depth, g, h, Some(via));
        }
        // As in `run`: the depth test only where the bound lets a node reach `max_recursion`.
        let deep = self.bound.to_usize().is_none_or(|bound| bound >= self.max_recursion);
        // The unit's node is within the bound: `g <= bound`.
        let slack = self.bound - g;
        let stopped = match (deep, self.heuristic.stops_early()) {
            (true, true) => self.expand::<true, true>(depth, slack, h, via),
            (true, false) => self.expand::<true, false>(depth, slack, h, via),
            (false, true) => self.expand::<false, true>(depth, slack, h, via),
            (false, false) => self.expand::<false, false>(depth, slack, h, via),
        };
        if stopped { self.stopped() } else { None }
    }

    /// The current node's state.
    pub(crate) fn state(&self) -> &P::State {
        &self.state
    }

    /// Takes back `mv`, the last move made.
    pub(crate) fn undo(&mut self, mv: P::Move) {
        self.problem.undo(&mut self.state, mv);
    }

    /// Counts one more node expanded: the current one, whose children the caller generates.
    pub(crate) fn count_expanded(&mut self) {
        self.expanded += 1;
    }

    /// Counts one more node generated, first looking at the limits if it is the node the watch
    /// waits for: the count of [`visit`](Self::visit), for a caller that walks the tree itself.
    pub(crate) fn tick(&mut self) -> Option<StopReason> {
        self.watch.tick(&mut self.countdown)
    }

    /// The nodes generated in the whole search so far (in a work unit's, so far in the unit).
    pub(crate) fn generated(&self) -> u64 {
        self.watch.generated(self.countdown)
    }

    /// The nodes expanded in this iteration.
    pub(crate) fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The least `f` that exceeded the bound and fits in the cost type, if any child was cut off
    /// for it.
    pub(crate) fn next_bound(&self) -> Option<P::Cost> {
        if self.least_excess == P::Cost::max_value() && !self.move_alone_beyond {
            return None;
        }
        self.bound.checked_add(&self.least_excess)
    }

    /// The solution's moves from the start, after [`run`](Self::run) found one, and the state.
    pub(crate) fn into_parts(self) -> (Vec<P::Move>, P::State) {
        (self.solution, self.state)
    }

    /// Expands the current node, at `depth` (not the start), which `via` reached: tries its
    /// children in order, those that [may follow](Problem::may_follow) `via`, and searches under
    /// each child within the bound.
    ///
    /// One call searches two levels: the children are expanded by the same loop inlined here
    /// ([`expand_inline`](Self::expand_inline)), and only the grandchildren's expansions are
    /// calls. That halves the calls, and with them each call's saving and restoring of
    /// registers, a good share of the work per generated node. Three levels per call were
    /// slower: more values live than registers. (Figures: `docs/performance.md`, "Design figures
    /// quoted from the code".)
    ///
    /// `true` when the search stopped below the node (a goal, or a limit), with how in
    /// `self.stop`; `false` when the node's subtree is exhausted.
    ///
    /// With `DEEP`, each child within the bound is tested for the depth
    /// [`max_recursion`](crate::ida_star::IdaStar::max_recursion), where the explicit stack takes over; without,
    /// the caller has made sure no node reaches it ([`run`](Self::run)).
    ///
    /// `EARLY` is the heuristic's [`stops_early`](Heuristic::stops_early): such a heuristic
    /// reads large tables, and its children are generated by the loop written out whole (see
    /// [`visit`](Self::visit)). A const parameter, so that each loop is compiled with one way
    /// only: a test of `stops_early` in the loop, folded away as it is, still changed how the
    /// compiler laid out the other heuristics' loops (1% more instructions on the 15-puzzle).
    #[inline(never)]
    fn expand<const DEEP: bool, const EARLY: bool>(
        &mut self,
        depth: usize,
        slack: P::Cost,
        h: P::Cost,
        via: P::Move,
    ) -> bool {
        self.expand_inline::<true, DEEP, EARLY>(depth, slack, h, via)
    }

    /// The loop of [`expand`](Self::expand). With `INLINE_CHILDREN`, the children's expansions
    /// are this loop again, inlined; without, they are calls to `expand`.
    ///
    /// With `INLINE_CHILDREN`, the loop's first four turns are written out one after the other,
    /// so each of the first four moves has its own copy of the bound test, the branch that
    /// decides whether to descend. Which way it goes depends much on the move (the same
    /// direction on a board tends to go the same way), and the processor predicts a branch from
    /// what that branch did before: a copy per move predicts better than one test shared by all.
    /// It paid only together with leaving the depth test out (see [`run`](Self::run)): each
    /// change alone gained little or lost; unrolling the inlined level as well was slower.
    /// (Figures: `docs/performance.md`, "Design figures quoted from the code".)
    #[expect(
        clippy::inline_always,
        reason = "the two-level expansion is the point: left to itself, the compiler calls it"
    )]
    #[inline(always)]
    fn expand_inline<const INLINE_CHILDREN: bool, const DEEP: bool, const EARLY: bool>(
        &mut self,
        depth: usize,
        slack: P::Cost,
        h: P::Cost,
        via: P::Move,
    ) -> bool {
        let problem = self.problem;
        // The moves that may follow `via`, from the problem's table if it has one: then no move
        // is tested (`filtered`, a constant once inlined).
        let listed = problem.moves_after(&self.state, via);
        let filtered = listed.is_some();
        let moves = listed.unwrap_or_else(|| problem.moves(&self.state));
        self.heuristic.prefetch_children(problem, &self.state);
        let mut moves = moves.as_ref().iter();
        if INLINE_CHILDREN {
            macro_rules! next_move {
                () => {
                    let Some(mv) = moves.next() else {
                        return false;
                    };
                    if (filtered || self.may_follow(via, *mv))
                        && self.visit::<INLINE_CHILDREN, DEEP, EARLY>(depth, slack, h, mv)
                    {
                        return true;
                    }
                };
            }
            next_move!();
            next_move!();
            next_move!();
            next_move!();
        }
        for mv in moves {
            if !filtered && !self.may_follow(via, *mv) {
                continue;
            }
            if self.visit::<INLINE_CHILDREN, DEEP, EARLY>(depth, slack, h, mv) {
                return true;
            }
        }
        false
    }

    /// Generates the child the move `listed` leads to from the current node, at `depth` (`listed`
    /// is a reference into the node's move list, read again for the move taken back and for a
    /// solution: see the comments below), and, if it is within
    /// the bound, searches under it: recursively, or with the explicit stack from
    /// [`max_recursion`](crate::ida_star::IdaStar::max_recursion) levels down; with `INLINE_EXPANSION`, by the
    /// loop of [`expand`](Self::expand) inlined here, else by a call to it. `false` when the
    /// child's subtree is exhausted (then the state is as it was); `true` when the search stopped
    /// in it, with how in `self.stop` (as for [`expand`](Self::expand)).
    #[expect(
        clippy::inline_always,
        reason = "the body of the hot loop: left to itself, the compiler inlines `expand` here \
                  instead, and pays a call per child rather than per node (slower: the figure \
                  is in docs/performance.md)"
    )]
    #[inline(always)]
    fn visit<const INLINE_EXPANSION: bool, const DEEP: bool, const EARLY: bool>(
        &mut self,
        depth: usize,
        slack: P::Cost,
        h: P::Cost,
        listed: &P::Move,
    ) -> bool {
        let mv = *listed;
        self.countdown -= 1;
        if self.countdown == 0
            && let Some(reason) = self.limits_reached()
        {
            self.stop = Some(IterationOutcome::Stopped(reason));
            return true;
        }
        // A heuristic that stops early reads large tables, and its loop waits on the loads:
        // with `generate` written out here, the processor starts the next child's load while
        // this one's is on its way. Left to itself, the compiler made `generate` a call there
        // (slower on the 24-puzzle); made to inline it for every heuristic, it laid
        // out the others' loops worse (docs/performance.md).
        //
        // `saved` receives the node's state, for a problem that takes a move back by copy.
        let mut saved = None;
        let child = if EARLY {
            self.generate_inlined(depth, slack, h, mv, &mut saved)
        } else {
            self.generate_slack(depth, slack, h, mv, &mut saved)
        };
        let Some((slack, h)) = child else {
            return false;
        };
        if h.is_zero() && self.problem.is_goal(&self.state) {
            // As below, for a solution found under the child.
            self.solution.push(*std::hint::black_box(listed));
            self.stop = Some(IterationOutcome::Solved(self.bound - slack));
            return true;
        }
        self.expanded += 1;
        let depth = depth + 1;
        let g = self.bound - slack;
        self.observer.node_expanded(&Node { state: &self.state, depth, via: Some(mv), g, h });
        let stopped = if DEEP && depth == self.max_recursion {
            let stop = self.expand_on_stack(depth, g, h, Some(mv));
            if matches!(stop, Some(IterationOutcome::Solved(_))) {
                // The explicit stack lists its moves first to last; the recursion, last first.
                self.solution.reverse();
            }
            let stopped = stop.is_some();
            self.stop = stop;
            stopped
        } else if INLINE_EXPANSION {
            self.expand_inline::<false, DEEP, EARLY>(depth, slack, h, mv)
        } else {
            self.expand::<DEEP, EARLY>(depth, slack, h, mv)
        };
        if stopped {
            if matches!(self.stop, Some(IterationOutcome::Solved(_))) {
                // Read again from the list through a reference the compiler cannot see
                // through: else it kept a copy of every child's move on the stack, two stores
                // per child generated, for the one path in a search that reaches a goal.
                self.solution.push(*std::hint::black_box(listed));
            }
            return true;
        }
        match saved {
            Some(state) => self.state = state,
            None => self.problem.undo(&mut self.state, *listed),
        }
        false
    }

    /// What [`Watch::tick`] does once [`visit`](Self::visit) has counted down to zero: the
    /// limits' slow path, kept out of the hot loop so that the loop does not even load the
    /// watch's address (the gain measured is in `docs/performance.md`).
    #[cold]
    #[inline(never)]
    fn limits_reached(&mut self) -> Option<StopReason> {
        self.watch.countdown_reached_zero(&mut self.countdown)
    }

    /// [`expand`](Self::expand) with an explicit stack: searches the subtree of the current
    /// node, at `depth`, reached by `via`. On a solution, `self.solution` holds the moves from
    /// that node to the goal, first to last.
    ///
    /// The node on top of the path lives in the local `top`, not in `self.frames`, so the loop
    /// works on registers; `self.frames` holds its ancestors. A frame remembers the index of the
    /// next move to try, so the move that led to the frame above is the one before it, and the
    /// path needs no storage of its own.
    fn expand_on_stack(
        &mut self,
        depth: usize,
        g: P::Cost,
        h: P::Cost,
        via: Option<P::Move>,
    ) -> Option<IterationOutcome<P::Cost>> {
        let problem = self.problem;
        self.frames.clear();
        self.heuristic.prefetch_children(problem, &self.state);
        let mut top = Frame { moves: problem.moves(&self.state), next: 0, g, h, via };
        loop {
            let Some(mv) = top.untried() else {
                // Every move of the node on top has been tried: back up to its parent, taking
                // back the move that reached it (the parent's last move tried).
                let parent = self.frames.pop()?;
                problem.undo(&mut self.state, parent.last_tried());
                top = parent;
                continue;
            };
            top.next += 1;
            if let Some(via) = top.via
                && !self.may_follow(via, mv)
            {
                continue;
            }
            if let Some(reason) = self.watch.tick(&mut self.countdown) {
                return Some(IterationOutcome::Stopped(reason));
            }
            let child_depth = depth + self.frames.len();
            let Some((g, h)) = self.generate(child_depth, top.g, top.h, mv) else {
                continue;
            };
            self.frames.push(top);
            if h.is_zero() && problem.is_goal(&self.state) {
                self.solution.extend(self.frames.iter().map(Frame::last_tried));
                return Some(IterationOutcome::Solved(g));
            }
            self.expanded += 1;
            let node = Node { state: &self.state, depth: child_depth + 1, via: Some(mv), g, h };
            self.observer.node_expanded(&node);
            self.heuristic.prefetch_children(problem, &self.state);
            top = Frame { moves: problem.moves(&self.state), next: 0, g, h, via: Some(mv) };
        }
    }

    /// Generates the child `mv` leads to from the current node (at `depth`, cost `g`, estimate
    /// `h`): prices it and either cuts it off, returning `None` with the state unchanged, or
    /// makes the move and returns the child's cost and estimate.
    ///
    /// The current node is within the bound: `g <= bound`. The caller takes the move back with
    /// [`Problem::undo`].
    #[inline]
    pub(crate) fn generate(
        &mut self,
        depth: usize,
        g: P::Cost,
        h: P::Cost,
        mv: P::Move,
    ) -> Option<(P::Cost, P::Cost)> {
        let slack = self.bound - g;
        let (slack, h) = generate!(self, depth, slack, h, mv, None::<&mut Option<P::State>>)?;
        Some((self.bound - slack, h))
    }

    /// [`generate`](Self::generate) in the terms of the recursion: the current node's and the
    /// child's costs from the start given as their slack, the bound less the cost. For a
    /// problem that [undoes by copy](Problem::undo_by_copy), `saved` receives the node's state
    /// when the move is made.
    #[inline]
    fn generate_slack(
        &mut self,
        depth: usize,
        slack: P::Cost,
        h: P::Cost,
        mv: P::Move,
        saved: &mut Option<P::State>,
    ) -> Option<(P::Cost, P::Cost)> {
        generate!(self, depth, slack, h, mv, Some(saved))
    }

    /// [`generate`](Self::generate), always inlined where it is called: for a heuristic that
    /// stops early (see [`visit`](Self::visit)).
    #[expect(
        clippy::inline_always,
        reason = "for a heuristic that stops early, the compiler left `generate` a call"
    )]
    #[inline(always)]
    fn generate_inlined(
        &mut self,
        depth: usize,
        slack: P::Cost,
        h: P::Cost,
        mv: P::Move,
        saved: &mut Option<P::State>,
    ) -> Option<(P::Cost, P::Cost)> {
        generate!(self, depth, slack, h, mv, Some(saved))
    }

    /// Cuts off the child `mv` reaches at `depth`, taking the move back if it was made.
    #[inline]
    fn prune(&mut self, depth: usize, mv: P::Move, moved: bool, g: Option<P::Cost>, h: P::Cost) {
        if moved {
            self.problem.undo(&mut self.state, mv);
        }
        self.observer.child_pruned(&Pruned { parent: &self.state, depth, via: mv, g, h });
    }

    /// Whether `mv` may follow `via`, the move that reached the current node: the problem's
    /// [`Problem::may_follow`], checked in debug builds to refuse at least the move straight back.
    #[inline]
    pub(crate) fn may_follow(&self, via: P::Move, mv: P::Move) -> bool {
        let allowed = self.problem.may_follow(via, mv);
        debug_assert!(
            !allowed || self.problem.inverse(via) != Some(mv),
            "Problem::may_follow lets {mv:?} follow {via:?}, its inverse"
        );
        allowed
    }
}

/// What an iteration takes from its driver, besides the observer: copied out, so that the
/// threads of a parallel search can share one driver.
pub(crate) struct Settings<'a, P, H> {
    pub(crate) problem: &'a P,
    pub(crate) heuristic: &'a H,
    pub(crate) max_recursion: usize,
}

impl<P, H> Clone for Settings<'_, P, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, H> Copy for Settings<'_, P, H> {}

/// A node on the explicit stack.
pub(crate) struct Frame<'a, P: Problem + 'a> {
    /// The node's moves, in order.
    moves: P::Moves<'a>,
    /// Index in `moves` of the next move to try.
    next: usize,
    /// Cost from the start.
    g: P::Cost,
    /// The heuristic's estimate.
    h: P::Cost,
    /// The move that reached the node, `None` at the start.
    via: Option<P::Move>,
}

impl<'a, P: Problem + 'a> Frame<'a, P> {
    /// The next move to try, if any is left.
    #[inline]
    fn untried(&self) -> Option<P::Move> {
        self.moves.as_ref().get(self.next).copied()
    }

    /// The move tried last, which (for a frame below the top) led to the frame above it.
    fn last_tried(&self) -> P::Move {
        self.moves.as_ref()[self.next - 1]
    }
}
