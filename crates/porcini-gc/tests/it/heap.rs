//! Behaviour of the heap through its public API: what survives a collection, what is freed, and
//! that nothing a mutator or a hostile word on the stack can do crashes it.
//!
//! The conservative stack scan may keep an object alive because a stale copy of its address is
//! still in some unused stack slot or register. Tests that expect objects to be freed therefore
//! create them in frames that have returned and overwrite the dead stack area before collecting,
//! and then repeat the same allocations with decoy objects, so that whatever stale slot or register
//! still held an address of the objects under test now holds a decoy's. The tests that count many
//! frees allow for a handful of false retentions.

use std::cell::{Cell, RefCell};
use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};

use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};

/// An object that counts its drops in a per-test counter and may reference another object.
struct Counted {
    value: u64,
    next: Cell<Option<Gc<Counted>>>,
    drops: &'static AtomicUsize,
}

impl Counted {
    fn new(value: u64, drops: &'static AtomicUsize) -> Counted {
        Counted {
            value,
            next: Cell::new(None),
            drops,
        }
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.drops.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: the only reference is `next`, which is traced.
unsafe impl Trace for Counted {
    fn trace(&self, tracer: &mut Tracer) {
        self.next.trace(tracer);
    }
}

/// A tree node owning Rust memory: a name and a vector of children.
struct Node {
    name: String,
    children: RefCell<Vec<Gc<Node>>>,
}

// SAFETY: the children are traced.
unsafe impl Trace for Node {
    fn trace(&self, tracer: &mut Tracer) {
        self.children.trace(tracer);
    }
    fn extra_bytes(&self) -> usize {
        self.name.extra_bytes() + self.children.extra_bytes()
    }
}

fn no_roots(_: &mut Tracer) {}

fn heap_here() -> Heap {
    Heap::new(HeapConfig::default())
}

/// Overwrites the part of the stack that returned frames used, so stale object addresses in it
/// cannot keep garbage alive.
#[inline(never)]
fn clobber_stack() {
    let mut area = [0usize; 16 * 1024];
    black_box(&mut area);
}

/// Collects from a frame whose callers hold no garbage addresses, after clearing dead stack.
#[inline(never)]
fn collect_clean(heap: &Heap, roots: &dyn Fn(&mut Tracer)) {
    clobber_stack();
    heap.collect(roots);
}

#[inline(never)]
fn make_cycle(heap: &Heap, drops: &'static AtomicUsize) {
    let a = heap.alloc(Counted::new(1, drops), &no_roots);
    let b = heap.alloc(Counted::new(2, drops), &no_roots);
    a.next.set(Some(b));
    b.next.set(Some(a));
}

#[test]
fn a_cycle_dropped_from_the_roots_is_freed() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    static DECOY_DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    make_cycle(&heap, &DROPS);
    assert_eq!(heap.stats().live_objects, 2);
    make_cycles(&heap, &DECOY_DROPS, 3);
    collect_clean(&heap, &no_roots);
    assert_eq!(DROPS.load(Ordering::Relaxed), 2);
    let stats = heap.stats();
    assert_eq!(
        stats.freed_objects as usize,
        2 + DECOY_DROPS.load(Ordering::Relaxed)
    );
    assert_eq!(stats.live_objects + stats.freed_objects as usize, 8);
}

#[inline(never)]
fn make_cycles(heap: &Heap, drops: &'static AtomicUsize, count: usize) {
    for _ in 0..count {
        make_cycle(heap, drops);
    }
}

#[test]
fn many_cycles_are_freed() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    make_cycles(&heap, &DROPS, 1000);
    collect_clean(&heap, &no_roots);
    // A few may be held by stale words on the stack; the rest must be gone.
    assert!(
        DROPS.load(Ordering::Relaxed) >= 1990,
        "{}",
        DROPS.load(Ordering::Relaxed)
    );
}

