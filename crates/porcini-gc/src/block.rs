//! Blocks: the aligned chunks of memory that objects live in, with their allocation and mark bits.
//!
//! A small block is 64 KiB, aligned to 64 KiB, cut from a region ([`crate::region`]), and
//! holds cells of a single size class. A large chunk holds one object that does not fit a size
//! class; it is also aligned to 64 KiB, and its object starts within its first 64 KiB. Both
//! begin with the same header, so for any object address `addr & !BLOCK_MASK` is the header of
//! the block holding it.
//!
//! The header keeps three bitmaps with one bit per 16-byte granule of the first 64 KiB: the
//! allocation bits say which granules begin a live object, the mark bits say which of those
//! the current collection has reached, and the drop bits which of them have a destructor to
//! run. The sweep frees a dead object without a destructor by clearing its bit alone, without
//! reading its memory: most dead objects are of such types, and reading each one (to find its
//! type's destructor) was a cache miss per dead object. A word is an object address exactly when it lies in a
//! known block and its granule's allocation bit is set; pointers into the middle of an object
//! never are, because only the granule where the box starts carries the bit.
//!
//! A [`Block`] handle is a plain pointer. Its invariant: it refers to a block created by
//! [`Block::new_small`] or [`Block::new_large`] that has not been released. All heap code keeps to
//! that invariant, which is what the `SAFETY` comments below rely on.

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ptr::{self, NonNull};

use crate::region::Regions;

/// The size and alignment of a small block.
pub(crate) const BLOCK_SIZE: usize = 1 << 16;
/// The bits of an address below the block alignment.
pub(crate) const BLOCK_MASK: usize = BLOCK_SIZE - 1;
/// The allocation granule: every object starts at a multiple of it.
pub(crate) const GRANULE: usize = 16;
const GRANULE_SHIFT: u32 = GRANULE.trailing_zeros();
const BITMAP_WORDS: usize = BLOCK_SIZE / GRANULE / 64;
/// The strictest alignment a heap object may require; the box of a large object must start in the
/// first 64 KiB of its chunk, which this bound guarantees.
pub(crate) const MAX_ALIGN: usize = 4096;

/// The `class` field of a large chunk's header.
const LARGE: usize = usize::MAX;

#[repr(C)]
struct BlockHeader {
    /// The size class of a small block, or `LARGE`.
    class: usize,
    /// The cell size of a small block, or the box size of a large chunk.
    cell_size: usize,
    /// The offset of the first cell (of the box, in a large chunk) from the block start.
    first_cell: usize,
    /// The number of cells (one in a large chunk).
    cell_count: usize,
    /// The size the chunk was allocated with.
    chunk_size: usize,
    /// Set from the end of a collection's marking until the block is swept: its unmarked
    /// objects are garbage that has not been dropped yet (see [`Block::holds_object`]).
    sweep_pending: bool,
    /// One bit per granule: set where a live object starts.
    alloc_bits: [u64; BITMAP_WORDS],
    /// One bit per granule: set where an object reached by the current collection starts.
    mark_bits: [u64; BITMAP_WORDS],
    /// One bit per granule: set where an allocated object whose type needs dropping starts.
    drop_bits: [u64; BITMAP_WORDS],
}

/// The offset of the allocation bitmap in a block's header, for compiled code that sets a bit
/// itself (see `cursor.rs`).
pub(crate) const fn alloc_bits_offset() -> usize {
    std::mem::offset_of!(BlockHeader, alloc_bits)
}

/// The size of a cache line on the machines we run on.
const CACHE_LINE: usize = 64;

/// The space the header takes at the start of every block, rounded up to a cache line, so that
/// the cells of a class whose size is a multiple of a line each start on one. An object's
/// header and the fields read first are laid out to share its first line (`DynObject` in the
/// framework); a cell that began mid-line would spread them over two. The rounding costs at
/// most 48 bytes of a 64 KiB block.
const HEADER_SIZE: usize = (size_of::<BlockHeader>() + CACHE_LINE - 1) & !(CACHE_LINE - 1);

// The bitmaps cover the block, the header leaves most of it for cells, and even the most aligned
// large object starts in its chunk's first 64 KiB, where its bits are.
const _: () = {
    assert!(BITMAP_WORDS * 64 * GRANULE == BLOCK_SIZE);
    assert!(HEADER_SIZE < 2048);
    assert!(HEADER_SIZE % GRANULE == 0);
    assert!(large_box_offset(MAX_ALIGN) < BLOCK_SIZE);
};

/// The offset of a large object's box in its chunk.
const fn large_box_offset(box_align: usize) -> usize {
    let align = if box_align > GRANULE {
        box_align
    } else {
        GRANULE
    };
    (HEADER_SIZE + align - 1) & !(align - 1)
}

