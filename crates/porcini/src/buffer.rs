//! Value buffers: a run of values in the collected heap that its owner reads and writes in
//! place, at an address compiled code uses too.
//!
//! An array's elements and an object's slots past its inline ones both need room for a number
//! of values that grows. Keeping that room in a `malloc`ed box made every such owner a type
//! with a destructor: the sweep had to read each dead one to drop it (a cache miss per dead
//! object), and the box itself cost a `malloc` and a `free`. A [`ValueBuffer`] instead points at
//! a heap object of the right capacity, as V8's `FixedArray` backing stores are: a [`Slab`] of
//! one of a few capacities, each filling a size class exactly, or for long runs a [`BigSlab`]
//! whose values sit in one host allocation. A buffer is replaced, never resized, when its owner
//! outgrows it; the old one becomes garbage.
//!
//! The owner decides how many of the values are in use, traces those itself
//! ([`ValueBuffer::trace_first`]) and only marks the buffer object: values past the end are not
//! kept alive, and a buffer needs no knowledge of how much of it is in use. Growing takes the
//! runtime, since it allocates.
//!
//! This is one of the value-layout modules where `unsafe` is allowed: values are read and
//! written through the buffer's address, which stays valid because the owner marks the buffer
//! and only [`ValueBuffer::grow`] replaces it.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::language::Language;
use crate::runtime::Runtime;
use crate::value::Value;

/// Room for values in the collected heap, owned by one heap object that marks it.
pub struct ValueBuffer {
    /// The address of the first value (dangling while there is no buffer).
    base: Cell<usize>,
    /// How many values the buffer holds.
    cap: Cell<usize>,
    /// The address of the buffer's heap object, or 0 while there is none.
    buffer: Cell<usize>,
}

/// A buffer of `N` values in the collected heap. The capacities used make a box (an 8-byte
/// header and the values) fill its size class exactly.
pub struct Slab<const N: usize>([Cell<Value>; N]);

/// The buffer of a long run of values: a heap object owning a host allocation.
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

/// The largest capacity a [`Slab`] is made with; longer runs get a [`BigSlab`].
const MAX_SLAB: usize = 255;

/// The most values a buffer compiled code makes in place may be asked for
/// ([`in_place_slabs`]); a longer one is made by the runtime.
pub const IN_PLACE_MAX: usize = 15;

/// How compiled code makes a new buffer in place: a [`Slab`] type's allocation fast path.
#[derive(Clone, Copy, Debug)]
pub struct SlabInPlace {
    /// The slab's capacity: the buffer made for any number of values up to this one (and
    /// above the previous slab's) is this slab, as [`ValueBuffer::with_room`] makes it.
    pub capacity: usize,
    /// The heap's fast path for the slab's type.
    pub alloc: porcini_gc::InlineAlloc,
    /// The offset of the first value from the cell's address.
    pub first: i32,
}

/// The slabs compiled code makes buffers of up to [`IN_PLACE_MAX`] values with, smallest
/// first, or `None` where the heap has no fast path (`gc_stress`). They must be the slabs
/// `allocate` picks for the same numbers of values.
pub fn in_place_slabs<L: Language>(rt: &Runtime<L>) -> Option<Vec<SlabInPlace>> {
    fn slab<L: Language, const N: usize>(rt: &Runtime<L>) -> Option<SlabInPlace> {
        let alloc = rt.heap.inline_alloc::<Slab<N>>()?;
        let first = (porcini_gc::payload_offset::<Slab<N>>() + std::mem::offset_of!(Slab<N>, 0)) as i32;
        Some(SlabInPlace { capacity: N, alloc, first })
    }
    Some(vec![slab::<L, 3>(rt)?, slab::<L, 7>(rt)?, slab::<L, 15>(rt)?])
}

