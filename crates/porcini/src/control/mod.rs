//! Control-flow nodes every language reuses: block, function body, if, loops, return, break,
//! continue, labelled statements and `switch` bodies ([`BreakableNode`]), and `try` with `catch`
//! and `finally` ([`TryNode`]).
//!
//! They are written once against the stage, so each language gets loop counting (and, with the JIT,
//! OSR and exact deoptimization) for free. Conditions must evaluate to a boolean value: a language
//! wraps its own conversion (and its type error) around the condition expression it passes in.
//! `return`, `break`, `continue` and `throw` are structured unwinds ([`Unwind`]), caught by the
//! root, the loop or labelled statement, the loop, and a `catch` respectively.

mod breakable;
pub mod completion;
mod function_root;
mod try_catch;

pub use breakable::BreakableNode;
pub use function_root::FunctionRoot;
pub use try_catch::TryNode;
pub(crate) use try_catch::caught;

use crate::error::{Label, Unwind};
use crate::instrument::StatementPosition;
use crate::language::Language;
use crate::node::{CloneContext, ExprNode};
use crate::stage::{LoopShape, Stage};

/// Boxed child node.
pub type Child<L> = Box<dyn ExprNode<L>>;

/// Statements in order; evaluates to null.
pub struct BlockNode<L: Language> {
    stmts: Vec<Child<L>>,
    /// Where each statement starts, for coverage (empty when the language gave none).
    positions: Box<[Option<StatementPosition>]>,
}

impl<L: Language> BlockNode<L> {
    /// A block of statements.
    pub fn new(stmts: Vec<Child<L>>) -> Self {
        BlockNode { stmts, positions: Box::new([]) }
    }
    /// A block of statements with the position each starts at (one per statement; `None` for
    /// one the source does not show, such as code a translator adds), which coverage reports
    /// them by.
    pub fn with_positions(stmts: Vec<Child<L>>, positions: Vec<Option<StatementPosition>>) -> Self {
        let positions = if positions.len() == stmts.len() { positions.into_boxed_slice() } else { Box::new([]) };
        BlockNode { stmts, positions }
    }
    /// Evaluates every statement in order.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.exec_seq(0, &self.stmts)?;
        Ok(s.konst(L::ABSENT))
    }
}

impl<L: Language> BlockNode<L> {
    /// A copy with every statement in its uninitialized state.
    pub fn clone_block(&self, cx: &CloneContext) -> BlockNode<L> {
        BlockNode { stmts: self.stmts.iter().map(|s| s.clone_uninitialized(cx)).collect(), positions: self.positions.clone() }
    }
}

impl<L: Language> ExprNode<L> for BlockNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(self.clone_block(cx))
    }
    fn kind_name(&self) -> &'static str {
        "Block"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        self.stmts.iter().map(|s| &**s).collect()
    }
    fn statements(&self) -> Vec<(&dyn ExprNode<L>, Option<StatementPosition>)> {
        self.stmts.iter().enumerate().map(|(i, s)| (&**s, self.positions.get(i).copied().flatten())).collect()
    }
}

/// The body of a root: a block whose final `return`, if it has one, is held apart (the *tail
/// return*). The body evaluates the tail return's value as its result instead of unwinding to the
/// root; a `return` anywhere else unwinds as usual. Most functions end in a `return`, and this
/// way the common return costs neither a node call nor an unwind. For tools it is a block whose
/// last statement is the return.
pub struct BodyNode<L: Language> {
    stmts: Vec<Child<L>>,
    tail: Option<ReturnNode<L>>,
    /// Where each statement starts, the tail return's last, for coverage (empty when the
    /// language gave none).
    positions: Box<[Option<StatementPosition>]>,
}

