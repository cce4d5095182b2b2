//! The `Trace` trait: how the collector finds the references inside a heap object.
//!
//! Tracing is precise. Every type stored in the heap, and every type stored inside one, reports
//! each GC reference it holds to the [`Tracer`]. A reference that is not reported is not followed,
//! and the object it points to may be freed while still in use, which is why the trait is unsafe
//! to implement.

use crate::tracer::Tracer;

/// Implemented by every type stored in the heap: visits each GC reference it holds.
///
/// # Safety
///
/// `trace` must pass every [`Gc`](crate::Gc) (or object address) the value holds to the tracer,
/// through [`Tracer::mark`], [`Tracer::mark_addr`] or one of the conservative methods. Addresses
/// given to `mark_addr` must be addresses of live objects of the same heap.
///
/// `trace` runs during a collection: it must not allocate in the heap, start a collection, or
/// mutate the references it is reporting. It may be called any number of times.
///
/// If the type implements `Drop`, the drop must not dereference any `Gc` it holds: garbage is
/// dropped in an unspecified order, and the referenced object may already have been freed.
pub unsafe trait Trace: 'static {
    /// Reports each GC reference held by `self` to `tracer`.
    fn trace(&self, tracer: &mut Tracer);

    /// Bytes owned outside the object itself (e.g. a Vec's buffer), for the collection trigger.
    ///
    /// The value is sampled when the object is allocated and again each time a collection finds
    /// it alive, so growth of owned buffers is accounted for at the next collection; growth that
    /// should trigger a collection sooner can be reported with
    /// [`Heap::add_external_bytes`](crate::Heap::add_external_bytes).
    fn extra_bytes(&self) -> usize {
        0
    }

    /// Whether the sweep must run this object's destructor when it dies. Asked once, when the
    /// object is allocated, and only for types that have a destructor at all; the sweep frees
    /// an object that says no by clearing a bit, without reading its cell.
    ///
    /// A type whose destructor frees something only some values own says no for the others: a
    /// string whose text is kept inline owns nothing, and dropping each dead one cost a cache
    /// miss per string in loops that make short strings. The answer must hold for the object's
    /// whole life, so a value that may come to own memory later says yes. A wrong no leaks what
    /// the object owns; it is never unsound.
    fn needs_drop(&self) -> bool {
        true
    }
}
