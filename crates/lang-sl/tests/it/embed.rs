//! The embedding API with SL: entries that define functions or run code, incomplete entries,
//! value conversions, and host functions as builtins.

use porcini::embed::{Entry, HostValue};
use porcini::{Engine, EngineOptions, Host, RunError};
use lang_sl::Sl;

fn engine() -> Engine<Sl> {
    Engine::new(EngineOptions::default(), Host::new(Box::new(std::io::sink())))
}

#[test]
fn definitions_persist_and_code_has_a_value() {
    let e = engine();
    assert_eq!(e.eval_entry("function sq(x) { return x * x; }", "REPL1").unwrap(), Entry::Value(None));
    assert_eq!(e.eval_entry("sq(7)", "REPL2").unwrap(), Entry::Value(Some("49".into())));
    assert_eq!(e.eval_entry("a = sq(3); return a + 1;", "REPL3").unwrap(), Entry::Value(Some("10".into())));
    assert_eq!(e.eval_entry("println(1);", "REPL4").unwrap(), Entry::Value(None));
    assert_eq!(e.eval("sq(4000000000)", "big.sl").map(|v| matches!(v, HostValue::Guest(_))), Ok(true));
    let big = e.eval("sq(4000000000)", "big.sl").unwrap();
    assert_eq!(e.display(&big), "16000000000000000000");
}

#[test]
fn unfinished_entries_are_incomplete() {
    let e = engine();
    for unfinished in ["function", "function f(a,", "function f() {", "sq(1 +", "while (1 < 2) {\n"] {
        assert!(e.eval_entry(unfinished, "REPL1").unwrap().is_incomplete(), "{unfinished}");
    }
    let Err(RunError::Guest(report)) = e.eval_entry("x = 1 }", "REPL1") else { panic!("no error") };
    assert!(report.starts_with("Error(s) parsing script:\n-- line 1 col"), "{report}");
}

#[test]
fn host_functions_are_builtins_whose_errors_name_them() {
    let e = engine();
    e.register_function("join", 2, |args| Ok(HostValue::String(format!("{}+{}", args[0], args[1]))));
    e.register_function("fail", 0, |_| Err("host says no".into()));
    assert_eq!(e.eval("join(1, \"a\")", "j.sl").unwrap(), HostValue::from("1+a"));
    assert_eq!(e.eval("join(1 < 2)", "j.sl").unwrap(), HostValue::from("true+null"));
    e.eval("function caller() { return fail(); }", "f.sl").unwrap();
    let Err(RunError::Guest(report)) = e.eval("caller()", "f.sl") else { panic!("no error") };
    assert_eq!(report, "Error in host function fail called from caller: host says no");
    assert!(matches!(e.function("join").unwrap().call(&e, &[HostValue::Double(0.5)]), Err(RunError::Guest(m)) if m.contains("floating-point")));
    assert_eq!(e.function("nothing"), None);
}
