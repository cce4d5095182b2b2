//! SL's executable nodes. Each node's semantics are written once, generic over the stage; nodes
//! with specializations declare them through the `#[specializations]` DSL.
//!
//! Control flow (block, if, while, return, break, continue) is the framework's; SL adds the
//! boolean conversion of conditions, which carries SL's type error.

pub mod arith;
pub mod call;
pub mod leaf;
pub mod compare;
pub mod literal;
pub mod local;
pub mod logical;
pub mod property;
pub mod root;

use std::rc::Rc;

use porcini::{SpecFail, Stage, Tag};

use crate::Sl;

/// A child expression: an inlined leaf or a boxed node.
pub type Child = porcini::Operand<Sl, leaf::SlLeaf>;

/// A boxed node (statements, and the children of framework control-flow nodes).
pub type Node = Box<dyn porcini::ExprNode<Sl>>;

/// The result of a specialization body.
pub type SpecResult<V> = Result<V, SpecFail<V>>;

/// A source location for error messages: file name, 1-based line and column.
#[derive(Clone, Debug)]
pub struct Loc {
    /// The source name (`Foo.sl`, `[defineFunction]`, `(eval)`).
    pub file: Rc<str>,
    /// Line.
    pub line: u32,
    /// Column.
    pub col: u32,
}

/// Staged test: is `v` a Number (small or big)?
#[inline(always)]
pub(crate) fn is_number<S: Stage<Sl>>(s: &mut S, v: S::Val) -> S::Bool {
    let a = s.has_tag(v, Tag::Int);
    let b = s.has_tag(v, Tag::BigInt);
    s.or(a, b)
}

/// Implements the [`porcini::ExprNode`] boilerplate for a node with an `eval` method:
/// `expr_node!(Type, "Kind", children(this => [...]), clone(this, cx => ...))` for a node whose cost and
/// active specializations come from its `node_cost` and `active_names` methods, or
/// `expr_node!(stateless Type, ...)` for a node without specialization state, which keeps the
/// trait's defaults (monomorphic, no named specializations). A node holding direct call nodes
/// adds `, calls` and lists them in a `call_node_list` method.
macro_rules! expr_node {
    ($ty:ident, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), calls) => {
        expr_node!(@impl [] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {
            fn cost(&self) -> porcini::NodeCost {
                self.node_cost()
            }
            fn active_specializations(&self) -> Vec<&'static str> {
                self.active_names()
            }
            fn call_nodes(&self) -> Vec<&porcini::call_target::DirectCallNode<crate::Sl>> {
                self.call_node_list()
            }
        });
    };
    (stateless $ty:ident, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr)) => {
        expr_node!(@impl [] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {});
    };
    ($ty:ident, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr)) => {
        expr_node!(generic[] $ty, $name, children($this => $children), clone($this2, $cx => $clone));
    };
    (generic[$($g:tt)*] $ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr)) => {
        expr_node!(@impl [$($g)*] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {
            fn cost(&self) -> porcini::NodeCost {
                self.node_cost()
            }
            fn active_specializations(&self) -> Vec<&'static str> {
                self.active_names()
            }
        });
    };
    // The shared body; `$extra` holds the methods that differ between the two kinds of node.
    (@impl [$($g:tt)*] $ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), {$($extra:tt)*}) => {
        impl<$($g)*> porcini::ExprNode<crate::Sl> for $ty {
            porcini::stage_entry_points!(crate::Sl);
            fn clone_uninitialized(&self, $cx: &porcini::node::CloneContext) -> Box<dyn porcini::ExprNode<crate::Sl>> {
                let $this2 = self;
                Box::new($clone)
            }
            fn kind_name(&self) -> &'static str {
                $name
            }
            fn children(&self) -> Vec<&dyn porcini::ExprNode<crate::Sl>> {
                let $this = self;
                $children
            }
            $($extra)*
        }
    };
}
pub(crate) use expr_node;
