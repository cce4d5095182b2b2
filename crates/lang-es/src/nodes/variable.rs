//! Reading and writing variables: frame slots, captured variables in environment records, and
//! properties of the global object.
//!
//! Where a binding lives is the resolver's decision; the translator turns it into a [`Place`].
//! A captured variable is reached from the environment a frame slot holds (the innermost
//! environment of the scope the function created, or the environment the function closes
//! over) by following parent links a known number of times, each a load in compiled code.
//! `let`, `const` and class bindings start out empty (the temporal dead zone): a read or write
//! the resolver could not prove safe checks for that and throws a `ReferenceError`.
//!
//! A read of a global (`Math`, `Array`) caches where the global object holds it: the object's
//! shape and the slot, so that compiled code checks one shape and loads the slot instead of
//! calling the full lookup. The global object gains properties rarely; a site that sees its
//! shape change more than [`GLOBAL_RELEARN_LIMIT`] times goes generic.

use std::cell::Cell;
use std::rc::Rc;

use porcini::shape::{PropFlags, ShapeId};
use porcini::symbol::Symbol;
use porcini::{Cmp, Frame, SlotId, Stage, Tag, Unwind, Value};

use super::{Loc, Node, es_node};
use crate::Es;
use crate::runtime::error::{reference_error, type_error};
use crate::runtime::object::{get_from, has_property, set_on};
use crate::runtime::{Key, UNDEFINED};

/// Where a binding lives.
#[derive(Clone, Debug)]
pub enum Place {
    /// A slot of the function's frame.
    Frame(SlotId),
    /// Slot `index` of the environment `hops` parent links out from the one in frame slot `base`.
    Env { base: SlotId, hops: u32, index: u32 },
    /// A property of the global object.
    Global(Symbol),
}

/// How a write treats the binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMode {
    /// An ordinary assignment.
    Assign,
    /// The binding's initialization (a declaration): no dead-zone check, constants allowed.
    Init,
    /// An assignment to a constant: a `TypeError` (after evaluating the value).
    Const,
    /// An assignment a sloppy function's own name ignores.
    Ignore,
}

/// The environment record a place's slot is in.
#[inline(always)]
fn env_of<S: Stage<Es>>(s: &mut S, base: SlotId, hops: u32) -> S::Val {
    let mut env = s.read_slot(base);
    for _ in 0..hops {
        env = s.record_parent(env);
    }
    env
}

/// How many times a global read caches a new shape of the global object before it goes generic.
const GLOBAL_RELEARN_LIMIT: u8 = 4;

/// Where a global read found its value: the global object, its shape then, and the slot.
#[derive(Default)]
struct GlobalCache {
    /// The global object is the realm's, alive as long as the engine, so holding it here is
    /// safe although the collector does not see it.
    found: Cell<Option<(Value, ShapeId, u32)>>,
    learned: Cell<u8>,
    generic: Cell<bool>,
}

/// Reads a variable.
pub struct ReadVarNode {
    place: Place,
    /// The name, when the read must check the temporal dead zone (and for global misses).
    name: Rc<str>,
    tdz: bool,
    loc: Loc,
    global: GlobalCache,
}

