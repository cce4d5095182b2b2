//! Typed expressions: given the set of types a context accepts, an expression whose value is
//! always one of them.
//!
//! Two rules keep every value small however long a loop runs. Numbers are only multiplied by a
//! literal, or a literal by a loop counter, so values grow by a bounded number of bits per
//! operation and never square. Two strings are only joined when one of them is a literal (or a
//! non-string converted to text), so strings grow by a bounded length per operation and never
//! double. Division is only by non-zero literals, or of a literal by a counter inside its loop,
//! where the counter is at least 1.

use crate::entropy::Entropy;
use crate::sl::model::{BinOp, Expr};

use super::Gen;
use super::plan::{Cost, FnKind, FuncIdx, KeyId, Member};
use super::scope::{FnCtx, Role};
use super::ty::Ty;

/// Expressions deeper than this are only literals and variables.
const MAX_DEPTH: u32 = 3;

/// Numbers at the edges of the 64-bit range, where arithmetic overflows into big numbers.
const EDGE_NUMBERS: &[&str] = &[
    "9223372036854775807",
    "9223372036854775806",
    "4611686018427387904",
    "4611686018427387903",
    "4294967296",
    "2147483647",
    "2147483648",
    "3037000499",
    "3037000500",
];

/// Literals that are big numbers from the start.
const BIG_NUMBERS: &[&str] = &[
    "9223372036854775808",
    "18446744073709551616",
    "170141183460469231731687303715884105727",
    "99999999999999999999999",
];

/// String literals (no `"`, no line breaks).
const STRINGS: &[&str] = &["", "a", "abc", "x y", "hello", "world", "NULL", "1", "-", ", ", "[foreign object]", "f0"];

/// Names that are never defined: function values whose calls fail.
pub const UNDEFINED_NAMES: &[&str] = &["nosuch", "undefinedFn", "missing"];

impl<E: Entropy> Gen<E> {
    /// An expression whose value is of a type in `want`.
    pub fn expr(&mut self, cx: &mut FnCtx, want: Ty, depth: u32) -> (Expr, Ty) {
        cx.spend(Cost::work(1));
        let vars = self.vars_within(cx, want);
        if !vars.is_empty() && self.rng.chance(2, 5) {
            let v = &cx.vars[vars[self.rng.index(vars.len())]];
            return (Expr::name(&v.name), v.ty);
        }
        if depth < MAX_DEPTH
            && self.rng.chance(1, 5)
            && let Some(found) = self.call_expr(cx, want, depth)
        {
            return found;
        }
        if depth < MAX_DEPTH
            && self.rng.chance(1, 6)
            && let Some(found) = self.property_read(cx, want)
        {
            return found;
        }
        if depth < MAX_DEPTH && self.rng.chance(1, 30) {
            // Wrapping changes no value in porcini, but the value takes another path.
            let (e, ty) = self.expr(cx, want, depth + 1);
            return (Expr::call_named("wrapPrimitive", vec![e]), ty);
        }
        let bases = want.bases();
        if bases.is_empty() {
            // Callers never ask for no type at all; should one, NULL is the least surprising.
            return (Expr::call_named("import", vec![self.str_literal(cx)]), Ty::NULL);
        }
        let weights: Vec<u32> = bases.iter().map(|b| base_weight(*b)).collect();
        let base = bases[self.rng.weighted(&weights)];
        let e = match base {
            b if b == Ty::INT => self.int_expr(cx, depth),
            b if b == Ty::STR => self.str_expr(cx, depth),
            b if b == Ty::BOOL => self.bool_expr(cx, depth),
            b if b == Ty::NULL => self.null_expr(cx, depth),
            b if b == Ty::OBJ => match self.obj_expr(cx, depth) {
                Some(e) => e,
                // No object is at hand; fall back to another type the context accepts, or to a
                // fresh object when only objects will do.
                None => return self.expr_without(cx, want, Ty::OBJ, depth),
            },
            _ => self.func_expr(base),
        };
        (e, base)
    }

