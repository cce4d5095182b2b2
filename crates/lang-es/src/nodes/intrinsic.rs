//! Intrinsics: builtins a call site computes in place instead of calling (`Math.sqrt(x)`,
//! `Math.abs`, `Math.floor`, `Math.ceil`, `Math.trunc`, and two-argument `Math.min` and
//! `Math.max`), or runs without a call (the string methods that are pure on primitives).
//!
//! A builtin's Rust code is opaque to partial evaluation, so a call of it costs a real call
//! (check the callee, push a frame, convert the argument, box the result) even where the
//! compiler knows every type. Graal.js and V8 lower these builtins to machine instructions;
//! here a call site that has called one of them learns it ([`IntrinsicSite`]) and from then on
//! checks, on each call, that the callee is still that function and that the arguments are
//! numbers of the kinds it has seen, and computes the result with the stage's operations: one
//! `sqrtsd` in compiled code. Either check failing respecializes the site (another callee sends
//! it back to calls for good; another kind of number widens what it accepts; anything else,
//! which `ToNumber` would convert, makes the call instead).
//!
//! String methods such as `substring` and `charCodeAt` are not computed by stage operations,
//! but a site that has called one on a string with number or string arguments runs the
//! builtin's Rust function itself, as one boundary call: without the call path's frame, the
//! argument vector and the builtin root's dispatch, which were most of a parser's cost per
//! character. Only methods that neither throw nor run guest code for such arguments are
//! marked (converting a primitive runs nothing), so skipping the builtin's frame is not
//! observable.
//!
//! The result is exactly the builtin's, including its representation: a number that is an
//! int32 (and not -0) is an integer value, as [`crate::runtime::number`] makes it, so what
//! flows on from an intrinsic specializes later nodes as the builtin's result would.

use std::cell::Cell;

use porcini::embed::GuestRef;
use porcini::{Cmp, FloatOp, FloatUnary, Stage, Tag, Unwind, Value};

use super::arith::fits_i32;
use crate::Es;

/// A builtin whose work a site does in place of calling it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    /// A `Math` function, which call sites compute ([`IntrinsicSite`]).
    Math(MathOp),
    /// The `Array` constructor, which `new Array(...)` sites run without a frame (`NewNode`).
    Array,
    /// A `String.prototype` method that, on a string receiver with number and string
    /// arguments, neither throws nor runs guest code: call sites run it without a frame.
    StringMethod,
    /// `Array.prototype.forEach`, whose loop a call site with one argument runs itself when the
    /// receiver is an array and the argument a function (`crate::nodes::each`).
    ForEach,
}

/// What a site does in place of calling its intrinsic.
#[derive(Clone, Copy)]
pub enum SiteOp {
    /// Computes a `Math` function.
    Math(MathOp),
    /// Runs a pure string method's Rust function (see the module documentation).
    StringMethod(crate::runtime::function::BuiltinFn),
    /// Runs `forEach`'s loop, calling the callback from the site (`crate::nodes::each`).
    ForEach,
}

/// A `Math` function a call site may compute in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathOp {
    Sqrt,
    Abs,
    Floor,
    Ceil,
    Trunc,
    /// `Math.min(a, b)`.
    Min,
    /// `Math.max(a, b)`.
    Max,
}

impl MathOp {
    /// The one-argument `Math` function called `name`, if it is an intrinsic.
    pub fn named(name: &str) -> Option<MathOp> {
        Some(match name {
            "sqrt" => MathOp::Sqrt,
            "abs" => MathOp::Abs,
            "floor" => MathOp::Floor,
            "ceil" => MathOp::Ceil,
            "trunc" => MathOp::Trunc,
            _ => return None,
        })
    }

    /// How many arguments a site must pass for the intrinsic to stand for the call: with
    /// fewer, missing ones are `undefined` (and the result NaN); `Math.min` and `Math.max`
    /// take any number, and only two are computed in place.
    pub fn arity(self) -> usize {
        match self {
            MathOp::Min | MathOp::Max => 2,
            _ => 1,
        }
    }
}

