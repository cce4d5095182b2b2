//! EasyScript's executable nodes. Each node's semantics are written once, generic over the
//! stage; what is too involved for straight-line node code (a generic `+`, a property lookup
//! through a prototype chain, a call) runs as a boundary call into the runtime, which the
//! interpreter makes like any function call and compiled code calls rather than inlines.
//!
//! Control flow (blocks, `if`, loops, `return`, `break`, `continue`, labelled statements,
//! `try`) is the framework's; EasyScript adds JavaScript's truthiness around conditions.

pub mod cache_entries;
pub mod each;
pub mod call;
pub mod class;
pub mod function;
pub mod intrinsic;
pub mod leaf;
pub mod literal;
pub mod arith;
pub mod compare;
pub mod element_access;
pub mod logic;
pub mod pattern;
pub mod property;
pub mod property_cache;
pub mod root;
pub mod statement;
pub mod store_cache;
pub mod super_call;
pub mod this_site;
pub mod variable;

use std::rc::Rc;

use porcini::SpecFail;

use crate::Es;

/// A child node.
pub type Node = Box<dyn porcini::ExprNode<Es>>;

/// An operand: a variable read or constant kept inline ([`leaf`]), or any other child boxed.
pub type Child = porcini::Operand<Es, leaf::EsLeaf>;

/// The result of a specialization body.
pub type SpecResult<V> = Result<V, SpecFail<V>>;

/// A source position, for error reports: file, 1-based line and column.
#[derive(Clone, Debug)]
pub struct Loc {
    pub file: Rc<str>,
    pub line: u32,
    pub col: u32,
}

/// Produces `n` values with `value` (each usually a child's evaluation), keeping them in the
/// argument area, where the collector sees them, and runs `with` on all of them; the area is
/// released afterwards. A node that needs several values at once must hold them like this: in
/// a Rust vector they would be out of the collector's sight while the next one is computed,
/// which may allocate and collect.
pub(crate) fn with_values<S: porcini::Stage<Es>, R>(
    s: &mut S,
    n: usize,
    mut value: impl FnMut(&mut S, usize) -> Result<S::Val, porcini::Unwind<S::Val>>,
    with: impl FnOnce(&mut S, &[S::Val]) -> Result<R, porcini::Unwind<S::Val>>,
) -> Result<R, porcini::Unwind<S::Val>> {
    let mark = s.begin_args();
    for i in 0..n {
        let pushed = value(s, i).and_then(|v| s.push_arg(v));
        if let Err(u) = pushed {
            s.drop_args(mark);
            return Err(u);
        }
    }
    let vals = s.pushed_args(mark);
    let r = with(s, &vals);
    s.drop_args(mark);
    r
}

/// Clones a list of children in their uninitialized state.
pub(crate) fn clone_all(nodes: &[Node], cx: &porcini::node::CloneContext) -> Vec<Node> {
    nodes.iter().map(|n| n.clone_uninitialized(cx)).collect()
}

/// Implements [`porcini::ExprNode`] for a node with an `eval` method:
/// `es_node!(Type, "Kind", children(this => [...]), clone(this, cx => ...))`, adding `, spec`
/// for a node whose cost and active specializations come from its DSL state, or `, calls` for a
/// node that holds direct call nodes and lists them in a `call_node_list` method.
macro_rules! es_node {
    ($ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), calls) => {
        es_node!(@impl [] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {
            fn call_nodes(&self) -> Vec<&porcini::call_target::DirectCallNode<crate::Es>> {
                self.call_node_list()
            }
        });
    };
    (generic[$($g:tt)*] $ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), spec) => {
        es_node!(@impl [$($g)*] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {
            fn cost(&self) -> porcini::NodeCost {
                self.spec_cost()
            }
            fn active_specializations(&self) -> Vec<&'static str> {
                self.spec_active_names()
            }
        });
    };
    ($ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), spec) => {
        es_node!(generic[] $ty, $name, children($this => $children), clone($this2, $cx => $clone), spec);
    };
    (generic[$($g:tt)*] $ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr)) => {
        es_node!(@impl [$($g)*] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {});
    };
    ($ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr)) => {
        es_node!(@impl [] $ty, $name, children($this => $children), clone($this2, $cx => $clone), {});
    };
    (@impl [$($g:tt)*] $ty:ty, $name:literal, children($this:ident => $children:expr), clone($this2:ident, $cx:ident => $clone:expr), {$($extra:tt)*}) => {
        impl<$($g)*> porcini::ExprNode<crate::Es> for $ty {
            porcini::stage_entry_points!(crate::Es);
            fn clone_uninitialized(&self, $cx: &porcini::node::CloneContext) -> Box<dyn porcini::ExprNode<crate::Es>> {
                let $this2 = self;
                Box::new($clone)
            }
            fn kind_name(&self) -> &'static str {
                $name
            }
            fn children(&self) -> Vec<&dyn porcini::ExprNode<crate::Es>> {
                let $this = self;
                $children
            }
            $($extra)*
        }
    };
}
pub(crate) use es_node;
