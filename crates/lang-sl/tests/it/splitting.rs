//! Call-target splitting on SL programs, through the engine's traces: the seed's add / double /
//! callsDouble example, the four `[poly-event]` shapes of the reporting guide, each refusal, the
//! summary, the decision dumps, forced splits and `--engine.Splitting=false`.
//!
//! Every case goes through [`run`], which runs a program with the given `--engine.*` options, a
//! trace sink and a dump writer of its own, and returns the trace with node addresses replaced by
//! `<addr>` (they differ from run to run); [`check`] compares that trace with a snapshot.

use std::rc::Rc;

use lang_sl::{Host, SlEngine};
use porcini::call_target::CallTarget;
use porcini::{EngineOptions, NodeCost, SlotId, SlotKind};
use porcini_tools::dump::MemoryDumps;
use porcini_tools::trace::{SharedBuffer, TraceSink};

/// A finished run: the engine (for inspecting targets), its trace and its dumps.
struct Run {
    engine: SlEngine,
    trace: String,
    dumps: MemoryDumps,
}

impl Run {
    /// Every target whose trace name starts with `name` followed by nothing or a split suffix.
    fn targets(&self, name: &str) -> Vec<Rc<CallTarget<lang_sl::Sl>>> {
        let split = format!("{name} <split-");
        self.engine
            .runtime()
            .call_targets()
            .into_iter()
            .filter(|t| t.name() == name || t.name().starts_with(&split))
            .collect()
    }
}

/// Replaces every `@<hex>` node address with `@xxxxxxxxxxxx`, and moves the column after it as if
/// the address had those twelve digits, so that traces compare across runs column for column.
fn wildcard_addresses(text: &str) -> String {
    const WIDTH: usize = 12;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..=at]);
        let after = &rest[at + 1..];
        let hex = after.chars().take_while(char::is_ascii_hexdigit).count();
        rest = &after[hex..];
        if hex == 0 {
            continue;
        }
        out.push_str(&"x".repeat(WIDTH));
        let spaces = rest.chars().take_while(|&c| c == ' ').count();
        if spaces > 0 {
            out.push_str(&" ".repeat((spaces + hex).saturating_sub(WIDTH).max(1)));
            rest = &rest[spaces..];
        }
    }
    out.push_str(rest);
    out
}

/// Runs `program` with `options` (`Name=value` pairs) and closes the engine.
fn run(program: &str, options: &[&str]) -> Run {
    let mut opts = EngineOptions { compilation: false, ..EngineOptions::default() };
    for o in options {
        let (name, value) = o.split_once('=').unwrap_or((o, "true"));
        opts.set(name, value).unwrap_or_else(|e| panic!("bad option {o}: {e}"));
    }
    let engine = SlEngine::new(opts, Host::new(Box::new(std::io::sink())));
    let buffer = SharedBuffer::new();
    let dumps = MemoryDumps::new();
    engine.set_trace_sink(TraceSink::new(Box::new(buffer.clone())));
    engine.set_dump_writer(Box::new(dumps.clone()));
    engine.run(program, "test.sl").expect("the program runs");
    engine.close();
    Run { engine, trace: wildcard_addresses(&buffer.contents()), dumps }
}

/// Compares `text` with the snapshot `name`; the header says how to regenerate it.
fn snapshot(name: &str, text: &str) {
    insta::with_settings!({ description => REGENERATE, omit_expression => true }, {
        insta::assert_snapshot!(name, text);
    });
}

const REGENERATE: &str = "INSTA_UPDATE=always cargo test --release -p lang-sl --test it splitting";

/// Runs `program` with `options` and compares its trace with the snapshot `name`.
fn check(name: &str, program: &str, options: &[&str]) -> Run {
    let r = run(program, options);
    snapshot(name, &r.trace);
    r
}

const EVENTS: &[&str] = &["SplittingTraceEvents", "TraceSplitting"];

/// The seed's example, with a loop in `main` that ends, then the extra `add(1,2)`. A local in
/// `double` shows that each split profiles its slot kinds apart.
const SEED: &str = r#"
function add(arg1, arg2) {
    return arg1 + arg2;
}

function double(arg1) {
    t = arg1;
    return add(t, t);
}

function callsDouble() {
    double(1);
    double("foo");
}

function main() {
    i = 0;
    while (i < 1000) {
        callsDouble();
        i = i + 1;
    }
    add(1, 2);
}
"#;

/// The `+` node of a target's tree.
fn plus_cost(t: &CallTarget<lang_sl::Sl>) -> NodeCost {
    let tree = t.root().tree().expect("an SL function has a tree");
    let plus = porcini::node::find_path(tree, |n| n.kind_name() == "Arith").expect("add has a +");
    plus.last().map(|n| n.cost()).expect("a path ends in its node")
}

