//! The symbolic stage: node code instantiated on IR handles instead of values.
//!
//! `SymFrame` implements [`Stage`] by writing down the operations the node code performs, in order,
//! with the frame state needed at each speculation: the path of child indices from the root to the
//! node, and the values of the children already evaluated along that path. Node state read through
//! `&self` is constant here, so dispatch on specialization bits never appears in the record — only
//! the checks and operations of the active specializations do. The partial-evaluation JIT consumes
//! the same sequence of stage calls to build Cranelift IR; this recording form is what tests assert
//! on, and it proves that every node runs through the stage abstraction.

use std::fmt::Write as _;

use crate::call_target::CallTarget;
use crate::error::{Unwind, UnwindKind};
use crate::frame::SlotId;
use crate::language::Language;
use crate::node::ExprNode;
use crate::runtime::Runtime;
use crate::stage::{ArgMark, BoundaryFn, Cmp, Stage};
use crate::value::{Tag, Value};

/// A symbolic value: the result of a recorded operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymVal(pub u32);

/// The recorded operations of one partial evaluation, one per line.
#[derive(Default, Debug)]
pub struct Recording {
    lines: Vec<String>,
    next: u32,
    depth: usize,
}

impl Recording {
    /// The recorded lines.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }
    /// The record as text, one operation per line.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            let _ = writeln!(s, "{l}");
        }
        s
    }
    fn fresh(&mut self) -> SymVal {
        self.next += 1;
        SymVal(self.next)
    }
    fn line(&mut self, text: String) {
        self.lines.push(format!("{}{}", "  ".repeat(self.depth), text));
    }
}

/// The recording stage over one root's tree.
pub struct SymFrame<'a, L: Language> {
    rt: &'a Runtime<L>,
    rec: &'a mut Recording,
    /// Child indices from the root to the node being evaluated.
    path: Vec<u32>,
    /// Values of already-evaluated children along `path` (the frame state of a deopt here).
    live: Vec<SymVal>,
    args: Vec<SymVal>,
}

fn v(x: SymVal) -> String {
    format!("v{}", x.0)
}

impl<'a, L: Language> SymFrame<'a, L> {
    /// A recording stage writing into `rec`.
    pub fn new(rt: &'a Runtime<L>, rec: &'a mut Recording) -> SymFrame<'a, L> {
        SymFrame { rt, rec, path: Vec::new(), live: Vec::new(), args: Vec::new() }
    }
    /// Records a whole root: its tree, then the return of the value it completes with (a tail
    /// return's value; a `return` elsewhere records itself as it unwinds).
    pub fn record_root(&mut self, root: &dyn crate::call_target::RootNode<L>) {
        if let Ok(x) = root.execute_sym(self) {
            self.rec.line(format!("return {}", v(x)));
        }
    }
    fn op(&mut self, text: String) -> SymVal {
        let r = self.rec.fresh();
        self.rec.line(format!("{} = {text}", v(r)));
        r
    }
    fn op2(&mut self, name: &str, a: SymVal, b: SymVal) -> SymVal {
        self.op(format!("{name} {}, {}", v(a), v(b)))
    }
    /// Runs `eval` as child `index`: extends the path, and afterwards keeps the child's value
    /// live for the frame states of later speculations in the parent.
    fn record_child(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
    ) -> Result<SymVal, Unwind<SymVal>> {
        let mark = self.live.len();
        self.path.push(index);
        let r = eval(self);
        self.path.pop();
        self.live.truncate(mark);
        if let Ok(x) = r {
            self.live.push(x);
        }
        r
    }
    fn frame_state(&self) -> String {
        let path: Vec<String> = self.path.iter().map(|i| i.to_string()).collect();
        let live: Vec<String> = self.live.iter().map(|&x| v(x)).collect();
        format!("@[{}] state({})", path.join("."), live.join(", "))
    }
    fn ovf(&mut self, name: &str, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        let r = self.op2(name, a, b);
        let o = self.op(format!("overflow {}", v(r)));
        (r, o)
    }
}

impl<'a, L: Language> Stage<L> for SymFrame<'a, L> {
    type Val = SymVal;
    type I64 = SymVal;
    type Bool = SymVal;
    const COMPILING: bool = true;

