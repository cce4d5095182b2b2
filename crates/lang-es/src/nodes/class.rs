//! Classes: defining one (its constructor, prototype, methods, accessors and static members,
//! and the functions that initialize its fields), `super(...)` and `super.name`.
//!
//! A class is a constructor function whose prototype object holds the methods. The prototype
//! objects of classes become *prototype shapes* (see porcini's `shape.rs`), so what their
//! methods are stays constant until a write changes it.

use std::rc::Rc;

use porcini::shape::PropFlags;
use porcini::{Frame, SlotId, Stage, Unwind, Value};

use super::function::{FnSpec, make_function, make_function_in};
use super::property::PropKey;
use super::variable::WriteVarNode;
use super::{Loc, Node, es_node, with_values};
use crate::Es;
use crate::runtime::error::type_error;
use crate::runtime::function::JsFunction;
use crate::runtime::object::{
    Accessor, as_function, call, construct, define, define_accessor, get_from, new_object, proto_of,
};
use crate::runtime::state::note_site;
use crate::runtime::{Key, UNDEFINED, is_nullish};

/// What a class member is.
pub enum MemberKind {
    Method(Rc<FnSpec>),
    Getter(Rc<FnSpec>),
    Setter(Rc<FnSpec>),
}

/// A method, getter or setter of a class.
pub struct ClassMember {
    pub is_static: bool,
    pub key: PropKey,
    pub kind: MemberKind,
}

/// A class definition: evaluates to the constructor.
pub struct ClassNode {
    heritage: Option<Node>,
    ctor: Rc<FnSpec>,
    members: Vec<ClassMember>,
    instance_fields: Option<Rc<FnSpec>>,
    static_fields: Option<Rc<FnSpec>>,
    /// The frame slot holding the environment current inside the class (its methods close over
    /// it), if there is one.
    env: Option<SlotId>,
    /// The class's own name binding inside its body, initialized once the class exists.
    inner: Option<WriteVarNode>,
    loc: Loc,
}

impl ClassNode {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        heritage: Option<Node>,
        ctor: Rc<FnSpec>,
        members: Vec<ClassMember>,
        instance_fields: Option<Rc<FnSpec>>,
        static_fields: Option<Rc<FnSpec>>,
        env: Option<SlotId>,
        inner: Option<WriteVarNode>,
        loc: Loc,
    ) -> ClassNode {
        ClassNode { heritage, ctor, members, instance_fields, static_fields, env, inner, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        // The heritage, the environment, then the computed keys in order.
        let keys: Vec<(u32, &dyn porcini::ExprNode<Es>)> = self
            .members
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match &m.key {
                PropKey::Computed(n) => Some((1 + i as u32, n.node())),
                PropKey::Static(_) => None,
            })
            .collect();
        let (class, env) = with_values(
            s,
            keys.len() + 2,
            |s, j| match j {
                0 => match &self.heritage {
                    Some(h) => s.exec(0, &**h),
                    None => Ok(s.konst(Value::EMPTY)),
                },
                1 => Ok(match self.env {
                    Some(slot) => s.read_slot(slot),
                    None => s.konst(UNDEFINED),
                }),
                _ => {
                    let (index, node) = keys[j - 2];
                    s.exec(index, node)
                }
            },
            |s, vals| Ok((s.call_boundary("define_class", self, Self::define, vals)?, vals[1])),
        )?;
        if let Some(inner) = &self.inner {
            inner.write(s, class)?;
        }
        if self.static_fields.is_some() {
            s.call_boundary("static_fields", self, Self::run_static_fields, &[class, env])?;
        }
        Ok(class)
    }
    fn define(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let realm = f.lang().realm();
        let names = f.lang().names();
        let (heritage, env) = (v.first().copied().unwrap_or(Value::EMPTY), v.get(1).copied().unwrap_or(UNDEFINED));
        let mut keys = v.get(2..).unwrap_or(&[]).iter().copied();
        // The parent: the prototype object's prototype, and the constructor's.
        let (proto_parent, ctor_parent) = if heritage.is_empty() {
            (realm.object_proto, realm.function_proto)
        } else if heritage.is_null() {
            (Value::NULL, realm.function_proto)
        } else {
            match as_function(heritage) {
                Some(code) if code.is_constructor() => {
                    let p = get_from(f, heritage.as_object().expect("a function"), Key::Name(names.prototype), heritage)?;
                    if p.as_object().is_none() && !p.is_null() {
                        note_site(f, &self.loc);
                        return Err(type_error(f, "Class extends value does not have valid prototype property"));
                    }
                    (p, heritage)
                }
                _ => {
                    note_site(f, &self.loc);
                    let shown = crate::runtime::convert::to_display_string(f, heritage);
                    return Err(type_error(f, &format!("Class extends value {shown} is not a constructor or null")));
                }
            }
        };
        let proto = new_object(f.runtime(), proto_parent);
        // A derived class's constructor inherits its parent's static members.
        let ctor = make_function_in(f, &self.ctor, env, Value::from_object(proto), ctor_parent);
        self.finish(f, ctor, proto, env, &mut keys)
    }
    fn finish(
        &self,
        f: &mut Frame<'_, Es>,
        ctor: Value,
        proto: porcini::Gc<porcini::object::DynObject>,
        env: Value,
        keys: &mut impl Iterator<Item = Value>,
    ) -> Result<Value, Unwind<Value>> {
        let names = f.lang().names();
        let ctor_obj = ctor.as_object().expect("a function is an object");
        define(f, ctor_obj, Key::Name(names.prototype), Value::from_object(proto), PropFlags::HIDDEN);
        define(f, proto, Key::Name(names.constructor), ctor, PropFlags::HIDDEN);
        if let Some(fields) = &self.instance_fields {
            let init = make_function(f, fields, env, Value::from_object(proto));
            set_fields(ctor, init);
        }
        for m in &self.members {
            let target = if m.is_static { ctor_obj } else { proto };
            let key = m.key.resolve(f, match m.key {
                PropKey::Computed(_) => keys.next(),
                PropKey::Static(_) => None,
            })?;
            let home = Value::from_object(target);
            match &m.kind {
                MemberKind::Method(spec) => {
                    let func = make_function(f, spec, env, home);
                    define(f, target, key, func, PropFlags::HIDDEN);
                }
                MemberKind::Getter(spec) => {
                    let func = make_function(f, spec, env, home);
                    define_accessor(f, target, key, Some(func), None, PropFlags::HIDDEN);
                }
                MemberKind::Setter(spec) => {
                    let func = make_function(f, spec, env, home);
                    define_accessor(f, target, key, None, Some(func), PropFlags::HIDDEN);
                }
            }
        }
        proto.become_prototype(&f.runtime().shapes);
        Ok(ctor)
    }
    fn run_static_fields(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (class, env) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        if let Some(spec) = &self.static_fields {
            let init = make_function(f, spec, env, class);
            call(f, init, class, &[], "static fields")?;
        }
        Ok(UNDEFINED)
    }
}

