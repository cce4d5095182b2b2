//! The global functions and values: `parseInt`, `parseFloat`, `isNaN`, `isFinite`, `Number`,
//! `String`, `Boolean`, `globalThis`, `undefined`, `NaN`, `Infinity`.

use porcini::{Frame, Unwind, Value};

use super::{arg, builtin, constructor, method, put_hidden};
use crate::Es;
use crate::runtime::convert::{to_boolean, to_number, to_string};
use crate::runtime::function::FnKind;
use crate::runtime::realm::Realm;
use crate::runtime::{UNDEFINED, is_undefined, number};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let g = realm.global;
    put_hidden(f, g, "globalThis", g);
    put_hidden(f, g, "undefined", UNDEFINED);
    put_hidden(f, g, "NaN", Value::from_f64(f64::NAN));
    put_hidden(f, g, "Infinity", Value::from_f64(f64::INFINITY));
    let number_ctor = constructor(f, "Number", 1, number_fn, realm.number_proto);
    for (name, length, func, also_number) in [
        ("parseInt", 2, parse_int as crate::runtime::function::BuiltinFn, true),
        ("parseFloat", 1, parse_float, true),
        ("isNaN", 1, is_nan, false),
        ("isFinite", 1, is_finite, false),
    ] {
        let func = builtin(f.runtime(), name, length, func, FnKind::Builtin, UNDEFINED);
        put_hidden(f, g, name, func);
        if also_number {
            put_hidden(f, number_ctor, name, func);
        }
    }
    constructor(f, "String", 1, string_fn, realm.string_proto);
    constructor(f, "Boolean", 1, boolean_fn, realm.boolean_proto);
    method(f, realm.boolean_proto, "toString", 0, boolean_to_string);
    method(f, realm.boolean_proto, "valueOf", 0, boolean_value_of);
}

/// `parseInt(string, radix)`.
fn parse_int(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = to_string(f, arg(args, 0))?;
    let radix = arg(args, 1);
    let radix = if is_undefined(radix) { None } else { Some(crate::runtime::convert::to_int32(to_number(f, radix)?)) };
    Ok(number(crate::runtime::number_parse::parse_int(&s.units(), radix)))
}

/// `parseFloat(string)`.
fn parse_float(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let s = to_string(f, arg(args, 0))?;
    Ok(number(crate::runtime::number_parse::parse_float(&s.units())))
}

fn is_nan(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(to_number(f, arg(args, 0))?.is_nan()))
}

fn is_finite(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(to_number(f, arg(args, 0))?.is_finite()))
}

/// `Number(v)` (and `new Number(v)`, which the subset treats the same: no wrapper objects).
fn number_fn(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    if args.is_empty() {
        return Ok(Value::from_i64(0));
    }
    Ok(number(to_number(f, arg(args, 0))?))
}

/// `String(v)`.
fn string_fn(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    if args.is_empty() {
        return Ok(crate::runtime::str_value(f.runtime(), ""));
    }
    Ok(Value::from_kind(to_string(f, arg(args, 0))?))
}

/// `Boolean(v)`.
fn boolean_fn(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(to_boolean(arg(args, 0))))
}

fn boolean_to_string(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(crate::runtime::str_value(f.runtime(), if this.as_bool() == Some(true) { "true" } else { "false" }))
}

fn boolean_value_of(_f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(this)
}
