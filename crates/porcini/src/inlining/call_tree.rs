//! The call tree of one compilation: which calls partial evaluation found, explored and inlined.
//!
//! The root is the compilation unit (a call target's root, or one of its loops), Inlined from
//! the start. Every other node is one call that partial evaluation of its parent found: a call
//! site reached twice (a loop peeled, a `finally` emitted on two paths) is two nodes, as in
//! Truffle, since each is a separate call in the code. A node starts Cutoff; exploring it
//! partially evaluates its callee on its own, into a counting [`Recording`], which gives the
//! callee's size and the calls of its own, its children. Exploration never inlines, so what it
//! finds of a callee is the same wherever the callee is called, and one exploration per target
//! serves every node of that target.
//!
//! Frequencies are relative to one activation of the unit: a child's is its call site's count
//! over its parent target's call count, times the parent's, as Truffle computes them. A call
//! without a call node (a language calling a target it resolved itself) counts once per
//! activation of its parent.

use std::collections::HashMap;
use std::rc::Rc;

use crate::call_target::{CallSiteId, CallTarget, CallTargetId};
use crate::language::Language;
use crate::node::ExprNode;
use crate::runtime::Runtime;
use crate::symbolic::{CallEvent, Recording, SymFrame};

/// A typed index of a node in its [`CallTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CallNodeId(pub u32);

/// What became of a call (Truffle's six call-node states).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallState {
    /// Part of the compilation unit: the root, and every call whose callee was inlined.
    Inlined,
    /// Not explored: the exploration budget ran out, a depth or recursion limit was reached,
    /// or the callee cannot be partially evaluated (it never ran, or it must be called).
    Cutoff,
    /// Explored, and left a call.
    Expanded,
    /// Partial evaluation proved the call unreachable.
    Removed,
    /// A call whose callee is only known at run time.
    Indirect,
    /// Exploring the callee failed; it stays a call and the compilation goes on.
    BailedOut,
}

impl CallState {
    /// The name Truffle's traces print.
    pub fn name(self) -> &'static str {
        match self {
            CallState::Inlined => "Inlined",
            CallState::Cutoff => "Cutoff",
            CallState::Expanded => "Expanded",
            CallState::Removed => "Removed",
            CallState::Indirect => "Indirect",
            CallState::BailedOut => "BailedOut",
        }
    }
}

/// One call of the tree.
#[derive(Debug)]
pub struct CallNode {
    /// The callee (`None` for an indirect call).
    pub target: Option<CallTargetId>,
    /// The callee's name in traces (`<indirect>` for an indirect call).
    pub name: String,
    /// The call node the call goes through, if any: with the callee, what matches the call
    /// emission meets to this node.
    pub site: Option<CallSiteId>,
    /// The parent (`None` for the root).
    pub parent: Option<CallNodeId>,
    /// The calls partial evaluation of the callee found, in the order it found them.
    pub children: Vec<CallNodeId>,
    /// What became of the call.
    pub state: CallState,
    /// Calls per activation of the compilation unit.
    pub frequency: f64,
    /// Levels below the root.
    pub depth: usize,
    /// Ancestors calling the same target or a split of the same source.
    pub recursion_depth: usize,
    /// The callee's size after partial evaluation, in estimated instructions (see `lowered_size`;
    /// 0 until explored).
    pub size: usize,
    /// Direct call nodes in the callee's tree.
    pub truffle_callees: usize,
    /// The policy's estimate of the change in calls left if this call is inlined.
    pub call_diff: f64,
    /// Some path of the explored callee returns; a callee whose every path leaves compiled
    /// code would only deoptimize where it is inlined.
    pub returns: bool,
    /// Why exploring the callee failed, for a BailedOut node.
    pub bailout: Option<String>,
    /// The explored callee is pure up to its calls (no stores, boundaries or loops) and has a
    /// path that returns without calling.
    pub pure: bool,
    /// An Inlined recursive call emitted as a partial copy (see [`crate::inlining`]).
    pub partial: bool,
    /// The callee's root is trivial (see [`RootNode::is_trivial`]), and its exploration, once
    /// done, found neither a call nor a loop.
    ///
    /// [`RootNode::is_trivial`]: crate::call_target::RootNode::is_trivial
    pub trivial: bool,
}

/// What exploring one target found (shared by all its nodes).
#[derive(Clone, Debug)]
struct Exploration {
    result: Result<Explored, String>,
}

#[derive(Clone, Debug)]
struct Explored {
    size: usize,
    /// Its exits to the interpreter.
    exits: usize,
    returns: bool,
    pure: bool,
    /// It found no loop.
    loop_free: bool,
    calls: Vec<CallEvent>,
}

/// The call tree of one compilation.
#[derive(Debug)]
pub struct CallTree {
    nodes: Vec<CallNode>,
    explorations: HashMap<CallTargetId, Exploration>,
    /// Nodes explored, the root included (Truffle's `expanded`).
    pub expanded: usize,
    /// Nodes inlined, the root included (Truffle's `inlined`).
    pub inlined: usize,
}

