//! Resuming the interpreter from a frame state: the interpreter's half of exact deoptimization.
//!
//! When a speculation fails in compiled code, the compiled frame hands over a [`FrameState`]: the
//! path of child indices from the root to the node whose speculation failed, and the values of
//! the children already evaluated along that path, in evaluation order (the same record the
//! symbolic stage keeps, see `SymFrame`). Rust cannot materialize the interpreter's native frames
//! the way Graal rebuilds Java frames, so the interpreter *replays* instead: it runs the tree from
//! the root on the [`Resume`] stage, which answers every child that the state says was already
//! evaluated with its recorded value, without executing it, and descends along the path. At the
//! failing node the recorded children run out, the node's own guard fails again in the
//! interpreter and the node respecializes, and from there on execution is ordinary. Every side
//! effect of the compiled code happened in a child whose value is recorded, so none happens twice.
//!
//! This relies on two properties of node code, both true of DSL-generated nodes and of the
//! framework's control nodes: given the same node state and the same child values, a node makes
//! the same decisions and asks for the same children in the same order; and a node speculates
//! before its own side effects (a call, a store), never after them.
//!
//! Inside inlined callees a frame state is a chain, outermost first: the caller's state at the
//! call, then each callee's slots and state ([`InlinedState`]). The caller is replayed up to its
//! call node, whose call resumes the callee instead of starting it (`Runtime::call_resumed`, a
//! real activation holding the recorded slots), and the callee's result completes the call: the
//! caller's side effects are in its recorded children, the callee's in its own. A state taken in
//! a loop's step is marked ([`LOOP_STEP`]), so the interpreter resumes in the step of the
//! iteration under way rather than replaying its test and body. A deoptimization in an
//! on-stack-replacement unit resumes its loop node the same way.
//!
//! [`Resume`] also has a capture mode, the *deoptimization rehearsal*: it runs a target in the
//! interpreter while keeping the path and the evaluated values, and at a chosen failing
//! speculation it stops as compiled code would (taking nothing further), keeping the frame state
//! and the slots. Resuming from that state must give the same results as never stopping, which is
//! how exactness is tested before, and independently of, the compiler.

use std::collections::VecDeque;

use crate::call_target::CallTarget;
use crate::error::{GuestError, Label, Unwind, UnwindKind};
use crate::frame::{Frame, SlotId};
use crate::interpreter::{breaks_out_of, run_loop};
use crate::language::Language;
use crate::node::{ExprNode, TypedFail};
use crate::operand::Leaf;
use crate::runtime::{Osr, Runtime};
use crate::stage::{ArgMark, BitOp, BoundaryFn, Cmp, FloatOp, FloatUnary, LoopShape, ResolveFn, Stage};
use crate::value::{Tag, Value};

/// A value already computed on the path to a deoptimization point: boxed, or an integer that a
/// typed child produced unboxed.
#[derive(Clone, Copy, Debug)]
pub enum LiveValue {
    /// A generic value.
    Val(Value),
    /// An unboxed integer (from a typed child execution).
    I64(i64),
    /// An unboxed float (from a typed child execution).
    F64(f64),
}

impl LiveValue {
    /// The value boxed (for a consumer that wants a generic value).
    pub fn boxed(self) -> Value {
        match self {
            LiveValue::Val(v) => v,
            LiveValue::I64(i) => Value::from_i64(i),
            LiveValue::F64(x) => Value::from_f64(x),
        }
    }
}

/// Where a deoptimized frame resumes: the child indices from the root to the node whose
/// speculation failed, and the values of the children evaluated along that path, in evaluation
/// order (each level's earlier children, then the next level's).
#[derive(Clone, Debug, Default)]
pub struct FrameState {
    /// The resume position.
    pub path: Vec<u32>,
    /// The evaluated children along the path.
    pub live: Vec<LiveValue>,
}

/// A frame state together with the local slots it goes with.
#[derive(Clone, Debug, Default)]
pub struct Deopt {
    /// The resume position and the evaluated children.
    pub state: FrameState,
    /// The frame's slots at the deoptimization point.
    pub slots: Vec<Value>,
    /// Why the speculation failed (its reason).
    pub reason: &'static str,
}

