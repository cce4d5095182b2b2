//! Ropes: the lazily concatenated strings both languages' string types are built on.
//!
//! Copying both halves on every concatenation makes `s = s + c` in a loop quadratic. A rope
//! instead joins two strings in constant time by making a node that points at both, and copies
//! the characters only once, when something needs them in one piece (indexing, comparing,
//! hashing, printing, converting): the node then *flattens in place*, keeping the joined text and
//! letting go of its halves, so it is flattened at most once and its halves can be collected.
//! Short results (under [`RopeEncoding::MIN_ROPE_LEN`] units, as V8's `ConsString` has a minimum
//! length of 13) are joined flat at once, since copying a few units is cheaper than a node.
//!
//! Appending a short piece to a rope whose last leaf is short (or prepending one to a rope whose
//! first leaf is) copies that leaf and the piece into a new leaf of at most
//! [`RopeEncoding::LEAF_LEN`] units and makes a new node over it and the rope's other half. The
//! copy is bounded, so joining stays constant time, and a string built one character at a time
//! is then a chain of one node per leaf of up to `LEAF_LEN` units rather than one node per
//! character: a fraction of the memory, and of the objects every collection marks while the
//! string is alive (which matters most to GC-stress runs, which collect at every allocation).
//!
//! The framework owns the algorithm and each language its encoding: SL's strings are UTF-8
//! ([`crate::string::GuestStr`]), EasyScript's are one-byte or two-byte code units. A language
//! names its flat text, the heap object that holds a [`Rope`] and how flat pieces are joined
//! ([`RopeEncoding`]); everything about nodes (lengths, the small-result rule, flattening, tracing)
//! is written here once, rather than twice with the same stack-depth pitfalls.
//!
//! Ropes can be a million levels deep: left-deep from `s = s + c`, right-deep from `s = c + s`.
//! Nothing here recurses over that depth: flattening walks the tree with an explicit stack, the
//! collector marks the two halves through its own mark stack, and dropping a node drops only
//! [`Gc`] pointers, which own nothing. Flattening allocates only Rust memory, never in the GC heap,
//! so no collection can run while the walk holds nodes in its vector.
//!
//! A node is either flat (its text is set) or a concatenation (its halves are set), never both
//! for longer than the flattening step that turns the second into the first. The text sits in a
//! `OnceCell`, so references to it stay valid as long as the node, and no `unsafe` is needed.

use std::cell::{Cell, OnceCell};
use std::fmt;

use porcini_gc::{Gc, Trace, Tracer};

/// How a language stores its strings' text, and which heap object holds a [`Rope`] of it.
pub trait RopeEncoding: Sized + 'static {
    /// Flat text: a string's units in one piece.
    type Flat: 'static;
    /// The heap object holding a rope of this encoding (the language's string type).
    type Node: Trace;
    /// A flat text under construction.
    type Builder;
    /// Results shorter than this many units are joined flat instead of making a node.
    const MIN_ROPE_LEN: usize = 13;
    /// A short piece joins a rope's end leaf by copying when the two make at most this many units.
    const LEAF_LEN: usize = 64;
    /// The longest string the language allows, in units; longer joins fail with [`TooLong`].
    const MAX_LEN: usize;
    /// The rope inside a string object.
    fn rope(node: &Self::Node) -> &Rope<Self>;
    /// A string object holding `rope`, to allocate.
    fn node(rope: Rope<Self>) -> Self::Node;
    /// The number of units in a flat text.
    fn flat_len(flat: &Self::Flat) -> usize;
    /// An empty builder for a text of `len` units.
    fn builder(len: usize) -> Self::Builder;
    /// Appends a flat piece.
    fn push(builder: &mut Self::Builder, piece: &Self::Flat);
    /// The finished text.
    fn finish(builder: Self::Builder) -> Self::Flat;
    /// Two flat texts joined without a builder, if the encoding can: one that keeps short text
    /// inline joins two inline texts with a few fixed-size moves ([`join_inline`]), since short
    /// joins are most of a program's joins. `None` (the default) joins them through a builder.
    fn join_short(_a: &Self::Flat, _b: &Self::Flat) -> Option<Self::Flat> {
        None
    }
}

