//! EasyScript's standard library: the constructors and prototype methods the subset has,
//! `Math`, `console`, `process`, `require`, and the global functions.
//!
//! Every builtin is a function object whose call target is a [`BuiltinRoot`] running a Rust
//! function; the files group them by the object they belong to. A name node has that the
//! subset does not (say `String.prototype.normalize`) is defined as a function that throws a
//! `TypeError` saying so, so a program never silently does something else than node.

pub(crate) mod array;
mod console;
mod error;
mod global;
mod math;
mod number;
pub(crate) mod object;
mod process;
mod string;

pub mod inspect;
pub mod module;

use porcini::shape::PropFlags;
use porcini::{Frame, Runtime, Unwind, Value};

use crate::Es;
use crate::nodes::root::BuiltinRoot;
use crate::runtime::error::type_error;
use crate::runtime::function::{BuiltinFn, FnKind, JsFunction};
use crate::runtime::object::{define, new_function_in};
use crate::runtime::realm::Realm;
use crate::runtime::{Key, UNDEFINED};

/// What `console.log(v)` prints for `v`, without the newline.
pub(crate) fn console_line(f: &mut Frame<'_, Es>, v: Value) -> String {
    let mut line = String::from_utf8_lossy(&console::format_line(f, &[v])).into_owned();
    line.pop();
    line
}

/// Argument `i`, `undefined` if absent.
#[inline(always)]
pub(crate) fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).copied().unwrap_or(UNDEFINED)
}

/// A builtin function object named `name` with `length`, running `func`.
pub(crate) fn builtin(rt: &Runtime<Es>, name: &str, length: u32, func: BuiltinFn, kind: FnKind, data: Value) -> Value {
    builtin_in(rt, name, length, func, kind, data, rt.lang.realm().function_proto)
}

/// [`builtin`] whose function object's prototype is `fn_proto`.
pub(crate) fn builtin_in(rt: &Runtime<Es>, name: &str, length: u32, func: BuiltinFn, kind: FnKind, data: Value, fn_proto: Value) -> Value {
    let code = builtin_code(rt, name, length, func, kind, data);
    Value::from_object(new_function_in(rt, code, fn_proto))
}

/// The code of a builtin function `name` running `func`, with a call target of its own.
pub(crate) fn builtin_code(rt: &Runtime<Es>, name: &str, length: u32, func: BuiltinFn, kind: FnKind, data: Value) -> JsFunction {
    let target = rt.create_call_target(Box::new(BuiltinRoot::new(name, func)));
    JsFunction {
        target: target.id(),
        kind,
        env: UNDEFINED,
        home: UNDEFINED,
        fields: std::cell::Cell::new(UNDEFINED),
        builtin: Some(func),
        data,
        strict: true,
        length,
        code: u64::from(target.id().0),
        intrinsic: None,
        callable: kind.callable_flag(),
    }
}

/// Defines method `name` of `target` (hidden from enumeration, as builtins' methods are).
pub(crate) fn method(f: &Frame<'_, Es>, target: Value, name: &str, length: u32, func: BuiltinFn) {
    let func = builtin(f.runtime(), name, length, func, FnKind::Builtin, UNDEFINED);
    put_hidden(f, target, name, func);
}

/// Defines method `name` of `target`, marked as the intrinsic `intrinsic`, which call sites
/// may run without calling it.
pub(crate) fn intrinsic_method(f: &Frame<'_, Es>, target: Value, name: &str, length: u32, func: BuiltinFn, intrinsic: crate::nodes::intrinsic::Intrinsic) {
    let rt = f.runtime();
    let code = JsFunction { intrinsic: Some(intrinsic), ..builtin_code(rt, name, length, func, FnKind::Builtin, UNDEFINED) };
    let func = Value::from_object(new_function_in(rt, code, f.lang().realm().function_proto));
    put_hidden(f, target, name, func);
}

/// Defines a hidden data property `name` of `target`.
pub(crate) fn put_hidden(f: &Frame<'_, Es>, target: Value, name: &str, v: Value) {
    if let Some(o) = target.as_object() {
        define(f, o, Key::named(f.runtime(), name), v, PropFlags::HIDDEN);
    }
}

/// Defines methods that node has and the subset does not: calling one throws a `TypeError`
/// saying so.
pub(crate) fn unsupported(f: &Frame<'_, Es>, target: Value, owner: &str, names: &[&str]) {
    for &name in names {
        let text = crate::runtime::str_value(f.runtime(), &format!("{owner}.{name}"));
        let func = builtin(f.runtime(), name, 0, not_supported, FnKind::Builtin, text);
        put_hidden(f, target, name, func);
    }
}

fn not_supported(f: &mut Frame<'_, Es>, _this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    let callee = f.arg(crate::runtime::function::ARG_CALLEE as usize);
    let name = crate::runtime::object::as_function(callee)
        .and_then(|c| crate::runtime::as_str(c.data))
        .map(|s| s.to_rust_string())
        .unwrap_or_default();
    Err(type_error(f, &format!("{name} is not supported in EasyScript")))
}

/// A constructor function object: `name`, with `prototype` (and the prototype's
/// `constructor`), installed as a global.
pub(crate) fn constructor(f: &Frame<'_, Es>, name: &str, length: u32, func: BuiltinFn, proto: Value) -> Value {
    constructor_in(f, name, length, func, proto, f.lang().realm().function_proto)
}

/// [`constructor`] whose function object's prototype is `fn_proto` (a subclass's constructor
/// inherits from its parent's).
pub(crate) fn constructor_in(f: &Frame<'_, Es>, name: &str, length: u32, func: BuiltinFn, proto: Value, fn_proto: Value) -> Value {
    let ctor = builtin_in(f.runtime(), name, length, func, FnKind::BuiltinConstructor, UNDEFINED, fn_proto);
    install_constructor(f, name, ctor, proto)
}

/// Makes `ctor` the global `name`, and the constructor of the prototype `proto`.
pub(crate) fn install_constructor(f: &Frame<'_, Es>, name: &str, ctor: Value, proto: Value) -> Value {
    put_hidden(f, ctor, "prototype", proto);
    put_hidden(f, proto, "constructor", ctor);
    put_hidden(f, f.lang().realm().global, name, ctor);
    ctor
}

/// Installs every builtin. Runs in a frame of its own so that creating objects (and calling
/// guest code, which no builtin does while being installed) works as anywhere else.
pub fn install(f: &mut Frame<'_, Es>) {
    let realm: Realm = *f.lang().realm();
    global::install(f, &realm);
    object::install(f, &realm);
    error::install(f, &realm);
    array::install(f, &realm);
    string::install(f, &realm);
    number::install(f, &realm);
    math::install(f, &realm);
    console::install(f, &realm);
    process::install(f, &realm);
}