/// A frame of an inlined callee to resume: compiled code had inlined `target` at the call its
/// caller's state stops at, and was running it at `state` with these slots.
#[derive(Clone, Debug)]
pub struct InlinedState {
    /// The inlined call target.
    pub target: crate::call_target::CallTargetId,
    /// Where the callee was.
    pub state: FrameState,
    /// The callee's slots.
    pub slots: Vec<Value>,
}

enum Mode {
    /// Replaying `live` along `path`; `depth` levels of the path entered so far.
    Replay { path: Vec<u32>, depth: usize, live: VecDeque<LiveValue> },
    /// Running normally: the resume point has been passed.
    Done,
    /// Rehearsing: stop at the `nth` failing speculation whose reason is `reason` (any when
    /// `None`), keeping the path and the evaluated values.
    Capture { reason: Option<&'static str>, nth: usize, path: Vec<u32>, live: Vec<LiveValue> },
    /// Stopped by a rehearsal; everything refuses to run until the stage is dropped.
    Stopped(Deopt),
}

/// The path entry of a loop's step: a frame state whose path has it at a loop's level resumes
/// in the step of the iteration under way, whose test and body are done (their values are not
/// kept, so the replay must not ask for them). No node has this many children.
pub const LOOP_STEP: u32 = u32::MAX;

/// The path entry of a `try`'s handler: a frame state whose path has it at a `try`'s level
/// resumes in the handler, whose body threw; the value caught is the first of the `try`'s
/// evaluated values, which the replay hands to the handler without running the body.
pub const TRY_HANDLER: u32 = u32::MAX - 1;

/// The path entry of a `try`'s finalizer: a frame state whose path has it at a `try`'s level
/// resumes in the finalizer; the completion it runs for is the `try`'s two evaluated values
/// (a code and a payload, see [`crate::control::completion`]), which the replay continues with
/// after the finalizer, without running the body.
pub const TRY_FINALIZER: u32 = u32::MAX - 2;

/// The stage that resumes (or rehearses) an interpreter frame; see the module documentation.
pub struct Resume<'f, 'a, L: Language> {
    f: &'f mut Frame<'a, L>,
    mode: Mode,
    /// The inlined callees the replayed frame was running, outermost first: the call at the
    /// resume point resumes the first of them instead of starting it afresh.
    inlined: Vec<InlinedState>,
}

/// The unwind that ends a rehearsal (the caller tells it apart by the stage's state).
#[cold]
fn stopped<V>() -> Unwind<V> {
    GuestError::raise("deoptimization rehearsal stopped here")
}

impl<'f, 'a, L: Language> Resume<'f, 'a, L> {
    /// A stage that resumes `f` from `state`.
    pub fn replay(f: &'f mut Frame<'a, L>, state: FrameState) -> Self {
        Self::replay_inlined(f, state, Vec::new())
    }
    /// A stage that resumes `f` from `state`, where it was waiting for the inlined callees
    /// `inlined` (outermost first) at the call the state stops at.
    pub fn replay_inlined(f: &'f mut Frame<'a, L>, state: FrameState, inlined: Vec<InlinedState>) -> Self {
        let mode = Mode::Replay { path: state.path, depth: 0, live: state.live.into() };
        Resume { f, mode, inlined }
    }
    /// A stage that runs `f` until the `nth` (from 0) failing speculation with `reason` (any
    /// reason when `None`).
    pub fn rehearse(f: &'f mut Frame<'a, L>, reason: Option<&'static str>, nth: usize) -> Self {
        Resume { f, mode: Mode::Capture { reason, nth, path: Vec::new(), live: Vec::new() }, inlined: Vec::new() }
    }
    /// The captured deoptimization, once a rehearsal stopped.
    pub fn into_deopt(self) -> Option<Deopt> {
        match self.mode {
            Mode::Stopped(d) => Some(d),
            _ => None,
        }
    }
    fn is_stopped(&self) -> bool {
        matches!(self.mode, Mode::Stopped(_))
    }
    /// True at the resume point itself: the path is entered and every recorded value used.
    fn at_resume_point(&self) -> bool {
        matches!(&self.mode, Mode::Replay { path, depth, live } if *depth == path.len() && live.is_empty())
    }
    /// Fails once a rehearsal has stopped: from then on nothing may take effect.
    fn running(&self) -> Result<(), Unwind<Value>> {
        if self.is_stopped() { Err(stopped()) } else { Ok(()) }
    }

