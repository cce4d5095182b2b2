//! Interned property keys.
//!
//! Property keys are interned per engine into `Symbol`s so that shapes compare keys as 32-bit ids
//! and inline caches hold no strings. Interning is a hash lookup, paid once per computed-key access
//! (a small integer's decimal text, a table lookup).

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
    /// The symbol of each small integer's decimal text, once interned (see
    /// [`Interner::intern_index`]).
    indices: Vec<Option<Symbol>>,
}

/// Integers below this have their symbols cached in a table rather than looked up by text.
const INDEX_CACHE_LIMIT: u32 = 1 << 16;

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
    /// Interns the decimal text of `i`: the property name an index stands for where a language
    /// must look it up by name (a JavaScript array's hole is looked up on its prototypes). Such
    /// lookups repeat for the same few indices, so small ones answer from a table, without
    /// formatting the number or hashing its text.
    pub fn intern_index(&self, i: u32) -> Symbol {
        if i < INDEX_CACHE_LIMIT
            && let Some(Some(s)) = self.inner.borrow().indices.get(i as usize)
        {
            return *s;
        }
        let s = self.intern(decimal(i, &mut [0; 10]));
        if i < INDEX_CACHE_LIMIT {
            let mut inner = self.inner.borrow_mut();
            let at = i as usize;
            if inner.indices.len() <= at {
                inner.indices.resize(at + 1, None);
            }
            inner.indices[at] = Some(s);
        }
        s
    }
    /// The text of a symbol.
    pub fn name(&self, s: Symbol) -> Box<str> {
        self.inner.borrow().names.get(s.0 as usize).cloned().unwrap_or_default()
    }
}

/// The decimal text of `i`, written into the end of `buf`.
fn decimal(mut i: u32, buf: &mut [u8; 10]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (i % 10) as u8;
        i /= 10;
        if i == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_interns_as_its_decimal_text() {
        let interner = Interner::default();
        for i in [0, 7, 10, 65_535, 65_536, 4_000_000_000, u32::MAX] {
            let s = interner.intern_index(i);
            assert_eq!(&*interner.name(s), i.to_string(), "{i}");
            assert_eq!(interner.intern(&i.to_string()), s, "the same symbol as the text's");
            assert_eq!(interner.intern_index(i), s, "cached or not, the same symbol again");
        }
        let named = interner.intern("42");
        assert_eq!(interner.intern_index(42), named, "a name interned first is found too");
    }
}
