//! Every statement form.

use super::support::*;

#[test]
fn declarations() {
    check(
        "var a = 1, b, c = 2; let d; const e = 3; let [f, g] = h, {i} = j; var [k] = l",
        "
        (var (a 1) b (c 2))
        (let d)
        (const e 3)
        (let ([f g] h) ({i} j))
        (var [k] l)
    ",
    );
    check_error(
        "const c;",
        "SyntaxError: Missing initializer in const declaration (1:7)",
    );
    check_error(
        "let [a];",
        "SyntaxError: Missing initializer in destructuring declaration (1:5)",
    );
    check_error(
        "var {a}",
        "SyntaxError: Missing initializer in destructuring declaration (1:5)",
    );
    check_error(
        "let let = 1",
        "SyntaxError: let is disallowed as a lexically bound name (1:5)",
    );
    check_error("let x = ;", "SyntaxError: Unexpected token ';' (1:9)");
}

#[test]
fn let_as_an_identifier_in_sloppy_code() {
    check(
        "let = 1; let.x = 2; var let; let\nx = 1",
        "
        (= let 1)
        (= (. let x) 2)
        (var let)
        (let x 1)
    ",
    );
    check_error(
        "'use strict'; var let",
        "SyntaxError: Unexpected strict mode reserved word (1:19)",
    );
    check_error("let[0] = 1", "SyntaxError: Unexpected number (1:5)");
}

#[test]
fn contextual_keywords_are_identifiers() {
    check(
        "async = 1; async(1); async; of = 2; get = 3; set = 4; static = 5; x = {async, of, get, set, static}",
        "
        (= async 1)
        (call async 1)
        async
        (= of 2)
        (= get 3)
        (= set 4)
        (= static 5)
        (= x {async of get set static})
    ",
    );
}

#[test]
fn if_statements() {
    check(
        "if (a) b; if (a) b; else c; if (a) { b } else if (c) d; else { e }",
        "
        (if a
          b)
        (if a
          b
          c)
        (if a
          (block
            b)
          (if c
            d
            (block
              e)))
    ",
    );
    check_error(
        "if (1) let x = 1",
        "SyntaxError: Lexical declaration cannot appear in a single-statement context (1:8)",
    );
    check_error(
        "if (1) const x = 1",
        "SyntaxError: Lexical declaration cannot appear in a single-statement context (1:8)",
    );
    check_error(
        "if (1) class A {}",
        "SyntaxError: Unexpected token 'class' (1:8)",
    );
    check_error(
        "'use strict'; if (1) function f(){}",
        "SyntaxError: In strict mode code, functions can only be declared at top level or inside a block. (1:22)",
    );
}

#[test]
fn while_and_do_while() {
    check(
        "while (a) b; do b; while (a); do { b } while (a) c",
        "
        (while a
          b)
        (do-while a
          b)
        (do-while a
          (block
            b))
        c
    ",
    );
}

#[test]
fn for_statements() {
    check(
        "for (;;) {} for (var i = 0, j = 1; i < n; i++, j--) x; for (let i = 0; ; ) {} for (const x = 1; x;) break; \
         for (i = 0; i < 1; i++) ;",
        "
        (for _ _ _
          (block))
        (for (var (i 0) (j 1)) (< i n) (, (post++ i) (post-- j))
          x)
        (for (let i 0) _ _
          (block))
        (for (const x 1) x _
          (break))
        (for (= i 0) (< i 1) (post++ i)
          (empty))
        ",
    );
    // `in` is an operator again inside parentheses and later parts of the head.
    check(
        "for (var i = (a in b); a in b; a in b) ;",
        "
        (for (var i (paren (in a b))) (in a b) (in a b)
          (empty))
    ",
    );
    check_error(
        "for (a\nb;;);",
        "SyntaxError: Unexpected identifier 'b' (2:1)",
    );
    check_error(
        "for (const x;;);",
        "SyntaxError: Missing initializer in const declaration (1:12)",
    );
}

