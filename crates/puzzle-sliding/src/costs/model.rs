//! What each tile costs to slide: the [`CostModel`], and why a model cannot price a board,
//! [`CostError`].
//!
//! The models are named so that a command line can choose one (`unit`, `tile`, `tile-squared`,
//! `tile-cubed`), or written as a table of costs; [`WeightedSliding`](crate::WeightedSliding)
//! charges them.

use std::fmt;
use std::str::FromStr;

/// How much sliding each tile costs, by the tile's number `t`.
///
/// [`FromStr`] reads the names `unit`, `tile`, `tile-squared`, `tile-cubed`, or a table: the
/// costs of tiles 1, 2, 3, ... separated by commas. [`Display`](fmt::Display) writes them back.
///
/// ```
/// use puzzle_sliding::CostModel;
///
/// assert_eq!("tile-squared".parse(), Ok(CostModel::TileSquared));
/// assert_eq!(CostModel::TileSquared.tile_cost(3), Some(9));
/// let table: CostModel = "5,1,1".parse().unwrap();
/// assert_eq!(table, CostModel::Table(vec![5, 1, 1]));
/// assert_eq!(table.tile_cost(1), Some(5));
/// assert_eq!(table.tile_cost(4), None); // not in the table
/// assert_eq!(table.to_string(), "5,1,1");
/// assert!("tile-cubic".parse::<CostModel>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum CostModel {
    /// Every tile costs 1, `unit`: the classic puzzle.
    #[default]
    Unit,
    /// Tile `t` costs `t`, `tile`.
    Tile,
    /// Tile `t` costs `t²`, `tile-squared`.
    TileSquared,
    /// Tile `t` costs `t³`, `tile-cubed`: costs so diverse that IDA\* runs an iteration for
    /// nearly every cost.
    TileCubed,
    /// Tile `t` costs `table[t - 1]`: a table of the costs of tiles 1, 2, 3, ..., written as
    /// those numbers separated by commas.
    Table(Vec<u32>),
}

impl CostModel {
    /// The models with a name, in the order `--help` lists them.
    pub const NAMED: [CostModel; 4] =
        [CostModel::Unit, CostModel::Tile, CostModel::TileSquared, CostModel::TileCubed];

    /// The most a tile may cost: enough for any model a person would try, and small enough that
    /// no bound overflows the `u32` costs (a solution takes at most 208 moves on the 24-puzzle,
    /// and the bound charges each of 24 tiles at most 8 moves: `(208 + 192) x 10⁶ < 2³²`).
    pub const MAX_TILE_COST: u32 = 1_000_000;

    /// The cost of sliding `tile` (1 and up), or `None` for a tile the table does not list.
    #[must_use]
    pub fn tile_cost(&self, tile: u8) -> Option<u32> {
        let t = u32::from(tile);
        match self {
            CostModel::Unit => Some(1),
            CostModel::Tile => Some(t),
            CostModel::TileSquared => Some(t * t),
            CostModel::TileCubed => Some(t * t * t),
            CostModel::Table(costs) => costs.get(usize::from(tile).checked_sub(1)?).copied(),
        }
    }

    /// The name [`FromStr`] reads, or `None` for a table.
    #[must_use]
    pub fn name(&self) -> Option<&'static str> {
        match self {
            CostModel::Unit => Some("unit"),
            CostModel::Tile => Some("tile"),
            CostModel::TileSquared => Some("tile-squared"),
            CostModel::TileCubed => Some("tile-cubed"),
            CostModel::Table(_) => None,
        }
    }

    /// The cost of each tile of a board of side `width`, indexed by the tile's number (0, the
    /// blank, costs nothing), or what is wrong with the model for that size.
    ///
    /// # Errors
    ///
    /// A [`CostError`] when a tile of the board is missing from the table, costs nothing, or
    /// costs more than [`MAX_TILE_COST`](Self::MAX_TILE_COST).
    ///
    /// # Panics
    ///
    /// If `width` is above 15 (no board is wider than 5).
    pub fn costs_for(&self, width: usize) -> Result<Vec<u32>, CostError> {
        self.costs_for_cells(width * width)
    }

    /// [`costs_for`](Self::costs_for) a board of `cells` cells, of any shape.
    ///
    /// # Errors
    ///
    /// As [`costs_for`](Self::costs_for).
    ///
    /// # Panics
    ///
    /// If `cells` is above 255 (no board has more than 25).
    pub fn costs_for_cells(&self, cells: usize) -> Result<Vec<u32>, CostError> {
        let tiles = u8::try_from(cells).expect("a board of at most 255 cells");
        let mut costs = vec![0];
        for tile in 1..tiles {
            let cost = self.tile_cost(tile).ok_or(CostError::Missing { tile })?;
            if cost == 0 || cost > Self::MAX_TILE_COST {
                return Err(CostError::OutOfRange { tile, cost });
            }
            costs.push(cost);
        }
        Ok(costs)
    }
}

