//! Guest code and the native stack: deeply nested code either runs or is the guest's
//! `Stack overflow` error, never an overflow of the real stack.
//!
//! Executing a tree, parsing and translating all recurse once per level of nesting. A call
//! reserves stack for every level of the callee's tree before it starts, and loading code
//! (`eval`, `defineFunction`, the program itself) checks the stack left at every level. These
//! tests run engines on a thread whose small stack is declared to the engine, as the launcher
//! declares its big one; the launcher's own tests cover code reached near the end of a deep
//! recursion.


use lang_sl::{Host, RunError, SlEngine};
use porcini::EngineOptions;

/// The stack of the test threads.
const STACK: usize = 16 << 20;

/// Runs `program` on a thread with [`STACK`] bytes of stack declared to the engine; returns the
/// outcome, and the native stack each named function's calls need.
fn run(program: String, functions: &'static [&'static str]) -> (Result<Option<String>, RunError>, Vec<usize>) {
    let thread = std::thread::Builder::new().stack_size(STACK).spawn(move || {
        let options = EngineOptions { compilation: false, ..EngineOptions::default() };
        let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
        let marker = 0u8;
        // The thread's stack starts a little above this frame; leave the difference unused.
        engine.set_native_stack(std::hint::black_box(&marker) as *const u8 as usize, STACK - (64 << 10));
        let outcome = engine.run(&program, "stack.sl");
        let targets = engine.runtime().call_targets();
        let needs = functions
            .iter()
            .map(|name| targets.iter().find(|t| t.name() == *name).map_or(0, |t| t.native_need()))
            .collect();
        (outcome, needs)
    });
    match thread.map(|h| h.join()) {
        Ok(Ok(r)) => r,
        _ => panic!("the engine thread failed"),
    }
}

/// `1 + (1 + (... 1 ...))` with `depth` additions.
fn nested_sum(depth: usize) -> String {
    format!("{}1{}", "1 + (".repeat(depth), ")".repeat(depth))
}

fn stack_overflow() -> Result<Option<String>, RunError> {
    Err(RunError::Guest("Stack overflow: guest recursion too deep".to_string()))
}

#[test]
fn calls_reserve_stack_for_the_callee_tree() {
    // Half a kilobyte per level of the tree, on top of the same reserve for every call.
    let program = format!(
        "function shallow() {{ return 1; }}\nfunction deep() {{ return {}; }}\nfunction main() {{ return shallow() + deep(); }}",
        nested_sum(1_000)
    );
    let (outcome, needs) = run(program, &["shallow", "deep"]);
    assert_eq!(outcome, Ok(Some("1002".to_string())));
    let (shallow, deep) = (needs[0], needs[1]);
    assert!(shallow > 0 && shallow < 300 << 10, "shallow needs {shallow}");
    assert!(deep >= shallow + 1_000 * 512, "deep needs {deep}, shallow {shallow}");
}

#[test]
fn deep_code_runs_where_it_fits() {
    // Parsing takes the most stack per level (about 2 KB here), so 3,000 levels fit in 16 MiB
    // and 30,000 do not, whether the program itself or code given to `eval` or `defineFunction`
    // nests that deep.
    let (outcome, _) = run(format!("function main() {{ return {}; }}", nested_sum(3_000)), &[]);
    assert_eq!(outcome, Ok(Some("3001".to_string())));
    let (outcome, _) = run(format!("function main() {{ return {}; }}", nested_sum(30_000)), &[]);
    assert_eq!(outcome, stack_overflow());
    for (depth, expect) in [(3_000, Ok(Some("3001".to_string()))), (30_000, stack_overflow())] {
        let code = format!("function main() {{ return {}; }}", nested_sum(depth));
        let program = format!("function main() {{ return eval(\"sl\", \"{code}\"); }}");
        assert_eq!(run(program, &[]).0, expect, "eval, {depth} levels");
        let code = format!("function inner() {{ return {}; }}", nested_sum(depth));
        let program = format!("function main() {{ defineFunction(\"{code}\"); return inner(); }}");
        assert_eq!(run(program, &[]).0, expect, "defineFunction, {depth} levels");
    }
}

#[test]
fn long_chains_run_where_they_fit() {
    // A chain of additions is one level for the parser but a level per operator for the
    // translator and the tree: 20,000 fit in 16 MiB, 200,000 do not.
    let chain = |n: usize| format!("function main() {{ return 0{}; }}", " + 1".repeat(n));
    assert_eq!(run(chain(20_000), &[]).0, Ok(Some("20000".to_string())));
    assert_eq!(run(chain(200_000), &[]).0, stack_overflow());
}