impl ReadVarNode {
    pub fn new(place: Place, name: Rc<str>, tdz: bool, loc: Loc) -> ReadVarNode {
        ReadVarNode { place, name, tdz, loc, global: GlobalCache::default() }
    }
    /// A copy in its uninitialized state (for splitting).
    pub fn clone_leaf(&self) -> ReadVarNode {
        ReadVarNode::new(self.place.clone(), self.name.clone(), self.tdz, self.loc.clone())
    }
    /// Reads the variable. A local in the frame outside its dead zone, most reads, is one load,
    /// inlined into the parent that holds this read as a leaf; the others are a call away.
    #[inline(always)]
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if let Place::Frame(slot) = self.place
            && !self.tdz
        {
            return Ok(s.read_slot(slot));
        }
        self.eval_other(s)
    }
    fn eval_other<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = match &self.place {
            Place::Frame(slot) => s.read_slot(*slot),
            Place::Env { base, hops, index } => {
                let env = env_of(s, *base, *hops);
                s.record_get(env, *index)
            }
            Place::Global(_) => return self.eval_global(s),
        };
        if self.tdz {
            let empty = s.has_tag(v, Tag::Empty);
            return s.if_else(empty, |s| s.call_boundary("dead_zone", self, Self::dead_zone, &[]), |_| Ok(v));
        }
        Ok(v)
    }
    #[cold]
    fn dead_zone(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        crate::runtime::state::note_site(f, &self.loc);
        Err(reference_error(f, &dead_zone_message(&self.name)))
    }
    #[inline(always)]
    fn eval_global<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        if self.global.generic.get() {
            return s.call_boundary("global_read", self, Self::read_global, &[]);
        }
        let Some((global, shape, slot)) = self.global.found.get() else {
            return s.respecialize(self, Self::learn_global, &[]);
        };
        let g = s.konst(global);
        let sh = s.load_shape(g);
        let want = s.i64_const(i64::from(shape.0));
        let same = s.cmp_i64(Cmp::Eq, sh, want);
        if s.speculate(same, "global object's shape") {
            Ok(s.load_property(g, slot))
        } else {
            s.respecialize(self, Self::learn_global, &[])
        }
    }
    /// The first read, or one after the global object changed shape: caches where the global
    /// is if it is a data property, then reads it.
    #[cold]
    fn learn_global(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let Place::Global(sym) = self.place else { return Ok(UNDEFINED) };
        let global = f.lang().realm().global;
        let g = global.as_object().expect("the global object");
        let learned = self.global.learned.get();
        porcini::spec::note_specialized();
        let found = f.runtime().shapes.property(g.shape(), sym).filter(|p| !p.flags.contains(PropFlags::ACCESSOR));
        match found {
            Some(p) if learned < GLOBAL_RELEARN_LIMIT => {
                self.global.learned.set(learned + 1);
                self.global.found.set(Some((global, g.shape(), p.slot)));
            }
            _ => {
                self.global.found.set(None);
                self.global.generic.set(true);
            }
        }
        self.read_global(f, v)
    }
    fn read_global(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        let Place::Global(sym) = self.place else { return Ok(UNDEFINED) };
        let global = f.lang().realm().global;
        let g = global.as_object().expect("the global object");
        if !has_property(f, g, Key::Name(sym)) {
            crate::runtime::state::note_site(f, &self.loc);
            return Err(reference_error(f, &format!("{} is not defined", self.name)));
        }
        get_from(f, g, Key::Name(sym), global)
    }
}

es_node!(ReadVarNode, "ReadVar", children(_t => Vec::new()), clone(t, _cx => t.clone_leaf()));

/// `typeof name` for a global name: `"undefined"` rather than a `ReferenceError` when it does
/// not exist.
pub struct TypeofGlobalNode {
    sym: Symbol,
}

impl TypeofGlobalNode {
    pub fn new(sym: Symbol) -> TypeofGlobalNode {
        TypeofGlobalNode { sym }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.call_boundary("typeof_global", self, Self::run, &[])
    }
    fn run(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        let global = f.lang().realm().global;
        let g = global.as_object().expect("the global object");
        let v = get_from(f, g, Key::Name(self.sym), global)?;
        Ok(crate::runtime::str_value(f.runtime(), crate::runtime::convert::type_of(v)))
    }
}

es_node!(TypeofGlobalNode, "TypeofGlobal", children(_t => Vec::new()), clone(t, _cx => TypeofGlobalNode::new(t.sym)));

/// Writes a variable; evaluates to the value written.
pub struct WriteVarNode {
    place: Place,
    /// The frame slot of a write that needs no check (most writes: an initialization, or an
    /// assignment outside any dead zone, of a local), which the interpreter does in place.
    plain_slot: Option<SlotId>,
    value: Node,
    name: Rc<str>,
    mode: WriteMode,
    tdz: bool,
    strict: bool,
    loc: Loc,
}

