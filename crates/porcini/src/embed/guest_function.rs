//! A guest function the host holds, to call with host values.

use crate::embed::{GuestRef, HostValue};
use crate::engine::{Engine, RunError};
use crate::language::Launch;

/// A callable guest value, found by name with [`Engine::function`] (or wrapped from any
/// [`GuestRef`] with [`GuestFunction::new`]).
///
/// ```
/// use porcini::{Engine, Launch, RunError};
/// use porcini::embed::HostValue;
///
/// // With SL or JavaScript and `function add(a, b) { return a + b; }` evaluated, this is 42.
/// fn add<L: Launch>(engine: &Engine<L>) -> Result<HostValue, RunError> {
///     let add = engine.function("add").ok_or_else(|| RunError::Guest("no add".into()))?;
///     add.call(engine, &[HostValue::Int(2), HostValue::Int(40)])
/// }
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GuestFunction {
    value: GuestRef,
}

impl GuestFunction {
    /// The function `value` refers to. Whether it can be called is found out when it is: a
    /// call of something that is not a function fails as the language fails it.
    pub fn new(value: GuestRef) -> GuestFunction {
        GuestFunction { value }
    }
    /// Calls the function in `engine` (the engine it came from) with `args`, and answers its
    /// result; a guest error, uncaught exception or requested exit comes back as the
    /// [`RunError`] the language reports.
    pub fn call<L: Launch>(&self, engine: &Engine<L>, args: &[HostValue]) -> Result<HostValue, RunError> {
        engine.call(&HostValue::Guest(self.value.clone()), args)
    }
    /// The function as a host value, to pass to guest code.
    pub fn to_value(&self) -> HostValue {
        HostValue::Guest(self.value.clone())
    }
}
