//! The generator: valid, terminating, deterministic SL programs from a stream of choices.
//!
//! A program is planned as numbered functions (see [`plan`]): leaves that form families of
//! interchangeable function values, functions recursing on a small counter, and inner functions
//! that call larger indices, plus `main`. Bodies are written from the highest index down, so a
//! caller knows the signature, result types and cost of everything it may call. `main` then
//! strings together segments: hot loops (hundreds to thousands of iterations, so that callees
//! and loops get compiled) in which a variable switches type part-way, so that compiled code
//! meets values its speculation did not expect; redefinitions of hot functions through
//! `defineFunction`; code loaded with `eval`; and sometimes an ending that raises a runtime
//! error (often deep in a hot loop) or calls `exit`.
//!
//! Every program stays within a cost budget (work and printed lines, see [`plan::Cost`]) and
//! about 300 lines of source. Output is deterministic: nothing prints a clock, and stdin is
//! empty when programs run.

mod expr;
mod main_fn;
pub mod plan;
mod scope;
mod stmt;
pub mod ty;

use crate::entropy::{Entropy, SplitMix64};
use crate::sl::model::{BinOp, Expr, Function, Program, Stmt};

use plan::{Cost, FnInfo, FnKind, FuncIdx, Member, Plan};
use scope::{FnCtx, Role};
use ty::{FamilyId, Ty};

/// About how many lines a program may have.
const MAX_LINES: usize = 300;

/// The deepest recursion a generated call asks for.
pub const MAX_RECURSION: u64 = 12;

/// The program generated from `seed`.
pub fn for_seed(seed: u64) -> Program {
    program(SplitMix64::new(seed))
}

/// The program generated from the choices `rng` makes.
pub fn program<E: Entropy>(rng: E) -> Program {
    let plan = Plan { funcs: Vec::new(), families: Vec::new(), keys: Vec::new(), maker: FuncIdx(0) };
    Gen { rng, plan }.program()
}

/// How broad a program is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// One or two functions and one hot loop.
    Tiny,
    /// A handful of functions.
    Medium,
    /// Many functions and segments.
    Broad,
}

/// The generator's state: the choices and the plan so far.
pub(crate) struct Gen<E> {
    rng: E,
    plan: Plan,
}

impl<E: Entropy> Gen<E> {
    fn program(&mut self) -> Program {
        let shape = [Shape::Tiny, Shape::Medium, Shape::Broad][self.rng.weighted(&[1, 2, 1])];
        let (inner, recursive, families) = match shape {
            Shape::Tiny => (self.rng.range(0, 1), 0, self.rng.below(2)),
            Shape::Medium => (self.rng.range(1, 4), self.rng.below(2), self.rng.below(3)),
            Shape::Broad => (self.rng.range(3, 7), self.rng.range(0, 2), self.rng.range(1, 3)),
        };
        self.plan_families(families);
        self.plan.keys = plan::choose_keys(&mut self.rng, &self.plan.families);
        self.plan.funcs.push(info("mkobj".into(), Vec::new(), Vec::new(), FnKind::Leaf));
        // Inner functions take the lowest indices, then recursive functions, then the family
        // members, then the object maker; bodies are written from the highest index down, so
        // every function's callees are written before it.
        let mut planned: Vec<FnInfo> = Vec::new();
        for i in 0..inner {
            let params = self.random_params();
            let names = self.param_names(params.len(), true);
            planned.push(info(format!("f{i}"), params, names, FnKind::Inner));
        }
        for i in 0..recursive {
            let mut params = vec![Ty::INT];
            params.extend(self.random_params().into_iter().take(2));
            let names = self.param_names(params.len(), false);
            planned.push(info(format!("rec{i}"), params, names, FnKind::Recursive));
        }
        let offset = planned.len();
        planned.append(&mut self.plan.funcs);
        self.plan.funcs = planned;
        self.plan.maker = FuncIdx(self.plan.funcs.len() - 1);
        for fam in &mut self.plan.families {
            for m in &mut fam.members {
                if let Member::User(idx) = m {
                    idx.0 += offset;
                }
            }
        }
        let mut defs = vec![self.write_maker()];
        for i in (0..self.plan.maker.0).rev() {
            if i + 1 == offset {
                self.finish_families();
            }
            defs.push(self.write_function(FuncIdx(i)));
        }
        // Without inner or recursive functions the loop above never reached that point.
        self.finish_families();
        defs.reverse();
        // Main gets what is left of about 300 lines, at about three lines a statement (its
        // statements are loops and branches more often than those of other functions).
        let used: usize = defs.iter().map(function_lines).sum();
        let main = self.write_main(shape, (MAX_LINES.saturating_sub(used) / 3).clamp(10, 60));
        let mut functions = defs;
        if self.rng.chance(1, 15) {
            functions.push(self.builtin_override());
        }
        functions.push(main);
        Program { functions }
    }

