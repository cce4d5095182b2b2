//! `String.prototype` and `String.fromCharCode`: the string methods of the subset, all on
//! UTF-16 code units as JavaScript's are.

use porcini::{KindObject, Frame, Gc, Unwind, Value};

use super::{arg, intrinsic_method, method, unsupported};
use crate::nodes::intrinsic::Intrinsic;
use crate::Es;
use crate::runtime::convert::{to_integer, to_number, to_string};
use crate::runtime::error::{range_error, type_error};
use crate::runtime::number_parse::is_js_whitespace;
use crate::runtime::object::{get_from, new_array};
use crate::runtime::realm::Realm;
use crate::runtime::{JsStr, Key, UNDEFINED, as_str, is_nullish, is_undefined, new_str, unit_str};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let global = realm.global.as_object().expect("the global object");
    let ctor = get_from(f, global, Key::named(f.runtime(), "String"), realm.global).unwrap_or(UNDEFINED);
    method(f, ctor, "fromCharCode", 1, from_char_code);
    method(f, ctor, "fromCodePoint", 1, from_code_point);
    let p = realm.string_proto;
    let methods: &[(&str, u32, crate::runtime::function::BuiltinFn)] = &[
        ("charAt", 1, char_at),
        ("charCodeAt", 1, char_code_at),
        ("codePointAt", 1, code_point_at),
        ("at", 1, at),
        ("indexOf", 1, index_of),
        ("lastIndexOf", 1, last_index_of),
        ("includes", 1, includes),
        ("startsWith", 1, starts_with),
        ("endsWith", 1, ends_with),
        ("slice", 2, slice),
        ("substring", 2, substring),
        ("substr", 2, substr),
        ("toUpperCase", 0, to_upper_case),
        ("toLowerCase", 0, to_lower_case),
        ("trim", 0, trim),
        ("trimStart", 0, trim_start),
        ("trimEnd", 0, trim_end),
        ("padStart", 2, pad_start),
        ("padEnd", 2, pad_end),
        ("repeat", 1, repeat),
        ("split", 2, split),
        ("concat", 1, concat),
        ("toString", 0, to_string_method),
        ("valueOf", 0, to_string_method),
    ];
    // Pure on a string receiver with number and string arguments: no throw, no guest code
    // (see `crate::nodes::intrinsic`). `concat`, `repeat`, `padStart` and `padEnd` can throw a
    // `RangeError`, and `split` and `toString` are left to the call path.
    const PURE: &[&str] = &[
        "charAt", "charCodeAt", "codePointAt", "at", "indexOf", "lastIndexOf", "includes", "startsWith", "endsWith", "slice", "substring", "substr",
        "toUpperCase", "toLowerCase", "trim", "trimStart", "trimEnd",
    ];
    for &(name, length, func) in methods {
        if PURE.contains(&name) {
            intrinsic_method(f, p, name, length, func, Intrinsic::StringMethod);
        } else {
            method(f, p, name, length, func);
        }
    }
    unsupported(f, p, "String.prototype", &["normalize", "localeCompare", "match", "matchAll", "replace", "replaceAll", "search", "toLocaleUpperCase", "toLocaleLowerCase", "isWellFormed", "toWellFormed"]);
}

/// `this` as a string (`String.prototype` methods convert their receiver).
fn this_str(f: &mut Frame<'_, Es>, this: Value, name: &str) -> Result<Gc<KindObject<JsStr>>, Unwind<Value>> {
    if is_nullish(this) {
        return Err(type_error(f, &format!("String.prototype.{name} called on null or undefined")));
    }
    to_string(f, this)
}

fn units_value(f: &Frame<'_, Es>, units: &[u16]) -> Value {
    new_str(f.runtime(), JsStr::from_units(units))
}

