//! Calls: of planned functions (with arguments left out where a parameter allows it, extra
//! arguments and spread ones), of function values held in variables, and of the family array.

use crate::entropy::Entropy;

use super::Gen;
use super::expr::Ex;
use super::scope::{Cost, Ctx};
use super::ty::Ty;

/// The deepest recursion a call asks for.
pub const MAX_DEPTH: u64 = 8;

/// What a call of a function value costs at most (family members and closures are small
/// leaves).
const FN_COST: Cost = Cost { work: 50, lines: 0 };

impl<E: Entropy> Gen<E> {
    /// A call whose result is within `want`, if the context may call and one is affordable.
    pub(super) fn call_for(&mut self, cx: &mut Ctx, want: Ty, depth: u32) -> Option<Ex> {
        if !cx.calls {
            return None;
        }
        let planned: Vec<usize> = (cx.min_callee..self.plan.funcs.len())
            .filter(|&i| {
                let f = &self.plan.funcs[i];
                !f.ret.is_none() && f.ret.is_subset(want) && cx.affords(f.cost)
            })
            .collect();
        let values: Vec<String> = if Ty::NUM.is_subset(want) && cx.affords(FN_COST) {
            cx.vars.iter().filter(|v| v.ty == Ty::FN).map(|v| v.name.clone()).collect()
        } else {
            Vec::new()
        };
        let family = Ty::NUM.is_subset(want) && cx.affords(FN_COST) && self.rng.chance(1, 4);
        if planned.is_empty() && values.is_empty() && !family {
            return None;
        }
        let pick = self.rng.below((planned.len() + values.len() + usize::from(family)) as u64) as usize;
        if pick < planned.len() {
            return Some(self.call_planned(cx, planned[pick], depth, None));
        }
        cx.spend(FN_COST);
        let arg = self.expr(cx, Ty::NUM, depth + 1);
        if pick < planned.len() + values.len() {
            let f = &values[pick - planned.len()];
            return Some(Ex::new(format!("{f}({})", arg.text), Ty::NUM));
        }
        let index = self.index_expr(cx, depth);
        Some(Ex::new(format!("fams[{} % fams.length]({})", index.text, arg.text), Ty::NUM))
    }

    /// A call of planned function `i`; with `fixed`, the variable named there is passed at
    /// that position.
    pub(super) fn call_planned(&mut self, cx: &mut Ctx, i: usize, depth: u32, fixed: Option<(usize, &str)>) -> Ex {
        let f = self.plan.funcs[i].clone();
        cx.spend(f.cost);
        let mut args = Vec::new();
        for (p, param) in f.params.iter().enumerate() {
            if let Some((at, name)) = fixed
                && at == p
            {
                args.push(name.to_string());
                continue;
            }
            let needed = fixed.is_some_and(|(at, _)| at > p);
            if p == 0 && f.recursive {
                let d = match cx.counter() {
                    Some(c) if self.rng.chance(1, 2) => format!("{c} % {}", MAX_DEPTH + 1),
                    _ => self.rng.below(MAX_DEPTH + 1).to_string(),
                };
                args.push(d);
                continue;
            }
            let optional = param.default.is_some() || Ty::UNDEF.is_subset(param.ty);
            if optional && !needed && !f.rest && self.rng.chance(1, 3) {
                // Missing arguments: this one and every one after it is left out.
                if f.params[p..].iter().all(|q| q.default.is_some() || Ty::UNDEF.is_subset(q.ty)) {
                    break;
                }
            }
            args.push(self.expr(cx, param.ty, depth + 1).text);
        }
        if f.rest && args.len() == f.params.len() {
            if self.rng.chance(1, 3) {
                let arr = self.expr(cx, Ty::ARR, depth + 1);
                args.push(format!("...{}", arr.text));
            } else {
                for _ in 0..self.rng.below(4) {
                    args.push(self.expr(cx, Ty::NUM, depth + 1).text);
                }
            }
        } else if !f.rest && args.len() == f.params.len() && self.rng.chance(1, 8) {
            // An extra argument, evaluated and dropped.
            args.push(self.expr(cx, Ty::PRIM, depth + 1).text);
        }
        Ex::new(format!("{}({})", f.callee, args.join(", ")), f.ret)
    }
}
