//! `Math.sinh`, `Math.cosh`, `Math.tanh` and their inverses, bit for bit as node computes them.
//!
//! The forward functions are V8's own arrangements of exp and expm1 by magnitude (not
//! fdlibm's); the inverses are fdlibm's, through log and log1p. All of them go through the
//! node-exact functions of `exp_log`, so every intermediate result is V8's too.

use super::exp_log::{exp, expm1, log, log1p};
use super::words::{HUGE, LN2, TINY, c, high};

/// |x| above this overflows sinh and cosh.
const HYPERBOLIC_OVERFLOW: f64 = c(0x408633CE8FB9F87D);

/// `Math.sinh`, V8's own arrangement: through expm1 up to 22, exp(|x|)/2 up to ln(max), then
/// exp(|x|/2)²/2.
pub fn sinh(x: f64) -> f64 {
    const TWO_M28: f64 = c(0x3E30000000000000);
    const LOG_MAXD: f64 = c(0x40862E4200000000);
    const SHUGE: f64 = c(0x7FAC7B1F3CAC7433);
    let h = if x < 0.0 { -0.5 } else { 0.5 };
    let ax = x.abs();
    if ax < 22.0 {
        if ax < TWO_M28 {
            return x;
        }
        let t = expm1(ax);
        if ax < 1.0 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ax < LOG_MAXD {
        return h * exp(ax);
    }
    if ax <= HYPERBOLIC_OVERFLOW {
        let w = exp(0.5 * ax);
        let t = h * w;
        return t * w;
    }
    // Overflow, or NaN.
    x * SHUGE
}

/// `Math.cosh`, V8's own arrangement: 1 + expm1(|x|)²/(2·exp(|x|)) below ln2/2, the mean of
/// exp(|x|) and its inverse up to 22, then exp(|x|)/2 and exp(|x|/2)²/2.
pub fn cosh(x: f64) -> f64 {
    let ix = high(x) & 0x7FFF_FFFF;
    let ax = x.abs();
    if ix < 0x3FD6_2E43 {
        let t = expm1(ax);
        let w = 1.0 + t;
        if ix < 0x3C80_0000 {
            return w;
        }
        return 1.0 + (t * t) / (w + w);
    }
    if ix < 0x4036_0000 {
        let t = exp(ax);
        return 0.5 * t + 0.5 / t;
    }
    if ix < 0x4086_2E42 {
        return 0.5 * exp(ax);
    }
    if ax <= HYPERBOLIC_OVERFLOW {
        let w = exp(0.5 * ax);
        let t = 0.5 * w;
        return t * w;
    }
    if ix >= 0x7FF0_0000 {
        return x * x;
    }
    HUGE * HUGE
}

/// `Math.tanh`: through expm1 of ±2|x|, and ±1 from 22 on.
pub fn tanh(x: f64) -> f64 {
    let jx = high(x);
    let ix = jx & 0x7FFF_FFFF;
    if ix >= 0x7FF0_0000 {
        // ±1 for ±Infinity, NaN for NaN.
        return if jx >= 0 { 1.0 / x + 1.0 } else { 1.0 / x - 1.0 };
    }
    let z = if ix < 0x4036_0000 {
        if ix < 0x3E30_0000 {
            return x;
        }
        if ix >= 0x3FF0_0000 {
            let t = expm1(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = expm1(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0 - TINY
    };
    if jx >= 0 { z } else { -z }
}

/// `Math.asinh`: sign(x)·log(|x| + √(x² + 1)), rearranged by magnitude.
pub fn asinh(x: f64) -> f64 {
    let hx = high(x);
    let ix = hx & 0x7FFF_FFFF;
    if ix >= 0x7FF0_0000 {
        return x + x;
    }
    if ix < 0x3E30_0000 {
        return x;
    }
    let ax = x.abs();
    let w = if ix > 0x41B0_0000 {
        log(ax) + LN2
    } else if ix > 0x4000_0000 {
        log(2.0 * ax + 1.0 / ((x * x + 1.0).sqrt() + ax))
    } else {
        let t = x * x;
        log1p(ax + t / (1.0 + (1.0 + t).sqrt()))
    };
    if hx > 0 { w } else { -w }
}

/// `Math.acosh`: log(x + √(x² - 1)), rearranged by magnitude.
pub fn acosh(x: f64) -> f64 {
    let hx = high(x);
    if hx < 0x3FF0_0000 {
        return f64::NAN;
    }
    if hx >= 0x41B0_0000 {
        return if hx >= 0x7FF0_0000 { x + x } else { log(x) + LN2 };
    }
    if x == 1.0 {
        return 0.0;
    }
    if hx > 0x4000_0000 {
        let t = x * x;
        return log(2.0 * x - 1.0 / (x + (t - 1.0).sqrt()));
    }
    let t = x - 1.0;
    log1p(t + (2.0 * t + t * t).sqrt())
}

/// `Math.atanh`: ½·log1p(2x/(1 - x)), arranged two ways around ½.
pub fn atanh(x: f64) -> f64 {
    let hx = high(x);
    let ix = hx & 0x7FFF_FFFF;
    let ax = x.abs();
    if ax.is_nan() || ax > 1.0 {
        return f64::NAN;
    }
    if ax == 1.0 {
        return if x > 0.0 { f64::INFINITY } else { f64::NEG_INFINITY };
    }
    if ix < 0x3E30_0000 {
        return x;
    }
    let t = if ix < 0x3FE0_0000 {
        let t = ax + ax;
        0.5 * log1p(t + t * ax / (1.0 - ax))
    } else {
        0.5 * log1p((ax + ax) / (1.0 - ax))
    };
    if hx >= 0 { t } else { -t }
}
