//! The heap: allocation, the collection trigger, and a collection's mark and sweep phases.
//!
//! Small objects are carved out of per-size-class blocks, first from the free list a sweep
//! threaded through the free cells, then by bumping through an empty block. Large objects get a
//! chunk each. A collection marks from the permanent objects, the caller's roots and the native
//! stack, then sweeps: unmarked objects are dropped, blocks left empty are reused or go back to
//! the system (up to the room between collections is pooled), and the free cells of the others
//! are relinked.
//!
//! A collection that an allocation triggers sweeps lazily: large objects at once, and each small
//! block only when its size class runs out of free cells and comes to it (or when a block is
//! needed and garbage may hold an empty one), so that the dead objects are read just before their
//! cells are written again. Whatever is still unswept is swept before the next marking, since a
//! stale stack word equal to a dead object's address must not make the tracer follow references
//! from it into objects that are gone. An explicit [`Heap::collect`] sweeps everything before it
//! returns.
//!
//! The heap belongs to one thread. Its state sits in a `RefCell`, borrowed only for short,
//! non-reentrant stretches; user code (`Trace`, roots callbacks) runs while it is at most shared
//! borrowed, and a `collecting` flag turns any allocation or collection from inside a collection
//! into a clear panic instead of corrupting the heap.

use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::rc::Rc;

use crate::block::{BLOCK_SIZE, Block, MAX_ALIGN};
use crate::cursor::{Cursors, InlineAlloc};
use crate::gc::Gc;
use crate::index::BlockIndex;
use crate::raw::{self, GcBox};
use crate::region::Regions;
use crate::size_class::{CLASS_SIZES, NUM_CLASSES, class_for};
use crate::stack_scan;
use crate::trace::Trace;
use crate::tracer::Tracer;

/// The fewest empty blocks a sweep keeps for reuse instead of returning them to the system. It
/// keeps up to the room between collections worth of them (see [`Heap::pool_limit`]).
const MIN_POOLED_BLOCKS: usize = 8;
/// A mark stack that grew beyond this many entries is shrunk back after the collection.
const MARK_STACK_KEEP: usize = 1 << 16;

/// Heap tuning.
#[derive(Clone, Debug)]
pub struct HeapConfig {
    /// Collect at every allocation (`alloc_permanent` excepted), to shake out rooting bugs.
    pub stress: bool,
    /// The smallest number of bytes allocated between two collections.
    pub min_threshold_bytes: usize,
}

impl Default for HeapConfig {
    fn default() -> Self {
        HeapConfig {
            stress: false,
            min_threshold_bytes: 8 << 20,
        }
    }
}

/// A snapshot of the heap's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapStats {
    /// Collections run so far.
    pub collections: u64,
    /// Objects currently allocated: the survivors of the last collection (permanent objects
    /// included) plus everything allocated since, garbage or not.
    pub live_objects: usize,
    /// The bytes of those objects (their cell sizes plus their `extra_bytes`).
    pub live_bytes: usize,
    /// Bytes allocated since the heap was created.
    pub allocated_bytes_total: u64,
    /// Objects freed since the heap was created.
    pub freed_objects: u64,
    /// Objects allocated since the heap was created.
    pub allocated_objects_total: u64,
    /// The largest `live_bytes` has been.
    pub peak_live_bytes: usize,
    /// The bytes the heap's blocks take from the system allocator now.
    pub heap_bytes: usize,
    /// The largest `heap_bytes` has been.
    pub peak_heap_bytes: usize,
    /// `live_bytes` right after the last collection: what it found reachable.
    pub last_marked_bytes: usize,
    /// Permanent objects (never freed).
    pub permanent_objects: usize,
}

/// The allocation state of one size class.
struct ClassState {
    /// The blocks of this class that have been swept since the last collection's marking.
    blocks: Vec<Block>,
    /// The blocks of this class still to be swept, holding the last collection's garbage;
    /// allocation sweeps them one at a time when it runs out of free cells.
    pending: Vec<Block>,
}

