//! `main`: segments of hot loops, redefinitions and `eval`, then an ending.
//!
//! The hot loop is where most disagreements show up. Before it, a variable gets a value of one
//! type; in the loop, a test on the counter switches it to another type (after warm-up, on a
//! period, or for one iteration), and the variable is handed to a function (or called, when it
//! holds family members) on every iteration. By the time the type changes, the callee and the
//! loop have been compiled with the first type speculated, so the change exercises guards,
//! deoptimization and respecialization. Redefinitions (`defineFunction`) replace a function that
//! has already been called many times, sometimes from inside the loop.

use crate::entropy::Entropy;
use crate::sl::model::{BinOp, Expr, Function, Stmt};

use super::plan::{Cost, FnInfo, FnKind, FuncIdx};
use super::scope::{FnCtx, Role};
use super::stmt::{counter_multiple, println};
use super::ty::{FamilyId, Ty};
use super::{Gen, Shape, one_line};

/// What main may cost: about 20 ms in porcini's interpreter, and a screenful or two of output.
const MAIN_BUDGET: Cost = Cost { work: 600_000, lines: 1500 };

/// What a hot loop hands its switching variable to on every iteration.
#[derive(Debug, Clone)]
enum HotCall {
    /// A planned function, at one parameter position.
    Planned(FuncIdx, usize),
    /// The variable itself is called: it holds members of this family.
    Family(FamilyId),
}

/// A variable that changes what it holds part-way through a hot loop.
#[derive(Debug, Clone)]
struct Switch {
    var: String,
    /// A number main prints after the loop, which the loop adds numeric results to.
    checksum: Option<String>,
    /// One value per arm, in the order the arms are taken.
    arms: Vec<Arm>,
    call: HotCall,
}

/// The value an arm of a switch assigns.
#[derive(Debug, Clone)]
enum Arm {
    /// An expression of this type.
    Of(Ty),
    /// This expression.
    Fixed(Expr),
    /// A number past the 64-bit range that depends on the counter.
    Big,
}

impl<E: Entropy> Gen<E> {
    /// Writes main, with about `statements` statements.
    pub(super) fn write_main(&mut self, shape: Shape, statements: usize) -> Function {
        let mut cx = FnCtx::new(MAIN_BUDGET, statements, false);
        cx.min_callee = 0;
        cx.is_main = true;
        cx.early_returns = false;
        let mut body = Vec::new();
        if self.rng.chance(1, 10) {
            self.shutdown_hook(&mut cx, &mut body);
        }
        for _ in 0..self.rng.range(1, 3) {
            self.stmt_assign_new(&mut cx, &mut body);
        }
        for _ in 0..self.rng.range(1, 2) {
            self.build_object(&mut cx, &mut body);
        }
        let segments = match shape {
            Shape::Tiny => 1,
            Shape::Medium => self.rng.range(2, 3),
            Shape::Broad => self.rng.range(3, 5),
        };
        let ending = self.rng.weighted(&[4, 2, 1, 3]);
        for k in 0..segments {
            // Each segment gets its share of what is left, so the first cannot starve the rest.
            let left = segments - k;
            let full = cx.budget;
            cx.budget = Cost {
                work: cx.spent.work + (full.work.saturating_sub(cx.spent.work)) / left,
                lines: cx.spent.lines + (full.lines.saturating_sub(cx.spent.lines)) / left,
            };
            let last = k + 1 == segments;
            match self.rng.weighted(&[6, 2, 1, 1]) {
                _ if last && ending == 3 => self.hot_loop(&mut cx, &mut body, true),
                0 => self.hot_loop(&mut cx, &mut body, false),
                1 => {
                    let n = self.rng.range(2, 6) as usize;
                    self.stmts(&mut cx, n, &mut body);
                }
                2 => {
                    if let Some(define) = self.redefinition() {
                        body.push(Stmt::Expr(define));
                    }
                }
                _ => self.eval_segment(&mut cx, &mut body),
            }
            cx.budget = full;
        }
        match ending {
            1 => {
                let (e, _) = self.any_expr(&mut cx, 0);
                body.push(Stmt::Return(Some(e)));
            }
            2 => body.push(Stmt::Expr(Expr::call_named("exit", vec![Expr::num(self.rng.below(5))]))),
            _ => {}
        }
        Function { name: "main".into(), params: Vec::new(), body }
    }

    /// `x = e;` for a new top-level variable of main.
    fn stmt_assign_new(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let want = self.random_want();
        let (e, ty) = self.expr(cx, want, 0);
        let name = cx.fresh_name("x");
        out.push(Stmt::Expr(Expr::assign(&name, e)));
        cx.declare(name, ty, Role::Local, true);
    }

