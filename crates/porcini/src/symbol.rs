//! Interned property keys.
//!
//! Property keys are interned per engine into `Symbol`s so that shapes compare keys as 32-bit ids
//! and inline caches hold no strings. Interning is a hash lookup, paid once per computed-key access.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

/// An interned string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// The per-engine interner.
#[derive(Default)]
pub struct Interner {
    inner: RefCell<InternerInner>,
}

#[derive(Default)]
struct InternerInner {
    map: FxHashMap<Box<str>, Symbol>,
    names: Vec<Box<str>>,
}

impl Interner {
    /// Interns `text`.
    pub fn intern(&self, text: &str) -> Symbol {
        let mut inner = self.inner.borrow_mut();
        if let Some(&s) = inner.map.get(text) {
            return s;
        }
        let s = Symbol(inner.names.len() as u32);
        inner.names.push(text.into());
        inner.map.insert(text.into(), s);
        s
    }
    /// The text of a symbol.
    pub fn name(&self, s: Symbol) -> Box<str> {
        self.inner.borrow().names.get(s.0 as usize).cloned().unwrap_or_default()
    }
}
