//! `+ - * /`: small integers with overflow checks, big integers after the first overflow, string
//! concatenation for `+`, and SL's type error otherwise (spec §6, §7.2, §7.3).

use std::marker::PhantomData;

use porcini::bigint::BigInt;
use porcini::rope::RopeEncoding;
use porcini::spec::SpecState;
use porcini::{Frame, GuestError, SpecFail, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use super::{Child, Loc, SpecResult, expr_node, is_number};
use crate::Sl;
use crate::runtime::display::{convert, type_error};

fn big(v: Value) -> BigInt {
    match (v.as_i64(), v.as_bigint()) {
        (Some(i), _) => BigInt::from_i64(i),
        (_, Some(b)) => (*b).clone(),
        _ => BigInt::from_i64(0),
    }
}

/// The arithmetic operator of an [`ArithNode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
}

impl ArithOp {
    fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
        }
    }
}

/// The operator of an [`ArithNode`] as a type, so that each operator's node code is compiled on
/// its own and the interpreter does not branch on the operator at run time.
pub trait ArithKind: 'static {
    /// The operator.
    const OP: ArithOp;
}

/// Marker types for the four operators.
pub mod kind {
    use super::{ArithKind, ArithOp};
    /// `+`
    pub struct Add;
    /// `-`
    pub struct Sub;
    /// `*`
    pub struct Mul;
    /// `/`
    pub struct Div;
    impl ArithKind for Add {
        const OP: ArithOp = ArithOp::Add;
    }
    impl ArithKind for Sub {
        const OP: ArithOp = ArithOp::Sub;
    }
    impl ArithKind for Mul {
        const OP: ArithOp = ArithOp::Mul;
    }
    impl ArithKind for Div {
        const OP: ArithOp = ArithOp::Div;
    }
}

/// A binary arithmetic operator.
pub struct ArithNode<K: ArithKind> {
    left: Child,
    right: Child,
    loc: Loc,
    spec: SpecState,
    kind: PhantomData<K>,
}

impl<K: ArithKind> ArithNode<K> {
    const OP: ArithOp = K::OP;
    /// A new, uninitialized operator node.
    pub fn new(left: Child, right: Child, loc: Loc) -> ArithNode<K> {
        ArithNode { left, right, loc, spec: SpecState::default(), kind: PhantomData }
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.spec_cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.spec_active_names()
    }
    fn either_string<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        if Self::OP != ArithOp::Add {
            return s.bool_const(false);
        }
        let x = s.has_tag(a, Tag::String);
        let y = s.has_tag(b, Tag::String);
        s.or(x, y)
    }
    fn both_numbers<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        let x = is_number(s, a);
        let y = is_number(s, b);
        s.and(x, y)
    }
    #[cold]
    fn big_arith(&self, f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (big(v.first().copied().unwrap_or(Value::NULL)), big(v.get(1).copied().unwrap_or(Value::NULL)));
        let r = match Self::OP {
            ArithOp::Add => a.add(&b),
            ArithOp::Sub => a.sub(&b),
            ArithOp::Mul => a.mul(&b),
            ArithOp::Div => match a.div_trunc(&b) {
                Some(q) => q,
                None => {
                    return Err(GuestError::raise(format!(
                        "Division by zero at {} line {} col {}",
                        self.loc.file, self.loc.line, self.loc.col
                    )));
                }
            },
        };
        Ok(f.runtime().bigint(r))
    }
    #[cold]
    fn concat(&self, f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        // Two strings join as a rope in constant time (`s = s + "x"` in a loop is linear); a
        // number or other operand becomes its text first.
        let (x, y) = (v.first().copied().unwrap_or(Value::NULL), v.get(1).copied().unwrap_or(Value::NULL));
        let rt = f.runtime();
        let text = |v: Value| match v.as_str() {
            Some(s) => s,
            None => rt.new_string(convert(v)).as_str().expect("a new string is a string"),
        };
        let (left, right) = (text(x), text(y));
        rt.concat_strings(left, right).ok_or_else(|| {
            let (file, line, col) = (&self.loc.file, self.loc.line, self.loc.col);
            GuestError::raise(format!(
                "Error at {file} line {line} col {col}: the result of \"+\" would be longer than the longest string ({} bytes)",
                porcini::string::Utf8::MAX_LEN
            ))
        })
    }
    #[cold]
    fn raise_type_error(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        Err(GuestError::raise(type_error(&self.loc.file, self.loc.line, self.loc.col, Self::OP.symbol(), v)))
    }
}

#[specializations(language = Sl, execute(left, right), report_polymorphism)]
impl<K: ArithKind> ArithNode<K> {
    /// Both operands are small: an exact operation that rewrites to big integers on overflow (and,
    /// for `/`, on division by zero or `MIN / -1`).
    #[specialization]
    fn do_long<S: Stage<Sl>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let (r, failed) = match Self::OP {
            ArithOp::Add => s.add_i64(a, b),
            ArithOp::Sub => s.sub_i64(a, b),
            ArithOp::Mul => s.mul_i64(a, b),
            ArithOp::Div => s.div_i64(a, b),
        };
        let ok = s.not(failed);
        if !s.speculate(ok, "arithmetic overflow") {
            return Err(SpecFail::Rewrite);
        }
        Ok(s.box_i64(r))
    }
    /// Any numbers, small or big: the exact result as a boundary call. Replaces `do_long`, so a
    /// node that overflowed once stays on this path.
    #[specialization(guard = both_numbers, replaces(do_long))]
    fn do_big<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("big_arith", self, Self::big_arith, &[a, b])?)
    }
    /// `+` with a string operand: concatenation of the string conversions.
    #[specialization(guard = either_string)]
    fn do_string<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("concat", self, Self::concat, &[a, b])?)
    }
    /// Anything else is SL's type error.
    #[fallback]
    fn type_error<S: Stage<Sl>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("type_error", self, Self::raise_type_error, &[a, b])?)
    }
}

expr_node!(generic[K: ArithKind] ArithNode<K>, "Arith", children(t => vec![t.left.node(), t.right.node()]), clone(this, cx => ArithNode::<K>::new(this.left.clone_uninitialized(cx), this.right.clone_uninitialized(cx), this.loc.clone())));
