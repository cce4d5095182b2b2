//! Typed expressions: given the kinds a context accepts, an expression whose value is always of
//! one of them.
//!
//! Every compound operand is parenthesised, so precedence never needs thought. Strings stay
//! small by the rule of [`super::ty`]: `+` and templates join at most one operand that may be
//! a string (or an object) and is not a literal. Arrays only come from literals, slices and
//! element-wise methods, so they stay short, and function values (which EasyScript cannot turn
//! into source text) never meet an operator.

use crate::entropy::Entropy;
use crate::es::text::quote;

use super::Gen;
use super::scope::{Cost, Ctx};
use super::ty::Ty;

/// Expressions deeper than this are literals and variables.
const MAX_DEPTH: u32 = 3;

/// An expression: its text, the kinds of its value, and whether it is a literal.
#[derive(Debug, Clone)]
pub struct Ex {
    /// The text, parenthesised if compound.
    pub text: String,
    /// What it may evaluate to.
    pub ty: Ty,
    /// Whether it is a literal (which a string may be joined with).
    pub lit: bool,
}

impl Ex {
    pub fn new(text: impl Into<String>, ty: Ty) -> Ex {
        Ex { text: text.into(), ty, lit: false }
    }

    pub fn lit(text: impl Into<String>, ty: Ty) -> Ex {
        Ex { text: text.into(), ty, lit: true }
    }
}

/// Number literals, negative ones parenthesised: small integers, the edges of int32, doubles,
/// integers written as fractions (doubles inside porcini), `-0`, `NaN` and the infinities.
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "5", "7", "10", "100", "255", "1000", "65535", "65536", "(-1)", "(-7)", "2147483647", "(-2147483648)",
    "1073741824", "4294967295", "0.5", "1.5", "2.25", "0.1", "3.14159", "1e21", "1e-7", "(-0)", "NaN", "Infinity",
    "(-Infinity)", "5e-324", "(-0.5)", "9007199254740993", "0.0", "1.0", "3e0", "(-0.0)", "1e3",
];

/// String literals' contents.
const STRINGS: &[&str] =
    &["", "a", "abc", "x y", "0", "12", "-3.5", "true", "null", "é", "日本", "a\nb", "  7  ", "1e3", "0x10", "Infinity"];

impl<E: Entropy> Gen<E> {
    /// An expression of a kind within `want` (which must not be empty).
    pub fn expr(&mut self, cx: &mut Ctx, want: Ty, depth: u32) -> Ex {
        let vars: Vec<(String, Ty)> = cx.vars_within(want).iter().map(|v| (v.name.clone(), v.ty)).collect();
        if !vars.is_empty() && self.rng.chance(2, 5) {
            cx.spend(Cost::work(1));
            let (name, ty) = vars[self.rng.index(vars.len())].clone();
            return Ex::new(name, ty);
        }
        self.value(cx, want, depth)
    }

    /// An expression of a kind within `want` that is not just a variable: a new value.
    pub fn value(&mut self, cx: &mut Ctx, want: Ty, depth: u32) -> Ex {
        cx.spend(Cost::work(1));
        let bases = want.bases();
        if bases.is_empty() {
            return Ex::lit("undefined", Ty::UNDEF);
        }
        let weights: Vec<u32> = bases.iter().map(|b| weight(*b)).collect();
        let base = bases[self.rng.weighted(&weights)];
        let deep = depth >= MAX_DEPTH;
        match base {
            Ty::NUM => self.num_expr(cx, want, depth, deep),
            Ty::STR => self.str_expr(cx, depth, deep),
            Ty::BOOL => self.bool_expr(cx, depth, deep),
            Ty::UNDEF => Ex::lit(*self.rng.pick(&["undefined", "(void 0)", "[][0]"]), Ty::UNDEF),
            Ty::NULL => Ex::lit("null", Ty::NULL),
            Ty::OBJ => self.obj_expr(cx, depth),
            Ty::ARR => self.arr_expr(cx, depth),
            Ty::INST => self.inst_expr(cx, depth),
            _ => self.fn_expr(cx),
        }
    }

