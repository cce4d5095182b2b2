//! The DSL's integration tests, one module per area, built as a single test binary so that the
//! workspace's tests link once per crate rather than once per file. `toy` is not a test of its
//! own: it is the tiny language the behaviour tests declare their nodes in.

mod behaviour;
mod errors;
mod expansion;
mod toy;
