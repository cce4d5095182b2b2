//! Automatic semicolon insertion: before a token that is not allowed after a line break, before
//! `}`, at the end of input, after `do-while`, and in the restricted productions. Every case
//! was checked against node.

use super::support::*;

#[test]
fn newline_before_an_offending_token() {
    check("let a = 1\nlet b = 2", "(let a 1)\n(let b 2)");
    check("var a, b\nc = 1", "(var a b)\n(= c 1)");
    check("a ? b : c\nd", "(? a b c)\nd");
    check("if (a) x\nelse y", "(if a\n  x\n  y)");
    check("let\nx = 1", "(let x 1)");
}

#[test]
fn no_insertion_where_the_next_line_continues() {
    check("a\n(b)", "(call a b)");
    check("var a = b\n(c)", "(var a (call b c))");
    check("a = b\n+c", "(= a (+ b c))");
    check("a\n[0]", "([] a 0)");
    check("a\n?.b", "(chain (?. a b))");
    check("x = function(){}\n(1)", "(= x (call (function ()) 1))");
    check("a\n.b\n.c()", "(call (. (. a b) c))");
}

#[test]
fn before_closing_brace_and_at_end_of_input() {
    check("{ 1\n2 } 3", "(block\n  1\n  2)\n3");
    check("function f() { return 1 }", "(function f ()\n  (return 1))");
    check("{ a = 1 }", "(block\n  (= a 1))");
    check("x = 1", "(= x 1)");
    check_error("{ 1 2 }", "SyntaxError: Unexpected number (1:5)");
}

#[test]
fn postfix_operators_do_not_cross_lines() {
    check("a\n++b", "a\n(pre++ b)");
    check("x\n++\ny", "x\n(pre++ y)");
    check("var x = 1; x\n--\ny", "(var x 1)\nx\n(pre-- y)");
    check("i++\nj", "(post++ i)\nj");
}

#[test]
fn restricted_statements() {
    check("return\nx", "(return)\nx");
    check(
        "function f() { return\n1 }",
        "(function f ()\n  (return)\n  1)",
    );
    check(
        "l: for(;;) { break\nl }",
        "(label l\n  (for _ _ _\n    (block\n      (break)\n      l)))",
    );
    check(
        "l: for(;;) { continue\nl }",
        "(label l\n  (for _ _ _\n    (block\n      (continue)\n      l)))",
    );
    check_error("throw\nx", "SyntaxError: Illegal newline after throw (1:1)");
}

#[test]
fn do_while_may_omit_its_semicolon() {
    check("do x; while (0) y", "(do-while 0\n  x)\ny");
    check(
        "do {} while (false) x = 1",
        "(do-while false\n  (block))\n(= x 1)",
    );
}

#[test]
fn arrows_may_not_start_a_line_with_their_arrow() {
    check_error("x\n=> y", "SyntaxError: Unexpected token '=>' (2:1)");
    check_error("(a)\n=> 1", "SyntaxError: Unexpected token '=>' (2:1)");
    // A block-bodied arrow ends the expression: the parenthesis starts a new statement.
    check(
        "f = () => {}\n(g)()",
        "(= f (arrow #\"f\" ()))\n(call (paren g))",
    );
}

#[test]
fn class_fields_are_terminated_by_newlines() {
    check("class A { x\ny }", "(class A\n  (field x)\n  (field y))");
    check(
        "class A { x = 1\n['y'] }",
        "(class A\n  (field x ([] 1 \"y\")))",
    );
    check("class A { get\nx() {} }", "(class A\n  (get x ()))");
    check(
        "class A { static\nx() {} }",
        "(class A\n  (static method x ()))",
    );
    check_error(
        "class A { x y }",
        "SyntaxError: Unexpected identifier 'y' (1:13)",
    );
}

#[test]
fn no_insertion_in_for_heads() {
    check_error(
        "for (a\nb\nc) ;",
        "SyntaxError: Unexpected identifier 'b' (2:1)",
    );
    check_error("for (;\n)", "SyntaxError: Unexpected token ')' (2:1)");
}
