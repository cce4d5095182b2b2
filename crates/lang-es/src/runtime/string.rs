//! JavaScript strings: immutable sequences of UTF-16 code units, as a heap kind of their own.
//!
//! Most strings hold only code units below 256, so they are stored one byte per unit (V8's
//! one-byte strings); a string with any larger unit is stored as UTF-16. Either way `length`,
//! indexing and comparison work on code units, exactly as JavaScript's do, and a string may
//! hold unpaired surrogates.
//!
//! Concatenation makes a rope (the framework's [`porcini::rope`], with this module's encoding,
//! [`JsUnits`]) in constant time; the rope flattens itself in place the first time its units are
//! read, so every reader here goes through [`JsStr::flat`] and `length` needs no flattening.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use porcini::rope::{NodeAlloc, Rope, RopeEncoding, TooLong};
use porcini::{Gc, HeapKind, KindObject, Tag, Tracer};

use super::one_byte_units::{OneByteBuilder, OneByteUnits};

/// A string value's object.
type Str = Gc<KindObject<JsStr>>;

/// An immutable JavaScript string.
pub struct JsStr {
    rope: Rope<JsUnits>,
    /// 1 for the runtime's one string of a single Latin-1 unit ([`crate::runtime::unit_str`])
    /// and for string literals ([`crate::runtime::permanent_str`]), which no other string with
    /// the flag equals; 0 otherwise. Compiled code reads it ([`INTERNED`]): two
    /// different strings that both have it are unequal without comparing their units.
    interned: u64,
}

/// [`JsStr`]'s `interned` flag, as compiled code reads it.
pub const INTERNED: porcini::value::KindField<JsStr> = porcini::kind_field!(JsStr, interned);

/// A string's code units in one piece.
pub enum Flat {
    /// Every code unit is below 256 (Latin-1); short text is inline.
    OneByte(OneByteUnits),
    /// UTF-16 code units, at least one of them 256 or more.
    TwoByte(Box<[u16]>),
}

/// The encoding of [`JsStr`]'s ropes: code units, one byte each while they all fit.
pub struct JsUnits;

/// A flat text being joined: one byte per unit until a piece has a wider unit.
pub enum FlatBuilder {
    /// Every unit so far is below 256.
    OneByte(OneByteBuilder),
    /// Some unit was not.
    TwoByte(Vec<u16>),
}

impl RopeEncoding for JsUnits {
    type Flat = Flat;
    type Node = KindObject<JsStr>;
    type Builder = FlatBuilder;
    /// V8's `String::kMaxLength` on 64-bit targets: longer concatenations throw a `RangeError`.
    const MAX_LEN: usize = (1 << 29) - 24;
    fn rope(node: &KindObject<JsStr>) -> &Rope<JsUnits> {
        &node.rope
    }
    fn node(rope: Rope<JsUnits>) -> KindObject<JsStr> {
        KindObject(JsStr { rope, interned: 0 })
    }
    fn flat_len(flat: &Flat) -> usize {
        match flat {
            Flat::OneByte(b) => b.len(),
            Flat::TwoByte(u) => u.len(),
        }
    }
    fn builder(len: usize) -> FlatBuilder {
        FlatBuilder::OneByte(OneByteBuilder::with_capacity(len))
    }
    fn push(builder: &mut FlatBuilder, piece: &Flat) {
        match (&mut *builder, piece) {
            (FlatBuilder::OneByte(out), Flat::OneByte(b)) => out.push(b),
            (FlatBuilder::TwoByte(out), Flat::OneByte(b)) => out.extend(b.iter().map(|&x| u16::from(x))),
            (FlatBuilder::TwoByte(out), Flat::TwoByte(u)) => out.extend_from_slice(u),
            (FlatBuilder::OneByte(out), Flat::TwoByte(u)) => {
                // The first wide piece: widen what is there, once, into a buffer of the full size.
                let mut wide = Vec::with_capacity(out.capacity().max(out.as_slice().len() + u.len()));
                wide.extend(out.as_slice().iter().map(|&x| u16::from(x)));
                wide.extend_from_slice(u);
                *builder = FlatBuilder::TwoByte(wide);
            }
        }
    }
    fn finish(builder: FlatBuilder) -> Flat {
        match builder {
            FlatBuilder::OneByte(b) => Flat::OneByte(b.finish()),
            // It took a two-byte piece, which holds a unit of 256 or more: still stored as
            // narrowly as `from_units` would.
            FlatBuilder::TwoByte(u) => Flat::TwoByte(u.into()),
        }
    }
    #[inline]
    fn join_short(a: &Flat, b: &Flat) -> Option<Flat> {
        match (a, b) {
            (Flat::OneByte(a), Flat::OneByte(b)) => OneByteUnits::join_inline(a, b).map(Flat::OneByte),
            _ => None,
        }
    }
}

