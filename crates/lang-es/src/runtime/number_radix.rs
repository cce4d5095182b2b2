//! `Number.prototype.toString(radix)` for radixes other than 10, matching
//! the digits node v20 prints.
//!
//! The specification leaves non-decimal output implementation-defined
//! beyond "a generalisation of the radix-10 algorithm", so what matters is
//! agreeing with V8. Its observable behaviour, which this file reproduces
//! with the same floating-point steps, is:
//!
//! * The fraction is printed digit by digit, multiplying by the radix in
//!   double arithmetic, and stops as soon as the remaining fraction is
//!   smaller than the precision of the input (half the distance to the next
//!   double, scaled along with the fraction). The last digit is rounded up
//!   (half to odd digits going up) when the rest exceeds one half and doing
//!   so stays within that precision; a round-up can carry into the integer.
//! * The integer part is printed by repeated division. Above 2^53 the
//!   lowest digits are not determined by the double, so while the quotient
//!   would still be at least 2^53 the digit is printed as `0` and the value
//!   divided (inexactly) by the radix.

use super::number_format::number_to_string;

/// The digit characters of radixes up to 36.
const DIGIT_CHARS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The ASCII character for a digit value (digits never exceed 35 here).
fn digit_char(d: u32) -> char {
    char::from(DIGIT_CHARS.get(d as usize).copied().unwrap_or(b'?'))
}

/// The next double above a non-negative finite `v` (infinity above the
/// largest double).
fn next_up(v: f64) -> f64 {
    if v.is_nan() || v == f64::INFINITY {
        return v;
    }
    if v == 0.0 {
        return f64::from_bits(1);
    }
    f64::from_bits(v.to_bits() + 1)
}

/// `x.toString(radix)`. A radix of 10, or one outside 2..=36 (which
/// JavaScript rejects with a RangeError before getting here), prints in
/// decimal.
pub fn number_to_string_radix(x: f64, radix: u32) -> String {
    if radix == 10 || !(2..=36).contains(&radix) || !x.is_finite() || x == 0.0 {
        return number_to_string(x);
    }
    let negative = x < 0.0;
    let value = x.abs();
    let r = f64::from(radix);
    let mut integer = value.floor();
    let mut fraction = value - integer;
    // Half the gap to the next double: digits below this are noise.
    let mut delta = (0.5 * (next_up(value) - value)).max(next_up(0.0));

    let mut frac_digits: Vec<u32> = Vec::new();
    if fraction >= delta {
        loop {
            fraction *= r;
            delta *= r;
            let digit = fraction.floor();
            frac_digits.push(digit as u32);
            fraction -= digit;
            let odd = (digit as u32) % 2 == 1;
            if (fraction > 0.5 || (fraction == 0.5 && odd)) && fraction + delta > 1.0 {
                round_up(&mut frac_digits, radix, &mut integer);
                break;
            }
            if fraction < delta {
                break;
            }
        }
    }

    let mut int_digits: Vec<u32> = Vec::new();
    // 2^53: from here on a double's units digit (in any radix) is unknown.
    const EXACT_LIMIT: f64 = 9_007_199_254_740_992.0;
    while integer / r >= EXACT_LIMIT {
        integer /= r;
        int_digits.push(0);
    }
    loop {
        let rem = integer % r;
        int_digits.push(rem as u32);
        integer = (integer - rem) / r;
        if integer <= 0.0 {
            break;
        }
    }

    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.extend(int_digits.iter().rev().map(|&d| digit_char(d)));
    if !frac_digits.is_empty() {
        out.push('.');
        out.extend(frac_digits.iter().map(|&d| digit_char(d)));
    }
    out
}

/// Increments the last fraction digit, dropping digits that overflow the
/// radix and carrying into the integer part when all of them do.
fn round_up(frac_digits: &mut Vec<u32>, radix: u32, integer: &mut f64) {
    while let Some(last) = frac_digits.pop() {
        if last + 1 < radix {
            frac_digits.push(last + 1);
            return;
        }
    }
    *integer += 1.0;
}
