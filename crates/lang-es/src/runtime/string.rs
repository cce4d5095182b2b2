//! JavaScript strings: immutable sequences of UTF-16 code units, as a heap kind of their own.
//!
//! Most strings hold only code units below 256, so they are stored one byte per unit (V8's
//! one-byte strings); a string with any larger unit is stored as UTF-16. Either way `length`,
//! indexing and comparison work on code units, exactly as JavaScript's do, and a string may
//! hold unpaired surrogates. Concatenation copies both halves into a new flat string.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

use porcini::{HeapKind, Tag, Tracer};

/// An immutable JavaScript string.
pub struct JsStr {
    repr: Repr,
}

enum Repr {
    /// Every code unit is below 256 (Latin-1).
    OneByte(Box<[u8]>),
    /// UTF-16 code units.
    TwoByte(Box<[u16]>),
}

impl HeapKind for JsStr {
    const TAG: Tag = Tag::Ref0;
    fn trace(&self, _tracer: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        match &self.repr {
            Repr::OneByte(b) => b.len(),
            Repr::TwoByte(u) => u.len() * 2,
        }
    }
}

impl JsStr {
    /// The string of `units`, stored one byte per unit when they all fit.
    pub fn from_units(units: &[u16]) -> JsStr {
        if units.iter().all(|&u| u < 256) {
            JsStr { repr: Repr::OneByte(units.iter().map(|&u| u as u8).collect()) }
        } else {
            JsStr { repr: Repr::TwoByte(units.into()) }
        }
    }
    /// The string of Rust text.
    pub fn from_text(text: &str) -> JsStr {
        if text.is_ascii() {
            JsStr { repr: Repr::OneByte(text.as_bytes().into()) }
        } else {
            let units: Vec<u16> = text.encode_utf16().collect();
            JsStr::from_units(&units)
        }
    }
    /// The string of Latin-1 code units.
    pub fn from_latin1(bytes: Vec<u8>) -> JsStr {
        JsStr { repr: Repr::OneByte(bytes.into()) }
    }
    /// The number of code units: JavaScript's `length`.
    #[inline(always)]
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::OneByte(b) => b.len(),
            Repr::TwoByte(u) => u.len(),
        }
    }
    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The code unit at `i`, if there is one.
    #[inline(always)]
    pub fn at(&self, i: usize) -> Option<u16> {
        match &self.repr {
            Repr::OneByte(b) => b.get(i).map(|&x| u16::from(x)),
            Repr::TwoByte(u) => u.get(i).copied(),
        }
    }
    /// The code units.
    pub fn units(&self) -> Cow<'_, [u16]> {
        match &self.repr {
            Repr::OneByte(b) => Cow::Owned(b.iter().map(|&x| u16::from(x)).collect()),
            Repr::TwoByte(u) => Cow::Borrowed(u),
        }
    }
    /// The units from `start` to `end` (clamped) as a new string's units.
    pub fn slice_units(&self, start: usize, end: usize) -> Vec<u16> {
        let end = end.min(self.len());
        let start = start.min(end);
        match &self.repr {
            Repr::OneByte(b) => b[start..end].iter().map(|&x| u16::from(x)).collect(),
            Repr::TwoByte(u) => u[start..end].to_vec(),
        }
    }
    /// The string as Rust text, unpaired surrogates replaced by U+FFFD.
    pub fn to_rust_string(&self) -> String {
        match &self.repr {
            Repr::OneByte(b) => b.iter().map(|&x| char::from(x)).collect(),
            Repr::TwoByte(u) => String::from_utf16_lossy(u),
        }
    }
    /// Whether the string is exactly the ASCII text `s`.
    pub fn eq_str(&self, s: &str) -> bool {
        match &self.repr {
            Repr::OneByte(b) => &**b == s.as_bytes(),
            Repr::TwoByte(u) => u.len() == s.len() && u.iter().zip(s.bytes()).all(|(&x, y)| x == u16::from(y)),
        }
    }
    /// The concatenation of two strings.
    pub fn concat(a: &JsStr, b: &JsStr) -> JsStr {
        match (&a.repr, &b.repr) {
            (Repr::OneByte(x), Repr::OneByte(y)) => {
                let mut bytes = Vec::with_capacity(x.len() + y.len());
                bytes.extend_from_slice(x);
                bytes.extend_from_slice(y);
                JsStr { repr: Repr::OneByte(bytes.into()) }
            }
            _ => {
                let mut units = Vec::with_capacity(a.len() + b.len());
                units.extend_from_slice(&a.units());
                units.extend_from_slice(&b.units());
                JsStr { repr: Repr::TwoByte(units.into()) }
            }
        }
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
        match (&self.repr, &other.repr) {
            (Repr::OneByte(a), Repr::OneByte(b)) => a == b,
            (Repr::TwoByte(a), Repr::TwoByte(b)) => a == b,
            _ => self.len() == other.len() && (0..self.len()).all(|i| self.at(i) == other.at(i)),
        }
    }
}

impl Eq for JsStr {}

impl PartialOrd for JsStr {
    fn partial_cmp(&self, other: &JsStr) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for JsStr {
    /// Code-unit order, as JavaScript's `<` on strings compares.
    fn cmp(&self, other: &JsStr) -> Ordering {
        match (&self.repr, &other.repr) {
            (Repr::OneByte(a), Repr::OneByte(b)) => a.cmp(b),
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
    use super::*;

    #[test]
    fn representations_agree() {
        let one = JsStr::from_text("abc");
        let two = JsStr::from_units(&[0x61, 0x62, 0x63]);
        assert_eq!(one, two);
        let wide = JsStr::from_text("a€");
        assert_eq!((wide.len(), wide.at(1)), (2, Some(0x20ac)));
        let joined = JsStr::concat(&one, &wide);
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
