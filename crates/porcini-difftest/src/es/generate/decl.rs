//! The program's declarations: the family of function values, the class hierarchy and the
//! numbered functions, each written with a body from the statement generator.

use crate::entropy::Entropy;
use crate::es::text::Src;

use super::scope::{Cost, Ctx};
use super::ty::Ty;
use super::{FnInfo, Gen, Param};

/// What a function's parameters take: mostly numbers, often unions, so that callers can pass
/// values of different kinds to the same parameter.
const PARAM_TYPES: &[(u32, Ty)] = &[
    (8, Ty::NUM),
    (4, Ty::NUM.union(Ty::STR)),
    (2, Ty::NUM.union(Ty::UNDEF)),
    (2, Ty::PRIM),
    (1, Ty::STR),
    (1, Ty::BOOL),
    (2, Ty::OBJ),
    (2, Ty::INST),
    (1, Ty::ARR),
    (2, Ty::FN),
    (1, Ty::OBJ.union(Ty::NULL)),
];

/// What a function returns.
const RETURN_TYPES: &[(u32, Ty)] = &[
    (6, Ty::NUM),
    (2, Ty::STR),
    (2, Ty::NUM.union(Ty::STR)),
    (1, Ty::BOOL),
    (1, Ty::OBJ),
    (1, Ty::ARR),
    (1, Ty::INST),
    (1, Ty::NUM.union(Ty::UNDEF)),
];

impl<E: Entropy> Gen<E> {
    /// A kind drawn from a weighted table.
    pub(super) fn draw(&mut self, table: &[(u32, Ty)]) -> Ty {
        let weights: Vec<u32> = table.iter().map(|(w, _)| *w).collect();
        table[self.rng.weighted(&weights)].1
    }

    /// The family: two to four functions from a number to a number that call nothing, some
    /// of them `Math` builtins, collected in the array `fams` too.
    pub(super) fn write_family(&mut self, out: &mut Src) {
        let count = self.rng.range(2, 4);
        for i in 0..count {
            if self.rng.chance(1, 4) {
                let f = *self.rng.pick(&["Math.abs", "Math.floor", "Math.round", "Math.sign", "Math.trunc", "Math.fround"]);
                self.plan.members.push(f.to_string());
                continue;
            }
            let name = format!("fam{i}");
            let mut cx = Ctx::new(Cost::work(40), self.rng.range(0, 2) as usize);
            cx.calls = false;
            cx.in_function = true;
            cx.declare("x", Ty::NUM, true);
            let e = self.expr(&mut cx, Ty::NUM, 1);
            if self.rng.chance(1, 2) {
                out.text(&format!("const {name} = (x) => {};", e.text));
            } else {
                out.text(&format!("function {name}(x) {{"));
                let mut body = Src::new();
                let n = cx.stmts_left;
                self.stmts(&mut cx, n, &mut body);
                out.append(&body);
                out.text(&format!("return {};\n}}", e.text));
            }
            self.plan.members.push(name);
        }
        out.text(&format!("const fams = [{}];", self.plan.members.join(", ")));
    }

    /// The classes: a base and one to three subclasses, which override some of its members
    /// (calling `super`) and add a field and constructor parameter.
    pub(super) fn write_classes(&mut self, out: &mut Src) {
        for i in 0..self.plan.classes.len() {
            let name = self.plan.classes[i].name.clone();
            let parent = if i == 0 { None } else { Some(format!("K{}", self.rng.below(i as u64))) };
            match &parent {
                None => out.text(&format!("class {name} {{\nstatic count = 0;\ntag = \"k{i}\";\nconstructor(v) {{\nthis.v = v;\n{name}.count++;\n}}")),
                Some(p) => {
                    out.text(&format!("class {name} extends {p} {{\ntag = \"k{i}\";"));
                    if self.rng.chance(1, 2) {
                        let w = self.num_literal().text;
                        out.text(&format!("constructor(v, w = {w}) {{\nsuper(v);\nthis.w = w;\n}}"));
                    }
                }
            }
            let base = parent.is_none();
            if base || self.rng.chance(1, 2) {
                self.write_method(out, base);
            }
            if base || self.rng.chance(1, 3) {
                self.write_accessor(out);
            }
            if base {
                out.text("toString() {\nreturn this.tag + \":\" + this.v;\n}\nstatic make(x) {\nreturn new this(x);\n}");
            }
            out.text("}");
        }
    }

    /// `m(x)`: a leaf body returning a number; a subclass's may build on `super.m`.
    fn write_method(&mut self, out: &mut Src, base: bool) {
        let stmts = self.rng.range(0, 2) as usize;
        let mut cx = self.leaf_ctx(stmts);
        cx.declare("x", Ty::NUM, true);
        let mut body = Src::new();
        let n = cx.stmts_left;
        self.stmts(&mut cx, n, &mut body);
        let mut e = self.expr(&mut cx, Ty::NUM, 1).text;
        if !base && self.rng.chance(1, 2) {
            e = format!("super.m(x) + {e}");
        }
        out.text("m(x) {");
        out.append(&body);
        out.text(&format!("return {e};\n}}"));
    }

