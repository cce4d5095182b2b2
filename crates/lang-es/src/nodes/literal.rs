//! Literals: constants, template literals, array literals and object literals.

use std::rc::Rc;

use std::cell::OnceCell;

use porcini::shape::{PropFlags, ShapeId};
use porcini::symbol::Symbol;
use porcini::{Frame, Gc, KindObject, SlotId, Stage, Unwind, Value};

use super::call::{ArgNode, iterate_into};
use super::function::{FnSpec, make_function};
use super::property::PropKey;
use super::{Loc, Node, es_node, with_values};
use crate::Es;
use crate::runtime::convert::to_string;
use crate::runtime::object::{define, define_accessor, new_array, new_plain_object, own_keys};
use crate::runtime::{JsStr, Key, UNDEFINED, as_str, concat_str, new_str};

/// A constant: a number, a boolean, `undefined`, `null`, or a permanent string.
pub struct ConstNode {
    value: Value,
}

impl ConstNode {
    pub fn new(value: Value) -> ConstNode {
        ConstNode { value }
    }
    /// A copy (a constant has no state to reset).
    pub fn clone_leaf(&self) -> ConstNode {
        ConstNode::new(self.value)
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.konst(self.value))
    }
}

es_node!(ConstNode, "Const", children(_t => Vec::new()), clone(t, _cx => ConstNode::new(t.value)));

/// A template literal: the text pieces with the values' strings between them.
pub struct TemplateNode {
    quasis: Rc<[Rc<[u16]>]>,
    exprs: Vec<Node>,
}

impl TemplateNode {
    pub fn new(quasis: Rc<[Rc<[u16]>]>, exprs: Vec<Node>) -> TemplateNode {
        TemplateNode { quasis, exprs }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        with_values(s, self.exprs.len(), |s, i| s.exec(i as u32, &*self.exprs[i]), |s, vals| s.call_boundary("template", self, Self::run, vals))
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        // Text and short values are copied into one buffer; a long value joins the result as a
        // rope instead, so that `s = `${s}x`` in a loop stays linear, as `s = s + "x"` is.
        let mut joined: Option<Str> = None;
        let mut units: Vec<u16> = Vec::new();
        for (i, q) in self.quasis.iter().enumerate() {
            units.extend_from_slice(q);
            if let Some(&x) = v.get(i) {
                let s = to_string(f, x)?;
                if s.len() < LONG_PIECE {
                    units.extend_from_slice(&s.units());
                } else {
                    joined = Self::flush(f, joined, &mut units)?;
                    joined = Some(Self::append(f, joined, s)?);
                }
            }
        }
        match Self::flush(f, joined, &mut units)? {
            Some(s) => Ok(Value::from_kind(s)),
            None => Ok(new_str(f.runtime(), JsStr::from_units(&[]))),
        }
    }
    /// `joined` followed by the buffered units (which are taken).
    fn flush(f: &mut Frame<'_, Es>, joined: Option<Str>, units: &mut Vec<u16>) -> Result<Option<Str>, Unwind<Value>> {
        if units.is_empty() {
            return Ok(joined);
        }
        let text = new_str(f.runtime(), JsStr::from_units(&std::mem::take(units)));
        Ok(Some(Self::append(f, joined, as_str(text).expect("a new string is a string"))?))
    }
    /// `joined` followed by `s`.
    fn append(f: &mut Frame<'_, Es>, joined: Option<Str>, s: Str) -> Result<Str, Unwind<Value>> {
        match joined {
            None => Ok(s),
            Some(j) => Ok(as_str(concat_str(f, j, s)?).expect("a concatenation is a string")),
        }
    }
}

/// A template value at least this long (in code units) joins the result as a rope rather than
/// being copied.
const LONG_PIECE: usize = 64;

type Str = Gc<KindObject<JsStr>>;

es_node!(TemplateNode, "Template", children(t => t.exprs.iter().map(|n| &**n).collect()), clone(t, cx => TemplateNode::new(t.quasis.clone(), super::clone_all(&t.exprs, cx))));

/// An element of an array literal.
pub enum ElementNode {
    Hole,
    Value(ArgNode),
}

/// `[a, , ...b]`.
pub struct ArrayNode {
    elements: Vec<ElementNode>,
    loc: Loc,
}

