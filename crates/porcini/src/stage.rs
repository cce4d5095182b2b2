//! The stage abstraction: one node implementation, instantiated by the interpreter and by the
//! partial evaluator.
//!
//! Node code is written once, generic over `S: Stage<L>`. Every operation that touches guest data
//! goes through the stage. The interpreter stage ([`Frame`]) computes on concrete values, and its
//! `speculate` is a plain test. A symbolic stage (see [`crate::symbolic`]) computes on IR handles: it
//! reads node state as ordinary Rust values while it emits operations, so dispatch on specialization
//! state folds away, a speculation becomes a deoptimization exit, and a boundary becomes a call.
//!
//! What the node reads from `&self` (specialization bits, cached shapes, child lists) is
//! "compilation final": constant for the symbolic stage. Everything that flows through `S::Val`,
//! `S::I64` and `S::Bool` is dynamic.

use crate::call_target::{CallTarget, DirectCallNode};
use crate::error::{Label, Unwind};
use crate::frame::{Frame, SlotId};
use crate::language::Language;
use crate::node::ExprNode;
use crate::runtime::Runtime;
use crate::value::{Tag, Value};

/// Integer comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
}

/// Finds the call target of a dynamic callee (for indirect calls), or raises the guest error.
pub type ResolveFn<L> = fn(&Runtime<L>, Value) -> Result<std::rc::Rc<CallTarget<L>>, Unwind<Value>>;

