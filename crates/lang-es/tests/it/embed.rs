//! The embedding API with EasyScript: REPL entries keep node's top-level bindings, values
//! cross both ways, host functions throw catchable errors, and handles keep guest objects
//! alive through collections.

use porcini::embed::{Entry, HostValue};
use porcini::{Engine, EngineOptions, Host, RunError};
use lang_es::Es;

fn engine(options: EngineOptions) -> Engine<Es> {
    Engine::new(options, Host::new(Box::new(std::io::sink())))
}

fn shown(e: &Engine<Es>, entry: &str) -> String {
    match e.eval_entry(entry, "REPL1") {
        Ok(Entry::Value(Some(text))) => text,
        other => panic!("{entry}: {other:?}"),
    }
}

#[test]
fn entries_share_live_top_level_bindings() {
    let e = engine(EngineOptions::default());
    assert_eq!(shown(&e, "let n = 1; const k = 10; class P { constructor(x) { this.x = x; } }"), "undefined");
    assert_eq!(shown(&e, "function inc() { n += 1; return n; }"), "undefined");
    // A closure of one entry and the code of the next see the same variable.
    assert_eq!(shown(&e, "inc(); n = n * k; inc()"), "21");
    assert_eq!(shown(&e, "new P(n)"), "P { x: 21 }");
    assert_eq!(shown(&e, "{ a: [1, 'b'] }"), "{ a: [ 1, 'b' ] }");
    let Err(RunError::Guest(report)) = e.eval_entry("k = 11", "REPL2") else { panic!("const assignment succeeded") };
    assert!(report.contains("TypeError: Assignment to constant variable."), "{report}");
    assert_eq!(shown(&e, "k"), "10");
}

#[test]
fn unfinished_entries_are_incomplete_and_others_are_errors() {
    let e = engine(EngineOptions::default());
    for unfinished in ["function f() {", "[1,", "`a ${", "if (x) {\n  y(", "f(1,\n2"] {
        assert!(e.eval_entry(unfinished, "REPL1").unwrap().is_incomplete(), "{unfinished}");
    }
    let Err(RunError::Guest(report)) = e.eval_entry("x = 1 }", "REPL1") else { panic!("no error") };
    assert!(report.ends_with("SyntaxError: Unexpected token '}'"), "{report}");
}

#[test]
fn host_functions_receive_and_return_values_and_throw_catchable_errors() {
    let e = engine(EngineOptions::default());
    e.register_function("describe", 3, |args| Ok(HostValue::String(format!("{args:?}"))));
    e.register_function("fail", 0, |_| Err("host says no".into()));
    assert_eq!(
        e.eval("describe(1.5, 'x')", "d.js").unwrap(),
        HostValue::from("[Double(1.5), String(\"x\"), Undefined]")
    );
    assert_eq!(e.eval("let r; try { fail(); } catch (err) { r = 'caught ' + err.message; } r", "c.js").unwrap(), HostValue::from("caught host says no"));
    let Err(RunError::Guest(report)) = e.eval("fail()", "uncaught.js") else { panic!("no error") };
    assert!(report.starts_with("Error: host says no\n    at <anonymous> (uncaught.js:1)"), "{report}");
    assert_eq!(e.eval("describe.length", "l.js").unwrap(), HostValue::Int(3));
}

#[test]
fn numbers_cross_by_value_not_representation() {
    let e = engine(EngineOptions::default());
    assert_eq!(e.eval("2 ** 40", "n.js").unwrap(), HostValue::Int(1 << 40));
    assert_eq!(e.eval("0.5 + 0.25", "n.js").unwrap(), HostValue::Double(0.75));
    assert_eq!(e.eval("-0", "n.js").unwrap(), HostValue::Double(-0.0));
    assert_eq!(e.eval("null", "n.js").unwrap(), HostValue::Null);
    assert_eq!(e.eval("let u; u", "n.js").unwrap(), HostValue::Undefined);
    assert_eq!(e.eval("typeof 1 === 'number'", "n.js").unwrap(), HostValue::Bool(true));
}

#[test]
fn handles_keep_objects_alive_under_gc_stress() {
    let e = engine(EngineOptions { gc_stress: true, ..EngineOptions::default() });
    let objects: Vec<HostValue> = (0..20).map(|i| e.eval(&format!("({{ id: {i}, tag: 'o' + {i} }})"), "o.js").unwrap()).collect();
    e.eval("let garbage = []; for (let i = 0; i < 200; i++) garbage.push({ i });", "g.js").unwrap();
    let read = e.eval("(o) => o.tag + ':' + o.id", "r.js").unwrap();
    for (i, o) in objects.iter().enumerate() {
        assert_eq!(e.call(&read, std::slice::from_ref(o)).unwrap(), HostValue::String(format!("o{i}:{i}")));
    }
}

#[test]
fn a_handle_of_another_engine_is_rejected() {
    let (a, b) = (engine(EngineOptions::default()), engine(EngineOptions::default()));
    let o = a.eval("({})", "a.js").unwrap();
    let id = b.eval("(x) => x", "b.js").unwrap();
    assert!(matches!(b.call(&id, &[o]), Err(RunError::Guest(m)) if m.contains("another engine")));
}

#[test]
fn a_caught_exception_is_not_reported_as_the_site_of_a_later_one() {
    // The builtin's error notes no site of its own; the caught `throw` on line 1 must not be
    // reported as where it came from.
    let e = engine(EngineOptions::default());
    let program = "try { throw new Error('x'); } catch (err) {}\n[1].forEach(undefined);";
    let Err(RunError::Guest(report)) = e.eval(program, "site.js") else { panic!("no error") };
    assert!(report.starts_with("TypeError: undefined is not a function"), "{report}");
    // A `throw` still reports its own place, after an earlier exception was caught.
    let program = "try { throw new Error('x'); } catch (err) {}\nthrow new Error('y');";
    let Err(RunError::Guest(report)) = e.eval(program, "again.js") else { panic!("no error") };
    assert!(report.starts_with("again.js:2\nthrow new Error('y');\n^\n\nError: y"), "{report}");
}
