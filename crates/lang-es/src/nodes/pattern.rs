//! Destructuring: binding or assigning the parts of a value to the targets of a pattern, in
//! declarations, parameters, `for-of` heads, `catch` clauses and assignments.

use porcini::shape::PropFlags;
use porcini::{Frame, Stage, Tag, Unwind, Value};

use super::call::iterate;
use super::property::to_key;
use super::variable::WriteVarNode;
use super::{Loc, Node, es_node};
use crate::Es;
use crate::runtime::error::type_error;
use crate::runtime::object::{define, get, new_array, new_plain_object, own_keys, set};
use crate::runtime::state::note_site;
use crate::runtime::{Key, UNDEFINED, is_nullish};

/// A key in a pattern: a constant (a permanent string or an integer) or an expression.
pub enum PatKey {
    Static(Value),
    Computed(Node),
}

impl PatKey {
    fn clone_key(&self, cx: &porcini::node::CloneContext) -> PatKey {
        match self {
            PatKey::Static(v) => PatKey::Static(*v),
            PatKey::Computed(n) => PatKey::Computed(n.clone_uninitialized(cx)),
        }
    }
    /// The key's value (evaluating a computed key as child `index`).
    fn eval<S: Stage<Es>>(&self, s: &mut S, index: u32) -> Result<S::Val, Unwind<S::Val>> {
        match self {
            PatKey::Static(v) => Ok(s.konst(*v)),
            PatKey::Computed(n) => s.exec(index, &**n),
        }
    }
}

/// A pattern's target tree. Children that are expressions (defaults, computed keys, member
/// targets' objects) are numbered in order when the pattern is built, as `index` fields.
pub enum Pat {
    /// A variable.
    Var(WriteVarNode),
    /// `object.key` or `object[key]` (in an assignment pattern).
    Member { object: Node, object_index: u32, key: PatKey, key_index: u32, strict: bool },
    /// `{ key: pat, ...rest }`.
    Object { props: Vec<(PatKey, u32, Pat)>, rest: Option<Box<Pat>> },
    /// `[pat, , pat, ...rest]`.
    Array { elems: Vec<Option<Pat>>, rest: Option<Box<Pat>> },
    /// `pat = default`.
    Default { pat: Box<Pat>, default: Node, index: u32 },
}

impl Pat {
    fn children<'a>(&'a self, out: &mut Vec<&'a dyn porcini::ExprNode<Es>>) {
        match self {
            Pat::Var(_) => {}
            Pat::Member { object, key, .. } => {
                out.push(&**object);
                if let PatKey::Computed(n) = key {
                    out.push(&**n);
                }
            }
            Pat::Object { props, rest } => {
                for (k, _, p) in props {
                    if let PatKey::Computed(n) = k {
                        out.push(&**n);
                    }
                    p.children(out);
                }
                if let Some(r) = rest {
                    r.children(out);
                }
            }
            Pat::Array { elems, rest } => {
                for p in elems.iter().flatten() {
                    p.children(out);
                }
                if let Some(r) = rest {
                    r.children(out);
                }
            }
            Pat::Default { pat, default, .. } => {
                pat.children(out);
                out.push(&**default);
            }
        }
    }
    fn clone_pat(&self, cx: &porcini::node::CloneContext) -> Pat {
        let key = |k: &PatKey| k.clone_key(cx);
        match self {
            Pat::Var(w) => Pat::Var(w.clone_write(cx)),
            Pat::Member { object, object_index, key: k, key_index, strict } => Pat::Member {
                object: object.clone_uninitialized(cx),
                object_index: *object_index,
                key: key(k),
                key_index: *key_index,
                strict: *strict,
            },
            Pat::Object { props, rest } => Pat::Object {
                props: props.iter().map(|(k, i, p)| (key(k), *i, p.clone_pat(cx))).collect(),
                rest: rest.as_ref().map(|r| Box::new(r.clone_pat(cx))),
            },
            Pat::Array { elems, rest } => Pat::Array {
                elems: elems.iter().map(|p| p.as_ref().map(|p| p.clone_pat(cx))).collect(),
                rest: rest.as_ref().map(|r| Box::new(r.clone_pat(cx))),
            },
            Pat::Default { pat, default, index } => {
                Pat::Default { pat: Box::new(pat.clone_pat(cx)), default: default.clone_uninitialized(cx), index: *index }
            }
        }
    }
}

/// Binds `value` to `pattern`; evaluates to the value.
pub struct BindNode {
    pattern: Pat,
    value: Node,
    loc: Loc,
}

