//! The interpreter stage: `Frame` implements [`Stage`] on concrete values.
//!
//! Every operation here is a few instructions and `#[inline(always)]`, so node code instantiated
//! with a `Frame` compiles (by rustc) to the same machine code a hand-written interpreter would:
//! `speculate` is the condition itself and `if_else` is a Rust `if`.

use crate::call_target::{CallTarget, DirectCallNode};
use crate::error::{Label, Unwind, UnwindKind};
use crate::frame::{Frame, SlotId};
use crate::language::Language;
use crate::node::ExprNode;
use crate::runtime::{OSR_POLL_ITERATIONS, Osr, Runtime};
use crate::stage::{ArgMark, BitOp, BoundaryFn, Cmp, FloatOp, FloatUnary, LoopShape, Stage};
use crate::value::{Tag, Value};

impl<L: Language> Frame<'_, L> {
    /// Calls `target` with the arguments pushed since `mark` to resume the inlined callee frames
    /// `inlined` (see [`crate::resume`]) rather than to start it.
    pub(crate) fn call_resumed(
        &mut self,
        target: &CallTarget<L>,
        mark: ArgMark,
        inlined: Vec<crate::resume::InlinedState>,
    ) -> Result<Value, Unwind<Value>> {
        let nargs = self.sp - mark.0;
        let r = self.rt.call_resumed(self, target, mark.0, nargs, inlined);
        self.sp = mark.0;
        r
    }
    /// A direct call whose target was marked "needs split", from a site that has not decided yet:
    /// the site decides (and perhaps splits), then calls whatever it calls now.
    #[cold]
    #[inline(never)]
    fn split_and_call(&mut self, site: &DirectCallNode<L>, mark: ArgMark) -> Result<Value, Unwind<Value>> {
        self.rt.before_split_call(site);
        let cell = site.current();
        self.call(cell.target(), mark)
    }
}

impl<'a, L: Language> Stage<L> for Frame<'a, L> {
    type Val = Value;
    type I64 = i64;
    type Bool = bool;
    type F64 = f64;
    const COMPILING: bool = false;

