//! The inliner's call tree: the `TraceInlining` lines of each of the six states, the DOT dump,
//! and calls made from inside inlined callees.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::EngineOptions;
use porcini_jit::Jit;
use porcini_tools::dump::MemoryDumps;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// Runs `program` compiled in the foreground with `options`; its output, trace and dumps.
fn run(program: &str, options: EngineOptions) -> (String, String, Vec<(String, String)>) {
    let out = SharedBuffer::new();
    let log = SharedBuffer::new();
    let dumps = MemoryDumps::new();
    let options = EngineOptions { background_compilation: false, ..options };
    let engine = SlEngine::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    engine.runtime().set_dump_writer(Box::new(dumps.clone()));
    engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    engine.run(program, "test.sl").expect("the program runs");
    (out.contents(), log.contents(), dumps.files())
}

/// The lines of the call tree of `unit`'s first compilation, from `inline start` to `inline done`.
fn tree_of(trace: &str, unit: &str) -> String {
    let start = format!("inline start     {unit} ");
    let lines: Vec<&str> = trace.lines().collect();
    let Some(at) = lines.iter().position(|l| l.contains(&start)) else { panic!("no call tree of {unit}:\n{trace}") };
    let end = lines[at..].iter().position(|l| l.contains("inline done")).map_or(lines.len(), |e| at + e + 1);
    lines[at..end].join("\n")
}

