//! node's messages for common mistakes (each checked against node v20; positions are the
//! offending token's, or the end of input where node shows none).

use super::support::*;

#[test]
fn unexpected_tokens() {
    check_error("a b", "SyntaxError: Unexpected identifier 'b' (1:3)");
    check_error("a 'str'", "SyntaxError: Unexpected string (1:3)");
    check_error("a 1", "SyntaxError: Unexpected number (1:3)");
    check_error("var `t`", "SyntaxError: Unexpected template string (1:5)");
    check_error("a true", "SyntaxError: Unexpected token 'true' (1:3)");
    check_error("a this", "SyntaxError: Unexpected token 'this' (1:3)");
    check_error("if (a { }", "SyntaxError: Unexpected token '{' (1:7)");
    check_error(
        "if a > 1 {}",
        "SyntaxError: Unexpected identifier 'a' (1:4)",
    );
    check_error(
        "let x = {a: 1,, b: 2}",
        "SyntaxError: Unexpected token ',' (1:15)",
    );
    check_error(
        "function f() { return 1; }}",
        "SyntaxError: Unexpected token '}' (1:27)",
    );
    check_error("x = 1 +* 2", "SyntaxError: Unexpected token '*' (1:8)");
    check_error("var = 5", "SyntaxError: Unexpected token '=' (1:5)");
    check_error("const = 5", "SyntaxError: Unexpected token '=' (1:7)");
    check_error(
        "let x y = 1",
        "SyntaxError: Unexpected identifier 'y' (1:7)",
    );
    check_error("x == = 1", "SyntaxError: Unexpected token '=' (1:6)");
    check_error("obj..prop", "SyntaxError: Unexpected token '.' (1:5)");
    check_error("f(,)", "SyntaxError: Unexpected token ',' (1:3)");
    check_error("else {}", "SyntaxError: Unexpected token 'else' (1:1)");
    check_error("case 1:", "SyntaxError: Unexpected token 'case' (1:1)");
    check_error(
        "if (x) } else {}",
        "SyntaxError: Unexpected token '}' (1:8)",
    );
    check_error(
        "function function() {}",
        "SyntaxError: Unexpected token 'function' (1:10)",
    );
    check_error("var true = 1", "SyntaxError: Unexpected token 'true' (1:5)");
    check_error("enum", "SyntaxError: Unexpected reserved word (1:1)");
    check_error(")", "SyntaxError: Unexpected token ')' (1:1)");
    check_error("x = 'a' 'b'", "SyntaxError: Unexpected string (1:9)");
}

#[test]
fn unexpected_end_of_input() {
    for src in [
        "function f( { }",
        "x = [1, 2",
        "x = {a: 1",
        "a =",
        "new",
        "x = y ? z",
        "a => { ",
        "(a, b",
        "foo(",
        "var a = 1 ,",
    ] {
        let end = src.encode_utf16().count() + 1;
        check_error(
            src,
            &format!("SyntaxError: Unexpected end of input (1:{end})"),
        );
    }
    check_error(
        "console.log(\"hi\"",
        "SyntaxError: missing ) after argument list (1:17)",
    );
}

#[test]
fn invalid_targets() {
    check_error(
        "this = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "1 = 2",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "++1",
        "SyntaxError: Invalid left-hand side expression in prefix operation (1:3)",
    );
    check_error(
        "for (1 of x);",
        "SyntaxError: Invalid left-hand side in for-loop (1:6)",
    );
}

#[test]
fn strict_mode_mistakes() {
    check_error(
        "'use strict'; var static",
        "SyntaxError: Unexpected strict mode reserved word (1:19)",
    );
    check_error(
        "'use strict'; eval = 1",
        "SyntaxError: Unexpected eval or arguments in strict mode (1:15)",
    );
    check_error(
        "'use strict'; with (a) {}",
        "SyntaxError: Strict mode code may not include a with statement (1:15)",
    );
    check_error(
        "'use strict'; implements = 1",
        "SyntaxError: Unexpected strict mode reserved word (1:15)",
    );
    check_error(
        "'use strict'; let\nx = let",
        "SyntaxError: Unexpected strict mode reserved word (2:5)",
    );
}
