//! Valid JavaScript outside EasyScript is rejected with "{feature} is not supported in
//! EasyScript" at the construct.

use super::support::*;

fn rejects(input: &str, feature: &str, pos: &str) {
    check_error(
        input,
        &format!("SyntaxError: {feature} not supported in EasyScript ({pos})"),
    );
}

#[test]
fn regular_expressions() {
    rejects("x = /re/", "regular expressions are", "1:5");
    rejects("f(/a/g)", "regular expressions are", "1:3");
    rejects("x = /=a/", "regular expressions are", "1:5");
    rejects("if (x) /a/.test(y)", "regular expressions are", "1:8");
    // After an operand, `/` divides.
    check(
        "a / b / c; a /= 2; (a) / 2",
        "(/ (/ a b) c)\n(/= a 2)\n(/ (paren a) 2)",
    );
}

#[test]
fn generators() {
    rejects("function* g() {}", "generators are", "1:1");
    rejects("x = function* () {}", "generators are", "1:5");
    rejects("x = { *g() {} }", "generators are", "1:7");
    rejects("class A { *g() {} }", "generators are", "1:11");
    rejects("class A { static *g() {} }", "generators are", "1:18");
    rejects("yield", "generators (yield) are", "1:1");
    rejects("var yield = 1", "generators (yield) are", "1:5");
}

#[test]
fn async_functions() {
    rejects("async function f() {}", "async functions are", "1:1");
    rejects("x = async function () {}", "async functions are", "1:5");
    rejects("x = async () => 1", "async functions are", "1:5");
    rejects("x = async x => 1", "async functions are", "1:5");
    rejects("x = { async m() {} }", "async functions are", "1:7");
    rejects("class A { async m() {} }", "async functions are", "1:11");
    rejects(
        "class A { static async m() {} }",
        "async functions are",
        "1:18",
    );
    rejects("await x", "async functions (await) are", "1:1");
    rejects(
        "for await (x of y) ;",
        "async functions (for await) are",
        "1:5",
    );
    // `async` is still an identifier where it is not a modifier.
    check(
        "async(1); async\nfunction f() {}",
        "(call async 1)\nasync\n(function f ())",
    );
}

#[test]
fn statements_and_loops() {
    rejects("with (a) {}", "with statements are", "1:1");
    rejects("for (x in y) ;", "for-in loops are", "1:1");
    rejects("for (var x in y) ;", "for-in loops are", "1:1");
    rejects("for (let [a] in y) ;", "for-in loops are", "1:1");
    rejects(
        "if (a) function f() {}",
        "function declarations as the body of a statement are",
        "1:8",
    );
    rejects(
        "l: function f() {}",
        "labelled function declarations are",
        "1:4",
    );
}

#[test]
fn expressions() {
    rejects("tag`x`", "tagged templates are", "1:4");
    rejects("a.b`x${1}`", "tagged templates are", "1:4");
    rejects("new X`x`", "tagged templates are", "1:6");
    rejects("10n", "BigInt literals are", "1:1");
    rejects("0x1Fn", "BigInt literals are", "1:1");
    rejects("function f() { new.target }", "new.target is", "1:16");
    rejects("delete a.b", "the delete operator is", "1:1");
    rejects(
        "x = {__proto__: 1}",
        "'__proto__: value' in object literals is",
        "1:6",
    );
    rejects(
        "x = {'__proto__': null}",
        "'__proto__: value' in object literals is",
        "1:6",
    );
    rejects("f() = 1", "assignment to a call result is", "1:1");
    rejects("f()++", "assignment to a call result is", "1:1");
}

#[test]
fn modules() {
    rejects(
        "import x from 'y'",
        "modules (import and export) are",
        "1:1",
    );
    rejects("import('x')", "modules (import and export) are", "1:1");
    rejects("x = import.meta", "modules (import and export) are", "1:5");
    rejects(
        "export const a = 1",
        "modules (import and export) are",
        "1:1",
    );
}

#[test]
fn arguments_and_eval() {
    rejects("arguments", "the arguments object is", "1:1");
    rejects(
        "function f() { return arguments[0] }",
        "the arguments object is",
        "1:23",
    );
    rejects("x = () => arguments", "the arguments object is", "1:11");
    rejects("var arguments", "the arguments object is", "1:5");
    rejects(
        "function f(arguments) {}",
        "the arguments object is",
        "1:12",
    );
    rejects("x = {arguments}", "the arguments object is", "1:6");
    rejects("eval('1')", "eval calls are", "1:1");
    rejects("(eval)('1')", "eval calls are", "1:1");
    rejects("eval?.('1')", "eval calls are", "1:1");
    // Property names and indirect references are fine.
    check(
        "a.eval('1'); x = eval; x = {arguments: 1}; a.arguments",
        r#"
        (call (. a eval) "1")
        (= x eval)
        (= x {arguments:1})
        (. a arguments)
    "#,
    );
}

#[test]
fn class_features() {
    rejects("class A { static { } }", "class static blocks are", "1:11");
    rejects(
        "class A { #x }",
        "private class members (#names) are",
        "1:11",
    );
    rejects(
        "class A { #x() {} }",
        "private class members (#names) are",
        "1:11",
    );
    rejects("this.#x", "private class members (#names) are", "1:6");
    rejects("#x in y", "private class members (#names) are", "1:1");
}

#[test]
fn identifier_escapes() {
    rejects("x = \\u0061", "unicode escapes in identifiers are", "1:5");
    rejects("a\\u0062", "unicode escapes in identifiers are", "1:1");
}

#[test]
fn block_level_functions_used_outside_their_block() {
    let feature = "block-level function declarations used outside their block are";
    rejects("{ function f() {} } f()", feature, "1:21");
    rejects("f(); { function f() {} }", feature, "1:1");
    rejects(
        "function g() { { function f() {} } return f }",
        feature,
        "1:43",
    );
    rejects("var f = 1; { function f() {} }", feature, "1:5");
    rejects("{ function f() {} } function h() { f }", feature, "1:36");
    rejects(
        "switch (1) { case 1: function f() {} } f()",
        feature,
        "1:40",
    );
    rejects("if (1) { function f() {} } else { f() }", feature, "1:35");
    // Uses inside the block, in strict code, or that another binding captures are fine.
    check_ok("{ function f() {} f() }");
    check_ok("'use strict'; { function f() {} } f()");
    check_ok("function g() { { function f() {} } } f()");
    check_ok("let f; { function f() {} } f()");
    check_ok("function g(f) { { function f() {} } return f }");
    check_ok("{ let f; { function f() {} } f }");
    check_ok("{ function f() {} } { function f() {} }");
    check_ok("{ function f() {} function f() {} }");
    check_ok("class A { m() { { function f() {} } return f } }");
    check_error(
        "'use strict'; { function f() {} function f() {} }",
        "SyntaxError: Identifier 'f' has already been declared (1:42)",
    );
}
