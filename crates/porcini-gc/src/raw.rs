//! Object boxes: the in-memory layout of one heap object and the type-erased operations on it.
//!
//! A box is an 8-byte header followed by the value. The header points at a per-type [`VTable`],
//! which is all the collector needs to trace, measure and drop an object whose type it does not
//! know statically. The address of the box (its header) is the object's identity: it is what
//! [`Gc::as_addr`](crate::Gc::as_addr) returns, what guest values store, and what the conservative
//! root scan looks for.
//!
//! Every function here takes a box address and trusts the caller that a box of the right kind
//! lives there; this is the one place that turns those addresses back into typed pointers.

use std::any::TypeId;
use std::ptr;

use crate::size_class::{CLASS_SIZES, class_for};
use crate::trace::Trace;
use crate::tracer::Tracer;

/// One heap object: the vtable header, then the value.
#[repr(C)]
pub(crate) struct GcBox<T> {
    pub(crate) vtable: &'static VTable,
    pub(crate) value: T,
}

/// Where a `T` sits inside its box: the address a `Gc<T>` holds plus this is the object's own
/// address (compiled code reads objects' fields directly).
pub fn payload_offset<T>() -> usize {
    std::mem::offset_of!(GcBox<T>, value)
}

/// The type-erased operations on the boxes of one type.
pub(crate) struct VTable {
    /// Traces the value in the box at the given address.
    pub(crate) trace: unsafe fn(usize, &mut Tracer),
    /// The value's `Trace::extra_bytes`.
    pub(crate) extra_bytes: unsafe fn(usize) -> usize,
    /// Drops the value in place, or `None` if the type has no drop glue.
    pub(crate) drop_value: Option<unsafe fn(usize)>,
    /// The value's type, for checked downcasts (a value, so a check is two loads and a compare).
    pub(crate) type_id: TypeId,
    /// The heap memory one box of this type occupies (its cell size, or its chunk size when large),
    /// which is what the collection trigger and the statistics count.
    pub(crate) footprint: usize,
}

/// The memory a box of `T` occupies in the heap, computed at compile time.
pub(crate) const fn footprint<T>() -> usize {
    let size = size_of::<GcBox<T>>();
    match class_for(size, align_of::<GcBox<T>>()) {
        Some(class) => CLASS_SIZES[class],
        None => crate::block::large_chunk_size(size, align_of::<GcBox<T>>()),
    }
}

/// The vtable for boxes of `T`; one static per type.
pub(crate) fn vtable_for<T: Trace>() -> &'static VTable {
    const {
        &VTable {
            trace: trace_box::<T>,
            extra_bytes: extra_bytes_of_box::<T>,
            drop_value: if std::mem::needs_drop::<T>() {
                Some(drop_box::<T>)
            } else {
                None
            },
            type_id: TypeId::of::<T>(),
            footprint: footprint::<T>(),
        }
    }
}

/// The box at `addr` as a typed pointer.
pub(crate) fn box_ptr<T>(addr: usize) -> *mut GcBox<T> {
    // Object addresses are handed out with their provenance exposed (see `block`), so turning them
    // back into pointers this way keeps the provenance of the block they lie in.
    ptr::with_exposed_provenance_mut::<GcBox<T>>(addr)
}

/// Writes a fresh box holding `value` into the cell at `addr`.
///
/// # Safety
/// `addr` must be a cell of this heap, at least `size_of::<GcBox<T>>()` bytes long, aligned for
/// `GcBox<T>`, that holds no live object.
pub(crate) unsafe fn write_box<T: Trace>(addr: usize, value: T) {
    let vtable = vtable_for::<T>();
    // SAFETY: the caller hands over an unused cell that is large and aligned enough for the box.
    unsafe { box_ptr::<T>(addr).write(GcBox { vtable, value }) }
}

/// The vtable of the box at `addr`.
///
/// # Safety
/// `addr` must be the address of a live object of this heap.
pub(crate) unsafe fn vtable_at(addr: usize) -> &'static VTable {
    // SAFETY: every live box starts with its vtable reference (`GcBox` is `repr(C)` and the
    // header's type does not depend on `T`), and the caller guarantees a live box at `addr`.
    unsafe { (*box_ptr::<()>(addr)).vtable }
}

/// Runs the value's destructor, if it has one, leaving the cell uninitialised.
///
/// # Safety
/// `addr` must be the address of a live object of this heap, which is dead afterwards: nothing may
/// use it again, and its cell must be marked free before the heap is re-entered.
pub(crate) unsafe fn drop_object(addr: usize) {
    // SAFETY: the caller guarantees a live box at `addr`.
    let vtable = unsafe { vtable_at(addr) };
    if let Some(drop_value) = vtable.drop_value {
        // SAFETY: the vtable belongs to the box's type, and the caller gives up the object.
        unsafe { drop_value(addr) }
    }
}

/// `VTable::trace` for `T`.
///
/// # Safety
/// `addr` must be the address of a live `GcBox<T>`.
unsafe fn trace_box<T: Trace>(addr: usize, tracer: &mut Tracer) {
    // SAFETY: the caller guarantees a live `GcBox<T>`; the collector never mutates it while
    // tracing, so a shared reference is sound.
    let value = unsafe { &(*box_ptr::<T>(addr)).value };
    value.trace(tracer);
}

/// `VTable::extra_bytes` for `T`.
///
/// # Safety
/// `addr` must be the address of a live `GcBox<T>`.
unsafe fn extra_bytes_of_box<T: Trace>(addr: usize) -> usize {
    // SAFETY: as in `trace_box`.
    let value = unsafe { &(*box_ptr::<T>(addr)).value };
    value.extra_bytes()
}

/// `VTable::drop_value` for `T`.
///
/// # Safety
/// `addr` must be the address of a live `GcBox<T>` that is never used again.
unsafe fn drop_box<T>(addr: usize) {
    // SAFETY: the caller guarantees a live `GcBox<T>` and gives it up, so it is dropped once.
    unsafe { ptr::drop_in_place(&raw mut (*box_ptr::<T>(addr)).value) }
}
