//! The interface through which the engine tells a tool about its compilations, after Truffle's
//! runtime listener: a unit handed to the compiler, cancelled, compiled or not, its code
//! invalidated or left by a deoptimization, and the engine closing.
//!
//! The engine reports each event where it prints the matching `opt` trace line, so a listener
//! sees exactly the compilations the trace shows, whether or not tracing is on. Events name a
//! unit as the trace does: a call target's name, or `name<OSR>` for a loop compiled for
//! on-stack replacement. The engine is single-threaded, so a listener keeps its state behind
//! `&self` with interior mutability. `--engine.CompilationStatistics` is the listener porcini
//! ships ([`crate::statistics::CompilationStatistics`]).

use crate::trace::TraceSink;

/// What a successful compilation measured: the figures of its `opt done` line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Compiled {
    /// Partial evaluation, lowering to IR included, in milliseconds.
    pub partial_evaluation_ms: f64,
    /// Code generation from the IR, in milliseconds.
    pub code_generation_ms: f64,
    /// Nodes of the compiled call target's tree.
    pub ast_nodes: u64,
    /// Guest calls inlined into the unit.
    pub inlined_calls: u64,
    /// Guest calls the unit's code makes (left as calls).
    pub dispatched_calls: u64,
    /// IR instructions after partial evaluation.
    pub ir_after_partial_evaluation: u64,
    /// IR instructions after the code generator's optimizations.
    pub ir_after_optimization: u64,
    /// Machine code bytes.
    pub code_size: u64,
}

/// Why a unit got no code, as the `opt failed` line that reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The compiler gave up on the tree for good (Truffle's permanent bailout).
    PermanentBailout,
    /// The code generator failed.
    Error,
    /// No compilation ran: the policy stopped compiling the target for good, because it reached
    /// `MaximumCompilations` or its code kept deoptimizing at one place. Truffle notices both
    /// during a compilation; porcini notices them before one would start.
    Stopped,
}

/// What the engine knows when it closes, beyond the events it reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closing {
    /// The engine's id, as the trace lines show it.
    pub engine_id: u64,
    /// Call targets created by splitting.
    pub splits: u64,
    /// Units handed to the compiler whose code had not arrived yet.
    pub waiting_units: u64,
}

/// Receives the engine's compilation events. Every method does nothing by default, so a listener
/// implements only those it needs.
pub trait CompilationListener {
    /// `unit` was handed to the compiler. porcini queues a unit and starts its partial
    /// evaluation at once (`opt queued` and `opt start` are traced together), so this is both
    /// Truffle's queued and started events.
    fn started(&self, unit: &str) {
        let _ = unit;
    }

    /// `unit`, waiting for its machine code, was cancelled (`opt unque.`).
    fn dequeued(&self, unit: &str, reason: &str) {
        let _ = (unit, reason);
    }

    /// `unit` was compiled and its code installed (`opt done`).
    fn succeeded(&self, unit: &str, result: &Compiled) {
        let _ = (unit, result);
    }

    /// `unit` got no code (`opt failed`).
    fn failed(&self, unit: &str, failure: Failure, reason: &str) {
        let _ = (unit, failure, reason);
    }

    /// The installed code of `unit` was invalidated (`opt inval.`).
    fn invalidated(&self, unit: &str, reason: &str) {
        let _ = (unit, reason);
    }

    /// The code of `unit` transferred to the interpreter (`opt deopt`); `invalidated` tells
    /// whether that discarded the code.
    fn deoptimized(&self, unit: &str, invalidated: bool, reason: &str) {
        let _ = (unit, invalidated, reason);
    }

    /// The engine closed after the guest's last code ran: the moment to report, to `log`, the
    /// stream the engine's trace lines go to.
    fn engine_closed(&self, closing: &Closing, log: &TraceSink) {
        let _ = (closing, log);
    }
}
