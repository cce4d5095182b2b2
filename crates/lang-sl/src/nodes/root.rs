//! Root nodes: SL function bodies and builtins.
//!
//! A function root runs its body block (whose first statements copy the arguments into the
//! parameter slots, when they are not bound in place) and returns NULL unless a `return` gives a
//! value: the body's tail return directly, any other by unwinding to the root. A builtin root pads
//! missing arguments with NULL and drops extra ones (spec §10), then calls the builtin's Rust
//! function; builtins are internal, so stack traces skip them.

use std::rc::Rc;

use porcini::call_target::{RootNode, SourceSection};
use porcini::node::CloneContext;
use porcini::control::BodyNode;
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::{ExprNode, Frame, FrameDescriptor, Stage, Unwind, Value};
use smallvec::SmallVec;

use crate::Sl;

/// An SL function. Splitting may clone it (SL's roots allow cloning, as in Truffle's SL).
pub struct FunctionRoot {
    name: Box<str>,
    descriptor: Rc<FrameDescriptor>,
    body: BodyNode<Sl>,
    source: Option<SourceSection>,
    /// The body's depth plus this root's own level (see [`RootNode::tree_depth`]).
    depth: usize,
}

impl FunctionRoot {
    /// A function root; `source` is where its text is, for traces.
    pub fn new(
        name: &str,
        descriptor: Rc<FrameDescriptor>,
        body: BodyNode<Sl>,
        source: Option<SourceSection>,
    ) -> FunctionRoot {
        let depth = porcini::node::tree_depth(&body as &dyn ExprNode<Sl>).saturating_add(1);
        FunctionRoot { name: name.into(), descriptor, body, source, depth }
    }
    /// The body.
    pub fn body(&self) -> &BodyNode<Sl> {
        &self.body
    }
}

impl RootNode<Sl> for FunctionRoot {
    fn name(&self) -> &str {
        &self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Sl>) -> Result<Value, Unwind<Value>> {
        self.body.eval(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Sl>) -> Result<SymVal, Unwind<SymVal>> {
        self.body.eval(s)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Sl>) -> Result<Value, Unwind<Value>> {
        self.body.eval(s)
    }
    fn node_count(&self) -> usize {
        porcini::node::count_nodes(&self.body as &dyn ExprNode<Sl>)
    }
    fn tree_depth(&self) -> usize {
        self.depth
    }
    fn source_section(&self) -> Option<SourceSection> {
        self.source.clone()
    }
    fn tree(&self) -> Option<&dyn ExprNode<Sl>> {
        Some(&self.body)
    }
    fn is_cloning_allowed(&self) -> bool {
        true
    }
    /// The copy gets a descriptor of its own, so that its slot kinds are profiled for its call
    /// site alone.
    fn clone_uninitialized(&self) -> Option<Box<dyn RootNode<Sl>>> {
        let descriptor = Rc::new(self.descriptor.clone_uninitialized());
        let cx = CloneContext::new(descriptor.clone());
        Some(Box::new(FunctionRoot {
            name: self.name.clone(),
            descriptor,
            body: self.body.clone_body(&cx),
            source: self.source.clone(),
            depth: self.depth,
        }))
    }
}

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