    /// An expression of a type in `want` other than `excluded`, or if nothing else is wanted a
    /// call of the object maker, which every function may call.
    fn expr_without(&mut self, cx: &mut FnCtx, want: Ty, excluded: Ty, depth: u32) -> (Expr, Ty) {
        let rest = want.minus(excluded);
        if rest.is_none() {
            return self.call_planned(cx, self.plan.maker, depth);
        }
        self.expr(cx, rest, depth)
    }

    /// An expression of any type, for printing and comparing.
    pub fn any_expr(&mut self, cx: &mut FnCtx, depth: u32) -> (Expr, Ty) {
        self.expr(cx, Ty::ANY, depth)
    }

    /// Indices of the variables whose type is within `want`.
    pub fn vars_within(&self, cx: &FnCtx, want: Ty) -> Vec<usize> {
        (0..cx.vars.len()).filter(|&i| !cx.vars[i].ty.is_none() && cx.vars[i].ty.is_subset(want)).collect()
    }

    /// A numeric literal: mostly small, sometimes at the edge of 64 bits, sometimes big.
    pub fn int_literal(&mut self) -> Expr {
        match self.rng.weighted(&[6, 3, 2, 1]) {
            0 => Expr::num(self.rng.below(10)),
            1 => Expr::num(self.rng.below(1000)),
            2 => Expr::num(*self.rng.pick(EDGE_NUMBERS)),
            _ => Expr::num(*self.rng.pick(BIG_NUMBERS)),
        }
    }

    /// A small positive literal.
    fn small_positive(&mut self) -> Expr {
        Expr::num(self.rng.range(1, 9))
    }

    fn int_expr(&mut self, cx: &mut FnCtx, depth: u32) -> Expr {
        let leaf = depth >= MAX_DEPTH;
        let in_loop = cx.counter().is_some();
        match self.rng.weighted(&[
            4,
            if leaf { 0 } else { 3 },
            if leaf { 0 } else { 2 },
            if leaf { 0 } else { 2 },
            if leaf { 0 } else { 1 },
            u32::from(in_loop && !leaf),
            1,
        ]) {
            0 => self.int_literal(),
            1 => {
                let op = if self.rng.chance(1, 2) { BinOp::Add } else { BinOp::Sub };
                let l = self.expr(cx, Ty::INT, depth + 1).0;
                let r = self.expr(cx, Ty::INT, depth + 1).0;
                Expr::binary(op, l, r)
            }
            2 => {
                // A product: anything times a small literal, or a tame operand (a literal or a
                // counter) times any literal, so no value is ever squared.
                if self.rng.chance(1, 2) {
                    let l = self.expr(cx, Ty::INT, depth + 1).0;
                    Expr::binary(BinOp::Mul, l, Expr::num(self.rng.below(1000)))
                } else {
                    let tame = self.tame_int(cx);
                    let lit = self.int_literal();
                    Expr::binary(BinOp::Mul, lit, tame)
                }
            }
            3 => {
                let l = self.expr(cx, Ty::INT, depth + 1).0;
                Expr::binary(BinOp::Div, l, self.nonzero_divisor())
            }
            4 => Expr::binary(BinOp::Sub, Expr::num(0), self.int_literal()),
            5 => {
                // Inside a loop its counter is at least 1 after the increment at the top.
                let counter = cx.counter().map(|f| f.counter.clone()).unwrap_or_default();
                Expr::binary(BinOp::Div, self.int_literal(), Expr::name(counter))
            }
            _ => Expr::binary(BinOp::Add, self.tame_int(cx), self.small_positive()),
        }
    }

    /// A literal or a loop counter.
    fn tame_int(&mut self, cx: &FnCtx) -> Expr {
        let counters: Vec<&str> = cx.vars.iter().filter(|v| v.role == Role::Counter).map(|v| v.name.as_str()).collect();
        if !counters.is_empty() && self.rng.chance(2, 3) {
            Expr::name(*self.rng.pick(&counters))
        } else {
            self.int_literal()
        }
    }

    fn nonzero_divisor(&mut self) -> Expr {
        match self.rng.below(4) {
            0 => Expr::binary(BinOp::Sub, Expr::num(0), self.small_positive()),
            1 => Expr::num(*self.rng.pick(EDGE_NUMBERS)),
            _ => self.small_positive(),
        }
    }

