//! Toy, the smallest guest language the behaviour tests need: no syntax, no state, and one kind
//! of leaf node reading an argument of the activation.
//!
//! A test wraps the node under test in a root of its own, registers it as a call target and calls
//! it with argument values, exactly as a language's entry point would; so specializations happen
//! in real interpreter frames, and polymorphism reports land on a real call target. The same root
//! can be run through the recording stage to see what a compiler would emit for the node's state.

use std::rc::Rc;

use porcini::call_target::{CallTarget, RootNode};
use porcini::symbolic::{Recording, SymFrame, SymVal};
use porcini::{EngineOptions, ExprNode, Frame, FrameDescriptor, Language, Runtime, Tracer, Unwind, Value};

/// The test language.
pub struct Toy;

impl Language for Toy {
    type State = ();
    const NAME: &'static str = "toy";
    fn trace_state(_: &(), _: &mut Tracer) {}
}

/// A child node.
pub type Child = Box<dyn ExprNode<Toy>>;

/// Argument `i` of the activation: the operand source of every test node.
pub struct Arg(pub u32);

impl Arg {
    /// Argument `i`, boxed as a child.
    pub fn child(i: u32) -> Child {
        Box::new(Arg(i))
    }
}

impl ExprNode<Toy> for Arg {
    fn execute(&self, f: &mut Frame<'_, Toy>) -> Result<Value, Unwind<Value>> {
        Ok(f.arg(self.0 as usize))
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Toy>) -> Result<SymVal, Unwind<SymVal>> {
        use porcini::Stage;
        Ok(s.read_arg(self.0))
    }
    fn execute_resume(&self, s: &mut porcini::resume::Resume<'_, '_, Toy>) -> Result<Value, Unwind<Value>> {
        use porcini::Stage;
        Ok(s.read_arg(self.0))
    }
    fn clone_uninitialized(&self, _cx: &porcini::node::CloneContext) -> Child {
        Box::new(Arg(self.0))
    }
    fn kind_name(&self) -> &'static str {
        "Arg"
    }
    fn children(&self) -> Vec<&dyn ExprNode<Toy>> {
        Vec::new()
    }
}

/// Implements [`ExprNode`] for a test node with a generated `eval` and a `new()` constructor.
macro_rules! toy_node {
    ($ty:ident) => {
        impl porcini::ExprNode<crate::toy::Toy> for $ty {
            porcini::stage_entry_points!(crate::toy::Toy);
            fn clone_uninitialized(&self, _cx: &porcini::node::CloneContext) -> crate::toy::Child {
                Box::new($ty::new())
            }
            fn kind_name(&self) -> &'static str {
                stringify!($ty)
            }
            fn children(&self) -> Vec<&dyn porcini::ExprNode<crate::toy::Toy>> {
                Vec::new()
            }
            fn cost(&self) -> porcini::NodeCost {
                self.spec_cost()
            }
            fn active_specializations(&self) -> Vec<&'static str> {
                self.spec_active_names()
            }
        }
    };
}
pub(crate) use toy_node;

/// A root whose body is one node, with no locals.
struct Root<N> {
    node: Rc<N>,
    frame: FrameDescriptor,
}

impl<N: ExprNode<Toy>> RootNode<Toy> for Root<N> {
    fn name(&self) -> &str {
        "test"
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.frame
    }
    fn execute(&self, f: &mut Frame<'_, Toy>) -> Result<Value, Unwind<Value>> {
        self.node.execute(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Toy>) -> Result<SymVal, Unwind<SymVal>> {
        self.node.execute_sym(s)
    }
    fn execute_resume(&self, s: &mut porcini::resume::Resume<'_, '_, Toy>) -> Result<Value, Unwind<Value>> {
        self.node.execute_resume(s)
    }
    fn node_count(&self) -> usize {
        2
    }
    fn tree_depth(&self) -> usize {
        porcini::node::tree_depth(&*self.node as &dyn ExprNode<Toy>) + 1
    }
}

/// A runtime with one call target whose body is the node under test.
pub struct Harness<N> {
    rt: Runtime<Toy>,
    target: Rc<CallTarget<Toy>>,
    /// The node under test, shared with the root so tests can inspect its state.
    pub node: Rc<N>,
}

impl<N: ExprNode<Toy>> Harness<N> {
    /// Wraps `node` in a root and registers it.
    pub fn new(node: N) -> Harness<N> {
        let rt = Runtime::new(EngineOptions::default(), ());
        let node = Rc::new(node);
        let root = Root { node: node.clone(), frame: FrameDescriptor::new(Vec::new()) };
        let target = rt.create_call_target(Box::new(root));
        Harness { rt, target, node }
    }
    /// Calls the root with `args`.
    pub fn call(&self, args: &[Value]) -> Result<Value, Unwind<Value>> {
        self.rt.call_entry(&self.target, args)
    }
    /// Calls the root with integer arguments and returns the integer result.
    pub fn ints(&self, args: &[i64]) -> i64 {
        let args: Vec<Value> = args.iter().map(|&i| Value::from_i64(i)).collect();
        match self.call(&args) {
            Ok(v) => v.as_i64().unwrap_or_else(|| panic!("not an integer: {v:?}")),
            Err(e) => panic!("the call failed: {e:?}"),
        }
    }
    /// The polymorphic-specialization reports the target received so far.
    pub fn reports(&self) -> u32 {
        self.target.polymorphic_reports()
    }
    /// What a compiler would emit for the node in its current state, as the recording stage's text.
    pub fn record(&self) -> String {
        let mut rec = Recording::default();
        let mut s = SymFrame::new(&self.rt, &mut rec);
        let _ = self.node.execute_sym(&mut s);
        rec.text()
    }
}
