//! Inline caches of named property reads: what a site has met, keyed on the receiver's shape
//! (or, for strings, numbers and booleans, on its tag), so that a hit costs a tag test, a shape
//! compare and a load, or nothing at all.
//!
//! Two kinds of entries, found by the slow path's full lookup:
//!
//! * an own data property: the slot of objects of that shape;
//! * a value from the prototype chain (a method, usually, or `undefined` for a property no one
//!   has): constant as long as every prototype on the way keeps its prototype shape's
//!   assumption (see porcini's `shape.rs`). The receiver's shape names its prototype and says
//!   it has no such own property, so in compiled code a method lookup through a stable chain
//!   is a constant.
//!
//! A site holds up to [`LIMIT`] entries; one more receiver kind, or an entry whose assumptions
//! were invalidated (a prototype written), turns it generic for good: it then calls the full
//! lookup every time. Accessors, arrays' `length`, functions' `name` and `length`, and strings'
//! `length` are not cached.
//!
//! A cached value is a heap reference held by a node, which the collector does not see. It is
//! only ever used while its assumptions hold, and then the prototype holding it (kept alive by
//! the shape table, as every prototype is) still holds it.

use porcini::assumption::Assumption;
use porcini::shape::{PropFlags, ShapeId};
use porcini::symbol::Symbol;
use porcini::{Cmp, Frame, Stage, Tag, Unwind, Value};
use smallvec::SmallVec;

use crate::Es;
use crate::runtime::function::JsFunction;
use crate::runtime::UNDEFINED;

pub use super::cache_entries::LIMIT;
use super::cache_entries::CacheEntries;

/// What a cache knows about one kind of receiver.
#[derive(Clone)]
pub enum Entry {
    /// An own data property of objects of `shape`, in slot `slot`.
    Own { shape: ShapeId, slot: u32 },
    /// The `length` of arrays of `shape`: their number of elements.
    ArrayLength { shape: ShapeId },
    /// A value the prototypes of objects of `shape` provide, while `assumptions` hold.
    Inherited { shape: ShapeId, value: Value, assumptions: Box<[Assumption]> },
    /// A value the prototypes of primitives of tag `tag` provide, while `assumptions` hold.
    Primitive { tag: Tag, value: Value, assumptions: Box<[Assumption]> },
}

/// A site's cache.
#[derive(Default)]
pub struct PropertyCache {
    /// The entries, and whether the site went generic.
    pub entries: CacheEntries<Entry>,
}

/// Where a cached read found its value.
pub enum Hit<V> {
    /// The value.
    Value(V),
    /// No entry matched (the interpreter fills the cache on this path).
    Miss,
}

impl PropertyCache {
    /// The value of the site's one entry, when it has one and that entry is a value from the
    /// prototypes (a method, for a call site): what every hit of the site reads.
    pub fn constant(&self) -> Option<Value> {
        if self.entries.is_generic() {
            return None;
        }
        match self.entries.single()? {
            Entry::Inherited { value, .. } | Entry::Primitive { value, .. } => Some(*value),
            Entry::Own { .. } | Entry::ArrayLength { .. } => None,
        }
    }
    /// The cached read of `o`: the value, or a miss. A single entry is speculated on (a
    /// compiling stage leaves compiled code when it fails); several are tested in turn.
    #[inline(always)]
    pub fn read<S: Stage<Es>>(&self, s: &mut S, o: S::Val) -> Result<Hit<S::Val>, Unwind<S::Val>> {
        if let Some(e) = self.entries.single() {
            return Ok(match self.test(s, e, o) {
                Some(v) => Hit::Value(v),
                None => Hit::Miss,
            });
        }
        if self.entries.is_empty() {
            return Ok(Hit::Miss);
        }
        self.chain(s, o)
    }