/// The compilation unit a tree is built for.
#[derive(Clone, Copy)]
pub enum Unit<'a, L: Language> {
    /// A call target's root.
    Root(&'a CallTarget<L>),
    /// One loop of a call target's tree, compiled for on-stack replacement.
    Loop(&'a CallTarget<L>, &'a dyn ExprNode<L>),
}

impl<'a, L: Language> Unit<'a, L> {
    /// The target the unit belongs to.
    pub fn target(&self) -> &'a CallTarget<L> {
        match *self {
            Unit::Root(t) | Unit::Loop(t, _) => t,
        }
    }
    /// The unit's name in traces: a loop's is its target's with `<OSR>`, as in the compilation
    /// traces.
    pub fn name(&self) -> String {
        match self {
            Unit::Root(t) => t.name().to_string(),
            Unit::Loop(t, _) => format!("{}<OSR>", t.name()),
        }
    }
}

impl CallTree {
    /// The tree of `unit` with its root explored (or, if that fails, with the root alone).
    pub fn new<L: Language>(rt: &Runtime<L>, unit: Unit<'_, L>) -> CallTree {
        let target = unit.target();
        let mut tree = CallTree { nodes: Vec::new(), explorations: HashMap::new(), expanded: 1, inlined: 1 };
        let root = CallNode {
            target: Some(target.id()),
            name: unit.name(),
            site: None,
            parent: None,
            children: Vec::new(),
            state: CallState::Inlined,
            frequency: 1.0,
            depth: 0,
            recursion_depth: 0,
            size: 0,
            truffle_callees: target.root().tree().map_or(0, count_call_nodes),
            call_diff: 0.0,
            returns: true,
            bailout: None,
            pure: false,
            partial: false,
            trivial: false,
        };
        tree.nodes.push(root);
        let mut record = Recording::counting();
        let mut stage = SymFrame::new(rt, &mut record).exploring();
        let ok = match unit {
            Unit::Root(t) => stage.record_root(t.root()),
            Unit::Loop(_, node) => stage.record_loop(node),
        };
        let calls = stage.into_calls();
        if ok.is_ok() {
            tree.nodes[0].size = lowered_size(record.size(), record.exits(), 0);
            tree.add_children(rt, CallNodeId(0), &calls);
        }
        tree
    }

    /// The root (the compilation unit).
    pub fn root(&self) -> CallNodeId {
        CallNodeId(0)
    }
    /// A node.
    pub fn node(&self, id: CallNodeId) -> &CallNode {
        &self.nodes[id.0 as usize]
    }
    pub(super) fn node_mut(&mut self, id: CallNodeId) -> &mut CallNode {
        &mut self.nodes[id.0 as usize]
    }
    /// Every node, the root first, each before its children.
    pub fn ids(&self) -> impl Iterator<Item = CallNodeId> {
        (0..self.nodes.len() as u32).map(CallNodeId)
    }

    /// Emission found the call of `id` unreachable: partial evaluation removed it.
    pub(super) fn remove(&mut self, id: CallNodeId) {
        if self.node(id).state == CallState::Inlined {
            self.inlined -= 1;
        }
        self.node_mut(id).state = CallState::Removed;
    }

    /// Explores a Cutoff node: partially evaluates its callee (once per target) and adds the
    /// calls found as its children. The node becomes Expanded, or BailedOut when partial
    /// evaluation failed; a callee that cannot be partially evaluated leaves it Cutoff.
    pub(super) fn expand<L: Language>(&mut self, rt: &Runtime<L>, id: CallNodeId) {
        let Some(target) = self.node(id).target.and_then(|t| rt.call_target(t)) else { return };
        if !explorable(&target) {
            return;
        }
        let exploration = match self.explorations.get(&target.id()) {
            Some(e) => e.clone(),
            None => {
                let e = explore(rt, &target);
                self.explorations.insert(target.id(), e.clone());
                e
            }
        };
        match exploration.result {
            Ok(explored) => {
                let node = self.node_mut(id);
                node.state = CallState::Expanded;
                node.size = lowered_size(explored.size, explored.exits, node.depth);
                node.returns = explored.returns;
                node.pure = explored.pure;
                // Truffle's `verifyTrivial`: a root declared trivial that partial evaluation
                // shows looping or calling is treated as any other.
                node.trivial &= explored.loop_free && explored.calls.iter().all(|c| !c.live);
                self.expanded += 1;
                self.add_children(rt, id, &explored.calls);
            }
            Err(reason) => {
                let node = self.node_mut(id);
                node.state = CallState::BailedOut;
                node.bailout = Some(reason);
            }
        }
    }