    fn runtime(&self) -> &Runtime<L> {
        self.rt
    }
    fn exec(&mut self, index: u32, child: &dyn ExprNode<L>) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, |s| child.execute_sym(s))
    }
    fn exec_leaf<F: crate::operand::Leaf<L>>(&mut self, index: u32, leaf: &F) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, |s| leaf.eval(s))
    }
    fn exec_leaf_i64<F: crate::operand::Leaf<L>>(
        &mut self,
        index: u32,
        leaf: &F,
        reason: &'static str,
    ) -> Result<SymVal, crate::node::TypedFail<SymVal>> {
        let mark = self.live.len();
        self.path.push(index);
        let r = leaf.eval_i64(self, reason);
        self.path.pop();
        self.live.truncate(mark);
        if let Ok(x) = r {
            self.live.push(x);
        }
        r
    }
    fn exec_inline(
        &mut self,
        index: u32,
        eval: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
    ) -> Result<SymVal, Unwind<SymVal>> {
        self.record_child(index, eval)
    }
    fn konst(&mut self, val: Value) -> SymVal {
        self.op(format!("const {val:?}"))
    }
    fn i64_const(&mut self, x: i64) -> SymVal {
        self.op(format!("i64 {x}"))
    }
    fn bool_const(&mut self, b: bool) -> SymVal {
        self.op(format!("bool {b}"))
    }
    fn has_tag(&mut self, x: SymVal, tag: Tag) -> SymVal {
        self.op(format!("has_tag {}, {tag:?}", v(x)))
    }
    fn unbox_i64(&mut self, x: SymVal) -> SymVal {
        self.op(format!("unbox_i64 {}", v(x)))
    }
    fn unbox_bool(&mut self, x: SymVal) -> SymVal {
        self.op(format!("unbox_bool {}", v(x)))
    }
    fn box_i64(&mut self, x: SymVal) -> SymVal {
        self.op(format!("box_i64 {}", v(x)))
    }
    fn box_bool(&mut self, x: SymVal) -> SymVal {
        self.op(format!("box_bool {}", v(x)))
    }
    fn add_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.ovf("add_i64", a, b)
    }
    fn sub_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.ovf("sub_i64", a, b)
    }
    fn mul_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        self.ovf("mul_i64", a, b)
    }
    fn div_i64(&mut self, a: SymVal, b: SymVal) -> (SymVal, SymVal) {
        let r = self.op2("div_i64", a, b);
        let f = self.op(format!("div_fails {}, {}", v(a), v(b)));
        (r, f)
    }
    fn cmp_i64(&mut self, op: Cmp, a: SymVal, b: SymVal) -> SymVal {
        let name = match op {
            Cmp::Lt => "lt_i64",
            Cmp::Le => "le_i64",
            Cmp::Eq => "eq_i64",
        };
        self.op2(name, a, b)
    }
    fn not(&mut self, b: SymVal) -> SymVal {
        self.op(format!("not {}", v(b)))
    }
    fn and(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.op2("and", a, b)
    }
    fn or(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.op2("or", a, b)
    }
    fn same(&mut self, a: SymVal, b: SymVal) -> SymVal {
        self.op2("same", a, b)
    }
    fn speculate(&mut self, holds: SymVal, reason: &'static str) -> bool {
        let state = self.frame_state();
        self.rec.line(format!("deopt_unless {} \"{reason}\" {state}", v(holds)));
        true
    }
    fn assume(&mut self, a: &crate::assumption::Assumption) -> bool {
        self.rec.line(format!("assume \"{}\"", a.name()));
        a.is_valid()
    }
    fn if_else(
        &mut self,
        c: SymVal,
        then: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
        els: impl FnOnce(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
    ) -> Result<SymVal, Unwind<SymVal>> {
        self.rec.line(format!("if {} {{", v(c)));
        self.rec.depth += 1;
        let live = self.live.len();
        let a = then(self);
        let a_kind = a.as_ref().err().map(|u| u.kind());
        self.live.truncate(live);
        self.rec.depth -= 1;
        self.rec.line("} else {".to_string());
        self.rec.depth += 1;
        let b = els(self);
        self.live.truncate(live);
        self.rec.depth -= 1;
        self.rec.line("}".to_string());
        match (a, b) {
            (Ok(x), Ok(y)) => Ok(self.op2("phi", x, y)),
            (Ok(x), Err(e)) | (Err(e), Ok(x)) => {
                self.rec.line(format!("; one arm unwinds: {}", unwind_name(e)));
                Ok(x)
            }
            // Both arms unwind; the record continues with the first arm's kind.
            (Err(_), Err(_)) => Err(Unwind::resume(a_kind.unwrap_or(UnwindKind::Error), None)),
        }
    }
    fn repeat(
        &mut self,
        mut cond: impl FnMut(&mut Self) -> Result<SymVal, Unwind<SymVal>>,
        mut body: impl FnMut(&mut Self) -> Result<(), Unwind<SymVal>>,
    ) -> Result<(), Unwind<SymVal>> {
        self.rec.line("loop {".to_string());
        self.rec.depth += 1;
        let live = self.live.len();
        let r = cond(self).and_then(|c| {
            self.rec.line(format!("break_unless {}", v(c)));
            body(self)
        });
        self.live.truncate(live);
        self.rec.depth -= 1;
        self.rec.line("}".to_string());
        match r {
            Ok(()) => Ok(()),
            Err(u) if matches!(u.kind(), UnwindKind::Break | UnwindKind::Continue) => Ok(()),
            Err(u) => Err(u),
        }
    }
    fn return_with(&mut self, x: SymVal) -> Unwind<SymVal> {
        self.rec.line(format!("return {}", v(x)));
        Unwind::returning()
    }
    fn read_arg(&mut self, i: u32) -> SymVal {
        self.op(format!("arg {i}"))
    }
    fn read_slot(&mut self, slot: SlotId) -> SymVal {
        self.op(format!("read_slot {}", slot.0))
    }
    fn write_slot(&mut self, slot: SlotId, x: SymVal) {
        self.rec.line(format!("write_slot {}, {}", slot.0, v(x)));
    }
    fn load_shape(&mut self, obj: SymVal) -> SymVal {
        self.op(format!("load_shape {}", v(obj)))
    }
    fn load_property(&mut self, obj: SymVal, index: u32) -> SymVal {
        self.op(format!("load_property {}, {index}", v(obj)))
    }
    fn store_property(&mut self, obj: SymVal, index: u32, x: SymVal) {
        self.rec.line(format!("store_property {}, {index}, {}", v(obj), v(x)));
    }
    fn begin_args(&mut self) -> ArgMark {
        ArgMark(self.args.len())
    }
    fn push_arg(&mut self, x: SymVal) -> Result<(), Unwind<SymVal>> {
        self.args.push(x);
        Ok(())
    }
    fn call(&mut self, target: &CallTarget<L>, mark: ArgMark) -> Result<SymVal, Unwind<SymVal>> {
        let args: Vec<String> = self.args.drain(mark.0..).map(v).collect();
        Ok(self.op(format!("call {}({})", target.name(), args.join(", "))))
    }
    fn call_indirect(
        &mut self,
        _resolve: crate::stage::ResolveFn<L>,
        callee: SymVal,
        mark: ArgMark,
    ) -> Result<SymVal, Unwind<SymVal>> {
        let args: Vec<String> = self.args.drain(mark.0..).map(v).collect();
        Ok(self.op(format!("call_indirect {}({})", v(callee), args.join(", "))))
    }
    fn drop_args(&mut self, mark: ArgMark) {
        self.args.truncate(mark.0);
    }
    fn pushed_args(&mut self, mark: ArgMark) -> Vec<SymVal> {
        self.args.get(mark.0..).map(<[SymVal]>::to_vec).unwrap_or_default()
    }
    fn call_boundary<N: 'static>(
        &mut self,
        name: &'static str,
        _node: &N,
        _f: BoundaryFn<N, L>,
        args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        let args: Vec<String> = args.iter().map(|&x| v(x)).collect();
        Ok(self.op(format!("call_boundary {name}({})", args.join(", "))))
    }
    fn respecialize<N: 'static>(
        &mut self,
        _node: &N,
        _f: BoundaryFn<N, L>,
        _args: &[SymVal],
    ) -> Result<SymVal, Unwind<SymVal>> {
        let state = self.frame_state();
        self.rec.line(format!("deopt_invalidate \"respecialize\" {state}"));
        Ok(self.op("dead".to_string()))
    }
}

fn unwind_name<V>(u: Unwind<V>) -> &'static str {
    match u.kind() {
        UnwindKind::Return => "return",
        UnwindKind::Break => "break",
        UnwindKind::Continue => "continue",
        UnwindKind::Error => "error",
    }
}
