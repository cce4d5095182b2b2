//! The `opt ...` lines of `engine.TraceCompilation` and `engine.TraceCompilationDetails`
//! (Truffle's `TraceCompilationListener`), and the building blocks they are made of.
//!
//! The lines are fixed-column: every line starts with the same target column and the `|UTC`
//! field lines up across event kinds thanks to literal runs of padding, which are reproduced here
//! exactly.

use super::event::{PropValue, format_event};
use super::printf;

/// The `Src` value of a call target without a source section.
pub const NO_SOURCE: &str = "n/a";

/// Padding after the queue field (part of Truffle's `QUEUE_FORMAT`).
const QUEUE_PADDING: usize = 35;
/// Padding of `opt inval.` and `opt reprof`, in place of the tier, count and queue fields.
const NO_FIELDS_PADDING: usize = 126;
/// Padding of `opt deopt`, after its `Invalidated` field.
const DEOPT_PADDING: usize = 108;

/// `TARGET_FORMAT` = `engine=%-2d id=%-5d %-50s `: the engine id, the call-target id and its name.
pub fn target(engine_id: u64, target_id: u64, name: &str) -> String {
    format!(
        "engine={} id={} {} ",
        printf::left(&engine_id.to_string(), 2),
        printf::left(&target_id.to_string(), 5),
        printf::left(name, 50)
    )
}

/// `TIER_FORMAT` = `Tier %d`.
pub fn tier(tier: u32) -> String {
    format!("Tier {tier}")
}

/// `COUNT_THRESHOLD_FORMAT` = `Count/Thres  %9d/%9d`: the call-and-loop count and the (scaled)
/// threshold it was compared with.
pub fn count_threshold(count: i64, threshold: i64) -> String {
    format!(
        "Count/Thres  {}/{}",
        printf::int(count, 9),
        printf::int(threshold, 9)
    )
}

/// The state of the compilation queue reported with an event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Queue {
    /// Tasks in the queue.
    pub size: u64,
    /// How the event changed the queue size (+1 when queued, −1 when dequeued, 0 otherwise).
    pub change: i64,
    /// Queue load (size per compiler thread), as used by the dynamic thresholds.
    pub load: f64,
    /// Microseconds the task spent in the queue.
    pub time_us: u64,
}

/// `QUEUE_FORMAT` = `Queue: Size %4d Change %c%-2d Load %5.2f Time %5dus` plus padding.
/// `zero_sign` is the sign shown for a change of 0: `+` for queued and started events, a space for
/// dequeued ones, as in Truffle.
pub fn queue(queue: &Queue, zero_sign: char) -> String {
    let sign = match queue.change {
        0 => zero_sign,
        change if change > 0 => '+',
        _ => '-',
    };
    format!(
        "Queue: Size {} Change {sign}{} Load {} Time {}us{}",
        printf::right(&queue.size.to_string(), 4),
        printf::int_left(queue.change.saturating_abs(), 2),
        printf::fixed(queue.load, 5, 2),
        printf::right(&queue.time_us.to_string(), 5),
        " ".repeat(QUEUE_PADDING)
    )
}

/// The `Time` value: `%4.0f(%4.0f+%-4.0f)ms` = total (partial evaluation + backend), in
/// milliseconds.
pub fn compile_time(total_ms: f64, partial_evaluation_ms: f64, backend_ms: f64) -> String {
    format!(
        "{}({}+{})ms",
        printf::fixed(total_ms, 4, 0),
        printf::fixed(partial_evaluation_ms, 4, 0),
        printf::fixed_left(backend_ms, 4, 0)
    )
}

/// The `Src` value, `%s:%d 0x%x`: source name, start line and source hash. Call targets without
/// a source use `NO_SOURCE`.
pub fn source(name: &str, start_line: u32, hash: u64) -> String {
    format!("{name}:{start_line} 0x{hash:x}")
}

/// What every `opt` line says about its call target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subject<'a> {
    /// The engine id.
    pub engine_id: u64,
    /// The call-target id.
    pub target_id: u64,
    /// The call-target name (split targets carry their ` <split-N>` suffix).
    pub name: &'a str,
    /// The event time, formatted by `utc`.
    pub utc: &'a str,
    /// The source, formatted by `source`, or `NO_SOURCE`.
    pub src: &'a str,
}

impl Subject<'_> {
    fn target(&self) -> String {
        target(self.engine_id, self.target_id, self.name)
    }
}

/// `opt queued`: a compilation was queued.
pub fn queued(
    subject: &Subject<'_>,
    tier_number: u32,
    count: i64,
    threshold: i64,
    state: &Queue,
) -> String {
    format!(
        "opt queued {}|{}|{}|{}|UTC {}|Src {}",
        subject.target(),
        tier(tier_number),
        count_threshold(count, threshold),
        queue(state, '+'),
        subject.utc,
        subject.src
    )
}

