//! The JIT's integration tests, one module per area, built as a single test binary: each binary
//! links the engine and Cranelift anew, so one binary per file would multiply the link time of
//! `cargo test` for nothing.

mod allocation;
mod background;
mod calls;
mod compile_cost;
mod control_flow;
mod deopt;
mod deopt_cycle;
mod elements;
mod ir;
mod mini;
mod numbers;
mod records;
mod traces;
mod try_regions;
