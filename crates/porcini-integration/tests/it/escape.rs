//! Partial escape analysis (porcini-jit's `lower/virtual_object.rs`): objects that do not
//! escape a compiled unit are not allocated, objects that escape are made where they escape,
//! and a deoptimization makes the objects the code held without allocating them, so every
//! program prints what the interpreter (and node) print.

use std::rc::Rc;

use porcini::{EngineOptions, Host};
use porcini_jit::Jit;
use porcini_tools::trace::SharedBuffer;

/// Runs an EasyScript program with loops compiled early, in the foreground; its output and the
/// objects the heap allocated. `None` runs it in the interpreter only.
fn run_es(program: &str, escape_analysis: Option<bool>) -> (String, u64) {
    let out = SharedBuffer::new();
    let options = EngineOptions {
        background_compilation: false,
        single_tier_compilation_threshold: 20,
        osr_compilation_threshold: 50,
        partial_escape_analysis: escape_analysis.unwrap_or(false),
        verify_ir: true,
        ..EngineOptions::default()
    };
    let engine = lang_es::EsEngine::new(options, Host::new(Box::new(out.clone())));
    if escape_analysis.is_some() {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    engine.run(program, "test.js").expect("the program runs");
    (out.contents(), engine.runtime().heap.stats().allocated_objects_total)
}

/// Checks that `program` prints `expect` interpreted, compiled, and compiled without the
/// analysis.
fn check(program: &str, expect: &str) {
    for mode in [None, Some(true), Some(false)] {
        assert_eq!(run_es(program, mode).0, expect, "escape analysis {mode:?}");
    }
}

#[test]
fn an_object_that_does_not_escape_its_loop_is_not_allocated() {
    let program = "
        function run(n) {
          let sum = 0;
          for (let i = 0; i < n; i++) {
            const o = { a: i, b: i + 1 };
            sum += o.a + o.b;
          }
          return sum;
        }
        console.log(run(200000));";
    let (with, with_objects) = run_es(program, Some(true));
    let (without, without_objects) = run_es(program, Some(false));
    assert_eq!(with, "40000000000\n");
    assert_eq!(without, with);
    // Without the analysis every iteration allocates; with it, only those the interpreter
    // ran before the loop was compiled.
    assert!(without_objects >= 200_000, "{without_objects} objects without the analysis");
    assert!(with_objects < 10_000, "{with_objects} objects with it");
}

#[test]
fn a_deoptimization_makes_the_objects_the_code_held() {
    // A field's value changes kind late: compiled code leaves with the loop's object virtual,
    // in a slot and as an evaluated value, and the interpreter goes on with it.
    check(
        "function run(n, late) {
           let sum = 0;
           let last = null;
           for (let i = 0; i < n; i++) {
             const o = { a: i, b: i < late ? i + 1 : 's' + i };
             last = o;
             sum = sum + o.a + o.b;
             if (typeof sum === 'string') sum = sum.length;
           }
           return [sum, last.a, last.b];
         }
         console.log(run(3000, 2990).join());
         console.log(run(5000, 100).join());",
        "9,2999,s2999\n9,4999,s4999\n",
    );
    // Inside an inlined callee that holds the object in its own slot.
    check(
        "function use(o, k) { let t = o.a; t = t + k; return t + o.b; }
         function run(n, bad) {
           let s = 0;
           for (let i = 0; i < n; i++) {
             const o = { a: i, b: 1 };
             s += use(o, i === bad ? 'x' : 1);
             if (typeof s === 'string') s = s.length;
           }
           return s;
         }
         console.log(run(3000, 2900), run(3000, -1));",
        "292261 4504500\n",
    );
}

#[test]
fn objects_escape_where_they_escape() {
    // Stored in a branch, escaping in a branch, compared, nested, returned by a factory,
    // captured by a closure: what the program sees is the same objects.
    check(
        "const kept = [];
         function mk(i) { if (i < 0) return null; return { x: i, y: 2 * i }; }
         function run(n) {
           let sum = 0;
           for (let i = 0; i < n; i++) {
             const o = { a: i, b: 2, c: { d: i % 7 } };
             if (i % 3 === 0) o.a = 7;
             if (i % 100 === 0) kept.push(o);
             const p = mk(i);
             const f = () => p.x;
             sum += o.a + o.b + o.c.d + f() + p.y + (o === o ? 1 : 0) + (o === p ? 100 : 0);
           }
           return sum;
         }
         console.log(run(2000), kept.length, kept[5].a, kept[6].c.d);",
        "7346331 20 500 5\n",
    );
}