#[test]
fn an_object_referenced_only_from_the_native_stack_survives() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    let object = heap.alloc(Counted::new(42, &DROPS), &no_roots);
    let child = heap.alloc(Counted::new(43, &DROPS), &no_roots);
    object.next.set(Some(child));
    // Forces the address into a stack slot rather than letting it be recomputed or forgotten.
    let object = black_box(object);
    collect_clean(&heap, &no_roots);
    collect_clean(&heap, &no_roots);
    assert_eq!(DROPS.load(Ordering::Relaxed), 0);
    assert!(heap.contains(object.as_addr()));
    assert_eq!(object.value, 42);
    assert_eq!(object.next.get().map(|c| c.value), Some(43));
    black_box(object);
}

#[test]
fn an_object_referenced_only_from_the_stack_survives_with_an_explicit_base() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let marker = 0usize;
    let heap = heap_here();
    heap.set_stack_base(&marker as *const usize as usize);
    let object = black_box(heap.alloc(Counted::new(7, &DROPS), &no_roots));
    collect_clean(&heap, &no_roots);
    assert_eq!(DROPS.load(Ordering::Relaxed), 0);
    assert_eq!(object.value, 7);
    black_box(&marker);
}

#[inline(never)]
fn store_in_root(heap: &Heap, root: &Cell<Option<Gc<Counted>>>, drops: &'static AtomicUsize) {
    let object = heap.alloc(Counted::new(5, drops), &no_roots);
    object
        .next
        .set(Some(heap.alloc(Counted::new(6, drops), &no_roots)));
    root.set(Some(object));
}

#[inline(never)]
fn check_root(root: &Cell<Option<Gc<Counted>>>) {
    let object = root.get().unwrap();
    assert_eq!(object.value, 5);
    assert_eq!(object.next.get().unwrap().value, 6);
}

#[test]
fn an_object_referenced_only_from_the_roots_callback_survives() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    static DECOY_DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    // The root lives in Rust heap memory, which the stack scan does not see.
    let root: Box<Cell<Option<Gc<Counted>>>> = Box::new(Cell::new(None));
    let decoy: Box<Cell<Option<Gc<Counted>>>> = Box::new(Cell::new(None));
    store_in_root(&heap, &root, &DROPS);
    store_in_root(&heap, &decoy, &DECOY_DROPS);
    // The decoy is rooted too; it only exists to overwrite stale copies of the root's address.
    let roots = |tracer: &mut Tracer| {
        root.trace(tracer);
        decoy.trace(tracer);
    };
    collect_clean(&heap, &roots);
    collect_clean(&heap, &roots);
    assert_eq!(DROPS.load(Ordering::Relaxed), 0);
    check_root(&root);
    check_root(&decoy);
    // Dropping the root frees both objects.
    root.set(None);
    store_in_root(&heap, &decoy, &DECOY_DROPS);
    check_root(&decoy);
    collect_clean(&heap, &roots);
    assert_eq!(DROPS.load(Ordering::Relaxed), 2);
}

#[inline(never)]
fn make_permanent(heap: &Heap, drops: &'static AtomicUsize) -> usize {
    let constant = heap.alloc_permanent(Counted::new(100, drops));
    constant
        .next
        .set(Some(heap.alloc(Counted::new(101, drops), &no_roots)));
    // Hide the address from the stack scan: the returned word is scrambled.
    constant.as_addr() ^ 0x5555
}

#[test]
fn a_permanent_object_and_what_it_references_survive() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    let hidden = make_permanent(&heap, &DROPS);
    for _ in 0..3 {
        collect_clean(&heap, &no_roots);
    }
    assert_eq!(DROPS.load(Ordering::Relaxed), 0);
    let addr = hidden ^ 0x5555;
    assert!(heap.contains(addr));
    let constant = heap.downcast::<Counted>(addr).expect("a Counted");
    assert_eq!(constant.value, 100);
    assert_eq!(constant.next.get().unwrap().value, 101);
    assert_eq!(heap.stats().permanent_objects, 1);
    drop(heap);
    // Dropping the heap drops everything, permanent objects included.
    assert_eq!(DROPS.load(Ordering::Relaxed), 2);
}

