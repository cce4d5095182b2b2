//! Which guest calls partial evaluation inlines.
//!
//! The symbolic stage asks an [`Inliner`] at every direct call whether to partially evaluate the
//! callee into the caller instead of emitting a call. As in Truffle's language-agnostic
//! inlining, the decision is made after partial evaluation of the candidate, not from its AST:
//! the callee is first run on the symbolic stage into a [`Recording`], whose operation count is
//! its size, and which shows whether it makes calls of its own.
//!
//! The policy is the first-tier one Truffle calls *trivial-only*, widened in two ways. A callee
//! is inlined whole when it is a *leaf*: it makes no guest calls (boundaries are fine) once the
//! leaves it calls are inlined into it in turn (its trial runs with inlining, so a function that
//! only calls leaves is a leaf too). A callee that does call is inlined *partially* when it is
//! pure up to its calls (no property stores, no boundaries, no loops) and some path of it
//! returns without calling: the copy runs its call-free paths, and where it would call, the
//! caller calls the callee itself instead (see `SymFrame`). A partial copy may hold partial
//! copies in turn; a call inside any of them abandons the outermost, so every call made is one
//! the caller's tree makes. Recursion inlines this way, `InliningRecursionDepth` (2) levels:
//! fib's code answers `fib(n - 1)` and `fib(n - 2)` in place wherever that takes no call, so
//! the calls of `fib(0)`, `fib(1)` and `fib(2)` are never made. Either way the callee must be
//! small enough for the budget that remains (`InliningInliningBudget`, counted in recorded
//! operations, inlined bodies included), pass `InlineOnly`, have run at least once, and have a
//! path that returns (an unrun callee's nodes are uninitialized and would only deoptimize).
//!
//! Both kinds keep every frame that a stack walk can see a real frame: an inlined copy never
//! calls, so no frame has to be materialized for one, and the call that replaces a partial
//! copy is made from the caller's frame exactly as the call it replaces. The whole call-tree
//! policy (exploration budget, frequencies, deeper recursive inlining, `TraceInlining`) builds on
//! this stage support.

use std::collections::HashMap;

use crate::call_target::{CallTarget, CallTargetId};
use crate::language::Language;
use crate::runtime::Runtime;
use crate::symbolic::{Recording, SymFrame};
use porcini_tools::options::EngineOptions;

/// How a call is inlined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineKind {
    /// The callee's whole body: it makes no guest calls.
    Leaf,
    /// The callee's call-free paths; where it would call, the callee itself is called.
    Partial,
}

/// What partially evaluating a candidate showed: its size in recorded operations, and how it
/// can be inlined.
#[derive(Clone, Copy, Debug)]
struct Trial {
    size: usize,
    kind: InlineKind,
}

/// The inlining decisions of one compilation, and the budget they share.
#[derive(Debug)]
pub struct Inliner {
    /// Recorded operations that inlined bodies may still add.
    budget: usize,
    /// `InlineOnly`: name substrings, each allowing (`true`) or excluding (`false`, a `~` prefix).
    only: Vec<(bool, String)>,
    /// `InliningRecursionDepth`: how many partial copies of one target may be nested.
    recursion_depth: usize,
    /// Calls inlined so far.
    inlined: usize,
    /// What partially evaluating each candidate so far showed, `None` for one that cannot be
    /// inlined or partially evaluated: a callee called from several sites is tried once.
    trials: HashMap<CallTargetId, Option<Trial>>,
}

impl Inliner {
    /// The inliner the options ask for, or `None` when inlining is off. A frame limit
    /// (`sandbox.MaxStackFrames`) turns it off: an inlined call makes no frame, and the limit
    /// must stop a program at the same depth in every engine mode.
    pub fn from_options(o: &EngineOptions) -> Option<Inliner> {
        if !o.inlining || o.tools.sandbox.max_stack_frames.is_some() {
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
            recursion_depth: usize::try_from(o.inlining_recursion_depth).unwrap_or(usize::MAX),
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

    /// Partially evaluates the candidate `target` into a record, with inlining: its size, and
    /// whether it is a leaf once the leaves it calls are inlined into it or can be inlined
    /// partially (`None`: neither). A candidate whose trial is running cannot be inlined into
    /// itself, so a trial ends. The trial's own decisions are not charged to the
    /// budget; inlining the candidate charges its whole size.
    fn trial<L: Language>(&mut self, rt: &Runtime<L>, target: &CallTarget<L>) -> Option<Trial> {
        self.trials.insert(target.id(), None);
        let nested = Inliner {
            budget: self.budget,
            only: self.only.clone(),
            recursion_depth: self.recursion_depth,
            inlined: 0,
            trials: std::mem::take(&mut self.trials),
        };
        let mut record = Recording::counting();
        let mut stage = SymFrame::new(rt, &mut record).with_inliner(Some(nested));
        let ok = stage.record_root(target.root()).is_ok();
        if let Some(nested) = stage.into_inliner() {
            self.trials = nested.trials;
        }
        let kind = if record.root_returns() == 0 {
            // Every path leaves compiled code: a copy would only deoptimize (a recursive
            // function compiled on its first call is its own candidate before its tree ran).
            None
        } else if record.calls() == 0 {
            Some(InlineKind::Leaf)
        } else if record.effects() == 0 && record.loops() == 0 && record.early_returns() > 0 {
            // Pure up to its calls, so a copy abandoned at a call has done nothing the real
            // call repeats visibly; and a path returns without calling, so the copy can pay
            // off. A loop would be run again by the real call.
            Some(InlineKind::Partial)
        } else {
            None
        };
        let trial = kind.filter(|_| ok).map(|kind| Trial { size: record.size(), kind });
        self.trials.insert(target.id(), trial);
        trial
    }

    /// Decides whether and how the call of `target` is inlined, charging its size to the budget
    /// if it is. `recursion` is how many copies of `target` the call is inside: a partial copy
    /// is only made below `InliningRecursionDepth`, deeper only a leaf.
    pub(crate) fn admits<L: Language>(
        &mut self,
        rt: &Runtime<L>,
        target: &CallTarget<L>,
        recursion: usize,
    ) -> Option<InlineKind> {
        let leaf_only = recursion >= self.recursion_depth;
        let root = target.root();
        if !root.is_compilable() || root.accesses_caller_frame() || target.keeps_surplus() || target.call_count() == 0 || root.node_count() > self.budget || !self.allows(target.name()) {
            return None;
        }
        let trial = match self.trials.get(&target.id()) {
            Some(&trial) => trial,
            None => self.trial(rt, target),
        };
        let trial = trial.filter(|t| t.size <= self.budget && (!leaf_only || t.kind == InlineKind::Leaf))?;
        self.budget -= trial.size;
        self.inlined += 1;
        Some(trial.kind)
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
