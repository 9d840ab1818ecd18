//! Tiles that cost different amounts to slide: the costs ([`model`]: [`CostModel`] and its
//! errors), the puzzle that charges them and its bound ([`weighted`]: [`WeightedSliding`],
//! [`WeightedManhattan`]), and answering a board under them ([`solve`]: [`solve_costed`]).
//!
//! [`CostModel`]: crate::CostModel
//! [`WeightedSliding`]: crate::WeightedSliding
//! [`WeightedManhattan`]: crate::WeightedManhattan
//! [`solve_costed`]: crate::solve_costed

pub(crate) mod model;
pub(crate) mod solve;
pub(crate) mod weighted;
