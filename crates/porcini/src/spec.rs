//! Run-time support for specialized nodes: the monotone state bitset and polymorphism reports.
//!
//! The specialization DSL (`porcini-dsl`) generates, per node, the dispatch over these bits. A bit in
//! `active` means the specialization may run; a bit in `excluded` means it was replaced or rewritten
//! away and can never come back. Bits are only ever added to `excluded`, and a specialization is
//! only added to `active` if it is not excluded, so every node passes through a bounded sequence of
//! states (invariant 2). Both words are read as constants while compiling.
//!
//! Every change of a node's state, the DSL's and a hand-written cache's alike, is counted
//! ([`note_specialized`]): after compiled code left at a node to respecialize it, the runtime
//! compares the count before and after the node's slow path to learn whether the node learned
//! anything (see `runtime::settled`).

use std::cell::Cell;

use crate::frame::Frame;
use crate::language::Language;
use crate::node::{ExprNode, NodeCost};

/// The specialization state of one node.
#[derive(Default, Debug)]
pub struct SpecState {
    active: Cell<u32>,
    excluded: Cell<u32>,
    /// The node's code for its lone active specialization, else 0: derived from `active`, so
    /// that monomorphic dispatch is one small-integer `match` instead of a test for a single bit
    /// followed by a bit scan. The codes are the node's own (see [`SpecState::activate`]).
    mono: Cell<u8>,
    /// The operands (bit `1 << i` for operand `i`) that an integer has reached as a double
    /// (Truffle's implicit cast state): until an operand's bit is set, a specialization that
    /// takes it as `S::F64` checks for a double only, so a compiled double operand is one tag
    /// test and no conversion. Bits are only ever added.
    casts: Cell<u32>,
}

impl Clone for SpecState {
    /// Cloning gives the uninitialized state: splitting and other copies start with a fresh profile.
    fn clone(&self) -> Self {
        SpecState::default()
    }
}

thread_local! {
    /// The number of node state changes on this thread so far.
    static SPECIALIZATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Counts a change of a node's specialization state: a specialization activated or excluded, a
/// cache entry added, a site gone generic. Nodes with state of their own (inline caches written
/// by hand) call it whenever their state changes, as [`SpecState`] does for the DSL's nodes.
/// A node that changes state without saying so is taken for one that learned nothing, and
/// compiled code then calls its slow path instead of speculating (correct, but slower).
#[inline]
pub fn note_specialized() {
    SPECIALIZATIONS.with(|c| c.set(c.get() + 1));
}

/// The number of node state changes on this thread so far (see [`note_specialized`]).
pub(crate) fn specializations() -> u64 {
    SPECIALIZATIONS.with(Cell::get)
}

impl SpecState {
    /// The active specializations.
    #[inline(always)]
    pub fn active(&self) -> u32 {
        self.active.get()
    }
    /// The excluded specializations.
    #[inline(always)]
    pub fn excluded(&self) -> u32 {
        self.excluded.get()
    }
    /// `codes[i]` when specialization `i` (bit `1 << i`) is the only active one, otherwise 0.
    #[inline(always)]
    pub fn monomorphic(&self) -> u8 {
        self.mono.get()
    }
    fn set_active(&self, a: u32, codes: &[u8]) {
        self.active.set(a);
        let lone = if a.count_ones() == 1 { codes.get(a.trailing_zeros() as usize).copied() } else { None };
        self.mono.set(lone.unwrap_or(0));
    }
    /// Activates `bit` and excludes (and deactivates) the `replaces` set. Returns false if `bit`
    /// was excluded (the caller must then try the next specialization).
    ///
    /// `codes` gives each specialization's nonzero code for [`SpecState::monomorphic`]. The DSL
    /// numbers first the specializations that replace others, since a node settles in those, so
    /// that the monomorphic `match` tests them first.
    pub fn activate(&self, bit: u32, replaces: u32, codes: &[u8]) -> bool {
        if self.excluded.get() & bit != 0 {
            return false;
        }
        if self.active.get() & bit == 0 || self.active.get() & replaces != 0 || self.excluded.get() & replaces != replaces {
            note_specialized();
        }
        self.excluded.set(self.excluded.get() | replaces);
        self.set_active((self.active.get() | bit) & !replaces, codes);
        true
    }
    /// Excludes `bit` for good (after its rewrite condition held).
    pub fn exclude(&self, bit: u32, codes: &[u8]) {
        if self.excluded.get() & bit == 0 {
            note_specialized();
        }
        self.excluded.set(self.excluded.get() | bit);
        self.set_active(self.active.get() & !bit, codes);
    }
    /// The operands an integer has reached as a double (see the field).
    #[inline(always)]
    pub fn casts(&self) -> u32 {
        self.casts.get()
    }
    /// Notes that an integer reached operand bit `bit` as a double: from now on the operand
    /// takes both.
    pub fn note_cast(&self, bit: u32) {
        if self.casts.get() & bit == 0 {
            note_specialized();
            self.casts.set(self.casts.get() | bit);
        }
    }
    /// The cost class; `megamorphic` is the set of generic specializations.
    pub fn cost(&self, megamorphic: u32) -> NodeCost {
        let a = self.active.get();
        if a == 0 {
            NodeCost::Uninitialized
        } else if a & megamorphic != 0 {
            NodeCost::Megamorphic
        } else if a.count_ones() == 1 {
            NodeCost::Monomorphic
        } else {
            NodeCost::Polymorphic
        }
    }
}

/// Reports a polymorphic specialization of `node`, executing in `f` (Truffle's
/// `Node.reportPolymorphicSpecialize`): the report goes to the frame's call target, the target
/// whose tree holds the node, which runs the splitting heuristic ([`crate::splitting`]). A node
/// executing outside any target has nowhere to report to.
#[cold]
#[inline(never)]
pub fn report_polymorphic_specialize<L: Language>(f: &Frame<'_, L>, node: &dyn ExprNode<L>) {
    if let Some(t) = f.target() {
        f.runtime().polymorphic_specialize(t, node);
    }
}
