//! Statements a `break` may leave that are not loops: a labelled statement (`done: { … break
//! done; … }`) and the body of a `switch`, which an unlabelled `break` leaves as well.

use crate::error::{Label, Unwind};
use crate::language::Language;
use crate::node::{CloneContext, ExprNode};
use crate::stage::Stage;

use super::Child;

/// A statement that ends when a `break` names one of its labels, or, for a `switch` body
/// (`unlabelled`), when an unlabelled `break` reaches it. Evaluates to the absent value.
pub struct BreakableNode<L: Language> {
    body: Child<L>,
    labels: Box<[Label]>,
    unlabelled: bool,
}

impl<L: Language> BreakableNode<L> {
    /// A labelled statement.
    pub fn labelled(body: Child<L>, labels: Vec<Label>) -> Self {
        BreakableNode { body, labels: labels.into(), unlabelled: false }
    }
    /// A `switch` body (with the labels of the `switch` statement, if any).
    pub fn switch(body: Child<L>, labels: Vec<Label>) -> Self {
        BreakableNode { body, labels: labels.into(), unlabelled: true }
    }
    /// Runs the body; a `break` that names this statement ends it.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.breakable(&self.labels, self.unlabelled, |s| s.exec(0, &*self.body).map(|_| ()))?;
        Ok(s.konst(L::ABSENT))
    }
}

impl<L: Language> ExprNode<L> for BreakableNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(BreakableNode {
            body: self.body.clone_uninitialized(cx),
            labels: self.labels.clone(),
            unlabelled: self.unlabelled,
        })
    }
    fn kind_name(&self) -> &'static str {
        "Breakable"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        vec![&*self.body]
    }
}