impl<L: Language> BodyNode<L> {
    /// A body of statements, with its final return (if it ends in one) as `tail`.
    pub fn new(stmts: Vec<Child<L>>, tail: Option<ReturnNode<L>>) -> Self {
        BodyNode { stmts, tail, positions: Box::new([]) }
    }
    /// The body with the position each statement starts at, the tail return's last.
    pub fn with_positions(mut self, positions: Vec<Option<StatementPosition>>) -> Self {
        if positions.len() == self.stmts.len() + usize::from(self.tail.is_some()) {
            self.positions = positions.into_boxed_slice();
        }
        self
    }
    /// Evaluates the statements, then the tail return's value (null without one).
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.exec_seq(0, &self.stmts)?;
        match &self.tail {
            Some(r) => {
                let index = self.stmts.len() as u32;
                if s.runtime().instruments.counts_statements() {
                    s.statement_hook(index, crate::node::node_addr::<L>(r))?;
                }
                s.exec_inline(index, |s| r.value(s))
            }
            None => Ok(s.konst(L::ABSENT)),
        }
    }
}

impl<L: Language> BodyNode<L> {
    /// A copy with every statement in its uninitialized state (a root holds its body by value).
    pub fn clone_body(&self, cx: &CloneContext) -> BodyNode<L> {
        BodyNode {
            stmts: self.stmts.iter().map(|s| s.clone_uninitialized(cx)).collect(),
            tail: self.tail.as_ref().map(|r| r.clone_return(cx)),
            positions: self.positions.clone(),
        }
    }
}

impl<L: Language> ExprNode<L> for BodyNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(self.clone_body(cx))
    }
    fn kind_name(&self) -> &'static str {
        "Block"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        let mut c: Vec<&dyn ExprNode<L>> = self.stmts.iter().map(|s| &**s).collect();
        if let Some(r) = &self.tail {
            c.push(r);
        }
        c
    }
    fn statements(&self) -> Vec<(&dyn ExprNode<L>, Option<StatementPosition>)> {
        self.children().into_iter().enumerate().map(|(i, s)| (s, self.positions.get(i).copied().flatten())).collect()
    }
}

/// `if (cond) then [else els]`; evaluates to null.
///
/// The arms are blocks held by value, as a loop's body is: executing one is a loop over its
/// statements right here, not another node call.
pub struct IfNode<L: Language> {
    cond: Child<L>,
    then: BlockNode<L>,
    els: Option<BlockNode<L>>,
}

impl<L: Language> IfNode<L> {
    /// An if statement; `cond` must produce a boolean value.
    pub fn new(cond: Child<L>, then: BlockNode<L>, els: Option<BlockNode<L>>) -> Self {
        IfNode { cond, then, els }
    }
    /// Evaluates the condition, then one arm.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let c = s.exec(0, &*self.cond)?;
        let c = s.unbox_bool(c);
        s.if_else(
            c,
            |s| s.exec_inline(1, |s| self.then.eval(s)),
            |s| match &self.els {
                Some(e) => s.exec_inline(2, |s| e.eval(s)),
                None => Ok(s.konst(L::ABSENT)),
            },
        )
    }
}

impl<L: Language> ExprNode<L> for IfNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(IfNode {
            cond: self.cond.clone_uninitialized(cx),
            then: self.then.clone_block(cx),
            els: self.els.as_ref().map(|b| b.clone_block(cx)),
        })
    }
    fn kind_name(&self) -> &'static str {
        "If"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        let mut c: Vec<&dyn ExprNode<L>> = vec![&*self.cond, &self.then];
        if let Some(e) = &self.els {
            c.push(e);
        }
        c
    }
}

/// `while (cond) body`, and with a step, `for (; cond; step) body`; evaluates to the absent value.
/// Iterations are reported to the enclosing call target.
///
/// The body is a block held by value, so an iteration runs its statements without a node call
/// for the block itself. A `continue` goes to the step, then the condition; a `break` or
/// `continue` naming one of the loop's labels leaves or continues it from inside nested loops.
/// (A `do`-`while` is a loop whose condition is always true and whose step breaks out when the
/// real condition fails.)
pub struct WhileNode<L: Language> {
    cond: Child<L>,
    body: BlockNode<L>,
    step: Option<Child<L>>,
    labels: Box<[Label]>,
    /// Iterations run in the interpreter so far, over all executions (for on-stack replacement).
    executed: std::cell::Cell<u64>,
}

