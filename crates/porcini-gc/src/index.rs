//! The block index: which blocks exist, and so which words are object addresses.
//!
//! The conservative root scan asks, for every word of the native stack, whether it is the address
//! of a live object. Almost all words are not, so the index first rejects words that are not
//! granule-aligned or that fall outside the address range spanned by the heap's blocks. The
//! remaining words are looked up by their block base (`word & !BLOCK_MASK`) in a hash set of the
//! live blocks; a hit leaves only the allocation bit of the word's granule to test.

use rustc_hash::FxHashSet;

use crate::block::{BLOCK_MASK, BLOCK_SIZE, Block, GRANULE};

/// The set of live blocks, with the address range they span.
#[derive(Default)]
pub(crate) struct BlockIndex {
    bases: FxHashSet<usize>,
    /// The lowest block base, or `usize::MAX` when there are none.
    low: usize,
    /// One past the highest address an object can start at.
    high: usize,
}

impl BlockIndex {
    /// An empty index.
    pub(crate) fn new() -> BlockIndex {
        BlockIndex {
            bases: FxHashSet::default(),
            low: usize::MAX,
            high: 0,
        }
    }

    /// Adds a live block.
    pub(crate) fn insert(&mut self, block: Block) {
        self.bases.insert(block.base());
        self.low = self.low.min(block.base());
        self.high = self.high.max(block.base() + BLOCK_SIZE);
    }

    /// Removes a block that is about to be released or pooled. The address range is recomputed by
    /// [`BlockIndex::recompute_range`] after a sweep rather than here.
    pub(crate) fn remove(&mut self, block: Block) {
        self.bases.remove(&block.base());
    }

    /// Shrinks the address range to the blocks that are left.
    pub(crate) fn recompute_range(&mut self) {
        self.low = self.bases.iter().copied().min().unwrap_or(usize::MAX);
        self.high = self
            .bases
            .iter()
            .copied()
            .max()
            .map_or(0, |base| base + BLOCK_SIZE);
    }

    /// The block holding the live object whose address is exactly `word`, if there is one.
    #[inline(always)]
    pub(crate) fn find(&self, word: usize) -> Option<Block> {
        if word & (GRANULE - 1) != 0 || word < self.low || word >= self.high {
            return None;
        }
        let base = word & !BLOCK_MASK;
        if !self.bases.contains(&base) {
            return None;
        }
        // SAFETY: `base` is in the index, so it is the start of a live block, and `word` lies in
        // that block's first BLOCK_SIZE bytes.
        let block = unsafe { Block::from_base(base) };
        block.holds_object(word).then_some(block)
    }
}
