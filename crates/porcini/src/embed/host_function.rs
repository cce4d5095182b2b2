//! The type of a Rust function that guest code calls by name.

use std::rc::Rc;

use crate::embed::HostValue;

/// A host function as guest code sees it: it gets the call's arguments, exactly as many as the
/// arity it was registered with (missing ones are the language's absent value, extra ones are
/// dropped), and answers a value or an error message. The language raises the message as a
/// guest error at the call, which guest code can catch where the language catches errors.
///
/// Register one with [`Engine::register_function`](crate::Engine::register_function), which
/// takes the closure itself.
///
/// ```
/// use std::rc::Rc;
/// use porcini::embed::{HostFunction, HostValue};
///
/// let total: HostFunction = Rc::new(|args| {
///     args.iter().map(|a| a.as_i64().ok_or_else(|| format!("{a} is not an integer"))).sum::<Result<i64, _>>().map(HostValue::Int)
/// });
/// assert_eq!(total(&[HostValue::Int(40), HostValue::Int(2)]), Ok(HostValue::Int(42)));
/// assert_eq!(total(&[HostValue::Null]), Err("null is not an integer".to_string()));
/// ```
pub type HostFunction = Rc<dyn Fn(&[HostValue]) -> Result<HostValue, String>>;
