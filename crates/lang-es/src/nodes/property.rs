//! Property reads and writes: `o.name`, `o[key]`, and their assignments.
//!
//! Reads and writes go through the runtime's generic lookup (prototype chains, accessors,
//! arrays' elements, strings' characters) in a boundary call. A read that fails because the
//! receiver is `undefined` or `null` reports where it happened.
//!
//! A constant-name site whose inline cache went generic first probes the engine's megamorphic
//! cache ([`porcini::shape::megamorphic`]), which answers own data properties of ordinary shapes
//! from a table, inline in compiled code. It is not used for `length` and `name`: an array's or
//! a function's answers them without a property, whatever its shape.

use std::cell::Cell;

use porcini::shape::megamorphic;
use porcini::symbol::Symbol;
use porcini::{Frame, Stage, Tag, Unwind, Value};

use super::element_access::{IndexSite, Slow};
use super::property_cache::{Hit, PropertyCache};
use super::store_cache::StoreCache;
use super::{Child, Loc, es_node};
use crate::Es;
use crate::runtime::object::{get, set};
use crate::runtime::state::note_site;
use crate::runtime::{Key, UNDEFINED};

/// ToPropertyKey: the key a value names (an object converted to a string first).
pub fn to_key(f: &mut Frame<'_, Es>, v: Value) -> Result<Key, Unwind<Value>> {
    if let Some(k) = Key::of_primitive(f.runtime(), v) {
        return Ok(k);
    }
    if v.as_object().is_some() {
        let p = crate::runtime::convert::to_primitive(f, v, true)?;
        return to_key(f, p);
    }
    let text = crate::runtime::convert::primitive_text(v);
    Ok(Key::named(f.runtime(), &text))
}

/// A property key as the node holds it.
pub enum PropKey {
    /// `.name` (or a constant key), interned when the tree was built.
    Static(Key),
    /// `[expr]`: a variable read or constant is held inline (a leaf).
    Computed(Child),
}

impl PropKey {
    fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> PropKey {
        match self {
            PropKey::Static(k) => PropKey::Static(*k),
            PropKey::Computed(n) => PropKey::Computed(n.clone_uninitialized(cx)),
        }
    }
    fn children(&self) -> Vec<&dyn porcini::ExprNode<Es>> {
        match self {
            PropKey::Static(_) => Vec::new(),
            PropKey::Computed(n) => vec![n.node()],
        }
    }
    /// Evaluates a computed key (child `index`); a static one needs nothing.
    pub fn eval<S: Stage<Es>>(&self, s: &mut S, index: u32) -> Result<Option<S::Val>, Unwind<S::Val>> {
        match self {
            PropKey::Static(_) => Ok(None),
            PropKey::Computed(n) => Ok(Some(n.exec(s, index)?)),
        }
    }
    /// The key, from the evaluated computed key `v` if there is one.
    pub fn resolve(&self, f: &mut Frame<'_, Es>, v: Option<Value>) -> Result<Key, Unwind<Value>> {
        match (self, v) {
            (PropKey::Static(k), _) => Ok(*k),
            (PropKey::Computed(_), Some(v)) => to_key(f, v),
            (PropKey::Computed(_), None) => Ok(Key::Name(Symbol(0))),
        }
    }
}

/// `object.name` or `object[key]`. A constant name is read through an inline cache (see
/// `property_cache`); computed keys take the full lookup.
pub struct GetNode {
    /// The object: a variable read or constant is held inline (a leaf).
    object: Child,
    key: PropKey,
    loc: Loc,
    cache: PropertyCache,
    /// The key, once the cache went generic, if the megamorphic cache may answer it.
    megamorphic: Cell<Option<Symbol>>,
    /// For a computed key: whether it reads arrays' elements.
    index: IndexSite,
}

