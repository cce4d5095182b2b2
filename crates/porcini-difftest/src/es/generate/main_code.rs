//! The main code: a prologue of variables of every kind, then segments (hot loops with a
//! switching variable, runs of statements), then the values they leave, printed.
//!
//! The hot loop is where most disagreements show up. Before it, a variable gets a value of one
//! kind; in the loop, a test on the counter switches it to a value of another kind (after
//! warm-up, on a period, or for one iteration), and the variable is handed to a function, a
//! method or called, on every iteration. By the time it switches, the callee and the loop are
//! compiled with the first kind speculated, so the switch exercises guards, deoptimization and
//! respecialization.

use crate::entropy::Entropy;
use crate::es::text::Src;

use super::Gen;
use super::scope::{Cost, Ctx};
use super::ty::Ty;

/// What the main code may cost: some tens of milliseconds in porcini's interpreter, and a
/// screenful or two of output.
const MAIN_BUDGET: Cost = Cost { work: 600_000, lines: 400 };

impl<E: Entropy> Gen<E> {
    /// Writes the main code, at the top level of the module or in a function it calls.
    pub(super) fn write_main(&mut self, out: &mut Src) {
        let in_function = self.rng.chance(1, 3);
        let mut cx = Ctx::new(MAIN_BUDGET, 0);
        let mut body = Src::new();
        let mut shown = Vec::new();
        for _ in 0..self.rng.range(2, 5) {
            let ty = self.draw(&[(3, Ty::NUM), (1, Ty::STR), (2, Ty::OBJ), (2, Ty::ARR), (2, Ty::INST), (1, Ty::FN), (1, Ty::OBJ.union(Ty::NULL))]);
            let e = self.expr(&mut cx, ty, 1);
            let name = self.fresh("g");
            body.text(&format!("let {name} = {};", e.text));
            cx.declare(&name, ty, true);
            shown.push(name);
        }
        let segments = self.rng.range(1, 4);
        for k in 0..segments {
            // Each segment gets its share of what is left, so the first cannot starve the rest.
            let left = segments - k;
            let full = cx.budget;
            cx.budget = Cost {
                work: cx.spent.work + full.work.saturating_sub(cx.spent.work) / left,
                lines: cx.spent.lines + full.lines.saturating_sub(cx.spent.lines) / left,
            };
            if self.rng.chance(2, 3) {
                self.hot_loop(&mut cx, &mut body);
            } else {
                let n = self.rng.range(3, 8) as usize;
                cx.stmts_left += n;
                self.stmts(&mut cx, n, &mut body);
            }
            cx.budget = full;
        }
        body.text(&format!("console.log({});", shown.join(", ")));
        if in_function {
            out.text("function main() {");
            out.append(&body);
            out.text("}\nmain();");
        } else {
            out.append(&body);
        }
    }

