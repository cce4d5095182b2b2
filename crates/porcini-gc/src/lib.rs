//! The garbage-collected heap that holds porcini's guest objects.
//!
//! This is a non-moving mark-sweep collector for a single mutator thread. Heap objects are traced
//! precisely through their [`Trace`] implementations; the roots are found partly precisely (the
//! permanent objects and a roots callback supplied by the engine) and partly conservatively (every
//! word of the mutator's native stack and its callee-saved registers that happens to equal the
//! address of a live object). The conservative part is what lets Rust interpreter frames, compiled
//! frames and runtime helpers hold plain [`Gc`] pointers and guest values in locals without any
//! rooting bookkeeping, as JavaScriptCore does; objects never move, so such pointers stay valid.
//!
//! # Layout
//!
//! Small objects (a box of up to 4 KiB: an 8-byte header pointing at the type's vtable, then the
//! value) live in 64 KiB blocks aligned to 64 KiB, one size class per block. Larger objects each get
//! a chunk of their own with the same header layout. Each block starts with a header holding an
//! allocation bitmap and a mark bitmap with one bit per 16-byte granule, so deciding whether a word
//! is an object address takes a range check, a hash-set lookup of `word & !0xFFFF` and one bit test,
//! and marking a known object takes no lookup at all.
//!
//! # The rooting contract
//!
//! Objects are freed when a collection cannot reach them. A collection can reach an object through
//! a reference stored in
//! - another reachable heap object (found through its `Trace` implementation),
//! - a permanent object (see [`Heap::alloc_permanent`]),
//! - whatever the `roots` callback of the allocation or collection marks,
//! - the native stack of the mutator thread or a register, as the object's exact address.
//!
//! References kept anywhere else are invisible: in Rust heap memory that is not owned by a traced
//! object (a `Vec` in a local variable keeps its elements on the Rust heap), in thread-locals or
//! statics, in another heap, or as a pointer into the middle of an object (interior pointers are
//! not recognised). Dereferencing a [`Gc`] whose object was freed because of such a reference is
//! undefined behaviour, so the engine must route every such reference through the roots callback.
//!
//! Collections run only inside [`Heap::alloc`] and [`Heap::collect`]. Allocating, collecting or
//! otherwise re-entering the heap from [`Trace::trace`], from a roots callback or from a `Drop`
//! implementation of a heap object panics.
//!
//! # Limits
//!
//! - One heap per thread, one thread per heap: the heap and `Gc` are neither `Send` nor `Sync`,
//!   and a reference from one heap's object into another heap keeps nothing alive.
//! - Only exact object addresses are roots; interior pointers and tagged pointers are not
//!   recognised, so values must store an object's address as it is.
//! - The stack scan supports x86_64 and aarch64 (Linux-tested; on Windows the callee-saved XMM
//!   registers are not spilled) and a mutator that stays on one stack, or that sets the stack
//!   base for the stack it runs on.
//! - The scan is conservative: a stale word that happens to equal an object's address keeps that
//!   object (and what it references) alive until the word is overwritten.
//!
//! # Finalization
//!
//! Sweeping runs `Drop` for every freed object, so objects may own Rust memory (`Vec`, `String`,
//! `Box`). After a collection an allocation triggered, garbage is dropped lazily, a block at a
//! time as allocation reaches it, and at the latest when the next collection starts; after an
//! explicit [`Heap::collect`] it has all been dropped. The order in which garbage objects are dropped is unspecified, and other garbage may
//! already be gone, so a `Drop` implementation must never dereference a `Gc` field.

mod block;
mod cursor;
mod gc;
mod heap;
mod index;
mod raw;
mod region;
mod size_class;
mod stack_scan;
mod trace;
mod trace_impls;
mod tracer;

pub use cursor::InlineAlloc;
pub use raw::payload_offset;
pub use gc::Gc;
pub use heap::{Heap, HeapConfig, HeapStats};
pub use trace::Trace;
pub use tracer::Tracer;
