//! Argument reduction for the trigonometric functions: x - n·π/2 as a head and a tail, with the
//! quadrant n, computed exactly as V8's fdlibm (`__ieee754_rem_pio2`, `__kernel_rem_pio2`)
//! does, since the last bits of node's sin, cos and tan depend on that tail.
//!
//! Arguments up to 2^19·π/2 subtract n·π/2 in as many 33-bit pieces as the cancellation needs;
//! larger ones multiply 24-bit chunks of the argument by as many bits of 2/π as matter
//! (Payne–Hanek). msun, and so the `libm` crate, revised this reduction after V8 took its copy,
//! so it is written out here.

use super::words::{c, from_words, high, low};

/// `x` reduced by the nearest multiple n·π/2: `(n, y0, y1)` with x - n·π/2 = y0 + y1 and
/// |y0| <= π/4 or so.
pub(super) fn rem_pio2(x: f64) -> (i32, f64, f64) {
    // 2/π to 53 bits.
    const INVPIO2: f64 = c(0x3FE45F306DC9C883);
    // π/2 in three 33-bit pieces, each with the remainder after it.
    const PIO2_1: f64 = c(0x3FF921FB54400000);
    const PIO2_1T: f64 = c(0x3DD0B4611A626331);
    const PIO2_2: f64 = c(0x3DD0B4611A600000);
    const PIO2_2T: f64 = c(0x3BA3198A2E037073);
    const PIO2_3: f64 = c(0x3BA3198A2E000000);
    const PIO2_3T: f64 = c(0x397B839A252049C1);
    const TWO24: f64 = c(0x4170000000000000);
    // The high words of n·π/2 for n = 1..=32: arguments that share one may cancel badly.
    const NPIO2_HW: [i32; 32] = [
        0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB, 0x402921FB, 0x402C463A,
        0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
        0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C, 0x4043A28C, 0x40446B9C, 0x404534AC,
        0x4045FDBB, 0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB,
    ];

    let hx = high(x);
    let ix = hx & 0x7FFF_FFFF;
    if ix <= 0x3FE9_21FB {
        return (0, x, 0.0);
    }
    if ix < 0x4002_D97C {
        // |x| < 3π/4: n is ±1. Next to π/2 itself a second piece of π/2 is needed.
        let near = ix == 0x3FF9_21FB;
        if hx > 0 {
            let mut z = x - PIO2_1;
            let tail = if near {
                z -= PIO2_2;
                PIO2_2T
            } else {
                PIO2_1T
            };
            let y0 = z - tail;
            return (1, y0, (z - y0) - tail);
        }
        let mut z = x + PIO2_1;
        let tail = if near {
            z += PIO2_2;
            PIO2_2T
        } else {
            PIO2_1T
        };
        let y0 = z + tail;
        return (-1, y0, (z - y0) + tail);
    }
    if ix <= 0x4139_21FB {
        // |x| up to 2^19·π/2: subtract n·π/2 in as many pieces as the cancellation needs.
        let t = x.abs();
        let n = (t * INVPIO2 + 0.5) as i32;
        let fnv = f64::from(n);
        let mut r = t - fnv * PIO2_1;
        let mut w = fnv * PIO2_1T;
        let mut y0 = r - w;
        // Cancellation is only possible when x is close to n·π/2, which for small n shows in the
        // high word.
        if n >= 32 || ix == NPIO2_HW[(n - 1) as usize] {
            let j = ix >> 20;
            let lost = |v: f64| j - ((high(v) >> 20) & 0x7FF);
            if lost(y0) > 16 {
                let t = r;
                w = fnv * PIO2_2;
                r = t - w;
                w = fnv * PIO2_2T - ((t - r) - w);
                y0 = r - w;
                if lost(y0) > 49 {
                    let t = r;
                    w = fnv * PIO2_3;
                    r = t - w;
                    w = fnv * PIO2_3T - ((t - r) - w);
                    y0 = r - w;
                }
            }
        }
        let y1 = (r - y0) - w;
        return if hx < 0 { (-n, -y0, -y1) } else { (n, y0, y1) };
    }
    if ix >= 0x7FF0_0000 {
        return (0, f64::NAN, f64::NAN);
    }
    // Large arguments: |x| as three 24-bit integer chunks times 2^e0, multiplied by as many
    // bits of 2/π as matter.
    let e0 = (ix >> 20) - 1046;
    let mut z = from_words((ix - (e0 << 20)) as u32, low(x));
    let mut tx = [0.0; 3];
    for chunk in tx.iter_mut().take(2) {
        *chunk = f64::from(z as i32);
        z = (z - *chunk) * TWO24;
    }
    tx[2] = z;
    let mut nx = 3;
    while tx[nx - 1] == 0.0 {
        nx -= 1;
    }
    let (n, y0, y1) = rem_pio2_large(&tx[..nx], e0);
    if hx < 0 { (-n, -y0, -y1) } else { (n, y0, y1) }
}