/// A host function that compiled code calls instead of inlining (the `@TruffleBoundary` of porcini).
/// It receives the node it belongs to, the interpreter frame and the concrete argument values.
pub type BoundaryFn<N, L> = fn(&N, &mut Frame<'_, L>, &[Value]) -> Result<Value, Unwind<Value>>;

/// The operations node code may use. See the module documentation.
pub trait Stage<L: Language>: Sized {
    /// A generic (boxed) guest value.
    type Val: Copy;
    /// An unboxed 64-bit integer.
    type I64: Copy;
    /// An unboxed boolean condition.
    type Bool: Copy;
    /// An unboxed 64-bit float.
    type F64: Copy;
    /// True for stages that emit code instead of computing.
    const COMPILING: bool;

    /// The runtime, for reading compilation-final global state.
    fn runtime(&self) -> &Runtime<L>;
    /// Whether this stage is resuming a frame that compiled code left while inside callees it
    /// had inlined: the call on the resumed path must resume them, so a call site that has
    /// since turned generic takes the way it took in the compiled code when that way still
    /// applies (a `new` site calling its one constructor directly), rather than a generic path
    /// that would start the callee over.
    fn resumes_inlined(&self) -> bool {
        false
    }

    /// Executes child number `index` of the current node.
    fn exec(&mut self, index: u32, child: &dyn ExprNode<L>) -> Result<Self::Val, Unwind<Self::Val>>;
    /// Executes a leaf stored inline in its parent as child `index` (see [`crate::operand`]); the
    /// stage treats it exactly like [`Stage::exec`] of that child.
    fn exec_leaf<F: crate::operand::Leaf<L>>(&mut self, index: u32, leaf: &F) -> Result<Self::Val, Unwind<Self::Val>>;
    /// Executes an inline leaf as child `index` expecting an integer ([`crate::operand::Leaf::eval_i64`]).
    fn exec_leaf_i64<F: crate::operand::Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
    ) -> Result<Self::I64, crate::node::TypedFail<Self::Val>>;
    /// Executes an inline leaf as child `index` expecting a number as a double
    /// ([`crate::operand::Leaf::eval_f64`]); without `ints`, a double only.
    fn exec_leaf_f64<F: crate::operand::Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
        ints: bool,
    ) -> Result<Self::F64, crate::node::TypedFail<Self::Val>>;
    /// Executes child `index` of the current node by running `eval`, its node code, in place
    /// (for children the parent holds by value); the stage treats it exactly like
    /// [`Stage::exec`] of that child.
    fn exec_inline(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<Self::Val, Unwind<Self::Val>>,
    ) -> Result<Self::Val, Unwind<Self::Val>>;

    /// Executes `stmts` in order, as children `first`, `first + 1`, … of the current node, for
    /// their effects only: their values are dropped. A frame state therefore keeps nothing of
    /// the statements already run but the position of the next, so its size does not grow with
    /// the statements before it (a block of a thousand statements has a thousand exits, not a
    /// thousand exits of a thousand values each). The position one past the last statement
    /// means "after them" (see the symbolic and resuming stages).
    #[inline(always)]
    fn exec_seq(&mut self, first: u32, stmts: &[Box<dyn ExprNode<L>>]) -> Result<(), Unwind<Self::Val>> {
        if self.runtime().instruments.counts_statements() {
            return self.exec_seq_counted(first, stmts);
        }
        for (i, st) in stmts.iter().enumerate() {
            self.exec(first + i as u32, &**st)?;
        }
        Ok(())
    }

    /// [`Stage::exec_seq`] with the statement hook before each statement, apart so that the
    /// loop without hooks stays as tight as it was.
    #[cold]
    #[inline(never)]
    fn exec_seq_counted(&mut self, first: u32, stmts: &[Box<dyn ExprNode<L>>]) -> Result<(), Unwind<Self::Val>> {
        for (i, st) in stmts.iter().enumerate() {
            self.statement_hook(first + i as u32, crate::node::node_addr(&**st))?;
            self.exec(first + i as u32, &**st)?;
        }
        Ok(())
    }

    /// The statement hook ([`crate::instrument`]): statement `index` of the current node, the
    /// node at `addr`, is about to run. Called only while the runtime counts statements; it may
    /// cancel the run. A stage replaying a deoptimized frame skips the statements compiled code
    /// already counted.
    fn statement_hook(&mut self, index: u32, addr: usize) -> Result<(), Unwind<Self::Val>>;

    /// A constant value.
    fn konst(&mut self, v: Value) -> Self::Val;
    /// A constant integer.
    fn i64_const(&mut self, v: i64) -> Self::I64;
    /// A constant condition.
    fn bool_const(&mut self, b: bool) -> Self::Bool;

    /// Does `v` carry `tag`?
    fn has_tag(&mut self, v: Self::Val, tag: Tag) -> Self::Bool;
    /// The payload of a value known to be an integer.
    fn unbox_i64(&mut self, v: Self::Val) -> Self::I64;
    /// The payload of a value known to be a boolean.
    fn unbox_bool(&mut self, v: Self::Val) -> Self::Bool;
    /// Boxes an integer.
    fn box_i64(&mut self, v: Self::I64) -> Self::Val;
    /// Boxes a boolean.
    fn box_bool(&mut self, b: Self::Bool) -> Self::Val;

    /// `a + b` and whether it overflowed.
    fn add_i64(&mut self, a: Self::I64, b: Self::I64) -> (Self::I64, Self::Bool);
    /// `a - b` and whether it overflowed.
    fn sub_i64(&mut self, a: Self::I64, b: Self::I64) -> (Self::I64, Self::Bool);
    /// `a * b` and whether it overflowed.
    fn mul_i64(&mut self, a: Self::I64, b: Self::I64) -> (Self::I64, Self::Bool);
    /// `a / b` truncated, and whether it failed (division by zero or `MIN / -1`).
    fn div_i64(&mut self, a: Self::I64, b: Self::I64) -> (Self::I64, Self::Bool);
    /// `a % b` truncated (the sign of `a`), and whether it failed (a zero divisor).
    fn rem_i64(&mut self, a: Self::I64, b: Self::I64) -> (Self::I64, Self::Bool);
    /// Integer comparison.
    fn cmp_i64(&mut self, op: Cmp, a: Self::I64, b: Self::I64) -> Self::Bool;
    /// A bitwise operation or shift on 64-bit integers (shift counts are taken modulo 64).
    fn bits_i64(&mut self, op: BitOp, a: Self::I64, b: Self::I64) -> Self::I64;
    /// The low 32 bits of `a`, sign-extended (`signed`) or zero-extended: a 32-bit integer
    /// operation's result.
    fn wrap_i32(&mut self, a: Self::I64, signed: bool) -> Self::I64;

    /// A constant float.
    fn f64_const(&mut self, x: f64) -> Self::F64;
    /// The payload of a value known to be a double.
    fn unbox_f64(&mut self, v: Self::Val) -> Self::F64;
    /// Boxes a float as a double.
    fn box_f64(&mut self, x: Self::F64) -> Self::Val;
    /// A value known to be a number, a double or an integer, as a double (an integer is widened,
    /// Truffle's implicit cast).
    fn number_to_f64(&mut self, v: Self::Val) -> Self::F64;
    /// An integer as a float (rounded to the nearest double beyond 2^53).
    fn i64_to_f64(&mut self, a: Self::I64) -> Self::F64;
    /// A float truncated to an integer (saturating; NaN is 0), and whether the float was that
    /// integer exactly: integral, within the 64-bit range, and not negative zero.
    fn f64_to_i64(&mut self, x: Self::F64) -> (Self::I64, Self::Bool);
    /// Float arithmetic, IEEE 754 (`Rem` is C's `fmod`: the sign of the dividend).
    fn float_arith(&mut self, op: FloatOp, a: Self::F64, b: Self::F64) -> Self::F64;
    /// A one-operand float operation.
    fn float_unary(&mut self, op: FloatUnary, a: Self::F64) -> Self::F64;
    /// Float comparison: false whenever an operand is NaN.
    fn cmp_f64(&mut self, op: Cmp, a: Self::F64, b: Self::F64) -> Self::Bool;
    /// Logical not.
    fn not(&mut self, b: Self::Bool) -> Self::Bool;
    /// Logical and (both already evaluated).
    fn and(&mut self, a: Self::Bool, b: Self::Bool) -> Self::Bool;
    /// Logical or (both already evaluated).
    fn or(&mut self, a: Self::Bool, b: Self::Bool) -> Self::Bool;
    /// Identity of two values (same tag and payload).
    fn same(&mut self, a: Self::Val, b: Self::Val) -> Self::Bool;

    /// A speculation: the interpreter returns `holds`; a compiling stage emits a deoptimization
    /// exit taken when `holds` is false, recording the frame state, and returns true.
    fn speculate(&mut self, holds: Self::Bool, reason: &'static str) -> bool;
    /// Leaves compiled code for the interpreter here, keeping the code (Truffle's
    /// `transferToInterpreter`): nothing happens in the interpreter; a compiling stage emits an
    /// exit that resumes the interpreter at this point, and what follows is unreachable there.
    /// Node code must not change its state on a compiling stage: guard changes that follow with
    /// [`Stage::in_interpreter`].
    fn transfer_to_interpreter(&mut self) {}
    /// As [`Stage::transfer_to_interpreter`], and the code is invalidated
    /// (`transferToInterpreterAndInvalidate`): what a node does before it changes its state.
    fn transfer_to_interpreter_and_invalidate(&mut self) {}
    /// Depends on an assumption: the interpreter checks it; a compiling stage registers the code as
    /// dependent on it (invalidated when it is) and treats it as true while it is valid.
    fn assume(&mut self, a: &crate::assumption::Assumption) -> bool;
    /// Two-way branch on a dynamic condition; the compiling stage emits both arms and merges.
    fn if_else(
        &mut self,
        c: Self::Bool,
        then: impl FnOnce(&mut Self) -> Result<Self::Val, Unwind<Self::Val>>,
        els: impl FnOnce(&mut Self) -> Result<Self::Val, Unwind<Self::Val>>,
    ) -> Result<Self::Val, Unwind<Self::Val>>;
    /// A loop: while `cond` holds, runs `body`, then `step` when the shape says the loop has one
    /// (a `for` loop's update). A `break` unwinding out of the body or the step ends the loop, a
    /// `continue` out of the body goes on to the step and the next test, when it is unlabelled or
    /// names one of the shape's labels. The interpreter counts iterations for the compilation
    /// policy; `node` is the loop node itself, which a long-running loop is compiled as (on-stack
    /// replacement: the node's tree becomes a unit of its own, entered with the running frame).
    fn repeat(
        &mut self,
        node: &dyn ExprNode<L>,
        shape: LoopShape<'_>,
        cond: impl FnMut(&mut Self) -> Result<Self::Bool, Unwind<Self::Val>>,
        body: impl FnMut(&mut Self) -> Result<(), Unwind<Self::Val>>,
        step: impl FnMut(&mut Self) -> Result<(), Unwind<Self::Val>>,
    ) -> Result<(), Unwind<Self::Val>>;

    /// A statement a `break` may leave (a labelled statement, a `switch`'s body): runs `body`,
    /// which a `break` naming one of `labels` ends, and an unlabelled one too when `unlabelled`.
    /// A `continue` passes through to the loop around it.
    fn breakable(
        &mut self,
        labels: &[Label],
        unlabelled: bool,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Self::Val>>,
    ) -> Result<(), Unwind<Self::Val>>;
    /// `try { body } catch (e) { handler }`: a value thrown out of `body`, or a guest error the
    /// language turns into one ([`Language::error_value`]), runs `handler` with that value.
    /// Other completions (`return`, `break`, a requested exit) pass through.
    fn try_catch(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Self::Val>>,
        handler: impl FnOnce(&mut Self, Self::Val) -> Result<(), Unwind<Self::Val>>,
    ) -> Result<(), Unwind<Self::Val>>;
    /// `try { body } finally { finalizer }`: `finalizer` runs however `body` completes; if it
    /// completes normally, so does the whole, as `body` did (its `return`, `break` or thrown
    /// value goes on), and otherwise its own completion replaces `body`'s.
    fn try_finally(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Self::Val>>,
        finalizer: impl FnOnce(&mut Self) -> Result<(), Unwind<Self::Val>>,
    ) -> Result<(), Unwind<Self::Val>>;

    /// Starts a `return` of `v` to the root of the executing target.
    fn return_with(&mut self, v: Self::Val) -> Unwind<Self::Val>;
    /// Starts unwinding with the guest value `v` thrown (see [`crate::error::UnwindKind::Throw`]).
    fn throw(&mut self, v: Self::Val) -> Unwind<Self::Val>;
    /// Argument `i` of the current activation (null if absent).
    fn read_arg(&mut self, i: u32) -> Self::Val;
    /// Reads a local slot (Empty if unassigned).
    fn read_slot(&mut self, slot: SlotId) -> Self::Val;
    /// Writes a local slot.
    fn write_slot(&mut self, slot: SlotId, v: Self::Val);

    /// The shape id of a value known to be an object.
    fn load_shape(&mut self, obj: Self::Val) -> Self::I64;
    /// Reads property slot `index` of an object whose shape was checked.
    fn load_property(&mut self, obj: Self::Val, index: u32) -> Self::Val;
    /// Writes property slot `index` of an object whose shape was checked.
    fn store_property(&mut self, obj: Self::Val, index: u32, v: Self::Val);
    /// The slot of `key` in the object `obj` (which the node checked is an object) if it is a
    /// plain data property the megamorphic cache knows ([`crate::shape::ShapeTable::data_slot`]),
    /// else -1: the access then takes its full generic path, which enters the answer. For sites
    /// whose inline cache went generic; compiled code probes the cache inline.
    fn data_slot(&mut self, obj: Self::Val, key: crate::symbol::Symbol) -> Self::I64;
    /// Reads slot `slot` (a [`Stage::data_slot`] answer, not -1) of the object `obj`.
    fn load_property_at(&mut self, obj: Self::Val, slot: Self::I64) -> Self::Val;
    /// Writes slot `slot` (a [`Stage::data_slot`] answer, not -1) of the object `obj`.
    fn store_property_at(&mut self, obj: Self::Val, slot: Self::I64, v: Self::Val);
    /// Adds a property to an object whose shape was checked: the object moves to shape `to`
    /// (the checked shape's transition that adds slot `index`, the object's next slot) and the
    /// new slot holds `v`.
    fn add_property(&mut self, obj: Self::Val, to: crate::shape::ShapeId, index: u32, v: Self::Val);

    /// The internal value of an object (the language's own data, such as an array's
    /// elements); the node has checked that `obj` is an object.
    fn load_internal(&mut self, obj: Self::Val) -> Self::Val;
    /// Field `field` of the heap kind object `v` holds (see [`crate::value::KindField`]); the
    /// node has checked that `v` has the kind's tag.
    fn load_kind_field<K: crate::value::HeapKind>(&mut self, v: Self::Val, field: crate::value::KindField<K>) -> Self::I64;
    /// Value field `field` of the heap kind object `v` holds; the node has checked that `v` has
    /// the kind's tag.
    fn load_kind_value<K: crate::value::HeapKind>(&mut self, v: Self::Val, field: crate::value::KindField<K, crate::value::Value>) -> Self::Val;
    /// The number of elements of `e`, which the node has checked are elements.
    fn elements_len(&mut self, e: Self::Val) -> Self::I64;
    /// Element `i` of `e`; the node has checked that `0 <= i < elements_len(e)`.
    fn elements_get(&mut self, e: Self::Val, i: Self::I64) -> Self::Val;
    /// Writes element `i` of `e`; the node has checked that `0 <= i < elements_len(e)`.
    fn elements_set(&mut self, e: Self::Val, i: Self::I64, v: Self::Val);

    /// Slot `index` of `rec`, a value the node has checked is a record (the empty value if the
    /// record has fewer slots).
    fn record_get(&mut self, rec: Self::Val, index: u32) -> Self::Val;
    /// Writes slot `index` of `rec`, a value the node has checked is a record.
    fn record_set(&mut self, rec: Self::Val, index: u32, v: Self::Val);
    /// The enclosing record of `rec`, a value the node has checked is a record.
    fn record_parent(&mut self, rec: Self::Val) -> Self::Val;

    /// Starts collecting call arguments; returns a mark for [`Stage::call`].
    fn begin_args(&mut self) -> ArgMark;
    /// Pushes one evaluated argument.
    fn push_arg(&mut self, v: Self::Val) -> Result<(), Unwind<Self::Val>>;
    /// Calls `target` directly with the arguments pushed since `mark`.
    fn call(&mut self, target: &CallTarget<L>, mark: ArgMark) -> Result<Self::Val, Unwind<Self::Val>>;
    /// Calls through a direct call node, with the arguments pushed since `mark`: its current
    /// target, which a split may have replaced. The interpreter splits a marked target first
    /// ([`crate::splitting`]); other stages call whatever the node calls now.
    #[inline(always)]
    fn call_direct(&mut self, site: &DirectCallNode<L>, mark: ArgMark) -> Result<Self::Val, Unwind<Self::Val>> {
        let cell = site.current();
        self.call(cell.target(), mark)
    }
    /// Calls the target that `resolve` finds for the dynamic `callee` (an indirect call).
    fn call_indirect(
        &mut self,
        resolve: ResolveFn<L>,
        callee: Self::Val,
        mark: ArgMark,
    ) -> Result<Self::Val, Unwind<Self::Val>>;
    /// Drops pushed arguments without calling (a failed guard before a call).
    fn drop_args(&mut self, mark: ArgMark);
    /// Reads back pushed argument `i` since `mark` (for slow paths that need them).
    fn pushed_args(&mut self, mark: ArgMark) -> Vec<Self::Val>;

    /// Calls a boundary function: never inlined by a compiling stage.
    ///
    /// The function must neither read nor write the slots of the frame it is given, nor run a
    /// root that writes its caller's frame with it (SL's `helloEqualsWorld`), nor run guest code
    /// that reads the slots of the frames below it (SL's `stacktrace`): compiled code keeps its
    /// locals in registers across the call, where it would not see such a write, and writes
    /// them back to the frame only if the call throws. A
    /// function that touches its frame is called with [`Stage::call_frame_boundary`]. Under
    /// `--engine.VerifyIR` compiled code checks this at every such call.
    fn call_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Self::Val],
    ) -> Result<Self::Val, Unwind<Self::Val>>;
    /// Calls a boundary function that reads or writes the slots of the frame it is given (a
    /// `for`-`of` step storing its element): compiled code inside an inlined callee gives it
    /// the callee's frame, made real for the call, where other boundaries get the compiled
    /// activation's. The other stages call it as [`Stage::call_boundary`].
    fn call_frame_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Self::Val],
    ) -> Result<Self::Val, Unwind<Self::Val>> {
        self.call_boundary(name, node, f, args)
    }
    /// Makes an empty object of the root shape `shape`, its internal value empty: compiled code
    /// allocates it in place while the heap has room, and otherwise calls the boundary `f`,
    /// which must make the same object (and so does every other stage). The result is the
    /// object value.
    fn alloc_object<N: 'static>(
        &mut self,
        name: &'static str,
        shape: crate::shape::ShapeId,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Self::Val],
    ) -> Result<Self::Val, Unwind<Self::Val>> {
        let _ = shape;
        self.call_boundary(name, node, f, args)
    }
    /// Makes what the boundary `f` makes from `args`, which for a `len` that is an integer from
    /// 1 to [`crate::buffer::IN_PLACE_MAX`] must be an object of the root shape `shape` whose
    /// internal value is new elements holding `len` holes (JavaScript's `new Array(len)`).
    /// Compiled code makes such an object in place while the heap has room, and calls `f`
    /// for any other `len` and where the heap must be called; every other stage calls `f`.
    fn alloc_elements_object<N: 'static>(
        &mut self,
        name: &'static str,
        shape: crate::shape::ShapeId,
        len: Self::Val,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Self::Val],
    ) -> Result<Self::Val, Unwind<Self::Val>> {
        let _ = (shape, len);
        self.call_boundary(name, node, f, args)
    }
    /// The respecialization slow path: the interpreter calls `f` (which rewrites the node and
    /// computes the result); a compiling stage emits a deoptimization exit that invalidates the
    /// code (`transferToInterpreterAndInvalidate`) and continues with a dead value, or, for a
    /// node whose respecialization in compiled code changed nothing before, a boundary call of
    /// `f` (see `runtime::settled`). A node's state changes must be counted
    /// ([`crate::spec::note_specialized`]) for this to tell them apart.
    fn respecialize<N: 'static>(
        &mut self,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Self::Val],
    ) -> Result<Self::Val, Unwind<Self::Val>>;
    /// True in the interpreter, false in compiled code (folds during partial evaluation).
    fn in_interpreter(&self) -> bool {
        !Self::COMPILING
    }
}

