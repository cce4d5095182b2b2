//! SL's builtin functions (spec §10), installed in the registry before any user code.
//!
//! Builtins are ordinary function values whose implementation is a [`BuiltinRoot`]; a user function
//! of the same name replaces one like any other definition. The files group them by concern.

mod io;
mod meta;
mod program;

use porcini::{Runtime, Value};

use crate::Sl;
use crate::nodes::root::{BuiltinFn, BuiltinRoot};
use crate::runtime::display::builtin_type_error;
use crate::runtime::state::function_named;

/// Every builtin: name, arity, implementation.
const BUILTINS: &[(&str, usize, BuiltinFn)] = &[
    ("println", 1, io::println),
    ("readln", 0, io::readln),
    ("nanoTime", 0, io::nano_time),
    ("defineFunction", 1, program::define_function),
    ("eval", 2, program::eval),
    ("exit", 1, program::exit),
    ("registerShutdownHook", 1, program::register_shutdown_hook),
    ("stacktrace", 0, program::stacktrace),
    ("helloEqualsWorld", 0, program::hello_equals_world),
    ("new", 1, meta::new_object),
    ("typeOf", 1, meta::type_of),
    ("isInstance", 2, meta::is_instance),
    ("isNull", 1, meta::is_null),
    ("isExecutable", 1, meta::is_executable),
    ("hasSize", 1, meta::has_size),
    ("getSize", 1, meta::get_size),
    ("wrapPrimitive", 1, meta::wrap_primitive),
    ("import", 1, meta::import),
    ("java", 1, meta::java),
    ("addToHostClassPath", 1, meta::add_to_host_class_path),
    ("inNativeImage", 0, meta::in_native_image),
];

/// Installs the builtins into the registry.
pub fn install(rt: &Runtime<Sl>) {
    for &(name, arity, func) in BUILTINS {
        let target = rt.create_call_target(Box::new(BuiltinRoot::new(name, arity, func)));
        function_named(rt, name).set_target(target.id());
    }
}

/// The builtin type error for `name` with all (padded) arguments.
#[cold]
fn type_error(name: &str, args: &[Value]) -> porcini::Unwind<Value> {
    porcini::GuestError::raise(builtin_type_error(name, args))
}
