//! Helpers shared by the integration tests.

pub use test_support::SplitMix64;
