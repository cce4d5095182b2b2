//! Arithmetic: `+` (numbers and strings), `- * / % **`, the bitwise operators and shifts, and
//! unary `-`, `+` and `~`.
//!
//! Numbers are 32-bit integers while they fit, as the specialization tutorial's addition: an
//! integer specialization computes exactly and rewrites the node to doubles when the result
//! leaves the 32-bit range (or would be -0), and the double specialization, which takes
//! integers too, replaces it for good. Anything that is not a number goes through JavaScript's
//! generic conversions in a boundary call.

use std::marker::PhantomData;

use porcini::spec::SpecState;
use porcini::{BitOp, Cmp, FloatOp, FloatUnary, Frame, Stage, Tag, Unwind, Value};
use porcini_dsl::specializations;

use super::{Child, Node, SpecResult, es_node};
use crate::Es;
use crate::runtime::convert::{to_int32, to_number, to_primitive, to_string};
use crate::runtime::{as_str, concat_str, number};

/// Staged: do `a` and `b` both hold strings?
pub(crate) fn both_strings<S: Stage<Es>>(s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
    let x = s.has_tag(a, Tag::Ref0);
    let y = s.has_tag(b, Tag::Ref0);
    s.and(x, y)
}

/// Staged: is the 64-bit `r` a 32-bit integer?
pub(crate) fn fits_i32<S: Stage<Es>>(s: &mut S, r: S::I64) -> S::Bool {
    let w = s.wrap_i32(r, true);
    s.cmp_i64(Cmp::Eq, w, r)
}

/// `a + b`.
pub struct AddNode {
    left: Child,
    right: Child,
    spec: SpecState,
}

impl AddNode {
    pub fn new(left: impl Into<Child>, right: impl Into<Child>) -> AddNode {
        AddNode { left: left.into(), right: right.into(), spec: SpecState::default() }
    }
    fn strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> S::Bool {
        both_strings(s, a, b)
    }
    #[cold]
    fn concat(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (v.first().and_then(|x| as_str(*x)), v.get(1).and_then(|x| as_str(*x)));
        match (a, b) {
            (Some(a), Some(b)) => concat_str(f, a, b),
            _ => self.generic(f, v),
        }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (a, b) = (v.first().copied().unwrap_or(crate::runtime::UNDEFINED), v.get(1).copied().unwrap_or(crate::runtime::UNDEFINED));
        add_values(f, a, b)
    }
}

/// JavaScript's `a + b` on any values.
pub fn add_values(f: &mut Frame<'_, Es>, a: Value, b: Value) -> Result<Value, Unwind<Value>> {
    let (pa, pb) = (to_primitive(f, a, false)?, to_primitive(f, b, false)?);
    if as_str(pa).is_some() || as_str(pb).is_some() {
        let (x, y) = (to_string(f, pa)?, to_string(f, pb)?);
        return concat_str(f, x, y);
    }
    Ok(number(to_number(f, pa)? + to_number(f, pb)?))
}

#[specializations(language = Es, execute(left, right), report_polymorphism)]
impl AddNode {
    /// Two 32-bit integers whose sum fits: otherwise the node moves to doubles.
    #[specialization]
    fn add_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let (r, _) = s.add_i64(a, b);
        let ok = fits_i32(s, r);
        if !s.speculate(ok, "int32 overflow") {
            return Err(porcini::SpecFail::Rewrite);
        }
        Ok(s.box_i64(r))
    }
    /// Numbers, as doubles.
    #[specialization(replaces(add_int))]
    fn add_double<S: Stage<Es>>(&self, s: &mut S, a: S::F64, b: S::F64) -> SpecResult<S::F64> {
        Ok(s.float_arith(FloatOp::Add, a, b))
    }
    /// Two strings: their concatenation.
    #[specialization(guard = strings)]
    fn add_strings<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("concat", self, Self::concat, &[a, b])?)
    }
    /// Anything else: primitives, then strings or numbers.
    #[fallback]
    fn add_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("add", self, Self::generic, &[a, b])?)
    }
}

es_node!(AddNode, "Add", children(t => vec![t.left.node(), t.right.node()]), clone(t, cx => AddNode::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx))), spec);

/// The numeric operators other than `+`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumOp {
    Sub,
    Mul,
    Div,
    Rem,
    Exp,
}

/// A numeric operator as a type, so each operator's node code is compiled on its own.
pub trait NumKind: 'static {
    const OP: NumOp;
}

