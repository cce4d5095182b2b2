//! Objects: creating them, and the generic (uncached) property access, calls and construction
//! that nodes fall back on and builtins use.
//!
//! A property read walks the prototype chain through the shapes; arrays answer indices and
//! `length` from their elements, functions their `name` and `length` from their code record,
//! and strings, numbers and booleans read through their prototypes. Accessors are called with
//! the original receiver. Calls push the hidden arguments (see `function.rs`) and go through
//! the frame's ordinary call path, so builtins calling back into guest code (a sort comparator,
//! a `forEach` callback) run exactly as a call in the guest would.

use std::cell::Cell;

use porcini::object::DynObject;
use porcini::shape::{PropFlags, ShapeId};
use porcini::{KindObject, Frame, Gc, HeapKind, Runtime, Stage, Tag, Trace, Tracer, Unwind, Value};

use super::error::{range_error, type_error};
use super::function::{FnKind, JsFunction};
use super::{ArrayData, Key, UNDEFINED, as_str, is_nullish, number};
use crate::Es;

/// A getter and a setter, held in the slot of an accessor property.
pub struct Accessor {
    pub get: Value,
    pub set: Value,
}

impl HeapKind for Accessor {
    const TAG: Tag = Tag::Ref4;
    fn trace(&self, tracer: &mut Tracer) {
        self.get.trace(tracer);
        self.set.trace(tracer);
    }
}

/// The object `v` is, if it is one.
#[inline(always)]
pub fn as_object(v: Value) -> Option<Gc<DynObject>> {
    v.as_object()
}

/// The function code record of `v`, if `v` is a function.
#[inline(always)]
pub fn as_function(v: Value) -> Option<Gc<KindObject<JsFunction>>> {
    v.as_object()?.internal().as_kind::<JsFunction>()
}

/// The elements of `v`, if `v` is an array.
#[inline(always)]
pub fn as_array(v: Value) -> Option<Gc<ArrayData>> {
    v.as_object()?.internal().as_elements()
}

/// A new object whose prototype is `proto` (an object, or null). An object used as a
/// prototype for the first time moves to a prototype shape of its own (see porcini's
/// `shape.rs`), so lookups through it can be cached.
pub fn new_object(rt: &Runtime<Es>, proto: Value) -> Gc<DynObject> {
    make_prototype(rt, proto);
    let shape = root_shape(rt, proto);
    rt.alloc_with(|| DynObject::with_shape(shape, Value::EMPTY))
}

/// [`new_object`] for a site that makes objects of one prototype again and again (a `new` of
/// a class): `memo` remembers the last prototype's root shape, which spares each object the
/// shape table's hash lookup. A root shape is a function of the prototype's address alone
/// (the table never forgets one), so the memo can never answer wrong.
pub fn new_object_memo(rt: &Runtime<Es>, proto: Value, memo: &RootMemo) -> Gc<DynObject> {
    make_prototype(rt, proto);
    let shape = match memo.last.get() {
        Some((known, shape)) if known.bits() == proto.bits() => shape,
        last => {
            let shape = root_shape(rt, proto);
            memo.last.set(Some((proto, shape)));
            if last.is_some() {
                memo.varied.set(true);
            }
            shape
        }
    };
    rt.alloc_with(|| DynObject::with_shape(shape, Value::EMPTY))
}

/// The last prototype a site made an object of, with that prototype's root shape, and whether
/// it ever made objects of another.
#[derive(Default)]
pub struct RootMemo {
    last: Cell<Option<(Value, ShapeId)>>,
    varied: Cell<bool>,
}

impl RootMemo {
    /// The last prototype and its root shape. The prototype is already a prototype (a
    /// prototype shape stays one), and the shape table keeps it alive, so compiled code may
    /// make objects of that shape for it without the runtime.
    pub fn last(&self) -> Option<(Value, ShapeId)> {
        self.last.get()
    }
    /// Whether the site has made objects of more than one prototype, or one the memo could
    /// not help with.
    pub fn varied(&self) -> bool {
        self.varied.get()
    }
    /// The site made an object some other way than of the last prototype.
    pub fn note_varied(&self) {
        self.varied.set(true);
    }
}

/// An object used as a prototype for the first time moves to a prototype shape of its own.
fn make_prototype(rt: &Runtime<Es>, proto: Value) {
    if let Some(p) = proto.as_object()
        && !rt.shapes.is_prototype(p.shape())
    {
        p.become_prototype(&rt.shapes);
    }
}

