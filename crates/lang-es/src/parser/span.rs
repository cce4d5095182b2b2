//! Source ranges.
//!
//! Every syntax node records the bytes it was parsed from as a [`Span`]. Byte offsets are cheap
//! to carry around and to compare; the [`crate::parser::LineIndex`] turns them into the line and column
//! numbers that error messages and stack traces show.

/// A half-open range of byte offsets into the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// The range from `start` to `end`.
    pub fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The smallest range covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Whether `offset` lies inside the range.
    pub fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }
}