/// The size of the chunk a large object of this size and alignment gets.
pub(crate) const fn large_chunk_size(box_size: usize, box_align: usize) -> usize {
    large_box_offset(box_align) + box_size
}

/// A handle to a live block (see the module documentation for its invariant).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Block(NonNull<BlockHeader>);

impl Block {
    /// Takes a fresh small block from `regions` for cells of `cell_size` bytes, of size class
    /// `class`.
    pub(crate) fn new_small(regions: &mut Regions, class: usize, cell_size: usize) -> Block {
        let block = Block(regions.take().cast());
        block.init_small(class, cell_size);
        block
    }

    /// Re-initialises an empty small block (taken from the pool of empty blocks) for another class.
    pub(crate) fn init_small(self, class: usize, cell_size: usize) {
        debug_assert!(cell_size.is_multiple_of(GRANULE) && cell_size >= GRANULE);
        let header = BlockHeader {
            class,
            cell_size,
            first_cell: HEADER_SIZE,
            cell_count: (BLOCK_SIZE - HEADER_SIZE) / cell_size,
            chunk_size: BLOCK_SIZE,
            sweep_pending: false,
            alloc_bits: [0; BITMAP_WORDS],
            mark_bits: [0; BITMAP_WORDS],
            drop_bits: [0; BITMAP_WORDS],
        };
        // SAFETY: by the type invariant the block is live and at least BLOCK_SIZE bytes long; the
        // caller only re-initialises blocks that hold no live object.
        unsafe { self.0.as_ptr().write(header) }
    }

    /// Allocates a chunk for one large object of `box_size` bytes aligned to `box_align`.
    /// The box's address is [`Block::first_cell`]; its allocation bit is still clear.
    pub(crate) fn new_large(box_size: usize, box_align: usize) -> Block {
        assert!(box_align <= MAX_ALIGN && box_align.is_power_of_two());
        let chunk_size = large_chunk_size(box_size, box_align);
        let block = Block(allocate_chunk(chunk_size));
        let header = BlockHeader {
            class: LARGE,
            cell_size: box_size,
            first_cell: large_box_offset(box_align),
            cell_count: 1,
            chunk_size,
            sweep_pending: false,
            alloc_bits: [0; BITMAP_WORDS],
            mark_bits: [0; BITMAP_WORDS],
            drop_bits: [0; BITMAP_WORDS],
        };
        // SAFETY: the chunk was just allocated with room for the header at its start.
        unsafe { block.0.as_ptr().write(header) };
        block
    }

    /// Gives the block's memory back: a small block's to its region, a large chunk's to the
    /// system allocator.
    ///
    /// # Safety
    /// The block must hold no live object (its objects were dropped), a small block must come
    /// from `regions`, and no handle to the block or pointer into it may be used afterwards.
    pub(crate) unsafe fn release(self, regions: &mut Regions) {
        if !self.is_large() {
            // SAFETY: the block came from `regions`, and the caller guarantees that nothing
            // uses it any more.
            return unsafe { regions.give_back(self.0.cast()) };
        }
        let size = self.chunk_size();
        // SAFETY: the chunk was allocated by `allocate_chunk` with exactly this layout, and the
        // caller guarantees that nothing uses it any more.
        unsafe { dealloc(self.0.as_ptr().cast(), chunk_layout(size)) }
    }

    /// The block holding the object (or free cell) at `addr`.
    ///
    /// # Safety
    /// `addr` must lie within the first `BLOCK_SIZE` bytes of a live block: the address of a live
    /// object or of a cell of a small block.
    #[inline(always)]
    pub(crate) unsafe fn containing(addr: usize) -> Block {
        // SAFETY: block memory has its provenance exposed when allocated, and the caller
        // guarantees that the aligned address below `addr` is a live block's header.
        unsafe { Block::from_base(addr & !BLOCK_MASK) }
    }

    /// The block whose header is at `base`.
    ///
    /// # Safety
    /// `base` must be the start of a live block.
    #[inline(always)]
    pub(crate) unsafe fn from_base(base: usize) -> Block {
        let header = ptr::with_exposed_provenance_mut::<BlockHeader>(base);
        // SAFETY: the caller guarantees a live block at `base`, which is never null.
        Block(unsafe { NonNull::new_unchecked(header) })
    }

    /// The address of the block's header.
    #[inline(always)]
    pub(crate) fn base(self) -> usize {
        self.0.as_ptr().addr()
    }

    fn header(self) -> *mut BlockHeader {
        self.0.as_ptr()
    }

