//! `super(...args)` in a derived constructor: constructs the parent class with this class's
//! `new.target`, binds `this` to the result, then runs this class's field initializers.
//!
//! A site learns the one class it runs in (the constructor it belongs to, which is the same
//! function every time unless the class is evaluated again) and that class's parent, and then
//! calls the parent's code directly, as a monomorphic `new` does: compiled code checks the class
//! by identity, makes `this` itself when the parent is a base class (see `this_site.rs`), and the
//! compiler may inline the parent's constructor. EasyScript has no way to change an object's
//! prototype (`Object.setPrototypeOf` is unsupported), so a class's parent is fixed when the
//! class is made, and so are its field initializers. A site that meets a second class, spread
//! arguments or a builtin parent constructs through the full path, for good.

use std::cell::{Cell, OnceCell};

use porcini::call_target::DirectCallNode;
use porcini::{Frame, Stage, Tag, Unwind, Value};

use super::call::ArgNode;
use super::this_site::{MakesThis, ThisSite};
use super::variable::WriteVarNode;
use super::{Loc, Node, es_node, with_values};
use crate::Es;
use crate::runtime::error::reference_error;
use crate::runtime::object::{as_function, construct, proto_of};
use crate::runtime::state::note_site;
use crate::runtime::{FnKind, UNDEFINED};

pub struct SuperCallNode {
    func: Node,
    new_target: Node,
    args: Vec<ArgNode>,
    this_read: Node,
    this_write: WriteVarNode,
    loc: Loc,
    /// The one class the site has run in, with its parent's direct call.
    parent: OnceCell<Parent>,
    /// The site met a second class, spread arguments or a parent it does not call directly.
    generic: Cell<bool>,
    /// How the site makes `this` when the parent is a base class.
    this_site: ThisSite,
}

/// What a monomorphic `super(...)` site knows of its class.
struct Parent {
    /// The class whose constructor holds the site.
    class: Value,
    /// Keeps `class` alive (and with it its parent, its prototype): the site compares classes
    /// by identity, which a collected class's reused address would otherwise fool.
    _alive: porcini::embed::GuestRef,
    /// The parent class.
    parent: Value,
    call: DirectCallNode<Es>,
    /// Whether the parent is a base class (or a function), for which the site makes `this`;
    /// a derived parent's code makes its own.
    makes_this: bool,
    /// Whether the class has instance fields to initialize.
    has_fields: bool,
}

