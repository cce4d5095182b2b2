//! Shapes (hidden classes) and their transition trees.
//!
//! Every dynamic object points to a shape that maps its property keys to storage slots, says
//! which of its properties are accessors (their slot holds the language's getter and setter) or
//! hidden from enumeration, and names its prototype. Objects that received the same keys in the
//! same order from the same prototype share a shape, so an inline cache can test one 32-bit
//! `ShapeId` and then read a slot at a fixed index. Each prototype has a root shape of its own,
//! from which adding a property follows (or creates) a transition. Shapes are never mutated or
//! freed, which keeps the ids that inline caches and compiled code hold valid forever; the
//! prototypes they name are therefore kept alive as long as the engine (the runtime traces them).
//!
//! An object used as a prototype gets a *prototype shape* of its own, shared with no other
//! object, and a [`CyclicAssumption`] that nothing about its properties changes. A lookup through
//! a prototype chain can then be cached, and compiled, as a constant: the receiver's shape names
//! the prototype, and the prototype's assumption guards its contents. Writing to a prototype
//! invalidates its assumption; inline caches never cache stores into prototype shapes, so those
//! writes always take the generic path that does.

pub mod megamorphic;

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use self::megamorphic::{MegamorphicCache, MegamorphicLayout};

use crate::assumption::{Assumption, CyclicAssumption};
use crate::symbol::Symbol;
use crate::value::Value;

/// The identity of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct ShapeId(pub u32);

impl ShapeId {
    /// The shape of an object with no properties and no prototype.
    pub const ROOT: ShapeId = ShapeId(0);
}

/// What kind of property a slot holds, beyond its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PropFlags(pub u8);

impl PropFlags {
    /// A plain, enumerable data property.
    pub const DATA: PropFlags = PropFlags(0);
    /// An accessor: the slot holds the language's pair of getter and setter.
    pub const ACCESSOR: PropFlags = PropFlags(1);
    /// Hidden from enumeration (a class's methods, say).
    pub const HIDDEN: PropFlags = PropFlags(2);

    /// Whether every flag of `other` is set here.
    pub fn contains(self, other: PropFlags) -> bool {
        self.0 & other.0 == other.0
    }
    /// Both sets of flags.
    pub fn with(self, other: PropFlags) -> PropFlags {
        PropFlags(self.0 | other.0)
    }
}

/// One property of a shape, as a lookup finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Property {
    /// Its slot in the object.
    pub slot: u32,
    /// Its kind.
    pub flags: PropFlags,
}

struct ShapeData {
    /// Key to slot index, for every property of the shape.
    slots: FxHashMap<Symbol, u32>,
    /// Property keys in slot order, and their flags.
    keys: Vec<Symbol>,
    flags: Vec<PropFlags>,
    /// Outgoing "add property" transitions (none from a prototype shape).
    transitions: FxHashMap<(Symbol, PropFlags), ShapeId>,
    /// The prototype of the shape's objects (the language's "none" for the plain root).
    proto: Value,
    /// For a prototype shape: the assumption that its one object's properties stay as they are.
    stable: Option<CyclicAssumption>,
}

impl ShapeData {
    fn root(proto: Value) -> ShapeData {
        ShapeData {
            slots: FxHashMap::default(),
            keys: Vec::new(),
            flags: Vec::new(),
            transitions: FxHashMap::default(),
            proto,
            stable: None,
        }
    }
    fn with_property(&self, key: Symbol, flags: PropFlags) -> ShapeData {
        let mut slots = self.slots.clone();
        slots.insert(key, self.keys.len() as u32);
        let mut keys = self.keys.clone();
        keys.push(key);
        let mut all_flags = self.flags.clone();
        all_flags.push(flags);
        ShapeData { slots, keys, flags: all_flags, transitions: FxHashMap::default(), proto: self.proto, stable: None }
    }
}

/// All shapes of an engine.
pub struct ShapeTable {
    shapes: RefCell<Vec<ShapeData>>,
    /// The root shape of each prototype, by the prototype value's payload word.
    roots: RefCell<FxHashMap<u64, ShapeId>>,
    /// Answers for accesses whose inline caches went generic.
    megamorphic: MegamorphicCache,
}

impl Default for ShapeTable {
    fn default() -> Self {
        ShapeTable {
            shapes: RefCell::new(vec![ShapeData::root(Value::NULL)]),
            roots: RefCell::default(),
            megamorphic: MegamorphicCache::default(),
        }
    }
}