/// The widest inline text [`join_inline`] joins, in bytes.
pub const MAX_INLINE_JOIN: usize = 32;

/// Joins the first `la` bytes of `a` and the first `lb` of `b` into one inline array, or `None`
/// when the two do not fit in `N` bytes. Bytes past the joined length are unspecified (whatever
/// followed `b`'s text), so inline text must never be read past its length.
///
/// The join is done in registers: each array is read as two 128-bit words, `a`'s are masked to
/// its length and `b`'s shifted past it. Copying into a stack buffer at a variable offset and
/// reading the result back whole stalls the processor's store forwarding (the wide read
/// overlaps narrower writes it cannot be served from), which was half the time of joining two
/// one-byte strings; copying exactly `la` and `lb` bytes instead calls `memcpy` twice.
#[inline]
pub fn join_inline<const N: usize>(a: &[u8; N], la: usize, b: &[u8; N], lb: usize) -> Option<[u8; N]> {
    const { assert!(N <= MAX_INLINE_JOIN, "inline text is at most MAX_INLINE_JOIN bytes") };
    if la > N || lb > N - la {
        return None;
    }
    if N >= 16 && la + lb <= 16 && la < 16 {
        // The common case, a short result: the first 16 bytes of each side are all it needs,
        // and `la` is below 16, so the shift is in range.
        let (alo, blo) = (first_word(a), first_word(b));
        let lo = (alo & LOW_BYTES[la]) | (blo << (8 * la as u32));
        let mut out = [0u8; N];
        out[..16].copy_from_slice(&lo.to_le_bytes());
        return Some(out);
    }
    let (alo, ahi) = words(a);
    let (blo, bhi) = words(b);
    let (alo, ahi) = (alo & low_bytes(la), ahi & low_bytes(la.saturating_sub(16)));
    // `shift` is below 256, as `la` is at most N.
    let shift = u32::try_from(8 * la).unwrap_or(u32::MAX);
    let (slo, shi) = if shift < 128 {
        (shl(blo, shift), shl(bhi, shift) | shr(blo, 128 - shift))
    } else {
        (0, shl(blo, shift - 128))
    };
    let (lo, hi) = ((alo | slo).to_le_bytes(), (ahi | shi).to_le_bytes());
    let mut out = [0u8; N];
    let split = N.min(16);
    out[..split].copy_from_slice(&lo[..split]);
    out[split..].copy_from_slice(&hi[..N - split]);
    Some(out)
}

/// An inline array as two little-endian 128-bit words: bytes 0 to 15, then 16 to 31 (zero past
/// the array). A whole 16-byte half is one load; a shorter one is read byte by byte, which for a
/// constant `N` unrolls to a few loads and shifts.
#[inline(always)]
fn words<const N: usize>(bytes: &[u8; N]) -> (u128, u128) {
    let word = |part: &[u8]| match <[u8; 16]>::try_from(part) {
        Ok(whole) => u128::from_le_bytes(whole),
        Err(_) => part.iter().rev().fold(0u128, |acc, &b| (acc << 8) | u128::from(b)),
    };
    let split = N.min(16);
    (word(&bytes[..split]), word(&bytes[split..]))
}

/// The first 16 bytes of an array of at least 16, as one little-endian word: one load.
#[inline(always)]
fn first_word<const N: usize>(bytes: &[u8; N]) -> u128 {
    let mut word = [0u8; 16];
    word.copy_from_slice(&bytes[..16]);
    u128::from_le_bytes(word)
}

/// `LOW_BYTES[n]` masks the low `n` bytes of a 128-bit word: one load, where computing it
/// takes a dozen instructions.
const LOW_BYTES: [u128; 17] = {
    let mut masks = [u128::MAX; 17];
    let mut n = 0;
    while n < 16 {
        masks[n] = (1u128 << (8 * n)) - 1;
        n += 1;
    }
    masks
};

