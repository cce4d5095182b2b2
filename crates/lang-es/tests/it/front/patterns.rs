//! Destructuring: binding patterns in declarations, parameters and `catch`, and assignment
//! patterns converted from array and object literals.

use super::support::*;

#[test]
fn assignment_patterns() {
    check(
        "[a, b] = [b, a]; ({a} = o); ({a, b: c, [k]: d, e = 1, f: g = 2, ...h} = o); [a, , b, ...c] = d; \
         [a.b, c[0], ...d.e] = f; [[a], {b}] = c; ({a: {b: [c]}} = d); [(a), (b.c)] = d; ({a: (b)} = c); \
         [a = 1, [b] = [], {c} = {}] = d; [...[a, b]] = c; ({a: super_.b} = d)",
        "
        (= [a b] [b a])
        (paren (= {a} o))
        (paren (= {a b:c [k]:d (= e 1) f:(= g 2) ...h} o))
        (= [a <hole> b ...c] d)
        (= [(. a b) ([] c 0) ...(. d e)] f)
        (= [[a] {b}] c)
        (paren (= {a:{b:[c]}} d))
        (= [a (. b c)] d)
        (paren (= {a:b} c))
        (= [(= a 1) (= [b] []) (= {c} {})] d)
        (= [...[a b]] c)
        (paren (= {a:(. super_ b)} d))
        ",
    );
    // Shorthand initializers are fine once the literal is a pattern, at any depth.
    check(
        "({a = 1} = {}); [{a = 1}] = [{}]; ({b: {c = 2}} = d)",
        "
        (paren (= {(= a 1)} {}))
        (= [{(= a 1)}] [{}])
        (paren (= {b:{(= c 2)}} d))
    ",
    );
    // `__proto__: x` is an ordinary property in a pattern.
    check("({__proto__: a} = b)", "(paren (= {__proto__:a} b))");
}

#[test]
fn invalid_assignment_patterns() {
    check_error(
        "({a: 1} = b)",
        "SyntaxError: Invalid destructuring assignment target (1:6)",
    );
    check_error(
        "[a, ...b,] = c",
        "SyntaxError: Rest element must be last element (1:5)",
    );
    check_error(
        "({...a, b} = c)",
        "SyntaxError: Rest element must be last element (1:3)",
    );
    check_error(
        "({...{a}} = c)",
        "SyntaxError: `...` must be followed by an assignable reference in assignment contexts (1:6)",
    );
    check_error(
        "([a]) = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "[([a])] = x",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "[(a = 1)] = x",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "({a() {}} = b)",
        "SyntaxError: Invalid destructuring assignment target (1:3)",
    );
    check_error(
        "({a: f()} = d)",
        "SyntaxError: Invalid destructuring assignment target (1:6)",
    );
    check_error(
        "[...a = 1] = b",
        "SyntaxError: Invalid destructuring assignment target (1:5)",
    );
    check_error(
        "[a?.b] = c",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "'use strict'; ({eval} = 1)",
        "SyntaxError: Unexpected eval or arguments in strict mode (1:17)",
    );
    // The initializer of a default is an expression again: its shorthand initializer is wrong.
    check_error(
        "[a = {b = 1}] = c",
        "SyntaxError: Invalid shorthand property initializer (1:7)",
    );
}

#[test]
fn binding_patterns() {
    check(
        "let {a, b: c, [k]: d, e = 1, f: g = 2, ...h} = o; const [x, , y = 3, ...z] = w; var {p: {q: [r]}} = s; \
         let [[t]] = u, {v = () => {}} = {}; let {'s t': st, 1: one, if: iff} = o",
        r#"
        (let {a b:c [k]:d (= e 1) f:(= g 2) ...h} o)
        (const [x <hole> (= y 3) ...z] w)
        (var {p:{q:[r]}} s)
        (let ([[t]] u) ({(= v (arrow #"v" ()))} {}))
        (let {"s t":st 1:one if:iff} o)
        "#,
    );
    check_error(
        "let {...{a}} = c",
        "SyntaxError: `...` must be followed by an identifier in declaration contexts (1:9)",
    );
    check_error(
        "let [a, ...b,] = c",
        "SyntaxError: Rest element must be last element (1:13)",
    );
    check_error(
        "let {a, ...b,} = c",
        "SyntaxError: Rest element must be last element (1:13)",
    );
    check_error("let [a.b] = c", "SyntaxError: Unexpected token '.' (1:7)");
    check_error(
        "let [a, a] = x",
        "SyntaxError: Identifier 'a' has already been declared (1:9)",
    );
    check_error("let {if} = x", "SyntaxError: Unexpected token 'if' (1:6)");
}

#[test]
fn parameter_patterns() {
    check(
        "function f([a, b] = [], {c, d = c} = {}, ...[e, f]) {} ((a, [b, c], {d}) => 0); ({a = 1, b: {c} = {}}) => a",
        "
        (function f ((= [a b] []) (= {c (= d c)} {}) ...[e f]))
        (paren (arrow (a [b c] {d}) 0))
        (arrow ({(= a 1) b:(= {c} {})}) a)
    ",
    );
    check(
        "([a] = [1], {b} = {}, ...c) => 0",
        "(arrow ((= [a] [1]) (= {b} {}) ...c) 0)",
    );
    check_error(
        "([a.b]) => 0",
        "SyntaxError: Invalid destructuring assignment target (1:3)",
    );
    check_error(
        "({a: b.c}) => 0",
        "SyntaxError: Invalid destructuring assignment target (1:6)",
    );
    check_error(
        "([a, a]) => 0",
        "SyntaxError: Duplicate parameter name not allowed in this context (1:6)",
    );
}

#[test]
fn catch_and_for_of_patterns() {
    check(
        "try {} catch ({a, b: [c]}) {} for (const [k, v] of m) ; for ({a, b: [c]} of d) ;",
        "
        (try
          (block)
          (catch {a b:[c]}
            (block)))
        (for-of (const [k v]) m
          (empty))
        (for-of {a b:[c]} d
          (empty))
    ",
    );
}
