//! What the user sees of a call tree: the `TraceInlining` lines and the DOT dump.

use porcini_tools::dot::Digraph;
use porcini_tools::trace::inlining::{self as fmt, CallProps};

use super::call_tree::{CallNodeId, CallState, CallTree};
use crate::language::Language;
use crate::runtime::Runtime;

/// The trace properties of a node.
fn props(tree: &CallTree, id: CallNodeId) -> CallProps {
    let n = tree.node(id);
    let int = |x: usize| i32::try_from(x).unwrap_or(i32::MAX);
    CallProps {
        call_diff: n.call_diff,
        recursion_depth: int(n.recursion_depth),
        explore_inline_ratio: if id == tree.root() { tree.expanded as f64 / tree.inlined as f64 } else { f64::NAN },
        ir_nodes: int(n.size),
        frequency: n.frequency,
        truffle_callees: int(n.truffle_callees),
        forced: false,
        depth: int(n.depth),
    }
}

/// Prints the tree with `TraceInlining` (the calls below inlined ones) or
/// `TraceInliningDetails` (every explored call).
pub(super) fn trace<L: Language>(rt: &Runtime<L>, tree: &CallTree) {
    let details = rt.options.trace_inlining_details;
    if !rt.options.trace_inlining && !details {
        return;
    }
    let root = tree.root();
    let name = &tree.node(root).name;
    rt.trace_line(&fmt::line(0, "inline start", name, Some(&props(tree, root))));
    // Depth first, children in the order partial evaluation found them.
    let mut stack: Vec<CallNodeId> = tree.node(root).children.iter().rev().copied().collect();
    while let Some(id) = stack.pop() {
        let n = tree.node(id);
        let shown = (n.state != CallState::Indirect).then(|| props(tree, id));
        rt.trace_line(&fmt::line(n.depth, n.state.name(), &n.name, shown.as_ref()));
        if n.state == CallState::Inlined || details {
            stack.extend(n.children.iter().rev().copied());
        }
    }
    rt.trace_line(&fmt::line(0, "inline done", name, Some(&props(tree, root))));
}

/// Writes the tree as a DOT graph with `InliningDumpCallTree`: one node per call, labelled with
/// its callee, state, frequency, size and call diff, and coloured by state.
pub(super) fn dump<L: Language>(rt: &Runtime<L>, tree: &CallTree) {
    if !rt.options.inlining_dump_call_tree {
        return;
    }
    let root = tree.root();
    let mut g = Digraph::new("call_tree");
    g.attribute("label", &format!("call tree: {}", tree.node(root).name));
    for id in tree.ids() {
        let n = tree.node(id);
        let label = format!(
            "{}\n{}\nfrequency {:.2}, size {}, call diff {:.2}",
            n.name,
            n.state.name(),
            n.frequency,
            n.size,
            n.call_diff
        );
        let color = match n.state {
            CallState::Inlined => "darkgreen",
            CallState::Cutoff => "gray",
            CallState::Expanded => "blue",
            CallState::Removed => "lightgray",
            CallState::Indirect => "orange",
            CallState::BailedOut => "red",
        };
        g.node(u64::from(id.0)).label(&label).shape("box").color(color);
        if let Some(p) = n.parent {
            g.edge(u64::from(p.0), u64::from(id.0));
        }
    }
    rt.write_numbered_dump(&["call-tree", &tree.node(root).name], &g.render());
}
