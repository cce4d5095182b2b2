//! `Trace` for standard-library types, so that heap objects can be built from them.
//!
//! Containers trace their elements and report the memory they own outside the object as extra
//! bytes. Leaf types (numbers, strings) hold no references. `RefCell` is traced even while it is
//! mutably borrowed, because a collection may well start inside such a borrow (an allocation whose
//! result is about to be stored); see its impl for why that is sound enough here.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasher;

use crate::trace::Trace;
use crate::tracer::Tracer;

macro_rules! leaf_trace {
    ($($t:ty),* $(,)?) => {$(
        // SAFETY: the type holds no GC references.
        unsafe impl Trace for $t {
            #[inline(always)]
            fn trace(&self, _tracer: &mut Tracer) {}
        }
    )*};
}

leaf_trace!(
    (),
    bool,
    char,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    f32,
    f64,
    &'static str,
    std::any::TypeId,
);

// SAFETY: a string holds no GC references.
unsafe impl Trace for String {
    fn trace(&self, _tracer: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        self.capacity()
    }
}

// SAFETY: a boxed string holds no GC references.
unsafe impl Trace for Box<str> {
    fn trace(&self, _tracer: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        self.len()
    }
}

// SAFETY: the only references are in the boxed value, which is traced.
unsafe impl<T: Trace> Trace for Box<T> {
    fn trace(&self, tracer: &mut Tracer) {
        (**self).trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        size_of::<T>() + (**self).extra_bytes()
    }
}

// SAFETY: every element is traced.
unsafe impl<T: Trace> Trace for Box<[T]> {
    fn trace(&self, tracer: &mut Tracer) {
        for item in self.iter() {
            item.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        size_of_val::<[T]>(self) + self.iter().map(Trace::extra_bytes).sum::<usize>()
    }
}

// SAFETY: every element is traced.
unsafe impl<T: Trace> Trace for Vec<T> {
    fn trace(&self, tracer: &mut Tracer) {
        for item in self {
            item.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.capacity() * size_of::<T>() + self.iter().map(Trace::extra_bytes).sum::<usize>()
    }
}

// SAFETY: every element is traced.
unsafe impl<T: Trace> Trace for VecDeque<T> {
    fn trace(&self, tracer: &mut Tracer) {
        for item in self {
            item.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.capacity() * size_of::<T>() + self.iter().map(Trace::extra_bytes).sum::<usize>()
    }
}

// SAFETY: every key and value is traced.
unsafe impl<K: Trace, V: Trace, S: BuildHasher + 'static> Trace for HashMap<K, V, S> {
    fn trace(&self, tracer: &mut Tracer) {
        for (key, value) in self {
            key.trace(tracer);
            value.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        let entries = self.capacity() * (size_of::<K>() + size_of::<V>() + 1);
        entries
            + self
                .iter()
                .map(|(k, v)| k.extra_bytes() + v.extra_bytes())
                .sum::<usize>()
    }
}

// SAFETY: the value, if any, is traced.
unsafe impl<T: Trace> Trace for Option<T> {
    #[inline]
    fn trace(&self, tracer: &mut Tracer) {
        if let Some(value) = self {
            value.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.as_ref().map_or(0, Trace::extra_bytes)
    }
}

// SAFETY: the contained value is copied out and traced; a `Cell` holds nothing else.
unsafe impl<T: Trace + Copy> Trace for Cell<T> {
    #[inline]
    fn trace(&self, tracer: &mut Tracer) {
        self.get().trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.get().extra_bytes()
    }
}

// SAFETY: the contents are traced (see `contents_during_collection` for how they are read).
unsafe impl<T: Trace> Trace for RefCell<T> {
    fn trace(&self, tracer: &mut Tracer) {
        contents_during_collection(self).trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        contents_during_collection(self).extra_bytes()
    }
}

/// The contents of a `RefCell`, read by the collector regardless of the borrow flag.
///
/// Going through `borrow()` would panic whenever a collection starts while the mutator holds a
/// `borrow_mut()` of a reachable object, which happens in ordinary code such as
/// `obj.slots.borrow_mut().push(heap.alloc(..))`. The collector runs on the mutator thread, inside
/// an allocation or collection call, so the holder of that mutable borrow is suspended in a caller
/// frame and is not writing while the collector reads; and the contents are in a consistent state,
/// since no `Trace` type's methods call into the heap halfway through updating themselves.
fn contents_during_collection<T>(cell: &RefCell<T>) -> &T {
    // SAFETY: see above: no write to the contents can happen while the collector holds this
    // reference, which does not outlive the trace call.
    unsafe { &*cell.as_ptr() }
}

// SAFETY: every element is traced.
unsafe impl<T: Trace, const N: usize> Trace for [T; N] {
    fn trace(&self, tracer: &mut Tracer) {
        for item in self {
            item.trace(tracer);
        }
    }
    fn extra_bytes(&self) -> usize {
        self.iter().map(Trace::extra_bytes).sum()
    }
}

macro_rules! tuple_trace {
    ($($name:ident)+) => {
        // SAFETY: every field is traced.
        unsafe impl<$($name: Trace),+> Trace for ($($name,)+) {
            #[allow(non_snake_case)]
            fn trace(&self, tracer: &mut Tracer) {
                let ($($name,)+) = self;
                $($name.trace(tracer);)+
            }
            #[allow(non_snake_case)]
            fn extra_bytes(&self) -> usize {
                let ($($name,)+) = self;
                0 $(+ $name.extra_bytes())+
            }
        }
    };
}

tuple_trace!(A);
tuple_trace!(A B);
tuple_trace!(A B C);
tuple_trace!(A B C D);
tuple_trace!(A B C D E);
tuple_trace!(A B C D E F);