/// The Payne–Hanek style reduction of fdlibm for huge arguments, at the "64-bit" precision V8
/// asks for: `x` holds 24-bit integer chunks of the argument scaled by 2^-e0. Returns the
/// quadrant (mod 8) and the remainder as y0 + y1.
fn rem_pio2_large(x: &[f64], e0: i32) -> (i32, f64, f64) {
    // 2/π in 24-bit chunks.
    const IPIO2: [i32; 66] = [
        0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7,
        0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C,
        0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11,
        0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7,
        0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E,
        0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
    ];
    // π/2 in 24-bit pieces.
    const PIO2: [f64; 8] = [
        c(0x3FF921FB40000000),
        c(0x3E74442D00000000),
        c(0x3CF8469880000000),
        c(0x3B78CC5160000000),
        c(0x39F01B8380000000),
        c(0x387A252040000000),
        c(0x36E3822280000000),
        c(0x3569F31D00000000),
    ];
    const TWO24: f64 = c(0x4170000000000000);
    const TWON24: f64 = c(0x3E70000000000000);
    // Terms of 2/π used at first (jk + 1) and pieces of π/2 used (jp + 1).
    const JK: usize = 4;
    const JP: usize = JK;

    let jx = x.len() - 1;
    let jv = ((e0 - 3) / 24).max(0);
    let mut q0 = e0 - 24 * (jv + 1);
    let jv = jv as usize;

    let mut f = [0.0f64; 20];
    let mut q = [0.0f64; 20];
    let mut fq = [0.0f64; 20];
    let mut iq = [0i32; 20];

    // f[i] = ipio2[jv - jx + i], zero before the table's start.
    for (i, fi) in f.iter_mut().enumerate().take(jx + JK + 1) {
        let j = (jv + i) as isize - jx as isize;
        *fi = if j < 0 { 0.0 } else { f64::from(IPIO2[j as usize]) };
    }
    let product = |f: &[f64; 20], i: usize| {
        let mut fw = 0.0;
        for (j, xj) in x.iter().enumerate() {
            fw += xj * f[jx + i - j];
        }
        fw
    };
    for (i, qi) in q.iter_mut().enumerate().take(JK + 1) {
        *qi = product(&f, i);
    }

    let mut jz = JK;
    let (mut n, mut z, mut ih);
    loop {
        // Split q[] into 24-bit integers, most significant last.
        z = q[jz];
        for (i, j) in (1..=jz).rev().enumerate() {
            let fw = f64::from((TWON24 * z) as i32);
            iq[i] = (z - TWO24 * fw) as i32;
            z = q[j - 1] + fw;
        }
        // The integer part mod 8 is the quadrant.
        z = libm::scalbn(z, q0);
        z -= 8.0 * (z * 0.125).floor();
        n = z as i32;
        z -= f64::from(n);
        ih = 0;
        if q0 > 0 {
            let i = iq[jz - 1] >> (24 - q0);
            n += i;
            iq[jz - 1] -= i << (24 - q0);
            ih = iq[jz - 1] >> (23 - q0);
        } else if q0 == 0 {
            ih = iq[jz - 1] >> 23;
        } else if z >= 0.5 {
            ih = 2;
        }
        if ih > 0 {
            // The fraction is at least 1/2: take 1 - fraction and round n up.
            n += 1;
            let mut carry = false;
            for v in iq.iter_mut().take(jz) {
                if carry {
                    *v = 0xFFFFFF - *v;
                } else if *v != 0 {
                    carry = true;
                    *v = 0x1000000 - *v;
                }
            }
            match q0 {
                1 => iq[jz - 1] &= 0x7FFFFF,
                2 => iq[jz - 1] &= 0x3FFFFF,
                _ => {}
            }
            if ih == 2 {
                z = 1.0 - z;
                if carry {
                    z -= libm::scalbn(1.0, q0);
                }
            }
        }
        // Total cancellation so far: bring in more terms of 2/π and start over.
        if z == 0.0 && iq[JK..jz].iter().fold(0, |a, &v| a | v) == 0 {
            let mut k = 1;
            while k <= JK && iq[JK - k] == 0 {
                k += 1;
            }
            for i in jz + 1..=jz + k {
                f[jx + i] = f64::from(IPIO2[jv + i]);
                q[i] = product(&f, i);
            }
            jz += k;
            continue;
        }
        break;
    }

    // Drop zero chunks, or split the last one if it grew past 24 bits.
    if z == 0.0 {
        jz -= 1;
        q0 -= 24;
        while iq[jz] == 0 {
            jz -= 1;
            q0 -= 24;
        }
    } else {
        z = libm::scalbn(z, -q0);
        if z >= TWO24 {
            let fw = f64::from((TWON24 * z) as i32);
            iq[jz] = (z - TWO24 * fw) as i32;
            jz += 1;
            q0 += 24;
            iq[jz] = fw as i32;
        } else {
            iq[jz] = z as i32;
        }
    }

    // Back to doubles, then times π/2.
    let mut fw = libm::scalbn(1.0, q0);
    for i in (0..=jz).rev() {
        q[i] = fw * f64::from(iq[i]);
        fw *= TWON24;
    }
    for i in (0..=jz).rev() {
        let mut fw = 0.0;
        let mut k = 0;
        while k <= JP && k <= jz - i {
            fw += PIO2[k] * q[i + k];
            k += 1;
        }
        fq[jz - i] = fw;
    }

    // Sum into a head and a tail.
    let mut fw = 0.0;
    for v in fq[..=jz].iter().rev() {
        fw += v;
    }
    let y0 = if ih == 0 { fw } else { -fw };
    let mut fw = fq[0] - fw;
    for v in &fq[1..=jz] {
        fw += v;
    }
    let y1 = if ih == 0 { fw } else { -fw };
    (n & 7, y0, y1)
}
