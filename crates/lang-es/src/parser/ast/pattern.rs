//! Patterns: the targets of declarations, parameters and assignments.
//!
//! One type serves both binding patterns (`let {a, b: [c]} = o`, parameters, catch parameters,
//! whose leaves are always identifiers) and assignment patterns (`[a.b, c] = xs`, whose leaves
//! may also be member expressions). The parser guarantees that binding patterns contain no
//! [`PatternKind::Expr`] leaves.

use super::{Expr, Ident, PropKey, max_height};
use crate::parser::span::Span;

/// A destructuring or simple target.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub span: Span,
    pub kind: PatternKind,
    height: u32,
}

impl Pattern {
    /// A pattern node; its height is computed from its children.
    pub fn new(span: Span, kind: PatternKind) -> Pattern {
        let height = 1 + kind.child_height();
        Pattern { span, kind, height }
    }

    /// The height of the subtree rooted here.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether this is a plain identifier.
    pub fn as_ident(&self) -> Option<&Ident> {
        match &self.kind {
            PatternKind::Ident(id) => Some(id),
            _ => None,
        }
    }
}

/// The kinds of patterns.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternKind {
    Ident(Ident),
    /// A member, index or super-member expression (assignment patterns only).
    Expr(Box<Expr>),
    /// `[a, , b = 1, ...rest]`; `None` elements are holes.
    Array {
        elems: Vec<Option<Pattern>>,
        rest: Option<Box<Pattern>>,
    },
    /// `{a, b: c, [k]: d = 1, ...rest}`.
    Object {
        props: Vec<PatternProp>,
        rest: Option<Box<Pattern>>,
    },
    /// `target = default`: the default is evaluated when the value is `undefined`.
    Default {
        target: Box<Pattern>,
        default: Box<Expr>,
    },
}

impl PatternKind {
    fn child_height(&self) -> u32 {
        match self {
            PatternKind::Ident(_) => 0,
            PatternKind::Expr(e) => e.height(),
            PatternKind::Array { elems, rest } => {
                max_height(elems, |e| e.as_ref().map_or(0, Pattern::height))
                    .max(rest.as_ref().map_or(0, |r| r.height()))
            }
            PatternKind::Object { props, rest } => {
                max_height(props, |p| p.key.height().max(p.value.height()))
                    .max(rest.as_ref().map_or(0, |r| r.height()))
            }
            PatternKind::Default { target, default } => target.height().max(default.height()),
        }
    }
}

/// `key: value` in an object pattern; the shorthand `a` is `a: a`, and `a = 1` is
/// `a: (a = 1)`.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternProp {
    pub span: Span,
    pub key: PropKey,
    pub value: Pattern,
    /// Whether the source used the shorthand form.
    pub shorthand: bool,
}
