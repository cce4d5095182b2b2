//! The framework's control flow for languages beyond SL: loops with a step and labels, statements
//! a `break` leaves (labelled blocks, `switch` bodies), thrown values, `try` with `catch` and
//! `finally`, and the language's absent value for missing arguments.
//!
//! The small language of `mini.rs` keeps these tests about the framework: each program runs in
//! the interpreter and with every target compiled before its first call, and both must print the
//! same, and every compilation must succeed. `try_regions.rs` tests `try` at length.

use std::cell::RefCell;
use std::rc::Rc;

use porcini::control::{BlockNode, BreakableNode, JumpNode, TryNode};
use porcini::{EngineOptions, Label, Runtime, SlotId, Tag};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

use crate::mini::{
    Arg, CallOther, Function, Mini, Throw, add, block, equals, first_visit, for_loop, get, int, less, print, set, when,
};

/// Runs `main` (with `other` beside it, if given) three times, collecting garbage at every
/// allocation with `gc_stress`; what it printed, how each run ended, and the compilation trace.
pub(crate) fn run(main: fn() -> Function, other: Option<fn() -> Function>, compile: bool, gc_stress: bool) -> (Vec<String>, String) {
    let log = SharedBuffer::new();
    let options = EngineOptions {
        compilation: compile,
        compile_immediately: true,
        background_compilation: false,
        trace_compilation: true,
        verify_ir: true,
        gc_stress,
        ..EngineOptions::default()
    };
    let rt = Runtime::<Mini>::new(options, RefCell::new(Vec::new()));
    rt.set_trace_sink(TraceSink::new(Box::new(log.clone())));
    if compile {
        rt.set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    if let Some(other) = other {
        rt.create_call_target(Box::new(other()));
    }
    let target = rt.create_call_target(Box::new(main()));
    for _ in 0..3 {
        let ended = match rt.call_entry(&target, &[]) {
            Ok(v) if v.tag() == Tag::Imm0 => "returned absent".to_string(),
            Ok(v) => format!("returned {v:?}"),
            Err(u) if u.kind() == porcini::UnwindKind::Throw => format!("threw {:?}", u.take_thrown()),
            Err(u) => format!("error {}", u.take_error()),
        };
        rt.lang.borrow_mut().push(ended);
    }
    let printed = rt.lang.borrow().clone();
    (printed, log.contents())
}

/// Checks that `main` prints `expect` (one line per print, then how the run ended) in the
/// interpreter and compiled (also under GC stress), and that `main` compiles and no compilation
/// fails.
pub(crate) fn check(main: fn() -> Function, other: Option<fn() -> Function>, expect: &str) {
    check_trace(main, other, expect);
}

/// As [`check`]; the compilation trace.
pub(crate) fn check_trace(main: fn() -> Function, other: Option<fn() -> Function>, expect: &str) -> String {
    let (interpreted, _) = run(main, other, false, false);
    let once: Vec<&str> = expect.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let expected: Vec<String> = (0..3).flat_map(|_| once.iter().map(|l| l.to_string())).collect();
    assert_eq!(interpreted, expected, "interpreter");
    let (stressed, trace) = run(main, other, true, true);
    assert_eq!(stressed, expected, "compiled under GC stress; trace:\n{trace}");
    let (compiled, trace) = run(main, other, true, false);
    assert_eq!(compiled, expected, "compiled; trace:\n{trace}");
    let failed: Vec<&str> = trace.lines().filter(|l| l.contains("opt failed")).collect();
    assert!(failed.is_empty(), "{trace}");
    assert!(trace.lines().any(|l| l.contains("opt done") && l.contains("main")), "{trace}");
    trace
}

#[test]
fn labelled_loops_break_and_continue_outer_loops() {
    // outer: for (i = 0; i < 4; i += 1) { for (j = 0; j < 4; j += 1) {
    //   if (j == 2) continue outer; if (i == 2) break outer; print(i * 10 + j); } }
    fn main() -> Function {
        let inner = for_loop(
            &[],
            less(get(1), int(4)),
            set(1, add(get(1), int(1))),
            vec![
                when(equals(get(1), int(2)), vec![Box::new(JumpNode::continue_to(Label(1)))]),
                when(equals(get(0), int(2)), vec![Box::new(JumpNode::break_to(Label(1)))]),
                print(add(add(add(get(0), get(0)), add(get(0), get(0))), add(add(add(get(0), get(0)), add(get(0), get(0))), add(add(get(0), get(0)), get(1))))),
            ],
        );
        let outer = for_loop(&[1], less(get(0), int(4)), set(0, add(get(0), int(1))), vec![set(1, int(0)), inner]);
        Function::new("main", 0, 2, vec![set(0, int(0)), outer, print(get(0))])
    }
    check(main, None, "0 \n 1 \n 10 \n 11 \n 2 \n returned absent");
}

#[test]
fn a_continue_of_an_outer_loop_reaches_its_step_when_its_body_ends_in_a_return() {
    // outer: for (i = 0; i < 4; i += 1) { for (j = 0; j < 3; j += 1) {
    //   if (j == i) continue outer; } return i; }  print(99);
    // The outer body never falls through: its step is reached from the inner loop alone.
    fn main() -> Function {
        let inner = for_loop(
            &[],
            less(get(1), int(3)),
            set(1, add(get(1), int(1))),
            vec![when(equals(get(1), get(0)), vec![Box::new(JumpNode::continue_to(Label(1)))])],
        );
        let ret: crate::mini::Node = Box::new(porcini::control::ReturnNode::new(Some(get(0))));
        let outer = for_loop(&[1], less(get(0), int(4)), set(0, add(get(0), int(1))), vec![set(1, int(0)), inner, ret]);
        Function::new("main", 0, 2, vec![set(0, int(0)), outer, print(int(99))])
    }
    check(main, None, "returned 3");
}

#[test]
fn an_exit_in_a_loops_step_resumes_in_the_step() {
    // for (i = 0; i < 3; i = first_visit(i + 1)) { print(i); } print(i);
    // The step's node has not run when the loop is first compiled: compiled code leaves for
    // the interpreter in the middle of the step, which must finish the step (not start a new
    // test, nor run the body again) and go on with the loop.
    fn main() -> Function {
        let lp = for_loop(&[], less(get(0), int(3)), set(0, first_visit(add(get(0), int(1)))), vec![print(get(0))]);
        Function::new("main", 0, 1, vec![set(0, int(0)), lp, print(get(0))])
    }
    check(main, None, "0 \n 1 \n 2 \n 3 \n returned absent");
}

#[test]
fn a_continue_runs_the_step_and_a_break_in_the_step_ends_the_loop() {
    // for (i = 0; true; i += 1, if (i == 5) break) { if (i < 2) continue; print(i); }
    fn main() -> Function {
        let step = Box::new(BreakableNode::labelled(
            Box::new(BlockNode::new(vec![
                set(0, add(get(0), int(1))),
                when(equals(get(0), int(5)), vec![Box::new(JumpNode::break_to(Label(7)))]),
            ])),
            vec![Label(9)],
        ));
        let body = vec![when(less(get(0), int(2)), vec![Box::new(JumpNode::continue_())]), print(get(0))];
        let lp = for_loop(&[7], equals(int(1), int(1)), step, body);
        Function::new("main", 0, 1, vec![set(0, int(0)), lp, print(get(0))])
    }
    check(main, None, "2 \n 3 \n 4 \n 5 \n returned absent");
}

#[test]
fn a_switch_body_ends_at_an_unlabelled_break_and_passes_continue_on() {
    // for (i = 0; i < 4; i += 1) { switch { if (i == 1) continue; if (i == 2) break;
    //   print(i); } print(100 + i); }
    fn main() -> Function {
        let switch = Box::new(BreakableNode::switch(
            Box::new(BlockNode::new(vec![
                when(equals(get(0), int(1)), vec![Box::new(JumpNode::continue_())]),
                when(equals(get(0), int(2)), vec![Box::new(JumpNode::break_())]),
                print(get(0)),
            ])),
            Vec::new(),
        ));
        let lp = for_loop(&[], less(get(0), int(4)), set(0, add(get(0), int(1))), vec![switch, print(add(int(100), get(0)))]);
        Function::new("main", 0, 1, vec![set(0, int(0)), lp])
    }
    check(main, None, "0 \n 100 \n 102 \n 3 \n 103 \n returned absent");
}

#[test]
fn a_thrown_value_leaves_compiled_code_and_its_callers() {
    // other(x) { print(x); throw x + 1; print(0); }  main() { print(1); other(41); print(2); }
    fn other() -> Function {
        Function::new("other", 1, 1, vec![print(get(0)), Box::new(Throw(add(get(0), int(1)))), print(int(0))])
    }
    fn main() -> Function {
        Function::new("main", 0, 0, vec![print(int(1)), Box::new(CallOther(Some(int(41)))), print(int(2))])
    }
    check(main, Some(other), "1 \n 41 \n threw 42");
}

#[test]
fn a_missing_argument_is_the_languages_absent_value() {
    fn other() -> Function {
        Function::new("other", 1, 1, vec![print(Box::new(Arg(0))), print(get(0))])
    }
    fn main() -> Function {
        Function::new("main", 0, 0, vec![Box::new(CallOther(None))])
    }
    check(main, Some(other), "absent \n absent \n returned absent");
}

#[test]
fn catch_receives_the_thrown_value_and_finally_always_runs() {
    // try { print(1); other(5); print(2); } catch (e) { print(e); throw e + 10 } finally { print(9) }
    fn other() -> Function {
        Function::new("other", 1, 1, vec![Box::new(Throw(get(0)))])
    }
    fn main() -> Function {
        let body = block(vec![print(int(1)), Box::new(CallOther(Some(int(5)))), print(int(2))]);
        let handler = block(vec![print(get(0)), Box::new(Throw(add(get(0), int(10))))]);
        let finalizer = block(vec![print(int(9))]);
        Function::new("main", 0, 1, vec![Box::new(TryNode::new(body, Some((SlotId(0), handler)), Some(finalizer)))])
    }
    check(main, Some(other), "1 \n 5 \n 9 \n threw 15");
}

#[test]
fn a_finally_that_completes_lets_the_pending_break_go_on_and_one_that_breaks_replaces_a_throw() {
    // for (i = 0; i < 3; i += 1) { try { if (i == 1) break; print(i); } finally { print(50 + i) } }
    // then: for (;;) { try { throw 7 } finally { break } } print(99)
    fn main() -> Function {
        let guarded = block(vec![when(equals(get(0), int(1)), vec![Box::new(JumpNode::break_())]), print(get(0))]);
        let first = for_loop(
            &[],
            less(get(0), int(3)),
            set(0, add(get(0), int(1))),
            vec![Box::new(TryNode::new(guarded, None, Some(block(vec![print(add(int(50), get(0)))]))))],
        );
        let swallowed = Box::new(TryNode::new(
            block(vec![Box::new(Throw(int(7)))]),
            None,
            Some(block(vec![Box::new(JumpNode::break_())])),
        ));
        let second = for_loop(&[], equals(int(1), int(1)), int(0), vec![swallowed]);
        Function::new("main", 0, 1, vec![set(0, int(0)), first, second, print(int(99))])
    }
    check(main, None, "0 \n 50 \n 51 \n 99 \n returned absent");
}
