//! Proving that there is no way out: a complete search with duplicate detection over compact
//! states.
//!
//! # Regions instead of positions
//!
//! Walking changes nothing but the player's cell, and can always be walked back. So the search
//! does not store positions `(walls, cell)` but **regions**: a set of walls with the cells the
//! player can walk to among them, keyed by the smallest such cell. Every position of a region is
//! reachable once one is, and the only moves out of a region are pushes. A region is one `u64`
//! (a [`Maze`] with the smallest cell as the player), and the positions it stands for are counted
//! as [`Reachability::states`], so the figures compare with a search over positions.
//!
//! # The search
//!
//! Breadth-first over regions, in the order of the pushes that reach them: each region is
//! expanded once, and if one of its cells has an open exit there is a way out. Otherwise every
//! push from every cell of it gives a new set of walls and a new region around the cell the player
//! stepped into. When no region is left to expand, none has an exit: there is no way out.
//!
//! Seen regions live in an open-addressing hash set of `u64` keys with linear probing and
//! `u64::MAX` as the empty slot (no region has that key: its player cell would be 31), grown by
//! doubling at three quarters full: 8 bytes per slot, so at most about 21 bytes per region. The
//! queue holds the regions found but not yet expanded, 8 bytes each.

use std::collections::VecDeque;

use crate::Maze;
use crate::maze::{CELLS, NEIGHBOUR, SLOT};

/// What a complete search has shown so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// A region with an open exit is reachable: there is a way out.
    WayOut,
    /// Every reachable region was expanded and none has an open exit: there is no way out.
    NoWayOut,
    /// The budget ran out first; [`Reachability::run`] again to go on.
    Unfinished,
}

/// The complete search from one maze, which can be run in several slices of work.
///
/// ```
/// use puzzle_wall_pusher::{cases, Proof, Reachability};
///
/// // The player is in a room of one cell whose walls all have walls behind them (or the border),
/// // so nothing can be pushed: the exit north of the top-left cell is out of reach.
/// let input = "3 2
///     1 2 10 2 2 6
///     5 5 15 5 1 4
///     1 0 10 0 0 4
///     9 8 10 8 8 12
///     0 0";
/// let maze = cases(input).next().unwrap().unwrap();
/// let mut search = Reachability::new(&maze);
/// assert_eq!(search.run(None), Proof::NoWayOut);
/// assert_eq!((search.regions(), search.states()), (1, 1));
/// ```
#[derive(Debug)]
pub struct Reachability {
    seen: StateSet,
    queue: VecDeque<u64>,
    regions: u64,
    states: u64,
    verdict: Option<Proof>,
}

impl Reachability {
    /// A search from `start`, which has done no work yet.
    #[must_use]
    pub fn new(start: &Maze) -> Self {
        let mut search = Self {
            seen: StateSet::new(),
            queue: VecDeque::new(),
            regions: 0,
            states: 0,
            verdict: start.has_left().then_some(Proof::WayOut),
        };
        if search.verdict.is_none() {
            let key = region_key(*start, start.player());
            search.seen.insert(key);
            search.queue.push_back(key);
        }
        search
    }

    /// Expands at most `budget` more regions (all of them for `None`), and says what is known.
    /// Once the answer is known, the memory is released and every later call returns it at once.
    pub fn run(&mut self, budget: Option<u64>) -> Proof {
        if let Some(verdict) = self.verdict {
            return verdict;
        }
        let mut budget = budget.unwrap_or(u64::MAX);
        let verdict = loop {
            if budget == 0 {
                return Proof::Unfinished;
            }
            budget -= 1;
            let Some(key) = self.queue.pop_front() else {
                break Proof::NoWayOut;
            };
            if self.expand(key) {
                break Proof::WayOut;
            }
        };
        self.verdict = Some(verdict);
        self.seen = StateSet::new();
        self.queue = VecDeque::new();
        verdict
    }

