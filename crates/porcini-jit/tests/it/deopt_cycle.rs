//! Node authors' transfers to the interpreter, and what stops endless recompilation.
//!
//! A tiny language of its own keeps these tests independent of SL: its roots are the patterns of
//! Truffle's "deoptimization cycle" documentation. A root that always transfers to the interpreter
//! and invalidates is compiled again and again until deoptimization cycle detection gives up on
//! it; a root that transfers without invalidating keeps its code. A node whose respecialization
//! in compiled code changes nothing settles: the next compilation calls its slow path and keeps
//! its code, while one that learns each time stays bounded by cycle detection.

use std::cell::Cell;
use std::rc::Rc;

use porcini::call_target::RootNode;
use porcini::resume::Resume;
use porcini::symbolic::{SymFrame, SymVal};
use porcini::{EngineOptions, Frame, FrameDescriptor, Language, Runtime, Stage, Tracer, Unwind, Value};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

struct Tiny;

impl Language for Tiny {
    type State = ();
    const NAME: &'static str = "tiny";
    fn trace_state(_: &(), _: &mut Tracer) {}
}

/// A root that leaves compiled code every time it runs there, invalidating it or not, and
/// otherwise returns 1.
struct Transfers {
    invalidate: bool,
    descriptor: FrameDescriptor,
}

impl Transfers {
    fn body<S: Stage<Tiny>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if self.invalidate {
            s.transfer_to_interpreter_and_invalidate();
        } else {
            s.transfer_to_interpreter();
        }
        Ok(s.konst(Value::from_i64(if s.in_interpreter() { 1 } else { 2 })))
    }
}

impl RootNode<Tiny> for Transfers {
    fn name(&self) -> &str {
        if self.invalidate { "alwaysDeopt" } else { "alwaysTransfer" }
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Tiny>) -> Result<Value, Unwind<Value>> {
        self.body(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Tiny>) -> Result<SymVal, Unwind<SymVal>> {
        self.body(s)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Tiny>) -> Result<Value, Unwind<Value>> {
        self.body(s)
    }
    fn node_count(&self) -> usize {
        1
    }
    fn tree_depth(&self) -> usize {
        1
    }
}

/// A root whose one node respecializes every time it runs in compiled code (its cached case never
/// matches); its slow path counts its calls, and changes the node's state (reports a
/// specialization) only if `learns`.
struct Respecializes {
    learns: bool,
    slow_calls: Cell<i64>,
    descriptor: FrameDescriptor,
}

impl Respecializes {
    fn body<S: Stage<Tiny>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.respecialize(self, Self::slow, &[])
    }
    fn slow(&self, _: &mut Frame<'_, Tiny>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        if self.learns {
            porcini::spec::note_specialized();
        }
        self.slow_calls.set(self.slow_calls.get() + 1);
        Ok(Value::from_i64(self.slow_calls.get()))
    }
}

impl RootNode<Tiny> for Respecializes {
    fn name(&self) -> &str {
        if self.learns { "learnsEachTime" } else { "learnsNothing" }
    }
    fn frame_descriptor(&self) -> &FrameDescriptor {
        &self.descriptor
    }
    fn execute(&self, f: &mut Frame<'_, Tiny>) -> Result<Value, Unwind<Value>> {
        self.body(f)
    }
    fn execute_sym(&self, s: &mut SymFrame<'_, Tiny>) -> Result<SymVal, Unwind<SymVal>> {
        self.body(s)
    }
    fn execute_resume(&self, s: &mut Resume<'_, '_, Tiny>) -> Result<Value, Unwind<Value>> {
        self.body(s)
    }
    fn node_count(&self) -> usize {
        1
    }
    fn tree_depth(&self) -> usize {
        1
    }
}

/// Calls a `Transfers` root 100 times with compilation forced; returns the results and the
/// compilation trace.
fn run(invalidate: bool, options: EngineOptions) -> (Vec<i64>, String) {
    run_root(Box::new(Transfers { invalidate, descriptor: FrameDescriptor::new(Vec::new()) }), options)
}

