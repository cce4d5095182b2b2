//! Statements: declarations, assignments (plain, compound, increments), writes to properties
//! and elements, array mutations, printing, `if`, loops of every kind (counted `for`, `while`,
//! `do-while`, `for-of`, labelled nests left by `break` and `continue` of the outer label),
//! `switch`, `try`/`catch`/`finally` with `throw`, closures over the variables in scope, calls,
//! and early `return`.
//!
//! Loops end: every loop is counted by a variable nothing but the loop changes (a `while`
//! counts at the top of its body, so a `continue` cannot skip the count), and `for-of`
//! iterates over a short slice that the body cannot grow.

use crate::entropy::Entropy;
use crate::es::text::Src;

use super::Gen;
use super::expr::plus_type;
use super::scope::{Cost, Ctx};
use super::ty::Ty;

/// Blocks nest at most this deep.
const MAX_DEPTH: usize = 3;

/// The kinds a new variable is declared with: what it may hold all its life.
const DECL_TYPES: &[(u32, Ty)] = &[
    (8, Ty::NUM),
    (3, Ty::STR),
    (3, Ty::NUM.union(Ty::STR)),
    (1, Ty::BOOL),
    (1, Ty::PRIM),
    (2, Ty::OBJ),
    (1, Ty::OBJ.union(Ty::UNDEF)),
    (2, Ty::ARR),
    (2, Ty::INST),
    (1, Ty::FN),
    (1, Ty::NUM.union(Ty::UNDEF)),
];

impl<E: Entropy> Gen<E> {
    /// Up to `n` statements, while the body has statements left.
    pub(super) fn stmts(&mut self, cx: &mut Ctx, n: usize, out: &mut Src) {
        for _ in 0..n {
            if cx.stmts_left == 0 {
                break;
            }
            cx.stmts_left -= 1;
            self.stmt(cx, out);
        }
    }

    /// A block's statements: one to `max`, in a scope of their own.
    pub(super) fn block(&mut self, cx: &mut Ctx, max: u64, out: &mut Src) {
        cx.enter();
        let n = if self.pool == 0 { 1 } else { self.rng.range(1, max) as usize };
        // Blocks get statements of their own, so a program's size depends on its nesting
        // less than on its budget.
        cx.stmts_left += n;
        self.stmts(cx, n, out);
        cx.leave();
    }

    /// One statement.
    fn stmt(&mut self, cx: &mut Ctx, out: &mut Src) {
        cx.spend(Cost::work(1));
        self.pool = self.pool.saturating_sub(1);
        let nest = cx.depth < MAX_DEPTH && self.pool > 0;
        let in_loop = !cx.loops.is_empty();
        let weights = [
            5,
            5,
            3,
            3,
            if nest { 3 } else { 0 },
            if nest { 3 } else { 0 },
            if nest { 1 } else { 0 },
            if nest { 1 } else { 0 },
            if nest { 1 } else { 0 },
            if nest { 1 } else { 0 },
            if nest && cx.depth < 2 { 1 } else { 0 },
            if cx.calls { 1 } else { 0 },
            2,
            if cx.in_function && !cx.ret_want.is_none() && cx.depth > 0 { 1 } else { 0 },
            if in_loop { 1 } else { 0 },
            2,
        ];
        match self.rng.weighted(&weights) {
            0 => self.declare(cx, out),
            1 => self.assign(cx, out),
            2 => self.write_property(cx, out),
            3 => self.print(cx, out),
            4 => self.if_stmt(cx, out),
            5 => self.for_loop(cx, out),
            6 => self.while_loop(cx, out),
            7 => self.for_of(cx, out),
            8 => self.switch_stmt(cx, out),
            9 => self.try_stmt(cx, out),
            10 => self.labelled_loops(cx, out),
            11 => self.closure(cx, out),
            12 => self.call_stmt(cx, out),
            13 => {
                let cond = self.bool_expr(cx, 1, false);
                let e = self.expr(cx, cx.ret_want, 1);
                out.text(&format!("if ({}) return {};", cond.text, e.text));
            }
            14 => {
                let cond = self.bool_expr(cx, 1, false);
                let what = if self.rng.chance(1, 2) { "break" } else { "continue" };
                out.text(&format!("if ({}) {what};", cond.text));
            }
            _ => self.array_op(cx, out),
        }
    }

