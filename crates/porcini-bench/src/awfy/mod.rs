//! The pure parts of the `porcini-awfy` runner, which measures the Are-We-Fast-Yet JavaScript
//! benchmarks (`../shared/benchmarks/awfy/JavaScript`, run as `harness.js NAME ITERATIONS INNER`)
//! on porcini, compiling and interpreter-only, and on node, with and without its JIT.
//!
//! This module holds what is run: the fourteen benchmarks with their default sizes, the four VMs,
//! and the order of the runs in a round. What becomes of a run is in the submodules: reading and
//! checking the harness's output ([`output`]), the statistics ([`stats`]), one record per run
//! ([`run`]), the per-benchmark summary with its ratios and geometric means ([`summary`]), and the
//! three renderings of it: a text table ([`table`]), JSON ([`json`]) and an SVG chart ([`svg`]).
//! Spawning the processes is the binary's business (`src/bin/awfy.rs`).

pub mod json;
pub mod output;
pub mod run;
pub mod stats;
pub mod summary;
pub mod svg;
pub mod table;

/// One Are-We-Fast-Yet benchmark and the size the runner gives it by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Benchmark {
    /// The class name `harness.js` takes.
    pub name: &'static str,
    /// Outer iterations: the harness times each one and prints its time.
    pub iterations: u32,
    /// Inner iterations, repeated inside one timed iteration. Four benchmarks read it as a problem
    /// size and verify their result only for a few values (CD: 2, 10, 100, 200, 250, 500, 1000;
    /// Havlak: 1, 15, 150, 1500, 15000; Mandelbrot: 1, 500, 750; NBody: 1, 250000).
    pub inner: u32,
}

const fn bench(name: &'static str, iterations: u32, inner: u32) -> Benchmark {
    Benchmark {
        name,
        iterations,
        inner,
    }
}

/// The fourteen benchmarks, in the harness's (alphabetical) order. The sizes are chosen so that
/// one run on node --jitless takes one to two seconds (measured on node 20), with 20 timed
/// iterations, so that the second half, which the steady-state time is taken from, has ten.
/// Three benchmarks cannot be made that small, because they verify their result only at sizes
/// where one iteration without a JIT takes 0.5 s (Mandelbrot at 500), 1.2 s (NBody at 250000)
/// and 1.7 s (Havlak at 1); they run 4, 2 and 2 iterations, so their steady state is the median
/// of the last two iterations or the last one alone.
pub const BENCHMARKS: &[Benchmark] = &[
    bench("Bounce", 20, 100),
    bench("CD", 20, 10),
    bench("DeltaBlue", 20, 2000),
    bench("Havlak", 2, 1),
    bench("Json", 20, 10),
    bench("List", 20, 150),
    bench("Mandelbrot", 4, 500),
    bench("NBody", 2, 250000),
    bench("Permute", 20, 50),
    bench("Queens", 20, 80),
    bench("Richards", 20, 2),
    bench("Sieve", 20, 150),
    bench("Storage", 20, 80),
    bench("Towers", 20, 40),
];

/// The benchmark called `name`.
pub fn benchmark(name: &str) -> Option<&'static Benchmark> {
    BENCHMARKS.iter().find(|b| b.name == name)
}

/// Which executable a VM runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    /// The `porcini` launcher built in this workspace.
    Porcini,
    /// `node` from `PATH`.
    Node,
}

/// One way of running the harness: an executable and the options before `harness.js`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vm {
    /// The name in reports, in `--vms` and in the JSON.
    pub name: &'static str,
    /// The executable.
    pub program: Program,
    /// Options before the script.
    pub args: &'static [&'static str],
}

/// porcini in its default mode, which compiles hot code.
pub const PORCINI: &str = "porcini";
/// porcini with compilation off: the interpreter alone.
pub const PORCINI_INTERP: &str = "porcini-interp";
/// node with its JIT compilers; also the VM whose output every other run must reproduce.
pub const NODE: &str = "node";
/// node with its bytecode interpreter alone.
pub const NODE_JITLESS: &str = "node-jitless";

/// The four VMs, in report order.
pub const VMS: &[Vm] = &[
    Vm {
        name: PORCINI,
        program: Program::Porcini,
        args: &[],
    },
    Vm {
        name: PORCINI_INTERP,
        program: Program::Porcini,
        args: &["--engine.Compilation=false"],
    },
    Vm {
        name: NODE,
        program: Program::Node,
        args: &[],
    },
    Vm {
        name: NODE_JITLESS,
        program: Program::Node,
        args: &["--jitless"],
    },
];

/// The VM called `name`.
pub fn vm(name: &str) -> Option<&'static Vm> {
    VMS.iter().find(|v| v.name == name)
}

/// The order of one round's runs, as (benchmark index, VM index) pairs: every benchmark in turn,
/// and for each every VM, starting from a VM that moves on by one from round to round and from
/// benchmark to benchmark. No VM is always first after a benchmark change or always last, so
/// neither a warm file cache nor a noisy neighbour settles on one VM.
pub fn schedule(round: u32, benchmarks: usize, vms: usize) -> Vec<(usize, usize)> {
    let mut order = Vec::with_capacity(benchmarks * vms);
    for b in 0..benchmarks {
        for k in 0..vms {
            order.push((b, (round as usize + b + k) % vms));
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(round: u32, benchmarks: usize, vms: usize, expect: &str) {
        let actual: Vec<String> = schedule(round, benchmarks, vms)
            .iter()
            .map(|(b, v)| format!("{b}{}", (b'a' + *v as u8) as char))
            .collect();
        assert_eq!(actual.join(" "), expect);
    }

    #[test]
    fn rounds_rotate_the_vms() {
        check(0, 2, 3, "0a 0b 0c 1b 1c 1a");
        check(1, 2, 3, "0b 0c 0a 1c 1a 1b");
        check(5, 1, 4, "0b 0c 0d 0a");
        check(0, 0, 4, "");
    }

    #[test]
    fn names_are_unique_and_known() {
        assert_eq!(BENCHMARKS.len(), 14);
        let mut names: Vec<&str> = BENCHMARKS.iter().map(|b| b.name).collect();
        names.dedup();
        assert_eq!(names.len(), 14);
        assert_eq!(benchmark("NBody").map(|b| b.inner), Some(250000));
        assert_eq!(vm("node-jitless").map(|v| v.args), Some(&["--jitless"][..]));
        assert_eq!(vm("lua"), None);
    }
}
