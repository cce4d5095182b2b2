//! The contract between the framework and a guest language.
//!
//! A language names its global state (function registry, output streams, …) and says which heap
//! values that state keeps alive. Everything else a language provides is nodes.

use porcini_gc::Tracer;

/// A guest language implemented on porcini.
pub trait Language: Sized + 'static {
    /// The language's per-run global state, reachable from every frame.
    type State: 'static;
    /// The language's name, for traces.
    const NAME: &'static str;
    /// Visits every heap reference the state holds (beyond permanent objects).
    fn trace_state(state: &Self::State, tracer: &mut Tracer);
}
