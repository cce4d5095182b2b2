//! Exact deoptimization from compiled code: every program runs with the JIT (compiling each
//! function on its first call, and loops after a few iterations) and in the interpreter alone,
//! and the outputs must be equal. Each case also checks, in the compilation trace, that the
//! speculation it is about really failed in compiled code, so a case cannot pass by never
//! leaving compiled code.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini_jit::Jit;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// Runs `program`; returns its output (with the result or error last) and the trace.
fn run(program: &str, options: EngineOptions, jit: bool) -> (String, String) {
    let out = SharedBuffer::new();
    let log = SharedBuffer::new();
    let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    if jit {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    let result = engine.run(program, "test.sl");
    engine.flush();
    (format!("{}{result:?}\n", out.contents()), log.contents())
}

fn compiled_options(gc_stress: bool) -> EngineOptions {
    EngineOptions {
        compile_immediately: true,
        background_compilation: false,
        verify_ir: true,
        osr_compilation_threshold: 50,
        trace_compilation: true,
        gc_stress,
        ..EngineOptions::default()
    }
}

/// Runs `program` compiled (with and without GC stress) and interpreted; the outputs must be
/// equal, and the compiled runs' trace must show a deoptimization whose line contains `deopt`.
fn check(program: &str, deopt: &str) {
    let (expected, _) = run(program, EngineOptions { compilation: false, ..EngineOptions::default() }, false);
    for gc_stress in [false, true] {
        let (actual, trace) = run(program, compiled_options(gc_stress), true);
        assert_eq!(actual, expected, "gc_stress={gc_stress}; trace:\n{trace}");
        assert!(
            trace.lines().any(|l| l.contains("opt deopt") && l.contains(deopt)),
            "expected a deoptimization matching {deopt:?} (gc_stress={gc_stress}); trace:\n{trace}"
        );
    }
}

#[test]
fn a_guard_fails_mid_expression_after_side_effecting_calls() {
    // `add` is compiled for longs; the third call passes a string. Its two argument calls have
    // printed by then, and must not print again when the interpreter takes over.
    check(
        "function show(x) { println(\"arg \" + x); return x; }
         function add(a, b) { return show(a) + show(b); }
         function main() { println(add(1, 2)); println(add(3, 4)); println(add(\"x\", 5)); }",
        "add",
    );
}

#[test]
fn a_type_change_inside_nested_loops() {
    check(
        "function work(n) {
           total = 0; i = 0;
           while (i < n) {
             j = 0;
             while (j < 3) {
               if (i == 7) { total = total + \"!\"; } else { total = total + j; }
               j = j + 1;
             }
             i = i + 1;
           }
           return total;
         }
         function main() { println(work(5)); println(work(9)); }",
        "work",
    );
}

#[test]
fn a_type_change_inside_an_osr_compiled_loop() {
    // `main` runs once, so only on-stack replacement compiles its loop; the value changes type
    // long after the loop was replaced.
    check(
        "function main() {
           x = 0; i = 0;
           while (i < 1000) {
             if (i == 600) { x = \"s\" + x; }
             x = x + 1; i = i + 1;
           }
           println(x); println(i);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_loop_entered_again_without_the_object_its_code_speculated_on() {
    // The inner loop's unit checks once, at entry, that `o` holds an object, as it did when the
    // loop was compiled; the second time round `o` holds a number, and the check fails at entry.
    check(
        "function main() {
           o = new(); o.n = 0; k = 0;
           while (k < 2) {
             i = 0;
             while (i < 500) { if (k == 0) { o.n = o.n + 1; } i = i + 1; }
             if (k == 0) { println(o.n); }
             o = 5; k = k + 1;
           }
           println(o);
         }",
        "slot kind at loop entry",
    );
}

#[test]
fn a_loop_entered_again_with_an_object_of_another_shape() {
    // The inner loop calls nothing and never writes `o`, so its unit checks the shape of the
    // object in `o` once, at entry, and its property accesses check none. The second time round
    // `o` holds an object of another shape, and the check fails at entry.
    check(
        "function main() {
           o = new(); o.n = 0; k = 0;
           while (k < 2) {
             i = 0;
             while (i < 500) { o.n = o.n + 1; i = i + 1; }
             println(o.n);
             o = new(); o.m = 1; o.n = 10; k = k + 1;
           }
         }",
        "object shape at loop entry",
    );
}

#[test]
fn a_property_stored_through_another_name_changes_its_tag() {
    // `a` and `b` are the same object. Compiled code knows the tag `a.n` held when it was read,
    // but the store through `b` changes it, so the store of `x + 1` must write its tag again.
    // The string concatenation in the last iteration leaves compiled code.
    check(
        "function main() {
           o = new(); o.n = 0; a = o; b = o; i = 0;
           while (i < 300) {
             x = a.n; b.n = \"s\"; a.n = x + 1;
             if (i == 299) { a.n = a.n + \"!\"; }
             i = i + 1;
           }
           println(o.n);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_property_carried_around_its_loop_is_in_memory_when_the_loop_deoptimizes() {
    // The loop calls nothing and never writes `o`, so its unit carries `o.n` in a variable from
    // one iteration to the next; every store still reaches the object, which the interpreter
    // reads after the exit in the last iteration.
    check(
        "function main() {
           o = new(); o.n = 0; o.m = 5; i = 0;
           while (i < 300) {
             o.n = o.n + o.m; i = i + 1;
             if (i == 299) { o.n = o.n + \"!\"; }
           }
           println(o.n); println(o.m);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_loop_entered_again_with_a_carried_property_of_another_type() {
    // The inner loop's unit checks at entry that `o.n` holds an integer, as it did when the
    // loop was compiled, and takes the tag as known inside; the second time round it holds a
    // string, and the check fails at entry.
    check(
        "function main() {
           o = new(); o.n = 0; k = 0;
           while (k < 2) {
             i = 0;
             while (i < 500) { if (k == 0) { o.n = o.n + 1; } else { o.n = o.n + \"a\"; } i = i + 1; }
             println(o.n);
             o.n = \"s\"; k = k + 1;
           }
         }",
        "property tag at loop entry",
    );
}

#[test]
fn a_property_carried_around_its_loop_sees_stores_through_other_names() {
    // `a`, `b` and `o.me` are all `o`. Each store of `n` through one of them must be seen by
    // the loads through the others, in this iteration and the next.
    check(
        "function main() {
           o = new(); o.n = 0; o.me = o; a = o; b = o; i = 0;
           while (i < 300) {
             a.n = a.n + 1; b.n = b.n + 2; o.me.n = o.me.n + a.n; o[\"n\"] = o[\"n\"] - 1;
             i = i + 1;
             if (i == 299) { a.n = a.n + \"!\"; }
           }
           println(o.n);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_property_carried_around_its_loop_sees_what_a_callee_stores() {
    // `bump` stores into the object it is given, which is the one the loop increments.
    check(
        "function bump(x) { x.n = x.n * 2; }
         function main() {
           o = new(); o.n = 0; i = 0;
           while (i < 300) {
             o.n = o.n + 1; if (i - i / 7 * 7 == 0) { bump(o); } o.n = o.n - 10;
             i = i + 1;
             if (i == 299) { o.n = o.n + \"!\"; }
           }
           println(o.n);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_loop_counter_bounded_by_its_test_cannot_overflow_but_one_tested_with_at_most_can() {
    // `i < n` proves `i + 1` fits; `i <= n` does not, and the last increment overflows to a
    // big integer in compiled code.
    check(
        "function main() {
           n = 9223372036854775807;
           i = n - 300;
           while (i < n) { i = i + 1; }
           println(i);
           i = n - 300;
           while (i <= n) { i = i + 1; }
           println(i);
           j = 0 - 9223372036854775807 - 1 + 300;
           while (0 - 9223372036854775807 - 1 < j) { j = j - 1; }
           println(j);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_comparison_with_a_constant_bounds_only_what_it_proves() {
    // `9223372036854775806 < x` failing proves `x + 1` fits, so `up1` has no overflow check;
    // it does not prove `x + 2` fits, and `up2` overflows to a big integer in compiled code.
    check(
        "function up1(x) { if (9223372036854775806 < x) { return 0; } return x + 1; }
         function up2(x) { if (9223372036854775806 < x) { return 0; } return x + 2; }
         function main() {
           println(up1(9223372036854775806)); println(up1(9223372036854775807));
           println(up2(9223372036854775805)); println(up2(9223372036854775806));
         }",
        "up2",
    );
}

#[test]
fn a_loop_that_calls_keeps_a_slot_it_never_writes_in_its_cell() {
    // The loop calls `id` directly, which cannot touch `main`'s frame, so its unit reads `a`
    // as its entry words and never writes its cell back; the exit in the last iteration (a
    // string where the sum was an integer) must find `a` in its cell.
    check(
        "function id(x) { return x; }
         function main() {
           a = 5; s = 0; i = 0;
           while (i < 300) { s = s + id(a); i = i + 1; if (i == 299) { s = s + \"!\"; } }
           println(s); println(a);
         }",
        "main<OSR>",
    );
}

#[test]
fn a_loop_that_calls_a_builtin_writing_its_frame_reads_the_slot_anew() {
    // `helloEqualsWorld` assigns "world" to its caller's `hello`, which the inner loop never
    // writes itself: the slot must not be taken as loop-invariant. The builtin runs before the
    // inner loop is compiled (so its call is in the unit) and again, in the second round, from
    // compiled code.
    check(
        "function main() {
           k = 0; s = 0;
           while (k < 2) {
             hello = 1; i = 0;
             while (i < 300) { s = s + hello; if (i == 10 + k * 200) { helloEqualsWorld(); } i = i + 1; }
             k = k + 1;
           }
           println(s);
         }",
        "main",
    );
}

#[test]
fn a_local_slot_changes_type() {
    check(
        "function f(flag) { v = 1; if (flag) { v = true; } return v; }
         function main() { println(f(false)); println(f(false)); println(f(true)); println(f(false)); }",
        "f ",
    );
}

#[test]
fn overflow_to_big_integers_in_compiled_code() {
    check(
        "function twice(x) { return x + x; }
         function main() {
           x = 1; i = 0;
           while (i < 70) { x = twice(x); i = i + 1; }
           println(x); println(twice(x));
         }",
        "twice",
    );
}

#[test]
fn adding_or_subtracting_a_constant_overflows_to_big_integers() {
    // Constant operands are checked by comparing the result with the other operand; both
    // directions, at both ends of the range.
    check(
        "function up(x) { return x + 1; }
         function down(x) { return x - 1; }
         function main() {
           println(up(1)); println(down(1));
           println(up(9223372036854775806)); println(up(9223372036854775807));
           m = 0 - 9223372036854775807;
           println(down(m)); println(down(m - 1));
         }",
        "up",
    );
}

#[test]
fn a_function_is_redefined_while_compiled_code_is_live() {
    // `caller` is compiled with a direct call to `g`; `g` redefines itself while `caller`'s
    // compiled frame is on the stack. The compiled frame must leave for the interpreter when
    // `g` returns, and the next call must reach the new `g`.
    check(
        "function g() { defineFunction(\"function g() { return 2; }\"); return 1; }
         function caller() { a = g(); b = g(); return a * 10 + b; }
         function main() { println(caller()); println(caller()); }",
        "caller",
    );
}

#[test]
fn a_call_statement_that_invalidates_its_caller_resumes_at_the_next_statement() {
    // A call on its own as a statement: a frame state keeps no values of the statements before
    // it, only where to go on, which is the next statement, or the end of the statements. The
    // callers are compiled after a few calls; on the sixth, `gate` (which is not inlined)
    // redefines the function the waiting caller's code depends on, which invalidates that code,
    // and the caller leaves for the interpreter when `gate` returns. Each statement's output
    // must appear exactly once.
    let program = "function h1() { return 1; }
         function h2() { return 1; }
         function h3() { return 1; }
         function h4() { return 1; }
         function gate(n, code) { if (n == 5) { defineFunction(code); } }
         function mid(n) { println(h1()); gate(n, \"function h1() { return 2; }\"); println(h1() + 10); }
         function last(n) { println(h2() + 20); gate(n, \"function h2() { return 3; }\"); }
         function inloop(n) { i = 0; while (i < 3) { println(h3() + i); gate(n, \"function h3() { return 4; }\"); i = i + 1; } }
         function inarm(x, n) {
           if (x < 1) { gate(n, \"function h4() { return 5; }\"); } else { println(h4() + x); gate(n, \"function h4() { return 6; }\"); }
           println(h4());
           return x;
         }
         function main() { n = 0; while (n < 8) { mid(n); last(n); inloop(n); println(inarm(n - n / 2 * 2, n)); n = n + 1; } }";
    let (expected, _) = run(program, EngineOptions { compilation: false, ..EngineOptions::default() }, false);
    let options = EngineOptions {
        single_tier_compilation_threshold: 3,
        min_invoke_threshold: 1,
        background_compilation: false,
        verify_ir: true,
        trace_compilation: true,
        inline_only: "~gate".to_string(),
        ..EngineOptions::default()
    };
    let (actual, trace) = run(program, options, true);
    assert_eq!(actual, expected, "trace:\n{trace}");
    for caller in ["mid", "last", "inloop", "inarm"] {
        assert!(
            trace.lines().any(|l| l.contains(caller) && l.contains("code invalidated during a call")),
            "{caller} left its code after a call; trace:\n{trace}"
        );
    }
}

/// Like [`check`], and the deoptimization must have happened inside `callee` inlined into
/// `caller`: the code that deoptimized is the caller's, and the transfer's guest stack starts
/// with the callee, then the caller.
fn check_inlined(program: &str, callee: &str, caller: &str) {
    check_inlined_chain(program, &[callee, caller]);
}

/// Like [`check_inlined`], for a chain of inlined calls, innermost first: the code that
/// deoptimized is the outermost's, and the transfer's guest stack starts with the chain.
fn check_inlined_chain(program: &str, chain: &[&str]) {
    check_inlined_chain_because(program, chain, "");
}

/// Like [`check_inlined_chain`], for a transfer whose reason contains `reason`.
fn check_inlined_chain_because(program: &str, chain: &[&str], reason: &str) {
    let (expected, _) = run(program, EngineOptions { compilation: false, ..EngineOptions::default() }, false);
    let outermost = chain[chain.len() - 1];
    for gc_stress in [false, true] {
        let options = EngineOptions { trace_transfer_to_interpreter: true, ..compiled_options(gc_stress) };
        let (actual, trace) = run(program, options, true);
        assert_eq!(actual, expected, "gc_stress={gc_stress}; trace:\n{trace}");
        let inlined = trace.lines().any(|l| l.contains("opt done") && !l.contains("Inlined   0Y"));
        let lines: Vec<&str> = trace.lines().collect();
        let inside = (0..lines.len()).any(|at| {
            let w = &lines[at..];
            w.len() >= chain.len() + 2
                && w[0].contains("opt deopt")
                && w[0].contains(&format!(" {outermost}"))
                && w[1].contains("transferToInterpreter at")
                && chain.iter().enumerate().all(|(i, f)| w[i + 2].trim_start().starts_with(&format!("{f}(")))
                && w[2..].iter().find(|l| l.trim_start().starts_with("Reason:")).is_some_and(|l| l.contains(reason))
        });
        assert!(inlined && inside, "expected a deoptimization inside {chain:?}, inlined (gc_stress={gc_stress}); trace:\n{trace}");
    }
}

#[test]
fn overflow_inside_an_inlined_callee() {
    // `add` has run before the loop is compiled, so the loop's code inlines it; the sum
    // overflows to a big integer inside the inlined body, long after the loop was replaced.
    check_inlined(
        "function add(a, b) { return a + b; }
         function main() {
           s = 9223372036854000000; i = 0;
           while (i < 300) { s = add(s, 10000); i = i + 1; }
           println(s); println(i);
         }",
        "add",
        "main",
    );
}

#[test]
fn overflow_inside_an_inlined_copy_of_a_recursive_call() {
    // `down`'s code holds copies of itself to the recursion depth and calls itself from the
    // innermost: the last call's sum overflows inside a copy, so the transfer's stack holds the
    // copies' frames above the frame whose code it is.
    check_inlined_chain_because(
        "function down(n, k) { if (n < 1) { return k + 1; } return down(n - 1, k); }
         function main() {
           i = 0; while (i < 100) { down(3, i); i = i + 1; }
           println(down(3, 9223372036854775807));
         }",
        &["down", "down"],
        "arithmetic overflow",
    );
}

#[test]
fn overflow_inside_a_callee_inlined_into_an_inlined_callee() {
    // `outer` calls only `inner`, a leaf, so once `inner` is inlined into it `outer` is a leaf
    // too, and the loop's code inlines both. The sum overflows inside `inner`; both inlined
    // frames are rebuilt (`outer` with its local `y`) and the interpreter carries on.
    check_inlined_chain(
        "function inner(a, b) { return a + b; }
         function outer(a, b) { y = b - 1; return inner(a, y) + 1; }
         function main() {
           s = 9223372036854000000; i = 0;
           while (i < 300) { s = outer(s, 10001); i = i + 1; }
           println(s); println(i);
         }",
        &["inner", "outer", "main"],
    );
}

#[test]
fn an_inlined_callee_resumes_with_its_locals() {
    // `y` is assigned in the inlined body before the multiplication overflows: the callee's
    // frame is rebuilt with it, and the assignment does not run twice.
    check_inlined(
        "function scale(x) { y = x + 1; z = y * 1000; return z + y; }
         function main() {
           i = 0; t = 0;
           while (i < 300) { t = scale(i * i * i * i * i * i * i); i = i + 1; }
           println(t);
         }",
        "scale",
        "main",
    );
}

#[test]
fn a_type_change_inside_an_inlined_callee() {
    // The inlined `+` was specialized for integers; a string arrives mid-loop from `pick`,
    // which makes a call and so is not inlined itself.
    check_inlined(
        "function pick(i) { t = nanoTime(); if (i < 200) { return i; } return \"s\"; }
         function add(a, b) { return a + b; }
         function main() {
           i = 0; r = 0;
           while (i < 300) { r = add(pick(i), 1); i = i + 1; }
           println(r);
         }",
        "add",
        "main",
    );
}

#[test]
fn what_an_inlined_callee_checked_on_one_path_is_not_known_after_the_call() {
    // The inlined `f` checks that `x` is an integer only when it does not return early; after
    // the call, `r + x` must check again, because the early return reaches it unchecked. `pick`
    // makes a call, so it is not inlined, and hands over a string once the early return is
    // taken. (Slot variables merge what they learned by SSA; lowering's facts about values are
    // dropped when an inlined body ends.)
    check(
        "function pick(i) { t = nanoTime(); if (i < 250) { return i; } return \"s\"; }
         function f(c, x) { if (c) { return 0; } return x + 1; }
         function main() {
           i = 0; r = 0;
           while (i < 300) { x = pick(i); r = f(250 <= i, x); r = r + x; i = i + 1; }
           println(r);
         }",
        "main<OSR>",
    );
}

#[test]
fn overflow_three_inlined_levels_deep_after_effects_and_calls_at_each_level() {
    // The loop's code inlines `a`, `b` and `c`, each of which writes a property and makes a
    // real call (a builtin, from its materialized frame) before calling the next. The sum
    // overflows inside `c` once `i` passes 153: every inlined frame is rebuilt from its state,
    // and no effect before the overflow happens twice.
    check_inlined_chain(
        "function c(o, x) { o.c = o.c + 1; k = typeOf(x); return x + x; }
         function b(o, x) { o.b = o.b + 1; k = typeOf(o); return c(o, x) + 1; }
         function a(o, x) { o.a = o.a + 1; k = typeOf(x); return b(o, x) + 1; }
         function main() {
           o = new(); o.a = 0; o.b = 0; o.c = 0; i = 0; s = 0;
           while (i < 300) { s = a(o, i * 30000000000000000); i = i + 1; }
           println(s); println(o.a + \" \" + o.b + \" \" + o.c);
         }",
        &["c", "b", "a", "main"],
    );
}
