//! The traces of call-target splitting: the `split` and `split failed` event lines of
//! `engine.TraceSplitting`, the `[poly-event]` lines of `engine.SplittingTraceEvents` and the
//! statistics block of `engine.TraceSplittingSummary`.

use super::event::{PropValue, format_event};
use super::printf;

/// The source-section text of a node without a usable source.
pub const UNKNOWN_SOURCE: &str = "<Unknown>";

/// A source section in the short form of the `SourceSection` property:
/// `path~line[-endLine]:charIndex[-charEnd]`, where `charEnd` is the last character, inclusive.
/// `name` is the source's path, or its name when it has no path.
pub fn source_section(
    name: &str,
    start_line: u32,
    end_line: u32,
    char_index: u32,
    char_length: u32,
) -> String {
    let mut out = format!("{name}~{start_line}");
    if end_line != start_line {
        out.push_str(&format!("-{end_line}"));
    }
    out.push_str(&format!(":{char_index}"));
    // Sections of zero or one character print only their start.
    if char_length > 1 {
        out.push_str(&format!(
            "-{}",
            u64::from(char_index) + u64::from(char_length) - 1
        ));
    }
    out
}

/// The properties of the source call target that `split` and `split failed` lines show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitProperties {
    /// Non-trivial AST nodes of the source target.
    pub ast_size: i64,
    /// `Some(1)` or `Some(2)` when multi-tier (the tier whose thresholds apply); `None` when
    /// single-tier, which omits the property.
    pub tier: Option<u32>,
    /// Real calls of the source target.
    pub calls: i64,
    /// The call threshold of the applicable tier.
    pub call_threshold: i64,
    /// Calls plus loop iterations of the source target.
    pub calls_and_loops: i64,
    /// The call-and-loop threshold of the applicable tier.
    pub calls_and_loops_threshold: i64,
    /// The call site's source section, formatted by `source_section` (or `UNKNOWN_SOURCE`, or
    /// empty when no enclosing node has a section).
    pub source_section: String,
}

impl SplitProperties {
    /// The properties as `(name, text)` pairs, in Truffle's order. The counters are pre-formatted
    /// strings, exactly as Truffle puts them in its property map.
    pub fn render(&self) -> Vec<(&'static str, String)> {
        let mut props = vec![("AST", printf::int(self.ast_size, 4))];
        if let Some(tier) = self.tier {
            props.push(("Tier", tier.to_string()));
        }
        props.push(("Calls/Thres", counter(self.calls, self.call_threshold)));
        props.push((
            "CallsAndLoop/Thres",
            counter(self.calls_and_loops, self.calls_and_loops_threshold),
        ));
        props.push(("SourceSection", self.source_section.clone()));
        props
    }
}

/// `%7d/%5d`.
fn counter(count: i64, threshold: i64) -> String {
    format!("{}/{}", printf::int(count, 7), printf::int(threshold, 5))
}

/// The event label of a successful split, `split %3s-%s `: the running split number and the id
/// of the new (cloned) call target.
pub fn split_label(split_number: u64, clone_id: u64) -> String {
    format!(
        "split {}-{clone_id} ",
        printf::right(&split_number.to_string(), 3)
    )
}

/// The `split` line: the source target `source_name` was split into the target `clone_id`.
pub fn split_line(
    split_number: u64,
    clone_id: u64,
    source_name: &str,
    props: &SplitProperties,
) -> String {
    event_line(&split_label(split_number, clone_id), source_name, props)
}

/// The `split failed` line: splitting `source_name` was refused for `reason`.
pub fn split_failed_line(reason: &str, source_name: &str, props: &SplitProperties) -> String {
    event_line(&format!("split failed {reason}"), source_name, props)
}

fn event_line(label: &str, source_name: &str, props: &SplitProperties) -> String {
    let rendered = props.render();
    let props: Vec<(&str, PropValue<'_>)> = rendered
        .iter()
        .map(|(name, value)| (*name, PropValue::Str(value)))
        .collect();
    format_event(0, label, source_name, &props)
}

/// The steps of the needs-split marking walk that `engine.SplittingTraceEvents` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolyEvent<'a> {
    /// A node reported a polymorphic specialization; the walk starts.
    Polymorphic { source: &'a str },
    /// The target has one caller, so the walk continues in the caller's target.
    OneCaller,
    /// The target was marked because its caller's target needs a split.
    NeedsSplitViaParent,
    /// The target was marked.
    NeedsSplit,
    /// The walk returns with this result.
    Return(bool),
    /// The walk stopped early at this target.
    EarlyReturn {
        needs_split: bool,
        call_count: i64,
        known_call_nodes: i64,
    },
}

impl PolyEvent<'_> {
    /// The message text, including its argument.
    pub fn message(&self) -> String {
        match *self {
            PolyEvent::Polymorphic { source } => format!("Polymorphic event! Source: {source}"),
            PolyEvent::OneCaller => "One caller! Analysing parent.".to_string(),
            PolyEvent::NeedsSplitViaParent => "Set needs split to true via parent".to_string(),
            PolyEvent::NeedsSplit => "Set needs split to true".to_string(),
            PolyEvent::Return(result) => format!("Return: {result}"),
            PolyEvent::EarlyReturn {
                needs_split,
                call_count,
                known_call_nodes,
            } => format!(
                "Early return: {needs_split} callCount: {call_count}, numberOfKnownCallNodes: {known_call_nodes}"
            ),
        }
    }
}