    /// A hot loop with a switching variable handed to a callee on every iteration.
    fn hot_loop(&mut self, cx: &mut Ctx, out: &mut Src) {
        let Some((call_cost, target)) = self.hot_target(cx) else {
            let n = self.rng.range(2, 5) as usize;
            cx.stmts_left += n;
            return self.stmts(cx, n, out);
        };
        let mut n = *self.rng.pick(&[300u64, 1100, 2000, 4000]);
        while n > 10 && !cx.affords(call_cost.plus(Cost::work(40)).times(n)) {
            n /= 2;
        }
        let ty = match &target {
            Target::Planned(i, p) => self.plan.funcs[*i].params[*p].ty,
            Target::Called => Ty::FN,
            Target::Method => Ty::INST,
        };
        let i = self.fresh("i");
        let (sw, sum, t) = (self.fresh("sw"), self.fresh("sum"), self.fresh("t"));
        // The first value is of the first arm's kind, written before the loop.
        let kinds = self.arm_kinds(ty);
        let first = if kinds[0] == Ty::NUM { "0".to_string() } else { self.expr(cx, kinds[0], 1).text };
        out.text(&format!("let {sw} = {first};\nlet {sum} = 0;"));
        cx.declare(&sw, ty, true);
        cx.declare(&sum, Ty::NUM, true);
        let every = (n / 10).max(1) + self.rng.below(n / 4 + 1);
        let lines = Cost { work: 0, lines: n / every + 2 };
        let prints = cx.affords(lines);
        if prints {
            cx.spend(lines);
        }
        out.text(&format!("for (let {i} = 0; {i} < {n}; {i}++) {{"));
        cx.enter_loop(&i, n);
        let arms: Vec<String> = kinds.iter().enumerate().map(|(n, &k)| self.arm(cx, k, &i, n == 0)).collect();
        let at = self.rng.range(n / 3, n - 1);
        let cond = match self.rng.below(3) {
            0 => format!("{i} >= {at}"),
            1 => format!("{i} % {} === {}", self.rng.range(2, 50), self.rng.below(2)),
            _ => format!("{i} === {at}"),
        };
        let mut chain = format!("if ({cond}) {{\n{sw} = {};\n}} else {{\n{sw} = {};\n}}", arms[1], arms[0]);
        if arms.len() > 2 {
            chain = format!("if ({i} > {}) {{\n{sw} = {};\n}} else {chain}", n - n / 8, arms[2]);
        }
        out.text(&chain);
        let call = match &target {
            Target::Planned(f, p) => self.call_planned(cx, *f, 1, Some((*p, &sw))),
            Target::Called | Target::Method => {
                let arg = self.expr(cx, Ty::NUM, 1);
                cx.spend(call_cost);
                let text = if matches!(target, Target::Called) {
                    format!("{sw}({})", arg.text)
                } else {
                    format!("{sw}.m({}) + {sw}.g", arg.text)
                };
                super::expr::Ex { text, ty: Ty::NUM, lit: false }
            }
        };
        out.text(&format!("const {t} = {};", call.text));
        // Numbers are summed, other results measured: a checksum printed after the loop.
        if call.ty.is_subset(Ty::NUM) {
            out.text(&format!("{sum} += {t};"));
        } else {
            out.text(&format!("{sum} += typeof {t} === \"number\" ? {t} : String({t}).length;"));
        }
        let k = self.rng.range(0, 3) as usize;
        cx.stmts_left += k;
        self.stmts(cx, k, out);
        if prints {
            out.text(&format!("if ({i} % {every} === 0) console.log({i}, {t});"));
        }
        cx.leave_loop(n);
        out.text("}");
        out.text(&format!("console.log({sw}, {sum});"));
        cx.spend(Cost { work: 3, lines: 1 });
    }

    /// What a hot loop hands its variable to: a parameter of a planned function, or the
    /// variable is called (a function value), or its method (an instance).
    fn hot_target(&mut self, cx: &Ctx) -> Option<(Cost, Target)> {
        let mut targets = Vec::new();
        for (i, f) in self.plan.funcs.iter().enumerate() {
            if f.recursive || i < cx.min_callee {
                continue;
            }
            for p in 0..f.params.len() {
                targets.push((f.cost, Target::Planned(i, p)));
            }
        }
        targets.push((Cost::work(50), Target::Called));
        targets.push((Cost::work(120), Target::Method));
        let affordable: Vec<(Cost, Target)> = targets.into_iter().filter(|(c, _)| cx.affords(c.times(10))).collect();
        if affordable.is_empty() {
            return None;
        }
        let pick = self.rng.index(affordable.len());
        affordable.into_iter().nth(pick)
    }

    /// The kinds of the two or three values a switching variable of kinds `ty` takes in
    /// turn: different kinds where it has several, else its one kind again.
    fn arm_kinds(&mut self, ty: Ty) -> Vec<Ty> {
        let bases = ty.minus(Ty::UNDEF).bases();
        let count = self.rng.range(2, 3) as usize;
        if bases.is_empty() {
            return vec![Ty::UNDEF; count];
        }
        let start = self.rng.index(bases.len());
        let mut kinds: Vec<Ty> = (0..count).map(|k| bases[(start + k) % bases.len()]).collect();
        if ty.meets(Ty::UNDEF) && count == 3 {
            kinds[2] = Ty::UNDEF;
        }
        kinds
    }

    /// A value of kind `kind` for a switching variable, in the loop counted by `i`: numbers
    /// are small integers for the `first` arm and then doubles, `-0` or past int32; other
    /// kinds are new objects of some shape, instances of some class, function values.
    fn arm(&mut self, cx: &mut Ctx, kind: Ty, i: &str, first: bool) -> String {
        if kind == Ty::NUM {
            if first {
                return format!("{i} % {}", self.rng.pick(&[7, 100, 1000]));
            }
            let other = *self.rng.pick(&["$ + 0.5", "2147483647 + $", "-0", "NaN", "$ * 65536 * 65536", "-$", "$ / 3", "-2147483648 - $", "1e21"]);
            return other.replace('$', i);
        }
        self.value(cx, kind, 0).text
    }
}

/// What a hot loop's call reaches.
enum Target {
    /// Planned function `.0`, the variable at parameter `.1`.
    Planned(usize, usize),
    /// The variable is a function value and is called.
    Called,
    /// The variable is an instance and its method and getter are called.
    Method,
}