/// Everything behind the heap's `RefCell`.
struct HeapState {
    classes: [ClassState; NUM_CLASSES],
    large: Vec<Block>,
    index: BlockIndex,
    /// Empty small blocks kept for reuse; they are not in the index.
    empty_blocks: Vec<Block>,
    /// Where small blocks come from and go back to.
    regions: Regions,
    permanents: Vec<usize>,
    /// The mark stack's buffer, kept between collections.
    mark_stack: Vec<usize>,
    /// The counters as of the end of the last collection; the allocation counters since then are
    /// kept in the heap's cells, off the allocation path's way, and added in by `Heap::stats`.
    stats: HeapStats,
    /// The free lists and bump ranges of the classes (see `cursor.rs`).
    cursors: Rc<Cursors>,
}

/// The garbage-collected heap of one mutator thread.
pub struct Heap {
    config: HeapConfig,
    state: RefCell<HeapState>,
    /// Set while a collection runs, and while the heap is dropped.
    collecting: Cell<bool>,
    /// The address given to `set_stack_base`, or 0.
    stack_base: Cell<usize>,
    /// The allocation state compiled code shares (also `HeapState::cursors`); its free lists
    /// and bump ranges are the heap's only ones.
    cursors: Rc<Cursors>,
    /// The heap and its objects belong to the thread whose stack is scanned.
    _not_send: PhantomData<*mut ()>,
}

impl Heap {
    /// An empty heap.
    pub fn new(config: HeapConfig) -> Heap {
        let cursors = Rc::new(Cursors::new(config.min_threshold_bytes));
        Heap {
            config,
            state: RefCell::new(HeapState {
                classes: std::array::from_fn(|_| ClassState {
                    blocks: Vec::new(),
                    pending: Vec::new(),
                }),
                large: Vec::new(),
                index: BlockIndex::new(),
                empty_blocks: Vec::new(),
                regions: Regions::new(),
                permanents: Vec::new(),
                mark_stack: Vec::new(),
                stats: HeapStats::default(),
                cursors: cursors.clone(),
            }),
            collecting: Cell::new(false),
            stack_base: Cell::new(0),
            cursors,
            _not_send: PhantomData,
        }
    }

    /// The configuration the heap was created with.
    pub fn config(&self) -> &HeapConfig {
        &self.config
    }

    /// Must be called on the mutator thread with an address near the top of the stack region that
    /// can hold references (e.g. the address of a local in the outermost frame that runs guest
    /// code); the conservative scan covers from the current stack pointer up to this address.
    ///
    /// On Linux the scan covers the whole used part of the thread's stack anyway, a superset; the
    /// base is what bounds it elsewhere, and when the guest runs on a stack that is not the
    /// thread's own.
    pub fn set_stack_base(&self, base: usize) {
        self.stack_base.set(base);
    }

    /// Allocates; may collect first. `roots` adds precise/conservative roots beyond the native stack.
    ///
    /// The references inside `value` are roots of that collection too, so a value may be built
    /// from objects that nothing else references yet.
    ///
    /// # Panics
    /// If called during a collection (from `Trace::trace`, a roots callback or a `Drop` of a heap
    /// object).
    #[inline]
    pub fn alloc<T: Trace>(&self, value: T, roots: &dyn Fn(&mut Tracer)) -> Gc<T> {
        let bytes = raw::footprint::<T>().saturating_add(value.extra_bytes());
        if self.must_collect_before(bytes) {
            self.collect_for_allocation(&value, roots);
        }
        self.place(value, bytes)
    }

