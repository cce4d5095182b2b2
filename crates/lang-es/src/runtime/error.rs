//! Error objects and the exceptions the runtime raises.
//!
//! Errors are ordinary objects whose prototype is one of the error prototypes; `message` and
//! `stack` are their own hidden properties, as in V8. A run-time error of the language (reading
//! a property of `undefined`, calling a number) throws such an object, so guest code catches it
//! like any thrown value.

use porcini::object::DynObject;
use porcini::shape::PropFlags;
use porcini::{Frame, Gc, Unwind, Value};

use super::object::new_object;
use super::{JsStr, Key, as_str, new_str};
use crate::Es;

/// The kinds of errors the runtime raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Error,
    TypeError,
    RangeError,
    ReferenceError,
    SyntaxError,
}

impl ErrorKind {
    /// The constructor's name.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Error => "Error",
            ErrorKind::TypeError => "TypeError",
            ErrorKind::RangeError => "RangeError",
            ErrorKind::ReferenceError => "ReferenceError",
            ErrorKind::SyntaxError => "SyntaxError",
        }
    }
}

/// A new error object of `kind` with `message`.
pub fn new_error(f: &Frame<'_, Es>, kind: ErrorKind, message: &str) -> Value {
    let realm = f.lang().realm();
    let proto = match kind {
        ErrorKind::Error => realm.error_proto,
        ErrorKind::TypeError => realm.type_error_proto,
        ErrorKind::RangeError => realm.range_error_proto,
        ErrorKind::ReferenceError => realm.reference_error_proto,
        ErrorKind::SyntaxError => realm.syntax_error_proto,
    };
    let o = new_object(f.runtime(), proto);
    let msg = new_str(f.runtime(), JsStr::from_text(message));
    init_error(f, o, Some(msg));
    Value::from_object(o)
}

/// A new error object of `kind` with `message` made outside any frame (a framework error
/// turned into a value): its `stack` has no frames.
pub fn new_error_in(rt: &porcini::Runtime<Es>, kind: ErrorKind, message: &str) -> Value {
    let realm = rt.lang.realm();
    let proto = match kind {
        ErrorKind::Error => realm.error_proto,
        ErrorKind::TypeError => realm.type_error_proto,
        ErrorKind::RangeError => realm.range_error_proto,
        ErrorKind::ReferenceError => realm.reference_error_proto,
        ErrorKind::SyntaxError => realm.syntax_error_proto,
    };
    let o = new_object(rt, proto);
    let names = rt.lang.names();
    o.define(rt, names.message, new_str(rt, JsStr::from_text(message)), PropFlags::HIDDEN);
    let stack = new_str(rt, JsStr::from_text(&format!("{}: {message}", kind.name())));
    o.define(rt, names.stack, stack, PropFlags::HIDDEN);
    Value::from_object(o)
}

/// Gives a new error object its own `message` (when given) and its stack trace: the guest
/// frames running now. Its `stack` property is made from them when it is first read, with the
/// error's name and message at that time, as V8 formats it lazily (so a constructor that sets
/// `this.name` after `super(message)` names its errors).
pub fn init_error(f: &Frame<'_, Es>, o: Gc<DynObject>, message: Option<Value>) {
    let rt = f.runtime();
    if let Some(m) = message {
        o.define(rt, f.lang().names().message, m, PropFlags::HIDDEN);
    }
    o.set_internal(new_str(rt, JsStr::from_text(&stack_trace(f))));
}

/// The `stack` of an error whose stack trace was not formatted yet: `name: message` (as
/// `Error.prototype.toString` puts them) and the frames recorded when it was made, now its own
/// hidden `stack` property. `None` for any other object. The name and message are read as
/// data properties (an accessor counts as absent), so formatting runs no guest code.
pub fn format_pending_stack(f: &Frame<'_, Es>, o: Gc<DynObject>) -> Option<Value> {
    let frames = as_str(o.internal())?;
    o.set_internal(Value::EMPTY);
    let names = f.lang().names();
    let text = |v: Option<Value>, default: &str| match v {
        None => default.to_string(),
        Some(v) if super::is_undefined(v) => default.to_string(),
        Some(v) if v.as_object().is_some() => "[object Object]".to_string(),
        Some(v) => super::convert::primitive_text(v),
    };
    let name = text(super::object::peek(f, o, names.name), "Error");
    let message = text(super::object::peek(f, o, names.message), "");
    let mut stack = match (name.is_empty(), message.is_empty()) {
        (_, true) => name,
        (true, false) => message,
        (false, false) => format!("{name}: {message}"),
    };
    stack.push_str(&frames.to_rust_string());
    let stack = new_str(f.runtime(), JsStr::from_text(&stack));
    o.define(f.runtime(), names.stack, stack, PropFlags::HIDDEN);
    Some(stack)
}

/// The running guest frames, innermost first, as the lines of a `stack` property.
pub fn stack_trace(f: &Frame<'_, Es>) -> String {
    let mut out = String::new();
    let mut frame = Some(f);
    let mut depth = 0;
    while let Some(fr) = frame {
        if let Some(t) = fr.target() {
            let root = t.root();
            if !root.is_internal() {
                let name = if t.name().is_empty() { "<anonymous>" } else { t.name() };
                match root.source_section() {
                    Some(s) => out.push_str(&format!("\n    at {name} ({}:{})", s.name, s.start_line)),
                    None => out.push_str(&format!("\n    at {name}")),
                }
                depth += 1;
            }
        }
        // Node shows ten frames.
        if depth == 10 {
            break;
        }
        frame = fr.caller();
    }
    out
}

/// Throws a new error of `kind`.
pub fn throw(f: &Frame<'_, Es>, kind: ErrorKind, message: &str) -> Unwind<Value> {
    Unwind::throw(new_error(f, kind, message))
}

/// Throws a `TypeError`.
#[cold]
pub fn type_error(f: &Frame<'_, Es>, message: &str) -> Unwind<Value> {
    throw(f, ErrorKind::TypeError, message)
}

/// Throws a `RangeError`.
#[cold]
pub fn range_error(f: &Frame<'_, Es>, message: &str) -> Unwind<Value> {
    throw(f, ErrorKind::RangeError, message)
}

/// Throws a `ReferenceError`.
#[cold]
pub fn reference_error(f: &Frame<'_, Es>, message: &str) -> Unwind<Value> {
    throw(f, ErrorKind::ReferenceError, message)
}

/// The key `message` of an error, for reports.
pub fn message_key(f: &Frame<'_, Es>) -> Key {
    Key::Name(f.lang().names().message)
}
