//! The compilation policy: when a call target or a loop is compiled, and what becomes of the code.
//!
//! Calls and loop iterations count towards thresholds; a target whose count reaches its threshold
//! is handed to the compiler ([`Runtime::on_hot`]), and a loop that runs long enough is compiled
//! and replaced while it runs ([`Runtime::osr`]). Code generated in the background waits in the
//! runtime's queue until a poll finds it ready; finished code is installed, registered with the
//! assumptions it depends on and kept for as long as the runtime lives. Deoptimizations come back
//! here too, for deoptimization cycle detection ([`Runtime::note_deopt`]).
//!
//! The policy has one tier, with Truffle's single-tier thresholds: a target is compiled once its
//! calls and loop iterations reach `SingleTierCompilationThreshold` (1000) and it has had
//! `MinInvokeThreshold` (3) calls, or at its first call with `CompileImmediately`. `CompileOnly`
//! filters by name, a root that is not compilable (a builtin, one boundary call) never is, and
//! `MaximumCompilations` (100) stops a target for good with Truffle's message. Counters are not
//! reset on invalidation, so the next call recompiles. Deoptimization cycle detection: once a
//! target has been compiled `DeoptCycleDetectionThreshold` (15) times, every invalidating
//! deoptimization of its code is recorded by place (innermost path and reason), and a place taken
//! more than `DeoptCycleDetectionAllowedRepeats` (0) times stops its compilation for good. Cycles
//! of the commonest kind never get that far: a node that left compiled code to respecialize and
//! learned nothing is settled, and the next compilation calls its slow path instead
//! ([`super::settled`]), so the unit ends compiled, with the generic path, rather than interpreted.
//!
//! Background compilation (`BackgroundCompilation`, on by default): partial evaluation reads the
//! tree, the heap and the runtime, so it runs on the guest's thread when a unit gets hot; code
//! generation runs on the JIT's compiler thread. The unit waits in the queue with its code
//! object parked in its target, the interpreter carries on, and the target asks again every 64
//! calls (a loop every 256 iterations); each time, the compiler learns that the unit was wanted
//! that many more times ([`Compiler::demand`]), so it can generate the most wanted unit first.
//! Installation (executable memory, the assumptions, the `opt done` line) happens on the guest's
//! thread, so nothing the guest touches is shared. Invalidating a target cancels its queued
//! code, which is dropped when it arrives; an assumption that failed meanwhile invalidates the
//! code as it is installed.
//!
//! On-stack replacement: the framework's loop node (`Stage::repeat`) counts iterations, earlier
//! executions included (Truffle's `baseLoopCount`), and past `OSRCompilationThreshold` the loop
//! node is compiled as a unit of its own, as Truffle's AST OSR compiles a loop's repeating node,
//! and entered with the running frame. The unit loads every slot, writes them back when it
//! finishes, and answers the empty value when the loop completes or the function's value after a
//! `return`. A deoptimization in the unit resumes the loop node by replay, and the loop may be
//! replaced again, up to `OSRMaxCompilationReAttempts` compilations.

use std::cell::Cell;
use std::rc::Rc;

use porcini_tools::listener::{Compiled, Failure};
use porcini_tools::trace::compilation as opt;

use crate::call_target::CallTarget;
use crate::compiled::{CompileError, Compilation, CompiledCode, Compiler, MachineCode, Ticket};
use crate::error::Unwind;
use crate::frame::Frame;
use crate::language::Language;
use crate::node::ExprNode;
use crate::value::Value;

use super::Runtime;
use super::trace::{failure_kind, failure_reason, path_entry, unit_name};

/// While a target's machine code is being generated in the background, every this many calls
/// of it ask the compiler whether the code is ready.
const POLL_CALLS: u64 = 64;
/// While a loop's machine code is being generated in the background, every this many iterations
/// ask the compiler whether the code is ready.
pub(crate) const OSR_POLL_ITERATIONS: u64 = 256;