    /// Allocates the value `make` returns, built right in its cell rather than built first and
    /// then copied there (which for an object of a few hundred bytes is a `memcpy` per
    /// allocation); may collect first.
    ///
    /// Unlike [`Heap::alloc`], the references `make` will put into the value are not roots of
    /// that collection by themselves: they must be reachable otherwise, as the caller's locals
    /// are (the native stack and registers are scanned), or through `roots`. `make` runs after
    /// any collection and must not use the heap: it would panic.
    ///
    /// # Panics
    /// If called during a collection, or from `make`.
    #[inline(always)]
    pub fn alloc_with<T: Trace>(&self, make: impl FnOnce() -> T, roots: &dyn Fn(&mut Tracer)) -> Gc<T> {
        let footprint = raw::footprint::<T>();
        if self.must_collect_before(footprint) {
            self.collect_for_allocation(&(), roots);
        }
        let addr = self.reserve::<T>();
        // Until the value is in place the cell must be neither used by the heap (so `make` may
        // not allocate: the `collecting` flag turns that into a panic) nor dropped as an object
        // (so an unwinding `make` clears its allocation bit; the next sweep relinks it).
        let placing = Placing { heap: self, addr };
        self.collecting.set(true);
        let value = GcBox { vtable: raw::vtable_for::<T>(), value: make() };
        // SAFETY: `addr` is a cell reserved for a `GcBox<T>` just above, which nothing else uses.
        unsafe { raw::box_ptr::<T>(addr).write(value) };
        std::mem::forget(placing);
        self.collecting.set(false);
        // SAFETY: a live `T` now lives at `addr`.
        let gc = unsafe { Gc::<T>::from_addr(addr) };
        Self::note_drop(addr, &*gc);
        let bytes = footprint.saturating_add(gc.extra_bytes());
        self.cursors.allocated_since
            .set(self.cursors.allocated_since.get().saturating_add(bytes));
        gc
    }

    /// An object that is never freed and whose contents are traced as roots at every collection
    /// (constants in ASTs, canonical function objects). Never collects.
    pub fn alloc_permanent<T: Trace>(&self, value: T) -> Gc<T> {
        let bytes = raw::footprint::<T>().saturating_add(value.extra_bytes());
        let gc = self.place(value, bytes);
        let mut state = self.state.borrow_mut();
        state.permanents.push(gc.as_addr());
        state.stats.permanent_objects += 1;
        gc
    }

    /// Runs a full collection now.
    ///
    /// # Panics
    /// If called during a collection.
    pub fn collect(&self, roots: &dyn Fn(&mut Tracer)) {
        self.collect_now(roots, Sweep::Now);
    }

    /// Counts `bytes` of memory owned by heap objects but allocated after them (a guest array's
    /// buffer growing) towards the next collection, so that garbage holding large buffers is
    /// collected promptly. It does not collect by itself; the next allocation may.
    ///
    /// These bytes count in `HeapStats::live_bytes` and `allocated_bytes_total` too.
    pub fn add_external_bytes(&self, bytes: usize) {
        self.cursors.allocated_since
            .set(self.cursors.allocated_since.get().saturating_add(bytes));
    }

    /// How compiled code may allocate a `T` in place (see [`InlineAlloc`]), or `None` when every
    /// allocation of one must call the heap: under stress, which collects at each, and for a
    /// type with a destructor or too large for a size class.
    pub fn inline_alloc<T: Trace>(&self) -> Option<InlineAlloc> {
        if self.config.stress {
            return None;
        }
        self.cursors.inline_alloc::<T>()
    }

    /// A snapshot of the heap's counters.
    pub fn stats(&self) -> HeapStats {
        let mut stats = self.state.borrow().stats;
        let bytes = self.cursors.allocated_since.get();
        stats.live_objects += self.cursors.objects_since.get();
        stats.live_bytes = stats.live_bytes.saturating_add(bytes);
        stats.peak_live_bytes = stats.peak_live_bytes.max(stats.live_bytes);
        stats.allocated_objects_total += self.cursors.objects_since.get() as u64;
        stats.allocated_bytes_total = stats.allocated_bytes_total.saturating_add(bytes as u64);
        stats
    }

    /// True if `addr` is a live object's address (used by tests and debug asserts).
    pub fn contains(&self, addr: usize) -> bool {
        self.state.borrow().index.find(addr).is_some()
    }

    /// The object at `addr` as a `Gc<T>`, if `addr` is a live object of type `T`: the checked
    /// form of [`Gc::from_addr`], for code that must not trust an address.
    pub fn downcast<T: Trace>(&self, addr: usize) -> Option<Gc<T>> {
        if !self.contains(addr) {
            return None;
        }
        // SAFETY: `addr` is a live object of this heap.
        let vtable = unsafe { raw::vtable_at(addr) };
        // SAFETY: the object at `addr` is live and its type is `T`.
        (vtable.type_id == std::any::TypeId::of::<T>()).then(|| unsafe { Gc::from_addr(addr) })
    }