impl ShapeTable {
    /// The slot of `key` in `shape`, if the shape has that property.
    pub fn lookup(&self, shape: ShapeId, key: Symbol) -> Option<u32> {
        self.shapes.borrow().get(shape.0 as usize)?.slots.get(&key).copied()
    }
    /// The slot of `key` in `shape` if it is a plain data property of a shape that is not a
    /// prototype shape: a read of the slot is then the whole read and a write the whole write.
    /// Answered from the megamorphic cache when it can be, and entered there otherwise, so that
    /// generic accesses, and compiled code probing the cache ([`ShapeTable::megamorphic_layout`]),
    /// find it next time without a lookup.
    #[inline]
    pub fn data_slot(&self, shape: ShapeId, key: Symbol) -> Option<u32> {
        match self.megamorphic.probe(shape, key) {
            Some(slot) => Some(slot),
            None => self.data_slot_slow(shape, key),
        }
    }
    #[cold]
    #[inline(never)]
    fn data_slot_slow(&self, shape: ShapeId, key: Symbol) -> Option<u32> {
        let p = self.property(shape, key)?;
        if p.flags.contains(PropFlags::ACCESSOR) || self.is_prototype(shape) {
            return None;
        }
        self.megamorphic.insert(shape, key, p.slot);
        Some(p.slot)
    }
    /// Where compiled code finds the megamorphic cache.
    pub fn megamorphic_layout(&self) -> MegamorphicLayout {
        self.megamorphic.layout()
    }
    /// The property `key` of `shape`, with its kind.
    pub fn property(&self, shape: ShapeId, key: Symbol) -> Option<Property> {
        let shapes = self.shapes.borrow();
        let data = shapes.get(shape.0 as usize)?;
        let slot = *data.slots.get(&key)?;
        Some(Property { slot, flags: data.flags.get(slot as usize).copied().unwrap_or_default() })
    }
    /// The shape reached from `shape` by adding a data property `key`; its new slot is the last.
    pub fn add_property(&self, shape: ShapeId, key: Symbol) -> ShapeId {
        self.add_property_with(shape, key, PropFlags::DATA)
    }
    /// The shape reached from `shape` by adding property `key` of kind `flags`. A prototype
    /// shape has no transitions: its object gets a new prototype shape of its own, and the old
    /// one's assumption is invalidated.
    pub fn add_property_with(&self, shape: ShapeId, key: Symbol, flags: PropFlags) -> ShapeId {
        let mut shapes = self.shapes.borrow_mut();
        let Some(from) = shapes.get(shape.0 as usize) else { return shape };
        if let Some(stable) = &from.stable {
            stable.invalidate("property added to a prototype");
            let mut data = from.with_property(key, flags);
            data.stable = Some(CyclicAssumption::new("prototype unchanged"));
            let id = ShapeId(shapes.len() as u32);
            shapes.push(data);
            return id;
        }
        if let Some(&to) = from.transitions.get(&(key, flags)) {
            return to;
        }
        let data = from.with_property(key, flags);
        let id = ShapeId(shapes.len() as u32);
        shapes.push(data);
        shapes[shape.0 as usize].transitions.insert((key, flags), id);
        id
    }
    /// The root shape of objects whose prototype is `proto` (created at the first request).
    pub fn root_for(&self, proto: Value) -> ShapeId {
        if let Some(&id) = self.roots.borrow().get(&proto.bits()) {
            return id;
        }
        let mut shapes = self.shapes.borrow_mut();
        let id = ShapeId(shapes.len() as u32);
        shapes.push(ShapeData::root(proto));
        self.roots.borrow_mut().insert(proto.bits(), id);
        id
    }
    /// The prototype of `shape`'s objects.
    pub fn proto(&self, shape: ShapeId) -> Value {
        self.shapes.borrow().get(shape.0 as usize).map_or(Value::NULL, |s| s.proto)
    }
    /// A prototype shape for an object of `shape` that becomes a prototype: the same properties,
    /// shared with no other object, with an assumption that they stay as they are. A prototype
    /// shape is its own answer.
    pub fn make_prototype(&self, shape: ShapeId) -> ShapeId {
        let mut shapes = self.shapes.borrow_mut();
        let Some(from) = shapes.get(shape.0 as usize) else { return shape };
        if from.stable.is_some() {
            return shape;
        }
        let data = ShapeData {
            slots: from.slots.clone(),
            keys: from.keys.clone(),
            flags: from.flags.clone(),
            transitions: FxHashMap::default(),
            proto: from.proto,
            stable: Some(CyclicAssumption::new("prototype unchanged")),
        };
        let id = ShapeId(shapes.len() as u32);
        shapes.push(data);
        id
    }
    /// For a prototype shape, the assumption that its object's properties are unchanged.
    pub fn prototype_assumption(&self, shape: ShapeId) -> Option<Assumption> {
        self.shapes.borrow().get(shape.0 as usize)?.stable.as_ref().map(CyclicAssumption::get)
    }
    /// Whether `shape` is a prototype shape (stores into it must take the generic path).
    pub fn is_prototype(&self, shape: ShapeId) -> bool {
        self.shapes.borrow().get(shape.0 as usize).is_some_and(|s| s.stable.is_some())
    }
    /// A property of an object of prototype shape `shape` was written: its assumption goes.
    pub fn prototype_written(&self, shape: ShapeId) {
        if let Some(stable) = self.shapes.borrow().get(shape.0 as usize).and_then(|s| s.stable.as_ref()) {
            stable.invalidate("prototype property written");
        }
    }
    /// The keys of a shape in slot order.
    pub fn keys(&self, shape: ShapeId) -> Vec<Symbol> {
        self.shapes.borrow().get(shape.0 as usize).map(|s| s.keys.clone()).unwrap_or_default()
    }
    /// The keys of a shape in slot order, with their kinds.
    pub fn properties(&self, shape: ShapeId) -> Vec<(Symbol, PropFlags)> {
        self.shapes
            .borrow()
            .get(shape.0 as usize)
            .map(|s| s.keys.iter().copied().zip(s.flags.iter().copied()).collect())
            .unwrap_or_default()
    }
    /// Visits the prototypes the shapes name, which the engine keeps alive.
    pub fn trace_prototypes(&self, tracer: &mut porcini_gc::Tracer) {
        use porcini_gc::Trace;
        for s in self.shapes.borrow().iter() {
            s.proto.trace(tracer);
        }
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