    /// A literal of a kind within `want`, for places that must not grow a string.
    pub fn literal(&mut self, want: Ty) -> Ex {
        let bases: Vec<Ty> = want.and(Ty::PRIM).bases();
        if bases.is_empty() {
            return Ex::lit("undefined", Ty::UNDEF);
        }
        match bases[self.rng.index(bases.len())] {
            Ty::NUM => self.num_literal(),
            Ty::STR => self.str_literal(),
            Ty::BOOL => Ex::lit(*self.rng.pick(&["true", "false"]), Ty::BOOL),
            Ty::NULL => Ex::lit("null", Ty::NULL),
            _ => Ex::lit("undefined", Ty::UNDEF),
        }
    }

    /// A number literal.
    pub fn num_literal(&mut self) -> Ex {
        if self.rng.chance(1, 2) {
            return Ex::lit(self.rng.below(10).to_string(), Ty::NUM);
        }
        Ex::lit(*self.rng.pick(NUMBERS), Ty::NUM)
    }

    /// A string literal.
    pub fn str_literal(&mut self) -> Ex {
        Ex::lit(quote(*self.rng.pick(STRINGS)), Ty::STR)
    }

    /// Any value that may meet an operator: everything but functions, though mostly numbers,
    /// since the other kinds mostly give `NaN`, which hides what came before.
    fn operand(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let want = match self.rng.below(20) {
            0..=16 => Ty::NUM,
            17 | 18 => Ty::PRIM,
            _ => Ty::ANY.minus(Ty::FN),
        };
        self.expr(cx, want, depth + 1)
    }

    /// A number, or with `want` allowing it a number-or-string from `+`.
    fn num_expr(&mut self, cx: &mut Ctx, want: Ty, depth: u32, deep: bool) -> Ex {
        if deep {
            return match cx.counter() {
                Some(c) if self.rng.chance(1, 3) => Ex::new(c.to_string(), Ty::NUM),
                _ => self.num_literal(),
            };
        }
        match self.rng.weighted(&[3, 5, 3, 2, 2, 3, 3, 2, 2, 1, 2]) {
            0 => self.num_literal(),
            1 => self.arith(cx, want, depth),
            2 => {
                let op = *self.rng.pick(&["&", "|", "^", "<<", ">>", ">>>"]);
                let (a, b) = (self.operand(cx, depth), self.operand(cx, depth));
                Ex::new(format!("({} {op} {})", a.text, b.text), Ty::NUM)
            }
            3 => {
                let op = *self.rng.pick(&["-", "+", "~"]);
                let a = self.operand(cx, depth);
                Ex::new(format!("({op}{})", a.text), Ty::NUM)
            }
            4 => self.math_call(cx, depth),
            5 => match cx.counter() {
                Some(c) => {
                    let c = c.to_string();
                    let k = self.num_literal();
                    let op = *self.rng.pick(&["+", "*", "%", "-", "/"]);
                    Ex::new(format!("({c} {op} {})", k.text), Ty::NUM)
                }
                None => self.num_literal(),
            },
            6 => self.num_from_refs(cx, depth).unwrap_or_else(|| self.num_literal()),
            7 => self.call_for(cx, Ty::NUM, depth).unwrap_or_else(|| self.num_literal()),
            8 => {
                let c = self.bool_expr(cx, depth + 1, false);
                let (a, b) = (self.expr(cx, Ty::NUM, depth + 1), self.expr(cx, Ty::NUM, depth + 1));
                Ex::new(format!("({} ? {} : {})", c.text, a.text, b.text), Ty::NUM)
            }
            9 => {
                let s = self.expr(cx, Ty::STR, depth + 1);
                match self.rng.below(5) {
                    // String methods at a site with computed arguments (doubles, NaN, out of
                    // range), which compiled code runs without a call once it has seen them.
                    3 => {
                        let i = self.expr(cx, Ty::NUM, depth + 1);
                        Ex::new(format!("{}.charCodeAt({})", s.text, i.text), Ty::NUM)
                    }
                    4 => {
                        let t = self.expr(cx, Ty::STR, depth + 1);
                        Ex::new(format!("{}.indexOf({})", s.text, t.text), Ty::NUM)
                    }
                    k => {
                        let f = ["parseInt", "parseFloat", "Number"][k as usize];
                        Ex::new(format!("{f}({})", s.text), Ty::NUM)
                    }
                }
            }
            _ => {
                // `??` on a value that may be missing: an element past the end, an optional key.
                let a = self.maybe_missing_num(cx, depth);
                let b = self.expr(cx, Ty::NUM, depth + 1);
                Ex::new(format!("({} ?? {})", a.text, b.text), Ty::NUM)
            }
        }
    }

