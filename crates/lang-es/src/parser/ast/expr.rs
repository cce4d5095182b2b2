//! Expressions.

use super::{Class, Function, Ident, Pattern, PropKey, max_height};
use crate::parser::ids::RefId;
use crate::parser::js_string::JsString;
use crate::parser::span::Span;

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub span: Span,
    pub kind: ExprKind,
    height: u32,
}

impl Expr {
    /// An expression node; its height is computed from its children.
    pub fn new(span: Span, kind: ExprKind) -> Expr {
        let height = 1 + kind.child_height();
        Expr { span, kind, height }
    }

    /// The height of the subtree rooted here.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The expression inside any number of parentheses.
    pub fn unparenthesized(&self) -> &Expr {
        let mut e = self;
        while let ExprKind::Paren(inner) = &e.kind {
            e = inner;
        }
        e
    }
}

/// The kinds of expressions.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Null,
    Bool(bool),
    Number(f64),
    String(JsString),
    Template(Template),
    /// A name read (or, inside an [`Pattern`], written). `undefined`, `NaN` and `Infinity` are
    /// ordinary names here; they resolve like any other.
    Ident(Ident),
    /// `this`; the id resolves to the `this` binding of the enclosing non-arrow function.
    This(RefId),
    Array(Vec<ArrayElem>),
    Object(Vec<Prop>),
    /// A function expression or an arrow function (see [`Function::kind`]).
    Function(Box<Function>),
    Class(Box<Class>),
    Unary(UnaryOp, Box<Expr>),
    /// `++x`, `x--`...: the target is an identifier, a member, an index or a super member.
    Update {
        op: UpdateOp,
        prefix: bool,
        target: Box<Expr>,
    },
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Logical(LogicalOp, Box<Expr>, Box<Expr>),
    Conditional {
        test: Box<Expr>,
        then: Box<Expr>,
        other: Box<Expr>,
    },
    /// An assignment; for compound operators the target is an identifier or member pattern.
    Assign {
        op: AssignOp,
        target: Box<Pattern>,
        value: Box<Expr>,
    },
    /// `a, b, c` (at least two).
    Sequence(Vec<Expr>),
    /// `object.property`, or `object?.property` when `optional`.
    Member {
        object: Box<Expr>,
        property: String,
        optional: bool,
    },
    /// `object[index]`, or `object?.[index]` when `optional`.
    Index {
        object: Box<Expr>,
        index: Box<Expr>,
        optional: bool,
    },
    /// `super.x` or `super[x]`: a property of the home object's prototype, with `this` as the
    /// receiver. `home` and `this` resolve to the special bindings of the enclosing method.
    SuperMember {
        property: SuperProp,
        home: RefId,
        this: RefId,
    },
    /// `callee(args)`, or `callee?.(args)` when `optional`.
    Call {
        callee: Box<Expr>,
        args: Vec<Arg>,
        optional: bool,
    },
    /// `super(args)` in a derived constructor: `this` is initialized by it, and `new_target` and
    /// `func` (the constructor whose prototype holds the parent constructor) are read by it.
    SuperCall {
        args: Vec<Arg>,
        this: RefId,
        new_target: RefId,
        func: RefId,
    },
    /// `new callee(args)`; `new X` has no arguments.
    New {
        callee: Box<Expr>,
        args: Vec<Arg>,
    },
    /// The extent of an optional chain: if any `?.` inside short-circuits, the whole chain
    /// evaluates to `undefined`. `a?.b.c` is `OptionalChain(Member(Member(a, b, optional), c))`
    /// while `(a?.b).c` puts the chain inside a [`ExprKind::Paren`] under the outer member.
    OptionalChain(Box<Expr>),
    /// A parenthesized expression.
    Paren(Box<Expr>),
}

impl ExprKind {
    fn child_height(&self) -> u32 {
        match self {
            ExprKind::Null
            | ExprKind::Bool(_)
            | ExprKind::Number(_)
            | ExprKind::String(_)
            | ExprKind::Ident(_)
            | ExprKind::This(_) => 0,
            ExprKind::Template(t) => max_height(&t.exprs, Expr::height),
            ExprKind::Array(elems) => max_height(elems, |e| match e {
                ArrayElem::Hole => 0,
                ArrayElem::Expr(e) | ArrayElem::Spread(e) => e.height(),
            }),
            ExprKind::Object(props) => max_height(props, Prop::height),
            ExprKind::Function(f) => f.height(),
            ExprKind::Class(c) => c.height(),
            ExprKind::Unary(_, e) | ExprKind::OptionalChain(e) | ExprKind::Paren(e) => e.height(),
            ExprKind::Update { target, .. } => target.height(),
            ExprKind::Binary(_, a, b) | ExprKind::Logical(_, a, b) => a.height().max(b.height()),
            ExprKind::Conditional { test, then, other } => {
                test.height().max(then.height()).max(other.height())
            }
            ExprKind::Assign { target, value, .. } => target.height().max(value.height()),
            ExprKind::Sequence(items) => max_height(items, Expr::height),
            ExprKind::Member { object, .. } => object.height(),
            ExprKind::Index { object, index, .. } => object.height().max(index.height()),
            ExprKind::SuperMember { property, .. } => match property {
                SuperProp::Name(_) => 0,
                SuperProp::Computed(e) => e.height(),
            },
            ExprKind::Call { callee, args, .. } | ExprKind::New { callee, args } => {
                callee.height().max(max_height(args, Arg::height))
            }
            ExprKind::SuperCall { args, .. } => max_height(args, Arg::height),
        }
    }
}

