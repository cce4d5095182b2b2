//! A small language of the JIT tests' own, built directly as node trees (no parser): integers,
//! locals, `print`, calls of one other function, `throw`, guest errors raised by its runtime
//! (those whose message starts with "catchable" are caught as the value 77), and whatever
//! numeric operations a test adds, with the framework's control flow. It keeps tests of the framework's constructs
//! independent of SL.

use std::cell::RefCell;

use porcini::call_target::RootNode;
use porcini::control::{BlockNode, BodyNode, IfNode, WhileNode};
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::{
    Cmp, ExprNode, Frame, FrameDescriptor, GuestError, Label, Language, Runtime, SlotId, Stage, Tag, Tracer, Unwind, Value,
};

/// The test language: integers, locals, `print`, and the framework's control flow.
pub struct Mini;

impl Language for Mini {
    /// What the program printed.
    type State = RefCell<Vec<String>>;
    const NAME: &'static str = "mini";
    /// A language immediate of its own stands for "nothing", as JavaScript's `undefined` does.
    const ABSENT: Value = Value::immediate(Tag::Imm0, 0);
    fn trace_state(_: &Self::State, _: &mut Tracer) {}
    /// A `catch` receives 77 for an error whose message starts with "catchable"; other errors
    /// (a requested exit among them) pass every `catch`.
    fn error_value(_: &Runtime<Self>, error: &GuestError) -> Option<Value> {
        match error {
            GuestError::Message(m) if m.starts_with("catchable") => Some(Value::from_i64(77)),
            _ => None,
        }
    }
}

pub type Node = Box<dyn ExprNode<Mini>>;

/// Implements `ExprNode` for a node type with an `eval` method and the given children.
macro_rules! mini_node {
    ($ty:ident, $name:literal, |$this:ident| $children:expr) => {
        impl porcini::ExprNode<crate::mini::Mini> for $ty {
            porcini::stage_entry_points!(crate::mini::Mini);
            fn clone_uninitialized(&self, _cx: &porcini::node::CloneContext) -> crate::mini::Node {
                unreachable!("the test language is never split")
            }
            fn kind_name(&self) -> &'static str {
                $name
            }
            fn children(&self) -> Vec<&dyn porcini::ExprNode<crate::mini::Mini>> {
                let $this = self;
                $children
            }
        }
    };
}

/// An integer constant.
pub struct Int(pub i64);
impl Int {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.konst(Value::from_i64(self.0)))
    }
}
mini_node!(Int, "Int", |_t| Vec::new());

/// Reads a local.
pub struct Get(pub u32);
impl Get {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.read_slot(SlotId(self.0)))
    }
}
mini_node!(Get, "Get", |_t| Vec::new());

/// Argument `i`.
pub struct Arg(pub u32);
impl Arg {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.read_arg(self.0))
    }
}
mini_node!(Arg, "Arg", |_t| Vec::new());

/// Writes a local.
pub struct Set(pub u32, pub Node);
impl Set {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.1)?;
        s.write_slot(SlotId(self.0), v);
        Ok(v)
    }
}
mini_node!(Set, "Set", |t| vec![&*t.1]);

/// The integer sum of two integers (the language has no other values to add).
pub struct Add(pub Node, pub Node);
impl Add {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (a, b) = (s.exec(0, &*self.0)?, s.exec(1, &*self.1)?);
        let (x, y) = (ints(s, a), ints(s, b));
        let (r, _) = s.add_i64(x, y);
        Ok(s.box_i64(r))
    }
}
mini_node!(Add, "Add", |t| vec![&*t.0, &*t.1]);

/// `a < b` or `a == b` on integers.
pub struct Compare(pub Cmp, pub Node, pub Node);
impl Compare {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let (a, b) = (s.exec(0, &*self.1)?, s.exec(1, &*self.2)?);
        let (x, y) = (ints(s, a), ints(s, b));
        let c = s.cmp_i64(self.0, x, y);
        Ok(s.box_bool(c))
    }
}
mini_node!(Compare, "Compare", |t| vec![&*t.1, &*t.2]);

/// Speculates that `v` is an integer (every value the programs compute is).
pub fn ints<S: Stage<Mini>>(s: &mut S, v: S::Val) -> S::I64 {
    let is_int = s.has_tag(v, Tag::Int);
    s.speculate(is_int, "an integer");
    s.unbox_i64(v)
}

/// Prints a value: a boundary call, as a language's output is.
pub struct Print(pub Node);
impl Print {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.0)?;
        s.call_boundary("print", self, Print::print, &[v])
    }
    fn print(&self, f: &mut Frame<'_, Mini>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let text = match v.first() {
            Some(v) if v.tag() == Tag::Imm0 => "absent".to_string(),
            Some(v) => format!("{v:?}"),
            None => "?".to_string(),
        };
        f.lang().borrow_mut().push(text);
        Ok(Mini::ABSENT)
    }
}
mini_node!(Print, "Print", |t| vec![&*t.0]);

/// `throw value`.
pub struct Throw(pub Node);
impl Throw {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.0)?;
        Err(s.throw(v))
    }
}
mini_node!(Throw, "Throw", |t| vec![&*t.0]);

/// Raises a guest error from the language's runtime (a boundary), as a failing builtin does.
pub struct Fail(pub GuestError);
impl Fail {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.call_boundary("fail", self, Fail::fail, &[])
    }
    fn fail(&self, _f: &mut Frame<'_, Mini>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        Err(Unwind::error(self.0.clone()))
    }
}
mini_node!(Fail, "Fail", |_t| Vec::new());

