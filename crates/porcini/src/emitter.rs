//! What the symbolic stage produces its operations into: a recording for tests, or compiled code.
//!
//! [`crate::symbolic::SymFrame`] runs node code on symbolic values and does the bookkeeping every
//! consumer needs the same way: the path and the evaluated children that make up a frame state,
//! which construct an abrupt completion leaves, where a call must be followed by a validity
//! check. What each operation *becomes* is the emitter's business. The recording emitter
//! ([`crate::symbolic::Recording`]) writes one line per operation; the JIT's emitter builds
//! Cranelift IR from the same calls, so the compiler never sees a node and no language gains
//! compile-specific code.
//!
//! Handles ([`SymVal`]) are typed by how they were made: the emitter knows whether a handle is a
//! boxed value, an unboxed integer or a condition, and lays frame states out accordingly.

use crate::assumption::Assumption;
use crate::call_target::{CallTarget, CallTargetId};
use crate::compiled::BoundarySite;
use crate::frame::SlotId;
use crate::language::Language;
use crate::stage::{BitOp, Cmp, FloatOp, FloatUnary, ResolveFn};
use crate::symbolic::SymVal;
use crate::value::{Tag, Value};

/// Integer arithmetic that reports failure (overflow, or for division a zero divisor or
/// `MIN / -1`) next to its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// `a / b`, truncated
    Div,
    /// `a % b`, truncated (fails on a zero divisor)
    Rem,
}

/// Two-operand logic on conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicOp {
    /// Both hold.
    And,
    /// Either holds.
    Or,
}

/// A structured jump out of the current point to the innermost loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopExit {
    /// To the loop's exit.
    Break,
    /// To the loop's next condition test.
    Continue,
}

/// The frame state at a point of the tree: the child indices from the root, and the handles of
/// the children evaluated along the way, in evaluation order (see [`crate::resume::FrameState`]).
///
/// Inside an inlined callee the state is a chain: `callers` holds, outermost first, the state of
/// each frame that is waiting at the call it inlined (the compiled code's own frame first), and
/// `path` and `live` are the innermost callee's.
#[derive(Clone, Copy, Debug)]
pub struct StateRef<'a> {
    /// The frames waiting at an inlined call, outermost first (empty outside inlined code).
    pub callers: &'a [CallerState],
    /// The resume position.
    pub path: &'a [u32],
    /// The evaluated children.
    pub live: &'a [SymVal],
}

/// The frame state of a caller at the call it inlined: the path to the call node and the
/// children it evaluated (its function and arguments, for SL).
#[derive(Clone, Debug, Default)]
pub struct CallerState {
    /// The path to the call node.
    pub path: Vec<u32>,
    /// Its evaluated children.
    pub live: Vec<SymVal>,
}

/// What a `try` region does with the exceptions raised in its body (see [`Emitter::begin_try`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryKind {
    /// They go to a handler, with the caught value (a thrown value as it is, a guest error as
    /// the language turns it into a value; what no `catch` stops goes on outwards).
    Catch,
    /// They go to the finalizer, with the completion code
    /// [`crate::control::completion::THROW`] and the exception saved as a value.
    Finally,
}

/// How compiled code leaves for the interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    /// A speculation failed: the node respecializes, so the code is invalidated
    /// (`transferToInterpreterAndInvalidate`, what every DSL guard does).
    Invalidate,
    /// Leave the code without invalidating it (`transferToInterpreter`).
    Keep,
}

