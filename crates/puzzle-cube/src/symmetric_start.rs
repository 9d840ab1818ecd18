//! A start that looks the same through some of the cube's symmetries, searched with one first
//! turn of each set those symmetries take to one another: [`SymmetricStart`].
//!
//! # Why the answer stays the same
//!
//! If a position looks the same through a [`Symmetry`] σ, each of its solutions seen through σ
//! (each turn `t` replaced by `σ(t)`) is a solution too, as long. The superflip looks the same
//! through all 48 symmetries, so the 18 first turns fall into two sets (the quarter turns, which
//! the symmetries take to one another, and the half turns), and one turn of each is enough: the
//! first of its set in move order. After a first turn `r`, the symmetries that also keep `r` do
//! the same for the second turn (for the superflip after `U`, the four rotations about the `U`-`D`
//! axis: the 15 second turns fall into 6 sets), and so on while some symmetry keeps the whole
//! path (after `U D`, the same four: the side faces' twelve turns fall into 3 sets), to
//! [`SYMMETRIC_DEPTH`] turns.
//!
//! The search's answer is the first optimal solution in move order among the sequences the move
//! pruning keeps ([`may_follow`](crate::may_follow)); call it `s`. Its first turn is the first of
//! its set: were `σ(s₁)` earlier, `s` seen through σ (put back in the pruning's order of
//! opposite faces, which can only bring an earlier face first) would be an optimal solution
//! earlier than `s`. Likewise its `k`-th turn is the first of its set under the symmetries
//! keeping `s₁ ... sₖ₋₁`: they keep those turns' faces, so the path stays first, and `sₖ` seen
//! through one of them, or the turn after it brought forward, would be earlier. So `s` lies in
//! the smaller tree, which the search walks in the same order: **the same answer**, from fewer
//! nodes. Every iteration below the answer's finds no solution in the smaller tree as in the
//! whole one, and each next bound is at most the answer's length (its path's nodes are in the
//! smaller tree).
//!
//! For the superflip this leaves 10 of the 243 two-turn beginnings, and fewer below those that
//! stay symmetric: 31.6 times fewer nodes to the bound 13 with Korf's bound (654,211 against
//! 20,654,589; `scripts/cube-check.sh` asserts both). A start with no symmetry but the identity
//! (nearly every random cube) is searched as it is.

use search_core::{Heuristic, Problem};

use crate::{Cube, Symmetry, TrackedState, Turn};

/// How many turns from the start [`SymmetricStart`] keeps trying fewer turns: the first four
/// (below them a path the symmetries keep is rare, and every turn is tried).
pub const SYMMETRIC_DEPTH: usize = 4;

/// The cube problem `P` (one listing all 18 turns, in the order of [`Turn::ALL`], at every
/// state: [`Rubik`](crate::Rubik), [`Tracked`](crate::Tracked),
/// [`TrackedGroups`](crate::TrackedGroups)) from a start that looks the same through a group of
/// symmetries: each of the first [`SYMMETRIC_DEPTH`] turns tried only where no symmetry of the
/// group that keeps the turns before it takes it to an earlier turn (the module explains why
/// the answer is the same). Its states are [`FromStart`]s; search it with [`FromStartBound`]
/// around `P`'s heuristic.
///
/// ```
/// use puzzle_cube::{Cube, FromStartBound, Rubik, Symmetry, SymmetricStart};
/// use search_core::{Blind, IdaStar};
///
/// let turn = |name: &str| name.parse().unwrap();
/// // The checkerboard, 6 moves from solved, looks the same through all 48 symmetries.
/// let checkerboard = Cube::solved().after(&["U2", "D2", "F2", "B2", "L2", "R2"].map(turn));
/// let rubik = Rubik::new();
/// let symmetric = SymmetricStart::new(&rubik, &Symmetry::of(&checkerboard));
/// assert_eq!(symmetric.first_turns().len(), 2);
/// let start = symmetric.start(checkerboard);
/// let smaller = IdaStar::new(&symmetric, &FromStartBound(Blind)).run(&start);
/// let whole = IdaStar::new(&rubik, &Blind).run(&checkerboard);
/// assert_eq!(smaller.outcome, whole.outcome);
/// // A sixth of the nodes (with no bound at all: every iteration below 6 searched in full).
/// assert_eq!((smaller.stats.generated, whole.stats.generated), (3_063_271, 19_347_478));
/// ```
#[derive(Clone, Debug)]
pub struct SymmetricStart<'p, P> {
    problem: &'p P,
    /// The groups of symmetries met along the paths from the start (each those of the last
    /// that keep the turn taken), the start's first, the identity's alone last.
    classes: Vec<Class>,
}

