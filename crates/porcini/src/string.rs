//! Immutable guest strings (SimpleLanguage's), stored as UTF-8 ropes.
//!
//! Strings are heap objects holding UTF-8 text. SL has no string-indexing operations, so UTF-8 is
//! observably the same as the reference's UTF-16. Concatenation joins two strings in constant time
//! as a rope ([`crate::rope`]), which flattens itself the first time its text is read
//! ([`GuestStr::as_str`]), so building a string piece by piece is linear, not quadratic. Short
//! flat text is kept inside the string object ([`crate::utf8_text`]).

use std::fmt;
use std::hash::{Hash, Hasher};

use porcini_gc::{Gc, Trace, Tracer};

use crate::rope::{NodeAlloc, Rope, RopeEncoding, TooLong};
use crate::utf8_text::{Utf8Builder, Utf8Text};

/// An immutable string in the GC heap.
pub struct GuestStr {
    rope: Rope<Utf8>,
}

/// The encoding of [`GuestStr`]: UTF-8 text, lengths in bytes.
pub struct Utf8;

impl RopeEncoding for Utf8 {
    type Flat = Utf8Text;
    type Node = GuestStr;
    type Builder = Utf8Builder;
    /// Java's limit on a string's length (the reference runs on the JVM), here in bytes.
    const MAX_LEN: usize = i32::MAX as usize;
    /// A leaf that short pieces are appended to by copying stays inline ([`crate::utf8_text`]),
    /// so building a string a piece at a time allocates no text buffer at all.
    const LEAF_LEN: usize = crate::utf8_text::INLINE;
    fn rope(node: &GuestStr) -> &Rope<Utf8> {
        &node.rope
    }
    fn node(rope: Rope<Utf8>) -> GuestStr {
        GuestStr { rope }
    }
    fn flat_len(flat: &Utf8Text) -> usize {
        flat.len()
    }
    fn builder(len: usize) -> Utf8Builder {
        Utf8Builder::with_capacity(len)
    }
    fn push(builder: &mut Utf8Builder, piece: &Utf8Text) {
        builder.push(piece);
    }
    fn finish(builder: Utf8Builder) -> Utf8Text {
        builder.finish()
    }
    #[inline]
    fn join_short(a: &Utf8Text, b: &Utf8Text) -> Option<Utf8Text> {
        Utf8Text::join_inline(a, b)
    }
}

impl GuestStr {
    /// Wraps text.
    pub fn new(text: impl Into<Box<str>>) -> GuestStr {
        GuestStr { rope: Rope::from_flat(Utf8Text::from_boxed(text.into())) }
    }
    /// The text (flattening the string first if it is a rope).
    #[inline]
    pub fn as_str(&self) -> &str {
        self.rope.flat()
    }
    /// The length of the text in UTF-8 bytes, without flattening.
    pub fn len(&self) -> usize {
        self.rope.len()
    }
    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.rope.is_empty()
    }
    /// The rope behind the string.
    pub fn rope(&self) -> &Rope<Utf8> {
        &self.rope
    }
    /// The concatenation of `a` and `b` (see [`Rope::join`]), allocated with `alloc`.
    pub fn concat(a: Gc<GuestStr>, b: Gc<GuestStr>, alloc: &impl NodeAlloc<GuestStr>) -> Result<Gc<GuestStr>, TooLong> {
        Rope::<Utf8>::join(a, b, alloc)
    }
}

impl PartialEq for GuestStr {
    fn eq(&self, other: &GuestStr) -> bool {
        std::ptr::eq(self, other) || (self.len() == other.len() && self.as_str() == other.as_str())
    }
}

impl Eq for GuestStr {}

impl Hash for GuestStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for GuestStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

// SAFETY: a flat string holds no GC references; an unflattened rope reports its two halves.
unsafe impl Trace for GuestStr {
    fn trace(&self, tracer: &mut Tracer) {
        self.rope.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.rope.flat_if_ready().map_or(0, Utf8Text::heap_bytes)
    }
    /// Inline text owns nothing, and a flat string's text never changes; a rope node may
    /// flatten into a box later.
    fn needs_drop(&self) -> bool {
        !matches!(self.rope.flat_if_ready(), Some(Utf8Text::Inline { .. }))
    }
}
