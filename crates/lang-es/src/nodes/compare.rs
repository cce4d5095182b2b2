//! Comparisons: `< <= > >=`, and strict and loose equality.
//!
//! Integers compare as integers, numbers as doubles, strings by code units; anything else goes
//! through JavaScript's conversions in a boundary call. Equality of two values that are neither
//! numbers nor strings is identity, one compare.

use std::marker::PhantomData;

use porcini::spec::SpecState;
use porcini::{BitOp, Cmp, Frame, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use super::arith::both_strings;
use super::{Child, SpecResult, es_node};
use crate::Es;
use crate::runtime::convert::{less_than, loose_equals, strict_equals};
use crate::runtime::string::INTERNED;
use crate::runtime::{UNDEFINED, as_str};

/// `<`, `<=`, `>`, `>=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelOp {
    Lt,
    Le,
    Gt,
    Ge,
}

/// A relational operator as a type.
pub trait RelKind: 'static {
    const OP: RelOp;
}

/// Marker types for the relational operators.
pub mod rel {
    use super::{RelKind, RelOp};
    pub struct Lt;
    pub struct Le;
    pub struct Gt;
    pub struct Ge;
    impl RelKind for Lt {
        const OP: RelOp = RelOp::Lt;
    }
    impl RelKind for Le {
        const OP: RelOp = RelOp::Le;
    }
    impl RelKind for Gt {
        const OP: RelOp = RelOp::Gt;
    }
    impl RelKind for Ge {
        const OP: RelOp = RelOp::Ge;
    }
}

/// A relational comparison.
pub struct RelNode<K: RelKind> {
    left: Child,
    right: Child,
    spec: SpecState,
    kind: PhantomData<K>,
}

impl<K: RelKind> RelNode<K> {
    pub fn new(left: impl Into<Child>, right: impl Into<Child>) -> RelNode<K> {
        RelNode { left: left.into(), right: right.into(), spec: SpecState::default(), kind: PhantomData }
    }
    fn strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        both_strings(s, a, b)
    }
    /// `(op, swapped)`: the comparison on `(a, b)`, or on `(b, a)` when swapped.
    fn order() -> (Cmp, bool) {
        match K::OP {
            RelOp::Lt => (Cmp::Lt, false),
            RelOp::Le => (Cmp::Le, false),
            RelOp::Gt => (Cmp::Lt, true),
            RelOp::Ge => (Cmp::Le, true),
        }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        // `a <= b` is `!(b < a)` unless an operand is NaN; `a > b` is `b < a` with the operands
        // still converted left to right.
        let r = match K::OP {
            RelOp::Lt => less_than(f, a, b, true)?.unwrap_or(false),
            RelOp::Gt => less_than(f, b, a, false)?.unwrap_or(false),
            RelOp::Le => less_than(f, b, a, false)?.is_some_and(|r| !r),
            RelOp::Ge => less_than(f, a, b, true)?.is_some_and(|r| !r),
        };
        Ok(Value::from_bool(r))
    }
}

#[specializations(language = Es, execute(left, right), report_polymorphism)]
impl<K: RelKind> RelNode<K> {
    #[specialization]
    fn rel_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Bool> {
        let (op, swapped) = Self::order();
        Ok(if swapped { s.cmp_i64(op, b, a) } else { s.cmp_i64(op, a, b) })
    }
    #[specialization(replaces(rel_int))]
    fn rel_double<S: Stage<Es>>(&self, s: &mut S, a: S::F64, b: S::F64) -> SpecResult<S::Bool> {
        let (op, swapped) = Self::order();
        Ok(if swapped { s.cmp_f64(op, b, a) } else { s.cmp_f64(op, a, b) })
    }
    #[specialization(guard = strings)]
    fn rel_strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("compare", self, Self::generic, &[a, b])?)
    }
    #[fallback]
    fn rel_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("compare", self, Self::generic, &[a, b])?)
    }
}

es_node!(generic[K: RelKind] RelNode<K>, "Compare", children(t => vec![t.left.node(), t.right.node()]), clone(t, cx => RelNode::<K>::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx))), spec);

/// `===`, `!==`, `==`, `!=`.
pub struct EqualsNode {
    left: Child,
    right: Child,
    strict: bool,
    negate: bool,
    spec: SpecState,
}

impl EqualsNode {
    pub fn new(left: impl Into<Child>, right: impl Into<Child>, strict: bool, negate: bool) -> EqualsNode {
        EqualsNode { left: left.into(), right: right.into(), strict, negate, spec: SpecState::default() }
    }
    /// Equality is identity: for `===`, when either operand is neither a number nor a string
    /// (values of different types are never strictly equal, and the other types compare by
    /// identity), so `x === null` with `x` sometimes a string is not a generic comparison; for
    /// `==`, when both are objects.
    fn by_identity<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        if !self.strict {
            let x = s.has_tag(a, Tag::Object);
            let y = s.has_tag(b, Tag::Object);
            return s.and(x, y);
        }
        let [x, y] = [a, b].map(|v| {
            let mut plain = s.bool_const(true);
            for tag in [Tag::Int, Tag::Double, Tag::Ref0] {
                let t = s.has_tag(v, tag);
                let n = s.not(t);
                plain = s.and(plain, n);
            }
            plain
        });
        s.or(x, y)
    }
    fn strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        both_strings(s, a, b)
    }
    fn result<S: Stage<Es>>(&self, s: &mut S, eq: S::Bool) -> S::Bool {
        if self.negate { s.not(eq) } else { eq }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        let eq = if self.strict { strict_equals(a, b) } else { loose_equals(f, a, b)? };
        Ok(Value::from_bool(eq != self.negate))
    }
}

#[specializations(language = Es, execute(left, right), report_polymorphism)]
impl EqualsNode {
    #[specialization]
    fn eq_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Bool> {
        let eq = s.cmp_i64(Cmp::Eq, a, b);
        Ok(self.result(s, eq))
    }
    #[specialization(replaces(eq_int))]
    fn eq_double<S: Stage<Es>>(&self, s: &mut S, a: S::F64, b: S::F64) -> SpecResult<S::Bool> {
        let eq = s.cmp_f64(Cmp::Eq, a, b);
        Ok(self.result(s, eq))
    }
    /// Two strings: the same string is equal; two different strings that are both the
    /// runtime's one string of their unit are not; any others compare their units.
    #[specialization(guard = strings)]
    fn eq_strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        let same = s.same(a, b);
        let (equal, unequal) = (Value::from_bool(!self.negate), Value::from_bool(self.negate));
        Ok(s.if_else(same, |s| Ok(s.konst(equal)), |s| {
            let x = s.load_kind_field(a, INTERNED);
            let y = s.load_kind_field(b, INTERNED);
            let both = s.bits_i64(BitOp::And, x, y);
            let zero = s.i64_const(0);
            let compare = s.cmp_i64(Cmp::Eq, both, zero);
            s.if_else(compare, |s| s.call_boundary("string_equals", self, Self::generic, &[a, b]), |s| Ok(s.konst(unequal)))
        })?)
    }
    #[specialization(guard = by_identity)]
    fn eq_identity<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Bool> {
        let eq = s.same(a, b);
        Ok(self.result(s, eq))
    }
    #[fallback]
    fn eq_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("equals", self, Self::generic, &[a, b])?)
    }
}

es_node!(EqualsNode, "Equals", children(t => vec![t.left.node(), t.right.node()]), clone(t, cx => EqualsNode::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx), t.strict, t.negate)), spec);

/// Whether `v` is a string, for callers that compare strings directly.
pub fn is_string(v: Value) -> bool {
    as_str(v).is_some()
}