impl SuperCallNode {
    pub fn new(func: Node, new_target: Node, args: Vec<ArgNode>, this_read: Node, this_write: WriteVarNode, loc: Loc) -> SuperCallNode {
        SuperCallNode {
            func,
            new_target,
            args,
            this_read,
            this_write,
            loc,
            parent: OnceCell::new(),
            generic: Cell::new(false),
            this_site: ThisSite::default(),
        }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let func = s.exec(0, &*self.func)?;
        let nt = s.exec(1, &*self.new_target)?;
        let n = self.args.len();
        // Resuming a parent constructor compiled code had inlined here, the site calls it as
        // the code did, even if it has turned generic since (see `Stage::resumes_inlined`).
        if let Some(p) = self.parent.get().filter(|_| !self.generic.get() || s.resumes_inlined()) {
            let known = s.konst(p.class);
            let same = s.same(func, known);
            if s.speculate(same, "super class") {
                let this = with_values(s, n, |s, i| s.exec(2 + i as u32, self.args[i].node()), |s, vals| {
                    self.construct_direct(s, p, nt, vals)
                })?;
                self.bind(s, this)?;
                if p.has_fields {
                    s.call_boundary("fields", self, Self::fields, &[func, this])?;
                }
                return Ok(this);
            }
            s.respecialize(self, Self::generalize, &[])?;
        }
        let spread = self
            .args
            .iter()
            .enumerate()
            .filter(|(i, a)| *i < 63 && matches!(a, ArgNode::Spread(_)))
            .fold(0i64, |m, (i, _)| m | (1 << i));
        let this = with_values(
            s,
            n,
            |s, i| s.exec(2 + i as u32, self.args[i].node()),
            |s, vals| {
                let mask = s.konst(Value::from_i64(spread));
                let mut all = vec![func, nt, mask];
                all.extend_from_slice(vals);
                s.call_boundary("super", self, Self::construct_parent, &all)
            },
        )?;
        self.bind(s, this)?;
        s.call_boundary("fields", self, Self::fields, &[func, this])?;
        Ok(this)
    }
    /// Binds `this` to the constructed object; `this` may be bound once.
    fn bind<S: Stage<Es>>(&self, s: &mut S, this: S::Val) -> Result<(), Unwind<S::Val>> {
        let old = s.exec(2 + self.args.len() as u32, &*self.this_read)?;
        let bound = s.has_tag(old, Tag::Empty);
        let bound = s.not(bound);
        s.if_else(bound, |s| s.call_boundary("super_twice", self, Self::twice, &[]), |s| Ok(s.konst(UNDEFINED)))?;
        self.this_write.write(s, this)
    }
    /// Constructs the learned parent with the evaluated arguments `args`: the object made when
    /// the parent is a base class (after the arguments, as a child of its own, so that a
    /// deoptimization in the parent's inlined code resumes with it), and the parent's code
    /// called directly.
    #[inline(always)]
    fn construct_direct<S: Stage<Es>>(&self, s: &mut S, p: &Parent, nt: S::Val, args: &[S::Val]) -> Result<S::Val, Unwind<S::Val>> {
        let parent = s.konst(p.parent);
        let this = if p.makes_this {
            s.exec_inline(3 + args.len() as u32, |s| ThisSite::make(self, s, nt))?
        } else {
            s.konst(Value::EMPTY)
        };
        super::call::construct_call(s, &p.call, [this, parent, nt], args, p.makes_this)
    }
    fn construct_parent(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let func = v.first().copied().unwrap_or(UNDEFINED);
        let nt = v.get(1).copied().unwrap_or(UNDEFINED);
        let spread = v.get(2).and_then(|m| m.as_i64()).unwrap_or(0) as u64;
        let rest = v.get(3..).unwrap_or(&[]);
        let parent = match func.as_object() {
            Some(o) => proto_of(f.runtime(), o),
            None => UNDEFINED,
        };
        if spread == 0 {
            self.learn(f, func, parent);
            return construct(f, parent, rest, nt, "Super constructor").inspect_err(|_| note_site(f, &self.loc));
        }
        self.generic.set(true);
        let list = super::call::expand_spread(f, rest, spread, &self.loc)?;
        let args = crate::runtime::object::as_array(list).map(|a| a.to_vec()).unwrap_or_default();
        let r = construct(f, parent, &args, nt, "Super constructor").inspect_err(|_| note_site(f, &self.loc));
        // The array holds the arguments where the collector sees them until they are pushed.
        std::hint::black_box(list);
        r
    }
    /// The first `super(...)` without spread arguments learns its class and the parent's code;
    /// builtin parents keep the full path, which makes their own objects.
    fn learn(&self, f: &mut Frame<'_, Es>, class: Value, parent: Value) {
        if self.generic.get() || self.parent.get().is_some() {
            return;
        }
        let Some(code) = as_function(parent).filter(|c| c.is_constructor() && !matches!(c.kind, FnKind::BuiltinConstructor)) else {
            return;
        };
        let Some(target) = f.runtime().call_target(code.target) else { return };
        let Some(call) = DirectCallNode::new(&target, f.target()) else { return };
        let has_fields = as_function(class).is_some_and(|c| as_function(c.fields.get()).is_some());
        let makes_this = !matches!(code.kind, FnKind::Class { derived: true });
        let alive = f.runtime().keep_alive(class);
        porcini::spec::note_specialized();
        let _ = self.parent.set(Parent { class, _alive: alive, parent, call, makes_this, has_fields });
    }
    /// A second class: the site constructs through the full path, for good.
    #[cold]
    fn generalize(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        self.generic.set(true);
        porcini::spec::note_specialized();
        porcini::spec::report_polymorphic_specialize(f, self);
        Ok(UNDEFINED)
    }
    #[cold]
    fn twice(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        note_site(f, &self.loc);
        Err(reference_error(f, "Super constructor may only be called once"))
    }
    fn fields(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let (func, this) = (v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        super::function::run_fields(f, func, this)?;
        Ok(UNDEFINED)
    }
}

impl MakesThis for SuperCallNode {
    fn this_site(&self) -> &ThisSite {
        &self.this_site
    }
    fn loc(&self) -> &Loc {
        &self.loc
    }
}

es_node!(SuperCallNode, "SuperCall", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![&*t.func, &*t.new_target]; c.extend(t.args.iter().map(|a| a.node())); c.push(&*t.this_read); c }), clone(t, cx => SuperCallNode::new(t.func.clone_uninitialized(cx), t.new_target.clone_uninitialized(cx), t.args.iter().map(|a| a.clone_uninitialized(cx)).collect(), t.this_read.clone_uninitialized(cx), t.this_write.clone_write(cx), t.loc.clone())));
