//! A global allocator that counts the bytes each thread allocates, so that a test or a tool can
//! measure exactly the memory a compilation takes (the compile-cost tests check it grows
//! linearly with the unit), whatever other threads do. A program opts in by installing
//! [`CountingAllocator`] as its `#[global_allocator]`; it lives here because it needs `unsafe`,
//! which only the JIT, the collector and the value layout may hold.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // A constant initializer and a type without `Drop`: reading it never allocates and never
    // registers a destructor, so the allocator may use it.
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting the bytes each thread allocates ([`bytes_allocated`]).
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the count is a side effect that touches no allocation.
unsafe impl GlobalAlloc for CountingAllocator {
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

/// The bytes this thread has allocated so far (0 unless [`CountingAllocator`] is the program's
/// global allocator).
pub fn bytes_allocated() -> u64 {
    ALLOCATED.with(Cell::get)
}
