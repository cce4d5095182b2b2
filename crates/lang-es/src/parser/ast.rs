//! The syntax tree of an EasyScript module.
//!
//! The tree is close to the source: every node keeps its [`Span`], parentheses are kept as
//! [`ExprKind::Paren`] nodes (they matter for destructuring and for `(a?.b).c`; a translator
//! simply looks through them, remembering that `(a.b)()` still passes `a` as `this`), and
//! literals carry their cooked values. Name resolution is not stored in the tree; instead the
//! parser puts ids into it — a [`crate::parser::RefId`] on every name occurrence, a
//! [`ScopeId`](crate::parser::ScopeId) on every scope-opening node and a [`FuncId`](crate::parser::FuncId) on every
//! function — and the [`Resolution`](crate::parser::Resolution) side tables say what each id resolves to.
//!
//! Every expression, statement, pattern, function and class records its height (the length of
//! the longest path down to a leaf). The parser refuses trees higher than a fixed bound, so any
//! recursive walk over an accepted tree, including the derived `Drop`, has bounded depth.

mod class;
mod expr;
mod function;
mod pattern;
mod stmt;

pub use class::{Class, ClassMember, ClassMemberKind, FieldInit};
pub use expr::{
    Arg, ArrayElem, AssignOp, BinaryOp, Expr, ExprKind, LogicalOp, MethodKind, Prop, PropKind,
    SuperProp, Template, UnaryOp, UpdateOp,
};
pub use function::{Function, FunctionBody, FunctionKind, FunctionName};
pub use pattern::{Pattern, PatternKind, PatternProp};
pub use stmt::{
    Block, CatchClause, Declarator, ForInit, ForOfLeft, Stmt, StmtKind, SwitchCase, VarDecl,
    VarKind,
};

use crate::parser::ids::RefId;
use crate::parser::js_string::JsString;
use crate::parser::span::Span;

/// An identifier occurrence: a reference, an assignment target or a declared name.
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
    /// The occurrence's entry in [`Resolution::refs`](crate::parser::Resolution::refs).
    pub rid: RefId,
}

/// A statement label, in a labelled statement or a `break`/`continue`.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub name: String,
    pub span: Span,
}

/// The key of a property in an object literal, a class member or an object pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum PropKey {
    /// A key known at parse time, canonicalised to its string: `a`, `'a'` and `"a"` are all `a`,
    /// and numeric keys use JavaScript's number-to-string (`1.50` is `1.5`, `0x10` is `16`).
    Static(JsString),
    /// `[expression]`, evaluated at run time.
    Computed(Box<Expr>),
}

impl PropKey {
    fn height(&self) -> u32 {
        match self {
            PropKey::Static(_) => 0,
            PropKey::Computed(e) => e.height(),
        }
    }

    /// Whether this is the static key `name`.
    pub fn is_static(&self, name: &str) -> bool {
        matches!(self, PropKey::Static(s) if s.eq_str(name))
    }
}

/// The largest of the heights of `items`, 0 for none.
fn max_height<T>(items: &[T], height: impl Fn(&T) -> u32) -> u32 {
    items.iter().map(height).max().unwrap_or(0)
}