impl<L: Language> WhileNode<L> {
    /// A while loop; `cond` must produce a boolean value.
    pub fn new(cond: Child<L>, body: BlockNode<L>) -> Self {
        WhileNode { cond, body, step: None, labels: Box::new([]), executed: std::cell::Cell::new(0) }
    }
    /// The loop with `step` run after each iteration (a `for` loop's update).
    pub fn with_step(mut self, step: Child<L>) -> Self {
        self.step = Some(step);
        self
    }
    /// The loop answering to `labels` as well.
    pub fn with_labels(mut self, labels: Vec<Label>) -> Self {
        self.labels = labels.into();
        self
    }
    /// Repeats condition, body and step until the condition is false or a `break` leaves.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let shape = LoopShape { labels: &self.labels, has_step: self.step.is_some(), executed: &self.executed };
        s.repeat(
            self,
            shape,
            |s| {
                let c = s.exec(0, &*self.cond)?;
                Ok(s.unbox_bool(c))
            },
            |s| s.exec_inline(1, |s| self.body.eval(s)).map(|_| ()),
            |s| match &self.step {
                Some(step) => s.exec(2, &**step).map(|_| ()),
                None => Ok(()),
            },
        )?;
        Ok(s.konst(L::ABSENT))
    }
}

impl<L: Language> ExprNode<L> for WhileNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(WhileNode {
            cond: self.cond.clone_uninitialized(cx),
            body: self.body.clone_block(cx),
            step: self.step.as_ref().map(|st| st.clone_uninitialized(cx)),
            labels: self.labels.clone(),
            executed: std::cell::Cell::new(0),
        })
    }
    fn kind_name(&self) -> &'static str {
        "While"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        let mut c: Vec<&dyn ExprNode<L>> = vec![&*self.cond, &self.body];
        if let Some(step) = &self.step {
            c.push(&**step);
        }
        c
    }
}

/// `return [value]`: unwinds to the root with the value (null when absent).
pub struct ReturnNode<L: Language> {
    value: Option<Child<L>>,
}

impl<L: Language> ReturnNode<L> {
    /// A return statement.
    pub fn new(value: Option<Child<L>>) -> Self {
        ReturnNode { value }
    }
    /// Evaluates the value and unwinds.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = self.value(s)?;
        Err(s.return_with(v))
    }
    /// Evaluates the returned value only (for a tail return, see [`BlockNode::eval_body`]).
    #[inline(always)]
    pub fn value<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        match &self.value {
            Some(e) => s.exec(0, &**e),
            None => Ok(s.konst(L::ABSENT)),
        }
    }
    fn clone_return(&self, cx: &CloneContext) -> ReturnNode<L> {
        ReturnNode { value: self.value.as_ref().map(|e| e.clone_uninitialized(cx)) }
    }
}

impl<L: Language> ExprNode<L> for ReturnNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(self.clone_return(cx))
    }
    fn kind_name(&self) -> &'static str {
        "Return"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        self.value.iter().map(|e| &**e).collect()
    }
}

/// `break` or `continue`, of the innermost loop or of the one carrying a label.
pub struct JumpNode {
    is_break: bool,
    label: Label,
}

impl JumpNode {
    /// `break`.
    pub fn break_() -> Self {
        JumpNode { is_break: true, label: Label::INNERMOST }
    }
    /// `continue`.
    pub fn continue_() -> Self {
        JumpNode { is_break: false, label: Label::INNERMOST }
    }
    /// `break label` (a loop's or a labelled statement's).
    pub fn break_to(label: Label) -> Self {
        JumpNode { is_break: true, label }
    }
    /// `continue label` (a loop's).
    pub fn continue_to(label: Label) -> Self {
        JumpNode { is_break: false, label }
    }
    /// Unwinds to the loop or statement it names.
    #[inline(always)]
    pub fn eval<L: Language, S: Stage<L>>(&self, _s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Err(if self.is_break { Unwind::breaking_to(self.label) } else { Unwind::continuing_to(self.label) })
    }
}

impl<L: Language> ExprNode<L> for JumpNode {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, _cx: &CloneContext) -> Child<L> {
        Box::new(JumpNode { is_break: self.is_break, label: self.label })
    }
    fn kind_name(&self) -> &'static str {
        if self.is_break { "Break" } else { "Continue" }
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        Vec::new()
    }
}
