//! Inline caches of named property writes, keyed on the receiver's shape: overwriting an own
//! data property is a shape compare and a store; adding one (a constructor's `this.x = x`) is a
//! shape compare and the transition, while the prototypes on the way keep their assumptions
//! (so none of them has gained a setter for the name).
//!
//! Writes into a prototype shape are never cached: they must take the generic path, which
//! invalidates the prototype's assumption. Neither are writes that call a setter, nor arrays'
//! `length`, nor writes to primitives. A site holds up to [`LIMIT`] entries and then, or when an
//! entry's assumptions were invalidated, goes generic for good.

use porcini::assumption::Assumption;
use porcini::shape::{PropFlags, ShapeId};
use porcini::symbol::Symbol;
use porcini::{Cmp, Frame, Stage, Tag, Unwind, Value};

use crate::Es;

pub use super::cache_entries::LIMIT;
use super::cache_entries::CacheEntries;

/// What a cache knows about one receiver shape.
pub enum StoreEntry {
    /// Objects of `shape` have the property in slot `slot`.
    Own { shape: ShapeId, slot: u32 },
    /// Objects of `from` lack the property: it becomes slot `slot`, and the object's shape
    /// `to`, while `assumptions` hold.
    Add { from: ShapeId, to: ShapeId, slot: u32, assumptions: Box<[Assumption]> },
}

impl StoreEntry {
    fn shape(&self) -> ShapeId {
        match self {
            StoreEntry::Own { shape, .. } => *shape,
            StoreEntry::Add { from, .. } => *from,
        }
    }
    fn valid(&self) -> bool {
        match self {
            StoreEntry::Own { .. } => true,
            StoreEntry::Add { assumptions, .. } => assumptions.iter().all(Assumption::is_valid),
        }
    }
}

/// A site's cache.
#[derive(Default)]
pub struct StoreCache {
    /// The entries, and whether the site went generic.
    pub entries: CacheEntries<StoreEntry>,
}

impl StoreCache {
    /// Writes `v` to `o` through the cache; whether an entry took it (a miss writes nothing).
    #[inline(always)]
    pub fn write<S: Stage<Es>>(&self, s: &mut S, o: S::Val, v: S::Val) -> Result<bool, Unwind<S::Val>> {
        if self.entries.is_empty() {
            return Ok(false);
        }
        let is_obj = s.has_tag(o, Tag::Object);
        if let Some(e) = self.entries.single() {
            // One entry: speculated on (a compiling stage leaves compiled code when it fails).
            if !s.speculate(is_obj, "receiver is an object") {
                return Ok(false);
            }
            let sh = s.load_shape(o);
            let want = s.i64_const(i64::from(e.shape().0));
            let same = s.cmp_i64(Cmp::Eq, sh, want);
            if !s.speculate(same, "receiver shape") || !self.still_valid(s, e) {
                return Ok(false);
            }
            self.store(s, e, o, v);
            return Ok(true);
        }
        let entries = self.entries.all();
        let stored = s.if_else(
            is_obj,
            |s| {
                let sh = s.load_shape(o);
                self.chain(s, sh, o, v, &entries)
            },
            |s| Ok(s.konst(Value::from_bool(false))),
        )?;
        let stored = s.unbox_bool(stored);
        Ok(s.speculate(stored, "property store cache miss"))
    }

    fn chain<S: Stage<Es>>(&self, s: &mut S, sh: S::I64, o: S::Val, v: S::Val, entries: &[&StoreEntry]) -> Result<S::Val, Unwind<S::Val>> {
        let Some((&e, rest)) = entries.split_first() else { return Ok(s.konst(Value::from_bool(false))) };
        if !self.still_valid(s, e) {
            return self.chain(s, sh, o, v, rest);
        }
        let want = s.i64_const(i64::from(e.shape().0));
        let same = s.cmp_i64(Cmp::Eq, sh, want);
        s.if_else(
            same,
            |s| {
                self.store(s, e, o, v);
                Ok(s.konst(Value::from_bool(true)))
            },
            |s| self.chain(s, sh, o, v, rest),
        )
    }

    fn still_valid<S: Stage<Es>>(&self, s: &mut S, e: &StoreEntry) -> bool {
        match e {
            StoreEntry::Own { .. } => true,
            StoreEntry::Add { assumptions, .. } => assumptions.iter().all(|a| s.assume(a)),
        }
    }

    fn store<S: Stage<Es>>(&self, s: &mut S, e: &StoreEntry, o: S::Val, v: S::Val) {
        match e {
            StoreEntry::Own { slot, .. } => s.store_property(o, *slot, v),
            StoreEntry::Add { to, slot, .. } => s.add_property(o, *to, *slot, v),
        }
    }

    /// After a miss in the interpreter, before the generic write: caches how writing `sym` to
    /// `o` goes, or goes generic when the site is full, an entry went stale, or the write is not
    /// cacheable. Returns whether the site became more polymorphic.
    pub fn learn(&self, f: &Frame<'_, Es>, o: Value, sym: Symbol) -> bool {
        self.entries.learn(|e| !e.valid(), || lookup(f, o, sym))
    }
}

/// The cache entry for writing `sym` to `o`, if the write can be cached.
fn lookup(f: &Frame<'_, Es>, o: Value, sym: Symbol) -> Option<StoreEntry> {
    let rt = f.runtime();
    let obj = o.as_object()?;
    let shape = obj.shape();
    if rt.shapes.is_prototype(shape) || (obj.internal().as_elements().is_some() && sym == f.lang().names().length) {
        return None;
    }
    if let Some(p) = rt.shapes.property(shape, sym) {
        return (!p.flags.contains(PropFlags::ACCESSOR)).then_some(StoreEntry::Own { shape, slot: p.slot });
    }
    // A new own property, unless a prototype has a setter for it: every prototype on the way
    // must keep its assumption for the entry to hold.
    let mut assumptions = Vec::new();
    let mut cur = rt.shapes.proto(shape);
    while let Some(p) = cur.as_object() {
        assumptions.push(rt.shapes.prototype_assumption(p.shape())?);
        if rt.shapes.property(p.shape(), sym).is_some_and(|prop| prop.flags.contains(PropFlags::ACCESSOR)) {
            return None;
        }
        cur = rt.shapes.proto(p.shape());
    }
    let slot = rt.shapes.keys(shape).len() as u32;
    let to = rt.shapes.add_property(shape, sym);
    Some(StoreEntry::Add { from: shape, to, slot, assumptions: assumptions.into_boxed_slice() })
}
