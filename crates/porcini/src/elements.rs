//! Elements: the growable list of values behind a language's arrays, which compiled code
//! indexes directly.
//!
//! A language keeps an array's elements in one of these (JavaScript's arrays hold theirs as
//! their object's internal value), so that partial evaluation can compile `a[i]` to a bounds
//! check and a load ([`crate::stage::Stage::elements_get`]) instead of a call. The values live
//! in a vector whose buffer address and length the object also keeps as plain fields, at fixed
//! offsets ([`ElementsLayout`]); every method that changes the vector updates them, and
//! compiled code reads them afresh after anything that may have run guest code.
//!
//! What a hole is, and how long an array may grow, is the language's business: the empty value
//! fills the gaps a write past the end leaves, and the language decides what reading one means.

use std::cell::{Cell, RefCell};

use porcini_gc::{Trace, Tracer};

use crate::value::Value;

/// The elements of an array.
pub struct Elements {
    items: RefCell<Vec<Value>>,
    /// The address of the first element and the number of elements, for compiled code (kept
    /// equal to the vector's after every change).
    base: Cell<usize>,
    len: Cell<u64>,
}

/// Where compiled code finds the fields of [`Elements`], in bytes from the address a value's
/// payload holds.
#[derive(Clone, Copy, Debug)]
pub struct ElementsLayout {
    /// The address of the first element (a `u64`).
    pub base: i32,
    /// The number of elements (a `u64`).
    pub len: i32,
}

impl ElementsLayout {
    /// The layout of [`Elements`].
    pub fn get() -> ElementsLayout {
        let at = porcini_gc::payload_offset::<Elements>();
        ElementsLayout {
            base: (at + std::mem::offset_of!(Elements, base)) as i32,
            len: (at + std::mem::offset_of!(Elements, len)) as i32,
        }
    }
}

impl Elements {
    /// Elements holding `items`.
    pub fn new(items: Vec<Value>) -> Elements {
        let e = Elements { items: RefCell::new(items), base: Cell::new(0), len: Cell::new(0) };
        e.sync(&e.items.borrow());
        e
    }
    /// Records the vector's buffer and length for compiled code.
    fn sync(&self, items: &[Value]) {
        self.base.set(items.as_ptr().expose_provenance());
        self.len.set(items.len() as u64);
    }
    /// The number of elements.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len.get() as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Element `i`, if the array is that long (a hole is the empty value).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Value> {
        self.items.borrow().get(i).copied()
    }
    /// Writes element `i`, growing the array with holes when `i` is at or past the end.
    pub fn set(&self, i: usize, v: Value) {
        self.modify(|items| {
            if let Some(slot) = items.get_mut(i) {
                *slot = v;
            } else {
                items.resize(i, Value::EMPTY);
                items.push(v);
            }
        })
    }
    /// Truncates to `n` elements, or extends with holes.
    pub fn set_len(&self, n: usize) {
        self.modify(|items| items.resize(n, Value::EMPTY))
    }
    /// Appends `v`.
    pub fn push(&self, v: Value) {
        self.modify(|items| items.push(v))
    }
    /// Removes and returns the last element.
    pub fn pop(&self) -> Option<Value> {
        self.modify(Vec::pop)
    }
    /// A copy of the elements.
    pub fn to_vec(&self) -> Vec<Value> {
        self.items.borrow().clone()
    }
    /// Runs `f` on the vector of elements (to splice, sort or reverse them). `f` must not call
    /// back into anything that reads these elements: the vector is borrowed meanwhile.
    pub fn modify<R>(&self, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
        let mut items = self.items.borrow_mut();
        let r = f(&mut items);
        self.sync(&items);
        r
    }
}

// SAFETY: the elements are the only references an `Elements` holds; they are traced through the
// `RefCell`'s own `Trace`, which takes no borrow, so a collection that starts while the vector
// is borrowed cannot panic.
unsafe impl Trace for Elements {
    fn trace(&self, tracer: &mut Tracer) {
        self.items.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.items.try_borrow().map_or(0, |v| v.capacity()) * std::mem::size_of::<Value>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fields_compiled_code_reads_follow_every_change() {
        let e = Elements::new(vec![Value::from_i64(1)]);
        let check = |e: &Elements| {
            let items = e.items.borrow();
            assert_eq!(e.base.get(), items.as_ptr() as usize);
            assert_eq!(e.len.get() as usize, items.len());
        };
        check(&e);
        for i in 0..100 {
            e.push(Value::from_i64(i));
            check(&e);
        }
        e.set(300, Value::from_i64(7));
        check(&e);
        assert!(e.get(200).is_some_and(Value::is_empty));
        e.set_len(3);
        check(&e);
        assert_eq!(e.pop().and_then(Value::as_i64), Some(1));
        e.modify(|v| v.reverse());
        check(&e);
        assert_eq!(e.len(), 2);
    }
}