    /// Allocates a box for `value` without collecting.
    #[inline(always)]
    fn place<T: Trace>(&self, value: T, bytes: usize) -> Gc<T> {
        let addr = self.reserve::<T>();
        self.cursors.allocated_since
            .set(self.cursors.allocated_since.get().saturating_add(bytes));
        Self::note_drop(addr, &value);
        // SAFETY: `addr` is a cell of this heap that was free until now, sized and aligned for a
        // `GcBox<T>` by the size class (or the large chunk) chosen from that very layout.
        unsafe { raw::write_box(addr, value) };
        // SAFETY: a live `T` now lives at `addr`.
        unsafe { Gc::from_addr(addr) }
    }

    /// Marks the object `value` at `addr` (a cell [`Heap::reserve`] just gave) for the sweep to
    /// drop, if its type has a destructor and the value needs it run ([`Trace::needs_drop`]).
    #[inline(always)]
    fn note_drop<T: Trace>(addr: usize, value: &T) {
        if const { std::mem::needs_drop::<T>() } && value.needs_drop() {
            // SAFETY: `addr` is a cell of a live block, in its first 64 KiB.
            unsafe { Block::containing(addr) }.set_needs_drop(addr);
        }
    }

    /// Whether allocating `bytes` more must collect first: always under stress, otherwise once
    /// the room since the last collection is used up.
    #[inline(always)]
    fn must_collect_before(&self, bytes: usize) -> bool {
        self.config.stress || self.cursors.allocated_since.get().saturating_add(bytes) > self.cursors.threshold.get()
    }

    /// A cell for a `GcBox<T>`, marked allocated and counted as an object, but not as bytes
    /// (nor as needing its destructor run: [`Heap::note_drop`] decides that once it has the value).
    #[inline(always)]
    fn reserve<T: Trace>(&self) -> usize {
        const {
            assert!(
                align_of::<GcBox<T>>() <= MAX_ALIGN,
                "heap objects may be aligned to at most 4 KiB"
            )
        };
        if self.collecting.get() {
            collecting_panic();
        }
        let class = const { class_for(size_of::<GcBox<T>>(), align_of::<GcBox<T>>()) };
        let addr = {
            let mut state = self.state.borrow_mut();
            match class {
                Some(class) => state.alloc_small(class),
                None => state.alloc_large(size_of::<GcBox<T>>(), align_of::<GcBox<T>>()),
            }
        };
        self.cursors.objects_since.set(self.cursors.objects_since.get() + 1);
        addr
    }

    /// The collection an allocation triggers; `value` is about to be stored and its references
    /// are roots. Kept out of line so the allocation fast path stays small.
    #[cold]
    #[inline(never)]
    fn collect_for_allocation<T: Trace>(&self, value: &T, roots: &dyn Fn(&mut Tracer)) {
        self.collect_now(
            &|tracer: &mut Tracer| {
                value.trace(tracer);
                roots(tracer);
            },
            Sweep::Lazily,
        );
    }

    /// A full collection: finish the last one's sweep, mark, then sweep now or lazily.
    #[inline(never)]
    fn collect_now(&self, roots: &dyn Fn(&mut Tracer), sweep: Sweep) {
        if self.collecting.get() {
            collecting_panic();
        }
        let _collecting = CollectingGuard::enter(&self.collecting);
        // Marking starts from a heap without garbage: a conservative root may be a stale word
        // equal to the address of an object that died in the last collection, and tracing that
        // object would follow references to objects that may already be gone.
        let pool_limit = self.pool_limit();
        self.state.borrow_mut().finish_sweep(pool_limit);
        let marked = self.mark(roots);
        self.sweep(marked.marked_objects, marked.marked_bytes, sweep);
    }

    /// How many empty blocks a sweep keeps for reuse: as many as the room between collections
    /// holds (the current trigger, at least `min_threshold_bytes`). The program allocates that
    /// much before the next collection anyway, so the heap's peak size does not change, while a
    /// block given back to the system and taken again costs a page fault per 4 KiB page: with a
    /// fixed pool of 8 MiB, Havlak (tens of megabytes live, a room four times that) spent a
    /// seventh of its time in the kernel clearing the pages it had just given back. A heap that
    /// shrinks still gives its blocks back, as its trigger shrinks with what survives.
    fn pool_limit(&self) -> usize {
        let room = self.cursors.threshold.get().max(self.config.min_threshold_bytes);
        MIN_POOLED_BLOCKS.max(room / BLOCK_SIZE)
    }