    /// Adds a child of `parent` per call its exploration found.
    fn add_children<L: Language>(&mut self, rt: &Runtime<L>, parent: CallNodeId, calls: &[CallEvent]) {
        let (parent_freq, depth) = (self.node(parent).frequency, self.node(parent).depth + 1);
        let parent_calls = self.node(parent).target.and_then(|t| rt.call_target(t)).map_or(1, |t| t.call_count().max(1));
        for call in calls {
            let callee = call.target.and_then(|t| rt.call_target(t));
            // An indirect call that partial evaluation removed is no call node at all: Truffle's
            // call tree has the direct call nodes of each tree (which may be Removed), and an
            // indirect call only where it stays in the graph.
            if !call.live && call.target.is_none() {
                continue;
            }
            let state = match (call.live, &callee) {
                (false, _) => CallState::Removed,
                (true, None) => CallState::Indirect,
                (true, Some(_)) => CallState::Cutoff,
            };
            let site_calls = call.site.map_or(parent_calls, |(_, n)| n.max(1));
            let frequency = f64::from(site_calls) / f64::from(parent_calls) * parent_freq;
            let recursion_depth = match &callee {
                Some(c) => self.ancestors(parent).filter(|&a| self.same_or_split(rt, a, c)).count(),
                None => 0,
            };
            let node = CallNode {
                target: call.target,
                name: callee.as_ref().map_or_else(|| "<indirect>".to_string(), |c| c.name().to_string()),
                site: call.site.map(|(s, _)| s),
                parent: Some(parent),
                children: Vec::new(),
                state,
                frequency,
                depth,
                recursion_depth,
                size: 0,
                truffle_callees: callee.as_ref().and_then(|c| c.root().tree().map(count_call_nodes)).unwrap_or(0),
                call_diff: 0.0,
                returns: true,
                bailout: None,
                pure: false,
                partial: false,
                trivial: callee.as_ref().is_some_and(|c| c.root().is_trivial()),
            };
            let id = CallNodeId(self.nodes.len() as u32);
            self.nodes.push(node);
            self.node_mut(parent).children.push(id);
        }
    }

    /// `id` and its ancestors, innermost first.
    fn ancestors(&self, id: CallNodeId) -> impl Iterator<Item = CallNodeId> + '_ {
        std::iter::successors(Some(id), |&n| self.node(n).parent)
    }

    /// Whether node `a` calls `target`, or a split of the same source (Truffle's `isSameOrSplit`).
    fn same_or_split<L: Language>(&self, rt: &Runtime<L>, a: CallNodeId, target: &CallTarget<L>) -> bool {
        let source = |t: &CallTarget<L>| t.split_origin().map_or(t.id(), |o| o.source);
        self.node(a).target.and_then(|t| rt.call_target(t)).is_some_and(|t| source(&t) == source(target))
    }
}

/// The size the call tree weighs a callee by (its "IR Nodes"): an estimate of the instructions
/// its body becomes, inlined `depth` frames deep, from its partial evaluation's `operations`
/// and `exits`.
///
/// Truffle's budgets count Graal nodes after partial evaluation, and a Graal node is about one
/// instruction of porcini's IR. A recorded operation lowers to about three (a boxed value is
/// two words, a guard is a compare and a branch); counted as one, the budgets let units grow
/// three times larger than Truffle's. An exit also stores the evaluated values of every frame
/// waiting around it (Graal shares its frame states; what the inlined cells do not share, see
/// `porcini-jit`'s lowering), a few instructions per frame. Measured before this estimate:
/// DeltaBlue's `chainTest`, 11.6k recorded operations, lowered to 128k instructions and took
/// 500 ms to compile.
fn lowered_size(operations: usize, exits: usize, depth: usize) -> usize {
    const PER_OPERATION: usize = 3;
    const PER_EXIT_AND_FRAME: usize = 4;
    operations * PER_OPERATION + exits * depth * PER_EXIT_AND_FRAME
}

/// Whether `target`'s body may be partially evaluated into a caller: it ran at least once
/// (an unrun tree is uninitialized and would only deoptimize), may be compiled, touches no
/// caller's frame, and keeps no surplus arguments (which only the runtime's call path copies).
fn explorable<L: Language>(target: &CallTarget<L>) -> bool {
    let root = target.root();
    root.is_compilable() && !root.accesses_caller_frame() && !target.keeps_surplus() && target.call_count() > 0
}

/// Partially evaluates `target`'s root on its own, inlining nothing; it fails as a unit's
/// partial evaluation does (a graph past `MaximumGraalGraphSize`, a guest error in node code).
fn explore<L: Language>(rt: &Runtime<L>, target: &Rc<CallTarget<L>>) -> Exploration {
    let limit = usize::try_from(rt.options.maximum_graal_graph_size).unwrap_or(usize::MAX);
    let mut record = Recording::counting().with_limit(limit);
    let mut stage = SymFrame::new(rt, &mut record).exploring();
    let ok = stage.record_root(target.root());
    let calls = stage.into_calls();
    let pure = record.effects() == 0 && record.loops() == 0 && record.early_returns() > 0;
    let result = ok.map(|()| Explored {
        size: record.size(),
        exits: record.exits(),
        returns: record.root_returns() > 0,
        pure,
        loop_free: record.loops() == 0,
        calls,
    });
    Exploration { result }
}

/// Direct call nodes in a tree (Truffle's "Truffle Callees").
fn count_call_nodes<L: Language>(tree: &dyn ExprNode<L>) -> usize {
    let mut count = 0;
    let mut stack = vec![tree];
    while let Some(n) = stack.pop() {
        count += n.call_nodes().len();
        stack.extend(n.children());
    }
    count
}
