//! Roots: a builtin's Rust function (a guest function's root is the framework's
//! [`FunctionRoot`](porcini::control::FunctionRoot)).
//!
//! A guest function's frame starts with the hidden arguments (receiver, function object,
//! `new.target`) and its declared parameters; its body begins with the prologue the translator
//! wrote (binding `this`, the parameters and the function's own environment). A builtin's root
//! calls its Rust function with the receiver and the guest's arguments; it has no tree, is never
//! compiled, and compiled callers call it like any other target.

use std::rc::Rc;

use porcini::call_target::RootNode;
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::{Frame, FrameDescriptor, Stage, Unwind, Value};
use smallvec::SmallVec;

use crate::Es;
use crate::runtime::function::{BuiltinFn, HIDDEN_ARGS};

/// A builtin function.
pub struct BuiltinRoot {
    name: Rc<str>,
    func: BuiltinFn,
    descriptor: FrameDescriptor,
}

impl BuiltinRoot {
    /// A builtin named `name`.
    pub fn new(name: &str, func: BuiltinFn) -> BuiltinRoot {
        BuiltinRoot { name: name.into(), func, descriptor: FrameDescriptor::default() }
    }
    fn run(&self, f: &mut Frame<'_, Es>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        let this = f.arg(0);
        let args: SmallVec<[Value; 6]> = (HIDDEN_ARGS..f.arg_count()).map(|i| f.arg(i)).collect();
        (self.func)(f, this, &args)
    }
}

impl RootNode<Es> for BuiltinRoot {
    fn name(&self) -> &str {
        &self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Es>) -> Result<Value, Unwind<Value>> {
        self.run(f, &[])
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Es>) -> Result<SymVal, Unwind<SymVal>> {
        s.call_boundary("builtin", self, Self::run, &[])
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Es>) -> Result<Value, Unwind<Value>> {
        s.call_boundary("builtin", self, Self::run, &[])
    }
    fn node_count(&self) -> usize {
        1
    }
    // A builtin runs no tree; those that call back into guest code do so through the ordinary
    // call path, which checks the native stack.
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