/// Makes `init` the instance field initializer of the class constructor `ctor`.
fn set_fields(ctor: Value, init: Value) {
    let Some(o) = ctor.as_object() else { return };
    if let Some(code) = o.internal().as_kind::<JsFunction>() {
        // The code record is made with the constructor and shared with nothing else; the
        // initializer belongs to it from the class's definition on.
        code.fields.set(init);
    }
}

es_node!(ClassNode, "Class", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = t.heritage.iter().map(|h| &**h).collect(); for m in &t.members { if let PropKey::Computed(n) = &m.key { c.push(n.node()); } } c }), clone(t, cx => ClassNode::new(t.heritage.as_ref().map(|h| h.clone_uninitialized(cx)), t.ctor.clone(), t.members.iter().map(|m| ClassMember { is_static: m.is_static, key: match &m.key { PropKey::Static(k) => PropKey::Static(*k), PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)) }, kind: match &m.kind { MemberKind::Method(s) => MemberKind::Method(s.clone()), MemberKind::Getter(s) => MemberKind::Getter(s.clone()), MemberKind::Setter(s) => MemberKind::Setter(s.clone()) } }).collect(), t.instance_fields.clone(), t.static_fields.clone(), t.env, t.inner.as_ref().map(|w| w.clone_write(cx)), t.loc.clone())));

/// `super.name` (or `super[key]`): the property of the home object's prototype, read with
/// `this` as the receiver.
pub struct SuperGetNode {
    home: Node,
    this: Node,
    key: PropKey,
    loc: Loc,
}

impl SuperGetNode {
    pub fn new(home: Node, this: Node, key: PropKey, loc: Loc) -> SuperGetNode {
        SuperGetNode { home, this, key, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let home = s.exec(0, &*self.home)?;
        let this = s.exec(1, &*self.this)?;
        match self.key.eval(s, 2)? {
            Some(k) => s.call_boundary("super_get", self, Self::run, &[home, this, k]),
            None => s.call_boundary("super_get", self, Self::run, &[home, this]),
        }
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (home, this) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        let key = self.key.resolve(f, v.get(2).copied())?;
        super_get(f, home, this, key).inspect_err(|_| note_site(f, &self.loc))
    }
}

/// The property `key` of `home`'s prototype, read with receiver `this`.
pub fn super_get(f: &mut Frame<'_, Es>, home: Value, this: Value, key: Key) -> Result<Value, Unwind<Value>> {
    let Some(h) = home.as_object() else { return Ok(UNDEFINED) };
    match proto_of(f.runtime(), h).as_object() {
        Some(p) => get_from(f, p, key, this),
        None => Ok(UNDEFINED),
    }
}

es_node!(SuperGetNode, "SuperGet", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&*t.home, &*t.this]; if let PropKey::Computed(n) = &t.key { c.push(n.node()); } c }), clone(t, cx => SuperGetNode::new(t.home.clone_uninitialized(cx), t.this.clone_uninitialized(cx), match &t.key { PropKey::Static(k) => PropKey::Static(*k), PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)) }, t.loc.clone())));

