//! SL's inlined leaves: local reads, constants and argument reads.
//!
//! These three are most of the children in any SL tree, so SL's [`super::Child`] stores them
//! inline ([`porcini::operand`]): their parent executes them through a `match` instead of a
//! virtual call. They remain ordinary nodes, with their own state and their own place in the tree.

use porcini::{ExprNode, Leaf, Stage, TypedFail, Unwind};

use super::literal::{ConstNode, ReadArgNode};
use super::local::ReadLocalNode;
use crate::Sl;

/// An inlinable SL leaf.
pub enum SlLeaf {
    /// A local read.
    Local(ReadLocalNode),
    /// A constant.
    Const(ConstNode),
    /// An argument read.
    Arg(ReadArgNode),
}

impl Leaf<Sl> for SlLeaf {
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        match self {
            SlLeaf::Local(n) => n.eval(s),
            SlLeaf::Const(n) => n.eval(s),
            SlLeaf::Arg(n) => n.eval(s),
        }
    }
    #[inline(always)]
    fn eval_i64<S: Stage<Sl>>(&self, s: &mut S, reason: &'static str) -> Result<S::I64, TypedFail<S::Val>> {
        match self {
            SlLeaf::Local(n) => n.eval_i64(s, reason),
            SlLeaf::Const(n) => n.eval_i64(s),
            SlLeaf::Arg(n) => {
                let v = n.eval(s)?;
                porcini::expect_i64(s, v, reason)
            }
        }
    }
    fn node(&self) -> &dyn ExprNode<Sl> {
        match self {
            SlLeaf::Local(n) => n,
            SlLeaf::Const(n) => n,
            SlLeaf::Arg(n) => n,
        }
    }
    fn clone_uninitialized(&self, _cx: &porcini::node::CloneContext) -> Self {
        match self {
            SlLeaf::Local(n) => SlLeaf::Local(n.clone_leaf()),
            SlLeaf::Const(n) => SlLeaf::Const(n.clone_leaf()),
            SlLeaf::Arg(n) => SlLeaf::Arg(n.clone_leaf()),
        }
    }
    fn into_node(self) -> Box<dyn ExprNode<Sl>> {
        match self {
            SlLeaf::Local(n) => Box::new(n),
            SlLeaf::Const(n) => Box::new(n),
            SlLeaf::Arg(n) => Box::new(n),
        }
    }
}
