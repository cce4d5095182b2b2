//! `Object` and `Object.prototype`, and `Function.prototype`'s `call`, `apply` and `bind`.

use porcini::shape::PropFlags;
use porcini::{Frame, Unwind, Value};

use super::{arg, constructor, method, unsupported};
use crate::Es;
use crate::runtime::error::type_error;
use crate::runtime::object::{as_array, as_function, build_array, call, define, get, new_plain_object, own_keys};
use crate::runtime::realm::Realm;
use crate::runtime::{Key, is_nullish, str_value};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let object = constructor(f, "Object", 1, object_fn, realm.object_proto);
    method(f, object, "keys", 1, keys);
    method(f, object, "values", 1, values);
    method(f, object, "entries", 1, entries);
    method(f, object, "assign", 2, assign);
    unsupported(f, object, "Object", &["create", "defineProperty", "defineProperties", "freeze", "seal", "getPrototypeOf", "setPrototypeOf", "getOwnPropertyNames", "getOwnPropertyDescriptor", "fromEntries", "is", "isFrozen"]);
    let proto = realm.object_proto;
    method(f, proto, "hasOwnProperty", 1, has_own_property);
    method(f, proto, "toString", 0, object_to_string);
    method(f, proto, "valueOf", 0, value_of);
    let fproto = realm.function_proto;
    method(f, fproto, "call", 1, function_call);
    method(f, fproto, "apply", 2, function_apply);
    method(f, fproto, "toString", 0, function_to_string);
    unsupported(f, fproto, "Function.prototype", &["bind"]);
}

/// `Object(v)`: objects as they are; `undefined` and `null` make a new object. Wrapping
/// primitives in objects is not part of the subset.
fn object_fn(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let v = arg(args, 0);
    if v.as_object().is_some() {
        return Ok(v);
    }
    if is_nullish(v) {
        return Ok(Value::from_object(new_plain_object(f.runtime())));
    }
    Err(type_error(f, "Object() of a primitive value is not supported in EasyScript"))
}

/// The object `Object.keys` and friends work on.
fn to_object(f: &mut Frame<'_, Es>, v: Value) -> Result<Option<porcini::Gc<porcini::object::DynObject>>, Unwind<Value>> {
    if is_nullish(v) {
        return Err(type_error(f, "Cannot convert undefined or null to object"));
    }
    Ok(v.as_object())
}

/// The own enumerable keys of `v` as strings (a string's indices too).
fn key_list(f: &mut Frame<'_, Es>, v: Value) -> Result<Vec<Key>, Unwind<Value>> {
    if let Some(s) = crate::runtime::as_str(v) {
        return Ok((0..s.len() as u32).map(Key::Index).collect());
    }
    Ok(match to_object(f, v)? {
        Some(o) => own_keys(f, o),
        None => Vec::new(),
    })
}

fn key_value(f: &Frame<'_, Es>, k: Key) -> Value {
    str_value(f.runtime(), &k.text(f.runtime()))
}

fn keys(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let ks = key_list(f, arg(args, 0))?;
    build_array(f.runtime(), |out| {
        for k in ks {
            let key = key_value(f, k);
            out.push(f.runtime(), key);
        }
        Ok(())
    })
}

fn values(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let o = arg(args, 0);
    let ks = key_list(f, o)?;
    build_array(f.runtime(), |out| {
        for k in ks {
            let v = get(f, o, k)?;
            out.push(f.runtime(), v);
        }
        Ok(())
    })
}

fn entries(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let o = arg(args, 0);
    let ks = key_list(f, o)?;
    build_array(f.runtime(), |out| {
        for k in ks {
            let pair = build_array(f.runtime(), |pair| {
                let key = key_value(f, k);
                pair.push(f.runtime(), key);
                let v = get(f, o, k)?;
                pair.push(f.runtime(), v);
                Ok::<(), Unwind<Value>>(())
            })?;
            out.push(f.runtime(), pair);
        }
        Ok(())
    })
}

fn assign(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let target = arg(args, 0);
    let Some(t) = to_object(f, target)? else {
        return Err(type_error(f, "Object.assign to a primitive is not supported in EasyScript"));
    };
    for &src in args.iter().skip(1) {
        if is_nullish(src) {
            continue;
        }
        for k in key_list(f, src)? {
            let v = get(f, src, k)?;
            crate::runtime::object::set_on(f, t, k, v, target)?;
        }
    }
    Ok(target)
}

fn has_own_property(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let key = crate::nodes::property::to_key(f, arg(args, 0))?;
    let Some(o) = to_object(f, this)? else {
        if let (Some(s), Key::Index(i)) = (crate::runtime::as_str(this), key) {
            return Ok(Value::from_bool((i as usize) < s.len()));
        }
        return Ok(Value::from_bool(false));
    };
    let rt = f.runtime();
    let own = match (as_array(this), key) {
        (Some(arr), Key::Index(i)) => arr.get(i as usize).is_some_and(|v| !v.is_empty()),
        (Some(_), Key::Name(n)) if n == f.lang().names().length => true,
        _ => rt.shapes.lookup(o.shape(), key.symbol(rt)).is_some(),
    };
    Ok(Value::from_bool(own))
}

fn object_to_string(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let tag = match this.tag() {
        porcini::Tag::Imm0 => "Undefined",
        porcini::Tag::Null => "Null",
        _ if as_array(this).is_some() => "Array",
        _ if as_function(this).is_some() => "Function",
        porcini::Tag::Object => {
            if crate::runtime::object::is_error(f, this) {
                "Error"
            } else {
                "Object"
            }
        }
        porcini::Tag::Int | porcini::Tag::Double => "Number",
        porcini::Tag::Bool => "Boolean",
        _ => "String",
    };
    Ok(str_value(f.runtime(), &format!("[object {tag}]")))
}

fn value_of(_f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(this)
}

fn function_call(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let rest = args.get(1..).unwrap_or(&[]);
    call(f, this, arg(args, 0), rest, "Function.prototype.call")
}

fn function_apply(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let list = arg(args, 1);
    let items = if is_nullish(list) {
        Vec::new()
    } else if let Some(arr) = as_array(list) {
        arr.to_vec().into_iter().map(crate::runtime::convert::hole_to_undefined).collect()
    } else {
        return Err(type_error(f, "CreateListFromArrayLike called on non-object"));
    };
    call(f, this, arg(args, 0), &items, "Function.prototype.apply")
}

fn function_to_string(f: &mut Frame<'_, Es>, _this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Err(type_error(f, "Function.prototype.toString is not supported in EasyScript"))
}

/// Defines `key` on a new object (the builtins' own objects).
pub(crate) fn put(f: &Frame<'_, Es>, o: Value, name: &str, v: Value) {
    if let Some(obj) = o.as_object() {
        define(f, obj, Key::named(f.runtime(), name), v, PropFlags::DATA);
    }
}