/// The root shape of objects whose prototype is `proto`: the realm's for its three commonest
/// prototypes (every `{}`, closure and array), the shape table's for any other.
fn root_shape(rt: &Runtime<Es>, proto: Value) -> ShapeId {
    let realm = rt.lang.realm();
    match proto.bits() {
        p if p == realm.object_proto.bits() => realm.object_root,
        p if p == realm.function_proto.bits() => realm.function_root,
        p if p == realm.array_proto.bits() => realm.array_root,
        _ => rt.shapes.root_for(proto),
    }
}

/// A new plain object (`{}`).
pub fn new_plain_object(rt: &Runtime<Es>) -> Gc<DynObject> {
    // `Object.prototype` is a prototype from the start (`Realm::create`).
    let shape = rt.lang.realm().object_root;
    rt.alloc_with(|| DynObject::with_shape(shape, Value::EMPTY))
}

/// A new array filled by `fill`, which pushes each element as soon as it is made: an element
/// made later may allocate and collect, and only the array keeps the earlier ones where the
/// collector sees them (a Rust vector would not).
pub fn build_array<E>(rt: &Runtime<Es>, fill: impl FnOnce(&ArrayData) -> Result<(), E>) -> Result<Value, E> {
    let out = new_array(rt, Vec::new());
    if let Some(a) = as_array(out) {
        fill(&a)?;
    }
    Ok(out)
}

/// A new array of `elements` (the empty value for holes).
pub fn new_array(rt: &Runtime<Es>, elements: impl AsRef<[Value]>) -> Value {
    array_of(rt, ArrayData::new_in(rt, elements.as_ref()))
}

/// A new array of `n` holes (`new Array(n)`).
pub fn new_array_of_holes(rt: &Runtime<Es>, n: usize) -> Value {
    array_of(rt, ArrayData::with_holes(rt, n))
}

/// The array whose elements are `data`.
fn array_of(rt: &Runtime<Es>, data: Gc<ArrayData>) -> Value {
    let data = Value::from_elements(data);
    let shape = rt.lang.realm().array_root;
    Value::from_object(rt.alloc_with(|| DynObject::with_shape(shape, data)))
}

/// A new function object running `code`, whose prototype is `Function.prototype`.
pub fn new_function(rt: &Runtime<Es>, code: JsFunction) -> Gc<DynObject> {
    new_function_in(rt, code, rt.lang.realm().function_proto)
}

/// A new function object running `code`, whose prototype is `proto` (a derived class's
/// constructor inherits from its parent's).
pub fn new_function_in(rt: &Runtime<Es>, code: JsFunction, proto: Value) -> Gc<DynObject> {
    new_function_made(rt, proto, || code)
}

/// A new function object running the code `make` builds, whose prototype is `proto`: what a
/// closure expression makes each time it runs. The code is built right in its cell, rather
/// than built first and then copied there, which took its dozen words through the stack twice.
/// The values `make` puts into the code must be reachable from the caller's locals, as for
/// [`Runtime::alloc_with`].
#[inline(always)]
pub fn new_function_made(rt: &Runtime<Es>, proto: Value, make: impl FnOnce() -> JsFunction) -> Gc<DynObject> {
    let shape = root_shape(rt, proto);
    let data = Value::from_kind(rt.alloc_with(|| KindObject(make())));
    rt.alloc_with(|| DynObject::with_shape(shape, data))
}

/// The prototype of `o` (null at the end of the chain).
#[inline(always)]
pub fn proto_of(rt: &Runtime<Es>, o: Gc<DynObject>) -> Value {
    rt.shapes.proto(o.shape())
}

/// `base[key]`: the generic property read, for any value.
pub fn get(f: &mut Frame<'_, Es>, base: Value, key: Key) -> Result<Value, Unwind<Value>> {
    if let Some(o) = base.as_object() {
        return get_from(f, o, key, base);
    }
    let realm = f.lang().realm();
    let proto = if let Some(s) = as_str(base) {
        match key {
            Key::Index(i) => {
                return Ok(match s.at(i as usize) {
                    Some(u) => super::unit_str(f.runtime(), u),
                    None => UNDEFINED,
                });
            }
            Key::Name(n) if n == f.lang().names().length => return Ok(Value::from_i64(s.len() as i64)),
            Key::Name(_) => realm.string_proto,
        }
    } else {
        match base.tag() {
            Tag::Int | Tag::Double => realm.number_proto,
            Tag::Bool => realm.boolean_proto,
            _ => {
                let what = if base.is_null() { "null" } else { "undefined" };
                let text = key.text(f.runtime());
                return Err(type_error(f, &format!("Cannot read properties of {what} (reading '{text}')")));
            }
        }
    };
    match proto.as_object() {
        Some(p) => get_from(f, p, key, base),
        None => Ok(UNDEFINED),
    }
}

