//! A small arbitrary-precision unsigned integer, just big enough for exact
//! conversions between doubles and decimal digit strings.
//!
//! Every finite double is an integer times a power of two, so printing one
//! exactly or finding the double nearest to a decimal string only needs
//! multiplication by small numbers, shifts, comparison, subtraction and
//! division by a small number. This type provides exactly those operations;
//! it favours simplicity over speed because the callers take fast paths
//! whenever plain floating-point arithmetic is provably exact.

use std::cmp::Ordering;

/// An unsigned integer stored as little-endian 32-bit limbs.
///
/// The limb vector never ends in a zero limb, so zero is the empty vector and
/// two equal values always have equal representations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Big {
    limbs: Vec<u32>,
}

impl Big {
    /// The value `v`.
    pub fn from_u64(v: u64) -> Big {
        let mut b = Big { limbs: vec![v as u32, (v >> 32) as u32] };
        b.trim();
        b
    }

    /// Drops high zero limbs so the representation stays canonical.
    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of significant bits (0 for zero).
    pub fn bit_len(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => (self.limbs.len() as u64 - 1) * 32 + (32 - u64::from(top.leading_zeros())),
        }
    }

    /// Whether bit `i` (counting from the least significant bit) is set.
    pub fn bit(&self, i: u64) -> bool {
        let limb = (i / 32) as usize;
        self.limbs.get(limb).is_some_and(|&l| (l >> (i % 32)) & 1 == 1)
    }

    /// Whether any of the bits below position `n` is set.
    pub fn any_bits_below(&self, n: u64) -> bool {
        let full = (n / 32) as usize;
        if self.limbs.iter().take(full).any(|&l| l != 0) {
            return true;
        }
        let rest = n % 32;
        rest != 0 && self.limbs.get(full).is_some_and(|&l| l & ((1u32 << rest) - 1) != 0)
    }

    /// The bits from position `from` upward, as a u64 (higher bits dropped).
    pub fn bits_from(&self, from: u64) -> u64 {
        let mut out = 0u64;
        for i in 0..64 {
            if self.bit(from + i) {
                out |= 1 << i;
            }
        }
        out
    }

    /// Multiplies in place by a small factor.
    pub fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in self.limbs.iter_mut() {
            let t = u64::from(*limb) * u64::from(m) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    /// Adds a small number in place.
    pub fn add_small(&mut self, a: u32) {
        let mut carry = u64::from(a);
        for limb in self.limbs.iter_mut() {
            if carry == 0 {
                break;
            }
            let t = u64::from(*limb) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Multiplies in place by `5^k`, in chunks of `5^13` (the largest power
    /// of five that fits in a limb).
    pub fn mul_pow5(&mut self, mut k: u32) {
        const FIVE_13: u32 = 1_220_703_125;
        while k >= 13 {
            self.mul_small(FIVE_13);
            k -= 13;
        }
        if k > 0 {
            self.mul_small(5u32.pow(k));
        }
    }

    /// Multiplies in place by `10^k`: a power of five and a shift.
    pub fn mul_pow10(&mut self, k: u32) {
        self.mul_pow5(k);
        self.shl(u64::from(k));
    }

    /// Shifts left by `bits` in place.
    pub fn shl(&mut self, bits: u64) {
        if self.is_zero() || bits == 0 {
            return;
        }
        let limbs = (bits / 32) as usize;
        let rest = (bits % 32) as u32;
        if rest != 0 {
            let mut carry = 0u32;
            for limb in self.limbs.iter_mut() {
                let next = *limb >> (32 - rest);
                *limb = (*limb << rest) | carry;
                carry = next;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if limbs > 0 {
            let mut shifted = vec![0u32; limbs];
            shifted.append(&mut self.limbs);
            self.limbs = shifted;
        }
    }

    /// Adds another number in place.
    pub fn add(&mut self, other: &Big) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = 0u64;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0);
            let t = u64::from(*limb) + u64::from(o) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// Subtracts `other` in place. The callers only subtract smaller values;
    /// should that ever be violated the result wraps silently rather than
    /// aborting, because a wrong digit is better than a crashed runtime.
    pub fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0);
            let mut t = i64::from(*limb) - i64::from(o) - borrow;
            borrow = 0;
            if t < 0 {
                t += 1 << 32;
                borrow = 1;
            }
            *limb = t as u32;
        }
        self.trim();
    }

    /// Divides in place by a small nonzero divisor and returns the remainder.
    pub fn div_rem_small(&mut self, d: u32) -> u32 {
        if d == 0 {
            return 0;
        }
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*limb);
            *limb = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        self.trim();
        rem as u32
    }

    /// Replaces `self` by `self mod d` and returns `floor(self / d)`, for the
    /// case the caller knows the quotient is small (a single digit).
    pub fn div_rem_digit(&mut self, d: &Big) -> u32 {
        let mut q = 0;
        while !d.is_zero() && *self >= *d && q < u32::MAX {
            self.sub(d);
            q += 1;
        }
        q
    }

    /// The decimal digits of the value, most significant first, with no
    /// leading zeros (zero gives an empty vector). Each digit is 0..=9.
    pub fn to_decimal_digits(&self) -> Vec<u8> {
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.div_rem_small(1_000_000_000));
        }
        let mut out = Vec::with_capacity(chunks.len() * 9);
        for (i, chunk) in chunks.iter().rev().enumerate() {
            let mut buf = [0u8; 9];
            let mut c = *chunk;
            for slot in buf.iter_mut().rev() {
                *slot = (c % 10) as u8;
                c /= 10;
            }
            // The most significant chunk is printed without its leading zeros.
            let skip = if i == 0 { buf.iter().take_while(|&&d| d == 0).count() } else { 0 };
            out.extend_from_slice(buf.get(skip..).unwrap_or(&[]));
        }
        out
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(b: &Big) -> String {
        b.to_decimal_digits().iter().map(|d| char::from(b'0' + d)).collect()
    }

    #[test]
    fn arithmetic() {
        let mut b = Big::from_u64(1);
        b.mul_pow10(30);
        assert_eq!(digits(&b), format!("1{}", "0".repeat(30)));
        b.add_small(7);
        assert_eq!(digits(&b), format!("1{}7", "0".repeat(29)));
        let mut c = Big::from_u64(u64::MAX);
        c.shl(70);
        // 2^64-1 shifted by 70 bits has 134 bits.
        assert_eq!(c.bit_len(), 134);
        assert!(!c.any_bits_below(70));
        assert!(c.any_bits_below(71));
        let mut d = c.clone();
        d.sub(&Big::from_u64(1));
        assert!(d < c);
        assert_eq!(Big::from_u64(0).to_decimal_digits(), Vec::<u8>::new());
        let mut e = Big::from_u64(95);
        assert_eq!(e.div_rem_digit(&Big::from_u64(10)), 9);
        assert_eq!(e, Big::from_u64(5));
        assert_eq!(Big::from_u64(0x1234_5678_9abc_def0).bits_from(4), 0x0123_4567_89ab_cdef);
    }
}
