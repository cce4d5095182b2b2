//! Conversion of JavaScript numbers to strings: `String(x)`
//! (Number::toString), `toString(radix)`, `toFixed`, `toPrecision` and
//! `toExponential`, producing exactly what node v20 prints.
//!
//! The decimal functions follow the ECMAScript algorithms literally; the
//! digit strings they need (shortest round-tripping digits, or the exact
//! expansion rounded half-up) come from `decimal_digits`, which computes
//! them with exact integer arithmetic. Radix conversion lives in
//! `number_radix` and is re-exported here so callers find all number
//! printing in one place.

use super::decimal_digits::{self, Digits};
pub use super::number_radix::number_to_string_radix;

/// The largest number of fraction or precision digits the three
/// `Number.prototype.to*` methods accept before throwing a RangeError.
pub const MAX_DIGITS: u32 = 100;

/// Turns digits 0..=9 into their ASCII characters.
fn ascii(digits: &[u8]) -> String {
    digits.iter().map(|&d| char::from(b'0' + d.min(9))).collect()
}

/// `NaN`, `Infinity` or `-Infinity` for non-finite values.
fn non_finite(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("NaN".to_string())
    } else if x.is_infinite() {
        Some(if x > 0.0 { "Infinity" } else { "-Infinity" }.to_string())
    } else {
        None
    }
}

/// `String(x)` for a Number: Number::toString(x, 10).
pub fn number_to_string(x: f64) -> String {
    if let Some(s) = non_finite(x) {
        return s;
    }
    if x == 0.0 {
        // Both zeros print as "0"; `-0` only shows up through inspect.
        return "0".to_string();
    }
    // Integers below 2^53 print as themselves: any decimal with fewer
    // significant digits is a different integer, at least 1 away, so it
    // cannot read back as `x`. This skips the exact digit search for the
    // most common numbers.
    if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
        return format!("{}", x as i64);
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let d = decimal_digits::shortest(x.abs());
    format!("{sign}{}", layout_shortest(&d))
}

/// Places the shortest digits of a positive number the way
/// Number::toString does: plain notation when the decimal point falls
/// within 21 digits to the left or 6 zeros to the right, scientific
/// notation otherwise.
fn layout_shortest(d: &Digits) -> String {
    let k = d.digits.len() as i32;
    let n = d.point;
    let s = ascii(&d.digits);
    if k <= n && n <= 21 {
        // An integer: the digits followed by zeros.
        format!("{s}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (int, frac) = s.split_at_checked(n as usize).unwrap_or((&s, ""));
        format!("{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{s}", "0".repeat((-n) as usize))
    } else {
        exponent_form(&s, n - 1)
    }
}

/// `d.ddde+x` / `de-x`: the significand digits with a point after the
/// first one (omitted for a single digit) and an always-signed exponent.
fn exponent_form(digits: &str, e: i32) -> String {
    let sign = if e < 0 { '-' } else { '+' };
    let mut out = String::new();
    let mut chars = digits.chars();
    if let Some(first) = chars.next() {
        out.push(first);
    }
    let rest: String = chars.collect();
    if !rest.is_empty() {
        out.push('.');
        out.push_str(&rest);
    }
    format!("{out}e{sign}{}", e.unsigned_abs())
}

/// `Number.prototype.toFixed(digits)`. Returns `None` when `digits` is out
/// of range (above 100), where JavaScript throws a RangeError; the caller
/// converts the argument with ToIntegerOrInfinity and rejects negative or
/// infinite values itself.
pub fn to_fixed(x: f64, digits: u32) -> Option<String> {
    if digits > MAX_DIGITS {
        return None;
    }
    if let Some(s) = non_finite(x) {
        return Some(s);
    }
    // At 10^21 and above toFixed gives up on plain notation.
    if x.abs() >= 1e21 {
        return Some(number_to_string(x));
    }
    // `-0` is not below zero, so it prints without a sign, while a tiny
    // negative number that rounds to zero keeps its "-".
    let sign = if x < 0.0 { "-" } else { "" };
    let f = digits as i32;
    let exact = decimal_digits::exact(x.abs());
    // n = round(x × 10^f), ties upward: the digits of the exact expansion
    // up to the f-th fraction digit, rounded half-up.
    let keep = exact.point + f;
    let n: Vec<u8> = if exact.digits.is_empty() || keep < 0 {
        Vec::new()
    } else if keep == 0 {
        if exact.digits.first().is_some_and(|&d| d >= 5) { vec![1] } else { Vec::new() }
    } else {
        decimal_digits::round_half_up(&exact, keep as usize).digits
    };
    let mut m = if n.is_empty() { "0".to_string() } else { ascii(&n) };
    if f > 0 {
        let k = m.len();
        let f = f as usize;
        if k <= f {
            m = format!("{}{m}", "0".repeat(f + 1 - k));
        }
        let (a, b) = m.split_at_checked(m.len() - f).unwrap_or((&m, ""));
        m = format!("{a}.{b}");
    }
    Some(format!("{sign}{m}"))
}

/// `Number.prototype.toExponential(digits)`; `None` as the argument means
/// `undefined` (as many digits as needed to identify the number). Returns
/// `None` for digits above 100 (a RangeError), but only for finite `x`:
/// JavaScript checks finiteness first.
pub fn to_exponential(x: f64, digits: Option<u32>) -> Option<String> {
    if let Some(s) = non_finite(x) {
        return Some(s);
    }
    if digits.is_some_and(|f| f > MAX_DIGITS) {
        return None;
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let (n, e) = if x == 0.0 {
        (vec![0; digits.unwrap_or(0) as usize + 1], 0)
    } else {
        match digits {
            None => {
                let d = decimal_digits::shortest(x.abs());
                let e = d.point - 1;
                (d.digits, e)
            }
            Some(f) => {
                let exact = decimal_digits::exact(x.abs());
                let mut d = decimal_digits::round_half_up(&exact, f as usize + 1);
                // A carry out of the top digit adds a trailing zero that is
                // not part of the requested precision.
                d.digits.truncate(f as usize + 1);
                let e = d.point - 1;
                (d.digits, e)
            }
        }
    };
    Some(format!("{sign}{}", exponent_form(&ascii(&n), e)))
}

/// `Number.prototype.toPrecision(precision)` for a defined precision (an
/// undefined one is plain `number_to_string`). Returns `None` for a
/// precision outside 1..=100 when `x` is finite (a RangeError); non-finite
/// values print as themselves whatever the precision, as in JavaScript.
pub fn to_precision(x: f64, precision: u32) -> Option<String> {
    if let Some(s) = non_finite(x) {
        return Some(s);
    }
    if !(1..=MAX_DIGITS).contains(&precision) {
        return None;
    }
    let p = precision as i32;
    let sign = if x < 0.0 { "-" } else { "" };
    let (n, e) = if x == 0.0 {
        (vec![0; precision as usize], 0)
    } else {
        let exact = decimal_digits::exact(x.abs());
        let mut d = decimal_digits::round_half_up(&exact, precision as usize);
        d.digits.truncate(precision as usize);
        let e = d.point - 1;
        (d.digits, e)
    };
    let m = ascii(&n);
    let body = if e < -6 || e >= p {
        exponent_form(&m, e)
    } else if e == p - 1 {
        m
    } else if e >= 0 {
        let (a, b) = m.split_at_checked((e + 1) as usize).unwrap_or((&m, ""));
        format!("{a}.{b}")
    } else {
        format!("0.{}{m}", "0".repeat((-(e + 1)) as usize))
    };
    Some(format!("{sign}{body}"))
}

#[cfg(test)]
mod tests;