    /// A string literal, or `readln()` (which gives "" with no input) in code that is itself a
    /// string.
    pub fn str_literal(&mut self, cx: &FnCtx) -> Expr {
        if cx.no_strings { Expr::call_named("readln", vec![]) } else { Expr::str(*self.rng.pick(STRINGS)) }
    }

    fn str_expr(&mut self, cx: &mut FnCtx, depth: u32) -> Expr {
        let leaf = depth >= MAX_DEPTH;
        let hello_free = cx.var("hello").is_none();
        match self.rng.weighted(&[3, if leaf { 0 } else { 5 }, u32::from(hello_free), 1]) {
            0 => self.str_literal(cx),
            3 => Expr::call_named("readln", vec![]),
            1 => {
                // Joins keep one side a literal or a non-string, so strings grow additively.
                let lit = self.str_literal(cx);
                let (other, _) = self.expr(cx, Ty::ANY, depth + 1);
                if self.rng.chance(1, 2) {
                    Expr::binary(BinOp::Add, lit, other)
                } else {
                    Expr::binary(BinOp::Add, other, lit)
                }
            }
            // With no local named `hello` in this function, it only returns "world".
            _ => Expr::call_named("helloEqualsWorld", vec![]),
        }
    }

    fn bool_expr(&mut self, cx: &mut FnCtx, depth: u32) -> Expr {
        if depth >= MAX_DEPTH {
            let l = self.int_literal();
            return Expr::binary(BinOp::Lt, l, self.int_literal());
        }
        match self.rng.weighted(&[5, 2, 2, 3, 1, 1, 1]) {
            0 => {
                let op = *self.rng.pick(&[BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne]);
                let l = self.expr(cx, Ty::INT, depth + 1).0;
                let r = self.expr(cx, Ty::INT, depth + 1).0;
                Expr::binary(op, l, r)
            }
            1 => {
                let op = if self.rng.chance(1, 2) { BinOp::Eq } else { BinOp::Ne };
                let l = self.any_expr(cx, depth + 1).0;
                let r = self.any_expr(cx, depth + 1).0;
                Expr::binary(op, l, r)
            }
            2 => {
                let l = Box::new(self.expr(cx, Ty::BOOL, depth + 1).0);
                let r = Box::new(self.expr(cx, Ty::BOOL, depth + 1).0);
                if self.rng.chance(1, 2) { Expr::And(l, r) } else { Expr::Or(l, r) }
            }
            3 => {
                let (arg, _) = self.any_expr(cx, depth + 1);
                match self.rng.below(5) {
                    0 => Expr::call_named("isNull", vec![arg]),
                    1 => Expr::call_named("isExecutable", vec![arg]),
                    2 => Expr::call_named("hasSize", vec![arg]),
                    3 => {
                        // The type of one value tested against another value.
                        let (sample, _) = self.any_expr(cx, depth + 1);
                        Expr::call_named("isInstance", vec![Expr::call_named("typeOf", vec![sample]), arg])
                    }
                    _ => {
                        let bases = Ty::ANY.bases();
                        let t = bases[self.rng.index(bases.len())];
                        self.type_test(cx, t, arg)
                    }
                }
            }
            4 => {
                // Function values compare by identity.
                let (f, _) = self.expr(cx, Ty::FUNC, depth + 1);
                let g = self.func_expr(Ty::FUNC);
                let op = if self.rng.chance(1, 2) { BinOp::Eq } else { BinOp::Ne };
                Expr::binary(op, f, g)
            }
            5 => {
                // Two readings of a monotonic clock: deterministic, though the values are not.
                let earlier = Expr::call_named("nanoTime", vec![]);
                let later = Expr::call_named("nanoTime", vec![]);
                Expr::binary(BinOp::Le, Expr::binary(BinOp::Sub, earlier, later), Expr::num(0))
            }
            _ => Expr::call_named("inNativeImage", vec![]),
        }
    }