#[test]
fn seed_example_splits_double_per_site_and_add_below_each() {
    let r = check("seed_example", SEED, EVENTS);
    let double = r.targets("double");
    let add = r.targets("add");
    assert_eq!(double.len(), 3, "double and one split per call site in callsDouble");
    assert_eq!(add.len(), 4, "add, one split below each split of double, one for add(1,2)");
    // The original add saw both kinds of operands; each split saw one.
    assert_eq!(plus_cost(&add[0]), NodeCost::Polymorphic);
    for split in &add[1..] {
        assert_eq!(plus_cost(split), NodeCost::Monomorphic, "{}", split.name());
        assert_eq!(split.known_callers(), 1, "a split has its one call site");
    }
    assert!(add.iter().chain(&double).all(|t| t.needs_split() != t.split_origin().is_some()));
    // Each split of double has a frame descriptor of its own: `t` is a long in one, an object in
    // the other, and the original's saw both.
    let kinds: Vec<SlotKind> = double.iter().map(|t| t.root().frame_descriptor().kind(SlotId(1))).collect();
    assert_eq!(kinds, [SlotKind::Object, SlotKind::Long, SlotKind::Object]);
}

#[test]
fn seed_example_summary() {
    check("seed_example_summary", SEED, &["TraceSplittingSummary"]);
}

/// First execution: the polymorphism is the target's own, so the walk stops at once.
#[test]
fn poly_event_first_execution_returns_early() {
    let r = check(
        "poly_event_first_execution",
        r#"
        function run() {
            x = 1;
            i = 0;
            while (i < 2) {
                r = x + x;
                x = "s";
                i = i + 1;
            }
        }
        function main() { run(); }
        "#,
        EVENTS,
    );
    let first: Vec<&str> = r.trace.lines().take(2).collect();
    assert_eq!(
        first,
        [
            format!("[engine] [poly-event] {:<70} run", "Polymorphic event! Source: ReadLocal@xxxxxxxxxxxx"),
            format!("[engine] [poly-event] {:<70} run", "Early return: false callCount: 1, numberOfKnownCallNodes: 1"),
        ]
    );
}

/// One caller at each level, up to a target in its first execution.
#[test]
fn poly_event_walks_up_single_callers() {
    check(
        "poly_event_single_callers",
        r#"
        function addTo(p) { return p.next; }
        function handlerRun(p) { return addTo(p); }
        function tcbRun(p) { return handlerRun(p); }
        function schedule() {
            a = new(); a.next = 1;
            b = new(); b.x = 0; b.next = 2;
            o = a;
            i = 0;
            while (i < 2) {
                tcbRun(o);
                o = b;
                i = i + 1;
            }
        }
        function main() { schedule(); }
        "#,
        EVENTS,
    );
}

/// Several callers: the reporting target is marked at once.
#[test]
fn poly_event_marks_at_once() {
    check(
        "poly_event_marks_at_once",
        r#"
        function addTask(o) { return o.id; }
        function main() {
            a = new(); a.id = 1;
            b = new(); b.z = 0; b.id = 2;
            addTask(a);
            addTask(b);
        }
        "#,
        EVENTS,
    );
}

const VIA_PARENT: &str = r#"
function checkPriorityAdd(o) { return o.pri; }
function queue(o) { return checkPriorityAdd(o); }
function main() {
    a = new(); a.pri = 1;
    b = new(); b.z = 0; b.pri = 2;
    queue(a);
    queue(b);
}
"#;

/// The single caller is marked, so the reporting target is marked via its parent.
#[test]
fn poly_event_marks_via_parent() {
    let r = check("poly_event_via_parent", VIA_PARENT, &["SplittingTraceEvents", "SplittingDumpDecisions"]);
    let dumps = r.dumps.files();
    assert_eq!(dumps.len(), 1, "one dump per direct mark");
    let (name, dot) = &dumps[0];
    assert_eq!(name, "needs-split-1-queue.dot");
    snapshot("poly_event_via_parent_dump", &wildcard_addresses(dot));
}

const RECURSIVE: &str = r#"
function rec(n, v) {
    if (n == 0) { return v + v; }
    return rec(n - 1, v);
}
function main() {
    i = 0;
    while (i < 3) {
        rec(5, 1);
        rec(5, "a");
        i = i + 1;
    }
}
"#;

#[test]
fn refusals_recursion() {
    let r = check("refusal_recursive", RECURSIVE, &["TraceSplitting"]);
    assert!(r.trace.contains("split failed Recursive split."));
}

#[test]
fn refusals_budget() {
    let r = check("refusal_budget", SEED, &["TraceSplitting", "SplittingGrowthLimit=0.1"]);
    assert!(r.trace.contains("split failed Not enough budget. "));
}

#[test]
fn refusals_size() {
    let r = check("refusal_size", SEED, &["TraceSplitting", "SplittingMaxCalleeSize=5"]);
    assert!(r.trace.contains("split failed Target too big: 8 > 5"));
}

/// A call site that feeds one function both kinds of operands: the polymorphism is the site's
/// own, the function has one caller, and nothing is split (`polyadd.sl` has this shape).
#[test]
fn a_single_call_site_is_not_split() {
    let r = check(
        "single_call_site",
        r#"
        function add(a, b) { return a + b; }
        function main() {
            i = 0;
            a = 0;
            b = 0;
            while (i < 10) {
                if (i == 2 * (i / 2)) { a = i; b = 1; } else { a = "a"; b = "b"; }
                r = add(a, b);
                i = i + 1;
            }
        }
        "#,
        &["SplittingTraceEvents", "TraceSplitting", "TraceSplittingSummary"],
    );
    assert_eq!(r.targets("add").len(), 1);
}