/// An integer argument, `default` when absent.
fn int_arg(f: &mut Frame<'_, Es>, v: Value, default: f64) -> Result<f64, Unwind<Value>> {
    // An integer is its own integer (a parser's indices, every call): no conversion.
    if let Some(i) = v.as_i64() {
        return Ok(i as f64);
    }
    if is_undefined(v) { Ok(default) } else { Ok(to_integer(to_number(f, v)?)) }
}

fn from_char_code(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut units = Vec::with_capacity(args.len());
    for &a in args {
        units.push(crate::runtime::convert::to_uint32(to_number(f, a)?) as u16);
    }
    Ok(units_value(f, &units))
}

fn from_code_point(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut units = Vec::with_capacity(args.len());
    for &a in args {
        let x = to_number(f, a)?;
        if x != x.trunc() || !(0.0..=1114111.0).contains(&x) {
            let shown = crate::runtime::number_format::number_to_string(x);
            return Err(range_error(f, &format!("Invalid code point {shown}")));
        }
        match char::from_u32(x as u32) {
            Some(c) => {
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
            }
            None => units.push(x as u16),
        }
    }
    Ok(units_value(f, &units))
}

fn char_at(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "charAt")?;
    let i = int_arg(f, arg(args, 0), 0.0)?;
    if i < 0.0 || i >= s.len() as f64 {
        return Ok(units_value(f, &[]));
    }
    Ok(s.at(i as usize).map_or(UNDEFINED, |u| unit_str(f.runtime(), u)))
}

fn char_code_at(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "charCodeAt")?;
    let i = int_arg(f, arg(args, 0), 0.0)?;
    if i < 0.0 {
        return Ok(Value::from_f64(f64::NAN));
    }
    Ok(match s.at(i as usize) {
        Some(u) => Value::from_i64(i64::from(u)),
        None => Value::from_f64(f64::NAN),
    })
}

fn code_point_at(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "codePointAt")?;
    let i = int_arg(f, arg(args, 0), 0.0)?;
    if i < 0.0 {
        return Ok(UNDEFINED);
    }
    let i = i as usize;
    let Some(u) = s.at(i) else { return Ok(UNDEFINED) };
    if (0xd800..0xdc00).contains(&u)
        && let Some(l) = s.at(i + 1).filter(|l| (0xdc00..0xe000).contains(l))
    {
        let cp = 0x10000 + ((u32::from(u) - 0xd800) << 10) + (u32::from(l) - 0xdc00);
        return Ok(Value::from_i64(i64::from(cp)));
    }
    Ok(Value::from_i64(i64::from(u)))
}

fn at(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "at")?;
    let x = int_arg(f, arg(args, 0), 0.0)?;
    let len = s.len() as f64;
    let i = if x < 0.0 { len + x } else { x };
    if i < 0.0 || i >= len {
        return Ok(UNDEFINED);
    }
    Ok(new_str(f.runtime(), s.slice(i as usize, i as usize + 1)))
}

/// The first position at or after `from` where `needle` occurs in `hay`.
fn find(hay: &[u16], needle: &[u16], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return Some(from.min(hay.len()));
    }
    (from..=hay.len().saturating_sub(needle.len())).find(|&i| hay.get(i..i + needle.len()) == Some(needle))
}

fn index_of(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "indexOf")?;
    let needle = to_string(f, arg(args, 0))?;
    let from = int_arg(f, arg(args, 1), 0.0)?.clamp(0.0, s.len() as f64) as usize;
    Ok(Value::from_i64(find(&s.units(), &needle.units(), from).map_or(-1, |i| i as i64)))
}

fn last_index_of(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "lastIndexOf")?;
    let needle = to_string(f, arg(args, 0))?.units().into_owned();
    let hay = s.units();
    let pos = arg(args, 1);
    let x = to_number(f, pos)?;
    let from = if x.is_nan() { f64::INFINITY } else { to_integer(x) };
    let start = from.clamp(0.0, hay.len() as f64) as usize;
    let last = start.min(hay.len().saturating_sub(needle.len()));
    if needle.len() > hay.len() {
        return Ok(Value::from_i64(-1));
    }
    let found = (0..=last).rev().find(|&i| hay.get(i..i + needle.len()) == Some(&needle[..]));
    Ok(Value::from_i64(found.map_or(-1, |i| i as i64)))
}

