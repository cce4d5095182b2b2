//! `Number`'s constants and statics, and `Number.prototype`: `toString` (with a radix),
//! `toFixed`, `valueOf`.

use porcini::{Frame, Unwind, Value};

use super::{arg, method, put_hidden, unsupported};
use crate::Es;
use crate::runtime::convert::{to_integer, to_number};
use crate::runtime::error::{range_error, type_error};
use crate::runtime::number_format::number_to_string;
use crate::runtime::object::get_from;
use crate::runtime::realm::Realm;
use crate::runtime::{Key, UNDEFINED, as_number, is_undefined, str_value};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let global = realm.global.as_object().expect("the global object");
    let ctor = get_from(f, global, Key::named(f.runtime(), "Number"), realm.global).unwrap_or(UNDEFINED);
    for (name, v) in [
        ("MAX_SAFE_INTEGER", 9007199254740991.0),
        ("MIN_SAFE_INTEGER", -9007199254740991.0),
        ("EPSILON", f64::EPSILON),
        ("MAX_VALUE", f64::MAX),
        ("MIN_VALUE", 5e-324),
        ("POSITIVE_INFINITY", f64::INFINITY),
        ("NEGATIVE_INFINITY", f64::NEG_INFINITY),
        ("NaN", f64::NAN),
    ] {
        put_hidden(f, ctor, name, crate::runtime::number(v));
    }
    method(f, ctor, "isInteger", 1, is_integer);
    method(f, ctor, "isSafeInteger", 1, is_safe_integer);
    method(f, ctor, "isFinite", 1, is_finite);
    method(f, ctor, "isNaN", 1, is_nan);
    let p = realm.number_proto;
    method(f, p, "toString", 1, to_string_method);
    method(f, p, "toFixed", 1, to_fixed);
    method(f, p, "valueOf", 0, value_of);
    unsupported(f, p, "Number.prototype", &["toPrecision", "toExponential", "toLocaleString"]);
}

fn is_integer(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(as_number(arg(args, 0)).is_some_and(|x| x.is_finite() && x.trunc() == x)))
}

fn is_safe_integer(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(as_number(arg(args, 0)).is_some_and(|x| x.trunc() == x && x.abs() <= 9007199254740991.0)))
}

fn is_finite(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(as_number(arg(args, 0)).is_some_and(f64::is_finite)))
}

fn is_nan(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(as_number(arg(args, 0)).is_some_and(f64::is_nan)))
}

fn this_number(f: &mut Frame<'_, Es>, this: Value, name: &str) -> Result<f64, Unwind<Value>> {
    as_number(this).ok_or_else(|| type_error(f, &format!("Number.prototype.{name} requires that 'this' be a Number")))
}

fn to_string_method(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let x = this_number(f, this, "toString")?;
    let radix = if is_undefined(arg(args, 0)) { 10.0 } else { to_integer(to_number(f, arg(args, 0))?) };
    if !(2.0..=36.0).contains(&radix) {
        return Err(range_error(f, "toString() radix argument must be between 2 and 36"));
    }
    if radix == 10.0 {
        return Ok(str_value(f.runtime(), &number_to_string(x)));
    }
    Ok(str_value(f.runtime(), &crate::runtime::number_radix::number_to_string_radix(x, radix as u32)))
}

fn to_fixed(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let x = this_number(f, this, "toFixed")?;
    let digits = to_integer(to_number(f, arg(args, 0))?);
    let text = if (0.0..=100.0).contains(&digits) { crate::runtime::number_format::to_fixed(x, digits as u32) } else { None };
    match text {
        Some(t) => Ok(str_value(f.runtime(), &t)),
        None => Err(range_error(f, "toFixed() digits argument must be between 0 and 100")),
    }
}

fn value_of(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    this_number(f, this, "valueOf")?;
    Ok(this)
}