    /// What to do with child `index`: answer it from the state, run it on this stage (it is on
    /// the path, or a rehearsal tracks it), or run it on the plain interpreter.
    fn step(&mut self, index: u32) -> Result<Step, Unwind<Value>> {
        Ok(match &mut self.mode {
            Mode::Done => Step::Plain,
            Mode::Stopped(_) => return Err(stopped()),
            Mode::Capture { .. } => Step::Track,
            Mode::Replay { path, depth, live } => match path.get(*depth).copied() {
                // An earlier child on the path, or one of the failing node's evaluated children.
                Some(want) if index < want => Step::Recorded(live.pop_front().ok_or_else(inconsistent)?),
                Some(want) if index == want => {
                    *depth += 1;
                    Step::Run
                }
                None if !live.is_empty() => Step::Recorded(live.pop_front().ok_or_else(inconsistent)?),
                // Past the resume point: the rest is ordinary execution.
                _ => {
                    self.mode = Mode::Done;
                    Step::Plain
                }
            },
        })
    }
    /// Enters the handler or finalizer `marker` of a `try` when the state resumes there: takes
    /// the marker and the `n` values the `try` evaluated before it. `None` elsewhere.
    fn resume_at(&mut self, marker: u32, n: usize) -> Result<Option<Vec<LiveValue>>, Unwind<Value>> {
        let Mode::Replay { path, depth, live } = &mut self.mode else { return Ok(None) };
        if path.get(*depth) != Some(&marker) {
            return Ok(None);
        }
        *depth += 1;
        let taken = (0..n).map(|_| live.pop_front().ok_or_else(inconsistent)).collect::<Result<Vec<_>, _>>()?;
        Ok(Some(taken))
    }
    /// During a rehearsal, the number of evaluated values kept so far.
    fn captured(&self) -> usize {
        match &self.mode {
            Mode::Capture { live, .. } => live.len(),
            _ => 0,
        }
    }
    /// During a rehearsal, keeps the `try`'s handler or finalizer `marker` on the path with
    /// `values`, the only values the `try` evaluated before it (those its blocks left from
    /// `base` on are dropped), as the symbolic stage does; the mark to give
    /// [`Resume::leave_marker`].
    fn enter_marker(&mut self, marker: u32, base: usize, values: &[LiveValue]) -> Option<usize> {
        let Mode::Capture { path, live, .. } = &mut self.mode else { return None };
        live.truncate(base);
        let mark = live.len();
        path.push(marker);
        live.extend_from_slice(values);
        Some(mark)
    }
    /// Ends what [`Resume::enter_marker`] began.
    fn leave_marker(&mut self, mark: Option<usize>) {
        if let (Some(mark), Mode::Capture { path, live, .. }) = (mark, &mut self.mode) {
            path.pop();
            live.truncate(mark);
        }
    }
    /// Runs child `index` during a rehearsal, keeping the path and the evaluated values as the
    /// symbolic stage does; `live` gives the value a result leaves for its later siblings.
    fn track<T>(
        &mut self,
        index: u32,
        run: impl FnOnce(&mut Self) -> Result<T, Unwind<Value>>,
        live: impl FnOnce(&T) -> Option<LiveValue>,
    ) -> Result<T, Unwind<Value>> {
        let Mode::Capture { path, live: evaluated, .. } = &mut self.mode else { return run(self) };
        let mark = evaluated.len();
        path.push(index);
        let r = run(self);
        if let Mode::Capture { path, live: evaluated, .. } = &mut self.mode {
            path.pop();
            evaluated.truncate(mark);
            if let Some(x) = r.as_ref().ok().and_then(live) {
                evaluated.push(x);
            }
        }
        r
    }
}

/// See [`Resume::step`].
enum Step {
    Recorded(LiveValue),
    Run,
    Track,
    Plain,
}

#[cold]
fn inconsistent() -> Unwind<Value> {
    GuestError::raise("internal error: a frame state does not match its tree")
}

fn expect_live_i64(v: LiveValue) -> Result<i64, TypedFail<Value>> {
    match v {
        LiveValue::I64(i) => Ok(i),
        LiveValue::Val(v) => v.as_i64().ok_or(TypedFail::Unexpected(v)),
        LiveValue::F64(x) => Err(TypedFail::Unexpected(Value::from_f64(x))),
    }
}

/// A recorded value as the number a typed child answered. Without `ints` the parent has only
/// ever been given a double there, and an integer is unexpected, so that the parent widens the
/// operand (see `SpecState::casts`) rather than the compiled code leaving at the same check again.
fn expect_live_f64(v: LiveValue, ints: bool) -> Result<f64, TypedFail<Value>> {
    match v {
        LiveValue::F64(x) => Ok(x),
        LiveValue::I64(i) if ints => Ok(i as f64),
        LiveValue::Val(v) if v.tag() == Tag::Double || (ints && v.tag() == Tag::Int) => Ok(crate::stage::number_to_f64(v)),
        other => Err(TypedFail::Unexpected(other.boxed())),
    }
}

impl<'f, 'a, L: Language> Stage<L> for Resume<'f, 'a, L> {
    type Val = Value;
    type I64 = i64;
    type Bool = bool;
    type F64 = f64;
    const COMPILING: bool = false;

