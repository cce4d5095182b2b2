//! Truffle's default ("call diff") inlining policy, run on one [`CallTree`]: expand, analyse,
//! inline.
//!
//! *Expand* explores the most frequent Cutoff calls first until the exploration budget
//! (`InliningExpansionBudget`, in estimated instructions) is spent, skipping calls deeper than
//! `InliningRecursionDepth` recursions or 15 levels. *Analyse* computes, bottom up, each call's
//! *call diff*: how the number of calls left in the unit changes if it is inlined, in calls per
//! activation. A call left Cutoff adds its frequency (one call remains; a recursive one counts
//! nothing, since its recursion is what the depth limit cut); an Expanded one removes its own
//! frequency and adds its children's diffs, and is clamped to its frequency when the sum is
//! positive (inlining it would leave more calls than it removes). *Inline* takes the most
//! frequent Expanded calls below Inlined ones, stops for good when the next one would take the
//! unit past `InliningInliningBudget`, and inlines every one whose call diff is not positive,
//! that `InlineOnly` allows, and that has a path that returns. porcini inlines a recursive call
//! only where it can be a partial copy (a pure callee), see `partial_copies`.
//!
//! Trivial callees (see `RootNode::is_trivial`) stand apart, as in Truffle: each is explored
//! as soon as its caller is, outside the exploration budget, and inlined wherever its caller
//! is, outside the inlining budget. Both queues take them last; where Truffle's inlining loop
//! stops at the first callee past the budget, porcini's still inlines the trivial callees
//! queued behind it, since inlining one never makes the unit larger than the call would. A
//! setter that the budget would otherwise leave a call, behind larger and more frequent
//! callees explored first, is inlined whatever the order of exploration.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::call_tree::{CallNodeId, CallState, CallTree};
use crate::language::Language;
use crate::runtime::Runtime;

/// Deepest call the policy explores (Truffle's `MAX_DEPTH`).
const MAX_DEPTH: usize = 15;

/// The options the policy reads.
#[derive(Clone, Debug)]
pub struct Budgets {
    /// `InliningExpansionBudget`.
    pub expansion: usize,
    /// `InliningInliningBudget`.
    pub inlining: usize,
    /// `InliningRecursionDepth`.
    pub recursion_depth: usize,
}

/// A call in a queue: non-trivial first, then more frequent, then the earlier found.
struct Queued {
    trivial: bool,
    frequency: f64,
    id: CallNodeId,
}

impl PartialEq for Queued {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .trivial
            .cmp(&self.trivial)
            .then_with(|| self.frequency.total_cmp(&other.frequency))
            .then_with(|| other.id.0.cmp(&self.id.0))
    }
}

/// Runs the policy: afterwards the tree's nodes are in their final states.
pub(super) fn run<L: Language>(rt: &Runtime<L>, tree: &mut CallTree, budgets: &Budgets, allows: impl Fn(&str) -> bool) {
    expand(rt, tree, budgets);
    analyse(tree, tree.root());
    inline(tree, budgets, allows);
    partial_copies(tree);
}

/// Marks the Inlined recursive calls that are emitted as partial copies: those whose callee,
/// and every callee inlined into it, is pure up to its calls, so that a copy abandoned at a
/// call has done nothing the real call repeats. Answering the recursion's base cases in place
/// and calling from the caller's frame otherwise costs no frame at all, where a whole copy
/// that calls must make its frame real for every call it makes.
fn partial_copies(tree: &mut CallTree) {
    let ids: Vec<CallNodeId> = tree.ids().collect();
    for &id in ids.iter().rev() {
        let n = tree.node(id);
        if n.state != CallState::Inlined || n.recursion_depth == 0 || !n.pure {
            continue;
        }
        let mut stack: Vec<CallNodeId> = n.children.clone();
        let mut pure = true;
        while let Some(c) = stack.pop() {
            let child = tree.node(c);
            if child.state == CallState::Inlined {
                pure &= child.pure;
                stack.extend(child.children.iter().copied());
            }
        }
        tree.node_mut(id).partial = pure;
    }
}

