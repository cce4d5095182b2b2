//! The SL interpreter on small kernels: fib, sumcall, propinc, strcat and polyadd, each sized so
//! that one call takes milliseconds (see `porcini_bench::kernels`).
//!
//! Every kernel is loaded once into an interpreter-only engine (`--engine.Compilation=false`) and
//! its `kernel()` function is then called once per iteration, so the numbers are the steady-state
//! speed of specialized nodes; start-up and parsing are measured by the `startup` bench. The
//! throughput figures count guest calls (fib) or loop iterations (the others).
//!
//! Run with `cargo bench -p porcini-bench --bench kernels` (add `-- --quick` for a fast pass).
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput};
use porcini_bench::guest::{Loaded, NativeStack, on_guest_thread};
use porcini_bench::kernels::{ENTRY, Kernel, default_kernels};

fn interpreter(c: &mut Criterion, stack: NativeStack) {
    let mut group = c.benchmark_group("interp");
    // Iterations take milliseconds, so criterion's linear sampling would need minutes to fill
    // its samples; flat sampling runs the same number of iterations per sample instead.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for kernel in default_kernels() {
        let label = format!("{}_{}", kernel.name, kernel.n);
        let loaded = load_checked(stack, &kernel, &label);
        group.throughput(Throughput::Elements(kernel.ops));
        group.bench_function(label, |b| {
            b.iter(|| black_box(loaded.call().expect("the kernel runs")))
        });
    }
    group.finish();
}

/// Loads a kernel and checks one call's result before anything is timed, so a broken kernel
/// stops the run instead of producing a number.
fn load_checked(stack: NativeStack, kernel: &Kernel, label: &str) -> Loaded {
    let loaded =
        Loaded::new(stack, &kernel.source, ENTRY).unwrap_or_else(|e| panic!("{label}: {e}"));
    let got = loaded
        .call_display()
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(got, kernel.expected, "{label} returned a wrong result");
    loaded
}

fn main() {
    // Criterion runs on the guest thread, so every engine lives below the declared stack base.
    on_guest_thread(|stack| {
        let mut c = Criterion::default().configure_from_args();
        interpreter(&mut c, stack);
        c.final_summary();
    });
}
