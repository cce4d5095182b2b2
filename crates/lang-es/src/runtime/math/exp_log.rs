//! `Math.exp`, `Math.expm1` and the logarithms `Math.log`, `Math.log1p`, `Math.log2` and
//! `Math.log10`, bit for bit as node computes them.
//!
//! `exp`, `expm1` and `log2` call the `libm` crate, whose sequence of operations is V8's (apart
//! from exp(1), which V8 special-cases). `log`, `log1p` and `log10` are fdlibm's originals,
//! written out because msun has since revised them: each splits x into 2^k·(1 + f) with 1 + f
//! near 1 and evaluates log(1 + f) = 2s + s·R(s²), s = f/(2 + f), with the same constants and
//! order of operations as V8.

use super::words::{LN2_HI, LN2_LO, TWO54, c, high, with_high};

/// `Math.exp`: fdlibm's reduction by multiples of ln 2 and rational approximation, as in msun,
/// except that V8 returns the double nearest e for exp(1) (the algorithm is one ulp off there).
pub fn exp(x: f64) -> f64 {
    if x == 1.0 { std::f64::consts::E } else { libm::exp(x) }
}

/// `Math.expm1`: fdlibm's, as in msun.
pub fn expm1(x: f64) -> f64 {
    libm::expm1(x)
}

// The polynomial in s² for log(1 + f) = 2s + s·R(s²), s = f/(2 + f), shared by `log` and
// `log1p`.
const LG1: f64 = c(0x3FE5555555555593);
const LG2: f64 = c(0x3FD999999997FA04);
const LG3: f64 = c(0x3FD2492494229359);
const LG4: f64 = c(0x3FCC71C51D8E78AF);
const LG5: f64 = c(0x3FC7466496CB03DE);
const LG6: f64 = c(0x3FC39A09D078C69F);
const LG7: f64 = c(0x3FC2F112DF3E5244);

/// `Math.log`: x = 2^k·(1 + f) with 1 + f in [√2/2, √2], then k·ln 2 + log(1 + f).
pub fn log(x: f64) -> f64 {
    let mut x = x;
    let mut hx = high(x);
    let mut k: i32 = 0;
    if hx < 0x0010_0000 {
        if x == 0.0 {
            return f64::NEG_INFINITY;
        }
        if hx < 0 {
            return f64::NAN;
        }
        // Subnormal: scale into the normal range.
        k -= 54;
        x *= TWO54;
        hx = high(x);
    }
    if hx >= 0x7FF0_0000 {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    hx &= 0x000F_FFFF;
    // Whether the fraction is past √2, in which case x is halved and k raised.
    let i = (hx + 0x95F64) & 0x0010_0000;
    x = with_high(x, (hx | (i ^ 0x3FF0_0000)) as u32);
    k += i >> 20;
    let f = x - 1.0;
    let dk = f64::from(k);
    if (0x000F_FFFF & (2 + hx)) < 3 {
        // |f| < 2^-20: two terms of the series.
        if f == 0.0 {
            return if k == 0 { 0.0 } else { dk * LN2_HI + dk * LN2_LO };
        }
        let r = f * f * (0.5 - c(0x3FD5555555555555) * f);
        return if k == 0 { f - r } else { dk * LN2_HI - ((r - dk * LN2_LO) - f) };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    let r = t2 + t1;
    // Fractions far from 1 take the more careful form through f²/2.
    if ((hx - 0x6147A) | (0x6B851 - hx)) > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 { f - (hfsq - s * (hfsq + r)) } else { dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f) }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

/// `Math.log1p`: like `log`, on 1 + x rounded, plus a correction for what that rounding lost.
pub fn log1p(x: f64) -> f64 {
    let hx = high(x);
    let ax = hx & 0x7FFF_FFFF;
    let mut k: i32 = 1;
    let mut f = 0.0;
    let mut hu: i32 = 0;
    let mut c_corr = 0.0;
    if hx < 0x3FDA_827A {
        // 1 + x < √2.
        if ax >= 0x3FF0_0000 {
            // x <= -1
            return if x == -1.0 { f64::NEG_INFINITY } else { f64::NAN };
        }
        if ax < 0x3E20_0000 {
            // |x| < 2^-29
            return if ax < 0x3C90_0000 { x } else { x - x * x * 0.5 };
        }
        if hx > 0 || hx <= 0xBFD2_BEC4_u32 as i32 {
            // √2/2 <= 1 + x < √2: f is x itself.
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if hx >= 0x7FF0_0000 {
        return x + x;
    }
    if k != 0 {
        let mut u;
        if hx < 0x4340_0000 {
            u = 1.0 + x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c_corr = if k > 0 { 1.0 - (u - x) } else { x - (u - 1.0) };
            c_corr /= u;
        } else {
            // 1 + x is x.
            u = x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c_corr = 0.0;
        }
        hu &= 0x000F_FFFF;
        if hu < 0x6A09E {
            u = with_high(u, (hu | 0x3FF0_0000) as u32);
        } else {
            k += 1;
            u = with_high(u, (hu | 0x3FE0_0000) as u32);
            hu = (0x0010_0000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    let dk = f64::from(k);
    let hfsq = 0.5 * f * f;
    if hu == 0 {
        // |f| < 2^-20
        if f == 0.0 {
            if k == 0 {
                return 0.0;
            }
            c_corr += dk * LN2_LO;
            return dk * LN2_HI + c_corr;
        }
        let r = hfsq * (1.0 - c(0x3FE5555555555555) * f);
        return if k == 0 { f - r } else { dk * LN2_HI - ((r - (dk * LN2_LO + c_corr)) - f) };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let r = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7))))));
    if k == 0 {
        f - (hfsq - s * (hfsq + r))
    } else {
        dk * LN2_HI - ((hfsq - (s * (hfsq + r) + (dk * LN2_LO + c_corr))) - f)
    }
}

/// `Math.log2`: msun's `log2`, which V8 took unchanged (the kernel of `log` with the sum done
/// in extra precision).
pub fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// `Math.log10`: the exponent n and n·log10(2) in two parts, plus log(mantissa)/ln 10 — the
/// original fdlibm formula, not msun's later one.
pub fn log10(x: f64) -> f64 {
    const IVLN10: f64 = c(0x3FDBCB7B1526E50E);
    const LOG10_2HI: f64 = c(0x3FD34413509F6000);
    const LOG10_2LO: f64 = c(0x3D59FEF311F12B36);
    let mut x = x;
    let mut hx = high(x);
    let mut k: i32 = 0;
    if hx < 0x0010_0000 {
        if x == 0.0 {
            return f64::NEG_INFINITY;
        }
        if hx < 0 {
            return f64::NAN;
        }
        k -= 54;
        x *= TWO54;
        hx = high(x);
    }
    if hx >= 0x7FF0_0000 {
        return x + x;
    }
    if x == 1.0 {
        return 0.0;
    }
    k += (hx >> 20) - 1023;
    // For a negative exponent use n + 1 and a mantissa in [1/2, 1).
    let i = i32::from(k < 0);
    let y = f64::from(k + i);
    x = with_high(x, ((hx & 0x000F_FFFF) | ((0x3FF - i) << 20)) as u32);
    let z = y * LOG10_2LO + IVLN10 * log(x);
    z + y * LOG10_2HI
}
