//! Direct calls between compiled targets: compiled code sets up the callee's activation itself
//! and jumps straight into the callee's code, instead of going through the runtime's call path.
//!
//! The activation is exactly the one the runtime's call path would build (`Runtime::activate`):
//! the arguments go to the value stack above the caller's frame, missing parameters read null,
//! the other locals are cleared, the collector's high-water mark covers the new cells, and a
//! [`porcini::Frame`] is written into a stack slot of the caller's native frame, with its caller
//! link, so stack walks, deoptimization and the collector see it as any other. The layout of that
//! struct comes from [`FrameLayout`]; the value stack's from the runtime.
//!
//! The fast path needs the callee to have code now (its entry is read at every call, so a
//! recompiled or invalidated callee is followed), room on the value stack and on the native
//! stack. Otherwise the call takes the runtime's path through [`porcini::compiled::call`], which
//! also interprets a callee without code, compiles it when it gets hot, and raises the guest's
//! stack overflow error. A direct call does not count the call: counters only drive compilation
//! of targets that are still interpreted.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, types};
use porcini::call_target::CallTarget;
use porcini::compiled;
use porcini::symbolic::SymVal;
use porcini::{Language, Tag, Value};

use super::{Lowering, VALUE_SIZE};

impl<L: Language> Lowering<'_, L> {
    /// Calls the guest target `target` with `args`: directly into its code when it has some,
    /// through the runtime otherwise. The result (or the unwinding exit) as for any call.
    pub(super) fn direct_call(&mut self, target: &CallTarget<L>, args: &[SymVal]) -> SymVal {
        let i64t = types::I64;
        let flags = MemFlagsData::trusted();
        self.spill();
        self.facts.forget_shapes();
        let words: Vec<(ir::Value, ir::Value)> = args.iter().map(|&a| self.words(a)).collect();
        let (check, fast, slow, merge) =
            (self.b.create_block(), self.b.create_block(), self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(slow);
        self.b.append_block_param(merge, i64t);
        self.b.append_block_param(merge, i64t);

        let target_v = self.iconst(target as *const CallTarget<L> as i64);
        // Whether the callee has code now.
        let cell = self.iconst(target.entry_cell() as i64);
        let entry = self.b.ins().load(i64t, flags, cell, 0);
        self.b.ins().brif(entry, check, &[], slow, &[]);

        // Whether both stacks have room: the value stack for the callee's cells, the native
        // stack for its tree (the limit the runtime keeps per target).
        self.switch(check);
        self.b.seal_block(check);
        let layout = self.frame_layout;
        let (cells, capacity, high_water) = self.value_stack;
        let nargs = args.len();
        let (size, params) = (target.frame_size(), target.params());
        let need = nargs.max(size);
        let base = self.b.ins().load(i64t, flags, self.frame, layout.sp);
        let room = match capacity.checked_sub(need) {
            Some(last) => self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, base, last as i64),
            None => self.fails,
        };
        let limit_cell = self.iconst(target.native_limit_cell() as i64);
        let limit = self.b.ins().load(i64t, flags, limit_cell, 0);
        let native = self.b.ins().get_stack_pointer(i64t);
        let deep_enough = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, native, limit);
        let ok = self.b.ins().band(room, deep_enough);
        self.b.ins().brif(ok, fast, &[], slow, &[]);

        // The activation, as `Runtime::activate` binds it.
        self.switch(fast);
        self.b.seal_block(fast);
        let offset = self.b.ins().ishl_imm_u(base, i64::from(VALUE_SIZE.trailing_zeros()));
        let cells = self.iconst(cells as i64);
        let region = self.b.ins().iadd(cells, offset);
        let (null, empty, zero) = (self.tag(Tag::Null), self.tag(Tag::Empty), self.iconst(0));
        for i in 0..need.max(params) {
            let (t, v) = match words.get(i) {
                // Locals are cleared, surplus arguments among them included.
                _ if i >= params && i < size => (empty, zero),
                Some(&w) => w,
                None if i < params => (null, zero),
                None => continue,
            };
            let off = i as i32 * VALUE_SIZE;
            self.b.ins().store(flags, t, region, off + Value::TAG_OFFSET);
            self.b.ins().store(flags, v, region, off + Value::PAYLOAD_OFFSET);
        }
        let end = self.b.ins().iadd_imm_u(base, need as i64);
        let mark = self.iconst(high_water as i64);
        let old = self.b.ins().load(i64t, flags, mark, 0);
        let higher = self.b.ins().umax(old, end);
        self.b.ins().store(flags, higher, mark, 0);

        let slot = self.callee_frame_slot();
        let rt = self.b.ins().load(i64t, flags, self.frame, layout.rt);
        let (nargs_v, size_v) = (self.iconst(nargs as i64), self.iconst(size as i64));
        for (field, value) in [
            (layout.rt, rt),
            (layout.args_ptr, region),
            (layout.args_len, nargs_v),
            (layout.slots_ptr, region),
            (layout.slots_len, size_v),
            (layout.sp, end),
            (layout.target, target_v),
            (layout.caller, self.frame),
            (layout.ret + Value::TAG_OFFSET, null),
            (layout.ret + Value::PAYLOAD_OFFSET, zero),
        ] {
            self.b.ins().stack_store(types::I64, value, slot, field);
        }
        let callee_frame = self.b.ins().stack_addr(i64t, slot, 0);
        let call = self.b.ins().call_indirect(self.sigs.call, entry, &[callee_frame, region, nargs_v, region]);
        let r = self.b.inst_results(call).to_vec();
        self.b.ins().jump(merge, &[r[0].into(), r[1].into()]);

        // The runtime's path.
        self.switch(slow);
        self.b.seal_block(slow);
        let array = self.value_array(args);
        let thunk = self.iconst(compiled::call::<L> as *const () as i64);
        let n = self.iconst(nargs as i64);
        let call = self.b.ins().call_indirect(self.sigs.call, thunk, &[self.frame, target_v, array, n]);
        let r = self.b.inst_results(call).to_vec();
        self.b.ins().jump(merge, &[r[0].into(), r[1].into()]);

        self.switch(merge);
        self.b.seal_block(merge);
        let r = self.b.block_params(merge).to_vec();
        self.unwind_unless_value(r[0], r[1])
    }

    /// The stack slot a direct call's callee frame is written to; one per function, since a
    /// compiled frame makes one call at a time.
    fn callee_frame_slot(&mut self) -> ir::StackSlot {
        if let Some(slot) = self.callee_frame {
            return slot;
        }
        let layout = self.frame_layout;
        let align = layout.align.max(8).trailing_zeros() as u8;
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, layout.size, align));
        self.callee_frame = Some(slot);
        slot
    }

}
