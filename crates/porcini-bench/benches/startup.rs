//! What it costs to get an SL program going: parsing a medium-sized source, and creating an
//! interpreter-only engine and running an empty `main` (parse, translation, registration, one
//! call, teardown).
//!
//! Run with `cargo bench -p porcini-bench --bench startup` (add `-- --quick` for a fast pass).
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use porcini_bench::guest::{NativeStack, on_guest_thread, run_source};
use porcini_bench::kernels::MEDIUM_SOURCE;

fn front_end(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    assert!(
        lang_sl::parser::parse(MEDIUM_SOURCE).is_ok(),
        "the medium source parses"
    );
    group.throughput(Throughput::Bytes(MEDIUM_SOURCE.len() as u64));
    group.bench_function("medium", |b| {
        b.iter(|| black_box(lang_sl::parser::parse(black_box(MEDIUM_SOURCE))))
    });
    group.finish();
}

fn engine(c: &mut Criterion, stack: NativeStack) {
    const EMPTY: &str = "function main() {\n}\n";
    let mut group = c.benchmark_group("startup");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    assert_eq!(
        run_source(stack, EMPTY, "empty.sl").map(|o| o.result),
        Ok(None),
        "the empty program runs"
    );
    group.bench_function("engine_empty_main", |b| {
        b.iter(|| black_box(run_source(stack, EMPTY, "empty.sl")))
    });
    group.finish();
}

fn main() {
    // Criterion runs on the guest thread, so every engine lives below the declared stack base.
    on_guest_thread(|stack| {
        let mut c = Criterion::default().configure_from_args();
        front_end(&mut c);
        engine(&mut c, stack);
        c.final_summary();
    });
}