/// Each line of a call tree as its state and name, the text before the first column.
fn calls_of(tree: &str) -> Vec<String> {
    tree.lines()
        .map(|l| l.trim_start_matches("[engine] ").split('|').next().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// One call in each state, in `unit`: a builtin left a call (Cutoff), `twice`, which would
/// leave two calls for one (Expanded), `apply` with `leaf` (Inlined), `rare`, whose dispatch
/// on the constant `leaf` folds away (Removed), `big`, past the graph size (BailedOut), and a
/// call of a function value with too many targets to cache (Indirect).
const SIX_STATES: &str = "
function leaf(x) { return x + 1; }
function rare(x) { return x * 2; }
function apply(f, x) { return f(x); }
function twice(x) { a = typeOf(x); b = typeOf(x); return x; }
function one(x) { return x; }
function two(x) { return x + 1; }
function three(x) { return x + 2; }
function four(x) { return x + 3; }
function pick(i) {
  if (i - (i / 4) * 4 == 0) { return one; }
  if (i - (i / 4) * 4 == 1) { return two; }
  if (i - (i / 4) * 4 == 2) { return three; }
  return four;
}
function big(x) {
  y = x; y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  y = y + 1; y = y + 2; y = y + 3; y = y + 4; y = y + 5; y = y + 6; y = y + 7; y = y + 8;
  return y;
}
function unit(i, f) {
  s = typeOf(i);
  s = twice(i);
  s = apply(leaf, i);
  s = s + big(i);
  s = s + f(i);
  return s;
}
function main() {
  i = 0; t = 0;
  while (i < 1000) { t = t + unit(i, pick(i)) + apply(rare, i); i = i + 1; }
  println(t);
}";

/// `apply` has two callers, so splitting would give `unit` a copy of its own, monomorphic;
/// the loop stays interpreted, so `unit` is compiled as a unit of its own; the graph size
/// keeps `big` out.
fn six_states_options() -> EngineOptions {
    EngineOptions {
        splitting: false,
        inline_only: "~main".to_string(),
        maximum_graal_graph_size: 600,
        trace_inlining: true,
        ..EngineOptions::default()
    }
}

#[test]
fn each_of_the_six_states_in_one_trace() {
    let (out, trace, _) = run(SIX_STATES, six_states_options());
    let (interpreted, _, _) = run(SIX_STATES, EngineOptions { compilation: false, ..six_states_options() });
    assert_eq!(out, interpreted);
    insta::assert_snapshot!(tree_of(&trace, "unit"));
}

#[test]
fn trace_inlining_details_shows_the_calls_below_expanded_ones() {
    let options = EngineOptions { trace_inlining_details: true, ..six_states_options() };
    let (_, trace, _) = run(SIX_STATES, options);
    let tree = tree_of(&trace, "unit");
    // `twice`'s own calls, which only the details show.
    let below_twice: Vec<&str> =
        tree.lines().skip_while(|l| !l.contains("Expanded           twice")).skip(1).take(2).collect();
    assert!(below_twice.iter().all(|l| l.contains("Cutoff               typeOf")), "{tree}");
}

#[test]
fn the_call_tree_is_dumped_as_dot() {
    let options = EngineOptions { trace_inlining: false, inlining_dump_call_tree: true, ..six_states_options() };
    let (_, _, dumps) = run(SIX_STATES, options);
    let (name, dot) = dumps.iter().find(|(n, _)| n.contains("-unit")).expect("a dump of unit's call tree");
    assert!(name.starts_with("call-tree-") && name.ends_with("-unit.dot"), "{name}");
    assert!(dot.starts_with("digraph call_tree {"), "{dot}");
    for state in ["Inlined", "Cutoff", "Expanded", "Removed", "BailedOut", "Indirect"] {
        assert!(dot.contains(&format!("\\n{state}\\n")), "{state} missing:\n{dot}");
    }
}

#[test]
fn a_helper_calling_a_helper_calling_a_leaf_is_inlined_whole() {
    let program = "
        function leaf(x) { return x * 3; }
        function inner(x) { y = leaf(x) + 1; println(y); return y; }
        function outer(x) { return inner(x) + inner(x + 1); }
        function main() { i = 0; s = 0; while (i < 200) { s = s + outer(i); i = i + 1; } println(s); }";
    let options = EngineOptions { trace_inlining: true, osr_compilation_threshold: 50, ..EngineOptions::default() };
    let (out, trace, _) = run(program, options.clone());
    let (interpreted, _, _) = run(program, EngineOptions { compilation: false, ..options });
    assert_eq!(out, interpreted);
    let tree = tree_of(&trace, "main<OSR>");
    let states: Vec<String> = tree
        .lines()
        .map(|l| l.trim_start_matches("[engine] ").split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        states,
        [
            "inline start",
            "Inlined outer",
            "Inlined inner",
            "Inlined leaf",
            "Cutoff println",
            "Inlined inner",
            "Inlined leaf",
            "Cutoff println",
            "inline done"
        ],
        "{tree}"
    );
}

/// Runs the EasyScript `program` compiled in the foreground with `options`; its output and trace.
fn run_es(program: &str, options: EngineOptions) -> (String, String) {
    let out = SharedBuffer::new();
    let log = SharedBuffer::new();
    let options = EngineOptions { background_compilation: false, ..options };
    let engine = lang_es::EsEngine::new(options, Host::new(Box::new(out.clone())));
    engine.runtime().set_trace_sink(TraceSink::new(Box::new(log.clone())));
    engine.runtime().set_compiler(Rc::new(Jit::new().expect("a code generator for this machine")));
    engine.run(program, "test.js").expect("the program runs");
    (out.contents(), log.contents())
}

#[test]
fn a_call_site_inlines_the_code_its_fresh_closures_share() {
    // Each iteration makes a new closure; they all run one code, which `apply`'s call site
    // calls directly once it has seen it, so the compiler inlines it (as a callback of an
    // array method is in Graal.js), and a closure of other code afterwards still runs right.
    let program = "
        function apply(f, x) { return f(x); }
        function run(n) { let s = 0; for (let i = 0; i < n; i++) { const k = i & 7; s += apply((x) => x * k, i); } return s; }
        let t = 0;
        for (let r = 0; r < 40; r++) t += run(100);
        console.log(t, apply((x) => x + '!', 'ok'));";
    let options = EngineOptions { trace_inlining: true, single_tier_compilation_threshold: 30, ..EngineOptions::default() };
    let (out, trace) = run_es(program, options.clone());
    let (interpreted, _) = run_es(program, EngineOptions { compilation: false, ..options });
    assert_eq!(out, interpreted);
    assert_eq!(out, "682160 ok!\n");
    let tree = tree_of(&trace, "run");
    // The state and the name before the first column (the arrow function's name is empty).
    let calls = calls_of(&tree);
    assert_eq!(calls, ["inline start run", "Inlined apply", "Inlined", "inline done run"], "{tree}");
}

#[test]
fn trivial_callees_are_inlined_outside_the_budgets() {
    // With budgets too small for any callee, the setter, the getter and the constructor that
    // only stores its arguments are still inlined: EasyScript declares them trivial, and so
    // is `width`, whose read of an accessor calls it through the runtime (no call of the
    // tree). `sum` loops and `twice` calls, so they are not.
    let program = "
        class Box {
          constructor(w, h) { this.w = w; this.h = h; }
          setW(w) { this.w = w; }
          getW() { return this.w; }
          get area() { return this.w * this.h; }
          width() { return this.area; }
          sum(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; }
          twice() { return this.getW() + this.getW(); }
        }
        function unit(b, i) {
          b.setW(i);
          const c = new Box(i, 2);
          return b.getW() + c.getW() + b.width() + b.sum(3) + b.twice();
        }
        let t = 0;
        const b = new Box(1, 3);
        for (let r = 0; r < 200; r++) t += unit(b, r);
        console.log(t);";
    let options = EngineOptions {
        trace_inlining: true,
        single_tier_compilation_threshold: 100,
        inlining_expansion_budget: 1,
        inlining_inlining_budget: 1,
        ..EngineOptions::default()
    };
    let (out, trace) = run_es(program, options.clone());
    let (interpreted, _) = run_es(program, EngineOptions { compilation: false, ..options });
    assert_eq!(out, interpreted);
    let tree = tree_of(&trace, "unit");
    let calls = calls_of(&tree);
    assert_eq!(
        calls,
        [
            "inline start unit",
            "Inlined setW",
            "Inlined Box",
            "Inlined getW",
            "Inlined getW",
            "Inlined width",
            "Cutoff sum",
            "Cutoff twice",
            "inline done unit"
        ],
        "{tree}"
    );
}

#[test]
fn a_super_call_calls_its_parent_directly_so_the_parent_is_inlined() {
    // `super(...)` learns its class's parent and calls its code directly, as a `new` of one
    // constructor does: the parents are inlined into the constructor that calls them, two
    // levels deep, with the object made by the site when the parent is a base class. A class
    // with fields still runs their initializer, and a site in a class made twice (a second
    // class at one site) constructs through the full path and still gives the same results.
    let program = "
        class A { constructor(x, y) { this.x = x; this.y = y; } }
        class B extends A { constructor(x) { super(x, 2); this.z = x + 1; } }
        class C extends B { constructor(x) { super(x); this.w = 4; } }
        class D extends A { f = 5; constructor(x) { super(x, 1); } }
        function make(k) { return class extends A { constructor(x) { super(x, k); } }; }
        const E1 = make(7), E2 = make(8);
        function unit(i) {
          const c = new C(i);
          const d = new D(i);
          return c.x + c.y + c.z + c.w + d.x + d.y + d.f;
        }
        let t = 0;
        for (let r = 0; r < 200; r++) t += unit(r) + new E1(r).y + new E2(r).y;
        console.log(t);";
    let options = EngineOptions { trace_inlining: true, single_tier_compilation_threshold: 100, ..EngineOptions::default() };
    let (out, trace) = run_es(program, options.clone());
    let (interpreted, _) = run_es(program, EngineOptions { compilation: false, ..options });
    assert_eq!(out, interpreted);
    assert_eq!(out, "65300\n");
    let tree = tree_of(&trace, "unit");
    // The state and the name, without a split's suffix (`A`'s stores meet four classes'
    // objects, so each constructor calling it gets a copy of its own).
    let calls: Vec<String> = calls_of(&tree).iter().map(|c| c.split(" <split").next().unwrap_or("").to_string()).collect();
    assert_eq!(calls, ["inline start unit", "Inlined C", "Inlined B", "Inlined A", "Inlined D", "Inlined A", "inline done unit"], "{tree}");
}
