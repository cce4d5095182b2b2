//! The allocation state that compiled code reads and writes in place.
//!
//! Allocating a small object is a free-list pop or a bump, an allocation bit, and two counters;
//! compiled code does exactly that inline (see [`InlineAlloc`]) and calls the heap only when a
//! class has neither free cells nor bump room, or when the room before the next collection is
//! used up. For that, the words it touches live apart from the heap's `RefCell`-guarded state,
//! in cells at a fixed address (the heap itself moves with its engine): each size class's free
//! list head and bump range, the bytes and objects allocated since the last collection, and the
//! byte count that triggers the next one. Compiled code runs only while the heap is not
//! borrowed, so its writes never race the heap's own.

use std::cell::Cell;

use crate::block::{BLOCK_MASK, GRANULE, alloc_bits_offset};
use crate::raw::{self, GcBox};
use crate::size_class::{NUM_CLASSES, class_for};
use crate::trace::Trace;

/// The allocation state of one size class.
#[derive(Default)]
pub(crate) struct ClassCursor {
    /// The first cell of the free list (0 when empty); each free cell's first word links on.
    pub(crate) free: Cell<usize>,
    /// The next never-used cell of the newest block, and the end of its cells.
    pub(crate) bump: Cell<usize>,
    pub(crate) bump_end: Cell<usize>,
}

impl ClassCursor {
    /// Empties the free list and the bump range (a sweep rebuilds them).
    pub(crate) fn clear(&self) {
        self.free.set(0);
        self.bump.set(0);
        self.bump_end.set(0);
    }
}

/// Every word of allocation state that compiled code touches.
pub(crate) struct Cursors {
    pub(crate) classes: [ClassCursor; NUM_CLASSES],
    /// Bytes allocated (and reported with `add_external_bytes`) since the last collection.
    pub(crate) allocated_since: Cell<usize>,
    /// Objects allocated since the last collection.
    pub(crate) objects_since: Cell<usize>,
    /// `allocated_since` beyond which the next allocation collects first.
    pub(crate) threshold: Cell<usize>,
}

impl Cursors {
    pub(crate) fn new(threshold: usize) -> Cursors {
        Cursors {
            classes: Default::default(),
            allocated_since: Cell::new(0),
            objects_since: Cell::new(0),
            threshold: Cell::new(threshold),
        }
    }

    /// How compiled code allocates a `T` in place, or `None` when it must call the heap for
    /// every one (a type with a destructor, which the sweep must find in the drop bits, or one
    /// too large for a size class).
    pub(crate) fn inline_alloc<T: Trace>(&self) -> Option<InlineAlloc> {
        if std::mem::needs_drop::<T>() {
            return None;
        }
        let class = class_for(size_of::<GcBox<T>>(), align_of::<GcBox<T>>())?;
        let cursor = &self.classes[class];
        Some(InlineAlloc {
            free: cursor.free.as_ptr() as usize,
            bump: cursor.bump.as_ptr() as usize,
            bump_end: cursor.bump_end.as_ptr() as usize,
            allocated_since: self.allocated_since.as_ptr() as usize,
            objects_since: self.objects_since.as_ptr() as usize,
            threshold: self.threshold.as_ptr() as usize,
            footprint: raw::footprint::<T>(),
            vtable: std::ptr::from_ref(raw::vtable_for::<T>()) as usize,
            block_mask: BLOCK_MASK,
            granule_shift: GRANULE.trailing_zeros(),
            alloc_bits: alloc_bits_offset(),
        })
    }
}

/// How compiled code allocates a box of one type in place: the addresses of the words to
/// update and the constants to do it with. The sequence, which must stay that of
/// `Heap::alloc_with` for a type without a destructor:
///
/// 1. if `*allocated_since + footprint > *threshold`, call the heap instead (it collects);
/// 2. take the cell at `*free` (and store its first word into `*free`), or else the cell at
///    `*bump` if it is below `*bump_end` (and add `footprint` to `*bump`), or else call the heap;
/// 3. set the cell's allocation bit: in the block at `cell & !block_mask`, the bit
///    `g % 64` of the `u64` at `alloc_bits + 8 * (g / 64)`, where `g = (cell & block_mask) >>
///    granule_shift`;
/// 4. add `footprint` to `*allocated_since` and one to `*objects_since`;
/// 5. write the box: `vtable` in its first word, then the value from
///    [`payload_offset`](crate::payload_offset) on.
///
/// Nothing may collect between steps 2 and 5 (the cell is allocated but not yet an object);
/// compiled code makes no call there.
#[derive(Clone, Copy, Debug)]
pub struct InlineAlloc {
    /// The address of the class's free-list head (a `usize`).
    pub free: usize,
    /// The address of the class's bump pointer (a `usize`).
    pub bump: usize,
    /// The address of the end of the class's bump range (a `usize`).
    pub bump_end: usize,
    /// The address of the bytes allocated since the last collection (a `usize`).
    pub allocated_since: usize,
    /// The address of the objects allocated since the last collection (a `usize`).
    pub objects_since: usize,
    /// The address of the byte count that triggers the next collection (a `usize`).
    pub threshold: usize,
    /// The cell size: what the box takes and what the collection trigger counts.
    pub footprint: usize,
    /// The box's first word.
    pub vtable: usize,
    /// The bits of an address below its block's start.
    pub block_mask: usize,
    /// Log2 of the allocation granule.
    pub granule_shift: u32,
    /// The offset of the allocation bitmap in a block's header.
    pub alloc_bits: usize,
}
