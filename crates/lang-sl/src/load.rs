//! Loading source code into a runtime: parse it, translate its functions and register them,
//! within the native stack that is left.
//!
//! The parser and the translator recurse once per level of nesting, and `eval` and
//! `defineFunction` run them wherever the guest happens to be, possibly deep in a recursion with
//! little native stack left. So both ask the runtime how much stack is left at every level and
//! give up while there is still [`STACK_MARGIN`] to spare, and loading reports the guest's
//! `Stack overflow` error, as a call would in the same place. On the launcher's fresh stack the
//! margin is never reached before the parser's own nesting limit.

use std::cell::Cell;
use std::rc::Rc;

use porcini::call_target::CallTarget;
use porcini::runtime::stack_overflow;
use porcini::{Runtime, Unwind, Value};

use crate::Sl;
use crate::parser::{self, ParseError};
use crate::translate;

/// Native stack that must be left, above the runtime's own reserve, before the parser or the
/// translator goes one level deeper. A level takes at most about 3 KB in the parser and 800
/// bytes in the translator (measured in release and debug builds); the margin also covers the
/// work between two levels, such as reporting a syntax error.
const STACK_MARGIN: usize = 64 * 1024;

/// The native stack ran short of [`STACK_MARGIN`].
pub(crate) struct StackShort;

/// Whether the native stack has room for another level of parsing or translation (always, when
/// the runtime knows no stack).
pub(crate) fn stack_ok(rt: &Runtime<Sl>) -> bool {
    rt.native_stack_left().is_none_or(|left| left >= STACK_MARGIN)
}

/// Why loading failed.
pub(crate) enum LoadError {
    /// The source does not parse (or resolve).
    Parse(ParseError),
    /// The native stack ran short while parsing or translating.
    StackOverflow,
}

impl LoadError {
    /// The error as a guest error, with the messages SL reports.
    pub(crate) fn into_unwind(self) -> Unwind<Value> {
        match self {
            LoadError::Parse(e) => porcini::GuestError::raise(e.to_string()),
            LoadError::StackOverflow => stack_overflow(),
        }
    }
}

/// Parses `source` (named `file` in messages and locations) and registers its functions;
/// returns the target of its `main`, if it defines one.
pub(crate) fn load(rt: &Runtime<Sl>, source: &str, file: &str) -> Result<Option<Rc<CallTarget<Sl>>>, LoadError> {
    let short = Cell::new(false);
    let guard = || {
        let ok = stack_ok(rt);
        short.set(short.get() || !ok);
        ok
    };
    let program = match parser::parse_guarded(source, &guard) {
        Ok(p) => p,
        // Nesting the stack could not hold ends the parse like the nesting limit does; an error
        // found on the way back (a replayed prediction) still wins, as it would have come first.
        Err(e) if short.get() && e.message == parser::TOO_DEEP => return Err(LoadError::StackOverflow),
        Err(e) => return Err(LoadError::Parse(e)),
    };
    rt.add_source(file, source);
    translate::register(rt, &program, file, source).map_err(|StackShort| LoadError::StackOverflow)
}
