//! Decimal digit generation for doubles: the shortest digits that read back
//! as the same double, the exact (finite) decimal expansion, and rounding
//! of a digit string half-up. `number_format` builds JavaScript's number
//! printing functions on top of these.
//!
//! All results describe a positive value as `0.d1 d2 ... dk × 10^point`
//! with `d1 != 0`, which is the shape the ECMAScript algorithms use (their
//! `n` is our `point`, their `k` is the digit count).

use super::bignum::Big;

/// A positive decimal `0.d1 d2 ... × 10^point`; `digits` are 0..=9, the
/// first one nonzero (an empty list means zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digits {
    pub digits: Vec<u8>,
    pub point: i32,
}

/// Splits a positive finite double into `(f, e)` with `v = f × 2^e` and
/// `f < 2^53`, and reports whether the gap to the next lower double is half
/// the gap to the next higher one (true exactly at powers of two above the
/// smallest normal exponent).
pub fn decompose(v: f64) -> (u64, i32, bool) {
    let bits = v.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        (frac, -1074, false)
    } else {
        (frac | (1u64 << 52), biased - 1075, frac == 0 && biased > 1)
    }
}

/// `2^k` as a big integer.
fn pow2(k: u32) -> Big {
    let mut b = Big::from_u64(1);
    b.shl(u64::from(k));
    b
}

/// The shortest digit string that converts back to `v` under
/// round-to-nearest-even, choosing the one closest to `v` when several of
/// that length qualify (and the even one on an exact tie), as
/// Number::toString requires. `v` must be positive and finite; other
/// inputs give an empty digit list.
///
/// The method is the classic exact "free-format" one: keep the value and
/// the half-gaps to its neighbours as exact fractions `r/s`, `m+/s`, `m-/s`
/// and emit digits until the remaining value lies within a half-gap, at
/// which point stopping (or rounding the last digit up) still lands inside
/// the interval of decimals that read back as `v`.
pub fn shortest(v: f64) -> Digits {
    if !(v.is_finite() && v > 0.0) {
        return Digits { digits: Vec::new(), point: 0 };
    }
    let (f, e, closer_below) = decompose(v);
    // When the mantissa is even, a decimal exactly on the boundary reads
    // back as `v` (ties go to even), so the interval is closed.
    let inclusive = f % 2 == 0;
    let (mut r, mut s, mut m_plus, mut m_minus);
    // Everything is doubled (and doubled again at a power-of-two boundary)
    // so that the half-gaps are integers.
    let extra = if closer_below { 2 } else { 1 };
    if e >= 0 {
        r = Big::from_u64(f);
        r.shl(e as u64 + extra);
        s = Big::from_u64(1 << extra);
        m_plus = pow2(e as u32 + extra as u32 - 1);
        m_minus = pow2(e as u32);
    } else {
        r = Big::from_u64(f);
        r.shl(extra);
        s = pow2((-e) as u32 + extra as u32);
        m_plus = Big::from_u64(1 << (extra - 1));
        m_minus = Big::from_u64(1);
    }

    // Estimate the decimal exponent, then correct it exactly: afterwards
    // the upper end of the interval is below 1 but at least 1/10 (on the
    // `r/s` scale), so the first generated digit is the leading one.
    let mut k = v.log10().ceil() as i32;
    if k >= 0 {
        s.mul_pow10(k as u32);
    } else {
        r.mul_pow10((-k) as u32);
        m_plus.mul_pow10((-k) as u32);
        m_minus.mul_pow10((-k) as u32);
    }
    let high_reaches = |r: &Big, m_plus: &Big, s: &Big| {
        let mut sum = r.clone();
        sum.add(m_plus);
        if inclusive { sum >= *s } else { sum > *s }
    };
    while high_reaches(&r, &m_plus, &s) {
        s.mul_small(10);
        k += 1;
    }
    loop {
        let mut r10 = r.clone();
        r10.mul_small(10);
        let mut mp10 = m_plus.clone();
        mp10.mul_small(10);
        if high_reaches(&r10, &mp10, &s) {
            break;
        }
        r = r10;
        m_plus = mp10;
        m_minus.mul_small(10);
        k -= 1;
    }

    let mut digits: Vec<u8> = Vec::new();
    // A double never needs more than 17 significant digits; the bound only
    // guards against looping forever should an invariant be broken.
    while digits.len() < 40 {
        r.mul_small(10);
        m_plus.mul_small(10);
        m_minus.mul_small(10);
        let d = r.div_rem_digit(&s) as u8;
        let low_ok = if inclusive { r <= m_minus } else { r < m_minus };
        let high_ok = high_reaches(&r, &m_plus, &s);
        match (low_ok, high_ok) {
            (false, false) => digits.push(d),
            (true, false) => {
                digits.push(d);
                break;
            }
            (false, true) => {
                digits.push(d + 1);
                break;
            }
            (true, true) => {
                // Both `d` and `d + 1` read back as `v`: take the closer.
                let mut twice = r.clone();
                twice.mul_small(2);
                let up = match twice.cmp(&s) {
                    std::cmp::Ordering::Less => false,
                    std::cmp::Ordering::Greater => true,
                    std::cmp::Ordering::Equal => d % 2 == 1,
                };
                digits.push(if up { d + 1 } else { d });
                break;
            }
        }
    }
    normalize(Digits { digits, point: k })
}

