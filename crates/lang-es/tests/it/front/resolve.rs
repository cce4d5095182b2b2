//! The resolver: storage of bindings (frame slot or environment), hops, temporal-dead-zone
//! checks, per-iteration environments, `this` and `super` through arrows, hoisting, shadowing,
//! catch and class scopes, and the per-function facts.

use super::support::*;

const MODULE_PARAMS: &str = "param exports=frame0; param require=frame1; param module=frame2; param __filename=frame3; param __dirname=frame4";

#[test]
fn frame_unless_captured() {
    let src = "let a = 1; var b = 2; function f(p) { let c = p; return () => a + c; }";
    check_resolved(
        src,
        "
        (let a@env(0,0) 1)
        (var b@frame5 2)
        (function f@frame6 (p@frame0)
          (let c@env(0,0) p@frame0)
          (return (arrow () (+ a@env(1,0)+tdz c@env(0,0)+tdz))))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=7 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body env=1: var b=frame5; function f=frame6; let a=env0 (tdz) | functions: f=fn1
        fn1 declaration \"f\" sloppy frame=1 length=1 in fn0
          scope2 params: param p=frame0
          scope3 body env=1: let c=env0 (tdz)
        fn2 arrow sloppy frame=0 length=0 in fn1
    "
        ),
    );
}

