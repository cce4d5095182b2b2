//! The value stack: one contiguous, lazily committed array of value cells for all activations.
//!
//! It is allocated zeroed (`Value::EMPTY` is all-zero bits), so the operating system commits pages
//! only when deep recursion first touches them: an empty program costs nothing, and a deep one
//! costs what it uses. This is part of the value-layout code and one of the few places with
//! `unsafe`: creating the zeroed allocation relies on the all-zero bit pattern being a valid value.

use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::cell::Cell;

use porcini_gc::Tracer;

use crate::value::Value;

/// The fixed-capacity value stack.
pub struct ValueStack {
    cells: Box<[Cell<Value>]>,
    /// Highest index ever used (exclusive); the collector scans up to here. Boxed, so that its
    /// address is stable: compiled code that sets up activations itself updates it in place.
    /// It never exceeds the number of cells (every raise follows a bounds check), which compiled
    /// code relies on: an activation that ends at or below the mark fits.
    high_water: Box<Cell<usize>>,
}

impl ValueStack {
    /// A stack of `capacity` cells, all Empty, committed lazily.
    pub fn new(capacity: usize) -> ValueStack {
        let capacity = capacity.max(1);
        let Ok(layout) = Layout::array::<Cell<Value>>(capacity) else {
            handle_alloc_error(Layout::new::<Value>())
        };
        // SAFETY: the layout has a non-zero size (capacity >= 1). The all-zero bit pattern is a valid
        // `Value` (`Tag::Empty` is discriminant 0 and the payload is a plain u64), and `Cell<Value>`
        // has the same layout as `Value`, so the zeroed memory is `capacity` initialised cells. The
        // pointer comes from the global allocator with exactly this layout, as `Box` requires.
        let cells = unsafe {
            let ptr = alloc_zeroed(layout) as *mut Cell<Value>;
            if ptr.is_null() {
                handle_alloc_error(layout)
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, capacity))
        };
        ValueStack { cells, high_water: Box::new(Cell::new(0)) }
    }
    /// All cells.
    #[inline(always)]
    pub fn cells(&self) -> &[Cell<Value>] {
        &self.cells
    }
    /// Where compiled code finds the stack: the first cell's address, the number of cells, and
    /// the address of the high-water mark (a `usize`).
    pub fn layout(&self) -> (usize, usize, usize) {
        (self.cells.as_ptr() as usize, self.cells.len(), self.high_water.as_ptr() as usize)
    }
    /// Records that cells below `end` are in use.
    #[inline(always)]
    pub fn touch(&self, end: usize) {
        if end > self.high_water.get() {
            self.high_water.set(end);
        }
    }
    /// Conservatively scans the used part of the stack. Cells above the live frames may hold stale
    /// addresses of freed objects, so they cannot be traced precisely; a conservative scan only
    /// marks words that are addresses of live objects.
    pub fn scan(&self, tracer: &mut Tracer) {
        let used = self.high_water.get().min(self.cells.len());
        let words = used * (std::mem::size_of::<Value>() / std::mem::size_of::<usize>());
        // SAFETY: the range lies inside `self.cells` (used <= len), which is one live allocation of
        // initialised, word-aligned `Value`s, and it is only read for the duration of the call.
        unsafe { tracer.scan_range(self.cells.as_ptr() as *const usize, words) };
    }
}