    /// Expands the region `key`: true if it has an open exit, else queues the regions its pushes
    /// lead to.
    fn expand(&mut self, key: u64) -> bool {
        let maze = Maze::from_bits(key).expect("the queue holds regions");
        let region = maze.region(maze.player());
        self.regions += 1;
        self.states += u64::from(region.count_ones());
        if region & maze.exit_cells() != 0 {
            return true;
        }
        let walls = maze.walls();
        let mut cells = region;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            for dir in 0..4 {
                let Some(next) = NEIGHBOUR[cell][dir] else { continue };
                let (here, beyond) = (1 << SLOT[cell][dir], 1 << SLOT[usize::from(next)][dir]);
                if walls & here == 0 || walls & beyond != 0 {
                    continue;
                }
                let pushed = maze.with_player(0).bits() ^ here ^ beyond;
                let key = region_key(Maze::from_bits(pushed).expect("cell 0"), usize::from(next));
                if self.seen.insert(key) {
                    self.queue.push_back(key);
                }
            }
        }
        false
    }

    /// Regions expanded so far.
    #[must_use]
    pub fn regions(&self) -> u64 {
        self.regions
    }

    /// Positions (walls and a player's cell) in the regions expanded so far: once the search
    /// has proved [`Proof::NoWayOut`], every position reachable from the start.
    #[must_use]
    pub fn states(&self) -> u64 {
        self.states
    }
}

/// Searches from `start` to the end: [`Proof::WayOut`] or [`Proof::NoWayOut`].
#[must_use]
pub fn prove(start: &Maze) -> Proof {
    Reachability::new(start).run(None)
}

/// The key of the region around `cell` among the walls of `maze`: the walls, with the player in
/// the region's smallest cell.
#[inline]
fn region_key(maze: Maze, cell: usize) -> u64 {
    let smallest = maze.region(cell).trailing_zeros() as usize;
    debug_assert!(smallest < CELLS);
    maze.with_player(smallest).bits()
}

/// A set of `u64` keys other than `u64::MAX`: open addressing, linear probing.
#[derive(Debug)]
struct StateSet {
    slots: Vec<u64>,
    len: usize,
}

/// The mark of an empty slot.
const EMPTY: u64 = u64::MAX;

impl StateSet {
    const INITIAL_SLOTS: usize = 1 << 10;

    fn new() -> Self {
        Self { slots: Vec::new(), len: 0 }
    }

    /// Adds `key`; true if it was not there.
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        debug_assert_ne!(key, EMPTY);
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut index = home(key, mask);
        loop {
            let slot = self.slots[index];
            if slot == key {
                return false;
            }
            if slot == EMPTY {
                self.slots[index] = key;
                self.len += 1;
                return true;
            }
            index = (index + 1) & mask;
        }
    }

    /// Doubles the slots (or makes the first ones) and puts every key back.
    #[cold]
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(Self::INITIAL_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        let mask = size - 1;
        for key in old.into_iter().filter(|&key| key != EMPTY) {
            let mut index = home(key, mask);
            while self.slots[index] != EMPTY {
                index = (index + 1) & mask;
            }
            self.slots[index] = key;
        }
    }
}

/// The slot a key hashes to: `SplitMix64`'s finaliser, which spreads the walls' few changing bits
/// over the whole word.
#[inline]
fn home(key: u64, mask: usize) -> usize {
    let mut z = key;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    #[expect(clippy::cast_possible_truncation, reason = "only the bits under the mask are used")]
    let z = z as usize;
    z & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_keeps_every_key_once_across_growth() {
        let mut set = StateSet::new();
        for key in 0..10_000u64 {
            assert!(set.insert(key * 0x1_0000_0001));
        }
        for key in 0..10_000u64 {
            assert!(!set.insert(key * 0x1_0000_0001));
        }
        assert_eq!(set.len, 10_000);
        assert!(4 * set.len <= 3 * set.slots.len());
    }

    #[test]
    fn a_budget_stops_the_search_and_it_goes_on_from_there() {
        // No wall inside and an exit south of the last cell: one region, all 24 cells.
        let mut masks = [0u8; CELLS];
        for (cell, mask) in masks.iter_mut().enumerate() {
            let (row, column) = (cell / 6, cell % 6);
            *mask |= u8::from(column == 0)
                | u8::from(row == 0) << 1
                | u8::from(column == 5) << 2
                | u8::from(row == 3 && cell != 23) << 3;
        }
        let maze = Maze::from_masks(&masks, 0);
        let mut search = Reachability::new(&maze);
        assert_eq!(search.run(Some(0)), Proof::Unfinished);
        assert_eq!(search.regions(), 0);
        assert_eq!(search.run(Some(1)), Proof::WayOut);
        assert_eq!((search.regions(), search.states()), (1, 24));
        assert_eq!(search.run(Some(0)), Proof::WayOut);
    }
}
