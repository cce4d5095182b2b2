//! The elements of a JavaScript array.
//!
//! An array is a `DynObject` (its named properties, and its prototype, in its shape) whose
//! internal value is an [`ArrayData`]: a dense vector of elements in which a hole is the empty
//! value. `length` is the vector's length, so writing `length` truncates or extends it, and a
//! write past the end fills the gap with holes, as JavaScript's arrays behave. Arrays longer
//! than the guest's memory allows are a guest error, not a host crash.

use std::cell::RefCell;

use porcini::{HeapKind, Tag, Trace, Tracer, Value};

/// The most elements an array may hold: writing a larger `length` (or an index beyond it) is
/// refused with a `RangeError` rather than letting the host allocate without bound.
pub const MAX_DENSE_LENGTH: usize = 1 << 28;

/// An array's elements.
pub struct ArrayData {
    pub elements: RefCell<Vec<Value>>,
}

impl HeapKind for ArrayData {
    const TAG: Tag = Tag::Ref2;
    fn trace(&self, tracer: &mut Tracer) {
        self.elements.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.elements.try_borrow().map_or(0, |v| v.capacity()) * std::mem::size_of::<Value>()
    }
}

/// An array would grow past [`MAX_DENSE_LENGTH`] elements.
#[derive(Debug)]
pub struct TooLong;

impl ArrayData {
    /// Storage holding `elements`.
    pub fn new(elements: Vec<Value>) -> ArrayData {
        ArrayData { elements: RefCell::new(elements) }
    }
    /// The array's `length`.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.elements.borrow().len()
    }
    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Element `i`: `None` past the end, the empty value for a hole.
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<Value> {
        self.elements.borrow().get(i).copied()
    }
    /// Writes element `i`, growing the array (with holes) when `i` is at or past the end.
    /// Fails if the array would exceed [`MAX_DENSE_LENGTH`].
    pub fn set(&self, i: usize, v: Value) -> Result<(), TooLong> {
        let mut e = self.elements.borrow_mut();
        if let Some(slot) = e.get_mut(i) {
            *slot = v;
            return Ok(());
        }
        if i >= MAX_DENSE_LENGTH {
            return Err(TooLong);
        }
        e.resize(i, Value::EMPTY);
        e.push(v);
        Ok(())
    }
    /// Sets `length`: truncates, or extends with holes. Fails beyond [`MAX_DENSE_LENGTH`].
    pub fn set_len(&self, n: usize) -> Result<(), TooLong> {
        if n > MAX_DENSE_LENGTH {
            return Err(TooLong);
        }
        self.elements.borrow_mut().resize(n, Value::EMPTY);
        Ok(())
    }
    /// A copy of the elements.
    /// Appends `v` (an element made while the array is being filled is stored at once, where
    /// the collector sees it).
    pub fn push(&self, v: Value) {
        self.elements.borrow_mut().push(v);
    }
    pub fn to_vec(&self) -> Vec<Value> {
        self.elements.borrow().clone()
    }
}
