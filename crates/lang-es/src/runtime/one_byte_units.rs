//! The code units of a one-byte string: short ones kept inside the string object, longer ones
//! in a box of their own.
//!
//! Most strings a program makes are short (a parser's captured token, a key, a number printed),
//! and boxing each one costs a `malloc` when it is made and a `free` when the collector sweeps
//! it: about a tenth of a JSON parser's time. Up to [`INLINE`] units therefore live inside the
//! string object, as V8's sequential strings live in the heap object itself; only longer text
//! has a box. The representation is canonical (short text is always inline), and equality and
//! order compare the units, never the representation.

use std::cmp::Ordering;
use std::ops::Deref;

/// The most units kept inline: the enum is then three words, as big as the box's variant.
pub const INLINE: usize = 22;

/// One-byte code units (Latin-1).
#[derive(Clone)]
pub enum OneByteUnits {
    /// `len` units at the start of `bytes`.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// More than [`INLINE`] units.
    Boxed(Box<[u8]>),
}

impl OneByteUnits {
    /// The units of `bytes`, inline when they fit.
    pub fn copy_of(bytes: &[u8]) -> OneByteUnits {
        if bytes.len() <= INLINE {
            let mut inline = [0; INLINE];
            inline[..bytes.len()].copy_from_slice(bytes);
            OneByteUnits::Inline { len: bytes.len() as u8, bytes: inline }
        } else {
            OneByteUnits::Boxed(bytes.into())
        }
    }
    /// `a` and `b` joined, if both are inline and fit inline together (see
    /// [`porcini::rope::join_inline`]); `None` asks for a builder.
    #[inline]
    pub fn join_inline(a: &OneByteUnits, b: &OneByteUnits) -> Option<OneByteUnits> {
        match (a, b) {
            (OneByteUnits::Inline { len: la, bytes: ba }, OneByteUnits::Inline { len: lb, bytes: bb }) => {
                let bytes = porcini::rope::join_inline(ba, usize::from(*la), bb, usize::from(*lb))?;
                Some(OneByteUnits::Inline { len: la + lb, bytes })
            }
            _ => None,
        }
    }
    /// Bytes owned outside the string object, for the collector's accounting.
    pub fn heap_bytes(&self) -> usize {
        match self {
            OneByteUnits::Inline { .. } => 0,
            OneByteUnits::Boxed(b) => b.len(),
        }
    }
}

impl Deref for OneByteUnits {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            OneByteUnits::Inline { len, bytes } => &bytes[..usize::from(*len)],
            OneByteUnits::Boxed(b) => b,
        }
    }
}

impl From<Vec<u8>> for OneByteUnits {
    fn from(v: Vec<u8>) -> OneByteUnits {
        if v.len() <= INLINE { OneByteUnits::copy_of(&v) } else { OneByteUnits::Boxed(v.into_boxed_slice()) }
    }
}

impl From<&[u8]> for OneByteUnits {
    fn from(bytes: &[u8]) -> OneByteUnits {
        OneByteUnits::copy_of(bytes)
    }
}

impl FromIterator<u8> for OneByteUnits {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> OneByteUnits {
        OneByteUnits::from(iter.into_iter().collect::<Vec<u8>>())
    }
}

impl PartialEq for OneByteUnits {
    fn eq(&self, other: &OneByteUnits) -> bool {
        **self == **other
    }
}

impl Eq for OneByteUnits {}