#[test]
fn words_that_are_not_object_addresses_are_ignored() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    let object = black_box(heap.alloc(Counted::new(1, &DROPS), &no_roots));
    let large = black_box(heap.alloc([7u64; 2048], &no_roots));
    let addr = object.as_addr();
    let mut junk: Vec<usize> = vec![0, 1, usize::MAX, usize::MAX - 15, 16, 4096, 1 << 47];
    for delta in [1, 2, 4, 8, 16, 24, 32, 64, 4096] {
        junk.push(addr + delta);
        junk.push(addr.wrapping_sub(delta));
        junk.push(large.as_addr() + delta);
        junk.push(large.as_addr().wrapping_sub(delta));
    }
    junk.push(addr & !0xFFFF);
    junk.push((addr & !0xFFFF) + 0x10000);
    junk.push(large.as_addr() + 0x10000);
    // A deterministic pseudo-random sequence (xorshift), including words near the heap.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..100_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let word = x as usize;
        junk.push(if i % 2 == 0 {
            word
        } else {
            (addr & !0xF_FFFF) | (word & 0xF_FFF0)
        });
    }
    for &word in &junk {
        if word != addr && word != large.as_addr() {
            assert!(!heap.contains(word) || heap.downcast::<Counted>(word).is_some());
        }
    }
    let junk = &junk;
    let roots = |tracer: &mut Tracer| {
        tracer.scan_slice(junk);
        for &word in junk {
            tracer.mark_conservative(word);
        }
        // SAFETY: the vector's buffer is readable and initialised.
        unsafe { tracer.scan_range(junk.as_ptr(), junk.len()) };
    };
    for _ in 0..3 {
        heap.collect(&roots);
    }
    assert_eq!(object.value, 1);
    assert!(large.iter().all(|&v| v == 7));
    assert!(!heap.contains(addr + 8));
    assert!(heap.downcast::<Node>(addr).is_none());
    black_box((object, large));
}

/// Builds a tree of `depth` levels with `fanout` children each, naming nodes by their path.
fn build_tree(
    heap: &Heap,
    roots: &dyn Fn(&mut Tracer),
    name: String,
    depth: usize,
    fanout: usize,
) -> Gc<Node> {
    let node = heap.alloc(
        Node {
            name: name.clone(),
            children: RefCell::new(Vec::new()),
        },
        roots,
    );
    if depth > 0 {
        for i in 0..fanout {
            let child = build_tree(heap, roots, format!("{name}.{i}"), depth - 1, fanout);
            node.children.borrow_mut().push(child);
        }
    }
    node
}

fn check_tree(node: Gc<Node>, name: &str, depth: usize, fanout: usize) -> usize {
    assert_eq!(node.name, name);
    let children = node.children.borrow();
    assert_eq!(children.len(), if depth > 0 { fanout } else { 0 });
    let mut count = 1;
    for (i, &child) in children.iter().enumerate() {
        count += check_tree(child, &format!("{name}.{i}"), depth - 1, fanout);
    }
    count
}

