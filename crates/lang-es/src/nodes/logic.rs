//! Truthiness and what depends on it: conditions, `!`, `&&`, `||`, `??`, `?:`; and the other
//! operators that answer booleans or strings: `typeof`, `void`, `in`, `instanceof`, `,`.

use porcini::spec::SpecState;
use porcini::{Cmp, Frame, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use super::{Loc, Node, SpecResult, es_node};
use crate::Es;
use crate::runtime::convert::{to_boolean, type_of};
use crate::runtime::error::type_error;
use crate::runtime::object::{as_function, get, has_property};
use crate::runtime::{Key, UNDEFINED, is_nullish, str_value};

/// JavaScript's truthiness of a value, specialized on what the value has been: a boolean as it
/// is, an integer compared with zero, an object or a nullish value by its tag (`if (node)`
/// on a link that may be null), anything else through `ToBoolean`.
#[derive(Default)]
pub struct Truthy {
    spec: SpecState,
}

impl Truthy {
    #[cold]
    fn generic(&self, _f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        Ok(Value::from_bool(v.first().is_some_and(|&v| to_boolean(v))))
    }
    /// Whether `v` is an object, `null` or `undefined`.
    fn object_or_nullish<S: Stage<Es>>(&self, s: &mut S, v: S::Val) -> S::Bool {
        let object = s.has_tag(v, Tag::Object);
        let null = s.has_tag(v, Tag::Null);
        let undefined = s.has_tag(v, Tag::Imm0);
        let nullish = s.or(null, undefined);
        s.or(object, nullish)
    }
    /// The truthiness of `v`, as a condition.
    #[inline(always)]
    pub fn test<S: Stage<Es>>(&self, s: &mut S, v: S::Val) -> Result<S::Bool, Unwind<S::Val>> {
        let b = self.dispatch(s, v)?;
        Ok(s.unbox_bool(b))
    }
}

// Truthiness is a helper of several nodes, not a node itself, so it does not report
// polymorphism (a report names a node); the nodes holding it do.
#[specializations(language = Es)]
impl Truthy {
    #[specialization]
    fn truthy_bool<S: Stage<Es>>(&self, _s: &mut S, b: S::Bool) -> SpecResult<S::Bool> {
        Ok(b)
    }
    #[specialization]
    fn truthy_int<S: Stage<Es>>(&self, s: &mut S, i: S::I64) -> SpecResult<S::Bool> {
        let zero = s.i64_const(0);
        let is_zero = s.cmp_i64(Cmp::Eq, i, zero);
        Ok(s.not(is_zero))
    }
    /// Every object is truthy (the subset has no `document.all`), and `null` and `undefined`
    /// are not.
    #[specialization(guard = object_or_nullish)]
    fn truthy_object<S: Stage<Es>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Bool> {
        Ok(s.has_tag(v, Tag::Object))
    }
    #[fallback]
    fn truthy_generic<S: Stage<Es>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("to_boolean", self, Self::generic, &[v])?)
    }
}

/// A condition: the truthiness of an expression, as a boolean value (what the framework's `if`
/// and loops test). With `negate`, JavaScript's `!`.
pub struct TruthyNode {
    value: Node,
    negate: bool,
    truthy: Truthy,
}

impl TruthyNode {
    pub fn new(value: Node, negate: bool) -> TruthyNode {
        TruthyNode { value, negate, truthy: Truthy::default() }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        let c = self.truthy.test(s, v)?;
        let c = if self.negate { s.not(c) } else { c };
        Ok(s.box_bool(c))
    }
}

impl porcini::ExprNode<Es> for TruthyNode {
    porcini::stage_entry_points!(Es);
    fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> Node {
        Box::new(TruthyNode::new(self.value.clone_uninitialized(cx), self.negate))
    }
    fn kind_name(&self) -> &'static str {
        "Truthy"
    }
    fn children(&self) -> Vec<&dyn porcini::ExprNode<Es>> {
        vec![&*self.value]
    }
    fn cost(&self) -> porcini::NodeCost {
        self.truthy.spec_cost()
    }
    fn active_specializations(&self) -> Vec<&'static str> {
        self.truthy.spec_active_names()
    }
}

/// `&&`, `||` and `??`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicalOp {
    And,
    Or,
    Coalesce,
}

/// A short-circuiting operator: the right operand runs only when the left one does not decide.
pub struct LogicalNode {
    op: LogicalOp,
    left: Node,
    right: Node,
    truthy: Truthy,
}

