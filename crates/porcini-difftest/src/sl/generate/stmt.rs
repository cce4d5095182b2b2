//! Statements: assignments that change a variable's type, output, branches (including branches
//! on a value's type, which narrow it), counted loops, calls, property writes, object
//! construction, and probes of the builtins.
//!
//! Every loop counts up a counter of its own from 0 to a literal bound, incrementing it first
//! thing in the body, so `continue` cannot skip the increment and every loop ends. Output inside
//! a loop is guarded by a test on the counter when printing on every iteration would exceed the
//! line budget.

use crate::entropy::Entropy;
use crate::sl::model::{BinOp, Expr, Stmt};

use super::Gen;
use super::plan::{Cost, KeySet};
use super::scope::{FnCtx, LoopFrame, Role};
use super::ty::Ty;

/// Blocks nest at most this deep (counting function bodies as 0).
const MAX_NESTING: usize = 3;

/// A loop body costs at least this much per iteration.
const MIN_ITERATION_COST: u64 = 12;

impl<E: Entropy> Gen<E> {
    /// Writes up to `n` statements.
    pub fn stmts(&mut self, cx: &mut FnCtx, n: usize, out: &mut Vec<Stmt>) {
        for _ in 0..n {
            if cx.stmts_left == 0 {
                break;
            }
            self.stmt(cx, out);
        }
    }

    /// A block of up to `n` statements.
    pub fn block(&mut self, cx: &mut FnCtx, n: usize) -> Vec<Stmt> {
        cx.enter_block();
        let mut out = Vec::new();
        self.stmts(cx, n, &mut out);
        cx.leave_block();
        out
    }