    /// `registerShutdownHook(f)` for a function that may be called without arguments.
    fn shutdown_hook(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let hooks: Vec<FnInfo> = self
            .plan
            .funcs
            .iter()
            .filter(|f| f.params.iter().all(|p| Ty::NULL.is_subset(*p)) && f.kind != FnKind::Recursive)
            .cloned()
            .collect();
        if hooks.is_empty() {
            return;
        }
        let f = hooks[self.rng.index(hooks.len())].clone();
        cx.spend(f.cost);
        out.push(Stmt::Expr(Expr::call_named("registerShutdownHook", vec![Expr::name(f.name)])));
    }

    /// A hot loop, with a switching variable if some callee suits one; with `fatal`, it ends the
    /// program with a runtime error part-way (or at least tries to).
    fn hot_loop(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>, fatal: bool) {
        let Some(n) = self.hot_iterations(cx) else {
            self.stmts(cx, 2, out);
            return;
        };
        let switch = self.plan_switch(cx, out, n, fatal);
        let redefine = self.rng.chance(1, 5);
        let evaluate = self.rng.chance(1, 8);
        let body_stmts = self.rng.range(1, 5) as usize;
        self.write_loop(cx, out, n, |g, cx, body| {
            if let Some(sw) = &switch {
                g.switch_stmt(cx, body, sw, n);
                g.hot_call(cx, body, sw);
            }
            g.stmts(cx, body_stmts, body);
            if evaluate {
                g.eval_in_loop(cx, body);
            }
            if redefine && let Some(define) = g.redefinition() {
                let at = g.rng.range(1, n);
                body.push(Stmt::If { cond: counter_is(cx, at), then: vec![Stmt::Expr(define)], els: None });
            }
            if fatal && (switch.is_none() || g.rng.chance(1, 2)) {
                g.fatal_stmt(cx, body, n);
            }
        });
        // What the loop left behind shows whether every iteration computed the same in every
        // mode.
        if let Some(sw) = &switch {
            for name in [&sw.var].into_iter().chain(&sw.checksum) {
                out.push(println(Expr::name(name)));
            }
            cx.spend(Cost { work: 4, lines: 2 });
        }
    }

    /// Iterations for a hot loop: many, within the budget.
    fn hot_iterations(&mut self, cx: &FnCtx) -> Option<u64> {
        let mut n = *self.rng.pick(&[60u64, 300, 600, 1000, 1200, 2000]);
        while n >= 4 && !cx.affords(Cost::work(40 * n)) {
            n /= 2;
        }
        (n >= 4).then_some(n)
    }

    /// Chooses the callee and the values of a switching variable, and writes its first value
    /// before the loop. With `fatal`, the last arm may be of a type the callee does not take.
    fn plan_switch(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>, n: u64, fatal: bool) -> Option<Switch> {
        let mut targets: Vec<HotCall> = Vec::new();
        for (i, f) in self.plan.funcs.iter().enumerate() {
            if f.kind == FnKind::Recursive || !cx.affords(f.cost.times(n)) {
                continue;
            }
            for p in 0..f.params.len() {
                targets.push(HotCall::Planned(FuncIdx(i), p));
            }
        }
        for (i, fam) in self.plan.families.iter().enumerate() {
            if fam.members.len() >= 2 && cx.affords(fam.cost.times(n)) {
                targets.push(HotCall::Family(FamilyId(i as u8)));
            }
        }
        if targets.is_empty() {
            return None;
        }
        let call = targets[self.rng.index(targets.len())].clone();
        let mut arms = match &call {
            HotCall::Planned(idx, p) => {
                let t = self.plan.func(*idx).params[*p];
                self.arms_for(cx, out, t)
            }
            HotCall::Family(fam) => {
                let mut members = self.plan.family(*fam).members.clone();
                for i in (1..members.len()).rev() {
                    members.swap(i, self.rng.index(i + 1));
                }
                let k = self.rng.range(2, members.len().min(4) as u64) as usize;
                members[..k].iter().map(|m| Arm::Fixed(Expr::name(self.plan.member_name(m)))).collect()
            }
        };
        let declared = match &call {
            HotCall::Planned(idx, p) => self.plan.func(*idx).params[*p],
            HotCall::Family(fam) => Ty::callable(*fam),
        };
        if fatal && self.rng.chance(1, 2) {
            let wrong = Ty::ANY.minus(declared).bases();
            if !wrong.is_empty() {
                let t = wrong[self.rng.index(wrong.len())];
                arms.push(Arm::Of(t));
            }
        }
        let var = cx.fresh_name("s");
        let first = self.arm_value(cx, &arms[0]);
        out.push(Stmt::Expr(Expr::assign(&var, first)));
        // The variable is declared with the callee's types even when the last arm lies: a
        // program that goes wrong on purpose ends soon after.
        cx.declare(var.clone(), declared, Role::Local, true);
        let checksum = cx.fresh_name("sum");
        out.push(Stmt::Expr(Expr::assign(&checksum, Expr::num(0))));
        cx.declare(checksum.clone(), Ty::INT, Role::Local, true);
        Some(Switch { var, checksum: Some(checksum), arms, call })
    }

