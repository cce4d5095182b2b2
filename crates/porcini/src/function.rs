//! Function objects: the guest values that name a callable call target.
//!
//! A function object is canonical per name in languages like SL, and its current implementation can
//! be replaced. Replacement swaps the target and invalidates the "not redefined" assumption, so every
//! call site that cached the old target (in the interpreter or in compiled code) re-checks.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::assumption::{Assumption, CyclicAssumption};
use crate::call_target::CallTargetId;

/// A named function value with a replaceable implementation.
pub struct FunctionObject {
    name: Box<str>,
    target: Cell<Option<CallTargetId>>,
    stable: CyclicAssumption,
}

impl FunctionObject {
    /// A function with no implementation yet.
    pub fn new(name: impl Into<Box<str>>) -> FunctionObject {
        let name = name.into();
        let stable = CyclicAssumption::new(format!("{name} not redefined"));
        FunctionObject { name, target: Cell::new(None), stable }
    }
    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The current implementation.
    #[inline(always)]
    pub fn target(&self) -> Option<CallTargetId> {
        self.target.get()
    }
    /// The assumption that the implementation has not changed since it was read.
    pub fn stable_assumption(&self) -> Assumption {
        self.stable.get()
    }
    /// Installs (or replaces) the implementation, invalidating code that cached the old one.
    pub fn set_target(&self, t: CallTargetId) {
        let had = self.target.replace(Some(t));
        if had.is_some() {
            self.stable.invalidate("function redefined");
        }
    }
}

// SAFETY: a function object holds no GC references.
unsafe impl Trace for FunctionObject {
    fn trace(&self, _tracer: &mut Tracer) {}
}
