//! Why a search stopped before it could answer: one of the [`Limits`](crate::Limits).

use std::fmt;

/// Why a search stopped before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// Every solution not ruled out costs more than [`Limits::max_bound`](crate::Limits::max_bound).
    BoundLimit,
    /// [`Limits::max_generated`](crate::Limits::max_generated) nodes were generated.
    NodeLimit,
    /// The [`Limits::cancel`](crate::Limits::cancel) flag was set.
    Cancelled,
    /// The [`Limits::deadline`](crate::Limits::deadline) passed.
    TimeLimit,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::BoundLimit => "the bound limit was reached",
            Self::NodeLimit => "the node budget was spent",
            Self::Cancelled => "the search was cancelled",
            Self::TimeLimit => "the time limit was reached",
        })
    }
}
