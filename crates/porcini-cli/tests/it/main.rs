//! The launcher's integration tests, which run the `porcini` binary as a process, one module per
//! area, built as a single test binary so that the workspace's tests link once per crate rather
//! than once per file.

mod awfy;
mod bad_input;
mod conformance;
mod differential;
mod es_corpus;
mod repl;
mod splitting;
mod tools;
