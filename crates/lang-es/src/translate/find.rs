//! An index of a module's functions by id, built in one walk of the tree: a scope's hoisted
//! function declarations are named by id in the resolution, and the translator needs their
//! syntax when it enters the scope.

use rustc_hash::FxHashMap;

use crate::parser::FuncId;
use crate::parser::ast::{
    Arg, ArrayElem, Class, ClassMemberKind, Expr, ExprKind, ForInit, ForOfLeft, Function, FunctionBody, Pattern,
    PatternKind, PropKey, PropKind, Stmt, StmtKind, SuperProp,
};

/// Every function of the module (the module function included), by id.
pub(crate) fn index(module: &Function) -> FxHashMap<FuncId, &Function> {
    let mut out = FxHashMap::default();
    function(module, &mut out);
    out
}

type Index<'a> = FxHashMap<FuncId, &'a Function>;

fn function<'a>(f: &'a Function, out: &mut Index<'a>) {
    out.insert(f.id, f);
    for p in &f.params {
        pattern(p, out);
    }
    if let Some(r) = &f.rest {
        pattern(r, out);
    }
    match &f.body {
        FunctionBody::Block(stmts) => stmts.iter().for_each(|s| stmt(s, out)),
        FunctionBody::Expr(e) => expr(e, out),
    }
}

fn class<'a>(c: &'a Class, out: &mut Index<'a>) {
    if let Some(x) = &c.extends {
        expr(x, out);
    }
    function(&c.constructor, out);
    for m in &c.members {
        key(&m.key, out);
        match &m.kind {
            ClassMemberKind::Method { func, .. } => function(func, out),
            ClassMemberKind::Field { value } => value.iter().for_each(|v| expr(v, out)),
        }
    }
}

fn key<'a>(k: &'a PropKey, out: &mut Index<'a>) {
    if let PropKey::Computed(e) = k {
        expr(e, out);
    }
}

fn stmt<'a>(s: &'a Stmt, out: &mut Index<'a>) {
    match &s.kind {
        StmtKind::Expr(e) | StmtKind::Throw(e) => expr(e, out),
        StmtKind::Var(d) => {
            for decl in &d.decls {
                pattern(&decl.target, out);
                decl.init.iter().for_each(|e| expr(e, out));
            }
        }
        StmtKind::Function { func, .. } => function(func, out),
        StmtKind::Class { class: c, .. } => class(c, out),
        StmtKind::Block(b) => b.body.iter().for_each(|s| stmt(s, out)),
        StmtKind::Empty | StmtKind::Debugger | StmtKind::Break(_) | StmtKind::Continue(_) => {}
        StmtKind::If { test, then, other } => {
            expr(test, out);
            stmt(then, out);
            other.iter().for_each(|o| stmt(o, out));
        }
        StmtKind::While { test, body } | StmtKind::DoWhile { body, test } => {
            expr(test, out);
            stmt(body, out);
        }
        StmtKind::For { init, test, update, body, .. } => {
            match init {
                Some(ForInit::Var(d)) => {
                    for decl in &d.decls {
                        pattern(&decl.target, out);
                        decl.init.iter().for_each(|e| expr(e, out));
                    }
                }
                Some(ForInit::Expr(e)) => expr(e, out),
                None => {}
            }
            test.iter().chain(update.iter()).for_each(|e| expr(e, out));
            stmt(body, out);
        }
        StmtKind::ForOf { left, right, body, .. } => {
            match left {
                ForOfLeft::Var(_, p) | ForOfLeft::Target(p) => pattern(p, out),
            }
            expr(right, out);
            stmt(body, out);
        }
        StmtKind::Switch { discriminant, cases, .. } => {
            expr(discriminant, out);
            for c in cases {
                c.test.iter().for_each(|t| expr(t, out));
                c.body.iter().for_each(|s| stmt(s, out));
            }
        }
        StmtKind::Labeled { body, .. } => stmt(body, out),
        StmtKind::Return(e) => e.iter().for_each(|e| expr(e, out)),
        StmtKind::Try { block, catch, finally } => {
            block.body.iter().for_each(|s| stmt(s, out));
            if let Some(c) = catch {
                c.param.iter().for_each(|p| pattern(p, out));
                c.body.body.iter().for_each(|s| stmt(s, out));
            }
            if let Some(f) = finally {
                f.body.iter().for_each(|s| stmt(s, out));
            }
        }
    }
}

fn pattern<'a>(p: &'a Pattern, out: &mut Index<'a>) {
    match &p.kind {
        PatternKind::Ident(_) => {}
        PatternKind::Expr(e) => expr(e, out),
        PatternKind::Array { elems, rest } => {
            elems.iter().flatten().for_each(|p| pattern(p, out));
            rest.iter().for_each(|r| pattern(r, out));
        }
        PatternKind::Object { props, rest } => {
            for p in props {
                key(&p.key, out);
                pattern(&p.value, out);
            }
            rest.iter().for_each(|r| pattern(r, out));
        }
        PatternKind::Default { target, default } => {
            pattern(target, out);
            expr(default, out);
        }
    }
}

fn args<'a>(a: &'a [Arg], out: &mut Index<'a>) {
    for arg in a {
        match arg {
            Arg::Expr(e) | Arg::Spread(e) => expr(e, out),
        }
    }
}

fn expr<'a>(e: &'a Expr, out: &mut Index<'a>) {
    match &e.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::String(_) | ExprKind::Ident(_) | ExprKind::This(_) => {}
        ExprKind::Template(t) => t.exprs.iter().for_each(|e| expr(e, out)),
        ExprKind::Array(elems) => {
            for el in elems {
                match el {
                    ArrayElem::Hole => {}
                    ArrayElem::Expr(e) | ArrayElem::Spread(e) => expr(e, out),
                }
            }
        }
        ExprKind::Object(props) => {
            for p in props {
                match &p.kind {
                    PropKind::Value { key: k, value, .. } => {
                        key(k, out);
                        expr(value, out);
                    }
                    PropKind::Method { key: k, func, .. } => {
                        key(k, out);
                        function(func, out);
                    }
                    PropKind::Spread(e) => expr(e, out),
                }
            }
        }
        ExprKind::Function(f) => function(f, out),
        ExprKind::Class(c) => class(c, out),
        ExprKind::Unary(_, e) | ExprKind::OptionalChain(e) | ExprKind::Paren(e) => expr(e, out),
        ExprKind::Update { target, .. } => expr(target, out),
        ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
            expr(a, out);
            expr(b, out);
        }
        ExprKind::Conditional { test, then, other } => {
            expr(test, out);
            expr(then, out);
            expr(other, out);
        }
        ExprKind::Assign { target, value, .. } => {
            pattern(target, out);
            expr(value, out);
        }
        ExprKind::Sequence(items) => items.iter().for_each(|e| expr(e, out)),
        ExprKind::Member { object, .. } => expr(object, out),
        ExprKind::Index { object, index, .. } => {
            expr(object, out);
            expr(index, out);
        }
        ExprKind::SuperMember { property, .. } => {
            if let SuperProp::Computed(e) = property {
                expr(e, out);
            }
        }
        ExprKind::Call { callee, args: a, .. } | ExprKind::New { callee, args: a } => {
            expr(callee, out);
            args(a, out);
        }
        ExprKind::SuperCall { args: a, .. } => args(a, out),
    }
}
