//! `Array` and `Array.prototype`.
//!
//! Methods that call back into guest code (`forEach`, `map`, `sort` with a comparator...) read
//! the array live, as the specification does, and build their results in new arrays from the
//! start, so every value they hold is where the collector sees it while guest code runs.

use porcini::{Frame, Gc, Unwind, Value};

use super::{arg, builtin_code, install_constructor, intrinsic_method, method, unsupported};
use crate::Es;
use crate::runtime::convert::{hole_to_undefined, strict_equals, to_boolean, to_integer, to_number, to_string};
use crate::runtime::error::{range_error, type_error};
use crate::nodes::intrinsic::Intrinsic;
use crate::runtime::function::{FnKind, JsFunction};
use crate::runtime::object::{as_array, as_function, call, get, has_property, new_array, new_array_of_holes, new_function_in};
use crate::runtime::realm::Realm;
use crate::runtime::{ArrayData, JsStr, Key, UNDEFINED, is_nullish, is_undefined, new_str};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    // `new Array(...)` sites make the array without calling the constructor (see `NewNode`).
    let rt = f.runtime();
    let code = JsFunction { intrinsic: Some(Intrinsic::Array), ..builtin_code(rt, "Array", 1, array_fn, FnKind::BuiltinConstructor, UNDEFINED) };
    let array = Value::from_object(new_function_in(rt, code, realm.function_proto));
    let array = install_constructor(f, "Array", array, realm.array_proto);
    method(f, array, "isArray", 1, is_array);
    method(f, array, "of", 0, array_of);
    unsupported(f, array, "Array", &["from"]);
    let p = realm.array_proto;
    let methods: &[(&str, u32, crate::runtime::function::BuiltinFn)] = &[
        ("push", 1, push),
        ("pop", 0, pop),
        ("shift", 0, shift),
        ("unshift", 1, unshift),
        ("slice", 2, slice),
        ("splice", 2, splice),
        ("concat", 1, concat),
        ("join", 1, join),
        ("toString", 0, to_string_method),
        ("reverse", 0, reverse),
        ("indexOf", 1, index_of),
        ("lastIndexOf", 1, last_index_of),
        ("includes", 1, includes),
        ("forEach", 1, for_each),
        ("map", 1, map),
        ("filter", 1, filter),
        ("reduce", 1, reduce),
        ("reduceRight", 1, reduce_right),
        ("some", 1, some),
        ("every", 1, every),
        ("find", 1, find),
        ("findIndex", 1, find_index),
        ("findLast", 1, find_last),
        ("findLastIndex", 1, find_last_index),
        ("fill", 1, fill),
        ("sort", 1, sort),
        ("at", 1, at),
        ("flat", 0, flat),
    ];
    for &(name, length, func) in methods {
        if name == "forEach" {
            intrinsic_method(f, p, name, length, func, Intrinsic::ForEach);
            continue;
        }
        method(f, p, name, length, func);
    }
    unsupported(f, p, "Array.prototype", &["keys", "values", "entries", "flatMap", "copyWithin", "toSorted", "toReversed", "toSpliced", "with"]);
}

/// The elements of `this`, which must be an array (generic array-likes are not in the subset).
fn this_array(f: &mut Frame<'_, Es>, this: Value, name: &str) -> Result<Gc<ArrayData>, Unwind<Value>> {
    match as_array(this) {
        Some(a) => Ok(a),
        None => Err(type_error(f, &format!("Array.prototype.{name} called on a value that is not an array"))),
    }
}

/// A callback argument, which must be a function.
fn callback(f: &mut Frame<'_, Es>, v: Value) -> Result<Value, Unwind<Value>> {
    if as_function(v).is_some() {
        Ok(v)
    } else {
        let shown = crate::runtime::convert::to_display_string(f, v);
        Err(type_error(f, &format!("{shown} is not a function")))
    }
}

