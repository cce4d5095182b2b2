//! Declarations hoisted to the start of their scope.
//!
//! A function body's `var`s (wherever they occur in its statements, outside nested functions)
//! and its top-level function declarations are declared when the body is entered; a block's
//! `let`, `const`, `class` and function declarations when the block is entered. Declaring them
//! all before walking the statements is what makes them visible (possibly uninitialized)
//! throughout their scope, and it is where redeclarations are detected.

use std::collections::HashSet;

use crate::parser::ast::{ForInit, ForOfLeft, Function, Ident, Stmt, StmtKind, VarKind};
use crate::parser::error::PResult;
use crate::parser::ids::ScopeId;
use crate::parser::syntax::bound_names;
use crate::parser::scope::BindingKind;

use super::Resolver;

/// Collects the names `var`-declared by `stmts` (not looking into nested functions), and the
/// names of the block-level function declarations (`in_block` says whether `stmts` are in a
/// block rather than at the top of the function body).
fn collect_vars<'a>(
    stmts: &'a [Stmt],
    in_block: bool,
    vars: &mut Vec<&'a Ident>,
    block_fns: &mut Vec<&'a Ident>,
) {
    for stmt in stmts {
        collect_vars_stmt(stmt, in_block, vars, block_fns);
    }
}

fn collect_vars_stmt<'a>(
    stmt: &'a Stmt,
    in_block: bool,
    vars: &mut Vec<&'a Ident>,
    block_fns: &mut Vec<&'a Ident>,
) {
    match &stmt.kind {
        StmtKind::Var(decl) if decl.kind == VarKind::Var => {
            for d in &decl.decls {
                bound_names(&d.target, vars);
            }
        }
        StmtKind::Function { binding, .. } if in_block => block_fns.push(binding),
        StmtKind::Block(b) => collect_vars(&b.body, true, vars, block_fns),
        StmtKind::If { then, other, .. } => {
            collect_vars_stmt(then, in_block, vars, block_fns);
            if let Some(o) = other {
                collect_vars_stmt(o, in_block, vars, block_fns);
            }
        }
        StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Labeled { body, .. } => {
            collect_vars_stmt(body, in_block, vars, block_fns);
        }
        StmtKind::For { init, body, .. } => {
            if let Some(ForInit::Var(decl)) = init
                && decl.kind == VarKind::Var
            {
                for d in &decl.decls {
                    bound_names(&d.target, vars);
                }
            }
            collect_vars_stmt(body, in_block, vars, block_fns);
        }
        StmtKind::ForOf { left, body, .. } => {
            if let ForOfLeft::Var(VarKind::Var, p) = left {
                bound_names(p, vars);
            }
            collect_vars_stmt(body, in_block, vars, block_fns);
        }
        StmtKind::Switch { cases, .. } => {
            for case in cases {
                collect_vars(&case.body, true, vars, block_fns);
            }
        }
        StmtKind::Try {
            block: b,
            catch,
            finally,
        } => {
            collect_vars(&b.body, true, vars, block_fns);
            if let Some(c) = catch {
                collect_vars(&c.body.body, true, vars, block_fns);
            }
            if let Some(f) = finally {
                collect_vars(&f.body, true, vars, block_fns);
            }
        }
        _ => {}
    }
}

/// The lexically scoped declarations among `stmts` (directly, not in nested blocks).
fn lexical_names<'a>(stmts: impl Iterator<Item = &'a Stmt>) -> Vec<(&'a Ident, BindingKind, u32)> {
    let mut out = Vec::new();
    for stmt in stmts {
        match &stmt.kind {
            StmtKind::Var(decl) if decl.kind != VarKind::Var => {
                let kind = if decl.kind == VarKind::Let {
                    BindingKind::Let
                } else {
                    BindingKind::Const
                };
                for d in &decl.decls {
                    let mut names = Vec::new();
                    bound_names(&d.target, &mut names);
                    out.extend(names.into_iter().map(|id| (id, kind, d.span.end)));
                }
            }
            StmtKind::Class { binding, class } => {
                out.push((binding, BindingKind::Class, class.span.end))
            }
            _ => {}
        }
    }
    out
}

