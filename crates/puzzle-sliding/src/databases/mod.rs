//! Pattern databases, the admissible bounds that remember: what a database is over
//! ([`pattern`]: [`Pattern`] and the 15-puzzle's partition), the 15-puzzle's additive bound
//! ([`disjoint`]: [`DisjointDatabases`]), the 24-puzzle's, looked up through the board's
//! symmetries ([`symmetric`]: [`SymmetricDatabases`]; the symmetries themselves in
//! [`dihedral`]) and its fast search ([`tracked`]: [`Tracked`]), and the databases kept in a
//! file between runs ([`cache`]).
//!
//! [`Pattern`]: crate::Pattern
//! [`DisjointDatabases`]: crate::DisjointDatabases
//! [`SymmetricDatabases`]: crate::SymmetricDatabases
//! [`Tracked`]: crate::Tracked

pub mod cache;
pub(crate) mod dihedral;
pub(crate) mod disjoint;
pub(crate) mod pattern;
pub(crate) mod symmetric;
pub(crate) mod tracked;
