//! The `calltree` output: the call tree, one row per node, each indented one space per level
//! below the outermost frame, siblings with most total time first.
//!
//! A node's times are its own: the samples through that path, so a recursive function has a row
//! per level. Past every 128 levels Truffle restarts the indentation and prefixes the name with
//! `(↳N) `, N the levels skipped, so deep recursion stays readable. As in Truffle, a node with
//! fewer self samples than `MinSamples` is left out with everything below it.

use super::functions::Functions;
use super::table::{self, MIN_NAME_WIDTH, Table};
use super::tree::CallTree;
use super::{Profile, SamplerFormat};

/// The indentation restarts after this many levels.
const DEPTH_BREAK: usize = 128;

pub(super) fn render(profile: &Profile, format: &SamplerFormat) -> String {
    let functions = Functions::new(profile);
    let tree = CallTree::build(profile, &functions);

    let name_width = tree
        .nodes
        .iter()
        .map(|node| functions.name(node.key).encode_utf16().count() + indent_width(node.depth))
        .fold(MIN_NAME_WIDTH, usize::max);
    // Unlike the histogram, Truffle's call tree lists each node's highest tier only.
    let mut tiers: Vec<usize> = Vec::new();
    if format.show_tiers {
        tiers = tree
            .nodes
            .iter()
            .map(|node| node.counts.tiers() - 1)
            .collect();
        tiers.sort_unstable();
        tiers.dedup();
    }
    let table = Table::new(
        name_width,
        tiers.clone(),
        profile.period_ms,
        profile.recorded_samples(),
    );

    let separator = table.separator();
    let mut out = String::new();
    out.push_str(&separator);
    out.push('\n');
    table::legend(&mut out, "Call Tree", profile, &tiers);
    for line in [&separator, &table.title(), &separator] {
        out.push_str(line);
        out.push('\n');
    }
    // Depth-first with an explicit stack; siblings are pushed in reverse so the first pops first.
    let mut pending: Vec<usize> = tree.by_total(&tree.roots, &functions);
    pending.reverse();
    while let Some(index) = pending.pop() {
        let node = &tree.nodes[index];
        if node.counts.self_ < format.min_samples {
            continue;
        }
        let name = format!("{}{}", indent(node.depth), functions.name(node.key));
        out.push_str(&table.row(&name, &node.counts, &functions.location(node.key)));
        out.push('\n');
        let mut children = tree.by_total(&node.children, &functions);
        children.reverse();
        pending.extend(children);
    }
    out.push_str(&separator);
    out.push('\n');
    out
}

/// The text before a name at `depth`: spaces, after a `(↳N) ` label past the first break.
fn indent(depth: usize) -> String {
    let spaces = depth % DEPTH_BREAK;
    let skipped = depth - spaces;
    let label = if skipped > 0 {
        break_label(skipped)
    } else {
        String::new()
    };
    format!("{label}{}", " ".repeat(spaces))
}

/// The width of `indent(depth)` as Java counts it.
fn indent_width(depth: usize) -> usize {
    indent(depth).encode_utf16().count()
}

fn break_label(skipped: usize) -> String {
    format!("(\u{21B3}{skipped}) ")
}
