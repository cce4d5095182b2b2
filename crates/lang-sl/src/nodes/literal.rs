//! Constants (numbers, strings, function values) and argument reads.
//!
//! Constant values are permanent heap objects or immediates, so nodes may hold them directly.

use porcini::{Stage, TypedFail, Unwind, Value};

use super::expr_node;
use crate::Sl;

/// A constant.
pub struct ConstNode {
    value: Value,
}

impl ConstNode {
    /// A constant node; `value` must be an immediate or a permanent object.
    pub fn new(value: Value) -> ConstNode {
        ConstNode { value }
    }
    #[inline(always)]
    pub(crate) fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.konst(self.value))
    }
    /// A copy (constants have no state).
    pub(crate) fn clone_leaf(&self) -> ConstNode {
        ConstNode::new(self.value)
    }
    /// The typed fast path of the seed tutorial: an integer literal answers a parent that wants
    /// an integer directly. The value is a constant, so the choice is one for a compiling stage too.
    #[inline(always)]
    pub(crate) fn eval_i64<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::I64, TypedFail<S::Val>> {
        match self.value.as_i64() {
            Some(i) => Ok(s.i64_const(i)),
            None => Err(TypedFail::Unexpected(s.konst(self.value))),
        }
    }
}

expr_node!(stateless ConstNode, "Const", children(_t => Vec::new()), clone(this, _cx => ConstNode::new(this.value)));

/// Reads argument `index` (null when the caller passed fewer).
pub struct ReadArgNode {
    index: u32,
}

impl ReadArgNode {
    /// Reads argument `index`.
    pub fn new(index: u32) -> ReadArgNode {
        ReadArgNode { index }
    }
    #[inline(always)]
    pub(crate) fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.read_arg(self.index))
    }
    /// A copy (argument reads have no state).
    pub(crate) fn clone_leaf(&self) -> ReadArgNode {
        ReadArgNode::new(self.index)
    }
}

expr_node!(stateless ReadArgNode, "ReadArg", children(_t => Vec::new()), clone(this, _cx => ReadArgNode::new(this.index)));
