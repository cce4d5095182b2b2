//! Dynamic objects: a shape plus property storage.
//!
//! Property values live in a growable slot vector indexed by the shape's slot numbers. The object
//! never moves (the heap is non-moving), so inline caches and compiled code may hold its address.

use std::cell::{Cell, RefCell};

use porcini_gc::{Trace, Tracer};

use crate::shape::{ShapeId, ShapeTable};
use crate::symbol::Symbol;
use crate::value::Value;

/// A guest object with shape-described properties.
pub struct DynObject {
    shape: Cell<ShapeId>,
    slots: RefCell<Vec<Value>>,
}

impl Default for DynObject {
    fn default() -> Self {
        DynObject::new()
    }
}

impl DynObject {
    /// An empty object with the root shape.
    pub fn new() -> DynObject {
        DynObject { shape: Cell::new(ShapeId::ROOT), slots: RefCell::new(Vec::new()) }
    }
    /// The current shape.
    #[inline(always)]
    pub fn shape(&self) -> ShapeId {
        self.shape.get()
    }
    /// Reads slot `index`; the caller has checked the shape, so the slot exists.
    #[inline(always)]
    pub fn get_slot(&self, index: u32) -> Value {
        self.slots.borrow().get(index as usize).copied().unwrap_or(Value::NULL)
    }
    /// Writes slot `index`; the caller has checked the shape, so the slot exists.
    #[inline(always)]
    pub fn set_slot(&self, index: u32, v: Value) {
        if let Some(slot) = self.slots.borrow_mut().get_mut(index as usize) {
            *slot = v;
        }
    }
    /// Moves the object to `new_shape`, which must be `add_property` of its current shape, and
    /// stores the new property's value in the new last slot.
    pub fn add_slot(&self, new_shape: ShapeId, v: Value) {
        self.slots.borrow_mut().push(v);
        self.shape.set(new_shape);
    }
    /// Generic (uncached) read.
    pub fn get(&self, shapes: &ShapeTable, key: Symbol) -> Option<Value> {
        shapes.lookup(self.shape(), key).map(|slot| self.get_slot(slot))
    }
    /// Generic (uncached) write: overwrite or add.
    pub fn put(&self, shapes: &ShapeTable, key: Symbol, v: Value) {
        match shapes.lookup(self.shape(), key) {
            Some(slot) => self.set_slot(slot, v),
            None => {
                let to = shapes.add_property(self.shape(), key);
                self.add_slot(to, v);
            }
        }
    }
}

// SAFETY: every reference the object holds is a value in its slot vector, and all are traced.
unsafe impl Trace for DynObject {
    fn trace(&self, tracer: &mut Tracer) {
        // Traced through the RefCell's own `Trace`, which does not take a borrow, so a collection
        // that starts while the slots are mutably borrowed cannot panic.
        self.slots.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.slots.borrow().capacity() * std::mem::size_of::<Value>()
    }
}
