//! Regions: the memory small blocks are cut from.
//!
//! The heap takes its 64 KiB small blocks from 2 MiB regions that it maps from the system itself,
//! aligned to 2 MiB, instead of asking the allocator for each block. The first write to a fresh
//! 4 KiB page traps into the kernel, and on the machines porcini runs on (containers with memory
//! accounting) such a fault costs a few microseconds: a program that allocates quickly spent more
//! time faulting in its heap than running until the heap reached its working size (building a
//! 100,000-character string took 2,600 faults, and twice the time of the same loop once the
//! heap's memory was reused). A region aligned to 2 MiB can be backed by one transparent huge
//! page, one fault for 32 blocks, so on Linux each region asks the kernel for that with
//! `madvise(MADV_HUGEPAGE)`. The advice is only advice: where transparent huge pages are off,
//! a region behaves as any other mapping.
//!
//! A block given back while others of its region are in use returns its pages to the system
//! (`MADV_DONTNEED`, which splits the huge page) and is handed out again before fresh ones; a
//! region whose blocks are all back is unmapped. Blocks go back only when the heap's pool of
//! empty blocks is full, so this is the path of a shrinking heap, not of steady allocation.

use std::ptr::NonNull;

use rustc_hash::FxHashMap;

use crate::block::BLOCK_SIZE;

/// The size and alignment of a region: the size of an x86_64 or aarch64 (4 KiB granule)
/// transparent huge page.
pub(crate) const REGION_SIZE: usize = 2 << 20;
const REGION_MASK: usize = REGION_SIZE - 1;
const BLOCKS_PER_REGION: usize = REGION_SIZE / BLOCK_SIZE;

/// The regions of one heap and their free blocks.
pub(crate) struct Regions {
    /// Each mapped region's base address, with the number of its blocks handed out.
    in_use: FxHashMap<usize, usize>,
    /// Blocks of mapped regions that are not handed out: given-back ones are pushed last, so
    /// they are reused first, and a new region's blocks are taken in address order.
    free: Vec<NonNull<u8>>,
}

impl Regions {
    /// No regions yet.
    pub(crate) fn new() -> Regions {
        Regions { in_use: FxHashMap::default(), free: Vec::new() }
    }

    /// A block's worth of memory, aligned to `BLOCK_SIZE`, with its provenance exposed.
    pub(crate) fn take(&mut self) -> NonNull<u8> {
        let block = match self.free.pop() {
            Some(block) => block,
            None => self.map_region(),
        };
        *self.in_use.get_mut(&region_of(block)).expect("a free block lies in a mapped region") += 1;
        block
    }

    /// Maps a new region and returns its first block, keeping the others free.
    #[cold]
    fn map_region(&mut self) -> NonNull<u8> {
        let base = os::map(REGION_SIZE);
        let _ = base.as_ptr().expose_provenance();
        self.in_use.insert(base.as_ptr() as usize, 0);
        self.free.extend((1..BLOCKS_PER_REGION).rev().map(|i| {
            // SAFETY: every offset is below REGION_SIZE, inside the new mapping.
            unsafe { base.add(i * BLOCK_SIZE) }
        }));
        base
    }

    /// Takes back a block from [`Regions::take`], unmapping its region if none of its blocks
    /// remains in use, or else returning the block's pages to the system.
    ///
    /// # Safety
    /// Nothing may use the block's memory afterwards.
    pub(crate) unsafe fn give_back(&mut self, block: NonNull<u8>) {
        let region = region_of(block);
        let count = self.in_use.get_mut(&region).expect("a block given back lies in a mapped region");
        *count -= 1;
        if *count > 0 {
            // SAFETY: the block lies in a live mapping and the caller guarantees that nothing
            // uses it; dropping its pages leaves the mapping in place, reading as zeroes.
            unsafe { os::discard(block, BLOCK_SIZE) };
            self.free.push(block);
            return;
        }
        self.in_use.remove(&region);
        self.free.retain(|free| region_of(*free) != region);
        // SAFETY: none of the region's blocks is handed out any more, and their entries in the
        // free list were just removed, so nothing refers to the mapping.
        unsafe { os::unmap(block.with_addr(std::num::NonZeroUsize::new(region).expect("regions are not at 0")), REGION_SIZE) };
    }
}

impl Drop for Regions {
    /// Unmaps every region: the heap drops its objects before its regions, and keeps no block
    /// handle afterwards.
    fn drop(&mut self) {
        for &region in self.in_use.keys() {
            let base = NonNull::new(std::ptr::with_exposed_provenance_mut::<u8>(region)).expect("regions are not at 0");
            // SAFETY: the region was mapped by `os::map` with this size, and the heap that owns
            // these regions is being dropped, so nothing uses its memory.
            unsafe { os::unmap(base, REGION_SIZE) };
        }
    }
}

/// The base address of the region holding `block`.
fn region_of(block: NonNull<u8>) -> usize {
    block.as_ptr() as usize & !REGION_MASK
}

/// Mapping memory from the operating system.
#[cfg(unix)]
mod os {
    use std::alloc::{Layout, handle_alloc_error};
    use std::ptr::{self, NonNull};

