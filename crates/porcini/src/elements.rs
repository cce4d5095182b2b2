//! Elements: the growable list of values behind a language's arrays, which compiled code
//! indexes directly.
//!
//! A language keeps an array's elements in one of these (JavaScript's arrays hold theirs as
//! their object's internal value), so that partial evaluation can compile `a[i]` to a bounds
//! check and a load ([`crate::stage::Stage::elements_get`]) instead of a call. The address of
//! the first element and the number of elements are plain fields at fixed offsets
//! ([`ElementsLayout`]); every method that changes the elements updates them, and compiled code
//! reads them afresh after anything that may have run guest code.
//!
//! The values live in a [`ValueBuffer`] in the collected heap. Short arrays are the common case
//! (a tree of small arrays, a vector of 50 slots), and with a `malloc`ed vector behind each one,
//! `malloc` and the sweep's `free` were a third of such programs' time. The elements trace their
//! values themselves, the first `len` of them: values past the end (left there by a truncation)
//! are not kept alive. Growing takes the runtime, since it allocates. What a hole is, and how long an array may grow, is the language's business: the
//! empty value fills the gaps a write past the end leaves, and the language decides what
//! reading one means.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::buffer::ValueBuffer;
use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

/// The elements of an array.
pub struct Elements {
    /// The room for the values.
    values: ValueBuffer,
    /// The number of elements.
    len: Cell<u64>,
    /// Set while [`Elements::read`] lends the values out, when the buffer must not be replaced.
    lent: Cell<bool>,
}

/// Where compiled code finds the fields of [`Elements`], in bytes from the address a value's
/// payload holds.
#[derive(Clone, Copy, Debug)]
pub struct ElementsLayout {
    /// The address of the first element (a `u64`).
    pub base: i32,
    /// The number of elements (a `u64`).
    pub len: i32,
    /// How many values the buffer has room for (a `u64`).
    pub capacity: i32,
    /// The address of the buffer's heap object (a `u64`, 0 for none).
    pub buffer: i32,
    /// The flag [`Elements::read`] sets while it lends the values out (a `u8`).
    pub lent: i32,
}

impl ElementsLayout {
    /// The layout of [`Elements`].
    pub fn get() -> ElementsLayout {
        let at = porcini_gc::payload_offset::<Elements>();
        ElementsLayout {
            base: (at + std::mem::offset_of!(Elements, values) + ValueBuffer::BASE_OFFSET) as i32,
            len: (at + std::mem::offset_of!(Elements, len)) as i32,
            capacity: (at + std::mem::offset_of!(Elements, values) + ValueBuffer::CAPACITY_OFFSET) as i32,
            buffer: (at + std::mem::offset_of!(Elements, values) + ValueBuffer::BUFFER_OFFSET) as i32,
            lent: (at + std::mem::offset_of!(Elements, lent)) as i32,
        }
    }
}

// Compiled code makes new elements by writing the fields `ElementsLayout` names (the buffer's
// three words, the length and the lent flag, `lower/alloc.rs` in the JIT); these are all of
// its fields only if nothing else is in it.
const _: () = assert!(
    size_of::<Elements>() == size_of::<ValueBuffer>() + size_of::<u64>() + align_of::<Elements>()
        && size_of::<ValueBuffer>() == 3 * size_of::<usize>()
);

