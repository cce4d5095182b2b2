//! The JIT's integration tests on small test languages, one module per area, built as a single
//! test binary: each binary links the engine and Cranelift anew, so one binary per file would
//! multiply the link time of `cargo test` for nothing. Its tests on SL and EasyScript programs
//! are in `porcini-integration`, so that this crate names no language.

mod boundary_frames;
mod control_flow;
mod deopt_cycle;
mod elements;
mod mini;
mod numbers;
mod records;
mod try_regions;
