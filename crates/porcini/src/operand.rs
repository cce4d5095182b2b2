//! Operands: children that are either an inlined leaf node or a boxed node.
//!
//! Most children of an expression are leaves — a local read, a constant, an argument — and a
//! virtual call into a leaf costs more than the leaf itself. An [`Operand`] stores a language's
//! leaf nodes inline, in an enum the language defines (its [`Leaf`] type), and every other child
//! boxed. Executing an operand is a `match`: a leaf's node code is instantiated right inside its
//! parent, and only real subtrees are called through the `ExprNode` vtable.
//!
//! Nothing else changes for the node: the leaf is still a node with its own specialization state
//! and its own path position in the tree (the symbolic stage records it exactly as if it were
//! called), tools see it through [`Operand::node`], and splitting clones it with fresh state.

use crate::error::Unwind;
use crate::language::Language;
use crate::node::{CloneContext, ExprNode, TypedFail, expect_f64, expect_i64};
use crate::stage::Stage;

/// A language's inlinable leaf nodes, usually an enum over them.
pub trait Leaf<L: Language>: Sized + 'static {
    /// Executes the leaf's node code on stage `s`.
    fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>>;
    /// Executes the leaf expecting an integer (see [`ExecChild::exec_child_i64`]). Leaves whose
    /// node code can produce an unboxed integer override this; the default checks the generic
    /// result.
    #[inline(always)]
    fn eval_i64<S: Stage<L>>(&self, s: &mut S, reason: &'static str) -> Result<S::I64, TypedFail<S::Val>> {
        let v = self.eval(s)?;
        expect_i64(s, v, reason)
    }
    /// Executes the leaf expecting a number, as a double (see [`ExecChild::exec_child_f64`]);
    /// without `ints`, a double only.
    #[inline(always)]
    fn eval_f64<S: Stage<L>>(&self, s: &mut S, reason: &'static str, ints: bool) -> Result<S::F64, TypedFail<S::Val>> {
        let v = self.eval(s)?;
        expect_f64(s, v, reason, ints)
    }
    /// The leaf as a node, for tree walks and tools.
    fn node(&self) -> &dyn ExprNode<L>;
    /// A copy in its uninitialized state (for splitting), in the tree `cx` describes.
    fn clone_uninitialized(&self, cx: &CloneContext) -> Self;
    /// The leaf as a boxed node, for places that hold boxed children only.
    fn into_node(self) -> Box<dyn ExprNode<L>>;
}

/// A child: an inline leaf or a boxed subtree.
pub enum Operand<L: Language, F: Leaf<L>> {
    /// A leaf node stored inline.
    Leaf(F),
    /// Any other node.
    Node(Box<dyn ExprNode<L>>),
}

impl<L: Language, F: Leaf<L>> Operand<L, F> {
    /// Executes the operand as child `index` of the executing node.
    #[inline(always)]
    pub fn exec<S: Stage<L>>(&self, s: &mut S, index: u32) -> Result<S::Val, Unwind<S::Val>> {
        match self {
            Operand::Leaf(f) => s.exec_leaf(index, f),
            Operand::Node(n) => s.exec(index, &**n),
        }
    }
    /// The operand as a node.
    pub fn node(&self) -> &dyn ExprNode<L> {
        match self {
            Operand::Leaf(f) => f.node(),
            Operand::Node(n) => &**n,
        }
    }
    /// A copy in its uninitialized state.
    pub fn clone_uninitialized(&self, cx: &CloneContext) -> Self {
        match self {
            Operand::Leaf(f) => Operand::Leaf(f.clone_uninitialized(cx)),
            Operand::Node(n) => Operand::Node(n.clone_uninitialized(cx)),
        }
    }
    /// The operand as a boxed node.
    pub fn into_node(self) -> Box<dyn ExprNode<L>> {
        match self {
            Operand::Leaf(f) => f.into_node(),
            Operand::Node(n) => n,
        }
    }
}

impl<L: Language, F: Leaf<L>> From<Box<dyn ExprNode<L>>> for Operand<L, F> {
    /// A boxed subtree as an operand (a leaf the translator made as a box stays boxed).
    fn from(node: Box<dyn ExprNode<L>>) -> Self {
        Operand::Node(node)
    }
}

/// Executing a child, whatever its representation; the specialization DSL executes the children
/// named in `execute(...)` through this trait.
pub trait ExecChild<L: Language> {
    /// Executes `self` as child `index` of the executing node.
    fn exec_child<S: Stage<L>>(&self, s: &mut S, index: u32) -> Result<S::Val, Unwind<S::Val>>;
    /// Executes `self` as child `index` for a parent that wants an integer (Truffle's
    /// `executeLong`): the unboxed integer, or the generic value as unexpected. `reason` names the
    /// parent's speculation, for the deoptimization exit a compiling stage emits.
    fn exec_child_i64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
    ) -> Result<S::I64, TypedFail<S::Val>>;
    /// Executes `self` as child `index` for a parent that wants a number as a double (Truffle's
    /// `executeDouble`): with `ints`, an integer is widened; without, the parent has only ever
    /// been given a double here, and an integer is unexpected too (see `SpecState::casts`).
    fn exec_child_f64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
        ints: bool,
    ) -> Result<S::F64, TypedFail<S::Val>>;
}

impl<L: Language> ExecChild<L> for Box<dyn ExprNode<L>> {
    #[inline(always)]
    fn exec_child<S: Stage<L>>(&self, s: &mut S, index: u32) -> Result<S::Val, Unwind<S::Val>> {
        s.exec(index, &**self)
    }
    #[inline(always)]
    fn exec_child_i64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
    ) -> Result<S::I64, TypedFail<S::Val>> {
        let v = s.exec(index, &**self)?;
        expect_i64(s, v, reason)
    }
    #[inline(always)]
    fn exec_child_f64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
        ints: bool,
    ) -> Result<S::F64, TypedFail<S::Val>> {
        let v = s.exec(index, &**self)?;
        expect_f64(s, v, reason, ints)
    }
}

impl<L: Language, F: Leaf<L>> ExecChild<L> for Operand<L, F> {
    #[inline(always)]
    fn exec_child<S: Stage<L>>(&self, s: &mut S, index: u32) -> Result<S::Val, Unwind<S::Val>> {
        self.exec(s, index)
    }
    #[inline(always)]
    fn exec_child_i64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
    ) -> Result<S::I64, TypedFail<S::Val>> {
        match self {
            Operand::Leaf(f) => s.exec_leaf_i64(index, f, reason),
            Operand::Node(n) => n.exec_child_i64(s, index, reason),
        }
    }
    #[inline(always)]
    fn exec_child_f64<S: Stage<L>>(
        &self,
        s: &mut S,
        index: u32,
        reason: &'static str,
        ints: bool,
    ) -> Result<S::F64, TypedFail<S::Val>> {
        match self {
            Operand::Leaf(f) => s.exec_leaf_f64(index, f, reason, ints),
            Operand::Node(n) => n.exec_child_f64(s, index, reason, ints),
        }
    }
}
