//! `Error` and its subclasses: constructors that make an error object with its own `message`
//! and `stack`, the prototypes' `name` and `message`, and `Error.prototype.toString`.

use porcini::{Frame, Unwind, Value};

use super::{arg, constructor_in, method, put_hidden};
use crate::Es;
use crate::runtime::convert::to_string;
use crate::runtime::error::init_error;
use crate::runtime::function::ARG_NEW_TARGET;
use crate::runtime::object::{get, instance_prototype, new_object};
use crate::runtime::realm::Realm;
use crate::runtime::{JsStr, Key, is_undefined, new_str, str_value};

pub(super) fn install(f: &mut Frame<'_, Es>, realm: &Realm) {
    let kinds = [
        ("Error", realm.error_proto),
        ("TypeError", realm.type_error_proto),
        ("RangeError", realm.range_error_proto),
        ("ReferenceError", realm.reference_error_proto),
        ("SyntaxError", realm.syntax_error_proto),
    ];
    let mut error_ctor = None;
    for (name, proto) in kinds {
        let fn_proto = error_ctor.unwrap_or(realm.function_proto);
        let ctor = constructor_in(f, name, 1, construct_error, proto, fn_proto);
        put_hidden(f, proto, "name", str_value(f.runtime(), name));
        put_hidden(f, proto, "message", str_value(f.runtime(), ""));
        // The subclasses' constructors inherit from `Error` itself.
        error_ctor.get_or_insert(ctor);
    }
    method(f, realm.error_proto, "toString", 0, error_to_string);
}

/// `new Error(message)` (or a call without `new`, which does the same).
fn construct_error(f: &mut Frame<'_, Es>, _this: Value, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let callee = f.arg(crate::runtime::function::ARG_CALLEE as usize);
    let nt = f.arg(ARG_NEW_TARGET as usize);
    let nt = if is_undefined(nt) { callee } else { nt };
    let proto = instance_prototype(f, nt)?;
    let o = new_object(f.runtime(), proto);
    let message = arg(args, 0);
    let message = if is_undefined(message) { None } else { Some(Value::from_kind(to_string(f, message)?)) };
    init_error(f, o, message);
    Ok(Value::from_object(o))
}

/// `Error.prototype.toString`: `name: message`, either part left out when empty.
fn error_to_string(f: &mut Frame<'_, Es>, this: Value, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    if this.as_object().is_none() {
        return Err(crate::runtime::error::type_error(f, "Error.prototype.toString requires that 'this' be an Object"));
    }
    let names = f.lang().names();
    let name = get(f, this, Key::Name(names.name))?;
    let name = if is_undefined(name) { "Error".to_string() } else { to_string(f, name)?.to_rust_string() };
    let msg = get(f, this, Key::Name(names.message))?;
    let msg = if is_undefined(msg) { String::new() } else { to_string(f, msg)?.to_rust_string() };
    let text = match (name.is_empty(), msg.is_empty()) {
        (_, true) => name,
        (true, false) => msg,
        (false, false) => format!("{name}: {msg}"),
    };
    Ok(new_str(f.runtime(), JsStr::from_text(&text)))
}