/// `opt unque.`: a queued compilation was removed without running (also used for non-permanent
/// bailouts, with reason `Non permanent bailout: ...`).
pub fn unqueued(
    subject: &Subject<'_>,
    tier_number: u32,
    count: i64,
    threshold: i64,
    state: &Queue,
    reason: &str,
) -> String {
    format!(
        "opt unque. {}|{}|{}|{}|UTC {}|Src {}|Reason {reason}",
        subject.target(),
        tier(tier_number),
        count_threshold(count, threshold),
        queue(state, ' '),
        subject.utc,
        subject.src
    )
}

/// `opt start`: a compiler thread took the task. `priority` is the traversing queue's weight,
/// `rate` its growth rate and `bonuses` the bonuses that were applied.
pub fn started(
    subject: &Subject<'_>,
    tier_number: u32,
    priority: i64,
    rate: f64,
    state: &Queue,
    bonuses: &str,
) -> String {
    format!(
        "opt start  {}|{}|Priority {}|Rate {}|{}|UTC {}|Src {}|Bonuses {bonuses}",
        subject.target(),
        tier(tier_number),
        printf::int(priority, 9),
        printf::fixed(rate, 0, 6),
        queue(state, '+'),
        subject.utc,
        subject.src
    )
}

/// The results reported by `opt done`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Done<'a> {
    /// The tier that was compiled.
    pub tier: u32,
    /// The compilation time, formatted by `compile_time`.
    pub time: &'a str,
    /// Non-trivial AST nodes of the call target.
    pub ast_size: i64,
    /// Calls inlined into the compilation unit.
    pub inlined_calls: i64,
    /// Calls left as real calls.
    pub dispatched_calls: i64,
    /// Graph nodes after partial evaluation.
    pub nodes_after_partial_evaluation: i64,
    /// Graph nodes after the whole compilation.
    pub nodes_after_compilation: i64,
    /// Size of the generated code in bytes.
    pub code_size: i64,
    /// Address of the generated code.
    pub code_address: u64,
    /// The compiler's id for this compilation.
    pub compilation_id: &'a str,
}

/// `opt done`: a compilation succeeded.
pub fn done(subject: &Subject<'_>, result: &Done<'_>) -> String {
    format!(
        "opt done   {}|{}|Time {}|AST {}|Inlined {}Y {}N|IR {}/{}|CodeSize {}|Addr 0x{:012x}|CompId {}|UTC {}|Src {}",
        subject.target(),
        tier(result.tier),
        printf::right(result.time, 18),
        printf::int(result.ast_size, 4),
        printf::int(result.inlined_calls, 3),
        printf::int(result.dispatched_calls, 3),
        printf::int(result.nodes_after_partial_evaluation, 6),
        printf::int(result.nodes_after_compilation, 6),
        printf::int(result.code_size, 7),
        result.code_address,
        printf::left(result.compilation_id, 7),
        subject.utc,
        subject.src
    )
}

/// `opt failed`: a compilation failed permanently. Note the colon after `Reason`, which only this
/// line has.
pub fn failed(subject: &Subject<'_>, tier_number: u32, time: &str, reason: &str) -> String {
    format!(
        "opt failed {}|{}|Time {}|Reason: {reason}|UTC {}|Src {}",
        subject.target(),
        tier(tier_number),
        printf::right(time, 18),
        subject.utc,
        subject.src
    )
}

/// `opt inval.`: installed code was invalidated.
pub fn invalidated(subject: &Subject<'_>, reason: &str) -> String {
    format!(
        "opt inval. {} {}|UTC {}|Src {}|Reason {reason}",
        subject.target(),
        " ".repeat(NO_FIELDS_PADDING),
        subject.utc,
        subject.src
    )
}

/// `opt deopt`: compiled code transferred to the interpreter; `invalidated` tells whether the code
/// was invalidated on the way. Without a reason Truffle prints `unknown`.
pub fn deoptimized(subject: &Subject<'_>, invalidated: bool, reason: Option<&str>) -> String {
    format!(
        "opt deopt  {}|Invalidated {}|{}|UTC {}|Src {}|Reason {}",
        subject.target(),
        printf::boolean(invalidated, 5),
        " ".repeat(DEOPT_PADDING),
        subject.utc,
        subject.src,
        reason.unwrap_or("unknown")
    )
}

/// `opt reprof`: the call target's profile was reset.
pub fn reprofiled(subject: &Subject<'_>) -> String {
    format!(
        "opt reprof {}|{}|UTC {}|Src {}",
        subject.target(),
        " ".repeat(NO_FIELDS_PADDING),
        subject.utc,
        subject.src
    )
}

/// `opt fail`, the event line printed with `CompilationFailureAction=Print` before the failure
/// text: a `format_event` line with the AST size as an integer property.
pub fn fail_event(name: &str, ast_size: i32) -> String {
    format_event(0, "opt fail", name, &[("AST", PropValue::Int(ast_size))])
}