/// Bitwise operations and shifts on 64-bit integers ([`Stage::bits_i64`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitOp {
    /// `a & b`
    And,
    /// `a | b`
    Or,
    /// `a ^ b`
    Xor,
    /// `a << b`
    Shl,
    /// `a >> b`, arithmetic (sign-filling)
    Sar,
    /// `a >> b`, logical (zero-filling)
    Shr,
}

/// Float arithmetic ([`Stage::float_arith`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// `a / b`
    Div,
    /// `fmod(a, b)`
    Rem,
    /// The smaller, NaN if either is NaN, and -0 below +0 (IEEE 754-2019 `minimum`, which is
    /// JavaScript's `Math.min`).
    Min,
    /// The larger, NaN if either is NaN, and +0 above -0 (IEEE 754-2019 `maximum`).
    Max,
}

/// One-operand float operations ([`Stage::float_unary`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatUnary {
    /// `-a`
    Neg,
    /// `|a|`
    Abs,
    /// The square root.
    Sqrt,
    /// Rounds towards negative infinity.
    Floor,
    /// Rounds towards positive infinity.
    Ceil,
    /// Rounds towards zero.
    Trunc,
}

impl BitOp {
    /// The operation on concrete integers, as every stage that computes does it.
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            BitOp::And => a & b,
            BitOp::Or => a | b,
            BitOp::Xor => a ^ b,
            BitOp::Shl => a.wrapping_shl(b as u32),
            BitOp::Sar => a.wrapping_shr(b as u32),
            BitOp::Shr => ((a as u64).wrapping_shr(b as u32)) as i64,
        }
    }
}

