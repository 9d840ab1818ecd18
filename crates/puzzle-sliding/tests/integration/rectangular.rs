//! Rectangular boards: every 2 x 3 and 3 x 2 board against breadth-first search, the solvability
//! test against the reachable positions, 3 x 4 boards against A\*, and the shape syntax's errors.

mod against_breadth_first;
mod parse;