    /// Plans `count` families: a signature each and 1 to 4 leaf members, some of them builtins
    /// when the signature fits one.
    fn plan_families(&mut self, count: u64) {
        for f in 0..count {
            let params = match self.rng.below(4) {
                0 => vec![Ty::ANY],
                1 => vec![Ty::INT],
                2 => vec![Ty::INT, Ty::INT],
                _ => vec![Ty::INT.union(Ty::STR), Ty::INT],
            };
            let mut members = Vec::new();
            let users = self.rng.range(1, 4);
            for m in 0..users {
                let idx = FuncIdx(self.plan.funcs.len());
                let names = self.param_names(params.len(), true);
                self.plan.funcs.push(info(format!("op{f}{m}"), params.clone(), names, FnKind::Leaf));
                members.push(Member::User(idx));
            }
            if params == [Ty::ANY] && self.rng.chance(1, 2) {
                let predicate = *self.rng.pick(&["isNull", "isExecutable", "hasSize"]);
                members.push(Member::Builtin(predicate));
            }
            if params.len() == 1 && self.rng.chance(1, 3) {
                members.push(Member::Builtin("println"));
            }
            self.plan.families.push(plan::Family { params, ret: Ty::NONE, members, cost: Cost::default() });
        }
    }

    /// Once the members are written, a family's result types and cost are known.
    fn finish_families(&mut self) {
        for fam in 0..self.plan.families.len() {
            let family = &self.plan.families[fam];
            let mut ret = Ty::NONE;
            let mut cost = Cost::default();
            for m in &family.members {
                let (r, c) = match m {
                    Member::User(idx) => (self.plan.func(*idx).ret, self.plan.func(*idx).cost),
                    Member::Builtin("println") => (family.params[0], Cost { work: 2, lines: 1 }),
                    Member::Builtin(_) => (Ty::BOOL, Cost::work(2)),
                };
                ret = ret.union(r);
                cost = cost.max(c);
            }
            self.plan.families[fam].ret = ret;
            self.plan.families[fam].cost = cost;
        }
    }

    /// Parameter types for a new function: mostly numbers, often unions, so callers can pass
    /// values of different types to the same parameter.
    fn random_params(&mut self) -> Vec<Ty> {
        let n = self.rng.below(4);
        (0..n).map(|_| self.param_type()).collect()
    }

    fn param_type(&mut self) -> Ty {
        let families = self.plan.families.len();
        match self.rng.weighted(&[6, 4, 1, 1, 2, u32::from(families > 0) * 3, 1, 1]) {
            0 => Ty::INT,
            1 => Ty::INT.union(Ty::STR),
            2 => Ty::STR,
            3 => Ty::BOOL,
            4 => Ty::OBJ,
            5 => Ty::callable(FamilyId(self.rng.index(families) as u8)),
            6 => Ty::ANY,
            _ => Ty::INT.union(Ty::NULL),
        }
    }

    /// Writes the object maker: `o = new(); o.k = ...; return o;` with every common key.
    fn write_maker(&mut self) -> Function {
        let idx = self.plan.maker;
        let mut cx = FnCtx::new(Cost::work(60), 0, false);
        cx.holders_ok = false;
        let mut body = Vec::new();
        let made = self.build_object(&mut cx, &mut body);
        if let Some(o) = made {
            body.push(Stmt::Return(Some(Expr::name(o))));
        }
        let info = &mut self.plan.funcs[idx.0];
        info.ret = Ty::OBJ;
        info.cost = cx.spent;
        Function { name: info.name.clone(), params: Vec::new(), body }
    }

