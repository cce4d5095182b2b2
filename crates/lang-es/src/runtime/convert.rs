//! JavaScript's conversions and comparisons: `ToNumber`, `ToString`, `ToBoolean`,
//! `ToPrimitive` (which may call a guest's `valueOf` or `toString`), `ToInt32`, `typeof`,
//! strict and loose equality, and the relational comparison.

use porcini::{KindObject, Frame, Gc, Tag, Unwind, Value};

use super::number_format::number_to_string;
use super::number_parse::string_to_number;
use super::object::{as_function, call, get};
use super::{JsStr, Key, UNDEFINED, as_number, as_str, is_undefined, new_str};
use crate::Es;

/// `typeof v`.
pub fn type_of(v: Value) -> &'static str {
    match v.tag() {
        Tag::Imm0 => "undefined",
        Tag::Null => "object",
        Tag::Bool => "boolean",
        Tag::Int | Tag::Double => "number",
        Tag::Object if as_function(v).is_some() => "function",
        Tag::Object => "object",
        _ if as_str(v).is_some() => "string",
        _ => "undefined",
    }
}

/// `ToBoolean(v)`.
pub fn to_boolean(v: Value) -> bool {
    match v.tag() {
        Tag::Imm0 | Tag::Null => false,
        Tag::Bool => v.bits() != 0,
        Tag::Int => v.bits() != 0,
        Tag::Double => {
            let x = f64::from_bits(v.bits());
            !(x == 0.0 || x.is_nan())
        }
        _ => as_str(v).is_none_or(|s| !s.is_empty()),
    }
}

/// `ToPrimitive(v)` with the hint "number" (`default` behaves the same for ordinary objects):
/// `valueOf`, then `toString`, whichever gives a primitive first. `string_first` asks for the
/// "string" hint's order.
pub fn to_primitive(f: &mut Frame<'_, Es>, v: Value, string_first: bool) -> Result<Value, Unwind<Value>> {
    if v.as_object().is_none() {
        return Ok(v);
    }
    let order = if string_first { ["toString", "valueOf"] } else { ["valueOf", "toString"] };
    for name in order {
        let key = Key::named(f.runtime(), name);
        let method = get(f, v, key)?;
        if as_function(method).is_some() {
            let r = call(f, method, v, &[], name)?;
            if r.as_object().is_none() {
                return Ok(r);
            }
        }
    }
    Err(super::error::type_error(f, "Cannot convert object to primitive value"))
}

/// `ToNumber(v)`.
pub fn to_number(f: &mut Frame<'_, Es>, v: Value) -> Result<f64, Unwind<Value>> {
    if let Some(x) = as_number(v) {
        return Ok(x);
    }
    Ok(match v.tag() {
        Tag::Imm0 => f64::NAN,
        Tag::Null => 0.0,
        Tag::Bool => v.bits() as f64,
        Tag::Object => {
            let p = to_primitive(f, v, false)?;
            return to_number(f, p);
        }
        _ => match as_str(v) {
            Some(s) => string_to_number(&s.units()),
            None => f64::NAN,
        },
    })
}

/// `ToString(v)` as a string value.
pub fn to_string(f: &mut Frame<'_, Es>, v: Value) -> Result<Gc<KindObject<JsStr>>, Unwind<Value>> {
    if let Some(s) = as_str(v) {
        return Ok(s);
    }
    if v.as_object().is_some() {
        let p = to_primitive(f, v, true)?;
        return to_string(f, p);
    }
    let text = primitive_text(v);
    Ok(new_str(f.runtime(), JsStr::from_text(&text)).as_kind::<JsStr>().expect("a string value"))
}

/// `ToString` of a primitive other than a string.
pub fn primitive_text(v: Value) -> String {
    match v.tag() {
        Tag::Imm0 => "undefined".to_string(),
        Tag::Null => "null".to_string(),
        Tag::Bool => (v.bits() != 0).to_string(),
        Tag::Int => (v.bits() as i64).to_string(),
        Tag::Double => number_to_string(f64::from_bits(v.bits())),
        _ => as_str(v).map(|s| s.to_rust_string()).unwrap_or_default(),
    }
}