#[test]
fn for_of_statements() {
    check(
        "for (x of y) ; for (var x of y) ; for (let [a, b] of c) ; for (const {d} of e) ; for (a.b of c) ; \
         for ([a, b] of c) ; for ({a, b = 1} of c) ; for (x of (a, b)) ; for (let of of of) ;",
        "
        (for-of x y
          (empty))
        (for-of (var x) y
          (empty))
        (for-of (let [a b]) c
          (empty))
        (for-of (const {d}) e
          (empty))
        (for-of (. a b) c
          (empty))
        (for-of [a b] c
          (empty))
        (for-of {a (= b 1)} c
          (empty))
        (for-of x (paren (, a b))
          (empty))
        (for-of (let of) of
          (empty))
        ",
    );
    check_error(
        "for (let x of a, b);",
        "SyntaxError: Unexpected token ',' (1:16)",
    );
    check_error(
        "for (var i = 0 of x);",
        "SyntaxError: for-of loop variable declaration may not have an initializer. (1:10)",
    );
    check_error(
        "for (let i, j of x);",
        "SyntaxError: Invalid left-hand side in for-of loop: Must have a single binding. (1:10)",
    );
    check_error(
        "for (1 of x);",
        "SyntaxError: Invalid left-hand side in for-loop (1:6)",
    );
    check_error(
        "for (a + b of x);",
        "SyntaxError: Invalid left-hand side in for-loop (1:6)",
    );
}

#[test]
fn switch_statements() {
    check(
        "switch (a) { case 1: case 2: b; break; default: c; case 3: } switch (a) {}",
        "
        (switch a
          (case 1)
          (case 2
            b
            (break))
          (default
            c)
          (case 3))
        (switch a)
    ",
    );
    check_error(
        "switch (a) { default: default: }",
        "SyntaxError: More than one default clause in switch statement (1:23)",
    );
    check_error(
        "switch (a) { x }",
        "SyntaxError: Unexpected identifier 'x' (1:14)",
    );
}

#[test]
fn labels_break_and_continue() {
    check(
        "a: b: while (1) { continue a; break b; } c: { break c; } d: if (1) break d; e: for (;;) continue e",
        "
        (label a
          (label b
            (while 1
              (block
                (continue a)
                (break b)))))
        (label c
          (block
            (break c)))
        (label d
          (if 1
            (break d)))
        (label e
          (for _ _ _
            (continue e)))
    ",
    );
    check_error("break;", "SyntaxError: Illegal break statement (1:1)");
    check_error(
        "continue;",
        "SyntaxError: Illegal continue statement: no surrounding iteration statement (1:1)",
    );
    check_error(
        "switch (a) { case 1: continue; }",
        "SyntaxError: Illegal continue statement: no surrounding iteration statement (1:22)",
    );
    check_error(
        "x: while(1) { continue y; }",
        "SyntaxError: Undefined label 'y' (1:24)",
    );
    check_error("break foo", "SyntaxError: Undefined label 'foo' (1:7)");
    check_error(
        "a: a: 1",
        "SyntaxError: Label 'a' has already been declared (1:4)",
    );
    check_error(
        "label: { continue label; }",
        "SyntaxError: Illegal continue statement: 'label' does not denote an iteration statement (1:19)",
    );
    check_error(
        "while (1) { label: { continue label; } }",
        "SyntaxError: Illegal continue statement: 'label' does not denote an iteration statement (1:31)",
    );
    // Labels and loops do not reach into nested functions.
    check_error(
        "a: while (1) { (function () { break a; }) }",
        "SyntaxError: Undefined label 'a' (1:37)",
    );
    check_error(
        "while (1) { (() => { continue; }) }",
        "SyntaxError: Illegal continue statement: no surrounding iteration statement (1:22)",
    );
}

#[test]
fn return_and_throw() {
    // The module is a function body, so `return` is allowed at its top level.
    check(
        "return; return 1; throw new Error('x')",
        r#"
        (return)
        (return 1)
        (throw (new Error "x"))
    "#,
    );
    check_error("throw\nx", "SyntaxError: Illegal newline after throw (1:1)");
    check_error("throw;", "SyntaxError: Unexpected token ';' (1:6)");
}

