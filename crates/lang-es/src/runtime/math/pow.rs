//! `**` and `Math.pow`, bit for bit as node computes them: V8's copy of fdlibm's `pow`, so that
//! `10 ** -4` is `0.00009999999999999999` as in node rather than the correctly rounded `0.0001`
//! that the platform's `powf` gives.
//!
//! The base's log2 is computed in extra precision (a head with a short fraction plus a tail),
//! multiplied by the exponent split the same way, and 2 is raised to the product through the
//! rational approximation of exp and a scaling by its integer part. JavaScript's two departures
//! from C's `pow` (a NaN exponent, and ±1 to an infinite power) are handled in front.

use super::words::{HUGE, LN2, TINY, c, from_words, head, high, low, with_high};

/// JavaScript's `x ** y` and `Math.pow(x, y)`.
///
/// Apart from the two cases where the language departs from C's `pow` — a NaN exponent is always
/// NaN (even for a base of 1) and `(±1) ** ±Infinity` is NaN — this is fdlibm's `pow`: log2 of
/// the base in extra precision, times the exponent in extra precision, then 2 to that power.
pub fn pow(x: f64, y: f64) -> f64 {
    if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
        return f64::NAN;
    }
    fdlibm_pow(x, y)
}

/// Whether a finite exponent is an integer, and if so whether it is odd (which keeps a negative
/// base's sign). Every double of magnitude 2^53 or more is an even integer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parity {
    NotInteger,
    Odd,
    Even,
}

fn parity(y: f64) -> Parity {
    let a = y.abs();
    if a >= 9007199254740992.0 {
        Parity::Even
    } else if a.trunc() != a {
        Parity::NotInteger
    } else if (a as u64) & 1 == 1 {
        Parity::Odd
    } else {
        Parity::Even
    }
}