/// Resolves any digit that was rounded up to 10 by carrying into the
/// digits before it, and drops trailing zeros.
fn normalize(mut d: Digits) -> Digits {
    let mut i = d.digits.len();
    while i > 0 {
        i -= 1;
        let Some(slot) = d.digits.get_mut(i) else { break };
        if *slot < 10 {
            break;
        }
        *slot -= 10;
        if i == 0 {
            d.digits.insert(0, 1);
            d.point += 1;
            break;
        }
        if let Some(prev) = d.digits.get_mut(i - 1) {
            *prev += 1;
        }
    }
    while d.digits.last() == Some(&0) {
        d.digits.pop();
    }
    d
}

/// The exact decimal value of a positive finite double (every double is a
/// finite decimal because `2^-n = 5^n / 10^n`), without trailing zeros.
pub fn exact(v: f64) -> Digits {
    if !(v.is_finite() && v > 0.0) {
        return Digits { digits: Vec::new(), point: 0 };
    }
    let (f, e, _) = decompose(v);
    let mut n = Big::from_u64(f);
    let digits;
    let point;
    if e >= 0 {
        n.shl(e as u64);
        digits = n.to_decimal_digits();
        point = digits.len() as i32;
    } else {
        n.mul_pow5((-e) as u32);
        digits = n.to_decimal_digits();
        point = digits.len() as i32 + e;
    }
    normalize(Digits { digits, point })
}

/// Rounds to `keep` significant digits (at least 1), ties away from zero,
/// which on an exact expansion is the "pick the larger n" rule of toFixed,
/// toPrecision and toExponential. The result has exactly `keep` digits
/// (padded with zeros), except that a carry out of the top digit (9.99 →
/// 10.0) yields `keep + 1` digits starting `1 0 ...` and a point one higher.
pub fn round_half_up(d: &Digits, keep: usize) -> Digits {
    let mut out: Vec<u8> = d.digits.iter().copied().take(keep).collect();
    out.resize(keep, 0);
    let mut point = d.point;
    if d.digits.get(keep).is_some_and(|&next| next >= 5) {
        let mut i = keep;
        loop {
            if i == 0 {
                out.insert(0, 1);
                point += 1;
                break;
            }
            i -= 1;
            match out.get_mut(i) {
                Some(slot) if *slot == 9 => *slot = 0,
                Some(slot) => {
                    *slot += 1;
                    break;
                }
                None => break,
            }
        }
    }
    Digits { digits: out, point }
}
