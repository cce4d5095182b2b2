//! The SL front end: lexer, recursive-descent parser and scope resolution.
//!
//! [`parse`] never panics: any input yields either a resolved [`Program`] or the first
//! [`ParseError`] in the reference's format.

mod ast;
mod error;
mod lexer;
#[allow(clippy::module_inception, reason = "the parser module holds the parser")]
mod parser;
mod resolve;
#[cfg(test)]
mod tests;

pub use ast::*;
pub use error::ParseError;

/// Parses and resolves a whole SL source.
pub fn parse(source: &str) -> Result<Program, ParseError> {
    let mut p = parser::Parser::new(lexer::lex(source));
    let functions = p.program()?;
    if let Some(e) = p.first_semantic_error() {
        return Err(e);
    }
    let functions = functions
        .into_iter()
        .map(|(mut f, params)| {
            resolve::resolve_function(&mut f, params);
            f
        })
        .collect();
    Ok(Program { functions })
}
