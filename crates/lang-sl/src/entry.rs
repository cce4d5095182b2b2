//! Evaluating a source in an engine's global scope, as one REPL entry or one
//! [`Engine::eval`](porcini::Engine::eval) of an embedder.
//!
//! SL's only global state is its functions, so an entry is either function definitions, which
//! are registered (replacing earlier ones of the same name) and have the value NULL, or code to
//! run: an expression, whose value is shown, or statements, which run as the body of a function
//! and whose value is what a `return` among them gives. The code becomes the body of a
//! generated function, [`ENTRY_FUNCTION`], put on a line of its own before the entry so that
//! columns stay those of the entry (lines are one further on). An entry that ends with a
//! bracket still open is incomplete, and so is one whose function definitions stop short.

use porcini::embed::Entry;
use porcini::{Program, RunError, Runtime, Value};

use crate::Sl;
use crate::engine::unwind_error;
use crate::load::{LoadError, load};
use crate::parser::{self, ParseError, is_unfinished};
use crate::runtime::state::function_named;

/// The name of the function an entry's code runs as.
pub const ENTRY_FUNCTION: &str = "__repl_entry__";

/// Evaluates `program` in `rt`'s global scope (see the module documentation).
pub(crate) fn eval(rt: &Runtime<Sl>, program: Program<'_>) -> Result<Entry, RunError> {
    let source = program.source;
    let definitions = match parser::parse(source) {
        Ok(_) => return register(rt, source, program.path).map(|()| Entry::Value(Value::NULL)),
        Err(e) => e,
    };
    // A definition cut short ends in `<EOF>` where the parser wanted more; so does code that
    // is not definitions only when a bracket is still open, which `is_unfinished` tells.
    if is_unfinished(source) || (starts_definition(source) && definitions.message.starts_with("mismatched input '<EOF>'")) {
        return Ok(Entry::Incomplete(RunError::Guest(definitions.to_string())));
    }
    if starts_definition(source) {
        return Err(RunError::Guest(definitions.to_string()));
    }
    let expression = format!("function {ENTRY_FUNCTION}() {{\nreturn\n{source}\n;}}");
    let statements = format!("function {ENTRY_FUNCTION}() {{\n{source}\n}}");
    let code = if parser::parse(&expression).is_ok() {
        expression
    } else {
        match parser::parse(&statements) {
            Ok(_) => statements,
            Err(e) => return Err(RunError::Guest(ParseError { line: e.line.saturating_sub(1).max(1), ..e }.to_string())),
        }
    };
    register(rt, &code, program.path)?;
    let function = function_named(rt, ENTRY_FUNCTION);
    let target = function.target().and_then(|id| rt.call_target(id)).ok_or_else(|| RunError::Internal("the entry's function was not registered".into()))?;
    let r = rt.call_entry(&target, &[]);
    r.map(Entry::Value).map_err(unwind_error)
}

/// Registers the functions `source` defines.
fn register(rt: &Runtime<Sl>, source: &str, name: &str) -> Result<(), RunError> {
    load(rt, source, name).map(|_| ()).map_err(|e: LoadError| unwind_error(e.into_unwind()))
}

/// Whether `source` begins with `function`, so it is meant as definitions.
fn starts_definition(source: &str) -> bool {
    matches!(parser::first_token_is_function(source), Some(true))
}