    /// Maps `size` bytes of zeroed memory aligned to `size` (a power of two), and on Linux asks
    /// for transparent huge pages for it.
    pub(super) fn map(size: usize) -> NonNull<u8> {
        // Mapping twice the size and trimming both ends is the portable way to an aligned
        // mapping: mmap aligns only to the page size.
        let len = 2 * size;
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing touches no
        // existing memory.
        let raw = unsafe {
            libc::mmap(ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0)
        };
        if raw == libc::MAP_FAILED {
            handle_alloc_error(Layout::from_size_align(size, size).expect("a power-of-two region size"))
        }
        let start = raw as usize;
        let head = start.next_multiple_of(size) - start;
        let tail = len - head - size;
        // SAFETY: `head + size <= len`, so the aligned range lies inside the new mapping.
        let base = unsafe { raw.cast::<u8>().add(head) };
        // SAFETY: both trimmed ranges are parts of the new mapping that nothing refers to; a
        // failed unmap would only leave address space mapped, so its result is not needed.
        unsafe {
            if head > 0 {
                libc::munmap(raw, head);
            }
            if tail > 0 {
                libc::munmap(base.add(size).cast(), tail);
            }
        }
        #[cfg(target_os = "linux")]
        // SAFETY: the advice concerns only the new mapping; it changes how the kernel backs the
        // memory, not its contents, and a kernel without huge pages refuses it harmlessly.
        unsafe {
            libc::madvise(base.cast(), size, libc::MADV_HUGEPAGE);
        }
        NonNull::new(base).expect("mmap does not map address 0")
    }

    /// Returns the pages of `size` bytes at `at` to the system; the memory stays mapped, and
    /// reads as zeroes afterwards.
    ///
    /// # Safety
    /// The range must lie in a mapping from [`map`] that nothing uses.
    pub(super) unsafe fn discard(at: NonNull<u8>, size: usize) {
        // SAFETY: the caller guarantees the range is mapped and unused; MADV_DONTNEED on private
        // anonymous memory only drops its pages.
        unsafe { libc::madvise(at.as_ptr().cast(), size, libc::MADV_DONTNEED) };
    }

    /// Unmaps a mapping from [`map`].
    ///
    /// # Safety
    /// `at` and `size` must be those of a mapping from [`map`] that nothing uses any more.
    pub(super) unsafe fn unmap(at: NonNull<u8>, size: usize) {
        // SAFETY: guaranteed by the caller.
        unsafe { libc::munmap(at.as_ptr().cast(), size) };
    }
}

/// Elsewhere regions come from the global allocator, without huge pages.
#[cfg(not(unix))]
mod os {
    use std::alloc::{Layout, alloc_zeroed, dealloc, handle_alloc_error};
    use std::ptr::NonNull;

    fn layout(size: usize) -> Layout {
        Layout::from_size_align(size, size).expect("a power-of-two region size")
    }

    /// Allocates `size` bytes of zeroed memory aligned to `size` (a power of two).
    pub(super) fn map(size: usize) -> NonNull<u8> {
        // SAFETY: the layout's size is not zero.
        NonNull::new(unsafe { alloc_zeroed(layout(size)) }).unwrap_or_else(|| handle_alloc_error(layout(size)))
    }

    /// Keeps the pages (and their contents): the global allocator cannot drop part of an
    /// allocation's pages.
    ///
    /// # Safety
    /// The range must lie in a region from [`map`] that nothing uses.
    pub(super) unsafe fn discard(_at: NonNull<u8>, _size: usize) {}

    /// Frees memory from [`map`].
    ///
    /// # Safety
    /// `at` and `size` must be those of a region from [`map`] that nothing uses any more.
    pub(super) unsafe fn unmap(at: NonNull<u8>, size: usize) {
        // SAFETY: guaranteed by the caller.
        unsafe { dealloc(at.as_ptr(), layout(size)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_reused_first_and_regions_unmapped_when_empty() {
        let mut regions = Regions::new();
        let blocks: Vec<_> = (0..BLOCKS_PER_REGION + 1).map(|_| regions.take()).collect();
        for pair in blocks.windows(2).take(BLOCKS_PER_REGION - 1) {
            assert_eq!(pair[1].as_ptr() as usize - pair[0].as_ptr() as usize, BLOCK_SIZE, "a region is cut in address order");
        }
        assert!(blocks.iter().all(|b| (b.as_ptr() as usize).is_multiple_of(BLOCK_SIZE)));
        assert_eq!(regions.in_use.len(), 2, "the 33rd block opens a second region");
        // A block given back is the next one taken; on unix its pages went back to the system,
        // so it reads as zeroes again.
        // SAFETY: the block is handed out and nothing else uses it.
        unsafe {
            assert_eq!(blocks[3].as_ptr().read(), 0);
            blocks[3].as_ptr().write(7);
            regions.give_back(blocks[3]);
        }
        let again = regions.take();
        assert_eq!(again, blocks[3]);
        #[cfg(unix)]
        // SAFETY: as above.
        assert_eq!(unsafe { again.as_ptr().read() }, 0);
        // Giving back the only block of the second region unmaps it and forgets its free blocks.
        // SAFETY: the block is not used afterwards.
        unsafe { regions.give_back(blocks[BLOCKS_PER_REGION]) };
        assert_eq!(regions.in_use.len(), 1);
        assert!(regions.free.iter().all(|b| region_of(*b) == region_of(blocks[0])));
    }
}