    /// The mark phase: marks everything reachable from the roots. Never inlined, so that the
    /// stack scan it starts sees the frames of every caller of the collector.
    #[inline(never)]
    fn mark(&self, roots: &dyn Fn(&mut Tracer)) -> MarkedTotals {
        let stack = {
            let mut state = self.state.borrow_mut();
            // Clearing every mark first (rather than relying on the last sweep to have done so)
            // keeps a collection that unwound half-way from leaving stale marks behind.
            state.clear_marks();
            std::mem::take(&mut state.mark_stack)
        };
        let state = self.state.borrow();
        // SAFETY: the index stays borrowed (and so unmodified: every mutation needs the state
        // mutably) until the tracer is finished below, and every mark bit was just cleared.
        let mut tracer = unsafe { Tracer::new(&state.index, stack) };
        for &addr in &state.permanents {
            tracer.mark_live(addr);
        }
        tracer.drain();
        roots(&mut tracer);
        tracer.drain();
        stack_scan::scan_native_stack(self.stack_base.get(), &mut |word| {
            tracer.mark_conservative(word)
        });
        tracer.drain();
        let result = tracer.finish();
        drop(state);
        let mut stack = result.stack;
        if stack.capacity() > MARK_STACK_KEEP {
            stack = Vec::new();
        }
        self.state.borrow_mut().mark_stack = stack;
        MarkedTotals {
            marked_objects: result.marked_objects,
            marked_bytes: result.marked_bytes,
        }
    }

    /// The sweep phase: frees what the mark phase did not reach (at once, or large objects now
    /// and small blocks as allocation comes back to them) and resets the trigger.
    fn sweep(&self, marked_objects: usize, marked_bytes: usize, sweep: Sweep) {
        let pool_limit = self.pool_limit();
        let mut state = self.state.borrow_mut();
        match sweep {
            Sweep::Now => {
                let survivors = state.sweep(pool_limit);
                debug_assert_eq!(survivors, marked_objects);
            }
            Sweep::Lazily => state.defer_sweep(),
        }
        let (bytes, objects) = (self.cursors.allocated_since.get(), self.cursors.objects_since.get());
        let stats = &mut state.stats;
        stats.collections += 1;
        stats.allocated_objects_total += objects as u64;
        stats.allocated_bytes_total = stats.allocated_bytes_total.saturating_add(bytes as u64);
        // Live bytes only grow between collections, so they peaked just before this one.
        stats.peak_live_bytes = stats
            .peak_live_bytes
            .max(stats.live_bytes.saturating_add(bytes));
        stats.live_objects = marked_objects;
        stats.live_bytes = marked_bytes;
        stats.last_marked_bytes = marked_bytes;
        self.cursors.allocated_since.set(0);
        self.cursors.objects_since.set(0);
        self.cursors.threshold.set(next_threshold(self.config.min_threshold_bytes, marked_bytes));
    }
}

/// Up to this many bytes of room between collections, the room is four times what survived.
const GENEROUS_ROOM: usize = 256 << 20;

/// The bytes to allocate before the next collection, after one that kept `marked` bytes: at
/// least `min`, and at least twice `marked`. Each collection traces every live object (there is
/// no young generation), so the room between collections is what amortizes it; while that room
/// stays modest it is four times what survived, which halves the tracing per allocated byte
/// again for programs with a few megabytes of live data (most of them), while a large heap
/// grows by no more than 256 MiB or twice its size, whichever is more.
fn next_threshold(min: usize, marked: usize) -> usize {
    let generous = marked.saturating_mul(4).min(GENEROUS_ROOM);
    min.max(marked.saturating_mul(2)).max(generous)
}