impl ArrayNode {
    pub fn new(elements: Vec<ElementNode>, loc: Loc) -> ArrayNode {
        ArrayNode { elements, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        with_values(
            s,
            self.elements.len(),
            |s, i| match &self.elements[i] {
                ElementNode::Hole => Ok(s.konst(Value::EMPTY)),
                ElementNode::Value(a) => s.exec(i as u32, a.node()),
            },
            |s, vals| s.call_boundary("array", self, Self::run, vals),
        )
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        if !self.elements.iter().any(|e| matches!(e, ElementNode::Value(ArgNode::Spread(_)))) {
            return Ok(new_array(f.runtime(), v));
        }
        let out = new_array(f.runtime(), []);
        let data = crate::runtime::object::as_array(out).expect("a new array");
        for (e, &x) in self.elements.iter().zip(v) {
            match e {
                ElementNode::Value(ArgNode::Spread(_)) => iterate_into(f, x, &data, &self.loc)?,
                _ => data.push(f.runtime(), x),
            }
        }
        Ok(out)
    }
}

es_node!(ArrayNode, "Array", children(t => t.elements.iter().filter_map(|e| match e { ElementNode::Hole => None, ElementNode::Value(a) => Some(a.node()) }).collect()), clone(t, cx => ArrayNode::new(t.elements.iter().map(|e| match e { ElementNode::Hole => ElementNode::Hole, ElementNode::Value(ArgNode::Plain(n)) => ElementNode::Value(ArgNode::Plain(n.clone_uninitialized(cx))), ElementNode::Value(ArgNode::Spread(n)) => ElementNode::Value(ArgNode::Spread(n.clone_uninitialized(cx))) }).collect(), t.loc.clone())));

/// A property definition of an object literal.
pub enum PropDef {
    Value(PropKey, Node),
    Method(PropKey, Rc<FnSpec>),
    Getter(PropKey, Rc<FnSpec>),
    Setter(PropKey, Rc<FnSpec>),
    Spread(Node),
}

impl PropDef {
    /// The property's key; a spread has none.
    fn key(&self) -> Option<&PropKey> {
        match self {
            PropDef::Value(k, _) | PropDef::Method(k, _) | PropDef::Getter(k, _) | PropDef::Setter(k, _) => Some(k),
            PropDef::Spread(_) => None,
        }
    }
}

/// `{ a: 1, b, [k]: v, m() {}, get g() {}, ...o }`.
pub struct ObjectNode {
    props: Vec<PropDef>,
    /// The environment methods close over.
    env: Option<SlotId>,
    /// For a literal of plain values under distinct static names, the shape after each of its
    /// properties, from `Object.prototype`'s root shape (learned when it first runs): compiled
    /// code then makes the object in place and stores the values at known slots. Decided once:
    /// `None` inside for any other literal.
    shapes: OnceCell<Option<Rc<[ShapeId]>>>,
}

impl ObjectNode {
    pub fn new(props: Vec<PropDef>, env: Option<SlotId>) -> ObjectNode {
        ObjectNode { props, env, shapes: OnceCell::new() }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if self.props.iter().any(|p| matches!(p, PropDef::Spread(_)) || p.key().is_some_and(|k| matches!(k, PropKey::Computed(_)))) {
            return self.eval_in_order(s);
        }
        // Only static keys: nothing a value computes can see the object before it is made,
        // so the values come first, then one boundary makes the object.
        // The environment, then keys and values in order (a method's, getter's or setter's
        // value is made by the boundary, which needs only its key); child `2i` is property
        // `i`'s computed key and `2i + 1` its value.
        let steps: Vec<(u32, &dyn porcini::ExprNode<Es>)> = self
            .props
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                let i = i as u32;
                let (key, value) = match p {
                    PropDef::Value(k, n) => (Some(k), Some(&**n)),
                    PropDef::Method(k, _) | PropDef::Getter(k, _) | PropDef::Setter(k, _) => (Some(k), None),
                    PropDef::Spread(n) => (None, Some(&**n)),
                };
                let key = match key {
                    Some(PropKey::Computed(k)) => Some((2 * i, k.node())),
                    _ => None,
                };
                key.into_iter().chain(value.map(|v| (2 * i + 1, v)))
            })
            .collect();
        with_values(
            s,
            steps.len() + 1,
            |s, j| match j {
                0 => Ok(match self.env {
                    Some(slot) => s.read_slot(slot),
                    None => s.konst(UNDEFINED),
                }),
                _ => {
                    let (index, node) = steps[j - 1];
                    s.exec(index, node)
                }
            },
            |s, vals| match self.shapes.get().and_then(Option::as_ref) {
                // The values follow the environment, in order (no key is computed).
                Some(shapes) => {
                    let root = s.runtime().lang.realm().object_root;
                    let o = s.alloc_object("object", root, self, Self::new_object, &[])?;
                    for (i, (&to, &v)) in shapes.iter().zip(&vals[1..]).enumerate() {
                        s.add_property(o, to, i as u32, v);
                    }
                    Ok(o)
                }
                None => s.call_boundary("object", self, Self::run, vals),
            },
        )
    }
    /// The shapes of [`ObjectNode::shapes`], if the literal's properties are all plain values
    /// under distinct names: each adds a data property, as `define` does.
    fn learn_shapes(&self, f: &Frame<'_, Es>) -> Option<Rc<[ShapeId]>> {
        let mut names: Vec<Symbol> = Vec::new();
        for p in &self.props {
            match p {
                PropDef::Value(PropKey::Static(Key::Name(n)), _) if !names.contains(n) => names.push(*n),
                _ => return None,
            }
        }
        let rt = f.runtime();
        let mut shape = rt.lang.realm().object_root;
        Some(
            names
                .iter()
                .map(|&n| {
                    shape = rt.shapes.add_property_with(shape, n, PropFlags::DATA);
                    shape
                })
                .collect(),
        )
    }
    /// A literal with a spread or a computed key, made as JavaScript orders it: the object
    /// first, then each property in turn (a computed key converted before its value is
    /// computed, a spread copying its source's properties as they are at that point), so that
    /// what a later value changes is not seen by an earlier spread or key. Each step is a child
    /// of its own (the object `0`, property `i`'s key `4i + 1`, its conversion `4i + 2`, its
    /// value `4i + 3`, its definition `4i + 4`), so a deoptimization in a value resumes with the
    /// object and the properties already made.
    fn eval_in_order<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let env = match self.env {
            Some(slot) => s.read_slot(slot),
            None => s.konst(UNDEFINED),
        };
        with_values(
            s,
            2,
            |s, j| if j == 0 { Ok(env) } else { s.exec_inline(0, |s| {
                // Every literal's object starts with `Object.prototype`'s root shape, so compiled
                // code makes it in place.
                let root = s.runtime().lang.realm().object_root;
                s.alloc_object("object", root, self, Self::new_object, &[])
            }) },
            |s, head| {
                let (env, obj) = (head[0], head[1]);
                for (i, p) in self.props.iter().enumerate() {
                    let at = 4 * i as u32;
                    let computed = match p.key() {
                        Some(PropKey::Computed(k)) => Some(k.node()),
                        _ => None,
                    };
                    let value = match p {
                        PropDef::Value(_, n) | PropDef::Spread(n) => Some(&**n),
                        _ => None,
                    };
                    let steps = usize::from(computed.is_some()) + usize::from(value.is_some());
                    let index = s.i64_const(i as i64);
                    let index = s.box_i64(index);
                    with_values(
                        s,
                        steps,
                        |s, j| match (j, computed) {
                            (0, Some(k)) => {
                                let kv = s.exec(at + 1, k)?;
                                s.exec_inline(at + 2, |s| s.call_boundary("property_key", self, Self::property_key, &[kv]))
                            }
                            _ => s.exec(at + 3, value.expect("a step for the value")),
                        },
                        |s, vals| {
                            let mut args = vec![obj, env, index];
                            args.extend_from_slice(vals);
                            s.exec_inline(at + 4, |s| s.call_boundary("define_property", self, Self::define_one, &args))
                        },
                    )?;
                }
                Ok(obj)
            },
        )
    }
    /// The empty object a literal fills in order.
    fn new_object(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        Ok(Value::from_object(new_plain_object(f.runtime())))
    }
    /// A computed key converted to a primitive (`ToPropertyKey`'s step that runs guest code).
    fn property_key(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        crate::runtime::convert::to_primitive(f, v.first().copied().unwrap_or(UNDEFINED), true)
    }
    /// Defines property `v[2]` of the literal on the object `v[0]` (closing over `v[1]`),
    /// from its converted key and its value, those it has, in order.
    fn define_one(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let get = |i: usize| v.get(i).copied().unwrap_or(UNDEFINED);
        let (Some(o), env) = (get(0).as_object(), get(1)) else { return Ok(UNDEFINED) };
        let Some(p) = get(2).as_i64().and_then(|i| self.props.get(i as usize)) else { return Ok(UNDEFINED) };
        let mut rest = v.get(3..).unwrap_or(&[]).iter().copied();
        let key = match p.key() {
            Some(k) => {
                let computed = matches!(k, PropKey::Computed(_)).then(|| rest.next()).flatten();
                Some(k.resolve(f, computed)?)
            }
            None => None,
        };
        let home = Value::from_object(o);
        match (p, key) {
            (PropDef::Value(..), Some(key)) => define(f, o, key, rest.next().unwrap_or(UNDEFINED), PropFlags::DATA),
            (PropDef::Method(_, spec), Some(key)) => {
                let func = make_function(f, spec, env, home);
                define(f, o, key, func, PropFlags::DATA);
            }
            (PropDef::Getter(_, spec), Some(key)) => {
                let func = make_function(f, spec, env, home);
                define_accessor(f, o, key, Some(func), None, PropFlags::DATA);
            }
            (PropDef::Setter(_, spec), Some(key)) => {
                let func = make_function(f, spec, env, home);
                define_accessor(f, o, key, None, Some(func), PropFlags::DATA);
            }
            (PropDef::Spread(_), _) => copy_own(f, o, rest.next().unwrap_or(UNDEFINED))?,
            _ => {}
        }
        Ok(UNDEFINED)
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.shapes.get_or_init(|| self.learn_shapes(f));
        let rt = f.runtime();
        let o = new_plain_object(rt);
        let home = Value::from_object(o);
        let mut vals = v.iter().copied();
        let env = vals.next().unwrap_or(UNDEFINED);
        for p in &self.props {
            let key = |f: &mut Frame<'_, Es>, k: &PropKey, vals: &mut dyn Iterator<Item = Value>| {
                let computed = matches!(k, PropKey::Computed(_)).then(|| vals.next()).flatten();
                k.resolve(f, computed)
            };
            match p {
                PropDef::Value(k, _) => {
                    let key = key(f, k, &mut vals)?;
                    let value = vals.next().unwrap_or(UNDEFINED);
                    define(f, o, key, value, PropFlags::DATA);
                }
                PropDef::Method(k, spec) => {
                    let key = key(f, k, &mut vals)?;
                    let func = make_function(f, spec, env, home);
                    define(f, o, key, func, PropFlags::DATA);
                }
                PropDef::Getter(k, spec) => {
                    let key = key(f, k, &mut vals)?;
                    let func = make_function(f, spec, env, home);
                    define_accessor(f, o, key, Some(func), None, PropFlags::DATA);
                }
                PropDef::Setter(k, spec) => {
                    let key = key(f, k, &mut vals)?;
                    let func = make_function(f, spec, env, home);
                    define_accessor(f, o, key, None, Some(func), PropFlags::DATA);
                }
                PropDef::Spread(_) => {
                    let src = vals.next().unwrap_or(UNDEFINED);
                    copy_own(f, o, src)?;
                }
            }
        }
        Ok(home)
    }
}