/// What on-stack replacement did at a loop's back edge ([`Runtime::osr`]).
pub(crate) enum Osr {
    /// The rest of the loop ran in compiled code, with this outcome.
    Ran(Result<(), Unwind<Value>>),
    /// The loop's code is on its way: ask again after a few more iterations.
    Later,
    /// There is no code for this loop: the interpreter carries on.
    Never,
}

/// A unit whose machine code is being generated in the background: the target's root, or the
/// loop `node` of it. The code itself waits in the target ([`CallTarget::set_queued`],
/// [`crate::call_target::OsrUnit::queued`]).
pub(super) struct Queued<L: Language> {
    ticket: Ticket,
    target: Rc<CallTarget<L>>,
    node: Option<usize>,
    since: std::time::Instant,
}

impl<L: Language> Queued<L> {
    /// Whether the unit still waits for its machine code: its code was not cancelled meanwhile
    /// (a cancelled unit stays in the queue until its code arrives, to be dropped).
    pub(super) fn waiting(&self) -> bool {
        self.target.queued_code(self.node).is_some_and(|c| c.is_valid())
    }
}

impl<L: Language> Runtime<L> {
    /// Installs the compiler that hot call targets are handed to (the JIT). Without one, or
    /// with `--engine.Compilation=false`, everything stays in the interpreter.
    pub fn set_compiler(&self, compiler: Rc<dyn Compiler<L>>) {
        *self.compiler.borrow_mut() = Some(compiler);
        let o = &self.options;
        self.osr_at.set(if o.compilation && o.osr { o.osr_compilation_threshold.max(1) } else { u64::MAX });
        let at = self.first_compile_at();
        for t in self.targets.borrow().iter() {
            t.set_compile_at(at);
        }
    }
    /// The call-and-loop count at which a new target is first considered for compilation.
    pub(super) fn first_compile_at(&self) -> u64 {
        let o = &self.options;
        if !o.compilation || self.compiler.borrow().is_none() {
            u64::MAX
        } else if o.compile_immediately {
            0
        } else {
            o.single_tier_compilation_threshold
        }
    }
    /// The calls a target must have had before it is compiled.
    fn min_calls(&self) -> u64 {
        let o = &self.options;
        if o.compile_immediately { 0 } else { o.min_invoke_threshold.min(o.single_tier_compilation_threshold) }
    }

    /// The compilation policy, reached when a target's count hits its threshold: compile it if
    /// it has had enough calls and may be compiled. Out of line: it runs once per compilation.
    #[cold]
    #[inline(never)]
    pub(super) fn on_hot(&self, target: &CallTarget<L>) {
        let compiler = self.compiler.borrow().clone();
        let (Some(compiler), true) = (compiler, self.options.compilation) else {
            target.set_compile_at(u64::MAX);
            return;
        };
        if target.is_queued() {
            self.demand(target, None, POLL_CALLS);
            self.poll_compiler();
            if target.is_queued() {
                target.poll_after(POLL_CALLS);
            }
            return;
        }
        if target.entry().is_some() {
            target.set_compile_at(u64::MAX);
            return;
        }
        if u64::from(target.call_count()) < self.min_calls() {
            return;
        }
        // A root that says it is not compilable (a builtin runs one boundary call) is not.
        if !target.root().is_compilable() || !self.accepts(target.name()) {
            target.fail_compilation();
            return;
        }
        let Some(target) = self.call_target(target.id()) else { return };
        let max = self.options.maximum_compilations;
        if max >= 0 && i64::from(target.compilations()) >= max {
            target.fail_compilation();
            let reason = format!("Maximum compilation count {max} reached.");
            self.trace_failure(&target, &opt::compile_time(0.0, 0.0, 0.0), Failure::Stopped, &reason);
            return;
        }
        let start = std::time::Instant::now();
        self.trace_queued(&target, false, start);
        match compiler.compile(self, &target) {
            Ok(Compilation::Ready(code)) => self.install(&target, code),
            Ok(Compilation::Queued(code, ticket)) => {
                target.set_queued(Some(code));
                target.poll_after(POLL_CALLS);
                self.queue.borrow_mut().push(Queued { ticket, target, node: None, since: start });
            }
            Err(e) => {
                target.fail_compilation();
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                self.trace_failure(&target, &opt::compile_time(ms, ms, 0.0), failure_kind(&e), &failure_reason(&e));
            }
        }
    }

