//! The error every failure of the front end is reported as.
//!
//! Genuine syntax errors carry node's message text (`Unexpected token ')'`); valid JavaScript that
//! EasyScript does not support carries a message of the form `{feature} is not supported in
//! EasyScript`. Internally the parser records only a byte offset, which is converted to a line
//! and column once, when the error leaves the crate.

use std::fmt;

use crate::parser::line_index::LineIndex;

/// A syntax error, or a construct EasyScript rejects, at a 1-based line and column.
///
/// The column counts UTF-16 code units, as node does, so a column is the same number a
/// JavaScript engine would report for the same source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The message, without the `SyntaxError: ` prefix.
    pub message: String,
    /// 1-based line of the offending token.
    pub line: u32,
    /// 1-based column of the offending token, in UTF-16 code units.
    pub col: u32,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SyntaxError: {}", self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// An error located by byte offset, as the lexer, parser and resolver produce it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseError {
    pub message: String,
    pub pos: u32,
}

impl ParseError {
    pub(crate) fn new(message: impl Into<String>, pos: u32) -> ParseError {
        ParseError {
            message: message.into(),
            pos,
        }
    }

    /// The error for a feature EasyScript rejects, worded uniformly.
    pub(crate) fn unsupported(feature: &str, pos: u32) -> ParseError {
        ParseError {
            message: format!("{feature} not supported in EasyScript"),
            pos,
        }
    }

    pub(crate) fn locate(self, index: &LineIndex) -> SyntaxError {
        let (line, col) = index.line_col(self.pos);
        SyntaxError {
            message: self.message,
            line,
            col,
        }
    }
}

/// The result type of everything inside the front end.
pub(crate) type PResult<T> = Result<T, ParseError>;
