//! `Gc<T>`: the pointer to a heap object that guest values and Rust code hold.
//!
//! A `Gc` is a bare, pointer-sized, `Copy` address: it keeps nothing alive by itself. Its object
//! stays alive as long as a collection can reach it (see the crate documentation for the rooting
//! contract), and it compares by identity. Because objects never move, the address is stable and
//! may be stored in guest values and embedded in compiled code.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::mem::offset_of;
use std::ops::Deref;
use std::ptr::NonNull;

use crate::raw::{self, GcBox};
use crate::trace::Trace;
use crate::tracer::Tracer;

/// A pointer to a heap object. Copy, pointer-sized, compares by identity.
///
/// Objects are immutable through a `Gc` except through cells inside `T`. A `Gc` is neither `Send`
/// nor `Sync`: the heap belongs to one thread.
pub struct Gc<T: Trace> {
    ptr: NonNull<GcBox<T>>,
    _owns: PhantomData<T>,
}

impl<T: Trace> Gc<T> {
    /// The object's stable address: what guest values store and what the conservative scan
    /// recognises. It is the address of the object's header, not of the `T` inside; the value
    /// is at `as_addr() + Gc::<T>::value_offset()`.
    #[inline(always)]
    pub fn as_addr(self) -> usize {
        // The heap exposed the provenance of every block when it allocated it, so exposing it
        // again here is free and makes `from_addr` valid under the exposed-provenance model.
        self.ptr.as_ptr().expose_provenance()
    }

    /// The `Gc` for the object at `addr`.
    ///
    /// # Safety
    /// `addr` must be the address (from [`Gc::as_addr`]) of a live object of type `T`.
    #[inline(always)]
    pub unsafe fn from_addr(addr: usize) -> Gc<T> {
        // SAFETY: the caller guarantees a live object at `addr`, whose address is never zero.
        let ptr = unsafe { NonNull::new_unchecked(raw::box_ptr::<T>(addr)) };
        Gc {
            ptr,
            _owns: PhantomData,
        }
    }

    /// The `Gc` for the object at `addr` if that object's type is `T`.
    ///
    /// # Safety
    /// `addr` must be the address (from [`Gc::as_addr`]) of a live object of some type.
    #[inline(always)]
    pub unsafe fn from_addr_checked(addr: usize) -> Option<Gc<T>> {
        // SAFETY: the caller guarantees a live object at `addr`, whose header is its vtable.
        let vtable = unsafe { raw::vtable_at(addr) };
        // SAFETY: the header says the object is a `T`, and it is live.
        (vtable.type_id == std::any::TypeId::of::<T>()).then(|| unsafe { Gc::from_addr(addr) })
    }

    /// True if both point to the same object.
    #[inline(always)]
    pub fn ptr_eq(a: Self, b: Self) -> bool {
        a.ptr == b.ptr
    }

    /// The offset of the `T` from the object's address, for compiled code that reads fields
    /// directly.
    pub const fn value_offset() -> usize {
        offset_of!(GcBox<T>, value)
    }
}

impl<T: Trace> Deref for Gc<T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        // SAFETY: a `Gc` points to a live object for as long as the rooting contract is kept (the
        // object is reachable by the collector); objects never move, and the heap only mutates a
        // box when it frees it.
        unsafe { &(*self.ptr.as_ptr()).value }
    }
}

impl<T: Trace> Clone for Gc<T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Trace> Copy for Gc<T> {}

impl<T: Trace> PartialEq for Gc<T> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        Gc::ptr_eq(*self, *other)
    }
}

impl<T: Trace> Eq for Gc<T> {}

impl<T: Trace> Hash for Gc<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.ptr.hash(state);
    }
}

impl<T: Trace> fmt::Debug for Gc<T> {
    /// Prints the type and address only: following the object could loop on cycles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Gc<{}>({:#x})",
            std::any::type_name::<T>(),
            self.ptr.as_ptr().addr()
        )
    }
}

impl<T: Trace> fmt::Pointer for Gc<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Pointer::fmt(&self.ptr, f)
    }
}

// SAFETY: the only reference a `Gc` holds is itself, and it is marked.
unsafe impl<T: Trace> Trace for Gc<T> {
    #[inline]
    fn trace(&self, tracer: &mut Tracer) {
        tracer.mark(*self);
    }
}