/// The argument kinds a site has seen: a bit set of these.
const INT: u8 = 1;
const DOUBLE: u8 = 2;

/// The kind bit of a number value; 0 for anything else.
fn kind_of(v: Value) -> u8 {
    match v.tag() {
        Tag::Int => INT,
        Tag::Double => DOUBLE,
        _ => 0,
    }
}

/// What a call site knows of the intrinsic it calls.
pub struct IntrinsicSite {
    /// The builtin function every call of the site has called.
    pub function: Value,
    /// Keeps `function` alive: the site compares callees with it by identity, which a
    /// collected function's reused address would otherwise fool.
    _alive: GuestRef,
    pub op: SiteOp,
    /// The kinds of number the arguments have had (`INT`, `DOUBLE`, both, or none yet; for a
    /// string method, `INT` once it has been called as the site runs it).
    kinds: Cell<u8>,
}

impl IntrinsicSite {
    /// The site for calls of `function`, intrinsic `op`, before it has seen their arguments.
    pub fn new(function: Value, alive: GuestRef, op: SiteOp) -> IntrinsicSite {
        IntrinsicSite { function, _alive: alive, op, kinds: Cell::new(0) }
    }

    /// Widens the kinds the site accepts to those of `args` (and receiver `this`); false if
    /// one is not a number (for a string method: the receiver is not a string, or an argument
    /// is neither a number nor a string; for `forEach`: the receiver is not an array, or the
    /// argument not a function that may be called), and the site then calls the builtin.
    pub fn widen(&self, this: Value, args: &[Value]) -> bool {
        if let SiteOp::ForEach = self.op {
            let array = crate::runtime::object::as_array(this).is_some();
            // The flag the staged check (`is_callable`) reads.
            let callable = crate::runtime::object::as_function(args.first().copied().unwrap_or(crate::runtime::UNDEFINED))
                .is_some_and(|code| code.callable != 0);
            if array && callable {
                self.kinds.set(INT);
            }
            return array && callable;
        }
        if let SiteOp::StringMethod(_) = self.op {
            let primitive = |v: Value| kind_of(v) != 0 || crate::runtime::as_str(v).is_some();
            let fits = crate::runtime::as_str(this).is_some() && args.iter().all(|&a| primitive(a));
            if fits {
                self.kinds.set(INT);
            }
            return fits;
        }
        let mut kinds = self.kinds.get();
        for &a in args {
            match kind_of(a) {
                0 => return false,
                k => kinds |= k,
            }
        }
        self.kinds.set(kinds);
        true
    }

    /// Staged: are `args` numbers of the kinds the site has seen (for a string method: is
    /// `this` a string and is each argument a number or a string; for `forEach`: is `this` an
    /// array and the argument a function that may be called)?
    pub fn args_fit<S: Stage<Es>>(&self, s: &mut S, this: S::Val, args: &[S::Val]) -> S::Bool {
        let kinds = self.kinds.get();
        if kinds == 0 {
            // No arguments seen yet: the first call learns them.
            return s.bool_const(false);
        }
        if let SiteOp::ForEach = self.op {
            let is_object = s.has_tag(this, Tag::Object);
            let array = s.if_else(
                is_object,
                |s| {
                    let internal = s.load_internal(this);
                    let dense = s.has_tag(internal, Tag::Elements);
                    Ok(s.box_bool(dense))
                },
                |s| Ok(s.konst(Value::from_bool(false))),
            );
            let array = match array {
                Ok(v) => s.unbox_bool(v),
                Err(_) => s.bool_const(false),
            };
            let callable = super::call::is_callable(s, args[0]);
            return s.and(array, callable);
        }
        if let SiteOp::StringMethod(_) = self.op {
            let mut ok = s.has_tag(this, Tag::Ref0);
            for &a in args {
                let mut primitive = s.bool_const(false);
                for tag in [Tag::Int, Tag::Double, Tag::Ref0] {
                    let t = s.has_tag(a, tag);
                    primitive = s.or(primitive, t);
                }
                ok = s.and(ok, primitive);
            }
            return ok;
        }
        let mut ok = s.bool_const(true);
        for &a in args {
            let fits = match kinds {
                INT => s.has_tag(a, Tag::Int),
                DOUBLE => s.has_tag(a, Tag::Double),
                _ => {
                    let i = s.has_tag(a, Tag::Int);
                    let d = s.has_tag(a, Tag::Double);
                    s.or(i, d)
                }
            };
            ok = s.and(ok, fits);
        }
        ok
    }

