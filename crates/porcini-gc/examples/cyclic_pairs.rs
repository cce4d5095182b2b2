//! Allocates millions of two-object cycles and drops each at once, then prints the heap's
//! statistics. With a working collector the process's peak memory stays at a few MiB however many
//! pairs are made; check it with `/usr/bin/time -v`:
//!
//! ```text
//! cargo build --release -p porcini-gc --example cyclic_pairs
//! /usr/bin/time -v target/release/examples/cyclic_pairs [pairs]
//! ```

use std::cell::Cell;
use std::time::Instant;

use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};

/// One half of a cycle, with a small payload.
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

fn main() {
    let pairs: u64 = match std::env::args().nth(1) {
        Some(arg) => arg.parse().expect("the argument is the number of pairs"),
        None => 3_000_000,
    };
    let base = 0usize;
    let heap = Heap::new(HeapConfig::default());
    heap.set_stack_base(&base as *const usize as usize);
    let no_roots = |_: &mut Tracer| {};
    let start = Instant::now();
    let mut checksum = 0u64;
    for i in 0..pairs {
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
        checksum = checksum.wrapping_add(a.other.get().map_or(0, |b| b.payload[1]));
    }
    let elapsed = start.elapsed();
    assert_eq!(checksum, (0..pairs).sum::<u64>());
    let stats = heap.stats();
    println!("pairs:            {pairs}");
    println!(
        "time:             {:.3} s ({:.1} ns per object)",
        elapsed.as_secs_f64(),
        elapsed.as_nanos() as f64 / (2 * pairs) as f64
    );
    println!("collections:      {}", stats.collections);
    println!("freed objects:    {}", stats.freed_objects);
    println!("live objects:     {}", stats.live_objects);
    println!("live bytes:       {}", stats.live_bytes);
    println!("peak live bytes:  {}", stats.peak_live_bytes);
    println!("peak heap bytes:  {}", stats.peak_heap_bytes);
    println!("allocated bytes:  {}", stats.allocated_bytes_total);
    std::hint::black_box(&base);
}