    fn runtime(&self) -> &Runtime<L> {
        self.f.rt
    }
    fn resumes_inlined(&self) -> bool {
        !self.inlined.is_empty()
    }
    fn statement_hook(&mut self, index: u32, addr: usize) -> Result<(), Unwind<Value>> {
        // The statement a replay resumes in was counted by the code that deoptimized.
        if let Mode::Replay { path, depth, .. } = &self.mode
            && path.get(*depth) == Some(&index)
        {
            return Ok(());
        }
        self.f.rt.on_statement(self.f, addr)
    }
    fn exec(&mut self, index: u32, child: &dyn ExprNode<L>) -> Result<Value, Unwind<Value>> {
        match self.step(index)? {
            Step::Recorded(v) => Ok(v.boxed()),
            Step::Run => child.execute_resume(self),
            Step::Track => self.track(index, |s| child.execute_resume(s), |v| Some(LiveValue::Val(*v))),
            Step::Plain => child.execute(self.f),
        }
    }
    fn exec_leaf<F: Leaf<L>>(&mut self, index: u32, leaf: &F) -> Result<Value, Unwind<Value>> {
        match self.step(index)? {
            Step::Recorded(v) => Ok(v.boxed()),
            Step::Run => leaf.eval(self),
            Step::Track => self.track(index, |s| leaf.eval(s), |v| Some(LiveValue::Val(*v))),
            Step::Plain => leaf.eval(self.f),
        }
    }
    fn exec_leaf_i64<F: Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
    ) -> Result<i64, TypedFail<Value>> {
        match self.step(index)? {
            Step::Recorded(v) => expect_live_i64(v),
            Step::Run => leaf.eval_i64(self, reason),
            Step::Track => {
                // A typed result travels inside an `Ok`, so that tracking treats it like any other.
                let r = self.track(
                    index,
                    |s| Ok(leaf.eval_i64(s, reason)),
                    |r| match r {
                        Ok(i) => Some(LiveValue::I64(*i)),
                        Err(TypedFail::Unexpected(v)) => Some(LiveValue::Val(*v)),
                        Err(TypedFail::Unwind(_)) => None,
                    },
                );
                r.map_err(TypedFail::Unwind)?
            }
            Step::Plain => leaf.eval_i64(self.f, reason),
        }
    }
    fn exec_leaf_f64<F: Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
        ints: bool,
    ) -> Result<f64, TypedFail<Value>> {
        match self.step(index)? {
            Step::Recorded(v) => expect_live_f64(v, ints),
            Step::Run => leaf.eval_f64(self, reason, ints),
            Step::Track => {
                let r = self.track(
                    index,
                    |s| Ok(leaf.eval_f64(s, reason, ints)),
                    |r| match r {
                        Ok(x) => Some(LiveValue::F64(*x)),
                        Err(TypedFail::Unexpected(v)) => Some(LiveValue::Val(*v)),
                        Err(TypedFail::Unwind(_)) => None,
                    },
                );
                r.map_err(TypedFail::Unwind)?
            }
            Step::Plain => leaf.eval_f64(self.f, reason, ints),
        }
    }
    fn exec_inline(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        // Inline children (blocks, tail returns) are code held by their parent, not nodes, so
        // they run on this stage even once replay is over; the stage is then the interpreter.
        match self.step(index)? {
            Step::Recorded(v) => Ok(v.boxed()),
            Step::Run | Step::Plain => eval(self),
            Step::Track => self.track(index, eval, |v| Some(LiveValue::Val(*v))),
        }
    }
    fn exec_seq(&mut self, first: u32, stmts: &[Box<dyn ExprNode<L>>]) -> Result<(), Unwind<Value>> {
        let end = first + stmts.len() as u32;
        let mut start = first;
        let mut resumed = None;
        match &mut self.mode {
            Mode::Stopped(_) => return Err(stopped()),
            Mode::Capture { .. } => {
                // A rehearsal keeps the position of each statement, but not its value, as the
                // symbolic stage does.
                for (i, st) in stmts.iter().enumerate() {
                    self.track(first + i as u32, |s| st.execute_resume(s), |_| None)?;
                }
                return Ok(());
            }
            Mode::Replay { path, depth, live } => match path.get(*depth).copied() {
                // The statements before the resume position ran in compiled code.
                Some(want) if (first..end).contains(&want) => {
                    start = want;
                    resumed = Some(want);
                }
                // All of them ran. A position one past the last that ends the path is where a
                // deoptimization after the last statement resumes: nothing after it started.
                Some(want) if want >= end => {
                    if want == end && *depth + 1 == path.len() {
                        *depth += 1;
                        if live.is_empty() {
                            self.mode = Mode::Done;
                        }
                    }
                    return Ok(());
                }
                _ => {}
            },
            Mode::Done => {}
        }
        // The statement a replay resumes in was counted by the code that deoptimized; those
        // after it run now and count.
        let counted = self.f.rt.instruments.counts_statements();
        for (i, st) in stmts.iter().enumerate().skip((start - first) as usize) {
            let index = first + i as u32;
            if counted && Some(index) != resumed {
                self.f.rt.on_statement(self.f, crate::node::node_addr(&**st))?;
            }
            self.exec(index, &**st)?;
        }
        Ok(())
    }
    fn konst(&mut self, v: Value) -> Value {
        v
    }
    fn i64_const(&mut self, v: i64) -> i64 {
        v
    }
    fn bool_const(&mut self, b: bool) -> bool {
        b
    }
    fn has_tag(&mut self, v: Value, tag: Tag) -> bool {
        v.tag() == tag
    }
    fn unbox_i64(&mut self, v: Value) -> i64 {
        v.bits() as i64
    }
    fn unbox_bool(&mut self, v: Value) -> bool {
        v.bits() != 0
    }
    fn box_i64(&mut self, v: i64) -> Value {
        Value::from_i64(v)
    }
    fn box_bool(&mut self, b: bool) -> Value {
        Value::from_bool(b)
    }
    fn add_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        self.f.add_i64(a, b)
    }
    fn sub_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        self.f.sub_i64(a, b)
    }
    fn mul_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        self.f.mul_i64(a, b)
    }
    fn div_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        self.f.div_i64(a, b)
    }
    fn cmp_i64(&mut self, op: Cmp, a: i64, b: i64) -> bool {
        self.f.cmp_i64(op, a, b)
    }
    fn rem_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        self.f.rem_i64(a, b)
    }
    fn bits_i64(&mut self, op: BitOp, a: i64, b: i64) -> i64 {
        op.apply(a, b)
    }
    fn wrap_i32(&mut self, a: i64, signed: bool) -> i64 {
        self.f.wrap_i32(a, signed)
    }
    fn f64_const(&mut self, x: f64) -> f64 {
        x
    }
    fn unbox_f64(&mut self, v: Value) -> f64 {
        f64::from_bits(v.bits())
    }
    fn box_f64(&mut self, x: f64) -> Value {
        Value::from_f64(x)
    }
    fn number_to_f64(&mut self, v: Value) -> f64 {
        crate::stage::number_to_f64(v)
    }
    fn i64_to_f64(&mut self, a: i64) -> f64 {
        a as f64
    }
    fn f64_to_i64(&mut self, x: f64) -> (i64, bool) {
        crate::stage::f64_to_i64_exact(x)
    }
    fn float_arith(&mut self, op: FloatOp, a: f64, b: f64) -> f64 {
        op.apply(a, b)
    }
    fn float_unary(&mut self, op: FloatUnary, a: f64) -> f64 {
        op.apply(a)
    }
    fn cmp_f64(&mut self, op: Cmp, a: f64, b: f64) -> bool {
        crate::stage::cmp_f64(op, a, b)
    }
    fn not(&mut self, b: bool) -> bool {
        !b
    }
    fn and(&mut self, a: bool, b: bool) -> bool {
        a & b
    }
    fn or(&mut self, a: bool, b: bool) -> bool {
        a | b
    }
    fn same(&mut self, a: Value, b: Value) -> bool {
        a.same(b)
    }
    fn speculate(&mut self, holds: bool, reason: &'static str) -> bool {
        if holds {
            return true;
        }
        if let Mode::Capture { reason: want, nth, path, live } = &mut self.mode
            && want.is_none_or(|w| w == reason)
        {
            if *nth > 0 {
                *nth -= 1;
                return false;
            }
            let state = FrameState { path: std::mem::take(path), live: std::mem::take(live) };
            let slots = self.f.slots.iter().map(std::cell::Cell::get).collect();
            self.mode = Mode::Stopped(Deopt { state, slots, reason });
        }
        false
    }
    fn assume(&mut self, a: &crate::assumption::Assumption) -> bool {
        a.is_valid()
    }
    fn if_else(
        &mut self,
        c: bool,
        then: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
        els: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        self.running()?;
        if c { then(self) } else { els(self) }
    }
    fn repeat(
        &mut self,
        node: &dyn ExprNode<L>,
        shape: LoopShape<'_>,
        mut cond: impl FnMut(&mut Self) -> Result<bool, Unwind<Value>>,
        body: impl FnMut(&mut Self) -> Result<(), Unwind<Value>>,
        step: impl FnMut(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        // A rehearsal keeps only the current iteration's values, as compiled code would: each
        // iteration starts from the values the loop started with. (A stopped rehearsal unwinds
        // with an error, which ends the loop like any other.)
        let mark = match &self.mode {
            Mode::Capture { live, .. } => Some(live.len()),
            _ => None,
        };
        let cond = move |s: &mut Self| {
            if let (Some(mark), Mode::Capture { live, .. }) = (mark, &mut s.mode) {
                live.truncate(mark);
            }
            cond(s)
        };
        let target = self.f.target;
        // A loop that runs on after the resume point may be replaced by compiled code again.
        let osr_at = self.f.rt.osr_threshold();
        let osr = |s: &mut Self| {
            if !matches!(s.mode, Mode::Done) {
                return Osr::Later;
            }
            let rt = s.f.rt;
            rt.osr(s.f, node)
        };
        // The step of an iteration is a position of its own in a frame state (see
        // `LOOP_STEP`): a rehearsal stopping in it records the marker, and a replay resuming in
        // it runs the rest of the step before the loop goes on with its next test.
        let mut step = step;
        let mut step = move |s: &mut Self| {
            if let Mode::Capture { path, .. } = &mut s.mode {
                path.push(LOOP_STEP);
            }
            let r = step(s);
            if let Mode::Capture { path, .. } = &mut s.mode {
                path.pop();
            }
            r
        };
        if let Mode::Replay { path, depth, .. } = &mut self.mode
            && path.get(*depth) == Some(&LOOP_STEP)
        {
            *depth += 1;
            if let Err(u) = step(self) {
                return if u.targets(UnwindKind::Break, shape.labels) { Ok(()) } else { Err(u) };
            }
        }
        let poll = |s: &mut Self| crate::interpreter::poll(s.f);
        run_loop(self, target, osr_at, osr, poll, shape, cond, body, step)
    }
    fn breakable(
        &mut self,
        labels: &[Label],
        unlabelled: bool,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        self.running()?;
        match body(self) {
            Err(u) if !self.is_stopped() && u.kind() == UnwindKind::Break && breaks_out_of(u.label(), labels, unlabelled) => {
                Ok(())
            }
            r => r,
        }
    }
    fn try_catch(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
        handler: impl FnOnce(&mut Self, Value) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        self.running()?;
        if let Some(caught) = self.resume_at(TRY_HANDLER, 1)? {
            // The body threw in compiled code; the handler was running.
            return handler(self, caught[0].boxed());
        }
        match body(self) {
            // A stopped rehearsal unwinds with an error no handler may stop.
            Err(u) if !self.is_stopped() => match crate::control::caught(self.f.rt, u) {
                Some(v) => {
                    let base = self.captured();
                    let mark = self.enter_marker(TRY_HANDLER, base, &[LiveValue::Val(v)]);
                    let r = handler(self, v);
                    self.leave_marker(mark);
                    r
                }
                None => Err(u),
            },
            r => r,
        }
    }
    fn try_finally(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
        finalizer: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        self.running()?;
        let base = self.captured();
        // The completion the finalizer runs for, as the code and payload compiled code keeps
        // (a thrown value on the native stack, where the collector finds it).
        let (code, payload) = match self.resume_at(TRY_FINALIZER, 2)? {
            Some(held) => match held[0] {
                LiveValue::I64(code) => (code, held[1].boxed()),
                LiveValue::Val(v) if v.tag() == Tag::Int => (v.bits() as i64, held[1].boxed()),
                _ => return Err(inconsistent()),
            },
            None => {
                let r = body(self);
                if self.is_stopped() {
                    return Err(stopped());
                }
                crate::control::completion::save(self.f.rt, r, self.f.ret)
            }
        };
        let mark = self.enter_marker(TRY_FINALIZER, base, &[LiveValue::I64(code), LiveValue::Val(payload)]);
        let r = finalizer(self);
        self.leave_marker(mark);
        r?;
        crate::control::completion::raise(code, payload, &mut self.f.ret)
    }
    fn return_with(&mut self, v: Value) -> Unwind<Value> {
        self.f.return_with(v)
    }
    fn throw(&mut self, v: Value) -> Unwind<Value> {
        Unwind::throw(v)
    }
    fn read_arg(&mut self, i: u32) -> Value {
        self.f.arg(i as usize)
    }
    fn read_slot(&mut self, slot: SlotId) -> Value {
        self.f.slot(slot)
    }
    fn write_slot(&mut self, slot: SlotId, v: Value) {
        if !self.is_stopped() {
            self.f.set_slot(slot, v)
        }
    }
    fn load_shape(&mut self, obj: Value) -> i64 {
        self.f.load_shape(obj)
    }
    fn load_property(&mut self, obj: Value, index: u32) -> Value {
        self.f.load_property(obj, index)
    }
    fn data_slot(&mut self, obj: Value, key: crate::symbol::Symbol) -> i64 {
        self.f.data_slot(obj, key)
    }
    fn load_property_at(&mut self, obj: Value, slot: i64) -> Value {
        self.f.load_property_at(obj, slot)
    }
    fn load_internal(&mut self, obj: Value) -> Value {
        self.f.load_internal(obj)
    }
    fn load_kind_field<K: crate::value::HeapKind>(&mut self, v: Value, field: crate::value::KindField<K>) -> i64 {
        self.f.load_kind_field(v, field)
    }
    fn load_kind_value<K: crate::value::HeapKind>(&mut self, v: Value, field: crate::value::KindField<K, Value>) -> Value {
        self.f.load_kind_value(v, field)
    }
    fn elements_len(&mut self, e: Value) -> i64 {
        self.f.elements_len(e)
    }
    fn elements_get(&mut self, e: Value, i: i64) -> Value {
        self.f.elements_get(e, i)
    }
    fn elements_set(&mut self, e: Value, i: i64, v: Value) {
        if !self.is_stopped() {
            self.f.elements_set(e, i, v)
        }
    }
    fn record_get(&mut self, rec: Value, index: u32) -> Value {
        self.f.record_get(rec, index)
    }
    fn record_set(&mut self, rec: Value, index: u32, v: Value) {
        self.f.record_set(rec, index, v)
    }
    fn record_parent(&mut self, rec: Value) -> Value {
        self.f.record_parent(rec)
    }
    fn store_property(&mut self, obj: Value, index: u32, v: Value) {
        if !self.is_stopped() {
            self.f.store_property(obj, index, v)
        }
    }
    fn store_property_at(&mut self, obj: Value, slot: i64, v: Value) {
        if !self.is_stopped() {
            self.f.store_property_at(obj, slot, v)
        }
    }
    fn add_property(&mut self, obj: Value, to: crate::shape::ShapeId, index: u32, v: Value) {
        if !self.is_stopped() {
            self.f.add_property(obj, to, index, v)
        }
    }
    fn begin_args(&mut self) -> ArgMark {
        self.f.begin_args()
    }
    fn push_arg(&mut self, v: Value) -> Result<(), Unwind<Value>> {
        self.running()?;
        self.f.push_arg(v)
    }
    fn call(&mut self, target: &CallTarget<L>, mark: ArgMark) -> Result<Value, Unwind<Value>> {
        if let Err(u) = self.running() {
            self.f.drop_args(mark);
            return Err(u);
        }
        // The call compiled code had inlined and was inside: the callee resumes where it was.
        if !self.inlined.is_empty() && self.at_resume_point() {
            let inlined = std::mem::take(&mut self.inlined);
            // In the tree the code was compiled from: since then the call node may have moved
            // to a split of it, whose tree the frame state does not describe.
            let recorded = inlined.first().and_then(|i| self.f.rt.call_target(i.target));
            return self.f.call_resumed(recorded.as_deref().unwrap_or(target), mark, inlined);
        }
        self.f.call(target, mark)
    }
    fn call_indirect(&mut self, resolve: ResolveFn<L>, callee: Value, mark: ArgMark) -> Result<Value, Unwind<Value>> {
        if let Err(u) = self.running() {
            self.f.drop_args(mark);
            return Err(u);
        }
        // A call site compiled code called directly, and inlined, may have turned generic
        // since: the callee it was inside resumes where it was rather than starting over,
        // which would repeat what it did before the deoptimization.
        if !self.inlined.is_empty() && self.at_resume_point() {
            let inlined = std::mem::take(&mut self.inlined);
            if let Some(recorded) = inlined.first().and_then(|i| self.f.rt.call_target(i.target)) {
                return self.f.call_resumed(&recorded, mark, inlined);
            }
        }
        self.f.call_indirect(resolve, callee, mark)
    }
    fn drop_args(&mut self, mark: ArgMark) {
        self.f.drop_args(mark)
    }
    fn pushed_args(&mut self, mark: ArgMark) -> Vec<Value> {
        self.f.pushed_args(mark)
    }
    fn call_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Value],
    ) -> Result<Value, Unwind<Value>> {
        self.running()?;
        self.f.call_boundary(name, node, f, args)
    }
    fn respecialize<N: 'static>(
        &mut self,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Value],
    ) -> Result<Value, Unwind<Value>> {
        self.running()?;
        let rt = self.f.rt;
        rt.respecialize_resumed(node, || self.f.respecialize(node, f, args))
    }
}