#[test]
fn splitting_off_disables_everything() {
    let all = &["Splitting=false", "SplittingTraceEvents", "TraceSplitting", "SplittingDumpDecisions"];
    let r = run(SEED, all);
    assert_eq!(r.trace, "");
    assert!(r.dumps.files().is_empty());
    assert_eq!(r.engine.runtime().call_targets().iter().filter(|t| t.split_origin().is_some()).count(), 0);
    assert!(r.engine.runtime().call_targets().iter().all(|t| !t.needs_split()));
    // Latency mode turns splitting off too.
    assert_eq!(run(SEED, &["Mode=latency", "SplittingTraceEvents", "TraceSplitting"]).trace, "");
}

/// The call nodes in `main`'s tree.
fn main_call_sites(r: &Run) -> Vec<Rc<CallTarget<lang_sl::Sl>>> {
    r.targets("main")
}

#[test]
fn forced_splits() {
    let program = r#"
        function f(x) { return x; }
        function main() { f(1); }
    "#;
    for (allowed, expect) in [("true", true), ("false", false)] {
        let r = run(program, &["TraceSplitting", &format!("SplittingAllowForcedSplits={allowed}")]);
        let main = main_call_sites(&r).remove(0);
        let tree = main.root().tree().expect("main has a tree");
        let invoke = porcini::node::find_path(tree, |n| !n.call_nodes().is_empty()).expect("main calls f");
        let site = invoke.last().map(|n| n.call_nodes()).and_then(|c| c.first().copied()).expect("a call node");
        assert!(r.engine.runtime().is_call_target_cloning_allowed(site));
        assert_eq!(r.engine.runtime().force_split(site), expect, "allowed={allowed}");
        assert_eq!(site.is_split(), expect);
        assert_eq!(r.engine.runtime().splitting_summary().forced_splits, i64::from(expect));
        if expect {
            assert_eq!(site.target().name(), format!("f <split-{}>", site.target().id().0));
            // A site splits once.
            assert!(!r.engine.runtime().force_split(site));
        }
    }
}

/// Splitting never changes what a program prints.
#[test]
fn output_is_the_same_with_and_without_splitting() {
    let program = r#"
        function getx(o) { return o.x; }
        function viaA(o) { return getx(o); }
        function viaB(o) { return getx(o); }
        function viaC(o) { return getx(o); }
        function viaD(o) { return getx(o); }
        function main() {
            a = new(); a.x = 1;
            b = new(); b.y = 0; b.x = 2;
            c = new(); c.z = 0; c.x = 3;
            d = new(); d.w = 0; d.v = 0; d.x = 4;
            i = 0; sum = 0;
            while (i < 100) {
                sum = sum + viaA(a) + viaB(b) + viaC(c) + viaD(d);
                i = i + 1;
            }
            println(sum);
        }
    "#;
    let out = |split: &str| {
        let buffer = SharedBuffer::new();
        let mut opts = EngineOptions::default();
        opts.set("Splitting", split).expect("a valid option");
        let engine = SlEngine::new(opts, Host::new(Box::new(buffer.clone())));
        engine.run(program, "test.sl").expect("the program runs");
        engine.close();
        let splits = engine.runtime().splitting_summary().splits;
        (buffer.contents(), splits)
    };
    let (on, splits_on) = out("true");
    let (off, splits_off) = out("false");
    assert_eq!(on, "1000\n");
    assert_eq!(on, off);
    assert_eq!((splits_on, splits_off), (4, 0), "getx is split for each of its four callers");
}

/// Two functions that only call each other, reached through a call site that went indirect:
/// their single callers form a cycle, and a huge propagation depth still ends the walk (at most
/// as many steps as there are targets).
#[test]
fn a_cycle_of_single_callers_ends_the_walk() {
    let r = run(
        r#"
        function f(n, v) { if (n == 0) { return v + v; } return g(n - 1, v); }
        function g(n, v) { return f(n, v); }
        function h(n, v) { return 0; }
        function k(n, v) { return 0; }
        function main() {
            fs = new(); fs.a = h; fs.b = k; fs.c = f;
            i = 0;
            while (i < 4) {
                x = fs.a;
                if (i == 1) { x = fs.b; }
                if (i >= 2) { x = fs.c; }
                v = 1;
                if (i == 3) { v = "s"; }
                x(3, v);
                i = i + 1;
            }
        }
        "#,
        &["SplittingTraceEvents", "SplittingMaxPropagationDepth=1000000000"],
    );
    let targets = r.engine.runtime().call_target_count();
    // The longest walk of any one report.
    let walk = r
        .trace
        .split("Polymorphic event!")
        .map(|w| w.lines().filter(|l| l.contains("One caller! Analysing parent.")).count())
        .max()
        .unwrap_or(0);
    assert!(walk > 4 && walk <= targets + 1, "{walk} steps for {targets} targets:\n{}", r.trace);
}
