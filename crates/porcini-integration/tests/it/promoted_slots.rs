//! Property slots kept in variables by a loop's unit that makes no calls (porcini-jit's
//! `Lowering::promote_slots`): a read is the value last stored, so every store that may reach
//! the same slot through another value must be seen. The program writes one object through two
//! variables in a compiled loop, and must print what the interpreter prints; the trace must show
//! the loop compiled and never left. (Without the reload after a store through the other
//! variable, it prints 4050 for 6000.)

use std::rc::Rc;

use porcini::{EngineOptions, Host};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// The options of a compiled run: loops compiled after a few iterations, in the foreground.
fn compiled() -> EngineOptions {
    EngineOptions {
        background_compilation: false,
        verify_ir: true,
        osr_compilation_threshold: 50,
        trace_compilation: true,
        ..EngineOptions::default()
    }
}

/// Runs an SL program; its output and trace.
fn run(program: &str, jit: bool) -> (String, String) {
    let (out, log) = (SharedBuffer::new(), SharedBuffer::new());
    let options = if jit { compiled() } else { EngineOptions { compilation: false, ..EngineOptions::default() } };
    let engine = lang_sl::SlEngine::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    if jit {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    engine.run(program, "test.sl").expect("the program runs");
    engine.flush();
    (out.contents(), log.contents())
}

/// `program` prints `expect` compiled and interpreted, and its loop ran compiled without
/// leaving to the interpreter.
#[track_caller]
fn check(program: &str, expect: &str) {
    let (compiled, trace) = run(program, true);
    let (interpreted, _) = run(program, false);
    assert_eq!(compiled, interpreted);
    assert_eq!(compiled, expect);
    assert!(trace.contains("<OSR>"), "the loop was compiled:\n{trace}");
    assert!(!trace.contains("opt deopt"), "the loop stayed compiled:\n{trace}");
}

#[test]
fn a_store_through_another_variable_holding_the_object_is_seen() {
    check(
        "function main() {
           a = new(); a.x = 0; a.y = 5;
           b = a;
           i = 0;
           while (i < 2000) {
             a.x = a.x + 1;
             b.x = b.x + 2;
             b.y = a.x + b.y;
             i = i + 1;
           }
           println(a.x + \" \" + b.x + \" \" + a.y);
         }",
        "6000 6000 6003005\n",
    );
}
