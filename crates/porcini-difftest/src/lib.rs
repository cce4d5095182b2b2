//! Differential testing of porcini's JIT against its interpreter.
//!
//! Compiled code must behave exactly like the interpreter, but the ways it can fail to are many:
//! a speculation that is not checked, a deoptimization that resumes with a wrong value, a cache
//! that keeps a stale target. This crate looks for such disagreements on generated programs. The
//! generator ([`sl::generate`]) turns a seed (or any source of choices, [`entropy`]) into a valid,
//! terminating, deterministic SL program written to make call targets hot, let nodes specialize
//! and then show them other types. The checker ([`check`]) runs a program through the `porcini`
//! binary in several engine modes ([`mode`], [`run`]) and compares every mode with the
//! interpreter; [`campaign`] does it for a range of seeds on several threads. The reducer ([`sl::reduce`]) shrinks a program that disagrees while it keeps
//! disagreeing the same way, and works on any SL file, not only generated ones.
//!
//! The crate only spawns `porcini` processes: it never links the engine, so a crash of compiled
//! code is an outcome like any other, not a crash of the tester. It depends on `lang-sl` for the
//! parser alone, to read hand-written programs and to validate what it prints.
//!
//! ```no_run
//! use std::path::Path;
//! use porcini_difftest::{campaign::check_seeds, mode::Mode};
//!
//! let summary = check_seeds(Path::new("target/release/porcini"), 0..100, Mode::ALL, 2, true);
//! for d in &summary.disagreements {
//!     println!("seed {}: {}", d.seed, d.report);
//! }
//! ```
#![forbid(unsafe_code)]

pub mod campaign;
pub mod check;
pub mod entropy;
pub mod mode;
pub mod run;
pub mod sl;