    /// `let`, `const` or `var` of a new variable.
    fn declare(&mut self, cx: &mut Ctx, out: &mut Src) {
        let ty = self.draw(DECL_TYPES);
        let e = self.expr(cx, ty, 0);
        let name = self.fresh("v");
        let kind = *self.rng.pick(&["let", "let", "const", "var"]);
        out.text(&format!("{kind} {name} = {};", e.text));
        cx.declare(&name, ty, kind != "const");
    }

    /// An assignment to a variable in scope, within its declared kinds.
    fn assign(&mut self, cx: &mut Ctx, out: &mut Src) {
        let targets: Vec<(String, Ty)> = cx.assignable().iter().map(|v| (v.name.clone(), v.ty)).collect();
        if targets.is_empty() {
            return self.declare(cx, out);
        }
        let (name, ty) = targets[self.rng.index(targets.len())].clone();
        if ty == Ty::NUM && self.rng.chance(1, 2) {
            let op = *self.rng.pick(&["+=", "-=", "*=", "|=", "^=", ">>>=", "<<=", "%=", "/=", "&&=", "||=", "??="]);
            if self.rng.chance(1, 4) {
                out.text(&format!("{name}{};", self.rng.pick(&["++", "--"])));
                return;
            }
            let e = self.expr(cx, Ty::NUM, 1);
            out.text(&format!("{name} {op} {};", e.text));
            return;
        }
        if ty.meets(Ty::STR) && Ty::NUM.union(Ty::STR).is_subset(ty.union(Ty::NUM)) && self.rng.chance(1, 3) {
            // `s += x` joins a literal or a non-string, so the string grows by a bounded length.
            let e = if self.rng.chance(1, 2) { self.literal(Ty::PRIM) } else { self.expr(cx, Ty::NUM, 1) };
            if plus_type(ty, e.ty).is_subset(ty) {
                out.text(&format!("{name} += {};", e.text));
                return;
            }
        }
        let e = self.expr(cx, ty, 0);
        out.text(&format!("{name} = {};", e.text));
    }

    /// A write to a property of an object or an instance, or to an element of an array.
    fn write_property(&mut self, cx: &mut Ctx, out: &mut Src) {
        let refs: Vec<(String, Ty)> =
            cx.vars.iter().filter(|v| matches!(v.ty, Ty::OBJ | Ty::INST | Ty::ARR)).map(|v| (v.name.clone(), v.ty)).collect();
        if refs.is_empty() && !cx.this_inst {
            return self.assign(cx, out);
        }
        if refs.is_empty() || (cx.this_inst && self.rng.chance(1, 3)) {
            let e = self.expr(cx, Ty::NUM, 1);
            out.text(&format!("this.v = {};", e.text));
            return;
        }
        let (name, ty) = refs[self.rng.index(refs.len())].clone();
        match ty {
            Ty::OBJ => {
                let keys: Vec<_> = self.plan.keys.clone();
                let key = keys[self.rng.index(keys.len())];
                if key.ty == Ty::STR && self.rng.chance(1, 2) {
                    let lit = self.literal(Ty::PRIM);
                    out.text(&format!("{name}{} += {};", super::access(key.name, false), lit.text));
                } else if self.rng.chance(1, 5) {
                    let c = cx.counter().unwrap_or("7").to_string();
                    let e = self.expr(cx, Ty::NUM, 1);
                    out.text(&format!("{name}[\"k\" + ({c} % 3)] = {};", e.text));
                } else {
                    let e = self.expr(cx, key.ty, 1);
                    out.text(&format!("{name}{} = {};", super::access(key.name, false), e.text));
                }
            }
            Ty::INST => {
                let field = *self.rng.pick(&["v", "g", "v"]);
                let e = self.expr(cx, Ty::NUM, 1);
                out.text(&format!("{name}.{field} = {};", e.text));
            }
            _ => {
                let i = self.index_expr(cx, 1);
                let e = self.expr(cx, Ty::NUM, 1);
                out.text(&format!("{name}[{}] = {};", i.text, e.text));
            }
        }
    }

