//! Classes.

use super::{Expr, Function, Ident, MethodKind, PropKey, max_height};
use crate::parser::ids::{FuncId, ScopeId};
use crate::parser::span::Span;

/// A class declaration's or expression's class.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    pub span: Span,
    /// The class's own name, bound immutably inside the class scope (for declarations as well as
    /// named expressions); initialized once the class is created.
    pub name: Option<Ident>,
    /// The heritage expression, evaluated inside the class scope.
    pub extends: Option<Box<Expr>>,
    /// The constructor: the declared one, or a synthetic default (see
    /// [`FunctionKind::Constructor`](super::FunctionKind::Constructor)). Its `name` is the
    /// class's `name`.
    pub constructor: Box<Function>,
    /// Methods, accessors and fields in source order (the constructor excluded).
    pub members: Vec<ClassMember>,
    /// The class scope: the inner name binding.
    pub scope: ScopeId,
    /// The synthetic function running the instance fields' initializers, if there are instance
    /// fields. It is called with the new instance as `this` (and the prototype as home object)
    /// at the start of a base constructor, or when `super()` returns in a derived one.
    pub instance_fields: Option<FieldInit>,
    /// The synthetic function running the static fields' initializers, with the class as `this`
    /// and home object, once the class is defined.
    pub static_fields: Option<FieldInit>,
    height: u32,
}

impl Class {
    /// A class node; the arguments are the fields of the same names.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        span: Span,
        name: Option<Ident>,
        extends: Option<Box<Expr>>,
        constructor: Box<Function>,
        members: Vec<ClassMember>,
        scope: ScopeId,
        instance_fields: Option<FieldInit>,
        static_fields: Option<FieldInit>,
    ) -> Class {
        let height = 1 + extends
            .as_ref()
            .map_or(0, |e| e.height())
            .max(constructor.height())
            .max(max_height(&members, ClassMember::height));
        Class {
            span,
            name,
            extends,
            constructor,
            members,
            scope,
            instance_fields,
            static_fields,
            height,
        }
    }

    /// The height of the subtree rooted here.
    pub fn height(&self) -> u32 {
        self.height
    }
}

/// A synthetic field-initializer function: its id and its (only) scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldInit {
    pub func: FuncId,
    pub scope: ScopeId,
}

/// A member of a class body other than the constructor.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassMember {
    pub span: Span,
    pub is_static: bool,
    /// The key; computed keys are evaluated in order when the class is defined.
    pub key: PropKey,
    pub kind: ClassMemberKind,
}

impl ClassMember {
    fn height(&self) -> u32 {
        self.key.height().max(match &self.kind {
            ClassMemberKind::Method { func, .. } => func.height(),
            ClassMemberKind::Field { value } => value.as_ref().map_or(0, Expr::height),
        })
    }
}

/// The kinds of class members.
#[derive(Debug, Clone, PartialEq)]
pub enum ClassMemberKind {
    Method {
        kind: MethodKind,
        func: Box<Function>,
    },
    /// A field; its initializer belongs to the class's instance or static field-initializer
    /// function.
    Field { value: Option<Expr> },
}
