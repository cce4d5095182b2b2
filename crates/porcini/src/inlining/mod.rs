//! Which guest calls partial evaluation inlines: Truffle's language-agnostic inlining.
//!
//! Before a unit is compiled, the [`Inliner`] builds its [`CallTree`]: the unit's root is
//! partially evaluated on its own, and so is every candidate callee the exploration budget
//! reaches, each into a counting record whose size measures the callee *after* partial
//! evaluation (so a call in a branch that partial evaluation folds away costs nothing and shows
//! as Removed). The default policy ([`policy`]) then decides by call diff and frequency within
//! the inlining budget which calls to inline. Emission partially evaluates the unit again, this
//! time into the JIT's emitter, and asks the inliner at every call: each call it meets is
//! matched to its node of the tree by call site and target (the k-th time a site is met in one
//! inlined body is the k-th node of that site there), and an Inlined node's callee is evaluated
//! in place of the call.
//!
//! An inlined callee may call. Its frame then exists only as values in the caller's code, so the
//! emitter materializes it (and every inlined frame around it) on the value stack before the
//! call, and before every boundary it calls that touches its frame's slots (a `for`-`of` step,
//! a settled node's slow path; see `Stage::call_frame_boundary`): a stack walk, a builtin
//! reading its caller's frame and the collector see exactly the frames an interpreted run has.
//! Other boundaries get the compiled activation's frame, which costs nothing to make. A deoptimization at any inlined depth resumes every frame
//! from its state (see [`crate::resume`]).
//!
//! One refinement is porcini's own: an Inlined *recursive* call whose callee, with everything
//! inlined into it, is pure up to its calls (no stores, boundaries or loops) and has a path that
//! returns without calling is emitted as a *partial copy*. Its call-free paths run in place;
//! where it would call, the copy is abandoned and the callee itself is called from the copy's
//! caller, once per copy (see `SymFrame`). The trace shows such a call as Inlined, since its
//! body is in the unit. For `fib` this answers the base cases of two levels of recursion in
//! place without making any frame real, where whole copies would materialize two frames at each
//! of their eight calls; it kept `fib` at the speed it had before the call tree (11 ms against
//! 17 ms for whole copies, kernel time, same run).
//!
//! `--engine.TraceInlining` prints the tree after the decisions (`TraceInliningDetails` prints
//! every explored call, not only those below inlined ones); `--engine.InliningDumpCallTree`
//! writes it as DOT through the embedder's dump writer ([`report`]).

mod call_tree;
mod policy;
mod report;

use std::collections::HashMap;

pub use call_tree::{CallNode, CallNodeId, CallState, CallTree, Unit};
use policy::Budgets;

use crate::call_target::{CallSiteId, CallTargetId};
use crate::language::Language;
use crate::runtime::Runtime;
use porcini_tools::options::EngineOptions;

/// The inlining decisions of one compilation, and where emission is in its call tree.
#[derive(Debug)]
pub struct Inliner {
    budgets: Budgets,
    /// `InlineOnly`: name substrings, each allowing (`true`) or excluding (`false`, a `~` prefix).
    only: Vec<(bool, String)>,
    tree: Option<CallTree>,
    /// The inlined bodies being emitted, innermost last, each with the calls met in it so far.
    cursor: Vec<Body>,
    /// Calls inlined by emission.
    inlined: usize,
}

/// An inlined body being emitted: its node, and how often each (site, target) was met in it.
#[derive(Debug)]
struct Body {
    node: CallNodeId,
    met: HashMap<(Option<CallSiteId>, CallTargetId), usize>,
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
        let budget = |b: u64| usize::try_from(b).unwrap_or(usize::MAX);
        Some(Inliner {
            budgets: Budgets {
                expansion: budget(o.inlining_expansion_budget),
                inlining: budget(o.inlining_inlining_budget),
                recursion_depth: budget(o.inlining_recursion_depth),
            },
            only,
            tree: None,
            cursor: Vec::new(),
            inlined: 0,
        })
    }

    /// Builds the call tree of `unit` and decides it.
    pub fn plan<L: Language>(mut self, rt: &Runtime<L>, unit: Unit<'_, L>) -> Inliner {
        let mut tree = CallTree::new(rt, unit);
        policy::run(rt, &mut tree, &self.budgets, |name| self.allows(name));
        self.cursor = vec![Body { node: tree.root(), met: HashMap::new() }];
        self.tree = Some(tree);
        self
    }

    /// After emission: traces and dumps the call tree as the options ask, with the calls
    /// emission found unreachable as Removed.
    pub fn report<L: Language>(&self, rt: &Runtime<L>) {
        if let Some(tree) = &self.tree {
            report::trace(rt, tree);
            report::dump(rt, tree);
        }
    }

    /// The decided call tree (`None` before [`Inliner::plan`]).
    pub fn tree(&self) -> Option<&CallTree> {
        self.tree.as_ref()
    }

    /// Calls inlined by emission so far.
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

    /// Emission met a direct call of `target` through `site`, in the body being emitted: the
    /// node to inline in its place, if the tree inlines it. Every call met counts, reachable or
    /// not, as exploration counted it; one met where the code cannot run (`reachable` false) was
    /// removed by partial evaluation.
    /// With it, whether it is emitted as a partial copy.
    pub(crate) fn meet(&mut self, site: Option<CallSiteId>, target: CallTargetId, reachable: bool) -> Option<(CallNodeId, bool)> {
        let tree = self.tree.as_mut()?;
        let body = self.cursor.last_mut()?;
        let k = body.met.entry((site, target)).or_insert(0);
        let nth = *k;
        *k += 1;
        let node = tree
            .node(body.node)
            .children
            .iter()
            .copied()
            .filter(|&c| {
                let n = tree.node(c);
                n.site == site && n.target == Some(target)
            })
            .nth(nth)?;
        if !reachable {
            tree.remove(node);
            return None;
        }
        let n = tree.node(node);
        (n.state == CallState::Inlined).then_some((node, n.partial))
    }

    /// Emission starts the body of the inlined `node`.
    pub(crate) fn enter(&mut self, node: CallNodeId) {
        self.inlined += 1;
        self.cursor.push(Body { node, met: HashMap::new() });
    }

    /// Emission finished the innermost inlined body.
    pub(crate) fn leave(&mut self) {
        if self.cursor.len() > 1 {
            self.cursor.pop();
        }
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
