//! EasyScript's inlined leaves: variable reads and constants.
//!
//! These two are the operands of most operators (`i < n`, `x + 1`, `a === b`), so the binary
//! operators hold their operands as [`super::Child`]ren, which keep these leaves inline
//! ([`porcini::operand`]): the interpreter runs them through a `match` in the operator's own
//! code instead of a virtual call. They stay ordinary nodes, with their own place in the tree.

use porcini::{ExprNode, Leaf, Stage, Unwind};

use super::literal::ConstNode;
use super::variable::ReadVarNode;
use crate::Es;

/// An inlinable EasyScript leaf.
pub enum EsLeaf {
    /// A variable read (frame slot, environment record or global).
    Var(ReadVarNode),
    /// A constant.
    Const(ConstNode),
}

impl Leaf<Es> for EsLeaf {
    #[inline(always)]
    fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        match self {
            EsLeaf::Var(n) => n.eval(s),
            EsLeaf::Const(n) => n.eval(s),
        }
    }
    fn node(&self) -> &dyn ExprNode<Es> {
        match self {
            EsLeaf::Var(n) => n,
            EsLeaf::Const(n) => n,
        }
    }
    fn clone_uninitialized(&self, _cx: &porcini::node::CloneContext) -> Self {
        match self {
            EsLeaf::Var(n) => EsLeaf::Var(n.clone_leaf()),
            EsLeaf::Const(n) => EsLeaf::Const(n.clone_leaf()),
        }
    }
    fn into_node(self) -> Box<dyn ExprNode<Es>> {
        match self {
            EsLeaf::Var(n) => Box::new(n),
            EsLeaf::Const(n) => Box::new(n),
        }
    }
}
