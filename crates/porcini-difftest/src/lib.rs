//! Differential testing of porcini's JIT against its interpreter, and of EasyScript against node.
//!
//! Compiled code must behave exactly like the interpreter, but the ways it can fail to are many:
//! a speculation that is not checked, a deoptimization that resumes with a wrong value, a cache
//! that keeps a stale target. This crate looks for such disagreements on generated programs, in
//! both guest languages ([`lang`]). The generators ([`sl::generate`], [`es::generate`] and the
//! kernels of each) turn a seed (or any source of choices, [`entropy`]) into a valid,
//! terminating, deterministic program written to make call targets hot, let nodes specialize and
//! then show them other types. The checker ([`check`]) runs a program through the `porcini`
//! binary in several engine modes ([`mode`], [`run`]) and compares every mode with the
//! interpreter; an EasyScript program is also compared with node, its oracle, when node is
//! installed. [`campaign`] does it for a range of seeds on several threads. The reducers
//! ([`sl::reduce`], [`es::reduce`]) shrink a program that disagrees while it keeps disagreeing
//! the same way, and work on any file, not only generated ones.
//!
//! The crate only spawns `porcini` (and `node`) processes: it never runs the engine in-process,
//! so a crash of compiled code is an outcome like any other, not a crash of the tester. It
//! depends on `lang-sl` and `lang-es` for their parsers alone, to read hand-written programs and
//! to validate what it writes.
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
pub mod es;
pub mod lang;
pub mod mode;
pub mod run;
pub mod sl;
