//! Language-agnostic tooling shared by the engine and the launcher: the `--engine.*` option
//! registry, the fixed-format `[engine]` trace-line writer, the Graphviz DOT writer and the
//! interface dumps are handed to.
#![forbid(unsafe_code)]

pub mod dot;
pub mod dump;
pub mod options;
pub mod trace;
