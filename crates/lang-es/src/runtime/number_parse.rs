//! Conversion of JavaScript strings to numbers: `Number(s)` / unary `+s`
//! (StringToNumber), `parseInt` and `parseFloat`, with results identical to
//! node v20.
//!
//! Strings are UTF-16 code unit slices, as JavaScript strings are. Scanning
//! follows the grammar in the ECMAScript specification (StringNumericLiteral
//! and StrDecimalLiteral); the numeric value of a decimal literal is rounded
//! correctly by `decimal_to_double`, and non-decimal integers are built
//! exactly and then rounded, so no precision is lost on long inputs.

use super::bignum::Big;
use super::decimal_to_double::{big_to_f64, decimal_to_f64};

/// Whether a code unit is JavaScript whitespace or a line terminator: the
/// set that `String.prototype.trim` and StringToNumber strip.
pub fn is_js_whitespace(c: u16) -> bool {
    matches!(
        c,
        0x09 | 0x0A | 0x0B | 0x0C | 0x0D | 0x20 | 0xA0 | 0x1680 | 0x2000..=0x200A
            | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000 | 0xFEFF
    )
}

/// The string without leading and trailing whitespace.
fn trim(s: &[u16]) -> &[u16] {
    let start = s.iter().take_while(|&&c| is_js_whitespace(c)).count();
    let rest = s.get(start..).unwrap_or(&[]);
    let end = rest.len() - rest.iter().rev().take_while(|&&c| is_js_whitespace(c)).count();
    rest.get(..end).unwrap_or(&[])
}

/// The string without leading whitespace.
fn trim_start(s: &[u16]) -> &[u16] {
    let start = s.iter().take_while(|&&c| is_js_whitespace(c)).count();
    s.get(start..).unwrap_or(&[])
}

/// The value of `c` as a digit in `radix`, if it is one (letters of either
/// case stand for 10..=35).
fn digit_value(c: u16, radix: u32) -> Option<u32> {
    let v = match c {
        0x30..=0x39 => u32::from(c - 0x30),
        0x41..=0x5A => u32::from(c - 0x41) + 10,
        0x61..=0x7A => u32::from(c - 0x61) + 10,
        _ => return None,
    };
    (v < radix).then_some(v)
}

/// The ASCII code of `b` as a code unit, for comparing with input.
const fn u(b: u8) -> u16 {
    b as u16
}

/// The UTF-16 code units of "Infinity".
const INFINITY: [u16; 8] =
    [u(b'I'), u(b'n'), u(b'f'), u(b'i'), u(b'n'), u(b'i'), u(b't'), u(b'y')];

/// A scanned StrDecimalLiteral prefix: its value and its length in code
/// units (0 when no prefix matched).
struct Scanned {
    value: f64,
    len: usize,
}

