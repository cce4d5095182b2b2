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
mod unfinished;

pub use ast::*;
pub use error::ParseError;
pub use parser::MAX_NESTING;
pub use unfinished::{first_token_is_function, is_unfinished};
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
    parse_counting(source, stack_ok, &mut ParseWork::default())
}

/// Parses like [`parse`], and counts the work it took.
///
/// The counts measure what could grow faster than the source: adaptive prediction's look-ahead
/// and the closures and context merges each of its steps needs. Unlike time, they are the same
/// on every machine and in every build, so tests can bound the parser's work exactly.
pub fn parse_measured(source: &str) -> (Result<Program, ParseError>, ParseWork) {
    let mut work = ParseWork::default();
    let result = parse_counting(source, &|| true, &mut work);
    (result, work)
}

/// The work a parse did (see [`parse_measured`]). Each count covers the whole parse, and both
/// parses when the source is parsed a second time in exact mode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ParseWork {
    /// Tokens lexed, the end of input included (the most of either parse): the size of the
    /// source as the parser sees it, which the other counts are measured against.
    pub tokens: u64,
    /// Steps of adaptive prediction's look-ahead, each matching one token: full-context
    /// predictions, made eagerly in exact mode and replayed from pending decisions otherwise
    /// (a step found in the memo of earlier predictions is not taken again), and SLL
    /// predictions that need more than one token.
    pub lookahead_steps: u64,
    /// Configurations visited by the closures of prediction: states walked, and entries of the
    /// memoized lists of rule returns read or combined. The memo keeps this per look-ahead step
    /// independent of how deeply the source nests.
    pub closure_steps: u64,
    /// Pairs of context nodes visited by merges of prediction contexts (merges found in the
    /// merge memo cost nothing). A merge walks down two stacks while their tops agree, so this
    /// grows with the depth and the variety of the stacks merged.
    pub merge_steps: u64,
}

impl ParseWork {
    /// Adds the work of parser `p`.
    fn add(&mut self, p: &parser::Parser<'_>) {
        self.tokens = self.tokens.max(p.ts.lexed() as u64);
        self.lookahead_steps += p.predictor.steps();
        self.closure_steps += p.predictor.closure_steps();
        self.merge_steps += p.ctxs.merge_steps();
    }
}

/// [`parse_guarded`], adding the work done to `work`.
fn parse_counting(source: &str, stack_ok: &dyn Fn() -> bool, work: &mut ParseWork) -> Result<Program, ParseError> {
    // Offsets are 32-bit; a source that does not fit is rejected rather than mis-numbered.
    if source.len() >= u32::MAX as usize {
        return Err(ParseError::new(1, 1, "source too large"));
    }
    match parse_with(source, false, stack_ok, work) {
        // A provisional prediction turned out wrong: do it all again the reference's way.
        Err(None) => parse_with(source, true, stack_ok, work)
            .map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error"))),
        r => r.map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error"))),
    }
}

/// Parses with the reference's prediction algorithm run eagerly (for tests comparing modes).
#[cfg(test)]
pub(crate) fn parse_exact(source: &str) -> Result<Program, ParseError> {
    parse_with(source, true, &|| true, &mut ParseWork::default())
        .map_err(|e| e.unwrap_or_else(|| ParseError::new(1, 1, "internal error")))
}

/// One parse, adding its work to `work`; `Err(None)` asks for a parse in exact mode.
fn parse_with(
    source: &str,
    exact: bool,
    stack_ok: &dyn Fn() -> bool,
    work: &mut ParseWork,
) -> Result<Program, Option<ParseError>> {
    let mut p = parser::Parser::new(source, exact, stack_ok).map_err(Some)?;
    let result = match p.simplelanguage() {
        Ok(functions) => match p.semantic_error() {
            Some(e) => Err(Some(e)),
            None => Ok(Program { functions }),
        },
        Err(e) => match p.replay_pending() {
            Ok(Some(earlier)) => Err(Some(earlier)),
            Ok(None) => Err(Some(e)),
            Err(_) => Err(None),
        },
    };
    work.add(&p);
    result
}
