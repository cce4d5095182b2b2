//! Guest errors thrown out of compiled code into an interpreted `catch` of the same activation.
//!
//! Compiled code keeps a loop's locals in registers and does not write them back to the frame
//! before a boundary call that neither reads nor writes the frame. When such a call throws out
//! of an on-stack-replaced loop, the `catch` around the loop runs in the interpreter, in this
//! very activation, and reads the locals from the frame: the write-back happens on the
//! unwinding path instead. Every program here prints what node prints, in the interpreter and
//! compiled.

use std::rc::Rc;

use porcini::{EngineOptions, Host};
use porcini_jit::Jit;
use porcini_tools::trace::SharedBuffer;

/// Runs an EasyScript program, interpreted or with loops replaced on the stack after ten
/// iterations (and calls compiled after twenty), in the foreground; returns its output.
fn run_es(program: &str, compiled: bool) -> String {
    let out = SharedBuffer::new();
    let options = EngineOptions {
        background_compilation: false,
        single_tier_compilation_threshold: 20,
        osr_compilation_threshold: 10,
        verify_ir: true,
        ..EngineOptions::default()
    };
    let engine = lang_es::EsEngine::new(options, Host::new(Box::new(out.clone())));
    if compiled {
        engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    }
    engine.run(program, "test.js").expect("the program runs");
    out.contents()
}

/// Checks that `program` prints `expect` (node's output) interpreted and compiled.
fn check(program: &str, expect: &str) {
    for compiled in [false, true] {
        assert_eq!(run_es(program, compiled), expect, "compiled: {compiled}");
    }
}

#[test]
fn a_catch_around_a_compiled_loop_sees_the_locals_of_the_throwing_iteration() {
    // A property read of `undefined` throws from the read's boundary.
    check(
        "function g(n) {
           let a = 0, t = '';
           try {
             for (let i = 0; i < n; i++) {
               a = i; t = 'v' + i;
               const o = i === n - 1 ? undefined : { p: i };
               a = a + o.p;
             }
           } catch (e) {
             console.log(a, t, e instanceof TypeError);
           }
         }
         for (let k = 0; k < 5; k++) g(2000);",
        &"1999 v1999 true\n".repeat(5),
    );
    // A concatenation past the longest string throws from the concatenation's boundary.
    check(
        "function f(n) {
           let a = 0, b = 0, s = 'x';
           try {
             for (let i = 0; i < n; i++) { a = i; b = i * 2; s = s + s; }
           } catch (e) {
             console.log(a, b, s.length, e instanceof RangeError);
           }
         }
         for (let k = 0; k < 5; k++) f(100);",
        &"28 56 268435456 true\n".repeat(5),
    );
    // A builtin's error, after a local was assigned in the same iteration.
    check(
        "function h(n) {
           let a = 0, t = '';
           try {
             for (let i = 0; i < n; i++) { a = i; t = 'w' + i; if (i === n - 1) 'abc'.repeat(-1); }
           } catch (e) {
             console.log(a, t, e.name);
           }
         }
         for (let k = 0; k < 5; k++) h(2000);",
        &"1999 w1999 RangeError\n".repeat(5),
    );
}
