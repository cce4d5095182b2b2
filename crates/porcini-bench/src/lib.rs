//! Shared pieces of porcini's benchmarks: running SL in-process, the SL kernels the criterion
//! benches measure, and the two whole-process runners' logic.
//!
//! This crate is a development tool and is never published. The criterion benches in `benches/`
//! measure the interpreter inside the benchmark process ([`guest`], [`kernels`]). Two runners
//! measure whole processes: `porcini-compare` (`src/bin/compare.rs`) runs the shared micro
//! benchmarks on porcini and other language VMs, and `porcini-awfy` (`src/bin/awfy.rs`) runs the
//! Are-We-Fast-Yet JavaScript benchmarks on porcini and node. Everything they do that can be
//! tested without spawning a process (parsing output, checking it, statistics, reports) is in
//! [`compare`] and [`awfy`]; [`process`] is the one module that starts processes, and [`cli`]
//! holds the command-line conventions both runners follow.
#![forbid(unsafe_code)]

pub mod awfy;
pub mod cli;
pub mod compare;
pub mod guest;
pub mod kernels;
pub mod process;