impl GetNode {
    pub fn new(object: impl Into<Child>, key: PropKey, loc: Loc) -> GetNode {
        GetNode {
            object: object.into(),
            key,
            loc,
            cache: PropertyCache::default(),
            megamorphic: Cell::new(None),
            index: IndexSite::default(),
        }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let o = self.object.exec(s, 0)?;
        if let PropKey::Static(Key::Name(_)) = self.key
            && !self.cache.entries.is_generic()
        {
            return match self.cache.read(s, o)? {
                Hit::Value(v) => Ok(v),
                Hit::Miss => s.respecialize(self, Self::miss, &[o]),
            };
        }
        if let Some(sym) = self.megamorphic.get() {
            return megamorphic::read(s, o, sym, |s| s.call_boundary("get", self, Self::run, &[o]));
        }
        match self.key.eval(s, 1)? {
            Some(k) if self.index.is_array() => IndexSite::access(
                s,
                o,
                k,
                |s, el| {
                    // A hole reads through the prototypes.
                    let v = s.elements_get(el.elements, el.index);
                    let hole = s.has_tag(v, Tag::Empty);
                    s.if_else(hole, |s| self.slow(s, Slow::Hole, &[o, k]), |_| Ok(v))
                },
                |s| self.slow(s, Slow::Outside, &[o, k]),
                |s| s.respecialize(self, Self::generalize, &[o, k]),
            ),
            Some(k) if self.index.is_unseen() => s.call_boundary("get", self, Self::first, &[o, k]),
            Some(k) => s.call_boundary("get", self, Self::run, &[o, k]),
            None => s.call_boundary("get", self, Self::run, &[o]),
        }
    }
    /// An array-index read's slow case: the generic read once the site has met the case,
    /// else a respecialization that meets it (in compiled code, leaving for the interpreter).
    fn slow<S: Stage<Es>>(&self, s: &mut S, case: Slow, args: &[S::Val]) -> Result<S::Val, Unwind<S::Val>> {
        if self.index.has_met(case) {
            return s.call_boundary("get", self, Self::run, args);
        }
        match case {
            Slow::Outside => s.respecialize(self, Self::meet_outside, args),
            Slow::Hole => s.respecialize(self, Self::meet_hole, args),
        }
    }
    #[cold]
    fn meet_outside(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.meet(Slow::Outside);
        self.run(f, v)
    }
    #[cold]
    fn meet_hole(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.meet(Slow::Hole);
        self.run(f, v)
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let o = v.first().copied().unwrap_or(UNDEFINED);
        // A megamorphic site's miss enters the answer in the cache when it is a slot.
        if let (Some(sym), Some(obj)) = (self.megamorphic.get(), o.as_object())
            && let Some(slot) = f.runtime().shapes.data_slot(obj.shape(), sym)
        {
            return Ok(obj.get_slot(slot));
        }
        let key = self.key.resolve(f, v.get(1).copied())?;
        get(f, o, key).inspect_err(|_| note_site(f, &self.loc))
    }
    /// The first read at a computed key decides what the site specializes on.
    fn first(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.first(v.first().copied().unwrap_or(UNDEFINED), v.get(1).copied().unwrap_or(UNDEFINED));
        self.run(f, v)
    }
    #[cold]
    fn generalize(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.generalize();
        porcini::spec::report_polymorphic_specialize(f, self);
        self.run(f, v)
    }
    /// The cache missed: it learns the receiver, then the full lookup reads the property.
    #[cold]
    fn miss(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let o = v.first().copied().unwrap_or(UNDEFINED);
        if let PropKey::Static(Key::Name(sym)) = self.key
            && self.cache.learn(f, o, sym)
        {
            porcini::spec::report_polymorphic_specialize(f, self);
            self.megamorphic.set(megamorphic_key(f, &self.key, self.cache.entries.is_generic()));
        }
        self.run(f, v)
    }
    fn spec_cost(&self) -> porcini::NodeCost {
        match self.key {
            PropKey::Computed(_) => self.index.cost(),
            PropKey::Static(_) => self.cache.entries.cost(),
        }
    }
    fn spec_active_names(&self) -> Vec<&'static str> {
        self.cache.entries.active_names()
    }
}

/// The key a site that just went generic (when `generic`) reads or writes through the
/// megamorphic cache: a constant name other than those objects answer without a property.
fn megamorphic_key(f: &Frame<'_, Es>, key: &PropKey, generic: bool) -> Option<Symbol> {
    let names = f.lang().names();
    match key {
        PropKey::Static(Key::Name(sym)) if generic && *sym != names.length && *sym != names.name => Some(*sym),
        _ => None,
    }
}

es_node!(GetNode, "Get", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![t.object.node()]; c.extend(t.key.children()); c }), clone(t, cx => GetNode::new(t.object.clone_uninitialized(cx), t.key.clone_uninitialized(cx), t.loc.clone())), spec);

/// `object.name = value` or `object[key] = value`; evaluates to the value. A constant name is
/// written through an inline cache (see `store_cache`); computed keys take the full write.
pub struct SetNode {
    /// The object and the value: variable reads and constants are held inline (leaves).
    object: Child,
    key: PropKey,
    value: Child,
    strict: bool,
    loc: Loc,
    cache: StoreCache,
    /// The key, once the cache went generic, if the megamorphic cache may answer it.
    megamorphic: Cell<Option<Symbol>>,
    /// For a computed key: whether it writes arrays' elements.
    index: IndexSite,
}