    /// `a op b` for an arithmetic operator; `+` may join strings if `want` takes them.
    fn arith(&mut self, cx: &mut Ctx, want: Ty, depth: u32) -> Ex {
        let op = *self.rng.pick(&["+", "+", "-", "*", "/", "%", "**"]);
        if op != "+" {
            let (a, b) = (self.operand(cx, depth), self.operand(cx, depth));
            let b = if op == "**" { self.small_exponent(b) } else { b };
            return Ex::new(format!("({} {op} {})", a.text, b.text), Ty::NUM);
        }
        // Without strings wanted, both sides must be numbers, booleans or nothing.
        let side = if Ty::STR.is_subset(want) { Ty::ANY.minus(Ty::FN) } else { Ty::NUM.union(Ty::BOOL) };
        let a = self.expr(cx, side, depth + 1);
        let mut b = self.expr(cx, side, depth + 1);
        if a.ty.stringish() && b.ty.stringish() && !a.lit && !b.lit {
            b = self.literal(Ty::NUM.union(Ty::STR));
        }
        Ex::new(format!("({} + {})", a.text, b.text), plus_type(a.ty, b.ty))
    }

    /// An exponent that keeps `**` from taking long to print: small, or the operand itself if
    /// it is a literal.
    fn small_exponent(&mut self, b: Ex) -> Ex {
        if b.lit { b } else { Ex::lit(*self.rng.pick(&["2", "3", "0.5", "(-1)", "31", "32"]), Ty::NUM) }
    }

    /// A call of a `Math` function.
    fn math_call(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let one = ["floor", "ceil", "round", "trunc", "abs", "sign", "sqrt", "fround"];
        let two = ["max", "min", "pow"];
        if self.rng.chance(2, 3) {
            let f = *self.rng.pick(&one);
            let a = self.operand(cx, depth);
            Ex::new(format!("Math.{f}({})", a.text), Ty::NUM)
        } else {
            let f = *self.rng.pick(&two);
            let a = self.operand(cx, depth);
            let b = self.operand(cx, depth);
            let b = if f == "pow" { self.small_exponent(b) } else { b };
            Ex::new(format!("Math.{f}({}, {})", a.text, b.text), Ty::NUM)
        }
    }

