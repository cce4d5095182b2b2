//! Properties carried in variables around a loop: read elimination across the back edge.
//!
//! In a loop's unit, an object held in a slot the loop never writes, whose shape is checked once
//! at entry, is the same object with the same layout on every iteration. For each inline
//! property the loop's survey finds it reaching through that slot ([`porcini::property_survey`]),
//! the property's words are loaded once at entry into a pair of variables: a load of it is the
//! variables, and a store still writes memory (every exit, call and other reader sees the
//! object as the interpreter would) and defines the variables too. The loop header's merge of
//! them is what the last iteration stored, so the load that waited on the previous iteration's
//! store is gone: `obj.count = obj.count + 1` keeps its count in a register.
//!
//! The survey proposes what to carry; correctness does not rest on it. Whatever else may write a
//! carried property in the code lowering emits (a store of the same index through another value,
//! which may be the same object, a store at a computed index, an added property, any call out of
//! compiled code, a landing after a throw) loads the carried words again from memory after it.

use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, types};
use cranelift_frontend::Variable;
use porcini::object::DynObject;
use porcini::property_survey::PropertySurvey;
use porcini::symbolic::SymVal;
use porcini::{Language, SlotId, Value};

use super::{Lowering, Repr, VALUE_SIZE};

/// A property of one object carried in variables.
#[derive(Clone, Copy)]
pub(super) struct Promoted {
    /// The object's pointer word (the pinned slot's payload).
    object: ir::Value,
    /// The property's inline slot.
    index: u32,
    tag: Variable,
    payload: Variable,
}

impl<L: Language> Lowering<'_, L> {
    /// Carries the inline properties of `entry`, the object pinned in `slot` (pointer word
    /// `object`, shape checked), that the loop reaches through that slot, loading each once
    /// here, at the unit's entry. The tag each holds now is checked there too, as slot tags
    /// are: the tag is then a constant wherever the loop has not stored another, and the loop's
    /// own checks of it fold.
    pub(super) fn promote_properties(&mut self, survey: &PropertySurvey, slot: SlotId, object: ir::Value, entry: &DynObject) {
        for &(s, index) in survey.slot_properties() {
            if s != slot || index >= self.object.inline_slots {
                continue;
            }
            let (tag, payload) = (self.b.declare_var(types::I64), self.b.declare_var(types::I64));
            self.promoted.push(Promoted { object, index, tag, payload });
            self.load_into(self.promoted.len() - 1);
            self.speculate_tag_at_entry(tag, entry.get_slot(index).tag(), "property tag at loop entry");
        }
    }
    /// The carried words of property `index` of `object`, if it is carried.
    pub(super) fn load_promoted(&mut self, object: ir::Value, index: u32) -> Option<SymVal> {
        let p = self.promoted.iter().position(|p| p.object == object && p.index == index)?;
        let (tag, payload) = (self.promoted[p].tag, self.promoted[p].payload);
        let (t, v) = (self.var(tag), self.var(payload));
        self.facts.loaded_prop(object, index, t, None);
        Some(self.push(Repr::Val(t, v)))
    }
    /// After property `index` of `object` was stored as `words`: a carried property of that
    /// object takes the words; one of another object at the same index may be the same object,
    /// so it is loaded again.
    pub(super) fn stored_promoted(&mut self, object: ir::Value, index: u32, words: (ir::Value, ir::Value)) {
        for p in 0..self.promoted.len() {
            let (carried, at) = (self.promoted[p].object, self.promoted[p].index);
            if at != index {
                continue;
            }
            if carried == object {
                let (tag, payload) = (self.promoted[p].tag, self.promoted[p].payload);
                self.def_var(tag, words.0);
                self.def_var(payload, words.1);
            } else {
                self.load_into(p);
            }
        }
    }
    /// Loads every carried property again: after whatever may have written any of them.
    pub(super) fn reload_promoted(&mut self) {
        for p in 0..self.promoted.len() {
            self.load_into(p);
        }
    }
    fn load_into(&mut self, p: usize) {
        let Promoted { object, index, tag, payload } = self.promoted[p];
        let off = self.object.inline + index as i32 * VALUE_SIZE;
        let t = self.b.ins().load(types::I64, MemFlagsData::trusted(), object, off + Value::TAG_OFFSET);
        let v = self.b.ins().load(types::I64, MemFlagsData::trusted(), object, off + Value::PAYLOAD_OFFSET);
        self.def_var(tag, t);
        self.def_var(payload, v);
    }
}
