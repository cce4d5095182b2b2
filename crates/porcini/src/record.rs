//! Records: small heap objects of numbered value slots and a link to an enclosing record.
//!
//! A language keeps its closures' captured variables in records (JavaScript's environment
//! records): a scope whose variables a nested function refers to creates one when it is
//! entered, linked to the record current outside it, and a function value keeps the record it
//! was created in. Because records are the framework's, partial evaluation sees through them:
//! reading a captured variable is two loads in compiled code ([`crate::stage::Stage::record_get`]),
//! not a call.
//!
//! The slots live in a boxed slice whose address and length the record also keeps as plain
//! fields, so that compiled code finds them at fixed offsets ([`RecordLayout`]); the slice
//! never moves while the record lives.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::value::Value;

/// A record of value slots.
pub struct Record {
    /// The enclosing record, or any non-record value at the outermost.
    parent: Value,
    slots: Box<[Cell<Value>]>,
    /// The address of the first slot and the number of slots, for compiled code.
    base: usize,
    len: u64,
}

/// Where compiled code finds a record's fields, in bytes from the address a value's payload
/// holds.
#[derive(Clone, Copy, Debug)]
pub struct RecordLayout {
    /// The address of the first slot (a `u64`).
    pub base: i32,
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
            base: (at + std::mem::offset_of!(Record, base)) as i32,
            len: (at + std::mem::offset_of!(Record, len)) as i32,
            parent: (at + std::mem::offset_of!(Record, parent)) as i32,
        }
    }
}

impl Record {
    /// A record of `size` slots holding `initial`, inside `parent`.
    pub fn new(size: usize, initial: Value, parent: Value) -> Record {
        Record::of(parent, (0..size).map(|_| Cell::new(initial)).collect())
    }
    /// A copy of `other`: the same values and parent (a loop iteration's fresh copy).
    pub fn copy_of(other: &Record) -> Record {
        Record::of(other.parent, other.slots.iter().map(|c| Cell::new(c.get())).collect())
    }
    fn of(parent: Value, slots: Box<[Cell<Value>]>) -> Record {
        let base = slots.as_ptr().expose_provenance();
        let len = slots.len() as u64;
        Record { parent, slots, base, len }
    }
    /// Slot `i` (the empty value out of range).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Value {
        self.slots.get(i).map_or(Value::EMPTY, Cell::get)
    }
    /// Writes slot `i` (nothing out of range).
    #[inline(always)]
    pub fn set(&self, i: usize, v: Value) {
        if let Some(s) = self.slots.get(i) {
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
        self.slots.len()
    }
    /// Whether it has no slots.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

// SAFETY: the parent and the slots are the references a record holds, and all are traced.
unsafe impl Trace for Record {
    fn trace(&self, tracer: &mut Tracer) {
        self.parent.trace(tracer);
        for s in self.slots.iter() {
            s.get().trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Value>()
    }
}
