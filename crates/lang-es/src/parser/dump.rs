//! Text dumps of syntax trees and resolutions, for tests and debugging.
//!
//! Trees print as S-expressions: statements one per line, indented by nesting, expressions
//! inline in prefix form (`(+ a (* b c))`, `(. obj prop)`, `(call f x)`), functions with their
//! body statements on the following lines. With a [`Resolution`], every name occurrence is
//! annotated with where it resolves: `x@frame3`, `y@env(1,0)+tdz`, `console@global`, and
//! `+const`/`+ignore` on writes to immutable bindings. [`resolution`] prints the side tables:
//! every function with its frame size and every scope with its bindings and environment.

mod expr;
mod tables;

use std::fmt::Write;

use crate::parser::Module;
use crate::parser::ast::{
    Block, Expr, ForInit, ForOfLeft, Function, FunctionBody, MethodKind, PropKey, Stmt, StmtKind,
    VarDecl,
};
use crate::parser::ids::RefId;
use crate::parser::scope::{AssignMode, Location, Resolution};

pub use tables::resolution;

/// The module's statements, one per line.
pub fn tree(module: &Module) -> String {
    let mut p = Printer {
        out: String::new(),
        indent: 0,
        res: None,
    };
    p.body(&module.function);
    p.out
}

/// The module's statements with every name occurrence annotated with its resolution.
pub fn resolved_tree(module: &Module) -> String {
    let mut p = Printer {
        out: String::new(),
        indent: 0,
        res: Some(&module.resolution),
    };
    p.body(&module.function);
    p.out
}

/// One expression, without resolution.
pub fn expr(e: &Expr) -> String {
    let mut p = Printer {
        out: String::new(),
        indent: 0,
        res: None,
    };
    p.expr(e);
    p.out
}

/// The name a method with this key has, if static.
fn method_name(key: &PropKey, kind: MethodKind) -> Option<String> {
    let prefix = match kind {
        MethodKind::Method => "",
        MethodKind::Get => "get ",
        MethodKind::Set => "set ",
    };
    match key {
        PropKey::Static(s) => s.to_utf8().map(|s| format!("{prefix}{s}")),
        PropKey::Computed(_) => None,
    }
}

struct Printer<'a> {
    out: String,
    indent: usize,
    res: Option<&'a Resolution>,
}