impl Drop for Heap {
    /// Drops every remaining object, permanent ones included, and frees all blocks. Any `Gc`
    /// still held dangles afterwards.
    ///
    /// Small blocks are not given back one by one: the regions they were cut from are unmapped
    /// whole when the state drops, after this.
    fn drop(&mut self) {
        self.collecting.set(true);
        let state = self.state.get_mut();
        let mut blocks: Vec<Block> = state.large.drain(..).collect();
        for class in &mut state.classes {
            blocks.append(&mut class.blocks);
            blocks.append(&mut class.pending);
        }
        for block in blocks {
            // SAFETY: every allocated address of a live block is an object not yet dropped (a
            // block awaiting its sweep still has its garbage's allocation bits set), dropped once.
            block.for_each_allocated(|addr| unsafe { raw::drop_object(addr) });
            if block.is_large() {
                // SAFETY: its object is gone, and the heap keeps no other handle to the chunk.
                unsafe { block.release(&mut state.regions) };
            }
        }
        state.empty_blocks.clear();
    }
}

impl HeapState {
    /// Takes a cell of size class `class`, marking it allocated.
    #[inline(always)]
    fn alloc_small(&mut self, class: usize) -> usize {
        let cursor = &self.cursors.classes[class];
        let (free, bump) = (cursor.free.get(), cursor.bump.get());
        let cell = if free != 0 {
            // SAFETY: cells on the free list are free cells of live blocks whose first word the
            // sweep set to the next cell of the list.
            cursor.free.set(unsafe { std::ptr::with_exposed_provenance::<usize>(free).read() });
            free
        } else if bump < cursor.bump_end.get() {
            cursor.bump.set(bump + CLASS_SIZES[class]);
            bump
        } else {
            return self.refill(class);
        };
        // SAFETY: the cell lies in the first 64 KiB of a live small block.
        unsafe { Block::containing(cell) }.set_allocated(cell);
        cell
    }

    /// Allocates a cell of `class` when its free list and bump range are used up: from the next
    /// block of the class that awaits its sweep, sweeping it now, or else from a new block.
    ///
    /// Sweeping a block just before allocating from it (lazy sweeping, as in most non-moving
    /// collectors) reads each dead object while the block's cells are about to be written
    /// anyway, rather than in a pass over the whole heap whose cache lines are cold again by the
    /// time allocation reuses them; and a collection's pause no longer includes the sweep.
    #[cold]
    #[inline(never)]
    fn refill(&mut self, class: usize) -> usize {
        while let Some((block, live)) = self.sweep_next_pending(class) {
            let state = &mut self.classes[class];
            if live == 0 {
                // Empty now: bump through it as through a new block (it is still indexed).
                block.init_small(class, CLASS_SIZES[class]);
                return self.bump_through(class, block);
            }
            state.blocks.push(block);
            let cell = block.thread_free_cells(0);
            if cell != 0 {
                // SAFETY: `thread_free_cells` linked the free cells through their first words.
                let next = unsafe { std::ptr::with_exposed_provenance::<usize>(cell).read() };
                self.cursors.classes[class].free.set(next);
                block.set_allocated(cell);
                return cell;
            }
        }
        self.alloc_small_in_new_block(class)
    }

    /// Sweeps other classes' blocks that await their sweep until one turns out empty, and
    /// returns it (still indexed). The heap takes no new memory while garbage that may free a
    /// whole block is waiting; the blocks found not empty join their class's free list.
    fn reclaim_empty_block(&mut self) -> Option<Block> {
        for class in 0..NUM_CLASSES {
            while let Some((block, live)) = self.sweep_next_pending(class) {
                let state = &mut self.classes[class];
                if live == 0 {
                    return Some(block);
                }
                let free = &self.cursors.classes[class].free;
                free.set(block.thread_free_cells(free.get()));
                state.blocks.push(block);
            }
        }
        None
    }

    /// Sweeps the next block of `class` that awaits its sweep and takes it off that list (only
    /// once swept, so that a panicking destructor leaves it there); returns it with the number
    /// of objects left alive in it, or `None` when no block of the class awaits its sweep.
    fn sweep_next_pending(&mut self, class: usize) -> Option<(Block, usize)> {
        let block = *self.classes[class].pending.last()?;
        let live = self.sweep_block(block);
        self.classes[class].pending.pop();
        Some((block, live))
    }

