//! What a Rust program embedding porcini uses beyond running a main program: evaluating sources
//! in an engine's global scope, exchanging values with guest code, calling guest functions and
//! letting guest code call host functions, all through [`Engine`](crate::Engine) and whatever
//! language it runs.
//!
//! Values cross the boundary as [`HostValue`]s: the primitives every language has are copied
//! (numbers, booleans, strings, null), and anything else (an object, a function, an SL big
//! integer) stays in the guest heap behind a [`GuestRef`], a handle the collector treats as a
//! root for as long as the host holds it. The engine converts with the running language's
//! [`Launch`] hooks, so this module names no language.

mod entry;
mod guest_function;
mod guest_ref;
mod host_function;
mod host_value;

pub use entry::Entry;
pub use guest_function::GuestFunction;
pub use guest_ref::GuestRef;
pub(crate) use guest_ref::HandleTable;
pub use host_function::HostFunction;
pub use host_value::HostValue;

use crate::language::Launch;
use crate::runtime::Runtime;
use crate::value::Value;

/// The host's view of guest value `v`: a copy of a primitive, or a handle on anything else.
/// Languages call it for the arguments of a host function.
///
/// ```
/// use porcini::{Launch, Runtime, Value};
/// use porcini::embed::{HostValue, to_host};
///
/// // What a language's host function does with an argument it was passed.
/// fn argument<L: Launch>(rt: &Runtime<L>, v: Value) -> Option<i64> {
///     match to_host(rt, v) {
///         HostValue::Int(i) => Some(i),
///         _ => None,
///     }
/// }
/// ```
pub fn to_host<L: Launch>(rt: &Runtime<L>, v: Value) -> HostValue {
    L::to_host(rt, v).unwrap_or_else(|| HostValue::Guest(rt.handles().hold(v)))
}

/// The guest value for host value `v`: a handle's value, or a primitive the language makes. The
/// error says why the language has no such value (SL has no floating-point numbers), or that a
/// handle belongs to another engine.
///
/// ```
/// use porcini::{Launch, Runtime, Value};
/// use porcini::embed::{HostValue, from_host};
///
/// // What a language does with a host function's result.
/// fn result<L: Launch>(rt: &Runtime<L>, v: &HostValue) -> Result<Value, String> {
///     from_host(rt, v)
/// }
/// ```
pub fn from_host<L: Launch>(rt: &Runtime<L>, v: &HostValue) -> Result<Value, String> {
    match v {
        HostValue::Guest(r) => rt.handles().get(r).ok_or_else(|| "a guest value of another engine was passed".to_string()),
        _ => L::from_host(rt, v),
    }
}