#[test]
fn hops_count_environments_on_the_way() {
    check_resolved(
        "let x = 1; { let y = 2; { let z = 3; g = () => x + y + z; } } { let w; { let u = () => w } }",
        "
        (let x@env(0,0) 1)
        (block
          (let y@env(0,0) 2)
          (block
            (let z@env(0,0) 3)
            (= g@global (arrow #\"g\" () (+ (+ x@env(2,0)+tdz y@env(1,0)+tdz) z@env(0,0)+tdz)))))
        (block
          (let w@env(0,0))
          (block
            (let u@frame5 (arrow #\"u\" () w@env(0,0)+tdz))))
    ",
    );
    // Scopes without an environment are not counted.
    check_resolved(
        "let a = 1; { let b = 2; { let c = 3; h = () => a + c; b } }",
        "
        (let a@env(0,0) 1)
        (block
          (let b@frame5 2)
          (block
            (let c@env(0,0) 3)
            (= h@global (arrow #\"h\" () (+ a@env(1,0)+tdz c@env(0,0)+tdz)))
            b@frame5))
    ",
    );
}

#[test]
fn module_parameters_and_globals() {
    let src = "exports.a = 1; module.exports = () => require('x') + __dirname + console.log";
    check_resolved(
        src,
        r#"
        (= (. exports@frame0 a) 1)
        (= (. module@frame1 exports) (arrow () (+ (+ (call require@env(0,0) "x") __dirname@env(0,1)) (. console@global log))))
    "#,
    );
    check_tables(src, "
        fn0 module sloppy frame=3 length=5
          scope0 params env=2: param exports=frame0; param require=env0; param module=frame1; param __filename=frame2; param __dirname=env1
        fn1 arrow sloppy frame=0 length=0 in fn0
    ");
}

#[test]
fn temporal_dead_zone_checks() {
    check_resolved(
        "function f() { return x; } let x = 1; x; { x } if (1) x; switch (0) { case 0: let s = 1; default: s } let y = y; \
         x = 2; const [p = q, q = p] = []",
        "
        (function f@frame5 ()
          (return x@env(0,0)+tdz))
        (let x@env(0,0) 1)
        x@env(0,0)
        (block
          x@env(0,0))
        (if 1
          x@env(0,0))
        (switch 0
          (case 0
            (let s@frame9 1))
          (default
            s@frame9+tdz))
        (let y@frame6 y@frame6+tdz)
        (= x@env(0,0) 2)
        (const [(= p@frame7 q@frame8+tdz) (= q@frame8 p@frame7+tdz)] [])
        ",
    );
    // The iterable of a `for-of` sees the head's bindings uninitialized; class heritage sees
    // the class's name uninitialized.
    check_resolved(
        "for (let z of z) z; class C extends C {}",
        "
        (for-of (let z@frame6) z@frame6+tdz
          z@frame6)
        (class C@frame5 (extends C@frame7+tdz))
    ",
    );
    // With parameter expressions, parameters are initialized one after another.
    check_resolved("function f(a = b, b) {} function g(a, b = a, c = () => b) {}", "
        (function f@frame5 ((= a@frame0 b@frame1+tdz) b@frame1))
        (function g@frame6 (a@frame0 (= b@env(0,0) a@frame0) (= c@frame1 (arrow #\"c\" () b@env(0,0)+tdz))))
    ");
    // Function declarations and vars are never in a dead zone.
    check_resolved(
        "f(); v; function f() {} var v = 1",
        "
        (call f@frame6)
        v@frame5
        (function f@frame6 ())
        (var v@frame5 1)
    ",
    );
}

#[test]
fn loops_with_per_iteration_environments() {
    let src = "const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); for (const c = 0; c < 1;) fs.push(() => c); \
               for (let j of [1]) fs.push(() => j); for (var v of [1]) fs.push(() => v); for (let k = 0; k < 1; k++) {}";
    check_resolved(
        src,
        "
        (const fs@frame5 [])
        (for (let i@env(0,0) 0) (< i@env(0,0) 3) (post++ i@env(0,0))
          (call (. fs@frame5 push) (arrow () i@env(0,0)+tdz)))
        (for (const c@env(0,0) 0) (< c@env(0,0) 1) _
          (call (. fs@frame5 push) (arrow () c@env(0,0)+tdz)))
        (for-of (let j@env(0,0)) [1]
          (call (. fs@frame5 push) (arrow () j@env(0,0)+tdz)))
        (for-of (var v@env(0,0)) [1]
          (call (. fs@frame5 push) (arrow () v@env(0,0))))
        (for (let k@frame6 0) (< k@frame6 1) (post++ k@frame6)
          (block))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=7 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body env=1: var v=env0; const fs=frame5 (tdz)
          scope2 for env=1 per-iteration-copy: let i=env0 (tdz)
          scope5 for env=1: const c=env0 (tdz)
          scope8 for-of env=1 per-iteration-fresh: let j=env0 (tdz)
          scope14 for: let k=frame6 (tdz)
        fn1 arrow sloppy frame=0 length=0 in fn0
        fn2 arrow sloppy frame=0 length=0 in fn0
        fn3 arrow sloppy frame=0 length=0 in fn0
        fn4 arrow sloppy frame=0 length=0 in fn0
    "
        ),
    );
}

#[test]
fn closures_in_loop_bodies() {
    check_resolved(
        "for (let i = 0; i < 2; i++) { let j = i; setTimeout(function () { console.log(i, j) }) }",
        "
        (for (let i@env(0,0) 0) (< i@env(0,0) 2) (post++ i@env(0,0))
          (block
            (let j@env(0,0) i@env(1,0))
            (call setTimeout@global (function ()
              (call (. console@global log) i@env(1,0)+tdz j@env(0,0)+tdz)))))
    ",
    );
    check_tables(
        "while (c) { let t = 1; f(() => t) }",
        &format!(
            "
        fn0 module sloppy frame=5 length=5
          scope0 params: {MODULE_PARAMS}
          scope2 block env=1: let t=env0 (tdz)
        fn1 arrow sloppy frame=0 length=0 in fn0
    "
        ),
    );
}

#[test]
fn this_in_arrows_is_the_enclosing_functions() {
    let src = "x = () => this; function f() { return () => () => this.y; } const o = { m() { return () => this } }; function g() { return this }";
    check_resolved(
        src,
        "
        (= x@global (arrow #\"x\" () this@env(0,0)))
        (function f@frame5 ()
          (return (arrow () (arrow () (. this@env(0,0) y)))))
        (const o@frame7 {(method m ()
          (return (arrow () this@env(0,0))))})
        (function g@frame6 ()
          (return this@frame0))
    ",
    );
    check_tables(src, &format!("
        fn0 module sloppy frame=8 length=5 uses-this
          scope0 params env=1: {MODULE_PARAMS}; special this=env0
          scope1 body: function f=frame5; function g=frame6; const o=frame7 (tdz) | functions: f=fn2 g=fn7
        fn1 arrow \"x\" sloppy frame=0 length=0 uses-this in fn0
        fn2 declaration \"f\" sloppy frame=0 length=0 uses-this in fn0
          scope4 params env=1: special this=env0
        fn3 arrow sloppy frame=0 length=0 uses-this in fn2
        fn4 arrow sloppy frame=0 length=0 uses-this in fn3
        fn5 method \"m\" sloppy frame=0 length=0 uses-this in fn0
          scope10 params env=1: special this=env0
        fn6 arrow sloppy frame=0 length=0 uses-this in fn5
        fn7 declaration \"g\" sloppy frame=1 length=0 uses-this in fn0
          scope14 params: special this=frame0
    "));
}

#[test]
fn super_and_derived_constructors() {
    let src = "class A extends B { x = () => this.y; static s = () => super.t; \
               constructor(v) { const f = () => super(v); f(); this.z = v; } m() { return () => super.m(); } }";
    check_resolved(src, "
        (class A@frame5 (extends B@global)
          (constructor (v@env(0,0))
            (const f@frame0 (arrow #\"f\" () (super-call this@env(0,1) new.target@env(0,2) fn@env(0,3) : v@env(0,0))))
            (call f@frame0)
            (= (. this@env(0,1)+tdz z) v@env(0,0)))
          (field x (arrow #\"x\" () (. this@env(0,0) y)))
          (static field s (arrow #\"s\" () (super t home@env(0,1) this@env(0,0))))
          (method m ()
            (return (arrow () (call (super m home@env(0,0) this@env(0,1)))))))
    ");
    check_tables(src, &format!("
        fn0 module sloppy frame=7 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: class A=frame5 (tdz)
          scope2 class: class-name A=frame6 (tdz)
        fn1 instance-fields strict frame=0 length=0 uses-this in fn0
          scope3 fields env=1: special this=env0
        fn2 arrow \"x\" strict frame=0 length=0 uses-this in fn1
        fn3 static-fields strict frame=0 length=0 uses-this in fn0
          scope6 fields env=2: special this=env0; special %home=env1
        fn4 arrow \"s\" strict frame=0 length=0 uses-this in fn3
        fn5 derived-constructor \"A\" strict frame=1 length=1 uses-this in fn0
          scope9 params env=4: param v=env0; special this=env1 (tdz); special %newtarget=env2; special %fn=env3
          scope10 body: const f=frame0 (tdz)
        fn6 arrow \"f\" strict frame=0 length=0 uses-this in fn5
        fn7 method \"m\" strict frame=0 length=0 uses-this in fn0
          scope13 params env=2: special %home=env0; special this=env1
        fn8 arrow strict frame=0 length=0 uses-this in fn7
    "));
    // A derived constructor's `this` is checked everywhere; a base constructor's is not.
    check_resolved(
        "class P { constructor() { this.a = 1 } } class Q extends P { constructor() { super(); this.b = 2 } }",
        "
        (class P@frame5
          (constructor ()
            (= (. this@frame0 a) 1)))
        (class Q@frame6 (extends P@frame5)
          (constructor ()
            (super-call this@frame0 new.target@frame1 fn@frame2 :)
            (= (. this@frame0+tdz b) 2)))
    ",
    );
}

#[test]
fn hoisting() {
    let src = "f(); function f() { g(); { h(); function h() {} } var v = 1; function g() {} } if (1) { var w = 2; }";
    check_resolved(
        src,
        "
        (call f@frame6)
        (function f@frame6 ()
          (call g@frame1)
          (block
            (call h@frame2)
            (function h@frame2 ()))
          (var v@frame0 1)
          (function g@frame1 ()))
        (if 1
          (block
            (var w@frame5 2)))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=7 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: var w=frame5; function f=frame6 | functions: f=fn1
        fn1 declaration \"f\" sloppy frame=3 length=0 in fn0
          scope3 body: var v=frame0; function g=frame1 | functions: g=fn3
          scope4 block: function h=frame2 | functions: h=fn2
        fn2 declaration \"h\" sloppy frame=0 length=0 in fn1
        fn3 declaration \"g\" sloppy frame=0 length=0 in fn1
    "
        ),
    );
    // Block-level functions are block scoped (as in strict code) and hoisted in their block.
    check_resolved(
        "'use strict'; { f(); function f() {} } f",
        "
        \"use strict\"
        (block
          (call f@frame5)
          (function f@frame5 ()))
        f@global
    ",
    );
}

#[test]
fn shadowing_and_parameters() {
    check_resolved(
        "let x = 1; function f() { let x = 2; { let x = 3; return () => x; } } { const x = 4; }",
        "
        (let x@frame6 1)
        (function f@frame5 ()
          (let x@frame0 2)
          (block
            (let x@env(0,0) 3)
            (return (arrow () x@env(0,0)+tdz))))
        (block
          (const x@frame7 4))
    ",
    );
    // A body `var` redeclaring a parameter starts with its value; a function declaration
    // replaces it.
    let src = "function f(a, b = () => a) { var a; var c = 1; return b(); } function g(a) { var a; function a() {} return a }";
    check_resolved(
        src,
        "
        (function f@frame5 (a@env(0,0) (= b@frame0 (arrow #\"b\" () a@env(0,0)+tdz)))
          (var a@frame1)
          (var c@frame2 1)
          (return (call b@frame0)))
        (function g@frame6 (a@frame0)
          (var a@frame1)
          (function a@frame1 ())
          (return a@frame1))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=7 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: function f=frame5; function g=frame6 | functions: f=fn1 g=fn3
        fn1 declaration \"f\" sloppy frame=3 length=1 in fn0
          scope2 params env=1: param a=env0 (tdz); param b=frame0 (tdz)
          scope3 body: var a=frame1 (copy of a); var c=frame2
        fn2 arrow \"b\" sloppy frame=0 length=0 in fn1
        fn3 declaration \"g\" sloppy frame=2 length=1 in fn0
          scope6 params: param a=frame0
          scope7 body: function a=frame1 | functions: a=fn4
        fn4 declaration \"a\" sloppy frame=0 length=0 in fn3
    "
        ),
    );
    // Duplicate sloppy parameters share one binding.
    check_resolved(
        "function f(a, a) { return a }",
        "
        (function f@frame5 (a@frame0 a@frame0)
          (return a@frame0))
    ",
    );
}

#[test]
fn catch_scopes() {
    let src = "try {} catch (e) { var e = 1; () => e } try {} catch ([q]) { let r = q } try {} catch { let e }";
    check_resolved(
        src,
        "
        (try
          (block)
          (catch e@env(0,0)
            (block
              (var e@env(0,0) 1)
              (arrow () e@env(0,0)))))
        (try
          (block)
          (catch [q@frame6]
            (block
              (let r@frame7 q@frame6))))
        (try
          (block)
          (catch
            (block
              (let e@frame8))))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=9 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: var e=frame5
          scope3 catch env=1: catch e=env0
          scope8 catch: catch q=frame6
          scope9 block: let r=frame7 (tdz)
          scope12 block: let e=frame8 (tdz)
        fn1 arrow sloppy frame=0 length=0 in fn0
    "
        ),
    );
}

#[test]
fn class_name_bindings() {
    let src = "class C extends (C0 = C) { m() { return C } static s = C; } C = 1; x = class D { n() { D = 2 } }";
    check_resolved(
        src,
        "
        (class C@frame5 (extends (paren (= C0@global C@env(0,0)+tdz)))
          (method m ()
            (return C@env(0,0)+tdz))
          (static field s C@env(0,0)+tdz))
        (= C@frame5 1)
        (= x@global (class D@env(0,0)
          (method n ()
            (= D@env(0,0)+tdz+const 2))))
    ",
    );
    check_tables(
        src,
        &format!(
            "
        fn0 module sloppy frame=6 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: class C=frame5 (tdz)
          scope2 class env=1: class-name C=env0 (tdz)
          scope8 class env=1: class-name D=env0 (tdz)
        fn1 method \"m\" strict frame=0 length=0 in fn0
        fn2 static-fields strict frame=1 length=0 uses-this in fn0
          scope5 fields: special this=frame0
        fn3 default-derived-constructor \"C\" strict frame=1 length=0 uses-this in fn0
          scope6 params: special this=frame0 (tdz)
        fn4 method \"n\" strict frame=0 length=0 in fn0
        fn5 default-constructor \"D\" strict frame=0 length=0 in fn0
    "
        ),
    );
}

#[test]
fn assignments_to_immutable_bindings() {
    check_resolved(
        "const k = 1; k = 2; k += 1; k++; [k] = [1]; x = function self() { self = 1; return () => self }; \
         y = function self2() { 'use strict'; self2 = 1 }; z = function self3(self3) { self3 = 1 }",
        "
        (const k@frame5 1)
        (= k@frame5+const 2)
        (+= k@frame5+const 1)
        (post++ k@frame5+const)
        (= [k@frame5+const] [1])
        (= x@global (function self@env(0,0) ()
          (= self@env(0,0)+ignore 1)
          (return (arrow () self@env(0,0)))))
        (= y@global (function self2@frame0 ()
          \"use strict\"
          (= self2@frame0+const 1)))
        (= z@global (function self3@frame1 (self3@frame0)
          (= self3@frame0 1)))
        ",
    );
}

#[test]
fn function_facts() {
    check_tables(
        "let o = { a() {}, get b() { return 1 }, set b(v) {}, [k]: function () {}, c: () => {} }; \
         class K { static m() {} get g() {} }; function f(a, b = 1, c) {} const h = (p, ...q) => p",
        &format!("
        fn0 module sloppy frame=10 length=5
          scope0 params: {MODULE_PARAMS}
          scope1 body: function f=frame5; let o=frame6 (tdz); class K=frame7 (tdz); const h=frame8 (tdz) | functions: f=fn9
          scope12 class: class-name K=frame9 (tdz)
        fn1 method \"a\" sloppy frame=0 length=0 in fn0
        fn2 getter \"get b\" sloppy frame=0 length=0 in fn0
        fn3 setter \"set b\" sloppy frame=1 length=1 in fn0
          scope6 params: param v=frame0
        fn4 expression [computed] sloppy frame=0 length=0 in fn0
        fn5 arrow \"c\" sloppy frame=0 length=0 in fn0
        fn6 method \"m\" strict frame=0 length=0 in fn0
        fn7 getter \"get g\" strict frame=0 length=0 in fn0
        fn8 default-constructor \"K\" strict frame=0 length=0 in fn0
        fn9 declaration \"f\" sloppy frame=3 length=1 in fn0
          scope19 params: param a=frame0 (tdz); param b=frame1 (tdz); param c=frame2 (tdz)
        fn10 arrow \"h\" sloppy frame=2 length=1 in fn0
          scope21 params: param p=frame0; param q=frame1
        "),
    );
}

#[test]
fn redeclarations() {
    let err = |src: &str, name: &str, pos: &str| {
        check_error(
            src,
            &format!("SyntaxError: Identifier '{name}' has already been declared ({pos})"),
        );
    };
    err("let x = 1; let x = 2;", "x", "1:16");
    err("var a; let a;", "a", "1:12");
    err("let a; var a;", "a", "1:12");
    err("let x; { var x; }", "x", "1:14");
    err("{ var x; } let x;", "x", "1:16");
    err("{ let x; { var x; } }", "x", "1:16");
    err("const a = 1; function a() {}", "a", "1:23");
    err("class A {} var A", "A", "1:16");
    err("try {} catch (e) { let e; }", "e", "1:24");
    err("try {} catch ([e]) { var e; }", "e", "1:26");
    err("x => { let x }", "x", "1:12");
    err("function f(x) { let x }", "x", "1:21");
    err("{ function f(){} let f }", "f", "1:22");
    err("for (let i = 0, i = 1;;) {}", "i", "1:17");
    err("for (let i;;) { var i }", "i", "1:21");
    err("switch (1) { case 1: let a; case 2: let a }", "a", "1:41");
    err("let [a, {a}] = x", "a", "1:10");
    // Allowed: vars and functions repeat at function level, and shadowing in inner scopes.
    check_ok("var a; var a; function a() {} function a() {}");
    check_ok("let a; { let a; } function f(a) { { let a; } }");
    check_ok("try {} catch (e) { var e; } try {} catch (e) { for (var e2 of x); }");
    check_ok("function f() { let f; }");
    check_ok("var x = function g() { let g; }");
}
