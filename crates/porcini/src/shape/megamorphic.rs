//! The megamorphic property cache: one table per engine mapping (shape, key) to the slot of a
//! plain data property, consulted by every property access whose inline cache has given up.
//!
//! A site that has seen more shapes than its inline cache holds goes generic. Without this
//! cache, each of its accesses would look the key up in the shape's hash map behind a boundary
//! call, which costs tens of nanoseconds; V8 answers such accesses from its megamorphic stub
//! cache, a global hash table probed with the receiver's map and the name. This is the same
//! idea: a direct-mapped table of [`ENTRIES`] entries, each holding the shape and key it answers
//! for in one word, and the slot. Shapes are never mutated or freed (see [`crate::shape`]), so an
//! entry never becomes wrong; a collision merely overwrites an older entry, which its next
//! access re-inserts. Compiled code probes the table inline, with the hash below written out in
//! IR ([`MegamorphicLayout`] gives it the address and offsets), and calls nothing on a hit.
//!
//! Only plain data properties of shapes that are not prototype shapes are entered: reading the
//! slot is then the whole read, and writing it the whole write (a prototype shape's writes must
//! take the path that invalidates its assumption, and accessors run code). Which accesses may
//! use the cache is the language's decision: it enters an answer only once its own lookup has
//! found exactly such a property.

use std::cell::Cell;

use super::ShapeId;
use crate::language::Language;
use crate::stage::{Cmp, Stage};
use crate::symbol::Symbol;
use crate::value::Tag;
use crate::Unwind;

/// log2 of the number of entries.
const BITS: u32 = 12;
/// The number of entries: 4096, 64 KiB, enough for the property names and shapes a program's
/// megamorphic sites meet at once.
pub const ENTRIES: usize = 1 << BITS;
/// What no entry's key word can be: shape ids stay far below 2^32 - 1.
const VACANT: u64 = u64::MAX;

/// The multipliers of the hash (Fibonacci hashing of each half; the top [`BITS`] bits of their
/// 32-bit sum, xored, pick the entry).
pub const SHAPE_MULTIPLIER: u32 = 0x9E37_79B1;
/// See [`SHAPE_MULTIPLIER`].
pub const KEY_MULTIPLIER: u32 = 0x85EB_CA77;

/// One entry: the (shape, key) pair it answers for, packed into one word, and the slot.
#[repr(C)]
struct Entry {
    /// `shape << 32 | key`, or [`VACANT`].
    pair: Cell<u64>,
    slot: Cell<u32>,
}

/// The table.
pub struct MegamorphicCache {
    entries: Box<[Entry]>,
}

/// Where compiled code finds the table and an entry's fields.
#[derive(Clone, Copy, Debug)]
pub struct MegamorphicLayout {
    /// The address of the first entry (it never moves: the table is boxed for the engine's life).
    pub table: usize,
    /// The size of one entry in bytes, a power of two.
    pub entry_size: u32,
    /// The offset of the packed `(shape << 32 | key)` word (a `u64`).
    pub pair: i32,
    /// The offset of the slot (a `u32`).
    pub slot: i32,
    /// The right shift that turns the 32-bit hash into an entry index.
    pub shift: u32,
}

impl Default for MegamorphicCache {
    fn default() -> Self {
        let entries = (0..ENTRIES).map(|_| Entry { pair: Cell::new(VACANT), slot: Cell::new(0) }).collect();
        MegamorphicCache { entries }
    }
}

impl MegamorphicCache {
    /// The entry index for `(shape, key)`; compiled code computes the same (see the layout).
    #[inline(always)]
    pub fn index(shape: ShapeId, key: Symbol) -> usize {
        let h = shape.0.wrapping_mul(SHAPE_MULTIPLIER) ^ key.0.wrapping_mul(KEY_MULTIPLIER);
        (h >> (32 - BITS)) as usize
    }
    #[inline(always)]
    fn pair(shape: ShapeId, key: Symbol) -> u64 {
        u64::from(shape.0) << 32 | u64::from(key.0)
    }
    /// The slot of plain data property `key` of `shape`, if the table holds the answer.
    #[inline(always)]
    pub fn probe(&self, shape: ShapeId, key: Symbol) -> Option<u32> {
        let e = &self.entries[Self::index(shape, key)];
        (e.pair.get() == Self::pair(shape, key)).then(|| e.slot.get())
    }
    /// Records that `key` is a plain data property of `shape` at `slot` (the caller's lookup
    /// found it so, and `shape` is not a prototype shape).
    pub(super) fn insert(&self, shape: ShapeId, key: Symbol, slot: u32) {
        let e = &self.entries[Self::index(shape, key)];
        e.pair.set(Self::pair(shape, key));
        e.slot.set(slot);
    }
    /// Where compiled code finds the table.
    pub fn layout(&self) -> MegamorphicLayout {
        MegamorphicLayout {
            table: self.entries.as_ptr() as usize,
            entry_size: std::mem::size_of::<Entry>() as u32,
            pair: std::mem::offset_of!(Entry, pair) as i32,
            slot: std::mem::offset_of!(Entry, slot) as i32,
            shift: 32 - BITS,
        }
    }
}

