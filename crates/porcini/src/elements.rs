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
//! The values live in a buffer in the collected heap, as V8's `FixedArray` backing stores do:
//! a [`Slab`] of one of a few capacities, each filling a size class exactly, or for long arrays
//! a [`BigSlab`] whose values sit in one host allocation. Short arrays are the common case (a
//! tree of small arrays, a vector of 50 slots), and with a `malloc`ed vector behind each one,
//! `malloc` and the sweep's `free` were a third of such programs' time. A buffer is replaced,
//! never resized, when the elements outgrow it; the old one becomes garbage.
//!
//! The elements trace their values themselves, the first `len` of them, and only mark the
//! buffer: values past the end (left there by a truncation) are not kept alive, and a buffer
//! needs no knowledge of how much of it is in use. Growing takes the runtime, since it
//! allocates. What a hole is, and how long an array may grow, is the language's business: the
//! empty value fills the gaps a write past the end leaves, and the language decides what
//! reading one means.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

/// The elements of an array.
pub struct Elements {
    /// The address of the first element (dangling while there is no buffer).
    base: Cell<usize>,
    /// The number of elements.
    len: Cell<u64>,
    /// How many values the buffer holds.
    cap: Cell<usize>,
    /// The address of the buffer's heap object, or 0 while there is none.
    buffer: Cell<usize>,
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

/// A buffer of `N` values in the collected heap. The capacities used make a box (an 8-byte
/// header and the values) fill its size class exactly.
pub struct Slab<const N: usize>([Cell<Value>; N]);

/// The buffer of a long array: a heap object owning a host allocation of values.
pub struct BigSlab(Box<[Cell<Value>]>);

// SAFETY: a buffer holds references, but its owner traces the live ones (see the module docs),
// and nothing but its owner refers to a buffer, so tracing nothing here is complete.
unsafe impl<const N: usize> Trace for Slab<N> {
    fn trace(&self, _: &mut Tracer) {}
}

// SAFETY: as for `Slab`.
unsafe impl Trace for BigSlab {
    fn trace(&self, _: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        self.0.len() * std::mem::size_of::<Value>()
    }
}

/// The largest capacity a [`Slab`] is made with; longer arrays get a [`BigSlab`].
const MAX_SLAB: usize = 255;

impl Elements {
    /// No elements, and no buffer yet.
    pub const fn empty() -> Elements {
        Elements {
            // A non-null, aligned address, as `NonNull::dangling` makes: an empty slice may start
            // there, and nothing is read from it.
            base: Cell::new(std::mem::align_of::<Value>()),
            len: Cell::new(0),
            cap: Cell::new(0),
            buffer: Cell::new(0),
            lent: Cell::new(false),
        }
    }
    /// New elements in the heap holding `values`, with room for no more.
    pub fn new_in<L: Language>(rt: &Runtime<L>, values: &[Value]) -> porcini_gc::Gc<Elements> {
        let e = rt.alloc(Elements::empty());
        e.assign(rt, values);
        e
    }
    /// New elements in the heap holding `n` holes (empty values).
    pub fn with_holes<L: Language>(rt: &Runtime<L>, n: usize) -> porcini_gc::Gc<Elements> {
        let e = rt.alloc(Elements::empty());
        e.set_len(rt, n);
        e
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
    /// The first element, for reads and writes below `cap`.
    #[inline(always)]
    fn slot(&self, i: usize) -> *mut Value {
        std::ptr::with_exposed_provenance_mut::<Value>(self.base.get()).wrapping_add(i)
    }
    /// Element `i`, if the array is that long (a hole is the empty value).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Value> {
        // SAFETY: `i < len <= cap`, and the buffer holding `cap` values at `base` is alive while
        // these elements refer to it (they mark it); values are plain 16-byte words.
        (i < self.len()).then(|| unsafe { self.slot(i).read() })
    }
    /// Overwrites element `i` if the array is that long, and says whether it was.
    #[inline(always)]
    pub fn replace(&self, i: usize, v: Value) -> bool {
        if i >= self.len() {
            return false;
        }
        // SAFETY: as in `get`; the buffer's values are `Cell`s, so writing through a shared
        // buffer is allowed.
        unsafe { self.slot(i).write(v) };
        true
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
        if n > self.cap.get() {
            self.grow(rt, n);
        }
        for i in len..n {
            // SAFETY: `i < n <= cap`, in the live buffer (see `get`).
            unsafe { self.slot(i).write(Value::EMPTY) };
        }
        self.len.set(n as u64);
    }
    /// Appends `v`.
    #[inline]
    pub fn push<L: Language>(&self, rt: &Runtime<L>, v: Value) {
        let len = self.len();
        if len == self.cap.get() {
            self.grow(rt, len + 1);
        }
        // SAFETY: `len < cap`, in the live buffer (see `get`).
        unsafe { self.slot(len).write(v) };
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
        // SAFETY: `len` values from `base` lie in the live buffer (see `get`), which is neither
        // replaced (`lent` forbids it) nor freed (these elements mark it) while `f` runs.
        f(unsafe { std::slice::from_raw_parts(self.slot(0), self.len()) })
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
        if values.len() > self.cap.get() {
            self.grow(rt, values.len());
        }
        for (i, &v) in values.iter().enumerate() {
            // SAFETY: `i < values.len() <= cap`, in the live buffer (see `get`).
            unsafe { self.slot(i).write(v) };
        }
        self.len.set(values.len() as u64);
    }
    /// Moves the elements into a buffer of at least `need` values, and twice the present
    /// capacity, so that appending one at a time costs amortized constant time.
    #[cold]
    #[inline(never)]
    fn grow<L: Language>(&self, rt: &Runtime<L>, need: usize) {
        assert!(!self.lent.get(), "elements grew while lent out by Elements::read");
        let want = need.max(self.cap.get() * 2);
        // A collection while the buffer is made keeps the old one (still ours) and its values; the
        // new one is marked through the local that holds it.
        let (buffer, base, cap) = allocate_buffer(rt, want);
        let len = self.len();
        // SAFETY: both buffers are alive and distinct, the old one holds `len` values at `base`,
        // and the new one has room for `cap >= need > len` at `base`.
        unsafe {
            std::ptr::copy_nonoverlapping(self.slot(0), std::ptr::with_exposed_provenance_mut::<Value>(base), len)
        };
        self.buffer.set(buffer);
        self.base.set(base);
        self.cap.set(cap);
    }
}

/// A new buffer of at least `want` values: its object's address, the address of its first
/// value, and its capacity.
fn allocate_buffer<L: Language>(rt: &Runtime<L>, want: usize) -> (usize, usize, usize) {
    fn slab<L: Language, const N: usize>(rt: &Runtime<L>) -> (usize, usize, usize) {
        let s = rt.alloc_with(|| Slab::<N>([const { Cell::new(Value::EMPTY) }; N]));
        (s.as_addr(), s.0.as_ptr().expose_provenance(), N)
    }
    match want {
        0..=3 => slab::<L, 3>(rt),
        4..=7 => slab::<L, 7>(rt),
        8..=15 => slab::<L, 15>(rt),
        16..=31 => slab::<L, 31>(rt),
        32..=63 => slab::<L, 63>(rt),
        64..=127 => slab::<L, 127>(rt),
        128..=MAX_SLAB => slab::<L, MAX_SLAB>(rt),
        _ => {
            let values: Box<[Cell<Value>]> = (0..want).map(|_| Cell::new(Value::EMPTY)).collect();
            let s = rt.alloc(BigSlab(values));
            (s.as_addr(), s.0.as_ptr().expose_provenance(), want)
        }
    }
}

// SAFETY: the elements mark their buffer (the address of a live object of the heap, from
// `Gc::as_addr`, or 0) and trace their `len` values, all the references they hold.
unsafe impl Trace for Elements {
    fn trace(&self, tracer: &mut Tracer) {
        let buffer = self.buffer.get();
        if buffer != 0 {
            tracer.mark_addr(buffer);
        }
        for i in 0..self.len() {
            // SAFETY: as in `get`.
            unsafe { self.slot(i).read() }.trace(tracer);
        }
    }
}
