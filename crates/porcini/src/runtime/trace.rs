//! The runtime's compilation trace lines.
//!
//! A unit queued, started or cancelled (`--engine.TraceCompilationDetails`), a compilation that
//! failed (`--engine.TraceCompilation`), and a transfer to the interpreter
//! (`--engine.TraceTransferToInterpreter`). The line formats themselves are
//! `porcini_tools::trace::compilation`'s; this file picks their fields. A finished compilation's
//! line is printed where its code is registered (`compile_policy.rs`).
//!
//! The runtime's compilation listener (`--engine.CompilationStatistics`) is told of the same
//! events here, whether or not they are traced, and reports when the engine closes.

use porcini_tools::listener::{Closing, Failure};
use porcini_tools::trace::compilation as opt;

use crate::call_target::CallTarget;
use crate::compiled::CompileError;
use crate::frame::Frame;
use crate::language::Language;

use super::Runtime;

impl<L: Language> Runtime<L> {
    /// `--engine.TraceCompilationDetails`: a unit of `target` (its root, or a loop) was handed to
    /// the compiler at `since`, and partial evaluation starts. Units wait in a first-in,
    /// first-out queue, so there is no priority, rate or bonus to report.
    pub(super) fn trace_queued(&self, target: &CallTarget<L>, osr: bool, since: std::time::Instant) {
        let name = osr.then(|| format!("{}<OSR>", target.name()));
        if let Some(l) = &self.listener {
            l.started(name.as_deref().unwrap_or(target.name()));
        }
        if !self.options.trace_compilation_details {
            return;
        }
        let waiting = self.queue.borrow().len() as u64;
        let (count, threshold) = self.count_and_threshold(target, osr);
        let queue = opt::Queue { size: waiting + 1, change: 1, load: (waiting + 1) as f64, time_us: 0 };
        self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::queued(s, 1, count, threshold, &queue)));
        let time_us = u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX);
        let queue = opt::Queue { size: waiting, change: -1, load: waiting as f64, time_us };
        self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::started(s, 1, 0, 0.0, &queue, "none")));
    }

    /// `--engine.TraceCompilationDetails`: units of `target` that were waiting for their machine
    /// code (as [`Runtime::waiting_units`] lists them) were cancelled for `reason`; their code is
    /// dropped when it arrives.
    pub(crate) fn trace_unqueued(&self, target: &CallTarget<L>, cancelled: &[(bool, std::time::Instant)], reason: &str) {
        if let Some(l) = &self.listener {
            for &(osr, _) in cancelled {
                l.dequeued(&unit_name(target, osr), reason);
            }
        }
        if !self.options.trace_compilation_details {
            return;
        }
        // A cancelled unit stays in the queue until its code arrives; it counts as gone.
        let still = self.queue.borrow().iter().filter(|q| q.waiting()).count() as u64;
        for (i, &(osr, since)) in cancelled.iter().enumerate() {
            let waiting = still + (cancelled.len() - 1 - i) as u64;
            let name = osr.then(|| format!("{}<OSR>", target.name()));
            let (count, threshold) = self.count_and_threshold(target, osr);
            let time_us = u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX);
            let queue = opt::Queue { size: waiting, change: -1, load: waiting as f64, time_us };
            self.trace_line(&target.trace_line_named(name.as_deref(), |s| opt::unqueued(s, 1, count, threshold, &queue, reason)));
        }
    }

    /// The `Count/Thres` of a unit of `target` (its root, or a loop).
    fn count_and_threshold(&self, target: &CallTarget<L>, osr: bool) -> (i64, i64) {
        let (count, threshold) = match osr {
            true => (self.osr_at.get(), self.osr_at.get()),
            false => (u64::from(target.call_and_loop_count()), self.first_compile_at()),
        };
        (i64::try_from(count).unwrap_or(i64::MAX), i64::try_from(threshold).unwrap_or(i64::MAX))
    }

    /// Prints `--engine.TraceTransferToInterpreter`'s report of a deoptimization in `f`: the
    /// reason and the guest stack, innermost first.
    pub(crate) fn trace_transfer(&self, f: &Frame<'_, L>, p: &crate::compiled::DeoptPoint) {
        if !self.options.trace_transfer_to_interpreter {
            return;
        }
        let mut text = String::from("transferToInterpreter at");
        let limit = usize::try_from(self.options.trace_stack_trace_limit).unwrap_or(usize::MAX);
        // The inlined callees the code was running come first, innermost first, as the frames
        // they stand for would; the walk stops at the limit.
        let inlined = p.inlined.iter().rev().filter_map(|i| self.call_target(i.target));
        let physical = std::iter::successors(Some(f), |fr| fr.caller).filter_map(|fr| fr.target.and_then(|t| self.call_target(t.id())));
        for t in inlined.chain(physical).filter(|t| !t.root().is_internal()).take(limit) {
            text.push_str(&format!("\n  {}({})", t.name(), t.source_location().unwrap_or_default()));
        }
        let path: Vec<String> = p.innermost_path().iter().map(|&i| path_entry(i)).collect();
        text.push_str(&format!("\n  Reason: {} (node path [{}])", p.reason, path.join(".")));
        self.trace_line(&text);
    }

    /// `opt failed`: `target` got no code, or will get none again, for `reason`.
    pub(super) fn trace_failure(&self, target: &CallTarget<L>, time: &str, failure: Failure, reason: &str) {
        if let Some(l) = &self.listener {
            l.failed(target.name(), failure, reason);
        }
        if self.options.trace_compilation || self.options.trace_compilation_details {
            self.trace_line(&target.trace_line(|s| opt::failed(s, 1, time, reason)));
        }
    }

    /// Tells the compilation listener that the engine closes, with what it did not see as events:
    /// the splits made and the units still waiting for their code. It reports to the trace sink.
    pub(crate) fn close_listener(&self) {
        let (Some(l), Some(sink)) = (&self.listener, self.trace_sink()) else { return };
        let waiting = self.queue.borrow().iter().filter(|q| q.waiting()).count() as u64;
        let splits = u64::try_from(self.splitting_summary().splits).unwrap_or(0);
        l.engine_closed(&Closing { engine_id: 1, splits, waiting_units: waiting }, &sink);
    }
}

/// How a compilation failure is counted: the compiler gave up on the tree, or the code generator
/// failed.
pub(super) fn failure_kind(e: &CompileError) -> Failure {
    match e {
        CompileError::Permanent(_) => Failure::PermanentBailout,
        CompileError::Backend(_) => Failure::Error,
    }
}

/// A unit's name in traces and events: the target's, with `<OSR>` for a loop's unit.
pub(crate) fn unit_name<L: Language>(target: &CallTarget<L>, osr: bool) -> String {
    match osr {
        true => format!("{}<OSR>", target.name()),
        false => target.name().to_string(),
    }
}

/// The `Reason` of an `opt failed` line.
pub(super) fn failure_reason(e: &CompileError) -> String {
    match e {
        CompileError::Permanent(m) => m.clone(),
        CompileError::Backend(m) => format!("code generation failed: {m}"),
    }
}

/// A node path entry as traces print it: a child index, or `step` for a loop's step, `catch`
/// for a `try`'s handler, `finally` for its finalizer.
pub(super) fn path_entry(i: u32) -> String {
    match i {
        crate::resume::LOOP_STEP => "step".to_string(),
        crate::resume::TRY_HANDLER => "catch".to_string(),
        crate::resume::TRY_FINALIZER => "finally".to_string(),
        _ => i.to_string(),
    }
}