/// The property of a `super` member access.
#[derive(Debug, Clone, PartialEq)]
pub enum SuperProp {
    Name(String),
    Computed(Box<Expr>),
}

/// An element of an array literal.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrayElem {
    /// An elision: `[1, , 2]`.
    Hole,
    Expr(Expr),
    Spread(Expr),
}

/// An argument of a call or `new`.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Expr(Expr),
    Spread(Expr),
}

impl Arg {
    fn height(&self) -> u32 {
        match self {
            Arg::Expr(e) | Arg::Spread(e) => e.height(),
        }
    }
}

/// An untagged template literal: `quasis` has one more element than `exprs`, and the value is
/// `quasis[0] + String(exprs[0]) + quasis[1] + ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// The cooked text pieces.
    pub quasis: Vec<JsString>,
    pub exprs: Vec<Expr>,
}

/// A property definition in an object literal.
#[derive(Debug, Clone, PartialEq)]
pub struct Prop {
    pub span: Span,
    pub kind: PropKind,
}

impl Prop {
    fn height(&self) -> u32 {
        match &self.kind {
            PropKind::Value { key, value, .. } => key.height().max(value.height()),
            PropKind::Method { key, func, .. } => key.height().max(func.height()),
            PropKind::Spread(e) => e.height(),
        }
    }
}

/// The kinds of property definitions.
#[derive(Debug, Clone, PartialEq)]
pub enum PropKind {
    /// `key: value`, or the shorthand `name` (then `value` is the identifier `name`).
    Value {
        key: PropKey,
        value: Expr,
        shorthand: bool,
    },
    /// A method, getter or setter; `func` has the matching [`FunctionKind`](super::FunctionKind).
    Method {
        key: PropKey,
        kind: MethodKind,
        func: Box<Function>,
    },
    /// `...expr`: copies the own enumerable properties of the value.
    Spread(Expr),
}

/// Methods and accessors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodKind {
    Method,
    Get,
    Set,
}

/// Unary operators (`delete` is rejected by the parser).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Minus,
    Plus,
    Not,
    BitNot,
    Typeof,
    Void,
}

impl UnaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Minus => "-",
            UnaryOp::Plus => "+",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::Typeof => "typeof",
            UnaryOp::Void => "void",
        }
    }
}

/// `++` and `--`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateOp {
    Inc,
    Dec,
}

impl UpdateOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UpdateOp::Inc => "++",
            UpdateOp::Dec => "--",
        }
    }
}

/// Binary operators that always evaluate both operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Exp,
    Shl,
    Shr,
    UShr,
    Lt,
    Gt,
    LtEq,
    GtEq,
    Eq,
    NotEq,
    StrictEq,
    StrictNotEq,
    BitAnd,
    BitOr,
    BitXor,
    In,
    Instanceof,
}

impl BinaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Exp => "**",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::UShr => ">>>",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::LtEq => "<=",
            BinaryOp::GtEq => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::NotEq => "!=",
            BinaryOp::StrictEq => "===",
            BinaryOp::StrictNotEq => "!==",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::In => "in",
            BinaryOp::Instanceof => "instanceof",
        }
    }
}

/// Short-circuiting operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicalOp {
    And,
    Or,
    Coalesce,
}

impl LogicalOp {
    pub fn as_str(self) -> &'static str {
        match self {
            LogicalOp::And => "&&",
            LogicalOp::Or => "||",
            LogicalOp::Coalesce => "??",
        }
    }
}

/// Assignment operators: plain, arithmetic compound, and logical (short-circuiting) compound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    /// `op=` for a binary operator.
    Binary(BinaryOp),
    /// `&&=`, `||=`, `??=`: assign only if the short-circuit does not happen.
    Logical(LogicalOp),
}

impl AssignOp {
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::Binary(op) => match op {
                BinaryOp::Add => "+=",
                BinaryOp::Sub => "-=",
                BinaryOp::Mul => "*=",
                BinaryOp::Div => "/=",
                BinaryOp::Rem => "%=",
                BinaryOp::Exp => "**=",
                BinaryOp::Shl => "<<=",
                BinaryOp::Shr => ">>=",
                BinaryOp::UShr => ">>>=",
                BinaryOp::BitAnd => "&=",
                BinaryOp::BitOr => "|=",
                BinaryOp::BitXor => "^=",
                _ => "?=",
            },
            AssignOp::Logical(op) => match op {
                LogicalOp::And => "&&=",
                LogicalOp::Or => "||=",
                LogicalOp::Coalesce => "??=",
            },
        }
    }
}