impl FloatOp {
    /// The operation on concrete floats.
    pub fn apply(self, a: f64, b: f64) -> f64 {
        match self {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            FloatOp::Div => a / b,
            FloatOp::Rem => a % b,
            FloatOp::Min => float_min_max(a, b, true),
            FloatOp::Max => float_min_max(a, b, false),
        }
    }
}

/// IEEE 754-2019 `minimum` (`min`) or `maximum`: NaN wins, and zeros order by sign.
fn float_min_max(a: f64, b: f64, min: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // Equal but for the sign of zero: -0 is the minimum, +0 the maximum.
        return if a.is_sign_negative() == min { a } else { b };
    }
    if (a < b) == min { a } else { b }
}

impl FloatUnary {
    /// The operation on a concrete float.
    pub fn apply(self, a: f64) -> f64 {
        match self {
            FloatUnary::Neg => -a,
            FloatUnary::Abs => a.abs(),
            FloatUnary::Sqrt => a.sqrt(),
            FloatUnary::Floor => a.floor(),
            FloatUnary::Ceil => a.ceil(),
            FloatUnary::Trunc => a.trunc(),
        }
    }
}

/// Computing stages' `f64_to_i64`: the truncated integer and whether it is exact.
pub fn f64_to_i64_exact(x: f64) -> (i64, bool) {
    let i = x as i64;
    (i, i as f64 == x && !(x == 0.0 && x.is_sign_negative()) && x.abs() < 9.223_372_036_854_776e18)
}

