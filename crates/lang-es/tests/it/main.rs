//! EasyScript's integration tests, one module per area, built as a single test binary.

mod front;
mod seed_addition;