    /// Writes the body of planned function `idx` and records its result types and cost.
    /// Family members (leaves) call no function value, since a member calling a member could
    /// recurse; they call larger indices by name like every function.
    fn write_function(&mut self, idx: FuncIdx) -> Function {
        let f = self.plan.func(idx).clone();
        let leaf = f.kind == FnKind::Leaf;
        let budget = match f.kind {
            FnKind::Leaf => Cost { work: 80, lines: 1 },
            FnKind::Recursive => Cost { work: 150, lines: 1 },
            FnKind::Inner => Cost { work: *self.rng.pick(&[150, 400, 3000]), lines: *self.rng.pick(&[1, 3, 20]) },
        };
        let stmts = if leaf { self.rng.range(0, 3) } else { self.rng.range(2, 10) } as usize;
        let mut cx = FnCtx::new(budget, stmts, false);
        cx.min_callee = idx.0 + 1;
        cx.holders_ok = !leaf;
        let body = self.function_body(&mut cx, &f, None);
        let params = f.names.clone();
        let info = &mut self.plan.funcs[idx.0];
        info.ret = cx.returned;
        info.cost = if f.kind == FnKind::Recursive { cx.spent.times(MAX_RECURSION + 1) } else { cx.spent };
        Function { name: f.name, params, body }
    }

    /// Parameter names: `a`, `b`, ... and, if `hello_ok`, sometimes `hello` for the last of
    /// several, which `helloEqualsWorld` then writes.
    fn param_names(&mut self, count: usize, hello_ok: bool) -> Vec<String> {
        const NAMES: &[&str] = &["a", "b", "c", "d", "e"];
        let mut names: Vec<String> =
            (0..count).map(|i| NAMES.get(i).map_or_else(|| format!("p{i}"), |n| (*n).to_string())).collect();
        if hello_ok && count >= 2 && self.rng.chance(1, 6) {
            names[count - 1] = "hello".to_string();
        }
        names
    }

    /// A body for `f`'s signature. With `ret` given (a redefinition), every value returned is
    /// of those types, so callers written for the old body stay correct.
    fn function_body(&mut self, cx: &mut FnCtx, f: &FnInfo, ret: Option<Ty>) -> Vec<Stmt> {
        for (i, &t) in f.params.iter().enumerate() {
            // A recursive function's depth is only ever decreased by its own call.
            let assignable = !(f.kind == FnKind::Recursive && i == 0);
            cx.declare(f.names[i].clone(), t, Role::Param, assignable);
        }
        let mut body = Vec::new();
        if ret.is_some() {
            cx.early_returns = false;
        }
        if f.kind == FnKind::Recursive {
            return self.recursive_body(cx, f);
        }
        if cx.var("hello").is_none() && self.rng.chance(1, 8) {
            let (e, t) = self.expr(cx, Ty::INT, 1);
            body.push(Stmt::Expr(Expr::assign("hello", e)));
            cx.declare("hello".into(), t, Role::Local, true);
        }
        let n = cx.stmts_left;
        self.stmts(cx, n, &mut body);
        let want = match ret {
            Some(t) => Some(t),
            None => self.rng.chance(4, 5).then(|| self.random_want()),
        };
        match want {
            Some(t) if !(t == Ty::NULL && self.rng.chance(1, 2)) => {
                let (e, ty) = self.expr(cx, t, 0);
                cx.returned = cx.returned.union(ty);
                body.push(Stmt::Return(Some(e)));
            }
            _ => cx.returned = cx.returned.union(Ty::NULL),
        }
        body
    }

