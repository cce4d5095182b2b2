//! The `json` output: the call tree in the shape of Truffle's `printSamplingJson`, one context
//! holding one thread.
//!
//! ```text
//! {"tool":"cpusampler","version":"0.5.0","contexts":[{"sample_count":N,"period":P,
//!  "gathered_hit_times":false,"profile":[{"thread":T,"samples":[NODE...]}]}]}
//! NODE = {"root_name":..,"source_section":{..},"hit_count":..,"self_hit_count":..,
//!         "self_hit_times":[],"self_tier_count":[..],"tier_count":[..],"children":[NODE...]}
//! ```
//!
//! A source section carries `path`, `source_name`, `start_line` and `end_line`, and is `{}` for a
//! function without source. Truffle also writes `language`, `start_column` and `end_column`,
//! which a `SourceSpan` does not hold. Hit times are not gathered (`GatherHitTimes`), so
//! `self_hit_times` is always empty. The tree is written with an explicit stack, so any depth
//! serializes.

use super::Profile;
use super::functions::{Functions, file_name};
use super::tree::{CallTree, Node};
use crate::json::JsonWriter;

/// The tool name and version Truffle's sampler reports.
const TOOL: &str = "cpusampler";
const VERSION: &str = "0.5.0";

pub(super) fn render(profile: &Profile) -> String {
    let functions = Functions::new(profile);
    let tree = CallTree::build(profile, &functions);
    let mut json = JsonWriter::new();
    json.begin_object();
    json.field_str("tool", TOOL);
    json.field_str("version", VERSION);
    json.key("contexts");
    json.begin_array();
    json.begin_object();
    json.field_num("sample_count", profile.recorded_samples());
    json.field_num("period", profile.period_ms);
    json.field_bool("gathered_hit_times", false);
    json.key("profile");
    json.begin_array();
    json.begin_object();
    json.field_str("thread", &profile.thread_name);
    json.key("samples");
    json.begin_array();
    write_forest(&mut json, &tree, &functions);
    json.end_array();
    json.end_object();
    json.end_array();
    json.end_object();
    json.end_array();
    json.end_object();
    let mut text = json.finish();
    text.push('\n');
    text
}

/// Writes every root and its descendants, depth-first. Each stack entry is a node whose
/// `children` array is open, and how many of its children are written.
fn write_forest(json: &mut JsonWriter, tree: &CallTree, functions: &Functions) {
    for &root in &tree.roots {
        open_node(json, &tree.nodes[root], functions);
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (index, written) = *top;
            match tree.nodes[index].children.get(written) {
                Some(&child) => {
                    top.1 += 1;
                    open_node(json, &tree.nodes[child], functions);
                    stack.push((child, 0));
                }
                None => {
                    json.end_array();
                    json.end_object();
                    stack.pop();
                }
            }
        }
    }
}

/// Writes a node's fields up to and including the opening of its `children` array.
fn open_node(json: &mut JsonWriter, node: &Node, functions: &Functions) {
    json.begin_object();
    json.field_str("root_name", functions.name(node.key));
    json.key("source_section");
    json.begin_object();
    if let Some(span) = functions.span(node.key) {
        json.field_str("path", &span.path);
        json.field_str("source_name", file_name(&span.path));
        json.field_num("start_line", u64::from(span.start_line));
        json.field_num("end_line", u64::from(span.end_line));
    }
    json.end_object();
    let counts = &node.counts;
    json.field_num("hit_count", counts.total);
    json.field_num("self_hit_count", counts.self_);
    json.key("self_hit_times");
    json.begin_array();
    json.end_array();
    // Both arrays are as long as the number of tiers the node was seen in.
    let tiers = counts.tiers();
    let padded = |counts: &[u64]| {
        let mut counts = counts.to_vec();
        counts.resize(tiers, 0);
        counts
    };
    json.field_numbers("self_tier_count", &padded(&counts.tier_self));
    json.field_numbers("tier_count", &padded(&counts.tier_total));
    json.key("children");
    json.begin_array();
}
