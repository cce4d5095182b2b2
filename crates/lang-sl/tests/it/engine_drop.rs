//! Dropping an engine frees its call targets and their trees.
//!
//! A call site caches the target it calls, so a recursive function's tree refers to its own
//! target, and mutually recursive functions to each other's. Those references must not keep the
//! targets alive once the engine is gone: an embedder that creates and drops engines in a loop
//! would otherwise leak every program's trees. The test watches the targets through weak
//! references obtained from the runtime's list.

use std::rc::Weak;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini::call_target::CallTarget;

/// Self-recursion, mutual recursion, a call through a function value and a recursive function
/// defined at run time, each run until the call sites have cached their targets.
const PROGRAM: &str = "
function fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }
function even(n) { if (n == 0) { return 1; } return odd(n - 1); }
function odd(n) { if (n == 0) { return 0; } return even(n - 1); }
function apply(f, x) { return f(x); }
function main() {
  defineFunction(\"function down(n) { if (n < 1) { return 0; } return down(n - 1); }\");
  return fib(15) + apply(fib, 10) + even(20) + down(5);
}
";

/// Runs `PROGRAM` in a new engine and returns weak references to every call target it created;
/// the engine is dropped on return.
fn run_and_drop() -> Vec<Weak<CallTarget<lang_sl::Sl>>> {
    let options = EngineOptions { compilation: false, ..EngineOptions::default() };
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    let result = engine.run(PROGRAM, "drop.sl");
    assert_eq!(result, Ok(Some("666".to_string())));
    let targets = engine.runtime().call_targets();
    for name in ["fib", "even", "odd", "down"] {
        assert!(targets.iter().any(|t| t.name() == name && t.known_callers() > 0), "{name}'s call sites are cached");
    }
    targets.iter().map(std::rc::Rc::downgrade).collect()
}

#[test]
fn dropping_an_engine_frees_its_call_targets() {
    for round in 0..50 {
        let targets = run_and_drop();
        let alive: Vec<String> = targets.iter().filter_map(Weak::upgrade).map(|t| t.name().to_string()).collect();
        assert!(alive.is_empty(), "round {round}: targets still alive after the engine was dropped: {alive:?}");
    }
}
