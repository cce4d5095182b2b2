//! EasyScript's run-time model: values, strings, objects, functions, arrays, environments,
//! conversions, errors, and the per-engine state that holds the built-in objects.
//!
//! Values are porcini's: `undefined` is a language immediate ([`UNDEFINED`]), `null`,
//! booleans and doubles are the framework's, numbers that are 32-bit integers are `Int`s (the
//! integer fast paths of the nodes keep them so; every operation treats an `Int` and the equal
//! `Double` alike), strings are [`JsStr`]s, every object is a `DynObject` whose internal value
//! says what else it is (a function's [`JsFunction`], an array's [`ArrayData`]), and the
//! environments closures capture are the framework's records.

pub mod array;
pub mod convert;
pub mod error;
pub mod function;
pub mod key;
pub mod bignum;
pub mod decimal_digits;
pub mod decimal_to_double;
pub mod inspect;
pub mod inspect_error;
pub mod inspect_layout;
pub mod inspect_quote;
pub mod log_format;
pub mod math;
pub mod number_format;
pub mod number_parse;
pub mod number_radix;
pub mod object;
pub mod one_byte_units;
pub mod realm;
pub mod state;
pub mod string;

use porcini::rope::TooLong;
use porcini::{Frame, KindObject, Gc, Runtime, Tag, Unwind, Value};

pub use array::ArrayData;
pub use function::{FnKind, JsFunction};
pub use key::Key;
pub use state::EsState;
pub use string::JsStr;

use crate::Es;

/// `undefined`.
pub const UNDEFINED: Value = Value::immediate(Tag::Imm0, 0);

/// Whether `v` is `undefined`.
#[inline(always)]
pub fn is_undefined(v: Value) -> bool {
    v.tag() == Tag::Imm0
}

/// Whether `v` is `undefined` or `null`.
#[inline(always)]
pub fn is_nullish(v: Value) -> bool {
    matches!(v.tag(), Tag::Imm0 | Tag::Null)
}

/// The string `v` holds, if it is one.
#[inline(always)]
pub fn as_str(v: Value) -> Option<Gc<KindObject<JsStr>>> {
    v.as_kind::<JsStr>()
}

/// The number `v` holds, if it is one (an integer or a double).
#[inline(always)]
pub fn as_number(v: Value) -> Option<f64> {
    match v.tag() {
        Tag::Int => Some(v.bits() as i64 as f64),
        Tag::Double => Some(f64::from_bits(v.bits())),
        _ => None,
    }
}

/// A number value: an `Int` when `x` is a 32-bit integer (and not -0), else a `Double`.
#[inline(always)]
pub fn number(x: f64) -> Value {
    let i = x as i32;
    if i as f64 == x && !(x == 0.0 && x.is_sign_negative()) { Value::from_i64(i64::from(i)) } else { Value::from_f64(x) }
}

/// A new string value; a string of one Latin-1 unit is the runtime's one string of it.
pub fn new_str(rt: &Runtime<Es>, s: JsStr) -> Value {
    if let Some(u) = single_latin1(&s) {
        return unit_str(rt, u);
    }
    Value::from_kind(rt.alloc(KindObject(s)))
}

/// The unit of a string of one Latin-1 unit.
fn single_latin1(s: &JsStr) -> Option<u16> {
    if s.len() == 1 { s.at(0).filter(|&u| u < 256) } else { None }
}

/// The string of the one code unit `u`. For a Latin-1 unit it is the one string of that unit
/// the runtime keeps, made on first use and never collected (V8's single character string
/// table): reading a string a character at a time allocates nothing, and two such strings are
/// equal only if they are the same string, which compiled equality uses.
pub fn unit_str(rt: &Runtime<Es>, u: u16) -> Value {
    let Ok(byte) = u8::try_from(u) else { return Value::from_kind(rt.alloc(KindObject(JsStr::from_units(&[u])))) };
    let table = &rt.lang.single_units;
    if let Some(v) = table.borrow().get(usize::from(byte)).copied().filter(|v| !v.is_empty()) {
        return v;
    }
    let v = Value::from_kind(rt.heap.alloc_permanent(KindObject(JsStr::interned_unit(byte))));
    let mut table = table.borrow_mut();
    if table.is_empty() {
        table.resize(256, Value::EMPTY);
    }
    table[usize::from(byte)] = v;
    v
}

/// The concatenation of two strings (a rope, made in constant time, unless it is short), or a
/// `RangeError` past JavaScript's maximum string length, as node throws.
pub fn concat_str(f: &Frame<'_, Es>, a: Gc<KindObject<JsStr>>, b: Gc<KindObject<JsStr>>) -> Result<Value, Unwind<Value>> {
    if let Some(s) = JsStr::join_short(&a, &b) {
        return Ok(Value::from_kind(f.runtime().alloc_with(|| KindObject(s))));
    }
    join_str(f, a, b)
}

/// The concatenation of two strings that are not both short and flat: a rope node, made out
/// of line so that the short case above stays a few instructions long.
#[inline(never)]
fn join_str(f: &Frame<'_, Es>, a: Gc<KindObject<JsStr>>, b: Gc<KindObject<JsStr>>) -> Result<Value, Unwind<Value>> {
    match JsStr::concat(a, b, f.runtime()) {
        Ok(s) => Ok(Value::from_kind(s)),
        Err(TooLong) => Err(error::range_error(f, "Invalid string length")),
    }
}

/// A new string value of Rust text.
pub fn str_value(rt: &Runtime<Es>, text: &str) -> Value {
    new_str(rt, JsStr::from_text(text))
}

/// The string value of a literal, never collected. Literals of the same text are one string,
/// marked interned, as V8 internalizes literals: `x === 'forward'` where `x` holds another
/// literal `'forward'` is then settled by identity in compiled code, and two different literals
/// are unequal without comparing their units.
pub fn permanent_str(rt: &Runtime<Es>, units: &[u16]) -> Value {
    if let [u] = *units
        && u < 256
    {
        return unit_str(rt, u);
    }
    if let Some(&v) = rt.lang.literals.borrow().get(units) {
        return v;
    }
    let v = Value::from_kind(rt.heap.alloc_permanent(KindObject(JsStr::from_units(units).into_interned())));
    rt.lang.literals.borrow_mut().insert(units.into(), v);
    v
}
