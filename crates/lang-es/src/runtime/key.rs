//! Property keys: an array index, or a name.
//!
//! JavaScript converts every property key to a string, but an index into an array's elements
//! is worth keeping as a number: arrays and strings answer it from their elements, and only
//! for other objects does it become the name of an ordinary property.

use porcini::symbol::Symbol;
use porcini::{Runtime, Value};

use super::number_format::number_to_string;
use super::{as_number, as_str};
use crate::Es;

/// A property key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A canonical array index (below 2^32 - 1).
    Index(u32),
    /// Any other key, interned.
    Name(Symbol),
}

impl Key {
    /// The key a number or a string names, without calling guest code: `None` for any other
    /// value, which the caller converts to a string first.
    pub fn of_primitive(rt: &Runtime<Es>, v: Value) -> Option<Key> {
        if let Some(x) = as_number(v) {
            let i = x as u32;
            if i as f64 == x && i != u32::MAX && !(x == 0.0 && x.is_sign_negative()) {
                return Some(Key::Index(i));
            }
            return Some(Key::Name(rt.interner.intern(&number_to_string(x))));
        }
        let s = as_str(v)?;
        Some(match s.array_index() {
            Some(i) => Key::Index(i),
            None => Key::Name(rt.interner.intern(&s.to_rust_string())),
        })
    }
    /// The key named by `text`.
    pub fn named(rt: &Runtime<Es>, text: &str) -> Key {
        match super::JsStr::from_text(text).array_index() {
            Some(i) => Key::Index(i),
            None => Key::Name(rt.interner.intern(text)),
        }
    }
    /// The key as an ordinary property name (an index's decimal text).
    pub fn symbol(self, rt: &Runtime<Es>) -> Symbol {
        match self {
            Key::Name(s) => s,
            Key::Index(i) => rt.interner.intern_index(i),
        }
    }
    /// The key's text.
    pub fn text(self, rt: &Runtime<Es>) -> String {
        match self {
            Key::Name(s) => rt.interner.name(s).into(),
            Key::Index(i) => i.to_string(),
        }
    }
}