/// Marker types for the numeric operators.
pub mod num {
    use super::{NumKind, NumOp};
    pub struct Sub;
    pub struct Mul;
    pub struct Div;
    pub struct Rem;
    pub struct Exp;
    impl NumKind for Sub {
        const OP: NumOp = NumOp::Sub;
    }
    impl NumKind for Mul {
        const OP: NumOp = NumOp::Mul;
    }
    impl NumKind for Div {
        const OP: NumOp = NumOp::Div;
    }
    impl NumKind for Rem {
        const OP: NumOp = NumOp::Rem;
    }
    impl NumKind for Exp {
        const OP: NumOp = NumOp::Exp;
    }
}

/// JavaScript's `a ** b`, whose special cases differ from C's `pow` (a NaN exponent gives NaN
/// even for a base of 1, and `(-1) ** ±Infinity` is NaN), rounded exactly as node rounds it.
pub fn js_pow(a: f64, b: f64) -> f64 {
    crate::runtime::math::pow(a, b)
}

/// The operator on doubles.
pub fn apply_num(op: NumOp, a: f64, b: f64) -> f64 {
    match op {
        NumOp::Sub => a - b,
        NumOp::Mul => a * b,
        NumOp::Div => a / b,
        NumOp::Rem => a % b,
        NumOp::Exp => js_pow(a, b),
    }
}

/// `a - b`, `a * b`, `a / b`, `a % b`, `a ** b`.
pub struct NumNode<K: NumKind> {
    left: Child,
    right: Child,
    spec: SpecState,
    kind: PhantomData<K>,
}

impl<K: NumKind> NumNode<K> {
    pub fn new(left: impl Into<Child>, right: impl Into<Child>) -> NumNode<K> {
        NumNode { left: left.into(), right: right.into(), spec: SpecState::default(), kind: PhantomData }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let u = crate::runtime::UNDEFINED;
        let x = to_number(f, v.first().copied().unwrap_or(u))?;
        let y = to_number(f, v.get(1).copied().unwrap_or(u))?;
        Ok(number(apply_num(K::OP, x, y)))
    }
    #[cold]
    fn pow(&self, _f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let n = |i: usize| v.get(i).and_then(|x| crate::runtime::as_number(*x)).unwrap_or(f64::NAN);
        Ok(Value::from_f64(js_pow(n(0), n(1))))
    }
}

#[specializations(language = Es, execute(left, right), report_polymorphism)]
impl<K: NumKind> NumNode<K> {
    /// Two 32-bit integers with a 32-bit integer result (not -0): otherwise doubles.
    #[specialization]
    fn num_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let (r, ok) = match K::OP {
            NumOp::Sub => {
                let (r, _) = s.sub_i64(a, b);
                (r, fits_i32(s, r))
            }
            NumOp::Mul => {
                // A zero product of a negative operand is -0, a double.
                let (r, _) = s.mul_i64(a, b);
                let fits = fits_i32(s, r);
                let zero = s.i64_const(0);
                let nonzero = s.cmp_i64(Cmp::Eq, r, zero);
                let nonzero = s.not(nonzero);
                let either = s.bits_i64(BitOp::Or, a, b);
                let signs_ok = s.cmp_i64(Cmp::Le, zero, either);
                let sign_ok = s.or(nonzero, signs_ok);
                (r, s.and(fits, sign_ok))
            }
            NumOp::Div => {
                // Exact quotients stay integers; the others (and -0) are doubles.
                let (q, failed) = s.div_i64(a, b);
                let (m, _) = s.mul_i64(q, b);
                let exact = s.cmp_i64(Cmp::Eq, m, a);
                let ok = s.not(failed);
                let ok = s.and(ok, exact);
                let zero = s.i64_const(0);
                let a_zero = s.cmp_i64(Cmp::Eq, a, zero);
                let b_neg = s.cmp_i64(Cmp::Lt, b, zero);
                let neg_zero = s.and(a_zero, b_neg);
                let not_neg_zero = s.not(neg_zero);
                let ok = s.and(ok, not_neg_zero);
                let fits = fits_i32(s, q);
                (q, s.and(ok, fits))
            }
            NumOp::Rem => {
                // A zero divisor is NaN; a zero remainder of a negative dividend is -0.
                let (r, failed) = s.rem_i64(a, b);
                let ok = s.not(failed);
                let zero = s.i64_const(0);
                let r_zero = s.cmp_i64(Cmp::Eq, r, zero);
                let a_neg = s.cmp_i64(Cmp::Lt, a, zero);
                let neg_zero = s.and(r_zero, a_neg);
                let not_neg_zero = s.not(neg_zero);
                (r, s.and(ok, not_neg_zero))
            }
            NumOp::Exp => {
                let no = s.bool_const(false);
                (a, no)
            }
        };
        if !s.speculate(ok, "int32 result") {
            return Err(porcini::SpecFail::Rewrite);
        }
        Ok(s.box_i64(r))
    }
    /// Numbers, as doubles.
    #[specialization(replaces(num_int))]
    fn num_double<S: Stage<Es>>(&self, s: &mut S, a: S::F64, b: S::F64) -> SpecResult<S::Val> {
        let op = match K::OP {
            NumOp::Sub => FloatOp::Sub,
            NumOp::Mul => FloatOp::Mul,
            NumOp::Div => FloatOp::Div,
            NumOp::Rem => FloatOp::Rem,
            NumOp::Exp => {
                let (x, y) = (s.box_f64(a), s.box_f64(b));
                return Ok(s.call_boundary("pow", self, Self::pow, &[x, y])?);
            }
        };
        let r = s.float_arith(op, a, b);
        Ok(s.box_f64(r))
    }
    /// Anything else: both converted to numbers.
    #[fallback]
    fn num_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("arith", self, Self::generic, &[a, b])?)
    }
}