/// `new Array(n)`, `Array(a, b, c)`.
pub(crate) fn array_fn(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    if let [n] = args
        && let Some(x) = crate::runtime::as_number(*n)
    {
        let len = x as u32;
        if len as f64 != x {
            return Err(range_error(f, "Invalid array length"));
        }
        if len as usize > crate::runtime::array::MAX_DENSE_LENGTH {
            return Err(range_error(f, "Invalid array length"));
        }
        return Ok(new_array_of_holes(f.runtime(), len as usize));
    }
    Ok(new_array(f.runtime(), args))
}

fn is_array(_f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(as_array(arg(args, 0)).is_some()))
}

fn array_of(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(new_array(f.runtime(), args))
}

fn push(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "push")?;
    if a.len() + args.len() > crate::runtime::array::MAX_DENSE_LENGTH {
        return Err(range_error(f, "Invalid array length"));
    }
    for &v in args {
        a.push(f.runtime(), v);
    }
    Ok(Value::from_i64(a.len() as i64))
}

fn pop(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "pop")?;
    let v = a.pop();
    Ok(v.map_or(UNDEFINED, hole_to_undefined))
}

fn shift(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "shift")?;
    let first = a.modify(f.runtime(), |e| (!e.is_empty()).then(|| e.remove(0)));
    Ok(first.map_or(UNDEFINED, hole_to_undefined))
}

fn unshift(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "unshift")?;
    let len = a.modify(f.runtime(), |e| {
        e.splice(0..0, args.iter().copied());
        e.len()
    });
    Ok(Value::from_i64(len as i64))
}

/// A relative index argument (negative counts from the end), clamped to `0..=len`.
fn relative(f: &mut Frame<'_, Es>, v: Value, len: usize, default: usize) -> Result<usize, Unwind<Value>> {
    if is_undefined(v) {
        return Ok(default);
    }
    let x = to_integer(to_number(f, v)?);
    let len = len as f64;
    Ok(if x < 0.0 { (len + x).max(0.0) } else { x.min(len) } as usize)
}

fn slice(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "slice")?;
    let len = a.len();
    let start = relative(f, arg(args, 0), len, 0)?;
    let end = relative(f, arg(args, 1), len, len)?;
    let part = a.read(|e| e.get(start..end.max(start)).map(<[Value]>::to_vec).unwrap_or_default());
    Ok(new_array(f.runtime(), part))
}

fn splice(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "splice")?;
    let len = a.len();
    let start = relative(f, arg(args, 0), len, 0)?;
    let count = match args.len() {
        0 => 0,
        1 => len - start,
        _ => (to_integer(to_number(f, arg(args, 1))?).max(0.0) as usize).min(len - start),
    };
    let items = args.get(2..).unwrap_or(&[]);
    // The result holds the removed elements before they leave the array, so they are never out
    // of the collector's sight.
    let out = new_array(f.runtime(), a.read(|e| e[start..start + count].to_vec()));
    a.modify(f.runtime(), |e| e.splice(start..start + count, items.iter().copied()).for_each(drop));
    Ok(out)
}

fn concat(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "concat")?;
    let mut out = a.to_vec();
    for &x in args {
        match as_array(x) {
            Some(b) => out.extend(b.to_vec()),
            None => out.push(x),
        }
    }
    Ok(new_array(f.runtime(), out))
}

/// `join`: elements' strings (holes, `undefined` and `null` empty) between separators.
fn join(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "join")?;
    let sep: Vec<u16> = match arg(args, 0) {
        s if is_undefined(s) => vec![u16::from(b',')],
        s => to_string(f, s)?.units().into_owned(),
    };
    join_with(f, &a, &sep)
}

/// The elements of `a` joined by `sep`. An array that contains itself (directly or through
/// another array) joins as empty there, as in V8.
pub(crate) fn join_with(f: &mut Frame<'_, Es>, a: &ArrayData, sep: &[u16]) -> Result<Value, Unwind<Value>> {
    let mut units: Vec<u16> = Vec::new();
    let mut i = 0;
    while i < a.len() {
        if i > 0 {
            units.extend_from_slice(sep);
        }
        let v = a.get(i).unwrap_or(UNDEFINED);
        if !(v.is_empty() || is_nullish(v)) {
            if let Some(inner) = as_array(v)
                && std::ptr::eq(&*inner, a)
            {
                i += 1;
                continue;
            }
            let s = to_string(f, v)?;
            units.extend_from_slice(&s.units());
        }
        i += 1;
    }
    Ok(new_str(f.runtime(), JsStr::from_units(&units)))
}

