//! Translating binding and assignment patterns: a name is a variable write; anything else is
//! a `BindNode` over a tree of targets whose expressions (defaults, computed keys, the objects
//! of member targets) are numbered as the node's children in the order the tree lists them.

use super::expr::{is_member, konst, write_mode};
use super::{FnCx, Translator};
use crate::nodes::Node;
use crate::nodes::pattern::{BindNode, Pat, PatKey};
use crate::nodes::variable::WriteVarNode;
use crate::parser::SyntaxError;
use crate::parser::ast::{ExprKind, Ident, Pattern, PatternKind};
use crate::runtime::UNDEFINED;

impl Translator<'_> {
    /// Binds `value` to `pattern`: a declaration's or parameter's initialization (`init`), or
    /// an assignment. Evaluates to the value.
    pub(crate) fn bind_pattern(&mut self, cx: &mut FnCx, pattern: &Pattern, value: Node, init: bool) -> Result<Node, SyntaxError> {
        match &pattern.kind {
            PatternKind::Ident(id) => return Ok(Box::new(self.var_write(cx, id, value, init)?)),
            PatternKind::Expr(x) => {
                if let ExprKind::Ident(id) = &x.unparenthesized().kind {
                    return Ok(Box::new(self.var_write(cx, id, value, init)?));
                }
                if is_member(x) {
                    return self.assign_member(cx, x, value.into());
                }
            }
            _ => {}
        }
        let mut next = 1;
        let pat = self.pat(cx, pattern, init, &mut next)?;
        Ok(Box::new(BindNode::new(pat, value, self.loc(pattern.span))))
    }

    /// A write to the variable `id` names.
    fn var_write(&mut self, cx: &mut FnCx, id: &Ident, value: Node, init: bool) -> Result<WriteVarNode, SyntaxError> {
        let r = *self.res().resolved(id.rid);
        let place = self.place(cx, r.location, &id.name, id.span)?;
        let mode = write_mode(r.assign, init);
        Ok(WriteVarNode::new(place, value, id.name.as_str().into(), mode, r.tdz && !init, cx.strict, self.loc(id.span)))
    }

    /// The target tree of `p`, numbering its expressions from `*next`.
    fn pat(&mut self, cx: &mut FnCx, p: &Pattern, init: bool, next: &mut u32) -> Result<Pat, SyntaxError> {
        let mut index = || {
            let i = *next;
            *next += 1;
            i
        };
        Ok(match &p.kind {
            PatternKind::Ident(id) => Pat::Var(self.var_write(cx, id, konst(UNDEFINED), init)?),
            PatternKind::Expr(x) => match &x.unparenthesized().kind {
                ExprKind::Ident(id) => Pat::Var(self.var_write(cx, id, konst(UNDEFINED), init)?),
                ExprKind::Member { object, property, .. } => {
                    let object = self.expr(cx, object)?;
                    let object_index = index();
                    let key = PatKey::Static(self.string(&property.encode_utf16().collect::<Vec<_>>()));
                    Pat::Member { object, object_index, key, key_index: 0, strict: cx.strict }
                }
                ExprKind::Index { object, index: k, .. } => {
                    let object = self.expr(cx, object)?;
                    let object_index = index();
                    let key = PatKey::Computed(self.expr(cx, k)?);
                    let key_index = index();
                    Pat::Member { object, object_index, key, key_index, strict: cx.strict }
                }
                _ => return Err(self.error(p.span, "Invalid destructuring assignment target".into())),
            },
            PatternKind::Default { target, default } => {
                let pat = Box::new(self.pat(cx, target, init, next)?);
                let default = self.expr(cx, default)?;
                let index = *next;
                *next += 1;
                Pat::Default { pat, default, index }
            }
            PatternKind::Object { props, rest } => {
                let mut out = Vec::with_capacity(props.len());
                for prop in props {
                    let (key, key_index) = match &prop.key {
                        crate::parser::ast::PropKey::Static(s) => (PatKey::Static(self.string(s.units())), 0),
                        crate::parser::ast::PropKey::Computed(k) => {
                            let key = PatKey::Computed(self.expr(cx, k)?);
                            let i = *next;
                            *next += 1;
                            (key, i)
                        }
                    };
                    let value = self.pat(cx, &prop.value, init, next)?;
                    out.push((key, key_index, value));
                }
                let rest = match rest {
                    Some(r) => Some(Box::new(self.pat(cx, r, init, next)?)),
                    None => None,
                };
                Pat::Object { props: out, rest }
            }
            PatternKind::Array { elems, rest } => {
                let mut out = Vec::with_capacity(elems.len());
                for el in elems {
                    out.push(match el {
                        Some(p) => Some(self.pat(cx, p, init, next)?),
                        None => None,
                    });
                }
                let rest = match rest {
                    Some(r) => Some(Box::new(self.pat(cx, r, init, next)?)),
                    None => None,
                };
                Pat::Array { elems: out, rest }
            }
        })
    }
}