/// Calls the program's other function with one argument (or none).
pub struct CallOther(pub Option<Node>);
impl CallOther {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let mark = s.begin_args();
        if let Some(a) = &self.0 {
            let v = s.exec(0, &**a)?;
            s.push_arg(v)?;
        }
        let rt = s.runtime();
        let target = rt.call_targets().into_iter().find(|t| t.name() == "other").expect("the other function");
        s.call(&target, mark)
    }
}
mini_node!(CallOther, "CallOther", |t| t.0.iter().map(|a| &**a).collect());

/// Evaluates its child; its first evaluation goes through the respecialization slow path, as
/// a node that never ran does (compiled code before that leaves for the interpreter there).
pub struct FirstVisit(pub std::cell::Cell<bool>, pub Node);
impl FirstVisit {
    fn eval<S: Stage<Mini>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if !self.0.get() {
            s.respecialize(self, FirstVisit::visit, &[])?;
        }
        s.exec(0, &*self.1)
    }
    fn visit(&self, _f: &mut Frame<'_, Mini>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.0.set(true);
        Ok(Mini::ABSENT)
    }
}
mini_node!(FirstVisit, "FirstVisit", |t| vec![&*t.1]);

pub fn first_visit(v: Node) -> Node {
    Box::new(FirstVisit(std::cell::Cell::new(false), v))
}
pub fn int(i: i64) -> Node {
    Box::new(Int(i))
}
pub fn get(slot: u32) -> Node {
    Box::new(Get(slot))
}
pub fn set(slot: u32, v: Node) -> Node {
    Box::new(Set(slot, v))
}
pub fn add(a: Node, b: Node) -> Node {
    Box::new(Add(a, b))
}
pub fn less(a: Node, b: Node) -> Node {
    Box::new(Compare(Cmp::Lt, a, b))
}
pub fn equals(a: Node, b: Node) -> Node {
    Box::new(Compare(Cmp::Eq, a, b))
}
pub fn print(v: Node) -> Node {
    Box::new(Print(v))
}
pub fn fail(message: &str) -> Node {
    Box::new(Fail(GuestError::Message(message.to_string())))
}
pub fn exit(code: i32) -> Node {
    Box::new(Fail(GuestError::Exit(code)))
}
pub fn throw(v: Node) -> Node {
    Box::new(Throw(v))
}
pub fn ret(v: Node) -> Node {
    Box::new(porcini::control::ReturnNode::new(Some(v)))
}
pub fn call_other(arg: Option<Node>) -> Node {
    Box::new(CallOther(arg))
}
/// `try { body } catch (slot) { handler }`, without a `finally`.
pub fn try_catch(body: Vec<Node>, slot: u32, handler: Vec<Node>) -> Node {
    Box::new(porcini::control::TryNode::new(block(body), Some((SlotId(slot), block(handler))), None))
}
/// `try { body } finally { finalizer }`, without a `catch`.
pub fn try_finally(body: Vec<Node>, finalizer: Vec<Node>) -> Node {
    Box::new(porcini::control::TryNode::new(block(body), None, Some(block(finalizer))))
}
/// `try { body } catch (slot) { handler } finally { finalizer }`.
pub fn try_catch_finally(body: Vec<Node>, slot: u32, handler: Vec<Node>, finalizer: Vec<Node>) -> Node {
    Box::new(porcini::control::TryNode::new(block(body), Some((SlotId(slot), block(handler))), Some(block(finalizer))))
}
pub fn block(stmts: Vec<Node>) -> BlockNode<Mini> {
    BlockNode::new(stmts)
}
pub fn when(cond: Node, then: Vec<Node>) -> Node {
    Box::new(IfNode::new(cond, block(then), None))
}
/// `for (; cond; step) body`, with labels.
pub fn for_loop(labels: &[u32], cond: Node, step: Node, body: Vec<Node>) -> Node {
    let labels = labels.iter().map(|&l| Label(l)).collect();
    Box::new(WhileNode::new(cond, block(body)).with_step(step).with_labels(labels))
}

/// A function of the test language: a body over `slots` locals.
pub struct Function {
    name: &'static str,
    body: BodyNode<Mini>,
    descriptor: FrameDescriptor,
}

impl Function {
    pub fn new(name: &'static str, params: usize, slots: usize, stmts: Vec<Node>) -> Function {
        let names = (0..slots).map(|i| format!("x{i}").into()).collect();
        Function { name, body: BodyNode::new(stmts, None), descriptor: FrameDescriptor::with_params(names, params) }
    }
}

impl RootNode<Mini> for Function {
    fn name(&self) -> &str {
        self.name
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Mini>) -> Result<Value, Unwind<Value>> {
        self.body.eval(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Mini>) -> Result<SymVal, Unwind<SymVal>> {
        self.body.eval(s)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Mini>) -> Result<Value, Unwind<Value>> {
        self.body.eval(s)
    }
    fn node_count(&self) -> usize {
        porcini::node::count_nodes(&self.body as &dyn ExprNode<Mini>)
    }
    fn tree_depth(&self) -> usize {
        porcini::node::tree_depth(&self.body as &dyn ExprNode<Mini>)
    }
    fn tree(&self) -> Option<&dyn ExprNode<Mini>> {
        Some(&self.body)
    }
}


pub(crate) use mini_node;