    /// A number read from a string, an array, an object or an instance in scope.
    fn num_from_refs(&mut self, cx: &mut Ctx, depth: u32) -> Option<Ex> {
        let mut options: Vec<Ex> = Vec::new();
        for v in &cx.vars {
            let n = &v.name;
            if v.ty == Ty::STR {
                options.push(Ex::new(format!("{n}.length"), Ty::NUM));
                options.push(Ex::new(format!("{n}.indexOf(\"a\")"), Ty::NUM));
            }
            if v.ty == Ty::ARR {
                options.push(Ex::new(format!("{n}.length"), Ty::NUM));
                options.push(Ex::new(format!("{n}.indexOf(3)"), Ty::NUM));
            }
            if v.ty.meets(Ty::OBJ) && v.ty.is_subset(Ty::OBJ.union(Ty::NULL).union(Ty::UNDEF)) && !v.ty.nullable() {
                options.push(Ex::new(format!("{n}.x"), Ty::NUM));
            }
            if v.ty == Ty::INST {
                options.push(Ex::new(format!("{n}.v"), Ty::NUM));
                // A method or accessor of an instance could call itself through another one.
                if !cx.this_inst {
                    options.push(Ex::new(format!("{n}.g"), Ty::NUM));
                }
            }
        }
        let instances: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::INST).map(|v| v.name.clone()).collect();
        if !instances.is_empty() && !cx.this_inst && self.rng.chance(1, 2) {
            let inst = instances[self.rng.index(instances.len())].clone();
            let a = self.expr(cx, Ty::NUM, depth + 1);
            cx.spend(Cost::work(60));
            return Some(Ex::new(format!("{inst}.m({})", a.text), Ty::NUM));
        }
        if cx.this_inst && self.rng.chance(1, 3) {
            return Some(Ex::new(*self.rng.pick(&["this.v", "this.v", "(this.w ?? 1)"]), Ty::NUM));
        }
        if options.is_empty() {
            return None;
        }
        Some(options.swap_remove(self.rng.index(options.len())))
    }

    /// A number that may be missing: an element of an array, an optional key of an object, or
    /// a key read through `?.` on an object that may be missing.
    fn maybe_missing_num(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let arrays: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::ARR).map(|v| v.name.clone()).collect();
        let objects: Vec<(String, bool)> = cx
            .vars
            .iter()
            .filter(|v| v.ty.meets(Ty::OBJ) && v.ty.is_subset(Ty::OBJ.union(Ty::NULL).union(Ty::UNDEF)))
            .map(|v| (v.name.clone(), v.ty.nullable()))
            .collect();
        if !objects.is_empty() && (arrays.is_empty() || self.rng.chance(1, 2)) {
            let (o, nullable) = objects[self.rng.index(objects.len())].clone();
            let key = self.plan.optional_num_access(&mut self.rng, nullable);
            return Ex::new(format!("{o}{key}"), Ty::NUM.union(Ty::UNDEF));
        }
        if !arrays.is_empty() {
            let a = arrays[self.rng.index(arrays.len())].clone();
            let i = self.index_expr(cx, depth);
            return Ex::new(format!("{a}[{}]", i.text), Ty::NUM.union(Ty::UNDEF));
        }
        Ex::lit("undefined", Ty::UNDEF)
    }

    /// A small index, sometimes past the end of short arrays.
    pub fn index_expr(&mut self, cx: &mut Ctx, _depth: u32) -> Ex {
        match cx.counter() {
            Some(c) if self.rng.chance(2, 3) => {
                let m = *self.rng.pick(&["3", "5", "8", "12"]);
                Ex::new(format!("({c} % {m})"), Ty::NUM)
            }
            _ => Ex::lit(self.rng.below(12).to_string(), Ty::NUM),
        }
    }

    /// A string.
    fn str_expr(&mut self, cx: &mut Ctx, depth: u32, deep: bool) -> Ex {
        if deep {
            return self.str_literal();
        }
        match self.rng.weighted(&[4, 4, 2, 2, 2, 2, 2, 2, 2]) {
            0 => self.str_literal(),
            1 => {
                let mut a = self.expr(cx, Ty::ANY.minus(Ty::FN), depth + 1);
                if !a.ty.meets(Ty::STR) {
                    a = self.str_literal();
                }
                let b = if a.ty.stringish() && !a.lit { self.literal(Ty::PRIM) } else { self.operand(cx, depth) };
                let (l, r) = if self.rng.chance(1, 2) { (a, b) } else { (b, a) };
                // One side is certainly a string, so the result is.
                if l.ty == Ty::STR || r.ty == Ty::STR {
                    Ex::new(format!("({} + {})", l.text, r.text), Ty::STR)
                } else {
                    Ex::new(format!("(\"\" + {} + {})", l.text, r.text), Ty::STR)
                }
            }
            2 => {
                // A template literal with at most one part that may be a string.
                let a = self.operand(cx, depth);
                let b = if a.ty.stringish() { self.expr(cx, Ty::NUM, depth + 1) } else { self.operand(cx, depth) };
                let sep = *self.rng.pick(&["", "-", ":", " "]);
                Ex::new(format!("`<${{{}}}{sep}${{{}}}>`", a.text, b.text), Ty::STR)
            }
            3 => {
                let a = self.operand(cx, depth);
                Ex::new(format!("String({})", a.text), Ty::STR)
            }
            4 => {
                let a = self.expr(cx, Ty::NUM, depth + 1);
                let how = match self.rng.below(4) {
                    0 => format!("toFixed({})", self.rng.below(5)),
                    1 => format!("toString({})", self.rng.pick(&[2, 8, 16, 36])),
                    _ => "toString()".to_string(),
                };
                Ex::new(format!("({}).{how}", a.text), Ty::STR)
            }
            5 => {
                let a = self.expr(cx, Ty::ANY, depth + 1);
                Ex::new(format!("(typeof {})", a.text), Ty::STR)
            }
            6 => {
                let s = self.expr(cx, Ty::STR, depth + 1);
                let how = match self.rng.below(9) {
                    7 => {
                        let (a, b) = (self.expr(cx, Ty::NUM, depth + 1), self.expr(cx, Ty::NUM, depth + 1));
                        format!("substring({}, {})", a.text, b.text)
                    }
                    8 => format!("charAt({})", self.expr(cx, Ty::NUM, depth + 1).text),
                    0 => format!("slice({}, {})", self.rng.below(4), self.rng.range(2, 9)),
                    1 => "toUpperCase()".to_string(),
                    2 => format!("charAt({})", self.rng.below(5)),
                    3 => format!("padStart({}, \"*\")", self.rng.range(2, 8)),
                    4 => "trim()".to_string(),
                    5 => format!("slice(-{})", self.rng.range(1, 6)),
                    _ => "toLowerCase()".to_string(),
                };
                Ex::new(format!("{}.{how}", s.text), Ty::STR)
            }
            7 => self.str_from_refs(cx, depth).unwrap_or_else(|| self.str_literal()),
            _ => self.call_for(cx, Ty::STR, depth).unwrap_or_else(|| self.str_literal()),
        }
    }

    /// A string read from an object, an instance or an array in scope.
    fn str_from_refs(&mut self, cx: &mut Ctx, _depth: u32) -> Option<Ex> {
        let mut options = Vec::new();
        for v in &cx.vars {
            let n = &v.name;
            if v.ty == Ty::OBJ {
                options.push(Ex::new(format!("{n}.s"), Ty::STR));
            }
            if v.ty == Ty::INST {
                options.push(Ex::new(format!("{n}.tag"), Ty::STR));
                options.push(Ex::new(format!("String({n})"), Ty::STR));
            }
            if v.ty == Ty::ARR {
                options.push(Ex::new(format!("{n}.join(\",\")"), Ty::STR));
            }
            if v.ty == Ty::STR && cx.counter().is_some() {
                let c = cx.counter().unwrap_or("0");
                options.push(Ex::new(format!("({n}[{c} % 4] ?? \"?\")"), Ty::STR));
            }
        }
        if cx.this_inst {
            options.push(Ex::new("this.tag", Ty::STR));
        }
        if options.is_empty() {
            return None;
        }
        Some(options.swap_remove(self.rng.index(options.len())))
    }

    /// A boolean.
    pub fn bool_expr(&mut self, cx: &mut Ctx, depth: u32, deep: bool) -> Ex {
        if deep {
            return Ex::lit(*self.rng.pick(&["true", "false"]), Ty::BOOL);
        }
        match self.rng.weighted(&[6, 2, 2, 2]) {
            0 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!=", "===", "!=="]);
                let (a, b) = (self.operand(cx, depth), self.operand(cx, depth));
                Ex::new(format!("({} {op} {})", a.text, b.text), Ty::BOOL)
            }
            1 => {
                let a = self.expr(cx, Ty::ANY, depth + 1);
                Ex::new(format!("(!{})", a.text), Ty::BOOL)
            }
            2 => {
                let a = self.operand(cx, depth);
                let f = *self.rng.pick(&["Array.isArray", "isNaN", "Number.isInteger", "Number.isFinite"]);
                Ex::new(format!("{f}({})", a.text), Ty::BOOL)
            }
            _ => {
                let mut options: Vec<String> = Vec::new();
                for v in &cx.vars {
                    let n = &v.name;
                    if v.ty == Ty::OBJ {
                        options.push(format!("(\"{}\" in {n})", self.plan.any_key(&mut self.rng)));
                    }
                    if v.ty == Ty::INST {
                        options.push(format!("({n} instanceof {})", self.plan.any_class(&mut self.rng)));
                    }
                    if v.ty == Ty::STR {
                        options.push(format!("{n}.includes(\"a\")"));
                        options.push(format!("{n}.startsWith(\"1\")"));
                    }
                    if v.ty == Ty::ARR {
                        options.push(format!("{n}.includes(2)"));
                    }
                }
                if options.is_empty() {
                    return Ex::lit("false", Ty::BOOL);
                }
                Ex::new(options.swap_remove(self.rng.index(options.len())), Ty::BOOL)
            }
        }
    }

    /// A plain object: a literal of one of the program's shapes, a spread copy, or a result.
    fn obj_expr(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let objects: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::OBJ).map(|v| v.name.clone()).collect();
        if !objects.is_empty() && depth < MAX_DEPTH && self.rng.chance(1, 4) {
            let o = objects[self.rng.index(objects.len())].clone();
            let x = self.expr(cx, Ty::NUM, depth + 1);
            cx.spend(Cost::work(5));
            return Ex::new(format!("{{ ...{o}, x: {} }}", x.text), Ty::OBJ);
        }
        if depth < MAX_DEPTH
            && self.rng.chance(1, 4)
            && let Some(call) = self.call_for(cx, Ty::OBJ, depth)
        {
            return call;
        }
        self.obj_literal(cx, depth)
    }

    /// An object literal with the common keys and some optional ones, in some order.
    pub fn obj_literal(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let mut keys = self.plan.shape(&mut self.rng);
        for i in (1..keys.len()).rev() {
            keys.swap(i, self.rng.index(i + 1));
        }
        let mut parts = Vec::new();
        for key in keys {
            let v = self.expr(cx, key.ty, (depth + 1).max(MAX_DEPTH - 1));
            let name = if key.name.bytes().all(|b| b.is_ascii_alphabetic()) { key.name.to_string() } else { quote(key.name) };
            parts.push(format!("{name}: {}", v.text));
        }
        cx.spend(Cost::work(4));
        Ex::new(format!("{{ {} }}", parts.join(", ")), Ty::OBJ)
    }

    /// An array of numbers: a literal (with holes now and then), a slice, or an element-wise
    /// result.
    fn arr_expr(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let arrays: Vec<String> = cx.vars.iter().filter(|v| v.ty == Ty::ARR).map(|v| v.name.clone()).collect();
        cx.spend(Cost::work(10));
        if !arrays.is_empty() && depth < MAX_DEPTH && self.rng.chance(1, 2) {
            let a = arrays[self.rng.index(arrays.len())].clone();
            let k = self.num_literal();
            return Ex::new(
                match self.rng.below(4) {
                    0 => format!("{a}.slice(0, {})", self.rng.range(1, 6)),
                    1 => format!("{a}.map((e) => e * {})", k.text),
                    2 => format!("{a}.filter((e) => e > {})", k.text),
                    _ => format!("[...{a}.slice(0, 4), {}]", k.text),
                },
                Ty::ARR,
            );
        }
        let n = self.rng.below(6);
        let mut items = Vec::new();
        for _ in 0..n {
            if self.rng.chance(1, 10) {
                items.push(String::new());
            } else {
                items.push(self.expr(cx, Ty::NUM, MAX_DEPTH).text);
            }
        }
        // A hole as the last item needs a comma after it to be one.
        if items.last().is_some_and(String::is_empty) {
            items.push("0".into());
        }
        Ex::new(format!("[{}]", items.join(", ")), Ty::ARR)
    }

    /// An instance of one of the program's classes.
    fn inst_expr(&mut self, cx: &mut Ctx, depth: u32) -> Ex {
        let class = self.plan.any_class(&mut self.rng);
        let v = self.expr(cx, Ty::NUM, (depth + 1).max(MAX_DEPTH - 1));
        cx.spend(Cost::work(20));
        if self.rng.chance(1, 4) {
            return Ex::new(format!("{class}.make({})", v.text), Ty::INST);
        }
        Ex::new(format!("new {class}({})", v.text), Ty::INST)
    }

    /// A function value: a family member, or a new closure that calls nothing.
    fn fn_expr(&mut self, cx: &mut Ctx) -> Ex {
        // While the family itself is written, its members are not all known yet.
        if (self.rng.chance(2, 3) || !cx.calls) && !self.plan.members.is_empty() {
            return Ex::new(self.plan.any_member(&mut self.rng), Ty::FN);
        }
        let k = self.num_literal();
        let op = *self.rng.pick(&["+", "*", "-", "%"]);
        Ex::new(format!("((p) => p {op} {})", k.text), Ty::FN)
    }
}

/// The kinds `a + b` may give.
pub fn plus_type(a: Ty, b: Ty) -> Ty {
    let numeric = Ty::NUM.union(Ty::BOOL).union(Ty::UNDEF).union(Ty::NULL);
    if a.is_subset(numeric) && b.is_subset(numeric) {
        Ty::NUM
    } else if !a.meets(numeric) || !b.meets(numeric) {
        Ty::STR
    } else {
        Ty::NUM.union(Ty::STR)
    }
}

/// How often a base kind is chosen when several are wanted.
fn weight(t: Ty) -> u32 {
    match t {
        Ty::NUM => 8,
        Ty::STR => 3,
        Ty::BOOL => 2,
        Ty::OBJ | Ty::ARR | Ty::INST => 2,
        _ => 1,
    }
}
