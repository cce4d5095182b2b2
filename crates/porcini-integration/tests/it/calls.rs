//! Calls between compiled targets: compiled code sets up its callee's activation itself, so what
//! the runtime's call path guarantees must hold there too. Guest recursion that exhausts the
//! native stack or the value stack is the guest's `Stack overflow` error, stack walks see every
//! compiled frame with its locals, and the outcome equals the interpreter's.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// The stack of the engine threads.
const STACK: usize = 64 << 20;

/// Runs `program` on a thread with [`STACK`] bytes of stack declared to the engine, compiled
/// (every function on its first call) or interpreted; returns the output with the outcome last,
/// and the compilation trace.
fn run(program: &str, compiled: bool) -> (String, String) {
    run_with(program, compiled, |_| {})
}

/// Like [`run`], with the options `adjust` changes.
fn run_with(program: &str, compiled: bool, adjust: impl FnOnce(&mut EngineOptions) + Send + 'static) -> (String, String) {
    let program = program.to_string();
    let thread = std::thread::Builder::new().stack_size(STACK).spawn(move || {
        let mut options = if compiled {
            EngineOptions {
                compile_immediately: true,
                background_compilation: false,
                trace_compilation: true,
                verify_ir: true,
                ..EngineOptions::default()
            }
        } else {
            EngineOptions { compilation: false, ..EngineOptions::default() }
        };
        adjust(&mut options);
        let (out, log) = (SharedBuffer::new(), SharedBuffer::new());
        let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
        engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
        if compiled {
            engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
        }
        let marker = 0u8;
        engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, STACK - (64 << 10));
        let outcome = engine.run(&program, "calls.sl");
        engine.flush();
        (format!("{}{outcome:?}\n", out.contents()), log.contents())
    });
    match thread.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => panic!("the engine thread failed"),
    }
}

/// Runs `program` compiled and interpreted: the outputs must be `expect`, and the compiled run
/// must have compiled `function` with its calls left as calls.
fn check(program: &str, function: &str, expect: &str) {
    let (interpreted, _) = run(program, false);
    assert_eq!(interpreted, expect, "interpreted");
    let (compiled, trace) = run(program, true);
    assert_eq!(compiled, expect, "compiled; trace:\n{trace}");
    assert!(
        trace.lines().any(|l| l.contains("opt done") && l.contains(&format!(" {function} ")) && !l.contains("   0N")),
        "{function} was not compiled with calls; trace:\n{trace}"
    );
}

#[test]
fn recursion_that_exhausts_the_native_stack_is_the_guest_error() {
    check(
        "function down(n) { return down(n + 1) + 1; }
         function main() { return down(0); }",
        "down",
        "Err(Guest(\"Stack overflow: guest recursion too deep\"))\n",
    );
}

#[test]
fn recursion_that_exhausts_the_value_stack_is_the_guest_error() {
    // 400 locals a level: the value stack runs out long before 64 MiB of native stack.
    let locals: String = (0..400).map(|i| format!("a{i} = n; ")).collect();
    let program = format!("function down(n) {{ {locals} return down(n + 1) + a0; }} function main() {{ return down(0); }}");
    check(&program, "down", "Err(Guest(\"Stack overflow: guest recursion too deep\"))\n");
}

#[test]
fn deep_recursion_that_fits_runs() {
    check(
        "function sum(n) { if (n == 0) { return 0; } return n + sum(n - 1); }
         function main() { return sum(20000); }",
        "sum",
        "Ok(Some(\"200010000\"))\n",
    );
}

#[test]
fn stack_walks_see_compiled_frames_with_their_locals() {
    // `outer` and `middle` call each other's code directly once compiled; `stacktrace` walks
    // the frames they set up, and `helloEqualsWorld` writes the frame of its compiled caller.
    check(
        "function middle(x) { hello = 1; helloEqualsWorld(); println(hello); return stacktrace(); }
         function outer(n) { y = n + 1; return middle(y); }
         function main() { println(outer(1)); println(outer(2)); }",
        "outer",
        "world\nFrame: root middle, x=2, hello=world\nFrame: root outer, n=1, y=2\nFrame: root main\n\
         world\nFrame: root middle, x=3, hello=world\nFrame: root outer, n=2, y=3\nFrame: root main\nOk(None)\n",
    );
}