impl LogicalNode {
    pub fn new(op: LogicalOp, left: Node, right: Node) -> LogicalNode {
        LogicalNode { op, left, right, truthy: Truthy::default() }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let a = s.exec(0, &*self.left)?;
        // Whether the right operand decides.
        let go_on = match self.op {
            LogicalOp::And => self.truthy.test(s, a)?,
            LogicalOp::Or => {
                let t = self.truthy.test(s, a)?;
                s.not(t)
            }
            LogicalOp::Coalesce => {
                let u = s.has_tag(a, Tag::Imm0);
                let n = s.has_tag(a, Tag::Null);
                s.or(u, n)
            }
        };
        s.if_else(go_on, |s| s.exec(1, &*self.right), |_| Ok(a))
    }
}

impl porcini::ExprNode<Es> for LogicalNode {
    porcini::stage_entry_points!(Es);
    fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> Node {
        Box::new(LogicalNode::new(self.op, self.left.clone_uninitialized(cx), self.right.clone_uninitialized(cx)))
    }
    fn kind_name(&self) -> &'static str {
        "Logical"
    }
    fn children(&self) -> Vec<&dyn porcini::ExprNode<Es>> {
        vec![&*self.left, &*self.right]
    }
    fn cost(&self) -> porcini::NodeCost {
        self.truthy.spec_cost()
    }
}

/// `test ? then : other`.
pub struct ConditionalNode {
    test: Node,
    then: Node,
    other: Node,
    truthy: Truthy,
}

impl ConditionalNode {
    pub fn new(test: Node, then: Node, other: Node) -> ConditionalNode {
        ConditionalNode { test, then, other, truthy: Truthy::default() }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let t = s.exec(0, &*self.test)?;
        let c = self.truthy.test(s, t)?;
        s.if_else(c, |s| s.exec(1, &*self.then), |s| s.exec(2, &*self.other))
    }
}

impl porcini::ExprNode<Es> for ConditionalNode {
    porcini::stage_entry_points!(Es);
    fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> Node {
        Box::new(ConditionalNode::new(
            self.test.clone_uninitialized(cx),
            self.then.clone_uninitialized(cx),
            self.other.clone_uninitialized(cx),
        ))
    }
    fn kind_name(&self) -> &'static str {
        "Conditional"
    }
    fn children(&self) -> Vec<&dyn porcini::ExprNode<Es>> {
        vec![&*self.test, &*self.then, &*self.other]
    }
    fn cost(&self) -> porcini::NodeCost {
        self.truthy.spec_cost()
    }
}

/// `typeof value`.
pub struct TypeofNode {
    value: Node,
}

impl TypeofNode {
    pub fn new(value: Node) -> TypeofNode {
        TypeofNode { value }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        s.call_boundary("typeof", self, Self::run, &[v])
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        Ok(str_value(f.runtime(), type_of(v.first().copied().unwrap_or(UNDEFINED))))
    }
}

es_node!(TypeofNode, "Typeof", children(t => vec![&*t.value]), clone(t, cx => TypeofNode::new(t.value.clone_uninitialized(cx))));

/// `void value`.
pub struct VoidNode {
    value: Node,
}

impl VoidNode {
    pub fn new(value: Node) -> VoidNode {
        VoidNode { value }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.exec(0, &*self.value)?;
        Ok(s.konst(UNDEFINED))
    }
}

es_node!(VoidNode, "Void", children(t => vec![&*t.value]), clone(t, cx => VoidNode::new(t.value.clone_uninitialized(cx))));

/// `key in object` and `object instanceof constructor`.
pub struct RelationNode {
    left: Node,
    right: Node,
    instanceof: bool,
    loc: Loc,
}