    /// Drops the dead objects of a block (a small one awaiting its sweep, or a large chunk) and
    /// returns the number of live ones.
    fn sweep_block(&mut self, block: Block) -> usize {
        let (live, freed) = block.sweep(|addr| {
            // SAFETY: the sweep found the object unreachable and has cleared its allocation bit,
            // so this is its only drop and nothing refers to it any more.
            unsafe { raw::drop_object(addr) };
        });
        self.stats.freed_objects += freed as u64;
        live
    }

    /// Makes `block`, which holds no object, the bump range of `class` and allocates its first
    /// cell.
    fn bump_through(&mut self, class: usize, block: Block) -> usize {
        let state = &mut self.classes[class];
        state.blocks.push(block);
        let cell = block.first_cell();
        let cursor = &self.cursors.classes[class];
        cursor.bump.set(cell + CLASS_SIZES[class]);
        cursor.bump_end.set(block.cells_end());
        block.set_allocated(cell);
        cell
    }

    /// Starts a new block for `class` and allocates its first cell.
    fn alloc_small_in_new_block(&mut self, class: usize) -> usize {
        let cell_size = CLASS_SIZES[class];
        let block = match self.empty_blocks.pop().or_else(|| self.reclaim_empty_block()) {
            Some(block) => {
                block.init_small(class, cell_size);
                block
            }
            None => {
                self.stats.heap_bytes += BLOCK_SIZE;
                self.stats.peak_heap_bytes = self.stats.peak_heap_bytes.max(self.stats.heap_bytes);
                Block::new_small(&mut self.regions, class, cell_size)
            }
        };
        self.index.insert(block);
        self.bump_through(class, block)
    }

    /// Allocates a chunk for a large object and returns the box's address.
    #[cold]
    #[inline(never)]
    fn alloc_large(&mut self, size: usize, align: usize) -> usize {
        let block = Block::new_large(size, align);
        self.stats.heap_bytes += block.chunk_size();
        self.stats.peak_heap_bytes = self.stats.peak_heap_bytes.max(self.stats.heap_bytes);
        self.index.insert(block);
        self.large.push(block);
        let addr = block.first_cell();
        block.set_allocated(addr);
        addr
    }

    /// Clears the mark bits of every block.
    fn clear_marks(&mut self) {
        for class in &self.classes {
            debug_assert!(class.pending.is_empty(), "marking while garbage awaits its sweep");
            for block in &class.blocks {
                block.clear_marks();
            }
        }
        for block in &self.large {
            block.clear_marks();
        }
    }

    /// Frees every unmarked object, releases or pools (up to `pool_limit`) empty blocks, and
    /// rebuilds the free lists. Returns the number of surviving objects.
    fn sweep(&mut self, pool_limit: usize) -> usize {
        let mut survivors = 0;
        for class in 0..NUM_CLASSES {
            // Until this class is swept, it has no free cells: should a destructor panic, cells
            // are leaked until the next sweep rather than handed out twice. A block leaves the
            // class's list only once it is swept, so a panicking destructor also leaves every
            // block where the next collection finds it.
            self.cursors.classes[class].clear();
            let mut head = 0;
            let mut i = 0;
            while let Some(&block) = self.classes[class].blocks.get(i) {
                let live = self.sweep_block(block);
                survivors += live;
                if live == 0 {
                    self.classes[class].blocks.swap_remove(i);
                    self.retire(block, pool_limit);
                } else {
                    head = block.thread_free_cells(head);
                    i += 1;
                }
            }
            self.cursors.classes[class].free.set(head);
        }
        survivors + self.sweep_large()
    }

    /// After a collection's marking, the sweep that allocation finishes: large objects are
    /// swept now, and every small block awaits its sweep (see [`HeapState::refill`]).
    fn defer_sweep(&mut self) {
        for (state, cursor) in self.classes.iter_mut().zip(&self.cursors.classes) {
            debug_assert!(state.pending.is_empty());
            cursor.clear();
            for &block in &state.blocks {
                block.set_sweep_pending();
            }
            // Popped from the end: the newest blocks, likeliest still in the cache, come first.
            std::mem::swap(&mut state.blocks, &mut state.pending);
        }
        self.sweep_large();
    }