    /// `--engine.CompileOnly`: comma-separated name fragments, `~` excluding.
    fn accepts(&self, name: &str) -> bool {
        let only = &self.options.compile_only;
        if only.is_empty() {
            return true;
        }
        let mut included = None;
        for part in only.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.strip_prefix('~') {
                Some(ex) if name.contains(ex) => return false,
                Some(_) => {}
                None => included = Some(included.unwrap_or(false) || name.contains(part)),
            }
        }
        included.unwrap_or(true)
    }

    /// Installs freshly compiled code as the target's.
    fn install(&self, target: &Rc<CallTarget<L>>, code: Rc<CompiledCode<L>>) {
        target.install(code.clone());
        self.register(target, &code);
    }

    /// Keeps new code alive for good, registers it with the assumptions it depends on and traces
    /// the compilation (and tells the listener, even if the code was invalidated meanwhile: the
    /// compilation succeeded, and the invalidation is counted on its own).
    fn register(&self, target: &Rc<CallTarget<L>>, code: &Rc<CompiledCode<L>>) {
        let id = self.codes.borrow().len() as u64 + 1;
        code.set_id(id);
        let tracing = self.options.trace_compilation || self.options.trace_compilation_details;
        code.set_log(if tracing { self.trace_sink() } else { None }, tracing);
        code.set_listener(self.listener.clone());
        self.codes.borrow_mut().push(code.clone());
        let Some(body) = code.body() else { return };
        for a in &body.assumptions {
            let dependent = Rc::downgrade(code);
            a.on_invalidate(Box::new(move |reason| {
                if let Some(c) = dependent.upgrade() {
                    c.invalidate(reason);
                }
            }));
        }
        let traced = tracing && code.is_valid();
        if self.listener.is_none() && !traced {
            return;
        }
        // One record of the compilation serves the listener and the `opt done` line.
        let st = code.stats();
        let compiled = Compiled {
            partial_evaluation_ms: st.partial_evaluation_ms,
            code_generation_ms: st.backend_ms,
            ast_nodes: target.root().node_count() as u64,
            inlined_calls: st.inlined as u64,
            dispatched_calls: st.calls as u64,
            ir_after_partial_evaluation: st.ir_after_pe as u64,
            ir_after_optimization: st.ir_after_opt as u64,
            code_size: st.code_size as u64,
        };
        let name = unit_name(target, code.is_osr());
        if let Some(l) = &self.listener {
            l.succeeded(&name, &compiled);
        }
        if traced {
            let (pe, backend) = (compiled.partial_evaluation_ms, compiled.code_generation_ms);
            let time = opt::compile_time(pe + backend, pe, backend);
            let id = id.to_string();
            let done = opt::Done {
                tier: 1,
                time: &time,
                ast_size: compiled.ast_nodes as i64,
                inlined_calls: compiled.inlined_calls as i64,
                dispatched_calls: compiled.dispatched_calls as i64,
                nodes_after_partial_evaluation: compiled.ir_after_partial_evaluation as i64,
                nodes_after_compilation: compiled.ir_after_optimization as i64,
                code_size: compiled.code_size as i64,
                code_address: st.address as u64,
                compilation_id: &id,
            };
            self.trace_line(&target.trace_line_named(Some(&name), |s| opt::done(s, &done)));
        }
    }

    /// Deoptimization cycle detection (`DeoptCycleDetectionThreshold`,
    /// `DeoptCycleDetectionAllowedRepeats`): in code compiled after a target's first `threshold`
    /// compilations, each invalidating deoptimization is recorded by place (the innermost path and
    /// the reason); when its compiled code leaves at the same place more often than the allowed
    /// repeats, the target is not compiled again, as for Truffle's permanent bailout. Loop
    /// units have their own bound (`OSRMaxCompilationReAttempts`).
    pub(crate) fn note_deopt(&self, target: &CallTarget<L>, p: &crate::compiled::DeoptPoint) {
        let threshold = self.options.deopt_cycle_detection_threshold;
        // The code that deoptimized is the target's latest compilation.
        if threshold < 0 || p.how != crate::emitter::Transfer::Invalidate || i64::from(target.compilations()) <= threshold {
            return;
        }
        let path = p.innermost_path();
        if u64::from(target.deopt_taken(path, p.reason)) <= self.options.deopt_cycle_detection_allowed_repeats {
            return;
        }
        target.fail_compilation();
        let path: Vec<String> = path.iter().map(|&i| path_entry(i)).collect();
        let reason = format!(
            "Deopt taken too many times: node path [{}] ({})|Deopt. This could indicate a deopt cycle, which typically hints at a bug in the language implementation or Truffle.",
            path.join("."),
            p.reason
        );
        self.trace_failure(target, &opt::compile_time(0.0, 0.0, 0.0), Failure::Stopped, &reason);
    }

    /// Loop iterations after which a loop is compiled and replaced while it runs
    /// (`--engine.OSRCompilationThreshold`; never without a compiler, with `Compilation=false` or
    /// `OSR=false`).
    #[inline(always)]
    pub(crate) fn osr_threshold(&self) -> u64 {
        self.osr_at.get()
    }

    /// On-stack replacement of the loop `node` running in `f`: compiles it (once; again after an
    /// invalidation, up to `OSRMaxCompilationReAttempts` times) and runs the rest of the loop in
    /// compiled code. While the loop's machine code is generated in the background the loop
    /// carries on in the interpreter and asks again later. A `return` inside compiled code
    /// unwinds to the root with the value in the frame.
    #[cold]
    #[inline(never)]
    pub(crate) fn osr(&self, f: &mut Frame<'_, L>, node: &dyn ExprNode<L>) -> Osr {
        let Some(target) = f.target.and_then(|t| self.call_target(t.id())) else { return Osr::Never };
        let key = node as *const dyn ExprNode<L> as *const () as usize;
        if target.queued_code(Some(key)).is_some() {
            self.demand(&target, Some(key), OSR_POLL_ITERATIONS);
            self.poll_compiler();
            if target.queued_code(Some(key)).is_some() {
                return Osr::Later;
            }
        }
        let existing = target.with_osr_unit(key, |u| (u.code.clone(), u.attempts));
        let code = match existing {
            Some((Some(code), _)) => code,
            Some((None, attempts)) if u64::from(attempts) >= self.options.osr_max_compilation_re_attempts => return Osr::Never,
            _ => {
                let Some(compiler) = self.compiler.borrow().clone() else { return Osr::Never };
                let start = std::time::Instant::now();
                self.trace_queued(&target, true, start);
                let slots: Vec<Value> = f.slots.iter().map(Cell::get).collect();
                let result = compiler.compile_osr(self, &target, node, &slots);
                if existing.is_none() {
                    let unit = crate::call_target::OsrUnit { node: key, code: None, queued: None, attempts: 0 };
                    target.osr_units().borrow_mut().push(unit);
                }
                target.with_osr_unit(key, |u| {
                    u.attempts += 1;
                    u.code = None;
                    match &result {
                        Ok(Compilation::Ready(code)) => u.code = Some(code.clone()),
                        Ok(Compilation::Queued(code, _)) => u.queued = Some(code.clone()),
                        Err(_) => {}
                    }
                });
                match result {
                    Ok(Compilation::Ready(code)) => {
                        self.register(&target, &code);
                        code
                    }
                    Ok(Compilation::Queued(_, ticket)) => {
                        self.queue.borrow_mut().push(Queued { ticket, target, node: Some(key), since: start });
                        return Osr::Later;
                    }
                    Err(e) => {
                        let ms = start.elapsed().as_secs_f64() * 1000.0;
                        self.trace_failure(&target, &opt::compile_time(ms, ms, 0.0), failure_kind(&e), &failure_reason(&e));
                        return Osr::Never;
                    }
                }
            }
        };
        let Some(entry) = code.entry() else { return Osr::Never };
        Osr::Ran(match crate::compiled::enter(entry, f) {
            Ok(v) if v.tag() == crate::value::Tag::Empty => Ok(()),
            Ok(v) => {
                f.ret = v;
                Err(Unwind::returning())
            }
            Err(u) => Err(u),
        })
    }

    /// Tells the compiler that the queued unit (the root of `target`, or its loop `node`) ran
    /// `runs` more times in the interpreter while it waited ([`Compiler::demand`]).
    fn demand(&self, target: &CallTarget<L>, node: Option<usize>, runs: u64) {
        let Some(compiler) = self.compiler.borrow().clone() else { return };
        let queue = self.queue.borrow();
        if let Some(q) = queue.iter().find(|q| q.node == node && std::ptr::eq(Rc::as_ptr(&q.target), target)) {
            compiler.demand(q.ticket, runs);
        }
    }

    /// Installs the code of every queued unit whose machine code has been generated since the
    /// last look (background compilation). Called now and then by targets and loops that wait.
    #[cold]
    #[inline(never)]
    fn poll_compiler(&self) {
        let Some(compiler) = self.compiler.borrow().clone() else { return };
        for (ticket, result) in compiler.poll() {
            let queued = {
                let mut queue = self.queue.borrow_mut();
                match queue.iter().position(|q| q.ticket == ticket) {
                    Some(i) => queue.remove(i),
                    None => continue,
                }
            };
            self.finish_queued(queued, result);
        }
    }

    /// Completes a queued unit with its machine code and installs it, unless it was cancelled
    /// meanwhile (its target's code was invalidated: the policy starts over).
    fn finish_queued(&self, q: Queued<L>, result: Result<MachineCode, CompileError>) {
        let target = &q.target;
        let code = match q.node {
            None => target.set_queued(None),
            Some(key) => target.with_osr_unit(key, |u| u.queued.take()).flatten(),
        };
        let Some(code) = code else { return };
        let machine = match result {
            Ok(m) => m,
            Err(e) => {
                if q.node.is_none() {
                    target.fail_compilation();
                }
                let total = q.since.elapsed().as_secs_f64() * 1000.0;
                let pe = code.stats().partial_evaluation_ms;
                self.trace_failure(target, &opt::compile_time(total, pe, total - pe), failure_kind(&e), &failure_reason(&e));
                return;
            }
        };
        code.complete(machine);
        let root = q.node.is_none();
        // Code cancelled while it was generated is dropped, and so is a root's code once its
        // target may no longer be compiled (a deoptimization cycle was found meanwhile).
        if !code.is_valid() || (root && target.compilation_failed()) {
            if root && !target.compilation_failed() {
                target.set_compile_at(0);
            }
            return;
        }
        match q.node {
            None => self.install(target, code),
            Some(key) => {
                target.with_osr_unit(key, |u| u.code = Some(code.clone()));
                self.register(target, &code);
            }
        }
    }

    /// The units of `target` waiting for their machine code and not cancelled yet: whether each
    /// is a loop's, and when it was queued.
    pub(crate) fn waiting_units(&self, target: &CallTarget<L>) -> Vec<(bool, std::time::Instant)> {
        self.queue
            .borrow()
            .iter()
            .filter(|q| std::ptr::eq(&*q.target, target) && q.waiting())
            .map(|q| (q.node.is_some(), q.since))
            .collect()
    }
}