impl HeapKind for JsStr {
    const TAG: Tag = Tag::Ref0;
    fn trace(&self, tracer: &mut Tracer) {
        self.rope.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        match self.rope.flat_if_ready() {
            Some(Flat::OneByte(b)) => b.heap_bytes(),
            Some(Flat::TwoByte(u)) => u.len() * 2,
            None => 0,
        }
    }
    /// Inline units own nothing, and a flat string's units never change; a rope node may
    /// flatten into a box later.
    fn needs_drop(&self) -> bool {
        !matches!(self.rope.flat_if_ready(), Some(Flat::OneByte(OneByteUnits::Inline { .. })))
    }
}

impl JsStr {
    /// The string of `units`, stored one byte per unit when they all fit.
    pub fn from_units(units: &[u16]) -> JsStr {
        if units.iter().all(|&u| u < 256) {
            JsStr::flat_of(Flat::OneByte(units.iter().map(|&u| u as u8).collect()))
        } else {
            JsStr::flat_of(Flat::TwoByte(units.into()))
        }
    }
    /// The string of Rust text.
    pub fn from_text(text: &str) -> JsStr {
        if text.is_ascii() {
            JsStr::flat_of(Flat::OneByte(text.as_bytes().into()))
        } else {
            let units: Vec<u16> = text.encode_utf16().collect();
            JsStr::from_units(&units)
        }
    }
    /// The string of the one Latin-1 unit `u`, marked as the runtime's only string of it (see
    /// [`crate::runtime::unit_str`], the one caller).
    pub(crate) fn interned_unit(u: u8) -> JsStr {
        JsStr { interned: 1, ..JsStr::flat_of(Flat::OneByte(OneByteUnits::copy_of(&[u]))) }
    }
    /// This string marked as the runtime's only string of its text (see
    /// [`crate::runtime::permanent_str`], the one caller).
    pub(crate) fn into_interned(self) -> JsStr {
        JsStr { interned: 1, ..self }
    }
    /// The string of Latin-1 code units.
    pub fn from_latin1(bytes: Vec<u8>) -> JsStr {
        JsStr::flat_of(Flat::OneByte(bytes.into()))
    }
    /// The number of code units: JavaScript's `length`.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.rope.len()
    }
    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The code unit at `i`, if there is one.
    #[inline(always)]
    pub fn at(&self, i: usize) -> Option<u16> {
        match self.flat() {
            Flat::OneByte(b) => b.get(i).map(|&x| u16::from(x)),
            Flat::TwoByte(u) => u.get(i).copied(),
        }
    }
    /// The code units.
    pub fn units(&self) -> Cow<'_, [u16]> {
        match self.flat() {
            Flat::OneByte(b) => Cow::Owned(b.iter().map(|&x| u16::from(x)).collect()),
            Flat::TwoByte(u) => Cow::Borrowed(u),
        }
    }
    /// The string of the units from `start` to `end` (clamped), copied straight from this
    /// string's units (a one-byte slice short enough is stored inline, with no allocation).
    pub fn slice(&self, start: usize, end: usize) -> JsStr {
        let end = end.min(self.len());
        let start = start.min(end);
        match self.flat() {
            Flat::OneByte(b) => JsStr::flat_of(Flat::OneByte(OneByteUnits::copy_of(&b[start..end]))),
            Flat::TwoByte(u) => JsStr::from_units(&u[start..end]),
        }
    }
    /// The string as Rust text, unpaired surrogates replaced by U+FFFD.
    pub fn to_rust_string(&self) -> String {
        match self.flat() {
            Flat::OneByte(b) => b.iter().map(|&x| char::from(x)).collect(),
            Flat::TwoByte(u) => String::from_utf16_lossy(u),
        }
    }
    /// Whether the string is exactly the ASCII text `s`.
    pub fn eq_str(&self, s: &str) -> bool {
        match self.flat() {
            Flat::OneByte(b) => &**b == s.as_bytes(),
            Flat::TwoByte(u) => u.len() == s.len() && u.iter().zip(s.bytes()).all(|(&x, y)| x == u16::from(y)),
        }
    }
    /// The concatenation of two strings (see [`Rope::join`]), allocated with `alloc`; `TooLong`
    /// past JavaScript's maximum length.
    pub fn concat(a: Str, b: Str, alloc: &impl NodeAlloc<KindObject<JsStr>>) -> Result<Str, TooLong> {
        Rope::<JsUnits>::join(a, b, alloc)
    }
    /// The short flat string of `a` and `b` joined, for the caller to build in its cell, or
    /// `None` when [`JsStr::concat`] must decide (see [`Rope::join_short`]).
    #[inline(always)]
    pub fn join_short(a: &JsStr, b: &JsStr) -> Option<JsStr> {
        Rope::join_short(&a.rope, &b.rope).map(|rope| JsStr { rope, interned: 0 })
    }
    /// A flat string.
    fn flat_of(flat: Flat) -> JsStr {
        JsStr { rope: Rope::from_flat(flat), interned: 0 }
    }
    /// The code units in one piece, flattening the rope first if it is not.
    #[inline(always)]
    pub fn flat(&self) -> &Flat {
        self.rope.flat()
    }
    /// The rope behind the string.
    pub fn rope(&self) -> &Rope<JsUnits> {
        &self.rope
    }
    /// The canonical array index this string names (`"0"`, `"17"`, not `"017"` or `"-1"`), if
    /// it names one below 2^32 - 1.
    pub fn array_index(&self) -> Option<u32> {
        let n = self.len();
        if n == 0 || n > 10 {
            return None;
        }
        let first = self.at(0)?;
        if first == u16::from(b'0') {
            return (n == 1).then_some(0);
        }
        let mut v: u64 = 0;
        for i in 0..n {
            let d = self.at(i)?.checked_sub(u16::from(b'0')).filter(|&d| d < 10)?;
            v = v * 10 + u64::from(d);
        }
        (v < u64::from(u32::MAX)).then_some(v as u32)
    }
}