    /// True for a large chunk.
    pub(crate) fn is_large(self) -> bool {
        // SAFETY: the block is live by the type invariant; the field is read through the raw
        // pointer without creating a reference.
        unsafe { (*self.header()).class == LARGE }
    }

    /// The size the chunk occupies in memory.
    pub(crate) fn chunk_size(self) -> usize {
        // SAFETY: as in `is_large`.
        unsafe { (*self.header()).chunk_size }
    }

    /// The address of the first cell (a large chunk's box).
    pub(crate) fn first_cell(self) -> usize {
        // SAFETY: as in `is_large`.
        self.base() + unsafe { (*self.header()).first_cell }
    }

    /// The address just past the last whole cell.
    pub(crate) fn cells_end(self) -> usize {
        // SAFETY: as in `is_large`.
        let (size, count) = unsafe { ((*self.header()).cell_size, (*self.header()).cell_count) };
        self.first_cell() + size * count
    }

    /// The bitmap word and bit of the granule at `addr`, which lies in the block's first 64 KiB.
    #[inline(always)]
    fn bit_of(self, addr: usize) -> (usize, u64) {
        let granule = (addr - self.base()) >> GRANULE_SHIFT;
        debug_assert!(granule < BITMAP_WORDS * 64);
        (granule / 64, 1u64 << (granule % 64))
    }

    /// True if a live object starts at `addr`, which lies in the block's first 64 KiB.
    #[inline(always)]
    pub(crate) fn is_allocated(self, addr: usize) -> bool {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: the block is live by the type invariant and `word` is within the bitmap; the
        // bitmap is accessed through the raw pointer, never through a long-lived reference.
        unsafe { (*self.header()).alloc_bits[word] & bit != 0 }
    }

    /// True if a live object starts at `addr`, which lies in the block's first 64 KiB: it is
    /// allocated and, while the block awaits its sweep, was marked by the last collection.
    #[inline(always)]
    pub(crate) fn holds_object(self, addr: usize) -> bool {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: as in `is_allocated`.
        unsafe {
            let h = self.header();
            (*h).alloc_bits[word] & bit != 0 && (!(*h).sweep_pending || (*h).mark_bits[word] & bit != 0)
        }
    }

    /// Records that the block's unmarked objects are garbage awaiting [`Block::sweep`].
    pub(crate) fn set_sweep_pending(self) {
        // SAFETY: as in `is_allocated`.
        unsafe { (*self.header()).sweep_pending = true }
    }

    /// Records that a live object now starts at `addr`.
    #[inline(always)]
    pub(crate) fn set_allocated(self, addr: usize) {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: as in `is_allocated`.
        unsafe { (*self.header()).alloc_bits[word] |= bit }
    }

    /// Records that the object at `addr` has a destructor for the sweep to run.
    #[inline(always)]
    pub(crate) fn set_needs_drop(self, addr: usize) {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: as in `is_allocated`.
        unsafe { (*self.header()).drop_bits[word] |= bit }
    }

    /// Records that no object starts at `addr` (a reserved cell given back unused).
    pub(crate) fn clear_allocated(self, addr: usize) {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: as in `is_allocated`.
        unsafe {
            (*self.header()).alloc_bits[word] &= !bit;
            (*self.header()).drop_bits[word] &= !bit;
        }
    }

    /// Sets the mark bit of the object at `addr`; returns whether it was already set.
    #[inline(always)]
    pub(crate) fn test_and_set_mark(self, addr: usize) -> bool {
        let (word, bit) = self.bit_of(addr);
        // SAFETY: as in `is_allocated`.
        unsafe {
            let marks = &raw mut (*self.header()).mark_bits[word];
            let old = *marks;
            *marks = old | bit;
            old & bit != 0
        }
    }

    /// Clears every mark bit, before a collection starts marking.
    pub(crate) fn clear_marks(self) {
        // SAFETY: as in `is_allocated`.
        unsafe { (*self.header()).mark_bits = [0; BITMAP_WORDS] }
    }

    /// Frees every object that is allocated but not marked, and returns how many objects are
    /// left alive and how many were freed. A dead object without a destructor is freed by
    /// clearing its allocation bit; one with a destructor also has its bits cleared first (so
    /// that a panicking destructor cannot lead to a double drop), then `drop` is called with
    /// its address and must drop it.
    pub(crate) fn sweep(self, mut drop: impl FnMut(usize)) -> (usize, usize) {
        let header = self.header();
        let (mut live, mut freed) = (0, 0);
        for word in 0..BITMAP_WORDS {
            // SAFETY: as in `is_allocated`; `drop` cannot reach this block's bitmaps, since the
            // heap refuses re-entry while it sweeps.
            let (allocated, marked, droppable) =
                unsafe { ((*header).alloc_bits[word], (*header).mark_bits[word], (*header).drop_bits[word]) };
            let dead = allocated & !marked;
            if dead == 0 {
                live += allocated.count_ones() as usize;
                continue;
            }
            live += (allocated & marked).count_ones() as usize;
            freed += dead.count_ones() as usize;
            let mut to_drop = dead & droppable;
            // SAFETY: as above.
            unsafe {
                (*header).alloc_bits[word] = allocated & marked;
                (*header).drop_bits[word] = droppable & !dead;
            }
            while to_drop != 0 {
                let bit = to_drop.trailing_zeros() as usize;
                to_drop &= to_drop - 1;
                drop(self.base() + (word * 64 + bit) * GRANULE);
            }
        }
        // SAFETY: as above.
        unsafe { (*header).sweep_pending = false };
        (live, freed)
    }

