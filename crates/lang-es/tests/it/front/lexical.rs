//! The lexical grammar: numbers, strings and templates (their cooked values), comments,
//! identifiers, and how positions are counted.

use super::support::*;

#[test]
fn decimal_numbers() {
    check(
        "0; 7; 1.5; .5; 5.; 1e3; 1E-3; 2.5e+2; 1_000_000; 0.000_001; 1e1_0",
        "
        0
        7
        1.5
        0.5
        5
        1000
        0.001
        250
        1000000
        0.000001
        10000000000
        ",
    );
    check(
        "1e400; 1e-400; 4.9e-324; 1.7976931348623157e308; 0.1; 123456789012345678901234567890; 1e21; 1e-7",
        "
        Infinity
        0
        5e-324
        1.7976931348623157e+308
        0.1
        1.2345678901234568e+29
        1e+21
        1e-7
        ",
    );
    // `5..toString()` is `5.` then `.toString`.
    check("5..toString()", "(call (. 5 toString))");
}

#[test]
fn radix_numbers() {
    check(
        "0x1F; 0XaB; 0o17; 0O7; 0b1010; 0B1; 0xFFFF_FFFF",
        "
        31
        171
        15
        7
        10
        1
        4294967295
        ",
    );
    // Beyond 2^53 the value is rounded once, to nearest, ties to even.
    check(
        "0x10000000000000001; 0x20000000000001; 0x20000000000003; 0b1111111111111111111111111111111111111111111111111111111",
        "
        18446744073709552000
        9007199254740992
        9007199254740996
        36028797018963970
        ",
    );
}

#[test]
fn legacy_numbers_in_sloppy_code() {
    check(
        "010; 0777; 08; 09.5; 019; 00",
        "
        8
        511
        8
        9.5
        19
        0
        ",
    );
    check_error(
        "'use strict'; 010",
        "SyntaxError: Octal literals are not allowed in strict mode. (1:15)",
    );
    check_error(
        "'use strict'; 08",
        "SyntaxError: Decimals with leading zeros are not allowed in strict mode. (1:15)",
    );
    check_error(
        "function f() { 'use strict'; 010 }",
        "SyntaxError: Octal literals are not allowed in strict mode. (1:30)",
    );
    check_error(
        "class A { m() { 010 } }",
        "SyntaxError: Octal literals are not allowed in strict mode. (1:17)",
    );
}