impl Printer<'_> {
    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// The top-level statements of the module function, one per line.
    fn body(&mut self, f: &Function) {
        if let FunctionBody::Block(stmts) = &f.body {
            for (i, s) in stmts.iter().enumerate() {
                if i > 0 {
                    self.newline();
                }
                self.stmt(s);
            }
        }
    }

    /// Statements, each on a new line one level deeper.
    fn stmts(&mut self, stmts: &[Stmt]) {
        self.indent += 1;
        for s in stmts {
            self.newline();
            self.stmt(s);
        }
        self.indent -= 1;
    }

    /// A nested statement on a new line one level deeper.
    fn sub(&mut self, s: &Stmt) {
        self.stmts(std::slice::from_ref(s));
    }

    fn name(&mut self, name: &str, rid: RefId, write: bool) {
        self.w(name);
        self.annotate(rid, write);
    }

    fn annotate(&mut self, rid: RefId, write: bool) {
        let Some(res) = self.res else { return };
        let r = res.resolved(rid);
        match r.location {
            Location::Frame(slot) => write!(self.out, "@frame{}", slot.0),
            Location::Env { hops, index } => write!(self.out, "@env({hops},{index})"),
            Location::Global => write!(self.out, "@global"),
        }
        .ok();
        if r.tdz {
            self.w("+tdz");
        }
        if write {
            match r.assign {
                AssignMode::Mutable => {}
                AssignMode::ConstError => self.w("+const"),
                AssignMode::Ignore => self.w("+ignore"),
            }
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Var(decl) => self.var_decl(decl),
            StmtKind::Function { binding, func } => {
                self.w("(function ");
                self.name(&binding.name, binding.rid, true);
                self.function_rest(func, Some(binding.name.clone()));
            }
            StmtKind::Class { binding, class } => {
                self.w("(class ");
                self.name(&binding.name, binding.rid, true);
                self.class_rest(class);
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::Empty => self.w("(empty)"),
            StmtKind::Debugger => self.w("(debugger)"),
            StmtKind::If { test, then, other } => {
                self.w("(if ");
                self.expr(test);
                self.sub(then);
                if let Some(o) = other {
                    self.sub(o);
                }
                self.w(")");
            }
            StmtKind::While { test, body } => {
                self.w("(while ");
                self.expr(test);
                self.sub(body);
                self.w(")");
            }
            StmtKind::DoWhile { body, test } => {
                self.w("(do-while ");
                self.expr(test);
                self.sub(body);
                self.w(")");
            }
            StmtKind::For {
                init,
                test,
                update,
                body,
                ..
            } => {
                self.w("(for ");
                match init {
                    Some(ForInit::Var(d)) => self.var_decl(d),
                    Some(ForInit::Expr(e)) => self.expr(e),
                    None => self.w("_"),
                }
                self.w(" ");
                self.opt_expr(test.as_ref());
                self.w(" ");
                self.opt_expr(update.as_ref());
                self.sub(body);
                self.w(")");
            }
            StmtKind::ForOf {
                left, right, body, ..
            } => {
                self.w("(for-of ");
                match left {
                    ForOfLeft::Var(kind, p) => {
                        write!(self.out, "({} ", kind.as_str()).ok();
                        self.pattern(p, true);
                        self.w(")");
                    }
                    ForOfLeft::Target(p) => self.pattern(p, true),
                }
                self.w(" ");
                self.expr(right);
                self.sub(body);
                self.w(")");
            }
            StmtKind::Switch {
                discriminant,
                cases,
                ..
            } => {
                self.w("(switch ");
                self.expr(discriminant);
                self.indent += 1;
                for case in cases {
                    self.newline();
                    match &case.test {
                        Some(t) => {
                            self.w("(case ");
                            self.expr(t);
                        }
                        None => self.w("(default"),
                    }
                    self.stmts(&case.body);
                    self.w(")");
                }
                self.indent -= 1;
                self.w(")");
            }
            StmtKind::Break(l) => self.jump("break", l.as_ref().map(|l| l.name.as_str())),
            StmtKind::Continue(l) => self.jump("continue", l.as_ref().map(|l| l.name.as_str())),
            StmtKind::Labeled { label, body } => {
                write!(self.out, "(label {}", label.name).ok();
                self.sub(body);
                self.w(")");
            }
            StmtKind::Return(e) => {
                self.w("(return");
                if let Some(e) = e {
                    self.w(" ");
                    self.expr(e);
                }
                self.w(")");
            }
            StmtKind::Throw(e) => {
                self.w("(throw ");
                self.expr(e);
                self.w(")");
            }
            StmtKind::Try {
                block,
                catch,
                finally,
            } => {
                self.w("(try");
                self.indent += 1;
                self.newline();
                self.block(block);
                if let Some(c) = catch {
                    self.newline();
                    self.w("(catch");
                    if let Some(p) = &c.param {
                        self.w(" ");
                        self.pattern(p, true);
                    }
                    self.indent += 1;
                    self.newline();
                    self.block(&c.body);
                    self.indent -= 1;
                    self.w(")");
                }
                if let Some(f) = finally {
                    self.newline();
                    self.w("(finally");
                    self.indent += 1;
                    self.newline();
                    self.block(f);
                    self.indent -= 1;
                    self.w(")");
                }
                self.indent -= 1;
                self.w(")");
            }
        }
    }

    fn jump(&mut self, keyword: &str, label: Option<&str>) {
        match label {
            Some(l) => write!(self.out, "({keyword} {l})"),
            None => write!(self.out, "({keyword})"),
        }
        .ok();
    }

    fn block(&mut self, b: &Block) {
        self.w("(block");
        self.stmts(&b.body);
        self.w(")");
    }

    fn opt_expr(&mut self, e: Option<&Expr>) {
        match e {
            Some(e) => self.expr(e),
            None => self.w("_"),
        }
    }

    /// `(let x 1)` for one declarator, `(let (x 1) y)` for several.
    fn var_decl(&mut self, decl: &VarDecl) {
        write!(self.out, "({}", decl.kind.as_str()).ok();
        let single = decl.decls.len() == 1;
        for d in &decl.decls {
            self.w(" ");
            let paren = !single && d.init.is_some();
            if paren {
                self.w("(");
            }
            self.pattern(&d.target, true);
            if let Some(init) = &d.init {
                self.w(" ");
                self.expr(init);
            }
            if paren {
                self.w(")");
            }
        }
        self.w(")");
    }
}
