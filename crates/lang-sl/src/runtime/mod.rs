//! SL's run-time state and value conventions: the function registry, I/O streams, type objects and
//! the three textual forms of a value (display, string conversion, error description).

pub mod display;
pub mod state;
pub mod types;
