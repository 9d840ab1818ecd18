//! The `Exact` bound: a pattern database over where one symbol's eight blocks are.

use std::sync::OnceLock;

use search_core::Heuristic;
use search_core::pattern_database::PatternDatabase;
use search_core::ranking::SubsetRanking;

use crate::board::{CENTRE_MASK, count};
use crate::eight_blocks::{build_database, ranking};
use crate::{Board, Move, Rotation};

/// The database the build script made (`build.rs`), one byte per rank.
static BUILT_AT_BUILD_TIME: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/eight_blocks.bin"));

/// The bound of a pattern database: for each symbol with exactly 8 blocks, the fewest moves that
/// bring those 8 blocks into the centre, looked up by where they are; the bound is the least of
/// those over the symbols that can fill the centre.
///
/// # The database
///
/// Where one symbol's 8 blocks lie is a 24-bit mask with 8 bits set: one of C(24, 8) = 735,471
/// arrangements, ranked with [`SubsetRanking`]. A move permutes the cells, so it maps an
/// arrangement to an arrangement, and its inverse is a move too: breadth-first search from the
/// one arrangement with all 8 in the centre gives, for every arrangement, the least number of
/// moves that fills the centre with those 8 blocks (at most 14).
///
/// That search takes longer than solving a whole judge input with the finished database
/// (`docs/performance.md` has the figures), so the **build script** runs it (`build.rs`, with the same code, in
/// `src/eight_blocks.rs`) and the table (735,471 bytes) is embedded in the program:
/// [`Exact::new`] and [`Exact::shared`] cost nothing at start-up. [`Exact::built_now`] runs the
/// search at run time instead; a test checks that both tables agree.
///
/// # The bound
///
/// A solution ends with the centre filled by one symbol, so it takes at least as many moves as
/// that symbol's own distance; the least of the symbols' distances is therefore **admissible**.
/// For a standard board (8 of each symbol) it is also **exact**: moving one symbol's 8 blocks
/// into the centre is all a solution has to do, and the database gives the fewest moves for that.
///
/// # Boards that are not eight of each symbol
///
/// The crate accepts any 24 symbols from 1 to 3. Per symbol:
///
/// - **fewer than 8 blocks:** the symbol can never fill the centre; it is skipped;
/// - **exactly 8:** the database distance, as above;
/// - **more than 8:** the database does not apply (any 8 of the blocks may end in the centre), so
///   the symbol's [`Count`](crate::Count) term is used instead: 8 minus its blocks in the centre,
///   admissible since a move brings at most one block into the centre.
///
/// Every board has a symbol with 8 or more blocks, so the minimum is over at least one symbol. It
/// is never below the [`Count`](crate::Count) heuristic (each term is at least that symbol's count
/// term, and skipping symbols only raises the minimum), and it is zero exactly on solved boards.
///
/// ```
/// use puzzle_rotation::{Board, Count, Exact, Rotation};
/// use search_core::Heuristic;
///
/// let board = Board::from_cells(&[
///     1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3,
/// ]).unwrap();
/// // The sample's answer, AC, is 2 moves long, as the bound says.
/// assert_eq!(Exact::shared().estimate(&Rotation, &board), 2);
/// assert_eq!(Count.estimate(&Rotation, &board), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Exact {
    ranking: SubsetRanking,
    database: PatternDatabase,
}

impl Exact {
    /// The bound, with the database embedded at build time: no search at run time.
    #[must_use]
    pub fn new() -> Self {
        Self { ranking: ranking(), database: PatternDatabase::from_static(BUILT_AT_BUILD_TIME) }
    }

    /// The heuristic, with the database built now by breadth-first search over the 735,471
    /// arrangements of 8 blocks. For measuring and checking;
    /// [`Exact::new`] gives the same table for free.
    #[must_use]
    pub fn built_now() -> Self {
        let ranking = ranking();
        let database = build_database(&ranking);
        Self { ranking, database }
    }

