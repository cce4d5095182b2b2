//! Root nodes: SL's builtins (a function's root is the framework's
//! [`FunctionRoot`](porcini::control::FunctionRoot)).
//!
//! A function root runs its body block (whose first statements copy the arguments into the
//! parameter slots, when they are not bound in place) and returns NULL unless a `return` gives a
//! value: the body's tail return directly, any other by unwinding to the root. A builtin root pads
//! missing arguments with NULL and drops extra ones (spec §10), then calls the builtin's Rust
//! function; builtins are internal, so stack traces skip them. An embedder's host function has a
//! root of the same kind around its closure.

use porcini::call_target::RootNode;
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::embed::{HostFunction, HostValue, from_host, to_host};
use porcini::{Frame, FrameDescriptor, GuestError, Stage, Unwind, Value};
use smallvec::SmallVec;

use crate::Sl;

/// A builtin's implementation: the builtin frame (whose caller is the SL caller) and the
/// arguments, padded or truncated to the builtin's arity.
pub type BuiltinFn = fn(&mut Frame<'_, Sl>, &[Value]) -> Result<Value, Unwind<Value>>;

/// What a builtin root runs: one of SL's builtins, or a host function an embedder registered
/// ([`Engine::register_function`]), called with the arguments converted to host values.
///
/// [`Engine::register_function`]: porcini::Engine::register_function
enum Implementation {
    Builtin(BuiltinFn),
    Host(HostFunction),
}

/// A builtin function, or an embedder's host function.
pub struct BuiltinRoot {
    name: Box<str>,
    /// What boundary calls of it are named in compiled code.
    label: &'static str,
    arity: usize,
    func: Implementation,
    descriptor: FrameDescriptor,
}

impl BuiltinRoot {
    /// A builtin named `name` taking `arity` arguments.
    pub fn new(name: &'static str, arity: usize, func: BuiltinFn) -> BuiltinRoot {
        BuiltinRoot { name: name.into(), label: name, arity, func: Implementation::Builtin(func), descriptor: FrameDescriptor::default() }
    }
    /// The host function `func`, named `name` and taking `arity` arguments.
    pub fn host(name: &str, arity: usize, func: HostFunction) -> BuiltinRoot {
        let func = Implementation::Host(func);
        BuiltinRoot { name: name.into(), label: "host function", arity, func, descriptor: FrameDescriptor::default() }
    }
    fn call_builtin(&self, f: &mut Frame<'_, Sl>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        match &self.func {
            Implementation::Builtin(func) => {
                let args: SmallVec<[Value; 4]> = (0..self.arity).map(|i| f.arg(i)).collect();
                func(f, &args)
            }
            Implementation::Host(func) => self.call_host(func, f),
        }
    }
    fn call_host(&self, func: &HostFunction, f: &mut Frame<'_, Sl>) -> Result<Value, Unwind<Value>> {
        let rt = f.runtime();
        // Converting to host values does not allocate guest objects (handles are table
        // entries), so the arguments stay where the collector sees them: in the frame.
        let args: Vec<HostValue> = (0..self.arity).map(|i| to_host(rt, f.arg(i))).collect();
        let result = func(&args).and_then(|v| from_host(rt, &v));
        result.map_err(|message| {
            // SL's frames do not know the position of a call, so the error is located by the
            // function that made it, as SL's stack traces locate frames.
            let caller = f.caller().and_then(|c| c.target()).map_or_else(|| "<host>".to_string(), |t| t.root().name().to_string());
            GuestError::raise(format!("Error in host function {} called from {caller}: {message}", self.name))
        })
    }
}

impl RootNode<Sl> for BuiltinRoot {
    fn name(&self) -> &str {
        &self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Sl>) -> Result<Value, Unwind<Value>> {
        self.call_builtin(f, &[])
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Sl>) -> Result<SymVal, Unwind<SymVal>> {
        let args: Vec<SymVal> = (0..self.arity as u32).map(|i| s.read_arg(i)).collect();
        s.call_boundary(self.label, self, Self::call_builtin, &args)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Sl>) -> Result<Value, Unwind<Value>> {
        // A builtin has no tree, so there is nothing to resume inside it: it runs.
        s.call_boundary(self.label, self, Self::call_builtin, &[])
    }
    fn node_count(&self) -> usize {
        1
    }
    // A builtin runs no tree; those that recurse on guest input (`eval`, `defineFunction`)
    // check the native stack themselves.
    fn tree_depth(&self) -> usize {
        0
    }
    fn is_internal(&self) -> bool {
        true
    }
    // Builtins are given their caller's frame (to write it, or to walk the stack from it), and
    // each runs one boundary call, so compiling one would gain nothing.
    fn accesses_caller_frame(&self) -> bool {
        true
    }
    fn is_compilable(&self) -> bool {
        false
    }
}

