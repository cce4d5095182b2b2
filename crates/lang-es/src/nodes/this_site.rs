//! How a site that constructs makes the object a base constructor receives as `this`.
//!
//! `new C(...)` of a function or a base class, and `super(...)` reaching a base class, make an
//! object whose prototype is the `prototype` property of `new.target` (or `Object.prototype`
//! when that is not an object), before the constructor's code runs. A site that calls its
//! constructor directly makes that object itself, so that compiled code reads `prototype`
//! through the site's cache instead of a generic lookup, and the constructor's inlined body
//! starts from an object the site already holds: a deoptimization inside it resumes with that
//! object rather than making another.

use porcini::{Frame, Stage, Tag, Unwind, Value};

use super::Loc;
use super::property_cache::{Hit, PropertyCache};
use crate::Es;
use crate::runtime::UNDEFINED;
use crate::runtime::object::{RootMemo, new_object_memo, ordinary_create};
use crate::runtime::state::note_site;

/// The state a constructing site keeps for the objects it makes: the cache of `new.target`'s
/// `prototype`, and the root shape of the last prototype (see `new_object_memo`).
#[derive(Default)]
pub struct ThisSite {
    protos: PropertyCache,
    roots: RootMemo,
}

/// A node that makes `this` objects through its [`ThisSite`]; the boundaries below are its
/// own, so that traces and polymorphism reports name it.
pub trait MakesThis: porcini::ExprNode<Es> + 'static {
    /// The node's site state.
    fn this_site(&self) -> &ThisSite;
    /// Where errors raised while making the object point.
    fn loc(&self) -> &Loc;
}

impl ThisSite {
    /// The object a base constructor receives when `new_target` is `new.target`: its prototype
    /// read through the cache, then an object of it made (the full path when the prototype is
    /// not an object, or the cache went generic).
    pub fn make<S: Stage<Es>, N: MakesThis>(node: &N, s: &mut S, new_target: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        let site = node.this_site();
        if site.protos.entries.is_generic() {
            return s.call_boundary("new_this", node, new_this::<N>, &[new_target]);
        }
        match site.protos.read(s, new_target)? {
            Hit::Value(proto) => {
                // A site that has only ever made objects of one prototype speculates that it
                // goes on doing so: compiled code then makes the object on its straight path,
                // where escape analysis can keep it in registers, rather than in an arm of two
                // tests. Another prototype leaves compiled code once, and the site remembers
                // that it varied (`new_this`, `new_object_memo`).
                let roots = &node.this_site().roots;
                if let (Some((known, shape)), false) = (roots.last(), roots.varied()) {
                    let known = s.konst(known);
                    let same = s.same(proto, known);
                    return if s.speculate(same, "prototype of new.target") {
                        s.alloc_object("new_object", shape, node, new_object::<N>, &[proto])
                    } else {
                        s.call_boundary("new_this", node, new_this_varied::<N>, &[new_target])
                    };
                }
                let is_object = s.has_tag(proto, Tag::Object);
                s.if_else(is_object, |s| Self::of_prototype(node, s, proto), |s| s.call_boundary("new_this", node, new_this::<N>, &[new_target]))
            }
            Hit::Miss => s.respecialize(node, proto_miss::<N>, &[new_target]),
        }
    }
    /// An empty object whose prototype is the object `proto`: made in place when `proto` is the
    /// prototype the site made its last object of (whose root shape it knows), else by the
    /// runtime.
    fn of_prototype<S: Stage<Es>, N: MakesThis>(node: &N, s: &mut S, proto: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        let Some((known, shape)) = node.this_site().roots.last() else {
            return s.call_boundary("new_object", node, new_object::<N>, &[proto]);
        };
        let known = s.konst(known);
        let same = s.same(proto, known);
        s.if_else(
            same,
            |s| s.alloc_object("new_object", shape, node, new_object::<N>, &[proto]),
            |s| s.call_boundary("new_object", node, new_object::<N>, &[proto]),
        )
    }
}

/// The `prototype` cache missed: it learns `new.target`, then the full path makes the object.
#[cold]
fn proto_miss<N: MakesThis>(node: &N, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
    let new_target = v.first().copied().unwrap_or(UNDEFINED);
    if node.this_site().protos.learn(f, new_target, f.lang().names().prototype) {
        porcini::spec::report_polymorphic_specialize(f, node);
    }
    new_this(node, f, v)
}

/// An empty object whose prototype is the object `v[0]`.
fn new_object<N: MakesThis>(node: &N, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
    let proto = v.first().copied().unwrap_or(UNDEFINED);
    Ok(Value::from_object(new_object_memo(f.runtime(), proto, &node.this_site().roots)))
}

/// [`new_this`] where the site speculated on its one prototype and met another: it stops
/// speculating.
fn new_this_varied<N: MakesThis>(node: &N, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
    node.this_site().roots.note_varied();
    new_this(node, f, v)
}

/// The object made for `new.target` `v[0]`, as `construct` makes it.
fn new_this<N: MakesThis>(node: &N, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
    let new_target = v.first().copied().unwrap_or(UNDEFINED);
    ordinary_create(f, new_target).inspect_err(|_| note_site(f, node.loc()))
}
