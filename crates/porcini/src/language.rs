//! The contract between the framework and a guest language.
//!
//! [`Language`] is what the runtime needs: the language names its global state (function
//! registry, output streams, …), says which heap values that state keeps alive, and gives the
//! few values and limits the framework's own nodes use. Everything else a language provides to
//! the runtime is nodes. [`Launch`] is what an [`Engine`](crate::engine::Engine) needs to run the
//! language's programs from source: its file extensions, its state for a host, its builtins,
//! how a main program runs and what runs after it, and what an embedder or a REPL needs:
//! evaluating sources in the global scope, converting values for the host, finding and calling
//! guest functions, defining host functions. A language only embedded node by node (the
//! framework's test languages) need not provide it.

use porcini_gc::Tracer;

use crate::embed::{Entry, HostFunction, HostValue};
use crate::engine::{Host, Program, RunError};
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

/// What a language provides to be run from source by an [`Engine`](crate::engine::Engine): the
/// launcher picks the language by file extension and then drives every language alike.
pub trait Launch: Language {
    /// The extensions of the language's program files, without the dot.
    const FILE_EXTENSIONS: &'static [&'static str];
    /// The language's state for one engine over `host`'s streams and services.
    fn create_state(host: Host) -> Self::State;
    /// Makes a new runtime ready to run programs (installs the builtins), before any program.
    fn initialize(rt: &Runtime<Self>);
    /// Runs `program` as the main program: parses it, loads it and runs it as the language
    /// runs a program file. `Some(text)` is a result for the launcher to print on standard
    /// output.
    fn run_main(rt: &Runtime<Self>, program: Program<'_>) -> Result<Option<String>, RunError>;
    /// Runs what the language runs once the main program is done, whether or not it ended
    /// normally (SL's shutdown hooks). The default runs nothing.
    fn finish(rt: &Runtime<Self>) -> Result<(), RunError> {
        let _ = rt;
        Ok(())
    }
    /// Flushes the guest's output streams.
    fn flush(rt: &Runtime<Self>);
    /// Evaluates `program` in the engine's global scope, as one entry of a REPL, keeping what
    /// it defines for later sources (SL's functions; JavaScript's top-level declarations, as
    /// node's REPL keeps them), and answers its value. A source that ends inside an open
    /// construct is [`Entry::Incomplete`], with the error it reports as it is.
    fn eval(rt: &Runtime<Self>, program: Program<'_>) -> Result<Entry, RunError>;
    /// The text a REPL shows for `v`, as the language prints it (JavaScript: what
    /// `console.log` prints), or `None` when a REPL shows nothing (SL's NULL).
    fn display(rt: &Runtime<Self>, v: Value) -> Option<String>;
    /// The global function (or, for JavaScript, any global binding) named `name`.
    fn lookup_global(rt: &Runtime<Self>, name: &str) -> Option<Value>;
    /// Calls `callee` with `args` from the host, as the language calls a function value.
    fn call(rt: &Runtime<Self>, callee: Value, args: &[Value]) -> Result<Value, RunError>;
    /// `v` as a host primitive, or `None` when it is not one (it is then held by a handle).
    fn to_host(rt: &Runtime<Self>, v: Value) -> Option<HostValue>;
    /// The guest value of a host primitive (never [`HostValue::Guest`], which the engine
    /// resolves), or why the language has none.
    fn from_host(rt: &Runtime<Self>, v: &HostValue) -> Result<Value, String>;
    /// Makes `f` callable from guest code as the global function `name` taking `arity`
    /// arguments (SL: a builtin; JavaScript: a property of the global object). Its error
    /// message becomes a guest error at the call.
    fn define_host_function(rt: &Runtime<Self>, name: &str, arity: usize, f: HostFunction);
}