fn includes(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "includes")?;
    let needle = to_string(f, arg(args, 0))?;
    let from = int_arg(f, arg(args, 1), 0.0)?.clamp(0.0, s.len() as f64) as usize;
    Ok(Value::from_bool(find(&s.units(), &needle.units(), from).is_some()))
}

fn starts_with(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "startsWith")?;
    let needle = to_string(f, arg(args, 0))?.units().into_owned();
    let from = int_arg(f, arg(args, 1), 0.0)?.clamp(0.0, s.len() as f64) as usize;
    Ok(Value::from_bool(s.units().get(from..from + needle.len()) == Some(&needle[..])))
}

fn ends_with(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "endsWith")?;
    let needle = to_string(f, arg(args, 0))?.units().into_owned();
    let end = int_arg(f, arg(args, 1), s.len() as f64)?.clamp(0.0, s.len() as f64) as usize;
    Ok(Value::from_bool(end >= needle.len() && s.units().get(end - needle.len()..end) == Some(&needle[..])))
}

fn slice(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "slice")?;
    let len = s.len() as f64;
    let rel = |x: f64| if x < 0.0 { (len + x).max(0.0) } else { x.min(len) };
    let start = rel(int_arg(f, arg(args, 0), 0.0)?);
    let end = rel(int_arg(f, arg(args, 1), len)?);
    Ok(new_str(f.runtime(), s.slice(start as usize, end.max(start) as usize)))
}

fn substring(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "substring")?;
    let len = s.len() as f64;
    let a = int_arg(f, arg(args, 0), 0.0)?.clamp(0.0, len);
    let b = int_arg(f, arg(args, 1), len)?.clamp(0.0, len);
    let (start, end) = (a.min(b) as usize, a.max(b) as usize);
    if end == start + 1
        && let Some(u) = s.at(start)
    {
        // One unit, a parser's usual step: no slice to copy.
        return Ok(unit_str(f.runtime(), u));
    }
    Ok(new_str(f.runtime(), s.slice(start, end)))
}

fn substr(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "substr")?;
    let len = s.len() as f64;
    let start = int_arg(f, arg(args, 0), 0.0)?;
    let start = if start < 0.0 { (len + start).max(0.0) } else { start.min(len) };
    let count = int_arg(f, arg(args, 1), len)?.clamp(0.0, len - start);
    Ok(new_str(f.runtime(), s.slice(start as usize, (start + count) as usize)))
}

/// Maps the string's text with a Rust case conversion (full Unicode, as V8's; unpaired
/// surrogates pass through).
fn map_case(f: &mut Frame<'_, Es>, this: Value, name: &str, upper: bool) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, name)?;
    let mut out: Vec<u16> = Vec::with_capacity(s.len());
    for r in char::decode_utf16(s.units().iter().copied()) {
        match r {
            Ok(c) => {
                let mapped: String = if upper { c.to_uppercase().collect() } else { c.to_lowercase().collect() };
                out.extend(mapped.encode_utf16());
            }
            Err(e) => out.push(e.unpaired_surrogate()),
        }
    }
    Ok(units_value(f, &out))
}

fn to_upper_case(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    map_case(f, this, "toUpperCase", true)
}

fn to_lower_case(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    map_case(f, this, "toLowerCase", false)
}

fn trimmed(f: &mut Frame<'_, Es>, this: Value, name: &str, start: bool, end: bool) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, name)?;
    let u = s.units();
    let mut a = 0;
    let mut b = u.len();
    if start {
        while a < b && is_js_whitespace(u[a]) {
            a += 1;
        }
    }
    if end {
        while b > a && is_js_whitespace(u[b - 1]) {
            b -= 1;
        }
    }
    Ok(units_value(f, &u[a..b]))
}