    /// A test that is true exactly when `value` has the single type `t`.
    pub fn type_test(&mut self, cx: &FnCtx, t: Ty, value: Expr) -> Expr {
        let sample = match t {
            t if t == Ty::INT => Expr::num(0),
            t if t == Ty::STR => self.str_literal(cx),
            t if t == Ty::BOOL => Expr::binary(BinOp::Eq, Expr::num(1), Expr::num(1)),
            t if t == Ty::NULL => return Expr::call_named("isNull", vec![value]),
            t if t == Ty::OBJ => Expr::call_named("new", vec![]),
            _ => return Expr::call_named("isExecutable", vec![value]),
        };
        Expr::call_named("isInstance", vec![Expr::call_named("typeOf", vec![sample]), value])
    }

    fn null_expr(&mut self, cx: &mut FnCtx, depth: u32) -> Expr {
        if depth < MAX_DEPTH
            && self.rng.chance(1, 2)
            && let Some((e, _)) = self.call_expr(cx, Ty::NULL, depth)
        {
            return e;
        }
        let name = self.str_literal(cx);
        if self.rng.chance(1, 4) {
            Expr::call_named("addToHostClassPath", vec![name])
        } else {
            Expr::call_named("import", vec![name])
        }
    }

    fn obj_expr(&mut self, cx: &mut FnCtx, depth: u32) -> Option<Expr> {
        let objects = self.vars_within(cx, Ty::OBJ);
        if !objects.is_empty() {
            let name = cx.vars[objects[self.rng.index(objects.len())]].name.clone();
            return Some(if self.rng.chance(1, 5) {
                Expr::call_named("wrapPrimitive", vec![Expr::name(name)])
            } else {
                Expr::name(name)
            });
        }
        if depth < MAX_DEPTH {
            return self.call_expr(cx, Ty::OBJ, depth).map(|(e, _)| e);
        }
        None
    }

    /// A function value: a member of `base`'s family if it has one, else any function name,
    /// a builtin, or a name nothing defines (a value like any other until it is called).
    fn func_expr(&mut self, base: Ty) -> Expr {
        if let Some(fam) = base.family() {
            let members = self.plan.family(fam).members.clone();
            let m = self.rng.pick(&members).clone();
            return Expr::name(self.plan.member_name(&m));
        }
        match self.rng.below(4) {
            0 => Expr::name(*self.rng.pick(UNDEFINED_NAMES)),
            1 => Expr::name(*self.rng.pick(&["println", "typeOf", "new", "isNull", "eval"])),
            _ if !self.plan.funcs.is_empty() => {
                let i = self.rng.index(self.plan.funcs.len());
                Expr::name(self.plan.funcs[i].name.clone())
            }
            _ => Expr::name("main"),
        }
    }

    /// A property read `o.k` of an object variable, for a key whose values are within `want`.
    fn property_read(&mut self, cx: &mut FnCtx, want: Ty) -> Option<(Expr, Ty)> {
        let mut options: Vec<(String, KeyId)> = Vec::new();
        let common = self.plan.common_keys();
        for v in &cx.vars {
            if v.ty != Ty::OBJ {
                continue;
            }
            for k in self.plan.key_ids() {
                let present = common.contains(k) || v.keys.contains(k);
                if present && self.plan.key(k).ty.is_subset(want) {
                    options.push((v.name.clone(), k));
                }
            }
        }
        if options.is_empty() {
            return None;
        }
        let (obj, k) = options.swap_remove(self.rng.index(options.len()));
        let key = self.plan.key(k).clone();
        let key_expr = super::plan::key_expr(&mut self.rng, &key.name, cx.no_strings)?;
        Some((Expr::read(Expr::name(obj), key_expr), key.ty))
    }

    /// A call whose result is within `want`: of a planned function, of a family member held in
    /// a variable or a property, or of a function value returned by a call.
    pub fn call_expr(&mut self, cx: &mut FnCtx, want: Ty, depth: u32) -> Option<(Expr, Ty)> {
        let mut direct: Vec<FuncIdx> = Vec::new();
        for i in cx.min_callee..self.plan.funcs.len() {
            let f = &self.plan.funcs[i];
            if f.ret.is_subset(want) && !f.ret.is_none() && cx.affords(f.cost) && (cx.is_main || !f.main_only) {
                direct.push(FuncIdx(i));
            }
        }
        let holders = if cx.holders_ok { self.callable_holders(cx, want) } else { Vec::new() };
        match self.rng.weighted(&[u32::from(!direct.is_empty()) * 3, u32::from(!holders.is_empty()) * 2]) {
            0 if !direct.is_empty() => {
                let idx = direct[self.rng.index(direct.len())];
                Some(self.call_planned(cx, idx, depth))
            }
            _ if !holders.is_empty() => {
                let (callee, fam) = holders[self.rng.index(holders.len())].clone();
                let family = self.plan.family(fam).clone();
                cx.spend(family.cost);
                let args = self.args(cx, &family.params, depth);
                Some((Expr::call(callee, args), family.ret))
            }
            _ => None,
        }
    }

