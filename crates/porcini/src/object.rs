//! Dynamic objects: a shape plus property storage, and one internal value.
//!
//! The internal value is the language's own data of an object that is more than its
//! properties: JavaScript keeps a function's code and environment there, or an array's elements,
//! so that every object of the language is a `DynObject` with a shape and the same inline
//! caches and compiled property accesses serve them all.
//!
//! Property values live in slots numbered by the shape. The first [`INLINE_SLOTS`] are stored in
//! the object itself, as V8's in-object properties and Truffle's object layouts do: most objects
//! are small, and a cached access to an inline slot is one load with no borrow check and no
//! indirection. Further slots go to a [`ValueBuffer`] in the collected heap, so that an object
//! owns no host memory and needs no destructor: the sweep frees a dead one without reading it.
//! The object never moves (the heap is non-moving), so inline caches and compiled code may hold
//! its address.

use std::cell::Cell;

use porcini_gc::{Trace, Tracer};

use crate::buffer::ValueBuffer;
use crate::language::Language;
use crate::runtime::Runtime;
use crate::shape::{ShapeId, ShapeTable};
use crate::symbol::Symbol;
use crate::value::Value;

/// Number of property slots stored inside the object.
///
/// Every object has room for this many, whatever its shape, so it sets the size of them all.
/// Four make an object of 128 bytes, two cache lines; eight made it 192. Memory-bound programs
/// pay for every byte (Havlak's graph of small objects ran a third faster with four, its heap
/// a fifth smaller), while an object with more properties pays one load for the address of
/// the rest, once per straight path in compiled code.
pub const INLINE_SLOTS: usize = 4;

/// A guest object with shape-described properties.
///
/// The field order is fixed (`repr(C)`) for the memory system's sake. An object spans two
/// cache lines (its cell is 128 bytes, and cells of that class start on a line), and nearly
/// every access reads the shape first to check it. Left to the compiler, the shape went last,
/// so a cached property read touched one line for the slot and another for the shape. Here
/// the shape, the internal value (an array's elements, read on every indexed access) and the
/// first two slots share the first line, and the buffer of further slots, read only past the
/// inline ones, comes last.
#[repr(C)]
pub struct DynObject {
    shape: Cell<ShapeId>,
    /// Slots in use (the shape's property count).
    len: Cell<u32>,
    /// The language's own data (empty for a plain object).
    internal: Cell<Value>,
    inline: [Cell<Value>; INLINE_SLOTS],
    /// Slots from `INLINE_SLOTS` on, with room to grow. Compiled code reads the address of
    /// the first one from the buffer.
    extra: ValueBuffer,
}

/// Where compiled code finds an object's fields, in bytes from the address a value's payload
/// holds.
#[derive(Clone, Copy, Debug)]
pub struct ObjectLayout {
    /// The shape id (a `u32`).
    pub shape: i32,
    /// The first inline slot; the others follow, one value apart.
    pub inline: i32,
    /// Number of inline slots.
    pub inline_slots: u32,
    /// The number of slots in use (a `u32`).
    pub len: i32,
    /// The language's own data (a value).
    pub internal: i32,
    /// The address of the slots from `inline_slots` on (a `u64`).
    pub extra_base: i32,
    /// How many slots from `inline_slots` on there is room for (a `u64`).
    pub extra_capacity: i32,
}

impl ObjectLayout {
    /// The layout of [`DynObject`].
    pub fn get() -> ObjectLayout {
        let base = porcini_gc::payload_offset::<DynObject>();
        ObjectLayout {
            shape: (base + std::mem::offset_of!(DynObject, shape)) as i32,
            inline: (base + std::mem::offset_of!(DynObject, inline)) as i32,
            inline_slots: INLINE_SLOTS as u32,
            len: (base + std::mem::offset_of!(DynObject, len)) as i32,
            internal: (base + std::mem::offset_of!(DynObject, internal)) as i32,
            extra_base: (base + std::mem::offset_of!(DynObject, extra) + ValueBuffer::BASE_OFFSET) as i32,
            extra_capacity: (base + std::mem::offset_of!(DynObject, extra) + ValueBuffer::CAPACITY_OFFSET) as i32,
        }
    }
}

impl ObjectLayout {
    /// The 64-bit words of an empty object whose internal value is empty, by offset from the
    /// object's address, except the shape and the slot count (two `u32`s, the second 0):
    /// what compiled code writes to make one in place. Together with those two, they cover
    /// every byte of the object.
    pub fn empty_words(&self) -> Vec<(i32, u64)> {
        let base = porcini_gc::payload_offset::<DynObject>();
        let empty = |at: i32| [(at + Value::TAG_OFFSET, Value::EMPTY.tag() as u64), (at + Value::PAYLOAD_OFFSET, Value::EMPTY.bits())];
        let mut words: Vec<(i32, u64)> = (0..INLINE_SLOTS as i32).flat_map(|i| empty(self.inline + i * size_of::<Value>() as i32)).collect();
        words.extend(empty(self.internal));
        let extra = (base + std::mem::offset_of!(DynObject, extra)) as i32;
        words.extend(ValueBuffer::EMPTY_WORDS.iter().map(|&(at, w)| (extra + at as i32, w)));
        words
    }
}

// Compiled code writes an empty object as the words of `ObjectLayout::empty_words` plus the shape
// and the slot count; these are all of its bytes only if nothing else is in it.
const _: () = assert!(
    size_of::<DynObject>() == 2 * size_of::<u32>() + (INLINE_SLOTS + 1) * size_of::<Value>() + size_of::<ValueBuffer>()
);

impl Default for DynObject {
    fn default() -> Self {
        DynObject::new()
    }
}

