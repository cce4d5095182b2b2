//! Parse errors in the reference's two-line format (spec §9.2).
//!
//! Only the first error of a source is ever reported, so a parse error is a single position and
//! message; the `Display` form is exactly what the reference prints.

use std::fmt;

/// The first error found in a source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line (lines are counted by LF).
    pub line: u32,
    /// 1-based column (characters since the last LF, plus one).
    pub col: u32,
    /// The message after the position, for example `missing ';' at '}'`.
    pub message: String,
}

impl ParseError {
    /// An error at a 1-based position.
    pub(crate) fn new(line: u32, col: u32, message: impl Into<String>) -> ParseError {
        ParseError { line, col, message: message.into() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error(s) parsing script:\n-- line {} col {}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}