/// Reads `key` from `o` and its prototypes; accessors see `receiver`.
pub fn get_from(f: &mut Frame<'_, Es>, o: Gc<DynObject>, key: Key, receiver: Value) -> Result<Value, Unwind<Value>> {
    let rt = f.runtime();
    let names = f.lang().names();
    let mut cur = o;
    let mut name = None;
    loop {
        let internal = cur.internal();
        if let Some(arr) = internal.as_elements() {
            match key {
                Key::Index(i) => match arr.get(i as usize) {
                    Some(v) if !v.is_empty() => return Ok(v),
                    _ => {}
                },
                Key::Name(n) if n == names.length => return Ok(Value::from_i64(arr.len() as i64)),
                Key::Name(_) => {}
            }
        }
        if !(matches!(key, Key::Index(_)) && internal.as_elements().is_some()) {
            let sym = *name.get_or_insert_with(|| key.symbol(rt));
            if let Some(p) = rt.shapes.property(cur.shape(), sym) {
                let v = cur.get_slot(p.slot);
                if p.flags.contains(PropFlags::ACCESSOR) {
                    return match v.as_kind::<Accessor>() {
                        Some(acc) if !is_nullish(acc.get) => call(f, acc.get, receiver, &[], "getter"),
                        _ => Ok(UNDEFINED),
                    };
                }
                return Ok(v);
            }
            if sym == names.stack
                && let Some(stack) = super::error::format_pending_stack(f, cur)
            {
                return Ok(stack);
            }
            if let Some(code) = internal.as_kind::<JsFunction>() {
                if sym == names.name {
                    return Ok(function_name(f, cur, &code));
                }
                if sym == names.length {
                    return Ok(Value::from_i64(i64::from(function_length(f, &code))));
                }
            }
        }
        match rt.shapes.proto(cur.shape()).as_object() {
            Some(p) => cur = p,
            None => return Ok(UNDEFINED),
        }
    }
}

/// A function's `name`: its call target's name (a builtin's or a guest function's).
pub fn function_name(f: &Frame<'_, Es>, _o: Gc<DynObject>, code: &JsFunction) -> Value {
    let rt = f.runtime();
    let name = rt.call_target(code.target).map(|t| t.name().to_string()).unwrap_or_default();
    super::str_value(rt, &name)
}

/// A function's `length`.
pub fn function_length(_f: &Frame<'_, Es>, code: &JsFunction) -> u32 {
    code.length
}

/// Whether `key` is found on `o` or its prototypes (`key in o`).
pub fn has_property(f: &Frame<'_, Es>, o: Gc<DynObject>, key: Key) -> bool {
    let rt = f.runtime();
    let names = f.lang().names();
    let mut cur = o;
    loop {
        let internal = cur.internal();
        if let Some(arr) = internal.as_elements() {
            match key {
                Key::Index(i) => {
                    if arr.get(i as usize).is_some_and(|v| !v.is_empty()) {
                        return true;
                    }
                }
                Key::Name(n) if n == names.length => return true,
                Key::Name(_) => {}
            }
        }
        let sym = key.symbol(rt);
        if rt.shapes.lookup(cur.shape(), sym).is_some() {
            return true;
        }
        if internal.as_kind::<JsFunction>().is_some() && (sym == names.name || sym == names.length) {
            return true;
        }
        match rt.shapes.proto(cur.shape()).as_object() {
            Some(p) => cur = p,
            None => return false,
        }
    }
}

/// `base[key] = v`: the generic property write. `strict` code throws where sloppy code
/// silently does nothing (a write to a primitive).
pub fn set(f: &mut Frame<'_, Es>, base: Value, key: Key, v: Value, strict: bool) -> Result<(), Unwind<Value>> {
    let Some(o) = base.as_object() else {
        if is_nullish(base) {
            let what = if base.is_null() { "null" } else { "undefined" };
            let text = key.text(f.runtime());
            return Err(type_error(f, &format!("Cannot set properties of {what} (setting '{text}')")));
        }
        if strict {
            let text = key.text(f.runtime());
            let shown = super::convert::to_display_string(f, base);
            let kind = super::convert::type_of(base);
            return Err(type_error(f, &format!("Cannot create property '{text}' on {kind} '{shown}'")));
        }
        return Ok(());
    };
    set_on(f, o, key, v, base)
}