fn to_string_method(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "toString")?;
    join_with(f, &a, &[u16::from(b',')])
}

fn reverse(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "reverse")?;
    a.modify(f.runtime(), |e| e.reverse());
    Ok(this)
}

fn index_of(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "indexOf")?;
    let target = arg(args, 0);
    let start = relative(f, arg(args, 1), a.len(), 0)?;
    let found = a.read(|e| e.iter().enumerate().skip(start).find(|(_, v)| !v.is_empty() && strict_equals(**v, target)).map(|(i, _)| i));
    Ok(found.map_or(Value::from_i64(-1), |i| Value::from_i64(i as i64)))
}

fn last_index_of(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "lastIndexOf")?;
    let target = arg(args, 0);
    let len = a.len();
    let end = if args.len() > 1 {
        let x = to_integer(to_number(f, arg(args, 1))?);
        if x < 0.0 { len as f64 + x } else { x.min(len as f64 - 1.0) }
    } else {
        len as f64 - 1.0
    };
    if end < 0.0 {
        return Ok(Value::from_i64(-1));
    }
    let found = a.read(|e| e[..=end as usize].iter().rposition(|v| !v.is_empty() && strict_equals(*v, target)));
    Ok(found.map_or(Value::from_i64(-1), |i| Value::from_i64(i as i64)))
}

/// SameValueZero: strict equality, except that NaN equals NaN.
fn same_value_zero(a: Value, b: Value) -> bool {
    match (crate::runtime::as_number(a), crate::runtime::as_number(b)) {
        (Some(x), Some(y)) if x.is_nan() && y.is_nan() => true,
        _ => strict_equals(a, b),
    }
}

fn includes(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "includes")?;
    let target = arg(args, 0);
    let start = relative(f, arg(args, 1), a.len(), 0)?;
    let found = a.read(|e| e.iter().skip(start).any(|v| same_value_zero(hole_to_undefined(*v), target)));
    Ok(Value::from_bool(found))
}

/// Element `i` of array `this` (whose elements are `a`) if the array has it (`HasProperty`):
/// its own, or for a hole, or an index past an end the callback cut off, a prototype's.
fn element(f: &mut Frame<'_, Es>, a: &ArrayData, this: Value, i: usize) -> Result<Option<Value>, Unwind<Value>> {
    if let Some(v) = a.get(i).filter(|v| !v.is_empty()) {
        return Ok(Some(v));
    }
    match (this.as_object(), u32::try_from(i)) {
        (Some(o), Ok(k)) if has_property(f, o, Key::Index(k)) => get(f, this, Key::Index(k)).map(Some),
        _ => Ok(None),
    }
}