fn fdlibm_pow(x: f64, y: f64) -> f64 {
    // 1 and 1.5, the two centres the base's fraction is measured from.
    const BP: [f64; 2] = [1.0, 1.5];
    // log2(1.5) in two parts.
    const DP_H: [f64; 2] = [0.0, c(0x3FE2B80340000000)];
    const DP_L: [f64; 2] = [0.0, c(0x3E4CFDEB43CFD006)];
    const TWO53: f64 = c(0x4340000000000000);
    // Polynomial for (3/2)(ln x - 2s - (2/3)s^3) in s^2.
    const L1: f64 = c(0x3FE3333333333303);
    const L2: f64 = c(0x3FDB6DB6DB6FABFF);
    const L3: f64 = c(0x3FD55555518F264D);
    const L4: f64 = c(0x3FD17460A91D4101);
    const L5: f64 = c(0x3FCD864A93C9DB65);
    const L6: f64 = c(0x3FCA7E284A454EEF);
    // The same rational approximation of exp as `exp` uses.
    const P1: f64 = c(0x3FC555555555553E);
    const P2: f64 = c(0xBF66C16C16BEBD93);
    const P3: f64 = c(0x3F11566AAF25DE2C);
    const P4: f64 = c(0xBEBBBD41C5D26BF1);
    const P5: f64 = c(0x3E66376972BEA4D0);
    // ln 2 with a short head.
    const LG2_H: f64 = c(0x3FE62E4300000000);
    const LG2_L: f64 = c(0xBE205C610CA86C39);
    // How far past 1024 the rounded result may still be finite: -(1024 - log2(max + ulp/2)).
    const OVT: f64 = c(0x3C971547652B82FE);
    // 2/(3 ln 2), whole and split.
    const CP: f64 = c(0x3FEEC709DC3A03FD);
    const CP_H: f64 = c(0x3FEEC709E0000000);
    const CP_L: f64 = c(0xBE3E2FE0145B01F5);
    // 1/ln 2, whole and split.
    const IVLN2: f64 = c(0x3FF71547652B82FE);
    const IVLN2_H: f64 = c(0x3FF7154760000000);
    const IVLN2_L: f64 = c(0x3E54AE0BF85DDF44);

    let (hx, lx) = (high(x), low(x));
    let hy = high(y);
    let ix = hx & 0x7FFF_FFFF;
    let iy = hy & 0x7FFF_FFFF;

    if y == 0.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    // Only consulted for a negative base.
    let yparity = if hx < 0 { parity(y) } else { Parity::NotInteger };

    // Exponents with a shortcut.
    if y.is_infinite() {
        let ax = x.abs();
        return if ax == 1.0 {
            f64::NAN
        } else if ax > 1.0 {
            if hy >= 0 { y } else { 0.0 }
        } else if hy < 0 {
            -y
        } else {
            0.0
        };
    }
    if y == 1.0 {
        return x;
    }
    if y == -1.0 {
        return 1.0 / x;
    }
    if y == 2.0 {
        return x * x;
    }
    if y == 0.5 && hx >= 0 {
        return x.sqrt();
    }

    let mut ax = x.abs();
    // Bases with a shortcut: ±0, ±Infinity, ±1.
    if lx == 0 && (ix == 0x7FF0_0000 || ix == 0 || ix == 0x3FF0_0000) {
        let mut z = if hy < 0 { 1.0 / ax } else { ax };
        if hx < 0 {
            if ix == 0x3FF0_0000 && yparity == Parity::NotInteger {
                z = f64::NAN;
            } else if yparity == Parity::Odd {
                z = -z;
            }
        }
        return z;
    }

    // A negative base needs an integer exponent; an odd one makes the result negative.
    let sign = if hx < 0 {
        match yparity {
            Parity::NotInteger => return f64::NAN,
            Parity::Odd => -1.0,
            Parity::Even => 1.0,
        }
    } else {
        1.0
    };

    // log2(|x|) as t1 + t2, t1 with a short fraction.
    let (t1, t2);
    if iy > 0x41E0_0000 {
        // |y| above about 2^31: the result over- or underflows unless |x| is very near 1.
        if iy > 0x43F0_0000 {
            if ix <= 0x3FEF_FFFF {
                return if hy < 0 { HUGE * HUGE } else { TINY * TINY };
            }
            if ix >= 0x3FF0_0000 {
                return if hy > 0 { HUGE * HUGE } else { TINY * TINY };
            }
        }
        if ix < 0x3FEF_FFFF {
            return if hy < 0 { sign * HUGE * HUGE } else { sign * TINY * TINY };
        }
        if ix > 0x3FF0_0000 {
            return if hy > 0 { sign * HUGE * HUGE } else { sign * TINY * TINY };
        }
        // |x - 1| < 2^-20: the first terms of the series of log(1 + t) are enough.
        let t = ax - 1.0;
        let w = (t * t) * (0.5 - t * (c(0x3FD5555555555555) - t * 0.25));
        let u = IVLN2_H * t;
        let v = t * IVLN2_L - w * IVLN2;
        t1 = head(u + v);
        t2 = v - (t1 - u);
    } else {
        let mut n: i32 = 0;
        let mut ix = ix;
        if ix < 0x0010_0000 {
            ax *= TWO53;
            n -= 53;
            ix = high(ax);
        }
        n += (ix >> 20) - 0x3FF;
        let j = ix & 0x000F_FFFF;
        // Normalize the fraction into [1, 2) and pick the nearer centre, 1 or 1.5; past
        // sqrt(3) the fraction is halved instead.
        ix = j | 0x3FF0_0000;
        let k = if j <= 0x3988E {
            0
        } else if j < 0xBB67A {
            1
        } else {
            n += 1;
            ix -= 0x0010_0000;
            0
        };
        ax = with_high(ax, ix as u32);

        // ss = (ax - bp) / (ax + bp) as s_h + s_l.
        let u = ax - BP[k];
        let v = 1.0 / (ax + BP[k]);
        let ss = u * v;
        let s_h = head(ss);
        // ax + bp with a short fraction, and what it leaves out.
        let t_h = from_words((((ix >> 1) | 0x2000_0000) + 0x0008_0000 + ((k as i32) << 18)) as u32, 0);
        let t_l = ax - (t_h - BP[k]);
        let s_l = v * ((u - s_h * t_h) - s_h * t_l);
        // log(ax) = 2ss + (2/3)ss^3 + ss^5·R.
        let mut s2 = ss * ss;
        let mut r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        let t_h = head(3.0 + s2 + r);
        let t_l = r - ((t_h - 3.0) - s2);
        let u = s_h * t_h;
        let v = s_l * t_h + t_l * ss;
        // Times 2/(3 ln 2), plus log2 of the centre and the exponent.
        let p_h = head(u + v);
        let p_l = v - (p_h - u);
        let z_h = CP_H * p_h;
        let z_l = CP_L * p_h + p_l * CP + DP_L[k];
        let t = f64::from(n);
        t1 = head(((z_h + z_l) + DP_H[k]) + t);
        t2 = z_l - (((t1 - t) - DP_H[k]) - z_h);
    }

    // y · log2|x| as p_h + p_l, with y split the same way.
    let y1 = head(y);
    let p_l = (y - y1) * t1 + y * t2;
    let mut p_h = y1 * t1;
    let z = p_l + p_h;
    let (j, i) = (high(z), low(z));
    if j >= 0x4090_0000 {
        // z >= 1024
        if j != 0x4090_0000 || i != 0 || p_l + OVT > z - p_h {
            return sign * HUGE * HUGE;
        }
    } else if (j & 0x7FFF_FFFF) >= 0x4090_CC00 {
        // z <= -1075
        if j as u32 != 0xC090_CC00 || i != 0 || p_l <= z - p_h {
            return sign * TINY * TINY;
        }
    }

    // 2^z: split off the nearest integer n, leaving |p_h + p_l| <= 1/2.
    let i = j & 0x7FFF_FFFF;
    let mut k = (i >> 20) - 0x3FF;
    let mut n: i32 = 0;
    if i > 0x3FE0_0000 {
        n = j.wrapping_add(0x0010_0000 >> (k + 1));
        k = ((n & 0x7FFF_FFFF) >> 20) - 0x3FF;
        let t = from_words((n & !(0x000F_FFFF >> k)) as u32, 0);
        n = ((n & 0x000F_FFFF) | 0x0010_0000) >> (20 - k);
        if j < 0 {
            n = -n;
        }
        p_h -= t;
    }
    let t = head(p_l + p_h);
    let u = t * LG2_H;
    let v = (p_l - (t - p_h)) * LN2 + t * LG2_L;
    let mut z = u + v;
    let w = v - (z - u);
    let t = z * z;
    let t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    let r = (z * t1) / ((t1 - 2.0) - (w + z * w));
    z = 1.0 - (r - z);
    // Scale by 2^n, through the exponent field unless the result is subnormal.
    let j = high(z).wrapping_add(((n as u32) << 20) as i32);
    if (j >> 20) <= 0 {
        z = libm::scalbn(z, n);
    } else {
        z = with_high(z, j as u32);
    }
    sign * z
}