    /// Arms for a parameter of type `t`: different types where it has several, small then big
    /// numbers where it only takes numbers, objects of different shapes where it takes objects.
    fn arms_for(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>, t: Ty) -> Vec<Arm> {
        let bases = t.bases();
        let count = self.rng.range(2, 3) as usize;
        if t == Ty::OBJ {
            return (0..count).filter_map(|_| self.build_object(cx, out)).map(|o| Arm::Fixed(Expr::name(o))).collect();
        }
        if t == Ty::INT || bases.len() < 2 {
            let mut arms = vec![Arm::Of(t), Arm::Big];
            if count == 3 {
                arms.push(Arm::Of(t));
            }
            return arms;
        }
        (0..count).map(|i| Arm::Of(bases[(i + self.rng.index(bases.len())) % bases.len()])).collect()
    }

    fn arm_value(&mut self, cx: &mut FnCtx, arm: &Arm) -> Expr {
        match arm {
            Arm::Of(t) => self.expr(cx, *t, 1).0,
            Arm::Fixed(e) => e.clone(),
            Arm::Big => {
                let counter = cx.counter().map_or_else(|| Expr::num(1), |f| Expr::name(&f.counter));
                Expr::binary(BinOp::Add, Expr::num("9223372036854775807"), counter)
            }
        }
    }

    /// `if (c1) { s = A; } else { if (c2) { s = B; } else { s = C; } }` on the counter: a change
    /// after warm-up, a periodic change, or a change for one iteration.
    fn switch_stmt(&mut self, cx: &mut FnCtx, body: &mut Vec<Stmt>, sw: &Switch, n: u64) {
        let Some(frame) = cx.counter() else { return };
        let counter = frame.counter.clone();
        let style = self.rng.below(3);
        let arms = sw.arms.len() as u64;
        let Some((last, earlier)) = sw.arms.split_last() else { return };
        let value = self.arm_value(cx, last);
        let mut chain = vec![Stmt::Expr(Expr::assign(&sw.var, value))];
        for (i, arm) in earlier.iter().enumerate().rev() {
            let value = self.arm_value(cx, arm);
            let cond = switch_cond(&counter, style, i as u64, arms, n);
            chain = vec![Stmt::If { cond, then: vec![Stmt::Expr(Expr::assign(&sw.var, value))], els: Some(chain) }];
        }
        body.extend(chain);
    }

    /// Hands the switching variable to its callee: as a statement, into a temporary, or printed.
    fn hot_call(&mut self, cx: &mut FnCtx, body: &mut Vec<Stmt>, sw: &Switch) {
        let (call, ret) = match &sw.call {
            HotCall::Planned(idx, p) => {
                let f = self.plan.func(*idx).clone();
                cx.spend(f.cost);
                let mut args = self.args(cx, &f.params, 0);
                if args.len() <= *p {
                    args.resize_with(*p + 1, || Expr::call_named("import", vec![Expr::str("none")]));
                }
                args[*p] = Expr::name(&sw.var);
                (Expr::call_named(&f.name, args), f.ret)
            }
            HotCall::Family(fam) => {
                let family = self.plan.family(*fam).clone();
                cx.spend(family.cost);
                let args = self.args(cx, &family.params, 0);
                (Expr::call(Expr::name(&sw.var), args), family.ret)
            }
        };
        match self.rng.below(4) {
            0 => body.push(Stmt::Expr(call)),
            1 => {
                let line = Cost { work: 2, lines: 1 };
                if cx.affords(line) {
                    cx.spend(line);
                    body.push(println(call));
                } else {
                    body.push(Stmt::Expr(call));
                }
            }
            _ => {
                // Keep the result, print it now and then, and fold numbers into a checksum
                // that main prints after the loop.
                let t = cx.fresh_name("t");
                body.push(Stmt::Expr(Expr::assign(&t, call)));
                cx.declare(t.clone(), ret, Role::Temp, true);
                if let Some(sum) = sw.checksum.as_ref().filter(|_| ret.is_subset(Ty::INT)) {
                    let add = Expr::binary(BinOp::Add, Expr::name(sum), Expr::name(&t));
                    body.push(Stmt::Expr(Expr::assign(sum, add)));
                }
                self.print_now_and_then(cx, body, Expr::name(&t));
            }
        }
    }

