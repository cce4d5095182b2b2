//! Correctly rounded conversion of exact integers and decimal fractions to
//! the nearest double (ties to even), the rounding JavaScript requires when
//! it turns source text or strings into Numbers.
//!
//! The approach is the plain exact one: reduce the value to an integer
//! quotient of about 66 significant bits, a binary exponent, and a flag
//! saying whether anything nonzero was left over; those bits are enough to
//! round to 53 bits (fewer for subnormals) exactly. Plain floating-point
//! arithmetic is used only where it is provably exact.

use super::bignum::Big;

/// More significant decimal digits than this never change the rounding:
/// every halfway point between two doubles has fewer significant digits
/// (at most about 770), so the tail only matters as "zero or not".
const MAX_SIGNIFICANT: usize = 800;

/// Powers of ten that are exact doubles.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The double nearest to `digits × 10^exp10`, where `digits` are decimal
/// digit values (0..=9, most significant first, leading and trailing zeros
/// allowed). Overflow gives infinity and underflow zero, both positive.
pub fn decimal_to_f64(digits: &[u8], exp10: i64) -> f64 {
    let start = digits.iter().take_while(|&&d| d == 0).count();
    let digits = digits.get(start..).unwrap_or(&[]);
    let trailing = digits.iter().rev().take_while(|&&d| d == 0).count();
    let digits = digits.get(..digits.len() - trailing).unwrap_or(&[]);
    if digits.is_empty() {
        return 0.0;
    }
    let mut exp10 = exp10.saturating_add(trailing as i64);

    // Beyond the significant limit keep one sticky nonzero digit, which
    // sits strictly between the same two rounding boundaries as the tail.
    let mut kept: Vec<u8> = digits.iter().copied().take(MAX_SIGNIFICANT).collect();
    if digits.len() > MAX_SIGNIFICANT {
        exp10 = exp10.saturating_add((digits.len() - MAX_SIGNIFICANT) as i64);
        if digits.iter().skip(MAX_SIGNIFICANT).any(|&d| d != 0) {
            kept.push(1);
            exp10 -= 1;
        }
    }

    // The value lies in [10^(point-1), 10^point).
    let point = exp10.saturating_add(kept.len() as i64);
    if point > 310 {
        return f64::INFINITY;
    }
    if point < -324 {
        // Below 10^-324, under half the smallest subnormal.
        return 0.0;
    }

    // Fast path: a mantissa below 2^53 and a power of ten that is an exact
    // double leave a single correctly rounded operation.
    if kept.len() <= 15 && exp10.unsigned_abs() <= 22 {
        let mut m = 0.0f64;
        for &d in &kept {
            m = m * 10.0 + f64::from(d);
        }
        let p = EXACT_POWERS.get(exp10.unsigned_abs() as usize).copied().unwrap_or(1.0);
        return if exp10 >= 0 { m * p } else { m / p };
    }

    let mut num = Big::from_u64(0);
    for &d in &kept {
        num.mul_small(10);
        num.add_small(u32::from(d));
    }
    if exp10 >= 0 {
        num.mul_pow10(exp10 as u32);
        return big_to_f64(&num);
    }
    let mut den = Big::from_u64(1);
    den.mul_pow10(exp10.unsigned_abs() as u32);
    let (q, e2, sticky) = divide_to_bits(num, den);
    round_bits(q, e2, sticky)
}

/// The double nearest to an exact non-negative integer.
pub fn big_to_f64(n: &Big) -> f64 {
    let bits = n.bit_len();
    if bits <= 66 {
        return round_bits(u128::from(n.bits_from(0)) | (u128::from(n.bits_from(64)) << 64), 0, false);
    }
    let low = bits - 66;
    let q = u128::from(n.bits_from(low)) | (u128::from(n.bits_from(low + 64)) << 64);
    round_bits(q, low as i64, n.any_bits_below(low))
}

/// Divides `num / den` to about 66 significant quotient bits: returns
/// `(q, e2, sticky)` with `num / den = (q + f) × 2^e2` for some `0 <= f < 1`
/// that is nonzero exactly when `sticky`.
fn divide_to_bits(mut num: Big, mut den: Big) -> (u128, i64, bool) {
    let diff = num.bit_len() as i64 - den.bit_len() as i64;
    let shift = 66 - diff;
    if shift >= 0 {
        num.shl(shift as u64);
    } else {
        den.shl((-shift) as u64);
    }
    let e2 = -shift;
    // Schoolbook binary long division: the quotient has 66 or 67 bits.
    let mut q: u128 = 0;
    let top = num.bit_len() as i64 - den.bit_len() as i64;
    let mut i = top;
    while i >= 0 {
        let mut t = den.clone();
        t.shl(i as u64);
        if num >= t {
            num.sub(&t);
            q |= 1u128.checked_shl(i as u32).unwrap_or(0);
        }
        i -= 1;
    }
    (q, e2, !num.is_zero())
}

/// Rounds `(q + f) × 2^e2` (with `f` in [0, 1), nonzero iff `sticky`) to
/// the nearest double, ties to even, handling subnormals and overflow.
fn round_bits(q: u128, e2: i64, sticky: bool) -> f64 {
    if q == 0 {
        return 0.0;
    }
    let len = 128 - i64::from(q.leading_zeros());
    // The value lies in [2^top, 2^(top+1)).
    let top = len - 1 + e2;
    if top > 1023 {
        return f64::INFINITY;
    }
    // The weight of the last mantissa bit: 53 bits for normal numbers, a
    // fixed 2^-1074 for subnormals.
    let mut lsb = (top - 52).max(-1074);
    let drop = lsb - e2;
    let mut mant: u128 = if drop <= 0 {
        // Nothing to round away (the sticky fraction is below one unit of
        // the last kept bit only when drop > 0, which is how we call this).
        q.checked_shl((-drop) as u32).unwrap_or(0)
    } else {
        let kept = q.checked_shr(drop as u32).unwrap_or(0);
        let half = 1u128.checked_shl((drop - 1) as u32).unwrap_or(u128::MAX);
        let mask = 1u128.checked_shl(drop as u32).map_or(u128::MAX, |b| b - 1);
        let rest = q & mask;
        let up = rest > half || (rest == half && (sticky || kept & 1 == 1));
        kept + u128::from(up)
    };
    if mant >= 1 << 53 {
        mant >>= 1;
        lsb += 1;
    }
    if lsb + 52 > 1023 {
        return f64::INFINITY;
    }
    let mant = mant as u64;
    if mant >= 1 << 52 {
        let biased = (lsb + 1075) as u64;
        f64::from_bits((biased << 52) | (mant - (1 << 52)))
    } else {
        // A subnormal (lsb is -1074), or zero after rounding down.
        f64::from_bits(mant)
    }
}
