//! Language-agnostic tooling shared by the engine and the launcher: the `--engine.*` option
//! registry, the fixed-format `[engine]` trace-line writer, the Graphviz DOT writer, the
//! interface dumps are handed to, the output formats of the CPU sampler and of code coverage
//! (the runtime collects the data; these modules only turn it into text), and the compilation
//! listener interface with the compilation statistics it feeds.
#![forbid(unsafe_code)]

pub mod coverage;
pub mod dot;
pub mod dump;
pub mod json;
pub mod listener;
pub mod options;
pub mod sampler;
pub mod statistics;
pub mod trace;