/// A mask of the low `n` bytes of a 128-bit word (all of it from 16 bytes on).
#[inline(always)]
fn low_bytes(n: usize) -> u128 {
    if n >= 16 { u128::MAX } else { (1u128 << (8 * n)) - 1 }
}

/// `x << s`, zero when `s` is the word's width or more.
#[inline(always)]
fn shl(x: u128, s: u32) -> u128 {
    x.checked_shl(s).unwrap_or(0)
}

/// `x >> s`, zero when `s` is the word's width or more.
#[inline(always)]
fn shr(x: u128, s: u32) -> u128 {
    x.checked_shr(s).unwrap_or(0)
}

/// Where ropes allocate their nodes (the runtime, or a test's heap).
pub trait NodeAlloc<N: Trace> {
    /// Allocates the node `make` returns, built right in its cell rather than built first and
    /// copied there (the copy of a just-written node stalled the processor's store forwarding,
    /// a fifth of a concatenation's time); may collect first. `make` must not use the GC heap,
    /// and the references it puts into the node must be reachable without it (see
    /// `porcini_gc::Heap::alloc_with`).
    fn alloc_node(&self, make: impl FnOnce() -> N) -> Gc<N>;
}

/// The two strings a rope node concatenates, left then right.
pub type Halves<E> = (Gc<<E as RopeEncoding>::Node>, Gc<<E as RopeEncoding>::Node>);

/// A string's text: flat, or the concatenation of two strings, flattened on first demand.
pub struct Rope<E: RopeEncoding> {
    /// The number of units, known without flattening.
    len: usize,
    /// The text, once there is one.
    flat: OnceCell<E::Flat>,
    /// The two strings this one concatenates, until it is flattened.
    halves: Cell<Option<Halves<E>>>,
}

/// A concatenation would exceed the language's maximum string length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong;

impl<E: RopeEncoding> Rope<E> {
    /// A flat rope holding `flat`.
    pub fn from_flat(flat: E::Flat) -> Rope<E> {
        let len = E::flat_len(&flat);
        Rope { len, flat: OnceCell::from(flat), halves: Cell::new(None) }
    }

    /// The flat rope of `a` and `b` joined, when both are flat, neither is empty, the result is
    /// shorter than [`RopeEncoding::MIN_ROPE_LEN`] and the encoding joins the two without a
    /// builder ([`RopeEncoding::join_short`]); otherwise `None`, and [`Rope::join`] decides.
    /// [`Rope::join`] would make the same text; this lets a language build the common short
    /// result right in its new cell (with the heap's `alloc_with`) instead of building it on
    /// the stack and copying it there.
    #[inline(always)]
    pub fn join_short(a: &Rope<E>, b: &Rope<E>) -> Option<Rope<E>> {
        let len = a.len + b.len;
        if a.len == 0 || b.len == 0 || len >= E::MIN_ROPE_LEN {
            return None;
        }
        let flat = E::join_short(a.flat.get()?, b.flat.get()?)?;
        Some(Rope { len, flat: OnceCell::from(flat), halves: Cell::new(None) })
    }