    /// `if (n < 1) { return base; } ...; r = self(n - 1, ...); ...; return e;` with results of
    /// one type set chosen up front, since the recursive call's result is one of them.
    fn recursive_body(&mut self, cx: &mut FnCtx, f: &FnInfo) -> Vec<Stmt> {
        let ret = *self.rng.pick(&[Ty::INT, Ty::STR, Ty::INT.union(Ty::STR)]);
        let depth = f.names[0].clone();
        let (base, _) = self.expr(cx, ret, 1);
        let mut body = vec![Stmt::If {
            cond: Expr::binary(BinOp::Lt, Expr::name(&depth), Expr::num(1)),
            then: vec![Stmt::Return(Some(base))],
            els: None,
        }];
        cx.early_returns = false;
        let widened = self.rng.chance(1, 2).then(|| self.depth_dependent_local(cx, &depth, &mut body));
        let n = self.rng.range(0, 3) as usize;
        self.stmts(cx, n, &mut body);
        let mut args = vec![Expr::binary(BinOp::Sub, Expr::name(&depth), Expr::num(1))];
        args.extend(self.args(cx, &f.params[1..], 1));
        body.push(Stmt::Expr(Expr::assign("r", Expr::call_named(&f.name, args))));
        cx.declare("r".into(), ret, Role::Local, true);
        if let Some(v) = widened {
            // Read the local after the call, when inner activations have widened its slot.
            let sum = Expr::binary(BinOp::Add, Expr::name("r"), Expr::name(&v));
            body.push(Stmt::Expr(if ret == Ty::INT.union(Ty::STR) {
                Expr::assign("r", sum)
            } else {
                Expr::binary(BinOp::Add, Expr::name(&v), Expr::num(1))
            }));
        }
        let n = self.rng.range(0, 2) as usize;
        self.stmts(cx, n, &mut body);
        let (e, _) = self.expr(cx, ret, 0);
        body.push(Stmt::Return(Some(e)));
        cx.returned = ret;
        body
    }
}

impl<E: Entropy> Gen<E> {
    /// `if (depth < k) { v = "s"; } else { v = 1; }`: a local that holds a number in the outer
    /// activations and a string in the inner ones, so its slot widens while outer activations
    /// still hold numbers in it (spec §4.2), which they read after the recursive call returns.
    fn depth_dependent_local(&mut self, cx: &mut FnCtx, depth: &str, body: &mut Vec<Stmt>) -> String {
        let v = cx.fresh_name("v");
        let k = self.rng.range(1, MAX_RECURSION / 2);
        let (inner, inner_ty) = self.expr(cx, Ty::STR, 1);
        let (outer, outer_ty) = self.expr(cx, Ty::INT, 1);
        body.push(Stmt::If {
            cond: Expr::binary(BinOp::Lt, Expr::name(depth), Expr::num(k)),
            then: vec![Stmt::Expr(Expr::assign(&v, inner))],
            els: Some(vec![Stmt::Expr(Expr::assign(&v, outer))]),
        });
        // The assignments are in nested blocks, so the variable is declared by a first
        // assignment at the top level of the body, which also gives it a value on every path.
        body.insert(body.len() - 1, Stmt::Expr(Expr::assign(&v, Expr::num(0))));
        cx.declare(v.clone(), inner_ty.union(outer_ty), Role::Local, true);
        v
    }
}

/// User functions that replace builtins (spec §8.2) without changing the types the generator
/// relies on: a predicate stays a predicate, an identity stays an identity.
const BUILTIN_OVERRIDES: &[(&str, &[&str], &str)] = &[
    ("hasSize", &["a"], "a == 1"),
    ("inNativeImage", &[], "1 > 2"),
    ("wrapPrimitive", &["a"], "a"),
    ("isExecutable", &["a"], "isNull(a) == (1 > 2)"),
];

impl<E: Entropy> Gen<E> {
    /// A function that replaces a builtin for the whole program.
    fn builtin_override(&mut self) -> Function {
        let &(name, params, value) = self.rng.pick(BUILTIN_OVERRIDES);
        let source = format!("function {name}({}) {{ return {value}; }}", params.join(", "));
        // The table is written in SL; should an entry not parse, the override is left out of
        // the program as an empty `debugger` function rather than failing the generator.
        match crate::sl::from_ast::parse(&source) {
            Ok(mut p) if p.functions.len() == 1 => p.functions.remove(0),
            _ => Function { name: "overrideFailed".into(), params: Vec::new(), body: vec![Stmt::Debugger] },
        }
    }
}

/// A planned function before its body is written.
fn info(name: String, params: Vec<Ty>, names: Vec<String>, kind: FnKind) -> FnInfo {
    FnInfo { name, params, names, ret: Ty::NONE, cost: Cost::default(), kind, main_only: false }
}

/// How many lines `f` prints as.
fn function_lines(f: &Function) -> usize {
    let mut text = String::new();
    crate::sl::print::function(&mut text, f);
    text.lines().count()
}

/// A function printed on one line, to be put in an SL string literal (which cannot hold line
/// breaks).
pub fn one_line(f: &Function) -> String {
    let mut text = String::new();
    crate::sl::print::function(&mut text, f);
    text.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