    #[inline(always)]
    fn runtime(&self) -> &Runtime<L> {
        self.rt
    }
    fn statement_hook(&mut self, _index: u32, addr: usize) -> Result<(), Unwind<Value>> {
        self.rt.on_statement(self, addr)
    }
    #[inline(always)]
    fn exec(&mut self, _index: u32, child: &dyn ExprNode<L>) -> Result<Value, Unwind<Value>> {
        child.execute(self)
    }
    #[inline(always)]
    fn exec_leaf<F: crate::operand::Leaf<L>>(&mut self, _index: u32, leaf: &F) -> Result<Value, Unwind<Value>> {
        leaf.eval(self)
    }
    #[inline(always)]
    fn exec_leaf_i64<F: crate::operand::Leaf<L>>(
        &mut self,
        _index: u32,
        leaf: &F,
        reason: &'static str,
    ) -> Result<i64, crate::node::TypedFail<Value>> {
        leaf.eval_i64(self, reason)
    }
    #[inline(always)]
    fn exec_leaf_f64<F: crate::operand::Leaf<L>>(
        &mut self,
        _index: u32,
        leaf: &F,
        reason: &'static str,
        ints: bool,
    ) -> Result<f64, crate::node::TypedFail<Value>> {
        leaf.eval_f64(self, reason, ints)
    }
    #[inline(always)]
    fn exec_inline(
        &mut self,
        _index: u32,
        eval: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        eval(self)
    }
    #[inline(always)]
    fn konst(&mut self, v: Value) -> Value {
        v
    }
    #[inline(always)]
    fn i64_const(&mut self, v: i64) -> i64 {
        v
    }
    #[inline(always)]
    fn bool_const(&mut self, b: bool) -> bool {
        b
    }
    #[inline(always)]
    fn has_tag(&mut self, v: Value, tag: Tag) -> bool {
        v.tag() == tag
    }
    #[inline(always)]
    fn unbox_i64(&mut self, v: Value) -> i64 {
        v.bits() as i64
    }
    #[inline(always)]
    fn unbox_bool(&mut self, v: Value) -> bool {
        v.bits() != 0
    }
    #[inline(always)]
    fn box_i64(&mut self, v: i64) -> Value {
        Value::from_i64(v)
    }
    #[inline(always)]
    fn box_bool(&mut self, b: bool) -> Value {
        Value::from_bool(b)
    }
    #[inline(always)]
    fn add_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        a.overflowing_add(b)
    }
    #[inline(always)]
    fn sub_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        a.overflowing_sub(b)
    }
    #[inline(always)]
    fn mul_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        a.overflowing_mul(b)
    }
    #[inline(always)]
    fn div_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        match a.checked_div(b) {
            Some(q) => (q, false),
            None => (0, true),
        }
    }
    #[inline(always)]
    fn rem_i64(&mut self, a: i64, b: i64) -> (i64, bool) {
        match b {
            0 => (0, true),
            // `MIN % -1` is 0, but the machine's remainder instruction traps on it.
            -1 => (0, false),
            _ => (a % b, false),
        }
    }
    #[inline(always)]
    fn bits_i64(&mut self, op: BitOp, a: i64, b: i64) -> i64 {
        op.apply(a, b)
    }
    #[inline(always)]
    fn wrap_i32(&mut self, a: i64, signed: bool) -> i64 {
        if signed { a as i32 as i64 } else { a as u32 as i64 }
    }
    #[inline(always)]
    fn f64_const(&mut self, x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn unbox_f64(&mut self, v: Value) -> f64 {
        f64::from_bits(v.bits())
    }
    #[inline(always)]
    fn box_f64(&mut self, x: f64) -> Value {
        Value::from_f64(x)
    }
    #[inline(always)]
    fn number_to_f64(&mut self, v: Value) -> f64 {
        crate::stage::number_to_f64(v)
    }
    #[inline(always)]
    fn i64_to_f64(&mut self, a: i64) -> f64 {
        a as f64
    }
    #[inline(always)]
    fn f64_to_i64(&mut self, x: f64) -> (i64, bool) {
        crate::stage::f64_to_i64_exact(x)
    }
    #[inline(always)]
    fn float_arith(&mut self, op: FloatOp, a: f64, b: f64) -> f64 {
        op.apply(a, b)
    }
    #[inline(always)]
    fn float_unary(&mut self, op: FloatUnary, a: f64) -> f64 {
        op.apply(a)
    }
    #[inline(always)]
    fn cmp_f64(&mut self, op: Cmp, a: f64, b: f64) -> bool {
        crate::stage::cmp_f64(op, a, b)
    }
    #[inline(always)]
    fn cmp_i64(&mut self, op: Cmp, a: i64, b: i64) -> bool {
        match op {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
        }
    }
    #[inline(always)]
    fn not(&mut self, b: bool) -> bool {
        !b
    }
    #[inline(always)]
    fn and(&mut self, a: bool, b: bool) -> bool {
        a & b
    }
    #[inline(always)]
    fn or(&mut self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline(always)]
    fn same(&mut self, a: Value, b: Value) -> bool {
        a.same(b)
    }
    #[inline(always)]
    fn speculate(&mut self, holds: bool, _reason: &'static str) -> bool {
        holds
    }
    #[inline(always)]
    fn assume(&mut self, a: &crate::assumption::Assumption) -> bool {
        a.is_valid()
    }
    #[inline(always)]
    fn if_else(
        &mut self,
        c: bool,
        then: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
        els: impl FnOnce(&mut Self) -> Result<Value, Unwind<Value>>,
    ) -> Result<Value, Unwind<Value>> {
        if c { then(self) } else { els(self) }
    }
    #[inline(always)]
    fn repeat(
        &mut self,
        node: &dyn ExprNode<L>,
        shape: LoopShape<'_>,
        cond: impl FnMut(&mut Self) -> Result<bool, Unwind<Value>>,
        body: impl FnMut(&mut Self) -> Result<(), Unwind<Value>>,
        step: impl FnMut(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        let target = self.target;
        let osr_at = self.rt.osr_threshold();
        run_loop(self, target, osr_at, |f| f.rt.osr(f, node), poll, shape, cond, body, step)
    }
    fn breakable(
        &mut self,
        labels: &[Label],
        unlabelled: bool,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        match body(self) {
            Err(u) if u.kind() == UnwindKind::Break && breaks_out_of(u.label(), labels, unlabelled) => Ok(()),
            r => r,
        }
    }
    fn try_catch(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
        handler: impl FnOnce(&mut Self, Value) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        match body(self) {
            Err(u) => match crate::control::caught(self.rt, u) {
                Some(v) => handler(self, v),
                None => Err(u),
            },
            ok => ok,
        }
    }
    fn try_finally(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
        finalizer: impl FnOnce(&mut Self) -> Result<(), Unwind<Value>>,
    ) -> Result<(), Unwind<Value>> {
        // The pending completion, with the value a pending `return` left in the frame, waits on
        // the native stack (where the collector finds a thrown value) while the finalizer runs.
        let pending = body(self).err().map(|u| (u.save(), self.ret));
        finalizer(self)?;
        match pending {
            Some((p, ret)) => {
                self.ret = ret;
                Err(p.resume())
            }
            None => Ok(()),
        }
    }
    #[inline(always)]
    fn return_with(&mut self, v: Value) -> Unwind<Value> {
        self.ret = v;
        Unwind::returning()
    }
    #[inline(always)]
    fn throw(&mut self, v: Value) -> Unwind<Value> {
        Unwind::throw(v)
    }
    #[inline(always)]
    fn read_arg(&mut self, i: u32) -> Value {
        self.arg(i as usize)
    }
    #[inline(always)]
    fn read_slot(&mut self, slot: SlotId) -> Value {
        self.slot(slot)
    }
    #[inline(always)]
    fn write_slot(&mut self, slot: SlotId, v: Value) {
        self.set_slot(slot, v)
    }
    #[inline(always)]
    fn load_shape(&mut self, obj: Value) -> i64 {
        obj.as_object().map(|o| o.shape().0 as i64).unwrap_or(-1)
    }
    #[inline(always)]
    fn load_property(&mut self, obj: Value, index: u32) -> Value {
        obj.as_object().map(|o| o.get_slot(index)).unwrap_or(Value::NULL)
    }
    #[inline(always)]
    fn store_property(&mut self, obj: Value, index: u32, v: Value) {
        if let Some(o) = obj.as_object() {
            o.set_slot(index, v)
        }
    }
    #[inline(always)]
    fn data_slot(&mut self, obj: Value, key: crate::symbol::Symbol) -> i64 {
        obj.as_object().and_then(|o| self.rt.shapes.data_slot(o.shape(), key)).map_or(-1, i64::from)
    }
    #[inline(always)]
    fn load_property_at(&mut self, obj: Value, slot: i64) -> Value {
        self.load_property(obj, slot as u32)
    }
    #[inline(always)]
    fn store_property_at(&mut self, obj: Value, slot: i64, v: Value) {
        self.store_property(obj, slot as u32, v)
    }
    #[inline(always)]
    fn add_property(&mut self, obj: Value, to: crate::shape::ShapeId, _index: u32, v: Value) {
        if let Some(o) = obj.as_object() {
            o.add_slot(self.rt, to, v)
        }
    }
    #[inline(always)]
    fn load_internal(&mut self, obj: Value) -> Value {
        obj.as_object().map_or(Value::EMPTY, |o| o.internal())
    }
    #[inline(always)]
    fn load_kind_field<K: crate::value::HeapKind>(&mut self, v: Value, field: crate::value::KindField<K>) -> i64 {
        field.read(v).unwrap_or(0) as i64
    }
    #[inline(always)]
    fn load_kind_value<K: crate::value::HeapKind>(&mut self, v: Value, field: crate::value::KindField<K, Value>) -> Value {
        field.read(v).unwrap_or(Value::EMPTY)
    }
    #[inline(always)]
    fn elements_len(&mut self, e: Value) -> i64 {
        e.as_elements().map_or(0, |e| e.len() as i64)
    }
    #[inline(always)]
    fn elements_get(&mut self, e: Value, i: i64) -> Value {
        e.as_elements().and_then(|e| e.get(i as usize)).unwrap_or(Value::EMPTY)
    }
    #[inline(always)]
    fn elements_set(&mut self, e: Value, i: i64, v: Value) {
        if let Some(e) = e.as_elements() {
            e.replace(i as usize, v);
        }
    }
    #[inline(always)]
    fn record_get(&mut self, rec: Value, index: u32) -> Value {
        rec.as_record().map_or(Value::EMPTY, |r| r.get(index as usize))
    }
    #[inline(always)]
    fn record_set(&mut self, rec: Value, index: u32, v: Value) {
        if let Some(r) = rec.as_record() {
            r.set(index as usize, v)
        }
    }
    #[inline(always)]
    fn record_parent(&mut self, rec: Value) -> Value {
        rec.as_record().map_or(Value::EMPTY, |r| r.parent())
    }
    #[inline(always)]
    fn begin_args(&mut self) -> ArgMark {
        ArgMark(self.sp)
    }
    #[inline(always)]
    fn push_arg(&mut self, v: Value) -> Result<(), Unwind<Value>> {
        self.rt.push_value(&mut self.sp, v)
    }
    #[inline(always)]
    fn call(&mut self, target: &CallTarget<L>, mark: ArgMark) -> Result<Value, Unwind<Value>> {
        let nargs = self.sp - mark.0;
        let r = self.rt.call(self, target, mark.0, nargs);
        self.sp = mark.0;
        r
    }
    /// The splitting check costs one byte test on the call path: the target's mark. Only a call
    /// to a marked target reads the site's decision flag, and only an undecided site goes out of
    /// line to split.
    #[inline(always)]
    fn call_direct(&mut self, site: &DirectCallNode<L>, mark: ArgMark) -> Result<Value, Unwind<Value>> {
        site.count_call();
        let cell = site.current();
        let target = cell.target();
        if !target.needs_split() || site.split_decided() {
            return self.call(target, mark);
        }
        self.split_and_call(site, mark)
    }
    #[inline(always)]
    fn call_indirect(
        &mut self,
        resolve: crate::stage::ResolveFn<L>,
        callee: Value,
        mark: ArgMark,
    ) -> Result<Value, Unwind<Value>> {
        match resolve(self.rt, callee) {
            Ok(t) => self.call(&t, mark),
            Err(e) => {
                self.sp = mark.0;
                Err(e)
            }
        }
    }
    #[inline(always)]
    fn drop_args(&mut self, mark: ArgMark) {
        self.sp = mark.0;
    }
    fn pushed_args(&mut self, mark: ArgMark) -> Vec<Value> {
        self.rt.stack_values(mark.0, self.sp)
    }
    #[inline(always)]
    fn call_boundary<N: 'static>(
        &mut self,
        _name: &'static str,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Value],
    ) -> Result<Value, Unwind<Value>> {
        f(node, self, args)
    }
    #[inline(always)]
    fn respecialize<N: 'static>(
        &mut self,
        node: &N,
        f: BoundaryFn<N, L>,
        args: &[Value],
    ) -> Result<Value, Unwind<Value>> {
        f(node, self, args)
    }
}

