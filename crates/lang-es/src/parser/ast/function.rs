//! Functions of every kind: the module wrapper, declarations, expressions, arrows, methods,
//! accessors and class constructors.

use super::{Expr, Ident, Pattern, Stmt, max_height};
use crate::parser::ids::{FuncId, ScopeId};
use crate::parser::js_string::JsString;
use crate::parser::span::Span;

/// A function.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    pub id: FuncId,
    pub span: Span,
    pub kind: FunctionKind,
    /// The function's `name` property.
    pub name: FunctionName,
    /// The name of a named function expression, bound inside the function to the function
    /// itself (in its parameter scope, so parameters and body declarations shadow it).
    pub self_name: Option<Ident>,
    /// The formal parameters before the rest parameter; defaults appear as
    /// [`PatternKind::Default`](super::PatternKind::Default).
    pub params: Vec<Pattern>,
    pub rest: Option<Pattern>,
    pub body: FunctionBody,
    /// Whether the function's code is strict (inherited, from a directive, or in a class).
    pub strict: bool,
    /// The scope of the parameters and of the special bindings (`this`...).
    pub params_scope: ScopeId,
    /// The scope of the body's `var`, function and lexical declarations.
    pub body_scope: ScopeId,
    height: u32,
}

impl Function {
    /// A function node; the arguments are the fields of the same names.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: FuncId,
        span: Span,
        kind: FunctionKind,
        name: FunctionName,
        self_name: Option<Ident>,
        params: Vec<Pattern>,
        rest: Option<Pattern>,
        body: FunctionBody,
        strict: bool,
        params_scope: ScopeId,
        body_scope: ScopeId,
    ) -> Function {
        let body_height = match &body {
            FunctionBody::Block(stmts) => max_height(stmts, Stmt::height),
            FunctionBody::Expr(e) => e.height(),
        };
        let height = 1 + max_height(&params, Pattern::height)
            .max(rest.as_ref().map_or(0, Pattern::height))
            .max(body_height);
        Function {
            id,
            span,
            kind,
            name,
            self_name,
            params,
            rest,
            body,
            strict,
            params_scope,
            body_scope,
            height,
        }
    }

    /// The height of the subtree rooted here.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The function's `length`: the number of parameters before the first one with a default
    /// (the rest parameter never counts).
    pub fn length(&self) -> u32 {
        self.params
            .iter()
            .take_while(|p| !matches!(p.kind, super::PatternKind::Default { .. }))
            .count() as u32
    }

    /// Whether the parameter list is "simple": identifiers only, no defaults, patterns or rest.
    pub fn has_simple_params(&self) -> bool {
        self.rest.is_none() && self.params.iter().all(|p| p.as_ident().is_some())
    }

    /// Whether any parameter contains an expression (a default value or a computed key). Such
    /// functions evaluate their parameters in a scope of their own, separate from the body's
    /// `var`s (ECMAScript 10.2.11, step 28).
    pub fn has_parameter_expressions(&self) -> bool {
        fn has_expr(p: &Pattern) -> bool {
            match &p.kind {
                super::PatternKind::Ident(_) | super::PatternKind::Expr(_) => false,
                super::PatternKind::Default { .. } => true,
                super::PatternKind::Array { elems, rest } => {
                    elems.iter().flatten().any(has_expr) || rest.as_deref().is_some_and(has_expr)
                }
                super::PatternKind::Object { props, rest } => {
                    props
                        .iter()
                        .any(|p| matches!(p.key, super::PropKey::Computed(_)) || has_expr(&p.value))
                        || rest.as_deref().is_some_and(has_expr)
                }
            }
        }
        self.params.iter().any(has_expr) || self.rest.as_ref().is_some_and(has_expr)
    }
}

/// The body of a function.
#[derive(Debug, Clone, PartialEq)]
pub enum FunctionBody {
    Block(Vec<Stmt>),
    /// The expression body of an arrow function: `x => x + 1`.
    Expr(Box<Expr>),
}

/// What a function is, which decides how it is called and what special bindings it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunctionKind {
    /// The CommonJS module wrapper `function (exports, require, module, __filename, __dirname)`.
    Module,
    Declaration,
    Expression,
    Arrow,
    /// A method of an object literal or a class.
    Method,
    Getter,
    Setter,
    /// A class constructor; `derived` if the class has `extends`, `synthetic` if the class
    /// declares no constructor and this is the default one (whose body is empty in the tree: a
    /// derived default constructor must call the parent constructor with all its arguments).
    Constructor {
        derived: bool,
        synthetic: bool,
    },
    /// The synthetic function that runs a class's instance (or static) field initializers. It
    /// never appears as a tree node; see [`Class::instance_fields`](super::Class::instance_fields).
    FieldInitializer {
        is_static: bool,
    },
}

impl FunctionKind {
    /// Whether the function is an arrow (which has no `this` of its own).
    pub fn is_arrow(self) -> bool {
        self == FunctionKind::Arrow
    }

    /// Whether the function has a home object (`super.x` is allowed in it).
    pub fn has_home_object(self) -> bool {
        matches!(
            self,
            FunctionKind::Method
                | FunctionKind::Getter
                | FunctionKind::Setter
                | FunctionKind::Constructor { .. }
                | FunctionKind::FieldInitializer { .. }
        )
    }
}

/// The `name` property of a function.
#[derive(Debug, Clone, PartialEq)]
pub enum FunctionName {
    /// `""`.
    Anonymous,
    /// A name known at parse time: the declared name, or one inferred from the context
    /// (`const f = () => {}` is `f`, `{ m: function () {} }` is `m`); accessors include their
    /// `get `/`set ` prefix.
    Static(JsString),
    /// A name taken at run time from a computed key (`{ [k]: () => {} }`), with the prefix
    /// `""`, `"get "` or `"set "`.
    Computed { prefix: &'static str },
}
