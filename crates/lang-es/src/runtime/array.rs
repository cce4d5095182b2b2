//! The elements of a JavaScript array.
//!
//! An array is a `DynObject` (its named properties, and its prototype, in its shape) whose
//! internal value is its elements ([`ArrayData`], the framework's `Elements`): a dense vector of elements in which a hole is the empty
//! value. `length` is the vector's length, so writing `length` truncates or extends it, and a
//! write past the end fills the gap with holes, as JavaScript's arrays behave. Arrays longer
//! than the guest's memory allows are a guest error, not a host crash.

use porcini::{Runtime, Value};

use crate::Es;

/// An array's elements: the framework's, which compiled code indexes directly.
pub use porcini::elements::Elements as ArrayData;

/// The most elements an array may hold: writing a larger `length` (or an index beyond it) is
/// refused with a `RangeError` rather than letting the host allocate without bound.
pub const MAX_DENSE_LENGTH: usize = 1 << 28;

/// An array would grow past [`MAX_DENSE_LENGTH`] elements.
#[derive(Debug)]
pub struct TooLong;

/// Writes element `i`, growing the array (with holes) when `i` is at or past the end; fails if
/// the array would exceed [`MAX_DENSE_LENGTH`].
pub fn set_element(rt: &Runtime<Es>, a: &ArrayData, i: usize, v: Value) -> Result<(), TooLong> {
    if i >= MAX_DENSE_LENGTH {
        return Err(TooLong);
    }
    a.set(rt, i, v);
    Ok(())
}

/// Sets `length`: truncates, or extends with holes; fails beyond [`MAX_DENSE_LENGTH`].
pub fn set_length(rt: &Runtime<Es>, a: &ArrayData, n: usize) -> Result<(), TooLong> {
    if n > MAX_DENSE_LENGTH {
        return Err(TooLong);
    }
    a.set_len(rt, n);
    Ok(())
}
