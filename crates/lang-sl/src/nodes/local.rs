//! Local variables: reads and writes that specialize on the slot's kind (spec §4.2; Truffle §6).
//!
//! A write speculates on long or boolean values while the slot kind allows it, then generalizes the
//! slot to Object for every activation. A read speculates on the type it finds. Reading a slot that
//! was never assigned in this activation is a runtime error (a reference crash in SL, §14).

use std::rc::Rc;

use porcini::spec::SpecState;
use porcini::{Frame, FrameDescriptor, GuestError, SlotId, SlotKind, Stage, Tag, TypedFail, Unwind, Value};
use porcini_dsl::specializations;

use super::{Child, Loc, SpecResult, expr_node};
use crate::Sl;

/// Reads a local.
pub struct ReadLocalNode {
    slot: SlotId,
    name: Rc<str>,
    loc: Loc,
    spec: SpecState,
}

impl ReadLocalNode {
    /// Reads `slot` (named `name`, for the error message).
    pub fn new(slot: SlotId, name: Rc<str>, loc: Loc) -> ReadLocalNode {
        ReadLocalNode { slot, name, loc, spec: SpecState::default() }
    }
    #[inline(always)]
    pub(crate) fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.read_slot(self.slot);
        self.dispatch(s, v)
    }
    /// Reads the local for a parent that wants an integer.
    #[inline(always)]
    pub(crate) fn eval_i64<S: Stage<Sl>>(&self, s: &mut S, reason: &'static str) -> Result<S::I64, TypedFail<S::Val>> {
        let v = s.read_slot(self.slot);
        self.dispatch_i64(s, v, reason)
    }
    /// A copy with fresh state.
    pub(crate) fn clone_leaf(&self) -> ReadLocalNode {
        ReadLocalNode::new(self.slot, self.name.clone(), self.loc.clone())
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.spec_cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.spec_active_names()
    }
    fn assigned<S: Stage<Sl>>(&self, s: &mut S, v: S::Val) -> S::Bool {
        let e = s.has_tag(v, Tag::Empty);
        s.not(e)
    }
    #[cold]
    fn raise_unassigned(&self, _f: &mut Frame<'_, Sl>, _v: &[Value]) -> Result<Value, Unwind<Value>> {
        Err(GuestError::raise(format!(
            "Local variable '{}' read before assignment at {} line {} col {}",
            self.name, self.loc.file, self.loc.line, self.loc.col
        )))
    }
}

#[specializations(language = Sl, report_polymorphism)]
impl ReadLocalNode {
    /// The slot holds a small integer (answered unboxed to a parent that wants one).
    #[specialization]
    fn read_long<S: Stage<Sl>>(&self, _s: &mut S, v: S::I64) -> SpecResult<S::I64> {
        Ok(v)
    }
    /// The slot holds a boolean.
    #[specialization]
    fn read_boolean<S: Stage<Sl>>(&self, s: &mut S, v: S::Bool) -> SpecResult<S::Val> {
        Ok(s.box_bool(v))
    }
    /// Any assigned value.
    #[specialization(guard = assigned, replaces(read_long, read_boolean))]
    fn read_object<S: Stage<Sl>>(&self, _s: &mut S, v: S::Val) -> SpecResult<S::Val> {
        Ok(v)
    }
    /// Unassigned: a runtime error.
    #[fallback]
    fn unassigned<S: Stage<Sl>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("unassigned_local", self, Self::raise_unassigned, &[v])?)
    }
}

expr_node!(ReadLocalNode, "ReadLocal", children(_t => Vec::new()), clone(this, _cx => this.clone_leaf()));

/// Writes a local; evaluates to the written value.
pub struct WriteLocalNode {
    slot: SlotId,
    value: Child,
    descriptor: Rc<FrameDescriptor>,
    spec: SpecState,
}

impl WriteLocalNode {
    /// Writes the value of `value` into `slot` of `descriptor`'s frames.
    pub fn new(slot: SlotId, value: Child, descriptor: Rc<FrameDescriptor>) -> WriteLocalNode {
        WriteLocalNode { slot, value, descriptor, spec: SpecState::default() }
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.spec_cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.spec_active_names()
    }
    fn kind_allows<S: Stage<Sl>>(&self, s: &mut S, kind: SlotKind) -> S::Bool {
        let k = self.descriptor.kind(self.slot);
        s.bool_const(k == kind || k == SlotKind::Illegal)
    }
    fn long_kind<S: Stage<Sl>>(&self, s: &mut S, _v: S::Val) -> S::Bool {
        self.kind_allows(s, SlotKind::Long)
    }
    fn boolean_kind<S: Stage<Sl>>(&self, s: &mut S, _v: S::Val) -> S::Bool {
        self.kind_allows(s, SlotKind::Boolean)
    }
    fn always<S: Stage<Sl>>(&self, s: &mut S, _v: S::Val) -> S::Bool {
        s.bool_const(true)
    }
    /// Widens the slot kind; only the interpreter changes profiles.
    fn widen<S: Stage<Sl>>(&self, s: &S, kind: SlotKind) {
        if s.in_interpreter() && self.descriptor.kind(self.slot) != kind {
            self.descriptor.widen(self.slot, kind);
        }
    }
}

#[specializations(language = Sl, execute(value), report_polymorphism)]
impl WriteLocalNode {
    /// A small integer into a Long (or still Illegal) slot.
    #[specialization(guard = long_kind)]
    fn write_long<S: Stage<Sl>>(&self, s: &mut S, v: S::I64) -> SpecResult<S::Val> {
        self.widen(s, SlotKind::Long);
        let b = s.box_i64(v);
        s.write_slot(self.slot, b);
        Ok(b)
    }
    /// A boolean into a Boolean (or still Illegal) slot.
    #[specialization(guard = boolean_kind)]
    fn write_boolean<S: Stage<Sl>>(&self, s: &mut S, v: S::Bool) -> SpecResult<S::Val> {
        self.widen(s, SlotKind::Boolean);
        let b = s.box_bool(v);
        s.write_slot(self.slot, b);
        Ok(b)
    }
    /// Anything: the slot becomes Object for good.
    #[specialization(guard = always, replaces(write_long, write_boolean))]
    fn write_object<S: Stage<Sl>>(&self, s: &mut S, v: S::Val) -> SpecResult<S::Val> {
        self.widen(s, SlotKind::Object);
        s.write_slot(self.slot, v);
        Ok(v)
    }
}

expr_node!(WriteLocalNode, "WriteLocal", children(t => vec![t.value.node()]), clone(this, cx => WriteLocalNode::new(this.slot, this.value.clone_uninitialized(cx), cx.descriptor().clone())));