es_node!(generic[K: NumKind] NumNode<K>, "Arith", children(t => vec![t.left.node(), t.right.node()]), clone(t, cx => NumNode::<K>::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx))), spec);

/// The bitwise operators and shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitKindOp {
    And,
    Or,
    Xor,
    Shl,
    Sar,
    Shr,
}

/// A bitwise operator as a type.
pub trait BitKind: 'static {
    const OP: BitKindOp;
}

/// Marker types for the bitwise operators.
pub mod bit {
    use super::{BitKind, BitKindOp};
    pub struct And;
    pub struct Or;
    pub struct Xor;
    pub struct Shl;
    pub struct Sar;
    pub struct Shr;
    impl BitKind for And {
        const OP: BitKindOp = BitKindOp::And;
    }
    impl BitKind for Or {
        const OP: BitKindOp = BitKindOp::Or;
    }
    impl BitKind for Xor {
        const OP: BitKindOp = BitKindOp::Xor;
    }
    impl BitKind for Shl {
        const OP: BitKindOp = BitKindOp::Shl;
    }
    impl BitKind for Sar {
        const OP: BitKindOp = BitKindOp::Sar;
    }
    impl BitKind for Shr {
        const OP: BitKindOp = BitKindOp::Shr;
    }
}

/// The operator on 32-bit integers, as JavaScript defines it (`>>>` gives an unsigned result).
pub fn apply_bits(op: BitKindOp, a: i32, b: i32) -> f64 {
    let count = (b as u32) & 31;
    match op {
        BitKindOp::And => f64::from(a & b),
        BitKindOp::Or => f64::from(a | b),
        BitKindOp::Xor => f64::from(a ^ b),
        BitKindOp::Shl => f64::from(a.wrapping_shl(count)),
        BitKindOp::Sar => f64::from(a >> count),
        BitKindOp::Shr => f64::from((a as u32) >> count),
    }
}

/// `a & b`, `a | b`, `a ^ b`, `a << b`, `a >> b`, `a >>> b`.
pub struct BitNode<K: BitKind> {
    left: Child,
    right: Child,
    spec: SpecState,
    kind: PhantomData<K>,
}

impl<K: BitKind> BitNode<K> {
    pub fn new(left: impl Into<Child>, right: impl Into<Child>) -> BitNode<K> {
        BitNode { left: left.into(), right: right.into(), spec: SpecState::default(), kind: PhantomData }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let u = crate::runtime::UNDEFINED;
        let x = to_int32(to_number(f, v.first().copied().unwrap_or(u))?);
        let y = to_int32(to_number(f, v.get(1).copied().unwrap_or(u))?);
        Ok(number(apply_bits(K::OP, x, y)))
    }
}