    /// Calls `f` with the address of every allocated object.
    pub(crate) fn for_each_allocated(self, mut f: impl FnMut(usize)) {
        let header = self.header();
        for word in 0..BITMAP_WORDS {
            // SAFETY: as in `is_allocated`.
            let mut bits = unsafe { (*header).alloc_bits[word] };
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(self.base() + (word * 64 + bit) * GRANULE);
            }
        }
    }

    /// Links every free cell of a small block into a free list, in address order, in front of
    /// `head`, and returns the new head. The first word of each free cell holds the next cell's
    /// address (0 ends the list).
    pub(crate) fn thread_free_cells(self, mut head: usize) -> usize {
        debug_assert!(!self.is_large());
        // SAFETY: as in `is_allocated`.
        let (first, size, count) = unsafe {
            let h = self.header();
            ((*h).first_cell, (*h).cell_size, (*h).cell_count)
        };
        for index in (0..count).rev() {
            let offset = first + index * size;
            let cell = self.base() + offset;
            if !self.is_allocated(cell) {
                // SAFETY: the cell lies inside the block (offset + size <= BLOCK_SIZE) and holds
                // no live object, so the heap owns its memory; cells are granule-aligned, which
                // suffices for a usize.
                unsafe { self.header().byte_add(offset).cast::<usize>().write(head) };
                head = cell;
            }
        }
        head
    }
}

/// The layout every chunk is allocated with: aligned to the block size, so that the header of the
/// block holding an address is found by masking.
fn chunk_layout(size: usize) -> Layout {
    match Layout::from_size_align(size, BLOCK_SIZE) {
        Ok(layout) => layout,
        Err(_) => panic!("porcini-gc: an object of {size} bytes is too large"),
    }
}

/// Allocates an aligned chunk and exposes its provenance, so that object addresses stored as
/// plain integers can later be turned back into pointers into it.
fn allocate_chunk(size: usize) -> NonNull<BlockHeader> {
    let layout = chunk_layout(size);
    // SAFETY: the layout has a non-zero size (at least the header).
    let memory = unsafe { alloc(layout) };
    let Some(memory) = NonNull::new(memory) else {
        handle_alloc_error(layout)
    };
    let _ = memory.as_ptr().expose_provenance();
    memory.cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_and_mark_bits() {
        let mut regions = Regions::new();
        let block = Block::new_small(&mut regions, 0, 16);
        let cell = block.first_cell();
        assert_eq!(block.base() % BLOCK_SIZE, 0);
        assert!(!block.is_allocated(cell));
        block.set_allocated(cell);
        assert!(block.is_allocated(cell));
        assert!(!block.is_allocated(cell + 16));
        assert!(!block.test_and_set_mark(cell));
        assert!(block.test_and_set_mark(cell));
        block.clear_marks();
        assert!(!block.test_and_set_mark(cell));
        // SAFETY: the cell is in the block's first 64 KiB.
        assert_eq!(unsafe { Block::containing(cell + 8) }, block);
        // Of three dead objects, the sweep hands over only the one with a destructor.
        let mut dropped = Vec::new();
        for dead in [cell + 32, cell + 48, cell + 64] {
            block.set_allocated(dead);
        }
        block.set_needs_drop(cell + 48);
        assert_eq!(block.sweep(|addr| dropped.push(addr)), (1, 3));
        assert_eq!(dropped, vec![cell + 48]);
        assert!(!block.is_allocated(cell + 48));
        // A cell reused by an object without a destructor is not dropped when it dies.
        block.set_allocated(cell + 48);
        assert_eq!(block.sweep(|addr| dropped.push(addr)), (1, 1));
        assert_eq!(dropped, vec![cell + 48]);
        let head = block.thread_free_cells(0);
        assert_eq!(head, cell + 16);
        // SAFETY: the block holds no object that needs dropping and is not used afterwards.
        unsafe { block.release(&mut regions) };
    }
}