impl PartialEq for JsStr {
    fn eq(&self, other: &JsStr) -> bool {
        // Neither check flattens a rope: the same object, or different lengths.
        if std::ptr::eq(self, other) {
            return true;
        }
        if self.len() != other.len() {
            return false;
        }
        match (self.flat(), other.flat()) {
            (Flat::OneByte(a), Flat::OneByte(b)) => a == b,
            (Flat::TwoByte(a), Flat::TwoByte(b)) => a == b,
            _ => self.len() == other.len() && (0..self.len()).all(|i| self.at(i) == other.at(i)),
        }
    }
}

impl Eq for JsStr {}

impl Hash for JsStr {
    /// Hashes the code units, so equal strings hash alike whichever way they are stored.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.len().hash(state);
        match self.flat() {
            Flat::OneByte(b) => b.iter().for_each(|&x| state.write_u16(u16::from(x))),
            Flat::TwoByte(u) => u.iter().for_each(|&x| state.write_u16(x)),
        }
    }
}

impl PartialOrd for JsStr {
    fn partial_cmp(&self, other: &JsStr) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for JsStr {
    /// Code-unit order, as JavaScript's `<` on strings compares.
    fn cmp(&self, other: &JsStr) -> Ordering {
        match (self.flat(), other.flat()) {
            (Flat::OneByte(a), Flat::OneByte(b)) => a.cmp(b),
            _ => self.units().cmp(&other.units()),
        }
    }
}

impl fmt::Debug for JsStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_rust_string())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::hash::{BuildHasher, RandomState};

    use porcini_gc::{Heap, HeapConfig};

    use super::*;

    /// A heap of strings whose roots the tests keep (precisely) in `kept`.
    struct Strings {
        heap: Heap,
        kept: RefCell<Vec<Str>>,
    }

    impl NodeAlloc<KindObject<JsStr>> for Strings {
        fn alloc_node(&self, make: impl FnOnce() -> KindObject<JsStr>) -> Str {
            self.heap.alloc_with(make, &|t: &mut Tracer| self.kept.borrow().iter().for_each(|&s| t.mark(s)))
        }
    }

    impl Strings {
        fn new(stress: bool) -> Strings {
            Strings { heap: Heap::new(HeapConfig { stress, ..HeapConfig::default() }), kept: RefCell::new(Vec::new()) }
        }
        fn alloc(&self, s: JsStr) -> Str {
            let s = self.heap.alloc(KindObject(s), &|t: &mut Tracer| self.kept.borrow().iter().for_each(|&s| t.mark(s)));
            self.kept.borrow_mut().push(s);
            s
        }
        fn text(&self, text: &str) -> Str {
            self.alloc(JsStr::from_text(text))
        }
        fn join(&self, a: Str, b: Str) -> Str {
            let s = JsStr::concat(a, b, self).expect("short enough");
            self.kept.borrow_mut().push(s);
            s
        }
    }

    #[test]
    fn ropes_of_one_byte_and_two_byte_pieces() {
        let h = Strings::new(false);
        let (narrow, latin, wide, astral) = (h.text("plain ascii, "), h.text("café ñ "), h.text("€uro "), h.text("\u{1F600}!"));
        let rope = h.join(h.join(narrow, latin), h.join(wide, h.join(astral, narrow)));
        let expected = "plain ascii, café ñ €uro \u{1F600}!plain ascii, ";
        let flat = JsStr::from_text(expected);
        assert!(!rope.rope().is_flat());
        assert_eq!(rope.len(), flat.len(), "the length in code units, without flattening");
        assert!(!rope.rope().is_flat());
        assert_eq!(rope.at(25), Some(0xd83d), "the astral character's high surrogate");
        assert!(rope.rope().is_flat());
        assert!(matches!(rope.flat(), Flat::TwoByte(_)));
        assert_eq!(**rope, flat);
        assert_eq!(rope.to_rust_string(), expected);
        // A rope of Latin-1 pieces only stays one byte per unit.
        let narrow_rope = h.join(latin, h.join(narrow, latin));
        assert_eq!(narrow_rope.to_rust_string(), "café ñ plain ascii, café ñ ");
        assert!(matches!(narrow_rope.flat(), Flat::OneByte(_)));
        assert_eq!(**narrow_rope, JsStr::from_units(&narrow_rope.units()));
    }

    #[test]
    fn ropes_compare_and_hash_as_their_code_units() {
        let h = Strings::new(false);
        let (a, b) = (h.text("abcdefgh"), h.text("ijklmnop€"));
        let ab = h.join(a, b);
        let ab_again = h.join(a, b);
        let hasher = RandomState::new();
        assert_eq!(hasher.hash_one(&**ab), hasher.hash_one(JsStr::from_text("abcdefghijklmnop€")));
        assert_eq!(**ab, **ab_again);
        assert!(**ab > **a && **ab < **b);
        let ba = h.join(b, a);
        assert!(**ab < **ba);
        assert_eq!(ab.cmp(&ab_again), Ordering::Equal);
        // Equality of different lengths needs no flattening.
        let longer = h.join(ab, a);
        assert!(**longer != **ab && !longer.rope().is_flat());
        assert!(ab.slice(6, 10) == JsStr::from_text("ghij") && ab.slice(14, 17) == JsStr::from_text("op€"));
        assert!(ab.slice(9, 3).is_empty() && ab.slice(16, 99) == JsStr::from_text("€"));
        assert_eq!(ab.array_index(), None);
    }

    #[test]
    fn deep_ropes_with_a_wide_unit_inside_flatten_in_order() {
        let h = Strings::new(false);
        let (x, euro) = (h.text("x"), h.text("€"));
        let n = 200_000;
        let (mut left, mut right) = (h.text(""), h.text(""));
        for i in 0..n {
            let piece = if i == n / 2 { euro } else { x };
            left = h.join(left, piece);
            right = h.join(piece, right);
        }
        let units = left.units();
        assert_eq!((units.len(), units[n / 2], units[0], units[n - 1]), (n, 0x20ac, 0x78, 0x78));
        let units = right.units();
        assert_eq!((units.len(), units[n - 1 - n / 2], units[0]), (n, 0x20ac, 0x78));
    }

    #[test]
    fn ropes_survive_collections_at_every_allocation() {
        let h = Strings::new(true);
        let mut s = h.text("");
        let mut expected: Vec<u16> = Vec::new();
        for i in 0..1500u32 {
            let piece = h.alloc(JsStr::from_units(&[0x41 + (i % 26) as u16, 0x3b1 + (i % 7) as u16]));
            h.kept.borrow_mut().clear();
            h.kept.borrow_mut().push(s);
            s = h.join(s, piece);
            h.kept.borrow_mut().push(s);
            expected.extend_from_slice(&piece.units());
        }
        assert_eq!(&*s.units(), &expected[..]);
    }

    #[test]
    fn concatenation_past_the_maximum_length_fails() {
        let h = Strings::new(false);
        let mut s = h.text("0123456789abcdef");
        while s.len() <= JsUnits::MAX_LEN / 2 {
            s = h.join(s, s);
        }
        assert!(matches!(JsStr::concat(s, s, &h), Err(TooLong)));
    }

    #[test]
    fn representations_agree() {
        let one = JsStr::from_text("abc");
        let two = JsStr::from_units(&[0x61, 0x62, 0x63]);
        assert_eq!(one, two);
        let wide = JsStr::from_text("a€");
        assert_eq!((wide.len(), wide.at(1)), (2, Some(0x20ac)));
        let h = Strings::new(false);
        let joined = h.join(h.alloc(one), h.alloc(wide));
        assert_eq!(joined.to_rust_string(), "abca€");
        assert!(JsStr::from_text("b") > JsStr::from_text("abc"));
        // An astral character is two units; the high surrogate sorts before U+FF61.
        assert!(JsStr::from_text("\u{1F600}") < JsStr::from_text("\u{FF61}"));
    }

    #[test]
    fn array_indices() {
        let check = |s: &str, expect: Option<u32>| assert_eq!(JsStr::from_text(s).array_index(), expect, "{s}");
        check("0", Some(0));
        check("17", Some(17));
        check("017", None);
        check("-1", None);
        check("4294967294", Some(4294967294));
        check("4294967295", None);
        check("1.5", None);
        check("", None);
    }
}
