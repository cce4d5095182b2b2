//! Statements and declarations.

use super::{Class, Expr, Function, Ident, Label, Pattern, max_height};
use crate::parser::ids::ScopeId;
use crate::parser::span::Span;

/// A statement or declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub span: Span,
    pub kind: StmtKind,
    height: u32,
}

impl Stmt {
    /// A statement node; its height is computed from its children.
    pub fn new(span: Span, kind: StmtKind) -> Stmt {
        let height = 1 + kind.child_height();
        Stmt { span, kind, height }
    }

    /// The height of the subtree rooted here.
    pub fn height(&self) -> u32 {
        self.height
    }
}

/// The kinds of statements.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    Var(VarDecl),
    /// A function declaration. `binding` is the declared name in the enclosing scope (hoisted:
    /// the function is created when that scope is entered).
    Function {
        binding: Ident,
        func: Box<Function>,
    },
    /// A class declaration. `binding` is the `let`-like name in the enclosing scope; the class's
    /// own [`Class::name`] is the separate immutable binding inside the class.
    Class {
        binding: Ident,
        class: Box<Class>,
    },
    Block(Block),
    Empty,
    Debugger,
    If {
        test: Expr,
        then: Box<Stmt>,
        other: Option<Box<Stmt>>,
    },
    While {
        test: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        test: Expr,
    },
    /// `for (init; test; update) body`. `scope` holds `let`/`const` declarations of the head;
    /// see [`ScopeInfo::per_iteration`](crate::parser::ScopeInfo::per_iteration).
    For {
        scope: ScopeId,
        init: Option<ForInit>,
        test: Option<Expr>,
        update: Option<Expr>,
        body: Box<Stmt>,
    },
    /// `for (left of right) body`. `scope` holds `let`/`const` bindings of the head, fresh for
    /// every iteration; `right` is evaluated inside it, with those bindings uninitialized.
    ForOf {
        scope: ScopeId,
        left: ForOfLeft,
        right: Expr,
        body: Box<Stmt>,
    },
    /// `switch (discriminant) { cases }`; `scope` is the case block, shared by all cases.
    Switch {
        discriminant: Expr,
        scope: ScopeId,
        cases: Vec<SwitchCase>,
    },
    Break(Option<Label>),
    Continue(Option<Label>),
    Labeled {
        label: Label,
        body: Box<Stmt>,
    },
    Return(Option<Expr>),
    Throw(Expr),
    Try {
        block: Block,
        catch: Option<CatchClause>,
        finally: Option<Block>,
    },
}

impl StmtKind {
    fn child_height(&self) -> u32 {
        let opt = |e: &Option<Expr>| e.as_ref().map_or(0, Expr::height);
        match self {
            StmtKind::Expr(e) | StmtKind::Throw(e) => e.height(),
            StmtKind::Var(decl) => decl.height(),
            StmtKind::Function { func, .. } => func.height(),
            StmtKind::Class { class, .. } => class.height(),
            StmtKind::Block(b) => b.height(),
            StmtKind::Empty | StmtKind::Debugger | StmtKind::Break(_) | StmtKind::Continue(_) => 0,
            StmtKind::If { test, then, other } => test
                .height()
                .max(then.height())
                .max(other.as_ref().map_or(0, |s| s.height())),
            StmtKind::While { test, body } | StmtKind::DoWhile { body, test } => {
                test.height().max(body.height())
            }
            StmtKind::For {
                init,
                test,
                update,
                body,
                ..
            } => {
                let init = match init {
                    Some(ForInit::Var(d)) => d.height(),
                    Some(ForInit::Expr(e)) => e.height(),
                    None => 0,
                };
                init.max(opt(test)).max(opt(update)).max(body.height())
            }
            StmtKind::ForOf {
                left, right, body, ..
            } => {
                let left = match left {
                    ForOfLeft::Var(_, p) | ForOfLeft::Target(p) => p.height(),
                };
                left.max(right.height()).max(body.height())
            }
            StmtKind::Switch {
                discriminant,
                cases,
                ..
            } => discriminant.height().max(max_height(cases, |c| {
                opt(&c.test).max(max_height(&c.body, Stmt::height))
            })),
            StmtKind::Labeled { body, .. } => body.height(),
            StmtKind::Return(e) => opt(e),
            StmtKind::Try {
                block,
                catch,
                finally,
            } => block
                .height()
                .max(catch.as_ref().map_or(0, |c| {
                    c.body
                        .height()
                        .max(c.param.as_ref().map_or(0, Pattern::height))
                }))
                .max(finally.as_ref().map_or(0, Block::height)),
        }
    }
}

/// `var`, `let` or `const`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarKind {
    Var,
    Let,
    Const,
}

impl VarKind {
    pub fn as_str(self) -> &'static str {
        match self {
            VarKind::Var => "var",
            VarKind::Let => "let",
            VarKind::Const => "const",
        }
    }
}

/// A `var`/`let`/`const` declaration with its declarators.
#[derive(Debug, Clone, PartialEq)]
pub struct VarDecl {
    pub kind: VarKind,
    pub decls: Vec<Declarator>,
}

impl VarDecl {
    fn height(&self) -> u32 {
        max_height(&self.decls, |d| {
            d.target
                .height()
                .max(d.init.as_ref().map_or(0, Expr::height))
        })
    }
}

/// `target = init` in a declaration. For `var`, the identifiers of `target` are resolved like
/// assignments (so `var e = 1` inside `catch (e)` writes the catch parameter, as in JavaScript).
#[derive(Debug, Clone, PartialEq)]
pub struct Declarator {
    pub span: Span,
    pub target: Pattern,
    pub init: Option<Expr>,
}

/// A block with its scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub span: Span,
    pub scope: ScopeId,
    pub body: Vec<Stmt>,
}

impl Block {
    pub(crate) fn height(&self) -> u32 {
        1 + max_height(&self.body, Stmt::height)
    }
}

/// The first part of a `for (;;)` head.
#[derive(Debug, Clone, PartialEq)]
pub enum ForInit {
    Var(VarDecl),
    Expr(Expr),
}

/// The left side of `for (... of ...)`.
#[derive(Debug, Clone, PartialEq)]
pub enum ForOfLeft {
    /// `var`/`let`/`const` with a single binding pattern and no initializer.
    Var(VarKind, Pattern),
    /// An assignment target or pattern.
    Target(Pattern),
}

/// A `case test:` or `default:` clause; `test` is `None` for `default`.
#[derive(Debug, Clone, PartialEq)]
pub struct SwitchCase {
    pub span: Span,
    pub test: Option<Expr>,
    pub body: Vec<Stmt>,
}

/// `catch (param) body`; `scope` holds the parameter's bindings, and `body` has its own scope.
#[derive(Debug, Clone, PartialEq)]
pub struct CatchClause {
    pub span: Span,
    pub scope: ScopeId,
    pub param: Option<Pattern>,
    pub body: Block,
}