impl BindNode {
    pub fn new(pattern: Pat, value: Node, loc: Loc) -> BindNode {
        BindNode { pattern, value, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        self.bind(s, &self.pattern, v)?;
        Ok(v)
    }
    fn bind<S: Stage<Es>>(&self, s: &mut S, pat: &Pat, v: S::Val) -> Result<(), Unwind<S::Val>> {
        match pat {
            Pat::Var(w) => w.write(s, v),
            Pat::Member { object, object_index, key, key_index, strict } => {
                let o = s.exec(*object_index, &**object)?;
                let k = key.eval(s, *key_index)?;
                let strict = s.konst(Value::from_bool(*strict));
                s.call_boundary("pattern_set", self, |_n: &Self, f, a| member_set(f, a), &[o, k, v, strict])?;
                Ok(())
            }
            Pat::Default { pat, default, index } => {
                // The choice between the value and the default is a child of its own, so that
                // its result stays in the frame state of what follows: the pattern's later
                // parts are later children, and a deoptimization in one of them resumes with
                // this value rather than replaying a branch whose child values were not kept.
                let w = s.exec_inline(*index, |s| {
                    let undefined = s.has_tag(v, Tag::Imm0);
                    s.if_else(undefined, |s| s.exec(0, &**default), |_| Ok(v))
                })?;
                self.bind(s, pat, w)
            }
            Pat::Object { props, rest } => {
                s.call_boundary("destructure", self, Self::coercible, &[v])?;
                for (key, index, p) in props {
                    let k = key.eval(s, *index)?;
                    let part = s.call_boundary("pattern_get", self, |_n: &Self, f, a| member_get(f, a), &[v, k])?;
                    self.bind(s, p, part)?;
                }
                if let Some(r) = rest {
                    // The rest gets the own properties the pattern did not name; the keys named
                    // are those of the static keys (computed keys in a pattern with a rest are
                    // rare, and excluded by name too).
                    let rest_value = s.call_boundary("pattern_rest", self, |n: &Self, f, a| object_rest(f, n, a), &[v])?;
                    self.bind(s, r, rest_value)?;
                }
                Ok(())
            }
            Pat::Array { elems, rest } => {
                let items = s.call_boundary("pattern_iterate", self, |n: &Self, f, a| as_array_of_values(f, &n.loc, a), &[v])?;
                for (i, p) in elems.iter().enumerate() {
                    let Some(p) = p else { continue };
                    let idx = s.konst(Value::from_i64(i as i64));
                    let part = s.call_boundary("pattern_index", self, |_n: &Self, f, a| index_get(f, a), &[items, idx])?;
                    self.bind(s, p, part)?;
                }
                if let Some(r) = rest {
                    let from = s.konst(Value::from_i64(elems.len() as i64));
                    let rest_value = s.call_boundary("pattern_tail", self, |_n: &Self, f, a| array_tail(f, a), &[items, from])?;
                    self.bind(s, r, rest_value)?;
                }
                Ok(())
            }
        }
    }
    fn coercible(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let v = v.first().copied().unwrap_or(UNDEFINED);
        if is_nullish(v) {
            note_site(f, &self.loc);
            let what = if v.is_null() { "null" } else { "undefined" };
            return Err(type_error(f, &format!("Cannot destructure '{what}' as it is {what}.")));
        }
        Ok(UNDEFINED)
    }
    /// The static keys an object pattern names (for its rest).
    fn named_keys(&self, f: &Frame<'_, Es>) -> Vec<Key> {
        fn find(p: &Pat) -> Option<&Vec<(PatKey, u32, Pat)>> {
            match p {
                Pat::Object { props, .. } => Some(props),
                Pat::Default { pat, .. } => find(pat),
                _ => None,
            }
        }
        let Some(props) = find(&self.pattern) else { return Vec::new() };
        props
            .iter()
            .filter_map(|(k, _, _)| match k {
                PatKey::Static(v) => Key::of_primitive(f.runtime(), *v),
                PatKey::Computed(_) => None,
            })
            .collect()
    }
}

fn member_get(f: &mut Frame<'_, Es>, a: &[Value]) -> Result<Value, Unwind<Value>> {
    let o = a.first().copied().unwrap_or(UNDEFINED);
    let key = to_key(f, a.get(1).copied().unwrap_or(UNDEFINED))?;
    get(f, o, key)
}

fn member_set(f: &mut Frame<'_, Es>, a: &[Value]) -> Result<Value, Unwind<Value>> {
    let o = a.first().copied().unwrap_or(UNDEFINED);
    let key = to_key(f, a.get(1).copied().unwrap_or(UNDEFINED))?;
    let v = a.get(2).copied().unwrap_or(UNDEFINED);
    let strict = a.get(3).and_then(|x| x.as_bool()).unwrap_or(true);
    set(f, o, key, v, strict)?;
    Ok(v)
}

fn object_rest(f: &mut Frame<'_, Es>, n: &BindNode, a: &[Value]) -> Result<Value, Unwind<Value>> {
    let src = a.first().copied().unwrap_or(UNDEFINED);
    let out = new_plain_object(f.runtime());
    let named = n.named_keys(f);
    if let Some(o) = src.as_object() {
        for key in own_keys(f, o) {
            if named.contains(&key) {
                continue;
            }
            let v = crate::runtime::object::get_from(f, o, key, src)?;
            define(f, out, key, v, PropFlags::DATA);
        }
    }
    Ok(Value::from_object(out))
}

fn as_array_of_values(f: &mut Frame<'_, Es>, loc: &Loc, a: &[Value]) -> Result<Value, Unwind<Value>> {
    iterate(f, a.first().copied().unwrap_or(UNDEFINED), loc)
}

fn index_get(f: &mut Frame<'_, Es>, a: &[Value]) -> Result<Value, Unwind<Value>> {
    let arr = a.first().copied().unwrap_or(UNDEFINED);
    let i = a.get(1).and_then(|x| x.as_i64()).unwrap_or(0) as u32;
    get(f, arr, Key::Index(i))
}

fn array_tail(f: &mut Frame<'_, Es>, a: &[Value]) -> Result<Value, Unwind<Value>> {
    let items = a.first().and_then(|x| crate::runtime::object::as_array(*x)).map(|d| d.to_vec()).unwrap_or_default();
    let from = a.get(1).and_then(|x| x.as_i64()).unwrap_or(0) as usize;
    Ok(new_array(f.runtime(), items.get(from..).map(<[Value]>::to_vec).unwrap_or_default()))
}

es_node!(BindNode, "Bind", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&*t.value]; t.pattern.children(&mut c); c }), clone(t, cx => BindNode::new(t.pattern.clone_pat(cx), t.value.clone_uninitialized(cx), t.loc.clone())));
