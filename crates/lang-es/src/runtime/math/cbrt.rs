//! `Math.cbrt`, bit for bit as node computes it: msun's `cbrt` of the time V8 copied it, a
//! 5-bit estimate from the exponent, a polynomial to 23 bits, then one Newton step. The `libm`
//! crate's `cbrt` is now correctly rounded, and so differs from node in some last bits.

use super::words::{TWO54, c, from_words, high};

/// `Math.cbrt`: a 5-bit estimate from the exponent, a polynomial to 23 bits, then one Newton
/// step (msun's `cbrt` of the time V8 copied it; the `libm` crate now has a correctly rounded
/// one, which differs).
pub fn cbrt(x: f64) -> f64 {
    // (1023 - 1023/3 - 0.03306235651)·2^20, and the same less 54/3 for subnormals.
    const B1: u32 = 715094163;
    const B2: u32 = 696219795;
    // |1/cbrt(r) - P(r)| < 2^-23.5 near r = 1.
    const P0: f64 = c(0x3FFE03E60F61E692);
    const P1: f64 = c(0xBFFE28E092F02420);
    const P2: f64 = c(0x3FF9F1604A49D6C2);
    const P3: f64 = c(0xBFE844CBBEE751D9);
    const P4: f64 = c(0x3FC2B000D4E4EDD7);

    let hx_signed = high(x) as u32;
    let sign = hx_signed & 0x8000_0000;
    let hx = hx_signed ^ sign;
    if hx >= 0x7FF0_0000 {
        return x + x;
    }
    let mut t = if hx < 0x0010_0000 {
        if x == 0.0 {
            return x;
        }
        let scaled = TWO54 * x;
        let h = high(scaled) as u32;
        from_words(sign | ((h & 0x7FFF_FFFF) / 3 + B2), 0)
    } else {
        from_words(sign | (hx / 3 + B1), 0)
    };
    let r = (t * t) * (t / x);
    t *= (P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4);
    // Round away from zero to 23 bits, so that t*t below is exact.
    t = f64::from_bits((t.to_bits() + 0x8000_0000) & 0xFFFF_FFFF_C000_0000);
    let s = t * t;
    let r = x / s;
    let w = t + t;
    let r = (r - t) / (w + r);
    t + t * r
}