impl WriteVarNode {
    #[allow(clippy::too_many_arguments)]
    pub fn new(place: Place, value: Node, name: Rc<str>, mode: WriteMode, tdz: bool, strict: bool, loc: Loc) -> WriteVarNode {
        let plain_slot = match (&place, mode) {
            (Place::Frame(slot), WriteMode::Init) => Some(*slot),
            (Place::Frame(slot), WriteMode::Assign) if !tdz => Some(*slot),
            _ => None,
        };
        WriteVarNode { place, plain_slot, value, name, mode, tdz, strict, loc }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let v = s.exec(0, &*self.value)?;
        if let Some(slot) = self.plain_slot {
            s.write_slot(slot, v);
            return Ok(v);
        }
        self.write(s, v)?;
        Ok(v)
    }
    /// A copy with fresh state (for a node that holds a write to do itself).
    pub fn clone_write(&self, cx: &porcini::node::CloneContext) -> WriteVarNode {
        WriteVarNode::new(self.place.clone(), self.value.clone_uninitialized(cx), self.name.clone(), self.mode, self.tdz, self.strict, self.loc.clone())
    }
    /// Writes `v` (already evaluated) to the place.
    pub fn write<S: Stage<Es>>(&self, s: &mut S, v: S::Val) -> Result<(), Unwind<S::Val>> {
        match self.mode {
            WriteMode::Ignore => return Ok(()),
            WriteMode::Const => {
                if self.tdz {
                    self.check_live(s)?;
                }
                // Always throws.
                s.call_boundary("const_write", self, Self::const_write, &[])?;
                return Ok(());
            }
            WriteMode::Assign if self.tdz => self.check_live(s)?,
            _ => {}
        }
        match &self.place {
            Place::Frame(slot) => s.write_slot(*slot, v),
            Place::Env { base, hops, index } => {
                let env = env_of(s, *base, *hops);
                s.record_set(env, *index, v);
            }
            Place::Global(_) => {
                s.call_boundary("global_write", self, Self::write_global, &[v])?;
            }
        }
        Ok(())
    }
    fn check_live<S: Stage<Es>>(&self, s: &mut S) -> Result<(), Unwind<S::Val>> {
        let current = match &self.place {
            Place::Frame(slot) => s.read_slot(*slot),
            Place::Env { base, hops, index } => {
                let env = env_of(s, *base, *hops);
                s.record_get(env, *index)
            }
            Place::Global(_) => return Ok(()),
        };
        let empty = s.has_tag(current, Tag::Empty);
        let absent = s.konst(UNDEFINED);
        s.if_else(empty, |s| s.call_boundary("dead_zone", self, Self::dead_zone, &[]), |_| Ok(absent))?;
        Ok(())
    }
    #[cold]
    fn dead_zone(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        crate::runtime::state::note_site(f, &self.loc);
        Err(reference_error(f, &dead_zone_message(&self.name)))
    }
    #[cold]
    fn const_write(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        crate::runtime::state::note_site(f, &self.loc);
        Err(type_error(f, "Assignment to constant variable."))
    }
    fn write_global(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let Place::Global(sym) = self.place else { return Ok(UNDEFINED) };
        let global = f.lang().realm().global;
        let g = global.as_object().expect("the global object");
        let value = v.first().copied().unwrap_or(UNDEFINED);
        if self.strict && !has_property(f, g, Key::Name(sym)) {
            crate::runtime::state::note_site(f, &self.loc);
            return Err(reference_error(f, &format!("{} is not defined", self.name)));
        }
        set_on(f, g, Key::Name(sym), value, global)?;
        Ok(value)
    }
}

es_node!(WriteVarNode, "WriteVar", children(t => vec![&*t.value]), clone(t, cx => WriteVarNode::new(t.place.clone(), t.value.clone_uninitialized(cx), t.name.clone(), t.mode, t.tdz, t.strict, t.loc.clone())));

/// Creates the environment record of a scope being entered, in frame slot `slot`: `size`
/// slots, those of `let`, `const` and classes empty (their dead zone), the rest `undefined`,
/// inside the environment in frame slot `parent` (or none).
pub struct EnterEnvNode {
    slot: SlotId,
    parent: Option<SlotId>,
    size: u32,
    /// Slots that start `undefined` (`var`s and parameters); the others start empty.
    defined: Rc<[u32]>,
}

impl EnterEnvNode {
    pub fn new(slot: SlotId, parent: Option<SlotId>, size: u32, defined: Rc<[u32]>) -> EnterEnvNode {
        EnterEnvNode { slot, parent, size, defined }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let parent = match self.parent {
            Some(p) => s.read_slot(p),
            None => s.konst(UNDEFINED),
        };
        let env = s.call_boundary("new_env", self, Self::create, &[parent])?;
        s.write_slot(self.slot, env);
        Ok(s.konst(UNDEFINED))
    }
    fn create(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        let parent = v.first().copied().unwrap_or(UNDEFINED);
        let rec = porcini::record::Record::new_in(f.runtime(), self.size as usize, Value::EMPTY, parent);
        for &i in self.defined.iter() {
            rec.set(i as usize, UNDEFINED);
        }
        Ok(Value::from_record(rec))
    }
}

