//! The lines of `TraceInlining`: `inline start`, one line per call of the call tree indented by
//! its depth, and `inline done`.
//!
//! They use the generic event layout with the widths of Truffle's documented inlining traces
//! (an event column of 16, a subject column of 60, properties of at least 20 columns), which
//! differ from the newer compact widths of `format_event`, and the properties in the documented
//! order of the default ("call diff") policy. An indirect call prints no properties.

use super::printf;
use super::PropValue;

const EVENT_WIDTH: usize = 16;
const SUBJECT_WIDTH: usize = 60;
const PROPERTY_WIDTH: usize = 20;

/// The properties of one call of the call tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CallProps {
    /// The policy's estimate of the calls inlining it removes (negative) or leaves.
    pub call_diff: f64,
    /// Ancestors calling the same target.
    pub recursion_depth: i32,
    /// Explored over inlined calls; only the root has one (NaN elsewhere).
    pub explore_inline_ratio: f64,
    /// The callee's size after partial evaluation (the unit's, for the root).
    pub ir_nodes: i32,
    /// Calls per activation of the compilation unit.
    pub frequency: f64,
    /// Direct call nodes in the callee's tree.
    pub truffle_callees: i32,
    /// Inlining was forced.
    pub forced: bool,
    /// Levels below the root.
    pub depth: i32,
}

/// One line, without the `[engine] ` prefix: `event` (`inline start`, `inline done` or a state
/// name), the subject indented by `depth`, and the properties if any.
pub fn line(depth: usize, event: &str, subject: &str, props: Option<&CallProps>) -> String {
    let indent = 2 * depth;
    let mut line = printf::left(event, EVENT_WIDTH);
    line.push_str(&printf::right("", 1 + indent));
    line.push_str(&printf::left(subject, SUBJECT_WIDTH.saturating_sub(indent).max(1)));
    let Some(p) = props else { return line.trim_end().to_string() };
    let props: [(&str, PropValue<'_>); 8] = [
        ("call diff", p.call_diff.into()),
        ("Recursion Depth", p.recursion_depth.into()),
        ("Explore/inline ratio", p.explore_inline_ratio.into()),
        ("IR Nodes", p.ir_nodes.into()),
        ("Frequency", p.frequency.into()),
        ("Truffle Callees", p.truffle_callees.into()),
        ("Forced", p.forced.into()),
        ("Depth", p.depth.into()),
    ];
    let rendered: Vec<String> = props
        .iter()
        .map(|(name, value)| {
            let width = PROPERTY_WIDTH.saturating_sub(name.encode_utf16().count()).max(1);
            format!("|{name} {}", printf::right(&value.render(), width))
        })
        .collect();
    line.push_str(&rendered.join(" "));
    line
}
