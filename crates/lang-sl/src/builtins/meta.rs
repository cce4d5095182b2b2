//! Builtins about values: `new`, `typeOf`, `isInstance`, the `is*`/`*Size` queries, and the
//! interop builtins, which have their degenerate native behaviour (spec §10).

use porcini::{Frame, GuestError, Unwind, Value};

use super::type_error;
use crate::Sl;
use crate::runtime::display::callee_text;
use crate::runtime::state::type_object;
use crate::runtime::types::SlType;

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).copied().unwrap_or(Value::NULL)
}

/// `new()`: a new empty object; any non-null argument fails as an instantiation of that value.
pub fn new_object(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let x = arg(args, 0);
    if x.is_null() {
        Ok(f.runtime().new_object())
    } else {
        Err(GuestError::raise(format!("Undefined function: {}", callee_text(x))))
    }
}

/// `typeOf(v)`: the type object, or NULL for a type object.
pub fn type_of(f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(match SlType::of(arg(args, 0)) {
        Some(t) => type_object(f.runtime(), t),
        None => Value::NULL,
    })
}

/// `isInstance(t, v)`.
pub fn is_instance(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    let Some(t) = SlType::from_type_object(arg(args, 0)) else {
        return Err(type_error("isInstance", args));
    };
    Ok(Value::from_bool(SlType::of(arg(args, 1)) == Some(t)))
}

/// `isNull(v)`.
pub fn is_null(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(arg(args, 0).is_null()))
}

/// `isExecutable(v)`.
pub fn is_executable(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(arg(args, 0).as_function().is_some()))
}

/// `hasSize(v)`: no SL value is an array.
pub fn has_size(_f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(false))
}

/// `getSize(v)`: always the array error for SL values.
pub fn get_size(_f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Err(GuestError::raise("Element is not a valid array."))
}

/// `wrapPrimitive(v)`: the value itself.
pub fn wrap_primitive(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(arg(args, 0))
}

/// `import(name)`: there are no polyglot bindings natively, so always NULL.
pub fn import(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    if arg(args, 0).as_str().is_none() {
        return Err(type_error("import", args));
    }
    Ok(Value::NULL)
}

/// `java(name)`: host classes do not exist natively.
pub fn java(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    match arg(args, 0).as_str() {
        None => Err(GuestError::raise(
            "The java builtin expected a String argument, but a non-string argument was provided.",
        )),
        Some(name) => Err(GuestError::raise(format!("Host class {} is not available natively.", name.as_str()))),
    }
}

/// `addToHostClassPath(path)`: accepted and ignored natively.
pub fn add_to_host_class_path(_f: &mut Frame<'_, Sl>, args: &[Value]) -> Result<Value, Unwind<Value>> {
    if arg(args, 0).as_str().is_none() {
        return Err(type_error("addToHostClassPath", args));
    }
    Ok(Value::NULL)
}

/// `inNativeImage()`: porcini is native.
pub fn in_native_image(_f: &mut Frame<'_, Sl>, _args: &[Value]) -> Result<Value, Unwind<Value>> {
    Ok(Value::from_bool(true))
}
