//! Language-defined heap objects that are neither strings, numbers, objects nor functions.
//!
//! A language registers its own kinds by number (SL's type objects are kind 0..6) and keeps the
//! meaning of the kind to itself; the framework only stores and traces them.

use porcini_gc::{Trace, Tracer};

use crate::value::Value;

/// A small language-defined heap object: a kind number, a name and an optional payload value.
pub struct HostObject {
    /// The language's own kind number.
    pub kind: u32,
    /// A display name.
    pub name: Box<str>,
    /// An optional payload.
    pub payload: Value,
}

// SAFETY: the only reference a host object holds is its payload value, which is traced.
unsafe impl Trace for HostObject {
    fn trace(&self, tracer: &mut Tracer) {
        self.payload.trace(tracer);
    }
}
