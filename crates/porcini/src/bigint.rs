//! Arbitrary-precision integers for languages whose integers never overflow (SL).
//!
//! A thin newtype over `dashu_int::IBig`, so the implementation can be swapped without touching
//! languages. Big integers live in the GC heap like every other guest value; arithmetic on them is a
//! slow path and always runs as a boundary call, never inlined into compiled code.

use std::cmp::Ordering;
use std::fmt;

use dashu_int::IBig;
use dashu_int::ops::BitTest;
use porcini_gc::{Trace, Tracer};

/// An arbitrary-precision integer.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BigInt(IBig);

/// The result of an arithmetic operation on numbers: a small integer when it fits, else a big one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// Fits in 64 bits.
    Small(i64),
    /// Does not fit in 64 bits.
    Big(BigInt),
}

impl BigInt {
    /// Widens a small integer.
    pub fn from_i64(i: i64) -> BigInt {
        BigInt(IBig::from(i))
    }
    /// Parses decimal digits (an optional leading `-`). Returns `None` for anything else.
    pub fn parse_decimal(digits: &str) -> Option<BigInt> {
        let (neg, body) = match digits.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, digits),
        };
        if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v = IBig::from_str_radix(body, 10).ok()?;
        Some(BigInt(if neg { -v } else { v }))
    }
    /// The value as `i64`, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        i64::try_from(&self.0).ok()
    }
    /// Normalises: small when it fits.
    pub fn into_num(self) -> Num {
        match self.to_i64() {
            Some(i) => Num::Small(i),
            None => Num::Big(self),
        }
    }
    /// Sum.
    pub fn add(&self, o: &BigInt) -> BigInt {
        BigInt(&self.0 + &o.0)
    }
    /// Difference.
    pub fn sub(&self, o: &BigInt) -> BigInt {
        BigInt(&self.0 - &o.0)
    }
    /// Product.
    pub fn mul(&self, o: &BigInt) -> BigInt {
        BigInt(&self.0 * &o.0)
    }
    /// Quotient truncated toward zero; `None` when dividing by zero.
    pub fn div_trunc(&self, o: &BigInt) -> Option<BigInt> {
        if o.0 == IBig::ZERO {
            return None;
        }
        // dashu's `/` on signed integers truncates toward zero, like Java's BigInteger.divide.
        Some(BigInt(&self.0 / &o.0))
    }
    /// Mathematical comparison.
    pub fn compare(&self, o: &BigInt) -> Ordering {
        self.0.cmp(&o.0)
    }
    /// Number of decimal digits' worth of bytes, for heap accounting.
    fn byte_len(&self) -> usize {
        (self.0.bit_len() / 8) + 8
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

// SAFETY: a big integer holds no GC references.
unsafe impl Trace for BigInt {
    fn trace(&self, _tracer: &mut Tracer) {}
    fn extra_bytes(&self) -> usize {
        self.byte_len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_truncates_toward_zero() {
        let q = |a: i64, b: i64| BigInt::from_i64(a).div_trunc(&BigInt::from_i64(b)).unwrap().to_i64();
        assert_eq!(q(7, 2), Some(3));
        assert_eq!(q(-7, 2), Some(-3));
        assert_eq!(q(7, -2), Some(-3));
        assert_eq!(q(-7, -2), Some(3));
        assert!(BigInt::from_i64(1).div_trunc(&BigInt::from_i64(0)).is_none());
    }

    #[test]
    fn parse_and_print_round_trip() {
        let s = "12000000000000000000000000";
        assert_eq!(BigInt::parse_decimal(s).unwrap().to_string(), s);
        assert_eq!(BigInt::parse_decimal("-5").unwrap().to_i64(), Some(-5));
        assert!(BigInt::parse_decimal("1x").is_none());
        assert!(BigInt::parse_decimal("").is_none());
    }
}
