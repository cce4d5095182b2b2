//! Shared pieces of porcini's benchmarks: running SL in-process, the SL kernels the criterion
//! benches measure, and the pure parts of the `porcini-compare` runner.
//!
//! This crate is a development tool and is never published. The criterion benches in `benches/`
//! measure the interpreter inside the benchmark process ([`guest`], [`kernels`]); the runner in
//! `src/bin/compare.rs` measures whole `porcini` processes against other language VMs on the
//! shared micro benchmarks, and keeps everything that can be tested without spawning a process
//! (result-line parsing, expected values, medians, the report) in [`compare`]. [`process`] is the
//! one module that starts processes, and [`cli`] holds the runner's command-line conventions.
#![forbid(unsafe_code)]

pub mod cli;
pub mod compare;
pub mod guest;
pub mod kernels;
pub mod process;
