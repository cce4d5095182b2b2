//! EasyScript on porcini: a subset of JavaScript that behaves exactly like node for every
//! program it accepts and rejects every other program with a `SyntaxError` naming the feature.
//!
//! The layout mirrors `lang-sl`: `parser/` turns source text into a resolved AST, `translate/`
//! turns that into executable nodes (`nodes/`), `runtime/` holds the object model, strings and
//! global state, and `builtins/` the standard library the subset has. Nothing here names the
//! JIT: nodes are written once, generic over the stage, and the framework compiles them. The
//! embedder API is porcini's [`Engine`](porcini::Engine) for [`Es`] ([`EsEngine`]).
#![forbid(unsafe_code)]

pub mod builtins;
mod engine;
mod entry;
pub mod nodes;
pub mod parser;
pub mod runtime;
mod translate;

pub use engine::EsEngine;
pub use porcini::{Host, RunError};

use porcini::{GuestError, Language, Runtime, Tracer, Value};

/// The EasyScript language marker type.
pub struct Es;

impl Language for Es {
    type State = runtime::state::EsState;
    const NAME: &'static str = "js";
    /// A missing argument, a `return;` and a statement's value are `undefined`.
    const ABSENT: Value = runtime::UNDEFINED;
    fn trace_state(state: &Self::State, tracer: &mut Tracer) {
        state.trace(tracer);
    }
    /// Exhausted guest recursion is node's `RangeError`; other framework errors (a requested
    /// exit, internal errors) are not catchable.
    fn error_value(rt: &Runtime<Self>, error: &GuestError) -> Option<Value> {
        match error {
            GuestError::Message(m) if m.starts_with("Stack overflow") => {
                Some(runtime::error::new_error_in(rt, runtime::error::ErrorKind::RangeError, "Maximum call stack size exceeded"))
            }
            _ => None,
        }
    }
}