impl Resolver {
    /// Declares the hoisted bindings of function `f`'s body, whose scope is current, and
    /// registers the names of its Annex B candidates, which it returns (to unregister them).
    pub(super) fn hoist_function_body(
        &mut self,
        f: &Function,
        stmts: &[Stmt],
    ) -> PResult<Vec<String>> {
        let body = f.body_scope;
        let params = f.params_scope;
        let mut vars = Vec::new();
        let mut block_fns = Vec::new();
        collect_vars(stmts, false, &mut vars, &mut block_fns);
        for id in vars {
            if self.lookup_in(&id.name, body).is_some() {
                continue;
            }
            let param = self
                .lookup_in(&id.name, params)
                .filter(|b| self.bindings[b.index()].kind == BindingKind::Param);
            let b = self.declare(&id.name, BindingKind::Var, id.span, 0);
            // A `var` redeclaring a parameter is a body binding that starts with the parameter's
            // value; with simple parameters that is indistinguishable from sharing the binding.
            self.bindings[b.index()].copy_of = param;
        }
        for stmt in stmts {
            if let StmtKind::Function { binding, func } = &stmt.kind {
                let b = match self.lookup_in(&binding.name, body) {
                    Some(b) => {
                        self.bindings[b.index()].kind = BindingKind::Function;
                        self.bindings[b.index()].copy_of = None;
                        b
                    }
                    None => self.declare(&binding.name, BindingKind::Function, binding.span, 0),
                };
                self.scope_mut(body).functions.push((b, func.id));
            }
        }
        let lexicals = lexical_names(stmts.iter());
        for &(id, kind, end) in &lexicals {
            if let Some(existing) = self.lookup_in(&id.name, body) {
                return Err(self.redeclared(&id.name, existing, id.span.start));
            }
            if let Some(existing) = self.lookup_in(&id.name, params)
                && self.bindings[existing.index()].kind == BindingKind::Param
            {
                return Err(self.redeclared(&id.name, existing, id.span.start));
            }
            self.declare(&id.name, kind, id.span, end);
        }
        let mut annex_b = Vec::new();
        if !f.strict {
            let body_depth = self.scope(body).depth;
            let lexical: HashSet<&str> = lexicals.iter().map(|(l, _, _)| l.name.as_str()).collect();
            let mut seen = HashSet::new();
            for id in block_fns {
                let is_param = self
                    .lookup_in(&id.name, params)
                    .is_some_and(|b| self.bindings[b.index()].kind == BindingKind::Param);
                if !is_param && !lexical.contains(id.name.as_str()) && seen.insert(id.name.as_str())
                {
                    self.annex_b
                        .entry(id.name.clone())
                        .or_default()
                        .push(body_depth);
                    annex_b.push(id.name.clone());
                }
            }
        }
        Ok(annex_b)
    }

    /// Removes the Annex B registrations of a function being left.
    pub(super) fn drop_annex_b(&mut self, names: Vec<String>) {
        for name in names {
            if let Some(depths) = self.annex_b.get_mut(&name) {
                depths.pop();
                if depths.is_empty() {
                    self.annex_b.remove(&name);
                }
            }
        }
    }

    /// Declares the lexical declarations and function declarations of a block or case block
    /// (the current scope). `catch_scope` is the scope of the `catch` parameter when the block
    /// is a catch clause's body: its names may not be redeclared either.
    pub(super) fn declare_block<'a>(
        &mut self,
        stmts: impl Iterator<Item = &'a Stmt> + Clone,
        catch_scope: Option<ScopeId>,
    ) -> PResult<()> {
        let scope = self.cur_scope.expect("a block scope is entered");
        let strict = self.func(self.cur_func()).strict;
        for stmt in stmts.clone() {
            if let StmtKind::Function { binding, func } = &stmt.kind {
                let b = match self.lookup_in(&binding.name, scope) {
                    // Sloppy code may declare the same function twice in a block; the later wins.
                    Some(b)
                        if !strict && self.bindings[b.index()].kind == BindingKind::Function =>
                    {
                        b
                    }
                    Some(b) => return Err(self.redeclared(&binding.name, b, binding.span.start)),
                    None => {
                        if let Some(c) = catch_scope.and_then(|c| self.lookup_in(&binding.name, c))
                        {
                            return Err(self.redeclared(&binding.name, c, binding.span.start));
                        }
                        self.declare(&binding.name, BindingKind::Function, binding.span, 0)
                    }
                };
                self.scope_mut(scope).functions.push((b, func.id));
            }
        }
        for (id, kind, end) in lexical_names(stmts) {
            if let Some(existing) = self.lookup_in(&id.name, scope) {
                return Err(self.redeclared(&id.name, existing, id.span.start));
            }
            if let Some(existing) = catch_scope.and_then(|c| self.lookup_in(&id.name, c)) {
                return Err(self.redeclared(&id.name, existing, id.span.start));
            }
            self.declare(&id.name, kind, id.span, end);
        }
        Ok(())
    }

    /// Rejects a `var` declaration of `id` that a lexical declaration between it and its
    /// function's body (a `let`, `const`, `class`, block-level function, or a `catch`
    /// parameter bound by a pattern) would conflict with.
    pub(super) fn check_var_redeclaration(&self, id: &Ident) -> PResult<()> {
        let Some(b) = self.lookup(&id.name) else {
            return Ok(());
        };
        let binding = &self.bindings[b.index()];
        if binding.func != self.cur_func() {
            return Ok(());
        }
        let body_scope = self.func(self.cur_func()).body_scope;
        let conflicts = binding.kind.is_lexical()
            || (binding.kind == BindingKind::Function && Some(binding.scope) != body_scope)
            || (binding.kind == BindingKind::CatchParam && binding.catch_pattern);
        if conflicts {
            return Err(self.redeclared(&id.name, b, id.span.start));
        }
        Ok(())
    }
}
