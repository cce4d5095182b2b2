//! The cost of one compilation grows at most linearly with the size of the unit.
//!
//! Time is not measured (it depends on the machine and on what else it runs); the work is
//! counted instead, exactly: the IR instructions partial evaluation produces, and the bytes the
//! compiling thread allocates from the start of partial evaluation to the end of code
//! generation (SSA construction's tables, the register allocator's structures, the code). Each
//! case compiles a function of `n` and of `2n` statements of one kind; doubling the unit may at
//! most a little more than double either count. Quadratic work (an exit that stores every slot
//! assigned so far, a table per variable over every block before it) shows as a factor near 4.
//!
//! A unit past `MaximumGraalGraphSize` is refused while it is partially evaluated, so its
//! compilation allocates no more than a unit at the limit would.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini::compiled::{Compilation, Compiler};
use porcini_jit::Jit;

use porcini_jit::alloc_count as allocation;

/// What compiling `function` of `program` (warmed up in the interpreter first) cost: IR
/// instructions after partial evaluation, and bytes allocated.
fn cost(program: &str, function: &str, options: EngineOptions) -> Result<(usize, u64), String> {
    let options = EngineOptions { compilation: false, background_compilation: false, ..options };
    let engine = SlEngine::new(options, Host::new(Box::new(std::io::sink())));
    engine.run(program, "test.sl").expect("the program runs");
    let rt = engine.runtime();
    let target = rt.call_targets().into_iter().find(|t| t.name() == function).expect("the function exists");
    let jit = Rc::new(Jit::new().expect("a code generator for this machine"));
    let before = allocation::bytes_allocated();
    let result = jit.compile(rt, &target);
    let bytes = allocation::bytes_allocated() - before;
    match result {
        Ok(Compilation::Ready(code)) => Ok((code.stats().ir_after_pe, bytes)),
        Ok(Compilation::Queued(..)) => panic!("synchronous compilation queued"),
        Err(e) => Err(format!("{e} (after {bytes} bytes)")),
    }
}

/// A program whose function `f` has `n` copies of `statement` (with `$` replaced by the copy's
/// number) after `prologue`, and is called a few times first.
fn program(prologue: &str, statement: &str, n: usize) -> String {
    let body: String = (0..n).map(|i| format!("  {}\n", statement.replace('$', &i.to_string()))).collect();
    format!("function f(a) {{\n  {prologue}\n{body}  return a;\n}}\nfunction main() {{ f(1); f(2); f(3); }}\n")
}

/// Checks that doubling the statements at most a little more than doubles both counts.
fn check_linear(prologue: &str, statement: &str, n: usize) {
    let options = EngineOptions { verify_ir: false, ..EngineOptions::default() };
    let (ir1, bytes1) = cost(&program(prologue, statement, n), "f", options.clone()).expect("compiles");
    let (ir2, bytes2) = cost(&program(prologue, statement, 2 * n), "f", options).expect("compiles");
    let (ir_ratio, byte_ratio) = (ir2 as f64 / ir1 as f64, bytes2 as f64 / bytes1 as f64);
    assert!(
        ir_ratio <= 2.3 && byte_ratio <= 2.5,
        "{statement:?} x {n} -> x {}: IR {ir1} -> {ir2} ({ir_ratio:.2}x), bytes {bytes1} -> {bytes2} ({byte_ratio:.2}x)",
        2 * n
    );
}

#[test]
fn a_string_built_statement_by_statement() {
    // The case: every statement is a call-free concatenation with its own exits.
    check_linear("y = \"\";", "y = y + \"c\";", 400);
}

#[test]
fn many_locals_each_assigned_once() {
    // Each statement assigns a new local, so every exit has one more slot to write back.
    check_linear("", "x$ = a + $;", 400);
}

#[test]
fn many_locals_read_again() {
    // Locals assigned and read back across the whole function, with an overflow check each.
    check_linear("s = 0;", "s = s + a; x$ = s - $;", 300);
}

#[test]
fn statements_with_calls_and_branches() {
    // Calls (after which the code checks it is still valid) and ifs (joins) between statements.
    check_linear("s = 0;", "if (a < $) { s = s + 1; } else { s = s - 1; } println(s);", 200);
}

#[test]
fn a_unit_past_the_size_limit_is_refused_early() {
    let options = EngineOptions { maximum_graal_graph_size: 20_000, ..EngineOptions::default() };
    let small = program("y = \"\";", "y = y + \"c\";", 300);
    let (_, limit_bytes) = cost(&small, "f", options.clone()).expect("a unit under the limit compiles");
    // Forty times the statements: refused once the graph passes the limit, so it costs about
    // what partial evaluation up to the limit costs, not forty times the small unit.
    let big = program("y = \"\";", "y = y + \"c\";", 12_000);
    let e = cost(&big, "f", options).expect_err("a unit past the limit is refused");
    assert!(e.starts_with("Graph too big to safely compile."), "{e}");
    let bytes: u64 = e.rsplit("after ").next().and_then(|s| s.trim_end_matches(" bytes)").parse().ok()).expect("bytes");
    assert!(bytes < 4 * limit_bytes, "refusing cost {bytes} bytes, compiling the small unit {limit_bytes}");
}

/// A chain of `depth` helpers, each inlined into the one before: every helper assigns its own
/// locals with overflow-checked additions (exits) before and after it calls the next.
fn nested_helpers(depth: usize) -> String {
    let mut p = String::new();
    for k in 0..depth {
        let locals: String = (0..6).map(|i| format!("x{i} = a + {}; ", i + 1)).collect();
        p.push_str(&format!(
            "function h{k}(a) {{ {locals}b = h{}(x0 + x5); return b + x1 + x2 + x3 + x4; }}\n",
            k + 1
        ));
    }
    p.push_str(&format!("function h{depth}(a) {{ return a + 1; }}\n"));
    p.push_str("function f(a) { return h0(a); }\nfunction main() { i = 0; while (i < 50) { f(i); i = i + 1; } }\n");
    p
}

#[test]
fn exits_deep_in_inlined_callees() {
    // An exit in an inlined callee hands the runtime the slots of every frame around it. Were
    // they stored at every exit, the IR would grow with the square of the depth (3.4x from
    // depth 6 to 12, measured so); exits share the stores instead (the inlined cells). What
    // still grows faster than the depth is each exit's evaluated values of the waiting callers
    // (2.3x, measured).
    let options = EngineOptions { verify_ir: false, ..EngineOptions::default() };
    let (ir1, _) = cost(&nested_helpers(6), "f", options.clone()).expect("compiles");
    let (ir2, _) = cost(&nested_helpers(12), "f", options).expect("compiles");
    let ratio = ir2 as f64 / ir1 as f64;
    assert!(ratio <= 2.6, "depth 6 -> 12: IR {ir1} -> {ir2} ({ratio:.2}x)");
}