#[specializations(language = Es, execute(left, right), report_polymorphism)]
impl<K: BitKind> BitNode<K> {
    /// Two 32-bit integers (for `>>>`, a result that fits a signed 32-bit integer).
    #[specialization]
    fn bits_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64, b: S::I64) -> SpecResult<S::Val> {
        let mask = s.i64_const(31);
        let count = s.bits_i64(BitOp::And, b, mask);
        let r = match K::OP {
            BitKindOp::And => s.bits_i64(BitOp::And, a, b),
            BitKindOp::Or => s.bits_i64(BitOp::Or, a, b),
            BitKindOp::Xor => s.bits_i64(BitOp::Xor, a, b),
            BitKindOp::Shl => {
                let r = s.bits_i64(BitOp::Shl, a, count);
                s.wrap_i32(r, true)
            }
            BitKindOp::Sar => s.bits_i64(BitOp::Sar, a, count),
            BitKindOp::Shr => {
                let u = s.wrap_i32(a, false);
                let r = s.bits_i64(BitOp::Shr, u, count);
                let ok = fits_i32(s, r);
                if !s.speculate(ok, "uint32 result") {
                    return Err(porcini::SpecFail::Rewrite);
                }
                r
            }
        };
        Ok(s.box_i64(r))
    }
    /// Anything else: both converted to 32-bit integers.
    #[specialization(replaces(bits_int))]
    fn bits_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val, b: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("bits", self, Self::generic, &[a, b])?)
    }
}

es_node!(generic[K: BitKind] BitNode<K>, "Bits", children(t => vec![t.left.node(), t.right.node()]), clone(t, cx => BitNode::<K>::new(t.left.clone_uninitialized(cx), t.right.clone_uninitialized(cx))), spec);

/// Unary `-`, `+` and `~`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryNum {
    Neg,
    Plus,
    BitNot,
}

/// A unary numeric operator.
pub struct UnaryNumNode {
    op: UnaryNum,
    value: Node,
    spec: SpecState,
}

impl UnaryNumNode {
    pub fn new(op: UnaryNum, value: Node) -> UnaryNumNode {
        UnaryNumNode { op, value, spec: SpecState::default() }
    }
    #[cold]
    fn generic(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let x = to_number(f, v.first().copied().unwrap_or(crate::runtime::UNDEFINED))?;
        Ok(match self.op {
            UnaryNum::Neg => number(-x),
            UnaryNum::Plus => number(x),
            UnaryNum::BitNot => number(f64::from(!to_int32(x))),
        })
    }
}

#[specializations(language = Es, execute(value), report_polymorphism)]
impl UnaryNumNode {
    /// A 32-bit integer (for `-`, neither 0, whose negation is -0, nor the one that overflows).
    #[specialization]
    fn unary_int<S: Stage<Es>>(&self, s: &mut S, a: S::I64) -> SpecResult<S::Val> {
        let r = match self.op {
            UnaryNum::Plus => a,
            UnaryNum::BitNot => {
                let ones = s.i64_const(-1);
                s.bits_i64(BitOp::Xor, a, ones)
            }
            UnaryNum::Neg => {
                let zero = s.i64_const(0);
                let (r, _) = s.sub_i64(zero, a);
                let fits = fits_i32(s, r);
                let is_zero = s.cmp_i64(Cmp::Eq, a, zero);
                let nonzero = s.not(is_zero);
                let ok = s.and(fits, nonzero);
                if !s.speculate(ok, "int32 negation") {
                    return Err(porcini::SpecFail::Rewrite);
                }
                r
            }
        };
        Ok(s.box_i64(r))
    }
    /// A number, as a double.
    #[specialization(replaces(unary_int))]
    fn unary_double<S: Stage<Es>>(&self, s: &mut S, a: S::F64) -> SpecResult<S::Val> {
        match self.op {
            UnaryNum::Neg => {
                let r = s.float_unary(FloatUnary::Neg, a);
                Ok(s.box_f64(r))
            }
            UnaryNum::Plus => Ok(s.box_f64(a)),
            UnaryNum::BitNot => {
                let v = s.box_f64(a);
                Ok(s.call_boundary("bit_not", self, Self::generic, &[v])?)
            }
        }
    }
    /// Anything else, converted to a number.
    #[fallback]
    fn unary_generic<S: Stage<Es>>(&self, s: &mut S, a: S::Val) -> SpecResult<S::Val> {
        Ok(s.call_boundary("unary", self, Self::generic, &[a])?)
    }
}

es_node!(UnaryNumNode, "UnaryNum", children(t => vec![&*t.value]), clone(t, cx => UnaryNumNode::new(t.op, t.value.clone_uninitialized(cx))), spec);