    /// The concatenation of `a` and `b`, allocated with `alloc`: constant time, unless one side is
    /// empty (the result is then the other side), the result is short (then it is flat), or a
    /// short piece joins a short end leaf (then the leaf is copied with it, see the module docs).
    ///
    /// `alloc` may collect: the caller keeps `a` and `b` where the collector finds them, and a
    /// new leaf lives in a local, on the native stack the collector scans, until its node holds it.
    /// Each node is built right in its cell, after any collection: the texts copied into it are
    /// read from `a` and `b`'s nodes, which a collection neither frees nor moves.
    pub fn join(a: Gc<E::Node>, b: Gc<E::Node>, alloc: &impl NodeAlloc<E::Node>) -> Result<Gc<E::Node>, TooLong> {
        let (ra, rb) = (E::rope(&a), E::rope(&b));
        let len = ra.len.checked_add(rb.len).filter(|&n| n <= E::MAX_LEN).ok_or(TooLong)?;
        if rb.len == 0 {
            return Ok(a);
        }
        if ra.len == 0 {
            return Ok(b);
        }
        if len < E::MIN_ROPE_LEN {
            // Both are flat: a rope node is at least `MIN_ROPE_LEN` long.
            return Ok(alloc.alloc_node(|| E::node(Rope::from_flat(Self::copy(ra.flat(), rb.flat(), len)))));
        }
        let new_node = |left: Gc<E::Node>, right: Gc<E::Node>| {
            alloc.alloc_node(|| E::node(Rope { len, flat: OnceCell::new(), halves: Cell::new(Some((left, right))) }))
        };
        if let (Some(piece), Some((left, last))) = (rb.flat.get(), ra.halves.get()) {
            let end = E::rope(&last);
            if let Some(text) = end.flat.get()
                && end.len + rb.len <= E::LEAF_LEN
            {
                let leaf = alloc.alloc_node(|| E::node(Rope::from_flat(Self::copy(text, piece, end.len + rb.len))));
                return Ok(new_node(left, leaf));
            }
        }
        if let (Some(piece), Some((first, right))) = (ra.flat.get(), rb.halves.get()) {
            let start = E::rope(&first);
            if let Some(text) = start.flat.get()
                && ra.len + start.len <= E::LEAF_LEN
            {
                let leaf = alloc.alloc_node(|| E::node(Rope::from_flat(Self::copy(piece, text, ra.len + start.len))));
                return Ok(new_node(leaf, right));
            }
        }
        Ok(new_node(a, b))
    }

    /// Two flat texts copied into one of `len` units.
    #[inline]
    fn copy(a: &E::Flat, b: &E::Flat, len: usize) -> E::Flat {
        if let Some(flat) = E::join_short(a, b) {
            return flat;
        }
        let mut builder = E::builder(len);
        E::push(&mut builder, a);
        E::push(&mut builder, b);
        E::finish(builder)
    }

    /// The number of units, in constant time.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the text is in one piece already (reading it will not copy).
    pub fn is_flat(&self) -> bool {
        self.flat.get().is_some()
    }

    /// The text in one piece, flattening the rope first if it is not.
    #[inline(always)]
    pub fn flat(&self) -> &E::Flat {
        match self.flat.get() {
            Some(flat) => flat,
            None => self.flatten(),
        }
    }

    /// The flat text, if the rope has one already.
    pub fn flat_if_ready(&self) -> Option<&E::Flat> {
        self.flat.get()
    }

    /// Copies the leaves into one text, left to right, keeps it and releases the halves.
    #[cold]
    #[inline(never)]
    fn flatten(&self) -> &E::Flat {
        let (left, right) = self.halves.get().expect("porcini: a rope is flat or has halves");
        let mut builder = E::builder(self.len);
        // The nodes still to copy, the next on top: a left-deep rope leaves one right half here
        // per level, a right-deep one at most two entries. Flat nodes inside the tree (ropes
        // flattened earlier) are copied whole without visiting their former halves.
        let mut pending: Vec<Gc<E::Node>> = vec![right, left];
        while let Some(node) = pending.pop() {
            let rope = E::rope(&node);
            match rope.flat.get() {
                Some(piece) => E::push(&mut builder, piece),
                None => {
                    let (l, r) = rope.halves.get().expect("porcini: a rope is flat or has halves");
                    pending.push(r);
                    pending.push(l);
                }
            }
        }
        let flat = E::finish(builder);
        debug_assert_eq!(E::flat_len(&flat), self.len, "a rope's length is its leaves' total");
        self.halves.set(None);
        self.flat.get_or_init(|| flat)
    }

    /// Reports the halves of an unflattened rope to the collector; a flat rope holds no
    /// references. The collector's mark stack, not recursion, carries the walk down the tree.
    pub fn trace(&self, tracer: &mut Tracer) {
        if let Some((a, b)) = self.halves.get() {
            tracer.mark(a);
            tracer.mark(b);
        }
    }