    /// `push` (capped), `pop`, `shift`, `unshift`, `reverse` or a `length` write on an array in
    /// scope.
    fn array_op(&mut self, cx: &mut Ctx, out: &mut Src) {
        let arrays: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::ARR).map(|v| v.name.clone()).collect();
        if arrays.is_empty() {
            return self.print(cx, out);
        }
        let a = arrays[self.rng.index(arrays.len())].clone();
        cx.spend(Cost::work(5));
        match self.rng.below(6) {
            0 | 1 => {
                let e = self.expr(cx, Ty::NUM, 1);
                let cap = *self.rng.pick(&[8, 20, 64]);
                let keep = self.rng.below(5);
                out.text(&format!("{a}.push({});\nif ({a}.length > {cap}) {a}.length = {keep};", e.text));
            }
            2 => out.text(&format!("{a}.pop();")),
            3 => {
                let e = self.expr(cx, Ty::NUM, 1);
                out.text(&format!("if ({a}.length < 30) {a}.unshift({});\n{a}.shift();", e.text));
            }
            4 => out.text(&format!("{a}.reverse();")),
            _ => out.text(&format!("{a}.length = {};", self.rng.below(10))),
        }
    }

    /// `console.log` of one to three values.
    fn print(&mut self, cx: &mut Ctx, out: &mut Src) {
        let line = Cost { work: 3, lines: 1 };
        if !cx.affords(line) {
            return;
        }
        cx.spend(line);
        let n = self.rng.range(1, 3);
        let args: Vec<String> = (0..n).map(|_| self.expr(cx, Ty::ANY, 1).text).collect();
        out.text(&format!("console.log({});", args.join(", ")));
    }

    /// `if`, sometimes with `else` or `else if`.
    fn if_stmt(&mut self, cx: &mut Ctx, out: &mut Src) {
        let cond = if self.rng.chance(3, 4) { self.bool_expr(cx, 1, false) } else { self.expr(cx, Ty::ANY, 1) };
        out.text(&format!("if ({}) {{", cond.text));
        self.block(cx, 3, out);
        match self.rng.below(4) {
            0 => {
                out.text("} else {");
                self.block(cx, 3, out);
            }
            1 => {
                let c2 = self.bool_expr(cx, 1, false);
                out.text(&format!("}} else if ({}) {{", c2.text));
                self.block(cx, 2, out);
            }
            _ => {}
        }
        out.text("}");
    }

    /// Iterations for a new loop whose body costs about `per` per iteration, within the
    /// budget; `None` if not even two fit.
    fn loop_count(&mut self, cx: &Ctx, per: u64) -> Option<u64> {
        let mut n = *self.rng.pick(&[2u64, 5, 10, 40, 200, 1100, 3000]);
        while n >= 2 && !cx.affords(Cost::work(per * n)) {
            n /= 2;
        }
        (n >= 2).then_some(n)
    }

    /// `for (let i = 0; i < n; i++) { ... }`.
    fn for_loop(&mut self, cx: &mut Ctx, out: &mut Src) {
        let Some(n) = self.loop_count(cx, 20) else { return self.print(cx, out) };
        let i = self.fresh("i");
        out.text(&format!("for (let {i} = 0; {i} < {n}; {i}++) {{"));
        cx.enter_loop(&i, n);
        let count = if self.pool == 0 { 1 } else { self.rng.range(1, 4) as usize };
        cx.stmts_left += count;
        self.stmts(cx, count, out);
        cx.leave_loop(n);
        out.text("}");
    }

    /// A `while` or `do-while` loop counted at the top of its body.
    fn while_loop(&mut self, cx: &mut Ctx, out: &mut Src) {
        let Some(n) = self.loop_count(cx, 20) else { return self.print(cx, out) };
        let w = self.fresh("w");
        out.text(&format!("let {w} = 0;"));
        let head = self.rng.chance(1, 2);
        if head {
            out.text(&format!("while ({w} < {n}) {{"));
        } else {
            out.text("do {");
        }
        out.text(&format!("{w}++;"));
        cx.enter_loop(&w, n);
        let count = self.rng.range(1, 3) as usize;
        cx.stmts_left += count;
        self.stmts(cx, count, out);
        cx.leave_loop(n);
        out.text(&if head { "}".to_string() } else { format!("}} while ({w} < {n});") });
        // The counter stays in scope after the loop, read-only.
        cx.declare(&w, Ty::NUM, false);
    }

    /// `for (const x of ...)` over a short slice of an array, a string or a literal.
    fn for_of(&mut self, cx: &mut Ctx, out: &mut Src) {
        let arrays: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::ARR).map(|v| v.name.clone()).collect();
        let strings: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::STR).map(|v| v.name.clone()).collect();
        let (source, ty) = match self.rng.below(3) {
            0 if !arrays.is_empty() => (format!("{}.slice(0, 6)", arrays[self.rng.index(arrays.len())]), Ty::NUM.union(Ty::UNDEF)),
            1 if !strings.is_empty() => (format!("{}.slice(0, 6)", strings[self.rng.index(strings.len())]), Ty::STR),
            _ => ("[3, 1.5, -0, 7]".to_string(), Ty::NUM),
        };
        if !cx.affords(Cost::work(6 * 20)) {
            return self.print(cx, out);
        }
        let x = self.fresh("x");
        let c = self.fresh("n");
        // A counter that the loop keeps, so the body's statements can use one.
        out.text(&format!("let {c} = 0;\nfor (const {x} of {source}) {{\n{c}++;"));
        cx.enter_loop(&c, 6);
        cx.declare(&x, ty, false);
        let count = self.rng.range(1, 3) as usize;
        cx.stmts_left += count;
        self.stmts(cx, count, out);
        cx.leave_loop(6);
        out.text("}");
    }

    /// Two nested loops whose inner one continues or breaks the outer by its label.
    fn labelled_loops(&mut self, cx: &mut Ctx, out: &mut Src) {
        let Some(n) = self.loop_count(cx, 60) else { return self.print(cx, out) };
        let m = self.rng.range(2, 6);
        let (label, i, j) = (self.fresh("outer"), self.fresh("i"), self.fresh("j"));
        out.text(&format!("{label}: for (let {i} = 0; {i} < {n}; {i}++) {{"));
        cx.enter_loop(&i, n);
        out.text(&format!("for (let {j} = 0; {j} < {m}; {j}++) {{"));
        cx.enter_loop(&j, m);
        let what = *self.rng.pick(&["continue", "break"]);
        let k = self.rng.below(m);
        out.text(&format!("if ({j} === {i} % {m} + {k}) {what} {label};"));
        let count = self.rng.range(1, 3) as usize;
        cx.stmts_left += count;
        self.stmts(cx, count, out);
        cx.leave_loop(m);
        out.text("}");
        cx.leave_loop(n);
        out.text("}");
    }

    /// `switch` on a number or a string, with cases that fall through and a default.
    fn switch_stmt(&mut self, cx: &mut Ctx, out: &mut Src) {
        let subject = match cx.counter() {
            Some(c) if self.rng.chance(1, 2) => format!("{c} % 4"),
            _ => self.expr(cx, Ty::NUM.union(Ty::STR), 1).text,
        };
        out.text(&format!("switch ({subject}) {{"));
        let labels = ["0", "1", "2", "\"1\"", "\"a\"", "\"ab\"", "3.5", "-0", "NaN", "null"];
        let mut used: Vec<&str> = Vec::new();
        for _ in 0..self.rng.range(1, 4) {
            let l = *self.rng.pick(&labels);
            if used.contains(&l) {
                continue;
            }
            used.push(l);
            out.text(&format!("case {l}: {{"));
            self.block(cx, 2, out);
            if self.rng.chance(3, 4) {
                out.text("break;");
            }
            out.text("}");
        }
        if self.rng.chance(1, 2) {
            out.text("default: {");
            self.block(cx, 2, out);
            out.text("}");
        }
        out.text("}");
    }

    /// `try` with a `throw` (of an error or a plain value) now and then, `catch` printing what
    /// it caught, and sometimes `finally`; a `try` without `catch` throws nothing.
    fn try_stmt(&mut self, cx: &mut Ctx, out: &mut Src) {
        let has_catch = self.rng.chance(4, 5);
        out.text("try {");
        self.block(cx, 2, out);
        if has_catch {
            let cond = self.bool_expr(cx, 1, false);
            let thrown = match self.rng.below(4) {
                0 => format!("new Error({})", self.expr(cx, Ty::STR, 2).text),
                1 => format!("new RangeError({})", self.str_literal().text),
                _ => self.expr(cx, Ty::PRIM.union(Ty::OBJ).union(Ty::ARR), 2).text,
            };
            out.text(&format!("if ({}) {{\nthrow {thrown};\n}}", cond.text));
            self.block(cx, 2, out);
            let e = self.fresh("e");
            out.text(&format!("}} catch ({e}) {{"));
            let line = Cost { work: 3, lines: 1 };
            if cx.affords(line) {
                cx.spend(line);
                out.text(&format!("console.log(\"caught\", String({e}));"));
            }
            self.block(cx, 2, out);
        }
        if !has_catch || self.rng.chance(1, 3) {
            out.text("} finally {");
            self.block(cx, 2, out);
        }
        out.text("}");
    }

    /// A closure over the variables in scope: it may read them and assign them, calls no user
    /// code, prints nothing, and returns a number; then it is called now and then.
    fn closure(&mut self, cx: &mut Ctx, out: &mut Src) {
        let name = self.fresh("c");
        let saved_loops = std::mem::take(&mut cx.loops);
        let saved_labels = std::mem::take(&mut cx.labels);
        let saved = (cx.calls, cx.in_function, cx.ret_want, cx.mult, cx.spent, cx.budget);
        cx.calls = false;
        cx.in_function = true;
        cx.ret_want = Ty::NUM;
        cx.mult = 1;
        cx.spent = Cost::default();
        cx.budget = Cost::work(40);
        out.text(&format!("const {name} = (p) => {{"));
        cx.enter();
        cx.declare("p", Ty::NUM, true);
        let count = self.rng.range(0, 2) as usize;
        cx.stmts_left += count;
        self.stmts(cx, count, out);
        let e = self.expr(cx, Ty::NUM, 1);
        out.text(&format!("return {};\n}};", e.text));
        cx.leave();
        (cx.calls, cx.in_function, cx.ret_want, cx.mult, cx.spent, cx.budget) = saved;
        cx.loops = saved_loops;
        cx.labels = saved_labels;
        cx.declare(&name, Ty::FN, false);
        let line = Cost { work: 50, lines: 1 };
        if cx.affords(line) {
            cx.spend(line);
            let arg = self.expr(cx, Ty::NUM, 1);
            out.text(&format!("console.log({name}({}));", arg.text));
        }
    }

    /// A call whose result is dropped.
    fn call_stmt(&mut self, cx: &mut Ctx, out: &mut Src) {
        match self.call_for(cx, Ty::ANY, 0) {
            Some(call) => out.text(&format!("{};", call.text)),
            None => self.print(cx, out),
        }
    }
}
