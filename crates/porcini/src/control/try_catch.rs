//! `try` with `catch` and `finally`, for every language that throws guest values.
//!
//! The node runs its blocks through the stage's [`Stage::try_catch`] and [`Stage::try_finally`],
//! so the interpreter, the replaying stage of deoptimization and partial evaluation each decide
//! how a thrown value reaches the handler. The caught value is written into a frame slot the
//! handler's first statements read (a language binds it to its catch parameter, destructures
//! it, or moves it into a closure's environment).
//!
//! The slot belongs to the `try`: the handler reads it but never assigns it. A deoptimization
//! inside the handler resumes by replaying this node, which writes the caught value (kept in the
//! frame state) into the slot again before it descends into the handler, so an assignment the
//! handler had made to the slot would be undone.

use crate::error::Unwind;
use crate::frame::SlotId;
use crate::language::Language;
use crate::node::{CloneContext, ExprNode};
use crate::stage::Stage;

use super::{BlockNode, Child};

/// `try { body } catch { handler } finally { finalizer }`, with either of the last two absent.
/// Evaluates to the absent value.
pub struct TryNode<L: Language> {
    body: BlockNode<L>,
    handler: Option<(SlotId, BlockNode<L>)>,
    finalizer: Option<BlockNode<L>>,
}

impl<L: Language> TryNode<L> {
    /// A `try` statement: the value caught goes to `slot` before `handler` runs.
    pub fn new(body: BlockNode<L>, handler: Option<(SlotId, BlockNode<L>)>, finalizer: Option<BlockNode<L>>) -> Self {
        TryNode { body, handler, finalizer }
    }
    /// Runs the body, the handler if something was caught, and the finalizer in any case.
    #[inline(always)]
    pub fn eval<S: Stage<L>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let guarded = |s: &mut S| match &self.handler {
            Some((slot, handler)) => s.try_catch(
                |s| s.exec_inline(0, |s| self.body.eval(s)).map(|_| ()),
                |s, caught| {
                    s.write_slot(*slot, caught);
                    s.exec_inline(1, |s| handler.eval(s)).map(|_| ())
                },
            ),
            None => s.exec_inline(0, |s| self.body.eval(s)).map(|_| ()),
        };
        match &self.finalizer {
            Some(finalizer) => s.try_finally(guarded, |s| s.exec_inline(2, |s| finalizer.eval(s)).map(|_| ()))?,
            None => guarded(s)?,
        }
        Ok(s.konst(L::ABSENT))
    }
}

impl<L: Language> ExprNode<L> for TryNode<L> {
    crate::stage_entry_points!(L);
    fn clone_uninitialized(&self, cx: &CloneContext) -> Child<L> {
        Box::new(TryNode {
            body: self.body.clone_block(cx),
            handler: self.handler.as_ref().map(|(slot, h)| (*slot, h.clone_block(cx))),
            finalizer: self.finalizer.as_ref().map(|f| f.clone_block(cx)),
        })
    }
    fn kind_name(&self) -> &'static str {
        "Try"
    }
    fn children(&self) -> Vec<&dyn ExprNode<L>> {
        let mut c: Vec<&dyn ExprNode<L>> = vec![&self.body];
        if let Some((_, h)) = &self.handler {
            c.push(h);
        }
        if let Some(f) = &self.finalizer {
            c.push(f);
        }
        c
    }
}

/// The value a `catch` receives for the completion `u`, taking it out of the unwind register:
/// a thrown value as it is, a guest error as the language turns it into a value. `None` for
/// what no `catch` stops (a `return`, `break` or `continue`, a requested exit, an error the
/// language does not catch), which then goes on unchanged.
pub(crate) fn caught<L: Language>(rt: &crate::runtime::Runtime<L>, u: Unwind<crate::value::Value>) -> Option<crate::value::Value> {
    use crate::error::{GuestError, UnwindKind};
    match u.kind() {
        UnwindKind::Throw => Some(u.take_thrown()),
        UnwindKind::Error => {
            let v = u.with_error(|e| match e {
                Some(GuestError::Exit(_) | GuestError::Cancelled(_)) | None => None,
                Some(e) => L::error_value(rt, e),
            })?;
            drop(u.take_error());
            Some(v)
        }
        _ => None,
    }
}