    /// A getter `g` and a setter `g` (always both, so an assignment never meets a getter
    /// alone, which strict code rejects).
    fn write_accessor(&mut self, out: &mut Src) {
        let mut cx = self.leaf_ctx(0);
        let get = self.expr(&mut cx, Ty::NUM, 1).text;
        cx.declare("x", Ty::NUM, true);
        let set = self.expr(&mut cx, Ty::NUM, 1).text;
        out.text(&format!("get g() {{\nreturn {get};\n}}\nset g(x) {{\nthis.v = {set};\n}}"));
    }

    /// A context for a method body: `this` is an instance, and no user code is called.
    fn leaf_ctx(&mut self, stmts: usize) -> Ctx {
        let mut cx = Ctx::new(Cost::work(60), stmts);
        cx.calls = false;
        cx.in_function = true;
        cx.this_inst = true;
        cx
    }

    /// Plans the numbered functions, then writes them from the highest number down.
    pub(super) fn write_functions(&mut self, out: &mut Src) {
        let count = self.rng.range(1, 6) as usize;
        let recursive = self.rng.below(3) as usize;
        for i in 0..count {
            let mut params = Vec::new();
            let is_rec = i < recursive;
            if is_rec {
                params.push(Param { name: "d".into(), ty: Ty::NUM, default: None });
            }
            for p in 0..self.rng.below(4) {
                let ty = self.draw(PARAM_TYPES);
                let default =
                    (ty.is_subset(Ty::PRIM) && self.rng.chance(1, 5)).then(|| self.literal(ty.minus(Ty::UNDEF)).text);
                params.push(Param { name: ["a", "b", "c", "e"][p as usize].to_string(), ty, default });
            }
            let rest = !is_rec && self.rng.chance(1, 6);
            let ret = self.draw(RETURN_TYPES);
            let callee = if self.rng.chance(1, 6) { format!("lib.f{i}") } else { format!("f{i}") };
            self.plan.funcs.push(FnInfo { callee, params, rest, ret, cost: Cost::default(), recursive: is_rec });
        }
        if self.plan.funcs.iter().any(|f| f.callee.starts_with("lib.")) {
            out.text("const lib = {};");
        }
        let mut texts = Vec::new();
        for i in (0..count).rev() {
            texts.push(self.write_function(i));
        }
        texts.reverse();
        for t in &texts {
            out.append(t);
        }
    }

    /// The text of planned function `i`, recording its cost.
    fn write_function(&mut self, i: usize) -> Src {
        let f = self.plan.funcs[i].clone();
        let budget = Cost { work: *self.rng.pick(&[150, 400, 2000]), lines: *self.rng.pick(&[0, 1, 3]) };
        let mut cx = Ctx::new(budget, self.rng.range(1, 6) as usize);
        cx.min_callee = i + 1;
        cx.in_function = true;
        cx.ret_want = f.ret;
        for p in &f.params {
            // A parameter left out is `undefined` unless it has a default.
            let ty = if p.default.is_some() { p.ty.minus(Ty::UNDEF) } else { p.ty };
            // The depth of a recursive function only ever decreases by its own call.
            cx.declare(&p.name, ty, !(f.recursive && p.name == "d"));
        }
        if f.rest {
            cx.declare("rest", Ty::ARR, false);
        }
        let mut body = Src::new();
        if f.recursive {
            let base = self.expr(&mut cx, f.ret, 2).text;
            body.text(&format!("if (d <= 0) {{\nreturn {base};\n}}"));
        }
        let n = cx.stmts_left;
        self.stmts(&mut cx, n, &mut body);
        let mut ret = self.expr(&mut cx, f.ret, 0).text;
        if f.recursive {
            // The recursive call's result is of the function's own type.
            let args: Vec<String> = std::iter::once("d - 1".to_string())
                .chain(f.params[1..].iter().map(|p| p.name.clone()))
                .collect();
            let call = format!("{}({})", f.callee, args.join(", "));
            ret = if f.ret == Ty::NUM && self.rng.chance(1, 2) { format!("{call} + {ret}") } else { format!("(d % 2 === 0 ? {call} : {ret})") };
        }
        body.text(&format!("return {ret};"));
        let mut cost = cx.spent.plus(Cost::work(5));
        if f.recursive {
            cost = cost.times(super::call::MAX_DEPTH + 1);
        }
        self.plan.funcs[i].cost = cost;
        let mut params: Vec<String> = f
            .params
            .iter()
            .map(|p| match &p.default {
                Some(d) => format!("{} = {d}", p.name),
                None => p.name.clone(),
            })
            .collect();
        if f.rest {
            params.push("...rest".into());
        }
        let params = params.join(", ");
        let mut out = Src::new();
        let head = match (f.callee.strip_prefix("lib."), self.rng.below(4)) {
            (Some(_), _) => format!("{} = function ({params}) {{", f.callee),
            (None, 0) => format!("const {} = ({params}) => {{", f.callee),
            (None, 1) => format!("const {} = function ({params}) {{", f.callee),
            (None, _) => format!("function {}({params}) {{", f.callee),
        };
        let close = if head.starts_with("function") { "}" } else { "};" };
        out.text(&head);
        out.append(&body);
        out.text(close);
        out
    }
}
