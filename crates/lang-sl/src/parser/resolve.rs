//! Scope resolution (spec §4.1): which names are locals, and which local each one means.
//!
//! A block declares every name assigned directly in it (including in its `if`/`while`
//! conditions, not inside nested blocks) unless an enclosing scope already has it. The local's
//! scope is the whole block, before the first assignment too. Anything else is a function name.
//! Locals are numbered parameters first, then block by block in textual pre-order.

use rustc_hash::FxHashMap;

use super::ast::*;

struct Resolver {
    scopes: Vec<FxHashMap<String, LocalId>>,
    locals: Vec<LocalInfo>,
}

/// Resolves one function in place; `params` are the parameter names in order.
pub(super) fn resolve_function(f: &mut Function, params: Vec<String>) {
    let mut r = Resolver { scopes: vec![FxHashMap::default()], locals: Vec::new() };
    for p in params {
        let id = LocalId(r.locals.len() as u32);
        r.locals.push(LocalInfo { name: p.clone() });
        if let Some(scope) = r.scopes.last_mut() {
            scope.insert(p, id);
        }
        f.params.push(id);
    }
    r.block(&mut f.body);
    f.locals = r.locals;
}

fn assigned_names(e: &Expr, out: &mut Vec<String>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::AssignName { name, value } => {
                out.push(name.clone());
                stack.push(value);
            }
            other => children(other, &mut |c| stack.push(c)),
        }
    }
}

/// Visits the direct sub-expressions in reverse order (so a stack pops them in source order).
fn children<'a>(k: &'a ExprKind, f: &mut dyn FnMut(&'a Expr)) {
    match k {
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::And(lhs, rhs) | ExprKind::Or(lhs, rhs) => {
            f(rhs);
            f(lhs);
        }
        ExprKind::Paren(e) => f(e),
        ExprKind::Call { callee, args } => {
            for a in args.iter().rev() {
                f(a);
            }
            f(callee);
        }
        ExprKind::AssignLocal { value, .. } | ExprKind::AssignName { value, .. } => f(value),
        ExprKind::ReadProp { receiver, key } => {
            f(key);
            f(receiver);
        }
        ExprKind::WriteProp { receiver, key, value } => {
            f(value);
            f(key);
            f(receiver);
        }
        ExprKind::Local(_) | ExprKind::Function(_) | ExprKind::Str(_) | ExprKind::Num(_) | ExprKind::Name(_) => {}
    }
}

impl Resolver {
    fn lookup(&self, name: &str) -> Option<LocalId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }
    fn block(&mut self, b: &mut Block) {
        let mut names = Vec::new();
        for s in &b.stmts {
            match s {
                Stmt::Expr(e) => assigned_names(e, &mut names),
                Stmt::While { cond, .. } | Stmt::If { cond, .. } => assigned_names(cond, &mut names),
                Stmt::Return { value: Some(e), .. } => assigned_names(e, &mut names),
                _ => {}
            }
        }
        let mut scope = FxHashMap::default();
        for n in names {
            if self.lookup(&n).is_none() && !scope.contains_key(&n) {
                let id = LocalId(self.locals.len() as u32);
                self.locals.push(LocalInfo { name: n.clone() });
                scope.insert(n, id);
            }
        }
        self.scopes.push(scope);
        for s in &mut b.stmts {
            match s {
                Stmt::Expr(e) => self.expr(e),
                Stmt::While { cond, body, .. } => {
                    self.expr(cond);
                    self.block(body);
                }
                Stmt::If { cond, then_block, else_block, .. } => {
                    self.expr(cond);
                    self.block(then_block);
                    if let Some(e) = else_block {
                        self.block(e);
                    }
                }
                Stmt::Return { value: Some(e), .. } => self.expr(e),
                _ => {}
            }
        }
        self.scopes.pop();
    }
    fn expr(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Name(name) => {
                e.kind = match self.lookup(name) {
                    Some(id) => ExprKind::Local(id),
                    None => ExprKind::Function(std::mem::take(name)),
                };
            }
            ExprKind::AssignName { name, value } => {
                self.expr(value);
                // Every directly assigned name was declared on entry to its block (or earlier).
                let id = self.lookup(name).unwrap_or(LocalId(0));
                let value = std::mem::replace(value, Box::new(Expr { kind: ExprKind::Num(String::new()), span: e.span }));
                e.kind = ExprKind::AssignLocal { local: id, value };
            }
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::And(lhs, rhs) | ExprKind::Or(lhs, rhs) => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Call { callee, args } => {
                self.expr(callee);
                for a in args {
                    self.expr(a);
                }
            }
            ExprKind::AssignLocal { value, .. } => self.expr(value),
            ExprKind::ReadProp { receiver, key } => {
                self.expr(receiver);
                self.expr(key);
            }
            ExprKind::WriteProp { receiver, key, value } => {
                self.expr(receiver);
                self.expr(key);
                self.expr(value);
            }
            ExprKind::Local(_) | ExprKind::Function(_) | ExprKind::Str(_) | ExprKind::Num(_) => {}
        }
    }
}
