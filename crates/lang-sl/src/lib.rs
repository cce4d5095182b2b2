//! SimpleLanguage (SL) on porcini: Truffle's demonstration language, complete.
//!
//! The layout mirrors the reference implementation: `parser/` turns text into a resolved AST,
//! `translate` turns that into executable nodes (`nodes/`), `builtins/` holds the builtin
//! functions and `runtime/` the global state and value conventions. Everything SL-specific is
//! here; the framework (`porcini`) knows nothing about SL. The embedder API is porcini's [`Engine`](porcini::Engine) for [`Sl`] ([`SlEngine`]).
#![forbid(unsafe_code)]

pub mod builtins;
mod engine;
mod entry;
mod load;
pub mod nodes;
pub mod parser;
pub mod runtime;
mod translate;

pub use engine::{SlEngine, load_program, outcome};
pub use porcini::{Host, RunError};

use porcini::{Language, Tracer};

/// The SL language marker type.
pub struct Sl;

impl Language for Sl {
    type State = runtime::state::SlState;
    const NAME: &'static str = "sl";
    fn trace_state(state: &Self::State, tracer: &mut Tracer) {
        // Function objects and type objects are permanent; hooks hold function values, which are
        // permanent too, but trace them anyway so the invariant does not depend on that.
        for v in state.hooks.borrow().iter() {
            porcini::Trace::trace(v, tracer);
        }
    }
}