impl ValueBuffer {
    /// No room, and no buffer yet.
    pub const fn empty() -> ValueBuffer {
        ValueBuffer {
            // A non-null, aligned address, as `NonNull::dangling` makes: an empty slice may start
            // there, and nothing is read from it.
            base: Cell::new(std::mem::align_of::<Value>()),
            cap: Cell::new(0),
            buffer: Cell::new(0),
        }
    }
    /// A buffer with room for at least `n` values, each the empty value. Made at once rather
    /// than by growing an empty one, so an owner made with its room (`new Array(n)`, an array
    /// literal) takes one allocation of the right size and no copy.
    ///
    /// Until its owner holds it, the new buffer is kept alive by the caller's locals (the native
    /// stack and registers are scanned), as [`ValueBuffer::grow`]'s is.
    pub fn with_room<L: Language>(rt: &Runtime<L>, n: usize) -> ValueBuffer {
        if n == 0 {
            return ValueBuffer::empty();
        }
        let (buffer, base, cap) = allocate(rt, n);
        ValueBuffer { base: Cell::new(base), cap: Cell::new(cap), buffer: Cell::new(buffer) }
    }
    /// The offset of the first value's address within the buffer handle, for compiled code.
    pub const BASE_OFFSET: usize = std::mem::offset_of!(ValueBuffer, base);
    /// The offset of the capacity (a `u64`) within the buffer handle, for compiled code.
    pub const CAPACITY_OFFSET: usize = std::mem::offset_of!(ValueBuffer, cap);
    /// The offset of the buffer object's address within the buffer handle, for compiled code.
    pub const BUFFER_OFFSET: usize = std::mem::offset_of!(ValueBuffer, buffer);
    /// The words of an empty buffer handle, by offset: what compiled code writes to make one
    /// in place (it must equal [`ValueBuffer::empty`]).
    pub const EMPTY_WORDS: [(usize, u64); 3] = [
        (std::mem::offset_of!(ValueBuffer, base), std::mem::align_of::<Value>() as u64),
        (std::mem::offset_of!(ValueBuffer, cap), 0),
        (std::mem::offset_of!(ValueBuffer, buffer), 0),
    ];
    /// How many values there is room for.
    #[inline(always)]
    pub fn capacity(&self) -> usize {
        self.cap.get()
    }
    /// The address of value `i`, for reads and writes below the capacity.
    #[inline(always)]
    fn slot(&self, i: usize) -> *mut Value {
        std::ptr::with_exposed_provenance_mut::<Value>(self.base.get()).wrapping_add(i)
    }
    /// Value `i`, if there is room for that many.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Value> {
        // SAFETY: `i < cap`, and the buffer holding `cap` values at `base` is alive while its
        // owner refers to it (the owner marks it); values are plain 16-byte words.
        (i < self.capacity()).then(|| unsafe { self.slot(i).read() })
    }
    /// Overwrites value `i` if there is room for that many, and says whether there was.
    #[inline(always)]
    pub fn set(&self, i: usize, v: Value) -> bool {
        if i >= self.capacity() {
            return false;
        }
        // SAFETY: as in `get`; the buffer's values are `Cell`s, so writing through a shared
        // buffer is allowed.
        unsafe { self.slot(i).write(v) };
        true
    }
    /// Runs `f` on the first `n` values (`n` at most the capacity), lent out as a slice. The
    /// caller must not grow the buffer while `f` runs.
    pub fn read<R>(&self, n: usize, f: impl FnOnce(&[Value]) -> R) -> R {
        assert!(n <= self.capacity(), "a value buffer read past its capacity");
        // SAFETY: `n` values from `base` lie in the live buffer (see `get`), which the caller
        // keeps from being replaced while `f` runs; it stays marked by its owner.
        f(unsafe { std::slice::from_raw_parts(self.slot(0), n) })
    }
    /// Moves the first `keep` values into a new buffer with room for at least `need` values,
    /// and twice the present capacity, so that growing one at a time costs amortized constant
    /// time. The new room past `keep` holds the empty value.
    #[cold]
    #[inline(never)]
    pub fn grow<L: Language>(&self, rt: &Runtime<L>, need: usize, keep: usize) {
        let keep = keep.min(self.capacity());
        let want = need.max(self.capacity() * 2);
        // A collection while the buffer is made keeps the old one (still the owner's, which
        // marks it) and its values; the new one is marked through the local that holds it.
        let (buffer, base, cap) = allocate(rt, want);
        // SAFETY: both buffers are alive and distinct, the old one holds `keep <= cap` values at
        // `base`, and the new one has room for `cap >= want > keep` at its base.
        unsafe {
            std::ptr::copy_nonoverlapping(self.slot(0), std::ptr::with_exposed_provenance_mut::<Value>(base), keep)
        };
        self.buffer.set(buffer);
        self.base.set(base);
        self.cap.set(cap);
    }
    /// Marks the buffer object and traces the first `n` values (those in use).
    pub fn trace_first(&self, n: usize, tracer: &mut Tracer) {
        let buffer = self.buffer.get();
        if buffer != 0 {
            tracer.mark_addr(buffer);
        }
        for i in 0..n.min(self.capacity()) {
            // SAFETY: as in `get`.
            unsafe { self.slot(i).read() }.trace(tracer);
        }
    }
    /// The bytes of the buffer's values, for an owner's accounting.
    pub fn bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<Value>()
    }
}

/// A new buffer of at least `want` values: its object's address, the address of its first
/// value, and its capacity.
fn allocate<L: Language>(rt: &Runtime<L>, want: usize) -> (usize, usize, usize) {
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