/// The interpreter's safepoint poll (see [`crate::instrument`]): one load and a branch, unless
/// the ticker asked for something.
#[inline(always)]
pub(crate) fn poll<L: Language>(f: &mut Frame<'_, L>) -> Result<(), Unwind<Value>> {
    if f.rt.instruments.pending() { f.rt.safepoint(f, &[], false) } else { Ok(()) }
}

/// Whether a `break` naming `label` leaves a statement carrying `labels` that an unlabelled
/// `break` leaves too when `unlabelled` (a `switch`).
#[inline(always)]
pub(crate) fn breaks_out_of(label: Label, labels: &[Label], unlabelled: bool) -> bool {
    if label == Label::INNERMOST { unlabelled } else { labels.contains(&label) }
}

/// The loop of the stages that execute concretely (this one and [`crate::resume::Resume`]): while
/// `cond` holds, run `body`; a `break` ends the loop and a `continue` the iteration. An iteration
/// counts once its body completes, normally or by `continue`, and the count goes to `target`.
/// After `osr_at` iterations the loop asks `osr` to continue in compiled code (on-stack
/// replacement); when it does, its outcome is the loop's. Each iteration starts at the loop's
/// safepoint, `poll`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_loop<L: Language, S>(
    s: &mut S,
    target: Option<&CallTarget<L>>,
    osr_at: u64,
    mut osr: impl FnMut(&mut S) -> Osr,
    mut poll: impl FnMut(&mut S) -> Result<(), Unwind<Value>>,
    shape: LoopShape<'_>,
    mut cond: impl FnMut(&mut S) -> Result<bool, Unwind<Value>>,
    mut body: impl FnMut(&mut S) -> Result<(), Unwind<Value>>,
    mut step: impl FnMut(&mut S) -> Result<(), Unwind<Value>>,
) -> Result<(), Unwind<Value>> {
    let mut iterations: u64 = 0;
    // The loop's earlier executions count towards its replacement.
    let before = shape.executed.get();
    let mut osr_at = osr_at.saturating_sub(before).max(1);
    let result = loop {
        // The loop's safepoint, where the tools' ticker is answered.
        if let Err(u) = poll(s) {
            break Err(u);
        }
        match cond(s) {
            Ok(true) => {}
            Ok(false) => break Ok(()),
            Err(u) => break Err(u),
        }
        if let Err(u) = body(s) {
            if u.targets(UnwindKind::Break, shape.labels) {
                break Ok(());
            }
            if !u.targets(UnwindKind::Continue, shape.labels) {
                break Err(u);
            }
        }
        if shape.has_step
            && let Err(u) = step(s)
        {
            break if u.targets(UnwindKind::Break, shape.labels) { Ok(()) } else { Err(u) };
        }
        iterations += 1;
        if iterations == osr_at {
            match osr(s) {
                Osr::Ran(r) => break r,
                Osr::Later => osr_at = iterations.saturating_add(OSR_POLL_ITERATIONS),
                Osr::Never => {}
            }
        }
    };
    shape.executed.set(before.saturating_add(iterations));
    if let Some(t) = target {
        t.report_loop_count(iterations);
    }
    result
}
