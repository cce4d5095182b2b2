//! `try` with `catch` and `finally` in compiled code, against the interpreter.
//!
//! Each case is a program of the test language (`mini.rs`), written beside it in pseudo-code,
//! and what it prints (one line per print, then how the run ended). `check` runs it three times
//! in the interpreter and three times with every target compiled before its first call, and
//! both must print exactly that, with every compilation succeeding. Nodes wrapped in
//! `first_visit` have never run when the code is first compiled, so the first run leaves
//! compiled code there for the interpreter (after the side effects before them, which must not
//! happen twice), and the later runs use code compiled again: each case with one tests a
//! deoptimization in the body, the handler or the finalizer, resumed exactly, and the same
//! program compiled without one.

use crate::control_flow::check_trace;
use crate::mini::{
    Function, add, call_other, equals, exit, fail, first_visit, for_loop, get, int, less, print, ret, set, throw, try_catch,
    try_catch_finally, try_finally, when,
};

/// One test per case: `plain name: main, other => "expected output";`, or `deopt name: …` for
/// a case whose first compiled run must leave for the interpreter.
macro_rules! cases {
    ($($(#[$doc:meta])* $kind:ident $name:ident: $main:expr, $other:expr => $expect:literal;)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                let trace = check_trace($main, $other, $expect);
                if stringify!($kind) == "deopt" {
                    assert!(trace.contains("opt deopt"), "no deoptimization:\n{trace}");
                }
            }
        )*
    };
}