impl Elements {
    /// No elements, and no buffer yet.
    pub const fn empty() -> Elements {
        Elements { values: ValueBuffer::empty(), len: Cell::new(0), lent: Cell::new(false) }
    }
    /// New elements in the heap holding `values`, with room for no more.
    pub fn new_in<L: Language>(rt: &Runtime<L>, values: &[Value]) -> porcini_gc::Gc<Elements> {
        let e = Elements::with_holes(rt, values.len());
        for (i, &v) in values.iter().enumerate() {
            e.values.set(i, v);
        }
        e
    }
    /// New elements in the heap holding `n` holes (empty values).
    pub fn with_holes<L: Language>(rt: &Runtime<L>, n: usize) -> porcini_gc::Gc<Elements> {
        // The buffer comes first, with its room, and the elements are built in their cell
        // around it: a new buffer's room holds the empty value already, so no hole is written
        // again, and nothing is grown or copied (AWFY's Storage, a tree of `new Array(4)`, is
        // mostly this). A collection while the elements are allocated finds the buffer through
        // the local that holds it.
        let values = ValueBuffer::with_room(rt, n);
        rt.alloc_with(move || Elements { values, len: Cell::new(n as u64), lent: Cell::new(false) })
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
        if i < self.len() { self.values.get(i) } else { None }
    }
    /// Overwrites element `i` if the array is that long, and says whether it was.
    #[inline(always)]
    pub fn replace(&self, i: usize, v: Value) -> bool {
        i < self.len() && self.values.set(i, v)
    }
    /// Writes element `i`, growing the array with holes when `i` is at or past the end.
    pub fn set<L: Language>(&self, rt: &Runtime<L>, i: usize, v: Value) {
        if self.replace(i, v) {
            return;
        }
        self.set_len(rt, i + 1);
        self.replace(i, v);
    }
    /// Truncates to `n` elements, or extends with holes.
    pub fn set_len<L: Language>(&self, rt: &Runtime<L>, n: usize) {
        let len = self.len();
        if n > self.values.capacity() {
            self.grow(rt, n);
        }
        for i in len..n {
            self.values.set(i, Value::EMPTY);
        }
        self.len.set(n as u64);
    }
    /// Appends `v`.
    #[inline]
    pub fn push<L: Language>(&self, rt: &Runtime<L>, v: Value) {
        let len = self.len();
        if len == self.values.capacity() {
            self.grow(rt, len + 1);
        }
        self.values.set(len, v);
        self.len.set(len as u64 + 1);
    }
    /// Removes and returns the last element.
    pub fn pop(&self) -> Option<Value> {
        let last = self.len().checked_sub(1)?;
        let v = self.get(last);
        self.len.set(last as u64);
        v
    }
    /// A copy of the elements.
    pub fn to_vec(&self) -> Vec<Value> {
        self.read(<[Value]>::to_vec)
    }
    /// Runs `f` on the elements, lent out as a slice. Changing these elements' length while it
    /// runs is a host bug and panics.
    pub fn read<R>(&self, f: impl FnOnce(&[Value]) -> R) -> R {
        struct Lend<'a>(&'a Cell<bool>, bool);
        impl Drop for Lend<'_> {
            fn drop(&mut self) {
                self.0.set(self.1);
            }
        }
        let _lend = Lend(&self.lent, self.lent.replace(true));
        // `lent` keeps the buffer from being replaced while `f` runs.
        self.values.read(self.len(), f)
    }
    /// Runs `f` on a vector of the elements (to splice, sort or reverse them), then makes the
    /// vector the elements.
    pub fn modify<L: Language, R>(&self, rt: &Runtime<L>, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
        let mut items = self.to_vec();
        let r = f(&mut items);
        self.assign(rt, &items);
        r
    }
    /// Makes `values` the elements.
    fn assign<L: Language>(&self, rt: &Runtime<L>, values: &[Value]) {
        if values.len() > self.values.capacity() {
            self.grow(rt, values.len());
        }
        for (i, &v) in values.iter().enumerate() {
            self.values.set(i, v);
        }
        self.len.set(values.len() as u64);
    }
    /// Moves the elements into a buffer of at least `need` values.
    fn grow<L: Language>(&self, rt: &Runtime<L>, need: usize) {
        assert!(!self.lent.get(), "elements grew while lent out by Elements::read");
        self.values.grow(rt, need, self.len());
    }
}

// SAFETY: the elements' only references are their buffer and the values in use, which the
// buffer marks and traces.
unsafe impl Trace for Elements {
    fn trace(&self, tracer: &mut Tracer) {
        self.values.trace_first(self.len(), tracer);
    }
}
