//! The tracer: the marking state of one collection, handed to `Trace` implementations and roots.
//!
//! Marking an object sets its mark bit and pushes it on an explicit mark stack; the heap later
//! pops objects off that stack and traces their contents. Because the work list lives in a `Vec`
//! rather than in recursive calls, the depth of the object graph (a linked list of ten million
//! nodes, say) never touches the native stack.

use crate::block::Block;
use crate::gc::Gc;
use crate::index::BlockIndex;
use crate::raw;
use crate::trace::Trace;

/// The marking state of a collection in progress. Only the heap creates one, and only for the
/// duration of [`Trace::trace`] calls and roots callbacks.
pub struct Tracer {
    /// The heap's block index. The heap keeps it borrowed, unchanged, for the tracer's lifetime.
    index: *const BlockIndex,
    /// Marked objects whose contents have not been traced yet.
    stack: Vec<usize>,
    marked_objects: usize,
    marked_bytes: usize,
}

/// What marking found, for the statistics and the collection trigger.
pub(crate) struct MarkResult {
    pub(crate) stack: Vec<usize>,
    pub(crate) marked_objects: usize,
    pub(crate) marked_bytes: usize,
}

impl Tracer {
    /// A tracer over `index`, reusing `stack`'s buffer.
    ///
    /// # Safety
    /// `index` must stay alive and unmodified until the tracer is finished, and every mark bit of
    /// the heap must be clear.
    pub(crate) unsafe fn new(index: &BlockIndex, mut stack: Vec<usize>) -> Tracer {
        stack.clear();
        Tracer {
            index,
            stack,
            marked_objects: 0,
            marked_bytes: 0,
        }
    }

    fn index(&self) -> &BlockIndex {
        // SAFETY: `Tracer::new`'s contract keeps the index alive and unmodified while the tracer
        // exists.
        unsafe { &*self.index }
    }

    /// Marks the object `gc` points to (and, transitively, everything it references).
    #[inline]
    pub fn mark<T: Trace>(&mut self, gc: Gc<T>) {
        debug_assert!(
            self.index().find(gc.as_addr()).is_some(),
            "porcini-gc: Tracer::mark got a Gc that is not a live object of this heap"
        );
        self.mark_live(gc.as_addr());
    }

    /// Marks the object at `addr`, which the caller guarantees to be a live object start (from
    /// `Gc::as_addr`) of this heap. Debug builds check this; release builds trust it.
    #[inline]
    pub fn mark_addr(&mut self, addr: usize) {
        debug_assert!(
            self.index().find(addr).is_some(),
            "porcini-gc: Tracer::mark_addr({addr:#x}) is not the address of a live object of this heap"
        );
        self.mark_live(addr);
    }

    /// Conservative: marks `word` if (and only if) it is the address of a live object; otherwise
    /// ignores it. Pointers into the middle of an object are not recognised.
    #[inline]
    pub fn mark_conservative(&mut self, word: usize) {
        if let Some(block) = self.index().find(word)
            && !block.test_and_set_mark(word)
        {
            self.stack.push(word);
        }
    }

    /// Conservatively scans a memory range word by word (e.g. a value stack).
    ///
    /// # Safety
    /// `start` must be valid for reading `len_words` initialised `usize` words (it need not be
    /// aligned).
    pub unsafe fn scan_range(&mut self, start: *const usize, len_words: usize) {
        for i in 0..len_words {
            // SAFETY: the caller guarantees that the range is readable and initialised.
            let word = unsafe { start.add(i).read_unaligned() };
            self.mark_conservative(word);
        }
    }

    /// Conservatively scans a slice of words: the safe form of [`Tracer::scan_range`].
    pub fn scan_slice(&mut self, words: &[usize]) {
        for &word in words {
            self.mark_conservative(word);
        }
    }

    /// Marks a known live object: sets its mark bit and queues it for tracing if it was unmarked.
    #[inline(always)]
    pub(crate) fn mark_live(&mut self, addr: usize) {
        // SAFETY: callers pass addresses of live objects, which lie in their block's first 64 KiB.
        let block = unsafe { Block::containing(addr) };
        if !block.test_and_set_mark(addr) {
            self.stack.push(addr);
        }
    }

    /// Traces marked objects until no untraced one is left.
    pub(crate) fn drain(&mut self) {
        while let Some(addr) = self.stack.pop() {
            // SAFETY: only live objects are ever pushed, and a collection frees nothing before
            // marking ends.
            let vtable = unsafe { raw::vtable_at(addr) };
            // SAFETY: the vtable is the one of the object at `addr`.
            unsafe { (vtable.trace)(addr, self) };
            // SAFETY: as above.
            let extra = unsafe { (vtable.extra_bytes)(addr) };
            self.marked_objects += 1;
            self.marked_bytes = self.marked_bytes.saturating_add(vtable.footprint + extra);
        }
    }

    /// Ends marking, returning the mark stack's buffer for reuse and what was found.
    pub(crate) fn finish(self) -> MarkResult {
        debug_assert!(self.stack.is_empty());
        MarkResult {
            stack: self.stack,
            marked_objects: self.marked_objects,
            marked_bytes: self.marked_bytes,
        }
    }
}