/// Calls `cb(element, index, array)` for each present element, index ascending, over the
/// length the array had when the method started, as long as `visit` says to go on.
fn each(
    f: &mut Frame<'_, Es>,
    this: Value,
    args: &[Value],
    name: &str,
    holes: bool,
    mut visit: impl FnMut(&mut Frame<'_, Es>, usize, Value, Value) -> Result<bool, Unwind<Value>>,
) -> Result<(), Unwind<Value>> {
    let a = this_array(f, this, name)?;
    let cb = callback(f, arg(args, 0))?;
    let this_arg = arg(args, 1);
    let len = a.len();
    for i in 0..len {
        let v = match element(f, &a, this, i)? {
            Some(v) => v,
            None if holes => UNDEFINED,
            None => continue,
        };
        let r = call(f, cb, this_arg, &[v, Value::from_i64(i as i64), this], "callback")?;
        if !visit(f, i, v, r)? {
            break;
        }
    }
    Ok(())
}

fn for_each(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    each(f, this, args, "forEach", false, |_, _, _, _| Ok(true))?;
    Ok(UNDEFINED)
}

fn map(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let len = this_array(f, this, "map")?.len();
    let out = new_array_of_holes(f.runtime(), len);
    let data = as_array(out).expect("a new array");
    // `out` is not visible to guest code, so it keeps the length it was made with.
    each(f, this, args, "map", false, |_, i, _, r| {
        data.replace(i, r);
        Ok(true)
    })?;
    Ok(out)
}

fn filter(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let out = new_array(f.runtime(), Vec::new());
    let data = as_array(out).expect("a new array");
    each(f, this, args, "filter", false, |f, _, v, r| {
        if to_boolean(r) {
            data.push(f.runtime(), v);
        }
        Ok(true)
    })?;
    Ok(out)
}

fn some(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut found = false;
    each(f, this, args, "some", false, |_, _, _, r| {
        found = to_boolean(r);
        Ok(!found)
    })?;
    Ok(Value::from_bool(found))
}

fn every(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut all = true;
    each(f, this, args, "every", false, |_, _, _, r| {
        all = to_boolean(r);
        Ok(all)
    })?;
    Ok(Value::from_bool(all))
}

fn find(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut found = UNDEFINED;
    each(f, this, args, "find", true, |_, _, v, r| {
        let hit = to_boolean(r);
        if hit {
            found = v;
        }
        Ok(!hit)
    })?;
    Ok(found)
}

fn find_index(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let mut found = -1i64;
    each(f, this, args, "findIndex", true, |_, i, _, r| {
        let hit = to_boolean(r);
        if hit {
            found = i as i64;
        }
        Ok(!hit)
    })?;
    Ok(Value::from_i64(found))
}

/// `findLast` and `findLastIndex`: the last element the callback accepts, index descending.
fn find_from_end(f: &mut Frame<'_, Es>, this: Value, args: &[Value], name: &str) -> Result<Option<(usize, Value)>, Unwind<Value>> {
    let a = this_array(f, this, name)?;
    let cb = callback(f, arg(args, 0))?;
    for i in (0..a.len()).rev() {
        let v = a.get(i).map_or(UNDEFINED, hole_to_undefined);
        let r = call(f, cb, arg(args, 1), &[v, Value::from_i64(i as i64), this], "callback")?;
        if to_boolean(r) {
            return Ok(Some((i, v)));
        }
    }
    Ok(None)
}

fn find_last(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(find_from_end(f, this, args, "findLast")?.map_or(UNDEFINED, |(_, v)| v))
}

fn find_last_index(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_i64(find_from_end(f, this, args, "findLastIndex")?.map_or(-1, |(i, _)| i as i64)))
}

/// `reduce` and `reduceRight`.
fn fold(f: &mut Frame<'_, Es>, this: Value, args: &[Value], right: bool) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, if right { "reduceRight" } else { "reduce" })?;
    let cb = callback(f, arg(args, 0))?;
    let len = a.len();
    let order: Box<dyn Iterator<Item = usize>> = if right { Box::new((0..len).rev()) } else { Box::new(0..len) };
    let mut acc = None;
    if args.len() > 1 {
        acc = Some(arg(args, 1));
    }
    for i in order {
        let Some(v) = element(f, &a, this, i)? else { continue };
        acc = Some(match acc {
            None => v,
            Some(x) => call(f, cb, UNDEFINED, &[x, v, Value::from_i64(i as i64), this], "callback")?,
        });
    }
    match acc {
        Some(x) => Ok(x),
        None => Err(type_error(f, "Reduce of empty array with no initial value")),
    }
}

fn reduce(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    fold(f, this, args, false)
}

fn reduce_right(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    fold(f, this, args, true)
}

fn fill(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "fill")?;
    let len = a.len();
    let start = relative(f, arg(args, 1), len, 0)?;
    let end = relative(f, arg(args, 2), len, len)?;
    let v = arg(args, 0);
    for i in start..end {
        a.replace(i, v);
    }
    Ok(this)
}