cases! {
    /// try { print(1); throw 2; print(3) } catch (e) { print(e) } print(4)
    plain a_throw_in_the_body_reaches_the_handler:
        || Function::new("main", 0, 2, vec![
            try_catch(vec![print(int(1)), throw(int(2)), print(int(3))], 1, vec![print(get(1))]),
            print(int(4)),
        ]), None
        => "1 \n 2 \n 4 \n returned absent";

    /// other(x) { print(x); throw x + 1 }  main: try { other(10); print(0) } catch (e) { print(e) } return 5
    plain a_callees_throw_reaches_the_handler:
        || Function::new("main", 0, 2, vec![
            try_catch(vec![call_other(Some(int(10))), print(int(0))], 1, vec![print(get(1))]),
            ret(int(5)),
        ]),
        Some(|| Function::new("other", 1, 1, vec![print(get(0)), throw(add(get(0), int(1)))]))
        => "10 \n 11 \n returned 5";

    /// try { print(1); fail("catchable boom"); print(2) } catch (e) { print(e) }
    plain a_guest_error_the_language_catches_reaches_the_handler_as_its_value:
        || Function::new("main", 0, 2, vec![
            try_catch(vec![print(int(1)), fail("catchable boom"), print(int(2))], 1, vec![print(get(1))]),
        ]), None
        => "1 \n 77 \n returned absent";

    /// other() { fail("catchable deep") }  main: try { other() } catch (e) { print(e) }
    plain a_callees_guest_error_reaches_the_handler_as_its_value:
        || Function::new("main", 0, 2, vec![try_catch(vec![call_other(None)], 1, vec![print(get(1))])]),
        Some(|| Function::new("other", 0, 0, vec![fail("catchable deep")]))
        => "77 \n returned absent";

    /// try { try { exit(3) } catch (e) { print(e) } } finally { print(9) }
    plain an_exit_passes_every_catch_but_runs_the_finalizer:
        || Function::new("main", 0, 2, vec![
            try_finally(vec![try_catch(vec![exit(3)], 1, vec![print(get(1))])], vec![print(int(9))]),
        ]), None
        => "9 \n error exit(3)";

    /// other() { fail("boom") }  main: try { other() } finally { print(9) } print(0)
    plain a_callees_uncaught_error_runs_the_finalizer_and_goes_on:
        || Function::new("main", 0, 1, vec![try_finally(vec![call_other(None)], vec![print(int(9))]), print(int(0))]),
        Some(|| Function::new("other", 0, 0, vec![fail("boom")]))
        => "9 \n error boom";

    /// try { print(1) } finally { print(2) } print(3)
    plain the_finalizer_runs_after_a_body_that_falls_through:
        || Function::new("main", 0, 1, vec![try_finally(vec![print(int(1))], vec![print(int(2))]), print(int(3))]), None
        => "1 \n 2 \n 3 \n returned absent";

    /// try { print(1); return 7 } finally { print(2) } print(3)
    plain a_return_runs_the_finalizer_then_returns:
        || Function::new("main", 0, 1, vec![
            try_finally(vec![print(int(1)), ret(int(7))], vec![print(int(2))]),
            print(int(3)),
        ]), None
        => "1 \n 2 \n returned 7";

    /// try { throw 1 } finally { return 8 }
    plain a_return_in_the_finalizer_replaces_a_throw:
        || Function::new("main", 0, 1, vec![try_finally(vec![throw(int(1))], vec![ret(int(8))])]), None
        => "returned 8";

    /// try { try { print(1); throw 5 } finally { print(2) } } catch (e) { print(e) }
    plain a_throw_runs_the_finalizer_then_reaches_the_enclosing_handler:
        || Function::new("main", 0, 2, vec![try_catch(
            vec![try_finally(vec![print(int(1)), throw(int(5))], vec![print(int(2))])],
            1,
            vec![print(get(1))],
        )]), None
        => "1 \n 2 \n 5 \n returned absent";

    /// other() { fail("catchable x") }
    /// main: try { try { other() } finally { print(2) } } catch (e) { print(e) }
    plain a_callees_error_held_by_a_finalizer_reaches_the_enclosing_handler:
        || Function::new("main", 0, 2, vec![try_catch(
            vec![try_finally(vec![call_other(None)], vec![print(int(2))])],
            1,
            vec![print(get(1))],
        )]),
        Some(|| Function::new("other", 0, 0, vec![fail("catchable x")]))
        => "2 \n 77 \n returned absent";

    /// try { try { throw 1 } catch (e) { throw e + 1 } } catch (f) { print(f) }
    plain a_throw_in_a_handler_reaches_the_enclosing_handler:
        || Function::new("main", 0, 3, vec![try_catch(
            vec![try_catch(vec![throw(int(1))], 1, vec![throw(add(get(1), int(1)))])],
            2,
            vec![print(get(2))],
        )]), None
        => "2 \n returned absent";

    /// try { print(1); throw 2 } catch (e) { print(e) } finally { print(3) } print(4)
    plain catch_and_finally_together:
        || Function::new("main", 0, 2, vec![
            try_catch_finally(vec![print(int(1)), throw(int(2))], 1, vec![print(get(1))], vec![print(int(3))]),
            print(int(4)),
        ]), None
        => "1 \n 2 \n 3 \n 4 \n returned absent";

    /// other(x) { try { return x + 1 } finally { print(x) } }  main: print(other(4))
    plain a_return_through_a_finalizer_in_a_callee:
        || Function::new("main", 0, 0, vec![print(call_other(Some(int(4))))]),
        Some(|| Function::new("other", 1, 1, vec![try_finally(vec![ret(add(get(0), int(1)))], vec![print(get(0))])]))
        => "4 \n 5 \n returned absent";

    /// for (i = 0; i < 3; i += 1) { try { if (i == 1) continue; print(i) } finally { print(50 + i) } }
    plain a_continue_runs_the_finalizer_then_continues:
        || Function::new("main", 0, 1, vec![
            set(0, int(0)),
            for_loop(&[], less(get(0), int(3)), set(0, add(get(0), int(1))), vec![try_finally(
                vec![when(equals(get(0), int(1)), vec![Box::new(porcini::control::JumpNode::continue_())]), print(get(0))],
                vec![print(add(int(50), get(0)))],
            )]),
        ]), None
        => "0 \n 50 \n 51 \n 2 \n 52 \n returned absent";

    /// for (i = 0; i < 6; i += 1) { try { if (i < 3) throw i; print(100 + i) } catch (e) { print(e) } }
    plain a_loop_that_throws_and_catches:
        || Function::new("main", 0, 2, vec![
            set(0, int(0)),
            for_loop(&[], less(get(0), int(6)), set(0, add(get(0), int(1))), vec![try_catch(
                vec![when(less(get(0), int(3)), vec![throw(get(0))]), print(add(int(100), get(0)))],
                1,
                vec![print(get(1))],
            )]),
        ]), None
        => "0 \n 1 \n 2 \n 103 \n 104 \n 105 \n returned absent";

    /// try { print(1); first_visit(print(2)); throw 3 } catch (e) { print(e) } print(4)
    deopt a_deoptimization_in_the_body_resumes_with_the_handler_installed:
        || Function::new("main", 0, 2, vec![
            try_catch(vec![print(int(1)), first_visit(print(int(2))), throw(int(3))], 1, vec![print(get(1))]),
            print(int(4)),
        ]), None
        => "1 \n 2 \n 3 \n 4 \n returned absent";

    /// try { print(1); throw 3 } catch (e) { print(e); first_visit(print(e + 1)); print(e + 2) } print(9)
    deopt a_deoptimization_in_the_handler_resumes_with_the_caught_value:
        || Function::new("main", 0, 2, vec![
            try_catch(
                vec![print(int(1)), throw(int(3))],
                1,
                vec![print(get(1)), first_visit(print(add(get(1), int(1)))), print(add(get(1), int(2)))],
            ),
            print(int(9)),
        ]), None
        => "1 \n 3 \n 4 \n 5 \n 9 \n returned absent";

    /// other(x) { throw x }
    /// main: x = 1; try { other(3) } catch (e) { print(e); x = 2; first_visit(print(e + x)) } return x
    deopt a_deoptimization_in_the_handler_of_a_callees_throw:
        || Function::new("main", 0, 2, vec![
            set(0, int(1)),
            try_catch(
                vec![call_other(Some(int(3)))],
                1,
                vec![print(get(1)), set(0, int(2)), first_visit(print(add(get(1), get(0))))],
            ),
            ret(get(0)),
        ]),
        Some(|| Function::new("other", 1, 1, vec![throw(get(0))]))
        => "3 \n 5 \n returned 2";

    /// try { print(1); return 7 } finally { print(2); first_visit(print(3)) } print(4)
    deopt a_deoptimization_in_the_finalizer_keeps_the_pending_return:
        || Function::new("main", 0, 1, vec![
            try_finally(vec![print(int(1)), ret(int(7))], vec![print(int(2)), first_visit(print(int(3)))]),
            print(int(4)),
        ]), None
        => "1 \n 2 \n 3 \n returned 7";

    /// try { print(1); throw 6 } finally { print(2); first_visit(print(3)) }
    deopt a_deoptimization_in_the_finalizer_keeps_the_pending_throw:
        || Function::new("main", 0, 1, vec![
            try_finally(vec![print(int(1)), throw(int(6))], vec![print(int(2)), first_visit(print(int(3)))]),
        ]), None
        => "1 \n 2 \n 3 \n threw 6";

    /// other() { fail("boom") }  main: try { other() } finally { print(1); first_visit(print(2)) }
    deopt a_deoptimization_in_the_finalizer_keeps_a_callees_pending_error:
        || Function::new("main", 0, 1, vec![
            try_finally(vec![call_other(None)], vec![print(int(1)), first_visit(print(int(2)))]),
        ]),
        Some(|| Function::new("other", 0, 0, vec![fail("boom")]))
        => "1 \n 2 \n error boom";

    /// for (i = 0; i < 3; i += 1) { try { if (i == 1) break; print(i) }
    ///   finally { if (i == 1) first_visit(print(77)) } } print(99)
    deopt a_deoptimization_in_the_finalizer_keeps_the_pending_break:
        || Function::new("main", 0, 1, vec![
            set(0, int(0)),
            for_loop(&[], less(get(0), int(3)), set(0, add(get(0), int(1))), vec![try_finally(
                vec![when(equals(get(0), int(1)), vec![Box::new(porcini::control::JumpNode::break_())]), print(get(0))],
                vec![when(equals(get(0), int(1)), vec![first_visit(print(int(77)))])],
            )]),
            print(int(99)),
        ]), None
        => "0 \n 77 \n 99 \n returned absent";

    /// try { print(1); throw 2 } catch (e) { print(e); first_visit(print(3)) } finally { print(4); first_visit(print(5)) }
    deopt deoptimizations_in_the_handler_and_the_finalizer_of_one_try:
        || Function::new("main", 0, 2, vec![try_catch_finally(
            vec![print(int(1)), throw(int(2))],
            1,
            vec![print(get(1)), first_visit(print(int(3)))],
            vec![print(int(4)), first_visit(print(int(5)))],
        )]), None
        => "1 \n 2 \n 3 \n 4 \n 5 \n returned absent";

    /// other(x) { print(x); first_visit(print(x + 1)); throw x + 2 }  main: try { other(1) } catch (e) { print(e) }
    deopt a_deoptimization_in_a_callee_whose_throw_the_caller_catches:
        || Function::new("main", 0, 2, vec![try_catch(vec![call_other(Some(int(1)))], 1, vec![print(get(1))])]),
        Some(|| Function::new("other", 1, 1, vec![
            print(get(0)), first_visit(print(add(get(0), int(1)))), throw(add(get(0), int(2))),
        ]))
        => "1 \n 2 \n 3 \n returned absent";
}
