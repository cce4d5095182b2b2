//! Language-agnostic tooling shared by the engine and the launcher: the `--engine.*` option
//! registry, the fixed-format `[engine]` trace-line writer and the Graphviz DOT writer.
#![forbid(unsafe_code)]

pub mod dot;
pub mod options;
pub mod trace;