/// Copies the own enumerable properties of `src` (an object, or a string's characters) to `o`.
pub fn copy_own(f: &mut Frame<'_, Es>, o: porcini::Gc<porcini::object::DynObject>, src: Value) -> Result<(), Unwind<Value>> {
    if let Some(s) = as_str(src) {
        for i in 0..s.len() {
            let c = new_str(f.runtime(), s.slice(i, i + 1));
            define(f, o, Key::Index(i as u32), c, PropFlags::DATA);
        }
        return Ok(());
    }
    let Some(from) = src.as_object() else { return Ok(()) };
    for key in own_keys(f, from) {
        let v = crate::runtime::object::get_from(f, from, key, src)?;
        define(f, o, key, v, PropFlags::DATA);
    }
    Ok(())
}

fn clone_prop(p: &PropDef, cx: &porcini::node::CloneContext) -> PropDef {
    let key = |k: &PropKey| match k {
        PropKey::Static(k) => PropKey::Static(*k),
        PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)),
    };
    match p {
        PropDef::Value(k, n) => PropDef::Value(key(k), n.clone_uninitialized(cx)),
        PropDef::Method(k, s) => PropDef::Method(key(k), s.clone()),
        PropDef::Getter(k, s) => PropDef::Getter(key(k), s.clone()),
        PropDef::Setter(k, s) => PropDef::Setter(key(k), s.clone()),
        PropDef::Spread(n) => PropDef::Spread(n.clone_uninitialized(cx)),
    }
}

es_node!(ObjectNode, "Object", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = Vec::new(); for p in &t.props { match p { PropDef::Value(k, n) => { if let PropKey::Computed(kn) = k { c.push(kn.node()); } c.push(&**n); } PropDef::Method(k, _) | PropDef::Getter(k, _) | PropDef::Setter(k, _) => { if let PropKey::Computed(kn) = k { c.push(kn.node()); } } PropDef::Spread(n) => c.push(&**n) } } c }), clone(t, cx => ObjectNode::new(t.props.iter().map(|p| clone_prop(p, cx)).collect(), t.env)));