#[test]
fn stress_mode_keeps_live_structures_intact() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = Heap::new(HeapConfig {
        stress: true,
        ..HeapConfig::default()
    });
    // Roots kept in Rust heap memory, reported precisely.
    let kept: RefCell<Vec<Gc<Node>>> = RefCell::new(Vec::new());
    let roots = |tracer: &mut Tracer| kept.trace(tracer);
    for round in 0..20 {
        // A linked list held only by the native stack while it grows.
        let mut head = heap.alloc(Counted::new(0, &DROPS), &roots);
        for i in 1..100 {
            let node = heap.alloc(Counted::new(i, &DROPS), &roots);
            node.next.set(Some(head));
            head = node;
        }
        // A tree, one branch of which is kept past this round.
        let tree = build_tree(&heap, &roots, format!("t{round}"), 3, 3);
        kept.borrow_mut().push(tree.children.borrow()[1]);
        // Garbage, with an extra object allocated in a RefCell borrow in progress.
        {
            let scratch = build_tree(&heap, &roots, "scratch".into(), 2, 4);
            let mut children = scratch.children.borrow_mut();
            children.push(heap.alloc(
                Node {
                    name: "late".into(),
                    children: RefCell::new(Vec::new()),
                },
                &roots,
            ));
        }
        // The list is intact.
        let mut cursor = Some(head);
        let mut expected = 99;
        while let Some(node) = cursor {
            assert_eq!(node.value, expected);
            expected = expected.wrapping_sub(1);
            cursor = node.next.get();
        }
        assert_eq!(expected, u64::MAX);
        assert_eq!(check_tree(tree, &format!("t{round}"), 3, 3), 40);
        black_box((head, tree));
    }
    for (round, &branch) in kept.borrow().iter().enumerate() {
        assert_eq!(check_tree(branch, &format!("t{round}.1"), 2, 3), 13);
    }
    let stats = heap.stats();
    assert!(stats.collections > 2000, "{stats:?}");
    collect_clean(&heap, &roots);
    // Everything but the kept branches (and stale stack words) is garbage now.
    assert!(
        heap.stats().live_objects < 20 * 13 + 200,
        "{:?}",
        heap.stats()
    );
}

/// An object with a cycle partner and a little payload, for the allocation-churn test.
struct Pair {
    other: Cell<Option<Gc<Pair>>>,
    payload: [u64; 2],
}

// SAFETY: the partner is traced.
unsafe impl Trace for Pair {
    fn trace(&self, tracer: &mut Tracer) {
        self.other.trace(tracer);
    }
}

#[test]
fn millions_of_dropped_cycles_keep_the_heap_bounded() {
    let heap = heap_here();
    let mut checksum = 0u64;
    for i in 0..3_000_000u64 {
        let a = heap.alloc(
            Pair {
                other: Cell::new(None),
                payload: [i, 0],
            },
            &no_roots,
        );
        let b = heap.alloc(
            Pair {
                other: Cell::new(Some(a)),
                payload: [0, i],
            },
            &no_roots,
        );
        a.other.set(Some(b));
        checksum = checksum.wrapping_add(a.other.get().unwrap().payload[1]);
    }
    assert_eq!(checksum, (0..3_000_000u64).sum::<u64>());
    let stats = heap.stats();
    assert!(stats.collections > 0, "{stats:?}");
    let min = HeapConfig::default().min_threshold_bytes;
    // Between collections at most one threshold's worth of garbage accumulates.
    assert!(stats.peak_live_bytes <= 2 * min, "{stats:?}");
    assert!(stats.peak_heap_bytes <= 3 * min, "{stats:?}");
    collect_clean(&heap, &no_roots);
    assert!(heap.stats().live_bytes < 64 * 1024, "{:?}", heap.stats());
    assert_eq!(
        heap.stats().freed_objects + heap.stats().live_objects as u64,
        6_000_000
    );
}

/// A list node with nothing but the link: ten million of them take 160 MB.
struct Link {
    next: Option<Gc<Link>>,
}

// SAFETY: the link is traced.
unsafe impl Trace for Link {
    fn trace(&self, tracer: &mut Tracer) {
        self.next.trace(tracer);
    }
}