/// A group of symmetries that keep the start and the path to a node: the turns tried there,
/// and the group after each turn.
#[derive(Clone, Debug)]
struct Class {
    /// Which of [`Symmetry::ALL`] (bit `i` for the `i`-th).
    group: u64,
    /// The first turn of each set the group takes to one another.
    turns: Vec<Turn>,
    /// The group after each turn (an index into the classes).
    next: [u8; 18],
}

/// A state of a [`SymmetricStart`]: `P`'s state, how many turns from the start it is, and the
/// group of symmetries that keeps the path at each depth to [`SYMMETRIC_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FromStart<S> {
    state: S,
    /// Turns from the start (wrapping past 255: a cube's search goes 20 deep).
    depth: u8,
    /// The class at each depth (an index into the problem's), the start's 0.
    path: [u8; SYMMETRIC_DEPTH],
}

impl<S> FromStart<S> {
    /// The problem's own state.
    pub fn state(&self) -> &S {
        &self.state
    }
}

impl<S: TrackedState> TrackedState for FromStart<S> {
    #[inline]
    fn cube(&self) -> &Cube {
        self.state.cube()
    }
}

impl<'p, P> SymmetricStart<'p, P> {
    /// `problem` from a start that looks the same through each of `symmetries` (a group:
    /// [`Symmetry::of`] the start's cube, or a subgroup of it).
    ///
    /// # Panics
    ///
    /// If `symmetries` holds one twice (a group does not).
    #[must_use]
    pub fn new(problem: &'p P, symmetries: &[Symmetry]) -> Self {
        let bit = |symmetry: &Symmetry| {
            1_u64 << Symmetry::ALL.iter().position(|s| s == symmetry).expect("one of the 48")
        };
        let start = symmetries.iter().map(bit).fold(0, |group, bit| {
            assert_eq!(group & bit, 0, "a symmetry given twice");
            group | bit
        });
        // Which symmetries keep each turn.
        let keeping = Turn::ALL.map(|turn| {
            Symmetry::ALL.iter().filter(|s| s.turn(turn) == turn).map(bit).fold(0, |a, b| a | b)
        });
        let mut groups = vec![start];
        let mut classes = Vec::new();
        while let Some(&group) = groups.get(classes.len()) {
            let members: Vec<Symmetry> =
                (0..48).filter(|i| group >> i & 1 == 1).map(|i| Symmetry::ALL[i]).collect();
            let turns: Vec<Turn> = Turn::ALL
                .into_iter()
                .filter(|&turn| members.iter().all(|s| s.turn(turn) >= turn))
                .collect();
            let next = Turn::ALL.map(|turn| {
                let after = group & keeping[turn.index()];
                let index = groups.iter().position(|&g| g == after).unwrap_or_else(|| {
                    groups.push(after);
                    groups.len() - 1
                });
                u8::try_from(index).expect("fewer groups than a 48-element group's subgroups")
            });
            classes.push(Class { group, turns, next });
        }
        SymmetricStart { problem, classes }
    }

    /// The start: `state`, whose cube the symmetries keep.
    pub fn start<S>(&self, state: S) -> FromStart<S> {
        FromStart { state, depth: 0, path: [0; SYMMETRIC_DEPTH] }
    }

    /// The first turns the search tries, in order.
    #[must_use]
    pub fn first_turns(&self) -> &[Turn] {
        &self.classes[0].turns
    }

    /// The turns it tries after `path` (before the pruning's refusals), in order: all 18 after
    /// [`SYMMETRIC_DEPTH`] turns or more.
    #[must_use]
    pub fn turns_after(&self, path: &[Turn]) -> &[Turn] {
        if path.len() >= SYMMETRIC_DEPTH {
            return &Turn::ALL;
        }
        let class = path
            .iter()
            .fold(0_u8, |class, turn| self.classes[usize::from(class)].next[turn.index()]);
        &self.classes[usize::from(class)].turns
    }

