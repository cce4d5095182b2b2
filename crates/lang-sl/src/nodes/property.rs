//! Property reads and writes with shape-keyed inline caches (spec §7.9; reference limit 3).
//!
//! For a constant key (`o.name`) the node caches up to three (shape → slot) pairs; a hit is a tag
//! check, a shape compare and a slot access. A fourth shape turns the site generic (a boundary call
//! that first probes the engine's megamorphic cache, inline in compiled code, and only on a miss
//! calls a boundary doing a full lookup). Computed keys (`o[k]`) convert the key to a string and
//! go generic. A write that adds a property caches the shape transition it took (shape → new
//! shape, slot), so that a site adding the same property to fresh objects, as a loop building
//! objects does, hits its cache like one overwriting it: without that entry such a site learned
//! nothing from its slow path, and compiled code left at it on every object.

use std::cell::{Cell, OnceCell};

use porcini::shape::ShapeId;
use porcini::shape::megamorphic;
use porcini::symbol::Symbol;
use porcini::{Cmp, Frame, GuestError, Stage, Tag, Unwind, Value};

use super::{Child, expr_node};
use crate::Sl;
use crate::runtime::display::{convert, display};

const CACHE_LIMIT: usize = 3;

/// A property key: a constant name or a computed expression.
pub enum Key {
    /// `.name`, interned at translation time.
    Named(Symbol, Box<str>),
    /// `[expr]`. Boxed, so that telling the two kinds apart is one test of a pointer.
    Computed(Box<Child>),
}

impl Key {
    /// The key's child node, if it is computed.
    fn children(&self) -> Vec<&Child> {
        match self {
            Key::Computed(c) => vec![c],
            Key::Named(..) => Vec::new(),
        }
    }
    fn clone_uninitialized(&self, cx: &porcini::node::CloneContext) -> Key {
        match self {
            Key::Named(s, n) => Key::Named(*s, n.clone()),
            Key::Computed(c) => Key::Computed(Box::new(c.clone_uninitialized(cx))),
        }
    }
}

/// What a site knows about one receiver shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    /// The receiver's shape.
    shape: ShapeId,
    /// The property's slot (for a transition, the slot the new property takes).
    slot: u32,
    /// For a write that adds the property: the shape the object moves to.
    to: Option<ShapeId>,
}

/// The outcome of a slow-path property access: the value, and the cache entry describing how
/// it went (if it is cacheable).
type Access = Result<(Value, Option<Entry>), Unwind<Value>>;

/// The per-site shape cache.
#[derive(Default)]
struct ShapeCache {
    entries: [OnceCell<Entry>; CACHE_LIMIT],
    /// The lone entry while there is exactly one (and the site is not generic): the monomorphic
    /// case, found with one load instead of a count over the entries.
    mono: Cell<Option<Entry>>,
    generic: Cell<bool>,
}

