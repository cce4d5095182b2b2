//! Exact deoptimization, rehearsed in the interpreter: `main` runs until a chosen speculation
//! fails, stops there as compiled code would (keeping only the frame state and the slots), and the
//! interpreter resumes from that state. The output and the result must be exactly those of a run
//! that never stopped: every side effect before the stop happens once, none after it is lost.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini::call_target::CallTarget;
use porcini::resume::Deopt;
use porcini::runtime::Rehearsal;
use porcini::symbolic::{Recording, SymFrame};

/// Output shared between the engine and the test.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn engine(gc_stress: bool) -> (SlEngine, Shared) {
    let out = Shared::default();
    let options = EngineOptions { compilation: false, gc_stress, ..EngineOptions::default() };
    let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
    (engine, out)
}

fn text(out: &Shared) -> String {
    String::from_utf8_lossy(&out.0.borrow()).into_owned()
}

/// Runs `program` once straight through and once stopped at the `nth` failing speculation named
/// `reason` and resumed; both must print and return the same, with and without a collection at
/// every allocation. Returns the stop's resume path, so a case can also say where it stopped.
fn check(program: &str, reason: &'static str, nth: usize) -> Vec<u32> {
    let path = check_in(program, reason, nth, false);
    assert_eq!(check_in(program, reason, nth, true), path, "the same stop under GC stress");
    path
}

fn check_in(program: &str, reason: &'static str, nth: usize, gc_stress: bool) -> Vec<u32> {
    let (plain, plain_out) = engine(gc_stress);
    let expected = plain.run(program, "rehearsal.sl");

    let (rehearsed, out) = engine(gc_stress);
    let main = lang_sl::load_program(rehearsed.runtime(), program, "rehearsal.sl").expect("the program loads");
    let rt = rehearsed.runtime();
    let deopt = match rt.rehearse_deopt(&main, &[], Some(reason), nth) {
        Rehearsal::Stopped(d) => d,
        Rehearsal::Finished(r) => panic!("no failing `{reason}` speculation; the run ended with {:?}", r.is_ok()),
    };
    assert_eq!(deopt.reason, reason);
    same_state_as_the_record(&rehearsed, &main, &deopt);
    let resumed = lang_sl::outcome(rt, rt.resume_entry(&main, &[], &deopt));
    assert_eq!(text(&out), text(&plain_out), "output of the resumed run");
    assert_eq!(resumed, expected, "result of the resumed run");
    deopt.state.path
}

/// The rehearsal stopped before the failing node respecialized, so the symbolic stage, recording
/// `main` now, emits a deoptimization exit at the same place: its frame state must have the
/// rehearsal's path and as many values. (This is the state compiled code will hand over.)
fn same_state_as_the_record(engine: &SlEngine, main: &CallTarget<lang_sl::Sl>, deopt: &Deopt) {
    let mut rec = Recording::default();
    SymFrame::new(engine.runtime(), &mut rec).record_root(main.root()).expect("main can be compiled");
    let path: Vec<String> = deopt.state.path.iter().map(u32::to_string).collect();
    let at = format!("\"{}\" @[{}] state(", deopt.reason, path.join("."));
    let exits: Vec<&String> = rec.lines().iter().filter(|l| l.contains(&at)).collect();
    assert!(!exits.is_empty(), "no exit {at}...) in the record:\n{}", rec.text());
    let count = |l: &str| {
        let inner = l.rsplit("state(").next().unwrap_or("").trim_end_matches(')');
        inner.split(", ").filter(|v| !v.is_empty()).count()
    };
    assert!(
        exits.iter().any(|l| count(l) == deopt.state.live.len()),
        "{} values captured, the record's exits: {exits:?}",
        deopt.state.live.len()
    );
}

#[test]
fn a_guard_fails_mid_expression_after_side_effecting_calls() {
    // At i = 3 the outer `+` (specialized to longs) gets a string from `val` after `f` printed:
    // `f(3)` must print once, and the sum continues as a string.
    let path = check(
        r#"
        function f(x) { println("f " + x); return x; }
        function val(i) { if (i == 3) { return "x"; } return i; }
        function main() {
          i = 0;
          s = 0;
          while (i < 5) {
            s = s + f(i) + val(i);
            i = i + 1;
          }
          return s;
        }
        "#,
        "do_long guard",
        0,
    );
    assert!(path.len() >= 4, "stopped inside the loop body's expression: {path:?}");
}

#[test]
fn a_local_changes_type_inside_nested_loops() {
    check(
        r#"
        function main() {
          total = 0;
          i = 0;
          while (i < 4) {
            j = 0;
            while (j < 3) {
              if (i == 2) { if (j == 1) { total = "t" + total; } }
              println(total);
              total = total + 1;
              j = j + 1;
            }
            i = i + 1;
          }
          return total;
        }
        "#,
        "do_long guard",
        0,
    );
}

#[test]
fn an_integer_overflows_to_a_big_integer() {
    check(
        r#"
        function main() {
          x = 4611686018427387903;
          i = 0;
          while (i < 4) {
            println(x);
            x = x + x;
            i = i + 1;
          }
          return x;
        }
        "#,
        "arithmetic overflow",
        0,
    );
}

#[test]
fn a_call_site_sees_a_second_function() {
    check(
        r#"
        function one() { println("one"); return 1; }
        function two() { println("two"); return 2; }
        function pick(i) { if (i < 3) { return one; } return two; }
        function main() {
          i = 0;
          s = 0;
          while (i < 5) {
            g = pick(i);
            s = s + g();
            i = i + 1;
          }
          return s;
        }
        "#,
        "call target",
        0,
    );
}

#[test]
fn the_second_failure_of_a_guard_resumes_as_well() {
    check(
        r#"
        function main() {
          a = 1;
          b = 2;
          i = 0;
          while (i < 6) {
            if (i == 2) { a = "a"; }
            if (i == 4) { b = "b"; }
            println(a + b);
            i = i + 1;
          }
        }
        "#,
        "read_long guard",
        1,
    );
}
