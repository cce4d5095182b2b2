//! Units settle: a loop that makes an object and writes properties to it on every iteration is
//! compiled a bounded number of times and ends in installed code, in SL and in EasyScript, with
//! object literals, property writes, constructors and classes alike. Before property writes cached
//! the shape transitions they take, SL's write site learned nothing from its slow path, and its
//! loop was recompiled until `OSRMaxCompilationReAttempts` left it to the interpreter.

use std::rc::Rc;

use porcini::{Engine, EngineOptions, Host, Launch};
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// Runs `program` (at `path`); returns its output and the compilation trace.
fn run<L: Launch>(program: &str, path: &str, options: EngineOptions, jit: bool) -> (String, String) {
    let out = SharedBuffer::new();
    let log = SharedBuffer::new();
    let engine = Engine::<L>::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    if jit {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    let result = engine.run(program, path);
    engine.flush();
    (format!("{}{result:?}\n", out.contents()), log.contents())
}

/// Runs `program` interpreted and compiled (loops replaced on the stack after 100 iterations,
/// in the foreground): the outputs are equal, the loop was compiled `compilations` times in all,
/// no compilation failed, and the last line of the trace is an installation.
fn settles<L: Launch>(program: &str, path: &str, compilations: usize) {
    let (expected, _) = run::<L>(program, path, EngineOptions { compilation: false, ..EngineOptions::default() }, false);
    let options = EngineOptions {
        background_compilation: false,
        osr_compilation_threshold: 100,
        verify_ir: true,
        trace_compilation: true,
        ..EngineOptions::default()
    };
    let (actual, trace) = run::<L>(program, path, options, true);
    assert_eq!(actual, expected, "trace:\n{trace}");
    let lines: Vec<&str> = trace.lines().collect();
    let done = lines.iter().filter(|l| l.contains("opt done")).count();
    assert_eq!(done, compilations, "trace:\n{trace}");
    assert!(!lines.iter().any(|l| l.contains("opt failed")), "trace:\n{trace}");
    assert!(lines.last().is_some_and(|l| l.contains("opt done")), "the last compilation must stay installed; trace:\n{trace}");
}

#[test]
fn an_sl_loop_adding_properties_to_new_objects_settles() {
    settles::<lang_sl::Sl>(
        "function main() {
           i = 0; s = 0;
           while (i < 5000) { o = new(); o.x = i; o.y = 1; s = s + o.x + o.y; i = i + 1; }
           println(s);
         }",
        "test.sl",
        1,
    );
}

#[test]
fn an_sl_constructor_function_settles() {
    // The writes are in a callee, inlined into the loop with the `new()` it calls, so the
    // loop is the only unit.
    settles::<lang_sl::Sl>(
        "function point(x, y) { p = new(); p.x = x; p.y = y; return p; }
         function main() {
           i = 0; s = 0;
           while (i < 5000) { o = point(i, 1); s = s + o.x + o.y; i = i + 1; }
           println(s);
         }",
        "test.sl",
        1,
    );
}

#[test]
fn easyscript_loops_building_objects_settle() {
    let programs = [
        ("let s = 0; for (let i = 0; i < 5000; i++) { const o = {}; o.x = i; o.y = 1; s += o.x + o.y; } console.log(s);", 1),
        ("let s = 0; for (let i = 0; i < 5000; i++) { const o = { x: i, y: 1 }; s += o.x + o.y; } console.log(s);", 1),
        // A `new` site calling one constructor calls it directly: the loop's unit inlines it
        // and is the only compilation.
        (
            "function P(x, y) { this.x = x; this.y = y; }
             let s = 0; for (let i = 0; i < 5000; i++) { const o = new P(i, 1); s += o.x + o.y; } console.log(s);",
            1,
        ),
        (
            "class P { constructor(x, y) { this.x = x; this.y = y; } }
             let s = 0; for (let i = 0; i < 5000; i++) { const o = new P(i, 1); s += o.x + o.y; } console.log(s);",
            1,
        ),
    ];
    for (program, compilations) in programs {
        settles::<lang_es::Es>(program, "test.js", compilations);
    }
}

#[test]
fn an_easyscript_array_read_meeting_holes_and_the_end_in_compiled_code_settles() {
    // The loop is compiled while every read is in bounds. A hole, then a read past the end,
    // each leave compiled code once and teach the site, whose next code calls the generic
    // read for them: three compilations, the last installed for good.
    settles::<lang_es::Es>(
        "const xs = []; for (let i = 0; i < 50; i++) xs.push(i); xs[75] = 7;
         let s = 0;
         for (let i = 0; i < 5000; i++) { const v = xs[i < 300 ? i % 50 : i < 1000 ? i % 76 : i % 100]; s += v === undefined ? 1000 : v; }
         console.log(s);",
        "test.js",
        3,
    );
}

#[test]
fn an_easyscript_for_each_meeting_holes_in_compiled_code_settles() {
    // forEach's loop and the loop around it are each compiled (on the stack) while the array
    // is dense. Holes made later leave each unit once and teach forEach's element test, whose
    // next code calls the full lookup for them: four compilations, the last installed.
    settles::<lang_es::Es>(
        "const xs = []; for (let i = 0; i < 20; i++) xs.push(i);
         let s = 0;
         for (let i = 0; i < 3000; i++) {
           if (i === 1000) xs[25] = 5;
           xs.forEach((v) => { s += v; });
         }
         console.log(s);",
        "test.js",
        4,
    );
}
