//! Partial escape analysis: objects made in compiled code kept in registers until they escape.
//!
//! `alloc_object` gives a *virtual* object: a payload word that is a placeholder (an `iconst`
//! no other value shares), the shape, and the fields' words. The object operations answer it
//! from those: a shape read is the constant, a property read is the field's words, a store or
//! an added property changes the fields, a tag test knows the tag, an identity test knows that
//! nothing else is the object. Any other use of the handle *escapes* it: `Lowering::repr` makes
//! the object there, with the fields it has then (the heap's allocation written out in place,
//! the runtime's `materialize_object` when it has no cell), and the handle and every slot
//! holding it stand for that object from then on. A slot may hold a virtual object; calls that
//! can look at a frame's slots, or reach a `try` region's landing, make the slots' objects
//! first. An exit to the interpreter makes nothing: its deoptimization point describes each
//! virtual object it holds, and the runtime makes them (`porcini::virtual_object`).
//!
//! What keeps this exact is dominance. A virtual object's state lives in SSA values, so it may
//! change (a store, an addition, being made) only where the current block dominates every later
//! use of the state: in the *region* it was made in, a stretch of code that control flow has not
//! split since, where each block dominates what follows. Regions are numbered; an if's arms,
//! a loop's header, body and step, each get a fresh one, the code after an if or a loop returns
//! to the region before it, and a jump that lands later in the function (`break`, `continue`,
//! an inlined callee's early `return`, a `throw` to a handler, anything of a `try`) gives every
//! open region a fresh number, since the code after it is no longer dominated by what precedes
//! it. Reads may happen anywhere the handle reaches: the fields were fixed in a block that
//! dominates them.
//!
//! Where a virtual object's state would change outside its region, or where a placeholder
//! reached code as a value (a slot holding it merging with another value at a join, found in
//! the finished IR), the attempt fails: its allocation site is recorded, and the compiler
//! lowers the unit again with that site allocating as before (`jit.rs`), a few times at most.

use std::collections::{HashMap, HashSet};

use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, types};
use cranelift_frontend::Variable;
use porcini::compiled;
use porcini::shape::ShapeId;
use porcini::virtual_object::{VirtualObject, VirtualPlace};
use porcini::{Language, Tag, Value};

use super::{Lowering, Repr, VALUE_SIZE};
use porcini::symbolic::SymVal;

/// An allocation site of one compilation: the node's address and which of its allocations
/// in emission order (an inlined callee's node may allocate in several places of a unit).
pub(crate) type SiteKey = (usize, u32);

/// One virtual object of the unit.
struct Virtual {
    root: ShapeId,
    shape: ShapeId,
    fields: Vec<(ir::Value, ir::Value)>,
    /// The region it was made in (see the module documentation).
    region: u32,
    /// Its payload word, once made on the hot path.
    made: Option<ir::Value>,
    site: SiteKey,
}

/// The lowering's escape analysis state.
pub(super) struct Escape {
    enabled: bool,
    objects: Vec<Virtual>,
    /// Placeholder payload words, with their object.
    by_payload: HashMap<ir::Value, usize>,
    /// Sites that allocate as before (they failed an earlier attempt).
    demoted: HashSet<SiteKey>,
    /// Sites this attempt found it could not keep virtual.
    pub(super) failed: Vec<SiteKey>,
    occurrences: HashMap<usize, u32>,
    /// The current region, the regions around it to return to, and the next number.
    region: u32,
    saved: Vec<u32>,
    next: u32,
    /// Write-back slots (see `Lowering::write_back_words`) that were given a virtual object.
    holders: Vec<usize>,
    /// How many constructs were open where each inlined callee being emitted starts.
    callees: Vec<usize>,
    /// Inside an arm of a split the lowering makes itself (an allocation's slow path), where
    /// no state may change: the join is not dominated by either arm.
    pub(super) in_arm: u32,
}