/// The operations of node code on symbolic values; see the module documentation.
///
/// Control flow arrives bracketed: `begin_if` / `begin_else` / `end_if` around the two arms,
/// `begin_loop` / `loop_test` / `end_loop` around a loop, `begin_try` / `begin_catch` /
/// `end_catch` around a `try` with a handler and `begin_try` / `begin_finally` around one with a
/// finalizer. An arm or a body that completes abruptly has already emitted its exit (`ret`,
/// `exit_loop`, `enter_finally`, a deoptimization); the stage passes `None` for its value.
pub trait Emitter<L: Language> {
    /// A constant value.
    fn konst(&mut self, v: Value) -> SymVal;
    /// A constant integer.
    fn i64_const(&mut self, v: i64) -> SymVal;
    /// A constant condition.
    fn bool_const(&mut self, b: bool) -> SymVal;
    /// Does the value carry `tag`?
    fn has_tag(&mut self, v: SymVal, tag: Tag) -> SymVal;
    /// The integer payload of a value.
    fn unbox_i64(&mut self, v: SymVal) -> SymVal;
    /// The boolean payload of a value.
    fn unbox_bool(&mut self, v: SymVal) -> SymVal;
    /// Boxes an integer.
    fn box_i64(&mut self, v: SymVal) -> SymVal;
    /// Boxes a condition.
    fn box_bool(&mut self, b: SymVal) -> SymVal;
    /// Integer arithmetic: the result and whether it failed.
    fn arith(&mut self, op: ArithOp, a: SymVal, b: SymVal) -> (SymVal, SymVal);
    /// Integer comparison.
    fn cmp_i64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal;
    /// Negation of a condition.
    fn not(&mut self, b: SymVal) -> SymVal;
    /// Two-operand logic.
    fn logic(&mut self, op: LogicOp, a: SymVal, b: SymVal) -> SymVal;
    /// Identity of two values.
    fn same(&mut self, a: SymVal, b: SymVal) -> SymVal;
    /// A bitwise operation or shift on integers.
    fn bits(&mut self, op: BitOp, a: SymVal, b: SymVal) -> SymVal;
    /// The low 32 bits of an integer, sign- or zero-extended.
    fn wrap_i32(&mut self, a: SymVal, signed: bool) -> SymVal;
    /// A constant float.
    fn f64_const(&mut self, x: f64) -> SymVal;
    /// The float payload of a double.
    fn unbox_f64(&mut self, v: SymVal) -> SymVal;
    /// Boxes a float.
    fn box_f64(&mut self, x: SymVal) -> SymVal;
    /// A number (double or integer) as a float.
    fn number_to_f64(&mut self, v: SymVal) -> SymVal;
    /// An integer as a float.
    fn i64_to_f64(&mut self, a: SymVal) -> SymVal;
    /// A float truncated to an integer, and whether it was exactly that integer.
    fn f64_to_i64(&mut self, x: SymVal) -> (SymVal, SymVal);
    /// Float arithmetic.
    fn float_arith(&mut self, op: FloatOp, a: SymVal, b: SymVal) -> SymVal;
    /// A one-operand float operation.
    fn float_unary(&mut self, op: FloatUnary, a: SymVal) -> SymVal;
    /// Float comparison.
    fn cmp_f64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal;

