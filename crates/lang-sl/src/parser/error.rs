//! Parse errors in the reference's two-line format (spec §9.2).

use std::fmt;

/// The first error found in a source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// The message after the position.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error(s) parsing script:\n-- line {} col {}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}
