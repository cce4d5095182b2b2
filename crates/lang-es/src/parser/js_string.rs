//! JavaScript string values as the parser produces them from literals.
//!
//! A JavaScript string is a sequence of UTF-16 code units that need not be valid UTF-16:
//! `'\uD800'` is a string holding one lone surrogate. A Rust `String` cannot hold that, so
//! literal values and static property keys are kept as code units. Identifier names are always
//! valid Unicode (escapes in identifiers are rejected) and stay `String`s.

use std::fmt;

/// A string value: UTF-16 code units, possibly with unpaired surrogates.
#[derive(Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct JsString(Vec<u16>);

impl JsString {
    /// The empty string.
    pub fn new() -> JsString {
        JsString(Vec::new())
    }

    /// A string made of the given code units.
    pub fn from_units(units: Vec<u16>) -> JsString {
        JsString(units)
    }

    /// The code units.
    pub fn units(&self) -> &[u16] {
        &self.0
    }

    /// The number of code units, which is the string's `length` in JavaScript.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The string as Rust text, if it is valid UTF-16.
    pub fn to_utf8(&self) -> Option<String> {
        String::from_utf16(&self.0).ok()
    }

    /// The string as Rust text with unpaired surrogates replaced by U+FFFD.
    pub fn to_string_lossy(&self) -> String {
        String::from_utf16_lossy(&self.0)
    }

    /// Whether the string equals the ASCII text `s`.
    pub fn eq_str(&self, s: &str) -> bool {
        self.0.len() == s.len() && self.0.iter().zip(s.bytes()).all(|(&u, b)| u == b as u16)
    }

    pub(crate) fn push_unit(&mut self, unit: u16) {
        self.0.push(unit);
    }

    pub(crate) fn push_char(&mut self, ch: char) {
        let mut buf = [0u16; 2];
        self.0.extend_from_slice(ch.encode_utf16(&mut buf));
    }

    /// Appends a code point given as a number, which the caller has checked to be at most
    /// U+10FFFF; surrogate code points are stored as single units.
    pub(crate) fn push_code_point(&mut self, cp: u32) {
        match char::from_u32(cp) {
            Some(ch) => self.push_char(ch),
            None => self.0.push(cp as u16),
        }
    }

    /// Writes the string as a double-quoted literal with JSON-like escapes, which is how the
    /// dumps show string values: printable characters as themselves, lone surrogates as `\uXXXX`.
    pub fn write_quoted(&self, f: &mut impl fmt::Write) -> fmt::Result {
        f.write_char('"')?;
        for r in char::decode_utf16(self.0.iter().copied()) {
            match r {
                Ok('"') => f.write_str("\\\"")?,
                Ok('\\') => f.write_str("\\\\")?,
                Ok('\n') => f.write_str("\\n")?,
                Ok('\r') => f.write_str("\\r")?,
                Ok('\t') => f.write_str("\\t")?,
                Ok(c) if (c as u32) < 0x20 || c == '\u{7f}' => write!(f, "\\u{:04X}", c as u32)?,
                Ok(c) => f.write_char(c)?,
                Err(e) => write!(f, "\\u{:04X}", e.unpaired_surrogate())?,
            }
        }
        f.write_char('"')
    }
}

impl From<&str> for JsString {
    /// The code units of `s`.
    fn from(s: &str) -> JsString {
        JsString(s.encode_utf16().collect())
    }
}

impl From<&String> for JsString {
    fn from(s: &String) -> JsString {
        JsString::from(s.as_str())
    }
}

impl fmt::Debug for JsString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_quoted(f)
    }
}

impl fmt::Display for JsString {
    /// Displays the string as text, replacing unpaired surrogates by U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_lossy())
    }
}
