//! Which functions are trivial, in the sense of porcini's `RootNode::is_trivial` (Truffle's
//! `RootNode.isTrivial`): code whose inlined body is no larger than the call it replaces, so
//! that the compiler inlines it wherever its caller is, outside the inlining budgets.
//!
//! The test is syntactic and conservative: simple parameters, a body of at most a few
//! statements, each an expression, a `return` or an `if`, built only from names, literals,
//! `this`, property reads and writes, and operators. A call, a `new`, a template, a closure, a
//! literal object or array, and every loop make a function not trivial. The translator also
//! bounds the finished tree's size (`TRIVIAL_NODES`). What the syntax cannot show (a property
//! that turns out to be a getter, an operator converting an object through its `valueOf`)
//! shows when the compiler explores the function: a call or a loop found there takes the mark
//! back for that compilation. Typical trivial functions are accessors, setters and the
//! constructors that only store their arguments.

use crate::parser::ast::{Expr, ExprKind, FunctionBody, FunctionKind, Pattern, PatternKind, Stmt, StmtKind};

/// The most nodes a trivial function's tree may have, its prologue included.
pub(crate) const TRIVIAL_NODES: usize = 40;

/// The most statements of a trivial function's body.
const MAX_STATEMENTS: usize = 4;

/// Whether a function of `kind` with these parameters and body is trivial by its syntax;
/// `fieldless` tells whether a base class's constructor has no field initializers to run.
pub(crate) fn is_trivial(
    kind: FunctionKind,
    params: &[Pattern],
    rest: Option<&Pattern>,
    body: Option<&FunctionBody>,
    fieldless: bool,
) -> bool {
    let kind_ok = match kind {
        FunctionKind::Declaration
        | FunctionKind::Expression
        | FunctionKind::Arrow
        | FunctionKind::Method
        | FunctionKind::Getter
        | FunctionKind::Setter => true,
        FunctionKind::Constructor { derived, .. } => !derived && fieldless,
        FunctionKind::Module | FunctionKind::FieldInitializer { .. } => false,
    };
    let simple_params = rest.is_none() && params.iter().all(|p| matches!(p.kind, PatternKind::Ident(_)));
    kind_ok
        && simple_params
        && match body {
            Some(FunctionBody::Block(stmts)) => stmts.len() <= MAX_STATEMENTS && stmts.iter().all(statement),
            Some(FunctionBody::Expr(e)) => expr(e),
            None => true,
        }
}

fn statement(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Expr(e) => expr(e),
        StmtKind::Return(e) => e.as_ref().is_none_or(expr),
        StmtKind::Empty => true,
        StmtKind::If { test, then, other } => {
            expr(test) && statement(then) && other.as_deref().is_none_or(statement)
        }
        _ => false,
    }
}

fn expr(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Null
        | ExprKind::Bool(_)
        | ExprKind::Number(_)
        | ExprKind::String(_)
        | ExprKind::Ident(_)
        | ExprKind::This(_) => true,
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::OptionalChain(x) => expr(x),
        ExprKind::Update { target, .. } => expr(target),
        ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => expr(a) && expr(b),
        ExprKind::Conditional { test, then, other } => expr(test) && expr(then) && expr(other),
        ExprKind::Assign { target, value, .. } => target_ok(target) && expr(value),
        ExprKind::Sequence(items) => items.iter().all(expr),
        ExprKind::Member { object, .. } => expr(object),
        ExprKind::Index { object, index, .. } => expr(object) && expr(index),
        _ => false,
    }
}

/// An assignment's target: a name, a property or an element (no destructuring).
fn target_ok(p: &Pattern) -> bool {
    match &p.kind {
        PatternKind::Ident(_) => true,
        PatternKind::Expr(e) => matches!(e.kind, ExprKind::Member { .. } | ExprKind::Index { .. }) && expr(e),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::ast::{FunctionBody, StmtKind};

    /// Whether the first function declared in `src` is trivial by its syntax.
    fn check(src: &str, expect: bool) {
        let module = crate::parser::parse_module(src, "t.js").expect("the test program parses");
        let FunctionBody::Block(stmts) = &module.function.body else { panic!("a module has a block") };
        let f = stmts
            .iter()
            .find_map(|s| match &s.kind {
                StmtKind::Function { func, .. } => Some(func),
                _ => None,
            })
            .expect("a function declaration");
        let got = super::is_trivial(f.kind, &f.params, f.rest.as_ref(), Some(&f.body), true);
        assert_eq!(got, expect, "{src}");
    }

    #[test]
    fn accessors_and_plain_arithmetic_are_trivial() {
        check("function f(o, v) { o.x = v; }", true);
        check("function f(o) { return o.x; }", true);
        check("function f(a, b) { return a < b ? -1 : a === b ? 0 : 1; }", true);
        check("function f(o, i) { if (o[i] > 0) o[i]++; else o[i] = 0; return o; }", true);
        check("function f() {}", true);
    }

    #[test]
    fn calls_loops_closures_and_patterns_are_not() {
        check("function f(o) { return o.g(); }", false);
        check("function f(C) { return new C(); }", false);
        check("function f(n) { while (n) n--; }", false);
        check("function f() { return () => 1; }", false);
        check("function f(x) { return `${x}`; }", false);
        check("function f({ a }) { return a; }", false);
        check("function f(a = 1) { return a; }", false);
        check("function f(...r) { return r; }", false);
        check("function f() { return [1]; }", false);
        check("function f(a) { a.x = 1; a.y = 2; a.z = 3; a.w = 4; a.v = 5; }", false);
    }
}
