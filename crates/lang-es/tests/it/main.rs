//! EasyScript's integration tests, one module per area, built as a single test binary.

mod embed;
mod front;
mod long_strings;
mod seed_addition;
