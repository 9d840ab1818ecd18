//! The three programs, each a command line and a [`Puzzle`](crate::Puzzle): here, in the
//! library, so that tests can run a program's whole path from input to output in-process; the
//! Cargo examples `rotation`, `wall-pusher` and `sliding` only call their `main`.

mod distributed;
pub mod rotation;
pub mod sliding;
pub mod wall_pusher;