    /// A call of planned function `idx` with arguments of its parameter types.
    pub fn call_planned(&mut self, cx: &mut FnCtx, idx: FuncIdx, depth: u32) -> (Expr, Ty) {
        let f = self.plan.func(idx).clone();
        cx.spend(f.cost);
        let args = if f.kind == FnKind::Recursive {
            // The depth argument is a small literal, so recursion stays shallow in every mode.
            let mut args = vec![Expr::num(self.rng.below(super::MAX_RECURSION))];
            args.extend(self.args(cx, &f.params[1..], depth));
            args
        } else {
            self.args(cx, &f.params, depth)
        };
        (Expr::call_named(&f.name, args), f.ret)
    }

    /// Expressions that evaluate to a callable member of a family whose results are within
    /// `want`: variables, properties, direct member names, and calls returning such values.
    fn callable_holders(&mut self, cx: &FnCtx, want: Ty) -> Vec<(Expr, super::ty::FamilyId)> {
        let mut out = Vec::new();
        let wanted = |fam: super::ty::FamilyId, plan: &super::plan::Plan| {
            let f = plan.family(fam);
            f.ret.is_subset(want) && cx.affords(f.cost)
        };
        for v in &cx.vars {
            if let Some(fam) = v.ty.family()
                && wanted(fam, &self.plan)
            {
                out.push((Expr::name(&v.name), fam));
            }
        }
        let common = self.plan.common_keys();
        for v in cx.vars.iter().filter(|v| v.ty == Ty::OBJ) {
            for k in self.plan.key_ids() {
                let key = self.plan.key(k);
                let present = common.contains(k) || v.keys.contains(k);
                if let (true, Some(fam)) = (present, key.ty.family())
                    && wanted(fam, &self.plan)
                    && crate::sl::print::is_identifier(&key.name)
                {
                    out.push((Expr::read(Expr::name(&v.name), Expr::str(&key.name)), fam));
                }
            }
        }
        for (i, fam) in self.plan.families.iter().enumerate() {
            let id = super::ty::FamilyId(i as u8);
            if !wanted(id, &self.plan) {
                continue;
            }
            for m in &fam.members {
                let callable_by_name = match m {
                    Member::User(idx) => idx.0 >= cx.min_callee,
                    Member::Builtin(_) => true,
                };
                if callable_by_name {
                    out.push((Expr::name(self.plan.member_name(m)), id));
                }
            }
        }
        out
    }

    /// Arguments for parameters of the given types; sometimes one too many (extra arguments
    /// are evaluated and dropped), sometimes trailing ones left out where NULL is accepted.
    pub fn args(&mut self, cx: &mut FnCtx, params: &[Ty], depth: u32) -> Vec<Expr> {
        let mut keep = params.len();
        while keep > 0 && Ty::NULL.is_subset(params[keep - 1]) && self.rng.chance(1, 3) {
            keep -= 1;
        }
        let mut args: Vec<Expr> = params[..keep].iter().map(|&t| self.expr(cx, t, depth + 1).0).collect();
        if self.rng.chance(1, 12) {
            args.push(self.any_expr(cx, depth + 1).0);
        }
        args
    }
}

/// How often each type is chosen when a context accepts several.
fn base_weight(base: Ty) -> u32 {
    match base {
        b if b == Ty::INT => 6,
        b if b == Ty::STR => 3,
        b if b == Ty::BOOL => 2,
        b if b == Ty::OBJ => 2,
        b if b == Ty::NULL => 1,
        _ => 1,
    }
}