    /// The entries in turn: an object's shape against the object entries, a primitive's tag
    /// against the others.
    fn chain<S: Stage<Es>>(&self, s: &mut S, o: S::Val) -> Result<Hit<S::Val>, Unwind<S::Val>> {
        let entries = self.entries.all();
        // On the stack: the interpreter runs this on every read of a polymorphic site.
        let (objects, primitives): (SmallVec<[&Entry; LIMIT]>, SmallVec<[&Entry; LIMIT]>) =
            entries.into_iter().partition(|e| !matches!(e, Entry::Primitive { .. }));
        // Each side yields the hit's value, or the empty value for a miss (no property holds
        // the empty value).
        let is_obj = s.has_tag(o, Tag::Object);
        let v = s.if_else(
            is_obj,
            |s| {
                let sh = s.load_shape(o);
                self.shape_chain(s, sh, o, &objects)
            },
            |s| self.tag_chain(s, o, &primitives),
        )?;
        let missed = s.has_tag(v, Tag::Empty);
        let hit = s.not(missed);
        // A compiled polymorphic site leaves compiled code only when every entry missed.
        Ok(if s.speculate(hit, "property cache miss") { Hit::Value(v) } else { Hit::Miss })
    }
    fn shape_chain<S: Stage<Es>>(&self, s: &mut S, sh: S::I64, o: S::Val, entries: &[&Entry]) -> Result<S::Val, Unwind<S::Val>> {
        let Some((&e, rest)) = entries.split_first() else { return Ok(s.konst(Value::EMPTY)) };
        let (Entry::Own { shape, .. } | Entry::Inherited { shape, .. } | Entry::ArrayLength { shape }) = e else {
            return self.shape_chain(s, sh, o, rest);
        };
        if !self.still_valid(s, e) {
            return self.shape_chain(s, sh, o, rest);
        }
        let want = s.i64_const(i64::from(shape.0));
        let same = s.cmp_i64(Cmp::Eq, sh, want);
        s.if_else(same, |s| Ok(self.value(s, e, o)), |s| self.shape_chain(s, sh, o, rest))
    }
    fn tag_chain<S: Stage<Es>>(&self, s: &mut S, o: S::Val, entries: &[&Entry]) -> Result<S::Val, Unwind<S::Val>> {
        let Some((&e, rest)) = entries.split_first() else { return Ok(s.konst(Value::EMPTY)) };
        let Entry::Primitive { tag, .. } = e else { return self.tag_chain(s, o, rest) };
        if !self.still_valid(s, e) {
            return self.tag_chain(s, o, rest);
        }
        let is = s.has_tag(o, *tag);
        s.if_else(is, |s| Ok(self.value(s, e, o)), |s| self.tag_chain(s, o, rest))
    }

    /// Tests the lone entry `e` against `o`, speculating (a compiling stage leaves compiled
    /// code when a test fails): the value on a hit.
    #[inline(always)]
    fn test<S: Stage<Es>>(&self, s: &mut S, e: &Entry, o: S::Val) -> Option<S::Val> {
        match e {
            Entry::Own { shape, .. } | Entry::Inherited { shape, .. } | Entry::ArrayLength { shape } => {
                let is_obj = s.has_tag(o, Tag::Object);
                if !s.speculate(is_obj, "receiver is an object") {
                    return None;
                }
                let sh = s.load_shape(o);
                let want = s.i64_const(i64::from(shape.0));
                let same = s.cmp_i64(Cmp::Eq, sh, want);
                if !s.speculate(same, "receiver shape") {
                    return None;
                }
            }
            Entry::Primitive { tag, .. } => {
                let is = s.has_tag(o, *tag);
                if !s.speculate(is, "receiver kind") {
                    return None;
                }
            }
        }
        self.still_valid(s, e).then(|| self.value(s, e, o))
    }

    /// Whether entry `e`'s assumptions hold (registering them with a compiling stage).
    fn still_valid<S: Stage<Es>>(&self, s: &mut S, e: &Entry) -> bool {
        match e {
            Entry::Own { .. } | Entry::ArrayLength { .. } => true,
            Entry::Inherited { assumptions, .. } | Entry::Primitive { assumptions, .. } => assumptions.iter().all(|a| s.assume(a)),
        }
    }

