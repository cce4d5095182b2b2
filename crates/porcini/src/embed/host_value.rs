//! A value as the host sees it: the primitives every language shares, copied out of the guest
//! heap, and a handle on anything else.

use std::fmt;

use crate::embed::GuestRef;

/// A guest value on the host's side of an [`Engine`](crate::Engine).
///
/// Each language maps its values onto these variants: numbers become [`HostValue::Int`] when
/// they are integers that fit (a JavaScript number that is integral and safe, an SL number
/// that fits in 64 bits) and [`HostValue::Double`] otherwise; strings are copied. Everything
/// else, objects, arrays, functions, SL's big integers, stays in the guest heap and is
/// reached through [`HostValue::Guest`].
///
/// ```
/// use porcini::embed::HostValue;
/// let v = HostValue::from(42);
/// assert_eq!(v.as_i64(), Some(42));
/// assert_eq!(HostValue::from(2.0).as_i64(), Some(2));
/// assert_eq!(HostValue::from("hi").as_str(), Some("hi"));
/// assert_eq!(HostValue::Null.to_string(), "null");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum HostValue {
    /// JavaScript's `undefined`. SL has no such value: it reads as SL's null.
    Undefined,
    /// Null (SL's `NULL`, JavaScript's `null`).
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A floating-point number (JavaScript only: SL rejects one passed in).
    Double(f64),
    /// A string.
    String(String),
    /// Any other guest value, kept alive by the handle.
    Guest(GuestRef),
}

impl HostValue {
    /// The integer this value holds, an integral double included.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            HostValue::Int(i) => Some(i),
            // The range test keeps the cast exact: every double in it converts without
            // saturating.
            HostValue::Double(d) if d.fract() == 0.0 && d >= -(2f64.powi(63)) && d < 2f64.powi(63) => Some(d as i64),
            _ => None,
        }
    }
    /// The number this value holds, as a double.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            HostValue::Int(i) => Some(i as f64),
            HostValue::Double(d) => Some(d),
            _ => None,
        }
    }
    /// The boolean this value holds.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            HostValue::Bool(b) => Some(b),
            _ => None,
        }
    }
    /// The string this value holds.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            HostValue::String(s) => Some(s),
            _ => None,
        }
    }
    /// Whether this is null or undefined.
    pub fn is_nullish(&self) -> bool {
        matches!(self, HostValue::Null | HostValue::Undefined)
    }
}

/// A short host-side rendering: primitives as JavaScript writes them, a guest value as
/// `<guest>`. [`Engine::display`](crate::Engine::display) shows a value as its language does.
impl fmt::Display for HostValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostValue::Undefined => f.write_str("undefined"),
            HostValue::Null => f.write_str("null"),
            HostValue::Bool(b) => write!(f, "{b}"),
            HostValue::Int(i) => write!(f, "{i}"),
            HostValue::Double(d) => write!(f, "{d}"),
            HostValue::String(s) => f.write_str(s),
            HostValue::Guest(_) => f.write_str("<guest>"),
        }
    }
}

impl From<bool> for HostValue {
    fn from(b: bool) -> HostValue {
        HostValue::Bool(b)
    }
}

impl From<i64> for HostValue {
    fn from(i: i64) -> HostValue {
        HostValue::Int(i)
    }
}

impl From<i32> for HostValue {
    fn from(i: i32) -> HostValue {
        HostValue::Int(i64::from(i))
    }
}

impl From<f64> for HostValue {
    fn from(d: f64) -> HostValue {
        HostValue::Double(d)
    }
}

impl From<&str> for HostValue {
    fn from(s: &str) -> HostValue {
        HostValue::String(s.to_string())
    }
}

impl From<String> for HostValue {
    fn from(s: String) -> HostValue {
        HostValue::String(s)
    }
}
