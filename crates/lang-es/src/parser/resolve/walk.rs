//! The walk over the tree that declares bindings and records every occurrence.
//!
//! The traversal mirrors the scoping rules: a function opens its parameter scope and then its
//! body scope; blocks, loop heads, `switch` case blocks, `catch` clauses and classes open their
//! own; a class's field initializers are walked inside the scope of their synthetic function.

use crate::parser::ast::{
    Arg, ArrayElem, Block, Class, ClassMemberKind, Expr, ExprKind, FieldInit, ForInit, ForOfLeft,
    Function, FunctionBody, FunctionKind, FunctionName, Pattern, PatternKind, PropKey, PropKind,
    Stmt, StmtKind, SuperProp, VarDecl, VarKind,
};
use crate::parser::error::PResult;
use crate::parser::syntax::bound_names;
use crate::parser::scope::{BindingKind, ScopeKind};

use super::{Func, Resolver, Role, Special};

impl Resolver {
    /// Walks a function (of any kind but field initializers) in the current scope.
    pub(super) fn visit_function(&mut self, f: &Function) -> PResult<()> {
        let parent = self.func_stack.last().copied();
        self.funcs[f.id.index()] = Some(Func {
            kind: f.kind,
            name: f.name.clone(),
            span: f.span,
            parent,
            strict: f.strict,
            length: f.length(),
            uses_this: false,
            this_binding: None,
            home_binding: None,
            new_target_binding: None,
            func_binding: None,
            params_scope: f.params_scope,
            body_scope: Some(f.body_scope),
        });
        self.func_stack.push(f.id);
        self.enter_scope(f.params_scope, ScopeKind::FunctionParams);

        let param_exprs = f.has_parameter_expressions();
        for p in f.params.iter().chain(&f.rest) {
            let mut names = Vec::new();
            bound_names(p, &mut names);
            // With parameter expressions, each parameter is uninitialized until its turn.
            let end = if param_exprs { p.span.end } else { 0 };
            for id in names {
                // Sloppy functions may repeat a parameter name: one binding, the last wins.
                if self.lookup_in(&id.name, f.params_scope).is_none() {
                    self.declare(&id.name, BindingKind::Param, id.span, end);
                }
            }
        }
        if let Some(id) = &f.self_name {
            let shadowed = self.lookup_in(&id.name, f.params_scope).is_some();
            let scope = f.params_scope;
            let b = self.declare_in(
                scope,
                &id.name,
                BindingKind::SelfName,
                id.span,
                0,
                !shadowed,
            );
            self.record(id.rid, Some(b), id.span.start, Role::Init);
        }
        if matches!(f.kind, FunctionKind::Constructor { derived: true, .. }) {
            self.special_binding(f.id, Special::This);
        }
        for p in f.params.iter().chain(&f.rest) {
            self.visit_pattern(p, Role::Init)?;
        }

        self.enter_scope(f.body_scope, ScopeKind::FunctionBody);
        match &f.body {
            FunctionBody::Block(stmts) => {
                let annex_b = self.hoist_function_body(f, stmts)?;
                for s in stmts {
                    self.visit_stmt(s)?;
                }
                self.drop_annex_b(annex_b);
            }
            FunctionBody::Expr(e) => self.visit_expr(e)?,
        }
        self.exit_scope();
        self.exit_scope();
        self.func_stack.pop();
        Ok(())
    }

    fn visit_block(
        &mut self,
        block: &Block,
        catch_scope: Option<crate::parser::ids::ScopeId>,
    ) -> PResult<()> {
        self.enter_scope(block.scope, ScopeKind::Block);
        self.declare_block(block.body.iter(), catch_scope)?;
        for s in &block.body {
            self.visit_stmt(s)?;
        }
        self.exit_scope();
        Ok(())
    }

