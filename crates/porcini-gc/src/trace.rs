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
}
