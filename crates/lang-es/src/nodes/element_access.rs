//! `a[i]` on arrays with integer indices: what a computed-key site has met, and the element
//! read and write compiled code does for it (a bounds check and a load or a store).
//!
//! A site starts unseen; its first execution makes it an array-index site if the receiver is
//! an array and the key an integer, and generic otherwise. An array-index site that meets
//! anything else rewrites itself to generic (in compiled code, a deoptimization that
//! invalidates the code). An index out of bounds, or a hole, takes the generic path without a
//! rewrite: reading past the end and appending are ordinary for arrays. The site remembers
//! whether it met either (as a Truffle node keeps a branch profile): until it has, compiled
//! code leaves for the interpreter there instead of calling the generic path, so the loop
//! around the access keeps its values in registers rather than saving them around a call
//! that never happens.

use std::cell::Cell;

use porcini::{Cmp, Stage, Tag, Unwind};

use crate::Es;

/// What a computed-key site has met.
#[derive(Default)]
pub struct IndexSite {
    state: Cell<u8>,
    /// The slow cases the site has met.
    met: SlowCases,
}

/// The slow cases of an array-index access that a node has met (a branch profile of
/// [`Slow`] bits): an array-index site's, and `forEach`'s test for an element.
#[derive(Default)]
pub struct SlowCases(Cell<u8>);

impl SlowCases {
    /// Whether the node has met `case`: compiled code then calls the generic path for it
    /// rather than leaving.
    #[inline(always)]
    pub fn has_met(&self, case: Slow) -> bool {
        self.0.get() & case as u8 != 0
    }
    /// Remembers that the node met `case` (counted as a specialization, so compiled code that
    /// left for it is not taken for a deoptimization loop).
    pub fn meet(&self, case: Slow) {
        if !self.has_met(case) {
            porcini::spec::note_specialized();
            self.0.set(self.0.get() | case as u8);
        }
    }
}

/// A slow case of an array-index access.
#[derive(Clone, Copy)]
pub enum Slow {
    /// An index out of bounds (a read past the end, or an append).
    Outside = 1,
    /// A hole read (through the prototypes).
    Hole = 2,
}

const UNSEEN: u8 = 0;
const ARRAY: u8 = 1;
const GENERIC: u8 = 2;

/// The array and the index of an array-index access, found in bounds.
pub struct Element<S: Stage<Es>> {
    pub elements: S::Val,
    pub index: S::I64,
}

impl IndexSite {
    /// Whether the site is an array-index site.
    #[inline(always)]
    pub fn is_array(&self) -> bool {
        self.state.get() == ARRAY
    }
    /// Whether the site has not run yet.
    #[inline(always)]
    pub fn is_unseen(&self) -> bool {
        self.state.get() == UNSEEN
    }
    /// Decides the site's state at its first execution: an array and an integer key make it
    /// an array-index site.
    pub fn first(&self, receiver: porcini::Value, key: porcini::Value) {
        let array = crate::runtime::object::as_array(receiver).is_some() && key.tag() == Tag::Int;
        porcini::spec::note_specialized();
        self.state.set(if array { ARRAY } else { GENERIC });
    }
    /// The site met something else than an array and an integer: generic for good.
    pub fn generalize(&self) {
        if self.state.get() != GENERIC {
            porcini::spec::note_specialized();
        }
        self.state.set(GENERIC);
    }
    /// Whether the site has met `case` (see [`SlowCases::has_met`]).
    #[inline(always)]
    pub fn has_met(&self, case: Slow) -> bool {
        self.met.has_met(case)
    }
    /// Remembers that the site met `case` (see [`SlowCases::meet`]).
    pub fn meet(&self, case: Slow) {
        self.met.meet(case)
    }
    /// The cost for splitting and polymorphism reports.
    pub fn cost(&self) -> porcini::NodeCost {
        match self.state.get() {
            UNSEEN => porcini::NodeCost::Uninitialized,
            ARRAY => porcini::NodeCost::Monomorphic,
            _ => porcini::NodeCost::Megamorphic,
        }
    }

    /// The element access of an array-index site (or of any node reading arrays by integer
    /// index): runs `inside` with the element when `o` is an array and `k` an integer within
    /// its bounds, `outside` when the index is out of bounds, and `rewrite` when `o` and `k`
    /// are anything else.
    #[inline(always)]
    pub fn access<S: Stage<Es>>(
        s: &mut S,
        o: S::Val,
        k: S::Val,
        inside: impl FnOnce(&mut S, Element<S>) -> Result<S::Val, Unwind<S::Val>>,
        outside: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
        rewrite: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
    ) -> Result<S::Val, Unwind<S::Val>> {
        let is_obj = s.has_tag(o, Tag::Object);
        let is_int = s.has_tag(k, Tag::Int);
        let both = s.and(is_obj, is_int);
        s.if_else(
            both,
            |s| {
                let e = s.load_internal(o);
                let is_elements = s.has_tag(e, Tag::Elements);
                s.if_else(
                    is_elements,
                    |s| {
                        let i = s.unbox_i64(k);
                        let len = s.elements_len(e);
                        let zero = s.i64_const(0);
                        let negative = s.cmp_i64(Cmp::Lt, i, zero);
                        let not_negative = s.not(negative);
                        let below = s.cmp_i64(Cmp::Lt, i, len);
                        let within = s.and(not_negative, below);
                        s.if_else(within, |s| inside(s, Element { elements: e, index: i }), |s| outside(s))
                    },
                    |s| rewrite(s),
                )
            },
            |s| rewrite(s),
        )
    }
}