impl ShapeCache {
    fn used(&self) -> usize {
        self.entries.iter().filter(|e| e.get().is_some()).count()
    }
    /// Records `entry`, or goes generic when full. Returns whether the site became more
    /// polymorphic: a second or later entry, or the switch to generic.
    fn add(&self, entry: Entry) -> bool {
        let used = self.used();
        if self.entries.iter().any(|e| e.get().map(|e| e.shape) == Some(entry.shape)) {
            return false;
        }
        if used < CACHE_LIMIT {
            let _ = self.entries[used].set(entry);
        } else {
            self.generic.set(true);
        }
        porcini::spec::note_specialized();
        self.mono.set(if used == 0 { Some(entry) } else { None });
        used > 0
    }
    /// Caches the slot a slow-path access found (if it found one) and passes its value on. A
    /// cache that grew past one entry reports a polymorphic specialization of `node`, as SL's
    /// property nodes do in Truffle (they inherit `@ReportPolymorphism`).
    fn record(&self, f: &Frame<'_, Sl>, node: &dyn porcini::ExprNode<Sl>, access: Access) -> Result<Value, Unwind<Value>> {
        let (v, hit) = access?;
        if let Some(entry) = hit
            && self.add(entry)
        {
            porcini::spec::report_polymorphic_specialize(f, node);
        }
        Ok(v)
    }
    /// The active specialization's name: `cached` or `uncached` by the cache state.
    fn active_names(&self, cached: &'static str, uncached: &'static str) -> Vec<&'static str> {
        match self.cost() {
            porcini::NodeCost::Uninitialized => Vec::new(),
            porcini::NodeCost::Megamorphic => vec![uncached],
            _ => vec![cached],
        }
    }
    fn cost(&self) -> porcini::NodeCost {
        if self.generic.get() {
            return porcini::NodeCost::Megamorphic;
        }
        match self.used() {
            0 => porcini::NodeCost::Uninitialized,
            1 => porcini::NodeCost::Monomorphic,
            _ => porcini::NodeCost::Polymorphic,
        }
    }
    /// The monomorphic fast path: `None` when the site is not monomorphic; otherwise the cached
    /// entry if the receiver is an object of the cached shape (both speculations: a compiling
    /// stage emits them as deoptimization exits), or `Some(None)` for a miss.
    #[inline(always)]
    fn mono_entry<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val) -> Option<Option<Entry>> {
        let entry = self.mono.get()?;
        let is_obj = s.has_tag(obj, Tag::Object);
        if !s.speculate(is_obj, "receiver is an object") {
            return Some(None);
        }
        let sh = s.load_shape(obj);
        let want = s.i64_const(entry.shape.0 as i64);
        let same = s.cmp_i64(Cmp::Eq, sh, want);
        Some(s.speculate(same, "shape").then_some(entry))
    }
    /// Any state but the monomorphic one: a generic site calls `generic`; otherwise a chain of
    /// shape tests, one per entry, runs `hit` with the matching slot or `miss` after the last.
    #[inline(always)]
    fn dispatch<S: Stage<Sl>>(
        &self,
        s: &mut S,
        obj: S::Val,
        hit: impl Fn(&mut S, Entry) -> Result<S::Val, Unwind<S::Val>>,
        miss: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
        generic: impl FnOnce(&mut S) -> Result<S::Val, Unwind<S::Val>>,
    ) -> Result<S::Val, Unwind<S::Val>> {
        if self.generic.get() {
            return generic(s);
        }
        let is_obj = s.has_tag(obj, Tag::Object);
        self.polymorphic(s, obj, is_obj, hit, miss)
    }
    #[inline(always)]
    fn polymorphic<S: Stage<Sl>>(
        &self,
        s: &mut S,
        obj: S::Val,
        is_obj: S::Bool,
        hit: impl Fn(&mut S, Entry) -> Result<S::Val, Unwind<S::Val>>,
        miss: impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
    ) -> Result<S::Val, Unwind<S::Val>> {
        s.if_else(is_obj, |s| self.chain(s, obj, 0, &hit, &miss), |s| miss(s))
    }
    fn chain<S: Stage<Sl>>(
        &self,
        s: &mut S,
        obj: S::Val,
        i: usize,
        hit: &impl Fn(&mut S, Entry) -> Result<S::Val, Unwind<S::Val>>,
        miss: &impl Fn(&mut S) -> Result<S::Val, Unwind<S::Val>>,
    ) -> Result<S::Val, Unwind<S::Val>> {
        match self.entries.get(i).and_then(OnceCell::get) {
            Some(&entry) => {
                let sh = s.load_shape(obj);
                let want = s.i64_const(entry.shape.0 as i64);
                let same = s.cmp_i64(Cmp::Eq, sh, want);
                s.if_else(same, |s| hit(s, entry), |s| self.chain(s, obj, i + 1, hit, miss))
            }
            None => miss(s),
        }
    }
}

fn key_symbol(f: &Frame<'_, Sl>, key: Value) -> (Symbol, String) {
    let text = convert(key);
    (f.runtime().interner.intern(&text), text)
}

/// `receiver.name` or `receiver[key]`.
pub struct ReadPropertyNode {
    receiver: Child,
    key: Key,
    cache: ShapeCache,
}