/// The model's name, or the table as its costs separated by commas.
impl fmt::Display for CostModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.name(), self) {
            (Some(name), _) => f.write_str(name),
            (None, CostModel::Table(costs)) => {
                let costs: Vec<String> = costs.iter().map(ToString::to_string).collect();
                f.write_str(&costs.join(","))
            }
            (None, _) => unreachable!("only a table has no name"),
        }
    }
}

impl FromStr for CostModel {
    type Err = UnknownCosts;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Some(model) = Self::NAMED.into_iter().find(|model| model.name() == Some(text)) {
            return Ok(model);
        }
        // Otherwise a table: every piece between commas a number (so no piece is empty).
        let table: Result<Vec<u32>, _> = text.split(',').map(|cost| cost.trim().parse()).collect();
        table.map(CostModel::Table).map_err(|_| UnknownCosts { text: text.to_owned() })
    }
}

/// Text [`CostModel`]'s [`FromStr`] reads neither as a name nor as a table of costs; its message
/// lists the names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownCosts {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for UnknownCosts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = CostModel::NAMED.iter().filter_map(CostModel::name).collect();
        write!(
            f,
            "unknown costs {:?}: the costs are {}, or the costs of tiles 1, 2, 3, ... separated by \
             commas",
            self.text,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownCosts {}

/// Why a [`CostModel`] cannot price the tiles of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CostError {
    /// The table has no cost for this tile.
    Missing {
        /// The tile.
        tile: u8,
    },
    /// The tile costs nothing, which would let a search go on forever at no cost, or more
    /// than [`CostModel::MAX_TILE_COST`].
    OutOfRange {
        /// The tile.
        tile: u8,
        /// Its cost.
        cost: u32,
    },
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CostError::Missing { tile } => write!(f, "the cost table has no cost for tile {tile}"),
            CostError::OutOfRange { tile, cost } => write!(
                f,
                "tile {tile} costs {cost}: a tile must cost from 1 to {}",
                CostModel::MAX_TILE_COST
            ),
        }
    }
}

impl std::error::Error for CostError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_models_price_tiles_by_their_numbers() {
        let prices: Vec<Vec<u32>> =
            CostModel::NAMED.iter().map(|model| model.costs_for(3).unwrap()).collect();
        assert_eq!(prices[0], [0, 1, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(prices[1], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(prices[2], [0, 1, 4, 9, 16, 25, 36, 49, 64]);
        assert_eq!(prices[3], [0, 1, 8, 27, 64, 125, 216, 343, 512]);
        for model in CostModel::NAMED {
            assert_eq!(model.to_string().parse(), Ok(model.clone()));
        }
    }

    #[test]
    fn tables_are_read_checked_and_written_back() {
        let table: CostModel = " 3, 1 ,2".parse().unwrap();
        assert_eq!(table, CostModel::Table(vec![3, 1, 2]));
        assert_eq!(table.to_string(), "3,1,2");
        assert_eq!(table.costs_for(2), Ok(vec![0, 3, 1, 2]));
        assert_eq!(table.costs_for(3), Err(CostError::Missing { tile: 4 }));
        assert_eq!("7".parse(), Ok(CostModel::Table(vec![7])));
        let free = CostModel::Table(vec![1, 0, 1]);
        assert_eq!(free.costs_for(2), Err(CostError::OutOfRange { tile: 2, cost: 0 }));
        let dear = CostModel::Table(vec![1, 1, CostModel::MAX_TILE_COST + 1]);
        assert!(matches!(dear.costs_for(2), Err(CostError::OutOfRange { tile: 3, .. })));
        for bad in ["", "tile-cube", "1,,2", "1,x", "-1", "1,2,"] {
            let error = bad.parse::<CostModel>().unwrap_err().to_string();
            assert!(error.contains("tile-squared"), "{bad:?}: {error}");
        }
    }

    #[test]
    fn the_errors_say_which_tile() {
        assert_eq!(
            CostError::Missing { tile: 9 }.to_string(),
            "the cost table has no cost for tile 9"
        );
        assert_eq!(
            CostError::OutOfRange { tile: 2, cost: 0 }.to_string(),
            "tile 2 costs 0: a tile must cost from 1 to 1000000"
        );
    }
}
