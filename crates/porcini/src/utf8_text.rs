//! The flat text of a UTF-8 guest string: short text kept inline, longer text in one box.
//!
//! Most strings a program makes are short (a concatenation of two words, a number printed,
//! one character), and boxing each one costs a `malloc` when it is made and a `free` when the
//! collector sweeps it: in a loop that concatenates short strings, those two calls were about
//! 40% of the time. Text of up to [`INLINE`] bytes therefore lives inside the string object, as
//! V8's and LuaJIT's short strings live inside theirs; only longer text has a box of its own.
//!
//! This is one of the value-layout modules where `unsafe` is allowed: inline text is kept as
//! bytes and read back as `str` without checking it again, which is sound because the only way
//! in is a `&str` (or pieces of one copied whole), so the bytes are always UTF-8.

use std::ops::Deref;

/// The most bytes kept inline: the enum is then as big as three words, one more than the box.
pub const INLINE: usize = 22;

/// Flat UTF-8 text.
pub enum Utf8Text {
    /// `len` bytes of UTF-8 in `bytes`.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// Longer text.
    Boxed(Box<str>),
}

impl Utf8Text {
    /// The text, which borrows from `self`.
    #[inline]
    pub fn as_str(&self) -> &str {
        match self {
            Utf8Text::Inline { len, bytes } => {
                let bytes = &bytes[..usize::from(*len)];
                // SAFETY: inline bytes are only ever copied whole from `&str`s (`copy_of`,
                // `Utf8Builder::push` of other texts, and `join_inline` of two inline texts), so the
                // first `len` are valid UTF-8.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Utf8Text::Boxed(b) => b,
        }
    }

    /// Text holding a copy of `s`, inline when it fits.
    pub fn copy_of(s: &str) -> Utf8Text {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            Utf8Text::Inline { len: s.len() as u8, bytes }
        } else {
            Utf8Text::Boxed(s.into())
        }
    }

    /// Text taking `b`, or copying it inline (and freeing it) when it fits.
    pub fn from_boxed(b: Box<str>) -> Utf8Text {
        if b.len() <= INLINE { Utf8Text::copy_of(&b) } else { Utf8Text::Boxed(b) }
    }

    /// `a` and `b` joined, if both are inline and fit inline together (see
    /// [`crate::rope::join_inline`]); `None` asks for a builder.
    #[inline]
    pub fn join_inline(a: &Utf8Text, b: &Utf8Text) -> Option<Utf8Text> {
        match (a, b) {
            (Utf8Text::Inline { len: la, bytes: ba }, Utf8Text::Inline { len: lb, bytes: bb }) => {
                let bytes = crate::rope::join_inline(ba, usize::from(*la), bb, usize::from(*lb))?;
                // Both pieces are whole UTF-8 texts, so their concatenation is UTF-8 too.
                Some(Utf8Text::Inline { len: la + lb, bytes })
            }
            _ => None,
        }
    }

    /// Bytes owned outside the string object (the box's), for the collector's accounting.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Utf8Text::Inline { .. } => 0,
            Utf8Text::Boxed(b) => b.len(),
        }
    }
}

impl Deref for Utf8Text {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// Text being joined from pieces, inline while the whole will fit (so a short concatenation
/// allocates nothing but its string object).
pub enum Utf8Builder {
    /// `len` bytes so far.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// A longer text.
    Heap(String),
}

impl Utf8Builder {
    /// An empty builder for `len` bytes in all.
    #[inline]
    pub fn with_capacity(len: usize) -> Utf8Builder {
        if len <= INLINE { Utf8Builder::Inline { len: 0, bytes: [0; INLINE] } } else { Utf8Builder::Heap(String::with_capacity(len)) }
    }

    /// Appends `piece`.
    #[inline]
    pub fn push(&mut self, piece: &str) {
        match self {
            Utf8Builder::Inline { len, bytes } => {
                let at = usize::from(*len);
                match bytes.get_mut(at..at + piece.len()) {
                    Some(to) => {
                        to.copy_from_slice(piece.as_bytes());
                        *len += piece.len() as u8;
                    }
                    None => {
                        // More than the capacity said: go on in a `String`.
                        let mut s = String::with_capacity(at + piece.len());
                        s.push_str(Utf8Text::Inline { len: *len, bytes: *bytes }.as_str());
                        s.push_str(piece);
                        *self = Utf8Builder::Heap(s);
                    }
                }
            }
            Utf8Builder::Heap(s) => s.push_str(piece),
        }
    }

    /// The text joined.
    #[inline]
    pub fn finish(self) -> Utf8Text {
        match self {
            Utf8Builder::Inline { len, bytes } => Utf8Text::Inline { len, bytes },
            Utf8Builder::Heap(s) => Utf8Text::from_boxed(s.into_boxed_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_inline_and_long_text_boxed() {
        for s in ["", "a", "héllo wörld", "exactly twenty-two by!", "twenty-three bytes long", "ü".repeat(40).as_str()] {
            let t = Utf8Text::copy_of(s);
            assert_eq!(t.as_str(), s);
            assert_eq!(matches!(t, Utf8Text::Inline { .. }), s.len() <= INLINE, "{s:?}");
            assert_eq!(t.heap_bytes(), if s.len() <= INLINE { 0 } else { s.len() });
            assert_eq!(Utf8Text::from_boxed(s.into()).as_str(), s);
        }
    }

    #[test]
    fn builders_join_pieces_across_the_inline_limit() {
        let pieces = ["ab", "ç", "", "0123456789", "é€", "xyz", "more than enough to spill"];
        for cap in [0, 5, INLINE, 100] {
            let mut b = Utf8Builder::with_capacity(cap);
            let mut want = String::new();
            for p in pieces {
                b.push(p);
                want.push_str(p);
            }
            assert_eq!(b.finish().as_str(), want);
        }
    }

    #[test]
    fn joins_are_inline_exactly_when_both_pieces_and_the_whole_fit() {
        let long = "é".repeat(30);
        let pieces = ["", "a", "ab", "ç€", "0123456789", "exactly twenty-two by!", "twenty-three bytes long", long.as_str()];
        for a in pieces {
            for b in pieces {
                let (ta, tb) = (Utf8Text::copy_of(a), Utf8Text::copy_of(b));
                let joined = Utf8Text::join_inline(&ta, &tb);
                let fits = a.len() + b.len() <= INLINE;
                assert_eq!(joined.as_deref(), fits.then(|| format!("{a}{b}")).as_deref(), "{a:?} + {b:?}");
                assert!(joined.as_ref().is_none_or(|j| matches!(j, Utf8Text::Inline { .. })), "{a:?} + {b:?}");
                // A join that does not fit goes through a builder, as a rope's does.
                let joined = joined.unwrap_or_else(|| {
                    let mut builder = Utf8Builder::with_capacity(a.len() + b.len());
                    builder.push(&ta);
                    builder.push(&tb);
                    builder.finish()
                });
                assert_eq!(joined.as_str(), format!("{a}{b}"), "{a:?} + {b:?}");
                assert_eq!(matches!(joined, Utf8Text::Inline { .. }), fits, "{a:?} + {b:?}");
            }
        }
    }
}