/// `super.name = value`: an inherited setter runs with `this`; otherwise `this` gets the
/// property.
pub struct SuperSetNode {
    home: Node,
    this: Node,
    key: PropKey,
    value: Node,
    loc: Loc,
}

impl SuperSetNode {
    pub fn new(home: Node, this: Node, key: PropKey, value: Node, loc: Loc) -> SuperSetNode {
        SuperSetNode { home, this, key, value, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let home = s.exec(0, &*self.home)?;
        let this = s.exec(1, &*self.this)?;
        let k = self.key.eval(s, 2)?;
        let v = s.exec(3, &*self.value)?;
        match k {
            Some(k) => s.call_boundary("super_set", self, Self::run, &[home, this, v, k])?,
            None => s.call_boundary("super_set", self, Self::run, &[home, this, v])?,
        };
        Ok(v)
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let get = |i: usize| v.get(i).copied().unwrap_or(UNDEFINED);
        let (home, this, value) = (get(0), get(1), get(2));
        let key = self.key.resolve(f, v.get(3).copied())?;
        let rt = f.runtime();
        let sym = key.symbol(rt);
        let mut cur = home.as_object().and_then(|h| proto_of(rt, h).as_object());
        while let Some(o) = cur {
            if let Some(p) = rt.shapes.property(o.shape(), sym) {
                if p.flags.contains(PropFlags::ACCESSOR) {
                    let setter = o.get_slot(p.slot).as_kind::<Accessor>().map_or(UNDEFINED, |a| a.set);
                    if !is_nullish(setter) {
                        call(f, setter, this, &[value], "setter").inspect_err(|_| note_site(f, &self.loc))?;
                    }
                    return Ok(value);
                }
                break;
            }
            cur = proto_of(rt, o).as_object();
        }
        crate::runtime::object::set(f, this, key, value, true).inspect_err(|_| note_site(f, &self.loc))?;
        Ok(value)
    }
}

es_node!(SuperSetNode, "SuperSet", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&*t.home, &*t.this]; if let PropKey::Computed(n) = &t.key { c.push(n.node()); } c.push(&*t.value); c }), clone(t, cx => SuperSetNode::new(t.home.clone_uninitialized(cx), t.this.clone_uninitialized(cx), match &t.key { PropKey::Static(k) => PropKey::Static(*k), PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)) }, t.value.clone_uninitialized(cx), t.loc.clone())));

/// A class field's definition on `this`: an own, enumerable, writable property whatever
/// setters the prototypes have (CreateDataPropertyOrThrow). Evaluates to the value.
pub struct DefineFieldNode {
    this: Node,
    key: Key,
    value: Node,
    loc: Loc,
}

impl DefineFieldNode {
    pub fn new(this: Node, key: Key, value: Node, loc: Loc) -> DefineFieldNode {
        DefineFieldNode { this, key, value, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let this = s.exec(0, &*self.this)?;
        let v = s.exec(1, &*self.value)?;
        s.call_boundary("define_field", self, Self::run, &[this, v])?;
        Ok(v)
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (this, value) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        match this.as_object() {
            Some(o) => {
                define(f, o, self.key, value, PropFlags::DATA);
                Ok(UNDEFINED)
            }
            None => {
                note_site(f, &self.loc);
                Err(type_error(f, "Cannot define a field on a value that is not an object"))
            }
        }
    }
}

es_node!(DefineFieldNode, "DefineField", children(t => vec![&*t.this, &*t.value]), clone(t, cx => DefineFieldNode::new(t.this.clone_uninitialized(cx), t.key, t.value.clone_uninitialized(cx), t.loc.clone())));

/// The body of a derived class's default constructor, `constructor(...args) { super(...args); }`:
/// constructs the parent class with every argument and this call's `new.target`, runs this
/// class's field initializers on the result, and returns it.
pub struct ForwardToParentNode {
    loc: Loc,
}

impl ForwardToParentNode {
    pub fn new(loc: Loc) -> ForwardToParentNode {
        ForwardToParentNode { loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.call_boundary("super_forward", self, Self::run, &[])
    }
    fn run(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        use crate::runtime::function::{ARG_CALLEE, ARG_NEW_TARGET, HIDDEN_ARGS};
        let func = f.arg(ARG_CALLEE as usize);
        let nt = f.arg(ARG_NEW_TARGET as usize);
        let args: Vec<Value> = (HIDDEN_ARGS..f.arg_count()).map(|i| f.arg(i)).collect();
        let parent = match func.as_object() {
            Some(o) => proto_of(f.runtime(), o),
            None => UNDEFINED,
        };
        // The arguments stay in this frame's argument area, where the collector sees them.
        let this = construct(f, parent, &args, nt, "Super constructor").inspect_err(|_| note_site(f, &self.loc))?;
        super::function::run_fields(f, func, this)?;
        Ok(this)
    }
}

es_node!(ForwardToParentNode, "ForwardToParent", children(_t => Vec::new()), clone(t, _cx => ForwardToParentNode::new(t.loc.clone())));
