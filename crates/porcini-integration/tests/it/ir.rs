//! Snapshots of the IR partial evaluation produces for small SL functions, so that a regression in
//! partial evaluation (a dispatch that no longer folds, a box that no longer disappears, a check
//! too many) shows up as a changed snapshot.
//!
//! Each case warms a program up in the interpreter, then compiles one function with the JIT and
//! keeps the Cranelift IR as partial evaluation left it (before Cranelift's own optimizations).
//! Addresses of runtime functions and objects differ between runs; they are masked.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini::compiled::Compiler;
use porcini_jit::Jit;

/// The IR of `function` after running `program` in the interpreter, with addresses masked.
fn ir(program: &str, function: &str) -> String {
    let options = EngineOptions { compilation: false, verify_ir: true, ..EngineOptions::default() };
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    engine.run(program, "test.sl").expect("the program runs");
    let rt = engine.runtime();
    let target = rt.call_targets().into_iter().find(|t| t.name() == function).expect("the function exists");
    let jit = Rc::new(Jit::new().expect("a code generator for this machine"));
    jit.keep_ir(true);
    jit.compile(rt, &target).expect("the function compiles");
    mask(&jit.last_ir().expect("the IR was kept"))
}

/// The IR of EasyScript's `function` after running `program` in the interpreter.
fn ir_es(program: &str, function: &str) -> String {
    ir_es_with(program, function, EngineOptions::default())
}

/// [`ir_es`] with `options` (compilation is off while the program runs).
fn ir_es_with(program: &str, function: &str, options: EngineOptions) -> String {
    let options = EngineOptions { compilation: false, verify_ir: true, ..options };
    let engine = lang_es::EsEngine::new(options, Host::new(Box::new(std::io::sink())));
    engine.run(program, "test.js").expect("the program runs");
    let rt = engine.runtime();
    let target = rt.call_targets().into_iter().find(|t| t.name() == function).expect("the function exists");
    let jit = Rc::new(Jit::new().expect("a code generator for this machine"));
    jit.keep_ir(true);
    jit.compile(rt, &target).expect("the function compiles");
    mask(&jit.last_ir().expect("the IR was kept"))
}