    /// Sweeps every block still awaiting its sweep, releasing or pooling (up to `pool_limit`)
    /// those left empty. The free lists are not rebuilt: a collection, which rebuilds them, is
    /// what comes next.
    fn finish_sweep(&mut self, pool_limit: usize) {
        for class in 0..NUM_CLASSES {
            while let Some((block, live)) = self.sweep_next_pending(class) {
                if live == 0 {
                    self.retire(block, pool_limit);
                } else {
                    self.classes[class].blocks.push(block);
                }
            }
        }
        self.index.recompute_range();
    }

    /// Takes an empty small block out of use: pooled for reuse while the pool has room,
    /// otherwise released.
    fn retire(&mut self, block: Block, pool_limit: usize) {
        self.index.remove(block);
        if self.empty_blocks.len() < pool_limit {
            self.empty_blocks.push(block);
        } else {
            self.stats.heap_bytes -= block.chunk_size();
            // SAFETY: the block's objects were all dropped, it came from the heap's regions, and
            // it was removed from the index and from its class, the only places that refer to it.
            unsafe { block.release(&mut self.regions) };
        }
    }

    /// Sweeps the large objects, releasing the chunks of dead ones; returns the survivors.
    fn sweep_large(&mut self) -> usize {
        let mut survivors = 0;
        let mut i = 0;
        while let Some(&block) = self.large.get(i) {
            let live = self.sweep_block(block);
            survivors += live;
            if live == 0 {
                self.large.swap_remove(i);
                self.index.remove(block);
                self.stats.heap_bytes -= block.chunk_size();
                // SAFETY: as for small blocks in `retire`.
                unsafe { block.release(&mut self.regions) };
            } else {
                i += 1;
            }
        }
        self.index.recompute_range();
        survivors
    }
}

/// When a collection frees what it did not mark.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sweep {
    /// Before the collection returns (an explicit [`Heap::collect`]).
    Now,
    /// Large objects now, small blocks when allocation reaches them.
    Lazily,
}

/// What the mark phase found.
struct MarkedTotals {
    marked_objects: usize,
    marked_bytes: usize,
}

/// A cell reserved by [`Heap::alloc_with`] whose value is being made: if making it unwinds, the
/// cell is freed again (its allocation bit cleared, so no sweep drops what is not there) and the
/// heap usable.
struct Placing<'a> {
    heap: &'a Heap,
    addr: usize,
}

impl Drop for Placing<'_> {
    fn drop(&mut self) {
        // SAFETY: `addr` is a cell of a live block of this heap, reserved by `alloc_with`.
        unsafe { crate::block::Block::containing(self.addr) }.clear_allocated(self.addr);
        self.heap.cursors.objects_since.set(self.heap.cursors.objects_since.get() - 1);
        self.heap.collecting.set(false);
    }
}

/// Sets the `collecting` flag for the duration of a collection, also when it unwinds.
struct CollectingGuard<'a>(&'a Cell<bool>);

impl<'a> CollectingGuard<'a> {
    fn enter(flag: &'a Cell<bool>) -> Self {
        flag.set(true);
        CollectingGuard(flag)
    }
}

impl Drop for CollectingGuard<'_> {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

#[cold]
#[inline(never)]
fn collecting_panic() -> ! {
    panic!(
        "porcini-gc: the heap was re-entered during a collection (allocation or collection from \
         Trace::trace, a roots callback or the Drop of a heap object)"
    )
}

#[cfg(test)]
mod tests {
    use super::next_threshold;

    const MIB: usize = 1 << 20;

    #[test]
    fn the_room_between_collections_is_four_times_the_survivors_until_it_is_large() {
        for (marked, room) in [(0, 8), (1, 8), (2, 8), (6, 24), (64, 256), (100, 256), (128, 256), (200, 400), (1024, 2048)] {
            assert_eq!(next_threshold(8 * MIB, marked * MIB), room * MIB, "{marked} MiB marked");
        }
        assert_eq!(next_threshold(8 * MIB, usize::MAX), usize::MAX);
    }
}