    /// The halves of an unflattened rope (for tests and diagnostics).
    pub fn halves(&self) -> Option<Halves<E>> {
        self.halves.get()
    }
}

impl<E: RopeEncoding> fmt::Debug for Rope<E>
where
    E::Flat: fmt::Debug,
{
    /// Shows the text (flattening it): a rope's shape is not part of its value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.flat(), f)
    }
}

#[cfg(test)]
mod tests {
    //! The algorithm on SL's UTF-8 strings, in a heap of its own whose roots the tests report
    //! precisely.

    use std::cell::RefCell;
    use std::hash::{BuildHasher, RandomState};

    use porcini_gc::{Heap, HeapConfig};

    use super::*;
    use crate::string::{GuestStr, Utf8};

    /// A heap and the strings the tests keep alive.
    struct Strings {
        heap: Heap,
        kept: RefCell<Vec<Gc<GuestStr>>>,
    }

    impl NodeAlloc<GuestStr> for Strings {
        fn alloc_node(&self, make: impl FnOnce() -> GuestStr) -> Gc<GuestStr> {
            self.heap.alloc_with(make, &self.roots())
        }
    }

    impl Strings {
        fn new(stress: bool) -> Strings {
            Strings { heap: Heap::new(HeapConfig { stress, ..HeapConfig::default() }), kept: RefCell::new(Vec::new()) }
        }
        fn roots(&self) -> impl Fn(&mut Tracer) + '_ {
            |t: &mut Tracer| self.kept.borrow().iter().for_each(|&s| t.mark(s))
        }
        fn flat(&self, text: &str) -> Gc<GuestStr> {
            self.heap.alloc(GuestStr::new(text), &self.roots())
        }
        fn join(&self, a: Gc<GuestStr>, b: Gc<GuestStr>) -> Gc<GuestStr> {
            GuestStr::concat(a, b, self).expect("short enough")
        }
        /// Keeps `s` alive (as the only root in slot `i`).
        fn keep(&self, i: usize, s: Gc<GuestStr>) {
            let mut kept = self.kept.borrow_mut();
            if kept.len() <= i {
                kept.resize(i + 1, s);
            }
            kept[i] = s;
        }
        fn collect(&self) {
            self.heap.collect(&self.roots());
        }
    }

    #[test]
    fn inline_joins_fit_or_refuse() {
        // (left length, right length, joined text or None)
        let check = |la: usize, lb: usize, expect: Option<&[u8]>| {
            let (mut a, mut b) = ([b'.'; 8], [b'-'; 8]);
            // A length past the array (a corrupt one) must be refused, not read.
            a[..la.min(8)].copy_from_slice(&b"abcdefgh"[..la.min(8)]);
            b[..lb.min(8)].copy_from_slice(&b"ABCDEFGH"[..lb.min(8)]);
            let got = join_inline(&a, la, &b, lb);
            assert_eq!(got.map(|out| out[..la + lb].to_vec()), expect.map(<[u8]>::to_vec), "{la} + {lb}");
        };
        check(0, 0, Some(b""));
        check(1, 2, Some(b"aAB"));
        check(0, 8, Some(b"ABCDEFGH"));
        check(8, 0, Some(b"abcdefgh"));
        check(5, 3, Some(b"abcdeABC"));
        check(5, 4, None);
        check(8, 1, None);
        check(9, 0, None);
        check(0, 9, None);
    }

    #[test]
    fn inline_joins_of_every_length_pair_match_a_plain_copy() {
        // Bytes past each side's length are other letters, so a join that forgot to mask `a`
        // or misplaced `b` shows; both the short path (16 bytes at most) and the wide one run.
        let (a, b): (&[u8; 22], &[u8; 22]) = (b"abcdefghijklmnopqrstuv", b"ABCDEFGHIJKLMNOPQRSTUV");
        for la in 0..=22 {
            for lb in 0..=22 {
                let got = join_inline(a, la, b, lb).map(|out| out[..la + lb].to_vec());
                let expect = (la + lb <= 22).then(|| [&a[..la], &b[..lb]].concat());
                assert_eq!(got, expect, "{la} + {lb}");
            }
        }
    }

    const MILLION: usize = 1_000_000;
    /// Pieces this long never share a leaf with a neighbour, so each join makes one level.
    const WIDE: usize = Utf8::LEAF_LEN / 2 + 1;

    #[test]
    fn a_million_levels_left_deep_flatten_and_collect_without_recursion() {
        let h = Strings::new(false);
        let x = h.flat(&"x".repeat(WIDE));
        h.keep(0, x);
        let mut s = h.flat("");
        for _ in 0..MILLION {
            s = h.join(s, x);
            h.keep(1, s);
        }
        assert_eq!(s.len(), MILLION * WIDE, "the length is known before flattening");
        assert!(!s.rope().is_flat());
        // Marking walks all million nodes.
        h.collect();
        assert!(h.heap.stats().live_objects >= MILLION, "{:?}", h.heap.stats());
        let text = s.as_str();
        assert_eq!(text.len(), MILLION * WIDE);
        assert!(text.bytes().all(|b| b == b'x'));
        assert!(s.rope().is_flat() && s.rope().halves().is_none(), "flattened in place");
        // The halves are unreachable from `s` now (a stale word on the native stack may still
        // hold one for the conservative scan, so what is freed is not asserted); collecting
        // and dropping them recurses into nothing.
        h.collect();
        assert_eq!(s.as_str().len(), MILLION * WIDE);
    }

    #[test]
    fn a_million_levels_right_deep_keep_their_order() {
        let h = Strings::new(false);
        let letters: Vec<Gc<GuestStr>> = (b'a'..=b'z').map(|c| h.flat(&(c as char).to_string().repeat(WIDE))).collect();
        for (i, &l) in letters.iter().enumerate() {
            h.keep(i, l);
        }
        let mut s = h.flat("");
        let mut expected = Vec::with_capacity(MILLION * WIDE);
        for i in 0..MILLION {
            s = h.join(letters[i % 26], s);
            h.keep(26, s);
            expected.push(b'a' + (i % 26) as u8);
        }
        expected.reverse();
        assert_eq!(s.len(), MILLION * WIDE);
        h.collect();
        assert!(h.heap.stats().live_objects >= MILLION, "{:?}", h.heap.stats());
        let text = s.as_str().as_bytes();
        assert!(text.chunks(WIDE).map(|c| c[0]).eq(expected.iter().copied()));
        assert!(text.chunks(WIDE).all(|c| c.iter().all(|&b| b == c[0])));
    }

    #[test]
    fn single_characters_share_leaves_at_either_end() {
        let h = Strings::new(false);
        let (x, y) = (h.flat("x"), h.flat("y"));
        h.keep(0, x);
        h.keep(1, y);
        let (mut back, mut front) = (h.flat(""), h.flat(""));
        let mut expected_front = String::new();
        for i in 0..100_000 {
            back = h.join(back, x);
            h.keep(2, back);
            let c = if i % 3 == 0 { y } else { x };
            front = h.join(c, front);
            h.keep(3, front);
            expected_front.insert_str(0, c.as_str());
        }
        // One node and one leaf per up to LEAF_LEN characters, not one node per character.
        let (_, last) = back.rope().halves().expect("a rope");
        assert!(last.rope().is_flat() && last.len() > 1 && last.len() <= Utf8::LEAF_LEN);
        let (first, _) = front.rope().halves().expect("a rope");
        assert!(first.rope().is_flat() && first.len() > 1 && first.len() <= Utf8::LEAF_LEN);
        h.collect();
        assert!(h.heap.stats().live_objects < 2 * 2 * 100_000 / (Utf8::LEAF_LEN / 2), "{:?}", h.heap.stats());
        assert_eq!(back.as_str(), "x".repeat(100_000));
        assert_eq!(front.as_str(), expected_front);
    }

    #[test]
    fn flattening_happens_once_and_reuses_flat_subtrees() {
        let h = Strings::new(false);
        let a = h.flat("abcdefghij");
        let b = h.flat("klmnopqrst");
        h.keep(0, a);
        h.keep(1, b);
        let ab = h.join(a, b);
        h.keep(2, ab);
        let abab = h.join(ab, ab);
        h.keep(3, abab);
        assert_eq!(ab.as_str(), "abcdefghijklmnopqrst");
        let first = ab.as_str().as_ptr();
        assert_eq!(ab.as_str().as_ptr(), first, "the flat text is kept, not rebuilt");
        // `abab` copies `ab`'s flat text twice without visiting its former halves.
        assert_eq!(abab.as_str(), "abcdefghijklmnopqrstabcdefghijklmnopqrst");
        assert_eq!(abab.len(), 40);
    }

    #[test]
    fn short_results_are_flat_and_empty_sides_are_the_other_side() {
        let h = Strings::new(false);
        let (a, b, e) = (h.flat("abcdef"), h.flat("ghijkl"), h.flat(""));
        let ab = h.join(a, b);
        assert!(ab.rope().is_flat(), "12 bytes are under the rope minimum");
        assert_eq!(ab.as_str(), "abcdefghijkl");
        let long = h.join(ab, a);
        assert!(!long.rope().is_flat(), "18 bytes make a rope");
        assert!(Gc::ptr_eq(h.join(e, a), a) && Gc::ptr_eq(h.join(a, e), a));
        assert_eq!(h.join(e, e).len(), 0);
    }

    #[test]
    fn ropes_equal_and_hash_as_their_flat_text() {
        let h = Strings::new(false);
        let pieces: Vec<Gc<GuestStr>> = ["héllo, ", "wörld", " and ", "more text"].iter().map(|t| h.flat(t)).collect();
        for (i, &p) in pieces.iter().enumerate() {
            h.keep(i, p);
        }
        let left = h.join(h.join(h.join(pieces[0], pieces[1]), pieces[2]), pieces[3]);
        h.keep(4, left);
        let right = h.join(pieces[0], h.join(pieces[1], h.join(pieces[2], pieces[3])));
        h.keep(5, right);
        let flat = h.flat("héllo, wörld and more text");
        assert!(!left.rope().is_flat() && !right.rope().is_flat());
        let hasher = RandomState::new();
        assert_eq!(hasher.hash_one(&*left), hasher.hash_one(&*flat));
        assert_eq!(*left, *flat);
        assert_eq!(*right, *flat);
        assert_eq!(*left, *right);
        assert_ne!(*left, *pieces[0]);
        assert_eq!(format!("{:?}", *right), "\"héllo, wörld and more text\"");
    }

    #[test]
    fn ropes_survive_collections_at_every_allocation() {
        let h = Strings::new(true);
        let mut s = h.flat("start:");
        h.keep(0, s);
        let mut expected = String::from("start:");
        for i in 0..3000 {
            // The piece is held only by the native stack while the join allocates.
            let piece = h.flat(&format!("{i},"));
            s = if i % 3 == 0 { h.join(piece, s) } else { h.join(s, piece) };
            h.keep(0, s);
            if i % 3 == 0 {
                expected.insert_str(0, &format!("{i},"));
            } else {
                expected.push_str(&format!("{i},"));
            }
            if i % 1000 == 999 {
                // Reading flattens this rope; later joins build on the flat result.
                assert_eq!(s.as_str(), expected);
            }
        }
        h.collect();
        assert_eq!(s.as_str(), expected);
    }

    #[test]
    fn joins_past_the_maximum_length_fail() {
        let h = Strings::new(false);
        let mut s = h.flat("0123456789abcdef");
        h.keep(0, s);
        // Doubling shares both halves, so a rope of 2^31 bytes costs 27 nodes.
        while s.len() <= Utf8::MAX_LEN / 2 {
            s = h.join(s, s);
            h.keep(0, s);
        }
        assert!(matches!(GuestStr::concat(s, s, &h), Err(TooLong)));
        let edge = Utf8::MAX_LEN - s.len();
        assert!(edge < s.len());
    }
}
