//! `--engine.CompilationStatistics`: a [`CompilationListener`] that counts the engine's
//! compilations as they happen and, when the engine closes, reports them in the layout of
//! Truffle's statistics listener (`Truffle runtime statistics for engine N`, then one
//! `label: value` row per figure), to the stream the trace lines go to.
//!
//! The report holds only what porcini measures. Counts: units compiled, succeeded, bailed out
//! or failed, cancelled, invalidated (with the reasons), deoptimizations and splits. Per
//! successful unit, the distributions of its compile time (total, partial evaluation and code
//! generation, the figures of its `opt done` line), its tree's nodes, its calls, its IR sizes and
//! its code size, each summarized as Truffle does (count, sum, minimum, average, maximum and the
//! unit of the maximum) and with the median as well. Figures Truffle has and porcini does not
//! measure (temporary bailouts, time in the queue, code installation, frame sizes, a second tier)
//! are left out rather than shown as zeros. Times are of successful compilations only: a failed
//! one's time, which Truffle counts too, is not measured apart from the wait for a background
//! compiler thread.
//!
//! A deoptimization that discards its code counts as an invalidation (its reason prefixed with
//! `deopt: `), as well as the invalidations the `opt inval.` lines report, so that the
//! compilation accuracy covers both ways porcini's code is invalidated.

mod distribution;
mod report;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::time::Instant;

pub use distribution::{Distribution, Summary};

use crate::listener::{Closing, CompilationListener, Compiled, Failure};
use crate::trace::TraceSink;

/// The compilation statistics of one engine, collected from its events.
#[derive(Debug, Default)]
pub struct CompilationStatistics {
    counts: RefCell<Counts>,
}

impl CompilationStatistics {
    /// Statistics with nothing counted yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The report as a message of several lines, without a final newline: the engine logs it
    /// once, so only its first line gets the `[engine] ` prefix.
    pub fn report(&self, closing: &Closing) -> String {
        let counts = self.counts.borrow();
        let elapsed = counts.first_start.map(|at| at.elapsed());
        report::render(&counts, closing, elapsed)
    }
}

impl CompilationListener for CompilationStatistics {
    fn started(&self, _unit: &str) {
        let mut c = self.counts.borrow_mut();
        c.first_start.get_or_insert_with(Instant::now);
        c.compilations += 1;
    }

    fn dequeued(&self, _unit: &str, reason: &str) {
        self.counts.borrow_mut().dequeues.add(reason);
    }

    fn succeeded(&self, unit: &str, result: &Compiled) {
        let mut c = self.counts.borrow_mut();
        c.successes += 1;
        let partial_evaluation = nanos(result.partial_evaluation_ms);
        let code_generation = nanos(result.code_generation_ms);
        c.total_time.add(partial_evaluation.saturating_add(code_generation), unit);
        c.partial_evaluation_time.add(partial_evaluation, unit);
        c.code_generation_time.add(code_generation, unit);
        c.ast_nodes.add(count(result.ast_nodes), unit);
        c.calls.add(count(result.inlined_calls.saturating_add(result.dispatched_calls)), unit);
        c.inlined_calls.add(count(result.inlined_calls), unit);
        c.dispatched_calls.add(count(result.dispatched_calls), unit);
        c.ir_after_partial_evaluation.add(count(result.ir_after_partial_evaluation), unit);
        c.ir_after_optimization.add(count(result.ir_after_optimization), unit);
        c.code_size.add(count(result.code_size), unit);
    }

    fn failed(&self, _unit: &str, failure: Failure, reason: &str) {
        let mut c = self.counts.borrow_mut();
        match failure {
            Failure::PermanentBailout => c.permanent_bailouts.add(reason),
            Failure::Error => c.failures.add(reason),
            Failure::Stopped => c.stopped.add(reason),
        }
    }

    fn invalidated(&self, _unit: &str, reason: &str) {
        self.counts.borrow_mut().invalidations.add(reason);
    }

    fn deoptimized(&self, _unit: &str, invalidated: bool, reason: &str) {
        let mut c = self.counts.borrow_mut();
        c.deoptimizations += 1;
        if invalidated {
            c.invalidations.add(&format!("deopt: {reason}"));
        }
    }

    fn engine_closed(&self, closing: &Closing, log: &TraceSink) {
        log.line(&self.report(closing));
    }
}

/// Everything counted so far.
#[derive(Debug, Default)]
struct Counts {
    /// When the first unit was handed to the compiler, for the compilation utilization.
    first_start: Option<Instant>,
    compilations: u64,
    successes: u64,
    permanent_bailouts: Tally,
    failures: Tally,
    stopped: Tally,
    invalidations: Tally,
    deoptimizations: u64,
    dequeues: Tally,
    /// Compile times, in nanoseconds.
    total_time: Distribution,
    partial_evaluation_time: Distribution,
    code_generation_time: Distribution,
    ast_nodes: Distribution,
    calls: Distribution,
    inlined_calls: Distribution,
    dispatched_calls: Distribution,
    ir_after_partial_evaluation: Distribution,
    ir_after_optimization: Distribution,
    code_size: Distribution,
}

/// A count of events, and of each reason they were given, in the order the reasons first came.
#[derive(Debug, Default)]
struct Tally {
    total: u64,
    reasons: Vec<(String, u64)>,
}

impl Tally {
    fn add(&mut self, reason: &str) {
        self.total += 1;
        match self.reasons.iter_mut().find(|(r, _)| r == reason) {
            Some((_, n)) => *n += 1,
            None => self.reasons.push((reason.to_string(), 1)),
        }
    }

    /// The reasons, the most frequent first; equal counts keep the order they first came in.
    fn by_count(&self) -> Vec<(&str, u64)> {
        let mut sorted: Vec<(&str, u64)> = self.reasons.iter().map(|(r, n)| (r.as_str(), *n)).collect();
        sorted.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        sorted
    }
}

/// Milliseconds as whole nanoseconds (a measured time is finite and not negative; anything else
/// counts as 0).
fn nanos(ms: f64) -> i64 {
    if ms.is_finite() && ms > 0.0 { (ms * 1e6).round() as i64 } else { 0 }
}

/// A count as a distribution value.
fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