/// A `[poly-event] %-70s %s` line: the message indented by two spaces per depth of the walk,
/// then the name of the target the walk is at.
pub fn poly_event(depth: usize, event: &PolyEvent<'_>, target_name: &str) -> String {
    let message = format!("{}{}", "  ".repeat(depth), event.message());
    format!("[poly-event] {} {target_name}", printf::left(&message, 70))
}

/// The figures of the `engine.TraceSplittingSummary` block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SplitSummary {
    /// The engine's split count (nodes of all split targets).
    pub split_count: i64,
    /// The engine's split limit (nodes splitting may create).
    pub split_limit: i64,
    /// Targets created by splitting.
    pub splits: i64,
    /// Targets created by forced splits.
    pub forced_splits: i64,
    /// Uninitialized nodes of the split targets.
    pub split_nodes: i64,
    /// Uninitialized nodes of the source targets.
    pub created_nodes: i64,
    /// Callee split nodes wasted because the caller was split later.
    pub wasted_nodes: i64,
    /// Targets wasted by splitting.
    pub wasted_targets: i64,
    /// Nodes executed in total.
    pub executed_nodes: i64,
    /// Split count per source target name.
    pub split_targets: Vec<(String, i64)>,
    /// Polymorphic reports per node class name.
    pub polymorphic_nodes: Vec<(String, i64)>,
}

impl SplitSummary {
    /// The statistics message. Lines are separated by `\n` and there is no final newline: the
    /// message is logged once, so only its first line gets the `[engine] ` prefix.
    ///
    /// Both tables are sorted by descending count; equal counts keep the order of the input
    /// (Truffle's order for ties is that of a hash map, so it is not reproducible anyway).
    pub fn render(&self) -> String {
        let mut out = String::from("Splitting Statistics");
        count_row(
            &mut out,
            "Split count (sum of uninitializedNodeCount for all split targets)",
            self.split_count,
        );
        count_row(
            &mut out,
            "Split limit (limit for the number of nodes to create through splitting)",
            self.split_limit,
        );
        count_row(
            &mut out,
            "Splits (number of targets created through splitting)",
            self.splits,
        );
        count_row(
            &mut out,
            "Forced splits (number of targets created through DirectCallNode#cloneCallTarget)",
            self.forced_splits,
        );
        count_row(
            &mut out,
            "Nodes created through splitting (sum of uninitializedNodeCount for split targets)",
            self.split_nodes,
        );
        count_row(
            &mut out,
            "Nodes created without splitting (sum of uninitializedNodeCount for source targets)",
            self.created_nodes,
        );
        percent_row(
            &mut out,
            "Increase in nodes",
            percent(self.split_nodes, self.created_nodes),
        );
        count_row(
            &mut out,
            "Split nodes wasted (callee split nodes wasted due to splitting the caller later)",
            self.wasted_nodes,
        );
        percent_row(
            &mut out,
            "Percent of split nodes wasted",
            percent(self.wasted_nodes, self.split_nodes),
        );
        count_row(
            &mut out,
            "Targets wasted due to splitting",
            self.wasted_targets,
        );
        count_row(&mut out, "Total nodes executed", self.executed_nodes);

        out.push_str("\n--- SPLIT TARGETS");
        for (name, count) in sorted(&self.split_targets) {
            count_row(&mut out, name, count);
        }
        out.push_str("\n--- NODES");
        for (name, count) in sorted(&self.polymorphic_nodes) {
            // Node class names are long, so this table has a wider label column.
            out.push_str(&format!(
                "\n{}: {}",
                printf::left(name, 120),
                printf::int(count, 10)
            ));
        }
        out
    }
}

/// `%n%-82s: %10d`.
fn count_row(out: &mut String, label: &str, value: i64) {
    out.push_str(&format!(
        "\n{}: {}",
        printf::left(label, 82),
        printf::int(value, 10)
    ));
}

/// `%n%-82s: %9.2f%%`.
fn percent_row(out: &mut String, label: &str, value: f64) {
    out.push_str(&format!(
        "\n{}: {}%",
        printf::left(label, 82),
        printf::fixed(value, 9, 2)
    ));
}

/// A percentage computed as Java doubles: a zero denominator gives NaN or Infinity, which the
/// summary prints as such, rather than an error.
fn percent(part: i64, whole: i64) -> f64 {
    part as f64 * 100.0 / whole as f64
}

fn sorted(entries: &[(String, i64)]) -> Vec<(&str, i64)> {
    let mut sorted: Vec<(&str, i64)> = entries
        .iter()
        .map(|(name, count)| (name.as_str(), *count))
        .collect();
    // `sort_by_key` is stable, which is what keeps ties in input order.
    sorted.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
    sorted
}