    /// One statement (sometimes a few that belong together).
    pub fn stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        cx.stmts_left = cx.stmts_left.saturating_sub(1);
        cx.spend(Cost::work(1));
        let nest = cx.depth < MAX_NESTING && cx.stmts_left > 2;
        let has_union = cx.vars.iter().any(|v| !v.ty.is_base() && !v.ty.is_none());
        let has_obj = cx.vars.iter().any(|v| v.ty == Ty::OBJ);
        let weights = [
            6,                                           // assignment
            4,                                           // println
            if nest { 2 } else { 0 },                    // if
            if nest && has_union { 3 } else { 0 },       // type test
            if nest { 2 } else { 0 },                    // loop
            3,                                           // call
            if has_obj { 3 } else { 0 },                 // property write
            2,                                           // object construction
            1,                                           // builtin probe
            u32::from(cx.early_returns && cx.depth > 0), // early return
            if cx.in_loop() { 2 } else { 0 },            // break / continue
        ];
        match self.rng.weighted(&weights) {
            0 => self.assign_stmt(cx, out),
            1 => self.print_stmt(cx, out),
            2 => self.if_stmt(cx, out),
            3 => self.type_test_stmt(cx, out),
            4 => self.loop_stmt(cx, out),
            5 => {
                if let Some((call, _)) = self.call_expr(cx, Ty::ANY, 0) {
                    out.push(Stmt::Expr(call));
                }
            }
            6 => self.property_write(cx, out),
            7 => {
                self.build_object(cx, out);
            }
            8 => self.probe_stmt(cx, out),
            9 => {
                let (cond, _) = self.expr(cx, Ty::BOOL, 1);
                let (value, ty) = self.any_expr(cx, 1);
                cx.returned = cx.returned.union(ty);
                out.push(Stmt::If { cond, then: vec![Stmt::Return(Some(value))], els: None });
            }
            _ => self.jump_stmt(cx, out),
        }
    }

    /// A type for a new variable's value.
    pub fn random_want(&mut self) -> Ty {
        let int_str = Ty::INT.union(Ty::STR);
        let families = self.plan.families.len();
        match self.rng.weighted(&[6, 3, 2, 2, 3, 1, u32::from(families > 0) * 2, 1]) {
            0 => Ty::INT,
            1 => Ty::STR,
            2 => Ty::BOOL,
            3 => Ty::OBJ,
            4 => int_str,
            5 => Ty::NULL,
            6 => Ty::callable(super::ty::FamilyId(self.rng.index(families) as u8)),
            _ => Ty::ANY,
        }
    }

    /// `v = e`, to an existing variable (keeping loop-entry types) or a new one; sometimes an
    /// accumulation `v = v + e`.
    fn assign_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let targets: Vec<usize> = (0..cx.vars.len())
            .filter(|&i| cx.vars[i].assignable && cx.vars[i].role != Role::Counter && !cx.vars[i].ty.is_none())
            .collect();
        if targets.is_empty() || self.rng.chance(1, 4) {
            let (e, ty) = {
                let want = self.random_want();
                self.expr(cx, want, 0)
            };
            let name = self.new_var_name(cx);
            out.push(Stmt::Expr(Expr::assign(&name, e)));
            let role = if cx.depth == 0 { Role::Local } else { Role::Temp };
            cx.declare(name, ty, role, true);
            return;
        }
        let target = cx.vars[targets[self.rng.index(targets.len())]].clone();
        let want = self.assign_want(cx, &target.name).unwrap_or_else(|| self.random_want());
        if target.ty.is_subset(Ty::INT) && self.rng.chance(1, 3) {
            let op = *self.rng.pick(&[BinOp::Add, BinOp::Sub, BinOp::Add]);
            let (e, _) = self.expr(cx, Ty::INT, 1);
            out.push(Stmt::Expr(Expr::assign(&target.name, Expr::binary(op, Expr::name(&target.name), e))));
            return;
        }
        if target.ty == Ty::STR && self.rng.chance(1, 3) {
            let piece = self.str_literal(cx);
            out.push(Stmt::Expr(Expr::assign(&target.name, Expr::binary(BinOp::Add, Expr::name(&target.name), piece))));
            return;
        }
        let (e, ty) = self.expr(cx, want, 0);
        if cx.may_assign(&target.name, ty, KeySet::default()) {
            out.push(Stmt::Expr(Expr::assign(&target.name, e)));
            cx.set_type(&target.name, ty, KeySet::default());
        }
    }

    /// The types a variable may be given here: its loop-entry types inside a loop it existed
    /// before, anything otherwise (`None`).
    pub fn assign_want(&self, cx: &FnCtx, name: &str) -> Option<Ty> {
        let pos = cx.vars.iter().rposition(|v| v.name == name)?;
        let frame = cx.loops.last()?;
        frame.entry.get(pos).map(|&(ty, _)| ty)
    }

    fn new_var_name(&mut self, cx: &mut FnCtx) -> String {
        cx.fresh_name(if cx.depth == 0 { "x" } else { "t" })
    }

    /// `println(e)`, guarded by a test on the loop counter if printing every time costs too many
    /// lines.
    fn print_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let line = Cost { work: 2, lines: 1 };
        if cx.affords(line) {
            let (e, _) = self.any_expr(cx, 0);
            cx.spend(line);
            out.push(println(e));
            return;
        }
        let (e, _) = self.any_expr(cx, 0);
        self.print_now_and_then(cx, out, e);
    }

    /// `if (guard) { println(e); }` with a guard on the innermost counter that holds rarely
    /// enough for the line budget (nothing if none does).
    pub fn print_now_and_then(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>, e: Expr) {
        let line = Cost { work: 2, lines: 1 };
        let Some((cond, divisor)) = self.rare_guard(cx) else { return };
        let saved = cx.mult;
        cx.mult = (cx.mult / divisor).max(1);
        if cx.affords(line) {
            cx.spend(line);
            out.push(Stmt::If { cond, then: vec![println(e)], els: None });
        }
        cx.mult = saved;
    }

    /// A condition on the innermost counter that holds on few iterations, and by how much it
    /// divides the number of runs.
    fn rare_guard(&mut self, cx: &FnCtx) -> Option<(Expr, u64)> {
        let frame = cx.counter()?;
        let (counter, n) = (Expr::name(&frame.counter), frame.iterations);
        Some(if self.rng.chance(1, 2) || n < 20 {
            (Expr::binary(BinOp::Eq, counter, Expr::num(self.rng.range(1, n))), n)
        } else {
            let m = *self.rng.pick(&[7u64, 10, 64, 100, 128]);
            (counter_multiple(&frame.counter, m), m)
        })
    }

    fn if_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let (cond, _) = self.expr(cx, Ty::BOOL, 0);
        let before = cx.snapshot();
        let n = self.rng.range(1, 3) as usize;
        let then = self.block(cx, n);
        let after_then = cx.snapshot();
        cx.restore(&before);
        let els = self.rng.chance(1, 2).then(|| self.block(cx, n));
        cx.merge(&after_then);
        out.push(Stmt::If { cond, then, els });
    }

    /// `if (v is T) { ... } else { ... }`: within each branch the variable's type is narrowed.
    fn type_test_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let unions: Vec<usize> =
            (0..cx.vars.len()).filter(|&i| !cx.vars[i].ty.is_base() && !cx.vars[i].ty.is_none()).collect();
        if unions.is_empty() {
            return;
        }
        let var = cx.vars[unions[self.rng.index(unions.len())]].clone();
        let bases = var.ty.bases();
        let t = bases[self.rng.index(bases.len())];
        let cond = self.type_test(cx, t, Expr::name(&var.name));
        let before = cx.snapshot();
        cx.set_type(&var.name, t, var.keys);
        let n = self.rng.range(1, 3) as usize;
        let then = self.block(cx, n);
        let after_then = cx.snapshot();
        cx.restore(&before);
        cx.set_type(&var.name, var.ty.minus(t), var.keys);
        let els = self.rng.chance(2, 3).then(|| self.block(cx, n));
        cx.merge(&after_then);
        out.push(Stmt::If { cond, then, els });
    }

    /// How many times a new loop runs, within the budget: long in main (so that callees get hot
    /// and loops reach the OSR threshold), short elsewhere.
    fn loop_iterations(&mut self, cx: &FnCtx) -> Option<u64> {
        let choices: &[u64] = if cx.is_main && cx.loops.is_empty() {
            &[20, 100, 300, 600, 1000, 1500, 2500]
        } else if cx.loops.is_empty() {
            // Now and then long enough for on-stack replacement in the `osr` mode.
            &[2, 3, 5, 10, 20, 60, 120]
        } else {
            &[2, 3, 4, 8]
        };
        let mut n = *self.rng.pick(choices);
        while n >= 2 && !cx.affords(Cost::work(MIN_ITERATION_COST * n)) {
            n /= 2;
        }
        (n >= 2).then_some(n)
    }

    fn loop_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let Some(n) = self.loop_iterations(cx) else { return };
        let body_stmts = self.rng.range(2, 6) as usize;
        self.write_loop(cx, out, n, |g, cx, body| g.stmts(cx, body_stmts, body));
    }

    /// Writes a counted loop of `n` iterations whose body (after the increment) `fill` writes.
    pub fn write_loop(
        &mut self,
        cx: &mut FnCtx,
        out: &mut Vec<Stmt>,
        n: u64,
        fill: impl FnOnce(&mut Self, &mut FnCtx, &mut Vec<Stmt>),
    ) {
        let counter = cx.fresh_name("i");
        out.push(Stmt::Expr(Expr::assign(&counter, Expr::num(0))));
        cx.declare(counter.clone(), Ty::INT, Role::Counter, false);
        let bound = Expr::num(n);
        let cond = match self.rng.below(3) {
            0 => Expr::binary(BinOp::Gt, bound, Expr::name(&counter)),
            1 => Expr::binary(BinOp::Le, Expr::binary(BinOp::Add, Expr::name(&counter), Expr::num(1)), bound),
            _ => Expr::binary(BinOp::Lt, Expr::name(&counter), bound),
        };
        let entry = cx.snapshot();
        cx.loops.push(LoopFrame { counter: counter.clone(), iterations: n, entry: entry.clone() });
        cx.mult = cx.mult.saturating_mul(n);
        cx.enter_block();
        let increment = Expr::assign(&counter, Expr::binary(BinOp::Add, Expr::name(&counter), Expr::num(1)));
        let mut body = vec![Stmt::Expr(increment)];
        fill(self, cx, &mut body);
        cx.leave_block();
        cx.mult /= n;
        cx.loops.pop();
        // Inside the loop no variable left its entry types, so they hold after it too.
        cx.restore(&entry);
        out.push(Stmt::While { cond, body });
    }

    /// `if (guard) { break; }` or `if (guard) { continue; }`.
    fn jump_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let Some(frame) = cx.counter() else { return };
        let (counter, n) = (frame.counter.clone(), frame.iterations);
        let (cond, jump) = if self.rng.chance(1, 3) {
            let at = self.rng.range(n / 2, n);
            (Expr::binary(BinOp::Eq, Expr::name(&counter), Expr::num(at)), Stmt::Break)
        } else if self.rng.chance(1, 2) {
            (counter_multiple(&counter, self.rng.range(2, 5)), Stmt::Continue)
        } else {
            (self.expr(cx, Ty::BOOL, 1).0, Stmt::Continue)
        };
        out.push(Stmt::If { cond, then: vec![jump], els: None });
    }

    /// `o.k = e` on an object variable; sometimes an accumulation `o.k = o.k + e`.
    fn property_write(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let objects: Vec<usize> = (0..cx.vars.len()).filter(|&i| cx.vars[i].ty == Ty::OBJ).collect();
        if objects.is_empty() || self.plan.keys.is_empty() {
            return;
        }
        let obj = cx.vars[objects[self.rng.index(objects.len())]].clone();
        let keys: Vec<_> = self.plan.key_ids().collect();
        let k = keys[self.rng.index(keys.len())];
        let key = self.plan.key(k).clone();
        let Some(key_expr) = super::plan::key_expr(&mut self.rng, &key.name, cx.no_strings) else { return };
        let present = self.plan.common_keys().contains(k) || obj.keys.contains(k);
        let value = if present && key.ty == Ty::INT && self.rng.chance(1, 3) {
            let (e, _) = self.expr(cx, Ty::INT, 1);
            Expr::binary(BinOp::Add, Expr::read(Expr::name(&obj.name), key_expr.clone()), e)
        } else {
            self.expr(cx, key.ty, 0).0
        };
        out.push(Stmt::Expr(Expr::write(Expr::name(&obj.name), key_expr, value)));
        cx.set_type(&obj.name, Ty::OBJ, obj.keys.with(k));
    }

    /// `o = new();` and writes of the common keys and some others, in a random order, so that
    /// objects built at different places have different shapes.
    pub fn build_object(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) -> Option<String> {
        let name = cx.fresh_name("o");
        out.push(Stmt::Expr(Expr::assign(&name, Expr::call_named("new", vec![]))));
        // Until its common keys are written the object is not an `Obj`, so nothing reads it.
        let role = if cx.depth == 0 { Role::Local } else { Role::Temp };
        cx.declare(name.clone(), Ty::NONE, role, false);
        let common = self.plan.common_keys();
        let mut keys: Vec<_> = self.plan.key_ids().filter(|&k| common.contains(k) || self.rng.chance(1, 3)).collect();
        for i in (1..keys.len()).rev() {
            keys.swap(i, self.rng.index(i + 1));
        }
        let mut extra = KeySet::default();
        for k in keys {
            let key = self.plan.key(k).clone();
            let key_expr = super::plan::key_expr(&mut self.rng, &key.name, cx.no_strings)?;
            let (value, _) = self.expr(cx, key.ty, 1);
            out.push(Stmt::Expr(Expr::write(Expr::name(&name), key_expr, value)));
            cx.stmts_left = cx.stmts_left.saturating_sub(1);
            extra = extra.with(k);
        }
        cx.set_type(&name, Ty::OBJ, extra);
        Some(name)
    }

    /// Output about a value's type, a stack trace, `helloEqualsWorld`, or `debugger`.
    fn probe_stmt(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let line = Cost { work: 3, lines: 1 };
        let hello_ok = cx.var("hello").is_some() && cx.may_assign("hello", Ty::STR, KeySet::default());
        match self.rng.weighted(&[3, 3, 1, 1, if hello_ok { 3 } else { 0 }]) {
            0 if cx.affords(line) => {
                let (e, _) = self.any_expr(cx, 1);
                cx.spend(line);
                out.push(println(Expr::call_named("typeOf", vec![e])));
            }
            1 if cx.affords(line) => {
                let (e, _) = self.any_expr(cx, 1);
                let bases = Ty::ANY.bases();
                let t = bases[self.rng.index(bases.len())];
                cx.spend(line);
                out.push(println(self.type_test(cx, t, e)));
            }
            // A stack trace lists every frame with its locals: a dozen lines at most.
            2 if cx.affords(Cost { work: 20, lines: 12 }) => {
                cx.spend(Cost { work: 20, lines: 12 });
                out.push(println(Expr::call_named("stacktrace", vec![])));
            }
            4 if cx.affords(line) => {
                cx.spend(line);
                out.push(Stmt::Expr(Expr::call_named("helloEqualsWorld", vec![])));
                out.push(println(Expr::name("hello")));
                cx.set_type("hello", Ty::STR, KeySet::default());
            }
            _ => out.push(Stmt::Debugger),
        }
    }
}

/// `println(e);`
pub fn println(e: Expr) -> Stmt {
    Stmt::Expr(Expr::call_named("println", vec![e]))
}

/// `i / m * m == i`: true on every `m`-th iteration.
pub fn counter_multiple(counter: &str, m: u64) -> Expr {
    let quotient = Expr::binary(BinOp::Div, Expr::name(counter), Expr::num(m));
    Expr::binary(BinOp::Eq, Expr::binary(BinOp::Mul, quotient, Expr::num(m)), Expr::name(counter))
}