    /// Entry `e`'s value for `o`, which matched it.
    fn value<S: Stage<Es>>(&self, s: &mut S, e: &Entry, o: S::Val) -> S::Val {
        match e {
            Entry::Own { slot, .. } => s.load_property(o, *slot),
            Entry::ArrayLength { .. } => {
                // Objects of an array's shape are arrays: their internal value is elements.
                let e = s.load_internal(o);
                let n = s.elements_len(e);
                s.box_i64(n)
            }
            Entry::Inherited { value, .. } | Entry::Primitive { value, .. } => s.konst(*value),
        }
    }

    /// After a miss in the interpreter: caches what the full lookup of `sym` on `o` found, or
    /// goes generic when the site is full, an entry went stale, or the lookup is not
    /// cacheable. Returns whether the site became more polymorphic (for a report).
    pub fn learn(&self, f: &Frame<'_, Es>, o: Value, sym: Symbol) -> bool {
        let stale = |e: &Entry| match e {
            Entry::Own { .. } | Entry::ArrayLength { .. } => false,
            Entry::Inherited { assumptions, .. } | Entry::Primitive { assumptions, .. } => !assumptions.iter().all(Assumption::is_valid),
        };
        self.entries.learn(stale, || lookup(f, o, sym))
    }
}

/// The cache entry for reading `sym` from `o`, if the read can be cached.
pub fn lookup(f: &Frame<'_, Es>, o: Value, sym: Symbol) -> Option<Entry> {
    let rt = f.runtime();
    let names = f.lang().names();
    let realm = f.lang().realm();
    let (start, shape) = match o.as_object() {
        Some(obj) => {
            if obj.internal().as_elements().is_some()
                && sym == names.length
                && rt.shapes.proto(obj.shape()).same(realm.array_proto)
            {
                return Some(Entry::ArrayLength { shape: obj.shape() });
            }
            if virtual_property(obj.internal(), sym, names) {
                return None;
            }
            if let Some(p) = rt.shapes.property(obj.shape(), sym) {
                if p.flags.contains(PropFlags::ACCESSOR) {
                    return None;
                }
                return Some(Entry::Own { shape: obj.shape(), slot: p.slot });
            }
            (rt.shapes.proto(obj.shape()), Some(obj.shape()))
        }
        None => {
            let proto = match o.tag() {
                t if t == Tag::Ref0 && sym != names.length => realm.string_proto,
                Tag::Int | Tag::Double => realm.number_proto,
                Tag::Bool => realm.boolean_proto,
                _ => return None,
            };
            (proto, None)
        }
    };
    // The chain from the first prototype: every object on it must be a prototype (its shape
    // guarded by an assumption) until the one that has the property, or the end.
    let mut assumptions = Vec::new();
    let mut cur = start;
    let value = loop {
        let Some(p) = cur.as_object() else { break UNDEFINED };
        let a = rt.shapes.prototype_assumption(p.shape())?;
        assumptions.push(a);
        if virtual_property(p.internal(), sym, names) {
            return None;
        }
        if let Some(prop) = rt.shapes.property(p.shape(), sym) {
            if prop.flags.contains(PropFlags::ACCESSOR) {
                return None;
            }
            break p.get_slot(prop.slot);
        }
        cur = rt.shapes.proto(p.shape());
    };
    let assumptions = assumptions.into_boxed_slice();
    Some(match shape {
        Some(shape) => Entry::Inherited { shape, value, assumptions },
        None => Entry::Primitive { tag: o.tag(), value, assumptions },
    })
}

/// Whether an object with internal value `internal` answers `sym` without a property: an
/// array's `length`, a function's `name` and `length`.
fn virtual_property(internal: Value, sym: Symbol, names: &crate::runtime::state::Names) -> bool {
    (internal.as_elements().is_some() && sym == names.length)
        || (internal.as_kind::<JsFunction>().is_some() && (sym == names.name || sym == names.length))
}