    /// How many symmetries of the start keep `path` as well.
    #[must_use]
    pub fn symmetries_after(&self, path: &[Turn]) -> u32 {
        let class = path
            .iter()
            .fold(0_u8, |class, turn| self.classes[usize::from(class)].next[turn.index()]);
        self.classes[usize::from(class)].group.count_ones()
    }
}

impl<P: Problem<Move = Turn>> Problem for SymmetricStart<'_, P> {
    type State = FromStart<P::State>;
    type Move = Turn;
    type Cost = P::Cost;
    type Moves<'a>
        = &'a [Turn]
    where
        Self: 'a;

    /// The first turn of each set the symmetries keeping the path take to one another, to
    /// [`SYMMETRIC_DEPTH`] turns from the start; all 18 below.
    #[inline]
    fn moves(&self, state: &FromStart<P::State>) -> &[Turn] {
        match state.path.get(usize::from(state.depth)) {
            Some(&class) => &self.classes[usize::from(class)].turns,
            None => &Turn::ALL,
        }
    }

    #[inline]
    fn apply(&self, state: &mut FromStart<P::State>, turn: Turn) {
        self.problem.apply(&mut state.state, turn);
        let depth = usize::from(state.depth);
        if depth + 1 < SYMMETRIC_DEPTH {
            let class = &self.classes[usize::from(state.path[depth])];
            state.path[depth + 1] = class.next[turn.index()];
        }
        state.depth = state.depth.wrapping_add(1);
    }

    #[inline]
    fn undo(&self, state: &mut FromStart<P::State>, turn: Turn) {
        self.problem.undo(&mut state.state, turn);
        state.depth = state.depth.wrapping_sub(1);
    }

    #[inline]
    fn undo_by_copy(&self) -> bool {
        self.problem.undo_by_copy()
    }

    #[inline]
    fn inverse(&self, turn: Turn) -> Option<Turn> {
        self.problem.inverse(turn)
    }

    /// `P`'s pruning.
    #[inline]
    fn may_follow(&self, previous: Turn, turn: Turn) -> bool {
        self.problem.may_follow(previous, turn)
    }

    #[inline]
    fn is_goal(&self, state: &FromStart<P::State>) -> bool {
        self.problem.is_goal(&state.state)
    }

    #[inline]
    fn cost(&self, state: &FromStart<P::State>, turn: Turn) -> P::Cost {
        self.problem.cost(&state.state, turn)
    }
}

/// The heuristic `H` of a cube problem `P`, read on a [`SymmetricStart`]'s states: the same
/// bound for the same cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FromStartBound<H>(pub H);

