//! Records: small heap objects of numbered value slots and a link to an enclosing record.
//!
//! A language keeps its closures' captured variables in records (JavaScript's environment
//! records): a scope whose variables a nested function refers to creates one when it is
//! entered, linked to the record current outside it, and a function value keeps the record it
//! was created in. Because records are the framework's, partial evaluation sees through them:
//! reading a captured variable is two loads in compiled code ([`crate::stage::Stage::record_get`]),
//! not a call.
//!
//! The first [`INLINE_SLOTS`] slots live inside the record object and the rest, if any, in a
//! boxed slice whose address the record keeps as a plain field, so compiled code finds slot `i`
//! at a fixed offset from the record or from that address ([`RecordLayout`]). Records are made on
//! every entry to a scope with captured variables (each call of a function that makes a
//! callback, say), and almost all have a few slots: keeping those inline makes a record one
//! heap allocation, with no `malloc` when it is made and no `free` when it is swept.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::value::Value;

/// The number of slots kept inside the record object.
pub const INLINE_SLOTS: usize = 4;

/// A record of value slots.
pub struct Record {
    /// The enclosing record, or any non-record value at the outermost.
    parent: Value,
    /// The number of slots, for compiled code.
    len: u64,
    /// Slots `0..INLINE_SLOTS` (those past `len` are unused).
    inline: [Cell<Value>; INLINE_SLOTS],
    /// Slots from `INLINE_SLOTS` on; empty (and unallocated) for a small record.
    spill: Box<[Cell<Value>]>,
    /// The address of the first spilled slot, for compiled code.
    spill_base: usize,
}

/// Where compiled code finds a record's fields, in bytes from the address a value's payload
/// holds.
#[derive(Clone, Copy, Debug)]
pub struct RecordLayout {
    /// The first inline slot; the others follow, one value apart.
    pub inline: i32,
    /// The number of inline slots.
    pub inline_slots: u32,
    /// The address of the first slot past the inline ones (a `u64`).
    pub spill_base: i32,
    /// The number of slots (a `u64`).
    pub len: i32,
    /// The enclosing record (a value).
    pub parent: i32,
}

impl RecordLayout {
    /// The layout of [`Record`].
    pub fn get() -> RecordLayout {
        let at = porcini_gc::payload_offset::<Record>();
        RecordLayout {
            inline: (at + std::mem::offset_of!(Record, inline)) as i32,
            inline_slots: INLINE_SLOTS as u32,
            spill_base: (at + std::mem::offset_of!(Record, spill_base)) as i32,
            len: (at + std::mem::offset_of!(Record, len)) as i32,
            parent: (at + std::mem::offset_of!(Record, parent)) as i32,
        }
    }
}

impl Record {
    /// A record of `size` slots holding `initial`, inside `parent`.
    pub fn new(size: usize, initial: Value, parent: Value) -> Record {
        let inline = std::array::from_fn(|i| Cell::new(if i < size { initial } else { Value::EMPTY }));
        let spill = (INLINE_SLOTS..size).map(|_| Cell::new(initial)).collect();
        Record::of(parent, size, inline, spill)
    }
    /// A copy of `other`: the same values and parent (a loop iteration's fresh copy).
    pub fn copy_of(other: &Record) -> Record {
        let inline = std::array::from_fn(|i| Cell::new(other.inline[i].get()));
        let spill = other.spill.iter().map(|c| Cell::new(c.get())).collect();
        Record::of(other.parent, other.len(), inline, spill)
    }
    fn of(parent: Value, len: usize, inline: [Cell<Value>; INLINE_SLOTS], spill: Box<[Cell<Value>]>) -> Record {
        let spill_base = spill.as_ptr().expose_provenance();
        Record { parent, len: len as u64, inline, spill, spill_base }
    }
    /// The cell of slot `i`, if there is one.
    #[inline(always)]
    fn slot(&self, i: usize) -> Option<&Cell<Value>> {
        if i >= self.len() {
            return None;
        }
        match self.inline.get(i) {
            Some(c) => Some(c),
            None => self.spill.get(i - INLINE_SLOTS),
        }
    }
    /// Slot `i` (the empty value out of range).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Value {
        self.slot(i).map_or(Value::EMPTY, Cell::get)
    }
    /// Writes slot `i` (nothing out of range).
    #[inline(always)]
    pub fn set(&self, i: usize, v: Value) {
        if let Some(s) = self.slot(i) {
            s.set(v);
        }
    }
    /// The enclosing record.
    #[inline(always)]
    pub fn parent(&self) -> Value {
        self.parent
    }
    /// The number of slots.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether it has no slots.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

// SAFETY: the parent and the slots are the references a record holds, and all are traced.
unsafe impl Trace for Record {
    fn trace(&self, tracer: &mut Tracer) {
        self.parent.trace(tracer);
        for s in self.inline.iter().chain(self.spill.iter()) {
            s.get().trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.spill.len() * std::mem::size_of::<Value>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_inline_and_spilled_read_and_write_alike() {
        for size in [0, 1, INLINE_SLOTS, INLINE_SLOTS + 1, 9] {
            let r = Record::new(size, Value::from_i64(7), Value::NULL);
            assert_eq!(r.len(), size);
            for i in 0..size {
                assert_eq!(r.get(i).as_i64(), Some(7), "size {size} slot {i}");
                r.set(i, Value::from_i64(i as i64));
            }
            // Past the end: reads are empty and writes are dropped, also inside the inline array.
            r.set(size, Value::from_i64(-1));
            assert!(r.get(size).is_empty());
            let copy = Record::copy_of(&r);
            assert_eq!(copy.len(), size);
            assert!((0..size + 1).all(|i| copy.get(i).same(r.get(i))));
            assert_eq!(r.extra_bytes(), size.saturating_sub(INLINE_SLOTS) * std::mem::size_of::<Value>());
        }
    }
}