/// Writes `key` of `o`: an own data property in place, an accessor (own or inherited) through
/// its setter, anything else as a new own property.
pub fn set_on(f: &mut Frame<'_, Es>, o: Gc<DynObject>, key: Key, v: Value, receiver: Value) -> Result<(), Unwind<Value>> {
    let rt = f.runtime();
    let names = f.lang().names();
    if let Some(arr) = o.internal().as_elements() {
        match key {
            Key::Index(i) => {
                return super::array::set_element(f.runtime(), &arr, i as usize, v).map_err(|_| range_error(f, "Invalid array length"));
            }
            Key::Name(n) if n == names.length => return set_array_length(f, &arr, v),
            Key::Name(_) => {}
        }
    }
    let sym = key.symbol(rt);
    let mut cur = o;
    loop {
        if let Some(p) = rt.shapes.property(cur.shape(), sym) {
            if p.flags.contains(PropFlags::ACCESSOR) {
                let setter = cur.get_slot(p.slot).as_kind::<Accessor>().map_or(UNDEFINED, |a| a.set);
                if is_nullish(setter) {
                    return Ok(());
                }
                call(f, setter, receiver, &[v], "setter")?;
                return Ok(());
            }
            if Gc::ptr_eq(cur, o) {
                o.put(rt, sym, v);
                return Ok(());
            }
            break;
        }
        match rt.shapes.proto(cur.shape()).as_object() {
            Some(p) => cur = p,
            None => break,
        }
    }
    o.put(rt, sym, v);
    Ok(())
}

/// Writes an array's `length`: a number that is a valid length, or a `RangeError`.
fn set_array_length(f: &mut Frame<'_, Es>, arr: &ArrayData, v: Value) -> Result<(), Unwind<Value>> {
    let x = super::convert::to_number(f, v)?;
    let n = x as u32;
    if n as f64 != x {
        return Err(range_error(f, "Invalid array length"));
    }
    super::array::set_length(f.runtime(), arr, n as usize).map_err(|_| range_error(f, "Invalid array length"))
}

/// Defines an own property of `o` of kind `flags` (object literals, classes, builtins).
pub fn define(f: &Frame<'_, Es>, o: Gc<DynObject>, key: Key, v: Value, flags: PropFlags) {
    let rt = f.runtime();
    if let (Some(arr), Key::Index(i)) = (o.internal().as_elements(), key) {
        let _ = super::array::set_element(rt, &arr, i as usize, v);
        return;
    }
    o.define(rt, key.symbol(rt), v, flags);
}

/// Defines `name` on `o` as an accessor, merging with an existing getter or setter of the
/// same name.
pub fn define_accessor(f: &Frame<'_, Es>, o: Gc<DynObject>, key: Key, getter: Option<Value>, setter: Option<Value>, flags: PropFlags) {
    let rt = f.runtime();
    let sym = key.symbol(rt);
    let existing = rt
        .shapes
        .property(o.shape(), sym)
        .filter(|p| p.flags.contains(PropFlags::ACCESSOR))
        .and_then(|p| o.get_slot(p.slot).as_kind::<Accessor>());
    let (old_get, old_set) = existing.map_or((UNDEFINED, UNDEFINED), |a| (a.get, a.set));
    let pair = Accessor { get: getter.unwrap_or(old_get), set: setter.unwrap_or(old_set) };
    let pair = Value::from_kind(rt.alloc(KindObject(pair)));
    o.define(rt, sym, pair, flags.with(PropFlags::ACCESSOR));
}

/// Calls `callee` with `this` and `args`; `what` names the callee in the `TypeError` raised
/// when it is not a function.
pub fn call(f: &mut Frame<'_, Es>, callee: Value, this: Value, args: &[Value], what: &str) -> Result<Value, Unwind<Value>> {
    let Some(code) = as_function(callee) else {
        return Err(type_error(f, &format!("{what} is not a function")));
    };
    if let FnKind::Class { .. } = code.kind {
        let name = function_name(f, callee.as_object().expect("a function is an object"), &code);
        let name = as_str(name).map(|s| s.to_rust_string()).unwrap_or_default();
        return Err(type_error(f, &format!("Class constructor {name} cannot be invoked without 'new'")));
    }
    invoke(f, &code, callee, this, UNDEFINED, args)
}