    /// Leaves for the interpreter at `state` unless `holds`.
    fn deopt_unless(&mut self, holds: SymVal, reason: &'static str, state: StateRef<'_>, how: Transfer);
    /// Leaves for the interpreter at `state` unconditionally; what follows is unreachable.
    fn deopt(&mut self, reason: &'static str, state: StateRef<'_>, how: Transfer);
    /// After a call: leaves for the interpreter at `state` if the code was invalidated while the
    /// call ran (lazy deoptimization of a frame on the stack).
    fn check_valid(&mut self, state: StateRef<'_>);
    /// The code depends on `a` (which is valid).
    fn assume(&mut self, a: &Assumption);

    /// Starts a two-way branch on `c`, in the then-arm.
    fn begin_if(&mut self, c: SymVal);
    /// Ends the then-arm (with its value, or `None` if it completed abruptly) and starts the else-arm.
    fn begin_else(&mut self, then: Option<SymVal>);
    /// Ends the else-arm and continues after the branch; the merged value if an arm completed.
    fn end_if(&mut self, els: Option<SymVal>) -> Option<SymVal>;
    /// Starts a loop, at its condition. A loop `has_step` when a step follows its body
    /// ([`Emitter::begin_step`]), where a `continue` goes.
    fn begin_loop(&mut self, has_step: bool);
    /// Leaves the loop unless `c` holds; then the body follows.
    fn loop_test(&mut self, c: SymVal);
    /// Ends the body (`completed`: it fell through) and starts the loop's step, where the
    /// body's `continue`s arrive too. Only for a loop that has a step.
    fn begin_step(&mut self, completed: bool);
    /// Ends the body, or the step (`completed`: it fell through to the back edge), and continues
    /// after the loop.
    fn end_loop(&mut self, completed: bool);
    /// Jumps to the exit, or the step or condition, of the loop `depth` loops out from the
    /// innermost (0: the innermost); what follows is unreachable.
    fn exit_loop(&mut self, exit: LoopExit, depth: u32);
    /// Returns `v` from the root; what follows is unreachable.
    fn ret(&mut self, v: SymVal);
    /// Throws the guest value `v`: to the innermost `try` region's handler or finalizer, or
    /// the unit unwinds with it; what follows is unreachable.
    fn throw(&mut self, v: SymVal);

    /// Starts a `try` region: until it ends ([`Emitter::begin_catch`] or
    /// [`Emitter::begin_finally`]), an exception raised here (a `throw`, a call or boundary that
    /// unwinds, a stack overflow at a call) goes to the region instead of out of the unit.
    /// Regions nest, and reach across inlined calls: a callee's exception is its caller's.
    fn begin_try(&mut self, kind: TryKind);
    /// Ends the body of the innermost region, a [`TryKind::Catch`] one (`completed`: the body
    /// fell through, to after the `try`), and starts its handler: the caught value, and whether
    /// an exception from a call reaches it (compiled code may have been invalidated while the
    /// call ran); `None` when no exception reaches the handler, which is then unreachable.
    fn begin_catch(&mut self, completed: bool) -> Option<(SymVal, bool)>;
    /// Ends the handler (`completed`: it fell through) and continues after the `try`; whether
    /// that point is reachable.
    fn end_catch(&mut self, completed: bool) -> bool;
    /// Goes to the finalizer of the [`TryKind::Finally`] region `region` (0: the outermost
    /// region open) with the completion `code` (an integer, see
    /// [`crate::control::completion`]) and its `payload`; what follows is unreachable.
    fn enter_finally(&mut self, region: usize, code: SymVal, payload: SymVal);
    /// Ends the body of the innermost region, a [`TryKind::Finally`] one, and starts its
    /// finalizer: the completion's code and payload, and whether an exception from a call
    /// reaches it; `None` when nothing enters the finalizer.
    fn begin_finally(&mut self) -> Option<(SymVal, SymVal, bool)>;
    /// Raises again an exception a finalizer held (a thrown value or a saved guest error), as
    /// [`Emitter::throw`] does; what follows is unreachable.
    fn rethrow(&mut self, v: SymVal);

    /// Argument `i` (null when absent).
    fn read_arg(&mut self, i: u32) -> SymVal;
    /// A local slot.
    fn read_slot(&mut self, slot: SlotId) -> SymVal;
    /// Writes a local slot.
    fn write_slot(&mut self, slot: SlotId, v: SymVal);
    /// The shape id of an object value.
    fn load_shape(&mut self, obj: SymVal) -> SymVal;
    /// Property slot `index` of an object of a checked shape.
    fn load_property(&mut self, obj: SymVal, index: u32) -> SymVal;
    /// Writes property slot `index` of an object of a checked shape.
    fn store_property(&mut self, obj: SymVal, index: u32, v: SymVal);
    /// The slot of plain data property `key` of an object, from the megamorphic cache, or -1.
    fn data_slot(&mut self, obj: SymVal, key: crate::symbol::Symbol) -> SymVal;
    /// Property slot `slot` (an integer, a `data_slot` answer) of an object.
    fn load_property_at(&mut self, obj: SymVal, slot: SymVal) -> SymVal;
    /// Writes property slot `slot` (an integer, a `data_slot` answer) of an object.
    fn store_property_at(&mut self, obj: SymVal, slot: SymVal, v: SymVal);
    /// Adds property slot `index` to an object of a checked shape, which becomes `to`.
    fn add_property(&mut self, obj: SymVal, to: crate::shape::ShapeId, index: u32, v: SymVal);

    /// Makes an empty object of the root shape `to`, its internal value empty: in place where
    /// the emitter can, and otherwise (and on the path where the heap must be called) by the
    /// boundary `site`, which makes the same object.
    fn alloc_object(&mut self, name: &'static str, to: crate::shape::ShapeId, site: BoundarySite<L>, args: &[SymVal]) -> SymVal {
        let _ = to;
        self.call_boundary(name, site, args)
    }
    /// Makes what the boundary `site` makes from `args`: for a `len` that is an integer from 1
    /// to [`crate::buffer::IN_PLACE_MAX`], an object of the root shape `to` whose internal
    /// value is new elements holding `len` holes, in place where the emitter can
    /// ([`crate::Stage::alloc_elements_object`]).
    fn alloc_elements_object(
        &mut self,
        name: &'static str,
        to: crate::shape::ShapeId,
        len: SymVal,
        site: BoundarySite<L>,
        args: &[SymVal],
    ) -> SymVal {
        let _ = (to, len);
        self.call_boundary(name, site, args)
    }
    /// An object's internal value.
    fn load_internal(&mut self, obj: SymVal) -> SymVal;
    /// The word at `offset` bytes from the address `obj` holds (an integer): a heap kind's
    /// field ([`crate::Stage::load_kind_field`]).
    fn load_word(&mut self, obj: SymVal, offset: usize) -> SymVal;
    /// The value at `offset` bytes from the address `obj` holds: a heap kind's value field
    /// ([`crate::Stage::load_kind_value`]).
    fn load_value_at(&mut self, obj: SymVal, offset: usize) -> SymVal;
    /// The number of elements (an integer).
    fn elements_len(&mut self, e: SymVal) -> SymVal;
    /// Element `i` (checked in bounds).
    fn elements_get(&mut self, e: SymVal, i: SymVal) -> SymVal;
    /// Writes element `i` (checked in bounds).
    fn elements_set(&mut self, e: SymVal, i: SymVal, v: SymVal);
    /// Slot `index` of a record.
    fn record_get(&mut self, rec: SymVal, index: u32) -> SymVal;
    /// Writes slot `index` of a record.
    fn record_set(&mut self, rec: SymVal, index: u32, v: SymVal);
    /// The enclosing record of a record.
    fn record_parent(&mut self, rec: SymVal) -> SymVal;

    /// Calls `target` with `args`; a guest error unwinds out of the compiled code.
    fn call(&mut self, target: &CallTarget<L>, args: &[SymVal]) -> SymVal;
    /// Starts the body of `target`, inlined at a call with `args`: until [`Emitter::end_inline`]
    /// slots, arguments and returns are the callee's, and frame states carry the caller's state
    /// in [`StateRef::callers`].
    fn begin_inline(&mut self, target: &CallTarget<L>, args: &[SymVal]);
    /// Ends the inlined body: the value it returns, or `None` when no path returns.
    fn end_inline(&mut self) -> Option<SymVal>;
    /// Abandons the inlined call `level` (0: the outermost being emitted), and the bodies
    /// inlined inside it, on a path that would call: the path goes to where the call replacing
    /// the copy is made (see [`Emitter::call_instead`]); what follows is unreachable.
    fn abandon_inline(&mut self, level: usize);
    /// Where the paths that abandoned the inlined call `level` meet, after its body: calls
    /// `target` with `args` (the inlined call itself, made from the frame of its caller) and
    /// makes that call's value the inlined call's value. Emitted once per copy, so a copy
    /// abandoned at several places makes the call in one place.
    fn call_instead(&mut self, level: usize, target: &CallTarget<L>, args: &[SymVal]);
    /// Calls the target `resolve` finds for `callee`.
    fn call_indirect(&mut self, resolve: ResolveFn<L>, callee: SymVal, args: &[SymVal]) -> SymVal;
    /// Calls a boundary function (never inlined).
    fn call_boundary(&mut self, name: &'static str, site: BoundarySite<L>, args: &[SymVal]) -> SymVal;
    /// A safepoint ([`crate::instrument`]): when the engine's interrupt word is raised, calls
    /// `site` (a boundary that samples the stack or checks limits, and may unwind with the
    /// run's cancellation), passing the ids of the callees inlined here, outermost first, as
    /// integers. Otherwise it costs a load and a branch. It reads and writes no frame slot.
    /// An emitter that only measures code may leave it out.
    fn safepoint(&mut self, site: BoundarySite<L>, inlined: &[CallTargetId]) {
        let _ = (site, inlined);
    }
    /// A value for unreachable code.
    fn dead(&mut self) -> SymVal;
    /// Whether code emitted here can run. An emitter that proves a point unreachable while
    /// partial evaluation goes on (a branch on a condition it folded) answers false there, and
    /// a call met there is reported as removed by partial evaluation (see [`crate::inlining`]).
    fn reachable(&self) -> bool {
        true
    }
    /// Why the unit has grown past what one compilation may cost, if it has (Truffle's
    /// `MaximumGraalGraphSize`): partial evaluation then stops, and the compilation fails for
    /// good rather than take seconds and gigabytes.
    fn exhausted(&self) -> Option<String> {
        None
    }
}