fn at(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "at")?;
    let len = a.len() as f64;
    let x = to_integer(to_number(f, arg(args, 0))?);
    let i = if x < 0.0 { len + x } else { x };
    if i < 0.0 || i >= len {
        return Ok(UNDEFINED);
    }
    Ok(a.get(i as usize).map_or(UNDEFINED, hole_to_undefined))
}

fn flat(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "flat")?;
    let depth = if is_undefined(arg(args, 0)) { 1.0 } else { to_integer(to_number(f, arg(args, 0))?) };
    fn go(a: &ArrayData, depth: f64, out: &mut Vec<Value>) {
        for v in a.to_vec() {
            if v.is_empty() {
                continue;
            }
            match as_array(v) {
                Some(inner) if depth >= 1.0 => go(&inner, depth - 1.0, out),
                _ => out.push(v),
            }
        }
    }
    let mut out = Vec::new();
    go(&a, depth, &mut out);
    Ok(new_array(f.runtime(), out))
}

/// `sort`: stable, holes and `undefined` last, by the comparator or by string order.
fn sort(f: &mut Frame<'_, Es>, this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let a = this_array(f, this, "sort")?;
    let cmp = arg(args, 0);
    if !is_undefined(cmp) && as_function(cmp).is_none() {
        return Err(type_error(f, "The comparison function must be either a function or undefined"));
    }
    let all = a.to_vec();
    let holes = all.iter().filter(|v| v.is_empty()).count();
    let undefineds = all.iter().filter(|v| is_undefined(**v)).count();
    // The values being sorted stay in a new array, where the collector sees them while the
    // comparator (guest code) runs.
    let keep = new_array(f.runtime(), all.iter().copied().filter(|v| !v.is_empty() && !is_undefined(*v)).collect::<Vec<_>>());
    let mut items = as_array(keep).expect("a new array").to_vec();
    let mut keys: Vec<Option<Vec<u16>>> = Vec::new();
    if is_undefined(cmp) {
        for &v in &items {
            keys.push(Some(to_string(f, v)?.units().into_owned()));
        }
    }
    let order = merge_sort(f, &mut items, &keys, cmp)?;
    let mut sorted: Vec<Value> = order;
    sorted.extend(std::iter::repeat_n(UNDEFINED, undefineds));
    sorted.extend(std::iter::repeat_n(Value::EMPTY, holes));
    a.modify(f.runtime(), |e| *e = sorted);
    std::hint::black_box(keep);
    Ok(this)
}

/// A stable merge sort of `items` by the comparator `cmp`, or by `keys` (the items' strings)
/// when there is none.
fn merge_sort(f: &mut Frame<'_, Es>, items: &mut [Value], keys: &[Option<Vec<u16>>], cmp: Value) -> Result<Vec<Value>, Unwind<Value>> {
    let n = items.len();
    let mut idx: Vec<usize> = (0..n).collect();
    let mut buf = vec![0usize; n];
    let mut width = 1;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j, mut k) = (lo, mid, lo);
            while i < mid && j < hi {
                // Take from the right only when it is strictly smaller: stability.
                let right_first = if is_undefined(cmp) {
                    keys[idx[j]] < keys[idx[i]]
                } else {
                    let r = call(f, cmp, UNDEFINED, &[items[idx[j]], items[idx[i]]], "comparator")?;
                    to_number(f, r)? < 0.0
                };
                if right_first {
                    buf[k] = idx[j];
                    j += 1;
                } else {
                    buf[k] = idx[i];
                    i += 1;
                }
                k += 1;
            }
            buf[k..k + (mid - i)].copy_from_slice(&idx[i..mid]);
            k += mid - i;
            buf[k..k + (hi - j)].copy_from_slice(&idx[j..hi]);
            idx[lo..hi].copy_from_slice(&buf[lo..hi]);
            lo = hi;
        }
        width *= 2;
    }
    Ok(idx.into_iter().map(|i| items[i]).collect())
}