    /// One heuristic per process, made on first use and shared by every later call.
    #[must_use]
    pub fn shared() -> &'static Exact {
        static SHARED: OnceLock<Exact> = OnceLock::new();
        SHARED.get_or_init(Exact::new)
    }

    /// The database: the fewest moves that bring 8 blocks into the centre, by the rank of their
    /// arrangement.
    #[must_use]
    pub fn database(&self) -> &PatternDatabase {
        &self.database
    }

    /// The fewest moves that bring the 8 blocks on the cells of `mask` into the centre.
    ///
    /// # Panics
    ///
    /// In debug builds, if `mask` does not have exactly 8 of the 24 cells.
    #[must_use]
    #[inline]
    pub fn distance_of_eight(&self, mask: u32) -> u8 {
        self.database.distance(self.ranking.rank(u64::from(mask)))
    }

    /// The bound for the board whose symbols are on the cells of `masks`, after `moved` is
    /// applied to the 8-block masks, with its centre on the cells of `centre` (the centre itself,
    /// or where the centre's blocks come from before a move).
    #[inline]
    fn bound(&self, masks: [u32; 3], centre: u32, moved: impl Fn(u32) -> u32) -> u8 {
        let mut bound = u8::MAX;
        for mask in masks {
            let term = match count(mask) {
                0..8 => continue,
                8 => self.distance_of_eight(moved(mask)),
                _ => 8 - count(mask & centre),
            };
            bound = bound.min(term);
        }
        bound
    }
}

impl Default for Exact {
    fn default() -> Self {
        Self::new()
    }
}

impl Heuristic<Rotation> for Exact {
    fn estimate(&self, _: &Rotation, board: &Board) -> u8 {
        self.bound(board.masks(), CENTRE_MASK, |mask| mask)
    }

    /// Without making the move: each symbol's mask is moved with [`Move::move_mask`] (a symbol
    /// with more than 8 blocks only needs the parent's blocks on [`Move::centre_after`]), then
    /// ranked and looked up.
    #[inline]
    fn estimate_child(&self, _: &Rotation, parent: &Board, mv: Move, _: u8) -> Option<u8> {
        Some(self.bound(parent.masks(), mv.centre_after(), |mask| mv.move_mask(mask)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CENTRE, Count};

    fn exact() -> &'static Exact {
        Exact::shared()
    }

    /// Boards of every kind of mix: standard, and with more or fewer than 8 of a symbol.
    fn boards() -> Vec<Board> {
        let mut boards = Vec::new();
        for shift in 0..6 {
            let cells = std::array::from_fn(|cell| [1, 2, 3][(cell * 7 + shift) % 3]);
            boards.push(Board::from_cells(&cells).unwrap());
            let cells = std::array::from_fn(|cell| [1, 2, 3][(cell / 3 + shift) % 3]);
            boards.push(Board::from_cells(&cells).unwrap());
            let cells = std::array::from_fn(|cell| [1, 1, 2, 3][(cell * 5 + shift) % 4]);
            boards.push(Board::from_cells(&cells).unwrap());
        }
        boards
    }

    #[test]
    fn the_database_built_at_build_time_is_the_one_built_now() {
        assert_eq!(Exact::built_now().database(), exact().database());
    }

    #[test]
    fn the_database_covers_every_arrangement_within_14_moves() {
        let database = exact().database();
        assert_eq!(database.len(), 735_471);
        assert_eq!(database.max_distance(), 14);
        assert!(database.distances().iter().all(|&d| d != PatternDatabase::UNREACHABLE));
        let centre = CENTRE.iter().fold(0_u32, |mask, &cell| mask | 1 << cell);
        assert_eq!(exact().distance_of_eight(centre), 0);
    }

    #[test]
    fn pricing_a_child_from_its_parent_matches_pricing_it_after_the_move() {
        for board in boards() {
            let parent_h = exact().estimate(&Rotation, &board);
            for mv in Move::ALL {
                let mut child = board;
                child.apply(mv);
                assert_eq!(
                    exact().estimate_child(&Rotation, &board, mv, parent_h),
                    Some(exact().estimate(&Rotation, &child)),
                    "{mv} from {board:?}"
                );
            }
        }
    }

    #[test]
    fn never_below_count_and_consistent() {
        for board in boards() {
            let h = exact().estimate(&Rotation, &board);
            assert!(h >= Count.estimate(&Rotation, &board), "{board:?}");
            for mv in Move::ALL {
                let mut child = board;
                child.apply(mv);
                assert!(h.abs_diff(exact().estimate(&Rotation, &child)) <= 1);
            }
        }
    }

    #[test]
    fn solved_boards_and_only_they_cost_nothing() {
        assert_eq!(exact().estimate(&Rotation, &Board::from_cells(&[2; 24]).unwrap()), 0);
        for board in boards() {
            assert_eq!(exact().estimate(&Rotation, &board) == 0, board.is_solved(), "{board:?}");
        }
    }
}