impl SetNode {
    pub fn new(object: impl Into<Child>, key: PropKey, value: impl Into<Child>, strict: bool, loc: Loc) -> SetNode {
        SetNode {
            object: object.into(),
            key,
            value: value.into(),
            strict,
            loc,
            cache: StoreCache::default(),
            megamorphic: Cell::new(None),
            index: IndexSite::default(),
        }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let o = self.object.exec(s, 0)?;
        let k = self.key.eval(s, 1)?;
        let v = self.value.exec(s, 2)?;
        if let (PropKey::Static(Key::Name(_)), false) = (&self.key, self.cache.entries.is_generic()) {
            if !self.cache.write(s, o, v)? {
                s.respecialize(self, Self::miss, &[o, v])?;
            }
            return Ok(v);
        }
        if let Some(sym) = self.megamorphic.get() {
            megamorphic::write(s, o, sym, v, |s| s.call_boundary("set", self, Self::run, &[o, v]))?;
            return Ok(v);
        }
        match k {
            Some(k) if self.index.is_array() => {
                IndexSite::access(
                    s,
                    o,
                    k,
                    |s, el| {
                        s.elements_set(el.elements, el.index, v);
                        Ok(v)
                    },
                    // Past the end: the array grows (or the write fails) on the generic path,
                    // called once the site has met it, else met by leaving compiled code.
                    |s| match self.index.has_met(Slow::Outside) {
                        true => s.call_boundary("set", self, Self::run, &[o, v, k]),
                        false => s.respecialize(self, Self::meet_outside, &[o, v, k]),
                    },
                    |s| s.respecialize(self, Self::generalize, &[o, v, k]),
                )?;
            }
            Some(k) if self.index.is_unseen() => {
                s.call_boundary("set", self, Self::first, &[o, v, k])?;
            }
            Some(k) => {
                s.call_boundary("set", self, Self::run, &[o, v, k])?;
            }
            None => {
                s.call_boundary("set", self, Self::run, &[o, v])?;
            }
        };
        Ok(v)
    }
    /// The first write at a computed key decides what the site specializes on.
    fn first(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.first(v.first().copied().unwrap_or(UNDEFINED), v.get(2).copied().unwrap_or(UNDEFINED));
        self.run(f, v)
    }
    #[cold]
    fn generalize(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.generalize();
        porcini::spec::report_polymorphic_specialize(f, self);
        self.run(f, v)
    }
    #[cold]
    fn meet_outside(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        self.index.meet(Slow::Outside);
        self.run(f, v)
    }
    fn run(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let o = v.first().copied().unwrap_or(UNDEFINED);
        let value = v.get(1).copied().unwrap_or(UNDEFINED);
        if let (Some(sym), Some(obj)) = (self.megamorphic.get(), o.as_object())
            && let Some(slot) = f.runtime().shapes.data_slot(obj.shape(), sym)
        {
            obj.set_slot(slot, value);
            return Ok(value);
        }
        let key = self.key.resolve(f, v.get(2).copied())?;
        set(f, o, key, value, self.strict).inspect_err(|_| note_site(f, &self.loc))?;
        Ok(value)
    }
    /// The cache missed: it learns the receiver, then the full write runs.
    #[cold]
    fn miss(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let o = v.first().copied().unwrap_or(UNDEFINED);
        if let PropKey::Static(Key::Name(sym)) = self.key
            && self.cache.learn(f, o, sym)
        {
            porcini::spec::report_polymorphic_specialize(f, self);
            self.megamorphic.set(megamorphic_key(f, &self.key, self.cache.entries.is_generic()));
        }
        self.run(f, v)
    }
    fn spec_cost(&self) -> porcini::NodeCost {
        match self.key {
            PropKey::Computed(_) => self.index.cost(),
            PropKey::Static(_) => self.cache.entries.cost(),
        }
    }
    fn spec_active_names(&self) -> Vec<&'static str> {
        self.cache.entries.active_names()
    }
}

es_node!(SetNode, "Set", children(t => { let mut c: Vec<&dyn porcini::ExprNode<Es>> = vec![t.object.node()]; c.extend(t.key.children()); c.push(t.value.node()); c }), clone(t, cx => SetNode::new(t.object.clone_uninitialized(cx), t.key.clone_uninitialized(cx), t.value.clone_uninitialized(cx), t.strict, t.loc.clone())), spec);
