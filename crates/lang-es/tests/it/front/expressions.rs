//! Every expression form, operator precedence and associativity.

use super::support::*;

#[test]
fn primaries() {
    check(
        "null; true; false; this; undefined; NaN",
        "
        null
        true
        false
        this
        undefined
        NaN
    ",
    );
}

#[test]
fn binary_precedence_and_associativity() {
    check(
        "a + b * c - d / e % f; a ** b ** c; (a ** b) ** c; a << b >> c >>> d; a < b > c <= d >= e; \
         a instanceof B; a in b; a == b != c === d !== e; a & b | c ^ d; a & b ^ c | d; a + b << c < d == e & f",
        "
        (- (+ a (* b c)) (% (/ d e) f))
        (** a (** b c))
        (** (paren (** a b)) c)
        (>>> (>> (<< a b) c) d)
        (>= (<= (> (< a b) c) d) e)
        (instanceof a B)
        (in a b)
        (!== (=== (!= (== a b) c) d) e)
        (| (& a b) (^ c d))
        (| (^ (& a b) c) d)
        (& (== (< (<< (+ a b) c) d) e) f)
        ",
    );
    check(
        "2 ** -2; a++ ** 2; (-a) ** 2; a * b ** c",
        "
        (** 2 (- 2))
        (** (post++ a) 2)
        (** (paren (- a)) 2)
        (* a (** b c))
    ",
    );
}

#[test]
fn logical_operators() {
    check(
        "a || b && c; a && b || c; a ?? b; a ?? b ?? c; a ?? (b || c); (a && b) ?? c; a | b ?? c",
        "
        (|| a (&& b c))
        (|| (&& a b) c)
        (?? a b)
        (?? (?? a b) c)
        (?? a (paren (|| b c)))
        (?? (paren (&& a b)) c)
        (?? (| a b) c)
    ",
    );
    check_error("a ?? b || c", "SyntaxError: Unexpected token '||' (1:8)");
    check_error("a || b ?? c", "SyntaxError: Unexpected token '??' (1:8)");
    check_error("a && b ?? c", "SyntaxError: Unexpected token '??' (1:8)");
    check_error("a ?? b && c", "SyntaxError: Unexpected token '&&' (1:8)");
}

#[test]
fn exponent_after_unary_is_an_error() {
    let message = "Unary operator used immediately before exponentiation expression. \
                   Parenthesis must be used to disambiguate operator precedence";
    check_error("-2 ** 2", &format!("SyntaxError: {message} (1:1)"));
    check_error(
        "x = typeof a ** 2",
        &format!("SyntaxError: {message} (1:5)"),
    );
}

#[test]
fn conditional() {
    check(
        "a ? b : c ? d : e; a ? b ? c : d : e; x = a ? b : c; a ? b = 1 : c = 2",
        "
        (? a b (? c d e))
        (? a (? b c d) e)
        (= x (? a b c))
        (? a (= b 1) (= c 2))
    ",
    );
}

