//! Allocation and collection costs: nanoseconds per small allocation (with and without the
//! collections it triggers) and per object a collection frees or marks.
//!
//! Run with `cargo bench -p porcini-gc --bench alloc`; the "elements" throughput of each group is
//! the per-object figure.

use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use porcini_gc::{Gc, Heap, HeapConfig, Trace, Tracer};

/// A two-word object: with its 8-byte header it takes a 32-byte cell.
struct Link {
    next: Option<Gc<Link>>,
    value: u64,
}

// SAFETY: the link is traced.
unsafe impl Trace for Link {
    fn trace(&self, tracer: &mut Tracer) {
        self.next.trace(tracer);
    }
}

fn no_roots(_: &mut Tracer) {}

/// A heap that never collects by itself during a measurement.
fn quiet_heap() -> Heap {
    Heap::new(HeapConfig {
        stress: false,
        min_threshold_bytes: usize::MAX / 2,
    })
}

fn allocation(c: &mut Criterion) {
    let mut group = c.benchmark_group("alloc");
    group.throughput(Throughput::Elements(1));

    // The fast path alone: bump and free-list allocation, no collection in the timed part.
    group.bench_function("u64_no_gc", |b| {
        let heap = quiet_heap();
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                let chunk = left.min(1 << 20);
                let start = Instant::now();
                for i in 0..chunk {
                    black_box(heap.alloc(i, &no_roots));
                }
                total += start.elapsed();
                left -= chunk;
                heap.collect(&no_roots);
            }
            total
        });
    });

    group.bench_function("link_no_gc", |b| {
        let heap = quiet_heap();
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                let chunk = left.min(1 << 20);
                let start = Instant::now();
                for i in 0..chunk {
                    black_box(heap.alloc(
                        Link {
                            next: None,
                            value: i,
                        },
                        &no_roots,
                    ));
                }
                total += start.elapsed();
                left -= chunk;
                heap.collect(&no_roots);
            }
            total
        });
    });

    // Allocation of short-lived garbage with the default trigger: the amortised cost including
    // the collections it causes.
    group.bench_function("link_garbage_with_gc", |b| {
        let heap = Heap::new(HeapConfig::default());
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(heap.alloc(
                Link {
                    next: None,
                    value: i,
                },
                &no_roots,
            ))
        });
    });

    // Same, but every object keeps the previous one alive for a while: a sliding window of
    // 100 000 live objects, so collections also mark.
    group.bench_function("link_window_with_gc", |b| {
        let heap = Heap::new(HeapConfig::default());
        let window: Vec<Cell<Option<Gc<Link>>>> = (0..100_000).map(|_| Cell::new(None)).collect();
        let roots = |tracer: &mut Tracer| {
            for slot in &window {
                slot.trace(tracer);
            }
        };
        let mut i = 0usize;
        b.iter(|| {
            i += 1;
            let slot = &window[i % window.len()];
            if let Some(old) = slot.get() {
                black_box(old.value);
            }
            let link = heap.alloc(
                Link {
                    next: None,
                    value: i as u64,
                },
                &roots,
            );
            slot.set(Some(link));
        });
    });
    group.finish();
}

const OBJECTS: u64 = 200_000;

fn collection(c: &mut Criterion) {
    let mut group = c.benchmark_group("collect");
    group.throughput(Throughput::Elements(OBJECTS));

    // Freeing: every object is garbage.
    group.bench_function("free_per_object", |b| {
        let heap = quiet_heap();
        b.iter_batched(
            || {
                for i in 0..OBJECTS {
                    heap.alloc(
                        Link {
                            next: None,
                            value: i,
                        },
                        &no_roots,
                    );
                }
            },
            |()| heap.collect(&no_roots),
            BatchSize::PerIteration,
        );
    });

    // Marking: every object is alive, in one long list.
    group.bench_function("mark_per_object", |b| {
        let heap = quiet_heap();
        let head: Cell<Option<Gc<Link>>> = Cell::new(None);
        let roots = |tracer: &mut Tracer| head.trace(tracer);
        for i in 0..OBJECTS {
            head.set(Some(heap.alloc(
                Link {
                    next: head.get(),
                    value: i,
                },
                &roots,
            )));
        }
        b.iter(|| heap.collect(&roots));
    });

    // Conservative identification: words that mostly are not object addresses.
    group.bench_function("conservative_word", |b| {
        let heap = quiet_heap();
        let objects: Vec<usize> = (0..1000u64)
            .map(|i| {
                heap.alloc(
                    Link {
                        next: None,
                        value: i,
                    },
                    &no_roots,
                )
                .as_addr()
            })
            .collect();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let words: Vec<usize> = (0..OBJECTS)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match i % 4 {
                    0 => objects[(x % 1000) as usize],
                    1 => objects[(x % 1000) as usize] + 8,
                    2 => (objects[0] & !0xFFFF) | (x as usize & 0xFFF0),
                    _ => x as usize,
                }
            })
            .collect();
        let words = &words;
        b.iter(|| heap.collect(&|tracer: &mut Tracer| tracer.scan_slice(words)));
    });
    group.finish();
}

criterion_group!(benches, allocation, collection);
criterion_main!(benches);
