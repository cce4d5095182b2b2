//! The call tree the samples describe, as Truffle's sampler builds it: one node per distinct
//! path of functions from the outermost frame, counting how many samples passed through the node
//! (its total) and how many ended in it (its self), per tier.
//!
//! The tree is an arena of nodes that refer to each other by index, built and walked with loops,
//! so a stack thousands of frames deep costs memory but never native stack.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::functions::Functions;
use super::{Profile, Tier};

/// Sample counts of one table row or tree node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    /// Samples with the row on the stack.
    pub total: u64,
    /// Samples with the row on top of the stack.
    pub self_: u64,
    /// `total` split by tier, indexed by tier; as long as the highest tier seen, plus one.
    pub tier_total: Vec<u64>,
    /// `self_` split by tier.
    pub tier_self: Vec<u64>,
}

impl Counts {
    /// Counts one sample through this row, in `tier`, on top of the stack or not.
    pub fn record(&mut self, Tier(tier): Tier, top: bool) {
        let tier = usize::from(tier);
        if top {
            self.self_ += 1;
            bump(&mut self.tier_self, tier);
        }
        self.total += 1;
        bump(&mut self.tier_total, tier);
    }

    /// Counts one sample in self time only; the histogram uses it for the inner frames of a
    /// recursion, whose total the outermost frame already counted.
    pub fn record_self(&mut self, Tier(tier): Tier) {
        self.self_ += 1;
        bump(&mut self.tier_self, usize::from(tier));
    }

    /// The number of tiers the row was seen in: its highest tier plus one.
    pub fn tiers(&self) -> usize {
        self.tier_total.len().max(self.tier_self.len())
    }
}

fn bump(counts: &mut Vec<u64>, tier: usize) {
    if counts.len() <= tier {
        counts.resize(tier + 1, 0);
    }
    counts[tier] += 1;
}

/// A node of the call tree.
#[derive(Debug)]
pub(super) struct Node {
    /// The function's key in `Functions`.
    pub key: usize,
    /// How many frames lie outside this one; the outermost frames have depth 0.
    pub depth: usize,
    /// Children in the order they were first seen.
    pub children: Vec<usize>,
    pub counts: Counts,
}

/// The call tree of one profile.
#[derive(Debug)]
pub(super) struct CallTree {
    pub nodes: Vec<Node>,
    /// The nodes of the outermost frames, in the order first seen.
    pub roots: Vec<usize>,
}

impl CallTree {
    pub fn build(profile: &Profile, functions: &Functions) -> CallTree {
        let mut nodes: Vec<Node> = Vec::new();
        let mut roots = Vec::new();
        // Children are found by (parent, function key); `None` stands for the virtual root.
        let mut index: HashMap<(Option<usize>, usize), usize> = HashMap::new();
        for sample in &profile.samples {
            let mut parent = None;
            // The stack is innermost first, and the tree grows from the outermost frame.
            for (position, frame) in sample.stack.iter().enumerate().rev() {
                let key = functions.key(frame.function);
                let node = *index.entry((parent, key)).or_insert_with(|| {
                    let depth = parent.map_or(0, |p: usize| nodes[p].depth + 1);
                    nodes.push(Node {
                        key,
                        depth,
                        children: Vec::new(),
                        counts: Counts::default(),
                    });
                    let node = nodes.len() - 1;
                    match parent {
                        Some(p) => nodes[p].children.push(node),
                        None => roots.push(node),
                    }
                    node
                });
                nodes[node].counts.record(frame.tier, position == 0);
                parent = Some(node);
            }
        }
        CallTree { nodes, roots }
    }

    /// `list` ordered as the call tree prints siblings: most total samples first. Truffle leaves
    /// ties in hash order; here they fall back to more self samples, then the name, then the
    /// key, so the output is deterministic.
    pub fn by_total(&self, list: &[usize], functions: &Functions) -> Vec<usize> {
        let mut sorted = list.to_vec();
        sorted.sort_by(|&a, &b| {
            let (a, b) = (&self.nodes[a], &self.nodes[b]);
            b.counts
                .total
                .cmp(&a.counts.total)
                .then(b.counts.self_.cmp(&a.counts.self_))
                .then_with(|| by_name(functions, a.key, b.key))
        });
        sorted
    }
}

/// Orders two keys by their function's name, then by key.
pub(super) fn by_name(functions: &Functions, a: usize, b: usize) -> Ordering {
    functions.name(a).cmp(functions.name(b)).then(a.cmp(&b))
}