#[test]
fn assignments() {
    check(
        "x = y = z; x += 1; x -= 1; x *= 1; x /= 1; x %= 1; x **= 1; x <<= 1; x >>= 1; x >>>= 1; \
         x &= 1; x |= 1; x ^= 1; x &&= 1; x ||= 1; x ??= 1; a.b = 1; a[0] += 1; (a) = 1; (a.b) = 2",
        "
        (= x (= y z))
        (+= x 1)
        (-= x 1)
        (*= x 1)
        (/= x 1)
        (%= x 1)
        (**= x 1)
        (<<= x 1)
        (>>= x 1)
        (>>>= x 1)
        (&= x 1)
        (|= x 1)
        (^= x 1)
        (&&= x 1)
        (||= x 1)
        (??= x 1)
        (= (. a b) 1)
        (+= ([] a 0) 1)
        (= a 1)
        (= (. a b) 2)
        ",
    );
    check_error(
        "1 = 2",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "a++ = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "a + b = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "[a] += 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "a?.b = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
    check_error(
        "(a, b) = 1",
        "SyntaxError: Invalid left-hand side in assignment (1:1)",
    );
}

#[test]
fn unary_and_update() {
    check(
        "-a; +a; !a; ~a; typeof a; void 0; - -a; !!a; typeof typeof a; -(-a)",
        "
        (- a)
        (+ a)
        (! a)
        (~ a)
        (typeof a)
        (void 0)
        (- (- a))
        (! (! a))
        (typeof (typeof a))
        (- (paren (- a)))
    ",
    );
    check(
        "++a; --a; a++; a--; ++a.b; a[0]--; (a)++; ++(a.b); - --a; a++ + ++b",
        "
        (pre++ a)
        (pre-- a)
        (post++ a)
        (post-- a)
        (pre++ (. a b))
        (post-- ([] a 0))
        (post++ a)
        (pre++ (. a b))
        (- (pre-- a))
        (+ (post++ a) (pre++ b))
    ",
    );
    check_error(
        "++1",
        "SyntaxError: Invalid left-hand side expression in prefix operation (1:3)",
    );
    check_error(
        "1++",
        "SyntaxError: Invalid left-hand side expression in postfix operation (1:1)",
    );
    check_error(
        "a?.b++",
        "SyntaxError: Invalid left-hand side expression in postfix operation (1:1)",
    );
}

#[test]
fn members_and_calls() {
    check(
        "a.b; a[b]; a.b.c[d][e].f; a(); a(b, c); a(...b, c,); a.b(c)(d)[e](); f(a)(b); a[b, c]",
        "
        (. a b)
        ([] a b)
        (. ([] ([] (. (. a b) c) d) e) f)
        (call a)
        (call a b c)
        (call a ...b c)
        (call ([] (call (call (. a b) c) d) e))
        (call (call f a) b)
        ([] a (, b c))
    ",
    );
    check_error("f(a, b", "SyntaxError: missing ) after argument list (1:7)");
    check_error("f(a b)", "SyntaxError: missing ) after argument list (1:5)");
    check_error("a.1", "SyntaxError: Unexpected number (1:2)");
}

#[test]
fn new_expressions() {
    check(
        "new X; new X(); new X(a, ...b); new X.Y(z); new (f())(); new (f()); new X().y; new X.y().z; new new X()()",
        "
        (new X)
        (new X)
        (new X a ...b)
        (new (. X Y) z)
        (new (paren (call f)))
        (new (paren (call f)))
        (. (new X) y)
        (. (new (. X y)) z)
        (new (new X))
    ",
    );
    check(
        "new a.b[c].d(e).f(g)",
        "(call (. (new (. ([] (. a b) c) d) e) f) g)",
    );
}

#[test]
fn optional_chaining() {
    check(
        "a?.b; a?.[b]; a?.(b); a?.b.c.d; a?.b?.c; a.b?.(); (a?.b).c; (a?.b)(); a?.b[c](d); new a()?.b",
        "
        (chain (?. a b))
        (chain (?.[] a b))
        (chain (?.call a b))
        (chain (. (. (?. a b) c) d))
        (chain (?. (?. a b) c))
        (chain (?.call (. a b)))
        (. (paren (chain (?. a b))) c)
        (call (paren (chain (?. a b))))
        (chain (call ([] (?. a b) c) d))
        (chain (?. (new a) b))
    ",
    );
    // `?.` followed by a digit is a conditional.
    check("a?.5:b", "(? a 0.5 b)");
    check_error(
        "new a?.b",
        "SyntaxError: Invalid optional chain from new expression (1:6)",
    );
    check_error(
        "a?.b`t`",
        "SyntaxError: Invalid tagged template on optional chain (1:5)",
    );
}

#[test]
fn array_literals() {
    check(
        "[]; [1]; [1, 2,]; [,]; [, ,]; [1, , 2]; [...a, ...b]; [[]]; [a = 1]",
        "
        []
        [1]
        [1 2]
        [<hole>]
        [<hole> <hole>]
        [1 <hole> 2]
        [...a ...b]
        [[]]
        [(= a 1)]
    ",
    );
}

#[test]
fn object_literals() {
    check(
        "x = {}; x = {a: 1, 'b': 2, 3: 3, [d]: 4}; x = {a, b}; x = {...a, b}; x = {'a b': 1, 1.5: 2, 0x10: 3, 1e21: 4, .5: 5}; \
         x = {if: 1, class: 2}; x = {__proto__}; x = {['__proto__']: 1}",
        r#"
        (= x {})
        (= x {a:1 b:2 3:3 [d]:4})
        (= x {a b})
        (= x {...a b})
        (= x {"a b":1 1.5:2 16:3 1e+21:4 0.5:5})
        (= x {if:1 class:2})
        (= x {__proto__})
        (= x {["__proto__"]:1})
        "#,
    );
    check(
        "x = {get a() { return 1 }, set a(v) {}, m() {}, get() {}, set() {}, static() {}, async() {}, get: 1, set: 2, 'q'() {}}",
        r#"
        (= x {(get a ()
          (return 1)) (set a (v)) (method m ()) (method get ()) (method set ()) (method static ()) (method async ()) get:1 set:2 (method q ())})
        "#,
    );
    check_error("x = {a b}", "SyntaxError: Unexpected identifier 'b' (1:8)");
    check_error("x = {if}", "SyntaxError: Unexpected token 'if' (1:6)");
    check_error("x = {1}", "SyntaxError: Unexpected number (1:6)");
    check_error(
        "({a = 1})",
        "SyntaxError: Invalid shorthand property initializer (1:3)",
    );
    check_error(
        "f({a=1})",
        "SyntaxError: Invalid shorthand property initializer (1:4)",
    );
    check_error(
        "x = [{a = 1}]",
        "SyntaxError: Invalid shorthand property initializer (1:7)",
    );
    check_error(
        "x = { get a(b) {} }",
        "SyntaxError: Getter must not have any formal parameters. (1:12)",
    );
    check_error(
        "x = { set a() {} }",
        "SyntaxError: Setter must have exactly one formal parameter. (1:12)",
    );
    check_error(
        "x = { set a(...b) {} }",
        "SyntaxError: Setter function argument must not be a rest parameter (1:12)",
    );
    check_error(
        "({ m: function() { super.x } })",
        "SyntaxError: 'super' keyword unexpected here (1:20)",
    );
}

#[test]
fn sequences() {
    check(
        "a, b, c; (a, b); x = (1, 2); for (a, b; c, d; e, f);",
        "
        (, a b c)
        (paren (, a b))
        (= x (paren (, 1 2)))
        (for (, a b) (, c d) (, e f)
          (empty))
    ",
    );
}

#[test]
fn function_expressions() {
    check(
        "x = function () {}; x = function f(a, b) { return a }; x = (function g() {}); (function(){})()",
        "
        (= x (function #\"x\" ()))
        (= x (function f (a b)
          (return a)))
        (= x (paren (function g ())))
        (call (paren (function ())))
    ",
    );
}

#[test]
fn arrow_functions() {
    check(
        "x = a => a; x = (a, b) => a + b; x = () => {}; x = async => 1; x = (a = 1, [b], {c}, ...d) => 0; \
         x = a => b => c; x = (a,) => a; x = () => ({}); x = a => { return a }",
        "
        (= x (arrow #\"x\" (a) a))
        (= x (arrow #\"x\" (a b) (+ a b)))
        (= x (arrow #\"x\" ()))
        (= x (arrow #\"x\" (async) 1))
        (= x (arrow #\"x\" ((= a 1) [b] {c} ...d) 0))
        (= x (arrow #\"x\" (a) (arrow (b) c)))
        (= x (arrow #\"x\" (a) a))
        (= x (arrow #\"x\" () (paren {})))
        (= x (arrow #\"x\" (a)
          (return a)))
        ",
    );
    check(
        "a ? (b) => 1 : c => 2; f(a => a, (b) => b)",
        "
        (? a (arrow (b) 1) (arrow (c) 2))
        (call f (arrow (a) a) (arrow (b) b))
    ",
    );
    check_error("()", "SyntaxError: Unexpected token ')' (1:2)");
    check_error("(a, ...b)", "SyntaxError: Unexpected token '...' (1:5)");
    check_error("(a,)", "SyntaxError: Unexpected token ')' (1:4)");
    check_error("(a)\n=> 1", "SyntaxError: Unexpected token '=>' (2:1)");
    check_error(
        "!(a) => 1",
        "SyntaxError: Malformed arrow function parameter list (1:1)",
    );
    check_error("a => {} + 1", "SyntaxError: Unexpected token '+' (1:9)");
    check_error(
        "(a.b) => 1",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "(1) => 1",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "((a)) => 1",
        "SyntaxError: Invalid destructuring assignment target (1:2)",
    );
    check_error(
        "({a:1}) => 1",
        "SyntaxError: Invalid destructuring assignment target (1:5)",
    );
    check_error(
        "(...a, b) => 1",
        "SyntaxError: Rest parameter must be last formal parameter (1:6)",
    );
    check_error(
        "(a, a) => 1",
        "SyntaxError: Duplicate parameter name not allowed in this context (1:5)",
    );
    check_error(
        "(a = 1) => { 'use strict' }",
        "SyntaxError: Illegal 'use strict' directive in function with non-simple parameter list (1:14)",
    );
}

#[test]
fn templates_in_expressions() {
    check(
        "x = `a${b}c` + `d`; f(`${x}`)",
        r#"
        (= x (+ (template "a" b "c") (template "d")))
        (call f (template "" x ""))
    "#,
    );
}

#[test]
fn class_expressions() {
    check(
        "(class {}); x = class A extends B {}; x = class extends (f()) { m() {} }",
        r#"
        (paren (class))
        (= x (class A (extends B)))
        (= x (class #"x" (extends (paren (call f)))
          (method m ())))
    "#,
    );
}

#[test]
fn inferred_function_names() {
    check(
        "const f = () => {}; let g = function () {}; var C = class {}; h = (function () {}); \
         o = { m: function () {}, [k]: () => {}, 1: () => {}, 'a b': class {} }; \
         ({ p = () => {} } = {}); let [q = function () {}] = []; i ||= () => {}; j += function () {}",
        r#"
        (const f (arrow #"f" ()))
        (let g (function #"g" ()))
        (var C (class #"C"))
        (= h (paren (function #"h" ())))
        (= o {m:(function #"m" ()) [k]:(arrow #[computed] ()) 1:(arrow #"1" ()) "a b":(class #"a b")})
        (paren (= {(= p (arrow #"p" ()))} {}))
        (let [(= q (function #"q" ()))] [])
        (||= i (arrow #"i" ()))
        (+= j (function ()))
        "#,
    );
}
