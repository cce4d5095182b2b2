//! Structured unwinding and guest errors.
//!
//! Node code returns `Result<V, Unwind<V>>`: `Ok` for a value, `Err` for non-local control flow
//! (`return`, `break`, `continue`) and for guest errors. Control flow is an ordinary return value
//! rather than a panic, which keeps it cheap and lets the partial evaluator see it as data.

use std::fmt;

/// Non-local exits, generic over the stage's value type.
#[derive(Debug)]
pub enum Unwind<V> {
    /// `return` with a value.
    Return(V),
    /// `break` out of the innermost loop.
    Break,
    /// `continue` the innermost loop.
    Continue,
    /// A guest error (or a requested exit) that ends the program.
    Error(Box<GuestError>),
}

/// A guest-level error: its message, exactly as the language prints it, or a requested exit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuestError {
    /// A runtime error with the language's message text (locations are part of the text).
    Message(String),
    /// The guest asked the process to exit with this status.
    Exit(i32),
}

impl GuestError {
    /// A runtime error as an unwind, built out of line because it is always a slow path.
    #[cold]
    #[inline(never)]
    pub fn raise<V>(message: impl Into<String>) -> Unwind<V> {
        Unwind::Error(Box::new(GuestError::Message(message.into())))
    }
}

impl fmt::Display for GuestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuestError::Message(m) => f.write_str(m),
            GuestError::Exit(code) => write!(f, "exit({code})"),
        }
    }
}

/// The outcome of a specialization body: a result, a request to rewrite (the `rewrite_on`
/// condition held, e.g. overflow), or an unwind.
#[derive(Debug)]
pub enum SpecFail<V> {
    /// The specialization's rewrite condition held: exclude it and respecialize.
    Rewrite,
    /// Non-local exit or guest error.
    Unwind(Unwind<V>),
}

impl<V> From<Unwind<V>> for SpecFail<V> {
    fn from(u: Unwind<V>) -> Self {
        SpecFail::Unwind(u)
    }
}
