//! `Math`. `Math.random` is left out: the subset's programs are deterministic. The
//! transcendental functions come from [`crate::runtime::math`], which rounds them as node does.

use porcini::{Frame, Unwind, Value};

use super::{arg, builtin_code, method, put_hidden, unsupported};
use crate::Es;
use crate::nodes::intrinsic::{Intrinsic, MathOp};
use crate::runtime::function::{BuiltinFn, FnKind, JsFunction};
use crate::runtime::object::new_function_in;
use crate::runtime::UNDEFINED;
use crate::runtime::convert::to_number;
use crate::runtime::math;
use crate::runtime::realm::Realm;
use crate::runtime::{number, str_value};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let math = Value::from_object(crate::runtime::object::new_plain_object(f.runtime()));
    put_hidden(f, realm.global, "Math", math);
    for (name, v) in [
        ("PI", std::f64::consts::PI),
        ("E", std::f64::consts::E),
        ("LN2", std::f64::consts::LN_2),
        ("LN10", std::f64::consts::LN_10),
        ("LOG2E", std::f64::consts::LOG2_E),
        ("LOG10E", std::f64::consts::LOG10_E),
        ("SQRT2", std::f64::consts::SQRT_2),
        ("SQRT1_2", std::f64::consts::FRAC_1_SQRT_2),
    ] {
        put_hidden(f, math, name, Value::from_f64(v));
    }
    put_hidden(f, math, "Symbol.toStringTag", str_value(f.runtime(), "Math"));
    let unary: &[(&str, crate::runtime::function::BuiltinFn)] = &[
        ("abs", abs),
        ("floor", floor),
        ("ceil", ceil),
        ("round", round),
        ("trunc", trunc),
        ("sign", sign),
        ("sqrt", sqrt),
        ("cbrt", cbrt),
        ("sin", sin),
        ("cos", cos),
        ("tan", tan),
        ("asin", asin),
        ("acos", acos),
        ("atan", atan),
        ("exp", exp),
        ("expm1", expm1),
        ("log", log),
        ("log2", log2),
        ("log10", log10),
        ("log1p", log1p),
        ("sinh", sinh),
        ("cosh", cosh),
        ("tanh", tanh),
        ("asinh", asinh),
        ("acosh", acosh),
        ("atanh", atanh),
        ("fround", fround),
    ];
    for &(name, func) in unary {
        match MathOp::named(name) {
            Some(op) => intrinsic_method(f, math, name, 1, func, op),
            None => method(f, math, name, 1, func),
        }
    }
    method(f, math, "pow", 2, pow);
    method(f, math, "atan2", 2, atan2);
    intrinsic_method(f, math, "min", 2, min, MathOp::Min);
    intrinsic_method(f, math, "max", 2, max, MathOp::Max);
    method(f, math, "hypot", 2, hypot);
    unsupported(f, math, "Math", &["random", "clz32", "imul"]);
}

/// Defines method `name` of `math`, a builtin that call sites may compute in place as `op`
/// (see [`crate::nodes::intrinsic`]).
fn intrinsic_method(f: &mut Frame<'_, Es>, math: Value, name: &str, length: u32, func: BuiltinFn, op: MathOp) {
    let rt = f.runtime();
    let code = JsFunction { intrinsic: Some(Intrinsic::Math(op)), ..builtin_code(rt, name, length, func, FnKind::Builtin, UNDEFINED) };
    let func = Value::from_object(new_function_in(rt, code, f.lang().realm().function_proto));
    put_hidden(f, math, name, func);
}

/// A one-argument `Math` function of a number.
fn unary_fn(f: &mut Frame<'_, Es>, args: &[Value], op: fn(f64) -> f64) -> Result<Value, Unwind<Value>> {
    let x = to_number(f, arg(args, 0))?;
    Ok(number(op(x)))
}

macro_rules! math_fns {
    ($($name:ident => $op:expr),* $(,)?) => {
        $(
            fn $name(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
                unary_fn(f, args, $op)
            }
        )*
    };
}

math_fns! {
    abs => f64::abs,
    floor => f64::floor,
    ceil => f64::ceil,
    round => js_round,
    trunc => f64::trunc,
    sign => |x: f64| if x.is_nan() || x == 0.0 { x } else { x.signum() },
    sqrt => f64::sqrt,
    cbrt => math::cbrt,
    sin => math::sin,
    cos => math::cos,
    tan => math::tan,
    asin => math::asin,
    acos => math::acos,
    atan => math::atan,
    exp => math::exp,
    expm1 => math::expm1,
    log => math::log,
    log2 => math::log2,
    log10 => math::log10,
    log1p => math::log1p,
    sinh => math::sinh,
    cosh => math::cosh,
    tanh => math::tanh,
    asinh => math::asinh,
    acosh => math::acosh,
    atanh => math::atanh,
    fround => |x: f64| x as f32 as f64,
}

/// `Math.round`: halves go up (towards +Infinity), and the sign of zero is kept
/// (`Math.round(-0.4)` is -0).
pub fn js_round(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    // `x - floor(x)` is exact (adding 0.5 first is not: it rounds 0.49999999999999994 up).
    let r = x.floor();
    let r = if x - r >= 0.5 { r + 1.0 } else { r };
    if r == 0.0 && x < 0.0 { -0.0 } else { r }
}

fn pow(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let (a, b) = (to_number(f, arg(args, 0))?, to_number(f, arg(args, 1))?);
    Ok(number(math::pow(a, b)))
}

fn atan2(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let (a, b) = (to_number(f, arg(args, 0))?, to_number(f, arg(args, 1))?);
    Ok(number(math::atan2(a, b)))
}

fn min(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut r = f64::INFINITY;
    for &a in args {
        let x = to_number(f, a)?;
        if x.is_nan() || r.is_nan() {
            r = f64::NAN;
        } else if x < r || (x == 0.0 && r == 0.0 && x.is_sign_negative()) {
            r = x;
        }
    }
    Ok(number(r))
}

fn max(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut r = f64::NEG_INFINITY;
    for &a in args {
        let x = to_number(f, a)?;
        if x.is_nan() || r.is_nan() {
            r = f64::NAN;
        } else if x > r || (x == 0.0 && r == 0.0 && r.is_sign_negative()) {
            r = x;
        }
    }
    Ok(number(r))
}

fn hypot(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut xs = Vec::with_capacity(args.len());
    for &a in args {
        xs.push(to_number(f, a)?.abs());
    }
    if xs.iter().any(|x| x.is_infinite()) {
        return Ok(number(f64::INFINITY));
    }
    if xs.iter().any(|x| x.is_nan()) {
        return Ok(number(f64::NAN));
    }
    // Scaled by the largest, so squares neither overflow nor underflow.
    let m = xs.iter().copied().fold(0.0, f64::max);
    if m == 0.0 {
        return Ok(number(0.0));
    }
    let sum: f64 = xs.iter().map(|x| (x / m) * (x / m)).sum();
    Ok(number(sum.sqrt() * m))
}