impl PartialOrd for OneByteUnits {
    fn partial_cmp(&self, other: &OneByteUnits) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OneByteUnits {
    fn cmp(&self, other: &OneByteUnits) -> Ordering {
        (**self).cmp(&**other)
    }
}

/// One-byte units being joined from pieces, inline while the whole will fit (so a short
/// concatenation allocates nothing but its string object).
pub enum OneByteBuilder {
    /// `len` units so far.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// Longer text.
    Heap(Vec<u8>),
}

impl OneByteBuilder {
    /// An empty builder for `len` units in all.
    #[inline]
    pub fn with_capacity(len: usize) -> OneByteBuilder {
        if len <= INLINE { OneByteBuilder::Inline { len: 0, bytes: [0; INLINE] } } else { OneByteBuilder::Heap(Vec::with_capacity(len)) }
    }
    /// How many units it has room for without growing: the whole length it was made for.
    pub fn capacity(&self) -> usize {
        match self {
            OneByteBuilder::Inline { .. } => INLINE,
            OneByteBuilder::Heap(v) => v.capacity(),
        }
    }
    /// The units so far.
    pub fn as_slice(&self) -> &[u8] {
        match self {
            OneByteBuilder::Inline { len, bytes } => &bytes[..usize::from(*len)],
            OneByteBuilder::Heap(v) => v,
        }
    }
    /// Appends `piece`.
    #[inline]
    pub fn push(&mut self, piece: &[u8]) {
        match self {
            OneByteBuilder::Inline { len, bytes } => {
                let at = usize::from(*len);
                match bytes.get_mut(at..at + piece.len()) {
                    Some(to) => {
                        to.copy_from_slice(piece);
                        *len += piece.len() as u8;
                    }
                    None => {
                        // More than the capacity said: go on in a vector.
                        let mut v = Vec::with_capacity(at + piece.len());
                        v.extend_from_slice(&bytes[..at]);
                        v.extend_from_slice(piece);
                        *self = OneByteBuilder::Heap(v);
                    }
                }
            }
            OneByteBuilder::Heap(v) => v.extend_from_slice(piece),
        }
    }
    /// The units joined.
    #[inline]
    pub fn finish(self) -> OneByteUnits {
        match self {
            OneByteBuilder::Inline { len, bytes } => OneByteUnits::Inline { len, bytes },
            OneByteBuilder::Heap(v) => OneByteUnits::from(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_units_are_inline_long_ones_boxed_and_compare_by_content() {
        for len in [0, 1, INLINE - 1, INLINE, INLINE + 1, 100] {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 256) as u8).collect();
            let u = OneByteUnits::from(bytes.clone());
            assert_eq!(&*u, &bytes[..]);
            assert_eq!(matches!(u, OneByteUnits::Inline { .. }), len <= INLINE, "{len}");
            assert_eq!(u.heap_bytes(), if len <= INLINE { 0 } else { len });
            assert!(u == OneByteUnits::copy_of(&bytes) && u == bytes.iter().copied().collect());
        }
        assert!(OneByteUnits::copy_of(b"abc") < OneByteUnits::copy_of(b"abd"));
        assert!(OneByteUnits::copy_of(&[b'a'; 30]) > OneByteUnits::copy_of(b"a"));
    }

    #[test]
    fn builders_join_pieces_across_the_inline_limit() {
        let pieces: [&[u8]; 6] = [b"ab", b"", b"0123456789", b"\xe9\xff", b"xyz", b"more than enough to spill over"];
        for cap in [0, 5, INLINE, 100] {
            let mut b = OneByteBuilder::with_capacity(cap);
            let mut want = Vec::new();
            for p in pieces {
                b.push(p);
                want.extend_from_slice(p);
                assert_eq!(b.as_slice(), &want[..]);
            }
            assert_eq!(&*b.finish(), &want[..]);
        }
    }

    #[test]
    fn inline_units_join_inline_when_the_whole_fits() {
        let pieces: [&[u8]; 5] = [b"", b"a", b"\xe9\xff", b"exactly twenty-two uni", b"more than enough to spill over"];
        for a in pieces {
            for b in pieces {
                let joined = OneByteUnits::join_inline(&OneByteUnits::copy_of(a), &OneByteUnits::copy_of(b));
                let fits = a.len() + b.len() <= INLINE;
                assert_eq!(joined.as_deref(), fits.then(|| [a, b].concat()).as_deref(), "{a:?} + {b:?}");
            }
        }
    }
}
