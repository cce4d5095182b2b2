//! porcini: self-specializing AST interpreters in Rust, after GraalVM Truffle.
//!
//! This crate is the language-agnostic framework core: guest values and their heap types, the object
//! model (shapes), frames, call targets, assumptions, the stage abstraction that lets one node
//! implementation serve both the interpreter and the partial evaluator, and control-flow nodes that
//! every language reuses. Languages depend on this crate; it never depends on a language.
//!
//! `unsafe` appears only in the value-layout modules (`value`, `value_stack`, `utf8_text`,
//! `buffer`), in each heap type's `Trace` implementation, and in `compiled`,
//! the runtime side of the JIT's calling convention (it turns the raw pointers compiled code
//! passes back into references); everything else is safe code.

pub mod assumption;
pub mod bigint;
pub mod buffer;
pub mod call_target;
pub mod compiled;
pub mod control;
pub mod elements;
pub mod embed;
pub mod emitter;
pub mod engine;
pub mod error;
pub mod frame;
pub mod function;
pub mod host;
pub mod instrument;
pub mod inlining;
mod interpreter;
pub mod language;
pub mod node;
pub mod object;
pub mod record;
pub mod operand;
pub mod property_survey;
pub mod resume;
pub mod rope;
pub mod runtime;
pub mod shape;
pub mod spec;
pub mod splitting;
pub mod stage;
pub mod string;
pub mod symbol;
pub mod symbolic;
pub mod utf8_text;
pub mod value;
mod value_stack;
pub mod virtual_object;

pub use error::{GuestError, Label, Pending, SpecFail, Unwind, UnwindKind};
pub use frame::{Frame, FrameDescriptor, SlotId, SlotKind};
pub use embed::{Entry, GuestFunction, GuestRef, HostFunction, HostValue};
pub use engine::{Engine, Host, Program, RunError, ToolReport};
pub use language::{Language, Launch};
pub use node::{ExprNode, NodeCost, TypedFail, expect_f64, expect_i64};
pub use operand::{ExecChild, Leaf, Operand};
pub use runtime::Runtime;
pub use stage::{BitOp, Cmp, FloatOp, FloatUnary, LoopShape, Stage};
pub use value::{HeapKind, KindObject, Tag, Value};
pub use porcini_gc::{Gc, InlineAlloc, Trace, Tracer};
pub use porcini_tools::options::EngineOptions;