impl RelationNode {
    pub fn new(left: Node, right: Node, instanceof: bool, loc: Loc) -> RelationNode {
        RelationNode { left, right, instanceof, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let a = s.exec(0, &*self.left)?;
        let b = s.exec(1, &*self.right)?;
        s.call_boundary(if self.instanceof { "instanceof" } else { "in" }, self, Self::run, &[a, b])
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        if self.instanceof {
            return instance_of(f, a, b, &self.loc).map(Value::from_bool);
        }
        let Some(o) = b.as_object() else {
            crate::runtime::state::note_site(f, &self.loc);
            let key = crate::runtime::convert::to_string(f, a)?.to_rust_string();
            let shown = crate::runtime::convert::to_display_string(f, b);
            return Err(type_error(f, &format!("Cannot use 'in' operator to search for '{key}' in {shown}")));
        };
        let key = super::property::to_key(f, a)?;
        Ok(Value::from_bool(has_property(f, o, key)))
    }
}

/// `a instanceof b`: whether `b.prototype` is on `a`'s prototype chain.
pub fn instance_of(f: &mut Frame<'_, Es>, a: Value, b: Value, loc: &Loc) -> Result<bool, Unwind<Value>> {
    if as_function(b).is_none() {
        crate::runtime::state::note_site(f, loc);
        return Err(type_error(f, "Right-hand side of 'instanceof' is not callable"));
    }
    let Some(mut o) = a.as_object() else { return Ok(false) };
    let proto = get(f, b, Key::Name(f.lang().names().prototype))?;
    loop {
        let p = f.runtime().shapes.proto(o.shape());
        if is_nullish(p) || p.as_object().is_none() {
            return Ok(false);
        }
        if p.same(proto) {
            return Ok(true);
        }
        o = p.as_object().expect("checked");
    }
}

es_node!(RelationNode, "Relation", children(t => vec![&*t.left, &*t.right]), clone(t, cx => RelationNode::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx), t.instanceof, t.loc.clone())));

/// `a, b, c`: each in turn, the last one's value. The translator also uses it for an
/// assignment's prelude (its reference's object and key evaluated into temporaries) followed by
/// the assignment, and then empties those temporaries.
pub struct SequenceNode {
    items: Vec<Node>,
    /// Frame slots emptied after the last item.
    release: Box<[porcini::SlotId]>,
}

impl SequenceNode {
    pub fn new(items: Vec<Node>) -> SequenceNode {
        SequenceNode { items, release: Box::default() }
    }
    /// The sequence, emptying `temps` once it has run. A temporary is dead once the expression
    /// that filled it has run, but the frame does not know that: left holding its value, the
    /// slot would keep the value alive in compiled code, carried around every loop the
    /// expression is in and written back at its exits. Emptied, the slot holds the same
    /// constant on every path, as it did before the expression first ran.
    pub fn releasing(mut self, temps: Vec<porcini::SlotId>) -> SequenceNode {
        self.release = temps.into();
        self
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let mut last = s.konst(UNDEFINED);
        for (i, item) in self.items.iter().enumerate() {
            last = s.exec(i as u32, &**item)?;
        }
        for &slot in &self.release {
            let empty = s.konst(porcini::Value::EMPTY);
            s.write_slot(slot, empty);
        }
        Ok(last)
    }
}

es_node!(SequenceNode, "Sequence", children(t => t.items.iter().map(|n| &**n).collect()), clone(t, cx => SequenceNode::new(super::clone_all(&t.items, cx)).releasing(t.release.to_vec())));

/// An optional chain (`a?.b.c`, `f?.()`): its value, or `undefined` when a `?.` inside finds
/// `undefined` or `null` and breaks out of the chain (to `label`). The value passes through
/// frame slot `result`.
pub struct ChainNode {
    body: Node,
    label: porcini::Label,
    result: porcini::SlotId,
}

impl ChainNode {
    pub fn new(body: Node, label: porcini::Label, result: porcini::SlotId) -> ChainNode {
        ChainNode { body, label, result }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let u = s.konst(UNDEFINED);
        s.write_slot(self.result, u);
        s.breakable(&[self.label], false, |s| {
            let v = s.exec(0, &*self.body)?;
            s.write_slot(self.result, v);
            Ok(())
        })?;
        let v = s.read_slot(self.result);
        // The slot only passed the value out of the chain (see `SequenceNode::releasing`).
        let empty = s.konst(porcini::Value::EMPTY);
        s.write_slot(self.result, empty);
        Ok(v)
    }
}

es_node!(ChainNode, "Chain", children(t => vec![&*t.body]), clone(t, cx => ChainNode::new(t.body.clone_uninitialized(cx), t.label, t.result)));

/// The object of a `?.`: its value, unless it is `undefined` or `null`, which ends the chain.
pub struct NullishBreakNode {
    value: Node,
    label: porcini::Label,
}

impl NullishBreakNode {
    pub fn new(value: Node, label: porcini::Label) -> NullishBreakNode {
        NullishBreakNode { value, label }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        let u = s.has_tag(v, Tag::Imm0);
        let n = s.has_tag(v, Tag::Null);
        let nullish = s.or(u, n);
        s.if_else(nullish, |_| Err(Unwind::breaking_to(self.label)), |_| Ok(v))
    }
}

es_node!(NullishBreakNode, "NullishBreak", children(t => vec![&*t.value]), clone(t, cx => NullishBreakNode::new(t.value.clone_uninitialized(cx), t.label)));
