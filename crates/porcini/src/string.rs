//! Immutable guest strings.
//!
//! Strings are heap objects holding UTF-8 text. SL has no string-indexing operations, so UTF-8 is
//! observably the same as the reference's UTF-16; EasyScript will need code-unit indexing, which can
//! be added behind this type without changing languages that only concatenate and print.

use std::fmt;

use porcini_gc::{Trace, Tracer};

/// An immutable string in the GC heap.
pub struct GuestStr {
    text: Box<str>,
}

impl GuestStr {
    /// Wraps text.
    pub fn new(text: impl Into<Box<str>>) -> GuestStr {
        GuestStr { text: text.into() }
    }
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Debug for GuestStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", &*self.text)
    }
}

// SAFETY: a string holds no GC references.
unsafe impl Trace for GuestStr {
    fn trace(&self, _tracer: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        self.text.len()
    }
}
