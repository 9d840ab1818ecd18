//! Tiles that cost different amounts to slide: the costs ([`model`]: [`CostModel`] and its
//! errors), and the puzzle that charges them and its bound ([`weighted`]: [`WeightedSliding`],
//! [`WeightedManhattan`]), searched with search-core's drivers.
//!
//! [`CostModel`]: crate::CostModel
//! [`WeightedSliding`]: crate::WeightedSliding
//! [`WeightedManhattan`]: crate::WeightedManhattan

pub(crate) mod model;
pub(crate) mod weighted;
