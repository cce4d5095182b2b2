//! Root nodes: SL's builtins (a function's root is the framework's
//! [`FunctionRoot`](porcini::control::FunctionRoot)).
//!
//! A function root runs its body block (whose first statements copy the arguments into the
//! parameter slots, when they are not bound in place) and returns NULL unless a `return` gives a
//! value: the body's tail return directly, any other by unwinding to the root. A builtin root pads
//! missing arguments with NULL and drops extra ones (spec §10), then calls the builtin's Rust
//! function; builtins are internal, so stack traces skip them.

use porcini::call_target::RootNode;
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::{Frame, FrameDescriptor, Stage, Unwind, Value};
use smallvec::SmallVec;

use crate::Sl;

/// A builtin's implementation: the builtin frame (whose caller is the SL caller) and the
/// arguments, padded or truncated to the builtin's arity.
pub type BuiltinFn = fn(&mut Frame<'_, Sl>, &[Value]) -> Result<Value, Unwind<Value>>;

/// A builtin function.
pub struct BuiltinRoot {
    name: &'static str,
    arity: usize,
    func: BuiltinFn,
    descriptor: FrameDescriptor,
}

impl BuiltinRoot {
    /// A builtin named `name` taking `arity` arguments.
    pub fn new(name: &'static str, arity: usize, func: BuiltinFn) -> BuiltinRoot {
        BuiltinRoot { name, arity, func, descriptor: FrameDescriptor::default() }
    }
    fn call_builtin(&self, f: &mut Frame<'_, Sl>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        let args: SmallVec<[Value; 4]> = (0..self.arity).map(|i| f.arg(i)).collect();
        (self.func)(f, &args)
    }
}

impl RootNode<Sl> for BuiltinRoot {
    fn name(&self) -> &str {
        self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Sl>) -> Result<Value, Unwind<Value>> {
        self.call_builtin(f, &[])
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Sl>) -> Result<SymVal, Unwind<SymVal>> {
        let args: Vec<SymVal> = (0..self.arity as u32).map(|i| s.read_arg(i)).collect();
        s.call_boundary(self.name, self, Self::call_builtin, &args)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Sl>) -> Result<Value, Unwind<Value>> {
        // A builtin has no tree, so there is nothing to resume inside it: it runs.
        s.call_boundary(self.name, self, Self::call_builtin, &[])
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
