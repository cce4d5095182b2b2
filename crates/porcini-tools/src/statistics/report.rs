//! The text of the statistics report, in the layout of Truffle's statistics listener: a header,
//! then rows of a label left-aligned in 30 columns (after two spaces), a colon and the value.
//! Labels carry their own indentation, so a row's place in the hierarchy shows as in Truffle;
//! the reasons of a count are rows under it, each with how often it was given.
//!
//! A summary row is Truffle's `count=..., sum=..., min=..., average=..., max=..., maxTarget=...`
//! with `median=...` after the average. Times are measured in nanoseconds and shown in
//! microseconds as Truffle shows them: sum, minimum and maximum truncated to whole
//! microseconds, average and median with two decimals. A distribution with no values shows its
//! count alone, and a ratio or rate whose denominator is zero is left out, rather than printing
//! the placeholder numbers Java's empty statistics would.

use std::time::Duration;

use super::{Counts, Distribution, Tally};
use crate::listener::Closing;
use crate::trace::printf;

/// Width of the label column.
const LABEL_WIDTH: usize = 30;
/// Nanoseconds per shown time unit (microseconds).
const NANOS_PER_MICRO: i64 = 1_000;
/// The separator between sections, printed as a label.
const SEPARATOR: &str = "---------------------------";

/// The report of `c` when the engine closes as `closing` says, `elapsed` after the first unit
/// was handed to the compiler (`None` if none was).
pub(super) fn render(c: &Counts, closing: &Closing, elapsed: Option<Duration>) -> String {
    let mut out = format!("Truffle runtime statistics for engine {}", closing.engine_id);
    let r = &mut out;
    count_row(r, "  Compilations", c.compilations);
    count_row(r, "    Success", c.successes);
    tally_rows(r, "    Permanent Bailouts", &c.permanent_bailouts);
    tally_rows(r, "    Failed", &c.failures);
    let ended = c.successes + c.permanent_bailouts.total + c.failures.total;
    count_row(r, "    Interrupted", c.compilations.saturating_sub(ended));
    tally_rows(r, "  Compilation Stopped", &c.stopped);
    tally_rows(r, "  Invalidated", &c.invalidations);
    count_row(r, "  Deoptimizations", c.deoptimizations);
    // A unit is queued as it starts, so the queue saw exactly the compilations.
    count_row(r, "  Queues", c.compilations);
    tally_rows(r, "  Dequeues", &c.dequeues);
    count_row(r, "  Splits", closing.splits);
    if c.compilations > 0 {
        let compilations = c.compilations as f64;
        ratio_row(r, "  Compilation Accuracy", 1.0 - c.invalidations.total as f64 / compilations);
        ratio_row(r, "  Queue Accuracy", 1.0 - c.dequeues.total as f64 / compilations);
    }
    if let Some(wall) = elapsed.filter(|e| !e.is_zero()) {
        ratio_row(r, "  Compilation Utilization", c.total_time.sum() as f64 / wall.as_nanos() as f64);
    }
    count_row(r, "  Remaining Compilation Queue", closing.waiting_units);

    label_row(r, SEPARATOR);
    label_row(r, "AST node statistics ");
    summary_row(r, "  AST node count", &c.ast_nodes, 1);
    summary_row(r, "  Call count", &c.calls, 1);
    summary_row(r, "    Inlined", &c.inlined_calls, 1);
    summary_row(r, "    Dispatched", &c.dispatched_calls, 1);

    // porcini compiles in one tier.
    label_row(r, SEPARATOR);
    label_row(r, "Compilation Tier 1");
    let code = c.code_size.sum();
    rate_row(r, "  Compilation Rate", code, c.total_time.sum());
    rate_row(r, "    Partial Evaluation Rate", code, c.partial_evaluation_time.sum());
    rate_row(r, "    Code Generation Rate", code, c.code_generation_time.sum());
    summary_row(r, "  Time for compilation (us)", &c.total_time, NANOS_PER_MICRO);
    summary_row(r, "    Partial Evaluation (us)", &c.partial_evaluation_time, NANOS_PER_MICRO);
    summary_row(r, "    Code Generation (us)", &c.code_generation_time, NANOS_PER_MICRO);
    label_row(r, "  IR instruction count");
    summary_row(r, "    After Partial Evaluation", &c.ir_after_partial_evaluation, 1);
    summary_row(r, "    After Optimization", &c.ir_after_optimization, 1);
    label_row(r, "  Compilation result");
    summary_row(r, "    Code size", &c.code_size, 1);
    out
}

/// A row without a value (a section title or a group's heading): `%n  %-30s:`.
fn label_row(out: &mut String, label: &str) {
    out.push_str("\n  ");
    out.push_str(&printf::left(label, LABEL_WIDTH));
    out.push(':');
}

/// A row with a value: `%n  %-30s: <value>`.
fn row(out: &mut String, label: &str, value: &str) {
    label_row(out, label);
    out.push(' ');
    out.push_str(value);
}

/// `%n  %-30s: %d`.
fn count_row(out: &mut String, label: &str, value: u64) {
    row(out, label, &value.to_string());
}

/// A count and, under it, each reason with its count, the most frequent first.
fn tally_rows(out: &mut String, label: &str, tally: &Tally) {
    count_row(out, label, tally.total);
    for (reason, n) in tally.by_count() {
        count_row(out, &format!("      {reason}"), n);
    }
}

/// `%n  %-30s: %f`, a ratio with Java's six decimals.
fn ratio_row(out: &mut String, label: &str, value: f64) {
    row(out, label, &printf::fixed(value, 0, 6));
}

/// `%n  %-30s: %12.2f bytes/second`: `bytes` of code made in `nanos` of compilation. Left out
/// when no time was measured.
fn rate_row(out: &mut String, label: &str, bytes: i64, nanos: i64) {
    if nanos > 0 {
        let rate = bytes as f64 / (nanos as f64 / 1e9);
        row(out, label, &format!("{} bytes/second", printf::fixed(rate, 12, 2)));
    }
}

/// A distribution's summary, its values divided by `unit` (1, or nanoseconds per microsecond):
/// `count=%4d, sum=%10d, min=%8d, average=%12.2f, median=%12.2f, max=%8d, maxTarget=%s`.
fn summary_row(out: &mut String, label: &str, values: &Distribution, unit: i64) {
    let unit = unit.max(1);
    let Some(s) = values.summary() else {
        row(out, label, &format!("count={}", printf::int(0, 4)));
        return;
    };
    let scaled = |v: f64| v / unit as f64;
    let text = format!(
        "count={}, sum={}, min={}, average={}, median={}, max={}, maxTarget={}",
        printf::int(i64::try_from(s.count).unwrap_or(i64::MAX), 4),
        printf::int(s.sum / unit, 10),
        printf::int(s.min / unit, 8),
        printf::fixed(scaled(s.average), 12, 2),
        printf::fixed(scaled(s.median), 12, 2),
        printf::int(s.max / unit, 8),
        values.max_unit().unwrap_or_default(),
    );
    row(out, label, &text);
}
