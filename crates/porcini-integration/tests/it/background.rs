//! Background compilation: partial evaluation on the guest's thread, machine code generated on
//! the compiler thread and installed when the runtime next polls. The compiler is told to wait
//! at each poll ([`Jit::wait_for_compilations`]), so what gets installed, and when, is the same
//! on every run: a root at the poll 64 calls after it was queued, a loop 256 iterations after.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// Runs `program` with `options`; returns the output and the trace with its varying numbers
/// masked.
fn run(program: &str, options: EngineOptions) -> (String, String) {
    let (out, log) = (SharedBuffer::new(), SharedBuffer::new());
    let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    let jit = Jit::new().expect("a code generator for this machine");
    jit.wait_for_compilations(true);
    engine.runtime().set_compiler(Rc::new(jit));
    let outcome = engine.run(program, "background.sl");
    engine.flush();
    (format!("{}{outcome:?}\n", out.contents()), log.contents().lines().map(mask).collect::<Vec<_>>().join("\n"))
}

/// Keeps the event and the target name of each line, and the `Count/Thres` and `Queue` fields of
/// `opt queued` and `opt start` (the rest is covered by the trace snapshots).
fn mask(line: &str) -> String {
    let fields: Vec<&str> = line.split('|').collect();
    let head: String = fields[0].split_whitespace().filter(|w| !w.starts_with("engine=") && !w.starts_with("id=")).collect::<Vec<_>>().join(" ");
    let keep: Vec<String> = fields[1..]
        .iter()
        .filter(|f| f.starts_with("Count/Thres") || f.starts_with("Queue:") || f.starts_with("Reason"))
        .map(|f| {
            // The time a unit spent in the queue varies.
            let f = f.trim_end();
            match f.find(" Time ") {
                Some(at) => f[..at].to_string(),
                None => f.to_string(),
            }
        })
        .collect();
    std::iter::once(head).chain(keep).collect::<Vec<_>>().join(" | ")
}

/// Background compilation (the default) with the detailed trace.
fn details() -> EngineOptions {
    EngineOptions { background_compilation: true, trace_compilation_details: true, ..EngineOptions::default() }
}

#[test]
fn a_hot_function_is_queued_partially_evaluated_and_installed_at_a_later_call() {
    let (out, trace) = run(
        "function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }
         function main() { println(fib(17)); }",
        details(),
    );
    assert_eq!(out, "1597\nOk(None)\n");
    assert_eq!(
        trace,
        "[engine] opt queued fib | Count/Thres       1000/     1000 | Queue: Size    1 Change +1  Load  1.00\n\
         [engine] opt start fib | Queue: Size    0 Change -1  Load  0.00\n\
         [engine] opt done fib"
    );
}

#[test]
fn a_hot_loop_carries_on_interpreted_until_its_code_is_ready() {
    let (out, trace) = run(
        "function main() { i = 0; s = 0; while (i < 200000) { s = s + i; i = i + 1; } println(s); }",
        details(),
    );
    assert_eq!(out, "19999900000\nOk(None)\n");
    assert_eq!(
        trace,
        "[engine] opt queued main<OSR> | Count/Thres     100352/   100352 | Queue: Size    1 Change +1  Load  1.00\n\
         [engine] opt start main<OSR> | Queue: Size    0 Change -1  Load  0.00\n\
         [engine] opt done main<OSR>"
    );
}

#[test]
fn a_function_redefined_while_its_callers_code_is_queued_is_called_anew() {
    // `g`'s code is partially evaluated with `f` as its callee's constant; `f` is redefined
    // before that code arrives. Installed afterwards, the code must still call the new `f`.
    let (out, trace) = run(
        "function f() { return 1; }
         function g() { return f(); }
         function main() {
           i = 0; s = 0;
           while (i < 100) { if (i == 1) { defineFunction(\"function f() { return 2; }\"); } s = s + g(); i = i + 1; }
           println(s);
         }",
        EngineOptions { compile_immediately: true, background_compilation: true, trace_compilation: true, ..EngineOptions::default() },
    );
    assert_eq!(out, "199\nOk(None)\n");
    // The code was installed after the redefinition, and left at the call's stale cache entry.
    let done = trace.find("opt done g").expect("g compiled");
    let deopt = trace.find("opt deopt g | Reason respecialize").expect("g's code deoptimized");
    assert!(done < deopt, "{trace}");
}

#[test]
fn without_background_compilation_code_is_ready_at_once() {
    let (out, trace) = run(
        "function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }
         function main() { println(fib(17)); }",
        EngineOptions { background_compilation: false, ..details() },
    );
    assert_eq!(out, "1597\nOk(None)\n");
    assert!(trace.starts_with("[engine] opt queued fib"), "{trace}");
    assert!(trace.ends_with("[engine] opt done fib"), "{trace}");
}

#[test]
fn a_split_below_a_queued_caller_takes_it_off_the_queue() {
    // `c` and `d` are queued after their 1000th calls and would be installed 64 calls later.
    // Before that, `add` turns polymorphic under `c`, and is split at its call sites in `d` and
    // `c`: each split cancels its caller's queued code, which the detailed trace reports with
    // the queue as it is without the unit.
    let (out, trace) = run(
        "function add(a, b) { return a + b; }
         function c(x) { return add(x, x); }
         function d(x) { return add(x, 1); }
         function main() {
           i = 0; s = 0;
           while (i < 1012) { x = 1; if (i >= 1010) { x = \"s\"; } s = s + c(x); d(1); i = i + 1; }
           println(s);
         }",
        details(),
    );
    assert_eq!(out, "2020ssss\nOk(None)\n");
    let unqueued: Vec<&str> = trace.lines().filter(|l| l.contains("opt unque.")).collect();
    assert_eq!(
        unqueued,
        [
            "[engine] opt unque. d | Count/Thres       1011/     1000 | Queue: Size    1 Change -1  Load  1.00 | Reason Split call node",
            "[engine] opt unque. c | Count/Thres       1012/     1000 | Queue: Size    0 Change -1  Load  0.00 | Reason Split call node",
        ],
        "{trace}"
    );
}
