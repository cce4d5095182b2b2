//! The entries of an inline cache: up to [`LIMIT`] of them, filled in order by the interpreter
//! and never removed, then a generic state for good. The property read cache and the store
//! cache keep their entries here and differ only in what an entry is and how it is tested.

use std::cell::{Cell, OnceCell};

use smallvec::SmallVec;

/// The most receiver kinds a site caches before it goes generic.
pub const LIMIT: usize = 3;

/// A site's entries, and whether it went generic.
pub struct CacheEntries<E> {
    entries: [OnceCell<E>; LIMIT],
    generic: Cell<bool>,
}

impl<E> Default for CacheEntries<E> {
    fn default() -> Self {
        CacheEntries { entries: Default::default(), generic: Cell::new(false) }
    }
}

impl<E> CacheEntries<E> {
    /// Whether the site has gone generic.
    #[inline(always)]
    pub fn is_generic(&self) -> bool {
        self.generic.get()
    }
    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.iter().take_while(|e| e.get().is_some()).count()
    }
    /// Whether the site has no entry yet.
    pub fn is_empty(&self) -> bool {
        self.entries[0].get().is_none()
    }
    /// The entries, in the order they were learned.
    pub fn all(&self) -> SmallVec<[&E; LIMIT]> {
        self.entries.iter().map_while(OnceCell::get).collect()
    }
    /// The one entry of a site that has exactly one (entries fill in order, so the second
    /// being empty says the first is alone).
    #[inline(always)]
    pub fn single(&self) -> Option<&E> {
        if self.entries[1].get().is_none() { self.entries[0].get() } else { None }
    }
    /// The state for splitting and polymorphism reports.
    pub fn cost(&self) -> porcini::NodeCost {
        if self.generic.get() {
            return porcini::NodeCost::Megamorphic;
        }
        match self.len() {
            0 => porcini::NodeCost::Uninitialized,
            1 => porcini::NodeCost::Monomorphic,
            _ => porcini::NodeCost::Polymorphic,
        }
    }
    /// The names of the active "specializations": cached or generic.
    pub fn active_names(&self) -> Vec<&'static str> {
        match self.cost() {
            porcini::NodeCost::Uninitialized => Vec::new(),
            porcini::NodeCost::Megamorphic => vec!["generic"],
            _ => vec!["cached"],
        }
    }
    /// After a miss in the interpreter: adds the entry `find` gives, or goes generic when the
    /// site is full, an entry is `stale`, or `find` finds nothing cacheable. Returns whether the
    /// site became more polymorphic (for a report).
    pub fn learn(&self, stale: impl Fn(&E) -> bool, find: impl FnOnce() -> Option<E>) -> bool {
        if self.generic.get() {
            return false;
        }
        let n = self.len();
        let stale = self.entries[..n].iter().filter_map(OnceCell::get).any(stale);
        // Either way the site changes: an entry more, or generic.
        porcini::spec::note_specialized();
        match find() {
            Some(e) if n < LIMIT && !stale => {
                let _ = self.entries[n].set(e);
                n > 0
            }
            _ => {
                self.generic.set(true);
                n > 0
            }
        }
    }
}