#[test]
fn a_ten_million_long_list_is_marked_without_recursion() {
    // A small native stack proves that marking depth does not use it.
    let thread = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let heap = heap_here();
            let head: Cell<Option<Gc<Link>>> = Cell::new(None);
            let roots = |tracer: &mut Tracer| head.trace(tracer);
            for _ in 0..10_000_000 {
                head.set(Some(heap.alloc(Link { next: head.get() }, &roots)));
            }
            heap.collect(&roots);
            let stats = heap.stats();
            assert!(stats.live_objects >= 10_000_000, "{stats:?}");
            assert!(stats.collections >= 2, "{stats:?}");
            let mut length = 0;
            let mut cursor = head.get();
            while let Some(link) = cursor {
                length += 1;
                cursor = link.next;
            }
            assert_eq!(length, 10_000_000);
        });
    thread.unwrap().join().unwrap();
}

#[test]
fn allocating_during_a_collection_panics_and_leaves_the_heap_usable() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    let keep = black_box(heap.alloc(Counted::new(9, &DROPS), &no_roots));
    let result = catch_unwind(AssertUnwindSafe(|| {
        heap.collect(&|_tracer| {
            heap.alloc(Counted::new(10, &DROPS), &no_roots);
        });
    }));
    assert!(result.is_err());
    let result = catch_unwind(AssertUnwindSafe(|| {
        heap.collect(&|tracer| {
            tracer.mark(keep);
            panic!("a roots callback failed");
        });
    }));
    assert!(result.is_err());
    // The value whose allocation was refused was dropped, not leaked.
    assert_eq!(DROPS.load(Ordering::Relaxed), 1);
    // Marks left behind by the unwound collections must not confuse the next one.
    let child = heap.alloc(Counted::new(11, &DROPS), &no_roots);
    keep.next.set(Some(child));
    collect_clean(&heap, &no_roots);
    assert_eq!(keep.next.get().unwrap().value, 11);
    assert_eq!(DROPS.load(Ordering::Relaxed), 1);
    black_box(keep);
}

#[repr(align(64))]
struct Aligned {
    bytes: [u8; 64],
}

// SAFETY: no references.
unsafe impl Trace for Aligned {
    fn trace(&self, _tracer: &mut Tracer) {}
}

#[test]
fn large_and_overaligned_objects() {
    let heap = heap_here();
    let aligned = heap.alloc(Aligned { bytes: [3; 64] }, &no_roots);
    assert_eq!((aligned.as_addr() + Gc::<Aligned>::value_offset()) % 64, 0);
    assert_eq!(&*aligned as *const Aligned as usize % 64, 0);
    assert!(aligned.bytes.iter().all(|&b| b == 3));
    let big = heap.alloc(vec![1u8; 1 << 20], &no_roots);
    assert!(heap.stats().live_bytes > 1 << 20);
    let huge = heap.alloc([5u32; 100_000], &no_roots);
    assert!(heap.contains(huge.as_addr()));
    assert!(!heap.contains(huge.as_addr() + 0x10000));
    black_box((aligned, big, huge));
    collect_clean(&heap, &no_roots);
    assert_eq!(big.len(), 1 << 20);
    assert!(huge.iter().all(|&v| v == 5));
    black_box((aligned, big, huge));
}

#[test]
fn gc_pointers_compare_by_identity_and_downcast_checks_the_type() {
    let heap = heap_here();
    let a = heap.alloc(1u64, &no_roots);
    let b = heap.alloc(1u64, &no_roots);
    assert!(Gc::ptr_eq(a, a));
    assert!(!Gc::ptr_eq(a, b));
    assert_ne!(a, b);
    // SAFETY: `a` is a live u64.
    let again: Gc<u64> = unsafe { Gc::from_addr(a.as_addr()) };
    assert_eq!(again, a);
    assert_eq!(heap.downcast::<u64>(a.as_addr()), Some(a));
    assert_eq!(heap.downcast::<u32>(a.as_addr()), None);
    assert_eq!(size_of::<Gc<u64>>(), size_of::<usize>());
    assert_eq!(size_of::<Option<Gc<u64>>>(), size_of::<usize>());
    black_box((a, b));
}

