//! The outcome of evaluating one piece of source in an engine's global scope, as a REPL needs
//! it: either the source ran (with its value), or it stopped short in the middle of a construct
//! and more lines may complete it.

use crate::engine::RunError;
use crate::value::Value;

/// What evaluating a source gave, when it did not fail: its value, or the news that the source
/// ends inside an unclosed construct.
///
/// A REPL reads another line on [`Entry::Incomplete`] and evaluates the text again with it; an
/// embedder that evaluates whole sources treats it as the syntax error it carries, which is what
/// [`Engine::eval`](crate::Engine::eval) does.
///
/// ```
/// use porcini::embed::Entry;
/// let shown: Entry<Option<String>> = Entry::Value(Some("3".to_string()));
/// assert!(!shown.is_incomplete());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Entry<V = Value> {
    /// The source ran to its end; this is its value (a language's REPL text for
    /// [`Engine::eval_entry`](crate::Engine::eval_entry)).
    Value(V),
    /// The source ends inside a construct that is still open (a brace, a parenthesis, a
    /// template literal, a function head): more input may complete it. The error is what the
    /// language reports for the source as it is.
    Incomplete(RunError),
}

impl<V> Entry<V> {
    /// Whether more input may complete the source.
    pub fn is_incomplete(&self) -> bool {
        matches!(self, Entry::Incomplete(_))
    }
}