fn queue_children(tree: &CallTree, of: CallNodeId, state: CallState, queue: &mut BinaryHeap<Queued>) {
    for &c in &tree.node(of).children {
        let child = tree.node(c);
        if child.state == state {
            queue.push(Queued { trivial: child.trivial, frequency: child.frequency, id: c });
        }
    }
}

/// Truffle's `afterExpand`: explores the trivial Cutoff children of the node just explored
/// (or of the root), whatever the budget.
fn expand_trivial<L: Language>(rt: &Runtime<L>, tree: &mut CallTree, of: CallNodeId) {
    let children = tree.node(of).children.clone();
    for c in children {
        if tree.node(c).trivial && tree.node(c).state == CallState::Cutoff {
            tree.expand(rt, c);
        }
    }
}

fn expand<L: Language>(rt: &Runtime<L>, tree: &mut CallTree, budgets: &Budgets) {
    expand_trivial(rt, tree, tree.root());
    let mut expanded = tree.node(tree.root()).size;
    let mut queue = BinaryHeap::new();
    queue_children(tree, tree.root(), CallState::Cutoff, &mut queue);
    while expanded < budgets.expansion {
        let Some(Queued { id, .. }) = queue.pop() else { break };
        let node = tree.node(id);
        if node.recursion_depth > budgets.recursion_depth || node.depth > MAX_DEPTH {
            continue;
        }
        tree.expand(rt, id);
        if tree.node(id).state == CallState::Expanded {
            expanded += tree.node(id).size;
            expand_trivial(rt, tree, id);
            queue_children(tree, id, CallState::Cutoff, &mut queue);
        }
    }
}

fn analyse(tree: &mut CallTree, id: CallNodeId) {
    // Post-order without recursion: trees can be as deep as the exploration went.
    let mut order = Vec::new();
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        order.push(n);
        stack.extend(tree.node(n).children.iter().copied());
    }
    for &n in order.iter().rev() {
        let node = tree.node(n);
        let diff = match node.state {
            CallState::Cutoff if node.recursion_depth == 0 => node.frequency,
            CallState::Expanded if !node.returns => node.frequency,
            CallState::Expanded => {
                let children: f64 = node
                    .children
                    .iter()
                    .map(|&c| tree.node(c))
                    .filter(|c| !matches!(c.state, CallState::Indirect | CallState::Removed | CallState::BailedOut))
                    .map(|c| c.call_diff)
                    .sum();
                let diff = children - node.frequency;
                if diff > 0.0 { node.frequency } else { diff }
            }
            _ => node.call_diff,
        };
        tree.node_mut(n).call_diff = diff;
    }
}

fn inline(tree: &mut CallTree, budgets: &Budgets, allows: impl Fn(&str) -> bool) {
    let mut size = tree.node(tree.root()).size;
    // What trivial callees add: part of the unit's size, but not of its budget.
    let mut trivial_size = 0;
    // Past the budget no other callee is inlined, but the trivial ones still queued are.
    let mut full = false;
    let mut queue = BinaryHeap::new();
    queue_children(tree, tree.root(), CallState::Expanded, &mut queue);
    while let Some(Queued { id, .. }) = queue.pop() {
        let node = tree.node(id);
        if !allows(&node.name) || (full && !node.trivial) {
            continue;
        }
        if node.trivial {
            if node.returns {
                trivial_size += node.size;
                tree.node_mut(id).state = CallState::Inlined;
                tree.inlined += 1;
            }
            continue;
        }
        if size + node.size > budgets.inlining {
            full = true;
            continue;
        }
        // A recursive call is inlined only where it can be a partial copy (see
        // `partial_copies`): a whole copy of a recursive callee makes its frame real at every
        // call it makes, which costs more than the call it saves (Queens, Towers and Json's
        // recursive descent ran 1.5x to 2.4x slower with whole copies).
        if node.recursion_depth > 0 && !node.pure {
            continue;
        }
        if node.call_diff <= 0.0 && node.returns {
            size += node.size;
            tree.node_mut(id).state = CallState::Inlined;
            tree.inlined += 1;
            queue_children(tree, id, CallState::Expanded, &mut queue);
        }
    }
    tree.node_mut(tree.root()).size = size + trivial_size;
}