impl DynObject {
    /// An empty object with the root shape.
    pub fn new() -> DynObject {
        DynObject::with_shape(ShapeId::ROOT, Value::EMPTY)
    }
    /// An empty object of `shape` (a root shape: one without properties), holding `internal`.
    pub fn with_shape(shape: ShapeId, internal: Value) -> DynObject {
        DynObject {
            shape: Cell::new(shape),
            len: Cell::new(0),
            inline: Default::default(),
            extra: ValueBuffer::empty(),
            internal: Cell::new(internal),
        }
    }
    /// The language's own data.
    #[inline(always)]
    pub fn internal(&self) -> Value {
        self.internal.get()
    }
    /// Replaces the language's own data.
    pub fn set_internal(&self, v: Value) {
        self.internal.set(v)
    }
    /// Makes the object a prototype: it moves to a prototype shape of its own (see
    /// [`ShapeTable::make_prototype`]).
    pub fn become_prototype(&self, shapes: &ShapeTable) {
        self.shape.set(shapes.make_prototype(self.shape()));
    }
    /// The current shape.
    #[inline(always)]
    pub fn shape(&self) -> ShapeId {
        self.shape.get()
    }
    /// Reads slot `index`; the caller has checked the shape, so the slot exists.
    #[inline(always)]
    pub fn get_slot(&self, index: u32) -> Value {
        match self.inline.get(index as usize) {
            Some(c) => c.get(),
            None => self.get_extra(index),
        }
    }
    // Not cold: with four slots inside, many objects have properties past them.
    #[inline]
    fn get_extra(&self, index: u32) -> Value {
        let i = (index as usize).wrapping_sub(INLINE_SLOTS);
        self.extra.get(i).unwrap_or(Value::NULL)
    }
    /// Writes slot `index`; the caller has checked the shape, so the slot exists.
    #[inline(always)]
    pub fn set_slot(&self, index: u32, v: Value) {
        match self.inline.get(index as usize) {
            Some(c) => c.set(v),
            None => self.set_extra(index, v),
        }
    }
    #[inline]
    fn set_extra(&self, index: u32, v: Value) {
        let i = (index as usize).wrapping_sub(INLINE_SLOTS);
        self.extra.set(i, v);
    }
    /// Moves the object to `new_shape`, which must be `add_property` of its current shape, and
    /// stores the new property's value in the new last slot. Takes the runtime, since the slots
    /// past the inline ones may have to grow.
    pub fn add_slot<L: Language>(&self, rt: &Runtime<L>, new_shape: ShapeId, v: Value) {
        let index = self.len.get();
        match self.inline.get(index as usize) {
            Some(c) => c.set(v),
            None => {
                let i = index as usize - INLINE_SLOTS;
                if !self.extra.set(i, v) {
                    self.grow_extra(rt, i, v);
                }
            }
        }
        self.len.set(index + 1);
        self.shape.set(new_shape);
    }
    /// Grows the slots past the inline ones, which have no room for slot `i` (the first unused
    /// one), and stores `v` there.
    #[cold]
    fn grow_extra<L: Language>(&self, rt: &Runtime<L>, i: usize, v: Value) {
        // `v` stays on this native stack, where a collection the growth starts finds it.
        self.extra.grow(rt, (i + 1).max(4), i);
        self.extra.set(i, v);
    }
    /// Generic (uncached) read.
    pub fn get(&self, shapes: &ShapeTable, key: Symbol) -> Option<Value> {
        shapes.lookup(self.shape(), key).map(|slot| self.get_slot(slot))
    }
    /// Generic (uncached) write: overwrite or add. A write to a prototype invalidates the
    /// assumption that it is unchanged.
    pub fn put<L: Language>(&self, rt: &Runtime<L>, key: Symbol, v: Value) {
        let shapes = &rt.shapes;
        match shapes.lookup(self.shape(), key) {
            Some(slot) => {
                shapes.prototype_written(self.shape());
                self.set_slot(slot, v)
            }
            None => {
                let to = shapes.add_property(self.shape(), key);
                self.add_slot(rt, to, v);
            }
        }
    }
    /// Generic write of a new property of kind `flags` (see [`ShapeTable::add_property_with`]).
    /// An existing property keeps its slot and its kind and takes the value.
    pub fn define<L: Language>(&self, rt: &Runtime<L>, key: Symbol, v: Value, flags: crate::shape::PropFlags) {
        let shapes = &rt.shapes;
        match shapes.lookup(self.shape(), key) {
            Some(slot) => {
                shapes.prototype_written(self.shape());
                self.set_slot(slot, v)
            }
            None => {
                let to = shapes.add_property_with(self.shape(), key, flags);
                self.add_slot(rt, to, v);
            }
        }
    }
}

// SAFETY: every reference the object holds is its internal value, a value in one of its slots or
// the buffer of its further slots; all are traced (unused inline slots hold `Value::EMPTY`, which
// traces nothing, and the buffer marks itself and traces the slots in use).
unsafe impl Trace for DynObject {
    fn trace(&self, tracer: &mut Tracer) {
        self.internal.get().trace(tracer);
        self.inline.trace(tracer);
        let used = (self.len.get() as usize).saturating_sub(INLINE_SLOTS);
        self.extra.trace_first(used, tracer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What nearly every access reads (the shape, and an array's elements through the internal
    /// value) and the first two slots lie in the object's first cache line, counting from its
    /// box, which starts on a line.
    #[test]
    fn the_fields_read_first_share_the_first_cache_line() {
        let l = ObjectLayout::get();
        let value = size_of::<Value>() as i32;
        assert!(l.shape + 4 <= 64 && l.len + 4 <= 64, "{l:?}");
        assert!(l.internal + value <= 64, "{l:?}");
        assert!(l.inline + 2 * value <= 64, "{l:?}");
    }
}
