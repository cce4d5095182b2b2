//! `Math.sin`, `Math.cos` and `Math.tan`, bit for bit as node computes them with V8's fdlibm.
//!
//! An argument up to about π/4 goes straight to a kernel polynomial; a larger one is first
//! reduced by the nearest multiple of π/2 (in `reduce`), and the quadrant picks the kernel and
//! the sign. The kernels are fdlibm's originals (`__kernel_sin`, `__kernel_cos`,
//! `__kernel_tan`) rather than the `libm` crate's: msun, which that crate follows, has since
//! revised the cosine kernel, which changes some last bits.

use super::reduce::rem_pio2;
use super::words::{c, from_words, head, high, low};

/// `Math.sin`.
pub fn sin(x: f64) -> f64 {
    let ix = high(x) & 0x7FFF_FFFF;
    if ix <= 0x3FE9_21FB {
        return sin_kernel(x, 0.0, false);
    }
    if ix >= 0x7FF0_0000 {
        return f64::NAN;
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => sin_kernel(y0, y1, true),
        1 => cos_kernel(y0, y1),
        2 => -sin_kernel(y0, y1, true),
        _ => -cos_kernel(y0, y1),
    }
}

/// `Math.cos`.
pub fn cos(x: f64) -> f64 {
    let ix = high(x) & 0x7FFF_FFFF;
    if ix <= 0x3FE9_21FB {
        return cos_kernel(x, 0.0);
    }
    if ix >= 0x7FF0_0000 {
        return f64::NAN;
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => cos_kernel(y0, y1),
        1 => -sin_kernel(y0, y1, true),
        2 => -cos_kernel(y0, y1),
        _ => sin_kernel(y0, y1, true),
    }
}

/// `Math.tan`.
pub fn tan(x: f64) -> f64 {
    let ix = high(x) & 0x7FFF_FFFF;
    if ix <= 0x3FE9_21FB {
        return tan_kernel(x, 0.0, 1);
    }
    if ix >= 0x7FF0_0000 {
        return f64::NAN;
    }
    let (n, y0, y1) = rem_pio2(x);
    // An odd quadrant gives -1/tan.
    tan_kernel(y0, y1, 1 - ((n & 1) << 1))
}

/// sin(x + y) for |x| up to about π/4, where `y` is the tail of a reduced argument (zero unless
/// `has_tail`): x + S1·x³ + … + S6·x¹³ with a first-order correction for `y`.
fn sin_kernel(x: f64, y: f64, has_tail: bool) -> f64 {
    const S1: f64 = c(0xBFC5555555555549);
    const S2: f64 = c(0x3F8111111110F8A6);
    const S3: f64 = c(0xBF2A01A019C161D5);
    const S4: f64 = c(0x3EC71DE357B1FE7D);
    const S5: f64 = c(0xBE5AE5E68A2B9CEB);
    const S6: f64 = c(0x3DE5D93A5ACFD57C);
    if high(x) & 0x7FFF_FFFF < 0x3E40_0000 {
        // |x| < 2^-27: sin x rounds to x.
        return x;
    }
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if has_tail { x - ((z * (0.5 * y - v * r) - y) - v * S1) } else { x + v * (S1 + z * r) }
}

/// cos(x + y) for |x| up to about π/4: 1 - x²/2 + C1·x⁴ + … + C6·x¹⁴. When |x| > 0.3 the
/// subtraction from 1 goes through an exact intermediate q (|x|/4 cut to its high word, or
/// 0.28125 past 0.78125): (1 - q) - (x²/2 - q - …), which loses less to rounding.
fn cos_kernel(x: f64, y: f64) -> f64 {
    const C1: f64 = c(0x3FA555555555554C);
    const C2: f64 = c(0xBF56C16C16C15177);
    const C3: f64 = c(0x3EFA01A019CB1590);
    const C4: f64 = c(0xBE927E4F809C52AD);
    const C5: f64 = c(0x3E21EE9EBDB4B1C4);
    const C6: f64 = c(0xBDA8FAE9BE8838D4);
    let ix = high(x) & 0x7FFF_FFFF;
    if ix < 0x3E40_0000 {
        // |x| < 2^-27: cos x rounds to 1.
        return 1.0;
    }
    let z = x * x;
    let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if ix < 0x3FD3_3333 {
        return 1.0 - (0.5 * z - (z * r - x * y));
    }
    let qx = if ix > 0x3FE9_0000 { 0.28125 } else { from_words((ix - 0x0020_0000) as u32, 0) };
    let hz = 0.5 * z - qx;
    let a = 1.0 - qx;
    a - (hz - (z * r - x * y))
}

/// tan(x + y) for |x| up to about π/4 when `k` is 1, -1/tan(x + y) when it is -1. Above 0.6744
/// the argument is reflected to π/4 - x, where tan(π/4 - t) = (1 - tan t)/(1 + tan t).
fn tan_kernel(mut x: f64, mut y: f64, k: i32) -> f64 {
    const T: [f64; 13] = [
        c(0x3FD5555555555563),
        c(0x3FC111111110FE7A),
        c(0x3FABA1BA1BB341FE),
        c(0x3F9664F48406D637),
        c(0x3F8226E3E96E8493),
        c(0x3F6D6D22C9560328),
        c(0x3F57DBC8FEE08315),
        c(0x3F4344D8F2F26501),
        c(0x3F3026F71A8D1068),
        c(0x3F147E88A03792A6),
        c(0x3F12B80F32F0A7E9),
        c(0xBEF375CBDB605373),
        c(0x3EFB2A7074BF7AD4),
    ];
    const PIO4: f64 = c(0x3FE921FB54442D18);
    const PIO4_LO: f64 = c(0x3C81A62633145C07);

    let hx = high(x);
    let ix = hx & 0x7FFF_FFFF;
    if ix < 0x3E30_0000 {
        // |x| < 2^-28.
        if (ix as u32 | low(x)) == 0 && k == -1 {
            return 1.0 / x.abs();
        }
        if k == 1 {
            return x;
        }
        return neg_recip(x + y, x, y);
    }
    let big = ix >= 0x3FE5_9428;
    if big {
        if hx < 0 {
            x = -x;
            y = -y;
        }
        let z = PIO4 - x;
        let w = PIO4_LO - y;
        x = z + w;
        y = 0.0;
    }
    let z = x * x;
    let w = z * z;
    // The odd series split into two interleaved halves in x⁴.
    let mut r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
    let v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
    let s = z * x;
    r = y + z * (s * (r + v) + y);
    r += T[0] * s;
    let w = x + r;
    if big {
        let v = f64::from(k);
        let sign = f64::from(1 - ((hx >> 30) & 2));
        return sign * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if k == 1 { w } else { neg_recip(w, x, r) }
}

/// -1/w for w = x + tail, computed with a short head of w and of the quotient so that the
/// result is accurate to within an ulp.
#[inline]
fn neg_recip(w: f64, x: f64, tail: f64) -> f64 {
    let z = head(w);
    // z + v is x + tail, w before rounding.
    let v = tail - (z - x);
    let a = -1.0 / w;
    let t = head(a);
    let s = 1.0 + t * z;
    t + a * (s + t * v)
}