impl Escape {
    pub(super) fn new(enabled: bool, demoted: HashSet<SiteKey>) -> Escape {
        Escape {
            enabled,
            objects: Vec::new(),
            by_payload: HashMap::new(),
            demoted,
            failed: Vec::new(),
            occurrences: HashMap::new(),
            region: 0,
            saved: Vec::new(),
            next: 1,
            holders: Vec::new(),
            callees: Vec::new(),
            in_arm: 0,
        }
    }
    fn fresh(&mut self) -> u32 {
        self.next += 1;
        self.next
    }
    /// Control flow splits: the code from here is a region of its own until `leave`.
    pub(super) fn enter(&mut self, split: bool) {
        self.saved.push(self.region);
        if split {
            self.region = self.fresh();
        }
    }
    /// The next arm of the construct entered last (an else-arm, a loop's body or step).
    pub(super) fn next_arm(&mut self, split: bool) {
        if split {
            self.region = self.fresh();
        } else if let Some(&outer) = self.saved.last() {
            self.region = outer;
        }
    }
    /// The construct entered last ends: its join is dominated by the code before it.
    pub(super) fn leave(&mut self) {
        if let Some(outer) = self.saved.pop() {
            self.region = outer;
        }
    }
    /// A jump lands later in the function: no open region dominates the code after it.
    pub(super) fn jump_out(&mut self) {
        for i in 0..self.saved.len() {
            self.saved[i] = self.fresh();
        }
        self.region = self.fresh();
    }
    /// An inlined callee's body starts.
    pub(super) fn enter_callee(&mut self) {
        self.callees.push(self.saved.len());
    }
    pub(super) fn leave_callee(&mut self) {
        self.callees.pop();
    }
    /// Whether the innermost inlined callee is at its top level: inside none of its ifs or
    /// loops.
    pub(super) fn at_callee_top(&self) -> bool {
        self.callees.last() == Some(&self.saved.len())
    }
    fn fail(&mut self, i: usize) {
        let site = self.objects[i].site;
        if !self.failed.contains(&site) {
            self.failed.push(site);
        }
    }
}

/// The virtual objects an exit holds, numbered for its deoptimization point.
#[derive(Default)]
pub(super) struct ExitVirtuals {
    objects: Vec<usize>,
}

impl ExitVirtuals {
    fn index(&mut self, object: usize) -> u32 {
        match self.objects.iter().position(|&o| o == object) {
            Some(k) => k as u32,
            None => {
                self.objects.push(object);
                self.objects.len() as u32 - 1
            }
        }
    }
}