fn trim(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    trimmed(f, this, "trim", true, true)
}

fn trim_start(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    trimmed(f, this, "trimStart", true, false)
}

fn trim_end(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    trimmed(f, this, "trimEnd", false, true)
}

/// The longest a string may grow to (V8's limit on 64-bit machines is about 2^29 units).
const MAX_STRING_LENGTH: usize = (1 << 29) - 24;

fn pad(f: &mut Frame<'_, Es>, this: Value, args: &[Value], name: &str, at_start: bool) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, name)?;
    let target = int_arg(f, arg(args, 0), 0.0)?;
    let filler: Vec<u16> = if is_undefined(arg(args, 1)) { vec![u16::from(b' ')] } else { to_string(f, arg(args, 1))?.units().into_owned() };
    let len = s.len();
    if target <= len as f64 || filler.is_empty() {
        return Ok(Value::from_kind(s));
    }
    if target > MAX_STRING_LENGTH as f64 {
        return Err(range_error(f, "Invalid string length"));
    }
    let need = target as usize - len;
    let fill: Vec<u16> = filler.iter().copied().cycle().take(need).collect();
    let mut out = Vec::with_capacity(target as usize);
    if at_start {
        out.extend_from_slice(&fill);
        out.extend_from_slice(&s.units());
    } else {
        out.extend_from_slice(&s.units());
        out.extend_from_slice(&fill);
    }
    Ok(units_value(f, &out))
}

fn pad_start(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    pad(f, this, args, "padStart", true)
}

fn pad_end(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    pad(f, this, args, "padEnd", false)
}

fn repeat(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "repeat")?;
    let n = int_arg(f, arg(args, 0), 0.0)?;
    if n < 0.0 || n.is_infinite() {
        let shown = crate::runtime::number_format::number_to_string(n);
        return Err(range_error(f, &format!("Invalid count value: {shown}")));
    }
    if s.len() as f64 * n > MAX_STRING_LENGTH as f64 {
        return Err(range_error(f, "Invalid string length"));
    }
    let units = s.units().repeat(n as usize);
    Ok(units_value(f, &units))
}

fn split(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "split")?;
    let limit = if is_undefined(arg(args, 1)) { u32::MAX } else { crate::runtime::convert::to_uint32(to_number(f, arg(args, 1))?) } as usize;
    let out = new_array(f.runtime(), []);
    let data = crate::runtime::object::as_array(out).expect("a new array");
    if limit == 0 {
        return Ok(out);
    }
    let sep = arg(args, 0);
    if is_undefined(sep) {
        data.push(f.runtime(), Value::from_kind(s));
        return Ok(out);
    }
    let sep = to_string(f, sep)?.units().into_owned();
    let hay = s.units();
    if sep.is_empty() {
        for i in 0..hay.len().min(limit) {
            let c = units_value(f, &hay[i..i + 1]);
            data.push(f.runtime(), c);
        }
        return Ok(out);
    }
    let mut start = 0;
    while let Some(i) = find(&hay, &sep, start) {
        if data.len() >= limit {
            return Ok(out);
        }
        let piece = units_value(f, &hay[start..i]);
        data.push(f.runtime(), piece);
        start = i + sep.len();
    }
    if data.len() < limit {
        let piece = units_value(f, &hay[start..]);
        data.push(f.runtime(), piece);
    }
    Ok(out)
}

fn concat(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = this_str(f, this, "concat")?;
    let mut units = s.units().into_owned();
    for &a in args {
        units.extend_from_slice(&to_string(f, a)?.units());
    }
    Ok(units_value(f, &units))
}

fn to_string_method(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    if as_str(this).is_some() {
        return Ok(this);
    }
    Err(type_error(f, "String.prototype.toString requires that 'this' be a String"))
}
