//! SL's integration tests, one module per area, built as a single test binary: each binary links
//! the whole engine anew, so one binary per file would multiply the link time of `cargo test` for
//! nothing.

mod arith_model;
mod embed;
mod deopt_rehearsal;
mod engine_drop;
mod long_strings;
mod native_stack;
mod parser_robustness;
mod recording;
mod splitting;