/// Allocates `count` unreachable `Counted` objects and records their addresses in `addrs` (Rust
/// heap memory, which the stack scan does not see).
#[inline(never)]
fn make_garbage(heap: &Heap, drops: &'static AtomicUsize, count: usize, addrs: &mut Vec<usize>) {
    for i in 0..count {
        addrs.push(heap.alloc(Counted::new(i as u64, drops), &no_roots).as_addr());
    }
}

/// Allocates arrays of eight words (another size class than `Counted`) until the heap has
/// collected `more` more times.
#[inline(never)]
fn churn_arrays_until(heap: &Heap, more: u64) {
    let until = heap.stats().collections + more;
    let mut i = 0u64;
    while heap.stats().collections < until {
        black_box(heap.alloc([i; 8], &no_roots));
        i += 1;
    }
}

#[test]
fn garbage_swept_lazily_is_not_an_object_and_is_dropped_before_the_next_marking() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = Heap::new(HeapConfig { stress: false, min_threshold_bytes: 256 << 10 });
    let mut addrs = Vec::new();
    make_garbage(&heap, &DROPS, 2000, &mut addrs);
    clobber_stack();
    // A collection that an allocation of another size class triggers leaves the `Counted`
    // blocks to be swept when their class allocates again, or when a block is needed.
    churn_arrays_until(&heap, 1);
    let retained = addrs.iter().filter(|&&a| heap.contains(a)).count();
    assert!(retained <= 10, "{retained} of 2000 dead objects still look like objects");
    // Whatever has not been dropped yet is dropped before the next collection marks: none of
    // the garbage can be traced (or seen by the stack scan) once its neighbours are gone.
    churn_arrays_until(&heap, 1);
    let dropped = DROPS.load(Ordering::Relaxed);
    assert!(dropped >= 1990, "{dropped}");
    // And the counters add up once everything is swept.
    collect_clean(&heap, &no_roots);
    let stats = heap.stats();
    assert_eq!(stats.live_objects as u64 + stats.freed_objects, stats.allocated_objects_total, "{stats:?}");
}

#[test]
fn a_size_class_reuses_the_blocks_another_class_left_as_garbage() {
    let min = 1 << 20;
    let heap = Heap::new(HeapConfig { stress: false, min_threshold_bytes: min });
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    // Each phase fills the room between collections with garbage of one class, leaving the
    // blocks to be swept lazily; the next phase's class must take them over rather than grow
    // the heap by another room's worth.
    for _ in 0..4 {
        let mut addrs = Vec::new();
        for _ in 0..8 {
            make_garbage(&heap, &DROPS, 20_000, &mut addrs);
            addrs.clear();
        }
        churn_arrays_until(&heap, 8);
    }
    let stats = heap.stats();
    assert!(stats.collections >= 32, "{stats:?}");
    assert!(stats.peak_heap_bytes <= min + min / 2, "{stats:?}");
}

/// A large object, of the kind worth building in place.
struct Wide {
    next: Cell<Option<Gc<Counted>>>,
    words: [u64; 30],
}

// SAFETY: `next` is the only reference, and it is traced.
unsafe impl Trace for Wide {
    fn trace(&self, tracer: &mut Tracer) {
        self.next.trace(tracer);
    }
}