impl<P: Problem<Move = Turn>, H: Heuristic<P>> Heuristic<SymmetricStart<'_, P>>
    for FromStartBound<H>
{
    #[inline]
    fn estimate(&self, symmetric: &SymmetricStart<'_, P>, state: &FromStart<P::State>) -> P::Cost {
        self.0.estimate(symmetric.problem, &state.state)
    }

    #[inline]
    fn stops_early(&self) -> bool {
        self.0.stops_early()
    }

    #[inline]
    fn estimate_child(
        &self,
        symmetric: &SymmetricStart<'_, P>,
        parent: &FromStart<P::State>,
        turn: Turn,
        before: P::Cost,
    ) -> Option<P::Cost> {
        self.0.estimate_child(symmetric.problem, &parent.state, turn, before)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as the bounds' own)")]
    #[inline(always)]
    fn estimate_child_until(
        &self,
        symmetric: &SymmetricStart<'_, P>,
        parent: &FromStart<P::State>,
        turn: Turn,
        before: P::Cost,
        enough: P::Cost,
    ) -> Option<P::Cost> {
        self.0.estimate_child_until(symmetric.problem, &parent.state, turn, before, enough)
    }

    #[expect(clippy::inline_always, reason = "the search's loop, whole (as the bounds' own)")]
    #[inline(always)]
    fn prefetch_children(&self, symmetric: &SymmetricStart<'_, P>, parent: &FromStart<P::State>) {
        self.0.prefetch_children(symmetric.problem, &parent.state);
    }
}

#[cfg(test)]
mod tests {
    use search_core::{Blind, IdaStar};

    use super::*;
    use crate::Rubik;

    fn turns(names: &str) -> Vec<Turn> {
        names.split_whitespace().map(|name| name.parse().unwrap()).collect()
    }

    #[test]
    fn the_superflip_tries_two_first_turns_and_ten_beginnings_of_two() {
        let rubik = Rubik::new();
        let symmetric = SymmetricStart::new(&rubik, &Symmetry::of(&Cube::superflip()));
        assert_eq!(symmetric.first_turns(), turns("U U2"));
        // After `U`, the rotations about its axis: `D`, `D2`, `D'` and one of each kind of a
        // side face's turns.
        assert_eq!(symmetric.turns_after(&turns("U")), turns("U U2 U' R R2 R' D D2 D'"));
        // After `U2`, the mirrors too: `D` and `D'` are one set, and so are the side faces'
        // quarter turns either way.
        assert_eq!(symmetric.turns_after(&turns("U2")), turns("U U2 R R2 D D2"));
        // The pruning then refuses the `U` face again: 6 and 4 of the 243 beginnings.
        let kept = |first: &str| {
            let first = turns(first)[0];
            let seconds = symmetric.turns_after(&[first]).iter();
            seconds.filter(|&&second| Rubik::new().may_follow(first, second)).count()
        };
        assert_eq!((kept("U"), kept("U2")), (6, 4));
        // After `U D` the four rotations still keep the path: one side face's turns.
        assert_eq!(symmetric.symmetries_after(&turns("U D")), 4);
        assert_eq!(symmetric.turns_after(&turns("U D")), turns("U U2 U' R R2 R' D D2 D'"));
        // After `U2 D2`, the mirrors too; after `U R`, none but the identity.
        assert_eq!(symmetric.turns_after(&turns("U2 D2")), turns("U U2 R R2 D D2"));
        assert_eq!(
            (symmetric.symmetries_after(&turns("U R")), symmetric.turns_after(&turns("U R"))),
            (1, &Turn::ALL[..])
        );
        // Four turns deep, every turn, whatever keeps the path.
        assert_eq!(symmetric.symmetries_after(&turns("U2 D2 R2 L2")), 2);
        assert_eq!(symmetric.turns_after(&turns("U2 D2 R2 L2")), Turn::ALL);
    }

    #[test]
    fn a_start_without_symmetry_tries_every_turn() {
        let cube = Cube::solved().after(&turns("R U F' L2 D B'"));
        let rubik = Rubik::new();
        let symmetric = SymmetricStart::new(&rubik, &Symmetry::of(&cube));
        assert_eq!(symmetric.first_turns(), Turn::ALL);
        assert!(Turn::ALL.iter().all(|&turn| symmetric.turns_after(&[turn]) == Turn::ALL));
    }

    /// Symmetric positions a few turns deep, and their optimal lengths (the checkerboard's six
    /// half turns; the rest found by the whole tree's search below).
    const SYMMETRIC: [&str; 6] = [
        "U2 D2 F2 B2 L2 R2",
        "U D'",
        "R2 L2",
        "U D' R L' F B'",
        "R L U2 R' L'",
        "F2 B2 U D' F2 B2",
    ];

    #[test]
    fn symmetric_starts_get_the_whole_trees_answers_from_fewer_nodes() {
        for scramble in SYMMETRIC {
            let cube = Cube::solved().after(&turns(scramble));
            let symmetries = Symmetry::of(&cube);
            assert!(symmetries.len() > 1, "{scramble}");
            let rubik = Rubik::new();
            let symmetric = SymmetricStart::new(&rubik, &symmetries);
            let smaller =
                IdaStar::new(&symmetric, &FromStartBound(Blind)).run(&symmetric.start(cube));
            let whole = IdaStar::new(&Rubik::new(), &Blind).run(&cube);
            assert_eq!(smaller.outcome, whole.outcome, "{scramble}");
            let length = whole.outcome.solution().unwrap().moves.len();
            assert!(length <= turns(scramble).len(), "{scramble}");
            assert!(smaller.stats.generated < whole.stats.generated, "{scramble}");
            assert_eq!(smaller.stats.iterations.len(), whole.stats.iterations.len());
        }
    }
}