impl ReadPropertyNode {
    /// A property read.
    pub fn new(receiver: Child, key: Key) -> ReadPropertyNode {
        ReadPropertyNode { receiver, key, cache: ShapeCache::default() }
    }
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let obj = self.receiver.exec(s, 0)?;
        match &self.key {
            Key::Computed(k) => {
                let key = k.exec(s, 1)?;
                s.call_boundary("read_property", self, Self::read_generic, &[obj, key])
            }
            Key::Named(..) => match self.cache.mono_entry(s, obj) {
                Some(Some(e)) => Ok(s.load_property(obj, e.slot)),
                Some(None) => self.miss(s, obj),
                None => self.dispatch(s, obj),
            },
        }
    }
    // The paths off the monomorphic one are functions of their own, taking the receiver in
    // registers, so that the fast path calls nothing and leaving it is a jump.
    #[cold]
    #[inline(never)]
    fn miss<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        s.respecialize(self, Self::read_and_cache, &[obj])
    }
    #[inline(never)]
    fn dispatch<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        self.cache.dispatch(
            s,
            obj,
            move |s: &mut S, e: Entry| Ok(s.load_property(obj, e.slot)),
            move |s: &mut S| s.respecialize(self, Self::read_and_cache, &[obj]),
            move |s: &mut S| self.generic(s, obj),
        )
    }
    #[inline(never)]
    fn generic<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        let Key::Named(sym, _) = &self.key else {
            return s.call_boundary("read_property", self, Self::read_generic, &[obj]);
        };
        megamorphic::read(s, obj, *sym, |s| s.call_boundary("read_property", self, Self::read_generic, &[obj]))
    }
    fn lookup(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Access {
        let obj = vals.first().copied().unwrap_or(Value::NULL);
        let (sym, text) = match &self.key {
            Key::Named(sym, text) => (*sym, text.to_string()),
            Key::Computed(_) => key_symbol(f, vals.get(1).copied().unwrap_or(Value::NULL)),
        };
        let rt = f.runtime();
        // SL's properties are all plain data properties, so the lookup enters its answer in the
        // megamorphic cache, where generic sites find it.
        let found = obj.as_object().and_then(|o| rt.shapes.data_slot(o.shape(), sym).map(|slot| (o, slot)));
        match found {
            Some((o, slot)) => Ok((o.get_slot(slot), Some(Entry { shape: o.shape(), slot, to: None }))),
            None => Err(GuestError::raise(format!("Undefined property: {text}"))),
        }
    }
    #[cold]
    fn read_generic(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Result<Value, Unwind<Value>> {
        self.lookup(f, vals).map(|(v, _)| v)
    }
    #[cold]
    #[inline(never)]
    fn read_and_cache(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Result<Value, Unwind<Value>> {
        let access = self.lookup(f, vals);
        self.cache.record(f, self, access)
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.cache.cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.cache.active_names("read_cached", "read_uncached")
    }
}

expr_node!(ReadPropertyNode, "ReadProperty", children(t => std::iter::once(t.receiver.node()).chain(t.key.children().into_iter().map(|c| c.node())).collect()), clone(this, cx => ReadPropertyNode::new(this.receiver.clone_uninitialized(cx), this.key.clone_uninitialized(cx))));

/// `receiver.name = value` or `receiver[key] = value`; evaluates to the value.
pub struct WritePropertyNode {
    receiver: Child,
    key: Key,
    value: Child,
    cache: ShapeCache,
}

impl WritePropertyNode {
    /// A property write.
    pub fn new(receiver: Child, key: Key, value: Child) -> WritePropertyNode {
        WritePropertyNode { receiver, key, value, cache: ShapeCache::default() }
    }
    #[inline(always)]
    fn eval<S: Stage<Sl>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let obj = self.receiver.exec(s, 0)?;
        match &self.key {
            Key::Computed(k) => {
                let key = k.exec(s, 1)?;
                let v = self.value.exec(s, 2)?;
                s.call_boundary("write_property", self, Self::write_generic, &[obj, v, key])
            }
            Key::Named(..) => {
                let v = self.value.exec(s, 1)?;
                match self.cache.mono_entry(s, obj) {
                    Some(Some(e)) => {
                        Self::store_cached(s, obj, e, v);
                        Ok(v)
                    }
                    Some(None) => self.miss(s, obj, v),
                    None => self.dispatch(s, obj, v),
                }
            }
        }
    }
    /// A cache hit: overwrites the slot, or takes the cached transition.
    #[inline(always)]
    fn store_cached<S: Stage<Sl>>(s: &mut S, obj: S::Val, e: Entry, v: S::Val) {
        match e.to {
            None => s.store_property(obj, e.slot, v),
            Some(to) => s.add_property(obj, to, e.slot, v),
        }
    }
    // Out of line for the same reason as the read's.
    #[cold]
    #[inline(never)]
    fn miss<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val, v: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        s.respecialize(self, Self::write_and_cache, &[obj, v])
    }
    #[inline(never)]
    fn dispatch<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val, v: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        self.cache.dispatch(
            s,
            obj,
            move |s: &mut S, e: Entry| {
                Self::store_cached(s, obj, e, v);
                Ok(v)
            },
            move |s: &mut S| s.respecialize(self, Self::write_and_cache, &[obj, v]),
            move |s: &mut S| self.generic(s, obj, v),
        )
    }
    #[inline(never)]
    fn generic<S: Stage<Sl>>(&self, s: &mut S, obj: S::Val, v: S::Val) -> Result<S::Val, Unwind<S::Val>> {
        let Key::Named(sym, _) = &self.key else {
            return s.call_boundary("write_property", self, Self::write_generic, &[obj, v]);
        };
        megamorphic::write(s, obj, *sym, v, |s| s.call_boundary("write_property", self, Self::write_generic, &[obj, v]))
    }
    fn store(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Access {
        let obj = vals.first().copied().unwrap_or(Value::NULL);
        let v = vals.get(1).copied().unwrap_or(Value::NULL);
        let (sym, text) = match &self.key {
            Key::Named(sym, text) => (*sym, text.to_string()),
            Key::Computed(_) => {
                let key = vals.get(2).copied().unwrap_or(Value::NULL);
                let (sym, _) = key_symbol(f, key);
                (sym, display(key))
            }
        };
        let rt = f.runtime();
        let Some(o) = obj.as_object() else {
            return Err(GuestError::raise(format!("Undefined property: {text}")));
        };
        let shape = o.shape();
        match rt.shapes.data_slot(shape, sym) {
            Some(slot) => {
                o.set_slot(slot, v);
                Ok((v, Some(Entry { shape, slot, to: None })))
            }
            None => {
                o.put(rt, sym, v);
                // The transition the write took; the next object of the same shape takes it too.
                let to = o.shape();
                let entry = rt.shapes.lookup(to, sym).map(|slot| Entry { shape, slot, to: Some(to) });
                Ok((v, entry))
            }
        }
    }
    #[cold]
    fn write_generic(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Result<Value, Unwind<Value>> {
        self.store(f, vals).map(|(v, _)| v)
    }
    #[cold]
    #[inline(never)]
    fn write_and_cache(&self, f: &mut Frame<'_, Sl>, vals: &[Value]) -> Result<Value, Unwind<Value>> {
        let access = self.store(f, vals);
        self.cache.record(f, self, access)
    }
    fn node_cost(&self) -> porcini::NodeCost {
        self.cache.cost()
    }
    fn active_names(&self) -> Vec<&'static str> {
        self.cache.active_names("write_cached", "write_uncached")
    }
}

expr_node!(WritePropertyNode, "WriteProperty", children(t => std::iter::once(t.receiver.node()).chain(t.key.children().into_iter().map(|c| c.node())).chain(std::iter::once(t.value.node())).collect()), clone(this, cx => WritePropertyNode::new(this.receiver.clone_uninitialized(cx), this.key.clone_uninitialized(cx), this.value.clone_uninitialized(cx))));