#[test]
fn values_built_in_place_are_objects_and_a_failed_build_leaves_no_trace() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    // A small room, so that some of the allocations below collect first.
    let heap = Heap::new(HeapConfig { stress: false, min_threshold_bytes: 64 << 10 });
    let mut wides = Vec::new();
    for i in 0..2000u64 {
        // The referent is a local of this frame only, as `alloc_with` asks.
        let counted = heap.alloc(Counted::new(i, &DROPS), &no_roots);
        let wide = heap.alloc_with(|| Wide { next: Cell::new(Some(counted)), words: [i; 30] }, &no_roots);
        if i % 100 == 0 {
            // The address in a Rust vector keeps nothing alive; a permanent cell does.
            wides.push(wide.as_addr());
            heap.alloc_permanent(Cell::new(Some(wide)));
        }
    }
    assert!(heap.stats().collections > 0, "{:?}", heap.stats());
    for (n, &addr) in wides.iter().enumerate() {
        let wide = heap.downcast::<Wide>(addr).expect("a wide object kept by a permanent cell");
        let i = n as u64 * 100;
        assert!(wide.words.iter().all(|&w| w == i));
        assert_eq!(wide.next.get().map(|c| c.value), Some(i), "its referent survived with it");
    }
    let before = heap.stats();
    // A build that panics gives its cell back: nothing is counted, dropped or seen as an object.
    let result = catch_unwind(AssertUnwindSafe(|| {
        heap.alloc_with::<Wide>(|| panic!("making the value failed"), &no_roots);
    }));
    assert!(result.is_err());
    assert_eq!(heap.stats().live_objects, before.live_objects);
    // A build that allocates is refused, and the heap stays usable.
    let result = catch_unwind(AssertUnwindSafe(|| {
        heap.alloc_with(|| Wide { next: Cell::new(Some(heap.alloc(Counted::new(0, &DROPS), &no_roots))), words: [0; 30] }, &no_roots);
    }));
    assert!(result.is_err());
    let drops = DROPS.load(Ordering::Relaxed);
    collect_clean(&heap, &no_roots);
    assert!(DROPS.load(Ordering::Relaxed) > drops, "garbage is still collected");
    let last = heap.alloc_with(|| Wide { next: Cell::new(None), words: [7; 30] }, &no_roots);
    assert_eq!(last.words[29], 7);
    black_box(last);
}

/// An object of `Counted`'s size class without a destructor.
struct Plain {
    _words: [u64; 3],
}

// SAFETY: it holds no references.
unsafe impl Trace for Plain {
    fn trace(&self, _: &mut Tracer) {}
}

#[inline(never)]
fn make_mixed(heap: &Heap, drops: &'static AtomicUsize, round: usize) {
    for i in 0..1000 {
        // Which type a cell gets alternates between rounds, so cells that held one type are
        // reused by the other.
        if (i + round).is_multiple_of(2) {
            black_box(heap.alloc(Counted::new(i as u64, drops), &no_roots));
        } else {
            black_box(heap.alloc(Plain { _words: [i as u64; 3] }, &no_roots));
        }
    }
}

#[test]
fn the_sweep_drops_exactly_the_dead_objects_with_destructors_in_cells_both_kinds_reuse() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    assert_eq!(size_of::<Counted>(), size_of::<Plain>(), "one size class");
    let heap = heap_here();
    for round in 0..6 {
        make_mixed(&heap, &DROPS, round);
        collect_clean(&heap, &no_roots);
    }
    // Each round made 500 objects with a destructor, all garbage; a few may be kept by stale
    // words on the stack.
    let dropped = DROPS.load(Ordering::Relaxed);
    assert!((2990..=3000).contains(&dropped), "{dropped} drops for 3000 dead Counted objects");
    let stats = heap.stats();
    assert!(stats.freed_objects >= 5980, "{stats:?}");
}

/// An object whose destructor counts, and which says whether the sweep must run it.
struct MaybeOwning {
    owns: bool,
    drops: &'static AtomicUsize,
}

