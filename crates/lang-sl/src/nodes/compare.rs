//! `< <= ==` and the logical negation that builds `> >= !=` (spec §7.4).
//!
//! `>` is `!(a <= b)` and `>=` is `!(a < b)`, which is why their type errors name `<=` and `<`.

use porcini::bigint::BigInt;
use porcini::spec::SpecState;
use porcini::{Cmp, Frame, GuestError, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use super::{Child, Loc, SpecResult, expr_node, is_number};
use crate::Sl;
use crate::runtime::display::type_error;
use crate::runtime::types::SlType;

fn big(v: Value) -> Option<BigInt> {
    match (v.as_i64(), v.as_bigint()) {
        (Some(i), _) => Some(BigInt::from_i64(i)),
        (_, Some(b)) => Some((*b).clone()),
        _ => None,
    }
}

/// `<` (`STRICT`) or `<=` on numbers. The operator is a type parameter, so that each one's node
/// code is compiled on its own and the interpreter does not branch on it at run time.
pub struct OrderNode<const STRICT: bool> {
    left: Child,
    right: Child,
    loc: Loc,
    spec: SpecState,
}

impl<const STRICT: bool> OrderNode<STRICT> {
    /// A new, uninitialized comparison node.
    pub fn new(left: Child, right: Child, loc: Loc) -> OrderNode<STRICT> {
        OrderNode { left, right, loc, spec: SpecState::default() }
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.spec_cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.spec_active_names()
    }
    fn both_numbers<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        let x = is_number(s, a);
        let y = is_number(s, b);
        s.and(x, y)
    }
    #[cold]
    fn big_compare(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let a = v.first().copied().and_then(big);
        let b = v.get(1).copied().and_then(big);
        let (Some(a), Some(b)) = (a, b) else { return Ok(Value::from_bool(false)) };
        let ord = a.compare(&b);
        Ok(Value::from_bool(if STRICT { ord.is_lt() } else { ord.is_le() }))
    }
    #[cold]
    fn raise_type_error(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let op = if STRICT { "<" } else { "<=" };
        Err(GuestError::raise(type_error(&self.loc.file, self.loc.line, self.loc.col, op, v)))
    }
}

#[specializations(language = Sl, execute(left, right), report_polymorphism)]
impl<const STRICT: bool> OrderNode<STRICT> {
    /// Two small integers.
    #[specialization]
    fn do_long<S: Stage<Sl>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let c = s.cmp_i64(if STRICT { Cmp::Lt } else { Cmp::Le }, a, b);
        Ok(s.box_bool(c))
    }
    /// Any numbers (a boundary call; does not replace `do_long`).
    #[specialization(guard = both_numbers)]
    fn do_big<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("big_compare", self, Self::big_compare, &[a, b])?)
    }
    /// Anything else is a type error.
    #[fallback]
    fn type_error<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("type_error", self, Self::raise_type_error, &[a, b])?)
    }
}

expr_node!(generic[const STRICT: bool] OrderNode<STRICT>, "Order", children(t => vec![t.left.node(), t.right.node()]), clone(this, cx => OrderNode::<STRICT>::new(this.left.clone_uninitialized(cx), this.right.clone_uninitialized(cx), this.loc.clone())));

/// SL equality of two values (spec §7.4 table).
pub fn sl_equal(a: Value, b: Value) -> bool {
    match (SlType::of(a), SlType::of(b)) {
        (Some(SlType::Number), Some(SlType::Number)) => match (a.as_i64(), b.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => match (big(a), big(b)) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            },
        },
        (Some(SlType::String), Some(SlType::String)) => match (a.as_str(), b.as_str()) {
            (Some(x), Some(y)) => x.as_str() == y.as_str(),
            _ => false,
        },
        (Some(SlType::Null), Some(SlType::Null)) => true,
        (Some(x), Some(y)) if x == y => a.same(b),
        // Type objects are never equal, not even to themselves.
        _ => false,
    }
}

/// `==`.
pub struct EqualNode {
    left: Child,
    right: Child,
    spec: SpecState,
}

impl EqualNode {
    /// A new equality node.
    pub fn new(left: Child, right: Child) -> EqualNode {
        EqualNode { left, right, spec: SpecState::default() }
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.spec_cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.spec_active_names()
    }
    fn both_functions<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        let x = s.has_tag(a, Tag::Function);
        let y = s.has_tag(b, Tag::Function);
        s.and(x, y)
    }
    fn always<S: Stage<Sl>>(&self, s: &mut S, _a: S::Val, _b: S::Val) -> S::Bool {
        s.bool_const(true)
    }
    #[cold]
    fn generic_equal(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let a = v.first().copied().unwrap_or(Value::NULL);
        let b = v.get(1).copied().unwrap_or(Value::NULL);
        Ok(Value::from_bool(sl_equal(a, b)))
    }
}

#[specializations(language = Sl, execute(left, right), report_polymorphism)]
impl EqualNode {
    /// Two small integers.
    #[specialization]
    fn do_long<S: Stage<Sl>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let c = s.cmp_i64(Cmp::Eq, a, b);
        Ok(s.box_bool(c))
    }
    /// Two booleans.
    #[specialization]
    fn do_boolean<S: Stage<Sl>>(&self, s: &mut S, a: S::Bool, b: S::Bool) -> SpecResult<S::Val> {
        let x = s.box_bool(a);
        let y = s.box_bool(b);
        let c = s.same(x, y);
        Ok(s.box_bool(c))
    }
    /// Two functions: identity, since function objects are canonical per name.
    #[specialization(guard = both_functions)]
    fn do_function<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        let c = s.same(a, b);
        Ok(s.box_bool(c))
    }
    /// Everything else, by the table of §7.4.
    #[specialization(guard = always)]
    fn do_generic<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("equal", self, Self::generic_equal, &[a, b])?)
    }
}

expr_node!(EqualNode, "Equal", children(t => vec![t.left.node(), t.right.node()]), clone(this, cx => EqualNode::new(this.left.clone_uninitialized(cx), this.right.clone_uninitialized(cx))));

/// Logical negation of a boolean-valued child (`!=`, `>`, `>=`).
pub struct NotNode {
    child: Child,
}

impl NotNode {
    /// Negates `child`, which always produces a boolean.
    pub fn new(child: Child) -> NotNode {
        NotNode { child }
    }
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = self.child.exec(s, 0)?;
        let b = s.unbox_bool(v);
        let n = s.not(b);
        Ok(s.box_bool(n))
    }
}

expr_node!(stateless NotNode, "Not", children(t => vec![t.child.node()]), clone(this, cx => NotNode::new(this.child.clone_uninitialized(cx))));
