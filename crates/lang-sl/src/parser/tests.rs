//! Parser tests: one `check(source, expected)` helper; `expected` is `ok` or the error text.

use super::parse;

fn check(src: &str, expect: &str) {
    let got = match parse(src) {
        Ok(_) => "ok".to_string(),
        Err(e) => format!("{}:{}: {}", e.line, e.col, e.message),
    };
    assert_eq!(got, expect, "source: {src:?}");
}

#[test]
fn valid_programs() {
    check("function main() { return 1 + 2 * 3; }", "ok");
    check("function f(a, a) { return a; }", "ok");
    check("function main() { x = 5 + y = 4; }", "ok");
    check("function main() { o.a.b = 1; o[1] = 2; f()(); }", "ok");
    check("/* c */ function main() { // x\n }", "ok");
}

#[test]
fn syntax_errors() {
    check("", "1:1: mismatched input '<EOF>' expecting 'function'");
    check("function main() {\n  return -1;\n}", "2:10: extraneous input '-' expecting {'(', ';', IDENTIFIER, STRING_LITERAL, NUMERIC_LITERAL}");
    check("function main() { a = -1; }", "1:23: extraneous input '-' expecting {'(', IDENTIFIER, STRING_LITERAL, NUMERIC_LITERAL}");
    check("function main() { ! }", "1:19: token recognition error at: '!'");
    check("function main() { a < b < c; }", "1:25: mismatched input '<' expecting ';'");
    check("function main() { x = 007; }", "1:24: missing ';' at '0'");
}

#[test]
fn semantic_errors() {
    check("function main() { x = 42 = 42; }", "1:28: invalid assignment target");
    check("function main() { f() = 1; }", "1:25: invalid assignment target");
    check("function main() { break; }", "1:19: break used outside of loop");
    check("function main() { while (1 < 2) { if (1 < 2) { continue; } } }", "ok");
}

#[test]
fn deep_nesting_parses_on_a_big_stack() {
    let t = std::thread::Builder::new().stack_size(1 << 30).spawn(|| {
        let depth = 50_000;
        let src = format!("function main() {{ return {}1{}; }}", "(".repeat(depth), ")".repeat(depth));
        let ok = parse(&src).is_ok();
        let too_deep = format!("function main() {{ return {}1{}; }}", "(".repeat(200_000), ")".repeat(200_000));
        (ok, parse(&too_deep).err().map(|e| e.message))
    });
    let (ok, err) = t.expect("spawn").join().expect("join");
    assert!(ok);
    assert_eq!(err.as_deref(), Some("too deeply nested"));
}