    /// Staged: a `Math` intrinsic's result for `args`, which [`IntrinsicSite::args_fit`] has
    /// checked.
    pub fn compute<S: Stage<Es>>(&self, s: &mut S, op: MathOp, args: &[S::Val]) -> Result<S::Val, Unwind<S::Val>> {
        if self.kinds.get() == INT {
            return self.compute_int(s, op, args);
        }
        let x = s.number_to_f64(args[0]);
        let r = match op {
            // A square root or an absolute value of doubles stays a double, as the double
            // arithmetic it feeds expects: testing whether it happens to be an integer would
            // cost a conversion and a branch, and make the consumers polymorphic.
            MathOp::Sqrt => {
                let r = s.float_unary(FloatUnary::Sqrt, x);
                return Ok(s.box_f64(r));
            }
            MathOp::Abs => {
                let r = s.float_unary(FloatUnary::Abs, x);
                return Ok(s.box_f64(r));
            }
            MathOp::Floor => s.float_unary(FloatUnary::Floor, x),
            MathOp::Ceil => s.float_unary(FloatUnary::Ceil, x),
            MathOp::Trunc => s.float_unary(FloatUnary::Trunc, x),
            MathOp::Min | MathOp::Max => {
                let y = s.number_to_f64(args[1]);
                let float = if op == MathOp::Min { FloatOp::Min } else { FloatOp::Max };
                s.float_arith(float, x, y)
            }
        };
        number(s, r)
    }

    /// Staged: the result for integer arguments, in integers where the builtin's is one.
    fn compute_int<S: Stage<Es>>(&self, s: &mut S, op: MathOp, args: &[S::Val]) -> Result<S::Val, Unwind<S::Val>> {
        let v = args[0];
        let a = s.unbox_i64(v);
        match op {
            MathOp::Floor | MathOp::Ceil | MathOp::Trunc => Ok(v),
            MathOp::Sqrt => {
                let x = s.i64_to_f64(a);
                let r = s.float_unary(FloatUnary::Sqrt, x);
                number(s, r)
            }
            MathOp::Abs => {
                let zero = s.i64_const(0);
                let negative = s.cmp_i64(Cmp::Lt, a, zero);
                s.if_else(
                    negative,
                    |s| {
                        // Integers are int32, so the negation does not overflow 64 bits; only
                        // -2147483648's leaves int32, and is a double.
                        let (r, _) = s.sub_i64(zero, a);
                        let fits = fits_i32(s, r);
                        s.if_else(fits, |s| Ok(s.box_i64(r)), |s| {
                            let x = s.i64_to_f64(r);
                            Ok(s.box_f64(x))
                        })
                    },
                    |_| Ok(v),
                )
            }
            MathOp::Min | MathOp::Max => {
                let w = args[1];
                let b = s.unbox_i64(w);
                let less = s.cmp_i64(Cmp::Lt, a, b);
                let (first, second) = if op == MathOp::Min { (v, w) } else { (w, v) };
                s.if_else(less, |_| Ok(first), |_| Ok(second))
            }
        }
    }
}

/// Staged: the number value of `r`, an integer when it is an int32 other than -0 (as
/// [`crate::runtime::number`] makes it).
fn number<S: Stage<Es>>(s: &mut S, r: S::F64) -> Result<S::Val, Unwind<S::Val>> {
    let (i, exact) = s.f64_to_i64(r);
    let fits = fits_i32(s, i);
    let int = s.and(exact, fits);
    s.if_else(int, |s| Ok(s.box_i64(i)), |s| Ok(s.box_f64(r)))
}