/// Runs a function's code with the hidden arguments and `args`.
pub fn invoke(
    f: &mut Frame<'_, Es>,
    code: &JsFunction,
    callee: Value,
    this: Value,
    new_target: Value,
    args: &[Value],
) -> Result<Value, Unwind<Value>> {
    let Some(target) = f.runtime().call_target(code.target) else {
        return Err(type_error(f, "function without code"));
    };
    let mark = f.begin_args();
    f.push_arg(this)?;
    f.push_arg(callee)?;
    f.push_arg(new_target)?;
    for &a in args {
        f.push_arg(a)?;
    }
    f.call(&target, mark)
}

/// `new callee(...args)` with `new_target` (the callee itself, unless a `super()` call passes
/// its derived class); `what` names the callee for the `TypeError` when it is no constructor.
pub fn construct(f: &mut Frame<'_, Es>, callee: Value, args: &[Value], new_target: Value, what: &str) -> Result<Value, Unwind<Value>> {
    let code = match as_function(callee) {
        Some(code) if code.is_constructor() => code,
        _ => return Err(type_error(f, &format!("{what} is not a constructor"))),
    };
    match code.kind {
        // A derived class's constructor gets `this` from its `super()` call, and its code
        // returns the object it made; builtins make their own.
        FnKind::Class { derived: true } | FnKind::BuiltinConstructor => invoke(f, &code, callee, Value::EMPTY, new_target, args),
        _ => {
            let this = ordinary_create(f, new_target)?;
            let r = invoke(f, &code, callee, this, new_target, args)?;
            Ok(if r.as_object().is_some() { r } else { this })
        }
    }
}

/// The object `new` makes for `new_target` when the constructor's code does not make its own:
/// an empty object whose prototype is [`instance_prototype`].
pub fn ordinary_create(f: &mut Frame<'_, Es>, new_target: Value) -> Result<Value, Unwind<Value>> {
    let proto = instance_prototype(f, new_target)?;
    Ok(Value::from_object(new_object(f.runtime(), proto)))
}

/// The prototype of an object `new` makes for `new_target`: its `prototype` property if that
/// is an object, else `Object.prototype`.
pub fn instance_prototype(f: &mut Frame<'_, Es>, new_target: Value) -> Result<Value, Unwind<Value>> {
    let key = Key::Name(f.lang().names().prototype);
    let proto = get(f, new_target, key)?;
    Ok(if proto.as_object().is_some() { proto } else { f.lang().realm().object_proto })
}

/// The own enumerable string keys of `o`, in JavaScript's order: array indices ascending,
/// then the other names in the order they were added.
pub fn own_keys(f: &Frame<'_, Es>, o: Gc<DynObject>) -> Vec<Key> {
    let rt = f.runtime();
    let mut indices: Vec<u32> = Vec::new();
    if let Some(arr) = o.internal().as_elements() {
        indices.extend((0..arr.len()).filter(|&i| arr.get(i).is_some_and(|v| !v.is_empty())).map(|i| i as u32));
    }
    let mut names = Vec::new();
    for (sym, flags) in rt.shapes.properties(o.shape()) {
        if flags.contains(PropFlags::HIDDEN) {
            continue;
        }
        match super::JsStr::from_text(&rt.interner.name(sym)).array_index() {
            Some(i) => indices.push(i),
            None => names.push(Key::Name(sym)),
        }
    }
    indices.sort_unstable();
    indices.dedup();
    indices.into_iter().map(Key::Index).chain(names).collect()
}

/// A number or string value for an array index key.
pub fn index_value(i: u32) -> Value {
    number(f64::from(i))
}

/// Whether `v` is an error object: `Error.prototype` is on its prototype chain.
pub fn is_error(f: &Frame<'_, Es>, v: Value) -> bool {
    let rt = f.runtime();
    let error_proto = f.lang().realm().error_proto;
    let mut cur = v.as_object();
    while let Some(o) = cur {
        let p = proto_of(rt, o);
        if p.same(error_proto) {
            return true;
        }
        cur = p.as_object();
    }
    false
}

/// The data property `sym` of `o` or its prototypes, without calling an accessor (`None` for
/// an accessor or a missing property).
pub fn peek(f: &Frame<'_, Es>, o: Gc<DynObject>, sym: porcini::symbol::Symbol) -> Option<Value> {
    let rt = f.runtime();
    let mut cur = o;
    loop {
        if let Some(p) = rt.shapes.property(cur.shape(), sym) {
            return (!p.flags.contains(PropFlags::ACCESSOR)).then(|| cur.get_slot(p.slot));
        }
        cur = proto_of(rt, cur).as_object()?;
    }
}
