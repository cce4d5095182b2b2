//! The bit-level view of a double that fdlibm's algorithms are written in, and the constants
//! several of the `Math` functions share.
//!
//! fdlibm tests its branch thresholds on the high 32-bit word of a double (sign, exponent and
//! top 20 fraction bits) and builds intermediate values by setting or clearing whole words.
//! Giving node's results bit for bit means doing exactly the same, so these helpers are
//! fdlibm's `GET_HIGH_WORD`, `INSERT_WORDS` and the like; and the constants are written as bit
//! patterns, since the algorithms depend on their exact bits.

/// The high 32 bits of `x`'s representation (sign, exponent and top 20 fraction bits), signed,
/// so that a negative `x` gives a negative word.
#[inline]
pub(super) fn high(x: f64) -> i32 {
    (x.to_bits() >> 32) as u32 as i32
}

/// The low 32 bits of `x`'s representation (the rest of the fraction).
#[inline]
pub(super) fn low(x: f64) -> u32 {
    x.to_bits() as u32
}

/// The double whose representation is `hi` followed by `lo`.
#[inline]
pub(super) fn from_words(hi: u32, lo: u32) -> f64 {
    f64::from_bits((u64::from(hi) << 32) | u64::from(lo))
}

/// `x` with its high word replaced.
#[inline]
pub(super) fn with_high(x: f64, hi: u32) -> f64 {
    from_words(hi, low(x))
}

/// `x` with its low word cleared, keeping 21 significant bits, so that the product of two such
/// values is exact.
#[inline]
pub(super) fn head(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & 0xFFFF_FFFF_0000_0000)
}

/// A double from its bit pattern. The constants of these files are written this way: the bits
/// are what the algorithms depend on, and a bit pattern leaves no doubt about decimal-to-binary
/// rounding.
pub(super) const fn c(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// 1e300 and 1e-300: squaring them overflows or underflows on purpose.
pub(super) const HUGE: f64 = c(0x7E37E43C8800759C);
pub(super) const TINY: f64 = c(0x01A56E1FC2F8F359);
/// 2^54, scales a subnormal into the normal range.
pub(super) const TWO54: f64 = c(0x4350000000000000);
/// ln 2 split so that `k * LN2_HI` is exact for every exponent `k`.
pub(super) const LN2_HI: f64 = c(0x3FE62E42FEE00000);
pub(super) const LN2_LO: f64 = c(0x3DEA39EF35793C76);
/// ln 2 rounded.
pub(super) const LN2: f64 = c(0x3FE62E42FEFA39EF);
