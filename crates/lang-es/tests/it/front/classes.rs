//! Classes: constructors, methods, accessors, static members, computed keys, fields and
//! `super`.

use super::support::*;

#[test]
fn methods_and_accessors() {
    check(
        "class A { constructor(a) { this.a = a } m() { return this.a } static s() {} get g() { return 1 } set g(v) {} \
         static get sg() {} static set sg(v) {} [k]() {} 'str'() {} 42() {} get [k2]() {} }",
        "
        (class A
          (constructor (a)
            (= (. this a) a))
          (method m ()
            (return (. this a)))
          (static method s ())
          (get g ()
            (return 1))
          (set g (v))
          (static get sg ())
          (static set sg (v))
          (method [k] #[computed] ())
          (method str ())
          (method 42 ())
          (get [k2] #[get computed] ()))
        ",
    );
}

#[test]
fn contextual_member_names() {
    check(
        "class C { static() {} get() {} set() {} static static() {} get get() {} set set(v) {} static async() {} async() {} \
         static = 1; get; set = 2 }",
        "
        (class C
          (method static ())
          (method get ())
          (method set ())
          (static method static ())
          (get get ())
          (set set (v))
          (static method async ())
          (method async ())
          (field static 1)
          (field get)
          (field set 2))
        ",
    );
    check("class D { ;; m() {}; ; }", "(class D\n  (method m ()))");
}

#[test]
fn fields() {
    check(
        "class A { x; y = 1; static z = 2; static w; [k] = 3; static [k2]; 'q' = 4; 5 = 6; f = () => this.x; g = function () {} }",
        r#"
        (class A
          (field x)
          (field y 1)
          (static field z 2)
          (static field w)
          (field [k] 3)
          (static field [k2])
          (field q 4)
          (field 5 6)
          (field f (arrow #"f" () (. this x)))
          (field g (function #"g" ())))
        "#,
    );
    check_error(
        "class A { x = arguments }",
        "SyntaxError: the arguments object is not supported in EasyScript (1:15)",
    );
    check_error(
        "class A { x = super() }",
        "SyntaxError: 'super' keyword unexpected here (1:15)",
    );
}

#[test]
fn heritage_and_super() {
    check(
        "class B extends A { constructor(...args) { super(...args); this.b = super.m(); } m() { return super.m() + super['n'] } \
         static s() { return super.s() } }",
        r#"
        (class B (extends A)
          (constructor (...args)
            (super-call ...args)
            (= (. this b) (call (super m))))
          (method m ()
            (return (+ (call (super m)) (super ["n"]))))
          (static method s ()
            (return (call (super s)))))
        "#,
    );
    check(
        "class E extends null {} class F extends f() {} class G extends a.b {} class H extends class {} {}",
        "
        (class E (extends null))
        (class F (extends (call f)))
        (class G (extends (. a b)))
        (class H (extends (class)))
    ",
    );
    // Arrows inside a derived constructor may call `super()`; arrows inside methods may use
    // `super.x`.
    check(
        "class A extends B { constructor() { (() => super())() } m() { return () => super.m } }",
        "
        (class A (extends B)
          (constructor ()
            (call (paren (arrow () (super-call)))))
          (method m ()
            (return (arrow () (super m)))))
    ",
    );
    check_error(
        "class A extends B { m() { super(); } }",
        "SyntaxError: 'super' keyword unexpected here (1:27)",
    );
    check_error(
        "class A { constructor() { super() } }",
        "SyntaxError: 'super' keyword unexpected here (1:27)",
    );
    check_error(
        "function f() { super.x }",
        "SyntaxError: 'super' keyword unexpected here (1:16)",
    );
    check_error(
        "super.x",
        "SyntaxError: 'super' keyword unexpected here (1:1)",
    );
    check_error(
        "class A { m() { function f() { super.x } } }",
        "SyntaxError: 'super' keyword unexpected here (1:32)",
    );
    check_error(
        "class A extends B { m() { super } }",
        "SyntaxError: 'super' keyword unexpected here (1:27)",
    );
    check_error(
        "class A extends B { constructor() { new super() } }",
        "SyntaxError: 'super' keyword unexpected here (1:41)",
    );
}

#[test]
fn class_expressions_and_names() {
    check(
        "x = class {}; y = class Y {}; let z = class { constructor() {} }",
        r#"
        (= x (class #"x"))
        (= y (class Y))
        (let z (class #"z"
          (constructor ())))
    "#,
    );
}

#[test]
fn class_errors() {
    check_error(
        "class A { constructor(){} constructor(){} }",
        "SyntaxError: A class may only have one constructor (1:27)",
    );
    check_error(
        "class A { get constructor(){} }",
        "SyntaxError: Class constructor may not be an accessor (1:15)",
    );
    check_error(
        "class A { static prototype(){} }",
        "SyntaxError: Classes may not have a static property named 'prototype' (1:18)",
    );
    check_error(
        "class A { static prototype = 1 }",
        "SyntaxError: Classes may not have a static property named 'prototype' (1:18)",
    );
    check_error(
        "class A { constructor = 1 }",
        "SyntaxError: Classes may not have a field named 'constructor' (1:11)",
    );
    check_error(
        "class A { 'constructor' = 1 }",
        "SyntaxError: Classes may not have a field named 'constructor' (1:11)",
    );
    check_error("class { }", "SyntaxError: Unexpected token '{' (1:7)");
    check_error(
        "class A { get x }",
        "SyntaxError: Unexpected token '}' (1:17)",
    );
    check_error(
        "class let {}",
        "SyntaxError: Unexpected strict mode reserved word (1:7)",
    );
    check_error(
        "class A extends B, C {}",
        "SyntaxError: Unexpected token ',' (1:18)",
    );
}

#[test]
fn computed_and_static_names_are_not_special() {
    // A computed `'constructor'` is an ordinary method, and `static constructor` too.
    check(
        "class A { ['constructor']() {} static constructor() {} }",
        r#"
        (class A
          (method ["constructor"] #[computed] ())
          (static method constructor ()))
    "#,
    );
}