#[test]
fn malformed_numbers() {
    check_error("3in", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error(
        "1.toString()",
        "SyntaxError: Invalid or unexpected token (1:1)",
    );
    check_error("0x", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("0b12", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("1.5e", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("1e+", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error(
        "0_1",
        "SyntaxError: Numeric separator can not be used after leading 0. (1:2)",
    );
    check_error(
        "1__0",
        "SyntaxError: Only one underscore is allowed as numeric separator (1:3)",
    );
    check_error(
        "1_",
        "SyntaxError: Numeric separators are not allowed at the end of numeric literals (1:2)",
    );
    check_error(
        "1_.5",
        "SyntaxError: Numeric separators are not allowed at the end of numeric literals (1:2)",
    );
    check_error("08n", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("1e3n", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("0.5n", "SyntaxError: Invalid or unexpected token (1:1)");
}

#[test]
fn string_escapes() {
    check(
        r#"'a\'b'; "a\"b"; 'tab\there'; '\x41\x7e'; '\u0041\u{1F600}\u{0}'; '\uD83D\uDE00'; '\uDC00'; '\b\f\v\r\n'; '\a\c\q\é'"#,
        r#"
        "a'b"
        "a\"b"
        "tab\there"
        "A~"
        "A😀\u0000"
        "😀"
        "\uDC00"
        "\u0008\u000C\u000B\r\n"
        "acqé"
        "#,
    );
    check(r#""\u{00000041}""#, r#""A""#);
}

#[test]
fn legacy_string_escapes() {
    check(
        r"'\0'; '\08'; '\1'; '\12'; '\123'; '\400'; '\777'; '\8\9'",
        r#"
        "\u0000"
        "\u00008"
        "\u0001"
        "\n"
        "S"
        " 0"
        "?7"
        "89"
        "#,
    );
    check_error(
        r"'use strict'; '\01'",
        "SyntaxError: Octal escape sequences are not allowed in strict mode. (1:17)",
    );
    check_error(
        r"'use strict'; '\8'",
        r"SyntaxError: \8 and \9 are not allowed in strict mode. (1:16)",
    );
    // An octal escape in a directive before `'use strict'` is an error too.
    check_error(
        r"function f() { '\01'; 'use strict'; }",
        "SyntaxError: Octal escape sequences are not allowed in strict mode. (1:18)",
    );
    check_error(
        r"function f() { 'use strict'; 'a\01' }",
        "SyntaxError: Octal escape sequences are not allowed in strict mode. (1:33)",
    );
}

#[test]
fn line_continuations_and_separators() {
    check(
        "'line\\\ncontinued'; 'crlf\\\r\nx'; 'cr\\\ry'",
        r#"
        "linecontinued"
        "crlfx"
        "cry"
        "#,
    );
    // U+2028 and U+2029 may appear raw in strings (they end lines elsewhere).
    check("'a\u{2028}b'", "\"a\u{2028}b\"");
    check("a\u{2028}b", "a\nb");
}

#[test]
fn bad_strings() {
    check_error("\"abc", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error(
        "var x = 'abc\ndef'",
        "SyntaxError: Invalid or unexpected token (1:9)",
    );
    check_error(
        r"'\x4'",
        "SyntaxError: Invalid hexadecimal escape sequence (1:2)",
    );
    check_error(
        r"'\u12'",
        "SyntaxError: Invalid Unicode escape sequence (1:2)",
    );
    check_error(
        r#""\u{}""#,
        "SyntaxError: Invalid Unicode escape sequence (1:2)",
    );
    check_error(
        r"'\u{110000}'",
        "SyntaxError: Undefined Unicode code-point (1:2)",
    );
}

#[test]
fn templates() {
    check(
        "``; `a`; `a${1}b${2}c`; `${`${`x`}`}`; `l1\nl2`; `\\`\\${}`; `cr\r\nlf\rx`; `${a + b}${{}}`",
        r#"
        (template "")
        (template "a")
        (template "a" 1 "b" 2 "c")
        (template "" (template "" (template "x") "") "")
        (template "l1\nl2")
        (template "`${}")
        (template "cr\nlf\nx")
        (template "" (+ a b) "" {} "")
        "#,
    );
    check(
        r"`\x41\u0042\u{43}\0\
`",
        r#"(template "ABC\u0000")"#,
    );
    check_error(
        r"`\01`",
        "SyntaxError: Octal escape sequences are not allowed in template strings. (1:3)",
    );
    check_error(
        r"`\1`",
        "SyntaxError: Octal escape sequences are not allowed in template strings. (1:3)",
    );
    check_error(
        r"`\8`",
        r"SyntaxError: \8 and \9 are not allowed in template strings. (1:3)",
    );
    check_error(
        r"`\x`",
        "SyntaxError: Invalid hexadecimal escape sequence (1:2)",
    );
    check_error("`abc", "SyntaxError: Unexpected end of input (1:5)");
    check_error("`${a`", "SyntaxError: Unexpected end of input (1:6)");
    check_error("`${a b}`", "SyntaxError: Unexpected identifier 'b' (1:6)");
}

#[test]
fn comments() {
    check(
        "a /* block */ + /* multi\nline */ b // line\nc",
        "(+ a b)\nc",
    );
    check("#!/usr/bin/env node\nx", "x");
    // node accepts HTML-like comments in CommonJS modules.
    check(
        "x = 1 <!-- comment\n--> also a comment\n  /* c */ --> and this\ny",
        "(= x 1)\ny",
    );
    check("--> at the start\nz", "z");
    check("a-->b", "(> (post-- a) b)");
    check_error("/* abc", "SyntaxError: Invalid or unexpected token (1:1)");
}

#[test]
fn identifiers() {
    check(
        "ünïcödé = ℮; $ = _; ᚠ = 1; 𝑥 = 2; a‿b = x١; $1_$",
        "
        (= ünïcödé ℮)
        (= $ _)
        (= ᚠ 1)
        (= 𝑥 2)
        (= a‿b x١)
        $1_$
    ",
    );
    // Keywords are identifier names after `.` and as property names.
    check(
        "a.if.class.new; x = {if: 1, class: 2, null: 3}",
        "
        (. (. (. a if) class) new)
        (= x {if:1 class:2 null:3})
    ",
    );
    check_error("x² = 1", "SyntaxError: Invalid or unexpected token (1:2)");
    check_error("@", "SyntaxError: Invalid or unexpected token (1:1)");
    check_error("a # b", "SyntaxError: Invalid or unexpected token (1:3)");
}

#[test]
fn positions_count_utf16_units_and_all_line_terminators() {
    // The astral character counts as two columns, like in node.
    check_error("'𝑥' @", "SyntaxError: Invalid or unexpected token (1:6)");
    check_error(
        "x\r\ny\rz\u{2028}w\u{2029} @",
        "SyntaxError: Invalid or unexpected token (5:2)",
    );
    check_error(
        "/*\n\n*/ @",
        "SyntaxError: Invalid or unexpected token (3:4)",
    );
    check_error("é;\té @", "SyntaxError: Invalid or unexpected token (1:6)");
}