impl Drop for MaybeOwning {
    fn drop(&mut self) {
        self.drops.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: it holds no references.
unsafe impl Trace for MaybeOwning {
    fn trace(&self, _: &mut Tracer) {}
    fn needs_drop(&self) -> bool {
        self.owns
    }
}

#[inline(never)]
fn make_maybe_owning(heap: &Heap, drops: &'static AtomicUsize, count: usize) {
    for i in 0..count {
        let owns = i % 2 == 0;
        // Both ways in: a value moved into its cell, and one built there.
        if i % 4 < 2 {
            black_box(heap.alloc(MaybeOwning { owns, drops }, &no_roots));
        } else {
            black_box(heap.alloc_with(|| MaybeOwning { owns, drops }, &no_roots));
        }
    }
}

#[test]
fn the_sweep_runs_only_the_destructors_objects_ask_for() {
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let heap = heap_here();
    make_maybe_owning(&heap, &DROPS, 400);
    collect_clean(&heap, &no_roots);
    let (drops, freed) = (DROPS.load(Ordering::Relaxed), heap.stats().freed_objects);
    // Half of them own something. All but a few stale addresses' objects are freed, and only
    // the owning ones' destructors ran.
    assert!(freed >= 390, "{freed} freed");
    assert!((190..=200).contains(&drops), "{drops} destructors ran for {freed} freed objects");
}

#[test]
fn a_heap_keeps_the_empty_blocks_it_fills_again_before_the_next_collection() {
    let min = 256 << 10;
    let heap = Heap::new(HeapConfig { stress: false, min_threshold_bytes: min });
    // About 2 MiB survive every collection, so the room between collections is several times
    // `min`: a pool of only `min` would give most of the room's blocks back at a collection and
    // take them from the system again (a page fault per page) while refilling the room.
    let live: RefCell<Vec<Gc<[u64; 8]>>> = RefCell::new(Vec::new());
    let roots = |t: &mut Tracer| {
        for &g in live.borrow().iter() {
            t.mark(g);
        }
    };
    for i in 0..30_000u64 {
        let g = heap.alloc([i; 8], &roots);
        live.borrow_mut().push(g);
    }
    static DROPS: AtomicUsize = AtomicUsize::new(0);
    let mut most_taken_after_warm_up = 0;
    for round in 0..12u64 {
        // A room's worth of small garbage. The heap's growth while it is allocated is memory
        // taken anew from the system.
        let start = heap.stats().heap_bytes;
        let mut most = start;
        let until = heap.stats().collections + 1;
        let mut n = 0u64;
        while heap.stats().collections < until {
            black_box(heap.alloc(Counted::new(round, &DROPS), &roots));
            n += 1;
            if n % 1000 == 0 {
                most = most.max(heap.stats().heap_bytes);
            }
        }
        if round >= 4 {
            most_taken_after_warm_up = most_taken_after_warm_up.max(most - start);
        }
        // Then large objects, which take no small blocks: the collection they trigger finds the
        // small garbage's blocks still waiting for their sweep, and empty.
        let until = heap.stats().collections + 1;
        let mut i = 0u64;
        while heap.stats().collections < until {
            black_box(heap.alloc([i; 4096], &roots));
            i += 1;
        }
    }
    let stats = heap.stats();
    assert!(stats.last_marked_bytes >= 2 * min, "{stats:?}");
    assert_eq!(live.borrow().iter().map(|g| g[0]).sum::<u64>(), (0..30_000u64).sum::<u64>());
    // Once the heap has reached its working size, refilling the room (about 10 MiB) reuses its
    // own blocks but for a few; a pool of `min` took 9 MiB anew every round.
    assert!(most_taken_after_warm_up <= 2 * min, "{most_taken_after_warm_up} bytes taken anew in one round, {stats:?}");
}

/// Cells whose size is a multiple of a cache line start on one, so that an object's first
/// fields share a line with its header (the framework lays objects out for that).
#[test]
fn cells_of_a_whole_number_of_cache_lines_start_on_a_line() {
    let heap = heap_here();
    for _ in 0..1000 {
        let a = heap.alloc([0u64; 23], &no_roots);
        assert_eq!(a.as_addr() % 64, 0, "a 192-byte box at {:#x}", a.as_addr());
        let b = heap.alloc([0u64; 15], &no_roots);
        assert_eq!(b.as_addr() % 64, 0, "a 128-byte box at {:#x}", b.as_addr());
    }
}
