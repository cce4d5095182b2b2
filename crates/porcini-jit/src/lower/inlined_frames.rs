//! Frames of inlined callees, made real where the callee calls.
//!
//! An inlined callee's frame is only variables of the caller's code. That is all it needs as
//! long as nothing looks at it, but a guest call made from inside it may: a stack walk lists
//! it, a builtin may read or write it (SL's `helloEqualsWorld`), and the callee's activation
//! must sit above it on the value stack; so may a boundary that reads or writes its frame's
//! slots (`BoundarySite::touches_frame`). So before such a call, every inlined frame around it
//! is materialized, outermost first, as the activation the call it replaced would have made:
//! its cells on the value stack (the arguments, then the slots' current words) and its `Frame`
//! in a stack slot linked to its caller's. The activations are set up as direct calls set up
//! theirs (`lower/direct_call.rs`, keyed also by the parent frame): the first call on a path
//! checks the stacks and writes the `Frame`, later ones store only the cells. The call is then
//! made from the innermost frame, and when the callee may write its caller's frame, the
//! innermost callee's slots are read back from its cells afterwards.
//!
//! A deoptimization later on rebuilds the inlined frames from its frame state, in the same
//! cells; the materialized ones are only ever read during the call.

use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, types};
use porcini::{Language, Value};

use super::{Lowering, VALUE_SIZE};

impl<L: Language> Lowering<'_, L> {
    /// Materializes every inlined frame being emitted, for a call made from the innermost;
    /// afterwards [`Lowering::calling_frame`] answers that frame. Nothing happens outside
    /// inlined callees.
    pub(super) fn materialize_inlined(&mut self) {
        // The frame the call is made from: the innermost, or the caller of an abandoned
        // partial copy (see `call_instead`).
        let from = self.calls_from.unwrap_or(self.frames.len() - 1);
        if from == 0 {
            return;
        }
        let flags = MemFlagsData::trusted();
        let mut caller = self.own_frame();
        let mut parent = None;
        for level in 1..=from {
            let Some(call) = self.frames[level].inlined.as_ref() else { continue };
            let (id, args) = (call.target, call.args.clone());
            let Some(target) = self.rt.call_target(id) else {
                self.out.broken.get_or_insert("an inlined callee the runtime does not know");
                return;
            };
            let target_v = self.iconst(&*target as *const porcini::call_target::CallTarget<L> as i64);
            let callee = self.callee_frame(&target, args.len(), parent);
            let region = self.activation(&target, target_v, &callee, Some(caller));
            // The cells as the interpreter's activation holds them: parameters and locals are
            // the slots' current words, surplus arguments past the slots their values.
            let size = target.frame_size();
            for i in 0..args.len().max(size) {
                let (t, v) = match (self.frames[level].slots.get(i), args.get(i)) {
                    (Some(&(t, v)), _) => (self.var(t), self.var(v)),
                    (None, Some(&a)) => self.words(a),
                    (None, None) => continue,
                };
                // A slot holding a virtual object is left empty: the callee cannot look at its
                // value (calls that may are preceded by `escape_slots`), and an exit after
                // the call puts the object in the rebuilt frame.
                let (t, v) = if self.is_virtual_words((t, v)) { (self.tag(porcini::Tag::Empty), self.zero) } else { (t, v) };
                let off = i as i32 * VALUE_SIZE;
                self.b.ins().store(flags, t, region, off + Value::TAG_OFFSET);
                self.b.ins().store(flags, v, region, off + Value::PAYLOAD_OFFSET);
            }
            caller = self.b.ins().stack_addr(types::I64, callee.slot, 0);
            parent = Some(callee.slot);
        }
        self.calling = parent.map(|slot| (caller, slot));
    }

    /// The activation a call emitted now is made from: the innermost materialized inlined
    /// frame while there is one, else the compiled activation. With the stack slot of the
    /// materialized frame (`None` for the compiled activation).
    pub(super) fn calling_frame(&mut self) -> (ir::Value, Option<ir::StackSlot>) {
        match self.calling {
            Some((frame, slot)) => (frame, Some(slot)),
            None => (self.own_frame(), None),
        }
    }

    /// After a call from a materialized inlined frame that may have written it: the innermost
    /// callee's slots read back from its cells. Then calls are made from the compiled
    /// activation again.
    pub(super) fn end_materialized_call(&mut self, writes_frame: bool) {
        let Some((_, slot)) = self.calling.take() else { return };
        if !writes_frame {
            return;
        }
        let flags = MemFlagsData::trusted();
        let i64t = types::I64;
        let region = self.b.ins().stack_load(i64t, i64t, slot, self.frame_layout.slots_ptr);
        let from = self.calls_from.unwrap_or(self.frames.len() - 1);
        let slots = self.frames.get(from).map(|f| f.slots.clone()).unwrap_or_default();
        for (i, (t, v)) in slots.into_iter().enumerate() {
            let off = i as i32 * VALUE_SIZE;
            let tag = self.b.ins().load(i64t, flags, region, off + Value::TAG_OFFSET);
            let bits = self.b.ins().load(i64t, flags, region, off + Value::PAYLOAD_OFFSET);
            self.def_var(t, tag);
            self.def_var(v, bits);
        }
    }
}