/// Replaces large constants (addresses, in decimal or in Cranelift's `0x1234_5678` form) with
/// `ADDR`.
fn mask(ir: &str) -> String {
    ir.lines()
        .map(|l| {
            l.split(' ')
                .map(|w| {
                    let (word, tail) = w.split_at(w.trim_end_matches(',').len());
                    let hex = word.strip_prefix("0x").map(|h| h.replace('_', ""));
                    let big = match hex {
                        Some(h) => u64::from_str_radix(&h, 16).is_ok_and(|n| n > 0xFFFF_FFFF),
                        None => word.parse::<i64>().is_ok_and(|n| n.unsigned_abs() > 0xFFFF_FFFF),
                    };
                    if big { format!("ADDR{tail}") } else { w.to_string() }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn fib() {
    insta::assert_snapshot!(ir(
        "function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }
         function main() { return fib(15); }",
        "fib",
    ));
}

#[test]
fn a_counting_loop_keeps_its_locals_in_variables() {
    insta::assert_snapshot!(ir(
        "function count(n) { i = 0; s = 0; while (i < n) { s = s + i; i = i + 1; } return s; }
         function main() { count(10); count(20); }",
        "count",
    ));
}

#[test]
fn a_property_increment() {
    insta::assert_snapshot!(ir(
        "function inc(o) { o.count = o.count + 1; }
         function main() { o = new(); o.count = 0; inc(o); inc(o); }",
        "inc",
    ));
}

/// The IR of the unit compiled last while `program` runs with loops replaced on stack after 50
/// iterations (and functions compiled after their usual thresholds), with addresses masked.
fn ir_osr(program: &str) -> String {
    let options = EngineOptions {
        background_compilation: false,
        osr_compilation_threshold: 50,
        verify_ir: true,
        ..EngineOptions::default()
    };
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    let jit = Rc::new(Jit::new().expect("a code generator for this machine"));
    jit.keep_ir(true);
    engine.runtime().set_compiler(jit.clone());
    engine.run(program, "test.sl").expect("the program runs");
    mask(&jit.last_ir().expect("a unit was compiled"))
}

#[test]
fn a_property_incremented_in_a_loop_is_carried_in_a_variable() {
    // The loop calls nothing and never writes `o`: `o`'s shape is checked once at entry, and
    // `o.count` is loaded there once; in the loop it is stored, never loaded.
    insta::assert_snapshot!(ir_osr(
        "function main() { o = new(); o.count = 0; i = 0; while (i < 200) { o.count = o.count + 1; i = i + 1; } }",
    ));
}

#[test]
fn a_megamorphic_increment_probes_the_cache_inline() {
    // Four shapes overflow the sites' caches (limit 3): the read and the write each probe the
    // megamorphic cache inline (a hash of the shape with the constant key, one entry's pair
    // compared) and call a boundary only when it misses.
    insta::assert_snapshot!(ir(
        "function inc(o) { o.count = o.count + 1; }
         function main() {
           a = new(); a.count = 0; b = new(); b.p = 0; b.count = 0;
           c = new(); c.q = 0; c.count = 0; d = new(); d.r = 0; d.s = 0; d.count = 0;
           all = new(); all[0] = a; all[1] = b; all[2] = c; all[3] = d; all[4] = a;
           i = 0; while (i < 5) { inc(all[i]); i = i + 1; }
         }",
        "inc",
    ));
}

#[test]
fn seed_addition_of_int32s_has_no_double_arithmetic() {
    // The tutorial's example: while `+` has seen only int32 sums that fit, the compiled path is
    // integer addition with an overflow check whose failure leaves compiled code (and rewrites
    // the node to doubles), never a floating-point operation.
    let ir = ir_es("function add(a, b) { return a + b; }\nfor (let i = 0; i < 100; i++) add(i, 1);", "add");
    assert!(!ir.contains("fadd") && !ir.contains("fcvt"), "{ir}");
    insta::assert_snapshot!(ir);
}

#[test]
fn seed_addition_after_an_overflow_adds_doubles() {
    let ir = ir_es("function add(a, b) { return a + b; }\nadd(1, 2); add(2147483647, 1);", "add");
    assert!(ir.contains("fadd"), "{ir}");
    insta::assert_snapshot!(ir);
}

#[test]
fn a_constructor_adds_its_fields_in_place() {
    // `this.x = x` on a new object: a shape compare, then the new slot, the slot count and the
    // new shape stored in place (no call), for each field.
    let ir = ir_es(
        "class P { constructor(x, y) { this.x = x; this.y = y; } }\nfor (let i = 0; i < 50; i++) new P(i, 1);",
        "P",
    );
    insta::assert_snapshot!(ir);
}

#[test]
fn a_float_kept_in_a_local_is_not_cast_back_and_forth() {
    // A double written to a local is stored as its payload word, and reading the local back
    // for the next operation must give the float itself: a cast to an integer register and
    // back would add two moves to every step of a floating-point chain (NBody, Mandelbrot).
    let ir = ir_es(
        "function norm(a, b) { const s = a * a + b * b; const r = Math.sqrt(s); const t = r * s; return t / s + r; }
         for (let i = 0; i < 50; i++) norm(i + 0.5, 1.5);",
        "norm",
    );
    let to_word: Vec<&str> = ir
        .lines()
        .filter_map(|l| l.trim().split_once(" = bitcast.i64 ").map(|(def, _)| def.trim()))
        .collect();
    let round_trips: Vec<&str> = ir
        .lines()
        .filter(|l| {
            l.split_once(" = bitcast.f64 ")
                .is_some_and(|(_, operand)| to_word.contains(&operand.split_whitespace().last().unwrap_or("")))
        })
        .collect();
    assert!(!to_word.is_empty(), "the result is boxed as a word: {ir}");
    assert!(round_trips.is_empty(), "floats cast to words and back: {round_trips:?}\n{ir}");
}

#[test]
fn an_array_index_is_checked_against_the_length_with_one_comparison() {
    // `0 <= i && i < length` is one unsigned comparison: a negative index is above every length
    // as an unsigned number.
    let ir = ir_es("function elementAt(a, i) { return a[i]; }\nconst xs = [1, 2, 3];\nfor (let i = 0; i < 50; i++) elementAt(xs, i % 3);", "elementAt");
    let defined_by = |op: &str| -> Vec<String> {
        ir.lines().filter_map(|l| l.trim().split_once(op).map(|(def, _)| def.to_string())).collect()
    };
    let unsigned = defined_by(" = icmp.i64 ult ");
    let branched = |v: &String| ir.lines().any(|l| l.trim().starts_with(&format!("brif {v},")));
    assert!(unsigned.len() == 1 && branched(&unsigned[0]), "one unsigned comparison decides the access: {ir}");
}

#[test]
fn an_array_read_calls_the_generic_read_only_for_the_cases_it_met() {
    // Until a site has read past the end or a hole, compiled code leaves for the interpreter
    // there instead of calling the generic read, so nothing is saved around a call for it.
    let calls = |ir: &str| ir.lines().filter(|l| l.contains(" call_indirect ")).count();
    let read = "function elementAt(a, i) { return a[i]; }\n";
    let inside = ir_es(&format!("{read}const xs = [1, 2, 3];\nfor (let i = 0; i < 50; i++) elementAt(xs, i % 3);"), "elementAt");
    let outside = ir_es(&format!("{read}const xs = [1, 2, 3];\nfor (let i = 0; i < 50; i++) elementAt(xs, i % 4);"), "elementAt");
    let both = ir_es(&format!("{read}const xs = [1, , 3];\nfor (let i = 0; i < 50; i++) elementAt(xs, i % 4);"), "elementAt");
    assert_eq!((calls(&outside), calls(&both)), (calls(&inside) + 1, calls(&inside) + 2), "in bounds only:\n{inside}\npast the end too:\n{outside}\nand holes:\n{both}");
}

#[test]
fn a_for_each_loop_calls_the_element_lookup_only_for_the_cases_it_met() {
    // forEach's test of whether an index holds an element is profiled as an array read is:
    // a loop that met neither a hole nor a shortened array leaves compiled code there.
    let calls = |ir: &str| ir.lines().filter(|l| l.contains(" call_indirect ")).count();
    let sum = "function sum(a) { let s = 0; a.forEach((v) => { s += v; }); return s; }\n";
    let dense = ir_es(&format!("{sum}const xs = [1, 2, 3];\nfor (let i = 0; i < 50; i++) sum(xs);"), "sum");
    let holey = ir_es(&format!("{sum}const xs = [1, , 3];\nfor (let i = 0; i < 50; i++) sum(xs);"), "sum");
    assert_eq!(calls(&holey), calls(&dense) + 1, "dense:\n{dense}\nwith a hole:\n{holey}");
}

#[test]
fn a_switch_on_integers_compares_them_without_a_call() {
    // A case test is the `===` operator over the discriminant, specialized as any `===` is:
    // on integers, the choice of the case is compares, where it was a call per case. (Strings
    // of one unit compare by identity the same way, with the call left on the path of two
    // strings that are not both the runtime's one string of their text.)
    let program = "function kind(c) { switch (c) { case 1: return 10; case 2: return 20; case 3: case 4: return 30; default: return 0; } }
                   for (let i = 0; i < 50; i++) kind(i % 6);";
    let ir = ir_es(program, "kind");
    assert_eq!(hot_calls(&ir), 0, "{ir}");
}

/// The calls left outside the cold blocks (the exits to the interpreter and slow paths).
fn hot_calls(ir: &str) -> usize {
    let mut cold = false;
    let mut calls = 0;
    for line in ir.lines() {
        if line.starts_with("block") {
            cold = line.contains(" cold");
        } else if !cold && line.contains(" call_indirect ") {
            calls += 1;
        }
    }
    calls
}

#[test]
fn new_objects_and_object_literals_are_made_in_place() {
    // `new` of a constructor whose prototype the site has made objects of allocates the object in
    // compiled code (the heap's fast path written out, see porcini-jit's `lower/alloc.rs`):
    // the runtime's allocation is a call only on the cold path where the heap is out of room.
    // (The other calls left are the paths of another prototype or a `prototype` that is not an
    // object.)
    // (A function declaration, not a class: a class's binding is checked for its temporal
    // dead zone, a test whose error path is a call of its own.)
    let program = "function P(x, y) { this.x = x; this.y = y; }
                   function make(i) { return new P(i, 2); }
                   for (let i = 0; i < 50; i++) make(i);";
    // Under gc-stress the heap offers no fast path (every object collects first), so the
    // boundary is on the hot path there: one call more.
    let ir = ir_es(program, "make");
    let stressed = ir_es_with(program, "make", EngineOptions { gc_stress: true, ..EngineOptions::default() });
    assert_eq!(hot_calls(&ir) + 1, hot_calls(&stressed), "{ir}\nunder gc-stress:\n{stressed}");
    // An object literal's object, made in place too.
    let program = "function make(i) { return { a: i, b: 2 }; }
                   for (let i = 0; i < 50; i++) make(i);";
    let ir = ir_es(program, "make");
    let stressed = ir_es_with(program, "make", EngineOptions { gc_stress: true, ..EngineOptions::default() });
    assert_eq!(hot_calls(&ir) + 1, hot_calls(&stressed), "{ir}\nunder gc-stress:\n{stressed}");
}

#[test]
fn short_arrays_of_holes_are_made_in_place() {
    // `new Array(n)` makes its buffer, its elements and the array object in compiled code, for
    // a length known or not: the runtime is called only on the cold path, for a length that is
    // no small integer or when the heap is out of room. Under gc-stress the heap offers no fast
    // path, so the boundary is on the hot path there.
    for program in [
        "function make(n) { return new Array(n); }
         for (let i = 0; i < 50; i++) make(i % 9 + 1);",
        "function make(n) { return new Array(4); }
         for (let i = 0; i < 50; i++) make(i);",
    ] {
        let ir = ir_es(program, "make");
        let stressed = ir_es_with(program, "make", EngineOptions { gc_stress: true, ..EngineOptions::default() });
        assert_eq!(hot_calls(&ir), 0, "{ir}");
        assert_eq!(hot_calls(&stressed), 1, "under gc-stress:\n{stressed}");
    }
    // A length the runtime rejects or that takes a long buffer is left to it, with no test:
    // known when compiling, or met by the site before.
    for program in [
        "function make(n) { return new Array(100); }\nfor (let i = 0; i < 50; i++) make(i);",
        "function make(n) { return new Array(n); }\nfor (let i = 0; i < 50; i++) make(i % 2 ? 3 : 40);",
    ] {
        let ir = ir_es(program, "make");
        // (Made in place, the array would leave the call on the cold path only.)
        assert_eq!(hot_calls(&ir), 1, "{ir}");
    }
}

/// The IR of `f(o, n)`, a loop over `i` whose body is `body`, with the number of words its
/// blocks take as parameters (what merges, loop headers included, carry).
fn loop_ir(body: &str) -> (String, usize) {
    let program = format!("function f(o, n) {{ for (let i = 0; i < n; i++) {{ {body} }} return o.x; }}\nfor (let i = 0; i < 50; i++) f({{ x: 0 }}, 10);");
    let ir = ir_es(&program, "f");
    let params = ir.lines().filter(|l| l.starts_with("block")).map(|l| l.matches(": i64").count()).sum();
    (ir, params)
}

#[test]
fn a_compound_assignment_keeps_no_temporary_alive_in_its_loop() {
    // `o.x += i` evaluates `o` into a temporary slot, emptied once the assignment has run: the
    // loop then carries no more values from one iteration to the next than `o.x = o.x + i`.
    let ((plain, carried), (compound, by_compound), (postfix, by_postfix)) =
        (loop_ir("o.x = o.x + i;"), loop_ir("o.x += i;"), loop_ir("o.x++;"));
    assert_eq!(by_compound, carried, "plain:\n{plain}\ncompound:\n{compound}");
    assert_eq!(by_postfix, carried, "plain:\n{plain}\npostfix:\n{postfix}");
}

#[test]
fn a_loop_body_keeps_no_binding_of_its_own_alive_across_iterations() {
    // The body's `const` is emptied at the end of the block, as it was before the block first
    // ran: the loop carries no more values than without it.
    let ((plain, without), (bound, with)) = (loop_ir("o.x = o.x + i;"), loop_ir("const t = o.x + i; o.x = t;"));
    assert_eq!(with, without, "plain:\n{plain}\nwith a binding:\n{bound}");
}

#[test]
fn a_sum_started_at_a_fraction_literal_adds_doubles_only() {
    // `0.0` is a double: the sum never holds an integer, so its addition specializes on doubles
    // alone, with no integer to convert. Started at `0`, it meets both.
    let program = |start: &str| {
        format!("function sum(xs) {{ let s = {start}; for (let i = 0; i < xs.length; i++) s += xs[i]; return s; }}\nfor (let i = 0; i < 50; i++) sum([0.5, 1.5, 2.5]);")
    };
    let fraction = ir_es(&program("0.0"), "sum");
    let integer = ir_es(&program("0"), "sum");
    assert!(integer.contains("fcvt_from_sint"), "{integer}");
    assert!(!fraction.contains("fcvt_from_sint"), "{fraction}");
}

#[test]
fn a_negated_comparison_is_the_complementary_comparison() {
    // `!(a < b)` on integers: the comparison with the complementary condition, not the
    // comparison and an exclusive or with 1.
    let ir = ir_es("function notLess(a, b) { return !(a < b); }\nfor (let i = 0; i < 50; i++) notLess(i, 25);", "notLess");
    assert!(ir.contains("icmp sge") || ir.contains("icmp.i64 sge"), "{ir}");
    assert!(!ir.contains(" bxor "), "{ir}");
}

/// The number of loads of a word the IR does.
fn loads(ir: &str) -> usize {
    ir.lines().filter(|l| l.contains(" = load.i64 ")).count()
}

#[test]
fn a_property_read_again_on_the_same_path_is_not_loaded_again() {
    // A slot read or written earlier on the same straight path is the words read or written
    // there: `b.m * b.v * b.v + b.m` loads each property once (NBody reads `jBody.mass` three
    // times in a row), and a property read right after it was stored is the stored value.
    let warm = "\nfor (let i = 0; i < 50; i++) f({ m: i + 0.5, v: 2.5 });";
    let once = ir_es(&format!("function f(b) {{ return b.m * b.v; }}{warm}"), "f");
    let again = ir_es(&format!("function f(b) {{ return b.m * b.v * b.v + b.m; }}{warm}"), "f");
    assert_eq!(loads(&again), loads(&once), "each property read once:\n{once}\nread again:\n{again}");
    let stored = ir_es(&format!("function f(b) {{ b.v = b.v * b.m; }}{warm}"), "f");
    let read_back = ir_es(&format!("function f(b) {{ b.v = b.v * b.m; return b.v + b.m; }}{warm}"), "f");
    assert_eq!(loads(&read_back), loads(&stored), "stored:\n{stored}\nread back:\n{read_back}");
}

#[test]
fn the_slots_past_the_inline_ones_are_found_once_per_path() {
    // Properties past the inline slots live in a buffer whose address the object holds. Only
    // adding a property moves it, so a path reading two such properties of one object loads
    // the address once: the second read costs its two words and nothing more.
    let warm = "\nfor (let i = 0; i < 50; i++) f({ a: 1, b: 2, c: 3, d: 4, e: i + 0.5, g: 2.5 });";
    let one = ir_es(&format!("function f(o) {{ return o.e * 2.5; }}{warm}"), "f");
    let two = ir_es(&format!("function f(o) {{ return o.e * o.g; }}{warm}"), "f");
    assert_eq!(loads(&two), loads(&one) + 2, "one past the inline slots:\n{one}\ntwo:\n{two}");
}

#[test]
fn every_way_out_to_the_interpreter_is_cold_code() {
    // A guard's exit, and an arm that only leaves (a case the node never met), are laid out
    // after the code that runs: between its blocks, every guard before one would branch around
    // it (Queens' inner loop jumped over eight such arms per iteration).
    let ir = ir_es("function f(a, i) { return a[i] ? 1 : 2; }\nconst xs = [true, false, true];\nfor (let i = 0; i < 50; i++) f(xs, i % 3);", "f");
    // The exits' shared tails take the deoptimization point's number.
    let tails: Vec<&str> = ir
        .lines()
        .filter(|l| l.contains(": i32) cold:"))
        .filter_map(|l| l.split('(').next())
        .collect();
    assert!(!tails.is_empty(), "exits share a tail: {ir}");
    let mut header = "";
    let mut exits = 0;
    for line in ir.lines() {
        if line.starts_with("block") {
            header = line;
        } else if let Some(to) = line.trim().strip_prefix("jump ")
            && tails.iter().any(|t| to.split('(').next() == Some(t))
        {
            exits += 1;
            assert!(header.ends_with(" cold:"), "a block leaving for the interpreter is not cold: {header}\n{ir}");
        }
    }
    assert!(exits >= 4, "the receiver, element and truthiness checks leave: {ir}");
}
