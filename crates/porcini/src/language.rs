//! The contract between the framework and a guest language.
//!
//! A language names its global state (function registry, output streams, …) and says which heap
//! values that state keeps alive. Everything else a language provides is nodes.

use porcini_gc::Tracer;

use crate::error::GuestError;
use crate::runtime::Runtime;
use crate::value::Value;

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
    /// The value of what is not there: an argument the caller did not pass, a `return` without a
    /// value, a statement or an `if` without an `else` used as a value. SL's is null; a
    /// JavaScript's is `undefined`, which is one of its own immediates.
    const ABSENT: Value = Value::NULL;
    /// Visits every heap reference the state holds (beyond permanent objects).
    fn trace_state(state: &Self::State, tracer: &mut Tracer);
    /// The guest value a `catch` receives for a guest error raised by the framework or by node
    /// code (a stack overflow, say), or `None` if it cannot be caught. Thrown values are caught
    /// as they are; a requested exit is never caught. The default catches nothing.
    fn error_value(rt: &Runtime<Self>, error: &GuestError) -> Option<Value> {
        let _ = (rt, error);
        None
    }
}