    fn visit_stmt(&mut self, stmt: &Stmt) -> PResult<()> {
        match &stmt.kind {
            StmtKind::Expr(e) | StmtKind::Throw(e) => self.visit_expr(e)?,
            StmtKind::Var(decl) => self.visit_var_decl(decl)?,
            StmtKind::Function { binding, func } => {
                self.resolve_name(binding.rid, &binding.name, binding.span.start, Role::Init)?;
                self.visit_function(func)?;
            }
            StmtKind::Class { binding, class } => {
                self.visit_class(class)?;
                self.resolve_name(binding.rid, &binding.name, binding.span.start, Role::Init)?;
            }
            StmtKind::Block(b) => self.visit_block(b, None)?,
            StmtKind::Empty | StmtKind::Debugger | StmtKind::Break(_) | StmtKind::Continue(_) => {}
            StmtKind::If { test, then, other } => {
                self.visit_expr(test)?;
                self.visit_stmt(then)?;
                if let Some(o) = other {
                    self.visit_stmt(o)?;
                }
            }
            StmtKind::While { test, body } => {
                self.visit_expr(test)?;
                self.visit_stmt(body)?;
            }
            StmtKind::DoWhile { body, test } => {
                self.visit_stmt(body)?;
                self.visit_expr(test)?;
            }
            StmtKind::For {
                scope,
                init,
                test,
                update,
                body,
            } => {
                self.enter_scope(*scope, ScopeKind::For);
                if let Some(ForInit::Var(decl)) = init
                    && decl.kind != VarKind::Var
                {
                    let kind = if decl.kind == VarKind::Let {
                        BindingKind::Let
                    } else {
                        BindingKind::Const
                    };
                    self.scope_mut(*scope).lexical_head = Some(kind);
                    for d in &decl.decls {
                        self.declare_head(&d.target, kind, d.span.end)?;
                    }
                }
                match init {
                    Some(ForInit::Var(decl)) => self.visit_var_decl(decl)?,
                    Some(ForInit::Expr(e)) => self.visit_expr(e)?,
                    None => {}
                }
                if let Some(t) = test {
                    self.visit_expr(t)?;
                }
                if let Some(u) = update {
                    self.visit_expr(u)?;
                }
                self.visit_stmt(body)?;
                self.exit_scope();
            }
            StmtKind::ForOf {
                scope,
                left,
                right,
                body,
            } => {
                self.enter_scope(*scope, ScopeKind::ForOf);
                if let ForOfLeft::Var(kind @ (VarKind::Let | VarKind::Const), p) = left {
                    let kind = if *kind == VarKind::Let {
                        BindingKind::Let
                    } else {
                        BindingKind::Const
                    };
                    self.scope_mut(*scope).lexical_head = Some(kind);
                    // The iterable is evaluated with the head's names uninitialized.
                    self.declare_head(p, kind, right.span.end)?;
                }
                self.visit_expr(right)?;
                match left {
                    ForOfLeft::Var(VarKind::Var, p) => {
                        let mut names = Vec::new();
                        bound_names(p, &mut names);
                        for id in names {
                            self.check_var_redeclaration(id)?;
                        }
                        self.visit_pattern(p, Role::Write)?;
                    }
                    ForOfLeft::Var(_, p) => self.visit_pattern(p, Role::Init)?,
                    ForOfLeft::Target(p) => self.visit_pattern(p, Role::Write)?,
                }
                self.visit_stmt(body)?;
                self.exit_scope();
            }
            StmtKind::Switch {
                discriminant,
                scope,
                cases,
            } => {
                self.visit_expr(discriminant)?;
                self.enter_scope(*scope, ScopeKind::Switch);
                self.declare_block(cases.iter().flat_map(|c| c.body.iter()), None)?;
                for case in cases {
                    if let Some(t) = &case.test {
                        self.visit_expr(t)?;
                    }
                    for s in &case.body {
                        self.visit_stmt(s)?;
                    }
                }
                self.exit_scope();
            }
            StmtKind::Labeled { body, .. } => self.visit_stmt(body)?,
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.visit_expr(e)?;
                }
            }
            StmtKind::Try {
                block,
                catch,
                finally,
            } => {
                self.visit_block(block, None)?;
                if let Some(c) = catch {
                    self.enter_scope(c.scope, ScopeKind::Catch);
                    if let Some(p) = &c.param {
                        let mut names = Vec::new();
                        bound_names(p, &mut names);
                        let pattern = p.as_ident().is_none();
                        for id in names {
                            if let Some(b) = self.lookup_in(&id.name, c.scope) {
                                return Err(self.redeclared(&id.name, b, id.span.start));
                            }
                            let b = self.declare(&id.name, BindingKind::CatchParam, id.span, 0);
                            self.bindings[b.index()].catch_pattern = pattern;
                        }
                        self.visit_pattern(p, Role::Init)?;
                    }
                    self.visit_block(&c.body, Some(c.scope))?;
                    self.exit_scope();
                }
                if let Some(f) = finally {
                    self.visit_block(f, None)?;
                }
            }
        }
        Ok(())
    }

    /// Declares the `let`/`const` names of a loop head in the current (head) scope.
    fn declare_head(&mut self, target: &Pattern, kind: BindingKind, end: u32) -> PResult<()> {
        let scope = self.cur_scope.expect("a loop head scope is entered");
        let mut names = Vec::new();
        bound_names(target, &mut names);
        for id in names {
            if let Some(b) = self.lookup_in(&id.name, scope) {
                return Err(self.redeclared(&id.name, b, id.span.start));
            }
            self.declare(&id.name, kind, id.span, end);
        }
        Ok(())
    }

    fn visit_var_decl(&mut self, decl: &VarDecl) -> PResult<()> {
        for d in &decl.decls {
            if let Some(init) = &d.init {
                self.visit_expr(init)?;
            }
            if decl.kind == VarKind::Var {
                let mut names = Vec::new();
                bound_names(&d.target, &mut names);
                for id in names {
                    self.check_var_redeclaration(id)?;
                }
                let role = if d.init.is_some() {
                    Role::Write
                } else {
                    Role::Declare
                };
                self.visit_pattern(&d.target, role)?;
            } else {
                self.visit_pattern(&d.target, Role::Init)?;
            }
        }
        Ok(())
    }

    fn visit_pattern(&mut self, p: &Pattern, role: Role) -> PResult<()> {
        match &p.kind {
            PatternKind::Ident(id) => self.resolve_name(id.rid, &id.name, id.span.start, role)?,
            PatternKind::Expr(e) => self.visit_expr(e)?,
            PatternKind::Array { elems, rest } => {
                for e in elems.iter().flatten() {
                    self.visit_pattern(e, role)?;
                }
                if let Some(r) = rest {
                    self.visit_pattern(r, role)?;
                }
            }
            PatternKind::Object { props, rest } => {
                for prop in props {
                    if let PropKey::Computed(k) = &prop.key {
                        self.visit_expr(k)?;
                    }
                    self.visit_pattern(&prop.value, role)?;
                }
                if let Some(r) = rest {
                    self.visit_pattern(r, role)?;
                }
            }
            PatternKind::Default { target, default } => {
                self.visit_expr(default)?;
                self.visit_pattern(target, role)?;
            }
        }
        Ok(())
    }

    fn visit_args(&mut self, args: &[Arg]) -> PResult<()> {
        for a in args {
            match a {
                Arg::Expr(e) | Arg::Spread(e) => self.visit_expr(e)?,
            }
        }
        Ok(())
    }

    fn visit_expr(&mut self, e: &Expr) -> PResult<()> {
        let pos = e.span.start;
        match &e.kind {
            ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::String(_) => {}
            ExprKind::Template(t) => {
                for x in &t.exprs {
                    self.visit_expr(x)?;
                }
            }
            ExprKind::Ident(id) => {
                self.resolve_name(id.rid, &id.name, id.span.start, Role::Read)?
            }
            ExprKind::This(rid) => self.resolve_special(*rid, Special::This, pos, Role::Read),
            ExprKind::Array(elems) => {
                for el in elems {
                    match el {
                        ArrayElem::Hole => {}
                        ArrayElem::Expr(x) | ArrayElem::Spread(x) => self.visit_expr(x)?,
                    }
                }
            }
            ExprKind::Object(props) => {
                for prop in props {
                    match &prop.kind {
                        PropKind::Value { key, value, .. } => {
                            if let PropKey::Computed(k) = key {
                                self.visit_expr(k)?;
                            }
                            self.visit_expr(value)?;
                        }
                        PropKind::Method { key, func, .. } => {
                            if let PropKey::Computed(k) = key {
                                self.visit_expr(k)?;
                            }
                            self.visit_function(func)?;
                        }
                        PropKind::Spread(x) => self.visit_expr(x)?,
                    }
                }
            }
            ExprKind::Function(f) => self.visit_function(f)?,
            ExprKind::Class(c) => self.visit_class(c)?,
            ExprKind::Unary(_, x) | ExprKind::OptionalChain(x) | ExprKind::Paren(x) => {
                self.visit_expr(x)?
            }
            ExprKind::Update { target, .. } => match &target.kind {
                ExprKind::Ident(id) => {
                    self.resolve_name(id.rid, &id.name, id.span.start, Role::ReadWrite)?
                }
                _ => self.visit_expr(target)?,
            },
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => {
                self.visit_expr(a)?;
                self.visit_expr(b)?;
            }
            ExprKind::Conditional { test, then, other } => {
                self.visit_expr(test)?;
                self.visit_expr(then)?;
                self.visit_expr(other)?;
            }
            ExprKind::Assign { op, target, value } => {
                let role = if *op == crate::parser::ast::AssignOp::Assign {
                    Role::Write
                } else {
                    Role::ReadWrite
                };
                self.visit_pattern(target, role)?;
                self.visit_expr(value)?;
            }
            ExprKind::Sequence(items) => {
                for x in items {
                    self.visit_expr(x)?;
                }
            }
            ExprKind::Member { object, .. } => self.visit_expr(object)?,
            ExprKind::Index { object, index, .. } => {
                self.visit_expr(object)?;
                self.visit_expr(index)?;
            }
            ExprKind::SuperMember {
                property,
                home,
                this,
            } => {
                self.resolve_special(*home, Special::Home, pos, Role::Read);
                self.resolve_special(*this, Special::This, pos, Role::Read);
                if let SuperProp::Computed(x) = property {
                    self.visit_expr(x)?;
                }
            }
            ExprKind::Call { callee, args, .. } | ExprKind::New { callee, args } => {
                self.visit_expr(callee)?;
                self.visit_args(args)?;
            }
            ExprKind::SuperCall {
                args,
                this,
                new_target,
                func,
            } => {
                self.visit_args(args)?;
                self.resolve_special(*new_target, Special::NewTarget, pos, Role::Read);
                self.resolve_special(*func, Special::ActiveFunction, pos, Role::Read);
                self.resolve_special(*this, Special::This, pos, Role::Init);
            }
        }
        Ok(())
    }

    fn visit_class(&mut self, c: &Class) -> PResult<()> {
        self.enter_scope(c.scope, ScopeKind::Class);
        if let Some(name) = &c.name {
            let b = self.declare(&name.name, BindingKind::ClassInner, name.span, c.span.end);
            self.record(name.rid, Some(b), name.span.start, Role::Init);
        }
        if let Some(x) = &c.extends {
            self.visit_expr(x)?;
        }
        for m in &c.members {
            if let PropKey::Computed(k) = &m.key {
                self.visit_expr(k)?;
            }
            if let ClassMemberKind::Method { func, .. } = &m.kind {
                self.visit_function(func)?;
            }
        }
        self.visit_function(&c.constructor)?;
        for (init, is_static) in [(c.instance_fields, false), (c.static_fields, true)] {
            if let Some(init) = init {
                self.visit_field_init(c, init, is_static)?;
            }
        }
        self.exit_scope();
        Ok(())
    }

    /// Walks the initializers of a class's instance or static fields as the body of their
    /// synthetic function.
    fn visit_field_init(&mut self, c: &Class, init: FieldInit, is_static: bool) -> PResult<()> {
        let parent = self.func_stack.last().copied();
        self.funcs[init.func.index()] = Some(Func {
            kind: FunctionKind::FieldInitializer { is_static },
            name: FunctionName::Anonymous,
            span: c.span,
            parent,
            strict: true,
            length: 0,
            uses_this: false,
            this_binding: None,
            home_binding: None,
            new_target_binding: None,
            func_binding: None,
            params_scope: init.scope,
            body_scope: None,
        });
        self.func_stack.push(init.func);
        self.enter_scope(init.scope, ScopeKind::FieldInit);
        // Fields are defined on `this`, so the initializer function always uses it.
        self.special_binding(init.func, Special::This);
        for m in &c.members {
            if let ClassMemberKind::Field { value: Some(v) } = &m.kind
                && m.is_static == is_static
            {
                self.visit_expr(v)?;
            }
        }
        self.exit_scope();
        self.func_stack.pop();
        Ok(())
    }
}