#[test]
fn try_statements() {
    check(
        "try { a } catch (e) { b } try { a } finally { b } try {} catch ([x, y]) {} finally {} try {} catch {}",
        "
        (try
          (block
            a)
          (catch e
            (block
              b)))
        (try
          (block
            a)
          (finally
            (block
              b)))
        (try
          (block)
          (catch [x y]
            (block))
          (finally
            (block)))
        (try
          (block)
          (catch
            (block)))
    ",
    );
    check_error(
        "try {}",
        "SyntaxError: Missing catch or finally after try (1:7)",
    );
    check_error(
        "try {} catch (e = 1) {}",
        "SyntaxError: Unexpected token '=' (1:17)",
    );
}

#[test]
fn blocks_empty_and_debugger() {
    check(
        "{} ; debugger; {{}}",
        "
        (block)
        (empty)
        (debugger)
        (block
          (block))
    ",
    );
    check_error("if (a) {", "SyntaxError: Unexpected end of input (1:9)");
    check_error("}", "SyntaxError: Unexpected token '}' (1:1)");
}

#[test]
fn function_declarations() {
    check(
        "function f() {} function g(a, b = 1, ...c) { return } function h({a, b: [c]}, [d = 2],) {}",
        "
        (function f ())
        (function g (a (= b 1) ...c)
          (return))
        (function h ({a b:[c]} [(= d 2)]))
    ",
    );
    check_error("function () {}", "SyntaxError: Unexpected token '(' (1:10)");
    check_error(
        "function f(a, ...b = 1) {}",
        "SyntaxError: Rest parameter may not have a default initializer (1:20)",
    );
    check_error(
        "function f(...b,) {}",
        "SyntaxError: Rest parameter must be last formal parameter (1:16)",
    );
    check_error(
        "function f(a, a) { 'use strict' }",
        "SyntaxError: Duplicate parameter name not allowed in this context (1:15)",
    );
    check_error(
        "function f([a], a) {}",
        "SyntaxError: Duplicate parameter name not allowed in this context (1:17)",
    );
    check_error(
        "function f(a = 1) { 'use strict' }",
        "SyntaxError: Illegal 'use strict' directive in function with non-simple parameter list (1:21)",
    );
    check_error(
        "function static() { 'use strict' }",
        "SyntaxError: Unexpected strict mode reserved word (1:10)",
    );
    check_error(
        "function f(eval) { 'use strict' }",
        "SyntaxError: Unexpected eval or arguments in strict mode (1:12)",
    );
    // Sloppy functions may repeat simple parameters.
    check("function f(a, a) {}", "(function f (a a))");
}

#[test]
fn directives() {
    // Only an unparenthesized, unescaped string statement at the start is a directive.
    check_ok("'use strict'; var x = 010;".replace("010", "1").as_str());
    check_ok("('use strict'); var x = 010;");
    check_ok("'use\\x20strict'; var x = 010;");
    check_ok("x; 'use strict'; var y = 010;");
    check_error(
        "'a'; \"use strict\"; 010",
        "SyntaxError: Octal literals are not allowed in strict mode. (1:20)",
    );
    check_error(
        "function f() { 'use strict'; with (a) {} }",
        "SyntaxError: Strict mode code may not include a with statement (1:30)",
    );
    // Strictness reaches nested functions and classes, and class bodies are always strict.
    check_error(
        "'use strict'; function f() { return 010 }",
        "SyntaxError: Octal literals are not allowed in strict mode. (1:37)",
    );
    check_error(
        "class A { m() { var static; } }",
        "SyntaxError: Unexpected strict mode reserved word (1:21)",
    );
}

#[test]
fn class_declarations() {
    check(
        "class A {} class B extends A { constructor() { super() } }",
        "
        (class A)
        (class B (extends A)
          (constructor ()
            (super-call)))
    ",
    );
}
