//! The staging proof: SL's node code, instantiated with the recording stage, records exactly the
//! operations a partial evaluator would emit for the nodes' *current* specializations.
//!
//! Each case warms a program up in the interpreter, then re-executes one function's tree with
//! [`SymFrame`] and compares the record line by line with the expectation. Node state is read as a
//! constant by the node code, so a correct record contains the checks of the active
//! specializations and nothing that dispatches on the state itself.


use lang_sl::{Host, SlEngine};
use porcini::symbolic::{Recording, SymFrame};
use porcini::EngineOptions;

/// Runs `program`, then records the tree of `function`; returns the record's lines, trimmed.
fn record(program: &str, function: &str) -> Vec<String> {
    let options = EngineOptions { compilation: false, ..EngineOptions::default() };
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    engine.run(program, "test.sl").expect("the program runs");
    let rt = engine.runtime();
    let target = rt
        .call_targets()
        .into_iter()
        .find(|t| t.name() == function)
        .unwrap_or_else(|| panic!("no function {function}"));
    let mut rec = Recording::default();
    let mut s = SymFrame::new(rt, &mut rec);
    s.record_root(target.root()).expect("the function can be compiled");
    rec.lines().iter().map(|l| l.trim().to_string()).collect()
}

/// Records `function` after running `program` and compares the record with `expect` line by line
/// (leading and trailing whitespace of each line are ignored).
fn check(program: &str, function: &str, expect: &str) {
    let got = record(program, function);
    let want: Vec<String> = expect.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
    assert_eq!(got, want, "\nrecorded:\n{}", got.join("\n"));
}

#[test]
fn a_long_add_records_one_overflow_checked_add_with_a_speculation_exit() {
    check(
        "function add(a, b) { return a + b; }
         function main() { i = 0; while (i < 100) { add(i, 1); i = i + 1; } }",
        "add",
        r#"
        v1 = read_slot 0
        v2 = has_tag v1, Int
        deopt_unless v2 "read_long guard" @[0.0.0] state()
        v3 = unbox_i64 v1
        v4 = read_slot 1
        v5 = has_tag v4, Int
        deopt_unless v5 "read_long guard" @[0.0.1] state(v3)
        v6 = unbox_i64 v4
        v7 = add_i64 v3, v6
        v8 = overflow v7
        v9 = not v8
        deopt_unless v9 "arithmetic overflow" @[0.0] state(v3, v6)
        v10 = box_i64 v7
        return v10
        "#,
    );
}

#[test]
fn a_polymorphic_add_records_a_type_check_chain_over_its_active_specializations() {
    // After longs and strings, `+` has two active specializations: the record branches on the
    // operand types (the guards), never on the node's state, and a miss of both deoptimizes.
    let lines = record(
        "function add(a, b) { return a + b; }
         function main() { add(1, 2); add(\"a\", \"b\"); }",
        "add",
    );
    let add = lines.iter().position(|l| l.contains("add_i64")).expect("a long add");
    assert!(lines.iter().any(|l| l.contains("call_boundary") && l.contains("concat")), "{lines:#?}");
    assert!(lines[..add].iter().any(|l| l.starts_with("if ")), "the long add sits in a guarded arm: {lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("deopt_invalidate \"respecialize\"")), "{lines:#?}");
}

const FIB: &str = "
function fib(n) {
  if (n < 2) {
    return n;
  }
  return fib(n - 1) + fib(n - 2);
}
function main() { return fib(15); }
";

#[test]
fn warmed_up_fib_records_its_plus_as_one_checked_add_and_calls_itself_directly() {
    let lines = record(FIB, "fib");
    let adds: Vec<usize> = lines.iter().enumerate().filter(|(_, l)| l.contains("add_i64")).map(|(i, _)| i).collect();
    assert_eq!(adds.len(), 1, "{lines:#?}");
    let add = adds[0];
    // The add's operands are the two calls' results, each checked as a long by a speculation
    // right after its call (the add executes its children as longs); the add is followed by its
    // overflow check, whose failure is a speculation exit (not a branch to a big-integer path,
    // which the interpreter takes only after the deoptimization).
    let guards: Vec<usize> =
        lines.iter().enumerate().filter(|(_, l)| l.contains("\"do_long guard\"")).map(|(i, _)| i).collect();
    assert_eq!(guards.len(), 2, "{lines:#?}");
    // Between a call and its guard sits the check that the code was not invalidated while the
    // call ran; its frame state holds the call's result, so leaving there does not call again.
    assert!(guards.iter().all(|&g| lines[g - 3].contains("= call fib(")
        && lines[g - 2].starts_with("check_valid")
        && lines[g + 1].contains("unbox_i64")), "{lines:#?}");
    assert!(lines[add - 1].contains("unbox_i64"), "{lines:#?}");
    assert!(lines[add + 1].contains("overflow"), "{lines:#?}");
    assert!(lines[add + 3].starts_with("deopt_unless") && lines[add + 3].contains("\"arithmetic overflow\""), "{lines:#?}");
    assert!(lines.last().is_some_and(|l| l.starts_with("return ")), "{lines:#?}");
    // Both recursive calls go straight to the cached target, guarded by the callee identity and
    // the "not redefined" assumption; nothing is called indirectly and nothing respecializes.
    assert_eq!(lines.iter().filter(|l| l.contains("= call fib(")).count(), 2, "{lines:#?}");
    assert_eq!(lines.iter().filter(|l| l.as_str() == "assume \"fib not redefined\"").count(), 2);
    assert!(!lines.iter().any(|l| l.contains("call_indirect") || l.contains("respecialize")), "{lines:#?}");
    // One `if`, the source's (a comparison needs no boolean check): no branch chooses between
    // specializations.
    assert_eq!(lines.iter().filter(|l| l.starts_with("if ")).count(), 1, "{lines:#?}");
}
