//! A global allocator that counts the bytes each thread allocates, so that tests can measure
//! the memory a piece of work takes exactly, whatever the other tests running beside it do.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // A constant initializer and a type without `Drop`: reading it never allocates and never
    // registers a destructor, so the allocator may use it.
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting.
struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the count is a side effect that touches no allocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + layout.size() as u64));
        // SAFETY: the caller's promises about `layout` are passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (every allocation goes there).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + layout.size() as u64));
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A growth counts as an allocation of the new size, as a copy into a new block would.
        ALLOCATED.with(|a| a.set(a.get() + new_size as u64));
        // SAFETY: the caller's promises about `ptr`, `layout` and `new_size` are passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The bytes this thread has allocated so far.
pub fn bytes_allocated() -> u64 {
    ALLOCATED.with(Cell::get)
}