es_node!(EnterEnvNode, "EnterEnv", children(_t => Vec::new()), clone(t, _cx => EnterEnvNode::new(t.slot, t.parent, t.size, t.defined.clone())));

/// Replaces the environment in frame slot `slot` by a copy (a `for (let ...)` loop's new
/// iteration: closures of the last iteration keep the old one).
pub struct CopyEnvNode {
    slot: SlotId,
}

impl CopyEnvNode {
    pub fn new(slot: SlotId) -> CopyEnvNode {
        CopyEnvNode { slot }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let old = s.read_slot(self.slot);
        let env = s.call_boundary("copy_env", self, Self::copy, &[old])?;
        s.write_slot(self.slot, env);
        Ok(s.konst(UNDEFINED))
    }
    fn copy(&self, f: &mut Frame<'_, Es>, v: &[Value]) -> Result<Value, Unwind<Value>> {
        match v.first().and_then(|e| e.as_record()) {
            Some(r) => Ok(Value::from_record(porcini::record::Record::copy_in(f.runtime(), &r))),
            None => Ok(UNDEFINED),
        }
    }
}

es_node!(CopyEnvNode, "CopyEnv", children(_t => Vec::new()), clone(t, _cx => CopyEnvNode::new(t.slot)));

/// Sets frame slots to `undefined` (a scope's `var`s and parameters) or empty (its lexical
/// bindings, in their dead zone until declared) when the scope is entered.
pub struct ClearSlotsNode {
    undefined: Rc<[SlotId]>,
    empty: Rc<[SlotId]>,
}

impl ClearSlotsNode {
    pub fn new(undefined: Rc<[SlotId]>, empty: Rc<[SlotId]>) -> ClearSlotsNode {
        ClearSlotsNode { undefined, empty }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        let u = s.konst(UNDEFINED);
        for &slot in self.undefined.iter() {
            s.write_slot(slot, u);
        }
        let e = s.konst(Value::EMPTY);
        for &slot in self.empty.iter() {
            s.write_slot(slot, e);
        }
        Ok(u)
    }
}

es_node!(ClearSlotsNode, "ClearSlots", children(_t => Vec::new()), clone(t, _cx => ClearSlotsNode::new(t.undefined.clone(), t.empty.clone())));

/// The arguments from position `from` on, as an array (a rest parameter).
pub struct RestArgsNode {
    from: u32,
}

impl RestArgsNode {
    pub fn new(from: u32) -> RestArgsNode {
        RestArgsNode { from }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        s.call_boundary("rest", self, Self::collect, &[])
    }
    fn collect(&self, f: &mut Frame<'_, Es>, _: &[Value]) -> Result<Value, Unwind<Value>> {
        let args: Vec<Value> = (self.from as usize..f.arg_count()).map(|i| f.arg(i)).collect();
        Ok(crate::runtime::object::new_array(f.runtime(), args))
    }
}

es_node!(RestArgsNode, "RestArgs", children(_t => Vec::new()), clone(t, _cx => RestArgsNode::new(t.from)));

/// Reads argument `index` of the activation (a hidden argument, or a declared parameter).
pub struct ArgNode {
    index: u32,
}

impl ArgNode {
    pub fn new(index: u32) -> ArgNode {
        ArgNode { index }
    }
    pub fn eval<S: Stage<Es>>(&self, s: &mut S) -> Result<S::Val, Unwind<S::Val>> {
        Ok(s.read_arg(self.index))
    }
}

es_node!(ArgNode, "Arg", children(_t => Vec::new()), clone(t, _cx => ArgNode::new(t.index)));

/// The `ReferenceError` message for a binding read or written in its dead zone; `this` in a
/// derived constructor before `super()` has one of its own.
fn dead_zone_message(name: &str) -> String {
    if name == "this" {
        "Must call super constructor in derived class before accessing 'this' or returning from derived constructor".to_string()
    } else {
        format!("Cannot access '{name}' before initialization")
    }
}
