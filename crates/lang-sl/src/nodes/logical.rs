//! Boolean conversion of conditions and the short-circuit `&&` / `||` (spec §7.5, §11).
//!
//! Operands must be booleans; anything else is the `toBoolean` type error, reported at the start of
//! the condition, or of the whole logical expression (even for a bad right operand).

use porcini::{Frame, GuestError, Stage, Tag, Unwind, Value};

use super::{Child, Loc, expr_node};
use crate::Sl;
use crate::runtime::display::type_error;

fn raise_to_boolean(loc: &Loc, v: &[Value]) -> Result<Value, Unwind<Value>> {
    Err(GuestError::raise(type_error(&loc.file, loc.line, loc.col, "toBoolean", v)))
}

/// Checks that the child produced a boolean.
#[inline(always)]
fn checked<S: Stage<Sl>, N: 'static>(
    s: &mut S,
    node: &N,
    v: S::Val,
    raise: porcini::stage::BoundaryFn<N, Sl>,
) -> Result<S::Val, Unwind<S::Val>> {
    let ok = s.has_tag(v, Tag::Bool);
    s.if_else(ok, |_| Ok(v), |s| s.call_boundary("to_boolean_error", node, raise, &[v]))
}

/// A condition: the child's value, which must be a boolean.
pub struct ToBooleanNode {
    child: Child,
    loc: Loc,
}

impl ToBooleanNode {
    /// Wraps a condition expression that starts at `loc`.
    pub fn new(child: Child, loc: Loc) -> ToBooleanNode {
        ToBooleanNode { child, loc }
    }
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = self.child.exec(s, 0)?;
        checked(s, self, v, Self::raise)
    }
    #[cold]
    fn raise(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        raise_to_boolean(&self.loc, v)
    }
}

expr_node!(stateless ToBooleanNode, "ToBoolean", children(t => vec![t.child.node()]), clone(this, cx => ToBooleanNode::new(this.child.clone_uninitialized(cx), this.loc.clone())));

/// `&&` (when `is_and`) or `||`.
pub struct LogicalNode {
    is_and: bool,
    left: Child,
    right: Child,
    loc: Loc,
}

impl LogicalNode {
    /// A short-circuit operator whose expression starts at `loc`.
    pub fn new(is_and: bool, left: Child, right: Child, loc: Loc) -> LogicalNode {
        LogicalNode { is_and, left, right, loc }
    }
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let l = self.left.exec(s, 0)?;
        let l = checked(s, self, l, Self::raise)?;
        let lb = s.unbox_bool(l);
        let evaluate_right = if self.is_and { lb } else { s.not(lb) };
        s.if_else(
            evaluate_right,
            |s| {
                let r = self.right.exec(s, 1)?;
                checked(s, self, r, Self::raise)
            },
            |_| Ok(l),
        )
    }
    #[cold]
    fn raise(&self, _f: &mut Frame<'_, Sl>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        raise_to_boolean(&self.loc, v)
    }
}

expr_node!(stateless LogicalNode, "Logical", children(t => vec![t.left.node(), t.right.node()]), clone(this, cx => LogicalNode::new(this.is_and, this.left.clone_uninitialized(cx), this.right.clone_uninitialized(cx), this.loc.clone())));
