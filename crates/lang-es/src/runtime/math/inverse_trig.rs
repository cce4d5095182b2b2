//! `Math.asin`, `Math.acos`, `Math.atan` and `Math.atan2`, bit for bit as node computes them.
//!
//! The first three are fdlibm's rational and polynomial approximations, which the `libm` crate
//! (a port of msun, fdlibm's descendant) still computes in the same sequence, so they call it.
//! `atan2` is written out: fdlibm handles very large and very small quotients differently from
//! msun's later version, before moving atan(|y/x|) to its quadrant.

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

use super::words::{TINY, c, high};

/// `Math.asin`: fdlibm's rational approximation, as in msun.
pub fn asin(x: f64) -> f64 {
    libm::asin(x)
}

/// `Math.acos`: fdlibm's, as in msun.
pub fn acos(x: f64) -> f64 {
    libm::acos(x)
}

/// `Math.atan`: fdlibm's reduction to four intervals and odd polynomial, as in msun.
pub fn atan(x: f64) -> f64 {
    libm::atan(x)
}

/// `Math.atan2(y, x)`: the special cases of fdlibm's `atan2` (whose very large and very small
/// quotients are handled differently from msun's), then atan(|y/x|) moved to its quadrant.
pub fn atan2(y: f64, x: f64) -> f64 {
    // π's low part, which the quadrant adjustments add back.
    const PI_LO: f64 = c(0x3CA1A62633145C07);
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == 1.0 {
        return atan(y);
    }
    let (hx, hy) = (high(x), high(y));
    let ix = hx & 0x7FFF_FFFF;
    let iy = hy & 0x7FFF_FFFF;
    // Bit 0: y is negative; bit 1: x is negative.
    let m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
    if y == 0.0 {
        return match m {
            0 | 1 => y,
            2 => PI + TINY,
            _ => -PI - TINY,
        };
    }
    if x == 0.0 {
        return if hy < 0 { -FRAC_PI_2 - TINY } else { FRAC_PI_2 + TINY };
    }
    if x.is_infinite() {
        return if y.is_infinite() {
            match m {
                0 => FRAC_PI_4 + TINY,
                1 => -FRAC_PI_4 - TINY,
                2 => 3.0 * FRAC_PI_4 + TINY,
                _ => -3.0 * FRAC_PI_4 - TINY,
            }
        } else {
            match m {
                0 => 0.0,
                1 => -0.0,
                2 => PI + TINY,
                _ => -PI - TINY,
            }
        };
    }
    if y.is_infinite() {
        return if hy < 0 { -FRAC_PI_2 - TINY } else { FRAC_PI_2 + TINY };
    }
    // Compare the exponents to avoid computing a quotient that over- or underflows.
    let k = (iy - ix) >> 20;
    let mut m = m;
    let z = if k > 60 {
        m &= 1;
        FRAC_PI_2 + 0.5 * PI_LO
    } else if hx < 0 && k < -60 {
        0.0
    } else {
        atan((y / x).abs())
    };
    match m {
        0 => z,
        1 => -z,
        2 => PI - (z - PI_LO),
        _ => (z - PI_LO) - PI,
    }
}