/// Computing stages' `cmp_f64`.
pub fn cmp_f64(op: Cmp, a: f64, b: f64) -> bool {
    match op {
        Cmp::Lt => a < b,
        Cmp::Le => a <= b,
        Cmp::Eq => a == b,
    }
}

/// Computing stages' `number_to_f64`: an integer widened, a double as it is.
#[inline(always)]
pub fn number_to_f64(v: Value) -> f64 {
    if v.tag() == Tag::Int { v.bits() as i64 as f64 } else { f64::from_bits(v.bits()) }
}

/// How a loop is left and continued besides by its condition (see [`Stage::repeat`]).
#[derive(Clone, Copy, Debug)]
pub struct LoopShape<'a> {
    /// The labels a `break` or `continue` may name to leave or continue this loop (an
    /// unlabelled one always does).
    pub labels: &'a [Label],
    /// The loop has a step that runs after the body and before the next test, where a
    /// `continue` goes (a `for` loop's update).
    pub has_step: bool,
    /// The iterations the loop node ran in the interpreter in its earlier executions: on-stack
    /// replacement counts them with the current execution's (Truffle's `baseLoopCount`), so a
    /// loop entered many times for a few hundred iterations each is replaced too.
    pub executed: &'a std::cell::Cell<u64>,
}

/// A position in the argument area, returned by [`Stage::begin_args`].
#[derive(Clone, Copy, Debug)]
pub struct ArgMark(pub usize);

