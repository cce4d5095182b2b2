//! Tests where the JIT meets real languages, kept out of `porcini-jit` so that the JIT crate
//! names no language, not even in its tests: its own tests use small test languages, and the
//! ones here compile SL and EasyScript programs (IR snapshots, trace lines, calls, deoptimization,
//! background compilation, compile cost). The crate has no code of its own; see `tests/it/`.
#![forbid(unsafe_code)]
