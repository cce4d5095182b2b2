//! Prediction contexts: sets of rule-invocation stacks, as ANTLR's adaptive prediction uses
//! them.
//!
//! A context says which rule invocations a prediction configuration will return into: a stack
//! of return (follow) states, or a set of such stacks after configurations are merged. Stacks
//! are stored as a trie from the top of the stack down, and every node is interned, so two
//! contexts are equal exactly when their ids are equal. Prediction groups configurations by
//! (state, context), so this equality must agree with the reference's structural equality; the
//! merge below follows ANTLR's `PredictionContext.merge` case by case to guarantee that. In
//! full-context mode a merge yields the trie of the union of the two sets of stacks (each top
//! return state once, with the merge of its parents below it), so a context is a function of its
//! set of stacks alone, whatever order the stacks were merged in; the memoized closure in
//! `returns` relies on that.
//!
//! In SLL mode (`wildcard`) the empty context means "any stack" and absorbs everything it is
//! merged with; in full-context mode it is the empty stack and is kept as a `$` entry.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::atn::StateId;

/// The return state standing for "the stack may be empty here" inside a merged context.
const EMPTY_RETURN: u32 = u32::MAX;

/// One top entry of a context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Return into `state`, with `parent` as the context below it.
    Return { state: StateId, parent: CtxId },
    /// The empty stack (nothing to return into).
    EmptyStack,
}

/// An interned context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CtxId(u32);

impl CtxId {
    /// The empty context (no invocation to return into).
    pub(crate) const EMPTY: CtxId = CtxId(0);
}

/// An entry of a trie node in storage form: `(return state, parent)`; the `$` entry (return
/// state [`EMPTY_RETURN`]) has no parent and sorts last.
type RawEntry = (u32, Option<CtxId>);

/// A trie node. `Single` and `Array` entries are `(return state, parent)`.
#[derive(Debug, Clone)]
enum Node {
    Empty,
    Single { ret: u32, parent: CtxId },
    Array(Rc<[RawEntry]>),
}

/// The interning table. Ids stay valid until [`Contexts::reset`].
pub(crate) struct Contexts {
    nodes: Vec<Node>,
    /// The single nodes by [`single_key`], and the array nodes by their entries. Single nodes
    /// are most of them, and a plain integer key keeps their table small.
    singles: FxHashMap<u64, CtxId>,
    arrays: FxHashMap<Rc<[RawEntry]>, CtxId>,
    /// Results of earlier merges by [`merge_key`] (ids are canonical, so a merge is a pure
    /// function of them).
    merges: FxHashMap<u64, CtxId>,
    /// How many merges have not been found in `merges`, ever: a measure of the work done.
    merges_done: u64,
    /// How many pairs of nodes those merges visited, ever: a merge walks down two stacks while
    /// their tops agree, so this is what merging deep contexts costs (see
    /// [`super::ParseWork`]).
    merge_steps: u64,
}

/// The key of a single node in the interning table.
fn single_key(ret: u32, parent: CtxId) -> u64 {
    (u64::from(parent.0) << 32) | u64::from(ret)
}

/// The key of a merge: the smaller id, the larger id, and the mode in the top bit. Ids stay
/// far below 2^31 (each is a node in memory).
fn merge_key(a: CtxId, b: CtxId, wildcard: bool) -> u64 {
    let (lo, hi) = if a.0 < b.0 { (a.0, b.0) } else { (b.0, a.0) };
    (u64::from(wildcard) << 63) | (u64::from(lo) << 32) | u64::from(hi)
}

impl Contexts {
    pub(crate) fn new() -> Contexts {
        Contexts {
            nodes: vec![Node::Empty],
            singles: FxHashMap::default(),
            arrays: FxHashMap::default(),
            merges: FxHashMap::default(),
            merges_done: 0,
            merge_steps: 0,
        }
    }

    /// Forgets every context except the empty one (to bound memory between functions).
    pub(crate) fn reset(&mut self) {
        self.nodes.truncate(1);
        self.singles.clear();
        self.arrays.clear();
        self.merges.clear();
    }

