//! The source of every choice the generator makes.
//!
//! The generator never draws random numbers itself; it asks an [`Entropy`] for each decision.
//! Two sources exist. [`SplitMix64`] is a seeded pseudo-random generator, so a seed names a
//! program and the same seed gives the same program on every machine. [`ByteReader`] reads the
//! choices from a byte slice, which lets a coverage-guided fuzzer drive the generator with its
//! own inputs; once the bytes run out every choice is the first one, which by the generator's
//! convention is the one that ends a list or skips an option, so short inputs give small programs.

/// A stream of choices.
pub trait Entropy {
    /// A number in `0..n`; 0 when `n` is 0.
    fn below(&mut self, n: u64) -> u64;

    /// True with probability `num / den`. An exhausted [`ByteReader`] answers false (the roll is
    /// 0), so options guarded by a chance are skipped once a fuzzer's bytes run out.
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) >= den.saturating_sub(num)
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    /// An index into a slice of length `len`; 0 for an empty slice.
    fn index(&mut self, len: usize) -> usize {
        // Slice lengths fit in `u64`, and the result is below `len`, so both conversions are exact.
        self.below(len as u64) as usize
    }

    /// One element of a non-empty slice.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T
    where
        Self: Sized,
    {
        &items[self.index(items.len())]
    }

    /// An index chosen with the given relative weights (0 for all-zero weights).
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let mut roll = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if roll < u64::from(w) {
                return i;
            }
            roll -= u64::from(w);
        }
        0
    }
}

/// Sebastiano Vigna's SplitMix64: one 64-bit state, one addition and a mixing function per
/// number. It is not cryptographic, which does not matter here; what matters is that it is tiny
/// and gives the same stream on every platform.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Entropy for SplitMix64 {
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Multiply-shift maps 64 random bits onto `0..n` with a bias below 2^-32 for the small
        // `n` the generator uses, without a division.
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Choices read from a byte slice, for fuzzers: each choice consumes as many bytes as `n` needs.
#[derive(Debug, Clone)]
pub struct ByteReader<'a> {
    bytes: &'a [u8],
}

impl<'a> ByteReader<'a> {
    /// A reader over `bytes`.
    pub fn new(bytes: &'a [u8]) -> ByteReader<'a> {
        ByteReader { bytes }
    }

    /// Whether every byte has been consumed (every later choice is 0).
    pub fn is_exhausted(&self) -> bool {
        self.bytes.is_empty()
    }
}

impl Entropy for ByteReader<'_> {
    fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        // Read just enough bytes to cover `n - 1`, so a choice between two options costs one
        // byte and the fuzzer's mutations stay local to the choices they hit.
        let mut value = 0u64;
        let mut span = n - 1;
        while span > 0 {
            let Some((&b, rest)) = self.bytes.split_first() else { break };
            self.bytes = rest;
            value = (value << 8) | u64::from(b);
            span >>= 8;
        }
        value % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_deterministic_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for n in 1..200 {
            let x = a.below(n);
            assert_eq!(x, b.below(n));
            assert!(x < n);
        }
    }

    #[test]
    fn byte_reader_yields_zero_when_exhausted() {
        let mut r = ByteReader::new(&[5, 1, 2]);
        assert_eq!(r.below(10), 5);
        assert_eq!(r.below(1000), 258);
        assert!(r.is_exhausted());
        assert_eq!(r.below(10), 0);
        assert!(!r.chance(1, 2));
        assert_eq!(r.weighted(&[0, 3, 1]), 1);
    }
}