#[test]
fn a_callee_without_code_runs_in_the_activation_its_compiled_caller_set_up() {
    // `inner` is neither compiled nor inlined, so `outer`'s compiled calls reach it through the
    // interpreter's entry, which runs its tree in the activation `outer` set up: its `return`
    // from inside a loop, its locals and its stack walk must be as in the interpreter.
    let program = "function inner(n) {
           i = 0;
           while (i < 10) { if (i == n) { return i * 2; } i = i + 1; }
           println(stacktrace());
           return 0 - 1;
         }
         function outer(n) { k = n * 10; return inner(n) + inner(n + 1) + k; }
         function main() { println(outer(3)); println(outer(9)); }";
    let expect = "44\nFrame: root inner, n=10, i=10\nFrame: root outer, n=9, k=90\nFrame: root main\n107\nOk(None)\n";
    let (interpreted, _) = run(program, false);
    assert_eq!(interpreted, expect, "interpreted");
    let (compiled, trace) = run_with(program, true, |o| {
        o.compile_only = "~inner".into();
        o.inline_only = "~inner".into();
    });
    assert_eq!(compiled, expect, "compiled; trace:\n{trace}");
    assert!(trace.lines().any(|l| l.contains("opt done") && l.contains(" outer ")), "outer was not compiled; trace:\n{trace}");
    assert!(!trace.lines().any(|l| l.contains(" inner ")), "inner was compiled; trace:\n{trace}");
}

/// Runs `program` interpreted and compiled when hot (a loop after 50 iterations, a function
/// after the default threshold), so that callees have run before their callers are compiled and
/// can be inlined; the outputs must be equal, and no compilation may fail. Answers the
/// compilation trace.
fn check_warm(program: &str) -> String {
    let (interpreted, _) = run(program, false);
    let (compiled, trace) = run_with(program, true, |o| {
        o.compile_immediately = false;
        o.osr_compilation_threshold = 50;
    });
    assert_eq!(compiled, interpreted, "compiled; trace:\n{trace}");
    assert!(!trace.contains("opt failed"), "a compilation failed; trace:\n{trace}");
    trace
}

#[test]
fn a_call_from_inlined_callees_is_made_from_their_frames() {
    // The loop's code inlines `g` and `f`; `h`, which would leave two calls (`stacktrace` and
    // `helloEqualsWorld`) for one, stays a call, made from `f`'s materialized frame: the stack
    // walk must show `f` and `g` between `h` and `main`, with their own locals, as in the
    // interpreter, and the builtin must write `h`'s local.
    let trace = check_warm(
        "function g(n) { k = n + 1; if (n < 0) { return 0; } return f(k); }
         function f(m) { j = m * 2; if (m < 0) { return 1; } return h(j); }
         function h(n) { hello = 0; helloEqualsWorld(); if ((n / 1000) * 1000 == n - 2) { println(stacktrace()); println(hello); } return n; }
         function main() { s = 0; i = 0; while (i < 2000) { s = s + g(i); i = i + 1; } println(s); }",
    );
    let osr = trace.lines().find(|l| l.contains("opt done") && l.contains("main<OSR>"));
    assert!(osr.is_some_and(|l| l.contains("Inlined   2Y")), "g and f were not inlined into the loop; trace:\n{trace}");
}

#[test]
fn a_recursive_callee_with_an_effect_runs_it_once_per_call() {
    // `count` increments a property before it may call itself, inlined into itself to the
    // recursion depth: every level must increment exactly once.
    check_warm(
        "function count(o, n) { o.c = o.c + 1; if (n < 1) { return 0; } return count(o, n - 1) + 1; }
         function main() {
           o = new(); o.c = 0; s = 0; i = 0;
           while (i < 3000) { s = s + count(o, i - (i / 3) * 3); i = i + 1; }
           println(s); println(o.c);
         }",
    );
}

#[test]
fn recursion_inlined_to_the_recursion_depth_computes_what_the_interpreter_does() {
    // `fib`'s code holds two more levels of itself (`InliningRecursionDepth`) and calls itself
    // from the innermost copies; deep enough that every activation has every kind of path.
    let trace = check_warm(
        "function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }
         function main() { i = 0; while (i < 25) { println(fib(i)); i = i + 1; } }",
    );
    let fib = trace.lines().find(|l| l.contains("opt done") && l.contains(" fib "));
    assert!(fib.is_some_and(|l| !l.contains("Inlined   0Y")), "fib did not inline its calls; trace:\n{trace}");
}
