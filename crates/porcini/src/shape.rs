//! Shapes (hidden classes) and their transition tree.
//!
//! Every dynamic object points to a shape that maps its property keys to storage slots. Objects
//! that received the same keys in the same order share a shape, so an inline cache can test one
//! 32-bit `ShapeId` and then read a slot at a fixed index. Adding a property follows (or creates) a
//! transition from the current shape; shapes are never mutated or freed, which keeps the ids that
//! inline caches and compiled code hold valid forever.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use crate::symbol::Symbol;

/// The identity of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct ShapeId(pub u32);

impl ShapeId {
    /// The shape of an object with no properties.
    pub const ROOT: ShapeId = ShapeId(0);
}

struct ShapeData {
    /// Key to slot index, for every property of the shape.
    slots: FxHashMap<Symbol, u32>,
    /// Property keys in slot order.
    keys: Vec<Symbol>,
    /// Outgoing "add property" transitions.
    transitions: FxHashMap<Symbol, ShapeId>,
}

/// All shapes of an engine.
pub struct ShapeTable {
    shapes: RefCell<Vec<ShapeData>>,
}

impl Default for ShapeTable {
    fn default() -> Self {
        let root = ShapeData { slots: FxHashMap::default(), keys: Vec::new(), transitions: FxHashMap::default() };
        ShapeTable { shapes: RefCell::new(vec![root]) }
    }
}

impl ShapeTable {
    /// The slot of `key` in `shape`, if the shape has that property.
    pub fn lookup(&self, shape: ShapeId, key: Symbol) -> Option<u32> {
        self.shapes.borrow().get(shape.0 as usize)?.slots.get(&key).copied()
    }
    /// The shape reached from `shape` by adding `key`; its new slot is the last one.
    pub fn add_property(&self, shape: ShapeId, key: Symbol) -> ShapeId {
        let mut shapes = self.shapes.borrow_mut();
        let Some(from) = shapes.get(shape.0 as usize) else { return shape };
        if let Some(&to) = from.transitions.get(&key) {
            return to;
        }
        let mut slots = from.slots.clone();
        let mut keys = from.keys.clone();
        slots.insert(key, keys.len() as u32);
        keys.push(key);
        let id = ShapeId(shapes.len() as u32);
        shapes.push(ShapeData { slots, keys, transitions: FxHashMap::default() });
        shapes[shape.0 as usize].transitions.insert(key, id);
        id
    }
    /// The keys of a shape in slot order.
    pub fn keys(&self, shape: ShapeId) -> Vec<Symbol> {
        self.shapes.borrow().get(shape.0 as usize).map(|s| s.keys.clone()).unwrap_or_default()
    }
    /// Number of shapes created so far.
    pub fn len(&self) -> usize {
        self.shapes.borrow().len()
    }
    /// Always false: the root shape exists from the start.
    pub fn is_empty(&self) -> bool {
        false
    }
}
