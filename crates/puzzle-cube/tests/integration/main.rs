//! The integration tests of `puzzle-cube`, as one test binary.