    /// `defineFunction("...")` replacing a planned function with a new body of the same
    /// signature, result types and at most the same cost (the text has no string literals).
    pub(super) fn redefinition(&mut self) -> Option<Expr> {
        // The object maker is what every other function falls back on for an object, so a new
        // body for it could end up calling itself.
        let candidates: Vec<usize> = (0..self.plan.funcs.len())
            .filter(|&i| {
                let f = &self.plan.funcs[i];
                f.kind != FnKind::Recursive && !f.main_only && i != self.plan.maker.0
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let idx = candidates[self.rng.index(candidates.len())];
        let f = self.plan.funcs[idx].clone();
        let mut cx = FnCtx::new(f.cost, self.rng.range(0, 3) as usize, true);
        cx.min_callee = idx + 1;
        cx.holders_ok = f.kind != FnKind::Leaf;
        let body = self.function_body(&mut cx, &f, Some(f.ret));
        let text = one_line(&Function { name: f.name.clone(), params: f.names.clone(), body });
        Some(Expr::call_named("defineFunction", vec![Expr::str(text)]))
    }

    /// `eval("sl", code)` (or `defineFunction(code)`) defining a new leaf and sometimes a `main`
    /// that calls it; main may call the new function afterwards.
    fn eval_segment(&mut self, cx: &mut FnCtx, out: &mut Vec<Stmt>) {
        let name = cx.fresh_name("ev");
        let params = vec![Ty::INT; self.rng.range(1, 2) as usize];
        let names = self.param_names(params.len(), false);
        let mut info = FnInfo {
            name: name.clone(),
            params,
            names,
            ret: Ty::NONE,
            cost: Cost::default(),
            kind: FnKind::Leaf,
            main_only: true,
        };
        let mut ecx = FnCtx::new(Cost { work: 80, lines: 1 }, self.rng.range(0, 3) as usize, true);
        ecx.min_callee = self.plan.maker.0;
        ecx.holders_ok = false;
        let body = self.function_body(&mut ecx, &info, None);
        info.ret = ecx.returned;
        info.cost = ecx.spent;
        let mut code = one_line(&Function { name: name.clone(), params: info.names.clone(), body });
        let with_main = self.rng.chance(1, 2);
        if with_main {
            let args = info.params.iter().map(|_| self.int_literal()).collect();
            let main = Function {
                name: "main".into(),
                params: vec![],
                body: vec![Stmt::Return(Some(Expr::call_named(&name, args)))],
            };
            code.push(' ');
            code.push_str(&one_line(&main));
        }
        let line = Cost { work: 40, lines: 1 };
        let call = match self.rng.below(3) {
            0 if !with_main => Expr::call_named("defineFunction", vec![Expr::str(code)]),
            _ => Expr::call_named("eval", vec![Expr::str("sl"), Expr::str(code)]),
        };
        if cx.affords(line.plus(info.cost)) {
            cx.spend(line.plus(info.cost));
            out.push(println(call));
        } else {
            out.push(Stmt::Expr(call));
        }
        self.plan.funcs.push(info);
    }

    /// `t = eval("sl", "function main() { return e; }")` inside a loop: the same code every
    /// time, which the engine parses once.
    fn eval_in_loop(&mut self, cx: &mut FnCtx, body: &mut Vec<Stmt>) {
        let mut ecx = FnCtx::new(Cost { work: 40, lines: 0 }, 0, true);
        ecx.holders_ok = false;
        let (e, ty) = self.expr(&mut ecx, Ty::INT.union(Ty::BOOL), 1);
        let main = Function { name: "main".into(), params: vec![], body: vec![Stmt::Return(Some(e))] };
        let call = Expr::call_named("eval", vec![Expr::str("sl"), Expr::str(one_line(&main))]);
        let t = cx.fresh_name("t");
        cx.spend(Cost::work(60));
        body.push(Stmt::Expr(Expr::assign(&t, call)));
        cx.declare(t, ty, Role::Temp, true);
    }

    /// A statement that fails at one late iteration of the loop: an undefined function or
    /// property, a type error, division by zero, calling a number, `getSize`, `exit`, or a
    /// hot function handed a value of a type it was not written for.
    fn fatal_stmt(&mut self, cx: &mut FnCtx, body: &mut Vec<Stmt>, n: u64) {
        let Some(frame) = cx.counter() else { return };
        let counter = Expr::name(&frame.counter);
        let at = self.rng.range((n / 2).max(1), n);
        let objects: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::OBJ).map(|v| v.name.clone()).collect();
        let failing = match self.rng.below(11) {
            0 => {
                let name = *self.rng.pick(super::expr::UNDEFINED_NAMES);
                Expr::call_named(name, vec![counter.clone()])
            }
            1 => {
                let receiver = if objects.is_empty() {
                    Expr::call_named("new", vec![])
                } else {
                    Expr::name(self.rng.pick(&objects))
                };
                Expr::read(receiver, Expr::str("nokey"))
            }
            2 => Expr::call_named("getSize", vec![counter.clone()]),
            3 => {
                let op = *self.rng.pick(&[BinOp::Sub, BinOp::Mul, BinOp::Lt, BinOp::Gt, BinOp::Add]);
                let other = if op == BinOp::Add { Expr::call_named("new", vec![]) } else { Expr::str("s") };
                Expr::binary(op, counter.clone(), other)
            }
            4 => {
                // Fails exactly when the counter reaches `at`, with no guard around it.
                let divisor = Expr::binary(BinOp::Sub, Expr::num(at), counter.clone());
                body.push(println(Expr::binary(BinOp::Div, Expr::num(1000), divisor)));
                return;
            }
            5 => Expr::call_named("exit", vec![Expr::num(self.rng.range(2, 9))]),
            6 => Expr::call(counter.clone(), vec![Expr::num(1)]),
            7 => Expr::call_named("new", vec![Expr::num(1)]),
            8 => Expr::read(counter.clone(), Expr::str("x")),
            9 => {
                let stmt = Stmt::If { cond: counter.clone(), then: vec![Stmt::Debugger], els: None };
                body.push(Stmt::If { cond: counter_is(cx, at), then: vec![stmt], els: None });
                return;
            }
            _ => match self.wrong_call(cx) {
                Some(call) => call,
                None => Expr::call_named("nosuch", vec![]),
            },
        };
        body.push(Stmt::If { cond: counter_is(cx, at), then: vec![println(failing)], els: None });
    }

    /// A call of a planned function with one argument of a type its parameter does not take.
    fn wrong_call(&mut self, cx: &mut FnCtx) -> Option<Expr> {
        let candidates: Vec<usize> = (0..self.plan.funcs.len())
            .filter(|&i| {
                let f = &self.plan.funcs[i];
                f.params.iter().any(|p| !Ty::ANY.is_subset(*p)) && cx.affords(f.cost)
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let idx = FuncIdx(candidates[self.rng.index(candidates.len())]);
        let (call, _) = self.call_planned(cx, idx, 0);
        let f = self.plan.func(idx).clone();
        let Expr::Call(callee, mut args) = call else { return None };
        let positions: Vec<usize> =
            (0..args.len().min(f.params.len())).filter(|&p| !Ty::ANY.is_subset(f.params[p])).collect();
        let &p = positions.get(self.rng.index(positions.len()))?;
        let wrong = Ty::ANY.minus(f.params[p]).bases();
        let t = wrong[self.rng.index(wrong.len())];
        args[p] = self.expr(cx, t, 1).0;
        Some(Expr::Call(callee, args))
    }
}

/// `counter == at` for the innermost loop.
fn counter_is(cx: &FnCtx, at: u64) -> Expr {
    let counter = cx.counter().map_or_else(|| Expr::num(0), |f| Expr::name(&f.counter));
    Expr::binary(BinOp::Eq, counter, Expr::num(at))
}

/// The condition under which arm `i` of `arms` is taken (when no earlier arm is): by phase
/// (`i <= bound`), by period (`i / m * m == i`), or for one iteration (`i == k`).
fn switch_cond(counter: &str, style: u64, arm: u64, arms: u64, n: u64) -> Expr {
    let c = Expr::name(counter);
    match style {
        0 => Expr::binary(BinOp::Le, c, Expr::num(n * (arm + 1) / arms)),
        1 => counter_multiple(counter, arm + 2),
        _ => Expr::binary(BinOp::Eq, c, Expr::num((n * (arm + 1) / (arms + 1)).max(1))),
    }
}
