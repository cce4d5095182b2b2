//! The SL front end: lexer, parser and scope resolution (spec §2–§4, §9.2).
//!
//! [`parse`] never panics: any input yields either a resolved [`Program`] or the first
//! [`ParseError`] exactly as the reference reports it. Syntax errors reproduce the messages of
//! the reference's ANTLR 4.13.2 generated parser: the grammar is held as the same automaton
//! ([`atn`]), the parser follows the generated code's structure ([`parser`]), and error recovery
//! ([`recovery`]) and adaptive prediction ([`predict`]) follow ANTLR's default strategy up to
//! the first report. Semantic errors (invalid assignment target, `break`/`continue` outside a
//! loop) are reported only when the whole source is syntactically valid.

mod ast;
mod atn;
mod context;
mod error;
mod lexer;
#[allow(clippy::module_inception, reason = "the parser module holds the parser")]
mod parser;
mod predict;
mod recovery;
mod resolve;
mod returns;
mod stream;
#[cfg(test)]
mod tests;

pub use ast::*;
pub use error::ParseError;
pub use parser::MAX_NESTING;
pub(crate) use parser::TOO_DEEP;

/// Parses and resolves a whole SL source.
///
/// Nesting (parentheses, call arguments, assignment right-hand sides and blocks together) is
/// limited to [`MAX_NESTING`] levels; deeper sources get the error `too deeply nested`. Parsing a
/// source near the limit needs a large stack (the embedder runs the parser on a 1 GiB stack).
pub fn parse(source: &str) -> Result<Program, ParseError> {
    parse_guarded(source, &|| true)
}

/// Parses like [`parse`] on a native stack that may be too short for [`MAX_NESTING`] levels:
/// `stack_ok` is asked at every level of nesting whether the stack has room for one more (a level
/// takes a few kilobytes), and when it says no the parse ends with `too deeply nested` there.
pub fn parse_guarded(source: &str, stack_ok: &dyn Fn() -> bool) -> Result<Program, ParseError> {
    // Offsets are 32-bit; a source that does not fit is rejected rather than mis-numbered.
    if source.len() >= u32::MAX as usize {
        return Err(ParseError::new(1, 1, "source too large"));
    }
    match parse_with(source, false, stack_ok) {
        // A provisional prediction turned out wrong: do it all again the reference's way.
        Err(None) => parse_with(source, true, stack_ok)
            .map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error"))),
        r => r.map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error"))),
    }
}

/// Parses with the reference's prediction algorithm run eagerly (for tests comparing modes).
#[cfg(test)]
pub(crate) fn parse_exact(source: &str) -> Result<Program, ParseError> {
    parse_with(source, true, &|| true).map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error")))
}

/// One parse; `Err(None)` asks for a parse in exact mode.
fn parse_with(source: &str, exact: bool, stack_ok: &dyn Fn() -> bool) -> Result<Program, Option<ParseError>> {
    let mut p = parser::Parser::new(source, exact, stack_ok).map_err(Some)?;
    match p.simplelanguage() {
        Ok(functions) => match p.semantic_error() {
            Some(e) => Err(Some(e)),
            None => Ok(Program { functions }),
        },
        Err(e) => match p.replay_pending() {
            Ok(Some(earlier)) => Err(Some(earlier)),
            Ok(None) => Err(Some(e)),
            Err(_) => Err(None),
        },
    }
}
