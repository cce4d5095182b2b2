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
    /// Native stack that executing one level of the language's node trees may take, in bytes.
    /// A call reserves this much per level of the callee's tree (see
    /// [`RootNode::tree_depth`](crate::call_target::RootNode::tree_depth)), so that evaluating a
    /// deeply nested expression cannot run past the native stack. The default is about twice the
    /// most any SL node or framework control node was measured to take (208 bytes per level in a
    /// release build, 272 in a debug build); a language whose nodes take more must say so.
    const NATIVE_STACK_PER_LEVEL: usize = 512;
    /// Visits every heap reference the state holds (beyond permanent objects).
    fn trace_state(state: &Self::State, tracer: &mut Tracer);
}