impl<L: Language> Lowering<'_, L> {
    /// Turns the analysis off for this lowering: every allocation is made where it is.
    pub(crate) fn without_escape_analysis(&mut self) {
        self.escape.enabled = false;
    }
    /// The virtual object whose placeholder `v` is, made or not.
    pub(super) fn virtual_index(&self, v: ir::Value) -> Option<usize> {
        if self.escape.by_payload.is_empty() {
            return None;
        }
        let v = self.b.func.dfg.resolve_aliases(v);
        self.escape.by_payload.get(&v).copied()
    }
    /// The virtual object whose payload word is `v`, if it has not been made.
    pub(super) fn virtual_of(&self, v: ir::Value) -> Option<usize> {
        self.virtual_index(v).filter(|&i| self.escape.objects[i].made.is_none())
    }
    /// The virtual object handle `x` is, if any.
    fn virtual_handle(&self, x: SymVal) -> Option<usize> {
        match self.raw_repr(x) {
            Repr::Val(_, v) => self.virtual_of(v),
            _ => None,
        }
    }

    /// A virtual empty object of root shape `to` for the allocation at `site`, unless the
    /// analysis is off, the code is unreachable, or the site failed an earlier attempt.
    pub(super) fn alloc_virtual(&mut self, to: ShapeId, node: usize) -> Option<SymVal> {
        let n = self.escape.occurrences.entry(node).or_insert(0);
        let site = (node, *n);
        *n += 1;
        if !self.escape.enabled || self.dead || self.escape.demoted.contains(&site) {
            return None;
        }
        let placeholder = self.iconst(0);
        let region = self.escape.region;
        self.escape.by_payload.insert(placeholder, self.escape.objects.len());
        self.escape.objects.push(Virtual { root: to, shape: to, fields: Vec::new(), region, made: None, site });
        let tag = self.tag(Tag::Object);
        Some(self.push(Repr::Val(tag, placeholder)))
    }

    /// Whether virtual object `i`'s state may change here; otherwise the attempt fails.
    fn may_change(&mut self, i: usize) -> bool {
        if self.escape.objects[i].region == self.escape.region && self.escape.in_arm == 0 {
            return true;
        }
        self.escape.fail(i);
        false
    }

    /// The shape of `obj` if it is a virtual object.
    pub(super) fn virtual_shape(&mut self, obj: SymVal) -> Option<SymVal> {
        let i = self.virtual_handle(obj)?;
        let id = self.iconst(i64::from(self.escape.objects[i].shape.0));
        Some(self.push(Repr::I64(id)))
    }
    /// Property `index` of `obj` if it is a virtual object.
    pub(super) fn virtual_load(&mut self, obj: SymVal, index: u32) -> Option<SymVal> {
        let i = self.virtual_handle(obj)?;
        let (t, v) = match self.escape.objects[i].fields.get(index as usize) {
            Some(&w) => w,
            // A slot the shape guard said it has; the attempt is wrong if it has not.
            None => {
                self.escape.fail(i);
                (self.tag(Tag::Empty), self.zero)
            }
        };
        Some(self.push(Repr::Val(t, v)))
    }
    /// Stores `x` in property `index` (`add`: a new one, the object moving to `to`) of `obj`,
    /// if it is a virtual object. A virtual value stored escapes.
    pub(super) fn virtual_store(&mut self, obj: SymVal, index: u32, x: SymVal, add: Option<ShapeId>) -> bool {
        let Some(i) = self.virtual_handle(obj) else { return false };
        let w = self.words(x);
        if self.dead || !self.may_change(i) {
            return true;
        }
        let o = &mut self.escape.objects[i];
        match (add, (index as usize).cmp(&o.fields.len())) {
            (Some(to), std::cmp::Ordering::Equal) => {
                o.fields.push(w);
                o.shape = to;
            }
            (None, std::cmp::Ordering::Less) => o.fields[index as usize] = w,
            _ => self.escape.fail(i),
        }
        true
    }
    /// Whether `a` and `b` are the same value, when one is a virtual object: nothing but
    /// itself can be it, since nothing else has seen it.
    pub(super) fn virtual_same(&mut self, a: SymVal, b: SymVal) -> Option<SymVal> {
        let (va, vb) = (self.virtual_handle(a), self.virtual_handle(b));
        if va.is_none() && vb.is_none() {
            return None;
        }
        let c = self.cond_const(va == vb);
        Some(self.push(Repr::Bool(c)))
    }

    /// The words `x` is to be held in a slot as: a virtual object's placeholder stays one.
    pub(super) fn slot_value_words(&mut self, x: SymVal) -> (ir::Value, ir::Value) {
        match (self.virtual_handle(x), self.raw_repr(x)) {
            (Some(_), Repr::Val(t, v)) => (t, v),
            _ => self.words(x),
        }
    }
    /// Notes that write-back slot `slot` was given the payload word `payload`.
    pub(super) fn note_holder(&mut self, slot: usize, payload: ir::Value) {
        if self.virtual_of(payload).is_some() && !self.escape.holders.contains(&slot) {
            self.escape.holders.push(slot);
        }
    }
    /// The slots noted as holders that hold a virtual object here (made or not): the slot,
    /// its payload variable and the object.
    fn held(&mut self) -> Vec<(usize, Variable, usize)> {
        let mut held = Vec::with_capacity(self.escape.holders.len());
        for slot in self.escape.holders.clone() {
            let Some((_, payload)) = self.write_back_vars(slot) else { continue };
            let v = self.var(payload);
            if let Some(i) = self.virtual_index(v) {
                held.push((slot, payload, i));
            }
        }
        held
    }

    /// Makes virtual object `i` here; its payload word.
    pub(super) fn make_virtual(&mut self, i: usize) -> ir::Value {
        if let Some(p) = self.escape.objects[i].made {
            return p;
        }
        if self.dead {
            return self.zero;
        }
        if !self.may_change(i) {
            return self.zero;
        }
        let (root, shape) = (self.escape.objects[i].root, self.escape.objects[i].shape);
        let fields = self.escape.objects[i].fields.clone();
        let p = if fields.len() <= self.object.inline_slots as usize && self.inline_alloc.is_some() {
            self.alloc_cell(root, |s, cell| s.fill_object(cell, shape, &fields), |s| Some(s.call_materialize(root, shape, &fields)))
        } else {
            self.call_materialize(root, shape, &fields)
        };
        self.escape.objects[i].made = Some(p);
        // Every slot holding the object holds it made from here.
        for (_, payload, _) in self.held().into_iter().filter(|&(_, _, o)| o == i) {
            self.def_var(payload, p);
        }
        p
    }
    /// Makes the virtual objects the slots hold: before a call that may look at them, or
    /// whose exceptions land where the slots are read back from their cells.
    pub(super) fn escape_slots(&mut self) {
        for (_, _, i) in self.held() {
            self.make_virtual(i);
        }
    }
    /// Whether the words are a virtual object's (not to be stored anywhere).
    pub(super) fn is_virtual_words(&self, words: (ir::Value, ir::Value)) -> bool {
        self.virtual_of(words.1).is_some()
    }

    /// Writes an object's shape, slot count and inline slots at `cell`.
    fn fill_object(&mut self, cell: ir::Value, shape: ShapeId, fields: &[(ir::Value, ir::Value)]) {
        let flags = MemFlagsData::trusted();
        let id = self.b.ins().iconst(types::I32, i64::from(shape.0));
        self.b.ins().store(flags, id, cell, self.object.shape);
        let len = self.b.ins().iconst(types::I32, fields.len() as i64);
        self.b.ins().store(flags, len, cell, self.object.len);
        for (k, &(t, v)) in fields.iter().enumerate() {
            let off = self.object.inline + k as i32 * VALUE_SIZE;
            self.b.ins().store(flags, t, cell, off + Value::TAG_OFFSET);
            self.b.ins().store(flags, v, cell, off + Value::PAYLOAD_OFFSET);
        }
    }
    /// Calls the runtime to make an object (see `porcini::compiled::materialize_object`).
    fn call_materialize(&mut self, root: ShapeId, shape: ShapeId, fields: &[(ir::Value, ir::Value)]) -> ir::Value {
        let array = if fields.is_empty() {
            self.iconst(0)
        } else {
            let size = fields.len() as u32 * VALUE_SIZE as u32;
            let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 3));
            for (k, &(t, v)) in fields.iter().enumerate() {
                let off = k as i32 * VALUE_SIZE;
                self.b.ins().stack_store(types::I64, t, slot, off + Value::TAG_OFFSET);
                self.b.ins().stack_store(types::I64, v, slot, off + Value::PAYLOAD_OFFSET);
            }
            self.b.ins().stack_addr(types::I64, slot, 0)
        };
        let i64t = types::I64;
        let b = &mut self.b;
        let sig = *self.sigs.materialize.get_or_insert_with(|| super::sig(b, &[i64t; 5], &[i64t]));
        let callee = self.iconst(compiled::materialize_object::<L> as *const () as i64);
        let (root, shape, n) = (self.iconst(i64::from(root.0)), self.iconst(i64::from(shape.0)), self.iconst(fields.len() as i64));
        let frame = self.frame;
        let call = self.b.ins().call_indirect(sig, callee, &[frame, root, shape, array, n]);
        self.b.inst_results(call)[0]
    }

    /// The live value `x` of an exit, if it is a virtual object: its kind.
    pub(super) fn exit_virtual(&mut self, x: SymVal, held: &mut ExitVirtuals) -> Option<porcini::compiled::LiveKind> {
        let i = self.virtual_handle(x)?;
        Some(porcini::compiled::LiveKind::Virtual(held.index(i)))
    }
    /// The slots holding virtual objects at an exit, with their objects.
    pub(super) fn exit_places(&mut self, held: &mut ExitVirtuals) -> Vec<(VirtualPlace, u32)> {
        let own = self.frames[0].slots.len();
        let unmade: Vec<_> = self.held().into_iter().filter(|&(_, _, i)| self.escape.objects[i].made.is_none()).collect();
        // The activation's slots stay noted even when they hold something else here: the
        // notes are for the whole unit, and on another path (the one after this exit's branch)
        // a slot may still hold the object, which `make_virtual` must then find and redefine,
        // or the exits after it would not write the made object back. An inlined callee's
        // cells that hold something else now are not looked at again: the callee may have
        // returned, and its variables are not defined on the paths after it.
        self.escape.holders.retain(|&slot| slot < own || unmade.iter().any(|&(s, _, _)| s == slot));
        unmade
            .into_iter()
            .map(|(slot, _, i)| {
                let place = match slot.checked_sub(own) {
                    Some(cell) => VirtualPlace::Cell(cell as u32),
                    None => VirtualPlace::Slot(slot as u32),
                };
                (place, held.index(i))
            })
            .collect()
    }
    /// The exit's virtual objects, and their fields' words after the live words.
    pub(super) fn exit_objects(&mut self, held: &ExitVirtuals, words: &mut Vec<ir::Value>) -> Vec<VirtualObject> {
        held.objects
            .iter()
            .map(|&i| {
                let o = &self.escape.objects[i];
                words.extend(o.fields.iter().flat_map(|&(t, v)| [t, v]));
                VirtualObject { root: o.root, shape: o.shape, fields: o.fields.len() as u32 }
            })
            .collect()
    }

    /// The sites whose placeholder reached the finished IR as a value: a slot holding the
    /// object met another value at a join, or a use this module does not know made it.
    pub(super) fn leaked_sites(&mut self) -> Vec<SiteKey> {
        if !self.escape.by_payload.is_empty() {
            let func = &self.b.func;
            for inst in func.layout.blocks().flat_map(|block| func.layout.block_insts(block)) {
                for arg in func.dfg.inst_values(inst) {
                    if let Some(&i) = self.escape.by_payload.get(&func.dfg.resolve_aliases(arg)) {
                        self.escape.fail(i);
                    }
                }
            }
        }
        std::mem::take(&mut self.escape.failed)
    }
}