/// Scans the longest prefix of `s` that is a StrDecimalLiteral: an
/// optional sign, then `Infinity` or digits with an optional fraction and
/// an optional exponent (which only counts when it has digits).
fn scan_decimal(s: &[u16]) -> Scanned {
    let mut i = 0;
    let negative = match s.first() {
        Some(&c) if c == u(b'-') => {
            i = 1;
            true
        }
        Some(&c) if c == u(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let signed = |v: f64| if negative { -v } else { v };
    let rest = s.get(i..).unwrap_or(&[]);
    if rest.starts_with(&INFINITY) {
        return Scanned { value: signed(f64::INFINITY), len: i + INFINITY.len() };
    }

    let mut digits: Vec<u8> = Vec::new();
    let is_digit = |k: usize| s.get(k).is_some_and(|&c| (u(b'0')..=u(b'9')).contains(&c));
    let mut int_count = 0;
    while is_digit(i) {
        digits.push(s.get(i).map_or(0, |&c| (c - u(b'0')) as u8));
        i += 1;
        int_count += 1;
    }
    let mut frac_count = 0i64;
    if s.get(i) == Some(&u(b'.')) && (int_count > 0 || is_digit(i + 1)) {
        i += 1;
        while is_digit(i) {
            digits.push(s.get(i).map_or(0, |&c| (c - u(b'0')) as u8));
            i += 1;
            frac_count += 1;
        }
    }
    if digits.is_empty() {
        return Scanned { value: f64::NAN, len: 0 };
    }

    // The exponent is accepted only when at least one digit follows the
    // `e` and its optional sign; otherwise the literal ends before the `e`.
    let mut exponent: i64 = 0;
    if matches!(s.get(i), Some(&c) if c == u(b'e') || c == u(b'E')) {
        let mut j = i + 1;
        let exp_negative = match s.get(j) {
            Some(&c) if c == u(b'-') => {
                j += 1;
                true
            }
            Some(&c) if c == u(b'+') => {
                j += 1;
                false
            }
            _ => false,
        };
        if is_digit(j) {
            while is_digit(j) {
                let d = s.get(j).map_or(0, |&c| i64::from(c - u(b'0')));
                // Saturating keeps absurd exponents absurd without
                // overflowing: anything this large is 0 or Infinity anyway.
                exponent = (exponent * 10 + d).min(1_000_000_000_000);
                j += 1;
            }
            if exp_negative {
                exponent = -exponent;
            }
            i = j;
        }
    }
    let value = decimal_to_f64(&digits, exponent - frac_count);
    Scanned { value: signed(value), len: i }
}

/// The exact value of a string of digits in `radix`, correctly rounded;
/// `None` if the string is empty or has a non-digit.
fn integer_value(digits: &[u16], radix: u32) -> Option<f64> {
    if digits.is_empty() {
        return None;
    }
    if radix == 10 {
        let ds: Option<Vec<u8>> = digits.iter().map(|&c| digit_value(c, 10).map(|d| d as u8)).collect();
        return Some(decimal_to_f64(&ds?, 0));
    }
    if !radix.is_power_of_two() {
        return approximate_integer(digits, radix);
    }
    let mut n = Big::from_u64(0);
    for &c in digits {
        n.mul_small(radix);
        n.add_small(digit_value(c, radix)?);
    }
    Some(big_to_f64(&n))
}

/// The value of a digit string in a radix other than 10 or a power of
/// two, computed the way V8 does so that large results agree with node to
/// the last bit. The specification allows an approximation for these
/// radixes, and V8's is: digits are taken in chunks that fit comfortably in
/// 32 bits (as many as keep `radix^count` at most `0xFFFFFFFF / 36`), each
/// chunk's exact value is accumulated as `result * radix^count + chunk` in
/// double arithmetic, so rounding errors can build up past 2^53.
fn approximate_integer(digits: &[u16], radix: u32) -> Option<f64> {
    const MAX_MULTIPLIER: u64 = 0xFFFF_FFFF / 36;
    let mut result = 0.0f64;
    let mut part: u64 = 0;
    let mut multiplier: u64 = 1;
    for &c in digits {
        let d = digit_value(c, radix)?;
        if multiplier * u64::from(radix) > MAX_MULTIPLIER {
            result = result * multiplier as f64 + part as f64;
            part = 0;
            multiplier = 1;
        }
        part = part * u64::from(radix) + u64::from(d);
        multiplier *= u64::from(radix);
    }
    Some(result * multiplier as f64 + part as f64)
}

/// StringToNumber: `Number(s)`. Surrounding whitespace is ignored, the
/// empty string is 0, `0x`/`0o`/`0b` integers (unsigned) and decimal
/// literals (signed, possibly `Infinity`) are accepted, and everything
/// else, including numeric separators, is NaN.
pub fn string_to_number(s: &[u16]) -> f64 {
    let s = trim(s);
    if s.is_empty() {
        return 0.0;
    }
    if s.len() > 2 && s.first() == Some(&u(b'0')) {
        let radix = match s.get(1) {
            Some(&c) if c == u(b'x') || c == u(b'X') => 16,
            Some(&c) if c == u(b'o') || c == u(b'O') => 8,
            Some(&c) if c == u(b'b') || c == u(b'B') => 2,
            _ => 0,
        };
        if radix != 0 {
            return integer_value(s.get(2..).unwrap_or(&[]), radix).unwrap_or(f64::NAN);
        }
    }
    let scanned = scan_decimal(s);
    if scanned.len == s.len() { scanned.value } else { f64::NAN }
}

/// `parseFloat(s)` on an already converted string: the value of the
/// longest StrDecimalLiteral prefix after leading whitespace, or NaN.
pub fn parse_float(s: &[u16]) -> f64 {
    let scanned = scan_decimal(trim_start(s));
    if scanned.len == 0 { f64::NAN } else { scanned.value }
}

/// `parseInt(s, radix)` on an already converted string. `radix` is the
/// result of ToInt32 on the argument, `None` standing for `undefined`
/// (which, like 0, means "10, or 16 after a `0x` prefix").
pub fn parse_int(s: &[u16], radix: Option<i32>) -> f64 {
    let mut s = trim_start(s);
    let mut negative = false;
    match s.first() {
        Some(&c) if c == u(b'-') => {
            negative = true;
            s = s.get(1..).unwrap_or(&[]);
        }
        Some(&c) if c == u(b'+') => s = s.get(1..).unwrap_or(&[]),
        _ => {}
    }
    let mut r = radix.unwrap_or(0);
    let mut strip_prefix = true;
    if r != 0 {
        if !(2..=36).contains(&r) {
            return f64::NAN;
        }
        strip_prefix = r == 16;
    } else {
        r = 10;
    }
    if strip_prefix
        && s.first() == Some(&u(b'0'))
        && matches!(s.get(1), Some(&c) if c == u(b'x') || c == u(b'X'))
    {
        s = s.get(2..).unwrap_or(&[]);
        r = 16;
    }
    let r = r as u32;
    let end = s.iter().take_while(|&&c| digit_value(c, r).is_some()).count();
    let Some(value) = integer_value(s.get(..end).unwrap_or(&[]), r) else {
        return f64::NAN;
    };
    if negative { -value } else { value }
}

#[cfg(test)]
mod tests;