    /// How many contexts are interned (ids below it are in use).
    pub(crate) fn len(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// How many merges were computed rather than found (ever; it only grows).
    pub(crate) fn merges_done(&self) -> u64 {
        self.merges_done
    }

    /// How many pairs of nodes merges have visited (ever; it only grows).
    pub(crate) fn merge_steps(&self) -> u64 {
        self.merge_steps
    }

    /// The id of the single node `ret` over `parent`, interning it if new.
    fn single(&mut self, ret: u32, parent: CtxId) -> CtxId {
        let next = CtxId(self.nodes.len() as u32);
        let id = *self.singles.entry(single_key(ret, parent)).or_insert(next);
        if id == next {
            self.nodes.push(Node::Single { ret, parent });
        }
        id
    }

    /// The id of the array node with entries `e`, interning it if new.
    fn array(&mut self, e: &[RawEntry]) -> CtxId {
        if let Some(id) = self.arrays.get(e) {
            return *id;
        }
        let next = CtxId(self.nodes.len() as u32);
        let entries: Rc<[RawEntry]> = Rc::from(e);
        self.nodes.push(Node::Array(entries.clone()));
        self.arrays.insert(entries, next);
        next
    }

    fn node(&self, c: CtxId) -> &Node {
        self.nodes.get(c.0 as usize).unwrap_or(&Node::Empty)
    }

    /// The context with `ret` pushed on top of `parent`.
    pub(crate) fn push(&mut self, parent: CtxId, ret: StateId) -> CtxId {
        self.single(u32::from(ret.0), parent)
    }

    pub(crate) fn is_empty(&self, c: CtxId) -> bool {
        matches!(self.node(c), Node::Empty)
    }

    /// Whether one of the stacks in `c` is the empty stack.
    pub(crate) fn has_empty_path(&self, c: CtxId) -> bool {
        match self.node(c) {
            Node::Empty => true,
            Node::Single { .. } => false,
            Node::Array(e) => e.last().is_some_and(|(r, _)| *r == EMPTY_RETURN),
        }
    }

    /// The top entries of `c`.
    pub(crate) fn entries(&self, c: CtxId) -> Vec<Entry> {
        (0..self.entry_count(c)).map(|i| self.entry(c, i)).collect()
    }

    /// How many top entries `c` has (the empty context has one, `$`).
    pub(crate) fn entry_count(&self, c: CtxId) -> usize {
        match self.node(c) {
            Node::Empty | Node::Single { .. } => 1,
            Node::Array(e) => e.len(),
        }
    }

    /// The `i`-th top entry of `c`.
    pub(crate) fn entry(&self, c: CtxId, i: usize) -> Entry {
        match self.raw_entry(c, i) {
            (ret, Some(parent)) if ret != EMPTY_RETURN => Entry::Return { state: StateId(ret as u16), parent },
            _ => Entry::EmptyStack,
        }
    }

    /// The `i`-th top entry of `c` in storage form.
    fn raw_entry(&self, c: CtxId, i: usize) -> RawEntry {
        match self.node(c) {
            Node::Empty => (EMPTY_RETURN, None),
            Node::Single { ret, parent } => (*ret, Some(*parent)),
            Node::Array(e) => e.get(i).copied().unwrap_or((EMPTY_RETURN, None)),
        }
    }

    /// The interned index of `c` (a stable total order within one table generation).
    pub(crate) fn index(c: CtxId) -> u32 {
        c.0
    }

    /// A context from sorted entries; one entry is a single node (or the empty context).
    fn node_from_entries(&mut self, e: &[RawEntry]) -> CtxId {
        match e {
            [(ret, Some(parent))] => self.single(*ret, *parent),
            [(_, None)] | [] => CtxId::EMPTY,
            _ => self.array(e),
        }
    }

    /// The union of two contexts (ANTLR's `merge`). With `wildcard` (SLL prediction) the empty
    /// context stands for any stack.
    pub(crate) fn merge(&mut self, a: CtxId, b: CtxId, wildcard: bool) -> CtxId {
        if a == b {
            return a;
        }
        let key = merge_key(a, b, wildcard);
        if let Some(m) = self.merges.get(&key) {
            return *m;
        }
        self.merges_done += 1;
        let m = self.merge_uncached(a, b, wildcard);
        self.merges.insert(key, m);
        m
    }

    fn merge_uncached(&mut self, a: CtxId, b: CtxId, wildcard: bool) -> CtxId {
        // Walk down pairs of single nodes with equal tops without recursion: stacks can be as
        // deep as the source is nested.
        // Each pair walked: the two nodes, their common return state and their two parents.
        type Pair = (CtxId, CtxId, u32, CtxId, CtxId);
        let mut chain: SmallVec<[Pair; 16]> = SmallVec::new();
        let (mut x, mut y) = (a, b);
        let mut result = loop {
            self.merge_steps += 1;
            if x == y {
                break x;
            }
            match (self.node(x), self.node(y)) {
                (Node::Single { ret: r1, parent: p1 }, Node::Single { ret: r2, parent: p2 }) if r1 == r2 => {
                    chain.push((x, y, *r1, *p1, *p2));
                    (x, y) = (*p1, *p2);
                }
                _ => break self.merge_step(x, y, wildcard),
            }
        };
        while let Some((x, y, ret, px, py)) = chain.pop() {
            // ax + ay = a[x+y]; if the merged parent is one of the originals, so is the result.
            result = if result == px {
                x
            } else if result == py {
                y
            } else {
                self.single(ret, result)
            };
        }
        result
    }

    /// One merge of two different contexts whose tops are not two equal single nodes. With the
    /// empty context written as the entry `$`, every case of ANTLR's `merge` (root merges, two
    /// singles with different tops, arrays) is a sorted merge of entries in which equal tops
    /// merge their parents.
    fn merge_step(&mut self, a: CtxId, b: CtxId, wildcard: bool) -> CtxId {
        let (ea_empty, eb_empty) = (self.is_empty(a), self.is_empty(b));
        if wildcard && (ea_empty || eb_empty) {
            // In SLL mode the empty context stands for any stack and absorbs the other.
            return CtxId::EMPTY;
        }
        let (na, nb) = (self.entry_count(a), self.entry_count(b));
        let mut merged: SmallVec<[RawEntry; 8]> = SmallVec::with_capacity(na + nb);
        let (mut i, mut j) = (0, 0);
        while i < na && j < nb {
            let ((ra, pa), (rb, pb)) = (self.raw_entry(a, i), self.raw_entry(b, j));
            if ra == rb {
                let parent = match (pa, pb) {
                    (Some(pa), Some(pb)) if pa != pb => Some(self.merge(pa, pb, wildcard)),
                    (pa, _) => pa,
                };
                merged.push((ra, parent));
                i += 1;
                j += 1;
            } else if ra < rb {
                merged.push((ra, pa));
                i += 1;
            } else {
                merged.push((rb, pb));
                j += 1;
            }
        }
        merged.extend((i..na).map(|k| self.raw_entry(a, k)));
        merged.extend((j..nb).map(|k| self.raw_entry(b, k)));
        self.merge_steps += merged.len() as u64;
        self.node_from_entries(&merged)
    }
}