/// A generic site's read of `key` from `obj`: the slot the megamorphic cache holds if `obj` is
/// an object whose shape it knows with `key`; otherwise `full`, the language's complete lookup
/// (a boundary call, which enters its answer in the cache when the property is a plain data
/// property). The language passes only keys whose answer on an object is always its slot.
#[inline(always)]
pub fn read<L: Language, S: Stage<L>>(
    s: &mut S,
    obj: S::Val,
    key: Symbol,
    full: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
) -> Result<S::Val, Unwind<S::Val>> {
    access(s, obj, key, |s, slot| Ok(s.load_property_at(obj, slot)), full)
}

/// A generic site's write of `v` to `key` of `obj`, as [`read`] reads: the cached slot is
/// overwritten, or `full` runs (which also adds properties and runs setters).
#[inline(always)]
pub fn write<L: Language, S: Stage<L>>(
    s: &mut S,
    obj: S::Val,
    key: Symbol,
    v: S::Val,
    full: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
) -> Result<S::Val, Unwind<S::Val>> {
    access(
        s,
        obj,
        key,
        |s, slot| {
            s.store_property_at(obj, slot, v);
            Ok(v)
        },
        full,
    )
}

#[inline(always)]
fn access<L: Language, S: Stage<L>>(
    s: &mut S,
    obj: S::Val,
    key: Symbol,
    hit: impl FnOnce(&mut S, S::I64) -> Result<S::Val, Unwind<S::Val>>,
    full: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
) -> Result<S::Val, Unwind<S::Val>> {
    let is_obj = s.has_tag(obj, Tag::Object);
    s.if_else(
        is_obj,
        |s| {
            let slot = s.data_slot(obj, key);
            let none = s.i64_const(0);
            let missed = s.cmp_i64(Cmp::Lt, slot, none);
            s.if_else(missed, &full, |s| hit(s, slot))
        },
        &full,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_answers_only_its_own_pair() {
        let c = MegamorphicCache::default();
        assert_eq!(c.probe(ShapeId(3), Symbol(7)), None);
        c.insert(ShapeId(3), Symbol(7), 2);
        assert_eq!(c.probe(ShapeId(3), Symbol(7)), Some(2));
        assert_eq!(c.probe(ShapeId(7), Symbol(3)), None);
        assert_eq!(c.probe(ShapeId(3), Symbol(8)), None);
    }

    #[test]
    fn a_colliding_pair_replaces_the_entry() {
        let c = MegamorphicCache::default();
        let first = (ShapeId(1), Symbol(1));
        let index = MegamorphicCache::index(first.0, first.1);
        let other = (2..100_000u32)
            .map(|s| (ShapeId(s), Symbol(1)))
            .find(|&(s, k)| MegamorphicCache::index(s, k) == index)
            .expect("a collision among 100000 shapes");
        c.insert(first.0, first.1, 4);
        c.insert(other.0, other.1, 5);
        assert_eq!(c.probe(first.0, first.1), None);
        assert_eq!(c.probe(other.0, other.1), Some(5));
    }

    #[test]
    fn the_layout_describes_the_entries() {
        let c = MegamorphicCache::default();
        let l = c.layout();
        assert_eq!(l.entry_size, 16);
        assert!(l.entry_size.is_power_of_two());
        assert_eq!((l.pair, l.slot), (0, 8));
    }

    #[test]
    fn indices_spread_over_the_table() {
        // Consecutive shapes with one key, as a megamorphic site sees them, rarely collide.
        let used: std::collections::HashSet<usize> =
            (0..256).map(|s| MegamorphicCache::index(ShapeId(s), Symbol(42))).collect();
        assert!(used.len() > 240, "{} distinct entries of 256", used.len());
    }
}
