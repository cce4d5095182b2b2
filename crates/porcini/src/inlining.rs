//! Which guest calls partial evaluation inlines.
//!
//! The symbolic stage asks an [`Inliner`] at every direct call whether to partially evaluate the
//! callee into the caller instead of emitting a call. As in Truffle's language-agnostic
//! inlining, the decision is made after partial evaluation of the candidate, not from its AST:
//! the callee is first run on the symbolic stage into a [`Recording`], whose operation count is
//! its size, and which shows whether it makes calls of its own.
//!
//! The policy is the first-tier one Truffle calls *trivial-only*, widened to leaves: a callee is
//! inlined when it makes no guest calls (boundaries are fine) once the leaves it calls are
//! inlined into it in turn (its trial runs with inlining, so a function that only calls leaves
//! is a leaf too, and recursion never is), is small enough for the budget that remains
//! (`InliningInliningBudget`, counted in recorded operations, inlined bodies included), passes
//! `InlineOnly`, and has run at least once (an unrun callee's nodes are uninitialized and would
//! only deoptimize). Restricting inlining to leaves keeps every frame that a stack walk can see
//! a real frame: an inlined leaf calls no builtin that inspects frames, so no frame has to be
//! materialized for one. The whole call-tree policy (exploration budget, frequencies, recursive
//! inlining, `TraceInlining`) builds on this stage support.

use std::collections::HashMap;

use crate::call_target::{CallTarget, CallTargetId};
use crate::language::Language;
use crate::runtime::Runtime;
use crate::symbolic::{Recording, SymFrame};
use porcini_tools::options::EngineOptions;

/// The inlining decisions of one compilation, and the budget they share.
#[derive(Debug)]
pub struct Inliner {
    /// Recorded operations that inlined bodies may still add.
    budget: usize,
    /// `InlineOnly`: name substrings, each allowing (`true`) or excluding (`false`, a `~` prefix).
    only: Vec<(bool, String)>,
    /// Calls inlined so far.
    inlined: usize,
    /// The size of each candidate partially evaluated so far, `None` for one that is no leaf or
    /// cannot be partially evaluated: a callee called from several sites is tried once.
    trials: HashMap<CallTargetId, Option<usize>>,
}

impl Inliner {
    /// The inliner the options ask for, or `None` when inlining is off.
    pub fn from_options(o: &EngineOptions) -> Option<Inliner> {
        if !o.inlining {
            return None;
        }
        let only = o
            .inline_only
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| match p.strip_prefix('~') {
                Some(excluded) => (false, excluded.to_string()),
                None => (true, p.to_string()),
            })
            .collect();
        Some(Inliner {
            budget: usize::try_from(o.inlining_inlining_budget).unwrap_or(usize::MAX),
            only,
            inlined: 0,
            trials: HashMap::new(),
        })
    }

    /// Calls inlined so far.
    pub fn inlined(&self) -> usize {
        self.inlined
    }

    /// Whether `InlineOnly` lets `name` be inlined: excluded by any `~` pattern it contains, and
    /// allowed when there are no positive patterns or it contains one.
    fn allows(&self, name: &str) -> bool {
        if self.only.iter().any(|(allow, p)| !allow && name.contains(p.as_str())) {
            return false;
        }
        let mut positive = self.only.iter().filter(|(allow, _)| *allow).peekable();
        positive.peek().is_none() || positive.any(|(_, p)| name.contains(p.as_str()))
    }

    /// Partially evaluates the candidate `target` into a record, with inlining: its size, if it
    /// is a leaf once the leaves it calls are inlined into it (`None` otherwise). A candidate
    /// whose trial is running counts as no leaf, so recursion is never inlined. The trial's own
    /// decisions are not charged to the budget; inlining the candidate charges its whole size.
    fn trial<L: Language>(&mut self, rt: &Runtime<L>, target: &CallTarget<L>) -> Option<usize> {
        self.trials.insert(target.id(), None);
        let nested = Inliner { budget: self.budget, only: self.only.clone(), inlined: 0, trials: std::mem::take(&mut self.trials) };
        let mut record = Recording::default();
        let mut stage = SymFrame::new(rt, &mut record).with_inliner(Some(nested));
        let ok = stage.record_root(target.root()).is_ok();
        if let Some(nested) = stage.into_inliner() {
            self.trials = nested.trials;
        }
        let size = (ok && record.calls() == 0).then(|| record.lines().len());
        self.trials.insert(target.id(), size);
        size
    }

    /// Decides whether the call of `target` is inlined, charging its size to the budget if so.
    pub(crate) fn admits<L: Language>(&mut self, rt: &Runtime<L>, target: &CallTarget<L>) -> bool {
        let root = target.root();
        if root.is_internal() || target.call_count() == 0 || root.node_count() > self.budget || !self.allows(target.name()) {
            return false;
        }
        let size = match self.trials.get(&target.id()) {
            Some(&size) => size,
            None => self.trial(rt, target),
        };
        let Some(size) = size.filter(|&size| size <= self.budget) else {
            return false;
        };
        self.budget -= size;
        self.inlined += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inliner(only: &str) -> Inliner {
        let o = EngineOptions { inline_only: only.to_string(), ..EngineOptions::default() };
        Inliner::from_options(&o).expect("inlining is on by default")
    }

    #[test]
    fn inline_only_filters_by_name() {
        let check = |only: &str, name: &str, expect: bool| assert_eq!(inliner(only).allows(name), expect, "{only:?} {name:?}");
        check("", "add", true);
        check("add", "add", true);
        check("add", "fib", false);
        check("~add", "add", false);
        check("~add", "fib", true);
        check("fi, ad", "add", true);
        check("ad,~add", "add", false);
    }

    #[test]
    fn inlining_false_means_no_inliner() {
        let o = EngineOptions { inlining: false, ..EngineOptions::default() };
        assert!(Inliner::from_options(&o).is_none());
    }
}
