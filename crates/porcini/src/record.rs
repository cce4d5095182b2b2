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
//! [`ValueBuffer`] whose address the record keeps as a plain field, so compiled code finds slot
//! `i` at a fixed offset from the record or from that address ([`RecordLayout`]). Records are
//! made on every entry to a scope with captured variables (each call of a function that makes a
//! callback, say), and almost all have a few slots: keeping those inline makes a record one
//! heap allocation. A record owns no host memory, so it has no destructor and the sweep frees a
//! dead one without reading it.

use std::cell::Cell;

use porcini_gc::{Gc, Trace, Tracer};

use crate::buffer::ValueBuffer;
use crate::language::Language;
use crate::runtime::Runtime;
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
    /// Slots from `INLINE_SLOTS` on; without a buffer for a small record. Compiled code reads
    /// the address of the first one from it.
    spill: ValueBuffer,
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
            spill_base: (at + std::mem::offset_of!(Record, spill) + ValueBuffer::BASE_OFFSET) as i32,
            len: (at + std::mem::offset_of!(Record, len)) as i32,
            parent: (at + std::mem::offset_of!(Record, parent)) as i32,
        }
    }
}

impl Record {
    /// A new record in the heap of `size` slots holding `initial`, inside `parent`.
    pub fn new_in<L: Language>(rt: &Runtime<L>, size: usize, initial: Value, parent: Value) -> Gc<Record> {
        // Built in its cell rather than copied there (a closure's environment is made at
        // every call of the function that creates it); `initial` and `parent` are the
        // caller's, which keep what they refer to alive through a collection.
        let r = rt.alloc_with(|| Record {
            parent,
            len: size as u64,
            inline: std::array::from_fn(|i| Cell::new(if i < size { initial } else { Value::EMPTY })),
            spill: ValueBuffer::empty(),
        });
        r.spill_out(rt, |_| initial);
        r
    }
    /// A new record in the heap holding a copy of `other`: the same values and parent (a loop
    /// iteration's fresh copy).
    pub fn copy_in<L: Language>(rt: &Runtime<L>, other: &Record) -> Gc<Record> {
        // `other` is the caller's, and keeps what the copy refers to alive.
        let r = rt.alloc_with(|| Record {
            parent: other.parent,
            len: other.len,
            inline: std::array::from_fn(|i| Cell::new(other.inline[i].get())),
            spill: ValueBuffer::empty(),
        });
        r.spill_out(rt, |i| other.get(i));
        r
    }
    /// Gives a new record of more than [`INLINE_SLOTS`] slots its buffer, the slots past the
    /// inline ones holding `value(i)`. The record is in the heap and the caller holds it, so a
    /// collection the buffer starts keeps it and what it refers to.
    fn spill_out(&self, rt: &Runtime<impl Language>, value: impl Fn(usize) -> Value) {
        let spilled = self.len().saturating_sub(INLINE_SLOTS);
        if spilled == 0 {
            return;
        }
        self.spill.grow(rt, spilled, 0);
        for i in 0..spilled {
            self.spill.set(i, value(INLINE_SLOTS + i));
        }
    }
    /// Slot `i`, if there is one.
    #[inline(always)]
    fn slot(&self, i: usize) -> Option<Value> {
        if i >= self.len() {
            return None;
        }
        match self.inline.get(i) {
            Some(c) => Some(c.get()),
            None => self.spill.get(i - INLINE_SLOTS),
        }
    }
    /// Slot `i` (the empty value out of range).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Value {
        self.slot(i).unwrap_or(Value::EMPTY)
    }
    /// Writes slot `i` (nothing out of range).
    #[inline(always)]
    pub fn set(&self, i: usize, v: Value) {
        if i >= self.len() {
            return;
        }
        match self.inline.get(i) {
            Some(c) => c.set(v),
            None => {
                self.spill.set(i - INLINE_SLOTS, v);
            }
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

// SAFETY: the parent, the slots and the buffer of the spilled ones are the references a record
// holds, and all are traced (the buffer marks itself and traces the slots in use).
unsafe impl Trace for Record {
    fn trace(&self, tracer: &mut Tracer) {
        self.parent.trace(tracer);
        self.inline.trace(tracer);
        self.spill.trace_first(self.len().saturating_sub(INLINE_SLOTS), tracer);
    }
}