/// Calls `root` 100 times with compilation forced; returns the results and the compilation trace.
fn run_root(root: Box<dyn RootNode<Tiny>>, options: EngineOptions) -> (Vec<i64>, String) {
    let log = SharedBuffer::new();
    let options =
        EngineOptions { compile_immediately: true, background_compilation: false, trace_compilation: true, verify_ir: true, ..options };
    let rt = Runtime::<Tiny>::new(options, ());
    rt.set_trace_sink(TraceSink::new(Box::new(log.clone())));
    rt.set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    let target = rt.create_call_target(root);
    let results = (0..100)
        .map(|_| rt.call_entry(&target, &[]).ok().and_then(|v| v.as_i64()).unwrap_or(-1))
        .collect();
    (results, log.contents())
}

fn count(trace: &str, what: &str) -> usize {
    trace.lines().filter(|l| l.contains(what)).count()
}

#[test]
fn a_deopt_cycle_is_detected_and_compilation_stops() {
    let (results, trace) = run(true, EngineOptions::default());
    // Every call transfers to the interpreter, which finishes the call.
    assert!(results.iter().all(|&r| r == 1), "{results:?}");
    // Fifteen compilations before detection starts, one whose deoptimization is recorded, one
    // that repeats it; then no more.
    assert_eq!(count(&trace, "opt done"), 17, "{trace}");
    assert_eq!(count(&trace, "opt deopt"), 17, "{trace}");
    let failed: Vec<&str> = trace.lines().filter(|l| l.contains("opt failed")).collect();
    assert_eq!(failed.len(), 1, "{trace}");
    assert!(
        failed[0].contains("Deopt taken too many times: node path [] (transferToInterpreterAndInvalidate)|Deopt. This could indicate a deopt cycle"),
        "{trace}"
    );
}

#[test]
fn cycle_detection_follows_its_options() {
    let options = EngineOptions { deopt_cycle_detection_threshold: 2, deopt_cycle_detection_allowed_repeats: 3, ..EngineOptions::default() };
    let (_, trace) = run(true, options);
    // Two unwatched compilations; then the place is taken once and repeated three times, and
    // the fourth repeat stops it.
    assert_eq!(count(&trace, "opt done"), 2 + 5, "{trace}");
    let options = EngineOptions { deopt_cycle_detection_threshold: -1, maximum_compilations: 40, ..EngineOptions::default() };
    let (_, trace) = run(true, options);
    // Without detection, only the maximum compilation count stops it.
    assert_eq!(count(&trace, "opt done"), 40, "{trace}");
    assert_eq!(count(&trace, "Maximum compilation count 40 reached."), 1, "{trace}");
}

#[test]
fn a_transfer_that_keeps_the_code_is_no_cycle() {
    let (results, trace) = run(false, EngineOptions::default());
    assert!(results.iter().all(|&r| r == 1), "{results:?}");
    assert_eq!(count(&trace, "opt done"), 1, "{trace}");
    assert_eq!(count(&trace, "opt failed"), 0, "{trace}");
}

fn respecializing(learns: bool) -> Box<dyn RootNode<Tiny>> {
    Box::new(Respecializes { learns, slow_calls: Cell::new(0), descriptor: FrameDescriptor::new(Vec::new()) })
}

#[test]
fn a_node_that_learns_nothing_settles_in_compiled_code() {
    let (results, trace) = run_root(respecializing(false), EngineOptions::default());
    // The slow path runs on every call, in the interpreter or called from compiled code.
    assert_eq!(results, (1..=100).collect::<Vec<i64>>());
    // The first code leaves at the node, which learns nothing; the second calls its slow path
    // and stays.
    assert_eq!(count(&trace, "opt done"), 2, "{trace}");
    assert_eq!(count(&trace, "opt deopt"), 1, "{trace}");
    assert_eq!(count(&trace, "opt failed"), 0, "{trace}");
}

#[test]
fn a_node_that_learns_each_time_is_still_bounded_by_cycle_detection() {
    // A node whose state grows without end breaks the rule of finite states; the code compiled
    // for each state leaves again, until cycle detection stops it.
    let (results, trace) = run_root(respecializing(true), EngineOptions::default());
    assert_eq!(results, (1..=100).collect::<Vec<i64>>());
    assert_eq!(count(&trace, "opt done"), 17, "{trace}");
    assert_eq!(count(&trace, "opt failed"), 1, "{trace}");
}
