//! Numeric conversions the front end needs: literal digits to `f64`, and `f64` to the string
//! JavaScript's `Number.prototype.toString` produces (for numeric property keys such as
//! `{ 1.50: x }`, whose key is `"1.5"`).
//!
//! Decimal literals are converted by Rust's `str::parse`, which rounds correctly. Hexadecimal,
//! octal and binary literals can exceed 2^53, where naive accumulation in an `f64` rounds more
//! than once; they are converted here by collecting the leading bits exactly and rounding once,
//! half to even, as the specification requires.

/// The value of `digits` (each already a digit value below `1 << bits_per_digit`), read in base
/// 2, 8 or 16, rounded to the nearest double.
pub(crate) fn pow2_radix_value(digits: &[u8], bits_per_digit: u32) -> f64 {
    // The first 64 significant bits go into `mant`; later bits only count and set `sticky`.
    let mut mant: u64 = 0;
    let mut nbits: u32 = 0;
    let mut extra: u64 = 0;
    let mut sticky = false;
    for &d in digits {
        for shift in (0..bits_per_digit).rev() {
            let bit = (d >> shift) & 1;
            if nbits == 0 && bit == 0 {
                continue;
            }
            if nbits < 64 {
                mant = (mant << 1) | bit as u64;
                nbits += 1;
            } else {
                extra += 1;
                sticky |= bit == 1;
            }
        }
    }
    if nbits <= 53 {
        return mant as f64;
    }
    let shift = nbits - 53;
    let mut top = mant >> shift;
    let rem = mant & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && (sticky || top & 1 == 1)) {
        top += 1;
    }
    let exp = shift as u64 + extra;
    if exp > 2000 {
        return f64::INFINITY;
    }
    top as f64 * 2f64.powi(exp as i32)
}

/// The value of a decimal literal given as its integer digits, fraction digits and exponent
/// text (all without separators; the exponent may carry a sign).
pub(crate) fn decimal_value(int: &str, frac: &str, exp: &str) -> f64 {
    let mut text = String::with_capacity(int.len() + frac.len() + exp.len() + 4);
    text.push_str(if int.is_empty() { "0" } else { int });
    if !frac.is_empty() {
        text.push('.');
        text.push_str(frac);
    }
    if !exp.is_empty() {
        text.push('e');
        text.push_str(exp);
    }
    // The lexer only passes digit strings, which `parse` always accepts.
    text.parse::<f64>().unwrap_or(f64::NAN)
}

/// `Number::toString(x)` with radix 10, as in ECMAScript 6.1.6.1.20.
pub fn number_to_js_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 {
            "Infinity".to_string()
        } else {
            "-Infinity".to_string()
        };
    }
    if x < 0.0 {
        return format!("-{}", number_to_js_string(-x));
    }
    // Rust's `{:e}` prints the shortest digit string that round-trips, as JavaScript requires;
    // only the layout differs, so take the digits and exponent apart and lay them out again.
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exp: i64 = exp.parse().unwrap_or(0);
    let k = digits.len() as i64;
    let n = exp + 1;
    if k <= n && n <= 21 {
        let mut s = digits;
        s.extend(std::iter::repeat_n('0', (n - k) as usize));
        s
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{}", "0".repeat((-n) as usize), digits)
    } else {
        let sign = if n - 1 < 0 { '-' } else { '+' };
        let e = (n - 1).abs();
        if k == 1 {
            format!("{digits}e{sign}{e}")
        } else {
            format!("{}.{}e{sign}{e}", &digits[..1], &digits[1..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_string_matches_javascript() {
        let cases = [
            (1.0, "1"),
            (1.5, "1.5"),
            (0.1, "0.1"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.25e-7, "1.25e-7"),
            (-2.5, "-2.5"),
            (f64::MAX, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
        ];
        for (x, s) in cases {
            assert_eq!(number_to_js_string(x), s);
        }
    }

    #[test]
    fn pow2_radix_rounds_once() {
        // 0x20000000000001 is 2^53 + 1: exactly between two doubles, rounds to even (2^53).
        let d: Vec<u8> = "20000000000001"
            .bytes()
            .map(|b| (b as char).to_digit(16).unwrap() as u8)
            .collect();
        assert_eq!(pow2_radix_value(&d, 4), 9007199254740992.0);
        let d: Vec<u8> = "20000000000003"
            .bytes()
            .map(|b| (b as char).to_digit(16).unwrap() as u8)
            .collect();
        assert_eq!(pow2_radix_value(&d, 4), 9007199254740996.0);
        // 2^53 + 1 + a sticky bit far below rounds up.
        let d: Vec<u8> = "200000000000010001"
            .bytes()
            .map(|b| (b as char).to_digit(16).unwrap() as u8)
            .collect();
        assert_eq!(pow2_radix_value(&d, 4), 2f64.powi(69) + 2f64.powi(17));
        assert_eq!(pow2_radix_value(&[1, 0, 1], 1), 5.0);
        assert_eq!(pow2_radix_value(&[7, 7], 3), 63.0);
    }
}
