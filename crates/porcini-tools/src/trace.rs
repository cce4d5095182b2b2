//! The `[engine]` trace-line writer. Every user-facing trace of the engine is formatted here, so
//! that the formats are fixed in one place, tested, and identical to Truffle's.
//!
//! `format_event` is Truffle's generic event layout; `compilation` and `splitting` build the
//! specific lines of `TraceCompilation*` and the splitting traces; `printf` reproduces the Java
//! format conversions those layouts are defined with; `TraceSink` writes the finished lines with
//! the `[engine] ` prefix.

pub mod compilation;
mod event;
pub mod printf;
mod sink;
pub mod inlining;
pub mod splitting;
#[cfg(test)]
mod tests;
mod utc;

pub use event::{
    EVENT_WIDTH, PROPERTY_WIDTH, PropValue, SUBJECT_WIDTH, format_event, format_event_with_message,
};
pub use sink::{PREFIX, SharedBuffer, TraceSink};
pub use utc::{utc, utc_now};
