//! porcini's partial-evaluation JIT: a call target's node tree, run on the symbolic stage, becomes
//! machine code through Cranelift.
//!
//! There is no compiler per language here. The compiler is derived from the interpreter (the
//! first Futamura projection): [`porcini::symbolic::SymFrame`] runs the very node code the
//! interpreter runs, reading node state as constants, and hands each operation of the active
//! specializations to [`lower::Lowering`], which builds Cranelift IR. Speculations become exits
//! to the interpreter with the exact frame state, boundaries and guest calls become calls into
//! the runtime ([`porcini::compiled`]), and the frame's slots become SSA variables.
//!
//! This is the only crate that names Cranelift types. An embedder installs a [`Jit`] on a runtime
//! with [`porcini::Runtime::set_compiler`]; the runtime's policy decides what to compile.
//!
//! `unsafe` here is limited to turning finished machine code into the entry-point type.

pub mod alloc_count;
mod facts;
mod jit;
mod lower;
mod loop_placement;
mod worker;

pub use jit::Jit;