/// A value as text for an error message, without calling guest code.
pub fn to_display_string(_f: &Frame<'_, Es>, v: Value) -> String {
    match v.tag() {
        Tag::Object if as_function(v).is_some() => "function".to_string(),
        Tag::Object => "#<Object>".to_string(),
        _ => primitive_text(v),
    }
}

/// `ToInt32(x)`: the number modulo 2^32, as a signed 32-bit integer (NaN and infinities are 0).
pub fn to_int32(x: f64) -> i32 {
    if !x.is_finite() {
        return 0;
    }
    let t = x.trunc();
    let m = t.rem_euclid(4294967296.0);
    m as u32 as i32
}

/// `ToUint32(x)`.
pub fn to_uint32(x: f64) -> u32 {
    to_int32(x) as u32
}

/// `ToIntegerOrInfinity(x)`.
pub fn to_integer(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x.trunc() + 0.0 }
}

/// `a === b`.
pub fn strict_equals(a: Value, b: Value) -> bool {
    if let (Some(x), Some(y)) = (as_number(a), as_number(b)) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (as_str(a), as_str(b)) {
        return **x == **y;
    }
    a.same(b)
}

/// `a == b`.
pub fn loose_equals(f: &mut Frame<'_, Es>, a: Value, b: Value) -> Result<bool, Unwind<Value>> {
    let (ta, tb) = (kind(a), kind(b));
    Ok(match (ta, tb) {
        _ if ta == tb => strict_equals(a, b),
        (Kind::Undefined | Kind::Null, Kind::Undefined | Kind::Null) => true,
        (Kind::Undefined | Kind::Null, _) | (_, Kind::Undefined | Kind::Null) => false,
        (Kind::Number, Kind::String) | (Kind::String, Kind::Number) | (Kind::Bool, _) | (_, Kind::Bool) => {
            if ta == Kind::Object || tb == Kind::Object {
                let (pa, pb) = (to_primitive(f, a, false)?, to_primitive(f, b, false)?);
                return loose_equals(f, pa, pb);
            }
            to_number(f, a)? == to_number(f, b)?
        }
        (Kind::Object, _) => {
            let p = to_primitive(f, a, false)?;
            return loose_equals(f, p, b);
        }
        (_, Kind::Object) => {
            let p = to_primitive(f, b, false)?;
            return loose_equals(f, a, p);
        }
        _ => false,
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Undefined,
    Null,
    Bool,
    Number,
    String,
    Object,
}

fn kind(v: Value) -> Kind {
    match v.tag() {
        Tag::Imm0 => Kind::Undefined,
        Tag::Null => Kind::Null,
        Tag::Bool => Kind::Bool,
        Tag::Int | Tag::Double => Kind::Number,
        Tag::Object => Kind::Object,
        _ if as_str(v).is_some() => Kind::String,
        _ => Kind::Undefined,
    }
}

/// The outcome of `a < b` (the abstract relational comparison): `None` when an operand is NaN
/// (every comparison is then false).
pub fn less_than(f: &mut Frame<'_, Es>, a: Value, b: Value, left_first: bool) -> Result<Option<bool>, Unwind<Value>> {
    let (pa, pb) = if left_first {
        let pa = to_primitive(f, a, false)?;
        (pa, to_primitive(f, b, false)?)
    } else {
        let pb = to_primitive(f, b, false)?;
        (to_primitive(f, a, false)?, pb)
    };
    if let (Some(x), Some(y)) = (as_str(pa), as_str(pb)) {
        return Ok(Some(**x < **y));
    }
    let (x, y) = (to_number(f, pa)?, to_number(f, pb)?);
    Ok(if x.is_nan() || y.is_nan() { None } else { Some(x < y) })
}

/// `UNDEFINED` if `v` is the empty value, else `v` (a hole read as a value).
pub fn hole_to_undefined(v: Value) -> Value {
    if v.is_empty() || is_undefined(v) { UNDEFINED } else { v }
}
